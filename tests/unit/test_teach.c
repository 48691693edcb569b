/*
 * test_teach.c - the GQA/MQA teaching table (src/core/compare/teach.c), worked by
 * hand.
 *
 * Setup: the DESIGN.md worked example (L = 40, Hq = 40, Hkv = 8, D = 128,
 * f16, 6 requests of 3,072 + 1,024 tokens, static reservation of 4,096
 * slots) with no weights (architecture fields zero: weight count 0), a
 * measured activation peak of 1 GiB, no overhead entries and no reserve,
 * on an 80 GiB card (85,899,345,920 bytes). Room for KV: 80 - 1 = 79 GiB
 * = 84,825,604,096 bytes = 80,896 MiB. Every Hkv stores
 * 2 x 40 x Hkv x 128 x 2 = 20,480 x Hkv bytes per position, and each
 * sequence 4,096 positions: 20,480 x 4,096 = 80 MiB per KV head.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/engine.h"
#include "kvplan/teach.h"

#define GIB 1073741824ull

static struct kvp_plan plan;
static struct kvp_teach teach;
static struct kvp_teach_scratch *scratch;

static void setup(void)
{
	kvp_plan_default(&plan);
	memset(&plan.model.arch, 0, sizeof plan.model.arch);
	plan.devices.activations_bytes = GIB;
	plan.devices.groups[0].card.capacity_bytes = 80 * GIB;
	plan.devices.n_overheads = 0;
	plan.devices.reserve_ppm = 0;
	plan.devices.reserve_bytes = 0;
	scratch = calloc(1, sizeof *scratch);
	ck_assert_ptr_nonnull(scratch);
}

static void teardown(void)
{
	free(scratch);
}

static void run(void)
{
	struct kvp_error err;

	ck_assert_msg(kvp_teach(&plan, &teach, scratch, &err) == KVP_OK, "%s", err.msg);
}

static const struct kvp_teach_row *row_of(uint32_t hkv)
{
	size_t i;

	for (i = 0; i < teach.n; i++)
		if (teach.rows[i].kv_heads == hkv)
			return &teach.rows[i];
	ck_abort_msg("no row for Hkv = %u", (unsigned)hkv);
	return NULL;
}

START_TEST(worked_example_rows)
{
	/* Hq = 40: divisors 40 20 10 8 5 4 2 1, largest first; the current
	 * 8 is one of them, so 8 rows. */
	static const uint32_t want[] = { 40, 20, 10, 8, 5, 4, 2, 1 };
	const struct kvp_teach_row *r;
	size_t i;

	run();
	ck_assert_uint_eq(teach.q_heads, 40);
	ck_assert_uint_eq(teach.current_kv_heads, 8);
	ck_assert_uint_eq(teach.trained_kv_heads, 8);
	ck_assert(teach.heads_matter);
	ck_assert(!teach.truncated);
	ck_assert_uint_eq(teach.n, 8);
	for (i = 0; i < 8; i++) {
		ck_assert_uint_eq(teach.rows[i].kv_heads, want[i]);
		ck_assert(teach.rows[i].ok);
		/* 40 query heads / Hkv */
		ck_assert_uint_eq(teach.rows[i].group, 40 / want[i]);
		ck_assert_uint_eq(teach.rows[i].current, want[i] == 8);
		/* 20,480 B per KV head per position */
		ck_assert_uint_eq(teach.rows[i].bytes_per_position, 20480ull * want[i]);
		/* x 6 sequences x 4,096 positions = 24,576 positions */
		ck_assert_uint_eq(teach.rows[i].bytes, 20480ull * want[i] * 24576ull);
		ck_assert_uint_eq(teach.rows[i].sequences, 6);
	}
	ck_assert_int_eq(teach.rows[0].kind, KVP_TEACH_MHA);
	ck_assert_int_eq(teach.rows[3].kind, KVP_TEACH_GQA);
	ck_assert_int_eq(teach.rows[7].kind, KVP_TEACH_MQA);
	ck_assert_str_eq(kvp_teach_kind_name(teach.rows[7].kind), "MQA");

	/* MHA: 819,200 B/pos, 20,132,659,200 B = 5 x 4,026,531,840 */
	r = row_of(40);
	ck_assert_uint_eq(r->bytes_per_position, 819200);
	ck_assert_uint_eq(r->bytes, 20132659200ull);
	ck_assert(r->ratio_known);
	ck_assert_uint_eq(r->ratio_num, 5);
	ck_assert_uint_eq(r->ratio_den, 1);
	ck_assert_uint_eq(r->ratio_milli, 5000);
	/* the current row: 1/1 */
	r = row_of(8);
	ck_assert_uint_eq(r->bytes, 4026531840ull);
	ck_assert_uint_eq(r->ratio_num, 1);
	ck_assert_uint_eq(r->ratio_den, 1);
	ck_assert_uint_eq(r->ratio_milli, 1000);
	/* 20 of 8 heads: 5/2 = 2.500 */
	r = row_of(20);
	ck_assert_uint_eq(r->ratio_num, 5);
	ck_assert_uint_eq(r->ratio_den, 2);
	ck_assert_uint_eq(r->ratio_milli, 2500);
	/* 5 of 8: 5/8 = 0.625 */
	r = row_of(5);
	ck_assert_uint_eq(r->bytes, 2516582400ull);   /* 102,400 x 24,576 */
	ck_assert_uint_eq(r->ratio_num, 5);
	ck_assert_uint_eq(r->ratio_den, 8);
	ck_assert_uint_eq(r->ratio_milli, 625);
	/* MQA: 20,480 B/pos, 503,316,480 B, 1/8 = 0.125 exactly */
	r = row_of(1);
	ck_assert_uint_eq(r->bytes, 503316480ull);
	ck_assert_uint_eq(r->ratio_num, 1);
	ck_assert_uint_eq(r->ratio_den, 8);
	ck_assert_uint_eq(r->ratio_milli, 125);
}
END_TEST

