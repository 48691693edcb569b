/*
 * test_engine_sglang.c - SGLang's pools as its logs state them
 * (src/core/engines/sglang/, src/core/reconcile/reconcile.c): the single
 * "KV size" an MLA or DSA pool prints is the whole cache of a rank, and
 * reconcile prices it so. Expected figures worked by hand from the
 * public line of sglang PR #11309 (DeepSeek-V3.2, fp8 cache, pages of
 * 64): "KV Cache is allocated. #tokens: 975424, KV size: 43.67 GB".
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "kvplan/compute.h"
#include "kvplan/reconcile.h"

#include "check_main.h"

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_log log_;
static struct kvp_reconcile rec;

/* DeepSeek-V3.2's shape: 61 MLA layers, latent 512 + rope 64, indexer
 * keys of 128, fp8 cache, SGLang pages of 64. */
static void dsa_plan(void)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 61;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.q_heads = 128;
	plan.model.base.kv_heads = 1;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.model.mla.v_head_dim = 128;
	plan.model.indexer.head_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_FP8);
	plan.model.arch.max_positions = 163840;
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.page_size = 64;
	plan.engine.sglang.max_total_tokens = 975424;
	plan.devices.n_groups = 0;
}

/* The row reconcile gives the line's "KV size", or NULL; no row may read
 * it as a V figure. */
static const struct kvp_rec_row *kv_size_row(const char *line)
{
	struct kvp_error err;
	uint32_t i;

	kvp_log_init(&log_);
	kvp_log_parse_text(&log_, line, strlen(line));
	ck_assert_int_eq(log_.engine, KVP_ENGINE_SGLANG);
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log_.engine, log_.obs, log_.n_obs,
	                               1, 0, &rec, &err), KVP_OK);
	for (i = 0; i < rec.n_rows; i++)
		ck_assert_msg(strncmp(rec.rows[i].figure, "V ", 2),
		              "the KV size read as %s", rec.rows[i].figure);
	for (i = 0; i < rec.n_rows; i++)
		if (rec.rows[i].is_bytes && rec.rows[i].has_computed &&
		    rec.rows[i].has_observed && rec.rows[i].cls == KVP_REC_ARITHMETIC)
			return &rec.rows[i];
	return NULL;
}

/* A DSA layer stores 512 fp8 + 512 / 128 x 4 B of scales + 64 x 2 B of
 * bf16 rope = 656 B of latent and 128 + 128 / 128 x 4 = 132 B of indexer
 * keys: 788 B; the pool holds 975,424 + 64 rows: 975,488 x 61 x 788 =
 * 46,889,757,184 B = 43.669 GiB, printed 43.67 (GB meaning GiB). Priced
 * as a V figure or without the indexer it would be 0 or 39.0 GiB. */
START_TEST(sglang_dsa_kv_size_is_the_whole_cache)
{
	const struct kvp_rec_row *r;

	dsa_plan();
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	r = kv_size_row("[2025-10-07 23:17:19 DP0 TP0] KV Cache is allocated. "
	                "#tokens: 975424, KV size: 43.67 GB\n");
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->computed, 46889757184ull);
	ck_assert_msg(r->match, "%s: observed %llu", r->figure,
	              (unsigned long long)r->observed);
	/* 39.00 GB (the latent alone, 975,488 x 61 x 656 B = 36.36 GiB, is
	 * not it either): a mismatch */
	r = kv_size_row("[2025-10-07 23:17:19 DP0 TP0] KV Cache is allocated. "
	                "#tokens: 975424, KV size: 39.00 GB\n");
	ck_assert_ptr_nonnull(r);
	ck_assert(!r->match);
}
END_TEST

/* SGLang's NSATokenToKVPool (memory_pool.py) allocates the indexer's
 * index_k_with_scale_buffer for every layer in range(layer_num), whatever
 * the config's IndexCache schedule: with index_topk_freq 4 (GLM-5.2's)
 * the pool is the same 46,889,757,184 B as above. */
START_TEST(sglang_dsa_index_cache_every_layer)
{
	dsa_plan();
	plan.model.indexer.topk_freq = 4;
	plan.model.indexer.skip_offset = 3;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 46889757184ull);
	ck_assert_uint_eq(kvp_layer_rec(&res, 3)->index_row_bytes, 132);
}
END_TEST

/* A plain MLA pool (DeepSeek-V2-Lite's shape, bf16, page 1): (512 + 64)
 * x 2 = 1,152 B a layer, 27 layers; 100,000 tokens + 1 row: 100,001 x 27
 * x 1,152 = 3,110,431,104 B = 2.8968 GiB, printed "2.90". */
START_TEST(sglang_mla_kv_size)
{
	const struct kvp_rec_row *r;

	dsa_plan();
	plan.model.n_layers = 27;
	plan.model.indexer.head_dim = 0;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.engine.sglang.page_size = 1;
	plan.engine.sglang.max_total_tokens = 100000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_str_eq(res.engine.lines[0],
	                 "KV Cache is allocated. #tokens: 100000, KV size: 2.90 GB");
	r = kv_size_row("[2026-01-01 00:00:00 TP0] KV Cache is allocated. "
	                "#tokens: 100000, KV size: 2.90 GB\n");
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->computed, 3110431104ull);
	ck_assert(r->match);
}
END_TEST

