/*
 * test_import_heldout.c - the held-out set of issue 35 (tests/data/hf/
 * heldout, SOURCES.md there): 30 verbatim config.json files of 2025-2026
 * models gathered before the importer changes of that issue and kept out
 * of its tuning. Each is either sized for ONE sequence of 8,192
 * positions (f16 K and V, recurrent state in f32, generic dynamic
 * strategy: one_sequence.h) to the bytes worked by hand below, or
 * refused naming the key or family no engine rule covers; none is sized
 * wrong. First contact before the changes: 16 exact, 14 refused; after:
 * 24 exact, 6 refused; 29 exact, 1 refused (Step-3.7-Flash) since
 * GLM-5.2's per-layer indexer, the compressed layer kind (DeepSeek V4),
 * the minimax_m3 row and Kimi K3's hybrid row.
 *
 * Per layer and position, f16: full attention KV x (K + V) x 2 B; MLA
 * (kv_lora_rank + qk_rope_head_dim) x 2 B (+ a DSA indexer key of
 * index_head_dim x 2 B); sliding layers hold their window, not 8,192.
 * Recurrent layers hold per sequence (conv + ssm values) x 4 B.
 *
 *   deepseek-r1, kimi-k2.5, kimi-k2.6-nvfp4, kimi-k2.7-code-nvfp4: 61
 *     MLA x (512 + 64) x 2 = 70,272 B/position; x 8,192 = 575,668,224
 *   glm-5.1: 78 MLA x ((512 + 64) + 128 index) x 2 = 109,824;
 *     x 8,192 = 899,678,208 (indexer 78 x 256 x 8,192 = 163,577,856)
 *   glm-5.2 (refused at first contact and after this first
 *     changes; sized since the per-layer DSA indexer): IndexCache,
 *     index_topk_freq 4, index_skip_topk_offset 3: an indexer on the 21
 *     layers max(i - 2, 0) % 4 == 0 (0, 1, 2, 6 ... 74, its 21 "full"
 *     indexer_types): 21 x (576 + 128) x 2 = 29,568 + 57 x 576 x 2 =
 *     65,664: 95,232 B/position; x 8,192 = 780,140,544
 *   gemma-4-31b-it-nvfp4: 60 layers, layer_types: 10 full of 4 global KV
 *     heads x (512 + 512) x 2 = 8,192 (k_eq_v: V still cached) + 50
 *     sliding of 16 x (256 + 256) x 2 = 16,384, window 1,024;
 *     901,120 B/position; full 10 x 8,192 x 8,192 = 671,088,640 +
 *     sliding 50 x 16,384 x 1,024 = 838,860,800 = 1,509,949,440
 *   qwen3-0.6b, qwen3-1.7b, qwen3-vl-2b-instruct: 28 x 8 x 256 x 2 =
 *     114,688; x 8,192 = 939,524,096
 *   qwen3-vl-4b-instruct, mimo-7b-base: 36 x 8 x 256 x 2 = 147,456;
 *     x 8,192 = 1,207,959,552
 *   qwen3-vl-32b-instruct: 64 x 8 x 256 x 2 = 262,144; 2,147,483,648
 *   qwen3-vl-235b-a22b-instruct: 94 x 4 x 256 x 2 = 192,512;
 *     1,577,058,304
 *   qwen3-coder-480b-a35b-instruct (shared_expert_intermediate_size 0),
 *     minimax-m2.7 (attn_type_list all 1): 62 x 8 x 256 x 2 = 253,952;
 *     2,080,374,784
 *   laguna-xs.2-fp8: 40 layers, 10 full + 30 sliding (512), 8 x 256 x 2
 *     = 4,096 each: 163,840 B/position; 10 x 4,096 x 8,192 = 335,544,320
 *     + 30 x 4,096 x 512 = 62,914,560 = 398,458,880
 *   laguna-s-2.1-fp8: 48 layers, 12 full + 36 sliding: 196,608;
 *     402,653,184 + 75,497,472 = 478,150,656
 *   qwen3.5-122b-a10b: 48 layers, 12 full x 2 x 512 x 2 = 2,048 each
 *     (24,576 B/position, x 8,192 = 201,326,592) + 36 gated DeltaNet of
 *     (36,864 + 1,048,576) x 4 = 4,341,760: 156,303,360; 357,629,952
 *   qwen3.5-397b-a17b: 60 layers, 15 full (30,720; 251,658,240) + 45
 *     x 4,341,760 = 195,379,200; 447,037,440
 *   qwen3.6-27b-nvfp4: 64 layers, 16 full x 4 x 512 x 2 = 4,096
 *     (65,536; 536,870,912) + 48 x (30,720 + 786,432) x 4 = 48 x
 *     3,268,608 = 156,893,184; 693,764,096
 *   qwen3.6-35b-a3b-nvfp4: 40 layers, 10 full x 2,048 (20,480;
 *     167,772,160) + 30 x (24,576 + 524,288) x 4 = 65,863,680;
 *     233,635,840
 *   nemotron-3-super-120b-a12b-fp8: 88 blocks: 8 '*' x 2 x 256 x 2 =
 *     1,024 (8,192; 67,108,864) + 40 'M' of d_inner 128 x 64 = 8,192:
 *     conv 3 x (8,192 + 2 x 8 x 128) = 30,720, ssm 128 x 64 x 128 =
 *     1,048,576: 4,317,184 B each, 172,687,360; 239,796,224
 *   nemotron-3-ultra-550b-a55b-bf16: layers_block_type of 108 (no
 *     num_hidden_layers): 12 attention (12,288; 100,663,296) + 48 mamba
 *     of d_inner 256 x 64 = 16,384: conv 3 x (16,384 + 2,048) = 55,296,
 *     ssm 2,097,152: 8,609,792 each, 413,270,016; 513,933,312
 *   nemotron-3.5-lightning-30b-a3b-nvfp4: 52: 6 attention (6,144;
 *     50,331,648) + 23 mamba of 64 x 64 = 4,096: conv 3 x 6,144 =
 *     18,432, ssm 524,288: 2,170,880 each, 49,930,240; 100,261,888
 *   kimi-k3 (refused at first contact, on linear_attn_config.
 *     gate_lower_bound; sized since llama.cpp's kimi-k3.cpp was read: the
 *     cache of Kimi Linear, the new keys weights and compute): 93 layers,
 *     full_attn_layers 4, 8 ... 92 and 93 (24 MLA) x (512 + 64) x 2 =
 *     27,648 B/position (226,492,416) + 69 KDA of 96 heads x 128, kernel
 *     4: conv 3 x 3 x 96 x 128 = 110,592, ssm 96 x 128 x 128 = 1,572,864:
 *     6,733,824 each, 464,633,856; 691,126,272
 *   deepseek-v4-flash, deepseek-v4-pro (deepseek_v4; compress_ratios
 *     and window as heldout4's files of the same models, worked there in
 *     test_import_heldout4.c): 44,032 B/position raw, 12,206,080 B of
 *     compressor state, 74,203,136 in all; 62,464, 18,710,528,
 *     107,380,736. Refused before the compressed layer kind.
 *   minimax-m3 (minimax_m3, refused before its row): 60 layers of 4 KV
 *     x (128 + 128) x 2 = 2,048 B/position; sparse_attention_freq and
 *     moe_layer_freq both start with 3 zeros, so layers 3-59 (57) keep
 *     an indexer key of sparse_index_dim 128 x 2 = 256 B/position:
 *     122,880 + 14,592 = 137,472; x 8,192 = 1,126,170,624.
 *   step-3.7-flash stays refused, now naming text_config: a flattened
 *     view of a step3p7 (VLM) config, whose decoder transformers
 *     Step3p7Config builds from text_config, defaults without it.
 */
