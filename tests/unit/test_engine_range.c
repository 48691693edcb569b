/*
 * test_engine_range.c - the named engines' range beside the generic
 * verdict (kvplan/engine_range.h, issue 31) is compare's figures: its KV
 * least and most are the least and most of kvp_compare's named rows, its
 * free figures and verdict counts those of each engine's own kvp_compute.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_main.h"
#include "kvplan/compare.h"
#include "kvplan/compute.h"
#include "kvplan/engine_range.h"
#include "kvplan/preset.h"

static struct kvp_plan plan, q;
static struct kvp_result scratch, one;
static struct kvp_compare cmp;

static int64_t tightest(const struct kvp_result *r)
{
	int64_t f = r->devices[0].free_bytes;
	uint32_t i;

	for (i = 1; i < r->n_devices; i++)
		if (r->devices[i].free_bytes < f)
			f = r->devices[i].free_bytes;
	return f;
}

/* The worked example on its H100: every engine takes it. */
START_TEST(range_is_compares)
{
	struct kvp_engine_range g;
	struct kvp_error err;
	uint64_t lo = UINT64_MAX, hi = 0;
	int64_t flo = INT64_MAX, fhi = INT64_MIN;
	uint32_t i, states[KVP_VERDICT_COUNT] = { 0 };

	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_compare(&plan, &scratch, &cmp, &err), KVP_OK);
	for (i = 1; i < cmp.n_rows; i++) {
		ck_assert_int_eq(cmp.rows[i].status, KVP_OK);
		if (cmp.rows[i].kv_bytes < lo)
			lo = cmp.rows[i].kv_bytes;
		if (cmp.rows[i].kv_bytes > hi)
			hi = cmp.rows[i].kv_bytes;
		q = plan;
		kvp_engine_switch(&q.engine, cmp.rows[i].kind);
		ck_assert_int_eq(kvp_compute(&q, &one), KVP_OK);
		if (tightest(&one) < flo)
			flo = tightest(&one);
		if (tightest(&one) > fhi)
			fhi = tightest(&one);
		states[one.verdict.state]++;
	}
	kvp_engine_range(&plan, &scratch, &g);
	ck_assert_uint_eq(g.n, KVP_ENGINE_COUNT - 1);
	ck_assert_uint_eq(g.kv_lo, lo);
	ck_assert_uint_eq(g.kv_hi, hi);
	ck_assert(g.devices);
	ck_assert_int_eq(g.free_lo, flo);
	ck_assert_int_eq(g.free_hi, fhi);
	for (i = 0; i < KVP_VERDICT_COUNT; i++)
		ck_assert_uint_eq(g.states[i], states[i]);
	ck_assert_uint_eq(g.states[0] + g.states[1] + g.states[2], g.n);
	/* llama.cpp at -np 1 holds 1 of the plan's 6 requests */
	ck_assert_uint_ge(g.states[KVP_VERDICT_WAIT], 1);
	ck_assert_msg(strstr(g.text, "of the 5 named engines") &&
	              strstr(g.text, "(kvplan compare)"), "%s", g.text);
}
END_TEST

/* No card: no free figures, the KV range alone. */
START_TEST(range_without_cards)
{
	struct kvp_engine_range g;

	kvp_plan_default(&plan);
	plan.devices.n_groups = 0;
	kvp_engine_range(&plan, &scratch, &g);
	ck_assert(!g.devices);
	ck_assert_msg(!strstr(g.text, "least free"), "%s", g.text);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("engine_range");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, range_is_compares);
	tcase_add_test(tc, range_without_cards);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(suite)
