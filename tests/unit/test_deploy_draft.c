/*
 * test_deploy_draft.c - the draft model of speculative decoding
 * (src/core/weights/draft.c, issue 14), worked by hand.
 *
 * Target: DESIGN.md's default model (40 layers, 8 KV heads, head dim 128,
 * f16 cache, vocabulary 32,000). Draft: the same with 4 layers, 8 query
 * heads, 2 KV heads, head dim 64, hidden 512, intermediate 1,024.
 *
 * llama.cpp (tools/server/server-context.cpp @ fb4026604c67, load_model
 * and init): one draft context per slot, n_ctx = -cd or the main
 * context's n_ctx_seq, one sequence, -ctkd/-ctvd:
 *   -c 8192 -np 2: n_ctx_seq = pad256(8,192 / 2) = 4,096 cells.
 *   draft cell, f16: 2 x 4 layers x 2 heads x 64 x 2 B = 2,048 B;
 *   one context 4,096 x 2,048 = 8,388,608 B; 2 contexts 16,777,216 B.
 *   -cd 1000: pad256 -> 1,024 cells; -ctkd q8_0: K row 2 x 64 = 128
 *   values = 4 blocks x 34 B = 136 B, V f16 256 B, per cell 4 x 392 =
 *   1,568 B; one context 1,024 x 1,568 = 1,605,632 B, 2: 3,211,264 B.
 * vLLM (vllm/v1/spec_decode/draft_model.py: the draft's layers share the
 * pool), block 16, tp 1:
 *   target page 16 x 8 x 128 x 2 (K, V) x 2 B = 65,536 B per layer,
 *   x 40 = 2,621,440 B per block; draft 2 x 64 x 2 x 2 B = 512 B per
 *   token per layer, x 4 = 2,048 B per token, 32,768 B per block;
 *   num_blocks = budget // 2,654,208; the draft's KV = blocks x 32,768.
 *   tp 2: draft heads max(1, 2 // 2) = 1: 1,024 B per token per rank.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "mtp_checkpoint.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "check_main.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void small_draft(struct kvp_model *m)
{
	struct kvp_plan d;

	kvp_plan_default(&d);
	*m = d.model;
	snprintf(m->id, sizeof m->id, "draft-4l");
	m->n_layers = 4;
	m->q_heads = 8;
	m->base.kv_heads = 2;
	m->base.k_dim = 64;
	m->base.v_dim = 64;
	m->arch.hidden = 512;
	m->arch.intermediate = 1024;
}

static void setup_llamacpp(void)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.parallel = 2;
}

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

static void refused(const char *words)
{
	ck_assert(kvp_compute(&plan, &res) != KVP_OK);
	ck_assert_msg(strstr(res.error.msg, words) != NULL, "%s", res.error.msg);
	ck_assert_ptr_null(strchr(res.error.msg, '\n'));
}

START_TEST(llamacpp_contexts)
{
	uint64_t kv0;
	int64_t free0;

	setup_llamacpp();
	run();
	kv0 = res.kv.bytes;
	free0 = res.devices[0].free_bytes;
	ck_assert(!res.draft.present);
	ck_assert_uint_eq(res.devices[0].draft_bytes, 0);
	small_draft(&plan.draft);
	run();
	ck_assert(res.draft.present);
	ck_assert_uint_eq(res.draft.cells, 4096);
	ck_assert_uint_eq(res.draft.contexts, 2);
	ck_assert_uint_eq(res.draft.context_bytes, 8388608ull);
	ck_assert_uint_eq(res.draft.kv_bytes, 16777216ull);
	ck_assert_uint_eq(res.draft.kv_device, 16777216ull);
	ck_assert_int_eq(res.draft.kv_kind, KVP_FIG_EXACT);
	ck_assert_int_eq(res.draft.weights_kind, KVP_FIG_ESTIMATE);
	/* the target's cache is untouched; the device pays the draft */
	ck_assert_uint_eq(res.kv.bytes, kv0);
	ck_assert_uint_eq(res.devices[0].draft_bytes,
	                  res.draft.weights_device + 16777216ull);
	ck_assert_int_eq(free0 - res.devices[0].free_bytes,
	                 (int64_t)res.devices[0].draft_bytes);
	/* llama.cpp keeps the draft's input embeddings on the host too:
	 * 32,000 x 512 x 2 B (bf16 weights) */
	ck_assert_uint_eq(res.draft.host_bytes, 32000ull * 512 * 2);
	ck_assert_uint_eq(res.draft.weights_device + res.draft.host_bytes,
	                  res.draft.weights_bytes);
}
END_TEST

