/*
 * test_import_unverified.c - families of vLLM's registry whose
 * model_type the sweep had not established (issue 35, "unverified" in
 * docs/families.md), once their configuration class was read, and Ling
 * 3.0: each an inline config, the bytes worked by hand in the comment
 * from the source the row cites, and the engines that do not serve the
 * family refusing it by name.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "inline_import.h"
#include "kvplan/layers.h"

/* refused by engine e, the message naming words */
static void engine_refuses(enum kvp_engine_kind e, const char *words)
{
	plan.engine.kind = e;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, words) != NULL, "%s",
	              res.error.msg);
}

/*
 * Ling 3.0 (model_type bailing_hybrid, BailingMoeV3ForCausalLM: SGLang
 * configs/bailing_hybrid.py @0f6954e8 BailingHybridConfig, use_kda =
 * short_conv_kernel_size given; vLLM bailing_moe_v3.py @055e47c2).
 * 8 layers, layer_group_size 4: layers 3 and 7 MLA (vLLM _is_kda_layer,
 * SGLang layers_block_type), each (kv_lora_rank 512 + qk_rope_head_dim
 * 64) x 2 B = 1,152 B a position: 2,304 B/position. The 6 others KDA
 * (kda_state_shape / KimiLinearStateShape of num_attention_heads 8,
 * head_dim 128, kernel 4): conv (4 - 1) x 3 x 8 x 128 = 9,216 values,
 * recurrent 8 x 128 x 128 = 131,072 values, f32 (the generic engine's
 * state format, hf_state.c): 140,288 x 4 = 561,152 B a layer, x 6 =
 * 3,366,912 B a sequence. One sequence of 16 positions: 2,304 x 16 =
 * 36,864 + 3,366,912 = 3,403,776 B.
 * The KDA mixer's weights (vLLM BailingMoeV3KimiDeltaAttention, P = 8 x
 * 128 = 1,024, hidden 1,024): qkvb 1,024 x (3 x 1,024 + 8) = 3,153,920;
 * f_proj, g_proj, o_proj 3 x 1,048,576 = 3,145,728; dt_bias 1,024;
 * q/k/v conv 3 x 4 x 1,024 = 12,288; A_log 8; o_norm 128: 6,313,096.
 */
#define LING3_DIMS "\"model_type\":\"bailing_hybrid\"," \
	"\"hidden_size\":1024,\"num_attention_heads\":8," \
	"\"num_key_value_heads\":8,\"qk_rope_head_dim\":64," \
	"\"qk_nope_head_dim\":128,\"v_head_dim\":128,\"vocab_size\":64," \
	"\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"," \
	"\"intermediate_size\":512,\"kv_lora_rank\":512,\"head_dim\":128," \
	"\"short_conv_kernel_size\":4"
#define LING3 "\"architectures\":[\"BailingMoeV3ForCausalLM\"]," LING3_DIMS

START_TEST(ling3)
{
	sized("{" LING3 ",\"num_hidden_layers\":8,\"layer_group_size\":4,"
	      "\"no_kda_lora\":true}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 7)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 6)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(plan.model.recur.conv_values, 9216);
	ck_assert_uint_eq(plan.model.recur.ssm_values, 131072);
	ck_assert_uint_eq(plan.model.arch.recurrent_params_per_layer, 6313096);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2304);
	ck_assert_uint_eq(res.kv.state_bytes, 3366912);
	ck_assert_uint_eq(res.kv.bytes, 3403776);
	engine_refuses(KVP_ENGINE_VLLM, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.model_type: "
	               "bailing_hybrid");
	engine_refuses(KVP_ENGINE_LLAMACPP, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: bailing_hybrid");
	/* SGLang's Mamba pool (KimiLinearCacheParams, as Kimi Linear's): a
	 * slot holds each KDA layer's conv state in bf16, 9,216 x 2 =
	 * 18,432 B, and its recurrent state in f32, 131,072 x 4 = 524,288
	 * B: 542,720 B; 48 slots + the pad slot 0 = 49: 26,593,280 B a
	 * layer. Tensor parallelism above 1 stays refused (sg_mamba.c). */
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.max_total_tokens = 4096;
	plan.engine.sglang.max_mamba_cache_size = 48;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 49);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 26593280);
	/* no architecture: short_conv_kernel_size alone is SGLang's use_kda */
	sized("{" LING3_DIMS ",\"num_hidden_layers\":8,\"layer_group_size\":4,"
	      "\"no_kda_lora\":true}", 16);
	ck_assert_uint_eq(res.kv.bytes, 3403776);
}
END_TEST

