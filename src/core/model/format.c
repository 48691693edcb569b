/*
 * format.c - storage formats of cached values and of weights: names,
 * aliases, and the exact bytes a row of n values takes.
 *
 * Cache formats (bytes per block / values per block):
 *   f32 4/1, f16 2/1, bf16 2/1, fp8 1/1, int8 1/1            element formats
 *   q8_0 34/32, q4_0 18/32, q4_1 20/32, q5_0 22/32, q5_1 24/32,
 *   iq4_nl 18/32                                              ggml blocks
 * A row of a block format must hold a whole number of 32-value blocks.
 *
 * GROUPQ (transformers QuantizedCache style): a row of n values takes
 *   ceil(n * bits / 8) data bytes + ceil(n / group_size) * (scale + zero)
 * bytes. Its `residual` newest tokens per sequence are kept in
 * `residual_dtype`; that split is applied by kv.c, not here (a row here is
 * always the quantized row).
 *
 * Weight formats: names only here; the weight count (weights.c) turns
 * them into bytes. GGUF Q4_K_M is a mix of q4_K (4.5 bits per weight) and
 * q6_K (6.5625 bits per weight) tensors; weights.c documents the average
 * it uses.
 */
#include <string.h>
#include <strings.h>

#include "kvplan/checked.h"
#include "kvplan/format.h"

/* A block holds 1 << block_shift values (1 or 32): a row splits into
 * blocks with a shift and a mask, no division (it runs for every layer
 * type of every recompute, issue 34). */
struct dtype_info {
	const char *name;
	uint32_t block_shift;    /* values per block = 1 << block_shift */
	uint32_t block_bytes;    /* bytes per block */
};

static const struct dtype_info dtypes[KVP_DT_COUNT] = {
	[KVP_DT_F32]    = { "f32",    0,  4 },
	[KVP_DT_F16]    = { "f16",    0,  2 },
	[KVP_DT_BF16]   = { "bf16",   0,  2 },
	[KVP_DT_FP8]    = { "fp8",    0,  1 },
	[KVP_DT_INT8]   = { "int8",   0,  1 },
	[KVP_DT_Q8_0]   = { "q8_0",   5,  34 },   /* 32 values */
	[KVP_DT_Q4_0]   = { "q4_0",   5,  18 },
	[KVP_DT_Q4_1]   = { "q4_1",   5,  20 },
	[KVP_DT_Q5_0]   = { "q5_0",   5,  22 },
	[KVP_DT_Q5_1]   = { "q5_1",   5,  24 },
	[KVP_DT_IQ4_NL] = { "iq4_nl", 5,  18 },
	[KVP_DT_GROUPQ] = { "groupq", 0,  0 },  /* from kvp_format fields */
};

static const struct {
	const char *alias;
	enum kvp_dtype dt;
} dtype_aliases[] = {
	{ "fp16", KVP_DT_F16 }, { "float16", KVP_DT_F16 }, { "half", KVP_DT_F16 },
	{ "bfloat16", KVP_DT_BF16 },
	{ "fp32", KVP_DT_F32 }, { "float32", KVP_DT_F32 }, { "float", KVP_DT_F32 },
	{ "fp8_e4m3", KVP_DT_FP8 }, { "fp8_e5m2", KVP_DT_FP8 },
	{ "float8", KVP_DT_FP8 }, { "f8", KVP_DT_FP8 },
	{ "i8", KVP_DT_INT8 },
};

const char *kvp_dtype_name(enum kvp_dtype dt)
{
	return (unsigned)dt < KVP_DT_COUNT ? dtypes[dt].name : "?";
}

enum kvp_status kvp_dtype_parse(const char *s, enum kvp_dtype *out,
                                struct kvp_error *err)
{
	size_t i;

	if (!s)
		s = "";
	for (i = 0; i < KVP_DT_COUNT; i++)
		if (strcasecmp(s, dtypes[i].name) == 0) {
			*out = (enum kvp_dtype)i;
			return KVP_OK;
		}
	for (i = 0; i < sizeof dtype_aliases / sizeof dtype_aliases[0]; i++)
		if (strcasecmp(s, dtype_aliases[i].alias) == 0) {
			*out = dtype_aliases[i].dt;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"dtype: '%s' - expected f32, f16, bf16, fp8, int8, q8_0, q4_0, "
		"q4_1, q5_0, q5_1, iq4_nl or groupq", s);
}

