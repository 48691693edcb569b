/*
 * gguf.c - the GGUF header reader of gguf.h.
 *
 * The file is read front to back through a 64 KiB window (or straight
 * from memory), so a 100 GB file costs the bytes of its header only.
 * Every length read from the file is checked against what is left of it
 * before it is used, and every product is checked (checked.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/gguf/ggml_types.h"
#include "io/gguf/gguf.h"
#include "io/name_set.h"
#include "kvplan/checked.h"

/* Bounds no real file reaches; the file's size bounds them further. */
#define MAX_TENSORS (1ull << 24)
#define MAX_KV      (1ull << 20)
#define MAX_KEY     65535u
#define WINDOW      (1u << 20)

struct rd {
	const char *name;
	int fd;                   /* -1: memory */
	const uint8_t *mem;
	uint64_t size;            /* file size */
	uint64_t pos;             /* offset of the next byte */
	uint8_t *win;             /* window over [win_at, win_at + win_len) */
	uint64_t win_at;
	size_t win_len;
	struct kvp_error *err;
};

static enum kvp_status fail(struct rd *r, enum kvp_status st, const char *what,
                            const char *fmt_detail, unsigned long long v)
{
	char detail[160];

	snprintf(detail, sizeof detail, fmt_detail, v);
	return kvp_error_set(r->err, st, "%s: GGUF at byte %llu: %s: %s",
	                     r->name, (unsigned long long)r->pos, what, detail);
}

static enum kvp_status truncated(struct rd *r, const char *what, uint64_t n)
{
	return kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF at byte %llu: %s: "
	                     "%llu bytes needed, %llu left - truncated file",
	                     r->name, (unsigned long long)r->pos, what,
	                     (unsigned long long)n,
	                     (unsigned long long)(r->size - r->pos));
}

/* A pointer to the n bytes at r->pos (n <= WINDOW), refilling the
 * window when they are not all in it; NULL after setting err when the
 * file ends first or a read fails. Does not advance. */
static const uint8_t *peek(struct rd *r, size_t n, const char *what)
{
	if (n > r->size - r->pos) {
		truncated(r, what, n);
		return NULL;
	}
	if (r->fd < 0)
		return r->mem + r->pos;
	if (r->pos < r->win_at || r->pos + n > r->win_at + r->win_len) {
		ssize_t got;
		size_t want = WINDOW, have = 0;

		if (want > r->size - r->pos)
			want = (size_t)(r->size - r->pos);
		while (have < want) {
			got = pread(r->fd, r->win + have, want - have,
			            (off_t)(r->pos + have));
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				kvp_error_set(r->err, KVP_EIO, "%s: read at byte "
				              "%llu: %s", r->name,
				              (unsigned long long)(r->pos + have),
				              got < 0 ? strerror(errno)
				                      : "file shrank while reading");
				return NULL;
			}
			have += (size_t)got;
		}
		r->win_at = r->pos;
		r->win_len = have;
	}
	return r->win + (r->pos - r->win_at);
}

/* n bytes at r->pos into out (n <= WINDOW), advancing. */
static enum kvp_status take(struct rd *r, void *out, size_t n, const char *what)
{
	const uint8_t *p = peek(r, n, what);

	if (!p)
		return r->err ? r->err->status : KVP_EPARSE;
	memcpy(out, p, n);
	r->pos += n;
	return KVP_OK;
}

static enum kvp_status skip(struct rd *r, uint64_t n, const char *what)
{
	if (n > r->size - r->pos)
		return truncated(r, what, n);
	r->pos += n;
	return KVP_OK;
}

static uint64_t le(const uint8_t *b, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | b[n];
	return v;
}

static enum kvp_status u32(struct rd *r, uint32_t *v, const char *what)
{
	uint8_t b[4];
	enum kvp_status st = take(r, b, 4, what);

	*v = (uint32_t)le(b, 4);
	return st;
}

static enum kvp_status u64(struct rd *r, uint64_t *v, const char *what)
{
	uint8_t b[8];
	enum kvp_status st = take(r, b, 8, what);

	*v = le(b, 8);
	return st;
}

/* A string: u64 length, bytes. Kept up to cap - 1 bytes in out (cap 0:
 * skipped); *cut when longer. Control bytes shown as '?'. */
