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
	/* no llama.cpp rule is keyed by a build yet: refused, not ignored */
	ck_assert_int_eq(kvp_field_set(&plan, f, 0, "llama.cpp@b4500", &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "keys no llama.cpp rule") != NULL, "%s", err.msg);
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

static Suite *make_suite(void)
{
	Suite *s = suite_create("era");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, engine_at_release);
	tcase_add_test(tc, release_order);
	tcase_add_test(tc, vllm_v0_sliding_full_size);
	tcase_add_test(tc, vllm_v0_refusal_wording);
	tcase_add_test(tc, vllm_v0_refuses_what_it_does_not_model);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
