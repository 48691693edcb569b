/*
 * weight_bytes.c - the bytes of the counted parameters (weights.c) in a
 * weight format: 16-bit and f32 per parameter, quantized formats per
 * value and group (scales, zero-points), GGUF's ggml blocks. The rule
 * for each is in weights.c's header ("Bytes").
 */
#include "core/internal.h"
#include "core/weights/weights_priv.h"
#include "kvplan/checked.h"
#include "kvplan/model.h"

/* Bytes of n values at `bits` each plus `per_group` bits of scales and
 * zero-points per group of `group` values: ceil(n * bits / 8) +
 * ceil(groups * per_group / 8). */
static bool quant_bytes(uint64_t n, uint32_t bits, uint64_t group,
                        uint64_t per_group, uint64_t *out)
{
	uint64_t b, groups, o;

	if (!kvp_mul(n, bits, &b))
		return false;
	b = kvp_ceil_div(b, 8);
	groups = group ? kvp_ceil_div(n, group) : 0;
	if (!kvp_mul(groups, per_group, &o))
		return false;
	return kvp_add(b, kvp_ceil_div(o, 8), out);
}

/* Bytes of n values of a ggml block format: blocks x block bytes. */
static bool block_bytes(uint64_t n, uint64_t per, uint64_t bytes,
                        uint64_t *out)
{
	return kvp_mul(kvp_ceil_div(n, per), bytes, out);
}

/* A GGUF of ggml block types: the layers' matrices (q, without the
 * biases) `per` values to a block of `bb` bytes, the embeddings too
 * unless kept 16-bit, the output (lm_head) in lm_per/lm_bb, norms and
 * biases f32 (llama.cpp's convert_hf_to_gguf.py stores every 1-D tensor
 * F32: ikawrakow/ik_llama.cpp 8337e4cd3, "if n_dims <= 1 ... F32"), the
 * rest 16-bit. False on overflow. */
static bool gguf_bytes(const struct kvp_weights_result *w,
                       const struct kvp_wformat *f, uint64_t q,
                       uint64_t bias, const uint32_t blk[4], uint64_t *out)
{
	uint64_t emb, total = 0, part = 0;
	uint64_t per = blk[0], bb = blk[1], lm_per = blk[2], lm_bb = blk[3];
	bool ok;

	ok = kvp_add(w->embed_params, w->lm_head_params, &emb) &&
	     block_bytes(q, per, bb, &total) &&
	     kvp_muladd(&total, bias, 4);
	if (f->keep_embeddings_16bit)
		ok = ok && kvp_muladd(&total, emb, 2);
	else
		ok = ok && block_bytes(w->embed_params, per, bb, &part) &&
		     kvp_add(total, part, &total) &&
		     block_bytes(w->lm_head_params, lm_per, lm_bb, &part) &&
		     kvp_add(total, part, &total);
	ok = ok && kvp_muladd(&total, w->norm_params, 4) && /* f32 */
	     kvp_muladd(&total, w->other_params, 2);
	if (ok)
		*out = total;
	return ok;
}

/* "model.weights: weight bytes overflow 64 bits" */
static enum kvp_status overflow(struct kvp_error *err)
{
	return kvp_error_set(err, KVP_EOVERFLOW,
	       "model.weights: weight bytes overflow 64 bits");
}

/* FP8, INT8, INT4, NF4 (and AWQ/GPTQ, MLX): `bits` per value (8, or 4
 * for INT4/NF4, unless given) plus the groups' scales and zero-points;
 * q: the layer weights without their biases, bias[0]: those biases
 * (attention and MLP), bias[1]: the MLP's among them, 16-bit
 * (GPTQ and AWQ kernels keep a float16 bias: ModelCloud/GPTQModel
 * f4c327a17 gptqmodel/nn_modules/qlinear/__init__.py register_buffer
 * "bias" float16; MLX QuantizedLinear.from_linear keeps the Linear's
 * bias: ml-explore/mlx 846d17622 python/mlx/nn/layers/quantized.py);
 * emb: embeddings + lm_head (see the top comment of weights.c for what
 * stays 16-bit). */
