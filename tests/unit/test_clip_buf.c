/*
 * test_clip_buf.c - the --mmproj vision encoder's compute buffer (an
 * ESTIMATE, src/core/engines/llamacpp/clip_buf.c) and its warmup image (the projector's
 * rule, kvp_clip_warmup_side) against public startup logs: every row of
 * tests/data/logs/clip_buffers.tsv is written as an mmproj GGUF with the
 * tower's keys, read as `--mmproj FILE` reads it (kvp_mmproj_apply), and
 * computed; the printed figure is read back by the log reader.
 *
 * Measured on the rows (printed - estimate, in ppm of the estimate; the
 * test bounds each at ERR_BOUND_PPM, kvplan states +-10 %):
 *   gemma3 (SigLIP 896/14, 4,096 patches)   FA on  121.25 MiB    0
 *                                           FA off 1132.00 MiB   0
 *                                           CPU      9.19 MiB    0
 *   qwen3vl_merger 1024 x 4096 (Qwen3.5-4B) FA on  223.30 MiB    -35,000
 *   qwen3vl_merger 1152 x 4304 (Qwen3.6)    FA on  248.10 MiB    -9,800
 *                                           FA off 4,884,066,560 B +13,500
 *                                           CPU     24.93 MiB    0
 * Worked by hand (clip_buf.c's rule, 4 B values):
 *   gemma3: n = (896 / 14)^2 = 4,096; mlp 4,096 x (4,304 + 3 x 1,152) x 4
 *   = 127,139,840 B = 121.25 MiB; FA off: 4,096^2 x 16 x 4 = 1,073,741,824
 *   + 4,096 x 6 x 1,152 x 4 = 113,246,208, sum 1,186,988,032 B = 1132.00
 *   MiB; host 896^2 x 3 x 4 = 9,633,792 B = 9.19 MiB.
 *   Qwen3.6: warmup 46 x 16 x 2 = 1,472, n = 92^2 = 8,464; mlp 8,464 x
 *   (4,304 + 3,456) x 4 = 262,722,560 B; FA off 8,464^2 x 16 x 4 =
 *   4,584,914,944 + 8,464 x 6,912 x 4 = 234,012,672, sum 4,818,927,616 B;
 *   host 1,472^2 x 12 = 26,001,408 + 8,464 x 4 x 4 = 135,424 (M-RoPE
 *   positions), sum 26,136,832 B = 24.93 MiB.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/gguf/gguf.h"
#include "io/logs/log_parse.h"
#include "io/gguf/mmproj.h"
#include "kvplan/clip.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/reconcile.h"
#include "kvplan/result.h"
#include "check_main.h"
#include "gguf_writer.h"
#include "test_files.h"

#define ROWS KVP_SRCDIR "/tests/data/logs/clip_buffers.tsv"
#define ERR_BOUND_PPM 50000   /* 5 % */
#define NF 14

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_log log_;
static char dir[256];

static void setup(void)
{
	tmpdir_make(dir, sizeof dir, "kvp_clip");
}

static void teardown(void)
{
	tmpdir_remove(dir);
}

static uint32_t u(const char *s)
{
	return (uint32_t)strtoul(s, NULL, 10);
}

/* w written to dir/name (path) and read back into g as --mmproj reads a
 * file's header. */
static void write_read(struct gw *w, const char *name, char *path, size_t n,
                       struct kvp_gguf *g)
{
	struct kvp_error err;

	snprintf(path, n, "%s/%s", dir, name);
	ck_assert_int_eq(gw_write(w, path), 0);
	gw_free(w);
	memset(g, 0, sizeof *g);
	ck_assert_msg(kvp_gguf_read_path(path, g, NULL, NULL, &err) == KVP_OK,
	              "%s", err.msg);
}

/* An mmproj GGUF with the row's keys (0 = key absent) and one f16 tensor
 * of 1,024 values; read back as --mmproj reads it, into the plan. */
