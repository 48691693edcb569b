/*
 * hf_fam_sambay.c - Phi-4-mini-flash-reasoning's SambaY decoder
 * (model_type phi4flash, Phi4FlashForCausalLM): a YOCO self-decoder of
 * Mamba and sliding-window layers, one full-attention layer whose K/V
 * every later attention layer reads, and a cross-decoder that keeps no
 * cache of its own. The family table's row (hf_family.c) points here.
 *
 * Rules, n = num_hidden_layers, half = n / 2 (the two sources agree on
 * which layer keeps what):
 *   the model's remote code, franciskamande-ai/cloned_models @711ebe7d
 *   (a copy of the Hub folder) Phi-4-mini-flash-reasoning/
 *   configuration_phi4flash.py Phi4FlashConfig and modeling_phi4flash.py
 *   SambaYDecoderLayer, SambaYCache, Phi3Mamba; vLLM
 *   vllm/model_executor/models/phi4flash.py @03356f8c (served by
 *   0.10.0-0.10.2, V0 only: SupportsV0Only; registry
 *   _PREVIOUSLY_SUPPORTED_MODELS "0.10.2", PR #25832):
 *   - layer i uses Mamba where i % mb_per_layer == 0, attention
 *     elsewhere; SambaYCache keeps Mamba state on even layers and K/V on
 *     odd ones (i % 2): only mb_per_layer 2 agrees, any other is refused;
 *   - i < half, odd: attention with sliding_window (Phi4FlashConfig's
 *     per-layer list: the window where i < half and i is odd, None
 *     elsewhere), SambaYCache min(window, max_cache_len) positions;
 *   - i < half, even, and i == half: Mamba 1 with its conv and SSM
 *     state (layer half, yoco_mb, also hands its output to the GMUs);
 *   - i == half + 1: attention over every position (config.sliding_
 *     window = None there; SambaYCache global_attn_idx);
 *   - i >= half + 2, odd: attention on layer half + 1's K/V (yoco_cross;
 *     vLLM kv_sharing_target_layer_name "model.layers.{half+1}"): no
 *     cache, kind shared;
 *   - i >= half + 2, even: a gated memory unit (Phi4Mamba yoco_cross:
 *     in_proj, SwiGLU with layer half's SSM output, out_proj): no state,
 *     kind ffn. SambaYCache allocates layers 0 .. half + 1 only; vLLM's
 *     MambaCacheManager n // 2 // mb_per_layer + 1 Mamba states.
 * head_dim hidden_size / heads in both (hf_fam_heads.c's row). The
 * Mamba state's sizes are hf_state.c's (vLLM's conv_kernel - 1
 * columns; the remote cache keeps conv_kernel: noted).
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* layer_types, when a newer config class writes it (vLLM's
 * SambaYAttention reads is_sliding from it): the self-decoder's
 * attention layers must say what the rule says, else refused. */
static enum kvp_status check_types(struct cfg *c, uint32_t n)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, "layer_types", path, sizeof path), *e;
	uint32_t i, half = n / 2;

	if (!a)
		return KVP_OK;
	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n)
		return hf_bad(c, path, a, "must name one type per layer");
	for (i = 1; i <= half + 1; i += 2) {
		const char *want = i < half ? "sliding_attention"
		                            : "full_attention";

		e = cJSON_GetArrayItem(a, (int)i);
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (!cJSON_IsString(e) || strcmp(e->valuestring, want))
			return hf_bad(c, p2, e, i < half ?
			              "SambaYCache keeps this layer's window "
			              "(sliding_attention)" :
			              "SambaYCache keeps every position of this "
			              "layer (full_attention)");
	}
	return KVP_OK;
}

/* The weights the per-layer count does not see (weights.c): the GMUs'
 * in_proj and out_proj (hidden x d_inner each) counted with the MLPs
 * (arch.mlp_params, as hf_layout.c counts block_configs' linear
 * attention); what stays off named with its size. */
static enum kvp_status gmu_weights(struct cfg *c, struct kvp_model *m,
                                   uint32_t n_gmu, uint32_t n_cross)
{
	uint64_t h = m->arch.hidden, expand = 2, p = 0, kv = 0, off = 0;
	uint64_t ds = 16, dtr = 0;

	if (hf_uint(c, "mamba_expand", 1, 64, &expand) < 0 ||
	    hf_uint(c, "mamba_d_state", 1, DIM_MAX, &ds) < 0 ||
	    hf_uint(c, "mamba_dt_rank", 1, DIM_MAX, &dtr) < 0)
		return c->err->status;
	if (!dtr)
		dtr = kvp_ceil_div(h, 16);   /* Phi4FlashConfig "auto" */
	if (!kvp_muladd(&p, (uint64_t)m->n_layers * 3 * h, m->arch.intermediate) ||
	    !kvp_muladd(&p, (uint64_t)n_gmu * 2 * h, expand * h) ||
	    !kvp_mul((uint64_t)n_cross * 2, (uint64_t)m->base.kv_heads *
	             m->base.k_dim * (h + 1), &kv))
		return hf_bad(c, "intermediate_size", NULL, "the weight count "
		              "overflows 64 bits");
	m->arch.mlp_params = p;
	/* hf_state.c's Mamba 1 count holds Jamba's dt, B and C norms
	 * (dt_rank + 2 x d_state a layer), which Phi3Mamba has not */
	kv += (uint64_t)(m->n_layers / 4 + 1) * (dtr + 2 * ds);
	/* LayerNorm biases (2 a layer and the final one), differential
	 * attention's lambda_q1/k1/q2/k2 and subln (6 x head_dim) */
	off = (2 * (uint64_t)m->n_layers + 1) * h +
	      (uint64_t)(m->n_layers / 2) * 6 * m->base.k_dim;
	hf_note(c, "phi4flash weights: the %u gated memory units' in_proj and "
	        "out_proj counted with the MLPs; the %u cross-decoder attention "
	        "layers' k and v projections (Wqkv is q alone) and the Mamba "
	        "layers' dt, B and C norms counted though absent: %llu "
	        "parameters over the checkpoint; LayerNorm "
	        "biases, differential attention's lambdas and subln not counted: "
	        "%llu under (modeling_phi4flash.py; vLLM phi4flash.py)", n_gmu,
	        n_cross, (unsigned long long)kv, (unsigned long long)off);
	return KVP_OK;
}

