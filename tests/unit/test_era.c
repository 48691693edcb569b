/*
 * test_era.c - engine releases (kvplan/era.h): ENGINE@RELEASE parsing,
 * release comparison, and each versioned rule worked by hand against the
 * engine profile that asks for it.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/field.h"
#include "kvplan/layers.h"
#include "core/engines/vllm/vl_engine.h"
#include "check_main.h"

static struct kvp_plan plan;
static struct kvp_result res;

START_TEST(engine_at_release)
{
	const struct kvp_field *f = kvp_field_by_key("engine.kind");
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "vllm@0.6.4", &err), KVP_OK);
	ck_assert_int_eq(plan.engine.kind, KVP_ENGINE_VLLM);
	ck_assert_str_eq(plan.engine.version, "0.6.4");
	ck_assert_str_eq(kvp_engine_release(&plan.engine), "0.6.4");
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "vllm@v0.8.5.post1", &err), KVP_OK);
	ck_assert_str_eq(plan.engine.version, "v0.8.5.post1");
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "vllm@banana", &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "engine.version: 'banana'") != NULL, "%s", err.msg);
	/* llama.cpp is keyed by its build tags (bNNNN), nothing else */
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "llama.cpp@b4500", &err), KVP_OK);
	ck_assert_str_eq(plan.engine.version, "b4500");
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "llama.cpp@4500", &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "engine.version: '4500' - a llama.cpp build "
	                     "such as b5423") != NULL, "%s", err.msg);
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "llama.cpp@b55x", &err), KVP_EINVAL);
	/* a plan naming none prints the current release */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_str_eq(kvp_engine_release(&plan.engine), "main@002f10e0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_str_eq(res.engine.release, "main@002f10e0");
	ck_assert(!res.engine.release_named);
}
END_TEST

/* V1 landed in 0.8.0: releases compare by number, not by text
 * ("0.10.1" is after "0.8.0"). */
START_TEST(release_order)
{
	struct kvp_engine_opts o;

	kvp_engine_defaults(&o);
	o.kind = KVP_ENGINE_VLLM;
	ck_assert(kvp_era_has(&o, KVP_ERA_VLLM_V1));          /* current */
	snprintf(o.version, sizeof o.version, "0.7.3");
	ck_assert(!kvp_era_has(&o, KVP_ERA_VLLM_V1));
	snprintf(o.version, sizeof o.version, "0.8.0");
	ck_assert(kvp_era_has(&o, KVP_ERA_VLLM_V1));
	snprintf(o.version, sizeof o.version, "0.10.1");
	ck_assert(kvp_era_has(&o, KVP_ERA_VLLM_V1));
	snprintf(o.version, sizeof o.version, "0.8.0rc1");
	ck_assert(kvp_era_has(&o, KVP_ERA_VLLM_V1));
}
END_TEST

/*
 * 4 layers, 0 and 2 full, 1 and 3 sliding (W 1,024), 8 KV heads x 128,
 * bf16; a block of 16 tokens of one layer: 16 x 8 x (128 + 128) x 2 B =
 * 65,536 B. Budget 1 GiB (--kv-cache-memory-bytes), max_model_len 32,768.
 *   V0 (0.6.4): every layer full size, one group: 2^30 // (4 x 65,536) =
 *     4,096 blocks; a request 32,768 / 16 = 2,048 blocks: 2.00x; CPU
 *     blocks 4 GiB // 262,144 = 16,384.
 *   V1 (current): two groups of 2 layers, num_blocks 2^30 // 65,536 // 2
 *     = 8,192; a request 2,048 (full) + ceil(min(1,023 + 8,192, 32,768) /
 *     16) + 1 = 576 + 1 (sliding) = 2,625 blocks: 8,192 / 2,625 = 3.12x.
 */