START_TEST(llamacpp_cd_ctkd)
{
	setup_llamacpp();
	small_draft(&plan.draft);
	plan.engine.llamacpp.ctx_size_draft = 1000;
	plan.engine.llamacpp.cache_type_k_draft = KVP_DT_Q8_0;
	run();
	ck_assert_uint_eq(res.draft.cells, 1024);
	ck_assert_uint_eq(res.draft.context_bytes, 1605632ull);
	ck_assert_uint_eq(res.draft.kv_bytes, 3211264ull);
}
END_TEST

START_TEST(llamacpp_refusals)
{
	setup_llamacpp();
	small_draft(&plan.draft);
	/* common_speculative_are_compatible: at most 128 apart */
	plan.draft.arch.vocab = 32000 + 128;
	run();
	plan.draft.arch.vocab = 32000 + 129;
	refused("difference 129, max allowed 128");
	plan.draft.arch.vocab = 32000;
	plan.engine.llamacpp.mmproj_bytes = 1000;
	refused("speculative decode is not supported by multimodal");
	plan.engine.llamacpp.mmproj_bytes = 0;
	plan.engine.llamacpp.n_gpu_layers_draft = 2;
	refused("engine.llamacpp.n_gpu_layers_draft: 2 of 4");
	plan.engine.llamacpp.n_gpu_layers_draft = 5;   /* all + output */
	run();
	plan.devices.tp = 2;
	refused("draft: across 2 devices");
}
END_TEST

START_TEST(vllm_pool)
{
	uint64_t budget0, per_seq0;

	setup_vllm();
	run();
	budget0 = res.engine.budget_bytes;
	per_seq0 = res.kv.bytes_per_sequence;
	ck_assert_uint_eq(res.engine.page_bytes, 2621440ull);
	small_draft(&plan.draft);
	plan.engine.vllm.speculative_method = KVP_SPEC_DRAFT_MODEL;
	plan.engine.vllm.num_speculative_tokens = 4;
	run();
	ck_assert_uint_eq(res.draft.token_bytes, 2048);
	ck_assert_uint_eq(res.draft.page_bytes, 32768);
	ck_assert_uint_eq(res.engine.page_bytes, 2654208ull);
	/* the draft's weights come out of the budget, byte for byte */
	ck_assert_uint_eq(res.draft.weights_device, res.draft.weights_bytes);
	ck_assert_uint_eq(budget0 - res.engine.budget_bytes,
	                  res.draft.weights_device);
	ck_assert_uint_eq(res.engine.blocks, res.engine.budget_bytes / 2654208ull);
	ck_assert_uint_eq(res.draft.kv_device, res.engine.blocks * 32768ull);
	ck_assert_uint_eq(res.draft.device_bytes,
	                  res.draft.weights_device + res.draft.kv_device);
	ck_assert_uint_eq(res.devices[0].draft_bytes, res.draft.device_bytes);
	ck_assert_int_eq(res.draft.kv_kind, KVP_FIG_ENGINE);
	ck_assert_uint_eq(res.draft.lookahead, 4);
	/* the target's own figures stay the target's */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, per_seq0);
	ck_assert_uint_eq(res.kv.bytes, res.engine.blocks * 2621440ull);
}
END_TEST

START_TEST(vllm_tp2)
{
	setup_vllm();
	small_draft(&plan.draft);
	plan.engine.vllm.speculative_method = KVP_SPEC_DRAFT_MODEL;
	plan.engine.vllm.num_speculative_tokens = 2;
	plan.devices.tp = 2;
	run();
	ck_assert_uint_eq(res.draft.token_bytes, 1024);
	ck_assert_uint_eq(res.draft.weights_device,
	                  (res.draft.weights_bytes + 1) / 2);
	ck_assert_uint_eq(res.draft.kv_bytes, 2 * res.draft.kv_device);
	ck_assert_uint_eq(res.devices[1].draft_bytes, res.draft.device_bytes);
}
END_TEST

