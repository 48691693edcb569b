/*
 * test_checked.c - signed figures are checked like unsigned ones
 * (include/kvplan/checked.h, issue 10): the pooled-memory warning summed
 * free bytes in a plain int64_t and `calc --overhead c=10^18 --pp 10`
 * overflowed it (undefined behaviour, and a wrong "together have N GiB
 * free"). The sanitizer pass of make check runs this too.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "check_main.h"
#include "kvplan/checked.h"
#include "kvplan/compute.h"

START_TEST(diff_saturates)
{
	int64_t d;

	ck_assert(kvp_diff_i64(5, 3, &d) && d == 2);
	ck_assert(kvp_diff_i64(3, 5, &d) && d == -2);
	ck_assert(kvp_diff_i64((uint64_t)INT64_MAX, 0, &d) && d == INT64_MAX);
	ck_assert(kvp_diff_i64(0, (uint64_t)INT64_MAX + 1, &d) && d == INT64_MIN);
	ck_assert(!kvp_diff_i64(UINT64_MAX, 0, &d) && d == INT64_MAX);
	ck_assert(!kvp_diff_i64(0, UINT64_MAX, &d) && d == INT64_MIN);
	ck_assert(kvp_add_i64(-5, 3, &d) && d == -2);
	ck_assert(!kvp_add_i64(INT64_MIN, -1, &d));
	ck_assert(!kvp_add_i64(INT64_MAX, 1, &d));
	ck_assert_uint_eq(kvp_abs_u64(INT64_MIN), (uint64_t)INT64_MAX + 1);
	ck_assert_uint_eq(kvp_abs_u64(-7), 7);
}
END_TEST

/* The audit's case: an overhead of 10^18 B on each of 10 devices. Each
 * is over by about 10^18, so the sum of their free bytes is about
 * -10^19, below INT64_MIN (-9.22 x 10^18). No device has room to lend:
 * no pooled-memory warning, and nothing undefined on the way. */
START_TEST(pooled_warning_no_overflow)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	uint32_t i;

	kvp_plan_default(&plan);
	plan.devices.pp = 10;
	plan.devices.n_overheads = 1;
	strcpy(plan.devices.overheads[0].name, "c");
	plan.devices.overheads[0].bytes = 1000000000000000000ull;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.n_devices, 10);
	ck_assert(!res.fits);
	for (i = 0; i < res.n_devices; i++)
		ck_assert_int_lt(res.devices[i].free_bytes, -900000000000000000ll);
	for (i = 0; i < res.n_warnings; i++)
		ck_assert_int_ne(res.warnings[i].code, KVP_W_POOLED_MEMORY);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("checked");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, diff_saturates);
	tcase_add_test(tc, pooled_warning_no_overflow);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
