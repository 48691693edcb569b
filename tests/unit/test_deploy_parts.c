/*
 * test_deploy_parts.c - encoders and LoRA beside the decoder
 * (src/core/weights/parts.c, issue 14), worked by hand on DESIGN.md's default
 * model: 40 layers, hidden H = 5,120, 40 query heads, 8 KV heads, head
 * dim 128, gated MLP of I = 13,824, vLLM --dtype bf16 (2 B).
 *
 * vLLM LoRA slot, rank r = 16 (vllm/lora/layers/base_linear.py
 * create_lora_weights: A (rank x input), B (output x rank) per module and
 * slice), one layer, tp 1:
 *   qkv_proj  A 3 x 16 x 5,120 = 245,760
 *             B 16 x (40 x 128 + 8 x 128 + 8 x 128) = 114,688
 *   o_proj    A 16 x 40 x 128 = 81,920      B 5,120 x 16 = 81,920
 *   gate_up   A 2 x 16 x 5,120 = 163,840    B 16 x 2 x 13,824 = 442,368
 *   down      A 16 x 13,824 = 221,184       B 5,120 x 16 = 81,920
 *   sum 1,433,600 values; x 40 layers x 2 B = 114,688,000 B per slot.
 * tp 2 (qh 20, kvh 4, I/tp 6,912): 245,760 + 16 x 3,584 = 57,344 +
 *   40,960 + 81,920 + 163,840 + 16 x 2 x 6,912 = 221,184 + 110,592 +
 *   81,920 = 1,003,520 values; x 40 x 2 = 80,281,600 B per slot per rank.
 * Encoder cache (vllm/v1/core/encoder_cache_manager.py): tokens =
 *   max(max_num_batched_tokens 8,192, the largest item); bytes = tokens x
 *   5,120 x 2: an item of 16,384 tokens gives 167,772,160 B, one of 1,000
 *   gives 8,192 x 10,240 = 83,886,080 B.
 */
#include <check.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/result.h"

#include "check_main.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void setup_vllm(void)
{
	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_model_len = 4096;
}

static void run(void)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

static void refused(const char *field)
{
	ck_assert(kvp_compute(&plan, &res) != KVP_OK);
	ck_assert_msg(strstr(res.error.msg, field) != NULL, "%s", res.error.msg);
	ck_assert_ptr_null(strchr(res.error.msg, '\n'));
}

START_TEST(lora_slots_tp1)
{
	uint64_t budget0;

	setup_vllm();
	run();
	budget0 = res.engine.budget_bytes;
	ck_assert_int_eq(res.parts.lora_kind, KVP_FIG_NONE);
	plan.engine.vllm.enable_lora = true;
	plan.engine.vllm.max_loras = 2;
	run();
	ck_assert_uint_eq(res.parts.lora_slot_bytes, 114688000ull);
	ck_assert_uint_eq(res.parts.lora_bytes, 229376000ull);
	ck_assert_uint_eq(res.devices[0].lora_bytes, 229376000ull);
	/* max_cpu_loras 0 = max_loras: 2 full adapters at most */
	ck_assert_uint_eq(res.parts.lora_host_bytes, 229376000ull);
	ck_assert_int_eq(res.parts.lora_kind, KVP_FIG_ESTIMATE);
	/* the slots come out of vLLM's KV budget, byte for byte */
	ck_assert_uint_eq(budget0 - res.engine.budget_bytes, 229376000ull);
	plan.engine.vllm.max_cpu_loras = 5;
	run();
	ck_assert_uint_eq(res.parts.lora_host_bytes, 5 * 114688000ull);
}
END_TEST

START_TEST(lora_slots_tp2)
{
	setup_vllm();
	plan.engine.vllm.enable_lora = true;
	plan.devices.tp = 2;
	plan.devices.groups[0].count = 2;
	run();
	ck_assert_uint_eq(res.parts.lora_slot_bytes, 80281600ull);
	ck_assert_uint_eq(res.devices[0].lora_bytes, 80281600ull);
	ck_assert_uint_eq(res.devices[1].lora_bytes, 80281600ull);
	/* the host bound is of whole (unsharded) adapters */
	ck_assert_uint_eq(res.parts.lora_host_bytes, 114688000ull);
}
END_TEST

/* vllm/config/lora.py: MaxLoRARanks 1 8 16 32 64 128 256 320 512, and
 * max_cpu_loras >= max_loras. */
START_TEST(lora_refusals)
{
	setup_vllm();
	plan.engine.vllm.enable_lora = true;
	plan.engine.vllm.max_lora_rank = 24;
	refused("engine.vllm.max_lora_rank: 24");
	plan.engine.vllm.max_lora_rank = 1024;
	refused("engine.vllm.max_lora_rank: 1024");
	plan.engine.vllm.max_lora_rank = 320;
	run();
	/* rank 320 = 20 x 16: 20 x 114,688,000 */
	ck_assert_uint_eq(res.parts.lora_slot_bytes, 2293760000ull);
	plan.engine.vllm.max_lora_rank = 16;
	plan.engine.vllm.max_loras = 3;
	plan.engine.vllm.max_cpu_loras = 2;
	refused("engine.vllm.max_cpu_loras: 2");
	plan.engine.vllm.max_cpu_loras = 0;
	plan.engine.vllm.dtype = KVP_DT_FP8;
	refused("engine.vllm.dtype");
	plan.engine.vllm.dtype = KVP_DT_BF16;
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	refused("engine.vllm.enable_lora");
}
END_TEST

