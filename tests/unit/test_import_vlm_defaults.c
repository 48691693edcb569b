/*
 * test_import_vlm_defaults.c - a VLM's text model whose text_config
 * leaves out keys equal to its configuration class's defaults
 * (transformers saves a composite config's sub-config as its difference
 * from the class defaults: PretrainedConfig.to_diff_dict), filled from
 * the rows of src/io/hf/hf_text_defaults.c (issue 35v). Each config is
 * minimal and hand-written with the shapes of the public checkpoint
 * named (not a verbatim Hub file), with the keys its class defaults
 * hold left out; sized for ONE sequence of T positions, f16 cache,
 * generic dynamic strategy (one_sequence.h), the bytes worked by hand
 * in the comment above each.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "core/engines/vllm/vllm_profile.h"
#include "inline_import.h"

/*
 * Qwen3.5-27B's shapes (Qwen/Qwen3.5-27B config.json: text_config
 * qwen3_5_text, 64 layers, hidden 5,120, 24 heads, 4 KV heads, head_dim
 * 256, full_attention_interval 4, linear_num_key_heads 16,
 * linear_num_value_heads 48, linear key and value head dims 128,
 * linear_conv_kernel_dim 4) with every key equal to Qwen3_5TextConfig's
 * default left out: head_dim (256, not 5,120 / 24), the four linear
 * keys (else refused) and the interval. Full layers 4, 8, ..., 64: 16 x
 * 4 x (256 + 256) x 2 B = 65,536 B/position. Each of the 48 DeltaNet
 * layers: conv state (4 - 1) x (2 x 16 x 128 + 48 x 128) = 3 x 10,240 =
 * 30,720 values, SSM state 48 x 128 x 128 = 786,432 values.
 */
