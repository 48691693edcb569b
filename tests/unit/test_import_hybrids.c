/*
 * test_import_hybrids.c - the hybrid and recurrent families of issue 35
 * (hf_family.c after the mamba2 row): each config imported and sized for
 * ONE sequence of T positions (one_sequence.h: f16 K and V, the generic
 * dynamic strategy, recurrent state in llama.cpp's f32), the bytes worked
 * by hand in the comments from the engines' own state shapes; then each
 * named engine sizes it by its own rule or refuses naming why.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/format.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

#define DATA KVP_SRCDIR "/tests/data/hf/families/"
#define T 4096

static struct kvp_plan plan;
static struct kvp_result res;

static void sized(enum kvp_status st, const char *name,
                  const struct kvp_error *err)
{
	ck_assert_msg(st == KVP_OK, "%s: %s", name, err->msg);
	ck_assert_msg(!plan.model.layout_assumed[0], "%s", name);
	one_sequence_plan(&plan, T);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", name,
	              res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
}

/* DATA/name, one sequence of T positions. */
static void file_sized(const char *name)
{
	char path[512];
	struct kvp_error err;

	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s%s", DATA, name);
	sized(kvp_hf_import_path(path, &plan.model, NULL, &err), name, &err);
}

/* An inline config, one sequence of T positions. */
static void text_sized(const char *text)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	sized(kvp_hf_import_text(text, strlen(text), "h.json", &plan.model,
	                         NULL, &err), "h.json", &err);
}

/* An inline config refused, the message naming `what`. */
static void text_refused(const char *text, const char *what)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "h.json", &m,
	                                    NULL, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, what) != NULL, "%s", err.msg);
}

/*
 * tiiuae/falcon-mamba-7b (falcon_mamba, Mamba 1): 64 layers, every one a
 * Mamba mixer of intermediate_size 8,192 (expand 16 beside it is read by
 * neither engine), state_size 16, conv_kernel 4:
 *   conv 3 x 8,192 = 24,576 values, ssm 8,192 x 16 = 131,072 values
 *   (vLLM mamba1_state_shape; llama.cpp n_embd_r (d_conv - 1) x d_inner,
 *   n_embd_s d_state x d_inner);
 *   f32: (24,576 + 131,072) x 4 = 622,592 B a layer, x 64 = 39,845,888 B
 *   for the sequence, whatever its length; no KV.
 * llama.cpp: R 64 x 24,576 x 4 = 6,291,456, S 64 x 131,072 x 4 =
 * 33,554,432. SGLang: no attention layer, refused.
 * (expand 16 read as the width would give 16 x 4,096 = 65,536: 8 x more.)
 */
START_TEST(falcon_mamba)
{
	file_sized("falcon-mamba-7b.json");
	ck_assert_uint_eq(res.kv.bytes_per_position, 0);
	ck_assert_uint_eq(res.kv.state_bytes, 39845888);
	ck_assert_uint_eq(res.kv.bytes, 39845888);
	ck_assert_uint_eq(kvp_layer_rec(&res, 63)->spec.state_bytes, 622592);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = T;   /* no max_position_embeddings */
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.conv_bytes, 6291456);
	ck_assert_uint_eq(res.kv.ssm_bytes, 33554432);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = T;
	plan.engine.sglang.context_len = T;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_msg(strstr(res.error.msg, "no attention layer") != NULL,
	              "%s", res.error.msg);
}
END_TEST

/*
 * A MambaConfig of state-spaces/mamba-130m-hf's shape (model_type mamba,
 * written from transformers' MambaConfig, not a Hub file): 24 layers,
 * intermediate_size 1,536, state_size 16, conv_kernel 4:
 *   (3 x 1,536 + 1,536 x 16) x 4 = (4,608 + 24,576) x 4 = 116,736 B a
 *   layer, x 24 = 2,801,664 B.
 * Without intermediate_size, MambaConfig's expand x hidden (2 x 768 =
 * 1,536) is the width: the same bytes.
 */
