/*
 * test_import_sweep.c - the rows issue 35's registry sweep added to the
 * family table (src/io/hf/hf_family.c, "the registry sweep"), each sized
 * for ONE sequence of T positions, f16 cache, generic dynamic strategy
 * (one_sequence.h). The configs are minimal ones written from each
 * model's configuration class with the shapes of its public checkpoint
 * (not verbatim Hub files); the bytes are worked by hand per layer kind
 * in the comment above each, from the engine code the row cites.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "inline_import.h"

/*
 * Qwen3-Omni-30B-A3B (qwen3_omni_moe; vLLM qwen3_omni_moe_thinker.py
 * serves the thinker, its language model from thinker_config.text_config;
 * the talker's text_config and code2wav's sliding_window are not read):
 * 48 layers x 4 KV heads x (128 + 128) x 2 B = 98,304 B/position, x
 * 4,096 = 402,653,184.
 */
START_TEST(qwen3_omni)
{
	static const char text[] = "{\"architectures\":["
		"\"Qwen3OmniMoeForConditionalGeneration\"],\"model_type\":"
		"\"qwen3_omni_moe\",\"dtype\":\"bfloat16\",\"talker_config\":{"
		"\"text_config\":{\"model_type\":\"qwen3_omni_moe_talker_text\","
		"\"num_hidden_layers\":20,\"num_key_value_heads\":2}},"
		"\"code2wav_config\":{\"sliding_window\":72},\"thinker_config\":{"
		"\"model_type\":\"qwen3_omni_moe_thinker\",\"text_config\":{"
		"\"model_type\":\"qwen3_omni_moe_text\",\"head_dim\":128,"
		"\"hidden_size\":2048,\"intermediate_size\":768,"
		"\"max_position_embeddings\":65536,\"moe_intermediate_size\":768,"
		"\"num_attention_heads\":32,\"num_experts\":128,"
		"\"num_experts_per_tok\":8,\"num_hidden_layers\":48,"
		"\"num_key_value_heads\":4,\"sliding_window\":null,"
		"\"use_sliding_window\":false,\"vocab_size\":152064,"
		"\"rope_parameters\":{\"mrope_section\":[24,20,20],"
		"\"rope_theta\":1000000,\"rope_type\":\"default\"}}}}";

	sized(text, 4096);
	ck_assert_str_eq(plan.model.model_type, "qwen3_omni_moe_text");
	ck_assert_uint_eq(res.kv.bytes_per_position, 98304);
	ck_assert_uint_eq(res.kv.bytes, 402653184ull);
}
END_TEST

/*
 * Qwen2.5-Omni-7B (qwen2_5_omni; vLLM qwen2_5_omni_thinker.py, Qwen2Model
 * on thinker_config.text_config, which names no model_type here: the
 * wrapper's row, Qwen2_5OmniTextConfig's qwen2 rules): use_sliding_window
 * false, every layer full: 28 layers x 4 KV heads x (3,584 / 28 = 128 +
 * 128) x 2 B = 57,344 B/position, x 4,096 = 234,881,024. A thinker_config
 * without its text_config is refused naming it.
 */
START_TEST(qwen25_omni)
{
	static const char text[] = "{\"architectures\":[\"Qwen2_5OmniModel\"],"
		"\"model_type\":\"qwen2_5_omni\",\"torch_dtype\":\"bfloat16\","
		"\"talker_config\":{\"model_type\":\"qwen2_5_omni_talker\","
		"\"num_hidden_layers\":24},\"thinker_config\":{\"model_type\":"
		"\"qwen2_5_omni_thinker\",\"text_config\":{\"hidden_size\":3584,"
		"\"intermediate_size\":18944,\"max_position_embeddings\":32768,"
		"\"max_window_layers\":28,\"num_attention_heads\":28,"
		"\"num_hidden_layers\":28,\"num_key_value_heads\":4,"
		"\"sliding_window\":32768,\"use_sliding_window\":false,"
		"\"vocab_size\":152064}}}";

	sized(text, 4096);
	ck_assert_str_eq(plan.model.model_type, "qwen2_5_omni");
	ck_assert_int_eq(kvp_layer_rec(&res, 27)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 57344);
	ck_assert_uint_eq(res.kv.bytes, 234881024ull);
	refused("{\"model_type\":\"qwen2_5_omni\",\"thinker_config\":{"
	        "\"model_type\":\"qwen2_5_omni_thinker\"}}",
	        "thinker_config.text_config");
}
END_TEST

