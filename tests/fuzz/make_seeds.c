/*
 * make_seeds.c - writes the seed files of tests/corpus/gguf and
 * tests/corpus/safetensors from the test writers (headers only: the
 * tensors' data is left out, so most seeds are "truncated" files the
 * readers must refuse, and a few are whole). Run once by hand:
 *   cc -Itests/unit -o /tmp/seeds tests/fuzz/make_seeds.c && /tmp/seeds
 * Crash reproducers found by `make fuzz` are added beside them.
 */
#include "gguf_writer.h"
#include "st_writer.h"

static void put(const char *path, const void *d, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(d, 1, n, f) != n)
		exit(1);
	fclose(f);
}

static void gguf_seed(const char *path, int variant)
{
	struct gw w;
	size_t len;
	unsigned char *h, *full;
	uint64_t ne[2] = { 64, 4 };
	int32_t heads[4] = { 4, 4, 0, 4 };
	int swa[4] = { 1, 1, 0, 1 };

	gw_init(&w);
	gw_str(&w, "general.architecture", variant == 2 ? "gemma3" : "llama");
	gw_u32(&w, variant == 2 ? "gemma3.block_count" : "llama.block_count", 4);
	gw_u32(&w, variant == 2 ? "gemma3.embedding_length"
	                        : "llama.embedding_length", 64);
	gw_u32(&w, variant == 2 ? "gemma3.attention.head_count"
	                        : "llama.attention.head_count", 4);
	if (variant == 1) {
		gw_arr_i32(&w, "llama.attention.head_count_kv", heads, 4);
		gw_u32(&w, "llama.attention.sliding_window", 128);
		gw_arr_bool(&w, "llama.attention.sliding_window_pattern", swa, 4);
		gw_u32(&w, "llama.ssm.conv_kernel", 4);
		gw_u32(&w, "llama.ssm.inner_size", 128);
		gw_u32(&w, "llama.ssm.state_size", 16);
	}
	if (variant == 2)
		gw_u32(&w, "gemma3.attention.sliding_window", 512);
	gw_arr_tokens(&w, "tokenizer.ggml.tokens", 8);
	gw_tensor(&w, "token_embd.weight", 1, 2, ne, 64 * 4 * 2);
	gw_tensor(&w, "blk.0.attn_q.weight", 8, 2, ne, 64 / 32 * 34 * 4);
	gw_tensor(&w, "blk.3.ffn_norm.weight", 0, 1, ne, 64 * 4);
	h = gw_header(&w, &len);
	full = calloc(1, len + w.data);
	memcpy(full, h, len);
	put(path, full, variant == 3 ? len : len + w.data);
	free(full);
	free(h);
	gw_free(&w);
}

int main(void)
{
	struct stw w;
	uint64_t s1[1] = { 4 };

	gguf_seed("tests/corpus/gguf/llama-small.gguf", 0);
	gguf_seed("tests/corpus/gguf/hybrid-arrays.gguf", 1);
	gguf_seed("tests/corpus/gguf/gemma3-pattern.gguf", 2);
	gguf_seed("tests/corpus/gguf/header-only.gguf", 3);
	stw_init(&w);
	stw_2d(&w, "model.embed_tokens.weight", "BF16", 8, 4, 2);
	stw_2d(&w, "model.layers.0.self_attn.q_proj.qweight", "I32", 4, 1, 4);
	stw_tensor(&w, "model.layers.0.mlp.experts.down_blocks", "U8", 1, s1, 4);
	stw_tensor(&w, "lm_head.weight", "F4", 1, s1, 2);
	if (stw_write(&w, "tests/corpus/safetensors/mixed.safetensors"))
		return 1;
	stw_init(&w);
	stw_2d(&w, "model.layers.1.mlp.down_proj.weight", "F8_E4M3", 4, 4, 1);
	if (stw_write(&w, "tests/corpus/safetensors/fp8.safetensors"))
		return 1;
	return 0;
}
