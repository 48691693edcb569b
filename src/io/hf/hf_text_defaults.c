/*
 * hf_text_defaults.c - the configuration class's defaults for the keys a
 * VLM's text_config leaves out. transformers saves a composite config's
 * sub-config as its difference from the wrapper's default one
 * (PretrainedConfig.to_diff_dict), so llava-1.5's text_config names no
 * num_hidden_layers (32, LlamaConfig's default); loading rebuilds it as
 * CONFIG_MAPPING[model_type](**text_config) (LlavaConfig and the other
 * wrappers), every absent key the class default, and the engines serve
 * that config (vLLM through transformers' AutoConfig). A text_config
 * naming no model_type gets the one its wrapper class gives it. One row
 * per text model_type whose class defaults were read; the keys it fills
 * are the sizes the cache and weights need. Applied inside a wrapper
 * where the text model and the top level both leave the key out, each
 * named in a note; at the top level of a config without text_config,
 * num_key_value_heads and head_dim only (hf_top_defaults, below).
 * sliding_window is never filled: whether the engines slide a layer is
 * the family's rule, read from keys the config has.
 */
#include <stdint.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

/* A size of 0 is not filled (the class's default is not one number
 * across the transformers releases that saved such configs). */
#define KV_AS_HEADS UINT64_MAX   /* num_key_value_heads None: the heads */

struct text_defaults {
	const char *model_type;
	uint64_t layers, hidden, heads;
	uint64_t kv_heads;          /* or KV_AS_HEADS */
	uint64_t intermediate, positions, vocab;
	uint64_t head_dim;          /* 0: hidden_size / heads, not filled */
	const char *source;
};

