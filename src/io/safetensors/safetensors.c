/*
 * safetensors.c - the header reader of safetensors.h. Only the 8-byte
 * length and the JSON header are read; the size of the rest of the file
 * is taken from fstat, so a 10 GB shard costs its header.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/safetensors/safetensors.h"
#include "kvplan/checked.h"

/* The dtypes of safetensors' Dtype enum (safetensors/src/tensor.rs) and
 * their bits per value. */
static const struct {
	const char *name;
	unsigned bits;
} dtypes[] = {
	{ "BOOL", 8 }, { "F4", 4 }, { "F6_E2M3", 6 }, { "F6_E3M2", 6 },
	{ "U8", 8 }, { "I8", 8 }, { "F8_E5M2", 8 }, { "F8_E4M3", 8 },
	{ "F8_E8M0", 8 }, { "I16", 16 }, { "U16", 16 }, { "F16", 16 },
	{ "BF16", 16 }, { "I32", 32 }, { "U32", 32 }, { "F32", 32 },
	{ "F64", 64 }, { "I64", 64 }, { "U64", 64 },
};

unsigned kvp_st_dtype_bits(const char *dtype)
{
	size_t i;

	for (i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
		if (!strcmp(dtypes[i].name, dtype))
			return dtypes[i].bits;
	return 0;
}

/* A JSON number that is a non-negative integer below 2^53. */
static bool json_u64(const cJSON *v, uint64_t *out)
{
	double d;

	if (!cJSON_IsNumber(v))
		return false;
	d = v->valuedouble;
	if (!(d >= 0) || d > 9007199254740992.0 || d != (double)(uint64_t)d)
		return false;
	*out = (uint64_t)d;
	return true;
}

/* s for a one-line message: control bytes as '?', at most n - 1 bytes. */
static void shown(const char *s, char *out, size_t n)
{
	size_t i;

	for (i = 0; s && s[i] && i + 1 < n; i++)
		out[i] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7f) ? '?' : s[i];
	out[i] = '\0';
}

struct span {
	uint64_t begin, end;
};

static int span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* The format's rule (safetensors Metadata::validate): the tensors' data
 * lie back to back from offset 0, no gap, no overlap - so no byte is
 * counted twice. */
static enum kvp_status contiguous(const char *file, struct span *sp, size_t n,
                                  struct kvp_error *err)
{
	uint64_t at = 0;
	size_t i;

	if (n > 1)
		qsort(sp, n, sizeof *sp, span_cmp);
	for (i = 0; i < n; i++) {
		if (sp[i].begin != at)
			return kvp_error_set(err, KVP_EPARSE, "%s: data_offsets: a "
			       "tensor starts at %llu where the previous one ends at "
			       "%llu (tensors must lie back to back)", file,
			       (unsigned long long)sp[i].begin,
			       (unsigned long long)at);
		at = sp[i].end;
	}
	return KVP_OK;
}

static enum kvp_status tensor(const char *file, const cJSON *t,
                              uint64_t data_size, kvp_st_tensor_fn fn,
                              void *ctx, struct span *sp,
                              struct kvp_error *err)
{
	const cJSON *dt = cJSON_GetObjectItemCaseSensitive(t, "dtype");
	const cJSON *shape = cJSON_GetObjectItemCaseSensitive(t, "shape");
	const cJSON *offs = cJSON_GetObjectItemCaseSensitive(t, "data_offsets");
	const cJSON *d;
	char name[208], dname[48];
	uint64_t n = 1, bits_total, bytes, b0, b1, x;
	unsigned bits;

	shown(t->string, name, sizeof name);

	if (!cJSON_IsObject(t) || !cJSON_IsString(dt) || !cJSON_IsArray(shape) ||
	    !cJSON_IsArray(offs) || cJSON_GetArraySize(offs) != 2)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: expected "
		       "{\"dtype\", \"shape\", \"data_offsets\": [begin, end]}",
		       file, name);
	shown(dt->valuestring, dname, sizeof dname);
	bits = kvp_st_dtype_bits(dt->valuestring);
	if (!bits)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: dtype "
		       "'%s' - unknown to kvplan (refused rather than "
		       "guessed)", file, name, dname);
	cJSON_ArrayForEach(d, shape) {
		if (!json_u64(d, &x))
			return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: "
			       "shape holds a value that is not a non-negative "
			       "integer", file, name);
		if (!kvp_mul(n, x, &n))
			return kvp_error_set(err, KVP_EOVERFLOW, "%s: tensor %.200s: "
			       "shape: element count overflows 64 bits", file, name);
	}
	if (!kvp_mul(n, bits, &bits_total))
		return kvp_error_set(err, KVP_EOVERFLOW, "%s: tensor %.200s: size "
		       "overflows 64 bits", file, name);
	if (bits_total % 8)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: %llu "
		       "values of %u bits are not whole bytes", file, name,
		       (unsigned long long)n, bits);
	bytes = bits_total / 8;
	if (!json_u64(cJSON_GetArrayItem(offs, 0), &b0) ||
	    !json_u64(cJSON_GetArrayItem(offs, 1), &b1) || b1 < b0)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: "
		       "data_offsets: expected two integers, begin <= end",
		       file, name);
	if (b1 - b0 != bytes)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: "
		       "data_offsets span %llu bytes - %s x shape is %llu",
		       file, name, (unsigned long long)(b1 - b0),
		       dname, (unsigned long long)bytes);
	sp->begin = b0;
	sp->end = b1;
	if (b1 > data_size)
		return kvp_error_set(err, KVP_EPARSE, "%s: tensor %.200s: data "
		       "ends at %llu, past the end of the file (%llu data bytes) "
		       "- truncated file", file, name, (unsigned long long)b1,
		       (unsigned long long)data_size);
	return fn ? fn(ctx, name, dname, bytes, n, err) : KVP_OK;
}