/* One flat config: the plain shape of a row, bytes per position. */
struct flat {
	const char *text;
	uint64_t per_position;
};

/*
 * Flat configs of the rows (every layer full attention, K and V of
 * head_dim, else hidden / heads):
 *   minicpmv (MiniCPM-V 2.6, qwen2 on the flat config, use_sliding_window
 *     false): 28 x 4 x (128 + 128) x 2 = 57,344
 *   minicpmo (MiniCPM-o 2.6, the same LLM): 57,344
 *   phi4mm (Phi-4-multimodal: sliding_window 262,144 unused, full_attn_mod
 *     1): 32 x 8 x (3,072 / 24 = 128 + 128) x 2 = 131,072
 *   phi3_v (Phi-3.5-vision: 32 KV heads): 32 x 32 x (3,072 / 32 = 96 +
 *     96) x 2 = 393,216
 *   dots_ocr (dots.ocr): 28 x 2 x (1,536 / 12 = 128 + 128) x 2 = 28,672
 *   molmo (Molmo-7B-D): 28 x 4 x (3,584 / 28 = 128 + 128) x 2 = 57,344
 *   molmo without num_key_value_heads (MolmoAttention: the heads):
 *     2 x 4 x (256 / 4 = 64 + 64) x 2 = 2,048
 *   ernie4_5_moe_vl (ERNIE-4.5-VL-28B-A3B): 28 x 4 x (128 + 128) x 2 =
 *     57,344
 *   paddleocr_vl (PaddleOCR-VL, ernie4_5 flat): 18 x 2 x (128 + 128) x 2
 *     = 18,432
 *   arctic (Snowflake Arctic): 35 x 8 x (7,168 / 56 = 128 + 128) x 2 =
 *     143,360
 *   chameleon (Chameleon-7B, MHA by key): 32 x 32 x (4,096 / 32 = 128 +
 *     128) x 2 = 524,288
 *   aria (Aria: text_config aria_text): 28 x 20 x (2,560 / 20 = 128 + 128)
 *     x 2 = 286,720
 *   hyperclovax (GraniteConfig layers, head_dim given): 2 x 2 x (128 +
 *     128) x 2 = 2,048
 *   glm_ocr (GLM-OCR: text_config glm_ocr_text, GlmOcrTextConfig's
 *     shapes): 16 x 8 x (1,024 / 16 = 64 + 64) x 2 = 32,768
 *   hunyuan_vl (HunyuanOCR's flat config, head_dim 128, rope "xdrope"
 *     angles only): 24 x 8 x (128 + 128) x 2 = 98,304
 *   molmo2 (Molmo2-8B: text_config molmo2_text, Molmo2TextConfig's
 *     shapes): 36 x 8 x (128 + 128) x 2 = 147,456
 */