static const struct text_defaults rows[] = {
	/* issue 35b: Qwen2-VL's and Qwen2.5-VL's fixed text classes (a
	 * text_config saved without its defaults would otherwise import as
	 * MHA): the 72B sizes, num_key_value_heads 8 */
	{ "qwen2_vl_text", 80, 8192, 64, 8, 29568, 32768, 152064, 0,
	  "transformers configuration_qwen2_vl.py @018c8e03 Qwen2VLTextConfig" },
	{ "qwen2_5_vl_text", 80, 8192, 64, 8, 29568, 0, 152064, 0,
	  "transformers configuration_qwen2_5_vl.py Qwen2_5_VLTextConfig "
	  "(max_position_embeddings not filled)" },
	{ "qwen3_vl_text", 32, 4096, 32, 32, 22016, 128000, 151936, 128,
	  "transformers configuration_qwen3_vl.py Qwen3VLTextConfig" },
	/* Gemma 3n's per-layer intermediate_size list: not filled */
	{ "gemma3n_text", 35, 2048, 8, 2, 0, 32768, 262400, 256,
	  "transformers configuration_gemma3n.py @01854809 Gemma3nTextConfig" },
	/* issue 35, llama.cpp 80fb11a convert registrations: Solar Open
	 * (SolarOpenConfig deletes intermediate_size: not filled) */
	{ "solar_open", 48, 4096, 64, 8, 0, 131072, 196608, 128,
	  "transformers modular_solar_open.py SolarOpenConfig" },
	{ "llama", 32, 4096, 32, KV_AS_HEADS, 11008, 2048, 32000, 0,
	  "transformers configuration_llama.py LlamaConfig (num_key_value_heads "
	  "None: num_attention_heads)" },
	{ "mistral", 32, 4096, 32, 8, 14336, 131072, 32000, 0,
	  "transformers configuration_mistral.py MistralConfig" },
	{ "qwen2", 32, 4096, 32, 32, 22016, 32768, 151936, 0,
	  "transformers configuration_qwen2.py Qwen2Config" },
	/* LLaVA-OneVision-1.5's text class (a text_config saved without its
	 * defaults would otherwise import as MHA of hidden / heads) */
	{ "LLaVAOneVision1_5_text", 36, 2560, 32, 8, 9728, 262144, 151936, 128,
	  "remote code configuration_llavaonevision1_5.py (EvolvingLMMs-Lab/"
	  "LLaVA-OneVision-1.5 @a5eb942a) LLaVAOneVision1_5_TextConfig" },
	/* the wrapper builds that class from its top-level keys when
	 * text_config is absent (Llavaonevision1_5Config.__init__) */
	{ "llavaonevision1_5", 36, 2560, 32, 8, 9728, 262144, 151936, 128,
	  "remote code configuration_llavaonevision1_5.py (EvolvingLMMs-Lab/"
	  "LLaVA-OneVision-1.5 @a5eb942a) Llavaonevision1_5Config: "
	  "LLaVAOneVision1_5_TextConfig(**kwargs)" },
	/* issue 35: Jet-Nemotron's class (remote code) takes 2 KV heads
	 * when num_key_value_heads is absent, not the heads */
	{ "jet_nemotron", 28, 1536, 12, 2, 8960, 32768, 151936, 0,
	  "NVlabs/Jet-Nemotron @94cbd124 jetai/modeling/hf/"
	  "configuration_jet_nemotron.py JetNemotronConfig" },
	/* gemma-3-12b-it's text_config names its heads but not head_dim 256
	 * (hidden 3,840 / 16 heads would be 240); gemma-3-4b-it names
	 * neither its 8 heads nor its 4 KV heads */
	{ "gemma3_text", 26, 2304, 8, 4, 9216, 131072, 262208, 256,
	  "transformers configuration_gemma3.py Gemma3TextConfig" },
	/* PaliGemma's and PaliGemma 2's text models: head_dim 256 in every
	 * release of GemmaConfig and Gemma2Config (their other defaults
	 * changed between releases: not filled) */
	{ "gemma", 0, 0, 0, 0, 0, 0, 0, 256,
	  "transformers configuration_gemma.py GemmaConfig (head_dim 256)" },
	{ "gemma2", 0, 0, 0, 0, 0, 0, 0, 256,
	  "transformers configuration_gemma2.py Gemma2Config (head_dim 256)" },
	/* issue 35: VaultGemma's head_dim is not hidden / heads (vaultgemma-1b:
	 * 1,152 / 4 = 288, head_dim 256); one release of the class */
	{ "vaultgemma", 0, 0, 0, 4, 0, 0, 0, 256,
	  "transformers configuration_vaultgemma.py @008e5743 VaultGemmaConfig "
	  "(num_key_value_heads 4, head_dim 256)" },
	/* issue 35t: classes whose num_key_value_heads default is a number,
	 * not the heads (BitNet 5, Helium 20), and Helium's head_dim 128 */
	{ "bitnet", 30, 2560, 20, 5, 6912, 2048, 128256, 0,
	  "transformers configuration_bitnet.py @008f5c8c BitNetConfig "
	  "(num_key_value_heads 5)" },
	{ "helium", 24, 2560, 20, 20, 7040, 4096, 48000, 128,
	  "transformers configuration_helium.py @008e5743 HeliumConfig "
	  "(num_key_value_heads 20, head_dim 128)" },
	{ "emu3_text_model", 32, 4096, 32, 8, 14336, 9216, 184622, 0,
	  "transformers configuration_emu3.py Emu3TextConfig "
	  "(num_key_value_heads 8)" },
	/* a qwen3 text model (LightOnOCR, Bee, Isaac, InternS1): head_dim
	 * 128, not hidden / heads (LightOnOCR-1B's 1,024 / 16 = 64) */
	{ "qwen3", 0, 0, 0, 0, 0, 0, 0, 128,
	  "transformers configuration_qwen3.py Qwen3Config (head_dim 128)" },
	/* issue 35: Step3TextConfig, the class Step3VLConfig rebuilds every
	 * text_config as (hf_text_class below); it has no
	 * num_key_value_heads (num_attention_groups) and spells
	 * max_position_embedding: neither filled */
	{ "step3_text", 61, 7168, 64, 0, 18432, 0, 128815, 256,
	  "vLLM transformers_utils/configs/step3_vl.py @fb6c0501 and SGLang "
	  "configs/step3_vl.py @ce5a97ee Step3TextConfig" },
	/* Cosmos3 Edge's text class (a text_config saved as its difference
	 * from it names only what differs) */
	{ "cosmos3_edge_text", 28, 2048, 16, 8, 9216, 131072, 131072, 128,
	  "transformers configuration_cosmos3_edge.py @e5032053 "
	  "Cosmos3EdgeTextConfig" },
	/* issue 35v: the text classes of the 2025-26 VLMs (a fixed
	 * sub_configs text class, or the model_type text_config names);
	 * a size whose class has no field for it (Glm4vMoeTextConfig's
	 * head_dim, Qwen3MoeConfig's head_dim, Qwen3_5MoeTextConfig's
	 * intermediate_size) is never left out by the diff: not filled */
	{ "qwen3_vl_moe_text", 24, 2048, 16, 16, 5632, 128000, 151936, 0,
	  "transformers configuration_qwen3_vl_moe.py @008e5743 "
	  "Qwen3VLMoeTextConfig (head_dim None: hidden / heads)" },
	{ "glm4v_text", 40, 4096, 32, 2, 13696, 32768, 151552, 0,
	  "transformers configuration_glm4v.py @05cd1ec1 Glm4vTextConfig" },
	{ "glm4v_moe_text", 46, 4096, 96, 8, 10944, 65536, 151424, 0,
	  "transformers configuration_glm4v_moe.py @008e5743 "
	  "Glm4vMoeTextConfig" },
	{ "llama4_text", 48, 5120, 40, 8, 8192, 131072, 202048, 128,
	  "transformers configuration_llama4.py @008e5743 Llama4TextConfig" },
	{ "qwen3_5_text", 32, 4096, 16, 4, 12288, 32768, 248320, 256,
	  "transformers configuration_qwen3_5.py @008e5743 Qwen3_5TextConfig" },
	{ "qwen3_5_moe_text", 40, 2048, 16, 2, 0, 32768, 248320, 256,
	  "transformers configuration_qwen3_5_moe.py @008e5743 "
	  "Qwen3_5MoeTextConfig" },
	/* Intern-S2-Mobius's text class, a Qwen3_5MoeTextConfig (SGLang
	 * configs/interns2_mobius.py @252129ae): its defaults */
	{ "interns2_mobius_text", 40, 2048, 16, 2, 0, 32768, 248320, 256,
	  "SGLang configs/interns2_mobius.py @252129ae InternS2MobiusTextConfig"
	  "(Qwen3_5MoeTextConfig, transformers configuration_qwen3_5_moe.py "
	  "@008e5743)" },
	{ "qwen3_moe", 24, 2048, 32, 4, 6144, 32768, 151936, 0,
	  "transformers configuration_qwen3_moe.py @008e5743 Qwen3MoeConfig" },
	/* Aya Vision's text model; max_position_embeddings not filled (the
	 * family row's 131072 and the class's 8192 disagree) */
	{ "cohere2", 40, 8192, 64, KV_AS_HEADS, 22528, 0, 256000, 0,
	  "transformers configuration_cohere2.py @008e5743 Cohere2Config "
	  "(num_key_value_heads None: num_attention_heads)" },
	/* the Qwen3-Omni thinker's text model; hidden_size and vocab_size
	 * not filled (2,048 and 3,584 at this commit, 3,584 and 151,936 in
	 * the first release) */
	{ "qwen3_omni_moe_text", 28, 0, 28, 4, 18944, 32768, 0, 0,
	  "transformers configuration_qwen3_omni_moe.py @008e5743 "
	  "Qwen3OmniMoeTextConfig" },
	/* issue 35: Ling 3.0's VLM (bailing_moe_v3_vl): the sizes on which
	 * vLLM's BailingMoeV3TextConfig and SGLang's BailingHybridConfig,
	 * the two classes its text_config is rebuilt as (wrapper_class
	 * below), agree; head_dim is "head_dim or hidden / heads" in both */
	{ "BailingMoeV3TextConfig", 20, 2048, 16, 4, 5120, 32768, 157184, 128,
	  "vLLM transformers_utils/configs/bailing_moe_v3_vl.py @d809f24a "
	  "BailingMoeV3TextConfig and SGLang configs/bailing_hybrid.py "
	  "@0f6954e8 BailingHybridConfig (the same defaults)" },
	/* deepseek_v3 (Kimi-VL's text model): its MLA keys only, in
	 * key_rows[]; its sizes not filled, as vLLM's KimiVLConfig builds
	 * the text model as a DeepseekV2Config (32 layers, hidden 4,096 by
	 * default) where Kimi's own code builds a DeepseekV3Config (61,
	 * 7,168) */
};

