/*
 * test_import_families.c - the 2026 layout sources, one family per test:
 * each config of tests/data/hf (its provenance in its "_kvplan_source"
 * key) imported and sized for ONE sequence of T positions, f16 cache,
 * generic dynamic strategy; the expected bytes are worked by hand per
 * layer kind in the comments, never taken from the program. Engines that
 * differ are checked where they do (llama.cpp's f32 R/S state; named
 * engines refuse the DSA indexer).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

#define DATA KVP_SRCDIR "/tests/data/hf/"

static struct kvp_plan plan;
static struct kvp_result res;

/* Import DATA/name, then one sequence of t positions, f16 K and V. */
static void one_sequence(const char *name, uint64_t t)
{
	struct kvp_notes notes;
	struct kvp_error err;

	kvp_plan_default(&plan);
	{
		char path[512];
		snprintf(path, sizeof path, "%s%s", DATA, name);
		ck_assert_msg(kvp_hf_import_path(path, &plan.model, &notes,
		              &err) == KVP_OK, "%s: %s", name, err.msg);
	}
	one_sequence_plan(&plan, t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", name,
	              res.error.msg);
	ck_assert_uint_eq(res.kv.sequences, 1);
}

static unsigned count_kind(enum kvp_layer_kind k)
{
	unsigned i, n = 0;

	for (i = 0; i < res.n_layers; i++)
		n += kvp_layer_rec(&res, i)->spec.kind == k;
	return n;
}

/*
 * Qwen3-Next-80B-A3B, full_attention_interval 4 and no layer_types: 48
 * layers, full where (i + 1) % 4 == 0 -> 12 full, 36 gated DeltaNet.
 *   full   2 KV heads x (256 + 256) x 2 B = 2,048 B/position;
 *          12 x 2,048 x 4,096 = 100,663,296
 *   linear conv (4 - 1) x (2 x 16 x 128 + 32 x 128) = 24,576 values,
 *          ssm 32 x 128 x 128 = 524,288 values, f32:
 *          (24,576 + 524,288) x 4 = 2,195,456 B per layer and sequence;
 *          36 x 2,195,456 = 79,036,416 (conv 36 x 98,304 = 3,538,944,
 *          ssm 36 x 2,097,152 = 75,497,472)
 *   total 100,663,296 + 79,036,416 = 179,699,712
 * Every layer full attention (the old answer): 48 x 2,048 x 4,096 =
 * 402,653,184, 2.2x.
 */
START_TEST(qwen3_next_interval)
{
	one_sequence("qwen3-next-80b-a3b.json", 4096);
	ck_assert_uint_eq(count_kind(KVP_LAYER_FULL), 12);
	ck_assert_uint_eq(count_kind(KVP_LAYER_NONE), 36);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.kv.bytes_per_position, 24576);
	ck_assert_uint_eq(res.kv.state_bytes, 79036416);
	ck_assert_uint_eq(res.kv.conv_bytes, 3538944);
	ck_assert_uint_eq(res.kv.ssm_bytes, 75497472);
	ck_assert_uint_eq(res.kv.bytes, 179699712);
}
END_TEST

/*
 * Nemotron Nano 9B v2, hybrid_override_pattern of 56: 27 'M', 4 '*',
 * 25 '-'.
 *   attention 4 x 8 x (128 + 128) x 2 B = 16,384 B/position;
 *             x 4,096 = 67,108,864
 *   Mamba2    d_inner 128 x 80 = 10,240; conv (4 - 1) x (10,240 +
 *             2 x 8 x 128) = 36,864 values; ssm 128 x 10,240 =
 *             1,310,720 values; f32: 1,347,584 x 4 = 5,390,336 B per
 *             layer; 27 x 5,390,336 = 145,539,072
 *   MLP       no cache
 *   total 67,108,864 + 145,539,072 = 212,647,936
 * (the config's time_step_limit [0.0, Infinity] parses and is not read)
 */