static enum kvp_status string(struct rd *r, char *out, size_t cap,
                              uint64_t max, bool *cut, const char *what)
{
	uint64_t len, keep;
	enum kvp_status st;

	if ((st = u64(r, &len, what)) != KVP_OK)
		return st;
	if (len > r->size - r->pos)
		return fail(r, KVP_EPARSE, what, "string of %llu bytes is longer "
		            "than the rest of the file", (unsigned long long)len);
	if (len > max)
		return fail(r, KVP_EPARSE, what, "string of %llu bytes - too long",
		            (unsigned long long)len);
	if (cut)
		*cut = false;
	if (cap == 0)
		return skip(r, len, what);
	keep = len < cap - 1 ? len : cap - 1;
	if (cut)
		*cut = keep < len;
	while (keep > 0) {
		size_t n = keep > WINDOW ? WINDOW : (size_t)keep;
		if ((st = take(r, out, n, what)) != KVP_OK)
			return st;
		out += n;
		keep -= n;
		len -= n;
		cap -= n;
	}
	*out = '\0';
	return skip(r, len, what);
}

/* n strings skipped (a tokenizer's vocabulary: hundreds of thousands),
 * each length checked against the rest of the file; the hot loop of a
 * large header, so lengths are read straight from the window. */
static enum kvp_status skip_strings(struct rd *r, uint64_t n, const char *what)
{
	uint64_t i, len;
	const uint8_t *p;

	for (i = 0; i < n; i++) {
		if (!(p = peek(r, 8, what)))
			return r->err ? r->err->status : KVP_EPARSE;
		len = le(p, 8);
		r->pos += 8;
		if (len > r->size - r->pos)
			return fail(r, KVP_EPARSE, what, "string of %llu bytes is "
			            "longer than the rest of the file",
			            (unsigned long long)len);
		r->pos += len;
	}
	return KVP_OK;
}

/* Bytes of one value of a fixed-size type, 0 for string/array. */
static unsigned fixed_size(enum kvp_gguf_vtype t)
{
	static const unsigned sz[KVP_GGUF_VTYPE_COUNT] = {
		[KVP_GGUF_U8] = 1, [KVP_GGUF_I8] = 1, [KVP_GGUF_U16] = 2,
		[KVP_GGUF_I16] = 2, [KVP_GGUF_U32] = 4, [KVP_GGUF_I32] = 4,
		[KVP_GGUF_F32] = 4, [KVP_GGUF_BOOL] = 1, [KVP_GGUF_U64] = 8,
		[KVP_GGUF_I64] = 8, [KVP_GGUF_F64] = 8,
	};
	return (unsigned)t < KVP_GGUF_VTYPE_COUNT ? sz[t] : 0;
}

static bool is_int(enum kvp_gguf_vtype t)
{
	return t != KVP_GGUF_F32 && t != KVP_GGUF_F64 && fixed_size(t) != 0;
}

static bool is_signed_t(enum kvp_gguf_vtype t)
{
	return t == KVP_GGUF_I8 || t == KVP_GGUF_I16 || t == KVP_GGUF_I32 ||
	       t == KVP_GGUF_I64;
}

/* One fixed-size value into kv (u, i, f). */
static enum kvp_status scalar(struct rd *r, enum kvp_gguf_vtype t,
                              struct kvp_gguf_kv *kv, const char *what)
{
	uint8_t b[8];
	unsigned n = fixed_size(t);
	uint64_t v;
	enum kvp_status st;

	if ((st = take(r, b, n, what)) != KVP_OK)
		return st;
	v = le(b, n);
	kv->is_signed = is_signed_t(t);
	if (t == KVP_GGUF_F32) {
		float f;
		uint32_t w = (uint32_t)v;
		memcpy(&f, &w, 4);
		kv->f = f;
	} else if (t == KVP_GGUF_F64) {
		memcpy(&kv->f, &v, 8);
	} else if (kv->is_signed) {
		/* sign-extend from n bytes */
		unsigned sh = 64 - 8 * n;
		kv->i = (int64_t)(v << sh) >> sh;
		kv->u = kv->i < 0 ? 0 : (uint64_t)kv->i;
	} else {
		kv->u = v;
		kv->i = v > INT64_MAX ? INT64_MAX : (int64_t)v;
	}
	return KVP_OK;
}

