/*
 * test_gguf.c - the GGUF reader and importer on files written by
 * gguf_writer.h from the public format description, with the expected
 * bytes worked by hand from ggml's block sizes (ggml-common.h).
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gguf_llama.h"
#include "io/gguf/ggml_types.h"
#include "io/gguf/gguf.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "test_files.h"

static char dir[256];

static void setup(void)
{
	tmpdir_make(dir, sizeof dir, "kvp_gguf");
}

static void teardown(void)
{
	tmpdir_remove(dir);
}

/* Llama-3.1-70B as Q4_K (matrices), Q6_K (attn_v, ffn_down, output),
 * Q4_K token_embd. By hand, blocks of 256 values:
 *   token_embd 8192 x 128256 = 1,050,673,152 values = 4,104,192 blocks
 *              x 144 = 591,003,648
 *   output     4,104,192 x 210 = 861,880,320
 *   per layer  attn_q, attn_output 8192 x 8192 / 256 = 262,144 blocks
 *              x 144 = 37,748,736 each; attn_k 8192 x 1024 / 256 =
 *              32,768 x 144 = 4,718,592; attn_v 32,768 x 210 = 6,881,280
 *              -> attention 87,097,344
 *              ffn_gate, ffn_up 8192 x 28672 / 256 = 917,504 x 144 =
 *              132,120,576 each; ffn_down 917,504 x 210 = 192,675,840
 *              -> MLP 456,916,992
 *              norms 2 x 8192 x 4 = 65,536
 *   x 80       attention 6,967,787,520, MLP 36,553,359,360,
 *              norms 5,242,880 + output_norm 32,768 = 5,275,648
 *   rope_freqs 64 x 4 = 256 (other)
 *   total      591,003,648 + 861,880,320 + 6,967,787,520 +
 *              36,553,359,360 + 5,275,648 + 256 = 44,979,306,752 */
static void write_70b(const char *path)
{
	struct gw w;

	gw_init(&w);
	gw_llama70b(&w, G_Q4_K, G_Q6_K, G_Q4_K, G_Q6_K);
	ck_assert_int_eq(gw_write(&w, path), 0);
	gw_free(&w);
}

START_TEST(llama70b_layout_and_bytes)
{
	char path[300];
	struct kvp_model m;
	struct kvp_notes notes;
	struct kvp_error err;
	const struct kvp_tensors *t = &m.tensors;

	snprintf(path, sizeof path, "%s/Llama-3.1-70B-Q4_K_M.gguf", dir);
	write_70b(path);
	ck_assert_int_eq(kvp_gguf_import_path(path, &m, &notes, &err), KVP_OK);
	ck_assert_uint_eq(m.n_layers, 80);
	ck_assert_uint_eq(m.q_heads, 64);
	ck_assert_uint_eq(m.base.kv_heads, 8);
	ck_assert_uint_eq(m.base.k_dim, 128);     /* 8192 / 64 */
	ck_assert_uint_eq(m.base.v_dim, 128);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(m.n_rules, 0);
	ck_assert_uint_eq(m.arch.hidden, 8192);
	ck_assert_uint_eq(m.arch.vocab, 128256);
	ck_assert_uint_eq(m.arch.max_positions, 131072);
	ck_assert(!m.arch.tie_embeddings);
	ck_assert_str_eq(m.model_type, "llama");
	ck_assert_str_eq(m.id, "Llama 3.1 70B");
	ck_assert_int_eq(t->source, KVP_WSRC_GGUF);
	ck_assert_uint_eq(t->count, 2 + 80 * 9 + 2);
	ck_assert_uint_eq(t->bytes[KVP_TG_EMBED], 591003648ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_LM_HEAD], 861880320ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_ATTN], 6967787520ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_MLP], 36553359360ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_NORM], 5275648ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_OTHER], 256);
	ck_assert_uint_eq(t->bytes[KVP_TG_TOWER], 0);
	/* one layer without its norms: 87,097,344 + 456,916,992 */
	ck_assert_uint_eq(t->layer[0], 544014336ull);
	ck_assert_uint_eq(t->layer[79], 544014336ull);
	ck_assert_uint_eq(t->layer[80], 0);
	/* n_ctx_train stated as a note */
	ck_assert_uint_ge(notes.n, 1);
	ck_assert_ptr_nonnull(strstr(notes.line[0], "131072"));
}
END_TEST

/* The same tensors split over three files (gguf-split's naming): every
 * split's tensors summed, the metadata from the first. */
START_TEST(split_files_summed)
{
	char path[300], name[300];
	struct gw w[3];
	struct kvp_model m;
	struct kvp_error err;
	int s;
	uint64_t ne[2] = { 8192, 8192 };

	for (s = 0; s < 3; s++) {
		gw_init(&w[s]);
		gw_u32(&w[s], "split.no", (uint32_t)s);
		gw_u32(&w[s], "split.count", 3);
	}
	/* first split: the 70B header and tensors; the others add one
	 * 8192 x 8192 f16 tensor each in layer 5 (134,217,728 bytes) */
	gw_llama70b(&w[0], G_Q4_K, G_Q6_K, G_Q4_K, G_Q6_K);
	gw_tensor(&w[1], "blk.5.attn_q_extra.weight", 1, 2, ne, 134217728ull);
	gw_tensor(&w[2], "blk.5.attn_k_extra.weight", 1, 2, ne, 134217728ull);
	for (s = 0; s < 3; s++) {
		snprintf(name, sizeof name, "%s/m-%05d-of-00003.gguf", dir, s + 1);
		ck_assert_int_eq(gw_write(&w[s], name), 0);
		gw_free(&w[s]);
	}
	/* naming the second split reads the set */
	snprintf(path, sizeof path, "%s/m-00002-of-00003.gguf", dir);
	ck_assert_int_eq(kvp_gguf_import_path(path, &m, NULL, &err), KVP_OK);
	ck_assert_uint_eq(m.tensors.files, 3);
	/* 6,967,787,520 + 2 x 134,217,728 */
	ck_assert_uint_eq(m.tensors.bytes[KVP_TG_ATTN], 7236222976ull);
	ck_assert_uint_eq(m.tensors.layer[5], 544014336ull + 268435456ull);
	/* a missing split is named */
	snprintf(name, sizeof name, "%s/m-00003-of-00003.gguf", dir);
	ck_assert_int_eq(unlink(name), 0);
	ck_assert_int_ne(kvp_gguf_import_path(path, &m, NULL, &err), KVP_OK);
	ck_assert_ptr_nonnull(strstr(err.msg, "m-00003-of-00003.gguf"));
}
END_TEST