/* A text class's default for a key beyond the sizes above, which the
 * cache needs and a text_config may leave out (the diff drops a value
 * equal to the class's): an absent kv_lora_rank would otherwise read as
 * no MLA, an absent linear_num_key_heads refuse a Qwen3.5. A key whose
 * null is a value (q_lora_rank: no query LoRA) is never a row. */
struct text_key_default {
	const char *model_type, *key;
	uint64_t value;
	const char *source;
	/* also filled in a top-level config (a family whose configs are
	 * written by hand, not by save_pretrained: the class defaults its
	 * own code applies) */
	bool top;
};

#define Q35 "transformers configuration_qwen3_5.py @008e5743 Qwen3_5TextConfig"
#define Q35M "transformers configuration_qwen3_5_moe.py @008e5743 " \
	"Qwen3_5MoeTextConfig"
#define P4F "remote code configuration_phi4flash.py Phi4FlashConfig " \
	"(franciskamande-ai/cloned_models @711ebe7d)"
#define DSV3 "transformers configuration_deepseek_v3.py @001f85b3 " \
	"DeepseekV3Config and configuration_deepseek_v2.py @008e5743 " \
	"DeepseekV2Config " \
	"(vLLM transformers_utils/configs/kimi_vl.py KimiVLConfig: the same " \
	"MLA defaults)"
