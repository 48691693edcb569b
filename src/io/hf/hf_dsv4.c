/*
 * hf_dsv4.c - DeepSeek V4's compressed attention (model_type deepseek_v4,
 * and deepseek_ref in aiconfigurator's copies): compress_ratios gives each
 * layer a ratio, 0 (the sliding window only), 4 (CSA: compressed with
 * overlap, and a lightning indexer) or 128 (HCA).
 *
 * What the model keeps, per layer and sequence (DeepSeek's reference
 * inference/model.py, as copied in Nicooo-Wang/DeepSeek-V4-Pro-code
 * @0ec3a03c, Attention, Compressor and Indexer):
 *   kv_cache       window_size + max_seq_len // ratio rows of head_dim
 *                  (one K, shared by every query head; no V): the raw
 *                  window, then one row per `ratio` positions
 *   Indexer        kv_cache of max_seq_len // 4 rows of index_head_dim,
 *                  only where compress_ratio == 4
 *   Compressor     kv_state and score_state, f32, each (coff x ratio) x
 *                  (coff x dim) with coff = 2 where ratio == 4 (overlap),
 *                  else 1; dim head_dim, and index_head_dim for the
 *                  indexer's own compressor
 * llama.cpp (llama-kv-cache-dsv4.cpp, v0.4.0 = 5b4ebc5) keeps the same
 * rows and states: DSV4_CSA_RATIO 4, DSV4_HCA_RATIO 128, states of
 * 2 x ratio x 2 x head_dim (CSA), ratio x head_dim (HCA), 2 x ratio x
 * 2 x index_head_dim (indexer), kv and score; its loader refuses other
 * ratios, and so does this reader. Entries of compress_ratios past
 * num_hidden_layers belong to the MTP layers, outside the main cache.
 */
#include <stdio.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* The indexer's ratio: compressed layers of this ratio have one
 * (inference/model.py Attention: `if self.compress_ratio == 4`). */
#define DSV4_INDEX_RATIO 4

/* Compressor state bytes, kv and score in f32, of one compressor. */
static uint64_t comp_state(uint64_t ratio, uint64_t dim)
{
	uint64_t coff = ratio == DSV4_INDEX_RATIO ? 2 : 1;

	return 2 * (coff * ratio) * (coff * dim) * 4;
}

/* One ratio of compress_ratios, at path: 0, 4 or 128. */
static enum kvp_status one_ratio(struct cfg *c, const cJSON *e,
                                 const char *path, uint64_t *r)
{
	if (hf_uint_at(c, e, path, 0, 128, r) < 0)
		return c->err->status;
	if (*r != 0 && *r != 4 && *r != 128)
		return hf_bad(c, path, e, "DeepSeek V4 compresses by 4 or 128 "
		              "(or not at all, 0); the reference code and "
		              "llama.cpp's loader know no other ratio");
	return KVP_OK;
}

/*
 * Keys of compute and weights only, not the cache: the RoPE of the
 * compressed rows, the low-rank q and grouped low-rank o (weights the
 * note says are not counted), the rope part of head_dim. A config saved
 * by transformers also holds qk_nope_head_dim, which DeepseekV4Config.
 * __post_init__ derives as head_dim - qk_rope_head_dim (transformers
 * configuration_deepseek_v4.py; V4 has no MLA split): read when it is
 * that, refused otherwise.
 */
static enum kvp_status derived_keys(struct cfg *c, uint64_t hd)
{
	char path[96];
	uint64_t rope = 0, nope = 0;
	int k;

	hf_superseded(c, "compress_rope_theta");
	hf_superseded(c, "q_lora_rank");
	hf_superseded(c, "o_lora_rank");
	hf_superseded(c, "o_groups");
	if ((k = hf_uint(c, "qk_nope_head_dim", 0, DIM_MAX, &nope)) < 0 ||
	    hf_uint(c, "qk_rope_head_dim", 0, DIM_MAX, &rope) < 0)
		return c->err->status;
	if (k > 0 && nope + rope != hd)
		return hf_bad(c, "qk_nope_head_dim", hf_get(c, "qk_nope_head_dim",
		              path, sizeof path), "not head_dim - qk_rope_head_dim, "
		              "as transformers DeepseekV4Config derives it: no "
		              "rule known for another split");
	return KVP_OK;
}

enum kvp_status hf_fam_dsv4(struct cfg *c, struct kvp_model *m, struct lay *L,
                            bool *found)
{
	char path[96], p2[128];
	const cJSON *cr = hf_get(c, "compress_ratios", path, sizeof path), *e;
	uint64_t win = 0, hd = m->base.k_dim, ihd = 0, r;
	uint32_t i = 0;
	int k;

	if (!cJSON_IsArray(cr) ||
	    (uint32_t)cJSON_GetArraySize(cr) < m->n_layers)
		return hf_bad(c, path, cr, "must give a ratio (0, 4 or 128) for "
		              "every layer");
	if ((k = hf_uint(c, "sliding_window", 1, UINT32_MAX, &win)) <= 0)
		return k < 0 ? c->err->status :
		       hf_bad(c, "sliding_window", NULL, "DeepSeek V4 needs its "
		              "window (the raw rows every layer keeps)");
	if ((k = hf_uint(c, "index_head_dim", 1, DIM_MAX, &ihd)) <= 0)
		return k < 0 ? c->err->status :
		       hf_bad(c, "index_head_dim", NULL, "DeepSeek V4's ratio-4 "
		              "layers keep indexer keys of this width");
	if (m->base.kv_heads != 1)
		return hf_bad(c, "num_key_value_heads", NULL, "DeepSeek V4 keeps "
		              "one K row (wkv: dim -> head_dim), not this many");
	if (derived_keys(c, hd) != KVP_OK)
		return c->err->status;
	cJSON_ArrayForEach(e, cr) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (one_ratio(c, e, p2, &r) != KVP_OK)
			return c->err->status;
		if (i < m->n_layers) {
			L[i].kind = KVP_LAYER_COMPRESSED;
			L[i].window = (uint32_t)win;
			L[i].kv_heads = 1;
			L[i].k_dim = (uint32_t)hd;
			L[i].ratio = (uint32_t)r;
			L[i].state_bytes = r ? comp_state(r, hd) : 0;
			if (r == DSV4_INDEX_RATIO)
				L[i].state_bytes += comp_state(r, ihd);
		}
		i++;
	}
	m->base.v_dim = 0;              /* K only: no V rows */
	m->indexer.ratio = DSV4_INDEX_RATIO;
	*found = true;
	hf_note(c, "DeepSeek V4: every layer keeps its last %llu positions' "
	        "K rows (%llu values); ratio-4 and ratio-128 layers one more "
	        "K row per 4 or 128 positions, ratio-4 layers an indexer key "
	        "(%llu values) per 4, and f32 compressor states per sequence "
	        "(reference inference/model.py); the weight estimate does not "
	        "count its q/o LoRA, compressors, indexers or hyper-"
	        "connections", (unsigned long long)win, (unsigned long long)hd,
	        (unsigned long long)ihd);
	return KVP_OK;
}