/* The block sizes of ggml-common.h's structs, added up by hand. */
START_TEST(ggml_block_sizes)
{
	static const struct { uint32_t id, blck, size; } want[] = {
		{ 2, 32, 2 + 16 },                  /* q4_0 */
		{ 8, 32, 2 + 32 },                  /* q8_0 */
		{ 10, 256, 16 + 64 + 4 },           /* q2_K */
		{ 11, 256, 32 + 64 + 12 + 2 },      /* q3_K */
		{ 12, 256, 4 + 12 + 128 },          /* q4_K */
		{ 13, 256, 4 + 12 + 32 + 128 },     /* q5_K */
		{ 14, 256, 128 + 64 + 16 + 2 },     /* q6_K */
		{ 16, 256, 2 + 64 },                /* iq2_xxs */
		{ 19, 256, 2 + 32 + 16 },           /* iq1_s */
		{ 23, 256, 2 + 2 + 4 + 128 },       /* iq4_xs */
		{ 29, 256, 32 + 16 + 8 },           /* iq1_m */
		{ 34, 256, 48 + 4 + 2 },            /* tq1_0 */
		{ 39, 32, 1 + 16 },                 /* mxfp4 */
		{ 40, 64, 4 + 32 },                 /* nvfp4 */
	};
	size_t i;
	uint64_t ne[2] = { 4096, 3 }, bytes, el;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct kvp_ggml_type *t = kvp_ggml_type_of(want[i].id);
		ck_assert_ptr_nonnull(t);
		ck_assert_uint_eq(t->blck, want[i].blck);
		ck_assert_uint_eq(t->size, want[i].size);
		ck_assert(kvp_ggml_tensor_bytes(t, 2, ne, &bytes, &el));
		ck_assert_uint_eq(bytes, 4096 / want[i].blck * want[i].size * 3);
		ck_assert_uint_eq(el, 4096 * 3);
	}
	/* removed from GGUF files: Q4_0_4_4 (31), IQ4_NL_4_4 (36) */
	ck_assert_ptr_null(kvp_ggml_type_of(31));
	ck_assert_ptr_null(kvp_ggml_type_of(36));
	ck_assert_ptr_null(kvp_ggml_type_of(4));
	/* a row that is not whole blocks */
	ne[0] = 100;
	ck_assert(!kvp_ggml_tensor_bytes(kvp_ggml_type_of(12), 2, ne, &bytes, NULL));
}
END_TEST

