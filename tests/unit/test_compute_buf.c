/*
 * test_compute_buf.c - llama.cpp's output buffer (exact) and compute
 * buffers (kvplan's ESTIMATE, src/core/engines/llamacpp/compute_buf.c) against public
 * startup logs: every row of tests/data/logs/compute_buffers.tsv (the
 * line, its source, the run's model and settings) is rebuilt as a plan,
 * computed, and the printed figure read back by the log reader.
 *
 * The estimate's error on each compute row is printed and bounded
 * (ERR_BOUND_PPM, tighter than the +-10 % kvplan states for models it
 * was not checked on). Measured on the rows (printed value - estimate):
 *   l3-8b-cpu-c512          CPU        258.50 MiB   0
 *   l3-8b-cuda-c512         CUDA0      258.50 MiB   0
 *                           CUDA_Host    9.01 MiB   +0.11 % (the small
 *                                       inputs kvplan leaves out)
 *   l32-1b-cpu-c4096        CPU        280.01 MiB   +0.004 %
 *   r1-llama-8b-cuda-np4    CUDA0      560.00 MiB   0
 *                           CUDA_Host   24.01 MiB   +0.04 %
 * Worked by hand (T = 512 tokens, 4 B values, compute_buf.c's rule):
 *   Llama-3-8B, 512 cells, no flash attention: output 512 x (128,256 +
 *   4,096) x 4 = 271,056,896 (258.50 MiB); attention 512 x (4,096 + 4,096
 *   + 8,192) x 4 + 512 x 512 x 4 + 512 x 512 x 32 x 4 = 68,157,440; MLP
 *   512 x (8,192 + 28,672) x 4 = 75,497,472: the output is the peak. Its
 *   host side on a card: 512 x 4,096 x 4 + 512 x 512 x 4 = 9,437,184.
 *   Llama-3.2-1B, 4,096 cells: attention 512 x (2,048 + 2,048 + 4,096) x
 *   4 + 4,096 x 512 x 4 + 4,096 x 512 x 32 x 4 = 293,601,280 (280.00
 *   MiB) over the output's 266,862,592.
 *   Llama-3-8B, 8,192 cells: attention 33,554,432 + 16,777,216 +
 *   536,870,912 = 587,202,560 (560.00 MiB); host 8,388,608 + 16,777,216
 *   = 25,165,824.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/reconcile.h"
#include "kvplan/result.h"
#include "check_main.h"
#include "test_files.h"

#define ROWS KVP_SRCDIR "/tests/data/logs/compute_buffers.tsv"
#define ERR_BOUND_PPM 10000   /* 1 % */
#define NF 19

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_log log_;

static uint64_t u(const char *s)
{
	return strtoull(s, NULL, 10);
}

/* The run of one row as a plan (llama.cpp, one card). */
static void build(char **f)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = (uint32_t)u(f[2]);
	plan.model.arch.hidden = u(f[3]);
	plan.model.q_heads = (uint32_t)u(f[4]);
	plan.model.base.kv_heads = (uint32_t)u(f[5]);
	plan.model.base.k_dim = plan.model.base.v_dim = (uint32_t)u(f[6]);
	plan.model.arch.intermediate = u(f[7]);
	plan.model.arch.vocab = u(f[8]);
	plan.model.arch.gated_mlp = true;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = u(f[9]);
	plan.engine.llamacpp.batch_size = u(f[10]);
	plan.engine.llamacpp.ubatch_size = u(f[11]);
	plan.engine.llamacpp.parallel = (uint32_t)u(f[12]);
	plan.engine.llamacpp.kv_unified = u(f[13]) != 0;
	plan.engine.llamacpp.flash_attn = !strcmp(f[14], "on") ? KVP_ON : KVP_OFF;
	plan.engine.llamacpp.n_gpu_layers = (int32_t)strtol(f[15], NULL, 10);
	plan.engine.llamacpp.embeddings = u(f[16]) != 0;
	plan.devices.activations_bytes = 0;
	/* the public runs are of 2024-25 builds, before PRs #23764 (the f16
	 * mask) and #23861 (fewer logits rows): b9272, the last build known
	 * without either, has every other llama.cpp rule they ran with */
	memcpy(plan.engine.version, "b9272", 6);
}