static enum kvp_status array(struct rd *r, struct kvp_gguf_kv *kv,
                             const char *what)
{
	uint32_t et;
	uint64_t n, i, need;
	unsigned sz;
	enum kvp_status st;

	if ((st = u32(r, &et, what)) != KVP_OK || (st = u64(r, &n, what)) != KVP_OK)
		return st;
	if (et >= KVP_GGUF_VTYPE_COUNT)
		return fail(r, KVP_EPARSE, what, "array of unknown value type %llu",
		            et);
	if (et == KVP_GGUF_ARRAY)
		return fail(r, KVP_EPARSE, what, "%llu - nested arrays are not "
		            "part of GGUF", et);
	kv->arr_type = (enum kvp_gguf_vtype)et;
	kv->n = n;
	sz = fixed_size(kv->arr_type);
	/* every element takes at least sz bytes (a string 8) */
	if (!kvp_mul(n, sz ? sz : 8, &need) || need > r->size - r->pos)
		return fail(r, KVP_EPARSE, what, "array of %llu entries is longer "
		            "than the rest of the file", (unsigned long long)n);
	if (sz && is_int(kv->arr_type) && n <= KVP_GGUF_ARR_MAX) {
		kv->ivals = malloc((n ? n : 1) * sizeof *kv->ivals);
		if (!kv->ivals)
			return kvp_error_set(r->err, KVP_ENOMEM, "%s: out of memory",
			                     r->name);
		for (i = 0; i < n; i++) {
			struct kvp_gguf_kv one;
			if ((st = scalar(r, kv->arr_type, &one, what)) != KVP_OK)
				return st;
			kv->ivals[i] = one.i;
		}
		return KVP_OK;
	}
	if (sz)
		return skip(r, need, what);
	return skip_strings(r, n, what);
}

static enum kvp_status read_kv(struct rd *r, struct kvp_gguf_kv *kv)
{
	uint32_t t;
	bool cut;
	enum kvp_status st;
	char what[KVP_GGUF_KEY_MAX + 16];

	memset(kv, 0, sizeof *kv);
	st = string(r, kv->key, sizeof kv->key, MAX_KEY, &cut, "metadata key");
	if (st != KVP_OK)
		return st;
	for (t = 0; kv->key[t]; t++)
		if ((unsigned char)kv->key[t] < 0x20 || kv->key[t] == 0x7f)
			kv->key[t] = '?';
	if (cut)
		kv->key[0] = '\0';   /* no key we read is that long: not kept */
	snprintf(what, sizeof what, "key %s", kv->key);
	if ((st = u32(r, &t, what)) != KVP_OK)
		return st;
	if (t >= KVP_GGUF_VTYPE_COUNT)
		return fail(r, KVP_EPARSE, what, "unknown value type %llu", t);
	kv->type = (enum kvp_gguf_vtype)t;
	if (kv->type == KVP_GGUF_STRING) {
		st = string(r, kv->str, sizeof kv->str, r->size, &kv->str_cut, what);
		for (t = 0; kv->str[t]; t++)
			if ((unsigned char)kv->str[t] < 0x20 || kv->str[t] == 0x7f)
				kv->str[t] = '?';
		return st;
	}
	if (kv->type == KVP_GGUF_ARRAY)
		return array(r, kv, what);
	return scalar(r, kv->type, kv, what);
}

static enum kvp_status read_header(struct rd *r, struct kvp_gguf *g)
{
	uint8_t magic[4];
	enum kvp_status st;

	if ((st = take(r, magic, 4, "magic")) != KVP_OK)
		return st;
	if (memcmp(magic, "GGUF", 4) != 0)
		return kvp_error_set(r->err, KVP_EPARSE, "%s: not a GGUF file "
		                     "(it does not start with \"GGUF\")", r->name);
	if ((st = u32(r, &g->version, "version")) != KVP_OK)
		return st;
	if (g->version == 0x03000000 || g->version == 0x02000000)
		return fail(r, KVP_EPARSE, "version", "%llu - a big-endian GGUF "
		            "file; kvplan reads little-endian ones",
		            g->version);
	if (g->version < 2 || g->version > 3)
		return fail(r, KVP_EPARSE, "version", "%llu - kvplan reads GGUF "
		            "versions 2 and 3", g->version);
	if ((st = u64(r, &g->n_tensors, "tensor count")) != KVP_OK ||
	    (st = u64(r, &g->n_kv, "metadata count")) != KVP_OK)
		return st;
	/* a tensor info takes at least 8 + 4 + 8 + 4 + 8 bytes, a key/value
	 * 8 + 4 + 1 */
	if (g->n_tensors > MAX_TENSORS || g->n_tensors > (r->size - r->pos) / 32)
		return fail(r, KVP_EPARSE, "tensor count", "%llu - more than "
		            "what is left of the file can hold (truncated or "
		            "corrupt file)", (unsigned long long)g->n_tensors);
	if (g->n_kv > MAX_KV || g->n_kv > (r->size - r->pos) / 13)
		return fail(r, KVP_EPARSE, "metadata count", "%llu - more than "
		            "what is left of the file can hold (truncated or "
		            "corrupt file)", (unsigned long long)g->n_kv);
	return KVP_OK;
}