START_TEST(nemotron_h_pattern)
{
	one_sequence("nemotron-nano-9b-v2.json", 4096);
	ck_assert_uint_eq(count_kind(KVP_LAYER_NONE), 27);
	ck_assert_uint_eq(count_kind(KVP_LAYER_FULL), 4);
	ck_assert_uint_eq(count_kind(KVP_LAYER_FFN), 25);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.state_bytes, 5390336);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->bytes, 0);
	ck_assert_uint_eq(res.kv.bytes_per_position, 16384);
	ck_assert_uint_eq(res.kv.bytes, 212647936);
	/* llama.cpp: R and S in f32 as here, one cell per sequence */
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	/* 27 x 36,864 x 4 = 3,981,312 and 27 x 1,310,720 x 4 = 141,557,760 */
	ck_assert_uint_eq(res.kv.conv_bytes, 3981312);
	ck_assert_uint_eq(res.kv.ssm_bytes, 141557760);
	ck_assert_uint_eq(res.kv.state_bytes, 145539072);
	/* SGLang's Mamba pool (kvplan/era.h SGLANG_MAMBA_POOL): a slot holds
	 * each layer's conv state in bf16, 36,864 x 2 = 73,728 B, and SSM
	 * state in f32, 1,310,720 x 4 = 5,242,880 B: 5,316,608 B a layer;
	 * 48 slots + the pad slot 0 = 49: 260,513,792 B a layer. No card:
	 * the slots must be given. */
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = 4096;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.sglang.max_mamba_cache_size: 0"));
	plan.engine.sglang.max_mamba_cache_size = 48;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 49);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 260513792);
	ck_assert_uint_eq(res.kv.state_bytes, 27ull * 260513792);
	ck_assert_uint_eq(res.kv.conv_bytes, 27ull * 49 * 73728);
	/* conv 97,542,144 B = 0.091 GiB, SSM 6,936,330,240 B = 6.460 GiB;
	 * the pool comes before the KV pool's line */
	ck_assert_str_eq(res.engine.lines[0], "Mamba Cache is allocated. "
	                 "max_mamba_cache_size: 48, conv_state size: 0.09GB, "
	                 "ssm_state size: 6.46GB");
	/* running requests: min(2,048, 48 // 3 = 16) */
	ck_assert_uint_eq(res.engine.max_requests, 16);
	/* --mamba-ssm-dtype bfloat16: 1,310,720 x 2 B */
	plan.engine.sglang.mamba_ssm_dtype = KVP_MAMBA_BF16;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 49ull * (73728 + 2621440));
	plan.engine.sglang.mamba_ssm_dtype = KVP_MAMBA_AUTO;
	/* refused: tensor parallelism (groups replicated when they do not
	 * divide tp) and releases before 0.5.4 */
	plan.devices.tp = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.tp: 2"));
	plan.devices.tp = 1;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.5.3");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "from 0.5.4 on"));
	plan.engine.version[0] = '\0';
	/* TensorRT-LLM keeps the Mamba state in a pool its profile does not
	 * size: refused, never left out */
	plan.engine.kind = KVP_ENGINE_TRTLLM;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
}
END_TEST

/* Nemotron-3 MoE blocks: 'E' holds no cache, like '-'. 4 layers "M*-E":
 * one attention layer of 2 x (64 + 64) x 2 B = 512 B/position. */
/* Qwen3.5's mamba_ssm_dtype by architecture (see below). */
static void qwen35_ssm_dtype(void)
{
	static const char flat[] = "{\"model_type\":\"qwen3_5_text\","
		"\"architectures\":[\"%s\"],%s}";
	static const char nested[] = "{\"model_type\":\"qwen3_5\","
		"\"architectures\":[\"%s\"],\"text_config\":{"
		"\"model_type\":\"qwen3_5_text\",%s}}";
	static const char body[] = "\"num_hidden_layers\":4,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"linear_num_key_heads\":2,\"linear_key_head_dim\":16,"
		"\"linear_num_value_heads\":4,\"linear_value_head_dim\":16,"
		"\"linear_conv_kernel_dim\":4,\"mamba_ssm_dtype\":\"float32\"";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, flat, "Qwen3_5ForCausalLM", body);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "q", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_AUTO);
	snprintf(text, sizeof text, nested, "Qwen3_5ForConditionalGeneration",
	         body);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "q", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
	snprintf(text, sizeof text, flat, "ColQwen3_5", body);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "q", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
}