/*
 * Ling 3.0's VLM (bailing_moe_v3_vl): vLLM transformers_utils/configs/
 * bailing_moe_v3_vl.py @d809f24a BailingMoeV3VLConfig rebuilds text_config
 * as BailingMoeV3TextConfig (model_type bailing_hybrid, architectures
 * ["BailingMoeV3ForCausalLM"] when None, head_dim 128, kv_lora_rank 512,
 * qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128), SGLang
 * configs/bailing_hybrid.py @0f6954e8 as BailingHybridConfig with the same
 * defaults; bailing_moe_v3_vl.py runs BailingMoeV3ForCausalLM on it. A
 * text_config that names neither its architecture nor those keys (the
 * top level naming BailingMoeV3VLForConditionalGeneration) is Ling 3.0
 * with the defaults: the layout and bytes of the ling3 test above,
 * 3,403,776 B for 16 positions. layer_group_size (vLLM 5, SGLang 1) and
 * short_conv_kernel_size (vLLM 4, SGLang None: lightning) differ between
 * the two classes: absent, refused.
 */
#define LING3_VL(keys) "{\"architectures\":" \
	"[\"BailingMoeV3VLForConditionalGeneration\"]," \
	"\"model_type\":\"bailing_moe_v3_vl\",\"text_config\":{" \
	"\"hidden_size\":1024,\"num_attention_heads\":8," \
	"\"num_key_value_heads\":8,\"vocab_size\":64," \
	"\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"," \
	"\"intermediate_size\":512,\"num_hidden_layers\":8," \
	"\"no_kda_lora\":true" keys "},\"vision_config\":{\"depth\":2}}"

START_TEST(ling3_vl)
{
	sized(LING3_VL(",\"layer_group_size\":4,\"short_conv_kernel_size\":4"),
	      16);
	ck_assert_str_eq(plan.model.model_type, "bailing_hybrid");
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_MLA);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(plan.model.recur.conv_values, 9216);
	ck_assert_uint_eq(plan.model.recur.ssm_values, 131072);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2304);
	ck_assert_uint_eq(res.kv.bytes, 3403776);
	engine_refuses(KVP_ENGINE_VLLM, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.model_type: "
	               "bailing_hybrid");
	engine_refuses(KVP_ENGINE_LLAMACPP, "model.model_type: bailing_hybrid");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: bailing_hybrid");
	refused(LING3_VL(",\"layer_group_size\":4"), "short_conv_kernel_size");
	refused(LING3_VL(",\"short_conv_kernel_size\":4"), "layer_group_size");
	/* a text architecture named stays the text model's */
	refused(LING3_VL(",\"layer_group_size\":4,\"short_conv_kernel_size\":4,"
	                 "\"architectures\":[\"BailingMoeV2_5ForCausalLM\"]"),
	        "short_conv_kernel_size");
}
END_TEST

/* Ling 3.0 refused by name: a trailing partial group (10 layers of 4:
 * layers 8 and 9 MLA in vLLM, KDA in SGLang), the per-layer list, the
 * NoPE latent, a low-rank KDA gate, no head_dim (SGLang 128, vLLM its
 * loaded class's), no kernel, no MLA keys, and SGLang's use_kda beside
 * Ling 2.5's architecture (vLLM runs that class's lightning layers). */