#define LV3 "vLLM transformers_utils/configs/bailing_moe_v3_vl.py " \
	"@d809f24a BailingMoeV3TextConfig and SGLang configs/" \
	"bailing_hybrid.py @0f6954e8 BailingHybridConfig"

static const struct text_key_default key_rows[] = {
	/* issue 35v */
	{ "qwen3_5_text", "linear_conv_kernel_dim", 4, Q35, false },
	{ "qwen3_5_text", "linear_key_head_dim", 128, Q35, false },
	{ "qwen3_5_text", "linear_value_head_dim", 128, Q35, false },
	{ "qwen3_5_text", "linear_num_key_heads", 16, Q35, false },
	{ "qwen3_5_text", "linear_num_value_heads", 32, Q35, false },
	{ "qwen3_5_moe_text", "linear_conv_kernel_dim", 4, Q35M, false },
	{ "qwen3_5_moe_text", "linear_key_head_dim", 128, Q35M, false },
	{ "qwen3_5_moe_text", "linear_value_head_dim", 128, Q35M, false },
	{ "qwen3_5_moe_text", "linear_num_key_heads", 16, Q35M, false },
	{ "qwen3_5_moe_text", "linear_num_value_heads", 32, Q35M, false },
	/* Intern-S2-Mobius: Qwen3_5MoeTextConfig's (SGLang
	 * configs/interns2_mobius.py @252129ae subclasses it) */
	{ "interns2_mobius_text", "linear_conv_kernel_dim", 4, Q35M, false },
	{ "interns2_mobius_text", "linear_key_head_dim", 128, Q35M, false },
	{ "interns2_mobius_text", "linear_value_head_dim", 128, Q35M, false },
	{ "interns2_mobius_text", "linear_num_key_heads", 16, Q35M, false },
	{ "interns2_mobius_text", "linear_num_value_heads", 32, Q35M, false },
	/* Gemma 4's full-attention layers: 512 when the key is left out,
	 * not head_dim (hf_fam_gemma4's fallback); the 31B and 26B-A4B
	 * checkpoints hold the default, so a re-saved text_config drops it */
	{ "gemma4_text", "global_head_dim", 512,
	  "transformers configuration_gemma4.py @008e5743 Gemma4TextConfig "
	  "(kwargs.pop(\"global_head_dim\", 512))", false },
	{ "gemma4_unified_text", "global_head_dim", 512,
	  "transformers Gemma4UnifiedTextConfig, a Gemma4TextConfig "
	  "(global_head_dim 512)", false },
	/* issue 35: Phi-4-mini-flash-reasoning's config.json names none of
	 * its Mamba sizes; its remote class applies these */
	{ "phi4flash", "mamba_d_state", 16, P4F, true },
	{ "phi4flash", "mamba_d_conv", 4, P4F, true },
	{ "phi4flash", "mamba_expand", 2, P4F, true },
	{ "deepseek_v3", "kv_lora_rank", 512, DSV3, false },
	{ "deepseek_v3", "qk_rope_head_dim", 64, DSV3, false },
	{ "deepseek_v3", "qk_nope_head_dim", 128, DSV3, false },
	{ "deepseek_v3", "v_head_dim", 128, DSV3, false },
	/* issue 35: Ling 3.0's VLM, its MLA keys where vLLM's
	 * BailingMoeV3TextConfig and SGLang's BailingHybridConfig agree
	 * (layer_group_size, 5 and 1, and short_conv_kernel_size, 4 and
	 * None (SGLang's Ling 2.5 lightning layers), differ: not filled,
	 * the bailing_hybrid row refuses them absent) */
	{ "BailingMoeV3TextConfig", "kv_lora_rank", 512, LV3, false },
	{ "BailingMoeV3TextConfig", "qk_rope_head_dim", 64, LV3, false },
	{ "BailingMoeV3TextConfig", "qk_nope_head_dim", 128, LV3, false },
	{ "BailingMoeV3TextConfig", "v_head_dim", 128, LV3, false },
};

#undef LV3
#undef Q35
#undef Q35M
#undef DSV3
#undef P4F

static bool absent(struct cfg *c, const cJSON *text, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(text, key);

	if (v && !cJSON_IsNull(v))
		return false;
	v = cJSON_GetObjectItemCaseSensitive(c->root, key);
	return !v || cJSON_IsNull(v);
}