static const struct flat flats[] = {
	{ "{\"architectures\":[\"MiniCPMV\"],\"model_type\":\"minicpmv\","
	  "\"version\":2.6,\"hidden_size\":3584,\"num_attention_heads\":28,"
	  "\"num_hidden_layers\":28,\"num_key_value_heads\":4,"
	  "\"use_sliding_window\":false,\"sliding_window\":131072,"
	  "\"max_window_layers\":28,\"vocab_size\":151666,"
	  "\"intermediate_size\":18944,\"query_num\":64}", 57344 },
	{ "{\"architectures\":[\"MiniCPMO\"],\"model_type\":\"minicpmo\","
	  "\"hidden_size\":3584,\"num_attention_heads\":28,"
	  "\"num_hidden_layers\":28,\"num_key_value_heads\":4,"
	  "\"use_sliding_window\":false,\"vocab_size\":151700}", 57344 },
	{ "{\"architectures\":[\"Phi4MMForCausalLM\"],\"model_type\":\"phi4mm\","
	  "\"hidden_size\":3072,\"num_attention_heads\":24,"
	  "\"num_hidden_layers\":32,\"num_key_value_heads\":8,"
	  "\"sliding_window\":262144,\"full_attn_mod\":1,"
	  "\"partial_rotary_factor\":0.75,\"vocab_size\":200064}", 131072 },
	{ "{\"architectures\":[\"Phi3VForCausalLM\"],\"model_type\":\"phi3_v\","
	  "\"hidden_size\":3072,\"num_attention_heads\":32,"
	  "\"num_hidden_layers\":32,\"num_key_value_heads\":32,"
	  "\"sliding_window\":262144,\"vocab_size\":32064}", 393216 },
	{ "{\"architectures\":[\"DotsOCRForCausalLM\"],\"model_type\":"
	  "\"dots_ocr\",\"hidden_size\":1536,\"num_attention_heads\":12,"
	  "\"num_hidden_layers\":28,\"num_key_value_heads\":2,"
	  "\"use_sliding_window\":false,\"max_window_layers\":28,"
	  "\"sliding_window\":131072,\"vocab_size\":151936}", 28672 },
	{ "{\"architectures\":[\"MolmoForCausalLM\"],\"model_type\":\"molmo\","
	  "\"hidden_size\":3584,\"num_attention_heads\":28,"
	  "\"num_hidden_layers\":28,\"num_key_value_heads\":4,"
	  "\"intermediate_size\":37888,\"qkv_bias\":true,"
	  "\"vocab_size\":152064}", 57344 },
	{ "{\"model_type\":\"molmo\",\"hidden_size\":256,"
	  "\"num_attention_heads\":4,\"num_hidden_layers\":2,"
	  "\"vocab_size\":1000}", 2048 },
	{ "{\"architectures\":[\"Ernie4_5_VLMoeForConditionalGeneration\"],"
	  "\"model_type\":\"ernie4_5_moe_vl\",\"hidden_size\":2560,"
	  "\"num_attention_heads\":20,\"num_hidden_layers\":28,"
	  "\"num_key_value_heads\":4,\"head_dim\":128,"
	  "\"vocab_size\":103424}", 57344 },
	{ "{\"architectures\":[\"PaddleOCRVLForConditionalGeneration\"],"
	  "\"model_type\":\"paddleocr_vl\",\"hidden_size\":1024,"
	  "\"num_attention_heads\":16,\"num_hidden_layers\":18,"
	  "\"num_key_value_heads\":2,\"head_dim\":128,"
	  "\"vocab_size\":103424}", 18432 },
	{ "{\"architectures\":[\"ArcticForCausalLM\"],\"model_type\":\"arctic\","
	  "\"hidden_size\":7168,\"num_attention_heads\":56,"
	  "\"num_hidden_layers\":35,\"num_key_value_heads\":8,"
	  "\"num_local_experts\":128,\"vocab_size\":32000}", 143360 },
	{ "{\"architectures\":[\"ChameleonForConditionalGeneration\"],"
	  "\"model_type\":\"chameleon\",\"hidden_size\":4096,"
	  "\"num_attention_heads\":32,\"num_hidden_layers\":32,"
	  "\"num_key_value_heads\":32,\"vocab_size\":65536}", 524288 },
	{ "{\"architectures\":[\"AriaForConditionalGeneration\"],"
	  "\"model_type\":\"aria\",\"text_config\":{\"model_type\":"
	  "\"aria_text\",\"hidden_size\":2560,\"num_attention_heads\":20,"
	  "\"num_hidden_layers\":28,\"num_key_value_heads\":20,"
	  "\"vocab_size\":100352}}", 286720 },
	{ "{\"architectures\":[\"HyperCLOVAXForCausalLM\"],\"model_type\":"
	  "\"hyperclovax\",\"hidden_size\":1024,\"num_attention_heads\":16,"
	  "\"num_hidden_layers\":2,\"num_key_value_heads\":2,"
	  "\"head_dim\":128,\"attention_multiplier\":0.0078125,"
	  "\"embedding_multiplier\":1.0,\"vocab_size\":1000}", 2048 },
	{ "{\"architectures\":[\"GlmOcrForConditionalGeneration\"],"
	  "\"model_type\":\"glm_ocr\",\"text_config\":{\"model_type\":"
	  "\"glm_ocr_text\",\"vocab_size\":59392,\"hidden_size\":1024,"
	  "\"intermediate_size\":4096,\"num_hidden_layers\":16,"
	  "\"num_attention_heads\":16,\"num_key_value_heads\":8,"
	  "\"max_position_embeddings\":131072,\"rope_parameters\":{"
	  "\"rope_type\":\"default\",\"mrope_section\":[8,12,12],"
	  "\"partial_rotary_factor\":0.5}}}", 32768 },
	{ "{\"architectures\":[\"HunYuanVLForConditionalGeneration\"],"
	  "\"model_type\":\"hunyuan_vl\",\"attention_head_dim\":128,"
	  "\"head_dim\":128,\"hidden_size\":1024,\"intermediate_size\":3584,"
	  "\"num_attention_heads\":16,\"num_key_value_heads\":8,"
	  "\"num_hidden_layers\":24,\"vocab_size\":120818,"
	  "\"rope_scaling\":{\"alpha\":1000.0,\"factor\":1.0,"
	  "\"type\":\"xdrope\",\"xdrope_section\":[16,16,16,16]},"
	  "\"use_qk_norm\":true,\"use_cla\":false}", 98304 },
	{ "{\"architectures\":[\"Molmo2ForConditionalGeneration\"],"
	  "\"model_type\":\"molmo2\",\"text_config\":{\"model_type\":"
	  "\"molmo2_text\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	  "\"num_key_value_heads\":8,\"head_dim\":128,\"vocab_size\":151936,"
	  "\"additional_vocab_size\":128,\"qk_norm_type\":\"qwen3\","
	  "\"num_hidden_layers\":36,\"intermediate_size\":12288,"
	  "\"max_position_embeddings\":36864,\"rope_scaling_layers\":null}}",
	  147456 },
};