START_TEST(ling3_refused)
{
	refused("{" LING3 ",\"num_hidden_layers\":10,\"layer_group_size\":4,"
	        "\"no_kda_lora\":true}", "layer_group_size: 4 - does not "
	        "divide");
	refused("{" LING3 ",\"num_hidden_layers\":4,\"layer_group_size\":"
	        "[1,1,1,0],\"no_kda_lora\":true}", "layer_group_size");
	refused("{" LING3 ",\"num_hidden_layers\":8,\"layer_group_size\":4,"
	        "\"no_kda_lora\":true,\"use_mla_nope\":true}",
	        "use_mla_nope: true - ");
	refused("{" LING3 ",\"num_hidden_layers\":8,\"layer_group_size\":4}",
	        "no_kda_lora");
	refused("{\"architectures\":[\"BailingMoeV3ForCausalLM\"],"
	        "\"model_type\":\"bailing_hybrid\",\"hidden_size\":1024,"
	        "\"num_attention_heads\":8,\"kv_lora_rank\":512,"
	        "\"qk_rope_head_dim\":64,\"qk_nope_head_dim\":128,"
	        "\"v_head_dim\":128,\"vocab_size\":64,\"num_hidden_layers\":8,"
	        "\"layer_group_size\":4,\"no_kda_lora\":true,"
	        "\"short_conv_kernel_size\":4}", "head_dim");
	refused("{\"architectures\":[\"BailingMoeV3ForCausalLM\"],"
	        "\"model_type\":\"bailing_hybrid\",\"hidden_size\":1024,"
	        "\"num_attention_heads\":8,\"kv_lora_rank\":512,"
	        "\"qk_rope_head_dim\":64,\"qk_nope_head_dim\":128,"
	        "\"v_head_dim\":128,\"vocab_size\":64,\"num_hidden_layers\":8,"
	        "\"layer_group_size\":4,\"no_kda_lora\":true,"
	        "\"head_dim\":128}", "short_conv_kernel_size");
	refused("{\"architectures\":[\"BailingMoeV3ForCausalLM\"],"
	        "\"model_type\":\"bailing_hybrid\",\"hidden_size\":1024,"
	        "\"num_attention_heads\":8,\"vocab_size\":64,"
	        "\"num_hidden_layers\":8,\"layer_group_size\":4,"
	        "\"no_kda_lora\":true,\"head_dim\":128,"
	        "\"short_conv_kernel_size\":4}", "kv_lora_rank");
	refused("{\"architectures\":[\"BailingMoeV2_5ForCausalLM\"],"
	        LING3_DIMS ",\"num_hidden_layers\":8,\"layer_group_size\":4,"
	        "\"no_kda_lora\":true}", "short_conv_kernel_size");
}
END_TEST

/*
 * MiMo-V2-Omni (MiMoV2OmniForCausalLM): no configuration class of its
 * own. vLLM transformers_utils/model_arch_config_convertor.py @00bb6f59
 * MimoV2ModelArchConfigConvertor, keyed by model_type "mimo_v2" and
 * "mimo_v2_flash", sets architectures to MiMoV2OmniForCausalLM when the
 * config carries vision_config, and mimo_v2_omni.py builds its language
 * model as MiMoV2FlashForCausalLM on that same config: the file is a
 * mimo_v2 config (the decoder's keys at the top level) with vision_config
 * and audio_config beside, sized by the mimo_v2 row. The layout of
 * test_import_rows.c mimo_v2: 4 layers, hybrid_layer_pattern [0,1,1,1]:
 * the full layer 4 KV heads x (192 + 128) x 2 B = 2,560 B a position,
 * each sliding layer 8 x 320 x 2 = 5,120 over a window of 128; 100
 * positions inside the window: 2,560 x 100 + 3 x 5,120 x 100 =
 * 1,792,000 B. The towers are not counted in the weights (noted).
 */
START_TEST(mimo_v2_omni)
{
	sized("{\"architectures\":[\"MiMoV2OmniForCausalLM\"],"
	      "\"model_type\":\"mimo_v2\",\"num_hidden_layers\":4,"
	      "\"num_attention_heads\":64,\"num_key_value_heads\":4,"
	      "\"head_dim\":192,\"v_head_dim\":128,"
	      "\"swa_num_attention_heads\":64,\"swa_num_key_value_heads\":8,"
	      "\"swa_head_dim\":192,\"swa_v_head_dim\":128,"
	      "\"sliding_window_size\":128,\"hybrid_layer_pattern\":[0,1,1,1],"
	      "\"hidden_size\":4096,\"intermediate_size\":16384,"
	      "\"vocab_size\":152576,\"torch_dtype\":\"bfloat16\","
	      "\"vision_config\":{\"depth\":28,\"hidden_size\":1280},"
	      "\"audio_config\":{\"d_model\":1280}}", 100);
	ck_assert_str_eq(plan.model.model_type, "mimo_v2");
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->spec.window, 128);
	ck_assert_uint_eq(res.kv.bytes, 1792000);
}
END_TEST

