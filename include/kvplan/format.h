/*
 * format.h - storage formats of cached values (K and V independently) and
 * of weights, with the exact bytes a row of n values takes.
 *
 * Block formats follow llama.cpp/ggml: a block of 32 values takes a fixed
 * number of bytes (q8_0 34, q4_0 18, q4_1 20, q5_0 22, q5_1 24, iq4_nl 18),
 * and a row must hold a whole number of blocks. The group-quantized format
 * follows transformers' QuantizedCache: `bits` per value, and per group of
 * `group_size` values a scale and a zero-point of `scale_bytes` and
 * `zero_bytes` each; its newest `residual` tokens stay in `residual_dtype`.
 */
#ifndef KVPLAN_FORMAT_H
#define KVPLAN_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/status.h"

enum kvp_dtype {
	KVP_DT_F32 = 0,
	KVP_DT_F16,
	KVP_DT_BF16,
	KVP_DT_FP8,     /* 1 byte per value (e4m3/e5m2) */
	KVP_DT_INT8,    /* 1 byte per value */
	KVP_DT_Q8_0,    /* 34 bytes per 32 values */
	KVP_DT_Q4_0,    /* 18 bytes per 32 values */
	KVP_DT_Q4_1,    /* 20 bytes per 32 values */
	KVP_DT_Q5_0,    /* 22 bytes per 32 values */
	KVP_DT_Q5_1,    /* 24 bytes per 32 values */
	KVP_DT_IQ4_NL,  /* 18 bytes per 32 values */
	KVP_DT_GROUPQ,  /* n-bit group-quantized, parameters in kvp_format */
	KVP_DT_COUNT
};

struct kvp_format {
	enum kvp_dtype dtype;
	/* KVP_DT_GROUPQ only (ignored otherwise): */
	uint32_t bits;          /* bits per value, 1..16 */
	uint32_t group_size;    /* values per group, >= 1 */
	uint32_t scale_bytes;   /* bytes of one scale per group */
	uint32_t zero_bytes;    /* bytes of one zero-point per group */
	enum kvp_dtype residual_dtype; /* format of those tokens (not GROUPQ) */
	uint64_t residual;      /* newest tokens kept unquantized */
};   /* in this order, 32 bytes without padding: every layer record
        holds two (kept one per layer type, issue 34: result.h) */

/* Canonical name ("f16", "q8_0", "groupq") and the parser's inverse.
 * Parsing accepts aliases: fp16/float16/half, bfloat16, fp32/float32/float,
 * fp8/fp8_e4m3/fp8_e5m2, int8/i8. */
const char *kvp_dtype_name(enum kvp_dtype dt);
enum kvp_status kvp_dtype_parse(const char *s, enum kvp_dtype *out,
                                struct kvp_error *err);

/* True for element formats (f32, f16, bf16, fp8, int8): one value per
 * element, no blocks or groups. Engines without block formats take only
 * these. */
bool kvp_dtype_is_element(enum kvp_dtype dt);

/* A plain (non-group) format of the given dtype. */
struct kvp_format kvp_format_plain(enum kvp_dtype dt);

/* Values per block (1 for element formats, 32 for ggml blocks) and bytes
 * per block. For GROUPQ these describe one group: group_size values and
 * ceil(group_size * bits / 8) + scale_bytes + zero_bytes bytes. */
uint32_t kvp_format_block_values(const struct kvp_format *f);
uint64_t kvp_format_block_bytes(const struct kvp_format *f);

/*
 * Bytes of one row of n values in format f (a K or V row of one position
 * in one layer: n = kv_heads * dim). Block formats require n to be a
 * multiple of 32 (KVP_EINVAL otherwise); GROUPQ rounds the last group up.
 * `what` names the field for the message ("model.k_dtype").
 */
enum kvp_status kvp_format_row_bytes(const struct kvp_format *f, uint64_t n,
                                     uint64_t *out, const char *what,
                                     struct kvp_error *err);

/* Validate a format's parameters; `what` names it in the message. */
enum kvp_status kvp_format_check(const struct kvp_format *f, const char *what,
                                 struct kvp_error *err);

bool kvp_format_equal(const struct kvp_format *a, const struct kvp_format *b);

/* Weight storage. Group formats carry a scale (and zero) per group. */
enum kvp_wdtype {
	KVP_W_F32 = 0,
	KVP_W_F16,
	KVP_W_BF16,
	KVP_W_FP8,
	KVP_W_INT8,
	KVP_W_INT4,     /* group-quantized 4-bit (AWQ/GPTQ) */
	KVP_W_NF4,      /* bitsandbytes 4-bit */
	KVP_W_GGUF_Q8_0,
	KVP_W_GGUF_Q4_0,
	KVP_W_GGUF_Q4_K_M, /* mixed; average bits documented in format.c */
	/* every other ggml block type llama.cpp loads from a GGUF (its
	 * bytes per block: kvp_wdtype_block), every matrix in it */
	KVP_W_GGUF_Q4_1, KVP_W_GGUF_Q5_0, KVP_W_GGUF_Q5_1, KVP_W_GGUF_Q8_1,
	KVP_W_GGUF_Q2_K, KVP_W_GGUF_Q3_K, KVP_W_GGUF_Q4_K, KVP_W_GGUF_Q5_K,
	KVP_W_GGUF_Q6_K, KVP_W_GGUF_Q8_K, KVP_W_GGUF_IQ2_XXS, KVP_W_GGUF_IQ2_XS,
	KVP_W_GGUF_IQ3_XXS, KVP_W_GGUF_IQ1_S, KVP_W_GGUF_IQ4_NL, KVP_W_GGUF_IQ3_S,
	KVP_W_GGUF_IQ2_S, KVP_W_GGUF_IQ4_XS, KVP_W_GGUF_IQ1_M, KVP_W_GGUF_TQ1_0,
	KVP_W_GGUF_TQ2_0, KVP_W_GGUF_MXFP4, KVP_W_GGUF_NVFP4, KVP_W_GGUF_Q1_0,
	KVP_W_COUNT
};

struct kvp_wformat {
	enum kvp_wdtype dtype;
	uint32_t bits;         /* for INT4/INT8 group formats */
	uint32_t group_size;   /* 0 = per-channel */
	uint32_t scale_bytes;  /* per group */
	uint32_t zero_bytes;   /* per group */
	uint32_t zero_bits;    /* packed zero-point bits per group (AWQ/GPTQ
	                          qzeros), on top of zero_bytes */
	bool     keep_embeddings_16bit; /* embeddings/lm_head left unquantized */
	bool     keep_attention_16bit;  /* attention projections left
	                                   unquantized (gpt-oss mxfp4) */
};

const char *kvp_wdtype_name(enum kvp_wdtype dt);

/* A ggml block format's values and bytes per block (q8_0: 32, 34); false
 * for the formats that are not one ggml block type (f16, int4, q4_k_m). */
bool kvp_wdtype_block(enum kvp_wdtype dt, uint32_t *values, uint32_t *bytes);
enum kvp_status kvp_wdtype_parse(const char *s, enum kvp_wdtype *out,
                                 struct kvp_error *err);

#endif