START_TEST(mamba1)
{
	static const char with[] = "{\"model_type\":\"mamba\","
		"\"architectures\":[\"MambaForCausalLM\"],\"hidden_size\":768,"
		"\"intermediate_size\":1536,\"num_hidden_layers\":24,"
		"\"state_size\":16,\"conv_kernel\":4,\"expand\":2,"
		"\"time_step_rank\":48,\"vocab_size\":50280,"
		"\"max_position_embeddings\":2048,\"torch_dtype\":\"float32\"}";
	static const char without[] = "{\"model_type\":\"mamba\","
		"\"hidden_size\":768,\"num_hidden_layers\":24,"
		"\"state_size\":16,\"conv_kernel\":4,\"expand\":2,"
		"\"vocab_size\":50280,\"max_position_embeddings\":2048}";

	text_sized(with);
	ck_assert_uint_eq(res.kv.state_bytes, 2801664);
	ck_assert_uint_eq(res.kv.bytes, 2801664);
	text_sized(without);
	ck_assert_uint_eq(res.kv.state_bytes, 2801664);
}
END_TEST

/*
 * Mamba2Config (mistralai/Mamba-Codestral-7B-v0.1's shape, written from
 * transformers' Mamba2Config, not a Hub file): 64 layers, hidden 4,096,
 * expand 2 (d_inner 8,192 = num_heads 128 x head_dim 64), n_groups 8,
 * state_size 128, conv_kernel 4 (vLLM mamba2_state_shape):
 *   conv 3 x (8,192 + 2 x 8 x 128) = 3 x 10,240 = 30,720 values
 *   ssm 128 x 64 x 128 = 1,048,576 values
 *   (30,720 + 1,048,576) x 4 = 4,317,184 B a layer, x 64 = 276,299,776.
 * The mamba2 row had no config reach it before (num_attention_heads
 * required).
 */
START_TEST(mamba2)
{
	static const char cfg[] = "{\"model_type\":\"mamba2\","
		"\"architectures\":[\"Mamba2ForCausalLM\"],\"hidden_size\":4096,"
		"\"num_hidden_layers\":64,\"num_heads\":128,\"head_dim\":64,"
		"\"n_groups\":8,\"state_size\":128,\"expand\":2,"
		"\"conv_kernel\":4,\"vocab_size\":32768,"
		"\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"}";

	static const char nogroups[] = "{\"model_type\":\"mamba2\","
		"\"hidden_size\":4096,\"num_hidden_layers\":64,"
		"\"num_heads\":128,\"head_dim\":64,\"state_size\":128,"
		"\"expand\":2,\"conv_kernel\":4,\"vocab_size\":32768,"
		"\"max_position_embeddings\":4096}";

	text_sized(cfg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 0);
	ck_assert_uint_eq(res.kv.state_bytes, 276299776);
	ck_assert_uint_eq(res.kv.bytes, 276299776);
	/* n_groups absent: no default every release agrees on, refused */
	text_refused(nogroups, "n_groups");
}
END_TEST

/*
 * MiniMaxAI/MiniMax-M1-40k (minimax_m1): 80 layers, attn_type_list 1 on
 * every 8th (layers 7, 15 ... 79: 10 softmax), 0 elsewhere (70
 * lightning attention); 64 heads of head_dim 128, 8 KV heads.
 *   softmax: 8 x (128 + 128) x 2 B = 4,096 B/position a layer, 10
 *     layers 40,960 B/position; x 4,096 = 167,772,160
 *   lightning: one state of 64 x 128 x 128 = 1,048,576 values (vLLM
 *     linear_attention_state_shape; llama.cpp n_embd_s =
 *     n_embd_head_la^2 x n_head), no conv; f32 4,194,304 B a layer,
 *     x 70 = 293,601,280
 *   total 461,373,440.
 * llama.cpp: R 0, S 293,601,280 (f32). SGLang: no conv part, refused.
 * vLLM (model f16: no torch_dtype): the state in --mamba-cache-dtype,
 * auto = f16, 2,097,152 B; attention 4,096 B a token: block 16 x
 * ceil(2,097,152 / (16 x 4,096)) = 512 tokens, page 2,097,152, groups of
 * 10 layers (1 full + 7 lightning): 20,971,520 B a block across a group;
 * 2^32 / 20,971,520 = 204 blocks. --mamba-ssm-cache-dtype float32 does
 * not apply to this state (linear_attention_state_dtype): the same 512
 * and 204 (f32 would give a 1,024-token block).
 */
