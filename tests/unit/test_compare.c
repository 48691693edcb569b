/*
 * test_compare.c - kvp_compare (src/core/compare/compare.c) and kvp_translate
 * (src/core/compare/translate.c): every row equals a direct kvp_compute under
 * that engine, differences and their explanations are worked by hand
 * (the 256-cell padding of the a4 reference shape, the -83.3% of one
 * llama.cpp stream), refusals stay in their row, a bad plan fails as a
 * whole; translated settings are the largest that yield no more than the
 * starting setting (checked one step above), worked by hand for the byte
 * cap and llama.cpp's ctx_size.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "kvplan/compare.h"
#include "kvplan/solve.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/translate.h"

static struct kvp_plan plan;
static struct kvp_result res, direct;
static struct kvp_compare cmp;
static struct kvp_translation tr;

START_TEST(rows_match_direct_compute)
{
	struct kvp_error err;
	uint32_t i;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_compare(&plan, &res, &cmp, &err) == KVP_OK, "%s", err.msg);
	ck_assert_uint_eq(cmp.n_rows, KVP_ENGINE_COUNT);
	for (i = 0; i < cmp.n_rows; i++) {
		struct kvp_plan q = plan;

		q.engine.kind = (enum kvp_engine_kind)i;
		ck_assert_int_eq(cmp.rows[i].kind, i);
		ck_assert_int_eq(kvp_compute(&q, &direct), cmp.rows[i].status);
		if (cmp.rows[i].status != KVP_OK)
			continue;
		ck_assert_uint_eq(cmp.rows[i].kv_bytes, direct.kv.bytes);
		ck_assert_uint_eq(cmp.rows[i].tokens, direct.engine.tokens);
		ck_assert_uint_eq(cmp.rows[i].n_lines, direct.engine.n_lines);
		ck_assert(cmp.rows[i].why[0] != '\0');
	}
	/* generic: 4,026,531,840 B (DESIGN.md); llama.cpp with ctx_size 0 =
	 * n_ctx_train 4,096 and one sequence: 4,096 x 163,840 = 671,088,640,
	 * 3,355,443,200 B less = -83.3% */
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].kv_bytes, 4026531840ull);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_LLAMACPP].kv_bytes, 671088640ull);
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_LLAMACPP].diff_bytes, -3355443200ll);
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_LLAMACPP].diff_ppm, -833333);
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why, "-83.3%"));
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why, "1 of 6 requests fit"));
	/* transformers pads 6 equal rows: no difference */
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_TRANSFORMERS].diff_bytes, 0);
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_TRANSFORMERS].why, "+0.0%"));
}
END_TEST

START_TEST(requests_fit_counts_the_card)
{
	/* The default plan (6 x 4,096 tokens, 671,088,640 B each, generic
	 * static) on a card of 3 GiB = 3,221,225,472 B with a measured
	 * activation peak of 1 GiB, no overheads, no weights: 2,147,483,648
	 * B for KV, / 671,088,640 = 3.2 -> 3 of 6 fit under generic and
	 * transformers (one row each, padded to 4,096), not "6 of 6". The
	 * mix scaled: 3 requests of it fit. */
	struct kvp_error err;

	kvp_plan_default(&plan);
	memset(&plan.model.arch, 0, sizeof plan.model.arch);
	plan.devices.activations_bytes = 1ull << 30;
	plan.devices.groups[0].card.capacity_bytes = 3ull << 30;
	plan.devices.n_overheads = 0;
	ck_assert_msg(kvp_compare(&plan, &res, &cmp, &err) == KVP_OK, "%s", err.msg);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].requests, 6);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].requests_fit, 3);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_TRANSFORMERS].requests_fit, 3);
	/* workload_fit is calc's engine.workload_fit, devices not counted:
	 * transformers sizes one row per request, all 6 */
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_TRANSFORMERS].workload_fit, 6);
	ck_assert(cmp.rows[KVP_ENGINE_GENERIC].mix_bound);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].mix_fit, 3);
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_GENERIC].why,
	                             "3 requests of your mix fit (you have 6)"));
	/* an 80 GiB card: 84,825,604,096 / 671,088,640 = 126.4 -> all 6
	 * fit and 126 of the mix would */
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	ck_assert_int_eq(kvp_compare(&plan, &res, &cmp, &err), KVP_OK);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].requests_fit, 6);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_GENERIC].mix_fit, 126);
}
END_TEST

/* One meaning per figure (issue 33): each row's workload_fit is what
 * calc's record holds for that engine (result.engine.workload_fit), and
 * its requests_fit and mix_fit what calc's result.mix holds - the same
 * function, kvp_mix_of - on a plan that fits its card and on one that
 * does not (the 3 GiB card above). */