START_TEST(flat_rows)
{
	size_t i;

	for (i = 0; i < sizeof flats / sizeof flats[0]; i++) {
		sized(flats[i].text, 1024);
		ck_assert_msg(res.kv.bytes_per_position == flats[i].per_position,
		              "%s: %llu B/position", plan.model.model_type,
		              (unsigned long long)res.kv.bytes_per_position);
		ck_assert_uint_eq(res.kv.bytes, flats[i].per_position * 1024);
	}
}
END_TEST

/*
 * Molmo (vLLM molmo.py MolmoMLP): intermediate_size is both gated halves,
 * the MLP's width intermediate_size // 2 = 37,888 / 2 = 18,944.
 */
START_TEST(molmo_mlp)
{
	sized(flats[5].text, 16);
	ck_assert_uint_eq(plan.model.arch.intermediate, 18944);
}
END_TEST

/*
 * CWM (vLLM llama.py: layer_types, sliding_window on the
 * sliding_attention layers). 4 layers, 2 KV heads of 64: 2 x (64 + 64) x
 * 2 B = 512 B a layer and position; window 8, 16 positions: layers 0-2
 * sliding 3 x 512 x 8 = 12,288, layer 3 full 512 x 16 = 8,192: 20,480.
 */
START_TEST(cwm)
{
	static const char text[] = "{\"architectures\":[\"CwmForCausalLM\"],"
		"\"model_type\":\"cwm\",\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_hidden_layers\":4,"
		"\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
		"\"sliding_window\":8,\"layer_types\":[\"sliding_attention\","
		"\"sliding_attention\",\"sliding_attention\",\"full_attention\"]}";

	sized(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes, 20480);
}
END_TEST

/*
 * Command A Plus (cohere2_moe; vLLM cohere2_moe.py @055e47c2: layer_types
 * decides, a sliding layer's window is sliding_window + 1). 4 layers, 2
 * KV heads of 64: 512 B a layer and position; sliding_window 7, so 8
 * positions kept; 16 positions: layers 0-2 3 x 512 x 8 = 12,288, layer 3
 * 512 x 16 = 8,192: 20,480. Without layer_types: refused naming it.
 */
START_TEST(cohere2_moe)
{
	static const char text[] = "{\"architectures\":["
		"\"Cohere2MoeForCausalLM\"],\"model_type\":\"cohere2_moe\","
		"\"hidden_size\":256,\"num_attention_heads\":4,"
		"\"num_hidden_layers\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,\"sliding_window\":7,"
		"\"sliding_window_pattern\":4,"
		"\"prefix_dense_sliding_window_pattern\":1,"
		"\"first_k_dense_replace\":1,\"mlp_layer_types\":[\"dense\","
		"\"sparse\",\"sparse\",\"sparse\"],\"layer_types\":["
		"\"sliding_attention\",\"sliding_attention\","
		"\"sliding_attention\",\"full_attention\"],\"num_experts\":8,"
		"\"num_experts_per_tok\":2,\"intermediate_size\":512}";

	sized(text, 16);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.window, 8);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
	ck_assert(plan.model.arch.tie_embeddings);
	ck_assert_uint_eq(res.kv.bytes, 20480);
	refused("{\"model_type\":\"cohere2_moe\",\"hidden_size\":256,"
	        "\"num_attention_heads\":4,\"num_hidden_layers\":4,"
	        "\"num_key_value_heads\":2,\"sliding_window\":7,"
	        "\"sliding_window_pattern\":4}", "layer_types");
}
END_TEST

