/*
 * hf_keys.c - THE table of layout-shaped config keys that change only the
 * compute, the weights or nothing (hf_keys.h). hf_cfg.c refuses a key of
 * a layout shape that no reader took; a row here, when its condition
 * holds for the value, reads it instead (the key is then named in no
 * message: it does not change a figure of the cache). Adding a row needs
 * its engine source; tests/unit/test_import_keys.c walks every row.
 */
#include <string.h>

#include "io/hf/hf_keys.h"

/* The Mamba state's shape, per layer, takes only these inputs (vLLM
 * model_executor/layers/mamba/mamba_utils.py MambaStateShapeCalculator.
 * mamba2_state_shape: tp, intermediate, n_groups, num_heads, head_dim,
 * state_size, conv_kernel; llama.cpp llama-model.cpp: ssm_d_conv,
 * ssm_d_inner, ssm_d_state, ssm_n_group): a mamba_* key that is none
 * of them changes compute or weights. */
#define MAMBA_SHAPE "vLLM mamba_utils.py mamba2_state_shape (not an input)"

static const struct hf_key_row rows[] = {
	{ "mamba_dt_*", "mamba_dt_rank", HF_KEY_ANY, "dt projection rank, init and limits "
	  "(weights, compute)", MAMBA_SHAPE },
	{ "mamba_hidden_act", "mamba_hidden_act", HF_KEY_ANY, "the mixer's activation",
	  MAMBA_SHAPE },
	{ "mamba_chunk_size", "mamba_chunk_size", HF_KEY_ANY, "the chunked scan's chunk "
	  "(compute)", MAMBA_SHAPE },
	{ "mamba_*_bias", "mamba_out_bias", HF_KEY_ANY, "projection or conv biases (weights)",
	  MAMBA_SHAPE },
	{ "use_mamba_kernels", "use_mamba_kernels", HF_KEY_ANY, "CUDA kernels or a torch path "
	  "(compute)", MAMBA_SHAPE },
	{ "mamba_proj_bias", "mamba_proj_bias", HF_KEY_ANY, "in/out projection biases (weights)",
	  MAMBA_SHAPE },
	{ "mamba_conv_bias", "mamba_conv_bias", HF_KEY_ANY, "the conv's bias (weights)",
	  MAMBA_SHAPE },
	{ "mamba_rms_norm", "mamba_rms_norm", HF_KEY_ANY, "a norm inside the mixer (weights)",
	  MAMBA_SHAPE },
	{ "mamba_act", "mamba_act", HF_KEY_ANY, "the mixer's activation", MAMBA_SHAPE },
	/* RoPE keys set angles: vLLM rotary_embedding get_rope takes the
	 * head size from the attention layer, never from a rope key */
	{ "swa_rope_theta", "swa_rope_theta", HF_KEY_ANY, "RoPE base of the sliding layers",
	  "vLLM mimo_v2_flash.py (swa_rope_theta: rope base only)" },
	{ "*rope_theta*", "compress_rope_theta", HF_KEY_ANY, "RoPE base (angles)",
	  "vLLM rotary_embedding get_rope (head size from the layer)" },
	{ "compress_rope_parameters", "compress_rope_parameters", HF_KEY_ANY,
	  "RoPE of the compressed (CSA/HCA) keys (angles)", "transformers "
	  "configuration_deepseek_v4.py DeepseekV4Config.__post_init__ "
	  "(rope_parameters with rope_theta compress_rope_theta, the "
	  "compressor's rotary: angles; head size from the layer)" },
	{ "*attention_sink*", "add_swa_attention_sink_bias", HF_KEY_ANY, "one learned sink logit per head "
	  "(weights, no cache)", "vLLM gpt_oss.py (sinks); vLLM laguna.py "
	  "(swa_attention_sink_enabled: sinks on SWA layers)" },
	{ "index_share_for_mtp_iteration", "index_share_for_mtp_iteration",
	  HF_KEY_ANY, "whether MTP draft steps reuse the first step's top-k "
	  "(a runtime toggle of the MTP layers, which always build their "
	  "indexer; not the main cache)", "vLLM deepseek_v2.py @002d6073 "
	  "DeepseekV2MLAAttention (is_mtp_layer, set_skip_topk)" },
	{ "attn_type_list", "attn_type_list", HF_KEY_ALL_ONE, "nothing when every layer is "
	  "1 (softmax attention); 0 is a lightning (linear) layer, refused",
	  "vLLM minimax_text_01.py (attn_type_list[i]: 0 linear, 1 softmax); "
	  "vLLM minimax_m2.py @01d99586 builds MiniMaxM2Attention in every "
	  "layer" },
	{ "full_attn_mod", "full_attn_mod", HF_KEY_ONE, "nothing at 1 (every layer's index "
	  "mod 1 is 0: no layer slides), any other value refused",
	  "Phi-4-mini / phi4mm configs; vLLM phi3.py and llama.cpp "
	  "LLM_ARCH_PHI3 (n_swa 0) run every layer full" },
	/* issue 35a */
	{ "compression_ratio", "compression_ratio", HF_KEY_ANY, "ERNIE's RoPE "
	  "position scale (positions / compression_ratio: angles only)",
	  "Baidu modeling_ernie4_5.py Ernie4_5_RopeEmbedding(head_dim, "
	  "compression_ratio, base); onnxruntime-genai src/python/py/models/"
	  "builders/ernie.py @a0c04eb1 (rescale_factors 1 / compression_ratio); "
	  "vLLM paddleocr_vl.py @60191e18 builds Ernie4_5 attention without it" },
	{ "mamba_ssm_dtype", "mamba_ssm_dtype", HF_KEY_ANY, "nothing outside "
	  "Qwen3.5's ConditionalGeneration architectures: vLLM reads it only "
	  "through MODELS_CONFIG_MAP's Qwen3_5ForConditionalGeneration, "
	  "Qwen3_5MoeForConditionalGeneration and ColQwen3_5 "
	  "(Qwen3_5ForConditionalGenerationConfig; hf_state.c ssm_dtype_keys "
	  "reads it for those architectures, before this row; a flat "
	  "Qwen3_5ForCausalLM file has no entry); Qwen3NextForCausalLM has "
	  "no entry, its SSM state is --mamba-ssm-cache-dtype's (auto: the conv "
	  "state's format); SGLang's is --mamba-ssm-dtype, llama.cpp's f32",
	  "vLLM model_executor/models/config.py (main, 2026: MODELS_CONFIG_MAP); "
	  "hf_state.c vllm_ssm_dtype" },
};

bool hf_glob(const char *p, const char *s)
{
	if (*p == '\0')
		return *s == '\0';
	if (*p == '*') {
		for (;; s++) {
			if (hf_glob(p + 1, s))
				return true;
			if (*s == '\0')
				return false;
		}
	}
	return *s == *p && hf_glob(p + 1, s + 1);
}

static bool holds(enum hf_key_when w, const cJSON *v)
{
	const cJSON *e;

	switch (w) {
	case HF_KEY_ANY:
		return true;
	case HF_KEY_ONE:
		return cJSON_IsNumber(v) && v->valuedouble == 1;
	case HF_KEY_ALL_ONE:
		if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0)
			return false;
		cJSON_ArrayForEach(e, v)
			if (!cJSON_IsNumber(e) || e->valuedouble != 1)
				return false;
		return true;
	}
	return false;
}

const struct hf_key_row *hf_key_neutral(const char *name, const cJSON *v)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (hf_glob(rows[i].key, name) && holds(rows[i].when, v))
			return &rows[i];
	return NULL;
}

const struct hf_key_row *hf_key_rows(size_t *n)
{
	*n = sizeof rows / sizeof rows[0];
	return rows;
}