#include "heldout.h"

#define DATA KVP_SRCDIR "/tests/data/hf/heldout/"
#define T 8192

static const struct heldout set[] = {
	{ "deepseek-r1.json", 70272, 0, 575668224, NULL },
	{ "deepseek-v4-flash.json", 44032, 12206080, 74203136, NULL },
	{ "deepseek-v4-pro.json", 62464, 18710528, 107380736, NULL },
	{ "gemma-4-31b-it-nvfp4.json", 901120, 0, 1509949440, NULL },
	{ "glm-5.1.json", 109824, 0, 899678208, NULL },
	{ "glm-5.2.json", 95232, 0, 780140544, NULL },
	{ "kimi-k2.5.json", 70272, 0, 575668224, NULL },
	{ "kimi-k2.6-nvfp4.json", 70272, 0, 575668224, NULL },
	{ "kimi-k2.7-code-nvfp4.json", 70272, 0, 575668224, NULL },
	{ "kimi-k3.json", 27648, 464633856, 691126272, NULL },
	{ "laguna-s-2.1-fp8.json", 196608, 0, 478150656, NULL },
	{ "laguna-xs.2-fp8.json", 163840, 0, 398458880, NULL },
	{ "mimo-7b-base.json", 147456, 0, 1207959552, NULL },
	{ "minimax-m2.7.json", 253952, 0, 2080374784, NULL },
	{ "minimax-m3.json", 137472, 0, 1126170624, NULL },
	{ "nemotron-3-super-120b-a12b-fp8.json", 8192, 172687360, 239796224, NULL },
	{ "nemotron-3-ultra-550b-a55b-bf16.json", 12288, 413270016, 513933312, NULL },
	{ "nemotron-3.5-lightning-30b-a3b-nvfp4.json", 6144, 49930240, 100261888, NULL },
	{ "qwen3-0.6b.json", 114688, 0, 939524096, NULL },
	{ "qwen3-1.7b.json", 114688, 0, 939524096, NULL },
	{ "qwen3-coder-480b-a35b-instruct.json", 253952, 0, 2080374784, NULL },
	{ "qwen3-vl-235b-a22b-instruct.json", 192512, 0, 1577058304, NULL },
	{ "qwen3-vl-2b-instruct.json", 114688, 0, 939524096, NULL },
	{ "qwen3-vl-32b-instruct.json", 262144, 0, 2147483648ull, NULL },
	{ "qwen3-vl-4b-instruct.json", 147456, 0, 1207959552, NULL },
	{ "qwen3.5-122b-a10b.json", 24576, 156303360, 357629952, NULL },
	{ "qwen3.5-397b-a17b.json", 30720, 195379200, 447037440, NULL },
	{ "qwen3.6-27b-nvfp4.json", 65536, 156893184, 693764096, NULL },
	{ "qwen3.6-35b-a3b-nvfp4.json", 20480, 65863680, 233635840, NULL },
	{ "step-3.7-flash.json", 0, 0, 0, "text_config: (absent)" },
};

static const struct heldout_set sets[] = {
	{ DATA, set, sizeof set / sizeof set[0], 30, T },   /* "Thirty" */
};

static Suite *suite(void)
{
	return heldout_suite("import_heldout", sets, 1);
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