START_TEST(minimax_m1)
{
	file_sized("minimax-m1-40k.json");
	ck_assert_uint_eq(res.kv.bytes_per_position, 40960);
	ck_assert_uint_eq(res.kv.state_bytes, 293601280);
	ck_assert_uint_eq(res.kv.bytes, 461373440);
	ck_assert_int_eq(kvp_layer_rec(&res, 7)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.conv_bytes, 0);
	ck_assert_uint_eq(res.kv.ssm_bytes, 293601280);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = T;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "conv_values: 0"));
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	plan.engine.vllm.max_model_len = 32768;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 512);
	ck_assert_uint_eq(res.engine.blocks, 204);
	plan.engine.vllm.mamba_ssm_cache_dtype = KVP_MAMBA_F32;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 512);
	ck_assert_uint_eq(res.engine.blocks, 204);
}
END_TEST

/*
 * transformers' MiniMaxConfig (model_type minimax) lists the same layers
 * as layer_types: 8 layers, 7 linear_attention then 1 full_attention,
 * 4 heads of 16, 2 KV heads. The linear layers are lightning (16 x 16 x 4
 * = 1,024 values, 4,096 B in f32, x 7 = 28,672), not gated DeltaNet:
 * full 2 x 32 x 2 = 128 B/position, x 4,096 = 524,288; total 552,960.
 * Its residual weights (full_attn_alpha_factor ..., compute only) are
 * read. An attn_type_list llama.cpp would not follow (its every-8th
 * rule) is refused naming the engine.
 */
START_TEST(minimax_lists)
{
	static const char lt[] = "{\"model_type\":\"minimax\",\"hidden_size\":64,"
		"\"num_hidden_layers\":8,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":16,\"vocab_size\":64,"
		"\"max_position_embeddings\":8192,\"block_size\":256,"
		"\"full_attn_alpha_factor\":3.5,\"linear_attn_alpha_factor\":3.5,"
		"\"linear_attn_beta_factor\":1.0,\"mlp_alpha_factor\":3.5,"
		"\"layer_types\":["
		"\"linear_attention\",\"linear_attention\",\"linear_attention\","
		"\"linear_attention\",\"linear_attention\",\"linear_attention\","
		"\"linear_attention\",\"full_attention\"]}";
	static const char odd[] = "{\"model_type\":\"minimax_text_01\","
		"\"hidden_size\":64,\"num_hidden_layers\":2,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":16,\"vocab_size\":64,\"max_position_embeddings\":64,"
		"\"attn_type_list\":[0,1]}";

	text_sized(lt);
	ck_assert_uint_eq(res.kv.bytes_per_position, 128);
	ck_assert_uint_eq(res.kv.state_bytes, 28672);
	ck_assert_uint_eq(res.kv.bytes, 552960);
	text_refused(odd, "llama.cpp's minimax-01");
}
END_TEST

/*
 * PLaMo 2 1B's shape (pfnet/plamo-2-1b's config as a public repository's
 * test embeds it, find_string id 55418778831; inline, not a Hub file):
 * 16 layers, mamba_step 2: layers i % 2 != 1 Mamba (8), the odd ones
 * attention (8) of 1 KV head x hidden_size_per_head 128:
 *   8 x 1 x (128 + 128) x 2 = 4,096 B/position; x 4,096 = 16,777,216
 *   Mamba: d_inner 32 heads x 128 = 4,096, n_groups 0, d_state 64,
 *   d_conv 4 (vLLM mamba2_state_shape; llama.cpp d_inner = heads x
 *   head, n_group 0): conv 3 x 4,096 = 12,288, ssm 64 x 4,096 = 262,144;
 *   (12,288 + 262,144) x 4 = 1,097,728 a layer, x 8 = 8,781,824
 *   total 25,559,040. attention_window_size is read by neither engine.
 * mamba_enabled false: refused.
 */