/* The plan computed: the encoder profile's items are lo to hi. */
static void profile_items_are(uint64_t lo, uint64_t hi)
{
	run();
	ck_assert_uint_eq(res.parts.encoder_profile_items, lo);
	ck_assert_uint_eq(res.parts.encoder_profile_items_max, hi);
}

START_TEST(encoder_cache)
{
	uint64_t budget0;

	setup_vllm();
	run();
	budget0 = res.engine.budget_bytes;
	plan.model.arch.mm_item_tokens = 16384;
	run();
	ck_assert_int_eq(res.parts.encoder_kind, KVP_FIG_ENGINE);
	ck_assert_uint_eq(res.parts.encoder_tokens, 16384);
	ck_assert_uint_eq(res.parts.encoder_bytes, 167772160ull);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 167772160ull);
	ck_assert_uint_eq(budget0 - res.engine.budget_bytes, 167772160ull);
	plan.model.arch.mm_item_tokens = 1000;
	run();
	ck_assert_uint_eq(res.parts.encoder_tokens, 8192);
	ck_assert_uint_eq(res.parts.encoder_bytes, 83886080ull);
	/* MultiModalBudget.get_max_items: 8,192 // 1,000 = 8 items; four
	 * sequences cap them at 4 with one image a prompt, not with more */
	profile_items_are(8, 8);
	plan.engine.vllm.max_num_seqs = 4;
	profile_items_are(4, 8);
	/* before vLLM 0.10.0 (PR #20434): min(ceil(8,192 / 1,000) = 9, 4 x
	 * limit) */
	memcpy(plan.engine.version, "0.9.2", 6);
	profile_items_are(4, 9);
	/* with --limit-mm-per-prompt 2: min(9, 4 x 2) = 8, one number */
	plan.engine.vllm.limit_mm_per_prompt = 2;
	profile_items_are(8, 8);
	plan.engine.vllm.limit_mm_per_prompt = 0;
	/* V0 (0.7.3) has no encoder cache at all */
	memcpy(plan.engine.version, "0.7.3", 6);
	run();
	ck_assert_int_eq(res.parts.encoder_kind, KVP_FIG_NONE);
	ck_assert_uint_eq(res.parts.encoder_bytes, 0);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 0);
	plan.engine.version[0] = '\0';
	plan.engine.vllm.max_num_seqs = 256;
	plan.devices.pp = 2;
	plan.devices.groups[0].count = 2;
	refused("model.arch.mm_item_tokens");
}
END_TEST

/* llama.cpp: the GGUF files' tensor bytes on the one device; the device's
 * free bytes drop by exactly them. */
START_TEST(llamacpp_files)
{
	int64_t free0;

	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	run();
	free0 = res.devices[0].free_bytes;
	plan.engine.llamacpp.mmproj_bytes = 1234567;
	plan.engine.llamacpp.lora_bytes = 7654321;
	run();
	ck_assert_int_eq(res.parts.encoder_kind, KVP_FIG_EXACT);
	ck_assert_int_eq(res.parts.lora_kind, KVP_FIG_EXACT);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 1234567);
	ck_assert_uint_eq(res.devices[0].lora_bytes, 7654321);
	ck_assert_int_eq(free0 - res.devices[0].free_bytes, 1234567 + 7654321);
	/* -ngl 30 of 40: the adapters would follow their layers */
	plan.engine.llamacpp.n_gpu_layers = 30;
	refused("engine.llamacpp.lora_bytes");
	/* -ngl 40 of 40: since llama.cpp PR #18148 the output and layers
	 * 1-39, layer 0 on the host: refused; at b7347 all 40 layers (the
	 * output on the host): kept */
	plan.engine.llamacpp.n_gpu_layers = 40;
	refused("engine.llamacpp.lora_bytes");
	memcpy(plan.engine.version, "b7347", 6);
	run();
	ck_assert_uint_eq(res.devices[0].lora_bytes, 7654321);
	plan.engine.version[0] = '\0';
	plan.engine.llamacpp.n_gpu_layers = -1;
	plan.devices.tp = 2;
	plan.devices.groups[0].count = 2;
	refused("engine.llamacpp.lora_bytes");
}
END_TEST

/* The other engines take none of it. */
START_TEST(generic_none)
{
	kvp_plan_default(&plan);
	plan.model.arch.mm_item_tokens = 16384;
	run();
	ck_assert_int_eq(res.parts.encoder_kind, KVP_FIG_NONE);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 0);
	ck_assert_str_eq(kvp_figure_name(KVP_FIG_ENGINE), "engine formula");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("deploy_parts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, lora_slots_tp1);
	tcase_add_test(tc, lora_slots_tp2);
	tcase_add_test(tc, lora_refusals);
	tcase_add_test(tc, encoder_cache);
	tcase_add_test(tc, llamacpp_files);
	tcase_add_test(tc, generic_none);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
