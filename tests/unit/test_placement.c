/*
 * test_placement.c - pipeline splits (vLLM's get_pp_indices rule and
 * given partitions), KV heads per TP rank with replication, the engines'
 * divisibility errors, and data-parallel shares. Expected figures are
 * worked out by hand in the comments.
 */
#include <check.h>
#include <string.h>

#include "core/device/placement.h"

START_TEST(pp_even)
{
	/* 40 layers / 4 stages = 10 each, no remainder */
	uint32_t given[KVP_MAX_STAGES] = { 0 }, first[4], count[4];
	struct kvp_error err;

	ck_assert_int_eq(kvp_pp_split(40, 4, given, first, count, &err), KVP_OK);
	ck_assert_uint_eq(count[0], 10);
	ck_assert_uint_eq(count[3], 10);
	ck_assert_uint_eq(first[3], 30);
}
END_TEST

START_TEST(pp_uneven_vllm)
{
	/* 10 layers, pp 4: 10 // 4 = 2 each, remainder 2 goes to
	 * partitions[-2] and partitions[-3] (stages 2 and 1): [2, 3, 3, 2] */
	uint32_t given[KVP_MAX_STAGES] = { 0 }, first[4], count[4];
	struct kvp_error err;

	ck_assert_int_eq(kvp_pp_split(10, 4, given, first, count, &err), KVP_OK);
	ck_assert_uint_eq(count[0], 2);
	ck_assert_uint_eq(count[1], 3);
	ck_assert_uint_eq(count[2], 3);
	ck_assert_uint_eq(count[3], 2);
	ck_assert_uint_eq(first[1], 2);
	ck_assert_uint_eq(first[2], 5);
	ck_assert_uint_eq(first[3], 8);
}
END_TEST

START_TEST(pp_uneven_three)
{
	/* 40 layers, pp 3: 13 each, remainder 1 -> stage 1: [13, 14, 13];
	 * 32 layers, pp 3: 10 each, remainder 2 -> stages 1 and 0:
	 * [11, 11, 10] */
	uint32_t given[KVP_MAX_STAGES] = { 0 }, first[3], count[3];
	struct kvp_error err;

	ck_assert_int_eq(kvp_pp_split(40, 3, given, first, count, &err), KVP_OK);
	ck_assert_uint_eq(count[0], 13);
	ck_assert_uint_eq(count[1], 14);
	ck_assert_uint_eq(count[2], 13);
	ck_assert_int_eq(kvp_pp_split(32, 3, given, first, count, &err), KVP_OK);
	ck_assert_uint_eq(count[0], 11);
	ck_assert_uint_eq(count[1], 11);
	ck_assert_uint_eq(count[2], 10);
}
END_TEST

START_TEST(pp_given)
{
	uint32_t given[KVP_MAX_STAGES] = { 10, 30 }, first[2], count[2];
	struct kvp_error err;

	ck_assert_int_eq(kvp_pp_split(40, 2, given, first, count, &err), KVP_OK);
	ck_assert_uint_eq(count[0], 10);
	ck_assert_uint_eq(first[1], 10);
	ck_assert_uint_eq(count[1], 30);

	/* 10 + 28 = 38 != 40: vLLM's words */
	given[1] = 28;
	ck_assert_int_eq(kvp_pp_split(40, 2, given, first, count, &err),
	                 KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "devices.pp_layers"));
	ck_assert_ptr_nonnull(strstr(err.msg,
		"sum(partitions)=38 does not match num_hidden_layers=40"));

	/* three entries for two stages */
	given[1] = 20;
	given[2] = 10;
	ck_assert_int_eq(kvp_pp_split(40, 2, given, first, count, &err),
	                 KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "pp=2"));
}
END_TEST

START_TEST(pp_too_many)
{
	uint32_t given[KVP_MAX_STAGES] = { 0 }, first[KVP_MAX_STAGES],
		count[KVP_MAX_STAGES];
	struct kvp_error err;

	ck_assert_int_eq(kvp_pp_split(4, 8, given, first, count, &err),
	                 KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(err.msg, "devices.pp: 8"));
	ck_assert_int_eq(kvp_pp_split(4, 0, given, first, count, &err),
	                 KVP_ERANGE);
}
END_TEST