static void load_mmproj(char **f, const int *deepstack, size_t n_ds,
                        bool audio)
{
	struct gw w;
	struct kvp_gguf g;
	struct kvp_error err;
	char path[320];
	const uint64_t ne[1] = { 1024 };
	static const char *const keys[] = {
		"clip.vision.image_size", "clip.vision.patch_size",
		"clip.vision.embedding_length", "clip.vision.attention.head_count",
		"clip.vision.feed_forward_length", "clip.vision.spatial_merge_size",
		"clip.vision.image_max_pixels" };
	size_t k;

	gw_init(&w);
	gw_str(&w, "general.architecture", "clip");
	gw_str(&w, "clip.projector_type", f[2]);
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (u(f[3 + k]))
			gw_u32(&w, keys[k], u(f[3 + k]));
	if (deepstack)
		gw_arr_bool(&w, "clip.vision.is_deepstack_layers", deepstack, n_ds);
	if (!audio)
		gw_bool(&w, "clip.has_vision_encoder", 1);
	if (audio) {
		gw_bool(&w, "clip.has_audio_encoder", 1);
		gw_str(&w, "clip.audio.projector_type", "qwen2.5o");
	}
	gw_tensor(&w, "v.blk.0.attn_q.weight", 1, 1, ne, 2048);
	write_read(&w, "mmproj.gguf", path, sizeof path, &g);
	ck_assert_msg(kvp_mmproj_apply(&g, path, &plan.engine.llamacpp, &err)
	              == KVP_OK, "%s", err.msg);
	kvp_gguf_free(&g);
}

/* The row's run: llama.cpp, DESIGN.md's default model on one card. */
static void build(char **f)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.flash_attn = !strcmp(f[11], "on") ? KVP_ON : KVP_OFF;
	load_mmproj(f, NULL, 0, false);
}

static void run(void)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

/* The figure a row's line states: a buffer line through the log reader,
 * or the byte count of a failed reservation. */
static bool printed(const char *line, char *dev, size_t n, uint64_t *v)
{
	const char *p = strstr(line, "buffer of size ");

	if (p) {
		snprintf(dev, n, "CUDA0");
		*v = strtoull(p + strlen("buffer of size "), NULL, 10);
		return true;
	}
	kvp_log_init(&log_);
	kvp_log_feed_line(&log_, line, strlen(line));
	kvp_log_finish(&log_);
	ck_assert_msg(log_.n_obs == 1, "not read: %s", line);
	ck_assert_int_eq(log_.obs[0].kind, KVP_OBS_ENC_COMPUTE_BYTES);
	snprintf(dev, n, "%s", log_.obs[0].device);
	*v = log_.obs[0].value;
	return false;
}

START_TEST(every_public_line)
{
	FILE *fp = fopen(ROWS, "r");
	static char buf[4096];
	int rows = 0, est_rows = 0, refused = 0;

	ck_assert_msg(fp != NULL, "cannot open %s", ROWS);
	char *f[NF];

	while (tsv_row(fp, buf, sizeof buf, f, NF)) {
		char dev[64];
		uint64_t got, want;
		long long err;

		build(f);
		rows++;
		ck_assert_msg(plan.engine.llamacpp.mmproj_warmup == u(f[10]),
		              "%s: warmup %u, the log %s", f[0],
		              plan.engine.llamacpp.mmproj_warmup, f[10]);
		run();
		if (!strcmp(f[12], "no")) {
			ck_assert_int_eq(res.parts.encoder_compute_kind, KVP_FIG_NONE);
			ck_assert_msg(strstr(res.parts.encoder_compute_source, f[2]),
			              "%s", res.parts.encoder_compute_source);
			ck_assert_uint_eq(res.parts.encoder_compute_bytes, 0);
			refused++;
			continue;
		}
		ck_assert_int_eq(res.parts.encoder_compute_kind, KVP_FIG_ESTIMATE);
		printed(f[13], dev, sizeof dev, &got);
		want = !strcmp(dev, "CPU") ? res.parts.encoder_compute_host_bytes
		                           : res.parts.encoder_compute_bytes;
		ck_assert(want > 0);
		err = (long long)(((__int128)got - (__int128)want) * 1000000 /
		                  (__int128)want);
		printf("encoder compute %-24s %-6s printed %12llu, estimate "
		       "%12llu, error %+lld ppm\n", f[0], dev,
		       (unsigned long long)got, (unsigned long long)want, err);
		ck_assert_msg(err <= ERR_BOUND_PPM && err >= -ERR_BOUND_PPM,
		              "%s %s: error %lld ppm", f[0], dev, err);
		est_rows++;
	}
	fclose(fp);
	ck_assert_int_ge(est_rows, 9);
	ck_assert_int_ge(refused, 3);
	ck_assert_int_ge(rows, 12);
}
END_TEST

/* Hand-worked (header): gemma3's figures, exact to the byte, and where
 * they go: device 0's encoder part and free bytes, host memory. */
