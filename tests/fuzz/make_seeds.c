/*
 * make_seeds.c - writes the seed files of tests/corpus/gguf and
 * tests/corpus/safetensors from the test writers (headers only: the
 * tensors' data is left out, so most seeds are "truncated" files the
 * readers must refuse, and a few are whole), the GGUF seeds that carry
 * every key the reader and importer treat specially (all-keys, mamba-
 * keys) and each file llama.cpp's loader refuses (dup-key, dup-tensor,
 * gap, align-array, align-48), and the --mmproj seeds of
 * tests/corpus/mmproj (fuzz_mmproj.c). Run once by hand:
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

/* The file: header, then the data (whole) or not. */
static void put_gw(const char *path, struct gw *w, int whole)
{
	size_t len;
	unsigned char *h = gw_header(w, &len), *full = calloc(1, len + w->data);

	memcpy(full, h, len);
	put(path, full, whole ? len + w->data : len);
	free(full);
	free(h);
	gw_free(w);
}

/* Every key gguf.c and gguf_import.c read, for llama ("all-keys") and
 * for a recurrent family ("mamba-keys"). */
static void keys_seed(const char *path, int mamba)
{
	static const char *const u32_keys[] = {
		"context_length", "attention.head_count", "attention.head_count_kv",
		"attention.key_length", "attention.value_length",
		"attention.key_length_swa", "attention.value_length_swa",
		"attention.sliding_window", "rope.dimension_count", "expert_count",
		"expert_used_count", "expert_feed_forward_length",
		"expert_shared_count", "leading_dense_block_count",
		"interleave_moe_layer_step", "nextn_predict_layers",
		"attention.kv_lora_rank", "attention.q_lora_rank",
		"attention.key_length_mla", "attention.value_length_mla",
		"attention.shared_kv_layers", "ssm.conv_kernel", "ssm.inner_size",
		"ssm.state_size", "ssm.group_count", "shortconv.l_cache",
		"wkv.head_size", "inner_size", "state_size",
	};
	static const unsigned val[] = { 4096, 4, 2, 16, 16, 16, 16, 128, 16, 4,
		2, 32, 1, 1, 1, 1, 32, 48, 24, 16, 1, 4, 128, 16, 1, 3, 16, 128, 16 };
	const char *arch = mamba ? "mamba" : "llama";
	int32_t ff[4] = { 128, 128, 0, 128 };
	int swa[4] = { 1, 0, 1, 0 };
	uint64_t ne[2] = { 64, 4 };
	char key[96];
	size_t k;
	struct gw w;

	gw_init(&w);
	gw_str(&w, "general.architecture", arch);
	gw_str(&w, "general.name", "every key");
	gw_u32(&w, "general.alignment", 32);
	gw_u32(&w, "general.file_type", 15);
	gw_u32(&w, "split.no", 0);
	gw_u32(&w, "split.count", 1);
	snprintf(key, sizeof key, "%s.block_count", arch);
	gw_u32(&w, key, 4);
	snprintf(key, sizeof key, "%s.embedding_length", arch);
	gw_u32(&w, key, 64);
	snprintf(key, sizeof key, "%s.feed_forward_length", arch);
	gw_arr_i32(&w, key, ff, 4);
	snprintf(key, sizeof key, "%s.attention.sliding_window_pattern", arch);
	gw_arr_bool(&w, key, swa, 4);
	for (k = 0; k < sizeof u32_keys / sizeof *u32_keys; k++) {
		/* RWKV's key is refused by name: in the mamba seed only */
		if (!mamba && !strcmp(u32_keys[k], "wkv.head_size"))
			continue;
		snprintf(key, sizeof key, "%s.%s", arch, u32_keys[k]);
		gw_u32(&w, key, val[k]);
	}
	gw_tensor(&w, "token_embd.weight", 1, 2, ne, 64 * 4 * 2);
	gw_tensor(&w, "output.weight", 1, 2, ne, 64 * 4 * 2);
	gw_tensor(&w, "blk.0.attn_q.weight", 1, 2, ne, 64 * 4 * 2);
	put_gw(path, &w, 1);
}

/* What llama.cpp's loader refuses: 0 a key twice, 1 a tensor name
 * twice, 2 a hole in the data, 3 general.alignment an array, 4 an
 * alignment not a power of two. */