START_TEST(plamo2)
{
	static const char cfg[] = "{\"model_type\":\"plamo2\","
		"\"hidden_size\":2048,\"num_hidden_layers\":16,"
		"\"rms_norm_eps\":1e-06,\"tie_word_embeddings\":true,"
		"\"num_attention_heads\":16,\"num_key_value_heads\":1,"
		"\"hidden_size_per_head\":128,"
		"\"max_position_embeddings\":10485760,"
		"\"attention_window_size\":2048,\"mamba_d_state\":64,"
		"\"mamba_d_conv\":4,\"mamba_num_heads\":32,\"mamba_step\":2,"
		"\"mamba_chunk_size\":256,\"mamba_enabled\":true,"
		"\"intermediate_size\":8192,\"vocab_size\":100000}";
	static const char off[] = "{\"model_type\":\"plamo2\","
		"\"hidden_size\":2048,\"num_hidden_layers\":4,"
		"\"num_attention_heads\":16,\"num_key_value_heads\":1,"
		"\"hidden_size_per_head\":128,\"mamba_d_state\":64,"
		"\"mamba_num_heads\":32,\"mamba_enabled\":false,"
		"\"vocab_size\":64,\"max_position_embeddings\":64}";

	text_sized(cfg);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.state_bytes, 8781824);
	ck_assert_uint_eq(res.kv.bytes, 25559040);
	text_refused(off, "mamba_enabled");
}
END_TEST

/*
 * Ring-mini-linear-2.0's shape (bailing_moe_linear; its keys as a public
 * repository's parse test reproduces the shipped file, find_string id
 * 60920977192, less that copy's MLX quantization keys; inline): 20
 * layers, layer_group_size 5: layers 4, 9, 14, 19 full GQA of 4 KV
 * heads x 128, the 16 others lightning of 16 heads x 128 x 128:
 *   4 x 4 x (128 + 128) x 2 = 8,192 B/position; x 4,096 = 33,554,432
 *   16 x 16 x 128 x 128 x 4 = 16,777,216
 *   total 50,331,648. Without layer_group_size: refused.
 */
START_TEST(ring_linear)
{
	static const char cfg[] = "{\"architectures\":"
		"[\"BailingMoeLinearV2ForCausalLM\"],\"first_k_dense_replace\":1,"
		"\"group_norm_size\":4,\"head_dim\":128,\"hidden_act\":\"silu\","
		"\"hidden_size\":2048,\"intermediate_size\":5120,"
		"\"layer_group_size\":5,\"linear_silu\":false,"
		"\"max_position_embeddings\":131072,"
		"\"model_type\":\"bailing_moe_linear\","
		"\"moe_intermediate_size\":512,"
		"\"moe_shared_expert_intermediate_size\":512,"
		"\"num_attention_heads\":16,\"num_experts\":256,"
		"\"num_experts_per_tok\":8,\"num_hidden_layers\":20,"
		"\"num_key_value_heads\":4,\"num_nextn_predict_layers\":0,"
		"\"num_shared_experts\":1,\"partial_rotary_factor\":0.5,"
		"\"torch_dtype\":\"bfloat16\",\"vocab_size\":157184}";
	static const char nogs[] = "{\"model_type\":\"bailing_moe_linear\","
		"\"hidden_size\":2048,\"num_hidden_layers\":20,"
		"\"num_attention_heads\":16,\"num_key_value_heads\":4,"
		"\"head_dim\":128,\"vocab_size\":64,"
		"\"max_position_embeddings\":64}";

	text_sized(cfg);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.kv.bytes_per_position, 8192);
	ck_assert_uint_eq(res.kv.state_bytes, 16777216);
	ck_assert_uint_eq(res.kv.bytes, 50331648);
	text_refused(nogs, "layer_group_size");
}
END_TEST