/*
 * Nemotron 3 Nano Omni (NemotronH_Nano_Omni_Reasoning_V3): SGLang
 * configs/nano_nemotron_vl.py @008b79d2 NemotronH_Nano_Omni_Reasoning_V3_
 * Config (model_type "NemotronH_Nano_Omni_Reasoning_V3", the V2 VL class:
 * llm_config rebuilt as NemotronHConfig, vision_config and sound_config
 * beside); NVIDIA-NeMo/Megatron-Bridge's NemotronOmniBridge registers the
 * same model_type. The decoder is llm_config's nemotron_h: 2 layers "M*":
 *   Mamba2  d_inner 8 x 32 = 256; conv (4 - 1) x (256 + 2 x 1 x 16) =
 *           864 values, ssm 16 x 256 = 4,096 values, f32: 19,840 B
 *   attention 2 KV heads x (64 + 64) x 2 B = 512 B a position
 * one sequence of 16 positions: 512 x 16 = 8,192 + 19,840 = 28,032 B.
 */
START_TEST(nemotron_nano_omni)
{
	sized("{\"architectures\":[\"NemotronH_Nano_Omni_Reasoning_V3\"],"
	      "\"model_type\":\"NemotronH_Nano_Omni_Reasoning_V3\","
	      "\"llm_config\":{\"model_type\":\"nemotron_h\","
	      "\"hybrid_override_pattern\":\"M*\",\"num_hidden_layers\":2,"
	      "\"hidden_size\":256,\"num_attention_heads\":4,"
	      "\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
	      "\"ssm_state_size\":16,\"conv_kernel\":4,\"n_groups\":1,"
	      "\"mamba_num_heads\":8,\"mamba_head_dim\":32,"
	      "\"max_position_embeddings\":4096,\"intermediate_size\":512,"
	      "\"torch_dtype\":\"bfloat16\"},"
	      "\"vision_config\":{\"model_type\":\"radio\"},"
	      "\"sound_config\":{\"model_type\":\"parakeet\"}}", 16);
	ck_assert_str_eq(plan.model.model_type, "nemotron_h");
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 512);
	ck_assert_uint_eq(res.kv.state_bytes, 19840);
	ck_assert_uint_eq(res.kv.bytes, 28032);
}
END_TEST

/*
 * Step3-VL-10B (StepVLForConditionalGeneration): model_type step3_vl,
 * SGLang models/step3_vl_10b.py @40f33cd9 typing its config Step3VLConfig
 * (configs/step3_vl.py @ce5a97ee, model_type "step3_vl"; vLLM's the same,
 * transformers_utils/configs/step3_vl.py @fb6c0501), which rebuilds
 * text_config as Step3TextConfig(**text_config); the language model is
 * Qwen3ForCausalLM on it (SGLang; vLLM step_vl.py @055e47c2 the model
 * text_config's architectures name). Qwen3's attention: num_key_value_heads
 * x head_dim, head_dim Step3TextConfig's 256 when the file leaves it out
 * (Qwen3Config's 128 would be half). 2 layers, 2 KV heads:
 * 2 x 2 x (256 + 256) x 2 B = 4,096 B a position; 16 positions 65,536 B.
 * With head_dim 64 written: 2 x 2 x 128 x 2 = 1,024 B, 16,384 B.
 */
#define STEPVL "{\"architectures\":[\"StepVLForConditionalGeneration\"]," \
	"\"model_type\":\"step3_vl\",\"text_config\":{\"architectures\":" \
	"[\"Qwen3ForCausalLM\"],\"model_type\":\"qwen3\"," \
	"\"num_hidden_layers\":2,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000,\"max_position_embeddings\":4096," \
	"\"intermediate_size\":512,\"torch_dtype\":\"bfloat16\"%s}," \
	"\"vision_config\":{\"width\":1536,\"layers\":47,\"heads\":16}}"

