/*
 * test_shortfall.c - when an engine allocates less than the workload
 * needs, the result says by how much (kv.shortfall_bytes) instead of
 * showing a zero waste beside a "needed" larger than the cache.
 */
#include <check.h>
#include <stdlib.h>

#include "check_main.h"
#include "kvplan/compute.h"

START_TEST(llamacpp_one_stream_for_six_requests)
{
	/* Worked example (40 L x 8 Hkv x 128 x 2 B x 2 = 163,840 B/pos);
	 * llama.cpp with ctx_size 4096, parallel 1 allocates one stream of
	 * 4,096 cells = 671,088,640 B. The workload needs 6 x 4,096 positions
	 * = 4,026,531,840 B, so it is short by 5 x 671,088,640 =
	 * 3,355,443,200 B and wastes nothing. */
	struct kvp_plan p;
	struct kvp_result *r = malloc(sizeof *r);

	kvp_plan_default(&p);
	p.engine.kind = KVP_ENGINE_LLAMACPP;
	p.engine.llamacpp.ctx_size = 4096;
	p.engine.llamacpp.parallel = 1;
	ck_assert_int_eq(kvp_compute(&p, r), KVP_OK);
	ck_assert_uint_eq(r->kv.bytes, 671088640ull);
	ck_assert_uint_eq(r->kv.bytes_needed, 4026531840ull);
	ck_assert_uint_eq(r->kv.shortfall_bytes, 3355443200ull);
	ck_assert_uint_eq(r->kv.waste_bytes, 0);

	/* parallel 6, ctx 24,576: 6 streams of 4,096 cells, exactly enough */
	p.engine.llamacpp.ctx_size = 24576;
	p.engine.llamacpp.parallel = 6;
	ck_assert_int_eq(kvp_compute(&p, r), KVP_OK);
	ck_assert_uint_eq(r->kv.bytes, 4026531840ull);
	ck_assert_uint_eq(r->kv.shortfall_bytes, 0);
	ck_assert_uint_eq(r->kv.waste_bytes, 0);
	free(r);
}
END_TEST

static Suite *shortfall_suite(void)
{
	Suite *s = suite_create("shortfall");
	TCase *tc = tcase_create("engines");

	tcase_add_test(tc, llamacpp_one_stream_for_six_requests);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(shortfall_suite)