static void refused_seed(const char *path, int variant)
{
	uint64_t ne[2] = { 64, 4 };
	int32_t two[2] = { 32, 32 };
	struct gw w;

	gw_init(&w);
	gw_str(&w, "general.architecture", "llama");
	gw_u32(&w, "llama.block_count", 2);
	gw_u32(&w, "llama.embedding_length", 64);
	gw_u32(&w, "llama.attention.head_count", 4);
	if (variant == 0)
		gw_u32(&w, "llama.block_count", 2);
	if (variant == 3)
		gw_arr_i32(&w, "general.alignment", two, 2);
	if (variant == 4)
		gw_u32(&w, "general.alignment", 48);
	gw_tensor(&w, "token_embd.weight", 1, 2, ne, 64 * 4 * 2);
	if (variant == 2)
		w.data += 32;
	gw_tensor(&w, variant == 1 ? "token_embd.weight" : "blk.0.attn_q.weight",
	          1, 2, ne, 64 * 4 * 2);
	put_gw(path, &w, 1);
}

/* --mmproj files: 0 gemma3 vision, 1 qwen3-VL with deepstack layers and
 * a pixel budget, 2 audio, 3 idefics3 scale factor, 4 no encoder (a
 * model), 5 a LoRA adapter, 6 a patch size of 2^64 - 1. */
static void mmproj_seed(const char *path, int variant)
{
	uint64_t ne[2] = { 1024, 1 };
	int ds[4] = { 0, 1, 1, 0 };
	struct gw w;

	gw_init(&w);
	gw_str(&w, "general.architecture", variant >= 4 && variant <= 5 ? "llama" : "clip");
	if (variant == 4)
		gw_str(&w, "general.type", "model");
	if (variant == 5) {
		gw_str(&w, "general.type", "adapter");
		gw_str(&w, "adapter.type", "lora");
	}
	if (variant < 4 || variant == 6)
		gw_bool(&w, variant == 2 ? "clip.has_audio_encoder" : "clip.has_vision_encoder", 1);
	gw_str(&w, variant == 2 ? "clip.audio.projector_type" : "clip.projector_type",
	       variant == 1 ? "qwen3vl_merger" : variant == 2 ? "qwen2.5o"
	       : variant == 3 ? "idefics3" : "gemma3");
	gw_u32(&w, "clip.vision.image_size", variant == 1 ? 768 : 896);
	if (variant == 6)
		gw_u64(&w, "clip.vision.patch_size", UINT64_MAX);
	else
		gw_u32(&w, "clip.vision.patch_size", variant == 1 ? 16 : 14);
	gw_u32(&w, "clip.vision.embedding_length", 1152);
	gw_u32(&w, "clip.vision.attention.head_count", 16);
	gw_u32(&w, "clip.vision.feed_forward_length", 4304);
	if (variant == 1) {
		gw_u32(&w, "clip.vision.spatial_merge_size", 2);
		gw_u32(&w, "clip.vision.image_max_pixels", 1048576);
		gw_arr_bool(&w, "clip.vision.is_deepstack_layers", ds, 4);
		gw_str(&w, "clip.vision.projector_type", "qwen3vl_merger");
	}
	if (variant == 3)
		gw_u32(&w, "clip.vision.projector.scale_factor", 4);
	gw_tensor(&w, "v.blk.0.attn_q.weight", 1, 1, ne, 2048);
	put_gw(path, &w, 1);
}

int main(void)
{
	struct stw w;
	uint64_t s1[1] = { 4 };

	gguf_seed("tests/corpus/gguf/llama-small.gguf", 0);
	gguf_seed("tests/corpus/gguf/hybrid-arrays.gguf", 1);
	gguf_seed("tests/corpus/gguf/gemma3-pattern.gguf", 2);
	gguf_seed("tests/corpus/gguf/header-only.gguf", 3);
	keys_seed("tests/corpus/gguf/all-keys.gguf", 0);
	keys_seed("tests/corpus/gguf/mamba-keys.gguf", 1);
	refused_seed("tests/corpus/gguf/dup-key.gguf", 0);
	refused_seed("tests/corpus/gguf/dup-tensor.gguf", 1);
	refused_seed("tests/corpus/gguf/gap.gguf", 2);
	refused_seed("tests/corpus/gguf/align-array.gguf", 3);
	refused_seed("tests/corpus/gguf/align-48.gguf", 4);
	{
		static const char *const mm[] = { "gemma3", "qwen3vl-deepstack",
			"audio", "idefics3", "no-encoder", "lora", "u64-patch" };
		char path[128];
		int v;

		for (v = 0; v < 7; v++) {
			snprintf(path, sizeof path, "tests/corpus/mmproj/%s.gguf", mm[v]);
			mmproj_seed(path, v);
		}
	}
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
