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
	/* issue 35b: keys real configs of known families carry (the audit,
	 * docs/families-keys.md) */
	{ "ssm_*multiplier*", "ssm_multipliers", HF_KEY_ANY, "muP scales of the "
	  "Mamba mixer's input, output and in_proj blocks (compute)", "vLLM "
	  "falcon_h1.py FalconH1ParallelHybrid (ssm_in_multiplier, "
	  "ssm_out_multiplier; ssm_multipliers -> mup_vector)" },
	{ "mamba_norm_before_gate", "mamba_norm_before_gate", HF_KEY_ANY, "the "
	  "gated RMSNorm's order (compute)", "transformers modeling_falcon_h1.py "
	  "FalconH1Mixer (FalconH1RMSNormGated norm_before_gate); " MAMBA_SHAPE },
	{ "mamba_use_mlp", "mamba_use_mlp", HF_KEY_ANY, "nothing an engine reads: "
	  "every Falcon-H1 layer has its feed_forward", "transformers "
	  "configuration_falcon_h1.py (stored only); vLLM falcon_h1.py "
	  "FalconH1ParallelHybrid builds FalconH1MLP on every layer" },
	{ "activation_sparsity_pattern", "activation_sparsity_pattern", HF_KEY_ANY,
	  "a Gaussian top-k of each layer's MLP gate (compute)", "transformers "
	  "modeling_gemma3n.py Gemma3nTextMLP (activation_sparsity_pattern"
	  "[layer_idx], _gaussian_topk); vLLM gemma3n.py Gemma3nMLP" },
	{ "expert_layer_*", "expert_layer_period", HF_KEY_ANY, "which layers' MLP is "
	  "the MoE (weights)", "transformers modeling_jamba.py JambaModel "
	  "(is_expert = (i - expert_layer_offset) % expert_layer_period == 0: "
	  "num_experts of the MLP only); vLLM jamba.py" },
	{ "moe_layer_interval", "moe_layer_interval", HF_KEY_ANY, "which layers' MLP "
	  "is the MoE (weights)", "transformers modular_ernie4_5_moe.py "
	  "Ernie4_5_MoeDecoderLayer ((layer_idx + 1) % moe_layer_interval == 0 "
	  "between moe_layer_start_index and moe_layer_end_index); vLLM "
	  "ernie45_moe.py moe_layers_indices" },
	{ "*_attn_alpha_factor", "full_attn_alpha_factor", HF_KEY_ANY, "residual "
	  "scaling after attention (compute)", "transformers modeling_minimax.py "
	  "MiniMaxDecoderLayer (residual * alpha_factor + output * beta_factor)" },
	{ "*_attn_beta_factor", "linear_attn_beta_factor", HF_KEY_ANY, "residual "
	  "scaling after attention (compute)", "transformers modeling_minimax.py "
	  "MiniMaxDecoderLayer" },
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
	/* changes nothing for vLLM outside the architectures hf_state.c's
	 * ssm_dtype_keys reads it for; SGLang, which reads it for any
	 * Mamba-style model, gets kvplan's float32 default at most: never a
	 * smaller state than the config's (issue 35c) */
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