/* The figure the line states, read by the log reader. */
static const struct kvp_observation *observed(const char *line)
{
	kvp_log_init(&log_);
	kvp_log_feed_line(&log_, line, strlen(line));
	kvp_log_finish(&log_);
	ck_assert_msg(log_.n_obs == 1, "not read: %s", line);
	return &log_.obs[0];
}

/* A hand-written row (the table's columns) built and computed, its
 * layers split over `gpus` cards (--pp) when above 1. */
static void compute_on(char *row, uint32_t gpus)
{
	char *f[NF];

	ck_assert_int_eq(tsv_split(row, f, NF), NF);
	build(f);
	if (gpus > 1) {
		plan.devices.pp = gpus;
		plan.devices.groups[0].count = gpus;
	}
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

static void compute_row(char *row)
{
	compute_on(row, 1);
}

/* The plan as it now stands, computed: device d's compute buffer. */
static uint64_t recompute(uint32_t d)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	return res.devices[d].compute_bytes;
}

START_TEST(every_public_line)
{
	FILE *fp = fopen(ROWS, "r");
	static char buf[4096];
	int rows = 0, compute_rows = 0;
	char models[8][32];
	int n_models = 0, k;

	ck_assert_msg(fp != NULL, "cannot open %s", ROWS);
	char *f[NF];

	while (tsv_row(fp, buf, sizeof buf, f, NF)) {
		const struct kvp_observation *o;
		uint64_t want;

		build(f);
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", f[0],
		              res.error.msg);
		o = observed(f[18]);
		if (!strcmp(f[17], "output")) {
			/* exact, within the print rounding */
			ck_assert_int_eq(o->kind, KVP_OBS_OUTPUT_BYTES);
			want = res.host.logits_bytes;
			ck_assert_msg(o->value + o->tolerance >= want &&
			              o->value <= want + o->tolerance,
			              "%s: output %llu, printed %llu +- %llu", f[0],
			              (unsigned long long)want,
			              (unsigned long long)o->value,
			              (unsigned long long)o->tolerance);
		} else {
			long long err;

			ck_assert_int_eq(o->kind, KVP_OBS_COMPUTE_BYTES);
			ck_assert_str_eq(o->device, f[17]);
			want = !strcmp(f[17], "CUDA0") ? res.devices[0].compute_bytes
			                               : res.host.compute_bytes;
			ck_assert_int_eq(res.host.compute_kind, KVP_FIG_ESTIMATE);
			ck_assert(want > 0);
			err = (long long)(((__int128)o->value - (__int128)want) *
			                  1000000 / (__int128)want);
			printf("compute buffer %-28s %-9s printed %12llu, estimate "
			       "%12llu, error %+lld ppm\n", f[0], f[17],
			       (unsigned long long)o->value,
			       (unsigned long long)want, err);
			ck_assert_msg(err <= ERR_BOUND_PPM && err >= -ERR_BOUND_PPM,
			              "%s %s: error %lld ppm", f[0], f[17], err);
			compute_rows++;
		}
		for (k = 0; k < n_models && strcmp(models[k], f[0]); k++)
			;
		if (k == n_models && n_models < 8)
			snprintf(models[n_models++], sizeof models[0], "%.31s", f[0]);
		rows++;
	}
	fclose(fp);
	ck_assert_int_ge(compute_rows, 6);
	ck_assert_int_ge(n_models, 4);   /* four different runs */
	ck_assert_int_ge(rows, 10);
}
END_TEST