START_TEST(one_meaning_as_calc)
{
	static struct kvp_result calc, scratch;
	struct kvp_error err;
	uint64_t caps[2] = { 3ull << 30, 80ull << 30 };
	uint32_t i, c;

	for (c = 0; c < 2; c++) {
		kvp_plan_default(&plan);
		memset(&plan.model.arch, 0, sizeof plan.model.arch);
		plan.devices.activations_bytes = 1ull << 30;
		plan.devices.groups[0].card.capacity_bytes = caps[c];
		plan.devices.n_overheads = 0;
		ck_assert_int_eq(kvp_compare(&plan, &res, &cmp, &err), KVP_OK);
		for (i = 0; i < KVP_ENGINE_COUNT; i++) {
			struct kvp_plan q = plan;
			const struct kvp_compare_row *row = &cmp.rows[i];

			if (row->status != KVP_OK)
				continue;
			kvp_engine_switch(&q.engine, (enum kvp_engine_kind)i);
			ck_assert_int_eq(kvp_compute(&q, &calc), KVP_OK);
			kvp_mix_of(&q, &scratch, &calc.mix);
			ck_assert_uint_eq(row->workload_fit, calc.engine.workload_fit);
			ck_assert_uint_eq(row->requests_fit, calc.mix.requests_fit);
			ck_assert_uint_eq(row->mix_fit, calc.mix.mix_fit);
			ck_assert(row->mix_bound == calc.mix.bound);
		}
	}
}
END_TEST

START_TEST(padding_explained)
{
	struct kvp_error err;

	/* -c 4096 -np 6: n_ctx_seq = pad256(682) = 768, 6 streams = 4,608
	 * cells for 4,096 asked: +12.5% from 256-cell padding */
	kvp_plan_default(&plan);
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.parallel = 6;
	ck_assert_msg(kvp_compare(&plan, &res, &cmp, &err) == KVP_OK, "%s", err.msg);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_LLAMACPP].cells, 768);
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_LLAMACPP].streams, 6);
	ck_assert_msg(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why,
	                     "+12.5% from 256-cell padding (4608 cells for ctx_size 4096)"),
	              "%s", cmp.rows[KVP_ENGINE_LLAMACPP].why);
	/* streams of 768 cells hold none of the 4,096-token requests */
	ck_assert_uint_eq(cmp.rows[KVP_ENGINE_LLAMACPP].workload_fit, 0);
	ck_assert_ptr_null(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why, "V rows padded"));
	ck_assert_ptr_null(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why, "-ctk/-ctv"));

	/* flash attention off with V widths 64 (layers 0-9) and 128: every
	 * V row padded to 8 x 128; q8_0 K named as not the model's f16 */
	plan.model.n_rules = 1;
	ck_assert_int_eq(kvp_rule_parse("0-9:v_dim=64", &plan.model.rules[0], &err), KVP_OK);
	plan.engine.llamacpp.flash_attn = KVP_OFF;
	plan.engine.llamacpp.cache_type_k = KVP_DT_Q8_0;
	ck_assert_msg(kvp_compare(&plan, &res, &cmp, &err) == KVP_OK, "%s", err.msg);
	ck_assert_msg(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why,
	                     "; V rows padded to the widest (FA off)"),
	              "%s", cmp.rows[KVP_ENGINE_LLAMACPP].why);
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].why,
	                             "; -ctk/-ctv q8_0/f16 (model f16/f16)"));
}
END_TEST

START_TEST(refusal_stays_in_its_row)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	plan.engine.llamacpp.flash_attn = KVP_OFF;
	plan.engine.llamacpp.cache_type_v = KVP_DT_Q8_0;
	ck_assert_int_eq(kvp_compare(&plan, &res, &cmp, &err), KVP_OK);
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_LLAMACPP].status, KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(cmp.rows[KVP_ENGINE_LLAMACPP].error,
	                             "quantized V cache requires flash_attn"));
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_GENERIC].status, KVP_OK);
	ck_assert_int_eq(cmp.rows[KVP_ENGINE_TRANSFORMERS].status, KVP_OK);
	/* a bad plan fails as a whole, naming the field */
	plan.model.q_heads = 0;
	ck_assert_int_eq(kvp_compare(&plan, &res, &cmp, &err), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.q_heads"));
}
END_TEST