/*
 * tiiuae/Falcon-H1-7B's shape (falcon_h1): the keys as quoted in a public
 * test's FALCON_H1_7B_HF dict (search index file id 65865534003), not a
 * verbatim Hub file. Every one of the 44 layers runs attention and a
 * Mamba2 mixer side by side, a KV cache and a state each (vLLM
 * falcon_h1.py FalconH1ParallelHybrid; llama.cpp create_memory, both
 * hybrid filters true for LLM_ARCH_FALCON_H1). One sequence of 8,192
 * (the held-out convention: f16 K and V, f32 state):
 *   KV: 2 x 2 heads x 128 x 2 B = 1,024 B a layer, x 44 = 45,056 B a
 *     position, x 8,192 = 369,098,752 B;
 *   state (vLLM mamba2_state_shape, llama.cpp n_embd_r / n_embd_s):
 *     conv 3 x (3,072 + 2 x 1 x 256) = 10,752 values, SSM 24 x 128 x
 *     256 = 786,432 values; x 4 B = 3,188,736 B a layer, x 44 =
 *     140,304,384 B (conv 1,892,352, SSM 138,412,032);
 *   total 509,403,136 B; layer 0: 8,192 x 1,024 + 3,188,736 =
 *     11,577,344 B.
 * vLLM (2^32 B of KV memory, max_model_len 32,768, default block 16):
 *   88 cache layers, 44 FullAttentionSpec and 44 MambaSpec; the state in
 *   the model's f16 (--mamba-cache-dtype auto): (10,752 + 786,432) x 2 =
 *   1,594,368 B; attention block raised to 16 x ceil(1,594,368 / (16 x
 *   1,024)) = 16 x 98 = 1,568 tokens, page 1,568 x 1,024 = 1,605,632 B
 *   (the state padded to it); group_size 44, 2 groups; num_blocks =
 *   2^32 // 1,605,632 // 44 = 2,674 // 44 = 60; the pool 60 x 1,605,632
 *   x 44 = 4,238,868,480 B, half of it the Mamba layers' (88 equal
 *   shares of 48,168,960 B); one sequence of 8,192: 6 blocks x 1,568 x
 *   1,024 x 44 + 44 pages = 423,886,848 + 70,647,808 = 494,534,656 B.
 * The Mamba2 mixer's weights on every layer (hf_state.c mamba_params):
 *   3,072 x (2 x 3,072 + 2 x 256 + 24) + 3,584 x 4 + 3,584 + 3 x 24 +
 *   3,072 + 3,072 x 3,072 = 29,979,208, x 44 = 1,319,085,152 more than
 *   the same layers as attention alone.
 */
static const char fh1_7b[] = "{\"model_type\":\"falcon_h1\","
	"\"hidden_size\":3072,\"num_hidden_layers\":44,"
	"\"num_attention_heads\":12,\"num_key_value_heads\":2,"
	"\"head_dim\":128,\"intermediate_size\":12288,"
	"\"vocab_size\":130048,\"tie_word_embeddings\":false,"
	"\"mamba_d_state\":256,\"mamba_n_groups\":1,\"mamba_n_heads\":24,"
	"\"mamba_d_head\":128,\"mamba_d_ssm\":3072,\"mamba_expand\":2,"
	"\"mamba_d_conv\":4,\"mamba_chunk_size\":128,"
	"\"max_position_embeddings\":262144}";

START_TEST(falcon_h1)
{
	uint64_t params;

	text_sized(fh1_7b);
	one_sequence_plan(&plan, 8192);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_int_eq(kvp_layer_rec(&res, 43)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 45056);
	ck_assert_uint_eq(res.kv.state_bytes, 140304384);
	ck_assert_uint_eq(res.kv.conv_bytes, 1892352);
	ck_assert_uint_eq(res.kv.ssm_bytes, 138412032);
	ck_assert_uint_eq(res.kv.bytes, 509403136);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 509403136);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 11577344);
	params = res.weights.params;
	/* llama.cpp: the same cells (-c 8,192, one slot), R and S in f32 */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.parallel = 1;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 509403136);
	ck_assert_uint_eq(res.kv.state_bytes, 140304384);
	ck_assert_uint_eq(res.kv.k_bytes, 184549376);
	ck_assert_uint_eq(res.kv.v_bytes, 184549376);
	ck_assert_uint_eq(res.kv.conv_bytes, 1892352);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 11577344);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	plan.engine.vllm.max_model_len = 32768;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 1568);
	ck_assert_uint_eq(res.engine.blocks, 60);
	ck_assert_uint_eq(res.kv.bytes, 4238868480ull);
	ck_assert_uint_eq(res.kv.state_bytes, 2119434240ull);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->beside_bytes, 48168960);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 2 * 48168960);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 494534656);
	/* the mixer's weights beside the attention */
	plan.engine.kind = KVP_ENGINE_GENERIC;
	plan.model.recur.beside_full = false;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(params - res.weights.params, 1319085152);
	ck_assert_uint_eq(res.kv.state_bytes, 0);
}
END_TEST

/* The engines whose profiles do not size a state beside a full layer's
 * KV refuse it naming why; mamba_d_ssm other than the heads' width
 * (vLLM's conv and SSM states would differ) is refused at import. */