/* Hand-worked: the Llama-3-8B CPU run's figures (header). */
START_TEST(llama3_8b_by_hand)
{
	char line[] = "x\tx\t32\t4096\t32\t8\t128\t14336\t128256\t512\t512\t512"
	              "\t1\t1\toff\t0\t0\tCPU\tx";

	compute_row(line);
	ck_assert_uint_eq(res.host.compute_bytes, 271056896ull);
	ck_assert_uint_eq(res.devices[0].compute_bytes, 0);
	ck_assert_uint_eq(res.host.logits_bytes, 513024ull);
	ck_assert_ptr_nonnull(strstr(res.host.compute_source, "estimate"));
	/* on the card (-ngl -1): the card 271,056,896, the host 9,437,184,
	 * and the generic activations estimate gives way */
	plan.engine.llamacpp.n_gpu_layers = -1;
	ck_assert_uint_eq(recompute(0), 271056896ull);
	ck_assert_uint_eq(res.devices[0].activations_bytes, 0);
	ck_assert_uint_eq(res.host.compute_bytes, 9437184ull);
	/* --embeddings: 4,096 floats more per output, 16,384 B */
	plan.engine.llamacpp.embeddings = true;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.host.logits_bytes, 513024ull + 16384ull);
	/* flash attention on, 8,192 cells: at b9272 the output phase of 512
	 * logits rows stays the peak; llama-server from PR #23861 computes
	 * min(512, n_parallel 1) = 1 row (132,352 x 4 = 529,408 B), so the
	 * MLP 512 x 36,864 x 4 = 75,497,472 beside the f16 mask 8,192 x 512
	 * x 2 = 8,388,608 is: 83,886,080; with --embeddings every token's
	 * row again */
	plan.engine.llamacpp.flash_attn = KVP_ON;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.embeddings = false;
	ck_assert_uint_eq(recompute(0), 271056896ull);
	plan.engine.version[0] = '\0';
	ck_assert_uint_eq(recompute(0), 83886080ull);
	plan.engine.llamacpp.embeddings = true;
	ck_assert_uint_eq(recompute(0), 271056896ull);
	/* four slots on the row's unified cache (one mask of 8,192 cells):
	 * four rows, 2,117,632 B, under the layers' 83,886,080 */
	plan.engine.llamacpp.embeddings = false;
	plan.engine.llamacpp.parallel = 4;
	ck_assert_uint_eq(recompute(0), 83886080ull);
	/* a draft model's n_max sets the rows: not given, every token's
	 * row, the most they can be; --draft-max 16: 4 x 17 = 68 rows,
	 * 35,999,744 B, under the layers; 200: 4 x 201 above 512, all */
	plan.draft = plan.model;
	ck_assert_uint_eq(recompute(0), 271056896ull);
	plan.engine.llamacpp.draft_max = 16;
	ck_assert_uint_eq(recompute(0), 83886080ull);
	plan.engine.llamacpp.draft_max = 200;
	ck_assert_uint_eq(recompute(0), 271056896ull);
}
END_TEST

/* Flash attention, Llama-3-8B's shape on one card, 512-token ubatch, at
 * 262,144 and 524,288 cells, where the layers (not the 271,056,896 B
 * output phase) are the peak. With the f16 mask (PR #23764, current
 * builds) the card holds residual, Q, KQV and merge 512 x 16,384 x 4 =
 * 33,554,432 or the MLP 512 x (8,192 + 28,672) x 4 = 75,497,472, beside
 * the mask cells x 512 x 2: 75,497,472 + 268,435,456 = 343,932,928 and
 * 75,497,472 + 536,870,912 = 612,368,384, 2 B a context token a ubatch
 * token, the slope unsloth measured on one GPU (compute_buf.c). Before
 * (b9272): the cast's moment, residual 8,388,608 + the f16 mask + the
 * f32 mask cells x 512 x 4: 8,388,608 + 268,435,456 + 536,870,912 =
 * 813,694,976 and 8,388,608 + 536,870,912 + 1,073,741,824 =
 * 1,619,001,344, 6 B. The host buffer holds the embedding rows
 * 8,388,608 and the mask input, f16 then f32. */