/*
 * The SSM state format vLLM gives a model under --mamba-ssm-cache-dtype
 * auto (vllm/model_executor/models/config.py NemotronHForCausalLMConfig:
 * the config's mamba_ssm_cache_dtype, else float32 since vLLM PR #39032,
 * float16 before, so float32: never the smaller; Qwen3.5: the text
 * config's mamba_ssm_dtype, only for the MODELS_CONFIG_MAP architectures
 * Qwen3_5ForConditionalGeneration, Qwen3_5MoeForConditionalGeneration,
 * ColQwen3_5): model.recur.vllm_ssm_dtype. A flat qwen3_5_text file run
 * as Qwen3_5ForCausalLM has no map entry: auto (the conv state's
 * format, bf16 for a bf16 model: 2 B per SSM value where the key's
 * float32 would say 4).
 */
START_TEST(vllm_ssm_dtype_from_config)
{
	static const char nem[] = "{\"model_type\":\"nemotron_h\","
		"\"hybrid_override_pattern\":\"M*\",\"num_hidden_layers\":2,"
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"ssm_state_size\":16,\"conv_kernel\":4,\"n_groups\":1,"
		"\"mamba_num_heads\":8,\"mamba_head_dim\":32%s}";
	char text[1024];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, nem, "");
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "n", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
	snprintf(text, sizeof text, nem, ",\"mamba_ssm_cache_dtype\":\"float16\"");
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "n", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_F16);
	snprintf(text, sizeof text, nem, ",\"mamba_ssm_cache_dtype\":\"float32\"");
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "n", &m, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.recur.vllm_ssm_dtype, KVP_MAMBA_F32);
	snprintf(text, sizeof text, nem, ",\"mamba_ssm_cache_dtype\":\"fp8\"");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "n", &m, NULL, &err),
	                 KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "mamba_ssm_cache_dtype") != NULL, "%s", err.msg);
	/* another family: none of its own */
	one_sequence("qwen3-next-80b-a3b.json", 16);
	ck_assert_int_eq(plan.model.recur.vllm_ssm_dtype, KVP_MAMBA_AUTO);
	qwen35_ssm_dtype();
}
END_TEST

START_TEST(nemotron_h_moe_blocks)
{
	static const char cfg[] = "{\"model_type\":\"nemotron_h\","
		"\"num_hidden_layers\":4,\"hybrid_override_pattern\":\"M*-E\","
		"\"num_attention_heads\":8,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"hidden_size\":512,\"mamba_num_heads\":8,"
		"\"mamba_head_dim\":64,\"n_groups\":1,\"ssm_state_size\":16,"
		"\"conv_kernel\":4,\"torch_dtype\":\"float16\"}";
	struct kvp_notes n;
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_msg(kvp_hf_import_text(cfg, strlen(cfg), "e.json", &plan.model,
	              &n, &err) == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 2)->spec.kind, KVP_LAYER_FFN);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FFN);
	ck_assert_uint_eq(res.kv.bytes_per_position, 512);
	/* a letter outside M * - E: refused naming the layer */
	{
		char bad[sizeof cfg];
		memcpy(bad, cfg, sizeof cfg);
		*strstr(bad, "M*-E") = 'X';
		ck_assert(kvp_hf_import_text(bad, strlen(bad), "e.json",
		          &plan.model, &n, &err) != KVP_OK);
		ck_assert_msg(strstr(err.msg, "layer 0 is 'X'"), "%s", err.msg);
	}
}
END_TEST

/*
 * Llama-Nemotron block_configs, 64 heads, head dim 8192 / 64 = 128:
 *   layer 0  n_heads_in_group 8  -> 8 KV heads: 8 x 256 x 2 = 4,096 B
 *   layer 1  no_op               -> no cache
 *   layer 2  n_heads_in_group 4  -> 16 KV heads: 16 x 256 x 2 = 8,192 B
 *   layer 3  replace_with_linear -> no cache
 *   12,288 B/position x 4,096 = 50,331,648
 * (num_key_value_heads absent, 64 KV heads everywhere: 4 x 64 x 256 x 2
 * = 131,072 B/position, 10.7x)
 */