START_TEST(falcon_h1_refused)
{
	static const char wide[] = "{\"model_type\":\"falcon_h1\","
		"\"hidden_size\":1024,\"num_hidden_layers\":4,"
		"\"num_attention_heads\":8,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"mamba_d_ssm\":2048,\"mamba_d_state\":128,"
		"\"mamba_n_heads\":24,\"mamba_d_head\":64,\"mamba_n_groups\":1,"
		"\"vocab_size\":64,\"max_position_embeddings\":4096}";
	static const enum kvp_engine_kind no[] = { KVP_ENGINE_SGLANG,
		KVP_ENGINE_TRANSFORMERS, KVP_ENGINE_TRTLLM };
	size_t i;

	text_refused(wide, "mamba_d_ssm");
	text_sized(fh1_7b);
	for (i = 0; i < sizeof no / sizeof no[0]; i++) {
		plan.engine.kind = no[i];
		ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
		ck_assert_msg(strstr(res.error.msg, "model.recur.beside_full")
		              != NULL, "%s", res.error.msg);
	}
}
END_TEST

/*
 * Zyphra/Zamba2-7B's sizes as a transformers Zamba2Config (written from
 * the class with the sizes of the original config quoted in a public
 * benchmark, search index file id 20086630943: hidden 3,584, 81 layers,
 * 32 heads, mamba_ngroups 2, state_size 64, conv_dimension 4,
 * expansion_factor 2, mamba_headdim 64, so n_mamba_heads 112; its
 * layers_block_type: 6 mamba, hybrid, 4 mamba, hybrid, 11 x (5 mamba,
 * hybrid), 3 mamba - 13 hybrid layers). Not a verbatim Hub file.
 * One sequence of T = 4,096 (max_position_embeddings 4,096):
 *   KV on the 13 hybrid layers, head_dim 2 x 3,584 / 32 = 224, every
 *     query head (vLLM zamba2.py): 2 x 32 x 224 x 2 B = 28,672 B a
 *     layer, x 13 = 372,736 B a position, x 4,096 = 1,526,726,656 B;
 *   Mamba2 state on all 81: width 2 x 3,584 = 7,168, conv 3 x (7,168 +
 *     2 x 2 x 64) = 22,272 values, SSM 7,168 x 64 = 458,752 values;
 *     f32: 1,924,096 B a layer, x 81 = 155,851,776 B (conv 7,216,128);
 *   total 1,682,578,432 B.
 * vLLM (2^32 B, max_model_len 4,096): the state in f16 962,048 B; block
 *   16 x ceil(962,048 / (16 x 28,672)) = 48, page 48 x 28,672 =
 *   1,376,256 B; 13 FullAttentionSpec and 81 MambaSpec layers: group
 *   size 13 (162 >= 39), 1 + 7 groups, 10 padding layers; num_blocks
 *   2^32 // 1,376,256 // 13 = 3,120 // 13 = 240, the pool 240 x
 *   1,376,256 x 13 = 4,293,918,720 B; one sequence: 86 blocks x 48 x
 *   372,736 + 81 pages = 1,538,654,208 + 111,476,736 = 1,650,130,944 B.
 * llama.cpp has no Zamba2 architecture: refused.
 */
static void zamba2_7b(char *buf, size_t n, unsigned kv_heads)
{
	size_t u = (size_t)snprintf(buf, n, "{\"model_type\":\"zamba2\","
		"\"hidden_size\":3584,\"num_hidden_layers\":81,"
		"\"num_attention_heads\":32,\"num_key_value_heads\":%u,"
		"\"intermediate_size\":14336,\"vocab_size\":32000,"
		"\"max_position_embeddings\":4096,\"mamba_d_state\":64,"
		"\"mamba_d_conv\":4,\"mamba_expand\":2,\"mamba_ngroups\":2,"
		"\"n_mamba_heads\":112,\"mamba_headdim\":64,"
		"\"num_mem_blocks\":2,\"layers_block_type\":[", kv_heads);
	unsigned i;

	for (i = 0; i < 81; i++) {
		bool hyb = i == 6 || (i >= 11 && i <= 77 && (i - 11) % 6 == 0);

		u += (size_t)snprintf(buf + u, n - u, "%s\"%s\"", i ? "," : "",
		                      hyb ? "hybrid" : "mamba");
	}
	snprintf(buf + u, n - u, "]}");
}

