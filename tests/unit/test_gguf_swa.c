/*
 * test_gguf_swa.c - llama.cpp's sliding-window rule per architecture
 * (src/io/gguf/gguf_swa.c) on GGUF files written by gguf_writer.h: one
 * case per kind of rule, the sliding layers read from that
 * architecture's load_arch_hparams (src/models/<file>.cpp @80fb11a,
 * node-llama-cpp 3.21.1's bundle) and worked by hand below.
 *
 * Every file: n layers, embedding_length 256, 4 heads (head dim 256 / 4
 * = 64), 2 KV heads, f16 cache: K 2 x 64 x 2 B = 256 B a position, V as
 * much, 512 B a position on every layer, full or sliding.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gguf_writer.h"
#include "kvplan/compute.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#define NO_KEY UINT32_MAX

static const struct swa_case {
	const char *arch;
	uint32_t n, win;           /* layers; the window key (NO_KEY: none) */
	int pat;                   /* > 0 a period key, -1 bools[], 0 none */
	uint64_t slides;           /* bit i: layer i slides */
	uint32_t window;           /* of the sliding layers */
	const char *refusal;       /* a refusal naming this, or NULL */
	uint32_t arr_n;            /* bools written (0: n) */
	uint32_t nextn;            /* MTP blocks after them */
} cases[] = {
	/* SWA_KEY with its own period (plamo3.cpp:5-10, period 8): layer i
	 * slides unless i % 8 == 7: 0-6 of 8 */
	{ "plamo3", 8, 1000, 0, 0x7f, 1000, NULL, 0, 0 },
	/* olmo2.cpp:6-10 with a period key of 3: i % 3 < 2 slides: 0, 1,
	 * 3, 4, 6, 7 = 0b11011011 */
	{ "olmo2", 8, 700, 3, 0xdb, 700, NULL, 0, 0 },
	/* a key of 0: swa_type NONE, every layer full */
	{ "olmo2", 8, 0, 3, 0, 0, NULL, 0, 0 },
	/* a period of 1: set_swa_pattern(1) slides none with swa_type
	 * STANDARD, and create_memory asserts is_swa_any() */
	{ "olmo2", 4, 512, 1, 0, 0, "no layer slides", 0, 0 },
	/* dense first (laguna.cpp:35-40, set_swa_pattern(4, true)): layer i
	 * slides unless i % 4 == 0: 1-3 and 5-7 = 0b11101110 */
	{ "laguna", 8, 300, 0, 0xee, 300, NULL, 0, 0 },
	/* afmoe.cpp:11-18, period 4: 0-2, 4, 5 of 6 = 0b110111 */
	{ "afmoe", 6, 500, 0, 0x37, 500, NULL, 0, 0 },
	/* a period read into a uint32_t (gemma3.cpp:8, get_key_or_arr not
	 * required): bools 1,0,1,0,... are ignored and period 6 stays:
	 * i % 6 < 5 slides, all but layer 5 = 0b11011111 */
	{ "gemma3", 8, 4096, -1, 0xdf, 4096, NULL, 0, 0 },
	/* no pattern key read (lfm2.cpp:26-29): a key above 0 slides every
	 * attention layer, whatever a pattern of 2 says */
	{ "lfm2", 4, 512, 2, 0xf, 512, NULL, 0, 0 },
	/* the window key required (cohere2.cpp:13, get_key): llama.cpp
	 * does not load the file */
	{ "cohere2", 4, NO_KEY, 0, 0, 0,
	  "cohere2.attention.sliding_window: (absent)", 0, 0 },
	/* exaone4.cpp:3-16: 64 layers slide 4096 at period 4 without the
	 * key (i % 4 < 3: 0x7777...), and at 0 with a key of 0 (a cache of
	 * n_ubatch cells, not modelled) */
	{ "exaone4", 64, NO_KEY, 0, 0x7777777777777777ull, 4096, NULL, 0, 0 },
	{ "exaone4", 64, 0, 0, 0, 0, "exaone4.attention.sliding_window: 0", 0, 0 },
	/* SWA_FORCED dense first on one layer (smallthinker.cpp:4-10):
	 * layer 0 full, none slides, llama.cpp asserts */
	{ "smallthinker", 1, 100, 0, 0, 0, "no layer slides", 0, 0 },
	/* load_arch_hparams reading no window key (qwen2.cpp:3,
	 * phimoe.cpp:3, lfm2moe.cpp:5, mistral3.cpp:3): every layer full */
	{ "qwen2", 4, 512, 2, 0, 0, NULL, 0, 0 },
	{ "phimoe", 4, 512, 2, 0, 0, NULL, 0, 0 },
	{ "lfm2moe", 4, 512, -1, 0, 0, NULL, 0, 0 },
	{ "mistral3", 4, 512, 0, 0, 0, NULL, 0, 0 },
	/* the bool array's length (llama-model-loader.cpp @80fb11a
	 * get_key_or_arr: "wrong array length" unless exactly n, the file
	 * does not load; get_arr: any length up to 512). muse-glimmer.cpp:17
	 * passes n_layer(): 4 bools 1,0,1,0 slide layers 0 and 2 (0b0101),
	 * 5 are refused */
	{ "muse-glimmer", 4, 4096, -1, 0x5, 4096, NULL, 0, 0 },
	{ "muse-glimmer", 4, 4096, -1, 0, 0, "requires exactly 4", 5, 0 },
	/* granite-swa.cpp:17 get_arr: 6 bools for 4 layers load, the first
	 * 4 read */
	{ "granite_swa", 4, 512, -1, 0x5, 512, NULL, 6, 0 },
	/* step35.cpp:26 passes n_layer_all: 4 layers and 1 MTP block want 5
	 * bools (the first 4 the layers'), and 4 are refused */
	{ "step35", 4, 512, -1, 0x5, 512, NULL, 5, 1 },
	{ "step35", 4, 512, -1, 0, 0, "requires exactly 5", 4, 1 },
};