static void fill(struct cfg *c, cJSON *text, const char *model_type,
                 const char *source, const char *key, uint64_t value)
{
	if (!value || !absent(c, text, key))
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(text, key);   /* a null */
	cJSON_AddNumberToObject(text, key, (double)value);
	if (c->text)
		hf_note(c, "%s.%s absent: %llu, the %s default (transformers "
		        "saves a text_config without its class's default values)",
		        c->text_key, key, (unsigned long long)value, model_type);
	else
		hf_note(c, "%s absent: %llu, the %s class default (%s)", key,
		        (unsigned long long)value, model_type, source);
}

static const struct text_defaults *row_for(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].model_type, model_type))
			return &rows[i];
	return NULL;
}

/* num_key_value_heads: the row's count, or the heads (KV_AS_HEADS) */
static void fill_kv(struct cfg *c, cJSON *obj, const struct text_defaults *d)
{
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(obj,
	                                                  "num_attention_heads");

	if (d->kv_heads != KV_AS_HEADS)
		fill(c, obj, d->model_type, d->source, "num_key_value_heads",
		     d->kv_heads);
	else if (cJSON_IsNumber(h) && h->valuedouble >= 1)
		fill(c, obj, d->model_type, d->source, "num_key_value_heads",
		     (uint64_t)h->valuedouble);
}

/*
 * A top-level config (no text_config) is built the same way,
 * CONFIG_MAPPING[model_type](**config) (transformers AutoConfig.
 * from_pretrained), every absent key the class default. But
 * save_pretrained writes every key a model's class defines
 * (PretrainedConfig.to_diff_dict drops only values equal to
 * PretrainedConfig's own defaults), so a top-level config lacking its
 * sizes was not saved by transformers: those stay refused or noted as
 * before. Only the keys a class gained after configs of its family were
 * written are filled: num_key_value_heads (LlamaConfig from 4.31, GQA;
 * Llama-1 configs such as huggyllama/llama-7b name none) and head_dim,
 * and key_rows[] marked top: a family whose published configs were
 * written by hand, leaving out sizes its class supplies (phi4flash).
 */
void hf_top_defaults(struct cfg *c, cJSON *root)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	const struct text_defaults *d = cJSON_IsString(mt) ?
	                                row_for(mt->valuestring) : NULL;
	size_t i;

	for (i = 0; cJSON_IsString(mt) &&
	            i < sizeof key_rows / sizeof key_rows[0]; i++)
		if (key_rows[i].top &&
		    !strcmp(key_rows[i].model_type, mt->valuestring))
			fill(c, root, key_rows[i].model_type,
			     key_rows[i].source, key_rows[i].key,
			     key_rows[i].value);
	if (!d)
		return;
	fill_kv(c, root, d);
	fill(c, root, d->model_type, d->source, "head_dim", d->head_dim);
}

/* A wrapper's text model when its text_config names no model_type: the
 * type the wrapper's configuration class gives it (transformers
 * configuration_llava.py and the others: text_config["model_type"] =
 * text_config.get("model_type", "llama"); Mistral3Config "mistral",
 * LlavaOnevisionConfig "qwen2", AyaVisionConfig "cohere2",
 * Gemma3Config Gemma3TextConfig). */
