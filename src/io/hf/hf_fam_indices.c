/*
 * hf_fam_indices.c - a layout given as the list of attention layers'
 * 0-based indices, every other layer recurrent: Bamba's
 * attn_layer_indices and LFM2's older full_attn_idxs (hf_fam_hybrid.c).
 */
#include <stdio.h>

#include "io/hf/hf_cfg.h"

enum kvp_status hf_kinds_at_indices(struct cfg *c, const char *key,
                                    struct kvp_model *m, struct lay *L,
                                    bool *found)
{
	char path[96], p2[128];
	const cJSON *idx = hf_get(c, key, path, sizeof path), *e;
	uint32_t i, k = 0;

	if (*found || !idx)
		return KVP_OK;
	if (!cJSON_IsArray(idx))
		return hf_bad(c, path, idx, "must list the attention layers "
		              "(0-based)");
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_NONE;
	cJSON_ArrayForEach(e, idx) {
		snprintf(p2, sizeof p2, "%s[%u]", path, k++);
		if (!cJSON_IsNumber(e) || e->valuedouble < 0 ||
		    e->valuedouble >= m->n_layers ||
		    e->valuedouble != (double)(uint32_t)e->valuedouble)
			return hf_bad(c, p2, e, "a 0-based layer within "
			              "num_hidden_layers");
		L[(uint32_t)e->valuedouble].kind = KVP_LAYER_FULL;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Bamba (transformers configuration_bamba.py BambaConfig.layers_block_type:
 * "attention" where i is in attn_layer_indices, else "mamba"; vLLM
 * bamba.py BambaModel builds ALL_DECODER_LAYER_TYPES[layers_block_type[i]]:
 * BambaAttentionDecoderLayer of num_key_value_heads x hidden / heads, or
 * BambaMixerDecoderLayer, a MambaMixer2 of mamba_n_heads x mamba_d_head,
 * mamba_n_groups, mamba_d_state, mamba_d_conv, read by hf_state.c; a
 * BambaMLP on every layer). Without the list every layer is Mamba
 * (attn_layer_indices None in the property): refused, since a real
 * Bamba config names its attention layers and a list absent by mistake
 * would size no KV cache at all.
 */
enum kvp_status hf_fam_bamba(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	if (*found)
		return KVP_OK;
	if (!hf_has(c, "attn_layer_indices"))
		return hf_bad(c, "attn_layer_indices", NULL, "required for "
		              "Bamba (transformers BambaConfig.layers_block_type: "
		              "its attention layers; every other layer is Mamba)");
	return hf_kinds_at_indices(c, "attn_layer_indices", m, L, found);
}