static void swa_plan(const char *version)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	plan.model.n_layers = 4;
	plan.model.q_heads = 32;
	plan.model.base.kv_heads = 8;
	plan.model.base.k_dim = plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	ck_assert_int_eq(kvp_rule_parse("1-3/2:kind=sliding,window=1024",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 32768;
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

START_TEST(vllm_v0_sliding_full_size)
{
	uint32_t i;
	bool line = false;

	swa_plan("0.6.4");
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_uint_eq(res.engine.concurrency_x100, 200);
	ck_assert_str_eq(res.engine.release, "0.6.4");
	ck_assert(res.engine.release_named);
	for (i = 0; i < res.engine.n_lines; i++)
		line |= !strcmp(res.engine.lines[i], "# GPU blocks: 4096, # CPU blocks: 16384");
	ck_assert(line);

	swa_plan("");
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_uint_eq(res.engine.concurrency_x100, 312);
	swa_plan("0.8.0");
	ck_assert_uint_eq(res.engine.blocks, 8192);
}
END_TEST

/*
 * The worked example (40 layers x 8 x 128, f16): a block of 16 tokens is
 * 16 x 163,840 = 2,621,440 B; a 1 GiB budget holds 1,073,741,824 //
 * 2,621,440 = 409 blocks = 6,544 tokens. max_model_len 8,192:
 *   V0: "max seq len (8192) is larger than ... KV cache (6544)";
 *   V1: 512 blocks x 2,621,440 = 1.25 GiB needed, 1.00 GiB available.
 */
START_TEST(vllm_v0_refusal_wording)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 8192;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.6.4");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "The model's max seq len (8192) is larger "
	                     "than the maximum number of tokens that can be stored "
	                     "in KV cache (6544).") != NULL, "%s", res.error.msg);
	plan.engine.version[0] = '\0';
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "(1.25 GiB KV cache is needed, which is "
	                     "larger than the available KV cache memory (1.00 GiB)")
	              != NULL, "%s", res.error.msg);
	/* one token less than fits: 6,544 computes under V0 */
	plan.engine.vllm.max_model_len = 6544;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.6.4");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 409);
	plan.engine.vllm.max_model_len = 6545;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
}
END_TEST

/*
 * vLLM's own choice of engine (src/core/engines/vllm/vl_engine.c): the
 * plan of swa_plan above, V0 4,096 blocks (every layer full size), V1
 * 8,192 (two groups). On a ROCm card 0.8.0-0.9.1 fall back to V0
 * (arg_utils.py _is_v1_supported_oracle: "rocm is experimental on
 * VLLM_USE_V1=1. Falling back to V0 Engine.", printed by a 0.8.5 start-up
 * on a Radeon Pro VII); PR #19440 puts ROCm on V1 from 0.9.2. On CUDA
 * (the default card, an H100) they run V1. A card that does not name its
 * platform is refused in those releases, not guessed; before 0.8.0 and
 * from 0.9.2 the platform does not decide and it computes. A CUDA card
 * below compute capability 8.0 falls back through 0.10.1 (PR #23614). --dtype
 * float32 falls back on any card through 0.10.1 (PR #23614: V1 from
 * 0.10.2); a f32 activation dtype does not change the cache's bf16
 * format, so the blocks stay 4,096 and 8,192. Pipeline parallelism with
 * the default executor falls back through 0.9.0 (PR #18915: V1 in 0.9.1).
 */
static enum kvp_status swa_again(const char *version, enum kvp_platform pl)
{
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	plan.devices.groups[0].card.platform = pl;
	return kvp_compute(&plan, &res);
}