static enum kvp_status quantized_bytes(const struct kvp_weights_result *w,
                                       uint64_t hidden,
                                       const struct kvp_wformat *f,
                                       uint64_t q, const uint64_t bias[2],
                                       uint64_t emb, uint64_t *out,
                                       struct kvp_error *err)
{
	uint64_t total = 0, part = 0, per_group, group, hid;
	uint32_t bits = f->bits;
	bool ok;

	if (!bits)
		bits = (f->dtype == KVP_W_INT4 || f->dtype == KVP_W_NF4) ? 4 : 8;
	if (bits > 16)
		return kvp_error_set(err, KVP_ERANGE,
		       "model.weights.bits: %u - must be 1..16", bits);
	/* bits of scale and zero-point per group */
	per_group = 8 * ((uint64_t)f->scale_bytes + f->zero_bytes) +
	            f->zero_bits;
	group = f->group_size;
	hid = hidden ? hidden : 1;
	/* per-channel (group_size 0): one scale per output row, counted as
	 * one group per `hidden` values */
	if (!group && per_group)
		group = hid;
	if (f->keep_attention_16bit)
		/* attention stays 16-bit; the MLP/experts quantized but their
		 * biases (bias[1], within mlp_params) */
		ok = quant_bytes(w->mlp_params - bias[1], bits, group,
		                 per_group, &total) &&
		     kvp_muladd(&total, w->attn_params, 2) &&
		     kvp_muladd(&total, bias[1], 2);
	else
		ok = quant_bytes(q, bits, group, per_group, &total) &&
		     kvp_muladd(&total, bias[0], 2);
	if (f->keep_embeddings_16bit)
		ok = ok && kvp_muladd(&total, emb, 2);
	else
		ok = ok && quant_bytes(emb, bits, group, per_group, &part) &&
		     kvp_add(total, part, &total);
	ok = ok && kvp_muladd(&total, w->norm_params, 2) &&
	     kvp_muladd(&total, w->other_params, 2);
	if (!ok)
		return overflow(err);
	*out = total;
	return KVP_OK;
}

enum kvp_status kvp_weight_bytes(const struct kvp_weights_result *w,
                                 uint64_t hidden, uint64_t bias,
                                 uint64_t mlp_bias,
                                 const struct kvp_wformat *f,
                                 uint64_t *out, struct kvp_error *err)
{
	/* quantizable: layer weights but their biases; emb: embeddings +
	 * lm_head */
	uint64_t q = 0, emb;
	/* q4_K matrices, the output (lm_head) q6_K */
	uint32_t blk[4] = { 256, 144, 256, 210 };
	uint64_t biases[2] = { bias, mlp_bias };

	if (!kvp_add(w->attn_params, w->mlp_params, &q) ||
	    !kvp_add(w->embed_params, w->lm_head_params, &emb))
		return overflow(err);
	if (bias > q || mlp_bias > bias || mlp_bias > w->mlp_params)
		return kvp_error_set(err, KVP_EINVAL, "model.arch: %llu biases "
		       "beyond the %llu layer parameters",
		       (unsigned long long)bias, (unsigned long long)q);
	q -= bias;
	switch (f->dtype) {
	case KVP_W_F32:
		return kvp_mul(w->params, 4, out) ? KVP_OK : overflow(err);
	case KVP_W_F16:
	case KVP_W_BF16:
		return kvp_mul(w->params, 2, out) ? KVP_OK : overflow(err);
	case KVP_W_GGUF_Q4_K_M:
		return gguf_bytes(w, f, q, bias, blk, out) ? KVP_OK
		                                          : overflow(err);
	case KVP_W_FP8:
	case KVP_W_INT8:
	case KVP_W_INT4:
	case KVP_W_NF4:
		return quantized_bytes(w, hidden, f, q, biases, emb, out, err);
	default:
		/* one ggml block type for every matrix (q8_0, q4_1, q6_k...) */
		if (!kvp_wdtype_block(f->dtype, &blk[0], &blk[1]))
			return kvp_error_set(err, KVP_EINVAL,
			       "model.weights.dtype: %d - unknown weight format",
			       (int)f->dtype);
		blk[2] = blk[0];
		blk[3] = blk[1];
		return gguf_bytes(w, f, q, bias, blk, out) ? KVP_OK
		                                          : overflow(err);
	}
}