struct kvp_format kvp_format_plain(enum kvp_dtype dt)
{
	/* every field named, not memset and two stores: gcc built that on
	 * the stack and read it back 16 bytes at a time across the 4-byte
	 * stores, a store-to-load forward that stalls, on every call
	 * (vLLM's and llama.cpp's sizing make one per layer; issue 34) */
	struct kvp_format f = { .dtype = dt, .bits = 0, .group_size = 0,
	                        .scale_bytes = 0, .zero_bytes = 0,
	                        .residual_dtype = KVP_DT_F16, .residual = 0 };

	return f;
}

uint32_t kvp_format_block_values(const struct kvp_format *f)
{
	if ((unsigned)f->dtype >= KVP_DT_COUNT)
		return 0;
	if (f->dtype == KVP_DT_GROUPQ)
		return f->group_size;
	return 1u << dtypes[f->dtype].block_shift;
}

uint64_t kvp_format_block_bytes(const struct kvp_format *f)
{
	if ((unsigned)f->dtype >= KVP_DT_COUNT)
		return 0;
	if (f->dtype == KVP_DT_GROUPQ)
		/* group_size * bits <= 2^32 * 16: no overflow in 64 bits */
		return kvp_ceil_div((uint64_t)f->group_size * f->bits, 8) +
		       (uint64_t)f->scale_bytes + f->zero_bytes;
	return dtypes[f->dtype].block_bytes;
}

enum kvp_status kvp_format_check(const struct kvp_format *f, const char *what,
                                 struct kvp_error *err)
{
	if (!what)
		what = "dtype";
	if ((unsigned)f->dtype >= KVP_DT_COUNT)
		return kvp_error_set(err, KVP_EINVAL, "%s: %d - unknown format",
		                     what, (int)f->dtype);
	if (f->dtype != KVP_DT_GROUPQ)
		return KVP_OK;
	if (f->bits < 1 || f->bits > 16)
		return kvp_error_set(err, KVP_ERANGE,
			"%s.bits: %u - must be 1..16", what, f->bits);
	if (f->group_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"%s.group_size: %u - must be at least 1", what, f->group_size);
	if ((unsigned)f->residual_dtype >= KVP_DT_COUNT ||
	    f->residual_dtype == KVP_DT_GROUPQ)
		return kvp_error_set(err, KVP_EINVAL,
			"%s.residual_dtype: %s - must be a plain format (f16, bf16, ...)",
			what, kvp_dtype_name(f->residual_dtype));
	return KVP_OK;
}

enum kvp_status kvp_format_row_bytes(const struct kvp_format *f, uint64_t n,
                                     uint64_t *out, const char *what,
                                     struct kvp_error *err)
{
	const struct dtype_info *d;
	uint64_t data, groups, per_group, meta;
	enum kvp_status st;

	if (!what)
		what = "dtype";
	st = kvp_format_check(f, what, err);
	if (st != KVP_OK)
		return st;
	if (f->dtype == KVP_DT_GROUPQ) {
		/* ceil(n * bits / 8) without forming n * bits when it would
		 * overflow: n * bits = (n / 8) * bits * 8 + (n % 8) * bits. */
		if (!kvp_mul(n / 8, f->bits, &data))
			goto overflow;
		if (!kvp_add(data, kvp_ceil_div((n % 8) * f->bits, 8), &data))
			goto overflow;
		groups = kvp_ceil_div(n, f->group_size);
		per_group = (uint64_t)f->scale_bytes + f->zero_bytes;
		if (!kvp_mul(groups, per_group, &meta) ||
		    !kvp_add(data, meta, out))
			goto overflow;
		return KVP_OK;
	}
	d = &dtypes[f->dtype];
	if ((n & ((1ull << d->block_shift) - 1)) != 0)
		return kvp_error_set(err, KVP_EINVAL,
			"%s: %s - a row of %llu values is not a whole number of "
			"%u-value blocks", what, d->name, (unsigned long long)n,
			1u << d->block_shift);
	if (!kvp_mul(n >> d->block_shift, d->block_bytes, out))
		goto overflow;
	return KVP_OK;
overflow:
	return kvp_error_set(err, KVP_EOVERFLOW,
		"%s: %s - a row of %llu values overflows 64 bits", what,
		kvp_dtype_name(f->dtype), (unsigned long long)n);
}