START_TEST(block_configs)
{
	one_sequence("llama-nemotron-nas-4l.json", 4096);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 8);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FFN);
	ck_assert_uint_eq(kvp_layer_rec(&res, 2)->spec.kv_heads, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FFN);
	ck_assert_uint_eq(res.kv.bytes_per_position, 12288);
	ck_assert_uint_eq(res.kv.bytes, 50331648);
	ck_assert(!plan.model.kv_heads_assumed);
}
END_TEST

/*
 * Gemma 4, 5 sliding + 1 full, attention_k_eq_v:
 *   sliding 8 KV heads x (256 + 256) x 2 B = 8,192 B/position, window
 *           512: a sequence of 4,096 keeps 512 -> 5 x 8,192 x 512 =
 *           20,971,520
 *   full    num_global_key_value_heads 2 x (512 + 512) x 2 B = 4,096
 *           B/position (V cached as wide as K) x 4,096 = 16,777,216
 *   total 37,748,736
 */
START_TEST(gemma4_global_shapes)
{
	one_sequence("gemma4-6l.json", 4096);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.kv_heads, 2);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.k_dim, 512);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.v_dim, 512);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 8);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 5 * 8192 + 4096);
	ck_assert_uint_eq(res.kv.bytes, 37748736);
}
END_TEST

/*
 * MiMo-V2 hybrid_layer_pattern [0, 1, 1, 1], K != V:
 *   layer 0 full     4 x (192 + 128) x 2 B = 2,560 B/position
 *   layers 1-3 SWA   8 x (192 + 128) x 2 B = 5,120 B/position, window
 *                    128 (T = 100 is inside it)
 *   (2,560 + 3 x 5,120) x 100 = 17,920 x 100 = 1,792,000
 * moe_layer_freq as a list changes the weights only.
 */
START_TEST(mimo_swa_k_ne_v)
{
	one_sequence("mimo-v2-4l.json", 100);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.v_dim, 128);
	ck_assert_int_eq(kvp_layer_rec(&res, 2)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 2)->spec.window, 128);
	ck_assert_uint_eq(kvp_layer_rec(&res, 2)->spec.kv_heads, 8);
	ck_assert_uint_eq(kvp_layer_rec(&res, 2)->spec.k_dim, 192);
	ck_assert_uint_eq(kvp_layer_rec(&res, 2)->spec.v_dim, 128);
	ck_assert_uint_eq(res.kv.bytes, 1792000);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
}
END_TEST

/*
 * DeepSeek-V3.2 DSA: 61 MLA layers, latent 512 + 64 and an indexer key
 * of 128 per position, f16: (576 + 128) x 2 = 1,408 B per layer and
 * position; 61 x 1,408 = 85,888 B/position; x 4,096 = 351,797,248, of
 * which the indexer 61 x 256 x 4,096 = 63,963,136 (18.2 %).
 */
START_TEST(dsa_indexer)
{
	struct kvp_result r2;

	one_sequence("deepseek-v3.2-exp.json", 4096);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->index_row_bytes, 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 85888);
	ck_assert_uint_eq(res.kv.bytes, 351797248);
	ck_assert_uint_eq(res.kv.index_bytes, 63963136);
	/* vLLM lays it out (test_engine_vllm.c dsa_indexer_v32: 128 + 4 B
	 * of scale per token); so does SGLang (NSATokenToKVPool,
	 * test_engine_ported.c): the latent (512 + 64) x 2 = 1,152 B + the
	 * indexer's 132 B = 1,284 B per layer and token */
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 16ull << 30;
	ck_assert_msg(kvp_compute(&plan, &r2) == KVP_OK, "%s", r2.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&r2, 0)->index_row_bytes, 132);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = 4096;
	plan.devices.n_groups = 0;
	ck_assert_msg(kvp_compute(&plan, &r2) == KVP_OK, "%s", r2.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&r2, 0)->index_row_bytes, 132);
	ck_assert_uint_eq(kvp_layer_rec(&r2, 0)->bytes_per_position, 1284);
}
END_TEST

/*
 * Kimi Linear: KDA layers 1-3 (1-based), MLA layer 4.
 *   MLA  (512 + 64) x 2 B = 1,152 B/position x 4,096 = 4,718,592
 *   KDA  conv (4 - 1) x 3 x 32 x 128 = 36,864 values, ssm 32 x 128 x
 *        128 = 524,288 values, f32: 561,152 x 4 = 2,244,608 B per layer;
 *        3 x 2,244,608 = 6,733,824
 *   total 11,452,416
 */