START_TEST(vllm_engine_by_platform_and_options)
{
	uint32_t i;
	bool line = false;

	swa_plan("0.8.5");
	ck_assert_uint_eq(res.engine.blocks, 8192);           /* CUDA: V1 */
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);           /* ROCm: V0 */
	for (i = 0; i < res.engine.n_lines; i++)
		line |= !strcmp(res.engine.lines[i], "# GPU blocks: 4096, # CPU blocks: 16384");
	ck_assert(line);
	ck_assert_int_eq(swa_again("0.8.0", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.9.1", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.9.2", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_int_eq(swa_again("0.9.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	/* a card that does not say, where the platform decides */
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_UNKNOWN), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "devices.groups[0].card.platform: "
	                     "unknown - vLLM 0.8.5 runs its V0 engine on ROCm") != NULL,
	              "%s", res.error.msg);
	ck_assert_int_eq(swa_again("0.9.2", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_int_eq(swa_again("0.7.3", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	/* no card at all (the budget is --kv-cache-memory-bytes): the
	 * platform is not known, and V0's pool (every layer whole) is the
	 * smaller, so 0.8.0-0.9.1 take it */
	plan.devices.n_groups = 0;
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.9.2", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	plan.devices.n_groups = 1;
	/* a CUDA card below compute capability 8.0 (a T4, 7.5): V0 through
	 * 0.10.1 (PR #23614); one that does not say is refused there */
	plan.devices.groups[0].card.compute_capability = 75;
	ck_assert_int_eq(swa_again("0.10.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.10.2", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	plan.devices.groups[0].card.compute_capability = 0;
	ck_assert_int_eq(swa_again("0.9.2", KVP_PLATFORM_CUDA), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "devices.groups[0].card.compute_capability: "
	                     "0 - vLLM 0.9.2 runs its V0 engine on a CUDA card below "
	                     "compute capability 8.0") != NULL, "%s", res.error.msg);
	ck_assert_int_eq(swa_again("0.10.2", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	/* not asked of a ROCm card */
	ck_assert_int_eq(swa_again("0.9.2", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	plan.devices.groups[0].card.compute_capability = 80;    /* an A100 */
	ck_assert_int_eq(swa_again("0.10.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	/* --dtype float32 on CUDA; it decides even where the card does not say */
	plan.engine.vllm.dtype = KVP_DT_F32;
	ck_assert_int_eq(swa_again("0.10.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.10.2", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	plan.engine.vllm.dtype = KVP_DT_BF16;
	/* pipeline parallelism: 2 stages of 2 layers (one full, one sliding
	 * each): V0 2^30 // (2 x 65,536) = 8,192 blocks a stage; V1 two
	 * groups of one layer a stage: 2^30 // 65,536 // 1 = 16,384 */
	plan.devices.pp = 2;
	plan.devices.groups[0].count = 2;
	ck_assert_int_eq(swa_again("0.9.0", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_int_eq(swa_again("0.9.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 16384);
	/* VLLM_USE_V1 (engine.vllm.use_v1): =0 runs V0 in 0.8.0-0.10.x and
	 * has none from 0.11.0; =1 runs ROCm's experimental V1 in 0.8.5,
	 * raises where V1 does not run the feature (vLLM's _raise_or_fallback:
	 * "VLLM_USE_V1=1 is not supported with ...", pipeline parallelism
	 * here), and before 0.8.0 is V1's alpha */
	plan.devices.pp = 1;
	plan.devices.groups[0].count = 1;
	plan.engine.vllm.use_v1 = KVP_OFF;
	ck_assert_int_eq(swa_again("0.10.2", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	ck_assert_int_eq(swa_again("0.11.0", KVP_PLATFORM_CUDA), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "engine.vllm.use_v1: off - vLLM 0.11.0 "
	                     "has no V0 engine") != NULL, "%s", res.error.msg);
	ck_assert_int_eq(swa_again("", KVP_PLATFORM_CUDA), KVP_EREFUSED);
	ck_assert_int_eq(swa_again("0.7.3", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	plan.engine.vllm.use_v1 = KVP_ON;
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_ROCM), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_int_eq(swa_again("0.8.5", KVP_PLATFORM_UNKNOWN), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_int_eq(swa_again("0.7.3", KVP_PLATFORM_CUDA), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "engine.vllm.use_v1: on - vLLM 0.7.3 "
	                     "runs V1 only as its alpha") != NULL, "%s", res.error.msg);
	plan.devices.pp = 2;
	plan.devices.groups[0].count = 2;
	ck_assert_int_eq(swa_again("0.9.0", KVP_PLATFORM_CUDA), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "'VLLM_USE_V1=1 is not supported with "
	                     "Pipeline Parallelism without Ray distributed executor.'")
	              != NULL, "%s", res.error.msg);
	ck_assert_int_eq(swa_again("0.9.1", KVP_PLATFORM_CUDA), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 16384);
	plan.engine.vllm.use_v1 = KVP_AUTO;
	/* a draft model: V0 through 0.10.x (no V1 method took one) */
	plan.devices.pp = 1;
	plan.devices.groups[0].count = 1;
	plan.engine.vllm.speculative_method = KVP_SPEC_DRAFT_MODEL;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.10.2");
	ck_assert(!kvp_vllm_v1(&plan));
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.11.0");
	ck_assert(kvp_vllm_v1(&plan));
	plan.engine.vllm.speculative_method = KVP_SPEC_NGRAM;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.10.2");
	ck_assert(kvp_vllm_v1(&plan));
}
END_TEST

/* V0's MLA and Mamba caches are not modelled: refused naming the field. */
START_TEST(vllm_v0_refuses_what_it_does_not_model)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 4096;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.7.3");
	ck_assert_int_eq(kvp_rule_parse("0:kind=none,state_bytes=65536",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "engine.version: 0.7.3 - vLLM V0 keeps "
	                     "recurrent state") != NULL, "%s", res.error.msg);
}
END_TEST


/* A model vLLM ran on V0 only (vl_engine.c vl_v0_only[]: phi4flash,
 * SupportsV0Only in vLLM phi4flash.py @03356f8c; served 0.10.0-0.10.2,
 * PR #20702, PR #25832): V0 within those releases, whose Mamba state is
 * refused; VLLM_USE_V1=1 raises; outside them not served: refused naming
 * the releases. Another model_type in 0.10.1 stays V1. */
START_TEST(vllm_v0_only_model)
{
	const char *why = NULL;
	struct kvp_error err;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	snprintf(plan.model.model_type, sizeof plan.model.model_type,
	         "phi4flash");
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.10.1");
	ck_assert(!kvp_vllm_v1(&plan));
	ck_assert_int_eq(kvp_vllm_engine_check(&plan, &why, &err), KVP_OK);
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, "V0 only") != NULL, "%s", why);
	plan.engine.vllm.use_v1 = KVP_ON;
	ck_assert_int_eq(kvp_vllm_engine_check(&plan, &why, &err), KVP_EREFUSED);
	ck_assert_msg(strstr(err.msg, "VLLM_USE_V1=1 is not supported") != NULL,
	              "%s", err.msg);
	plan.engine.vllm.use_v1 = KVP_AUTO;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.11.0");
	ck_assert_int_eq(kvp_vllm_engine_check(&plan, &why, &err), KVP_EREFUSED);
	ck_assert_msg(strstr(err.msg, "engine.version: 0.11.0 - vLLM serves "
	                     "Phi4FlashForCausalLM (model_type phi4flash) in "
	                     "0.10.0-0.10.2 only") != NULL, "%s", err.msg);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.9.2");
	ck_assert_int_eq(kvp_vllm_engine_check(&plan, &why, &err), KVP_EREFUSED);
	plan.engine.version[0] = 0;
	ck_assert_int_eq(kvp_vllm_engine_check(&plan, &why, &err), KVP_EREFUSED);
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "llama");
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.10.1");
	ck_assert(kvp_vllm_v1(&plan));
}
END_TEST

/* Builds compare by number ("b10000" is after "b9999"); a build between a
 * rule's last known build without it and first known with it is neither. */
START_TEST(llamacpp_build_order)
{
	struct kvp_engine_opts o;
	struct kvp_error err;
	bool has;

	kvp_engine_defaults(&o);
	o.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_ISWA, &has, &err), KVP_OK);
	ck_assert(has);                                       /* current */
	snprintf(o.version, sizeof o.version, "b5423");
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_ISWA, &has, &err), KVP_OK);
	ck_assert(!has);
	snprintf(o.version, sizeof o.version, "b5531");
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_ISWA, &has, &err), KVP_OK);
	ck_assert(has);
	snprintf(o.version, sizeof o.version, "b10000");
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_MLA_K_ONLY, &has, &err), KVP_OK);
	ck_assert(has);
	snprintf(o.version, sizeof o.version, "b999");
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_MLA_K_ONLY, &has, &err), KVP_OK);
	ck_assert(!has);
	snprintf(o.version, sizeof o.version, "b5424");
	ck_assert_int_eq(kvp_era_rule_at(&o, KVP_ERA_LLAMACPP_ISWA, &has, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "engine.version: b5424 - ") != NULL &&
	              strstr(err.msg, "name b5423 or earlier, or b5531 or later") != NULL,
	              "%s", err.msg);
}
END_TEST

/*
 * llama.cpp's separate SWA cache (PR #13194). 4 layers, 1 and 3 sliding
 * (W 1,024), 8 KV heads x 128, f16 cache: a cell of one layer is K 8 x 128
 * x 2 = 2,048 B + V 2,048 B = 4,096 B. ctx 8,192, one sequence, ubatch 512:
 *   b6845 and later: full layers 8,192 cells x 2 x 4,096 = 67,108,864 B;
 *     SWA cache pad256(min(8,192, 1,024 + 512)) = 1,536 cells x 2 x 4,096
 *     = 12,582,912 B; total 79,691,776 B, two size lines.
 *   b5423 and earlier: one cache, 8,192 cells x 4 x 4,096 = 134,217,728 B.
 */
static enum kvp_status lc_swa_plan(const char *version, bool swa_full)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	plan.model.n_layers = 4;
	plan.model.q_heads = 32;
	plan.model.base.kv_heads = 8;
	plan.model.base.k_dim = plan.model.base.v_dim = 128;
	ck_assert_int_eq(kvp_rule_parse("1-3/2:kind=sliding,window=1024",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.swa_full = swa_full;
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	return kvp_compute(&plan, &res);
}

static bool has_line(const char *prefix)
{
	uint32_t i;

	for (i = 0; i < res.engine.n_lines; i++)
		if (!strncmp(res.engine.lines[i], prefix, strlen(prefix)))
			return true;
	return false;
}

START_TEST(llamacpp_swa_cache_by_build)
{
	ck_assert_msg(lc_swa_plan("", false) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 79691776ull);
	ck_assert_uint_eq(res.engine.cells_swa, 1536);
	ck_assert(has_line("llama_kv_cache_iswa: creating     SWA KV cache, size = 1536 cells"));
	ck_assert_msg(lc_swa_plan("b6845", false) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 79691776ull);
	/* b5531 has the SWA cache but maybe PR #13833's n_batch in its size:
	 * refused, unless --swa-full (both caches 8,192 cells: 134,217,728) */
	ck_assert_int_eq(lc_swa_plan("b5531", false), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "#13833") != NULL, "%s", res.error.msg);
	ck_assert_msg(lc_swa_plan("b5531", true) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 134217728ull);
	ck_assert_uint_eq(res.engine.cells_swa, 8192);

	ck_assert_msg(lc_swa_plan("b5423", false) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 134217728ull);
	ck_assert_uint_eq(res.engine.cells_swa, 0);
	ck_assert(!has_line("llama_kv_cache_iswa"));
	ck_assert(has_line("llama_kv_cache: size =  128.00 MiB (  8192 cells,   4 layers"));
	ck_assert_str_eq(res.engine.release, "b5423");

	/* --swa-full did not exist before the SWA cache */
	ck_assert_int_eq(lc_swa_plan("b5423", true), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "engine.llamacpp.swa_full: on - build "
	                     "b5423 predates --swa-full") != NULL, "%s", res.error.msg);
	/* between the bounds: refused, both named */
	ck_assert_int_eq(lc_swa_plan("b5500", false), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "b5423") && strstr(res.error.msg, "b5531"),
	              "%s", res.error.msg);
}
END_TEST

/*
 * llama.cpp's V-less MLA cache (PR #19067). 2 MLA layers, kv_lora_rank
 * 512, rope 64, f16, ctx 4,096: K 576 x 2 = 1,152 B a cell.
 *   b8390 and later: 4,096 x 2 x 1,152 = 9,437,184 B, no V.
 *   b5331 to b7347: V of 512 x 2 = 1,024 B too: 4,096 x 2 x (1,152 +
 *     1,024) = 17,825,792 B (V 8,388,608 B).
 *   b4599 and earlier: every head's K and V (before PR #12801): refused.
 */
static enum kvp_status lc_mla_plan(const char *version)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 2;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	return kvp_compute(&plan, &res);
}

START_TEST(llamacpp_mla_v_by_build)
{
	ck_assert_msg(lc_mla_plan("") == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 9437184ull);
	ck_assert_uint_eq(res.kv.v_bytes, 0);
	ck_assert_msg(lc_mla_plan("b8390") == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 9437184ull);

	ck_assert_msg(lc_mla_plan("b7347") == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 17825792ull);
	ck_assert_uint_eq(res.kv.v_bytes, 8388608ull);
	ck_assert_msg(lc_mla_plan("b5331") == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 17825792ull);

	ck_assert_int_eq(lc_mla_plan("b8000"), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "#19067") != NULL, "%s", res.error.msg);
	ck_assert_int_eq(lc_mla_plan("b4599"), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "before PR #12801") != NULL, "%s", res.error.msg);
	ck_assert_int_eq(lc_mla_plan("b5000"), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "#12801") != NULL, "%s", res.error.msg);
}
END_TEST