START_TEST(step_vl)
{
	char text[1024];

	snprintf(text, sizeof text, STEPVL, "");
	sized(text, 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3");
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	snprintf(text, sizeof text, STEPVL, ",\"head_dim\":64");
	sized(text, 16);
	ck_assert_uint_eq(res.kv.bytes, 16384);
}
END_TEST

/*
 * Intern-S2-Preview (InternS2PreviewForConditionalGeneration): SGLang
 * configs/interns2preview.py InternS2PreviewConfig(Qwen3_5MoeConfig),
 * model_type "intern_s2_preview", text_config a Qwen3_5MoeTextConfig
 * (a text_config naming no model_type is one: hf_text_defaults.c
 * wrapper_text); vLLM interns2_preview.py and SGLang subclass
 * Qwen3_5MoeForConditionalGeneration. 4 layers, layer_types 3 linear then
 * 1 full:
 *   gated DeltaNet  conv (4 - 1) x (2 x 2 x 64 + 4 x 64) = 1,536 values,
 *                   ssm 4 x 64 x 64 = 16,384 values, f32: 71,680 B a
 *                   layer, x 3 = 215,040 B
 *   full            2 KV heads x (64 + 64) x 2 B = 512 B a position
 * one sequence of 16 positions: 512 x 16 = 8,192 + 215,040 = 223,232 B.
 */
START_TEST(interns2_preview)
{
	sized("{\"architectures\":[\"InternS2PreviewForConditionalGeneration\"],"
	      "\"model_type\":\"intern_s2_preview\",\"text_config\":{"
	      "\"num_hidden_layers\":4,\"hidden_size\":256,"
	      "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	      "\"head_dim\":64,\"vocab_size\":1000,"
	      "\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\","
	      "\"layer_types\":[\"linear_attention\",\"linear_attention\","
	      "\"linear_attention\",\"full_attention\"],"
	      "\"linear_num_key_heads\":2,\"linear_key_head_dim\":64,"
	      "\"linear_num_value_heads\":4,\"linear_value_head_dim\":64,"
	      "\"linear_conv_kernel_dim\":4,\"moe_intermediate_size\":128,"
	      "\"num_experts\":4,\"num_experts_per_tok\":2}}", 16);
	ck_assert_str_eq(plan.model.model_type, "qwen3_5_moe_text");
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.state_bytes, 215040);
	ck_assert_uint_eq(res.kv.bytes, 223232);
}
END_TEST

/*
 * Mistral Large 3 (MistralLarge3ForCausalLM): vLLM transformers_utils/
 * configs/mistral.py adapt_config_dict turns its params.json (MoE with
 * shared experts) into model_type deepseek_v3 with that architecture, and
 * mistral_large_3.py runs DeepSeek V3's MLA: the deepseek_v3 row. 2 layers
 * of the latent, (kv_lora_rank 512 + qk_rope_head_dim 64) x 2 B = 1,152 B
 * each, 2,304 B a position; 16 positions 36,864 B. (llama_4_scaling, an
 * attention scale, is not layout-shaped.)
 */
START_TEST(mistral_large_3)
{
	sized("{\"architectures\":[\"MistralLarge3ForCausalLM\"],"
	      "\"model_type\":\"deepseek_v3\",\"num_hidden_layers\":2,"
	      "\"hidden_size\":1024,\"num_attention_heads\":8,"
	      "\"num_key_value_heads\":8,\"vocab_size\":1000,"
	      "\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\","
	      "\"intermediate_size\":2048,\"kv_lora_rank\":512,"
	      "\"qk_rope_head_dim\":64,\"qk_nope_head_dim\":128,"
	      "\"v_head_dim\":128,\"q_lora_rank\":256,"
	      "\"llama_4_scaling\":{\"beta\":0.1,"
	      "\"original_max_position_embeddings\":8192}}", 16);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_MLA);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2304);
	ck_assert_uint_eq(res.kv.bytes, 36864);
}
END_TEST