START_TEST(kimi_linear_kda)
{
	one_sequence("kimi-linear-4l.json", 4096);
	ck_assert_uint_eq(count_kind(KVP_LAYER_NONE), 3);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.state_bytes, 2244608);
	ck_assert_uint_eq(res.kv.bytes, 11452416);
	/* SGLang's Mamba pool under tp 2 (configs/mamba_utils.py
	 * KimiLinearStateShape: heads split evenly): a rank's slot holds
	 * conv 36,864 / 2 = 18,432 bf16 values = 36,864 B and SSM 524,288 /
	 * 2 = 262,144 f32 values = 1,048,576 B a layer; 8 slots + 1 = 9:
	 * 9 x 1,085,440 = 9,768,960 B a layer per rank */
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = 4096;
	plan.engine.sglang.max_mamba_cache_size = 8;
	plan.devices.tp = 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.state_bytes, 1085440);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 9768960);
	/* all ranks: 3 layers x 9,768,960 x 2 */
	ck_assert_uint_eq(res.kv.state_bytes, 3ull * 9768960 * 2);
	/* a tp that does not divide the state: refused */
	plan.devices.tp = 3;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.tp: 3"));
}
END_TEST

/* The hand inputs: recurrent state as components, the last N layers
 * reusing earlier layers' KV. 4 layers of 2 KV heads x (64 + 64), f16
 * = 512 B/position each. */
START_TEST(hand_inputs)
{
	struct kvp_layer_rule *r;

	kvp_plan_default(&plan);
	plan.model.n_layers = 4;
	plan.model.q_heads = 8;
	plan.model.n_rules = 0;
	plan.model.base.kind = KVP_LAYER_FULL;
	plan.model.base.kv_heads = 2;
	plan.model.base.k_dim = plan.model.base.v_dim = 64;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.model.kv_reuse_last = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	/* layers 2, 3 reuse layer 1: 2 x 512 B/position */
	ck_assert_int_eq(kvp_layer_rec(&res, 2)->spec.kind, KVP_LAYER_SHARED);
	ck_assert_uint_eq(kvp_layer_rec(&res, 3)->spec.shared_with, 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	/* N = n_layers: refused by name */
	plan.model.kv_reuse_last = 4;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(strstr(res.error.msg, "model.kv_reuse_last: 4") != NULL);
	/* layer 0 recurrent: 300 conv values f32 + 1,000 ssm values bf16 =
	 * 1,200 + 2,000 = 3,200 B per sequence */
	plan.model.kv_reuse_last = 0;
	r = &plan.model.rules[plan.model.n_rules++];
	memset(r, 0, sizeof *r);
	r->range.first = r->range.last = 0;
	r->range.step = 1;
	r->set = 1u << KVP_LF_KIND;
	r->v.kind = KVP_LAYER_NONE;
	plan.model.recur.conv_values = 300;
	plan.model.recur.conv_dtype = KVP_DT_F32;
	plan.model.recur.ssm_values = 1000;
	plan.model.recur.ssm_dtype = KVP_DT_BF16;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.state_bytes, 3200);
	ck_assert_uint_eq(res.kv.conv_bytes, 1200 * res.kv.sequences);
	ck_assert_uint_eq(res.kv.ssm_bytes, 2000 * res.kv.sequences);
	/* the same state also typed as bytes: refused, one meaning */
	plan.model.base.state_bytes = 999;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(strstr(res.error.msg, "state_bytes: 999") != NULL);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_families");
	TCase *tc = tcase_create("families");

	tcase_add_test(tc, qwen3_next_interval);
	tcase_add_test(tc, nemotron_h_pattern);
	tcase_add_test(tc, nemotron_h_moe_blocks);
	tcase_add_test(tc, vllm_ssm_dtype_from_config);
	tcase_add_test(tc, block_configs);
	tcase_add_test(tc, gemma4_global_shapes);
	tcase_add_test(tc, mimo_swa_k_ne_v);
	tcase_add_test(tc, dsa_indexer);
	tcase_add_test(tc, kimi_linear_kda);
	tcase_add_test(tc, hand_inputs);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