/*
 * vLLM before MLA support (0.7.1): DeepSeek-V2-Lite's shape (27 layers,
 * 16 heads, qk_nope 128 + rope 64, v 128, kv_lora_rank 512), f16, block
 * 16, 1 GiB budget. Each head padded to 256 for K and V: a block of one
 * layer is 16 x 16 x (256 + 256) x 2 = 262,144 B, of all 27 layers
 * 7,077,888 B; 1,073,741,824 // 7,077,888 = 151 blocks (x 7,077,888 =
 * 1,068,761,088; 152 would be 1,075,838,976), 2,416 tokens.
 * (The same arithmetic gives vLLM's own "# GPU blocks: 5373" for its
 * 35.42 GiB in PR #10927, tests/data/logs/wordings.tsv.)
 * TP 2: 8 heads a rank, K row 8 x 256 x 2 = 4,096 B.
 */
static enum kvp_status vl_mla_plan(const char *version, uint32_t tp)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 27;
	plan.model.q_heads = 16;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.base.kv_heads = 16;
	plan.model.base.k_dim = 192;
	plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.model.mla.v_head_dim = 128;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 2048;
	plan.engine.vllm.tensor_parallel_size = tp;
	plan.devices.tp = tp;
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	return kvp_compute(&plan, &res);
}

