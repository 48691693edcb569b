/*
 * test_import_heldout4.c - the FOURTH held-out set of issue 35 (tests/
 * data/hf/heldout4, SOURCES.md there): 35 config.json files no test of
 * kvplan had used (30 from ai-dynamo/aiconfigurator's branches and
 * history, 3 from its stored older tree, 2 from inference-sim), run
 * through kvplan BEFORE any change for them (branch issue-35 at
 * 7dec49c). Each is either sized for ONE sequence of 8,192 positions
 * (f16 K and V, recurrent state in f32, generic dynamic strategy:
 * one_sequence.h) to the bytes worked by hand below, or refused naming
 * the key or family no engine rule covers; none is sized wrong. First
 * contact: 25 exact, 10 refused, 0 wrong; 26 exact, 9 refused since
 * the muse_glimmer_text row (SOURCES.md); 28 exact, 7 refused since the
 * per-layer DSA indexer (IndexCache, model.indexer.topk_freq); 32 exact,
 * 3 refused since the compressed layer kind (DeepSeek V4, hf_dsv4.c).
 *
 * Per layer and position, f16: KV heads x (K + V) x 2 B; MLA (kv_lora_
 * rank + qk_rope_head_dim) x 2 B, plus index_head_dim x 2 B where a DSA
 * indexer keeps keys; MTP layers (num_nextn_predict_layers, mtp_num_
 * hidden_layers) are not in the main cache; weight quantisation (fp8,
 * NVFP4, compressed-tensors) does not change these f16 figures.
 *
 *   deepseek-v3.1-nvfp4 (deepseek_v3), kimi-k2-thinking (kimi_k2),
 *     kimi-k2.5-nvfp4 (text_config deepseek_v3): 61 MLA x (512 + 64) x 2
 *     = 70,272 B/position; x 8,192 = 575,668,224
 *   deepseek-v3.2-nvfp4 (deepseek_v32): 61 x (576 + 128) x 2 = 85,888;
 *     703,594,496
 *   glm-5-fp8, glm-5.1-fp8, glm-5.2-fp8-blis (glm_moe_dsa, 78 MLA layers
 *     each with an indexer; no index_topk_freq in these files): 78 x
 *     (576 + 128) x 2 = 109,824; 899,678,208
 *   gemma-4-26b-a4b-nvfp4 (text_config, 30 layers: layer_types 5 full of
 *     2 global KV heads x (512 + 512) x 2 = 4,096, 25 sliding of 8 x
 *     (256 + 256) x 2 = 8,192, window 1,024): 225,280 B/position;
 *     5 x 4,096 x 8,192 = 167,772,160 + 25 x 8,192 x 1,024 =
 *     209,715,200 = 377,487,360
 *   llama-4-maverick-17b-128e-instruct, llama-4-scout-17b-16e-instruct,
 *     and its fp8-dynamic (no_rope_layers []: Llama4TextConfig takes
 *     the default, every 4th layer without RoPE): 48 x 8 x 256 x 2 =
 *     196,608; chunk 8,192 >= 8,192 positions: 1,610,612,736
 *   minimax-m2.5-nvfp4, minimax-m2.7-nvfp4: 62 x 8 x 256 x 2 = 253,952;
 *     2,080,374,784
 *   nvidia-nemotron-3-super-120b-a12b-nvfp4: 8 '*' x 2 x 256 x 2 = 8,192
 *     B/position (67,108,864) + 40 'M' x 4,317,184 = 172,687,360 (as the
 *     first set's FP8 file): 239,796,224
 *   qwen3-235b-a22b-fp8, qwen3-235b-a22b-nvfp4, qwen3-vl-235b-a22b-
 *     thinking: 94 x 4 x 256 x 2 = 192,512; 1,577,058,304
 *   qwen3-30b-a3b-fp8: 48 x 4 x 256 x 2 = 98,304; 805,306,368
 *   qwen3-32b-fp8: 64 x 8 x 256 x 2 = 262,144; 2,147,483,648
 *   qwen3-next-80b-a3b-thinking: 12 full x 2 x 512 x 2 = 24,576
 *     (201,326,592) + 36 gated DeltaNet: conv 3 x (2 x 16 x 128 + 32 x
 *     128) = 24,576, ssm 32 x 128 x 128 = 524,288, x 4 B x 36 =
 *     79,036,416: 280,363,008
 *   qwen3.5-122b-a10b-nvfp4: 12 full (24,576; 201,326,592) + 36 x
 *     (3 x (4,096 + 8,192) + 64 x 128 x 128) x 4 = 36 x 4,341,760 =
 *     156,303,360: 357,629,952
 *   qwen3.5-397b-a17b-nvfp4: 15 full (30,720; 251,658,240) + 45 x
 *     4,341,760 = 195,379,200: 447,037,440
 *   qwen3.6-35b-a3b: 10 full (20,480; 167,772,160) + 30 x (24,576 +
 *     524,288) x 4 = 65,863,680: 233,635,840
 *   qwen3.8-2.4t-a95b and its fp8 (qwen3_5_moe_text, 92 layers): 23 full
 *     x 4 x 512 x 2 = 4,096 each, 94,208 B/position (771,751,936) + 69
 *     linear: conv 3 x (2 x 16 x 128 + 128 x 128) = 61,440, ssm 128 x
 *     128 x 128 = 2,097,152, x 4 B = 8,634,368 each, 595,771,392:
 *     1,367,523,328
 *
 *   muse-glimmer-30b (text_config muse_glimmer_text, 52 layers of 2 x
 *     128: 1,024 B each, 53,248 B/position; no no_rope_layers: NoPE
 *     every 4th counted back from the last, layers 3, 7 ... 51 full (13),
 *     the 39 others sliding 2,048, as its layer_types): 13 x 1,024 x
 *     8,192 = 109,051,904 + 39 x 1,024 x 2,048 = 81,788,928 =
 *     190,840,832. Refused at first contact (no row); sized since the
 *     muse_glimmer_text row.
 *   glm-5.3-fp8, glm-5.3-nvfp4 (glm_moe_dsa, 78 MLA layers, IndexCache:
 *     index_topk_freq 4, index_skip_topk_offset 3, so an indexer where
 *     max(i - 2, 0) % 4 == 0: layers 0, 1, 2, 6, 10 ... 74, 21 layers, the
 *     config's 21 "full" indexer_types; the 57 "shared" keep none): 21 x
 *     (576 + 128) x 2 = 29,568 + 57 x 576 x 2 = 65,664: 95,232
 *     B/position; x 8,192 = 780,140,544. Refused at first contact
 *     (index_topk_freq); sized since the per-layer indexer.
 *   deepseek-v4-flash-fp8 (deepseek_ref), deepseek-v4-flash-nvfp4
 *     (deepseek_v4): 43 compressed layers (compress_ratios: layers 0, 1
 *     ratio 0; 2, 4 ... 42 ratio 4, 21 layers; 3, 5 ... 41 ratio 128, 20
 *     layers; the 44th entry is the MTP layer's), one K row of head_dim
 *     512 (no V), window 128, index_head_dim 128 (reference inference/
 *     model.py: kv_cache of window + len // ratio rows, the Indexer's of
 *     len // 4, Compressor kv and score states in f32):
 *     raw 43 x 1,024 = 44,032 B/position, x min(8,192, 128) = 5,636,096;
 *     ratio 4: 8,192 / 4 = 2,048 rows x (1,024 + 256) = 2,621,440, x 21
 *     = 55,050,240; ratio 128: 64 rows x 1,024 = 65,536, x 20 =
 *     1,310,720; state ratio 4: 2 x 8 x 1,024 x 4 = 65,536 + indexer
 *     2 x 8 x 256 x 4 = 16,384 = 81,920, x 21 = 1,720,320; ratio 128:
 *     2 x 128 x 512 x 4 = 524,288, x 20 = 10,485,760; state 12,206,080:
 *     5,636,096 + 55,050,240 + 1,310,720 + 12,206,080 = 74,203,136
 *   deepseek-v4-pro-fp8, deepseek-v4-pro-nvfp4: 61 layers (0, 1 ratio
 *     128; 2, 4 ... 60 ratio 4, 30 layers; 3 ... 59 ratio 128, 29: 31 in
 *     all): raw 61 x 1,024 = 62,464 B/position, 7,995,392; ratio 4 30 x
 *     2,621,440 = 78,643,200; ratio 128 31 x 65,536 = 2,031,616; state
 *     30 x 81,920 + 31 x 524,288 = 2,457,600 + 16,252,928 = 18,710,528:
 *     107,380,736. Refused at first contact (compress_ratios); sized
 *     since the compressed layer kind (generic engine only: the named
 *     engines refuse it by name).
 *
 * Refused at first contact (the message names the key or family):
 * deepseek-v4-flash/pro (fp8, nvfp4): compressed sparse attention, an
 * indexer beside layers that are not MLA (then named by index_head_dim;
 * since the per-layer indexer by compress_ratios; sized since the
 * compressed layer kind, above); glm-5.3-fp8, glm-5.3-nvfp4:
 * index_topk_freq (an indexer on some layers only); minimax-m3,
 * muse-glimmer-30b, step-3.7-flash-fp8: families kvplan does not know
 * (since the minimax_m3 row, minimax-m3 names sparse_attention_config.
 * sparse_attention_freq, which this shorter file lacks: transformers
 * then makes no layer sparse, llama.cpp every layer past the dense
 * lead; since the step3p7 row, step-3.7-flash-fp8 names text_config,
 * where a step3p7 config keeps its decoder);
 * qwen3-32b-fp8-static-pertensor: a modelopt quantization_config with no
 * quant_method.
 */