/* A refusal: one line, naming what is wrong. */
static void refused(const unsigned char *img, size_t len, const char *word)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_ne(kvp_gguf_import_mem(img, len, "x.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	if (!strstr(err.msg, word))
		ck_abort_msg("'%s' not in: %s", word, err.msg);
}

/* A small valid image: 2 layers, 2 tensors. */
static unsigned char *small(struct gw *w, size_t *len, uint32_t tensor_type)
{
	uint64_t ne[2] = { 256, 4 };

	gw_init(w);
	gw_str(w, "general.architecture", "llama");
	gw_u32(w, "llama.block_count", 2);
	gw_u32(w, "llama.embedding_length", 256);
	gw_u32(w, "llama.attention.head_count", 2);
	gw_tensor(w, "token_embd.weight", tensor_type, 2, ne, 256 * 4 * 2);
	gw_tensor(w, "blk.0.attn_q.weight", tensor_type, 2, ne, 256 * 4 * 2);
	return gw_header(w, len);
}

START_TEST(refusals)
{
	struct gw w;
	size_t len, full;
	unsigned char *img, *big;

	img = small(&w, &len, 1);
	/* a header alone: the tensors' data lies past the end */
	refused(img, len, "truncated");
	full = len + w.data;
	big = calloc(1, full);
	memcpy(big, img, len);
	{
		struct kvp_model m;
		struct kvp_error err;
		ck_assert_int_eq(kvp_gguf_import_mem(big, full, "x.gguf", &m,
		                                     NULL, &err), KVP_OK);
		ck_assert_uint_eq(m.tensors.bytes[KVP_TG_EMBED], 2048);
		ck_assert_uint_eq(m.tensors.bytes[KVP_TG_ATTN], 2048);
	}
	/* cut anywhere inside the header */
	refused(big, 30, "truncated");
	refused(big, 3, "truncated");
	/* bad magic, version */
	big[0] = 'X';
	refused(big, full, "not a GGUF file");
	big[0] = 'G';
	big[4] = 1;
	refused(big, full, "version");
	big[4] = 3;
	/* an absurd tensor count (bytes 8..15) */
	big[14] = 0x7f;
	refused(big, full, "tensor count");
	big[14] = 0;
	/* the first key's value type (after "GGUF", version, counts, the
	 * key string of 8 + 20 bytes) */
	big[24 + 8 + 20] = 77;
	refused(big, full, "unknown value type 77");
	big[24 + 8 + 20] = 8;
	/* its string value claims more bytes than the file holds */
	big[24 + 8 + 20 + 4 + 6] = 0x10;
	refused(big, full, "longer than the rest of the file");
	free(big);
	free(img);
	gw_free(&w);
	/* an unknown tensor type */
	img = small(&w, &len, 31);
	big = calloc(1, len + w.data);
	memcpy(big, img, len);
	refused(big, len + w.data, "ggml type 31");
	free(big);
	free(img);
	gw_free(&w);
}
END_TEST

/* What llama.cpp's loader refuses, refused in its words naming the
 * tensor or key (ggml/src/gguf.cpp gguf_init_from_file_impl, src/
 * llama-model-loader.cpp): a tensor name twice, a key twice, data not
 * back to back, general.alignment not one u32 power of two. */
static void refused_whole(struct gw *w, const char *word)
{
	size_t len;
	unsigned char *img = gw_header(w, &len), *big = calloc(1, len + w->data);

	memcpy(big, img, len);
	refused(big, len + w->data, word);
	free(big);
	free(img);
	gw_free(w);
}

START_TEST(llama_cpp_refusals)
{
	struct gw w;
	size_t len;
	uint64_t ne[2] = { 256, 4 };
	int32_t two[2] = { 32, 32 };

	free(small(&w, &len, 1));
	gw_tensor(&w, "blk.0.attn_q.weight", 1, 2, ne, 256 * 4 * 2);
	refused_whole(&w, "GGUF: duplicate tensor name 'blk.0.attn_q.weight' for "
	              "tensors 1 and 2 - llama.cpp's gguf.cpp refuses the file");
	free(small(&w, &len, 1));
	gw_u32(&w, "llama.block_count", 2);
	refused_whole(&w, "GGUF: duplicate key 'llama.block_count' for tensors 1 "
	              "and 4 (key/value pairs");
	/* a 32-byte hole after token_embd (2,048 bytes): the next tensor at
	 * 2,080 where gguf.cpp expects 2,048 */
	gw_init(&w);
	gw_str(&w, "general.architecture", "llama");
	gw_u32(&w, "llama.block_count", 2);
	gw_u32(&w, "llama.embedding_length", 256);
	gw_u32(&w, "llama.attention.head_count", 2);
	gw_tensor(&w, "token_embd.weight", 1, 2, ne, 256 * 4 * 2);
	w.data += 32;
	gw_tensor(&w, "blk.0.attn_q.weight", 1, 2, ne, 256 * 4 * 2);
	refused_whole(&w, "GGUF: tensor 'blk.0.attn_q.weight' has offset 2080, "
	              "expected 2048");
	/* general.alignment as an array: refused naming it (it said
	 * "general.alignment: 0" and leaked the array) */
	free(small(&w, &len, 1));
	gw_arr_i32(&w, "general.alignment", two, 2);
	refused_whole(&w, "general.alignment: an array, not one u32");
	free(small(&w, &len, 1));
	gw_u32(&w, "general.alignment", 48);
	refused_whole(&w, "alignment 48 is not a power of 2");
}
END_TEST

/* The same tensor in two files of a split set: llama-model-loader.cpp's
 * "invalid model: tensor '%s' is duplicated" (it was counted twice). */
START_TEST(split_duplicate_tensor)
{
	char name[300];
	struct gw w[2];
	struct kvp_model m;
	struct kvp_error err;
	uint64_t ne[2] = { 256, 4 };
	int s;

	for (s = 0; s < 2; s++) {
		gw_init(&w[s]);
		gw_u32(&w[s], "split.no", (uint32_t)s);
		gw_u32(&w[s], "split.count", 2);
	}
	gw_str(&w[0], "general.architecture", "llama");
	gw_u32(&w[0], "llama.block_count", 2);
	gw_u32(&w[0], "llama.embedding_length", 256);
	gw_u32(&w[0], "llama.attention.head_count", 2);
	gw_tensor(&w[0], "token_embd.weight", 1, 2, ne, 2048);
	gw_tensor(&w[0], "blk.0.attn_q.weight", 1, 2, ne, 2048);
	gw_tensor(&w[1], "blk.1.attn_q.weight", 1, 2, ne, 2048);
	gw_tensor(&w[1], "blk.0.attn_q.weight", 1, 2, ne, 2048);
	for (s = 0; s < 2; s++) {
		snprintf(name, sizeof name, "%s/d-%05d-of-00002.gguf", dir, s + 1);
		ck_assert_int_eq(gw_write(&w[s], name), 0);
		gw_free(&w[s]);
	}
	ck_assert_int_ne(kvp_gguf_import_path(name, &m, NULL, &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, "d-00002-of-00002.gguf: invalid model: tensor "
	                     "'blk.0.attn_q.weight' is duplicated (split 1 of the "
	                     "set holds it too)") != NULL, "%s", err.msg);
}
END_TEST

/* Gemma 3 (llama.cpp sets the pattern: 5 sliding, 1 full), per-layer
 * KV heads from an array, SWA head dims. */
START_TEST(sliding_pattern_and_arrays)
{
	struct gw w;
	size_t len;
	unsigned char *img, *big;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	int32_t kvh[12];
	uint64_t ne[2] = { 256, 8 };
	int i;

	gw_init(&w);
	gw_str(&w, "general.architecture", "gemma3");
	gw_u32(&w, "gemma3.block_count", 12);
	gw_u32(&w, "gemma3.embedding_length", 256);
	gw_u32(&w, "gemma3.attention.head_count", 4);
	for (i = 0; i < 12; i++)
		kvh[i] = i < 6 ? 2 : 1;
	gw_arr_i32(&w, "gemma3.attention.head_count_kv", kvh, 12);
	gw_u32(&w, "gemma3.attention.key_length", 64);
	gw_u32(&w, "gemma3.attention.value_length", 64);
	gw_u32(&w, "gemma3.attention.sliding_window", 512);
	gw_tensor(&w, "token_embd.weight", 1, 2, ne, 256 * 8 * 2);
	img = gw_header(&w, &len);
	big = calloc(1, len + w.data);
	memcpy(big, img, len);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_gguf_import_mem(big, len + w.data, "g.gguf",
	                                     &p.model, NULL, &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	for (i = 0; i < 12; i++) {
		/* i % 6 < 5 slides */
		ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind,
		                 i % 6 < 5 ? KVP_LAYER_SLIDING : KVP_LAYER_FULL);
		ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.kv_heads, i < 6 ? 2 : 1);
		if (i % 6 < 5)
			ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.window, 512);
	}
	ck_assert(p.model.tensors.params == 256 * 8);
	free(big);
	free(img);
	gw_free(&w);

	/* Phi-3's window key: llama.cpp reads it and slides no layer
	 * (src/models/phi3.cpp, "Phi SWA is currently disabled"; make
	 * check-live found kvplan sliding it): every layer full */
	gw_init(&w);
	gw_str(&w, "general.architecture", "phi3");
	gw_u32(&w, "phi3.block_count", 2);
	gw_u32(&w, "phi3.embedding_length", 256);
	gw_u32(&w, "phi3.attention.head_count", 4);
	gw_u32(&w, "phi3.attention.sliding_window", 2047);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "p.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(p.model.base.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(p.model.n_rules, 0);
	free(img);
	gw_free(&w);

	/* a window on an architecture without a row in gguf_swa.c (none
	 * of llama.cpp's at 80fb11a): refused, whatever the pattern says */
	gw_init(&w);
	gw_str(&w, "general.architecture", "newarch");
	gw_u32(&w, "newarch.block_count", 2);
	gw_u32(&w, "newarch.embedding_length", 256);
	gw_u32(&w, "newarch.attention.head_count", 4);
	gw_u32(&w, "newarch.attention.sliding_window", 2047);
	gw_u32(&w, "newarch.attention.sliding_window_pattern", 2);
	img = gw_header(&w, &len);
	refused(img, len, "newarch.attention.sliding_window: 2047");
	free(img);
	gw_free(&w);

	/* EXAONE 4 slides only at 64 layers (src/models/exaone4.cpp): with
	 * 4 the window key is read and no layer slides */
	gw_init(&w);
	gw_str(&w, "general.architecture", "exaone4");
	gw_u32(&w, "exaone4.block_count", 4);
	gw_u32(&w, "exaone4.embedding_length", 512);
	gw_u32(&w, "exaone4.attention.head_count", 4);
	gw_u32(&w, "exaone4.attention.sliding_window", 4096);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "e.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(p.model.base.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(p.model.n_rules, 0);
	free(img);
	gw_free(&w);

	/* Gemma 2 slides without the key, at 4096 (src/models/gemma2.cpp),
	 * and with a key of 0 llama.cpp slides at 0: refused by kvplan */
	gw_init(&w);
	gw_str(&w, "general.architecture", "gemma2");
	gw_u32(&w, "gemma2.block_count", 4);
	gw_u32(&w, "gemma2.embedding_length", 512);
	gw_u32(&w, "gemma2.attention.head_count", 4);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "g2.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(p.model.base.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(p.model.base.window, 4096);
	free(img);
	gw_u32(&w, "gemma2.attention.sliding_window", 0);
	img = gw_header(&w, &len);
	refused(img, len, "gemma2.attention.sliding_window: 0");
	free(img);
	gw_free(&w);

	/* an architecture whose layers the keys do not tell: by name */
	gw_init(&w);
	gw_str(&w, "general.architecture", "kimi-linear");
	gw_u32(&w, "kimi-linear.block_count", 4);
	img = gw_header(&w, &len);
	refused(img, len, "'kimi-linear' - refused");
	free(img);
	gw_free(&w);

	/* a diffusion model: llama.cpp makes no memory for it */
	gw_init(&w);
	gw_str(&w, "general.architecture", "llada");
	gw_u32(&w, "llada.block_count", 4);
	img = gw_header(&w, &len);
	refused(img, len, "'llada' - refused: a diffusion model");
	free(img);
	gw_free(&w);
}
END_TEST