bool kvp_format_equal(const struct kvp_format *a, const struct kvp_format *b)
{
	if (a->dtype != b->dtype)
		return false;
	if (a->dtype != KVP_DT_GROUPQ)
		return true;
	return a->bits == b->bits && a->group_size == b->group_size &&
	       a->scale_bytes == b->scale_bytes &&
	       a->zero_bytes == b->zero_bytes && a->residual == b->residual &&
	       a->residual_dtype == b->residual_dtype;
}

/* ---- weight formats ---- */

static const char *const wdtype_names[KVP_W_COUNT] = {
	[KVP_W_F32] = "f32",
	[KVP_W_F16] = "f16",
	[KVP_W_BF16] = "bf16",
	[KVP_W_FP8] = "fp8",
	[KVP_W_INT8] = "int8",
	[KVP_W_INT4] = "int4",
	[KVP_W_NF4] = "nf4",
	[KVP_W_GGUF_Q8_0] = "q8_0",
	[KVP_W_GGUF_Q4_0] = "q4_0",
	[KVP_W_GGUF_Q4_K_M] = "q4_k_m",
	[KVP_W_GGUF_Q4_1] = "q4_1", [KVP_W_GGUF_Q5_0] = "q5_0",
	[KVP_W_GGUF_Q5_1] = "q5_1", [KVP_W_GGUF_Q8_1] = "q8_1",
	[KVP_W_GGUF_Q2_K] = "q2_k", [KVP_W_GGUF_Q3_K] = "q3_k",
	[KVP_W_GGUF_Q4_K] = "q4_k", [KVP_W_GGUF_Q5_K] = "q5_k",
	[KVP_W_GGUF_Q6_K] = "q6_k", [KVP_W_GGUF_Q8_K] = "q8_k",
	[KVP_W_GGUF_IQ2_XXS] = "iq2_xxs", [KVP_W_GGUF_IQ2_XS] = "iq2_xs",
	[KVP_W_GGUF_IQ3_XXS] = "iq3_xxs", [KVP_W_GGUF_IQ1_S] = "iq1_s",
	[KVP_W_GGUF_IQ4_NL] = "iq4_nl", [KVP_W_GGUF_IQ3_S] = "iq3_s",
	[KVP_W_GGUF_IQ2_S] = "iq2_s", [KVP_W_GGUF_IQ4_XS] = "iq4_xs",
	[KVP_W_GGUF_IQ1_M] = "iq1_m", [KVP_W_GGUF_TQ1_0] = "tq1_0",
	[KVP_W_GGUF_TQ2_0] = "tq2_0", [KVP_W_GGUF_MXFP4] = "mxfp4",
	[KVP_W_GGUF_NVFP4] = "nvfp4", [KVP_W_GGUF_Q1_0] = "q1_0",
};

/* Values and bytes per block of the ggml block types, as ggml-common.h's
 * block structs add up (the same table as src/io/gguf/ggml_types.c, which
 * reads GGUF tensors; QK_K = 256). */