START_TEST(gemma3_by_hand)
{
	char line[] = "x\tx\tgemma3\t896\t14\t1152\t16\t4304\t0\t0\t896\ton\tyes\t-";
	char *f[NF];
	int64_t free0;
	uint64_t host0;

	tsv_split(line, f, NF);
	build(f);
	plan.engine.llamacpp.mmproj_bytes = 0;
	run();
	free0 = res.devices[0].free_bytes;
	host0 = res.host.used_bytes;
	build(f);
	run();
	ck_assert_uint_eq(plan.engine.llamacpp.mmproj_bytes, 2048);
	ck_assert_uint_eq(res.parts.encoder_positions, 4096);
	ck_assert_uint_eq(res.parts.encoder_compute_bytes, 127139840ull);
	ck_assert_uint_eq(res.parts.encoder_compute_host_bytes, 9633792ull);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 2048 + 127139840ull);
	ck_assert_int_eq(free0 - res.devices[0].free_bytes, 2048 + 127139840ll);
	ck_assert_uint_eq(res.host.used_bytes - host0, 9633792ull);
	plan.engine.llamacpp.flash_attn = KVP_OFF;
	run();
	ck_assert_uint_eq(res.parts.encoder_compute_bytes, 1186988032ull);
	/* auto tries the FA graph first (clip.cpp warmup) */
	plan.engine.llamacpp.flash_attn = KVP_AUTO;
	run();
	ck_assert_uint_eq(res.parts.encoder_compute_bytes, 127139840ull);
	/* the warmup side is the plan's: a log's "warmup with image size =
	 * 448 x 448" given by hand gives (448 / 14)^2 = 1,024 patches,
	 * 1,024 x 7,760 x 4 = 31,784,960 B */
	plan.engine.llamacpp.mmproj_warmup = 448;
	run();
	ck_assert_uint_eq(res.parts.encoder_compute_bytes, 31784960ull);
	/* --no-mmproj-offload: the CPU backend alone holds the file and the
	 * whole peak; the card holds none of it */
	plan.engine.llamacpp.mmproj_warmup = 896;
	plan.engine.llamacpp.mmproj_offload = false;
	run();
	ck_assert(res.parts.encoder_on_host);
	ck_assert_uint_eq(res.parts.encoder_compute_bytes, 0);
	ck_assert_uint_eq(res.parts.encoder_compute_host_bytes, 127139840ull);
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 0);
	ck_assert_int_eq(res.devices[0].free_bytes, free0);
	ck_assert_uint_eq(res.host.used_bytes - host0, 2048 + 127139840ull);
}
END_TEST

/* What is not estimated says why, naming the projector or the field, and
 * adds nothing. */
START_TEST(not_estimated)
{
	char line[] = "x\tx\tqwen3vl_merger\t768\t16\t1152\t16\t4304\t2\t4194304"
	              "\t1472\ton\tyes\t-";
	char *f[NF];
	const int ds[27] = { [8] = 1, [16] = 1, [24] = 1 };

	tsv_split(line, f, NF);
	build(f);
	load_mmproj(f, ds, 27, false);   /* Qwen3-VL-8B: deepstack 8, 16, 24 */
	ck_assert_uint_eq(plan.engine.llamacpp.mmproj_deepstack, 3);
	run();
	ck_assert_int_eq(res.parts.encoder_compute_kind, KVP_FIG_NONE);
	ck_assert_ptr_nonnull(strstr(res.parts.encoder_compute_source, "deepstack"));
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 2048);
	/* an audio encoder in the file: its own graph, not modelled */
	build(f);
	load_mmproj(f, NULL, 0, true);
	ck_assert_str_eq(plan.engine.llamacpp.mmproj_projector, "qwen2.5o");
	ck_assert_uint_eq(plan.engine.llamacpp.mmproj_warmup, 0);
	run();
	ck_assert_int_eq(res.parts.encoder_compute_kind, KVP_FIG_NONE);
	ck_assert_ptr_nonnull(strstr(res.parts.encoder_compute_source, "qwen2.5o"));
	/* bytes given by hand, no shape: the output says what it needs */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.mmproj_bytes = 1000;
	run();
	ck_assert_int_eq(res.parts.encoder_compute_kind, KVP_FIG_NONE);
	ck_assert_ptr_nonnull(strstr(res.parts.encoder_compute_source,
	                             "engine.llamacpp.mmproj_"));
	ck_assert_uint_eq(res.devices[0].encoder_bytes, 1000);
}
END_TEST