START_TEST(zamba2)
{
	static char cfg[4096];
	uint32_t i, hybrid = 0;

	zamba2_7b(cfg, sizeof cfg, 32);
	text_sized(cfg);
	for (i = 0; i < 81; i++)
		hybrid += kvp_layer_rec(&res, i)->spec.kind == KVP_LAYER_FULL;
	ck_assert_uint_eq(hybrid, 13);
	ck_assert_int_eq(kvp_layer_rec(&res, 77)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 78)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.kv.bytes_per_position, 372736);
	ck_assert_uint_eq(res.kv.state_bytes, 155851776);
	ck_assert_uint_eq(res.kv.conv_bytes, 7216128);
	ck_assert_uint_eq(res.kv.bytes, 1682578432);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	plan.engine.vllm.max_model_len = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 48);
	ck_assert_uint_eq(res.engine.blocks, 240);
	ck_assert_uint_eq(res.kv.bytes, 4293918720ull);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 1650130944);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = T;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "Zamba2") != NULL, "%s",
	              res.error.msg);
	/* KV heads other than the query heads: the engines differ */
	zamba2_7b(cfg, sizeof cfg, 8);
	text_refused(cfg, "num_key_value_heads");
}
END_TEST

/* Layers with attention AND a recurrent mixer kvplan does not hold yet:
 * refused naming why, not as an unknown family nor an unknown layer
 * name. (Ling 2.5, once here, is sized with SGLang's layout:
 * test_import_refused35.c ling25; Ling 3.0 too, test_import_unverified.c
 * ling3, but for a low-rank KDA gate, which vLLM refuses: no
 * no_kda_lora here.) */
START_TEST(two_mixer_layers)
{
	static const char ling3[] = "{\"model_type\":\"bailing_hybrid\","
		"\"architectures\":[\"BailingMoeV3ForCausalLM\"],"
		"\"hidden_size\":1024,\"num_hidden_layers\":8,"
		"\"num_attention_heads\":8,\"head_dim\":128,"
		"\"layer_group_size\":4,\"short_conv_kernel_size\":4,"
		"\"kv_lora_rank\":512,\"qk_rope_head_dim\":64,"
		"\"qk_nope_head_dim\":128,\"v_head_dim\":128,"
		"\"vocab_size\":64,\"max_position_embeddings\":4096}";

	text_refused(ling3, "no_kda_lora");
}
END_TEST

/*
 * Kimi Linear under vLLM (tests/data/hf/kimi-linear-4l.json: 3 KDA
 * layers, 1 MLA layer, bf16): vLLM keeps the KDA recurrent state in
 * float32 whatever --mamba-ssm-cache-dtype (mamba_utils.py
 * kda_state_dtype: (the conv format, torch.float32)), the conv state in
 * bf16:
 *   36,864 x 2 + 524,288 x 4 = 73,728 + 2,097,152 = 2,170,880 B a layer
 *   MLA (512 + 64) x 2 = 1,152 B a token: block 16 x ceil(2,170,880 /
 *   (16 x 1,152) = 117.8) = 1,888 tokens, page 2,174,976 B; groups of 1
 *   layer: 2^32 / 2,174,976 = 1,974 blocks.
 * (the SSM state in bf16 would give 16 x ceil(1,122,304 / 18,432) = 976)
 */
START_TEST(kimi_linear_vllm_f32)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	sized(kvp_hf_import_path(KVP_SRCDIR "/tests/data/hf/kimi-linear-4l.json",
	                         &plan.model, NULL, &err), "kimi-linear-4l", &err);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	plan.engine.vllm.max_model_len = 32768;
	plan.model.base.k_fmt = plan.model.base.v_fmt =
		kvp_format_plain(KVP_DT_BF16);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 1888);
	ck_assert_uint_eq(res.engine.blocks, 1974);
	plan.engine.vllm.mamba_ssm_cache_dtype = KVP_MAMBA_F16;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 1888);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_hybrids");
	TCase *tc = tcase_create("hybrids");

	tcase_add_test(tc, falcon_mamba);
	tcase_add_test(tc, mamba1);
	tcase_add_test(tc, mamba2);
	tcase_add_test(tc, minimax_m1);
	tcase_add_test(tc, minimax_lists);
	tcase_add_test(tc, plamo2);
	tcase_add_test(tc, ring_linear);
	tcase_add_test(tc, falcon_h1);
	tcase_add_test(tc, falcon_h1_refused);
	tcase_add_test(tc, zamba2);
	tcase_add_test(tc, two_mixer_layers);
	tcase_add_test(tc, kimi_linear_vllm_f32);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