START_TEST(worked_example_fit)
{
	const struct kvp_teach_row *r;

	run();
	/* Hkv 8: 8 x 80 MiB = 640 MiB per request; 80,896 / 640 = 126.4
	 * -> 126 requests of one sequence each (as test_solve finds) */
	r = row_of(8);
	ck_assert(r->fit_known);
	ck_assert_uint_eq(r->fit_requests, 126);
	ck_assert_uint_eq(r->fit_sequences, 126);
	/* MHA: 40 x 80 = 3,200 MiB; 80,896 / 3,200 = 25.28 -> 25 */
	r = row_of(40);
	ck_assert(r->fit_known);
	ck_assert_uint_eq(r->fit_sequences, 25);
	/* 5 heads: 400 MiB; 80,896 / 400 = 202.24 -> 202 */
	ck_assert_uint_eq(row_of(5)->fit_sequences, 202);
	/* MQA: 80 MiB; 80,896 / 80 = 1,011.2 -> 1,011 */
	r = row_of(1);
	ck_assert_uint_eq(r->fit_requests, 1011);
	ck_assert_uint_eq(r->fit_sequences, 1011);
}
END_TEST

START_TEST(samples_count_sequences)
{
	/* 2 samples per request: MQA takes 2 x 80 = 160 MiB per request;
	 * 80,896 / 160 = 505.6 -> 505 requests, 1,010 sequences */
	plan.workload.classes[0].samples = 2;
	run();
	ck_assert_uint_eq(row_of(1)->fit_requests, 505);
	ck_assert_uint_eq(row_of(1)->fit_sequences, 1010);
	/* 6 requests x 2 samples resident in the plan itself */
	ck_assert_uint_eq(row_of(1)->sequences, 12);
}
END_TEST