START_TEST(translate_settings)
{
	struct kvp_error err;
	struct kvp_plan q;
	uint64_t t;
	uint32_t i;

	kvp_plan_default(&plan);
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	plan.devices.activations_bytes = 1ull << 30;
	plan.devices.n_overheads = 0;
	ck_assert_msg(kvp_translate(&plan, KVP_KNOB_VLLM_UTIL, 900000, &res, &tr, &err) == KVP_OK,
	              "%s", err.msg);
	t = tr.target_bytes;
	/* the starting setting yields what vLLM computes at 0.9 */
	q = plan;
	q.engine.kind = KVP_ENGINE_VLLM;
	q.engine.vllm.gpu_memory_utilization = 900000;
	ck_assert_int_eq(kvp_compute(&q, &direct), KVP_OK);
	ck_assert_uint_eq(t, direct.kv.bytes);
	/* byte cap: vLLM keeps floor(cap / 65,536 / 40) blocks of 2,621,440 B
	 * (40 layers x 65,536), so the largest cap yielding t is
	 * t + 2,621,440 - 1, and it yields t exactly */
	ck_assert_int_eq(tr.rows[KVP_KNOB_BYTE_CAP].status, KVP_OK);
	ck_assert_uint_eq(tr.rows[KVP_KNOB_BYTE_CAP].value, t + 2621440 - 1);
	ck_assert_uint_eq(tr.rows[KVP_KNOB_BYTE_CAP].kv_bytes, t);
	/* llama.cpp, one sequence: 163,840 B per cell, cells in 256s:
	 * ctx = floor(t / 163,840 / 256) x 256 */
	ck_assert_uint_eq(tr.rows[KVP_KNOB_LLAMACPP_CTX].value, t / 163840 / 256 * 256);
	ck_assert_uint_eq(tr.rows[KVP_KNOB_LLAMACPP_CTX].kv_bytes,
	                  t / 163840 / 256 * 256 * 163840);
	/* fractions: the largest that does not exceed t; one ppm more does */
	for (i = KVP_KNOB_SGLANG_FRACTION; i <= KVP_KNOB_TRTLLM_FRACTION; i++) {
		const struct kvp_translate_row *r = &tr.rows[i];

		ck_assert_msg(r->status == KVP_OK, "%s", r->error);
		ck_assert_uint_le(r->kv_bytes, t);
		q = plan;
		if (i == KVP_KNOB_SGLANG_FRACTION) {
			q.engine.kind = KVP_ENGINE_SGLANG;
			q.engine.sglang.mem_fraction_static = (uint32_t)r->value + 1;
		} else {
			q.engine.kind = KVP_ENGINE_TRTLLM;
			q.engine.trtllm.free_gpu_memory_fraction = (uint32_t)r->value + 1;
		}
		ck_assert_int_eq(kvp_compute(&q, &direct), KVP_OK);
		ck_assert_uint_gt(direct.kv.bytes, t);
	}
	/* no card: fractions cannot be translated, the cap still can */
	plan.devices.n_groups = 0;
	ck_assert_int_eq(kvp_translate(&plan, KVP_KNOB_BYTE_CAP, 1ull << 30, &res, &tr, &err),
	                 KVP_OK);
	ck_assert_int_ne(tr.rows[KVP_KNOB_VLLM_UTIL].status, KVP_OK);
	ck_assert_ptr_nonnull(strstr(tr.rows[KVP_KNOB_VLLM_UTIL].error, "devices"));
	/* 2^30 / 2,621,440 = 409 blocks = 1,072,168,960 B; llama.cpp
	 * 1,072,168,960 / 163,840 = 6,544 cells -> 6,400 (25 x 256) */
	ck_assert_uint_eq(tr.target_bytes, 1072168960ull);
	ck_assert_uint_eq(tr.rows[KVP_KNOB_LLAMACPP_CTX].value, 6400);
}
END_TEST

START_TEST(knob_names)
{
	enum kvp_knob k;
	struct kvp_error err;

	ck_assert_int_eq(kvp_knob_parse("gpu_memory_utilization", &k, &err), KVP_OK);
	ck_assert_int_eq(k, KVP_KNOB_VLLM_UTIL);
	ck_assert_int_eq(kvp_knob_parse("engine.sglang.mem_fraction_static", &k, &err), KVP_OK);
	ck_assert_int_eq(k, KVP_KNOB_SGLANG_FRACTION);
	ck_assert_int_eq(kvp_knob_parse("ctx_size", &k, &err), KVP_OK);
	ck_assert_int_eq(k, KVP_KNOB_LLAMACPP_CTX);
	ck_assert_int_eq(kvp_knob_parse("nope", &k, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "'nope'"));
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_translate(&plan, KVP_KNOB_VLLM_UTIL, 2000000, &res, &tr, &err),
	                 KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(err.msg, "engine.vllm.gpu_memory_utilization"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("compare");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, rows_match_direct_compute);
	tcase_add_test(tc, requests_fit_counts_the_card);
	tcase_add_test(tc, one_meaning_as_calc);
	tcase_add_test(tc, padding_explained);
	tcase_add_test(tc, refusal_stays_in_its_row);
	tcase_add_test(tc, translate_settings);
	tcase_add_test(tc, knob_names);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