START_TEST(flash_attn_mask_by_release)
{
	char line[] = "x\tx\t32\t4096\t32\t8\t128\t14336\t128256\t262144\t512\t512"
	              "\t1\t1\ton\t-1\t0\tCUDA0\tx";

	compute_row(line);
	plan.engine.version[0] = '\0';        /* the current release */
	ck_assert_uint_eq(recompute(0), 343932928ull);
	ck_assert_uint_eq(res.host.compute_bytes, 8388608ull + 268435456ull);
	plan.engine.llamacpp.ctx_size = 524288;
	ck_assert_uint_eq(recompute(0), 612368384ull);
	memcpy(plan.engine.version, "b9272", 6);
	ck_assert_uint_eq(recompute(0), 1619001344ull);
	ck_assert_uint_eq(res.host.compute_bytes, 8388608ull + 1073741824ull);
	plan.engine.llamacpp.ctx_size = 262144;
	ck_assert_uint_eq(recompute(0), 813694976ull);
	/* without flash attention every build holds the f32 mask: KQ 262,144
	 * x 512 x 32 x 4 + the attention's 33,554,432 + the mask 536,870,912 */
	plan.engine.version[0] = '\0';
	plan.engine.llamacpp.flash_attn = KVP_OFF;
	ck_assert_uint_eq(recompute(0),
	                  17179869184ull + 33554432ull + 536870912ull);
}
END_TEST

/* The layer split over two GPUs (pipeline parallelism, compute_buf.c
 * layer_split) against two public GPU-0 lines, their builds' rules
 * (b9272: every token's logits row, f32 masks):
 *   llama.cpp PR #6122 (turn 20, March 2024): a Command-R v01 (40 layers
 *   of 8,192, 64 heads of 128 without GQA, n_ff 22,528, vocab 256,000)
 *   on two GPUs, -c 4096, no flash attention, "pipeline parallelism
 *   enabled (n_copies=4)", "CUDA0 compute buffer size = 672.01 MiB".
 *   Inputs 512 x 8,192 x 4 + 4,096 x 512 x 4 = 25,165,824, four copies
 *   100,663,296; attention 512 x 32,768 x 4 + KQ 4,096 x 512 x 64 x 4 =
 *   603,979,776: 704,643,072 B = 672.00 MiB.
 *   llama.cpp PR #16748 (a KoboldCpp user's log quoted there, Dec 2025;
 *   model and settings from LostRuins/koboldcpp issue 1882): Cydonia-24B
 *   (Mistral-Small: 40 layers of 5,120, 32 heads, 8 KV heads of 128,
 *   n_ff 32,768, vocab 131,072), two GPUs, -c 150272 -ub 4096, flash
 *   attention, "allocating 12710.31 MiB on device 0" (it failed). Inputs
 *   4,096 x 5,120 x 4 + the f32 mask 150,272 x 4,096 x 4 =
 *   2,545,942,528, four copies 10,183,770,112; the f16 cast
 *   1,231,028,224; the MLP 4,096 x 75,776 x 4 = 1,241,513,984:
 *   12,656,312,320 B = 12,070 MiB, -5 %.
 * And the slope unsloth measured per GPU on 2 to 8 GPUs at b10909: 8 B a
 * context token a ubatch token (4 f16 masks). */