#include "heldout.h"

#define DATA KVP_SRCDIR "/tests/data/hf/heldout4/"
#define T 8192

static const struct heldout set[] = {
	{ "deepseek-v3.1-nvfp4.json", 70272, 0, 575668224, NULL },
	{ "deepseek-v3.2-nvfp4.json", 85888, 0, 703594496, NULL },
	{ "deepseek-v4-flash-fp8.json", 44032, 12206080, 74203136, NULL },
	{ "deepseek-v4-flash-nvfp4.json", 44032, 12206080, 74203136, NULL },
	{ "deepseek-v4-pro-fp8.json", 62464, 18710528, 107380736, NULL },
	{ "deepseek-v4-pro-nvfp4.json", 62464, 18710528, 107380736, NULL },
	{ "gemma-4-26b-a4b-nvfp4.json", 225280, 0, 377487360, NULL },
	{ "glm-5-fp8.json", 109824, 0, 899678208, NULL },
	{ "glm-5.1-fp8.json", 109824, 0, 899678208, NULL },
	{ "glm-5.2-fp8-blis.json", 109824, 0, 899678208, NULL },
	{ "glm-5.3-fp8.json", 95232, 0, 780140544, NULL },
	{ "glm-5.3-nvfp4.json", 95232, 0, 780140544, NULL },
	{ "kimi-k2-thinking.json", 70272, 0, 575668224, NULL },
	{ "kimi-k2.5-nvfp4.json", 70272, 0, 575668224, NULL },
	{ "llama-4-maverick-17b-128e-instruct.json", 196608, 0, 1610612736, NULL },
	{ "llama-4-scout-17b-16e-instruct-fp8-dynamic.json", 196608, 0, 1610612736, NULL },
	{ "llama-4-scout-17b-16e-instruct.json", 196608, 0, 1610612736, NULL },
	{ "minimax-m2.5-nvfp4.json", 253952, 0, 2080374784, NULL },
	{ "minimax-m2.7-nvfp4.json", 253952, 0, 2080374784, NULL },
	{ "minimax-m3.json", 0, 0, 0, "sparse_attention_config.sparse_attention_freq: (absent)" },
	{ "muse-glimmer-30b.json", 53248, 0, 190840832, NULL },
	{ "nvidia-nemotron-3-super-120b-a12b-nvfp4.json", 8192, 172687360, 239796224, NULL },
	{ "qwen3-235b-a22b-fp8.json", 192512, 0, 1577058304, NULL },
	{ "qwen3-235b-a22b-nvfp4.json", 192512, 0, 1577058304, NULL },
	{ "qwen3-30b-a3b-fp8.json", 98304, 0, 805306368, NULL },
	{ "qwen3-32b-fp8-static-pertensor.json", 0, 0, 0, "quantization_config.quant_method: (absent)" },
	{ "qwen3-32b-fp8.json", 262144, 0, 2147483648ull, NULL },
	{ "qwen3-next-80b-a3b-thinking.json", 24576, 79036416, 280363008, NULL },
	{ "qwen3-vl-235b-a22b-thinking.json", 192512, 0, 1577058304, NULL },
	{ "qwen3.5-122b-a10b-nvfp4.json", 24576, 156303360, 357629952, NULL },
	{ "qwen3.5-397b-a17b-nvfp4.json", 30720, 195379200, 447037440, NULL },
	{ "qwen3.6-35b-a3b.json", 20480, 65863680, 233635840, NULL },
	{ "qwen3.8-2.4t-a95b-fp8.json", 94208, 595771392, 1367523328, NULL },
	{ "qwen3.8-2.4t-a95b.json", 94208, 595771392, 1367523328, NULL },
	{ "step-3.7-flash-fp8.json", 0, 0, 0, "text_config: (absent)" },
};

static const struct heldout_set sets[] = {
	{ DATA, set, sizeof set / sizeof set[0], 35, T },
};

static Suite *suite(void)
{
	return heldout_suite("import_heldout4", sets, 1);
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