/* header[0..hlen) is the JSON; data_size bytes follow it. */
static enum kvp_status parse(const char *file, const char *header,
                             size_t hlen, uint64_t data_size,
                             kvp_st_tensor_fn fn, void *ctx,
                             struct kvp_error *err)
{
	cJSON *root = cJSON_ParseWithLength(header, hlen);
	const cJSON *t;
	struct span *sp;
	size_t n = 0;
	enum kvp_status st = KVP_OK;

	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return kvp_error_set(err, KVP_EPARSE, "%s: safetensors header: "
		                     "not a JSON object", file);
	}
	sp = malloc(((size_t)cJSON_GetArraySize(root) + 1) * sizeof *sp);
	if (!sp) {
		cJSON_Delete(root);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", file);
	}
	cJSON_ArrayForEach(t, root) {
		if (t->string && !strcmp(t->string, "__metadata__"))
			continue;
		st = tensor(file, t, data_size, fn, ctx, &sp[n], err);
		if (st != KVP_OK)
			break;
		n++;
	}
	if (st == KVP_OK)
		st = contiguous(file, sp, n, err);
	free(sp);
	cJSON_Delete(root);
	return st;
}

static uint64_t le64(const unsigned char *b)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static enum kvp_status check_len(const char *file, uint64_t n, uint64_t size,
                                 struct kvp_error *err)
{
	if (size < 8)
		return kvp_error_set(err, KVP_EPARSE, "%s: %llu bytes - too short "
		       "for a safetensors file (truncated)", file,
		       (unsigned long long)size);
	if (n > KVP_ST_HEADER_MAX)
		return kvp_error_set(err, KVP_EPARSE, "%s: header length %llu - "
		       "more than the format's 100,000,000", file,
		       (unsigned long long)n);
	if (n > size - 8)
		return kvp_error_set(err, KVP_EPARSE, "%s: header length %llu - "
		       "longer than the file (%llu bytes): truncated file", file,
		       (unsigned long long)n, (unsigned long long)size);
	return KVP_OK;
}

enum kvp_status kvp_st_read_mem(const void *data, size_t len,
                                const char *name, kvp_st_tensor_fn fn,
                                void *ctx, struct kvp_error *err)
{
	const unsigned char *p = data;
	uint64_t n;
	enum kvp_status st;

	kvp_error_clear(err);
	if ((st = check_len(name, len >= 8 ? le64(p) : 0, len, err)) != KVP_OK)
		return st;
	n = le64(p);
	return parse(name, (const char *)p + 8, (size_t)n, len - 8 - n, fn, ctx,
	             err);
}

enum kvp_status kvp_st_read_path(const char *path, kvp_st_tensor_fn fn,
                                 void *ctx, struct kvp_error *err)
{
	unsigned char lenb[8];
	struct stat sb;
	uint64_t n, size, got = 0;
	char *h;
	enum kvp_status st;
	int fd;

	kvp_error_clear(err);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return kvp_error_set(err, errno == ENOENT ? KVP_ENOTFOUND : KVP_EIO,
		                     "%s: %s", path, strerror(errno));
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file", path);
	}
	size = (uint64_t)sb.st_size;
	if (size < 8 || pread(fd, lenb, 8, 0) != 8) {
		close(fd);
		return check_len(path, 0, size < 8 ? size : 0, err);
	}
	n = le64(lenb);
	if ((st = check_len(path, n, size, err)) != KVP_OK) {
		close(fd);
		return st;
	}
	h = malloc(n ? n : 1);
	if (!h) {
		close(fd);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", path);
	}
	while (got < n) {
		ssize_t r = pread(fd, h + got, n - got, (off_t)(8 + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			free(h);
			close(fd);
			return kvp_error_set(err, KVP_EIO, "%s: read: %s", path,
			                     r < 0 ? strerror(errno) : "file shrank");
		}
		got += (uint64_t)r;
	}
	close(fd);
	st = parse(path, h, n, size - 8 - n, fn, ctx, err);
	free(h);
	return st;
}