/* SGLang's own default, as its server_args print it: the docs' notebooks
 * built on the H100 runner (nvidia-smi total 81,559 MiB, tp 1) print
 * mem_fraction_static=0.835 (2026-02-05, sglang docs offline engine
 * notebook; stored copy code index file 15094997619), and a 0.4.x
 * server 0.88 (sglang CI log of 2025-01-15, actions run 12797036847).
 * kvplan's rule: 512 + 8,192 x 1.5 + 256 x 2 + 128 = 13,440 MiB, what
 * that run reserved (round(68,119 / 81,559, 3) = 0.835), and the
 * piecewise prefill graphs that became the default since: 74 capture
 * sizes up to 8,192 (8 + 14 + 8 + 28 + 16) x 8 = 592 MiB, 14,032 MiB in
 * all, round(67,527 / 81,559, 3) = 0.828 - below the printed 0.835,
 * never above it. */
START_TEST(sglang_fraction_as_printed)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.groups[0].card.capacity_bytes = 81559ull << 20;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_msg(strstr(res.engine.note, "mem_fraction_static 0.828;"), "%s",
	              res.engine.note);
	strcpy(plan.engine.version, "0.4.1");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_msg(strstr(res.engine.note, "mem_fraction_static 0.88;"), "%s",
	              res.engine.note);
}
END_TEST

/* The fraction's reserve with the plan's own options (server_args.py
 * _handle_gpu_memory_settings, PR #10975 on), worked by hand on the
 * H100's 81,559 MiB at tp 1 (ps / 8 x 1024 = 128 MiB), the prefill
 * graphs 8 MiB a capture size up to the chunk (74 sizes to 8,192, 58 to
 * 4,096, 106 to 16,384: 8 + 14 + 8 + 28 + (16,384 - 4,352) / 256 + 1):
 *   --chunked-prefill-size 16384 --cuda-graph-max-bs 512: 512 + 24,576
 *     + 1,024 + 128 + 848 = 27,088 MiB, round(54,471 / 81,559, 3) =
 *     round(0.66787) = 0.668
 *   --chunked-prefill-size -1 (max_prefill_tokens 16,384 in its place,
 *     max bs 256 by the card): 512 + 24,576 + 512 + 128 + 848 = 26,576
 *     MiB, round(54,983 / 81,559, 3) = round(0.67415) = 0.674
 *   the same with --max-prefill-tokens 4096: 512 + 6,144 + 512 + 128 +
 *     464 = 7,760 MiB, raised to 10,240 on a card over 60 GiB,
 *     round(71,319 / 81,559, 3) = 0.874
 * and at 0.4.9 (PR #7054's table: (9.5 + 1 / 2) x 1024 = 10,240 MiB) the
 * options do not enter: 0.874 with or without them. An MLA model's
 * prefill graphs take 1.5 GiB: 512 + 12,288 + 512 + 128 + 1,536 =
 * 14,976 MiB, round(66,583 / 81,559, 3) = round(0.81638) = 0.816. */
static void expect_fraction(const char *want)
{
	char s[48];

	snprintf(s, sizeof s, "mem_fraction_static %s;", want);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_msg(strstr(res.engine.note, s), "want %s: %s", want, res.engine.note);
}

START_TEST(sglang_fraction_with_options)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.groups[0].card.capacity_bytes = 81559ull << 20;
	plan.engine.sglang.chunked_prefill_size = 16384;
	plan.engine.sglang.cuda_graph_max_bs = 512;
	expect_fraction("0.668");
	plan.engine.sglang.cuda_graph_max_bs = 0;
	plan.engine.sglang.chunked_prefill_size = -1;
	expect_fraction("0.674");
	plan.engine.sglang.max_prefill_tokens = 4096;
	expect_fraction("0.874");
	strcpy(plan.engine.version, "0.4.9");
	plan.engine.sglang.chunked_prefill_size = 16384;
	plan.engine.sglang.cuda_graph_max_bs = 512;
	expect_fraction("0.874");
	dsa_plan();
	plan.engine.sglang.max_total_tokens = 0;
	plan.devices.n_groups = 1;
	plan.devices.groups[0].card.capacity_bytes = 81559ull << 20;
	expect_fraction("0.816");
}
END_TEST

/* A model with a vision tower: SGLang multiplies its default by 0.95 x
 * a factor clamped to [0.8, 1.05] (adjust_mem_fraction_for_vlm); kvplan
 * takes the least, 0.76, and says so: 0.828 x 0.76 = 0.62928 on the
 * H100. A fraction the plan gives is kept as given. */
START_TEST(sglang_fraction_vlm)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.groups[0].card.capacity_bytes = 81559ull << 20;
	plan.model.arch.tower_params = 400000000;
	expect_fraction("0.62928");
	ck_assert_msg(strstr(res.engine.note, "x 0.76, the least "
	              "adjust_mem_fraction_for_vlm gives"), "%s", res.engine.note);
	/* weights past 0.76 x the default: refused naming the bound, not
	 * as SGLang's own 'Not enough memory' */
	plan.model.arch.tower_params = 40000000000ull;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "engine.sglang.mem_fraction_static: not "
	              "given, and the weights do not fit in 0.629280"), "%s", res.error.msg);
	plan.model.arch.tower_params = 400000000;
	plan.engine.sglang.mem_fraction_static = 850000;
	expect_fraction("0.85");
	ck_assert_ptr_null(strstr(res.engine.note, "adjust_mem_fraction_for_vlm"));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("engine_sglang");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, sglang_dsa_kv_size_is_the_whole_cache);
	tcase_add_test(tc, sglang_dsa_index_cache_every_layer);
	tcase_add_test(tc, sglang_mla_kv_size);
	tcase_add_test(tc, sglang_fraction_as_printed);
	tcase_add_test(tc, sglang_fraction_with_options);
	tcase_add_test(tc, sglang_fraction_vlm);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