/* general.alignment as gguf.cpp takes it: gguf_get_val_u32 (one u32,
 * asserted), then "alignment %zu is not a power of 2". */
static enum kvp_status alignment(struct rd *r, struct kvp_gguf *g,
                                 const struct kvp_gguf_kv *kv)
{
	if (kv->type != KVP_GGUF_U32)
		return kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF at byte %llu: "
		       "general.alignment: %s, not one u32 - llama.cpp's "
		       "gguf_get_val_u32 refuses it", r->name,
		       (unsigned long long)r->pos,
		       kv->type == KVP_GGUF_ARRAY ? "an array"
		       : kv->type == KVP_GGUF_STRING ? "a string" : "another type");
	if (kv->u == 0 || (kv->u & (kv->u - 1)) != 0)
		return fail(r, KVP_EPARSE, "general.alignment", "alignment %llu "
		            "is not a power of 2 (gguf.cpp)", (unsigned long long)kv->u);
	g->alignment = kv->u;
	return KVP_OK;
}

/* Keep KV (the set owns its values from here), or refuse a key read
 * before, as gguf.cpp does ("duplicate key '%s' for tensors %zu and
 * %zu": it says tensors, it means key/value pairs). */
static enum kvp_status keep_kv(struct rd *r, struct kvp_gguf *g,
                               struct kvp_name_set *keys, uint64_t k,
                               struct kvp_gguf_kv *kv)
{
	struct kvp_gguf_kv *grown;
	uint64_t first = 0;
	int dup = kv->key[0] ? kvp_name_set_add(keys, kv->key, k, &first) : 0;
	enum kvp_status st = KVP_OK;

	if (dup > 0)
		st = kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF: duplicate key "
		       "'%s' for tensors %llu and %llu (key/value pairs, in "
		       "gguf.cpp's words) - llama.cpp refuses the file", r->name,
		       kv->key, (unsigned long long)first, (unsigned long long)k);
	else if (!strcmp(kv->key, "general.alignment"))
		st = alignment(r, g, kv);
	if (st != KVP_OK || !kv->key[0] || dup < 0) {
		free(kv->ivals);
		return st == KVP_OK && dup < 0 ? kvp_error_set(r->err, KVP_ENOMEM,
		       "%s: out of memory", r->name) : st;
	}
	grown = realloc(g->kv, (g->n_kept + 1) * sizeof *g->kv);
	if (!grown) {
		free(kv->ivals);
		return kvp_error_set(r->err, KVP_ENOMEM, "%s: out of memory", r->name);
	}
	g->kv = grown;
	g->kv[g->n_kept++] = *kv;
	return KVP_OK;
}

static enum kvp_status read_kvs(struct rd *r, struct kvp_gguf *g)
{
	struct kvp_name_set keys;
	uint64_t k;
	enum kvp_status st = KVP_OK;

	memset(&keys, 0, sizeof keys);
	g->alignment = 32;   /* GGUF_DEFAULT_ALIGNMENT */
	for (k = 0; k < g->n_kv && st == KVP_OK; k++) {
		struct kvp_gguf_kv kv;

		st = read_kv(r, &kv);
		if (st != KVP_OK)
			free(kv.ivals);
		else
			st = keep_kv(r, g, &keys, k, &kv);
	}
	kvp_name_set_free(&keys);
	return st;
}

static enum kvp_status read_tensor(struct rd *r, struct kvp_gguf_tensor *t)
{
	const struct kvp_ggml_type *ty;
	char what[KVP_GGUF_NAME_MAX + 16];
	uint32_t d;
	bool cut;
	enum kvp_status st;