START_TEST(vllm_deepseek_before_mla)
{
	ck_assert_msg(vl_mla_plan("0.7.0", 1) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->k_row_bytes, 8192);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->v_row_bytes, 8192);
	ck_assert_uint_eq(res.engine.blocks, 151);
	ck_assert_msg(vl_mla_plan("0.6.4", 2) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->k_row_bytes, 4096);
	/* 0.7.1 to 0.7.x: V0's MLA cache, not modelled */
	ck_assert_int_eq(vl_mla_plan("0.7.1", 1), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "engine.version: 0.7.1 - vLLM V0's MLA "
	                     "cache") != NULL, "%s", res.error.msg);
	/* V1: the latent, 576 x 2 = 1,152 B, no V */
	ck_assert_msg(vl_mla_plan("0.8.0", 1) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->k_row_bytes, 1152);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->v_row_bytes, 0);
}
END_TEST

/*
 * llama.cpp's streams (PR #14363) and its 256-cell padding (PR #17046).
 * The worked example's shape (40 layers x 8 x 128, f16: 163,840 B a cell)
 * with -c 8192 -np 3:
 *   b6845 and later: 3 streams of pad256(8,192 / 3 = 2,730) = 2,816 cells,
 *     8,448 cells x 163,840 = 1,384,120,320 B;
 *   b5593 and earlier: one cache of 8,192 cells = 1,342,177,280 B;
 *   between: refused. -c 5000 (not a multiple of 256) before b7324: the
 *   padding was 32 without flash attention: refused; b7324: 5,120 cells.
 */