/* The Mamba keys as each engine takes them. Neither builds its mixer
 * from mamba_conv_bias or mamba_proj_bias (remote SambaYDecoderLayer and
 * vLLM SambaYDecoderLayer pass d_conv, d_state, expand and dtype, or
 * dtype alone, to Phi3Mamba / Phi4Mamba, whose defaults are conv_bias
 * True, bias False): read, nothing changes. vLLM's mixer keeps its
 * defaults d_state 16, d_conv 4, expand 2 while its cache shape reads
 * the config's: other values noted (the figure is the config's, as the
 * remote code builds both from it). */
static enum kvp_status mamba_keys(struct cfg *c)
{
	static const char *const keys[] = {
		"mamba_d_state", "mamba_d_conv", "mamba_expand" };
	static const uint64_t vllm_fixed[] = { 16, 4, 2 };
	uint64_t v;
	size_t i;
	int r;

	hf_superseded(c, "mamba_conv_bias");
	hf_superseded(c, "mamba_proj_bias");
	for (i = 0; i < 3; i++) {
		if ((r = hf_uint(c, keys[i], 1, DIM_MAX, &v)) < 0)
			return c->err->status;
		if (r && v != vllm_fixed[i])
			hf_note(c, "%s %llu: vLLM phi4flash.py's Phi4Mamba is built "
			        "with %llu whatever the config says (its cache shape "
			        "reads the config): sized from the config, as the "
			        "remote code runs it", keys[i], (unsigned long long)v,
			        (unsigned long long)vllm_fixed[i]);
	}
	return KVP_OK;
}

static enum kvp_status check_keys(struct cfg *c, uint32_t n)
{
	char path[96];
	/* hf_get reads null as absent; Phi4FlashConfig(sliding_window=None)
	 * is not its default 2047 */
	const cJSON *sw = cJSON_GetObjectItemCaseSensitive(c->text ? c->text :
	                                                   c->root,
	                                                   "sliding_window");
	uint64_t mb = 2;

	if (hf_uint(c, "mb_per_layer", 0, DIM_MAX, &mb) < 0)
		return c->err->status;
	if (mb != 2)
		return hf_bad(c, "mb_per_layer", hf_get(c, "mb_per_layer", path,
		              sizeof path), "SambaYCache keeps Mamba state on "
		              "even layers and K/V on odd ones: only 2 agrees with "
		              "the decoder's i % mb_per_layer");
	if (n < 4 || n % 4)
		return hf_bad(c, "num_hidden_layers", NULL, "SambaY needs a "
		              "multiple of 4 (SambaYDecoderLayer asserts it)");
	if (cJSON_IsNull(sw))
		return hf_bad(c, "sliding_window", sw, "SambaYCache sizes its sliding layers "
		              "with min(sliding_window, max_cache_len): a number");
	return check_types(c, n) ? c->err->status : mamba_keys(c);
}

enum kvp_status hf_fam_phi4flash(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found)
{
	uint32_t i, n = m->n_layers, half = n / 2;

	if (check_keys(c, n))
		return c->err->status;
	for (i = 0; i < n; i++) {
		if (i <= half)
			L[i].kind = i % 2 ? KVP_LAYER_SLIDING : KVP_LAYER_NONE;
		else if (i == half + 1)
			L[i].kind = KVP_LAYER_FULL;
		else if (i % 2) {
			L[i].kind = KVP_LAYER_SHARED;
			L[i].shared_with = half + 1;
		} else
			L[i].kind = KVP_LAYER_FFN;
	}
	*found = true;
	hf_note(c, "phi4flash: layers %u-%u (YOCO cross-decoder) keep no "
	        "cache: attention on layer %u's K/V, gated memory units on layer "
	        "%u's SSM output; the Mamba conv state keeps conv_kernel - 1 "
	        "columns as vLLM phi4flash.py's _get_mamba_cache_shape (the "
	        "remote SambaYCache keeps conv_kernel: one column more a Mamba "
	        "layer, both in the model's dtype); vLLM ran it on V0 only "
	        "(0.10.0-0.10.2); llama.cpp, SGLang and TensorRT-LLM refuse it "
	        "by name (engine_compute.c model_rows[])", half + 2, n - 1,
	        half + 1, half);
	return gmu_weights(c, m, (n - half - 2) / 2, (n - half - 2) / 2);
}