START_TEST(vllm_refusals)
{
	setup_vllm();
	small_draft(&plan.draft);
	refused("engine.vllm.speculative_method: none");
	plan.engine.vllm.speculative_method = KVP_SPEC_DRAFT_MODEL;
	refused("engine.vllm.num_speculative_tokens: 0");
	plan.engine.vllm.num_speculative_tokens = 3;
	plan.draft.arch.vocab = 32001;
	refused("Target model vocab_size=32000. Draft model vocab_size=32001.");
	plan.draft.arch.vocab = 32000;
	plan.model.arch.mm_item_tokens = 1000;
	refused("does not support multimodal models yet");
	plan.model.arch.mm_item_tokens = 0;
	/* pipeline parallelism: the drafter on the last stage only */
	plan.devices.pp = 2;
	run();
	ck_assert(res.draft.present && res.draft.last_stage);
	plan.devices.pp = 1;
	plan.engine.vllm.speculative_method = KVP_SPEC_NGRAM;
	refused("engine.vllm.speculative_method: ngram - takes no draft");
	plan.draft.n_layers = 0;
	run();   /* n-gram: no model, no cache */
	ck_assert(!res.draft.present);
	plan.engine.vllm.speculative_method = KVP_SPEC_MTP;
	refused("engine.vllm.speculative_method: mtp");
	plan.engine.vllm.speculative_method = KVP_SPEC_EAGLE;
	refused("engine.vllm.speculative_method: eagle - needs the EAGLE-1 head");
	plan.engine.vllm.speculative_method = KVP_SPEC_DRAFT_MODEL;
	refused("needs a draft model");
	plan.engine.vllm.speculative_method = KVP_SPEC_NONE;
	refused("engine.vllm.num_speculative_tokens: 3 - needs");
}
END_TEST

/* The model files' MTP layers are on a device only where the engine
 * loads them: vLLM's model skips them and only its MTP drafter loads
 * them, and the drafter frees the layers' own embedding and head copies
 * for the target's. By hand, DESIGN.md's default model with tensors
 * given: embedding 1,000,000 B, lm_head 2,000,000, MTP layer 3,000,000
 * of which 1,000,000 are its own embedding and head, 40 layers of
 * 10,000: without the drafter 3,400,000 B on the card, with it
 * 5,400,000; the files' total is 6,400,000 either way. */
START_TEST(mtp_tensors_loaded)
{
	setup_vllm();
	mtp_checkpoint(&plan);
	run();
	ck_assert_uint_eq(res.weights.bytes, 6400000);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 3400000);
	ck_assert_uint_eq(res.weights.mtp_unloaded_bytes, 3000000);
	plan.engine.vllm.speculative_method = KVP_SPEC_MTP;
	plan.engine.vllm.num_speculative_tokens = 1;
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 5400000);
	ck_assert_uint_eq(res.weights.mtp_unloaded_bytes, 1000000);
	ck_assert(res.weights.mtp_drafter);
	/* llama.cpp: every tensor of the files, as before */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.vllm.speculative_method = KVP_SPEC_NONE;
	plan.engine.vllm.num_speculative_tokens = 0;
	run();
	ck_assert_uint_eq(res.weights.mtp_unloaded_bytes, 0);
}
END_TEST

/* Engines without a draft rule refuse a draft by name. */
START_TEST(other_engines)
{
	kvp_plan_default(&plan);
	small_draft(&plan.draft);
	refused("not engine generic");
	plan.engine.kind = KVP_ENGINE_SGLANG;
	refused("not engine sglang");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("deploy_draft");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, llamacpp_contexts);
	tcase_add_test(tc, llamacpp_cd_ctkd);
	tcase_add_test(tc, llamacpp_refusals);
	tcase_add_test(tc, vllm_pool);
	tcase_add_test(tc, vllm_tp2);
	tcase_add_test(tc, vllm_refusals);
	tcase_add_test(tc, other_engines);
	tcase_add_test(tc, mtp_tensors_loaded);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