START_TEST(rounded_thousandths)
{
	/* Hq = 12, current Hkv = 3: divisors 12 6 4 3 2 1. Bytes scale with
	 * Hkv, so each ratio is Hkv / 3 in lowest terms:
	 * 4/3 = 1.3333 -> 1,333; 2/3 = 0.6667 -> (2,000 + 1) / 3 = 667
	 * (rounded up); 1/3 = 0.3333 -> (1,000 + 1) / 3 = 333. */
	static const uint32_t want[] = { 12, 6, 4, 3, 2, 1 };
	size_t i;

	plan.model.q_heads = 12;
	plan.model.base.kv_heads = 3;
	plan.model.trained_kv_heads = 0;
	run();
	ck_assert_uint_eq(teach.n, 6);
	for (i = 0; i < 6; i++)
		ck_assert_uint_eq(teach.rows[i].kv_heads, want[i]);
	/* trained Hkv unknown: the current one */
	ck_assert_uint_eq(teach.trained_kv_heads, 3);
	ck_assert_uint_eq(row_of(12)->ratio_num, 4);
	ck_assert_uint_eq(row_of(12)->ratio_den, 1);
	ck_assert_uint_eq(row_of(4)->ratio_num, 4);
	ck_assert_uint_eq(row_of(4)->ratio_den, 3);
	ck_assert_uint_eq(row_of(4)->ratio_milli, 1333);
	ck_assert_uint_eq(row_of(2)->ratio_num, 2);
	ck_assert_uint_eq(row_of(2)->ratio_den, 3);
	ck_assert_uint_eq(row_of(2)->ratio_milli, 667);
	ck_assert_uint_eq(row_of(1)->ratio_milli, 333);
	ck_assert_uint_eq(row_of(6)->ratio_milli, 2000);
}
END_TEST

START_TEST(current_not_a_divisor)
{
	/* Hq = 40 with Hkv = 3 (not a divisor): 9 rows, the current one
	 * sorted between 4 and 2, with no query-heads-per-KV-head figure.
	 * The plan itself is refused (kvp_plan_validate: each KV head
	 * serves a whole group of query heads), so the current row says
	 * why and no other row has a ratio to it; the divisors compute:
	 * 8 heads: 163,840 B/pos x 24,576 = 4,026,531,840 B. */
	const struct kvp_teach_row *r;

	plan.model.base.kv_heads = 3;
	run();
	ck_assert_uint_eq(teach.n, 9);
	ck_assert_uint_eq(teach.rows[6].kv_heads, 3);
	r = row_of(3);
	ck_assert(r->current);
	ck_assert_uint_eq(r->group, 0);
	ck_assert_int_eq(r->kind, KVP_TEACH_GQA);
	ck_assert(!r->ok);
	ck_assert_ptr_nonnull(strstr(r->err.msg, "model.base.kv_heads: 3"));
	ck_assert(row_of(8)->ok);
	ck_assert_uint_eq(row_of(8)->bytes, 4026531840ull);
	ck_assert(!row_of(40)->ratio_known);
	ck_assert(!row_of(8)->current);
}
END_TEST

START_TEST(no_card)
{
	/* KV only: the rows compute, the fit search is not run */
	plan.devices.n_groups = 0;
	run();
	ck_assert_uint_eq(teach.n, 8);
	ck_assert(row_of(1)->ok);
	ck_assert(!row_of(1)->fit_known);
	ck_assert(!row_of(8)->fit_known);
	ck_assert_uint_eq(row_of(1)->ratio_milli, 125);
}
END_TEST

START_TEST(mla_heads_do_not_matter)
{
	/* MLA latent layers store kv_lora_rank + rope_dim = 512 + 64 = 576
	 * values once per position whatever Hkv: 40 x 576 x 2 B = 46,080
	 * B/pos in every row, ratio 1 everywhere. */
	size_t i;

	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.model.mla.v_head_dim = 128;
	run();
	ck_assert(!teach.heads_matter);
	for (i = 0; i < teach.n; i++) {
		ck_assert(teach.rows[i].ok);
		ck_assert_uint_eq(teach.rows[i].bytes_per_position, 46080);
		ck_assert_uint_eq(teach.rows[i].ratio_milli, 1000);
	}
}
END_TEST