/* Layers of a GGUF-imported model that keep K/V (resolved as kvplan
 * sizes them). */
static unsigned gguf_kv_layers(const struct kvp_model *m)
{
	static struct kvp_layer_spec L[KVP_MAX_LAYERS];
	struct kvp_error e;
	unsigned i, n = 0;

	ck_assert_int_eq(kvp_layers_resolve(m, L, &e), KVP_OK);
	for (i = 0; i < m->n_layers; i++)
		n += L[i].kind == KVP_LAYER_FULL;
	return n;
}

/* A hybrid file of n layers: hidden 2,048, 16 heads, head_count_kv one
 * count (kv) or one per layer (kvh), feed_forward_length per layer (ffl,
 * or none), key and value length kd (0: none), and Mamba2-style state
 * keys: conv 4, inner 4,096, state 128, 16 groups. */
static void hybrid_keys(struct gw *w, const char *arch, uint32_t n,
                        uint32_t kv, const int32_t *kvh, const int32_t *ffl,
                        uint32_t kd)
{
	gw_init(w);
	gw_str(w, "general.architecture", arch);
	gw_u32(w, gw_akey(arch, "block_count"), n);
	gw_u32(w, gw_akey(arch, "embedding_length"), 2048);
	gw_u32(w, gw_akey(arch, "attention.head_count"), 16);
	if (kvh)
		gw_arr_i32(w, gw_akey(arch, "attention.head_count_kv"), kvh, n);
	else
		gw_u32(w, gw_akey(arch, "attention.head_count_kv"), kv);
	if (ffl)
		gw_arr_i32(w, gw_akey(arch, "feed_forward_length"), ffl, n);
	if (kd) {
		gw_u32(w, gw_akey(arch, "attention.key_length"), kd);
		gw_u32(w, gw_akey(arch, "attention.value_length"), kd);
	}
	gw_u32(w, gw_akey(arch, "ssm.conv_kernel"), 4);
	gw_u32(w, gw_akey(arch, "ssm.inner_size"), 4096);
	gw_u32(w, gw_akey(arch, "ssm.state_size"), 128);
	gw_u32(w, gw_akey(arch, "ssm.group_count"), 16);
}

/* Hybrids whose recurrent layers follow a rule of their architecture
 * (gguf_import.c interval_rows, ff_rows). State of each recurrent layer
 * from the keys above: conv (4 - 1) x (4,096 + 2 x 16 x 128) = 24,576
 * and ssm 128 x 4,096 = 524,288 values, f32: 2,195,456 B a sequence.
 *
 * Qwen3-Next (llama.cpp src/models/qwen3next.cpp: layer i recurrent when
 * (i + 1) % 4 != 0, the default): of 8 layers, 3 and 7 keep K/V, one
 * head_count_kv for every layer (uniform_kv_heads); with the interval 2,
 * layers 1, 3, 5, 7. A recurrent_layers list: refused. Qwen3.5 of 3
 * layers: every one recurrent, and llama.cpp's hybrid memory prints an
 * empty attention cache: refused.
 *
 * Nemotron-H (src/models/nemotron-h.cpp): a layer without KV heads is
 * recurrent only if it has no MLP either. Layers: 0 Mamba2 (kv 0, ff 0),
 * 1 MLP (kv 0, ff 64: nothing), 2 attention (kv 2), 3 Mamba2. MTP blocks
 * (nextn_predict_layers) and an MLP beside KV heads: refused.
 */