static unsigned char *swa_file(struct gw *w, const struct swa_case *c,
                               size_t *len)
{
	int bools[64];
	uint32_t i;

	for (i = 0; i < 64; i++)
		bools[i] = i % 2 == 0;
	gw_decoder(w, c->arch, c->n + c->nextn, 256, 4);
	if (c->nextn)
		gw_u32(w, gw_akey(c->arch, "nextn_predict_layers"), c->nextn);
	gw_u32(w, gw_akey(c->arch, "attention.head_count_kv"), 2);
	if (c->win != NO_KEY)
		gw_u32(w, gw_akey(c->arch, "attention.sliding_window"), c->win);
	if (c->pat > 0)
		gw_u32(w, gw_akey(c->arch, "attention.sliding_window_pattern"),
		       (uint32_t)c->pat);
	else if (c->pat < 0)
		gw_arr_bool(w, gw_akey(c->arch, "attention.sliding_window_pattern"),
		            bools, c->arr_n ? c->arr_n : c->n);
	return gw_header(w, len);
}

START_TEST(swa_rule)
{
	const struct swa_case *c = &cases[_i];
	static struct kvp_result res;
	struct kvp_plan p;
	struct kvp_error err;
	struct gw w;
	unsigned char *img;
	size_t len;
	uint32_t i;

	img = swa_file(&w, c, &len);
	kvp_plan_default(&p);
	if (c->refusal) {
		ck_assert_int_ne(kvp_gguf_import_mem(img, len, "s.gguf", &p.model,
		                 NULL, &err), KVP_OK);
		ck_assert_ptr_null(strchr(err.msg, '\n'));
		ck_assert_ptr_nonnull(strstr(err.msg, "refused"));
		if (!strstr(err.msg, c->refusal))
			ck_abort_msg("%s: '%s' not in: %s", c->arch, c->refusal,
			             err.msg);
	} else {
		if (kvp_gguf_import_mem(img, len, "s.gguf", &p.model, NULL, &err))
			ck_abort_msg("%s: %s", c->arch, err.msg);
		ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
		for (i = 0; i < c->n; i++) {
			const struct kvp_layer_result *r = kvp_layer_rec(&res, i);
			int slides = (int)((c->slides >> i) & 1);

			if (r->spec.kind != (slides ? KVP_LAYER_SLIDING : KVP_LAYER_FULL))
				ck_abort_msg("%s layer %u: kind %d", c->arch, i,
				             (int)r->spec.kind);
			if (slides)
				ck_assert_uint_eq(r->spec.window, c->window);
			ck_assert_uint_eq(r->k_row_bytes, 256);
			ck_assert_uint_eq(r->bytes_per_position, 512);
		}
	}
	free(img);
	gw_free(&w);
}
END_TEST

static Suite *gguf_swa_suite(void)
{
	Suite *s = suite_create("gguf_swa");
	TCase *tc = tcase_create("gguf_swa");

	tcase_add_loop_test(tc, swa_rule, 0, sizeof cases / sizeof cases[0]);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(gguf_swa_suite)
