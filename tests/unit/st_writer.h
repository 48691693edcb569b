/*
 * st_writer.h - a small safetensors writer for tests, from the format's
 * public description (huggingface/safetensors README): u64 little-endian
 * header length, the JSON header {"name": {"dtype", "shape",
 * "data_offsets": [begin, end]}}, then the data - left as a hole
 * (ftruncate), so a 5 GB shard costs its header.
 */
#ifndef KVPLAN_TEST_ST_WRITER_H
#define KVPLAN_TEST_ST_WRITER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct stw {
	char *json;
	size_t n, cap;
	uint64_t data;
	int count;
};

static inline void stw_cat(struct stw *w, const char *s)
{
	size_t l = strlen(s);

	if (w->n + l + 1 > w->cap) {
		w->cap = (w->n + l + 1) * 2;
		w->json = realloc(w->json, w->cap);
		if (!w->json)
			abort();
	}
	memcpy(w->json + w->n, s, l + 1);
	w->n += l;
}

static inline void stw_init(struct stw *w)
{
	memset(w, 0, sizeof *w);
	stw_cat(w, "{\"__metadata__\":{\"format\":\"pt\"}");
}

/* A tensor of dtype with n dims; bytes as the caller worked them out. */
static inline void stw_tensor(struct stw *w, const char *name, const char *dtype,
                       int n, const uint64_t *shape, uint64_t bytes)
{
	char b[512];
	int i;

	snprintf(b, sizeof b, ",\"%s\":{\"dtype\":\"%s\",\"shape\":[", name, dtype);
	stw_cat(w, b);
	for (i = 0; i < n; i++) {
		snprintf(b, sizeof b, "%s%llu", i ? "," : "",
		         (unsigned long long)shape[i]);
		stw_cat(w, b);
	}
	snprintf(b, sizeof b, "],\"data_offsets\":[%llu,%llu]}",
	         (unsigned long long)w->data,
	         (unsigned long long)(w->data + bytes));
	stw_cat(w, b);
	w->data += bytes;
	w->count++;
}

/* 2-D shorthand. */
static inline void stw_2d(struct stw *w, const char *name, const char *dtype,
                   uint64_t a, uint64_t b, unsigned bytes_per)
{
	uint64_t s[2] = { a, b };

	stw_tensor(w, name, dtype, b ? 2 : 1, s, a * (b ? b : 1) * bytes_per);
}

/* Write the file: header then a hole of the data's size; 0 on success. */
static inline int stw_write(struct stw *w, const char *path)
{
	unsigned char len[8];
	uint64_t n;
	FILE *f;
	int i, rc = -1;

	stw_cat(w, "}");
	n = w->n;
	for (i = 0; i < 8; i++)
		len[i] = (unsigned char)(n >> (8 * i));
	f = fopen(path, "wb");
	if (f && fwrite(len, 1, 8, f) == 8 && fwrite(w->json, 1, n, f) == n &&
	    fflush(f) == 0 && ftruncate(fileno(f), (off_t)(8 + n + w->data)) == 0)
		rc = 0;
	if (f)
		fclose(f);
	free(w->json);
	w->json = NULL;
	return rc;
}

#endif
