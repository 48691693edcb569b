/*
 * gguf_llama.h - the tensor layout llama.cpp's convert_hf_to_gguf.py
 * writes for a Llama 3.x model (arch "llama"), from the public config
 * of meta-llama/Llama-3.1-70B: 80 blocks, embedding 8192, feed-forward
 * 28672, 64 heads, 8 KV heads, head dim 128, vocabulary 128256,
 * context 131072, rope_freqs of 64 f32. Tensor names as llama.cpp's
 * LLM_TENSOR_NAMES; shapes ne[0] = input width.
 *
 * Types: `mat` for the attention/MLP matrices with `v_down` for attn_v
 * and ffn_down (llama.cpp's Q4_K_M gives those more bits), `emb` for
 * token_embd, `out` for output; norms and rope_freqs f32.
 */
#ifndef KVPLAN_TEST_GGUF_LLAMA_H
#define KVPLAN_TEST_GGUF_LLAMA_H

#include "gguf_writer.h"

struct gtype { uint32_t id, blck, size; };

/* ggml ids and block sizes (ggml-common.h block structs) */
static const struct gtype G_F32 = { 0, 1, 4 }, G_F16 = { 1, 1, 2 },
	G_Q4_K = { 12, 256, 144 }, G_Q6_K = { 14, 256, 210 },
	G_Q8_0 = { 8, 32, 34 };

static inline uint64_t gt_bytes(struct gtype t, uint64_t a, uint64_t b)
{
	return a / t.blck * t.size * b;
}

static inline void gt_add(struct gw *w, const char *name, struct gtype t, uint64_t a,
                   uint64_t b)
{
	uint64_t ne[2] = { a, b };

	gw_tensor(w, name, t.id, b ? 2 : 1, ne, gt_bytes(t, a, b ? b : 1));
}

static inline void gw_llama70b(struct gw *w, struct gtype mat, struct gtype v_down,
                        struct gtype emb, struct gtype out)
{
	const uint64_t L = 80, H = 8192, F = 28672, V = 128256, KV = 1024;
	char n[64];
	uint64_t i;

	gw_str(w, "general.architecture", "llama");
	gw_str(w, "general.name", "Llama 3.1 70B");
	gw_u32(w, "llama.block_count", (uint32_t)L);
	gw_u32(w, "llama.context_length", 131072);
	gw_u32(w, "llama.embedding_length", (uint32_t)H);
	gw_u32(w, "llama.feed_forward_length", (uint32_t)F);
	gw_u32(w, "llama.attention.head_count", 64);
	gw_u32(w, "llama.attention.head_count_kv", 8);
	gw_u32(w, "llama.rope.dimension_count", 128);
	gw_f32(w, "llama.rope.freq_base", 500000.0f);
	gw_f32(w, "llama.attention.layer_norm_rms_epsilon", 1e-5f);
	gw_u32(w, "llama.vocab_size", (uint32_t)V);
	gw_u32(w, "general.file_type", 15);
	gw_str(w, "tokenizer.ggml.model", "gpt2");
	gw_arr_tokens(w, "tokenizer.ggml.tokens", 1000);
	gt_add(w, "token_embd.weight", emb, H, V);
	gt_add(w, "rope_freqs.weight", G_F32, 64, 0);
	for (i = 0; i < L; i++) {
#define T(suffix, t, a, b) \
	snprintf(n, sizeof n, "blk.%llu." suffix, (unsigned long long)i); \
	gt_add(w, n, t, a, b)
		T("attn_norm.weight", G_F32, H, 0);
		T("attn_q.weight", mat, H, H);
		T("attn_k.weight", mat, H, KV);
		T("attn_v.weight", v_down, H, KV);
		T("attn_output.weight", mat, H, H);
		T("ffn_norm.weight", G_F32, H, 0);
		T("ffn_gate.weight", mat, H, F);
		T("ffn_up.weight", mat, H, F);
		T("ffn_down.weight", v_down, F, H);
#undef T
	}
	gt_add(w, "output_norm.weight", G_F32, H, 0);
	gt_add(w, "output.weight", out, H, V);
}

#endif