START_TEST(truncated_divisors)
{
	/* 720,720 = 2^4 x 3^2 x 5 x 7 x 11 x 13 has 5 x 3 x 2 x 2 x 2 x 2 =
	 * 240 divisors: the table keeps 48 rows, MHA (720,720), the current
	 * (8) and MQA (1) among them, largest first. No card: no search. */
	plan.model.q_heads = 720720;
	plan.devices.n_groups = 0;
	run();
	ck_assert(teach.truncated);
	ck_assert_uint_eq(teach.n, KVP_TEACH_MAX_ROWS);
	ck_assert_uint_eq(teach.rows[0].kv_heads, 720720);
	ck_assert_uint_eq(teach.rows[teach.n - 1].kv_heads, 1);
	ck_assert(row_of(8)->current);
	/* the next largest divisors: 720,720 / 2 = 360,360, / 3 = 240,240 */
	ck_assert_uint_eq(teach.rows[1].kv_heads, 360360);
	ck_assert_uint_eq(teach.rows[2].kv_heads, 240240);
}
END_TEST

/* The model alone: one class-0 sequence of 3,072 + 1,024 = 4,096
 * tokens, generic, no TP: B/pos = 2 x 40 x Hkv x 128 x 2 = 20,480 x
 * Hkv, the sequence 83,886,080 x Hkv B. Under vLLM (a fixed pool) the
 * ratios are per position: MQA 1/8 = 125 thousandths, MHA 5,000. */
START_TEST(model_alone_under_vllm)
{
	const struct kvp_teach_row *r;

	plan.engine.kind = KVP_ENGINE_VLLM;
	run();
	r = row_of(1);
	ck_assert(r->seq_known);
	ck_assert_uint_eq(r->model_bytes_per_position, 20480);
	ck_assert_uint_eq(r->seq_bytes, 83886080);
	ck_assert_uint_eq(r->ratio_milli, 125);
	r = row_of(40);
	ck_assert_uint_eq(r->seq_bytes, 3355443200ull);
	ck_assert_uint_eq(r->ratio_milli, 5000);
}
END_TEST

/* TP 8 on 8 cards: 8 heads -> 1 per rank, 20,480 B/pos per rank; 4, 2
 * and 1 are replicated: 1 head and 20,480 B/pos per rank each; 40 -> 5
 * heads, 102,400 B/pos per rank; 20 does not split over 8 ranks. */
START_TEST(ranks_under_tp)
{
	const struct kvp_teach_row *r;

	plan.devices.tp = 8;
	plan.devices.groups[0].count = 8;
	run();
	r = row_of(8);
	ck_assert_uint_eq(r->ranks, 8);
	ck_assert_uint_eq(r->heads_per_rank, 1);
	ck_assert_uint_eq(r->rank_bytes_per_position, 20480);
	ck_assert(!r->replicated);
	r = row_of(2);
	ck_assert(r->replicated);
	ck_assert_uint_eq(r->heads_per_rank, 1);
	ck_assert_uint_eq(r->rank_bytes_per_position, 20480);
	ck_assert_uint_eq(r->model_bytes_per_position, 40960);
	ck_assert_uint_eq(r->ratio_milli, 250);
	r = row_of(40);
	ck_assert_uint_eq(r->heads_per_rank, 5);
	ck_assert_uint_eq(r->rank_bytes_per_position, 102400);
	r = row_of(20);
	ck_assert(!r->ok);
	ck_assert_uint_eq(r->heads_per_rank, 0);
}
END_TEST

START_TEST(bad_heads)
{
	struct kvp_error err;

	plan.model.q_heads = 0;
	ck_assert_int_eq(kvp_teach(&plan, &teach, scratch, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.q_heads"));
	plan.model.q_heads = 40;
	plan.model.base.kv_heads = 0;
	ck_assert_int_eq(kvp_teach(&plan, &teach, scratch, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "model.base.kv_heads"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("teach");
	TCase *tc = tcase_create("teach");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, worked_example_rows);
	tcase_add_test(tc, worked_example_fit);
	tcase_add_test(tc, samples_count_sequences);
	tcase_add_test(tc, rounded_thousandths);
	tcase_add_test(tc, current_not_a_divisor);
	tcase_add_test(tc, no_card);
	tcase_add_test(tc, mla_heads_do_not_matter);
	tcase_add_test(tc, truncated_divisors);
	tcase_add_test(tc, bad_heads);
	tcase_add_test(tc, model_alone_under_vllm);
	tcase_add_test(tc, ranks_under_tp);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
