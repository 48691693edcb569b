/*
 * gguf.h - a bounds-checked reader of a GGUF file's header: its metadata
 * key/values and tensor infos, never the tensor data.
 *
 * Format (ggml's docs/gguf.md, version 2 and 3, little-endian): "GGUF",
 * u32 version, u64 tensor count, u64 key/value count; each key/value a
 * string key (u64 length + bytes), a u32 value type and the value; each
 * tensor info a string name, u32 n_dims (1..4), u64 ne[n_dims], u32 ggml
 * type, u64 offset into the data section, which starts at the header's
 * end rounded up to general.alignment (default 32).
 *
 * Refused with one line naming the file, the offset and the item:
 * truncated files, absurd counts, unknown value or tensor types, strings
 * longer than what is left of the file, nested arrays, tensors whose
 * data would lie past the end of the file. Kept: scalar values, strings
 * up to KVP_GGUF_STR_MAX bytes and numeric arrays up to KVP_GGUF_ARR_MAX
 * entries (per-layer head counts); longer arrays (the tokenizer's
 * vocabulary) are checked and skipped without being stored.
 *
 * Ownership: kvp_gguf_read_* fill *g; the caller frees it with
 * kvp_gguf_free (also after an error).
 */
#ifndef KVPLAN_IO_GGUF_H
#define KVPLAN_IO_GGUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/status.h"

enum kvp_gguf_vtype {
	KVP_GGUF_U8 = 0, KVP_GGUF_I8, KVP_GGUF_U16, KVP_GGUF_I16,
	KVP_GGUF_U32, KVP_GGUF_I32, KVP_GGUF_F32, KVP_GGUF_BOOL,
	KVP_GGUF_STRING, KVP_GGUF_ARRAY, KVP_GGUF_U64, KVP_GGUF_I64,
	KVP_GGUF_F64, KVP_GGUF_VTYPE_COUNT
};

#define KVP_GGUF_KEY_MAX  128
#define KVP_GGUF_STR_MAX  128
#define KVP_GGUF_ARR_MAX  4096
#define KVP_GGUF_NAME_MAX 256
#define KVP_GGUF_MAX_DIMS 4

/* One kept key/value. Unsigned integers and bools in u, signed ones in
 * i, floats in f; arrays: arr_type, n and, for integer or bool elements
 * (at most KVP_GGUF_ARR_MAX), ivals[n]. */
struct kvp_gguf_kv {
	char key[KVP_GGUF_KEY_MAX];
	enum kvp_gguf_vtype type;
	enum kvp_gguf_vtype arr_type;  /* type == ARRAY */
	uint64_t n;                    /* array length */
	bool is_signed;                /* integer value below zero possible */
	uint64_t u;                    /* unsigned integers, bool */
	int64_t i;                     /* signed integers */
	double f;                      /* floats */
	char str[KVP_GGUF_STR_MAX];    /* strings (cut at the limit) */
	bool str_cut;                  /* the string was longer */
	int64_t *ivals;                /* integer/bool array elements, or NULL
	                                  (floats, strings, too long) */
};

struct kvp_gguf_tensor {
	char name[KVP_GGUF_NAME_MAX];
	uint32_t n_dims;
	uint64_t ne[KVP_GGUF_MAX_DIMS];
	uint32_t type;                 /* ggml type id */
	uint64_t offset;               /* into the data section */
	uint64_t bytes;                /* exact stored bytes (ggml_nbytes) */
	uint64_t elements;
};

/* Called once per tensor info, in file order; a non-OK status stops the
 * read and is returned (with err set by the callback). */
typedef enum kvp_status (*kvp_gguf_tensor_fn)(void *ctx,
                                              const struct kvp_gguf_tensor *t,
                                              struct kvp_error *err);

struct kvp_gguf {
	uint32_t version;
	uint64_t n_tensors, n_kv;
	uint64_t alignment;
	uint64_t data_offset;          /* start of the tensor data */
	uint64_t file_size;
	uint64_t tensor_bytes;         /* sum of every tensor's bytes */
	size_t n_kept;
	struct kvp_gguf_kv *kv;        /* n_kept entries, owned */
};

/* Read the file at path (a regular file). */
enum kvp_status kvp_gguf_read_path(const char *path, struct kvp_gguf *g,
                                   kvp_gguf_tensor_fn fn, void *ctx,
                                   struct kvp_error *err);

/* Read a file image held in memory (tests, fuzzing); name for messages. */
enum kvp_status kvp_gguf_read_mem(const void *data, size_t len,
                                  const char *name, struct kvp_gguf *g,
                                  kvp_gguf_tensor_fn fn, void *ctx,
                                  struct kvp_error *err);

void kvp_gguf_free(struct kvp_gguf *g);

/* The kept key/value with this key, or NULL. */
const struct kvp_gguf_kv *kvp_gguf_find(const struct kvp_gguf *g,
                                        const char *key);

#endif
