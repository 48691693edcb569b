/*
 * test_compute.c - the kvp_compute pipeline (src/core/compute.c): the
 * default scenario end to end, top-level validation with messages that
 * name the field and value, the first error stopping the stages, and a
 * result that depends on the plan only (cleared on every call).
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"

static struct kvp_plan plan;
static struct kvp_result res, res2;

START_TEST(default_scenario)
{
	kvp_plan_default(&plan);
	ck_assert_int_eq(plan.strategy.kind, KVP_STRAT_STATIC);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_int_eq(res.error.status, KVP_OK);
	/* DESIGN.md: 40 layers x 8 KV heads x 128 x 2 B x 2 = 163,840 B per
	 * position; static reservation of 4,096 = 3,072 + 1,024 slots per
	 * sequence: 671,088,640 B; 6 sequences: 4,026,531,840 B */
	ck_assert_uint_eq(res.kv.bytes_per_position, 163840);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 671088640);
	ck_assert(res.kv.bytes == 4026531840ull);
	ck_assert_uint_eq(res.kv.waste_bytes, 0);
	ck_assert_uint_eq(res.n_layers, 40);
	ck_assert_uint_eq(res.n_classes, 1);
	ck_assert_int_eq(res.engine.kind, KVP_ENGINE_GENERIC);
}
END_TEST

START_TEST(same_plan_same_result)
{
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_int_eq(kvp_compute(&plan, &res2), KVP_OK);
	ck_assert(memcmp(&res.kv, &res2.kv, sizeof res.kv) == 0);
	for (uint32_t i = 0; i < res.n_layers; i++)
		ck_assert(memcmp(kvp_layer_rec(&res, i), kvp_layer_rec(&res2, i),
		                 sizeof res.layer_recs[0]) == 0);
	ck_assert(memcmp(res.classes, res2.classes, sizeof res.classes) == 0);
}
END_TEST

START_TEST(result_cleared_between_calls)
{
	kvp_plan_default(&plan);
	plan.workload.n_classes = 3;
	plan.workload.classes[1] = plan.workload.classes[0];
	plan.workload.classes[2] = plan.workload.classes[0];
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.n_classes, 3);
	/* 3 classes x 6 sequences x 671,088,640 = 12,079,595,520 */
	ck_assert(res.kv.bytes == 12079595520ull);

	/* a failing call, then a good one with fewer classes */
	plan.model.q_heads = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.n_classes, 1);
	ck_assert_uint_eq(res.classes[1].sequences, 0);
	ck_assert_str_eq(res.error.msg, "");
}
END_TEST

/* Each bad top-level field: the status and the exact message. */
START_TEST(top_level_validation)
{
	static const uint64_t lens[] = { 5 };

	kvp_plan_default(&plan);
	plan.model.n_layers = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "model.n_layers: 0 - must be 1..512");
	ck_assert_int_eq(res.error.status, KVP_ERANGE);

	kvp_plan_default(&plan);
	plan.model.n_layers = 513;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "model.n_layers: 513 - must be 1..512");

	kvp_plan_default(&plan);
	plan.model.q_heads = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "model.q_heads: 0 - must be at least 1");

	kvp_plan_default(&plan);
	plan.workload.classes[0].samples = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg,
		"workload.classes[0].samples: 0 - must be at least 1");

	kvp_plan_default(&plan);
	plan.workload.classes[0].requests = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "no active requests"));
	/* a ragged list alone is a workload */
	plan.workload.ragged = lens;
	plan.workload.n_ragged = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);

	kvp_plan_default(&plan);
	plan.workload.n_ragged = 3;   /* no list */
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "workload.ragged"));

	kvp_plan_default(&plan);
	plan.workload.classes[0].prompt[KVP_PP_INPUT] = 0;
	plan.workload.classes[0].gen = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "workload.classes[0].gen: 0"));

	kvp_plan_default(&plan);
	plan.workload.n_classes = 17;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "workload.classes: 17 classes - at most 16");

	kvp_plan_default(&plan);
	plan.strategy.block_size = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "strategy.block_size: 0 - must be at least 1");

	kvp_plan_default(&plan);
	plan.strategy.kind = (enum kvp_strategy_kind)9;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "strategy.kind: 9"));

	kvp_plan_default(&plan);
	plan.strategy.mla = (enum kvp_mla_mode)4;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "strategy.mla: 4"));

	kvp_plan_default(&plan);
	plan.model.n_rules = 65;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "model.layers: 65 rules"));
}
END_TEST

START_TEST(resolve_errors_stop_the_pipeline)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_rule_parse("30-49:kind=none", &plan.model.rules[0],
	                                &err), KVP_OK);
	plan.model.n_rules = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "layer rule '30-49:kind=none': layer 49 "
	                 "is past the last layer (model.n_layers 40: layers 0-39)");
	/* nothing was computed */
	ck_assert(res.kv.bytes == 0);
}
END_TEST

START_TEST(resolved_table_in_result)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_rule_parse("5-39/6:kind=sliding,window=512",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	/* layers 5, 11, 17, 23, 29, 35 are sliding */
	ck_assert_int_eq(kvp_layer_rec(&res, 5)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.window, 512);
	ck_assert_int_eq(kvp_layer_rec(&res, 35)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_rec(&res, 6)->spec.kind, KVP_LAYER_FULL);
	/* static, max_cache_len 4,096: 34 full layers x 4,096 B x 4,096 x 6
	 * = 3,422,552,064; 6 sliding x 4,096 B x min(512, 4,096) x 6 =
	 * 75,497,472; total 3,498,049,536 */
	ck_assert(res.kv.bytes == 3498049536ull);
}
END_TEST

/* Out-of-range enum values, as a corrupt file could give: messages, no
 * crash. */
START_TEST(bad_enum_values)
{
	kvp_plan_default(&plan);
	plan.model.base.kind = (enum kvp_layer_kind)99;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_str_eq(res.error.msg, "model.base.kind: 99 - unknown layer kind");

	kvp_plan_default(&plan);
	plan.model.base.v_fmt.dtype = (enum kvp_dtype)42;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_str_eq(res.error.msg, "model.base.v_dtype: 42 - unknown format");

	/* decompressed MLA without v_head_dim */
	kvp_plan_default(&plan);
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.strategy.mla = KVP_MLA_DECOMPRESSED;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_str_eq(res.error.msg, "model.mla.v_head_dim: 0 - must be at "
	                 "least 1 for decompressed MLA");
	/* latent needs only the rank and rope: (512 + 64) x 2 B x 40 layers
	 * = 46,080 B per position */
	plan.strategy.mla = KVP_MLA_LATENT;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes_per_position, 46080);
}
END_TEST

static Suite *compute_suite(void)
{
	Suite *s = suite_create("compute");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, default_scenario);
	tcase_add_test(tc, same_plan_same_result);
	tcase_add_test(tc, result_cleared_between_calls);
	tcase_add_test(tc, top_level_validation);
	tcase_add_test(tc, resolve_errors_stop_the_pipeline);
	tcase_add_test(tc, resolved_table_in_result);
	tcase_add_test(tc, bad_enum_values);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(compute_suite)