/*
 * Kimi-Audio (MoonshotKimiaForCausalLM, model_type kimi_audio): vLLM
 * configs/kimi_audio.py @b3afd822 KimiAudioConfig(Qwen2Config),
 * kimia_mimo_layers 6 by default; vLLM kimi_audio.py @b6e9fd67 builds
 * moonaudio.py @0002bff0 MoonshotKimiaModel: num_hidden_layers layers and
 * kimia_mimo_layers audio-branch layers, each a Qwen2Attention with a
 * cache of its own (num_key_value_heads x hidden / heads), full.
 * 2 decoder layers + 1 audio layer, 2 KV heads of 256 / 4 = 64:
 * 2 x 2 x 64 x 2 B = 512 B a layer a position, 3 layers 1,536 B; 16
 * positions 24,576 B. kimia_mimo_layers absent: the class's 6, 8 layers,
 * 4,096 B a position, 65,536 B. SGLang, transformers, llama.cpp and
 * TensorRT-LLM refused by model_type (not read).
 */
#define KIMIA(keys) "{\"architectures\":[\"MoonshotKimiaForCausalLM\"]," \
	"\"model_type\":\"kimi_audio\",\"num_hidden_layers\":2," \
	"\"hidden_size\":256,\"num_attention_heads\":4," \
	"\"num_key_value_heads\":2,\"vocab_size\":1000," \
	"\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"," \
	"\"intermediate_size\":512,\"kimia_mimo_transformer_from_layer_index\":0" \
	keys "}"

START_TEST(kimi_audio)
{
	sized(KIMIA(",\"kimia_mimo_layers\":1"), 16);
	ck_assert_uint_eq(plan.model.n_layers, 3);
	ck_assert_int_eq(kvp_layer_rec(&res, 2)->spec.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1536);
	ck_assert_uint_eq(res.kv.bytes, 24576);
	/* vLLM: a block of 16 positions holds 16 x 512 = 8,192 B in each of
	 * the 3 layers, 24,576 B; 1,572,864 B of cache hold 64 blocks, one
	 * the block pool's null block: 63 x 16 = 1,008 positions, so a
	 * max_model_len of 1,008 starts and 1,024 does not */
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1572864;
	plan.engine.vllm.max_model_len = 1008;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 16);
	ck_assert_uint_eq(res.engine.blocks, 64);
	plan.engine.vllm.max_model_len = 1024;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	engine_refuses(KVP_ENGINE_SGLANG, "model.model_type: kimi_audio");
	engine_refuses(KVP_ENGINE_TRANSFORMERS, "model.model_type: kimi_audio");
	engine_refuses(KVP_ENGINE_LLAMACPP, "model.model_type: kimi_audio");
	engine_refuses(KVP_ENGINE_TRTLLM, "model.model_type: kimi_audio");
	/* the pool carved from gpu_memory_utilization instead: kvplan's
	 * weights leave out the Whisper encoder and audio head, so vLLM is
	 * refused (engine_served.c uncounted_rows[]) */
	plan.engine.vllm.kv_cache_memory_bytes = 0;
	plan.engine.vllm.max_model_len = 0;
	engine_refuses(KVP_ENGINE_VLLM, "--kv-cache-memory-bytes");
	sized(KIMIA(""), 16);
	ck_assert_uint_eq(plan.model.n_layers, 8);
	ck_assert_uint_eq(res.kv.bytes, 65536);
	refused(KIMIA(",\"kimia_mimo_layers\":-1"), "kimia_mimo_layers");
}
END_TEST

/* Refused by name, not as an unknown family: Dots3 Note's VLM and text
 * architectures, whose config is the one dots3_note class (SGLang
 * configs/dots3.py, vLLM configs/dots3_note.py). */
START_TEST(refused_by_name)
{
	refused("{\"architectures\":[\"Dots3NoteForConditionalGeneration\"],"
	        "\"model_type\":\"dots3_note\",\"num_hidden_layers\":2,"
	        "\"hidden_size\":256,\"num_attention_heads\":4,"
	        "\"vocab_size\":1000}", "Dots3NoteModel");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_unverified");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, ling3);
	tcase_add_test(tc, ling3_refused);
	tcase_add_test(tc, ling3_vl);
	tcase_add_test(tc, mimo_v2_omni);
	tcase_add_test(tc, nemotron_nano_omni);
	tcase_add_test(tc, step_vl);
	tcase_add_test(tc, interns2_preview);
	tcase_add_test(tc, mistral_large_3);
	tcase_add_test(tc, kimi_audio);
	tcase_add_test(tc, refused_by_name);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