static enum kvp_status lc_cells_plan(const char *version, uint32_t ctx, uint32_t np)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = ctx;
	plan.engine.llamacpp.parallel = np;
	snprintf(plan.engine.version, sizeof plan.engine.version, "%s", version);
	return kvp_compute(&plan, &res);
}

START_TEST(llamacpp_streams_and_padding_by_build)
{
	ck_assert_msg(lc_cells_plan("b6845", 8192, 3) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 1384120320ull);
	ck_assert_uint_eq(res.engine.streams, 3);
	ck_assert_msg(lc_cells_plan("b5593", 8192, 3) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 1342177280ull);
	ck_assert_uint_eq(res.engine.streams, 1);
	ck_assert_int_eq(lc_cells_plan("b6000", 8192, 3), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "#14363") != NULL, "%s", res.error.msg);
	/* one sequence: the streams do not matter */
	ck_assert_msg(lc_cells_plan("b6000", 8192, 1) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 1342177280ull);

	ck_assert_int_eq(lc_cells_plan("b6845", 5000, 1), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "engine.llamacpp.ctx_size: 5000 - build "
	                     "b6845 padded") != NULL, "%s", res.error.msg);
	ck_assert_msg(lc_cells_plan("b7324", 5000, 1) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 5120ull * 163840);
	ck_assert_int_eq(lc_cells_plan("b7000", 5000, 1), KVP_EINVAL);
}
END_TEST