static const char *const wrapper_text[][2] = {
	/* issue 35b: text_config.get("model_type", X) in Lfm2VlConfig
	 * "lfm2", Cohere2VisionConfig "cohere2", Idefics2Config "mistral",
	 * PaliGemmaConfig "gemma", InternVLConfig "qwen2"; a fixed
	 * sub_configs text class in Glm4vMoeConfig (Glm4vMoeTextConfig),
	 * GlmOcrConfig, AriaConfig, Exaone4_5Config (transformers
	 * configuration_<wrapper>.py) */
	{ "lfm2_vl", "lfm2" }, { "cohere2_vision", "cohere2" },
	{ "idefics2", "mistral" }, { "paligemma", "gemma" },
	{ "internvl", "qwen2" }, { "glm4v_moe", "glm4v_moe_text" },
	{ "glm_ocr", "glm_ocr_text" }, { "aria", "aria_text" },
	{ "exaone4_5", "exaone4_5_text" },
	/* audio: AudioFlamingo3Config and Qwen2AudioConfig "qwen2",
	 * GraniteSpeechConfig "granite" */
	{ "audioflamingo3", "qwen2" }, { "qwen2_audio", "qwen2" },
	{ "granite_speech", "granite" },
	{ "llava", "llama" }, { "llava_next", "llama" },
	{ "llava_next_video", "llama" }, { "video_llava", "llama" },
	{ "vipllava", "llama" }, { "idefics3", "llama" },
	{ "smolvlm", "llama" }, { "mistral3", "mistral" },
	{ "llava_onevision", "qwen2" }, { "aya_vision", "cohere2" },
	{ "gemma3", "gemma3_text" },
	/* issue 35t: Emu3Config's text_config is an Emu3TextConfig
	 * (sub_configs; transformers configuration_emu3.py) */
	{ "emu3", "emu3_text_model" },
	/* issue 35a: vLLM transformers_utils/configs funaudiochat.py
	 * @ea13f6cc, granite4_vision.py @fb73c465, qianfan_ocr.py @967acb91 */
	{ "funaudiochat", "qwen2" }, { "granite4_vision", "granite" },
	{ "qianfan_ocr", "qwen3" },
	/* issue 35v: a fixed sub_configs text class, built whatever
	 * text_config names (transformers configuration_qwen3_5.py,
	 * configuration_qwen3_5_moe.py, configuration_qwen3_vl_moe.py,
	 * configuration_llama4.py @008e5743, configuration_glm4v.py
	 * @05cd1ec1: sub_configs["text_config"](**text_config)) */
	{ "qwen3_5", "qwen3_5_text" }, { "qwen3_5_moe", "qwen3_5_moe_text" },
	{ "qwen3_vl_moe", "qwen3_vl_moe_text" }, { "llama4", "llama4_text" },
	{ "glm4v", "glm4v_text" },
	/* issue 35, the registry sweep against vLLM's catalog of 2026-12:
	 * Cosmos3OmniConfig text_config.get("model_type", "qwen3_vl_text")
	 * (transformers configuration_cosmos3_omni.py @2c9d8b11; TensorRT-LLM's
	 * Cosmos3Config, model_type cosmos3, the same);
	 * LlavaOnevision2Config text_config.get("model_type", "qwen3") */
	{ "cosmos3_omni", "qwen3_vl_text" }, { "cosmos3", "qwen3_vl_text" },
	/* SGLang configs/interns2_mobius.py @252129ae InternS2MobiusConfig
	 * (Qwen3_5MoeConfig): a fixed sub_configs text class */
	{ "interns2_mobius", "interns2_mobius_text" },
	{ "llava_onevision2", "qwen3" },
	/* issue 35, llama.cpp 80fb11a convert registrations: JanusConfig
	 * text_config.get("model_type", "llama") (transformers
	 * configuration_janus.py, 4.56.2 as EDGSCOUT/Qwen3-0.6B @76d0ea2
	 * vendors it); llama.cpp conversion/januspro.py JanusProModel
	 * (LlamaModel, MODEL_ARCH.LLAMA) */
	{ "janus", "llama" },
	/* Llavaonevision1_5Config: sub_configs text_config (remote code
	 * configuration_llavaonevision1_5.py @a5eb942a) */
	{ "llavaonevision1_5", "LLaVAOneVision1_5_text" },
	/* Kimi-VL: the Hub's remote configuration_kimi_vl.py KimiVLConfig
	 * builds DeepseekV3Config(**text_config) and vLLM's
	 * transformers_utils/configs/kimi_vl.py DeepseekV2Config(**...):
	 * the same MLA keys and defaults (kv_lora_rank 512,
	 * qk_rope_head_dim 64); the Hub's config.json names no text
	 * model_type (moonshotai/Kimi-VL-A3B-Instruct, tests/data/hf/
	 * verbatim/kimi-vl-a3b-instruct.json) */
	{ "kimi_vl", "deepseek_v3" },
	/* issue 35: Intern-S2-Preview (SGLang configs/interns2preview.py:
	 * InternS2PreviewConfig(Qwen3_5MoeConfig), model_type
	 * "intern_s2_preview", sub_configs text_config a
	 * Qwen3_5MoeTextConfig; vLLM and SGLang run it as
	 * Qwen3_5MoeForConditionalGeneration, interns2_preview.py) */
	{ "intern_s2_preview", "qwen3_5_moe_text" },
	/* Moondream 3's decoder, config.text (hf_nested.c: its names and
	 * class defaults) */
	{ "moondream3", "moondream3_text" },
};

static const cJSON *rebuilt_text_type(struct cfg *c, cJSON *text,
                                      const cJSON *top);