/*
 * K-EXAONE (exaone_moe; vLLM exaone_moe.py @055e47c2), the shapes of
 * TensorRT-LLM's test config (EXAONE_MOE_CONFIG: 4 layers "LLLG", 8 KV
 * heads of 128, sliding_window 4): 8 x (128 + 128) x 2 = 4,096 B a layer
 * and position; 16 positions: layers 0-2 3 x 4,096 x 4 = 49,152, layer 3
 * 4,096 x 16 = 65,536: 114,688. With sliding_windows [2,3,4,4] the
 * sliding layers keep 2, 3 and 4: 4,096 x 9 = 36,864 + 65,536 = 102,400.
 */
#define EXAONE_MOE(extra) "{\"architectures\":[\"ExaoneMoEForCausalLM\"]," \
	"\"model_type\":\"exaone_moe\",\"head_dim\":128,\"hidden_size\":6144," \
	"\"intermediate_size\":18432,\"is_moe_layer\":[false,true,true,true]," \
	"\"first_last_k_dense_replace\":1,\"layer_types\":[" \
	"\"sliding_attention\",\"sliding_attention\",\"sliding_attention\"," \
	"\"full_attention\"],\"max_position_embeddings\":262144," \
	"\"moe_intermediate_size\":2048,\"num_attention_heads\":64," \
	"\"num_experts\":128,\"num_experts_per_tok\":8," \
	"\"num_hidden_layers\":4,\"num_key_value_heads\":8," \
	"\"num_shared_experts\":1,\"sliding_window\":4," \
	"\"sliding_window_pattern\":\"LLLG\",\"vocab_size\":153600" extra "}"

START_TEST(exaone_moe)
{
	sized(EXAONE_MOE(""), 16);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.window, 4);
	ck_assert_uint_eq(res.kv.bytes, 114688);
	sized(EXAONE_MOE(",\"sliding_windows\":[2,3,4,4]"), 16);
	ck_assert_uint_eq(res.kv.bytes, 102400);
	refused(EXAONE_MOE(",\"sliding_windows\":[2,3]"), "sliding_windows");
}
END_TEST

/*
 * LLaVA-1.5-7B (llava-hf/llava-1.5-7b-hf's config.json, as public repos
 * vendor it, e.g. lite_llama's test_llava_config): its text_config names
 * only max_position_embeddings, vocab_size and rms_norm_eps. transformers
 * saved it without LlamaConfig's defaults, and LlavaConfig rebuilds
 * them: 32 layers, hidden 4,096, 32 heads, num_key_value_heads None = 32,
 * intermediate 11,008. 32 x 32 x (4,096 / 32 = 128 + 128) x 2 B =
 * 524,288 B/position, x 4,096 = 2,147,483,648.
 */
START_TEST(llava_defaults)
{
	static const char text[] = "{\"architectures\":["
		"\"LlavaForConditionalGeneration\"],\"ignore_index\":-100,"
		"\"image_token_index\":32000,\"model_type\":\"llava\","
		"\"pad_token_id\":32001,\"projector_hidden_act\":\"gelu\","
		"\"text_config\":{\"_name_or_path\":\"lmsys/vicuna-7b-v1.5\","
		"\"architectures\":[\"LlamaForCausalLM\"],"
		"\"max_position_embeddings\":4096,\"model_type\":\"llama\","
		"\"rms_norm_eps\":1e-05,\"torch_dtype\":\"float16\","
		"\"vocab_size\":32064},\"tie_word_embeddings\":false,"
		"\"torch_dtype\":\"float16\",\"transformers_version\":"
		"\"4.36.0.dev0\",\"vision_config\":{\"hidden_size\":1024,"
		"\"image_size\":336,\"intermediate_size\":4096,\"model_type\":"
		"\"clip_vision_model\",\"num_attention_heads\":16,"
		"\"num_hidden_layers\":24,\"patch_size\":14,"
		"\"projection_dim\":768,\"vocab_size\":32000},"
		"\"vision_feature_layer\":-2,\"vision_feature_select_strategy\":"
		"\"default\",\"vocab_size\":32064}";

	sized(text, 4096);
	ck_assert_uint_eq(plan.model.n_layers, 32);
	ck_assert_uint_eq(plan.model.arch.intermediate, 11008);
	ck_assert_uint_eq(plan.model.arch.vocab, 32064);
	ck_assert_uint_eq(res.kv.bytes_per_position, 524288);
	ck_assert_uint_eq(res.kv.bytes, 2147483648ull);
}
END_TEST