	memset(t, 0, sizeof *t);
	st = string(r, t->name, sizeof t->name, MAX_KEY, &cut, "tensor name");
	if (st != KVP_OK)
		return st;
	for (d = 0; t->name[d]; d++)
		if ((unsigned char)t->name[d] < 0x20 || t->name[d] == 0x7f)
			t->name[d] = '?';
	if (cut)
		return fail(r, KVP_EPARSE, "tensor name", "longer than %llu bytes "
		            "(ggml's limit is 64)", KVP_GGUF_NAME_MAX - 1);
	snprintf(what, sizeof what, "tensor %s", t->name);
	if ((st = u32(r, &t->n_dims, what)) != KVP_OK)
		return st;
	if (t->n_dims < 1 || t->n_dims > KVP_GGUF_MAX_DIMS)
		return fail(r, KVP_EPARSE, what, "n_dims %llu - must be 1..4",
		            t->n_dims);
	for (d = 0; d < t->n_dims; d++) {
		if ((st = u64(r, &t->ne[d], what)) != KVP_OK)
			return st;
		if (t->ne[d] > INT64_MAX)
			return fail(r, KVP_EPARSE, what, "dimension %llu is negative "
			            "as ggml's int64", (unsigned long long)t->ne[d]);
	}
	if ((st = u32(r, &t->type, what)) != KVP_OK ||
	    (st = u64(r, &t->offset, what)) != KVP_OK)
		return st;
	ty = kvp_ggml_type_of(t->type);
	if (!ty)
		return fail(r, KVP_EPARSE, what, "ggml type %llu - unknown (or "
		            "removed from GGUF files)", t->type);
	if (!kvp_ggml_tensor_bytes(ty, t->n_dims, t->ne, &t->bytes, &t->elements))
		return fail(r, KVP_EPARSE, what, t->ne[0] % ty->blck
		            ? "row of %llu values is not a whole number of blocks"
		            : "size %llu... overflows 64 bits",
		            (unsigned long long)t->ne[0]);
	return KVP_OK;
}

/* The data as gguf.cpp lays it out: each tensor at the padded end of
 * the one before ("tensor '%s' has offset %llu, expected %zu"), and, as
 * llama-model-loader.cpp checks, inside the file. */
static enum kvp_status check_data(struct rd *r, struct kvp_gguf *g,
                                  const struct kvp_name_set *names,
                                  const uint64_t *off, const uint64_t *len)
{
	uint64_t k, data_size, end, expected = 0;

	if (!kvp_round_up(r->pos, g->alignment, &g->data_offset) ||
	    g->data_offset > r->size)
		return truncated(r, "data section", g->data_offset - r->pos);
	data_size = r->size - g->data_offset;
	for (k = 0; k < g->n_tensors; k++) {
		if (off[k] != expected)
			return kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF: tensor '%s' "
			       "has offset %llu, expected %llu (gguf.cpp: the data "
			       "lies back to back, each padded to general.alignment) "
			       "- llama.cpp refuses the file", r->name,
			       kvp_name_set_at(names, k), (unsigned long long)off[k],
			       (unsigned long long)expected);
		if (!kvp_add(off[k], len[k], &end) || end > data_size)
			return kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF: tensor %llu "
			       "(of %llu): data at %llu + %llu bytes ends past the "
			       "end of the file (%llu data bytes) - truncated file",
			       r->name, (unsigned long long)k,
			       (unsigned long long)g->n_tensors,
			       (unsigned long long)off[k], (unsigned long long)len[k],
			       (unsigned long long)data_size);
		if (!kvp_round_up(end, g->alignment, &expected))
			expected = UINT64_MAX;   /* no later offset can equal it */
	}
	return KVP_OK;
}

/* Tensor K's name, once: gguf.cpp's "duplicate tensor name". */
static enum kvp_status unique_name(struct rd *r, struct kvp_name_set *names,
                                   const char *name, uint64_t k)
{
	uint64_t first = 0;
	int dup = kvp_name_set_add(names, name, k, &first);

	if (dup < 0)
		return kvp_error_set(r->err, KVP_ENOMEM, "%s: out of memory", r->name);
	if (dup > 0)
		return kvp_error_set(r->err, KVP_EPARSE, "%s: GGUF: duplicate tensor "
		       "name '%s' for tensors %llu and %llu - llama.cpp's gguf.cpp "
		       "refuses the file", r->name, name, (unsigned long long)first,
		       (unsigned long long)k);
	return KVP_OK;
}