/* The projectors' warmup rules (clip.cpp @0024aa74 load_hparams). */
START_TEST(warmup_rules)
{
	struct kvp_clip_hparams h = { "kimik25", 0, 14, 2, 0 };

	/* set_limit_image_tokens(2, 4096): sqrt(4096 x 14^2 x 2^2) */
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 64 * 14 * 2);
	h.image_max_pixels = 3211264;   /* 1792^2 */
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 1792);
	h.image_max_pixels = 3211265;   /* floor of the root */
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 1792);
	h.projector = "deepseekocr";
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 1024);
	h.projector = "gemma4v";
	h.n_merge = 0;   /* the default pooling of 3 */
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 16 * 14 * 3);
	/* a side past the field's range is not taken: 46 x 65,536 x 256 */
	h.projector = "qwen3vl_merger";
	h.patch_size = 65536;
	h.n_merge = 256;
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 0);
	h.projector = "no-such-projector";
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 0);
	h.projector = NULL;
	ck_assert_uint_eq(kvp_clip_warmup_side(&h), 0);
}
END_TEST

/* A wrong key type is refused in one line naming the file and the key,
 * and the plan is left as it was. */
/* llama.cpp's mtmd.cpp refuses a file with no encoder ("Failed to load
 * CLIP model", clip.cpp loading one context per has_*_encoder bool): a
 * base model given as --mmproj was called an exact encoder. An unsigned
 * value out of range prints unsigned (it printed -1). */
START_TEST(no_encoder_and_unsigned)
{
	struct gw w;
	struct kvp_gguf g;
	struct kvp_error err;
	char path[320];
	const uint64_t ne[1] = { 8 };

	kvp_plan_default(&plan);
	gw_init(&w);
	gw_str(&w, "general.architecture", "llama");
	gw_str(&w, "general.type", "model");
	gw_tensor(&w, "token_embd.weight", 0, 1, ne, 32);
	write_read(&w, "model.gguf", path, sizeof path, &g);
	ck_assert_int_ne(kvp_mmproj_apply(&g, path, &plan.engine.llamacpp, &err), KVP_OK);
	kvp_gguf_free(&g);
	ck_assert_msg(strstr(err.msg, "model.gguf: Failed to load CLIP model from") &&
	              strstr(err.msg, "neither clip.has_vision_encoder nor "
	                     "clip.has_audio_encoder is true"), "%s", err.msg);
	ck_assert_uint_eq(plan.engine.llamacpp.mmproj_bytes, 0);
	gw_init(&w);
	gw_bool(&w, "clip.has_vision_encoder", 1);
	gw_str(&w, "clip.projector_type", "gemma3");
	gw_u64(&w, "clip.vision.patch_size", UINT64_MAX);
	gw_tensor(&w, "v.patch_embd.weight", 0, 1, ne, 32);
	write_read(&w, "big.gguf", path, sizeof path, &g);
	ck_assert_int_ne(kvp_mmproj_apply(&g, path, &plan.engine.llamacpp, &err), KVP_OK);
	kvp_gguf_free(&g);
	ck_assert_msg(strstr(err.msg, "clip.vision.patch_size: 18446744073709551615 "
	                     "- must be 0..65536") != NULL, "%s", err.msg);
}
END_TEST

START_TEST(bad_keys)
{
	struct gw w;
	struct kvp_gguf g;
	struct kvp_error err;
	char path[320];
	const uint64_t ne[1] = { 8 };

	kvp_plan_default(&plan);
	plan.engine.llamacpp.mmproj_bytes = 77;
	gw_init(&w);
	gw_bool(&w, "clip.has_vision_encoder", 1);
	gw_str(&w, "clip.projector_type", "gemma3");
	gw_str(&w, "clip.vision.patch_size", "fourteen");
	gw_tensor(&w, "v.patch_embd.weight", 0, 1, ne, 32);
	write_read(&w, "bad.gguf", path, sizeof path, &g);
	ck_assert_int_ne(kvp_mmproj_apply(&g, path, &plan.engine.llamacpp, &err),
	                 KVP_OK);
	kvp_gguf_free(&g);
	ck_assert_ptr_nonnull(strstr(err.msg, "clip.vision.patch_size"));
	ck_assert_ptr_nonnull(strstr(err.msg, "bad.gguf"));
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	/* nothing written: the planner keeps the last good file's figures */
	ck_assert_uint_eq(plan.engine.llamacpp.mmproj_bytes, 77);
	ck_assert_str_eq(plan.engine.llamacpp.mmproj_projector, "");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("clip_buf");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, every_public_line);
	tcase_add_test(tc, gemma3_by_hand);
	tcase_add_test(tc, not_estimated);
	tcase_add_test(tc, warmup_rules);
	tcase_add_test(tc, bad_keys);
	tcase_add_test(tc, no_encoder_and_unsigned);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