START_TEST(layer_split_by_hand)
{
	char command_r[] = "x\tx\t40\t8192\t64\t64\t128\t22528\t256000\t4096"
	                   "\t2048\t512\t1\t1\toff\t-1\t0\tCUDA0\tx";
	char cydonia[] = "x\tx\t40\t5120\t32\t8\t128\t32768\t131072\t150272"
	                 "\t4096\t4096\t1\t1\ton\t-1\t0\tCUDA0\tx";
	char slope[] = "x\tx\t32\t4096\t32\t8\t128\t14336\t128256\t65536"
	               "\t512\t512\t1\t1\ton\t-1\t0\tCUDA0\tx";
	uint64_t a;

	compute_on(command_r, 2);
	ck_assert_int_eq(res.host.compute_kind, KVP_FIG_ESTIMATE);
	ck_assert_uint_eq(res.devices[0].compute_bytes, 704643072ull);
	compute_on(cydonia, 2);
	ck_assert_uint_eq(res.devices[0].compute_bytes, 12656312320ull);
	compute_on(slope, 2);
	plan.engine.version[0] = '\0';
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	a = res.devices[1].compute_bytes;
	plan.engine.llamacpp.ctx_size = 131072;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.devices[1].compute_bytes - a, 8ull * 65536 * 512);
}
END_TEST

/* reconcile reads the buffer lines: the output buffer as arithmetic, the
 * compute buffers as estimates within their tolerance. */
START_TEST(reconcile_reads_buffers)
{
	static const char *const lines[] = {
		"llama_new_context_with_model:  CUDA_Host  output buffer size =     0.49 MiB",
		"llama_new_context_with_model:      CUDA0 compute buffer size =   258.50 MiB",
		"llama_new_context_with_model:  CUDA_Host compute buffer size =     9.01 MiB",
	};
	char row[] = "x\tx\t32\t4096\t32\t8\t128\t14336\t128256\t512\t512\t512"
	             "\t1\t1\toff\t-1\t0\tCUDA0\tx";
	static struct kvp_reconcile rec;
	struct kvp_error err;
	size_t i;
	uint32_t r, est = 0, out = 0;

	compute_row(row);
	kvp_log_init(&log_);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		kvp_log_feed_line(&log_, lines[i], strlen(lines[i]));
	kvp_log_finish(&log_);
	ck_assert_uint_eq(log_.n_obs, 3);
	memset(&err, 0, sizeof err);
	ck_assert(kvp_reconcile(&plan, &res, KVP_ENGINE_LLAMACPP, log_.obs,
	                        log_.n_obs, 1, 0, &rec, &err) == KVP_OK);
	for (r = 0; r < rec.n_rows; r++) {
		const struct kvp_rec_row *w = &rec.rows[r];

		if (strstr(w->figure, "compute buffer")) {
			ck_assert_int_eq(w->cls, KVP_REC_ESTIMATE);
			ck_assert(w->has_computed && w->has_observed && w->match);
			ck_assert_uint_eq(w->tol_ppm, KVP_LC_COMPUTE_TOL_PPM);
			est++;
		}
		if (strstr(w->figure, "output buffer")) {
			ck_assert_int_eq(w->cls, KVP_REC_ARITHMETIC);
			ck_assert(w->match);
			out++;
		}
	}
	ck_assert_uint_eq(est, 2);
	ck_assert_uint_eq(out, 1);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
	/* an estimate 20 % off is outside: information, not a mismatch */
	res.devices[0].compute_bytes = res.devices[0].compute_bytes / 10 * 8;
	ck_assert(kvp_reconcile(&plan, &res, KVP_ENGINE_LLAMACPP, log_.obs,
	                        log_.n_obs, 1, 0, &rec, &err) == KVP_OK);
	for (r = 0; r < rec.n_rows; r++)
		if (strstr(rec.rows[r].figure, "CUDA0"))
			ck_assert(!rec.rows[r].match);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("compute_buf");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_public_line);
	tcase_add_test(tc, llama3_8b_by_hand);
	tcase_add_test(tc, flash_attn_mask_by_release);
	tcase_add_test(tc, layer_split_by_hand);
	tcase_add_test(tc, reconcile_reads_buffers);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