/*
 * A per-layer array of another length than block_count: llama-model.cpp
 * @80fb11a load_hparams reads head_count, head_count_kv and
 * feed_forward_length by get_key_or_arr(..., n_layer_all), which throws
 * "wrong array length" (llama-model-loader.cpp) unless it holds exactly
 * n_layer_all = block_count entries: llama.cpp does not load the file,
 * so kvplan refuses it naming the key (it used to read the first 12 of
 * 13, or any longer array).
 */
static enum kvp_status kvh_entries(size_t n, struct kvp_error *err)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_model m;
	int32_t kvh[16] = { 0 };
	enum kvp_status st;
	size_t i;

	for (i = 0; i < 16; i++)
		kvh[i] = 2;
	gw_decoder(&w, "gemma3", 12, 256, 4);
	gw_arr_i32(&w, "gemma3.attention.head_count_kv", kvh, n);
	img = gw_header(&w, &len);
	st = kvp_gguf_import_mem(img, len, "a.gguf", &m, NULL, err);
	free(img);
	gw_free(&w);
	return st;
}

START_TEST(per_layer_array_length)
{
	struct kvp_error err;

	ck_assert_int_eq(kvh_entries(12, &err), KVP_OK);
	ck_assert_int_eq(kvh_entries(13, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "gemma3.attention.head_count_kv: 13 "
	              "entries - llama.cpp requires exactly 12") != NULL, "%s",
	              err.msg);
	ck_assert_int_eq(kvh_entries(11, &err), KVP_EINVAL);
}
END_TEST

START_TEST(hybrid_by_rule)
{
	static const int32_t kvh[4] = { 0, 0, 2, 0 }, ffl[4] = { 0, 64, 0, 0 };
	static struct kvp_layer_spec L[KVP_MAX_LAYERS];
	int sw[4] = { 1, 0, 1, 0 };
	struct kvp_model m;
	struct kvp_error err;
	unsigned char *img;
	struct gw w;
	size_t len;

	hybrid_keys(&w, "qwen3next", 8, 2, NULL, NULL, 256);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "q.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(m.base.state_bytes, 2195456ull);
	ck_assert_uint_eq(m.recur.conv_values, 24576);
	ck_assert(m.recur.uniform_kv_heads);
	ck_assert_uint_eq(gguf_kv_layers(&m), 2);
	free(img);
	gw_u32(&w, "qwen3next.full_attention_interval", 2);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "q.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_uint_eq(gguf_kv_layers(&m), 4);
	free(img);
	gw_arr_bool(&w, "qwen3next.attention.recurrent_layers", sw, 4);
	img = gw_header(&w, &len);
	refused(img, len, "recurrent_layers");
	free(img);
	gw_free(&w);

	hybrid_keys(&w, "qwen35", 3, 2, NULL, NULL, 0);
	img = gw_header(&w, &len);
	refused(img, len, "full_attention_interval: 4 - every one");
	free(img);
	gw_free(&w);

	hybrid_keys(&w, "nemotron_h", 4, 0, kvh, ffl, 128);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "n.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_int_eq(kvp_layers_resolve(&m, L, &err), KVP_OK);
	ck_assert_int_eq(L[0].kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(L[0].state_bytes, (24576ull + 524288) * 4);
	ck_assert_int_eq(L[1].kind, KVP_LAYER_FFN);
	ck_assert_uint_eq(L[1].state_bytes, 0);
	ck_assert_int_eq(L[2].kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(L[2].kv_heads, 2);
	ck_assert_int_eq(L[3].kind, KVP_LAYER_NONE);
	free(img);
	gw_u32(&w, "nemotron_h.nextn_predict_layers", 1);
	img = gw_header(&w, &len);
	refused(img, len, "nextn_predict_layers: 1");
	free(img);
	gw_free(&w);
	hybrid_keys(&w, "nemotron_h", 4, 0, kvh, kvh, 128);
	img = gw_header(&w, &len);
	refused(img, len, "layer 2 has KV heads and an MLP");
	free(img);
	gw_free(&w);
}
END_TEST

/* Mamba 2 recurrent state (llama.cpp n_embd_r + n_embd_s, f32):
 * conv (4 - 1) x (4096 + 2 x 1 x 128) = 13,056, ssm 128 x 4096 =
 * 524,288; (13,056 + 524,288) x 4 = 2,149,376 bytes per sequence.
 * A hybrid's bool pattern array and MLA ranks. */
START_TEST(recurrent_and_mla)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_model m;
	struct kvp_error err;
	int sw[4] = { 1, 0, 1, 0 };

	gw_init(&w);
	gw_str(&w, "general.architecture", "mamba2");
	gw_u32(&w, "mamba2.block_count", 4);
	gw_u32(&w, "mamba2.embedding_length", 2048);
	gw_u32(&w, "mamba2.ssm.conv_kernel", 4);
	gw_u32(&w, "mamba2.ssm.inner_size", 4096);
	gw_u32(&w, "mamba2.ssm.state_size", 128);
	gw_u32(&w, "mamba2.ssm.group_count", 1);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "m.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(m.base.state_bytes, 2149376ull);
	free(img);
	gw_free(&w);

	/* DeepSeek V3 as written since llama.cpp's MLA rework: key_length
	 * 576 = 512 + 64 (latent), key_length_mla 192, value_length_mla 128 */
	gw_init(&w);
	gw_str(&w, "general.architecture", "deepseek2");
	gw_u32(&w, "deepseek2.block_count", 4);
	gw_u32(&w, "deepseek2.embedding_length", 7168);
	gw_u32(&w, "deepseek2.attention.head_count", 128);
	gw_u32(&w, "deepseek2.attention.head_count_kv", 1);
	gw_u32(&w, "deepseek2.attention.key_length", 576);
	gw_u32(&w, "deepseek2.attention.value_length", 512);
	gw_u32(&w, "deepseek2.attention.key_length_mla", 192);
	gw_u32(&w, "deepseek2.attention.value_length_mla", 128);
	gw_u32(&w, "deepseek2.attention.kv_lora_rank", 512);
	gw_u32(&w, "deepseek2.attention.q_lora_rank", 1536);
	gw_u32(&w, "deepseek2.rope.dimension_count", 64);
	gw_u32(&w, "deepseek2.expert_count", 256);
	gw_u32(&w, "deepseek2.expert_used_count", 8);
	gw_u32(&w, "deepseek2.leading_dense_block_count", 3);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "d.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(m.mla.kv_lora_rank, 512);
	ck_assert_uint_eq(m.mla.qk_rope_head_dim, 64);
	ck_assert_uint_eq(m.mla.qk_nope_head_dim, 128);
	ck_assert_uint_eq(m.mla.v_head_dim, 128);
	ck_assert_uint_eq(m.mla.q_lora_rank, 1536);
	ck_assert_uint_eq(m.arch.n_experts, 256);
	ck_assert_uint_eq(m.arch.first_dense_layers, 3);
	free(img);
	gw_free(&w);

	/* a per-layer bool pattern where the architecture's code reads one
	 * (src/models/muse-glimmer.cpp @80fb11a: a period, else the bools):
	 * true slides */
	gw_init(&w);
	gw_str(&w, "general.architecture", "muse-glimmer");
	gw_u32(&w, "muse-glimmer.block_count", 4);
	gw_u32(&w, "muse-glimmer.embedding_length", 512);
	gw_u32(&w, "muse-glimmer.attention.head_count", 4);
	gw_u32(&w, "muse-glimmer.attention.sliding_window", 4096);
	gw_arr_bool(&w, "muse-glimmer.attention.sliding_window_pattern", sw, 4);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "e.gguf", &m, NULL, &err),
	                 KVP_OK);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(m.n_rules, 1);
	ck_assert(!m.rules[0].range.all);
	ck_assert_uint_eq(m.rules[0].range.first, 1);
	ck_assert_uint_eq(m.rules[0].range.last, 3);
	ck_assert_uint_eq(m.rules[0].range.step, 2);
	ck_assert_int_eq(m.rules[0].v.kind, KVP_LAYER_FULL);
	free(img);
	gw_free(&w);
}
END_TEST