static enum kvp_status read_tensors(struct rd *r, struct kvp_gguf *g,
                                    kvp_gguf_tensor_fn fn, void *ctx)
{
	struct kvp_gguf_tensor t;
	struct kvp_name_set names;
	uint64_t k;
	enum kvp_status st = KVP_OK;
	/* checked after the header: the data section's start is known only
	 * then; offsets are kept in a second pass over a small list */
	uint64_t *off = NULL, *len = NULL;

	memset(&names, 0, sizeof names);
	if (g->n_tensors) {
		off = malloc(g->n_tensors * sizeof *off);
		len = malloc(g->n_tensors * sizeof *len);
		if (!off || !len)
			st = kvp_error_set(r->err, KVP_ENOMEM, "%s: out of memory", r->name);
	}
	for (k = 0; k < g->n_tensors && st == KVP_OK; k++) {
		if ((st = read_tensor(r, &t)) != KVP_OK ||
		    (st = unique_name(r, &names, t.name, k)) != KVP_OK)
			break;
		if (t.offset % g->alignment != 0) {
			st = fail(r, KVP_EPARSE, t.name, "data offset %llu is not a "
			          "multiple of general.alignment",
			          (unsigned long long)t.offset);
			break;
		}
		off[k] = t.offset;
		len[k] = t.bytes;
		if (!kvp_add(g->tensor_bytes, t.bytes, &g->tensor_bytes))
			st = fail(r, KVP_EOVERFLOW, t.name, "%llu bytes: the sum "
			          "overflows 64 bits", (unsigned long long)t.bytes);
		else if (fn)
			st = fn(ctx, &t, r->err);
	}
	if (st == KVP_OK)
		st = check_data(r, g, &names, off, len);
	kvp_name_set_free(&names);
	free(off);
	free(len);
	return st;
}

static enum kvp_status read_all(struct rd *r, struct kvp_gguf *g,
                                kvp_gguf_tensor_fn fn, void *ctx)
{
	enum kvp_status st;

	memset(g, 0, sizeof *g);
	g->file_size = r->size;
	if ((st = read_header(r, g)) != KVP_OK || (st = read_kvs(r, g)) != KVP_OK)
		return st;
	return read_tensors(r, g, fn, ctx);
}

enum kvp_status kvp_gguf_read_mem(const void *data, size_t len,
                                  const char *name, struct kvp_gguf *g,
                                  kvp_gguf_tensor_fn fn, void *ctx,
                                  struct kvp_error *err)
{
	struct rd r;

	kvp_error_clear(err);
	memset(&r, 0, sizeof r);
	r.name = name;
	r.fd = -1;
	r.mem = data;
	r.size = len;
	r.err = err;
	return read_all(&r, g, fn, ctx);
}

enum kvp_status kvp_gguf_read_path(const char *path, struct kvp_gguf *g,
                                   kvp_gguf_tensor_fn fn, void *ctx,
                                   struct kvp_error *err)
{
	struct rd r;
	struct stat sb;
	enum kvp_status st;

	kvp_error_clear(err);
	memset(g, 0, sizeof *g);
	memset(&r, 0, sizeof r);
	r.name = path;
	r.err = err;
	r.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (r.fd < 0)
		return kvp_error_set(err, errno == ENOENT ? KVP_ENOTFOUND : KVP_EIO,
		                     "%s: %s", path, strerror(errno));
	if (fstat(r.fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(r.fd);
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file", path);
	}
	r.size = (uint64_t)sb.st_size;
	r.win = malloc(WINDOW);
	if (!r.win) {
		close(r.fd);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
	}
	r.win_at = 0;
	r.win_len = 0;
	st = read_all(&r, g, fn, ctx);
	free(r.win);
	close(r.fd);
	return st;
}

void kvp_gguf_free(struct kvp_gguf *g)
{
	size_t i;

	if (!g)
		return;
	for (i = 0; i < g->n_kept; i++)
		free(g->kv[i].ivals);
	free(g->kv);
	g->kv = NULL;
	g->n_kept = 0;
}

const struct kvp_gguf_kv *kvp_gguf_find(const struct kvp_gguf *g,
                                        const char *key)
{
	size_t i;

	for (i = 0; i < g->n_kept; i++)
		if (!strcmp(g->kv[i].key, key))
			return &g->kv[i];
	return NULL;
}