START_TEST(heads_per_rank)
{
	/* max(1, Hkv // tp) */
	ck_assert_uint_eq(kvp_kv_heads_per_rank(8, 1), 8);
	ck_assert_uint_eq(kvp_kv_heads_per_rank(8, 2), 4);
	ck_assert_uint_eq(kvp_kv_heads_per_rank(8, 8), 1);
	ck_assert_uint_eq(kvp_kv_heads_per_rank(8, 16), 1);   /* replicated */
	ck_assert_uint_eq(kvp_kv_heads_per_rank(1, 4), 1);    /* MQA */
}
END_TEST

static void layers_of(struct kvp_layer_result *l, uint32_t n, uint32_t hkv)
{
	uint32_t i;

	memset(l, 0, n * sizeof *l);
	for (i = 0; i < n; i++) {
		l[i].spec.kind = KVP_LAYER_FULL;
		l[i].spec.kv_heads = hkv;
	}
}

START_TEST(tp_divisibility)
{
	static struct kvp_result r;   /* layers_by_type false: one each */
	struct kvp_layer_result *l = r.layer_recs;
	struct kvp_error err;

	layers_of(l, 4, 8);
	ck_assert_int_eq(kvp_tp_check(40, &r, 4, 2, &err), KVP_OK);
	ck_assert_int_eq(kvp_tp_check(40, &r, 4, 8, &err), KVP_OK);
	/* 40 % 3 != 0: vLLM's ModelConfig message */
	ck_assert_int_eq(kvp_tp_check(40, &r, 4, 3, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "Total number of attention heads "
		"(40) must be divisible by tensor parallel size (3)."));
	/* 48 heads, Hkv 8, tp 3: heads fine, 8 % 3 != 0 */
	ck_assert_int_eq(kvp_tp_check(48, &r, 4, 3, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "8 is not divisible by 3"));
	/* 48 heads, Hkv 8, tp 16: replication needs 16 % 8 == 0: fine */
	ck_assert_int_eq(kvp_tp_check(48, &r, 4, 16, &err), KVP_OK);
	/* tp 12 >= 8 but 12 % 8 != 0 */
	ck_assert_int_eq(kvp_tp_check(48, &r, 4, 12, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "12 is not divisible by 8"));
	/* a layer without KV is not checked */
	l[2].spec.kind = KVP_LAYER_NONE;
	l[2].spec.kv_heads = 3;
	ck_assert_int_eq(kvp_tp_check(48, &r, 4, 16, &err), KVP_OK);
}
END_TEST

START_TEST(dp_shares)
{
	/* 6 over 4: 2, 2, 1, 1 starting at 0, 2, 4, 5 */
	ck_assert_uint_eq(kvp_dp_share(6, 4, 0), 2);
	ck_assert_uint_eq(kvp_dp_share(6, 4, 1), 2);
	ck_assert_uint_eq(kvp_dp_share(6, 4, 2), 1);
	ck_assert_uint_eq(kvp_dp_share(6, 4, 3), 1);
	ck_assert_uint_eq(kvp_dp_offset(6, 4, 2), 4);
	ck_assert_uint_eq(kvp_dp_offset(6, 4, 3), 5);
	ck_assert_uint_eq(kvp_dp_share(6, 1, 0), 6);
	/* 1 over 2: the second replica is idle */
	ck_assert_uint_eq(kvp_dp_share(1, 2, 1), 0);
}
END_TEST

static Suite *placement_suite(void)
{
	Suite *s = suite_create("placement");
	TCase *tc = tcase_create("split");

	tcase_add_test(tc, pp_even);
	tcase_add_test(tc, pp_uneven_vllm);
	tcase_add_test(tc, pp_uneven_three);
	tcase_add_test(tc, pp_given);
	tcase_add_test(tc, pp_too_many);
	tcase_add_test(tc, heads_per_rank);
	tcase_add_test(tc, tp_divisibility);
	tcase_add_test(tc, dp_shares);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(placement_suite)