/* What make check-live found of architectures' own rules
 * (src/models/<arch>.cpp at llama.cpp v0.4.0). */
START_TEST(arch_rules_from_live)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	int none[4] = { 0, 0, 0, 0 };
	uint32_t i;

	/* MiniCPM3 has MLA ranks but its code reads no key_length_mla:
	 * llama.cpp caches every head, K of key_length 288, V of
	 * value_length 256, 4 KV heads */
	gw_init(&w);
	gw_str(&w, "general.architecture", "minicpm3");
	gw_u32(&w, "minicpm3.block_count", 2);
	gw_u32(&w, "minicpm3.embedding_length", 512);
	gw_u32(&w, "minicpm3.attention.head_count", 4);
	gw_u32(&w, "minicpm3.attention.head_count_kv", 4);
	gw_u32(&w, "minicpm3.attention.kv_lora_rank", 256);
	gw_u32(&w, "minicpm3.attention.q_lora_rank", 384);
	gw_u32(&w, "minicpm3.rope.dimension_count", 32);
	gw_u32(&w, "minicpm3.attention.key_length", 288);
	gw_u32(&w, "minicpm3.attention.value_length", 256);
	img = gw_header(&w, &len);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "c.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(p.model.base.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(p.model.base.kv_heads, 4);
	ck_assert_uint_eq(p.model.base.k_dim, 288);
	ck_assert_uint_eq(p.model.base.v_dim, 256);
	free(img);
	gw_free(&w);

	/* Cohere2 MoE's period counts dense first (set_swa_pattern(4,
	 * true)): layer i slides unless i % 4 == 0 */
	gw_init(&w);
	gw_str(&w, "general.architecture", "cohere2moe");
	gw_u32(&w, "cohere2moe.block_count", 8);
	gw_u32(&w, "cohere2moe.embedding_length", 256);
	gw_u32(&w, "cohere2moe.attention.head_count", 4);
	gw_u32(&w, "cohere2moe.attention.sliding_window", 512);
	gw_u32(&w, "cohere2moe.attention.sliding_window_pattern", 4);
	img = gw_header(&w, &len);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "m.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind,
		                 i % 4 ? KVP_LAYER_SLIDING : KVP_LAYER_FULL);
	free(img);
	gw_free(&w);

	/* MiMo-V2 with a pattern that slides no layer: llama.cpp aborts */
	gw_init(&w);
	gw_str(&w, "general.architecture", "mimo2");
	gw_u32(&w, "mimo2.block_count", 4);
	gw_u32(&w, "mimo2.embedding_length", 256);
	gw_u32(&w, "mimo2.attention.head_count", 4);
	gw_u32(&w, "mimo2.attention.sliding_window", 512);
	gw_arr_bool(&w, "mimo2.attention.sliding_window_pattern", none, 4);
	img = gw_header(&w, &len);
	refused(img, len, "no layer slides");
	free(img);
	gw_free(&w);

	/* Gemma 3n, 22 layers, pattern 5 (layer i full when i % 5 == 4):
	 * layers 20 and 21 share from layer 20 on whatever the key, a
	 * sliding one (20, 21) layer 18's cache (20 - 2; 18 slides) */
	gw_init(&w);
	gw_str(&w, "general.architecture", "gemma3n");
	gw_u32(&w, "gemma3n.block_count", 22);
	gw_u32(&w, "gemma3n.embedding_length", 256);
	gw_u32(&w, "gemma3n.attention.head_count", 4);
	gw_u32(&w, "gemma3n.attention.sliding_window", 512);
	gw_u32(&w, "gemma3n.attention.shared_kv_layers", 10);
	img = gw_header(&w, &len);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "n.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	ck_assert_int_eq(kvp_layer_rec(&res, 19)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 20)->spec.kind, KVP_LAYER_SHARED);
	ck_assert_uint_eq(kvp_layer_rec(&res, 20)->spec.shared_with, 18);
	ck_assert_uint_eq(kvp_layer_rec(&res, 21)->spec.shared_with, 18);
	free(img);
	/* pattern 19: layer 18 is full, so the sliding 20 would reuse a
	 * full layer's cache - llama.cpp aborts */
	gw_u32(&w, "gemma3n.attention.sliding_window_pattern", 19);
	img = gw_header(&w, &len);
	refused(img, len, "of the other kind");
	free(img);
	gw_free(&w);
}
END_TEST