/*
 * A Mistral text model under a wrapper that names its KV heads (8) but
 * not its layers, width or heads (MistralConfig's 32, 4,096 and 32):
 * 32 x 8 x (4,096 / 32 = 128 + 128) x 2 B = 131,072 B/position. A flat
 * llama config that leaves num_hidden_layers out is still refused: the
 * class defaults fill a wrapper's text model only.
 */
START_TEST(mistral_text_defaults)
{
	static const char text[] = "{\"model_type\":\"llava_next\","
		"\"text_config\":{\"model_type\":\"mistral\","
		"\"intermediate_size\":14336,\"num_key_value_heads\":8,"
		"\"max_position_embeddings\":32768,\"sliding_window\":null,"
		"\"vocab_size\":32064}}";

	sized(text, 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
	/* a llava text_config naming no model_type: LlavaConfig's "llama",
	 * then LlamaConfig's sizes: 32 x 32 x 256 x 2 = 524,288 */
	sized("{\"model_type\":\"llava\",\"text_config\":{"
	      "\"max_position_embeddings\":4096,\"vocab_size\":32064}}", 16);
	ck_assert_str_eq(plan.model.model_type, "llama");
	ck_assert_uint_eq(res.kv.bytes_per_position, 524288);
	refused("{\"model_type\":\"llama\",\"hidden_size\":4096,"
	        "\"num_attention_heads\":32}", "num_hidden_layers");
}
END_TEST

/*
 * Grok-2 (its config says model_type "git"; vLLM grok1.py @02082de9:
 * every layer full, heads of hidden_size / num_attention_heads): 64
 * layers x 8 KV heads x (8,192 / 64 = 128 + 128) x 2 B = 262,144
 * B/position; sliding_window_size -1 builds no window. A positive one
 * (SGLang would slide, vLLM not) and a "git" config of transformers' GIT
 * captioner are refused. HY V3 (hy_v3, vLLM hy_v3.py @055e47c2): 2
 * layers x 2 KV heads x (128 + 128) x 2 B = 2,048 B/position.
 */
#define GROK2(sw) "{\"architectures\":[\"Grok1ForCausalLM\"]," \
	"\"vocab_size\":131072,\"hidden_size\":8192," \
	"\"intermediate_size\":32768,\"moe_intermediate_size\":16384," \
	"\"max_position_embeddings\":131072,\"num_experts_per_tok\":2," \
	"\"num_local_experts\":8,\"num_attention_heads\":64," \
	"\"num_key_value_heads\":8,\"num_hidden_layers\":64," \
	"\"head_dim\":128,\"sliding_window_size\":" sw "," \
	"\"global_attn_every_n\":1,\"model_type\":\"git\"," \
	"\"torch_dtype\":\"bfloat16\"}"

START_TEST(grok_hy)
{
	sized(GROK2("-1"), 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 262144);
	refused(GROK2("4096"), "sliding_window_size");
	refused("{\"architectures\":[\"GitForCausalLM\"],\"model_type\":"
	        "\"git\",\"num_hidden_layers\":6,\"hidden_size\":768,"
	        "\"num_attention_heads\":12}", "architectures");
	sized("{\"architectures\":[\"HYV3ForCausalLM\"],\"model_type\":"
	      "\"hy_v3\",\"num_hidden_layers\":2,\"hidden_size\":1024,"
	      "\"num_attention_heads\":8,\"num_key_value_heads\":2,"
	      "\"head_dim\":128,\"vocab_size\":1000,"
	      "\"first_k_dense_replace\":1,\"num_experts\":8,"
	      "\"num_experts_per_tok\":2,\"expert_hidden_dim\":256}", 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
}
END_TEST

/*
 * Gemma 3 under gemma3 (Gemma3TextConfig defaults: 8 heads, 4 KV heads,
 * head_dim 256, window pattern 6). gemma-3-12b-it's text_config (as a
 * public Rust test vendors it: "specifies num_attention_heads but omits
 * vocab_size, head_dim"): 48 layers of 8 KV heads of head_dim 256, not
 * 3,840 / 16 = 240: 8 x (256 + 256) x 2 = 8,192 B a layer and position;
 * layers 5, 11, ..., 47 full (8), the 40 others sliding over 1,024; at
 * 4,096 positions 8 x 8,192 x 4,096 = 268,435,456 + 40 x 8,192 x 1,024 =
 * 335,544,320: 603,979,776. gemma-3-4b-it's names neither heads: 34
 * layers of 4 KV heads (4 x 512 x 2 = 4,096 B), 5 full (5, ..., 29):
 * 5 x 4,096 x 4,096 = 83,886,080 + 29 x 4,096 x 1,024 = 121,634,816:
 * 205,520,896. PaliGemma 2's gemma2 text model leaves head_dim out
 * (Gemma2Config's 256 in every release), not 2,304 / 8 = 288: 26 layers
 * of 4 KV heads, 4 x 512 x 2 = 4,096 B a layer and position, 16
 * positions (inside the 4,096 window): 26 x 4,096 x 16 = 1,703,936.
 * A qwen3 text model that leaves head_dim out (LightOnOCR-1B's shapes)
 * has Qwen3Config's 128, not 1,024 / 16 = 64: 28 x 8 x (128 + 128) x 2 =
 * 114,688 B/position.
 */
START_TEST(gemma3_text_defaults)
{
	sized("{\"architectures\":[\"Gemma3ForConditionalGeneration\"],"
	      "\"model_type\":\"gemma3\",\"text_config\":{\"hidden_size\":3840,"
	      "\"intermediate_size\":15360,\"model_type\":\"gemma3_text\","
	      "\"num_attention_heads\":16,\"num_hidden_layers\":48,"
	      "\"num_key_value_heads\":8,\"sliding_window\":1024},"
	      "\"torch_dtype\":\"bfloat16\"}", 4096);
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes, 603979776ull);
	sized("{\"architectures\":[\"Gemma3ForConditionalGeneration\"],"
	      "\"model_type\":\"gemma3\",\"text_config\":{\"hidden_size\":2560,"
	      "\"intermediate_size\":10240,\"model_type\":\"gemma3_text\","
	      "\"num_hidden_layers\":34,\"rope_scaling\":{\"factor\":8.0,"
	      "\"rope_type\":\"linear\"},\"sliding_window\":1024},"
	      "\"torch_dtype\":\"bfloat16\"}", 4096);
	ck_assert_uint_eq(plan.model.base.kv_heads, 4);
	ck_assert_uint_eq(res.kv.bytes, 205520896ull);
	sized("{\"architectures\":[\"PaliGemmaForConditionalGeneration\"],"
	      "\"model_type\":\"paligemma\",\"text_config\":{"
	      "\"hidden_size\":2304,\"intermediate_size\":9216,"
	      "\"model_type\":\"gemma2\",\"num_attention_heads\":8,"
	      "\"num_hidden_layers\":26,\"num_key_value_heads\":4,"
	      "\"query_pre_attn_scalar\":256,\"sliding_window\":4096,"
	      "\"vocab_size\":257216},\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes, 1703936);
	sized("{\"architectures\":[\"LightOnOCRForConditionalGeneration\"],"
	      "\"model_type\":\"lightonocr\",\"text_config\":{\"model_type\":"
	      "\"qwen3\",\"hidden_size\":1024,\"num_attention_heads\":16,"
	      "\"num_key_value_heads\":8,\"num_hidden_layers\":28,"
	      "\"intermediate_size\":3072,\"vocab_size\":151936}}", 16);
	ck_assert_uint_eq(plan.model.base.k_dim, 128);
	ck_assert_uint_eq(res.kv.bytes_per_position, 114688);
}
END_TEST

/*
 * A.X K1 (axk1; vLLM AXK1.py @01063cd0: DeepSeek-V3's MLA): each layer
 * caches the latent and the rotary key, (512 + 64) x 2 B = 1,152 B; 2
 * layers: 2,304 B/position.
 */
START_TEST(axk1)
{
	sized("{\"architectures\":[\"AXK1ForCausalLM\"],\"model_type\":"
	      "\"axk1\",\"hidden_size\":1024,\"num_attention_heads\":8,"
	      "\"num_hidden_layers\":2,\"num_key_value_heads\":8,"
	      "\"kv_lora_rank\":512,\"q_lora_rank\":256,"
	      "\"qk_nope_head_dim\":128,\"qk_rope_head_dim\":64,"
	      "\"v_head_dim\":128,\"vocab_size\":1000}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2304);
}
END_TEST

/*
 * ERNIE 4.5 MoE (ERNIE-4.5-21B-A3B's keys; vLLM ernie45_moe.py): MoE
 * where (i + 1) % moe_layer_interval == 0 from moe_layer_start_index on,
 * top moe_k, moe_num_shared_experts shared experts: 1 leading dense
 * layer, every layer after MoE, 6 of 64 experts, 2 shared. The cache:
 * 28 x 4 x (128 + 128) x 2 = 57,344 B/position. ERNIE-4.5-VL lists
 * moe_num_experts and moe_intermediate_size per modality ([text,
 * vision], vLLM ernie45_vl_moe.py): the text experts are counted.
 */
#define ERNIE_MOE(mt, exp, inter) "{\"model_type\":\"" mt "\"," \
	"\"hidden_size\":2560,\"intermediate_size\":12288," \
	"\"max_position_embeddings\":131072,\"num_attention_heads\":20," \
	"\"num_key_value_heads\":4,\"num_hidden_layers\":28," \
	"\"vocab_size\":103424,\"tie_word_embeddings\":true," \
	"\"moe_num_experts\":" exp ",\"moe_num_shared_experts\":2," \
	"\"moe_layer_start_index\":1,\"moe_intermediate_size\":" inter "," \
	"\"moe_k\":6,\"moe_layer_interval\":1,\"moe_use_aux_free\":true," \
	"\"torch_dtype\":\"bfloat16\"}"

START_TEST(ernie_moe)
{
	sized(ERNIE_MOE("ernie4_5_moe", "64", "1536"), 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 57344);
	ck_assert_uint_eq(plan.model.arch.n_experts, 64);
	ck_assert_uint_eq(plan.model.arch.n_experts_active, 6);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 2);
	ck_assert_uint_eq(plan.model.arch.first_dense_layers, 1);
	ck_assert_uint_eq(plan.model.arch.moe_layer_step, 1);
	sized(ERNIE_MOE("ernie4_5_moe_vl", "[64,64]", "[1536,512]"), 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 57344);
	ck_assert_uint_eq(plan.model.arch.n_experts, 64);
	ck_assert_uint_eq(plan.model.arch.moe_intermediate, 1536);
}
END_TEST

/*
 * DeepSeek-OCR (deepseek_vl_v2 with a language_config naming no
 * model_type: vLLM's DeepseekVLV2Config reads it as a DeepseekV2Config;
 * deepseek_ocr.py runs use_mla false as DeepseekForCausalLM, every layer
 * num_key_value_heads heads of hidden / heads, the zero qk_*_head_dim
 * unused): 12 x 10 x (1,280 / 10 = 128 + 128) x 2 B = 61,440 B/position.
 */
START_TEST(deepseek_ocr)
{
	sized("{\"architectures\":[\"DeepseekOCRForCausalLM\"],"
	      "\"language_config\":{\"architectures\":[\"DeepseekV2ForCausalLM\"],"
	      "\"first_k_dense_replace\":1,\"hidden_size\":1280,"
	      "\"intermediate_size\":6848,\"kv_lora_rank\":null,"
	      "\"max_position_embeddings\":8192,\"moe_intermediate_size\":896,"
	      "\"n_routed_experts\":64,\"n_shared_experts\":2,"
	      "\"num_attention_heads\":10,\"num_experts_per_tok\":6,"
	      "\"num_hidden_layers\":12,\"num_key_value_heads\":10,"
	      "\"q_lora_rank\":null,\"qk_nope_head_dim\":0,"
	      "\"qk_rope_head_dim\":0,\"topk_method\":\"greedy\","
	      "\"torch_dtype\":\"bfloat16\",\"use_mla\":false,"
	      "\"v_head_dim\":0,\"vocab_size\":129280},"
	      "\"model_type\":\"deepseek_vl_v2\",\"tile_tag\":\"2D\","
	      "\"torch_dtype\":\"bfloat16\"}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 61440);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_sweep");
	TCase *tc = tcase_create("sweep");

	tcase_add_test(tc, qwen3_omni);
	tcase_add_test(tc, qwen25_omni);
	tcase_add_test(tc, flat_rows);
	tcase_add_test(tc, molmo_mlp);
	tcase_add_test(tc, cwm);
	tcase_add_test(tc, cohere2_moe);
	tcase_add_test(tc, exaone_moe);
	tcase_add_test(tc, llava_defaults);
	tcase_add_test(tc, mistral_text_defaults);
	tcase_add_test(tc, grok_hy);
	tcase_add_test(tc, gemma3_text_defaults);
	tcase_add_test(tc, axk1);
	tcase_add_test(tc, ernie_moe);
	tcase_add_test(tc, deepseek_ocr);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