/*
 * llama.cpp's sequence cap (PR #15916, 64 -> 256): the default model
 * (163,840 B a cell) with -c 16640 -np 65:
 *   b6845 and later: 65 streams of pad256(16,640 / 65 = 256) = 256 cells,
 *     16,640 cells x 163,840 = 2,726,297,600 B;
 *   b5593 and earlier: refused, "n_seq_max must be <= 64"; -np 64 there is
 *     one cache of 16,640 cells (before the streams): the same bytes;
 *   between: refused, naming #15916; -np 257 is refused by every build.
 */
START_TEST(llamacpp_max_seq_by_build)
{
	ck_assert_msg(lc_cells_plan("b6845", 16640, 65) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 2726297600ull);
	ck_assert_uint_eq(res.engine.streams, 65);
	ck_assert_msg(lc_cells_plan("", 16640, 65) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 2726297600ull);
	ck_assert_int_eq(lc_cells_plan("b5593", 16640, 65), KVP_EREFUSED);
	ck_assert_str_eq(res.error.msg, "llama.cpp: n_seq_max must be <= 64 "
	                 "(engine.llamacpp.parallel 65)");
	ck_assert_msg(lc_cells_plan("b5593", 16640, 64) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 2726297600ull);
	ck_assert_uint_eq(res.engine.streams, 1);
	ck_assert_int_eq(lc_cells_plan("b6000", 16640, 65), KVP_EINVAL);
	ck_assert_msg(strstr(res.error.msg, "#15916") != NULL &&
	              strstr(res.error.msg, "name b5593 or earlier, or b6845 or "
	                     "later") != NULL, "%s", res.error.msg);
	ck_assert_int_eq(lc_cells_plan("", 65792, 257), KVP_EREFUSED);
	ck_assert_str_eq(res.error.msg, "llama.cpp: n_seq_max must be <= 256 "
	                 "(engine.llamacpp.parallel 257)");
}
END_TEST