/*
 * SmallThinker (llama.cpp src/models/smallthinker.cpp @80fb11a): a
 * sliding_window above 0 makes n_swa 4096 whatever it says and
 * set_swa_pattern(4, true): layers 1-3 and 5-7 of 8 slide 4,096, 0 and
 * 4 are full; a window of 0 or none slides nothing. Checked against the
 * library by make check-live (tests/live/arches.h: 560 runs, seeds 37
 * and 41, 0 wrong).
 */
START_TEST(smallthinker_window)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	uint32_t i, win[2] = { 1000, 0 };
	int k;

	for (k = 0; k < 2; k++) {
		gw_init(&w);
		gw_str(&w, "general.architecture", "smallthinker");
		gw_u32(&w, "smallthinker.block_count", 8);
		gw_u32(&w, "smallthinker.embedding_length", 256);
		gw_u32(&w, "smallthinker.attention.head_count", 4);
		gw_u32(&w, "smallthinker.attention.sliding_window", win[k]);
		img = gw_header(&w, &len);
		kvp_plan_default(&p);
		ck_assert_int_eq(kvp_gguf_import_mem(img, len, "s.gguf", &p.model,
		                 NULL, &err), KVP_OK);
		ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
		for (i = 0; i < 8; i++) {
			bool slides = win[k] && i % 4;

			ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind, slides ?
			                 KVP_LAYER_SLIDING : KVP_LAYER_FULL);
			if (slides)
				ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.window,
				                  4096);
		}
		free(img);
		gw_free(&w);
	}
}
END_TEST

/*
 * Architectures whose llama.cpp code reads no sliding_window key
 * (src/models/<arch>.cpp @80fb11a load_arch_hparams; llama-model.cpp's
 * common load_hparams reads none): a file with a window of 512 and a
 * pattern of 2 still keeps every layer full. 4 heads over 256 = head
 * dim 64, 2 KV heads, f16: K 2 x 64 x 2 = 256 B a position, V 256 B,
 * 512 B a position on each of the 4 layers. Checked against the library
 * by make check-live (tests/live/arches.h, A_SWA on these rows).
 */
static const char *const no_window_archs[] = { "codeshell", "plamo",
                                               "nanbeige", "talkie" };

START_TEST(window_key_ignored)
{
	const char *a = no_window_archs[_i];
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	uint32_t i;

	gw_decoder(&w, a, 4, 256, 4);
	gw_u32(&w, gw_akey(a, "attention.head_count_kv"), 2);
	gw_u32(&w, gw_akey(a, "attention.sliding_window"), 512);
	gw_u32(&w, gw_akey(a, "attention.sliding_window_pattern"), 2);
	img = gw_header(&w, &len);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "w.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind, KVP_LAYER_FULL);
		ck_assert_uint_eq(kvp_layer_rec(&res, i)->k_row_bytes, 256);
		ck_assert_uint_eq(kvp_layer_rec(&res, i)->bytes_per_position, 512);
	}
	free(img);
	gw_free(&w);
}
END_TEST

/*
 * Nanbeige's num_loops (src/models/nanbeige.cpp @80fb11a): llama.cpp
 * keeps K/V for block_count x num_loops layers, layer i of loop j at
 * i + j x block_count, each a copy of block i's heads (n_layer_all set
 * before load_tensors allocates the KV). 4 blocks of 2 KV heads of 64
 * (256 / 4 heads), f16: 2 x 2 x 64 x 2 B = 512 B a layer and position;
 * num_loops 1 is the plain file, 4 layers; num_loops 3 is 12 cache
 * layers, 6,144 B a position, model.loops 3; num_loops 0 (llama.cpp
 * asserts n_loops >= 1) and 4 x 200 = 800 layers (above its 512) are
 * refused naming the key.
 */
static unsigned char *nanbeige_file(struct gw *w, uint32_t loops,
                                    size_t *len)
{
	gw_decoder(w, "nanbeige", 4, 256, 4);
	gw_u32(w, "nanbeige.attention.head_count_kv", 2);
	gw_u32(w, "nanbeige.num_loops", loops);
	return gw_header(w, len);
}

START_TEST(nanbeige_loops)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	uint32_t i;

	img = nanbeige_file(&w, 1, &len);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_gguf_import_mem(img, len, "l.gguf", &p.model, NULL,
	                                     &err), KVP_OK);
	ck_assert_uint_eq(p.model.n_layers, 4);
	ck_assert_uint_le(p.model.loops, 1);
	free(img);
	gw_free(&w);
	img = nanbeige_file(&w, 3, &len);
	kvp_plan_default(&p);
	ck_assert_msg(kvp_gguf_import_mem(img, len, "l.gguf", &p.model, NULL,
	              &err) == KVP_OK, "%s", err.msg);
	ck_assert_uint_eq(p.model.n_layers, 12);
	ck_assert_uint_eq(p.model.loops, 3);
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes_per_position, 6144);
	for (i = 0; i < 12; i++)
		ck_assert_uint_eq(kvp_layer_rec(&res, i)->bytes_per_position, 512);
	free(img);
	gw_free(&w);
	img = nanbeige_file(&w, 0, &len);
	refused(img, len, "nanbeige.num_loops: 0");
	free(img);
	gw_free(&w);
	img = nanbeige_file(&w, 200, &len);
	refused(img, len, "nanbeige.num_loops: 200");
	free(img);
	gw_free(&w);
}
END_TEST