START_TEST(qwen35_linear_defaults)
{
	sized("{\"architectures\":[\"Qwen3_5ForConditionalGeneration\"],"
	      "\"model_type\":\"qwen3_5\",\"text_config\":{\"model_type\":"
	      "\"qwen3_5_text\",\"hidden_size\":5120,\"intermediate_size\":"
	      "17408,\"num_attention_heads\":24,\"num_hidden_layers\":64,"
	      "\"linear_num_value_heads\":48,\"max_position_embeddings\":"
	      "262144},\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(plan.model.recur.conv_values, 30720);
	ck_assert_uint_eq(plan.model.recur.ssm_values, 786432);
	ck_assert_uint_eq(res.kv.bytes_per_position, 65536);
	/* a text_config naming no model_type: Qwen3_5Config's fixed text
	 * class, qwen3_5_text, and its defaults: the same bytes */
	sized("{\"architectures\":[\"Qwen3_5ForConditionalGeneration\"],"
	      "\"model_type\":\"qwen3_5\",\"text_config\":{"
	      "\"hidden_size\":5120,\"intermediate_size\":17408,"
	      "\"num_attention_heads\":24,\"num_hidden_layers\":64,"
	      "\"linear_num_value_heads\":48,\"max_position_embeddings\":"
	      "262144},\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3_5_text");
	ck_assert_uint_eq(plan.model.recur.ssm_values, 786432);
	ck_assert_uint_eq(res.kv.bytes_per_position, 65536);
}
END_TEST

/*
 * Kimi-VL-A3B's text model (moonshotai/Kimi-VL-A3B-Instruct: text_config
 * deepseek_v3, 27 layers, hidden 2,048, 16 heads, kv_lora_rank 512,
 * qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128) with the
 * four MLA keys, DeepseekV3Config's defaults, left out: MLA, not 16 KV
 * heads of 128. Each layer caches the latent and the rotary key,
 * (512 + 64) x 2 B = 1,152 B; 27 layers: 31,104 B/position (as GQA it
 * would be 27 x 16 x 256 x 2 = 221,184).
 */
START_TEST(kimi_vl_mla_defaults)
{
	sized("{\"architectures\":[\"KimiVLForConditionalGeneration\"],"
	      "\"model_type\":\"kimi_vl\",\"text_config\":{\"model_type\":"
	      "\"deepseek_v3\",\"hidden_size\":2048,\"intermediate_size\":"
	      "11264,\"moe_intermediate_size\":1408,\"num_attention_heads\":"
	      "16,\"num_key_value_heads\":16,\"num_hidden_layers\":27,"
	      "\"n_routed_experts\":64,\"n_shared_experts\":2,"
	      "\"first_k_dense_replace\":1,\"num_experts_per_tok\":6,"
	      "\"q_lora_rank\":null,\"vocab_size\":163840,"
	      "\"max_position_embeddings\":131072},"
	      "\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_int_eq(plan.model.base.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(plan.model.mla.kv_lora_rank, 512);
	ck_assert_uint_eq(res.kv.bytes_per_position, 31104);
}
END_TEST

/*
 * KV heads a text_config leaves out where the class default is GQA, not
 * MHA: GLM-4.1V-9B (zai-org/GLM-4.1V-9B-Thinking: glm4v_text, 40 layers,
 * hidden 4,096, 32 heads, 2 KV heads, Glm4vTextConfig's default): 40 x
 * 2 x (128 + 128) x 2 B = 40,960 B/position (MHA would be 655,360).
 * GLM-4.5V (zai-org/GLM-4.5V: glm4v_moe_text, 46 layers, 96 heads,
 * head_dim 128, 8 KV heads, Glm4vMoeTextConfig's default): 46 x 8 x 256
 * x 2 = 188,416. Intern-S1 (internlm/Intern-S1: qwen3_moe, 94 layers,
 * 64 heads, head_dim 128, 4 KV heads, Qwen3MoeConfig's default): 94 x 4
 * x 256 x 2 = 192,512. Qwen3-Omni-30B-A3B's thinker (Qwen/Qwen3-Omni-30B-
 * A3B-Instruct: qwen3_omni_moe_text, 48 layers, 32 heads, head_dim 128,
 * 4 KV heads, Qwen3OmniMoeTextConfig's default): 48 x 4 x 256 x 2 =
 * 98,304 (MHA would be 786,432).
 */
START_TEST(glm_interns1_kv_defaults)
{
	sized("{\"architectures\":[\"Glm4vForConditionalGeneration\"],"
	      "\"model_type\":\"glm4v\",\"text_config\":{\"model_type\":"
	      "\"glm4v_text\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	      "\"num_hidden_layers\":40,\"intermediate_size\":13696,"
	      "\"vocab_size\":151552,\"max_position_embeddings\":65536}}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 2);
	ck_assert_uint_eq(res.kv.bytes_per_position, 40960);
	sized("{\"architectures\":[\"Glm4vMoeForConditionalGeneration\"],"
	      "\"model_type\":\"glm4v_moe\",\"text_config\":{\"model_type\":"
	      "\"glm4v_moe_text\",\"hidden_size\":4096,\"head_dim\":128,"
	      "\"num_attention_heads\":96,\"num_hidden_layers\":46,"
	      "\"vocab_size\":151552}}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 8);
	ck_assert_uint_eq(res.kv.bytes_per_position, 188416);
	sized("{\"architectures\":[\"InternS1ForConditionalGeneration\"],"
	      "\"model_type\":\"interns1\",\"text_config\":{\"model_type\":"
	      "\"qwen3_moe\",\"hidden_size\":4096,\"head_dim\":128,"
	      "\"num_attention_heads\":64,\"num_hidden_layers\":94,"
	      "\"moe_intermediate_size\":1536,\"num_experts\":128,"
	      "\"vocab_size\":153216}}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes_per_position, 192512);
	sized("{\"architectures\":[\"Qwen3OmniMoeForConditionalGeneration\"],"
	      "\"model_type\":\"qwen3_omni_moe\",\"thinker_config\":{"
	      "\"model_type\":\"qwen3_omni_moe_thinker\",\"text_config\":{"
	      "\"model_type\":\"qwen3_omni_moe_text\",\"head_dim\":128,"
	      "\"hidden_size\":2048,\"num_attention_heads\":32,"
	      "\"num_hidden_layers\":48,\"moe_intermediate_size\":768,"
	      "\"num_experts\":128,\"vocab_size\":152064}}}", 16);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes_per_position, 98304);
}
END_TEST

/*
 * Sizes a text_config leaves out where they equal the class's: Llama 4
 * Scout (meta-llama/Llama-4-Scout-17B-16E-Instruct: llama4_text, 48
 * layers, hidden 5,120, 40 heads, 8 KV heads, head_dim 128: all
 * Llama4TextConfig's defaults): 48 x 8 x (128 + 128) x 2 B = 196,608
 * B/position at 16 positions (inside the 8,192 chunk). Qwen3-VL-30B-A3B
 * (Qwen/Qwen3-VL-30B-A3B-Instruct: qwen3_vl_moe_text, hidden 2,048 and
 * vocab 151,936 Qwen3VLMoeTextConfig's, 48 layers, 32 heads, 4 KV heads,
 * head_dim 128): 48 x 4 x 256 x 2 = 98,304.
 */
START_TEST(llama4_qwen3vl_moe_sizes)
{
	sized("{\"architectures\":[\"Llama4ForConditionalGeneration\"],"
	      "\"model_type\":\"llama4\",\"text_config\":{\"model_type\":"
	      "\"llama4_text\",\"attention_chunk_size\":8192,"
	      "\"interleave_moe_layer_step\":1,\"num_local_experts\":16,"
	      "\"max_position_embeddings\":10485760,"
	      "\"intermediate_size_mlp\":16384}}", 16);
	ck_assert_uint_eq(plan.model.n_layers, 48);
	ck_assert_uint_eq(plan.model.base.k_dim, 128);
	ck_assert_uint_eq(res.kv.bytes_per_position, 196608);
	sized("{\"architectures\":[\"Qwen3VLMoeForConditionalGeneration\"],"
	      "\"model_type\":\"qwen3_vl_moe\",\"text_config\":{"
	      "\"model_type\":\"qwen3_vl_moe_text\",\"head_dim\":128,"
	      "\"num_attention_heads\":32,\"num_key_value_heads\":4,"
	      "\"num_hidden_layers\":48,\"moe_intermediate_size\":768,"
	      "\"num_experts\":128,\"num_experts_per_tok\":8,"
	      "\"intermediate_size\":6144,\"max_position_embeddings\":262144}}",
	      16);
	ck_assert_uint_eq(plan.model.arch.hidden, 2048);
	ck_assert_uint_eq(res.kv.bytes_per_position, 98304);
}
END_TEST

/*
 * Keye-VL 1.5 (Kwai-Keye/Keye-VL-1_5-8B: model_type KeyeVL1_5, a flat
 * config of its Qwen3-8B language model; vLLM keye_vl1_5.py runs
 * Qwen3ForCausalLM on it): 36 layers x 8 KV heads x (128 + 128) x 2 B
 * = 147,456 B/position, every layer full (use_sliding_window false).
 */
START_TEST(keye_vl_1_5)
{
	sized("{\"architectures\":[\"KeyeVL1_5ForConditionalGeneration\"],"
	      "\"model_type\":\"KeyeVL1_5\",\"hidden_size\":4096,"
	      "\"head_dim\":128,\"num_attention_heads\":32,"
	      "\"num_key_value_heads\":8,\"num_hidden_layers\":36,"
	      "\"intermediate_size\":12288,\"vocab_size\":151936,"
	      "\"max_position_embeddings\":131072,\"sliding_window\":null,"
	      "\"use_sliding_window\":false,\"vision_config\":{"
	      "\"model_type\":\"siglip_vision_model\"}}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 147456);
}
END_TEST

/*
 * Intern-S1-Pro (internlm/Intern-S1-Pro's config: interns1_pro, its
 * text_config interns1_pro_text, 94 layers, 64 heads, 4 KV heads,
 * head_dim 128, FoPE keys in rope_scaling; vLLM interns1_pro.py runs
 * every layer full): 94 x 4 x (128 + 128) x 2 B = 192,512 B/position.
 * Without text_config vLLM has no text model to build: refused.
 */
START_TEST(interns1_pro)
{
	sized("{\"architectures\":[\"InternS1ProForConditionalGeneration\"],"
	      "\"model_type\":\"interns1_pro\",\"text_config\":{"
	      "\"model_type\":\"interns1_pro_text\",\"head_dim\":128,"
	      "\"hidden_size\":4096,\"intermediate_size\":12288,"
	      "\"num_attention_heads\":64,\"num_key_value_heads\":4,"
	      "\"num_hidden_layers\":94,\"num_experts\":512,"
	      "\"num_experts_per_tok\":8,\"moe_intermediate_size\":1536,"
	      "\"decoder_sparse_step\":1,\"mlp_only_layers\":[],"
	      "\"router_n_groups\":8,\"rope_theta\":5000000,"
	      "\"rope_scaling\":{\"rope_type\":\"default\","
	      "\"fope_init_factor\":0.5,\"fope_sep_head\":true,"
	      "\"num_inv_freq\":null},\"max_position_embeddings\":262144,"
	      "\"vocab_size\":155008},\"tie_word_embeddings\":false}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 192512);
	refused("{\"architectures\":[\"InternS1ProForConditionalGeneration\"],"
	        "\"model_type\":\"interns1_pro\",\"hidden_size\":4096,"
	        "\"num_attention_heads\":64,\"num_key_value_heads\":4,"
	        "\"num_hidden_layers\":94}", "text_config");
}
END_TEST

/*
 * Gemma 4 (google/gemma-4-31B-it's layout: layer_types five sliding to
 * one full, 16 KV heads of 256 on sliding layers, attention_k_eq_v with
 * 4 global KV heads on full ones, global_head_dim 512, the class's
 * default) in six layers, the text_config leaving global_head_dim out:
 * a full layer keeps 4 x (512 + 512) x 2 B = 8,192 B/position, not
 * head_dim's 4,096; a sliding one 16 x (256 + 256) x 2 = 16,384. At 16
 * positions (inside the 1,024 window): 5 x 16,384 + 8,192 = 90,112
 * B/position. A text_config in the later transformers form, the full
 * layers' head_dim and KV heads in per_layer_config (configuration_
 * gemma4.py @008e5743), is refused naming it, not read as head_dim.
 */
#define G4_LT "\"layer_types\":[\"sliding_attention\",\"sliding_attention\"," \
	"\"sliding_attention\",\"sliding_attention\",\"sliding_attention\"," \
	"\"full_attention\"]"

START_TEST(gemma4_global_head_dim)
{
	sized("{\"architectures\":[\"Gemma4ForConditionalGeneration\"],"
	      "\"model_type\":\"gemma4\",\"text_config\":{\"model_type\":"
	      "\"gemma4_text\",\"hidden_size\":5376,\"num_attention_heads\":"
	      "32,\"num_key_value_heads\":16,\"head_dim\":256,"
	      "\"num_hidden_layers\":6,\"sliding_window\":1024," G4_LT ","
	      "\"attention_k_eq_v\":true,\"num_global_key_value_heads\":4,"
	      "\"vocab_size\":262144}}", 16);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.k_dim, 512);
	ck_assert_uint_eq(res.kv.bytes_per_position, 90112);
	/* Gemma 4 12B Unified (gemma4_unified, text_config gemma4_unified_
	 * text: vLLM gemma4_unified.py runs gemma4.py's text model on it):
	 * the same layout, the same bytes; and vLLM's two rotary tables of
	 * gemma4.py (its sliding layers' 262,144 x 256 x 2 B = 134,217,728
	 * and its full layers' 262,144 x 512 x 2 B = 268,435,456:
	 * 402,653,184), not one */
	sized("{\"architectures\":[\"Gemma4UnifiedForConditionalGeneration\"],"
	      "\"model_type\":\"gemma4_unified\",\"text_config\":{"
	      "\"model_type\":\"gemma4_unified_text\",\"hidden_size\":5376,"
	      "\"num_attention_heads\":32,\"num_key_value_heads\":16,"
	      "\"head_dim\":256,\"num_hidden_layers\":6,"
	      "\"sliding_window\":1024," G4_LT ",\"attention_k_eq_v\":true,"
	      "\"num_global_key_value_heads\":4,\"vocab_size\":262144,"
	      "\"max_position_embeddings\":262144}}", 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 90112);
	ck_assert_uint_eq(kvp_vllm_rope_bytes(&plan), 402653184ull);
	refused("{\"architectures\":[\"Gemma4ForConditionalGeneration\"],"
	        "\"model_type\":\"gemma4\",\"text_config\":{\"model_type\":"
	        "\"gemma4_text\",\"hidden_size\":5376,\"num_attention_heads\":"
	        "32,\"num_key_value_heads\":16,\"head_dim\":256,"
	        "\"num_hidden_layers\":6,\"sliding_window\":1024," G4_LT ","
	        "\"attention_k_eq_v\":true,\"per_layer_config\":{\"5\":{"
	        "\"head_dim\":512,\"num_key_value_heads\":4}}}}",
	        "per_layer_config");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_vlm_defaults");
	TCase *tc = tcase_create("vlm_defaults");

	tcase_add_test(tc, qwen35_linear_defaults);
	tcase_add_test(tc, kimi_vl_mla_defaults);
	tcase_add_test(tc, glm_interns1_kv_defaults);
	tcase_add_test(tc, llama4_qwen3vl_moe_sizes);
	tcase_add_test(tc, keye_vl_1_5);
	tcase_add_test(tc, interns1_pro);
	tcase_add_test(tc, gemma4_global_head_dim);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