/* llama-server's default slots (lc_slots.c), the two rows as the table
 * holds them: PR #16736 at b7079 (issue #17300's log), b6845 taken as
 * without it; PR #17997 at b7698, b7347 without it (both read in
 * node-llama-cpp's bundles). The plan's value: "auto" and llama.cpp's -1
 * are KVP_LC_NP_AUTO, printed "auto"; 0 is refused as llama-server
 * refuses it. */
START_TEST(llamacpp_server_slots_rows)
{
	static const struct { enum kvp_era_rule r; const char *landed, *without,
	                      *pr; } want[] = {
		{ KVP_ERA_LLAMACPP_SLOTS_4, "b7079", "b6845", "PR #16736" },
		{ KVP_ERA_LLAMACPP_NP_AUTO, "b7698", "b7347", "PR #17997" },
	};
	const struct kvp_field *f = kvp_field_by_key("engine.llamacpp.parallel");
	const struct kvp_era_row *rows;
	struct kvp_error err;
	size_t n, i, k, found = 0;
	char buf[16];

	rows = kvp_era_rows(&n);
	for (k = 0; k < 2; k++)
		for (i = 0; i < n; i++)
			if (rows[i].rule == want[k].r) {
				ck_assert_int_eq(rows[i].engine, KVP_ENGINE_LLAMACPP);
				ck_assert_str_eq(rows[i].landed, want[k].landed);
				ck_assert_str_eq(rows[i].last_without, want[k].without);
				ck_assert_ptr_nonnull(strstr(rows[i].source, want[k].pr));
				found++;
			}
	ck_assert_uint_eq(found, 2);
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_uint_eq(plan.engine.llamacpp.parallel, 1);   /* kvplan's default */
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "auto", &err), KVP_OK);
	ck_assert_uint_eq(plan.engine.llamacpp.parallel, KVP_LC_NP_AUTO);
	kvp_field_format(&plan, f, 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "auto");
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "3", &err), KVP_OK);
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "-1", &err), KVP_OK);
	ck_assert_uint_eq(plan.engine.llamacpp.parallel, KVP_LC_NP_AUTO);
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "0", &err), KVP_ERANGE);
	ck_assert_msg(strstr(err.msg, "engine.llamacpp.parallel: 0 - must be at "
	                     "least 1") != NULL, "%s", err.msg);
	memcpy(plan.engine.version, "b7079", 6);
	ck_assert(kvp_era_has(&plan.engine, KVP_ERA_LLAMACPP_SLOTS_4));
	ck_assert(!kvp_era_has(&plan.engine, KVP_ERA_LLAMACPP_NP_AUTO));
	memcpy(plan.engine.version, "v0.4.0", 7);
	ck_assert(kvp_era_has(&plan.engine, KVP_ERA_LLAMACPP_NP_AUTO));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("era");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, engine_at_release);
	tcase_add_test(tc, release_order);
	tcase_add_test(tc, vllm_v0_sliding_full_size);
	tcase_add_test(tc, vllm_engine_by_platform_and_options);
	tcase_add_test(tc, vllm_v0_refusal_wording);
	tcase_add_test(tc, vllm_v0_refuses_what_it_does_not_model);
	tcase_add_test(tc, vllm_v0_only_model);
	tcase_add_test(tc, llamacpp_build_order);
	tcase_add_test(tc, llamacpp_swa_cache_by_build);
	tcase_add_test(tc, llamacpp_mla_v_by_build);
	tcase_add_test(tc, llamacpp_streams_and_padding_by_build);
	tcase_add_test(tc, llamacpp_max_seq_by_build);
	tcase_add_test(tc, llamacpp_server_slots_rows);
	tcase_add_test(tc, vllm_deepseek_before_mla);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