/* A Mellum file of 8 layers (256 wide, 4 heads, 2 KV heads, 8 experts)
 * with a window of win; pattern > 0: that period, -1: 8 false bools,
 * 0: no pattern key. */
static unsigned char *mellum_file(struct gw *w, uint32_t win, int pattern,
                                  size_t *len)
{
	int none[8] = { 0 };

	gw_init(w);
	gw_str(w, "general.architecture", "mellum");
	gw_u32(w, "mellum.block_count", 8);
	gw_u32(w, "mellum.embedding_length", 256);
	gw_u32(w, "mellum.attention.head_count", 4);
	gw_u32(w, "mellum.attention.head_count_kv", 2);
	gw_u32(w, "mellum.expert_count", 8);
	gw_u32(w, "mellum.expert_used_count", 2);
	gw_u32(w, "mellum.attention.sliding_window", win);
	if (pattern > 0)
		gw_u32(w, "mellum.attention.sliding_window_pattern",
		       (uint32_t)pattern);
	else if (pattern < 0)
		gw_arr_bool(w, "mellum.attention.sliding_window_pattern", none, 8);
	return gw_header(w, len);
}

/*
 * Mellum (llama.cpp src/models/mellum.cpp @80fb11a): a window above 0
 * slides by the pattern key, set_swa_pattern(4): layer i slides unless
 * i % 4 == 3, so 0-2 and 4-6 of 8 slide 512 positions, 3 and 7 are
 * full, each 2 x 64 x 2 = 256 B of K and 256 B of V a position (f16); a
 * window of 0 slides none; no pattern is refused (llama.cpp's required
 * read of the bools throws "key not found"), and so are bools that
 * slide no layer (it asserts is_swa_any() making the SWA pair).
 */
START_TEST(mellum_window)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	uint32_t i, k;

	for (k = 0; k < 2; k++) {
		img = mellum_file(&w, k ? 0 : 512, 4, &len);
		kvp_plan_default(&p);
		ck_assert_int_eq(kvp_gguf_import_mem(img, len, "m.gguf", &p.model,
		                 NULL, &err), KVP_OK);
		ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
		for (i = 0; i < 8; i++) {
			bool slides = !k && i % 4 != 3;

			ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind, slides ?
			                 KVP_LAYER_SLIDING : KVP_LAYER_FULL);
			ck_assert_uint_eq(kvp_layer_rec(&res, i)->bytes_per_position,
			                  512);
			if (slides)
				ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.window, 512);
		}
		free(img);
		gw_free(&w);
	}
	img = mellum_file(&w, 512, 0, &len);
	refused(img, len, "requires it for this architecture");
	free(img);
	gw_free(&w);
	img = mellum_file(&w, 512, -1, &len);
	refused(img, len, "no layer slides");
	free(img);
	gw_free(&w);
}
END_TEST

/*
 * Granite SWA (llama.cpp src/models/granite-swa.cpp @80fb11a): the
 * pattern, one bool per layer, and the window are required reads and
 * the type is always STANDARD. Bools 1,0,1,0 with a window of 300: layers
 * 0 and 2 slide 300 positions, 1 and 3 are full, each 2 x 64 x 2 = 256 B
 * of K and 256 B of V a position (f16). A window of 0 (a cache of
 * n_ubatch cells in llama.cpp) and a period instead of bools are
 * refused.
 */
START_TEST(granite_swa_bools)
{
	struct gw w;
	size_t len;
	unsigned char *img;
	struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	int bools[4] = { 1, 0, 1, 0 };
	uint32_t i, k;

	for (k = 0; k < 3; k++) {
		gw_init(&w);
		gw_str(&w, "general.architecture", "granite_swa");
		gw_u32(&w, "granite_swa.block_count", 4);
		gw_u32(&w, "granite_swa.embedding_length", 256);
		gw_u32(&w, "granite_swa.attention.head_count", 4);
		gw_u32(&w, "granite_swa.attention.head_count_kv", 2);
		gw_u32(&w, "granite_swa.attention.sliding_window", k == 1 ? 0 : 300);
		if (k == 2)
			gw_u32(&w, "granite_swa.attention.sliding_window_pattern", 2);
		else
			gw_arr_bool(&w, "granite_swa.attention.sliding_window_pattern",
			            bools, 4);
		img = gw_header(&w, &len);
		if (k == 1)
			refused(img, len, "with a window of 0");
		else if (k == 2)
			refused(img, len, "expected one bool per layer");
		else {
			kvp_plan_default(&p);
			ck_assert_int_eq(kvp_gguf_import_mem(img, len, "g.gguf",
			                 &p.model, NULL, &err), KVP_OK);
			ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
			for (i = 0; i < 4; i++) {
				ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind, i % 2 ?
				                 KVP_LAYER_FULL : KVP_LAYER_SLIDING);
				ck_assert_uint_eq(kvp_layer_rec(&res, i)->bytes_per_position,
				                  512);
			}
			ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.window, 300);
		}
		free(img);
		gw_free(&w);
	}
}
END_TEST

static Suite *gguf_suite(void)
{
	Suite *s = suite_create("gguf");
	TCase *tc = tcase_create("gguf");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, llama70b_layout_and_bytes);
	tcase_add_test(tc, split_files_summed);
	tcase_add_test(tc, ggml_block_sizes);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, llama_cpp_refusals);
	tcase_add_test(tc, split_duplicate_tensor);
	tcase_add_test(tc, sliding_pattern_and_arrays);
	tcase_add_test(tc, recurrent_and_mla);
	tcase_add_test(tc, per_layer_array_length);
	tcase_add_test(tc, hybrid_by_rule);
	tcase_add_test(tc, arch_rules_from_live);
	tcase_add_test(tc, smallthinker_window);
	tcase_add_test(tc, nanbeige_loops);
	tcase_add_test(tc, mellum_window);
	tcase_add_test(tc, granite_swa_bools);
	tcase_add_loop_test(tc, window_key_ignored, 0,
	                    sizeof no_window_archs / sizeof no_window_archs[0]);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(gguf_suite)