static const cJSON *text_type(struct cfg *c, cJSON *text)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(c->root,
	                                                    "model_type");
	size_t i;

	if (cJSON_IsString(top) && rebuilt_text_type(c, text, top))
		return cJSON_GetObjectItemCaseSensitive(text, "model_type");
	if (cJSON_IsString(mt) || !cJSON_IsString(top))
		return cJSON_IsString(mt) ? mt : NULL;
	for (i = 0; i < sizeof wrapper_text / sizeof wrapper_text[0]; i++) {
		if (strcmp(wrapper_text[i][0], top->valuestring))
			continue;
		cJSON_DeleteItemFromObjectCaseSensitive(text, "model_type");
		mt = cJSON_AddStringToObject(text, "model_type",
		                             wrapper_text[i][1]);
		hf_note(c, "%s.model_type absent: \"%s\", %s's text model",
		        c->text_key, wrapper_text[i][1], wrapper_text[i][0]);
		return mt;
	}
	return NULL;
}

/* Wrappers whose class builds the text config from its own defaults
 * first ({**_default_text_config_kwargs, **text_config}: transformers
 * configuration_voxtral.py VoxtralConfig, configuration_glmasr.py
 * GlmAsrConfig): a key the text_config leaves out is theirs, not the
 * text class's, so nothing is filled (a size it needs is refused). */
static bool own_text_defaults(struct cfg *c)
{
	static const char *const own[] = { "voxtral", "glmasr" };
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(c->root,
	                                                    "model_type");
	size_t i;

	for (i = 0; cJSON_IsString(top) && i < sizeof own / sizeof own[0]; i++)
		if (!strcmp(own[i], top->valuestring))
			return true;
	return false;
}

static void fill_sizes(struct cfg *c, cJSON *text,
                       const struct text_defaults *d)
{
	const char *t = d->model_type, *src = d->source;

	fill(c, text, t, src, "num_hidden_layers", d->layers);
	fill(c, text, t, src, "hidden_size", d->hidden);
	fill(c, text, t, src, "num_attention_heads", d->heads);
	fill_kv(c, text, d);
	fill(c, text, t, src, "intermediate_size", d->intermediate);
	fill(c, text, t, src, "max_position_embeddings", d->positions);
	fill(c, text, t, src, "vocab_size", d->vocab);
	fill(c, text, t, src, "head_dim", d->head_dim);
}

/*
 * Wrappers whose class rebuilds text_config as a class of its own, so
 * that class's defaults fill what the file leaves out, while the model
 * code that runs on it follows text_config's own model_type and
 * architectures (unlike wrapper_rebuilds[], where the class decides the
 * model too). Step3-VL-10B (StepVLForConditionalGeneration): SGLang
 * models/step3_vl_10b.py @40f33cd9 runs Qwen3ForCausalLM on
 * config.text_config, vLLM step_vl.py @055e47c2 the model its
 * architectures name (init_vllm_registered_model), on the Step3TextConfig
 * both engines' Step3VLConfig builds: head_dim 256 when absent, not
 * Qwen3Config's 128.
 */
struct wrapper_cls {
	const char *wrapper, *cls;
	/* the architecture the class gives a text_config naming none, or
	 * NULL: the text model's family rule may read it */
	const char *arch;
};

static const struct wrapper_cls wrapper_class[] = {
	{ "step3_vl", "step3_text", NULL },
	/* issue 35: Ling 3.0's VLM. vLLM transformers_utils/configs/
	 * bailing_moe_v3_vl.py @d809f24a BailingMoeV3VLConfig rebuilds
	 * text_config as BailingMoeV3TextConfig (architectures None:
	 * ["BailingMoeV3ForCausalLM"]) and bailing_moe_v3_vl.py @54fc980c
	 * runs BailingMoeV3ForCausalLM on it; SGLang configs/
	 * bailing_hybrid.py @0f6954e8 BailingMoeV3VLConfig rebuilds it as
	 * BailingHybridConfig, architectures None the same. Without that
	 * name the top level's BailingMoeV3VLForConditionalGeneration would
	 * reach the bailing_hybrid row, which tells Ling 3.0 from 2.5 by it
	 * (hf_fam_hybrid.c) */
	{ "bailing_moe_v3_vl", "BailingMoeV3TextConfig",
	  "BailingMoeV3ForCausalLM" },
};

/* the text class the wrapper rebuilds text_config as, or NULL */
static const struct wrapper_cls *text_class(const struct cfg *c)
{
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(c->root,
	                                                    "model_type");
	size_t i;

	for (i = 0; cJSON_IsString(top) &&
	            i < sizeof wrapper_class / sizeof wrapper_class[0]; i++)
		if (!strcmp(wrapper_class[i].wrapper, top->valuestring))
			return &wrapper_class[i];
	return NULL;
}

/* the class's architectures where text_config names none (absent or
 * null: both classes above test "is None") */