static const struct {
	enum kvp_wdtype dt;
	uint32_t values, bytes;
} wblocks[] = {
	{ KVP_W_GGUF_Q4_0, 32, 18 }, { KVP_W_GGUF_Q8_0, 32, 34 },
	{ KVP_W_GGUF_Q4_1, 32, 20 }, { KVP_W_GGUF_Q5_0, 32, 22 },
	{ KVP_W_GGUF_Q5_1, 32, 24 }, { KVP_W_GGUF_Q8_1, 32, 36 },
	{ KVP_W_GGUF_Q2_K, 256, 84 }, { KVP_W_GGUF_Q3_K, 256, 110 },
	{ KVP_W_GGUF_Q4_K, 256, 144 }, { KVP_W_GGUF_Q5_K, 256, 176 },
	{ KVP_W_GGUF_Q6_K, 256, 210 }, { KVP_W_GGUF_Q8_K, 256, 292 },
	{ KVP_W_GGUF_IQ2_XXS, 256, 66 }, { KVP_W_GGUF_IQ2_XS, 256, 74 },
	{ KVP_W_GGUF_IQ3_XXS, 256, 98 }, { KVP_W_GGUF_IQ1_S, 256, 50 },
	{ KVP_W_GGUF_IQ4_NL, 32, 18 }, { KVP_W_GGUF_IQ3_S, 256, 110 },
	{ KVP_W_GGUF_IQ2_S, 256, 82 }, { KVP_W_GGUF_IQ4_XS, 256, 136 },
	{ KVP_W_GGUF_IQ1_M, 256, 56 }, { KVP_W_GGUF_TQ1_0, 256, 54 },
	{ KVP_W_GGUF_TQ2_0, 256, 66 }, { KVP_W_GGUF_MXFP4, 32, 17 },
	{ KVP_W_GGUF_NVFP4, 64, 36 }, { KVP_W_GGUF_Q1_0, 128, 18 },
};

bool kvp_wdtype_block(enum kvp_wdtype dt, uint32_t *values, uint32_t *bytes)
{
	size_t i;

	for (i = 0; i < sizeof wblocks / sizeof wblocks[0]; i++)
		if (wblocks[i].dt == dt) {
			*values = wblocks[i].values;
			*bytes = wblocks[i].bytes;
			return true;
		}
	return false;
}

static const struct {
	const char *alias;
	enum kvp_wdtype dt;
} wdtype_aliases[] = {
	{ "fp32", KVP_W_F32 }, { "float32", KVP_W_F32 }, { "float", KVP_W_F32 },
	{ "fp16", KVP_W_F16 }, { "float16", KVP_W_F16 }, { "half", KVP_W_F16 },
	{ "bfloat16", KVP_W_BF16 },
	{ "fp8_e4m3", KVP_W_FP8 }, { "fp8_e5m2", KVP_W_FP8 },
	{ "i8", KVP_W_INT8 },
	{ "awq", KVP_W_INT4 }, { "gptq", KVP_W_INT4 }, { "i4", KVP_W_INT4 },
	{ "bnb4", KVP_W_NF4 },
	{ "gguf_q8_0", KVP_W_GGUF_Q8_0 }, { "gguf_q4_0", KVP_W_GGUF_Q4_0 },
	{ "gguf_q4_k_m", KVP_W_GGUF_Q4_K_M },
};

const char *kvp_wdtype_name(enum kvp_wdtype dt)
{
	return (unsigned)dt < KVP_W_COUNT ? wdtype_names[dt] : "?";
}

enum kvp_status kvp_wdtype_parse(const char *s, enum kvp_wdtype *out,
                                 struct kvp_error *err)
{
	size_t i;

	if (!s)
		s = "";
	for (i = 0; i < KVP_W_COUNT; i++)
		if (strcasecmp(s, wdtype_names[i]) == 0) {
			*out = (enum kvp_wdtype)i;
			return KVP_OK;
		}
	for (i = 0; i < sizeof wdtype_aliases / sizeof wdtype_aliases[0]; i++)
		if (strcasecmp(s, wdtype_aliases[i].alias) == 0) {
			*out = wdtype_aliases[i].dt;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"weights dtype: '%s' - expected f32, f16, bf16, fp8, int8, int4, "
		"nf4, q8_0, q4_0 or q4_k_m", s);
}

bool kvp_dtype_is_element(enum kvp_dtype d)
{
	return d == KVP_DT_F32 || d == KVP_DT_F16 || d == KVP_DT_BF16 ||
	       d == KVP_DT_FP8 || d == KVP_DT_INT8;
}
