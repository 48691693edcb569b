/*
 * gguf_writer.h - a small GGUF writer for tests and benchmarks, written
 * from the public format description (ggml's docs/gguf.md): "GGUF", u32
 * version 3, u64 tensor count, u64 key/value count, the key/values, the
 * tensor infos, padding to the alignment (32), then the data section.
 * Tensor data is never written: a file is made sparse up to the size
 * its tensors need (ftruncate), so a 100 GB layout costs its header.
 *
 * Usage: gw_init (or gw_decoder: the header keys); gw_str/gw_u32/gw_arr_*
 * (gw_akey names ARCH.suffix); gw_tensor...; then gw_write
 * (a file) or gw_image (memory, for truncation tests). gw_free.
 */
#ifndef KVPLAN_TEST_GGUF_WRITER_H
#define KVPLAN_TEST_GGUF_WRITER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct gbuf {
	unsigned char *p;
	size_t n, cap;
};

struct gw {
	struct gbuf kv, ti;
	uint64_t n_kv, n_ti;
	uint64_t data;            /* bytes of the data section so far */
	uint32_t version;
};

static inline void gb_put(struct gbuf *b, const void *d, size_t n)
{
	if (n == 0)
		return;
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->n, d, n);
	b->n += n;
}

static inline void gb_le(struct gbuf *b, uint64_t v, int n)
{
	unsigned char c[8];
	int i;

	for (i = 0; i < n; i++)
		c[i] = (unsigned char)(v >> (8 * i));
	gb_put(b, c, (size_t)n);
}

static inline void gb_str(struct gbuf *b, const char *s)
{
	gb_le(b, strlen(s), 8);
	gb_put(b, s, strlen(s));
}

static inline void gw_init(struct gw *w)
{
	memset(w, 0, sizeof *w);
	w->version = 3;
}

static inline void gw_free(struct gw *w)
{
	free(w->kv.p);
	free(w->ti.p);
}

/* value types (gguf.md): 4 u32, 5 i32, 8 string, 9 array, 10 u64,
 * 7 bool, 6 f32 */
static inline void gw_str(struct gw *w, const char *k, const char *v)
{
	gb_str(&w->kv, k);
	gb_le(&w->kv, 8, 4);
	gb_str(&w->kv, v);
	w->n_kv++;
}

static inline void gw_u32(struct gw *w, const char *k, uint32_t v)
{
	gb_str(&w->kv, k);
	gb_le(&w->kv, 4, 4);
	gb_le(&w->kv, v, 4);
	w->n_kv++;
}

static inline void gw_u64(struct gw *w, const char *k, uint64_t v)
{
	gb_str(&w->kv, k);
	gb_le(&w->kv, 10, 4);   /* GGUF_TYPE_UINT64 */
	gb_le(&w->kv, v, 8);
	w->n_kv++;
}

static inline void gw_bool(struct gw *w, const char *k, int v)
{
	gb_str(&w->kv, k);
	gb_le(&w->kv, 7, 4);
	gb_le(&w->kv, v != 0, 1);
	w->n_kv++;
}

static inline void gw_f32(struct gw *w, const char *k, float v)
{
	uint32_t u;

	memcpy(&u, &v, 4);
	gb_str(&w->kv, k);
	gb_le(&w->kv, 6, 4);
	gb_le(&w->kv, u, 4);
	w->n_kv++;
}

/* an array of n i32 (type 5) */
static inline void gw_arr_i32(struct gw *w, const char *k, const int32_t *v, size_t n)
{
	size_t i;

	gb_str(&w->kv, k);
	gb_le(&w->kv, 9, 4);
	gb_le(&w->kv, 5, 4);
	gb_le(&w->kv, n, 8);
	for (i = 0; i < n; i++)
		gb_le(&w->kv, (uint32_t)v[i], 4);
	w->n_kv++;
}

/* an array of n bools (type 7) */
static inline void gw_arr_bool(struct gw *w, const char *k, const int *v, size_t n)
{
	size_t i;

	gb_str(&w->kv, k);
	gb_le(&w->kv, 9, 4);
	gb_le(&w->kv, 7, 4);
	gb_le(&w->kv, n, 8);
	for (i = 0; i < n; i++)
		gb_le(&w->kv, v[i] != 0, 1);
	w->n_kv++;
}

/* an array of n strings "t<i>" (a tokenizer vocabulary) */
static inline void gw_arr_tokens(struct gw *w, const char *k, size_t n)
{
	char t[32];
	size_t i;

	gb_str(&w->kv, k);
	gb_le(&w->kv, 9, 4);
	gb_le(&w->kv, 8, 4);
	gb_le(&w->kv, n, 8);
	for (i = 0; i < n; i++) {
		snprintf(t, sizeof t, "t%zu", i);
		gb_str(&w->kv, t);
	}
	w->n_kv++;
}

/* A tensor of `bytes` stored bytes (worked out by the caller from its
 * type and shape), at the next 32-aligned offset. */
static inline void gw_tensor(struct gw *w, const char *name, uint32_t type,
                      uint32_t n_dims, const uint64_t *ne, uint64_t bytes)
{
	uint32_t d;

	gb_str(&w->ti, name);
	gb_le(&w->ti, n_dims, 4);
	for (d = 0; d < n_dims; d++)
		gb_le(&w->ti, ne[d], 8);
	gb_le(&w->ti, type, 4);
	gb_le(&w->ti, w->data, 8);
	w->data += (bytes + 31) / 32 * 32;
	w->n_ti++;
}

/* The header (up to the aligned start of the data) in memory. */
/* "ARCH.suffix", the name llama.cpp gives an architecture's key; four
 * buffers in turn, so one call's result outlives the next three */
static inline const char *gw_akey(const char *arch, const char *suffix)
{
	static char k[4][128];
	static int i;

	i = (i + 1) % 4;
	snprintf(k[i], sizeof k[i], "%s.%s", arch, suffix);
	return k[i];
}

/* A decoder's header keys, started afresh: general.architecture, then
 * ARCH.block_count, embedding_length and attention.head_count */
static inline void gw_decoder(struct gw *w, const char *arch, uint32_t blocks,
                              uint32_t hidden, uint32_t heads)
{
	gw_init(w);
	gw_str(w, "general.architecture", arch);
	gw_u32(w, gw_akey(arch, "block_count"), blocks);
	gw_u32(w, gw_akey(arch, "embedding_length"), hidden);
	gw_u32(w, gw_akey(arch, "attention.head_count"), heads);
}

static inline unsigned char *gw_header(struct gw *w, size_t *len)
{
	struct gbuf b = { 0 };
	static const unsigned char zero[32];

	gb_put(&b, "GGUF", 4);
	gb_le(&b, w->version, 4);
	gb_le(&b, w->n_ti, 8);
	gb_le(&b, w->n_kv, 8);
	gb_put(&b, w->kv.p, w->kv.n);
	gb_put(&b, w->ti.p, w->ti.n);
	gb_put(&b, zero, (32 - b.n % 32) % 32);
	*len = b.n;
	return b.p;
}

/* The whole file: the header, then a hole as long as the data. Returns
 * 0 on success. */
static inline int gw_write(struct gw *w, const char *path)
{
	size_t len;
	unsigned char *h = gw_header(w, &len);
	FILE *f = fopen(path, "wb");
	int rc = -1;

	if (f && fwrite(h, 1, len, f) == len && fflush(f) == 0 &&
	    ftruncate(fileno(f), (off_t)(len + w->data)) == 0)
		rc = 0;
	if (f)
		fclose(f);
	free(h);
	return rc;
}

#endif