static void fill_arch(struct cfg *c, cJSON *text, const struct wrapper_cls *w)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(text,
	                                                  "architectures");
	cJSON *arr;

	if (!w->arch || (a && !cJSON_IsNull(a)))
		return;
	arr = cJSON_CreateArray();
	if (!arr || !cJSON_AddItemToArray(arr, cJSON_CreateString(w->arch))) {
		cJSON_Delete(arr);
		return;
	}
	cJSON_DeleteItemFromObjectCaseSensitive(text, "architectures");
	if (!cJSON_AddItemToObject(text, "architectures", arr)) {
		cJSON_Delete(arr);
		return;
	}
	hf_note(c, "%s.architectures absent: [\"%s\"], as %s's class %s "
	        "gives it", c->text_key, w->arch, w->wrapper, w->cls);
}

void hf_text_defaults(struct cfg *c, cJSON *text)
{
	const cJSON *mt = text && !own_text_defaults(c) ? text_type(c, text)
	                                                : NULL;
	const struct text_defaults *d;
	const struct wrapper_cls *w = text_class(c);
	const char *t;
	size_t i;

	if (!mt)
		return;
	if (w)
		fill_arch(c, text, w);
	t = w ? w->cls : mt->valuestring;
	for (i = 0; i < sizeof key_rows / sizeof key_rows[0]; i++)
		if (!strcmp(key_rows[i].model_type, t))
			fill(c, text, key_rows[i].model_type,
			     key_rows[i].source, key_rows[i].key,
			     key_rows[i].value);
	d = row_for(t);
	if (d)
		fill_sizes(c, text, d);
}

/* A wrapper whose configuration class rebuilds its text model as its own
 * class whatever model_type text_config names (the class pops it): the
 * text model's type is the wrapper's, and a text model_type the file
 * names is not what the engines build. */
static const char *const wrapper_rebuilds[][3] = {
	{ "minimax_m3_vl", "minimax_m3_vl_text",
	  "transformers configuration_minimax_m3_vl.py @01a05aad "
	  "MiniMaxM3VLConfig.__post_init__ (text_config.pop(\"model_type\"); "
	  "MiniMaxM3VLTextConfig(**text_config))" },
	{ "midashenglm", "qwen2_5_omni_text",
	  "vLLM transformers_utils/configs/midashenglm.py @8a8be3dc "
	  "MiDashengLMConfig (Qwen2_5OmniTextConfig(**text_config))" },
	{ "umm", "qwen2", "vLLM transformers_utils/configs/cheers.py "
	  "@479ce6ba CheersConfig (Qwen2Config(**text_config))" },
	{ "moss_audio", "qwen3", "vLLM moss_audio.py @055e47c2 MossAudioConfig "
	  "(Qwen3Config(**language_config))" },
	{ "cosmos3_edge", "cosmos3_edge_text",
	  "transformers configuration_cosmos3_edge.py @e5032053 "
	  "Cosmos3EdgeConfig.__post_init__ "
	  "(Cosmos3EdgeTextConfig(**text_config))" },
	/* issue 35: Ling 3.0's VLM; both classes' model_type is
	 * bailing_hybrid (wrapper_class above for their defaults) */
	{ "bailing_moe_v3_vl", "bailing_hybrid", "vLLM transformers_utils/"
	  "configs/bailing_moe_v3_vl.py @d809f24a BailingMoeV3VLConfig "
	  "(kwargs.pop(\"model_type\"); BailingMoeV3TextConfig(**text_config),"
	  " model_type bailing_hybrid) and SGLang configs/bailing_hybrid.py "
	  "@0f6954e8 BailingMoeV3VLConfig (BailingHybridConfig(**text_config))" },
};

static const cJSON *rebuilt_text_type(struct cfg *c, cJSON *text,
                                      const cJSON *top)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
	size_t i;

	for (i = 0; i < sizeof wrapper_rebuilds / sizeof wrapper_rebuilds[0];
	     i++) {
		const char *const *w = wrapper_rebuilds[i];

		if (strcmp(w[0], top->valuestring))
			continue;
		if (cJSON_IsString(mt) && !strcmp(mt->valuestring, w[1]))
			return mt;
		hf_note(c, "%s.model_type %s%s%s: \"%s\", as %s's class "
		        "rebuilds it (%s)", c->text_key,
		        cJSON_IsString(mt) ? "\"" : "absent",
		        cJSON_IsString(mt) ? mt->valuestring : "",
		        cJSON_IsString(mt) ? "\" replaced" : "", w[1], w[0], w[2]);
		cJSON_DeleteItemFromObjectCaseSensitive(text, "model_type");
		return cJSON_AddStringToObject(text, "model_type", w[1]);
	}
	return NULL;
}
