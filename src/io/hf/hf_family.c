/*
 * hf_family.c - THE table of model families the importer knows: one row
 * per Hugging Face model_type (like llama.cpp's per-architecture tables in
 * llama-arch.cpp), with the config defaults the engines apply when a key
 * is absent, and at most one small function for a layout the generic
 * sources (hf_layout.c) do not express. A model_type not in the table is
 * refused (hf_import.c), unless --assume-layout.
 *
 * Adding a family (HACKING.md): one row; a function only when its layer
 * kinds or per-kind shapes come from keys of its own, citing the engine
 * code it follows.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* Gemma 2: layer 0 sliding, then alternating (transformers
 * Gemma2DecoderLayer is_sliding = not bool(layer_idx % 2); llama.cpp
 * LLM_ARCH_GEMMA2 swa pattern 2). */
static enum kvp_status fam_gemma2(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	uint32_t i;

	/* the legacy name of sliding_window in early Gemma 2 configs */
	hf_superseded(c, "sliding_window_size");
	if (*found || !hf_has(c, "sliding_window"))
		return KVP_OK;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = i % 2 == 0 ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
	*found = true;
	return KVP_OK;
}

/* Gemma 3: sliding unless (i + 1) % sliding_window_pattern == 0, pattern
 * 6 when absent (Gemma3TextConfig; llama.cpp LLM_ARCH_GEMMA3 n_pattern 6). */
static enum kvp_status fam_gemma3(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	uint64_t p = 0;
	uint32_t i;
	int r;

	if (*found)
		return KVP_OK;
	if ((r = hf_uint(c, "sliding_window_pattern", 1, DIM_MAX, &p)) == 0)
		r = hf_uint(c, "_sliding_window_pattern", 1, DIM_MAX, &p);
	if (r < 0)
		return c->err->status;
	if (!p) {
		p = 6;
		hf_note(c, "sliding_window_pattern absent: 6 (Gemma 3 default: 5 "
		        "sliding layers, then 1 full)");
	}
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = (i + 1) % p == 0 ? KVP_LAYER_FULL : KVP_LAYER_SLIDING;
	*found = true;
	return KVP_OK;
}

/* Llama 4: RoPE layers use chunked attention, the no-RoPE layers (every
 * 4th by default) are global (transformers Llama4TextConfig no_rope_layers;
 * vLLM llama4.py use_chunked_local_attn = not nope). Early Llama 4
 * configs write nope_layer_interval, a name Llama4TextConfig does not
 * take (its parameter is no_rope_layer_interval, default 4): the engines
 * ignore it and size the default, every 4th layer global. Read when it
 * says 4 (the default it would mean agrees) or no_rope_layers decides;
 * another value, where the config and the engines disagree, refused. */
static enum kvp_status fam_llama4(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96], p2[96];
	const cJSON *nr = hf_get(c, "no_rope_layers", path, sizeof path), *e;
	const cJSON *ni = hf_get(c, "nope_layer_interval", p2, sizeof p2);
	uint32_t i = 0, n = m->n_layers;

	if (ni && !nr && (!cJSON_IsNumber(ni) || ni->valuedouble != 4))
		return hf_bad(c, p2, ni, "not a Llama4TextConfig key: the "
		              "engines size every 4th layer global regardless; "
		              "another interval refused");
	if (*found || !hf_has(c, "attention_chunk_size"))
		return KVP_OK;
	if (nr && cJSON_IsArray(nr) && (uint32_t)cJSON_GetArraySize(nr) == n) {
		cJSON_ArrayForEach(e, nr) {
			if (!cJSON_IsNumber(e))
				return hf_bad(c, path, e, "entries must be 0 or 1");
			L[i++].kind = e->valuedouble != 0 ? KVP_LAYER_CHUNKED
			                                  : KVP_LAYER_FULL;
		}
	} else {
		for (i = 0; i < n; i++)
			L[i].kind = (i + 1) % 4 == 0 ? KVP_LAYER_FULL
			                             : KVP_LAYER_CHUNKED;
		hf_note(c, "no_rope_layers absent: every 4th layer global, the "
		        "others chunked (Llama 4 default)");
	}
	*found = true;
	return KVP_OK;
}

/* Qwen2 and derivatives: the window applies only with use_sliding_window,
 * to layers >= max_window_layers (vLLM qwen2.py; transformers Qwen2Config
 * layer_types derivation). */
static enum kvp_status fam_qwen(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	uint64_t mwl = 0;
	uint32_t i;
	bool use_sw = false;
	int r;

	if (hf_bool(c, "use_sliding_window", &use_sw) < 0 ||
	    (r = hf_uint(c, "max_window_layers", 0, DIM_MAX, &mwl)) < 0)
		return c->err->status;
	if (*found)
		return KVP_OK;
	if (use_sw && hf_has(c, "sliding_window")) {
		if (r == 0)
			hf_note(c, "max_window_layers absent: every layer slides");
		for (i = 0; i < m->n_layers; i++)
			L[i].kind = i >= mwl ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
	}
	*found = true;   /* use_sliding_window false: full attention */
	return KVP_OK;
}

/* EAGLE-3 heads (model_type llama; SpecForge writes its Qwen targets'
 * keys too): vLLM builds LlamaAttention layers (llama_eagle3.py
 * @00bd1493), which slide only where layer_types says so, so a Qwen
 * use_sliding_window, max_window_layers or sliding_window changes
 * nothing: read, full attention. layer_types, when present, is read as
 * for any llama. */
static enum kvp_status fam_eagle3(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	(void)m;
	(void)L;
	if (*found || hf_has(c, "layer_types"))
		return KVP_OK;
	hf_superseded(c, "use_sliding_window");
	hf_superseded(c, "max_window_layers");
	hf_superseded(c, "sliding_window");
	*found = true;
	return KVP_OK;
}

/* Phi-3: llama.cpp (n_swa 0) and vLLM run it with full attention. */
static enum kvp_status fam_phi3(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	uint64_t sw = 0;

	(void)m;
	(void)L;
	if (hf_uint(c, "sliding_window", 1, UINT32_MAX, &sw) < 0)
		return c->err->status;
	if (!*found && sw)
		hf_note(c, "sliding_window %llu ignored: llama.cpp (n_swa 0) and "
		        "vLLM run Phi-3 with full attention",
		        (unsigned long long)sw);
	*found = true;
	return KVP_OK;
}

/*
 * Gemma 4 (vLLM models/gemma4.py Gemma4DecoderLayer, at vllm-project/vllm
 * 001cabc1): layer_types gives the kinds; full-attention layers use
 * global_head_dim (else head_dim) and, with attention_k_eq_v, the
 * num_global_key_value_heads KV heads (else num_key_value_heads). k_eq_v
 * loads K's weights into the V slot: V is still cached, as wide as K.
 */
static enum kvp_status fam_gemma4(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	uint64_t gd = 0, gkv = 0;
	uint32_t i;
	bool keqv = false;
	int r;

	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for Gemma 4 "
		              "(its global and sliding layers)");
	if (hf_uint(c, "global_head_dim", 1, DIM_MAX, &gd) < 0 ||
	    hf_bool(c, "attention_k_eq_v", &keqv) < 0 ||
	    (r = hf_uint(c, "num_global_key_value_heads", 1, DIM_MAX, &gkv)) < 0)
		return c->err->status;
	if (!keqv)
		gkv = 0;   /* vLLM reads it only with attention_k_eq_v */
	/* and builds no v_proj there (modeling_gemma4.py Gemma4TextAttention:
	 * v_proj None when use_alternative_attention) */
	m->arch.k_eq_v = keqv;
	for (i = 0; i < m->n_layers; i++) {
		if (L[i].kind != KVP_LAYER_FULL)
			continue;
		if (gd)
			L[i].k_dim = L[i].v_dim = (uint32_t)gd;
		if (gkv)
			L[i].kv_heads = (uint32_t)gkv;
	}
	return KVP_OK;
}

/*
 * MiMo-V2-Flash (vLLM models/mimo_v2_flash.py MiMoV2FlashDecoderLayer):
 * hybrid_layer_pattern[i] == 1 is a sliding layer of swa_num_key_value_
 * heads, swa_head_dim (K) and swa_v_head_dim (V, else swa_head_dim) over
 * sliding_window_size; 0 is full attention of num_key_value_heads,
 * head_dim and v_head_dim (else head_dim).
 */
static enum kvp_status fam_mimo(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, "hybrid_layer_pattern", path, sizeof path), *e;
	uint64_t skv = 0, sk = 0, sv = 0, vd = 0, win = 0;
	uint32_t i = 0, n = m->n_layers;

	if (*found)
		return KVP_OK;
	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n) {
		char why[64];
		snprintf(why, sizeof why, "must list 0 or 1 for each of %u layers", n);
		return hf_bad(c, path, a, why);
	}
	if (hf_uint(c, "swa_num_key_value_heads", 1, DIM_MAX, &skv) < 0 ||
	    hf_uint(c, "swa_head_dim", 1, DIM_MAX, &sk) < 0 ||
	    hf_uint(c, "swa_v_head_dim", 1, DIM_MAX, &sv) < 0 ||
	    hf_uint(c, "v_head_dim", 1, DIM_MAX, &vd) < 0 ||
	    hf_uint(c, "sliding_window_size", 1, UINT32_MAX, &win) < 0)
		return c->err->status;
	hf_superseded(c, "swa_num_attention_heads");   /* queries only */
	if (!skv || !sk || !win)
		return hf_bad(c, !skv ? "swa_num_key_value_heads" : !sk ?
		              "swa_head_dim" : "sliding_window_size", NULL,
		              "required by hybrid_layer_pattern's sliding layers");
	cJSON_ArrayForEach(e, a) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (!cJSON_IsNumber(e) || (e->valuedouble != 0 && e->valuedouble != 1))
			return hf_bad(c, p2, e, "must be 0 (full) or 1 (sliding)");
		if (e->valuedouble == 1) {
			L[i].kind = KVP_LAYER_SLIDING;
			L[i].window = (uint32_t)win;
			L[i].kv_heads = (uint32_t)skv;
			L[i].k_dim = (uint32_t)sk;
			L[i].v_dim = (uint32_t)(sv ? sv : sk);
		} else {
			L[i].kind = KVP_LAYER_FULL;
			if (vd)
				L[i].v_dim = (uint32_t)vd;
		}
		i++;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Kimi Linear (vLLM models/kimi_linear.py, KimiLinearConfig.is_kda_layer:
 * layer i is KDA when i + 1 is in linear_attn_config.kda_layers, 1-based);
 * the others (full_attn_layers) are MLA. The KDA state: hf_state.c.
 */
static enum kvp_status fam_kimi_linear(struct cfg *c, struct kvp_model *m,
                                       struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *o = hf_get(c, "linear_attn_config", path, sizeof path);
	const cJSON *kda, *full, *e;
	uint32_t i, n = m->n_layers;
	/* gate_lower_bound (the KDA gate's lower bound, compute) and
	 * use_full_rank_gate (one full-rank gate projection, weights):
	 * Kimi K3's, which llama.cpp (src/models/kimi-k3.cpp @ v0.4.0)
	 * caches as Kimi Linear: MLA latent and the KDA state */
	static const char ok_keys[][24] = { "kda_layers", "full_attn_layers",
		"num_heads", "head_dim", "short_conv_kernel_size",
		"gate_lower_bound", "use_full_rank_gate" };

	if (*found || !o)
		return KVP_OK;
	if (!cJSON_IsObject(o))
		return hf_bad(c, path, o, "must be an object");
	cJSON_ArrayForEach(e, o) {
		bool known = false;
		for (i = 0; i < sizeof ok_keys / sizeof ok_keys[0]; i++)
			known |= e->string && !strcmp(e->string, ok_keys[i]);
		if (!known && e->string && !cJSON_IsNull(e)) {
			snprintf(p2, sizeof p2, "%s.%s", path, e->string);
			hf_clean(p2);
			return hf_bad(c, p2, e, "a linear_attn_config key kvplan "
			              "does not read");
		}
	}
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
	                                                  "use_full_rank_gate")))
		hf_note(c, "linear_attn_config.use_full_rank_gate: the weight "
		        "estimate counts the KDA gates as low-rank pairs (the "
		        "cache does not depend on it)");
	kda = cJSON_GetObjectItemCaseSensitive(o, "kda_layers");
	full = cJSON_GetObjectItemCaseSensitive(o, "full_attn_layers");
	snprintf(p2, sizeof p2, "%s.kda_layers", path);
	if (!cJSON_IsArray(kda))
		return hf_bad(c, p2, kda, "must list the KDA layers (1-based)");
	for (i = 0; i < n; i++)
		L[i].kind = KVP_LAYER_FFN;   /* neither list: refused below */
	cJSON_ArrayForEach(e, kda) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 || e->valuedouble > n ||
		    e->valuedouble != (double)(uint32_t)e->valuedouble)
			return hf_bad(c, p2, e, "layer numbers are 1-based, within "
			              "num_hidden_layers");
		L[(uint32_t)e->valuedouble - 1].kind = KVP_LAYER_NONE;
	}
	snprintf(p2, sizeof p2, "%s.full_attn_layers", path);
	if (!cJSON_IsArray(full))
		return hf_bad(c, p2, full, "must list the attention layers");
	cJSON_ArrayForEach(e, full) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 || e->valuedouble > n ||
		    e->valuedouble != (double)(uint32_t)e->valuedouble ||
		    L[(uint32_t)e->valuedouble - 1].kind == KVP_LAYER_NONE)
			return hf_bad(c, p2, e, "layer numbers are 1-based, within "
			              "num_hidden_layers, not KDA layers");
		L[(uint32_t)e->valuedouble - 1].kind = m->base.kind;
	}
	for (i = 0; i < n; i++)
		if (L[i].kind == KVP_LAYER_FFN) {
			char why[96];
			snprintf(why, sizeof why, "layer %u (1-based) is in neither "
			         "kda_layers nor full_attn_layers", i + 1);
			return hf_bad(c, path, o, why);
		}
	*found = true;
	return KVP_OK;
}

/*
 * Nemotron-H (vLLM nemotron_h.py; nemotron_h_mtp.py @01ca2773
 * NemotronHMultiTokenPredictor): a layers_block_type list is one mixer per
 * block, as hybrid_override_pattern is; the MTP block's pattern
 * (mtp_hybrid_override_pattern "*E", or transformers 5's
 * mtp_layers_block_type ["attention", "moe"], NemotronHConfig's
 * _list_to_pattern) repeats num_nextn_predict_layers times, and vLLM
 * builds an attention layer (a KV page in the pool under method mtp) for
 * each '*' only: the main cache holds none of them.
 */
static enum kvp_status fam_nemotron_h(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *pat = hf_get(c, "mtp_hybrid_override_pattern", path,
	                          sizeof path), *e;
	uint64_t attn = 0, n = 0;
	const char *s;

	(void)L;
	if (*found && hf_has(c, "layers_block_type"))
		m->arch.ffn_layers_only = true;
	if (!pat)
		pat = hf_get(c, "mtp_layers_block_type", path, sizeof path);
	if (!pat)
		return KVP_OK;
	if (cJSON_IsString(pat)) {
		for (s = pat->valuestring; *s; s++, n++) {
			if (*s != '*' && *s != 'E')
				return hf_bad(c, path, pat, "vLLM's MTP block "
				              "builds '*' (attention) and 'E' (MoE) "
				              "only");
			attn += *s == '*';
		}
	} else if (cJSON_IsArray(pat)) {
		cJSON_ArrayForEach(e, pat) {
			snprintf(p2, sizeof p2, "%s[%llu]", path,
			         (unsigned long long)n++);
			if (!cJSON_IsString(e) || (strcmp(e->valuestring,
			    "attention") && strcmp(e->valuestring, "moe")))
				return hf_bad(c, p2, e, "vLLM's MTP block builds "
				              "\"attention\" and \"moe\" only");
			attn += !strcmp(e->valuestring, "attention");
		}
	}
	if (!n)
		return hf_bad(c, path, pat, "must list the MTP block's layers");
	/* mtp_layers < 2^16 from arch_defaults, attn < 2^24 */
	if (m->arch.mtp_layers * attn > KVP_MAX_LAYERS)
		return hf_bad(c, path, pat, "too many MTP attention layers");
	m->arch.mtp_layers = (uint32_t)(m->arch.mtp_layers * attn);
	return KVP_OK;
}

/*
 * mlp_layer_types ("dense" or "sparse" per layer: transformers writes it
 * for laguna and glm_moe_dsa, GlmMoeDsaConfig deriving it from
 * first_k_dense_replace) chooses each layer's MLP module only: weights,
 * not the cache. The dense layers, when they lead, are the
 * first_dense_layers the weight count knows.
 */
static void mlp_types(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *ml = hf_get(c, "mlp_layer_types", path, sizeof path), *e;
	uint32_t lead = 0, i = 0;
	bool prefix = true;

	if (!cJSON_IsArray(ml))
		return;
	cJSON_ArrayForEach(e, ml) {
		bool dense = cJSON_IsString(e) && !strcmp(e->valuestring, "dense");

		if (dense && prefix)
			lead++;
		else if (dense || !cJSON_IsString(e) ||
		         strcmp(e->valuestring, "sparse"))
			prefix = false;
		i++;
	}
	if (prefix && i == m->n_layers)
		m->arch.first_dense_layers = lead;
	else
		hf_note(c, "%s: not \"dense\" layers then \"sparse\" ones: the "
		        "weight estimate may miscount the MLPs (the cache does "
		        "not depend on it)", path);
}

/*
 * Laguna (vLLM laguna.py @038481da LagunaDecoderLayer): every layer
 * caches num_key_value_heads x head_dim, sliding where layer_types says
 * so (read as for any family); num_attention_heads_per_layer sizes only
 * the query and output projections, mlp_layer_types only which MLPs are
 * dense (mlp_types).
 */
static enum kvp_status fam_laguna(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	(void)L;
	(void)found;
	if (hf_has(c, "num_attention_heads_per_layer"))
		hf_note(c, "num_attention_heads_per_layer: the weight estimate "
		        "counts num_attention_heads (%u) query heads in every "
		        "layer (the cache does not depend on it)", m->q_heads);
	mlp_types(c, m);
	return KVP_OK;
}

/*
 * GLM-5 (glm_moe_dsa, vLLM deepseek_v2.py): transformers 5.8 configs
 * list mlp_layer_types (mlp_types) and indexer_types, one entry per
 * layer: "full" a layer with its own DSA indexer, "shared" one reusing
 * the previous full layer's top-k, as "F" and "S" of index_topk_pattern,
 * whose rule vLLM deepseek_v2.py @002d6073 publishes (hf_state.c
 * index_cache). With index_topk_freq (GLM-5.2) index_cache reads the
 * schedule and checks the list against it (hf_state.c index_types);
 * without it every entry must be "full" (vLLM then builds an indexer on
 * every layer, transformers by the list): a "shared" one is refused here.
 */
static enum kvp_status fam_glm_dsa(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *it = hf_get(c, "indexer_types", path, sizeof path), *e;
	uint32_t i = 0;

	(void)L;
	(void)found;
	mlp_types(c, m);
	if (!it || hf_has(c, "index_topk_freq") ||
	    hf_has(c, "index_topk_pattern"))
		return KVP_OK;
	if (!cJSON_IsArray(it) || (uint32_t)cJSON_GetArraySize(it) != m->n_layers)
		return hf_bad(c, path, it, "must list \"full\" or \"shared\" "
		              "for every layer");
	cJSON_ArrayForEach(e, it) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i++);
		if (!cJSON_IsString(e) || strcmp(e->valuestring, "full"))
			return hf_bad(c, p2, e, "a layer without its own DSA "
			              "indexer (IndexCache): kvplan holds one on "
			              "every MLA layer; refused");
	}
	return KVP_OK;
}

/* LFM2's MLP width as vLLM's Lfm2MLP computes it (lfm2.py @055e47c2):
 * with block_auto_adjust_ff_dim, int(2 x I / 3), times
 * block_ffn_dim_multiplier (int()), rounded up to block_multiple_of. */
static enum kvp_status lfm2_mlp(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *mult = hf_get(c, "block_ffn_dim_multiplier", path,
	                           sizeof path);
	uint64_t of = 0, ff = 0, i = m->arch.intermediate;
	bool adjust = false;

	if (hf_bool(c, "block_auto_adjust_ff_dim", &adjust) < 0 ||
	    hf_uint(c, "block_multiple_of", 1, DIM_MAX, &of) < 0 ||
	    hf_uint(c, "block_ff_dim", 1, DIM_MAX, &ff) < 0)
		return c->err->status;
	if (!hf_has(c, "intermediate_size") && ff)
		i = ff;   /* the width's older name */
	if (mult && (!cJSON_IsNumber(mult) || !(mult->valuedouble > 0) ||
	    mult->valuedouble > 64))
		return hf_bad(c, path, mult, "must be a number in (0, 64]");
	if (adjust) {
		i = 2 * i / 3;   /* int(2 * I / 3): exact below 2^53 */
		if (mult)
			i = (uint64_t)(mult->valuedouble * (double)i);
		if (of)
			i = kvp_ceil_div(i, of) * of;
	}
	m->arch.intermediate = i;
	return KVP_OK;
}

/*
 * LFM2 (vLLM lfm2.py @055e47c2): layer_types "full_attention" are
 * attention layers, "conv" short convolutions (their state: hf_state.c);
 * an older config lists the attention layers in full_attn_idxs instead
 * (transformers configuration_lfm2.py derives layer_types from it when
 * absent). block_dim, num_heads and the init keys repeat other keys or
 * train only.
 */
static enum kvp_status fam_lfm2(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	static const char *const same[] = { "block_dim", "num_heads",
		"block_mlp_init_scale", "block_out_init_scale",
		"block_use_xavier_init", "conv_use_xavier_init",
		"block_use_swiglu", "block_norm_eps", "use_pos_enc" };
	char path[96], p2[128];
	const cJSON *idx = hf_get(c, "full_attn_idxs", path, sizeof path), *e;
	uint32_t i, k = 0;

	for (i = 0; i < sizeof same / sizeof same[0]; i++)
		hf_superseded(c, same[i]);
	if (!*found && idx) {
		if (!cJSON_IsArray(idx))
			return hf_bad(c, path, idx, "must list the attention "
			              "layers (0-based)");
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
	}
	return lfm2_mlp(c, m);
}

/*
 * LFM2-MoE (vLLM lfm2_moe.py @030ea52e): layer_types as LFM2's
 * ("full_attention" Lfm2MoeAttention of num_key_value_heads x hidden /
 * heads, the others ShortConv); the conv state is short_conv_state_shape
 * of hidden_size channels and conv_L_cache taps (hf_state.c short_conv,
 * which takes conv_dim when given: one other than hidden_size refused);
 * the first num_dense_layers MLPs are dense of intermediate_size as
 * written (Lfm2MoeMlp: no LFM2 width adjustment), the rest MoE.
 */
static enum kvp_status fam_lfm2_moe(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found)
{
	char path[96];
	const cJSON *cd = hf_get(c, "conv_dim", path, sizeof path);
	uint64_t nd = 0;

	(void)L;
	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for LFM2-MoE "
		              "(its attention and conv layers)");
	if (hf_uint(c, "num_dense_layers", 0, m->n_layers, &nd) < 0)
		return c->err->status;
	if (cd && (!cJSON_IsNumber(cd) ||
	    cd->valuedouble != (double)m->arch.hidden))
		return hf_bad(c, path, cd, "vLLM lfm2_moe.py sizes the conv "
		              "state by hidden_size; another width refused");
	m->arch.first_dense_layers = (uint32_t)nd;
	return KVP_OK;
}

/*
 * Step3 text (vLLM step3_text.py @0169d396 Step3TextDecoderLayer): the
 * attention of every layer has ONE KV head of head_dim (256 when absent),
 * num_kv_heads=1 written in the code: num_attention_groups (1 in Step3's
 * configs; absent, HF_MQA: 1, Step3TextConfig's default) is that count;
 * any other value refused (vLLM would still build one). share_q_dim, share_expert_dim and moe_layers_enum size weights.
 */
static enum kvp_status fam_step3_text(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found)
{
	char path[96];
	const cJSON *g = hf_get(c, "num_attention_groups", path, sizeof path);

	(void)L;
	(void)found;
	if (g && (!cJSON_IsNumber(g) || g->valuedouble != 1))
		return hf_bad(c, path, g, "vLLM step3_text.py builds one KV "
		              "head in every layer; another count refused");
	if (!hf_has(c, "head_dim"))
		m->base.k_dim = m->base.v_dim = 256;   /* Step3TextConfig */
	hf_superseded(c, "share_q_dim");
	hf_superseded(c, "moe_layers_enum");
	return KVP_OK;
}

/*
 * Hunyuan V1 (vLLM hunyuan_v1.py, HunYuanDenseV1ForCausalLM and
 * HunYuanMoEV1ForCausalLM): full attention of num_key_value_heads x
 * head_dim in every layer when use_cla is false (HunYuanAttention on each
 * layer). use_cla true makes every cla_share_factor-th layer's followers
 * (HunYuanCrossAttention) reuse their master's K and V, and the engines
 * keep them differently (SGLang hunyuan.py stores the master's K/V again
 * in each follower's own cache slot): refused naming the key.
 * attention_head_dim (written beside head_dim in Hunyuan configs) must be
 * the head_dim sized, or it is refused.
 */
static enum kvp_status fam_hunyuan(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	char path[96];
	const cJSON *v = hf_get(c, "use_cla", path, sizeof path);
	uint64_t ahd = 0;

	(void)L;
	(void)found;
	if (v && !cJSON_IsBool(v))
		return hf_bad(c, path, v, "must be true or false");
	if (cJSON_IsTrue(v))
		return hf_bad(c, path, v, "cross-layer attention: follower "
		              "layers reuse a master layer's K and V, kept "
		              "differently by the engines (SGLang stores a copy "
		              "per follower); no rule kvplan holds");
	hf_superseded(c, "cla_share_factor");   /* used only with use_cla */
	v = hf_get(c, "attention_head_dim", path, sizeof path);
	if (v && (hf_uint_at(c, v, path, 1, DIM_MAX, &ahd) < 0))
		return c->err->status;
	if (v && (ahd != m->base.k_dim || ahd != m->base.v_dim))
		return hf_bad(c, path, v, "differs from the head_dim sized; "
		              "refused");
	return KVP_OK;
}

/*
 * AFMoE (Arcee Trinity; vLLM afmoe.py AfmoeAttention): layer_types
 * decides, sliding_window on its sliding_attention layers, head_dim per
 * head; the attention output gate and the MoE keys size weights only.
 * global_attn_every_n_layers is what transformers' AfmoeConfig builds
 * layer_types from when they are absent: superseded by layer_types,
 * required without them (no engine reads it then: refused).
 */
static enum kvp_status fam_afmoe(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found)
{
	(void)m;
	(void)L;
	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for AFMoE (vLLM "
		              "afmoe.py reads its sliding and full layers there)");
	hf_superseded(c, "global_attn_every_n_layers");
	return KVP_OK;
}

/*
 * Llama 3.2 Vision's text model (mllama_text_model; transformers
 * MllamaTextConfig, vLLM mllama.py): the layers listed in
 * cross_attention_layers attend to the vision encoder's output, and
 * their cache holds the image's tokens, not the text's positions; the
 * default list (absent) is not empty either. No rule kvplan holds sizes
 * them: refused naming the key, present or absent.
 */
static enum kvp_status fam_mllama(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96];
	const cJSON *x = hf_get(c, "cross_attention_layers", path, sizeof path);

	(void)m;
	(void)L;
	(void)found;
	return hf_bad(c, x ? path : "cross_attention_layers", x,
	              "cross-attention layers cache the vision encoder's "
	              "tokens, not the text's positions: no rule kvplan holds "
	              "sizes them");
}

/*
 * Muse Glimmer's text model (muse_glimmer_text). vLLM muse_glimmer.py
 * @055e47c2 MuseGlimmerAttention: a NoPE layer (no_rope_layers[i] == 0)
 * runs full attention, a RoPE layer sliding_window (2,048 by default);
 * every layer num_key_value_heads x head_dim. no_rope_layers absent:
 * vLLM's MuseGlimmerTextConfig (transformers_utils/configs/
 * muse_glimmer.py @29ec1785 _default_no_rope_layers) makes every 4th
 * layer NoPE counted back from the last. vLLM sizes by no_rope_layers
 * alone; transformers' masks follow layer_types: a layer_types that
 * disagrees is refused (the engines would differ). layer_rope_theta
 * sets angles only (hf_keys.c).
 */
static enum kvp_status fam_muse_glimmer(struct cfg *c, struct kvp_model *m,
                                        struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *nr = hf_get(c, "no_rope_layers", path, sizeof path), *e;
	uint32_t i, n = m->n_layers;

	if (nr && (!cJSON_IsArray(nr) ||
	           (uint32_t)cJSON_GetArraySize(nr) != n))
		return hf_bad(c, path, nr, "must list 0 or 1 for every layer");
	for (i = 0; i < n; i++) {
		enum kvp_layer_kind k;

		e = nr ? cJSON_GetArrayItem(nr, (int)i) : NULL;
		if (nr && (!cJSON_IsNumber(e) ||
		           (e->valuedouble != 0 && e->valuedouble != 1))) {
			snprintf(p2, sizeof p2, "%s[%u]", path, i);
			return hf_bad(c, p2, e, "must be 0 (NoPE) or 1 (RoPE)");
		}
		if (nr)
			k = e->valuedouble == 0 ? KVP_LAYER_FULL : KVP_LAYER_SLIDING;
		else
			k = (n - 1 - i) % 4 == 0 ? KVP_LAYER_FULL : KVP_LAYER_SLIDING;
		if (*found && L[i].kind != k) {
			snprintf(p2, sizeof p2, "layer_types[%u]", i);
			return hf_bad(c, p2, hf_get(c, "layer_types", path,
			              sizeof path), "disagrees with no_rope_layers "
			              "(vLLM slides the RoPE layers, full attention "
			              "on the NoPE ones); refused");
		}
		L[i].kind = k;
	}
	*found = true;
	return KVP_OK;
}

/*
 * SmolLM3 (transformers models/smollm3/modular_smollm3.py @008e5743;
 * llama.cpp src/models/smollm3.cpp @a0b8c172, one full KV input for all
 * layers): llama layers, full attention of
 * num_key_value_heads (SmolLM3Config's default 4 when absent) on every
 * layer; no_rope_layers and no_rope_layer_interval only choose which
 * layers rotate (angles); max_window_layers, written by its configs, is
 * no SmolLM3Config parameter. A window needs use_sliding_window and
 * sliding_window, and then slides the NoPE layers in transformers alone
 * (llama.cpp builds none): refused, as is a layer_types that slides a
 * layer.
 */
static enum kvp_status fam_smollm3(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	char path[96];
	uint32_t i;
	bool sw = false;

	(void)L;
	if (hf_bool(c, "use_sliding_window", &sw) < 0)
		return c->err->status;
	if (sw && hf_has(c, "sliding_window"))
		return hf_bad(c, "use_sliding_window", hf_get(c,
		              "use_sliding_window", path, sizeof path),
		              "slides SmolLM3's NoPE layers in transformers, "
		              "not in llama.cpp: no one rule; refused");
	hf_superseded(c, "sliding_window");
	hf_superseded(c, "max_window_layers");   /* not a SmolLM3Config key */
	hf_superseded(c, "no_rope_layers");
	hf_superseded(c, "no_rope_layer_interval");
	for (i = 0; *found && i < m->n_layers; i++)
		if (L[i].kind != KVP_LAYER_FULL)
			return hf_bad(c, "layer_types", hf_get(c, "layer_types",
			              path, sizeof path), "a layer that is not "
			              "full_attention without use_sliding_window");
	if (m->kv_heads_assumed && m->q_heads % 4 == 0) {
		m->base.kv_heads = m->trained_kv_heads = 4;
		m->kv_heads_assumed = false;
		hf_note(c, "num_key_value_heads absent: 4 (SmolLM3Config's "
		        "default)");
	}
	return KVP_OK;
}

/* ---- issue 35: hybrid families ---------------------------------------- */

/*
 * Pure Mamba (mamba, falcon_mamba, mamba2; HF_ALL_RECUR): every layer a
 * recurrent mixer and nothing else (vLLM mamba.py MambaDecoderLayer,
 * mamba2.py Mamba2DecoderLayer: a mixer and a norm, no MLP; llama.cpp
 * llm_arch_is_recurrent: mamba, mamba2). No attention head: K and V
 * widths 1, as the GGUF import holds llama.cpp's (gguf_import.c). The
 * state: hf_state.c mamba (Mamba 1: intermediate_size, mamba1_inner).
 */
static enum kvp_status fam_recurrent(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found)
{
	uint32_t i;

	/* Mamba2Config's n_groups default is not one every release agrees
	 * on; vLLM mamba2.py reads config.n_groups: required */
	if (!strcmp(c->fam->model_type, "mamba2") && !hf_has(c, "n_groups"))
		return hf_bad(c, "n_groups", NULL, "required for Mamba2 (its "
		              "conv state holds 2 x n_groups x state_size "
		              "channels)");
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_NONE;
	m->base.k_dim = m->base.v_dim = 1;
	m->arch.ffn_layers_only = true;   /* no MLP in any layer */
	*found = true;
	return KVP_OK;
}

/* One MiniMax-01 attn_type_list entry: 0 lightning, 1 softmax. */
static enum kvp_status minimax_entry(struct cfg *c, const char *path,
                                     const cJSON *e, uint32_t i,
                                     struct lay *L)
{
	char p2[128];

	snprintf(p2, sizeof p2, "%s[%u]", path, i);
	if (!cJSON_IsNumber(e) || (e->valuedouble != 0 && e->valuedouble != 1))
		return hf_bad(c, p2, e, "must be 0 (lightning attention) or 1 "
		              "(softmax attention)");
	L[i].kind = e->valuedouble == 1 ? KVP_LAYER_FULL : KVP_LAYER_NONE;
	return KVP_OK;
}

/*
 * MiniMax-Text-01 and MiniMax-M1 (vLLM minimax_text_01.py
 * MiniMaxText01DecoderLayer: attn_type_list[i] 0 a lightning linear
 * attention, its state hf_state.c lightning; 1 softmax attention of
 * num_key_value_heads x head_dim). transformers' MiniMaxConfig
 * (model_type minimax) writes the same as layer_types. llama.cpp
 * (src/models/minimax-01.cpp load_arch_hparams, conversion/minimax.py
 * writing no per-layer list) makes layer i lightning where (i + 1) % 8
 * != 0 whatever the config says: a list that differs is refused (the
 * engines would size different layers).
 */
static enum kvp_status fam_minimax(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	char path[96];
	const cJSON *a = hf_get(c, "attn_type_list", path, sizeof path);
	/* transformers MiniMaxConfig's residual weights (vLLM
	 * minimax_text_01.py reads them beside layernorm_*_alpha/beta):
	 * compute only */
	static const char *const scales[] = { "full_attn_alpha_factor",
		"full_attn_beta_factor", "linear_attn_alpha_factor",
		"linear_attn_beta_factor", "mlp_alpha_factor", "mlp_beta_factor" };
	uint32_t i, n = m->n_layers;

	for (i = 0; i < sizeof scales / sizeof scales[0]; i++)
		hf_superseded(c, scales[i]);
	if (!*found && (!cJSON_IsArray(a) ||
	                (uint32_t)cJSON_GetArraySize(a) != n)) {
		char why[80];
		snprintf(why, sizeof why, "must list 0 or 1 for each of %u "
		         "layers", n);
		return hf_bad(c, a ? path : "attn_type_list", a, why);
	}
	for (i = 0; !*found && i < n; i++)
		if (minimax_entry(c, path, cJSON_GetArrayItem(a, (int)i), i, L))
			return c->err->status;
	if (*found && a)
		hf_superseded(c, "attn_type_list");
	*found = true;
	for (i = 0; i < n; i++)
		if ((L[i].kind == KVP_LAYER_NONE) != ((i + 1) % 8 != 0)) {
			char why[200];
			snprintf(why, sizeof why, "layer %u: llama.cpp's "
			         "minimax-01 makes every 8th layer softmax "
			         "attention, the others lightning, whatever the "
			         "list; vLLM follows the list: refused", i);
			return hf_bad(c, a ? path : "layer_types", a ? a :
			              hf_get(c, "layer_types", path, sizeof path),
			              why);
		}
	return KVP_OK;
}

/*
 * Falcon-H1 (and Falcon-H1R, the same model_type): attention and a
 * Mamba2 mixer side by side in every layer, each with its cache - vLLM
 * falcon_h1.py FalconH1ParallelHybrid (self_attn of num_key_value_heads x
 * head_dim, mamba a MambaMixer2 whose state is mamba2_state_shape of
 * intermediate d_ssm, mamba_n_heads x mamba_d_head x mamba_d_state);
 * llama.cpp llama-model.cpp create_memory (LLM_ARCH_FALCON_H1: both
 * hybrid filters true, KV and R/S on every layer; ssm_d_inner is
 * mamba_d_ssm, n_embd_s d_state x d_inner). Every layer is full
 * attention keeping the Mamba2 state beside (model.recur.beside_full;
 * its sizes: hf_state.c mamba). mamba_d_ssm (FalconH1Config: absent,
 * mamba_expand x hidden_size) other than heads x head dim: vLLM's conv
 * state and SSM state would then take different widths, refused.
 */
static enum kvp_status fam_falcon_h1(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found)
{
	char path[96];
	uint64_t d_ssm = 0, nh = 0, dh = 0, expand = 2, inner;

	(void)L;
	(void)found;
	if (hf_uint(c, "mamba_d_ssm", 1, DIM_MAX, &d_ssm) < 0 ||
	    hf_uint(c, "mamba_n_heads", 1, DIM_MAX, &nh) < 0 ||
	    hf_uint(c, "mamba_d_head", 1, DIM_MAX, &dh) < 0 ||
	    hf_uint(c, "mamba_expand", 1, 64, &expand) < 0)
		return c->err->status;
	inner = nh && dh ? nh * dh : expand * m->arch.hidden;
	if (d_ssm && d_ssm != inner) {
		char why[200];
		snprintf(why, sizeof why, "differs from the Mamba heads' width "
		         "%llu: vLLM falcon_h1.py sizes the conv state by "
		         "mamba_d_ssm and the SSM state by the heads; refused",
		         (unsigned long long)inner);
		return hf_bad(c, "mamba_d_ssm", hf_get(c, "mamba_d_ssm", path,
		              sizeof path), why);
	}
	m->recur.beside_full = true;
	return KVP_OK;
}

/* Zamba2's layers_block_type entry e (layer i): "hybrid" full attention
 * keeping its Mamba2 state beside, "mamba" (or transformers' later name
 * for it, "linear_attention": remap_legacy_layer_types) Mamba2 alone. */
static enum kvp_status zamba2_entry(struct cfg *c, const char *path,
                                    const cJSON *e, uint32_t i, struct lay *L)
{
	char p2[128];

	snprintf(p2, sizeof p2, "%s[%u]", path, i);
	if (cJSON_IsString(e) && !strcmp(e->valuestring, "hybrid"))
		L[i].kind = KVP_LAYER_FULL;
	else if (cJSON_IsString(e) && (!strcmp(e->valuestring, "mamba") ||
	         !strcmp(e->valuestring, "linear_attention")))
		L[i].kind = KVP_LAYER_NONE;
	else
		return hf_bad(c, p2, e, "Zamba2 layers are hybrid or mamba");
	return KVP_OK;
}

/*
 * Zamba2: layers_block_type "hybrid" layers run a shared transformer
 * block beside their Mamba2 mixer, "mamba" layers the mixer alone. Each
 * hybrid layer keeps its own KV ("Even though in Zamba2 weights are
 * shared between attention layers, KV cache is unique for every attention
 * layer": vLLM zamba2.py Zamba2Attention's dpa_list, one Attention a
 * hybrid layer) and every layer a Mamba2 state (Zamba2MambaDecoderLayer;
 * hf_state.c mamba, width mamba_expand x hidden_size). The attention is
 * over 2 x hidden_size: head_dim 2 x hidden_size // num_attention_heads
 * (transformers Zamba2Config sets attention_head_dim and mamba_headdim
 * from the sizes whatever the file says; vLLM reads them off the
 * config). vLLM's Attention there takes no KV head count: as many as the
 * query heads; transformers' Zamba2Attention num_key_value_heads: a
 * config where they differ is refused.
 */
static enum kvp_status fam_zamba2(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96];
	const cJSON *a = hf_get(c, "layers_block_type", path, sizeof path);
	uint64_t kv = 0;
	uint32_t i, n = m->n_layers;

	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n) {
		char why[80];
		snprintf(why, sizeof why, "must name hybrid or mamba for each "
		         "of %u layers", n);
		return hf_bad(c, a ? path : "layers_block_type", a, why);
	}
	for (i = 0; i < n; i++)
		if (zamba2_entry(c, path, cJSON_GetArrayItem(a, (int)i), i, L))
			return c->err->status;
	if (hf_uint(c, "num_key_value_heads", 1, DIM_MAX, &kv) < 0)
		return c->err->status;
	if (kv && kv != m->q_heads)
		return hf_bad(c, "num_key_value_heads", hf_get(c,
		              "num_key_value_heads", path, sizeof path),
		              "differs from num_attention_heads: vLLM zamba2.py "
		              "caches every query head, transformers the KV "
		              "heads; refused");
	hf_superseded(c, "attention_head_dim");     /* Zamba2Config: computed */
	hf_superseded(c, "attention_hidden_size");
	hf_superseded(c, "mamba_headdim");
	hf_superseded(c, "hybrid_layer_ids");       /* the list's hybrids */
	m->base.kv_heads = m->q_heads;
	m->base.k_dim = m->base.v_dim =
		(uint32_t)(2 * m->arch.hidden / m->q_heads);
	m->recur.beside_full = true;
	hf_note(c, "Zamba2's weight estimate counts its shared transformer "
	        "block on every hybrid layer and an MLP on every layer: too "
	        "many (a safetensors folder gives the exact bytes)");
	*found = true;
	return KVP_OK;
}

/*
 * PLaMo 2 (vLLM plamo2.py @002fb907 is_mamba; llama.cpp
 * conversion/plamo.py Plamo2Model, the same rule): layer i is Mamba
 * unless i % mamba_step == mamba_step // 2 (only the last layer attends
 * when num_hidden_layers <= mamba_step // 2); attention layers cache
 * num_key_value_heads x hidden_size_per_head over every position (no
 * window in either engine: attention_window_size is not read); the
 * Mamba state is mamba2_state_shape of mamba_num_heads x
 * hidden_size_per_head, n_groups 0 (hf_state.c mamba). mamba_enabled
 * false: llama.cpp's converter then builds attention everywhere, vLLM's
 * is_mamba ignores it: refused.
 */
static enum kvp_status fam_plamo2(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96];
	uint64_t step = 2, hd = 0;
	uint32_t i, n = m->n_layers;
	bool on = true;
	int r;

	if ((r = hf_uint(c, "mamba_step", 2, DIM_MAX, &step)) < 0 ||
	    hf_bool(c, "mamba_enabled", &on) < 0 ||
	    hf_uint(c, "hidden_size_per_head", 1, DIM_MAX, &hd) < 0)
		return c->err->status;
	if (!on)
		return hf_bad(c, "mamba_enabled", hf_get(c, "mamba_enabled", path,
		              sizeof path), "llama.cpp's converter then makes "
		              "every layer attention, vLLM plamo2.py's is_mamba "
		              "does not read it; refused");
	hf_superseded(c, "mamba_chunk_size");   /* the scan's chunk: compute */
	if (r == 0)
		hf_note(c, "mamba_step absent: 2 (vLLM and llama.cpp's PLaMo 2 "
		        "default)");
	if (hf_has(c, "attention_window_size"))
		hf_note(c, "attention_window_size: vLLM plamo2.py and llama.cpp "
		        "attend over every position (no window)");
	if (hd)
		m->base.k_dim = m->base.v_dim = (uint32_t)hd;
	for (i = 0; !*found && i < n; i++) {
		bool mamba = n <= step / 2 ? i != n - 1 : i % step != step / 2;

		L[i].kind = mamba ? KVP_LAYER_NONE : KVP_LAYER_FULL;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Ring-linear 2.0 (bailing_moe_linear, BailingMoeLinearV2ForCausalLM:
 * Ring-mini-linear-2.0, Ring-flash-linear-2.0). SGLang
 * models/bailing_moe_linear.py is_linear_layer: layer i is lightning
 * attention unless (i + 1) % layer_group_size == 0, a full GQA layer
 * (BailingMoEAttention: num_key_value_heads x head_dim); the lightning
 * state (configs/bailing_hybrid.py mamba2_cache_params: num_attention_heads
 * heads of head_dim x head_dim, no conv) is hf_state.c lightning.
 * linear_silu and group_norm_size shape the compute only.
 */
static enum kvp_status fam_bailing_linear(struct cfg *c, struct kvp_model *m,
                                          struct lay *L, bool *found)
{
	uint64_t gs = 0;
	uint32_t i;
	int r;

	if ((r = hf_uint(c, "layer_group_size", 1, DIM_MAX, &gs)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "layer_group_size", NULL, "required: every "
		              "layer_group_size-th layer is full attention, the "
		              "others lightning");
	hf_superseded(c, "linear_silu");
	if (*found)
		return KVP_OK;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = (i + 1) % gs == 0 ? KVP_LAYER_FULL : KVP_LAYER_NONE;
	*found = true;
	return KVP_OK;
}

/*
 * bailing_hybrid (inclusionAI Ling/Ring 2.5, BailingMoeV2_5ForCausalLM:
 * MLA every layer_group_size-th layer, lightning attention elsewhere;
 * Ling 3.0, BailingMoeV3ForCausalLM: KDA instead of lightning). The 2.5
 * lightning state is heads x head_dim x head_dim, but head_dim is not
 * one number across the engines: vLLM bailing_moe_linear.py
 * get_mamba_state_shape_from_config takes config.head_dim (else hidden /
 * heads), SGLang configs/bailing_hybrid.py head_dim (else hidden /
 * heads), and transformers' BailingHybridConfig (which vLLM loads when
 * installed) sets head_dim = qk_rope_head_dim in __post_init__. For 3.0,
 * llama.cpp (src/models/bailingmoe3.cpp, conversion/bailingmoe3.py)
 * sizes Kimi's KDA state and makes a trailing partial group MLA; vLLM's
 * and SGLang's Ling 3.0 code was not read. Refused naming why.
 */
static enum kvp_status fam_bailing_hybrid(struct cfg *c, struct kvp_model *m,
                                          struct lay *L, bool *found)
{
	char path[96];
	const cJSON *a = hf_get(c, "architectures", path, sizeof path);
	const cJSON *a0 = cJSON_IsArray(a) ? cJSON_GetArrayItem(a, 0) : NULL;
	bool v3 = cJSON_IsString(a0) &&
	          !strcmp(a0->valuestring, "BailingMoeV3ForCausalLM");

	(void)m;
	(void)L;
	(void)found;
	return hf_bad(c, a ? path : "architectures", a, v3 ?
	              "Ling 3.0's KDA + MLA layers: llama.cpp's bailingmoe3 "
	              "rule is known, vLLM's and SGLang's were not read; "
	              "refused" :
	              "Ling/Ring 2.5's lightning-attention state is heads x "
	              "head_dim^2, and the engines take head_dim differently "
	              "(vLLM and SGLang config.head_dim, transformers' "
	              "BailingHybridConfig qk_rope_head_dim); refused");
}

/*
 * Command A Plus (cohere2_moe; vLLM cohere2_moe.py @055e47c2
 * Cohere2MoeAttention): layer_types decides, and a sliding_attention
 * layer's window is sliding_window + 1 (per_layer_sliding_window =
 * config.sliding_window + 1); without layer_types vLLM slides no layer
 * while transformers' Cohere2MoeConfig derives them from
 * sliding_window_pattern: refused then, naming layer_types.
 * prefix_dense_sliding_window_pattern only chooses which dense-prefix
 * layers rotate (force_rope: angles); mlp_layer_types (or
 * first_k_dense_replace) which MLPs are dense: weights.
 */
static enum kvp_status fam_cohere2_moe(struct cfg *c, struct kvp_model *m,
                                       struct lay *L, bool *found)
{
	uint64_t sw = 0;
	uint32_t i;

	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for Cohere2Moe "
		              "(vLLM cohere2_moe.py slides only the layers it "
		              "lists; sliding_window_pattern is transformers' "
		              "derivation alone)");
	if (hf_uint(c, "sliding_window", 1, UINT32_MAX - 1, &sw) < 0)
		return c->err->status;
	for (i = 0; i < m->n_layers; i++)
		if (L[i].kind == KVP_LAYER_SLIDING && sw)
			L[i].window = (uint32_t)sw + 1;
	hf_superseded(c, "sliding_window_pattern");
	hf_superseded(c, "prefix_dense_sliding_window_pattern");
	mlp_types(c, m);
	return KVP_OK;
}

/*
 * K-EXAONE (exaone_moe; vLLM exaone_moe.py @055e47c2 ExaoneMoeAttention):
 * layer_types decides (full_attention layers no window); a sliding layer
 * takes sliding_windows[i] when the config lists it, else sliding_window
 * (exaone4.py's rule, the window every sliding layer of K-EXAONE's
 * configs shares). sliding_window_pattern ("LLLG") is what layer_types
 * spells out; mtp_layer_types and mtp_sliding_windows shape the MTP
 * layers only (not the main cache); mlp_layer_types chooses MLPs.
 */
static enum kvp_status fam_exaone_moe(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *sw = hf_get(c, "sliding_windows", path, sizeof path);
	uint64_t w;
	uint32_t i;

	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for EXAONE MoE "
		              "(vLLM exaone_moe.py reads its sliding and full "
		              "layers there)");
	if (sw && (!cJSON_IsArray(sw) ||
	           (uint32_t)cJSON_GetArraySize(sw) != m->n_layers))
		return hf_bad(c, path, sw, "must list a window for every layer");
	for (i = 0; sw && i < m->n_layers; i++) {
		if (L[i].kind != KVP_LAYER_SLIDING)
			continue;
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (hf_uint_at(c, cJSON_GetArrayItem(sw, (int)i), p2, 1,
		               UINT32_MAX, &w) <= 0)
			return hf_bad(c, p2, cJSON_GetArrayItem(sw, (int)i),
			              "a sliding layer's window, 1 or more");
		L[i].window = (uint32_t)w;
	}
	hf_superseded(c, "mtp_layer_types");
	hf_superseded(c, "mtp_sliding_windows");
	mlp_types(c, m);
	return KVP_OK;
}

/*
 * Grok-1 and Grok-2 (model_type "grok-1"; Grok-2's config says "git",
 * the model_type of transformers' GIT captioner too, so its
 * architectures[0] must name Grok). vLLM grok1.py @02082de9
 * Grok1Attention: every layer full attention of num_key_value_heads
 * heads of hidden_size / num_attention_heads (head_dim is not read: a
 * different one refused). sliding_window_size (-1 in Grok-2's config)
 * and global_attn_every_n build no window in vLLM; a positive window,
 * which SGLang's grok.py would apply, is refused.
 */
static enum kvp_status fam_grok(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	char path[96];
	const cJSON *ar = hf_get(c, "architectures", path, sizeof path);
	const cJSON *a0 = cJSON_GetArrayItem(ar, 0);
	const cJSON *sw = hf_get(c, "sliding_window_size", path, sizeof path);

	(void)L;
	(void)found;
	if (!cJSON_IsString(a0) || !strstr(a0->valuestring, "Grok"))
		return hf_bad(c, "architectures", ar, "not a Grok model (model_type "
		              "\"git\" is also transformers' GIT captioner, "
		              "which no engine here serves)");
	if (sw && (!cJSON_IsNumber(sw) || sw->valuedouble > 0))
		return hf_bad(c, path, sw, "a window SGLang grok.py applies and "
		              "vLLM grok1.py does not; refused");
	hf_superseded(c, "global_attn_every_n");
	if (m->q_heads && m->arch.hidden % m->q_heads == 0 &&
	    m->base.k_dim != m->arch.hidden / m->q_heads)
		return hf_bad(c, "head_dim", hf_get(c, "head_dim", path,
		              sizeof path), "vLLM grok1.py sizes heads of "
		              "hidden_size / num_attention_heads; another refused");
	return KVP_OK;
}

#define R(type, arch, flags, vocab, maxpos, win, fn, src) \
	{ type, arch, flags, vocab, maxpos, win, fn, src }

static const struct hf_family families[] = {
	R("llama", "LlamaForCausalLM", 0, 0, 0, 0, NULL, "transformers LlamaConfig"),
	R("llama", "LlamaForCausalLMEagle3", HF_EAGLE3, 0, 0, 0, fam_eagle3, "vLLM llama_eagle3.py @00bd1493 (Eagle3LlamaForCausalLM)"),
	R("llama", "Eagle3LlamaForCausalLM", HF_EAGLE3, 0, 0, 0, fam_eagle3, "vLLM llama_eagle3.py @00bd1493"),
	R("llama4", NULL, 0, 0, 0, 0, fam_llama4, "transformers Llama4TextConfig; vLLM llama4.py"),
	R("llama4_text", NULL, 0, 0, 0, 0, fam_llama4, "transformers Llama4TextConfig; vLLM llama4.py"),
	R("mistral", "MistralForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "transformers MistralConfig (window on every layer)"),
	R("mixtral", "MixtralForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "transformers MixtralConfig"),
	R("mistral3", NULL, HF_SW_ALL, 0, 0, 0, NULL, "transformers Mistral3Config (text_config mistral)"),
	R("ministral", NULL, 0, 0, 0, 0, NULL, "transformers MinistralConfig (layer_types)"),
	R("qwen2", "Qwen2ForCausalLM", HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM qwen2.py"),
	R("qwen2_moe", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM qwen2_moe.py"),
	R("qwen2_vl", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM qwen2_vl.py"),
	R("qwen2_5_vl", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM qwen2_5_vl.py"),
	R("qwen2_vl_text", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "transformers configuration_qwen2_vl.py (Qwen2VLTextConfig, the text_config of qwen2_vl since 4.53); vLLM qwen2_vl.py"),
	R("qwen2_5_vl_text", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "transformers configuration_qwen2_5_vl.py (Qwen2_5_VLTextConfig); vLLM qwen2_5_vl.py"),
	R("qwen3", "Qwen3ForCausalLM", 0, 0, 0, 0, fam_qwen, "vLLM qwen3.py"),
	R("qwen3_moe", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_moe.py"),
	R("qwen3_vl", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_vl.py"),
	R("qwen3_vl_text", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_vl.py"),
	R("qwen3_vl_moe", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_vl_moe.py"),
	R("qwen3_vl_moe_text", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_vl_moe.py"),
	R("qwen3_next", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "transformers configuration_qwen3_next.py; vLLM qwen3_next.py"),
	R("qwen3_5", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py (gated DeltaNet hybrid, layer_types)"),
	R("qwen3_5_text", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("qwen3_5_moe", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("qwen3_5_moe_text", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("gemma", NULL, HF_TIED, 0, 0, 0, NULL, "transformers GemmaConfig"),
	R("gemma2", "Gemma2ForCausalLM", HF_TIED, 0, 0, 4096, fam_gemma2, "transformers Gemma2Config"),
	R("gemma3", NULL, HF_TIED, 262208, 131072, 4096, fam_gemma3, "transformers Gemma3TextConfig"),
	R("gemma3_text", "Gemma3ForCausalLM", HF_TIED, 262208, 131072, 4096, fam_gemma3, "transformers Gemma3TextConfig"),
	R("gemma3n", NULL, HF_TIED, 0, 0, 0, NULL, "transformers Gemma3nTextConfig (layer_types, num_kv_shared_layers)"),
	R("gemma3n_text", NULL, HF_TIED, 0, 0, 0, NULL, "transformers Gemma3nTextConfig"),
	R("gemma4", NULL, HF_TIED, 0, 0, 0, fam_gemma4, "vLLM gemma4.py at 001cabc1"),
	R("gemma4_text", NULL, HF_TIED, 0, 0, 0, fam_gemma4, "vLLM gemma4.py at 001cabc1"),
	R("cohere2", NULL, HF_TIED, 0, 131072, 4096, fam_gemma3, "transformers Cohere2Config (sliding_window_pattern)"),
	R("phi3", "Phi3ForCausalLM", 0, 0, 0, 0, fam_phi3, "llama.cpp LLM_ARCH_PHI3 (n_swa 0)"),
	R("phi", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers PhiConfig"),
	R("deepseek_v2", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	R("deepseek_v3", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	R("deepseek_v32", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA + DSA indexer)"),
	R("kimi_k2", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	R("kimi_linear", NULL, 0, 0, 0, 0, fam_kimi_linear, "vLLM kimi_linear.py"),
	R("glm4", NULL, 0, 0, 0, 0, NULL, "vLLM glm4.py"),
	R("glm4_moe", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_moe.py"),
	R("glm_moe_dsa", NULL, 0, 0, 0, 0, fam_glm_dsa, "vLLM deepseek_v2.py (GLM-5: MLA + DSA indexer; indexer_types, mlp_layer_types: fam_glm_dsa)"),
	/* issue 35: novel attention */
	R("deepseek_v4", "DeepseekV4ForCausalLM", 0, 0, 0, 0, hf_fam_dsv4, "DeepSeek V4 reference inference/model.py (Nicooo-Wang/DeepSeek-V4-Pro-code @0ec3a03c); llama.cpp llama-kv-cache-dsv4.cpp v0.4.0 = 5b4ebc5 (compress_ratios: hf_dsv4.c)"),
	R("deepseek_ref", NULL, 0, 0, 0, 0, hf_fam_dsv4, "aiconfigurator's name for DeepSeek V4 configs (DeepseekV4ForCausalLM): as deepseek_v4"),
	R("step3p5", "Step3p5ForCausalLM", HF_LT_MTP, 0, 0, 0, hf_fam_step3p5, "vLLM step3p5.py @01b50b9e, configs/step3p5.py @4086e80f; transformers Step3p7TextConfig (hf_novel.c)"),
	R("mllama", "MllamaForConditionalGeneration", 0, 0, 0, 0, fam_mllama, "transformers MllamaConfig (its text_config a MllamaTextConfig with cross_attention_layers); vLLM mllama.py: refused naming them"),
	R("deepseek_vl_v2", "DeepseekVLV2ForCausalLM", 0, 0, 0, 0, hf_fam_dsvl2, "vLLM deepseek_vl2.py, deepseek_ocr.py (language_config: DeepseekV3 where noaux_tc, Deepseek where use_mla false, else DeepseekV2); SGLang deepseek_vl2.py (hf_novel.c)"),
	R("minicpm3", "MiniCPM3ForCausalLM", 0, 0, 0, 0, hf_fam_minicpm3, "transformers modular_minicpm3.py (per-head K and V cached); llama.cpp conversion/minicpm.py, src/models/minicpm3.cpp v0.4.0 (hf_novel.c)"),
	R("longcat_flash", "LongcatFlashForCausalLM", 0, 0, 0, 0, hf_fam_longcat, "vLLM longcat_flash.py @055e47c2 (two DeepseekV2MLAAttention per decoder layer: model.mla.latents 2; hf_novel.c)"),
	R("minimax_m3", "MiniMaxM3ForCausalLM", 0, 0, 0, 0, hf_fam_minimax_m3, "transformers MiniMaxM3VLTextConfig (sparse_attention_freq); llama.cpp LLM_ARCH_MINIMAX_M3 llama_kv_cache_msa v0.4.0 (hf_novel.c)"),
	R("step3p7", "Step3p7ForConditionalGeneration", HF_LT_MTP | HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_step3p5, "transformers Step3p7Config (text_config: a step3p5 decoder; without it Step3p7TextConfig(), the default decoder); llama.cpp conversion/step3.py v0.4.0 (hf_novel.c)"),
	R("kimi_k25", "KimiK25ForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, NULL, "vLLM transformers_utils/configs/kimi_k25.py (KimiK25Config: text_config a DeepseekV3Config; without it DeepseekV3Config(), the default text model); vLLM kimi_k25.py (DeepseekV3 on text_config: MLA)"),
	R("gpt_oss", NULL, 0, 0, 0, 0, NULL, "vLLM gpt_oss.py (layer_types)"),
	R("falcon", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("RefinedWeb", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("RefinedWebModel", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("gpt2", NULL, HF_UNGATED | HF_TIED | HF_QKV_BIAS, 0, 0, 0, NULL, "transformers GPT2Config"),
	R("gpt_bigcode", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers GPTBigCodeConfig"),
	R("gpt_neox", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers GPTNeoXConfig"),
	R("mpt", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers MptConfig (attn_config.kv_n_heads)"),
	R("dbrx", NULL, 0, 0, 0, 0, NULL, "transformers DbrxConfig"),
	R("chatglm", NULL, 0, 0, 0, 0, NULL, "vLLM chatglm.py (multi_query_group_num)"),
	R("jamba", NULL, 0, 0, 0, 0, NULL, "transformers JambaConfig (attn_layer_period/offset)"),
	R("granitemoehybrid", NULL, 0, 0, 0, 0, NULL, "transformers GraniteMoeHybridConfig (layer_types)"),
	R("bamba", NULL, 0, 0, 0, 0, NULL, "transformers BambaConfig"),
	R("nemotron_h", NULL, HF_UNGATED | HF_LBT_COUNT, 0, 0, 0, fam_nemotron_h, "vLLM nemotron_h.py (hybrid_override_pattern; NemotronHMLP: up and down, relu2)"),
	R("nemotron-nas", NULL, 0, 0, 0, 0, NULL, "vLLM nemotron_nas.py (block_configs)"),
	R("mamba2", "Mamba2ForCausalLM", HF_ALL_RECUR, 0, 0, 0, fam_recurrent, "transformers Mamba2Config; vLLM mamba2.py (mamba2_state_shape: expand x hidden, n_groups, state_size, conv_kernel); llama.cpp mamba2"),
	/* issue 35: hybrid families */
	R("mamba", "MambaForCausalLM", HF_ALL_RECUR, 0, 0, 0, fam_recurrent, "vLLM mamba.py (MambaMixer, mamba1_state_shape of intermediate_size, state_size, conv_kernel); llama.cpp conversion/mamba.py and llama-hparams.cpp n_embd_r/n_embd_s (n_group 0) at v0.4.0"),
	R("falcon_mamba", "FalconMambaForCausalLM", HF_ALL_RECUR, 0, 0, 0, fam_recurrent, "vLLM registry: FalconMambaForCausalLM -> mamba.py; llama.cpp conversion/mamba.py (MambaModel for FalconMambaForCausalLM) at v0.4.0"),
	R("minimax_text_01", "MiniMaxText01ForCausalLM", HF_LIGHTNING, 0, 0, 0, fam_minimax, "vLLM minimax_text_01.py (attn_type_list; linear_attention_state_shape); llama.cpp src/models/minimax-01.cpp at v0.4.0"),
	R("minimax_m1", "MiniMaxM1ForCausalLM", HF_LIGHTNING, 0, 0, 0, fam_minimax, "vLLM registry: MiniMaxM1ForCausalLM -> minimax_text_01.py; llama.cpp conversion/minimax.py (MiniMaxText01Model) at v0.4.0"),
	R("minimax", "MiniMaxForCausalLM", HF_LIGHTNING, 0, 0, 0, fam_minimax, "transformers MiniMaxConfig (layer_types); vLLM registry: MiniMaxForCausalLM -> minimax_text_01.py"),
	R("falcon_h1", "FalconH1ForCausalLM", HF_LAYOUT_FIRST, 0, 0, 0, fam_falcon_h1, "vLLM falcon_h1.py FalconH1ParallelHybrid (attention and Mamba2 in every layer); llama.cpp llama-model.cpp create_memory LLM_ARCH_FALCON_H1 (KV and R/S on every layer)"),
	R("plamo2", "Plamo2ForCausalLM", 0, 0, 0, 0, fam_plamo2, "vLLM plamo2.py @002fb907 (is_mamba; Plamo2MambaMixer mamba2_state_shape, n_groups 0; Plamo2AttentionMixer hidden_size_per_head); llama.cpp conversion/plamo.py Plamo2Model at v0.4.0"),
	R("bailing_moe_linear", "BailingMoeLinearV2ForCausalLM", HF_LIGHTNING, 0, 0, 0, fam_bailing_linear, "SGLang models/bailing_moe_linear.py (is_linear_layer, layer_group_size) and configs/bailing_hybrid.py (mamba2_cache_params: heads x head_dim x head_dim, no conv)"),
	R("bailing_hybrid", "BailingMoeV2_5ForCausalLM", HF_LAYOUT_FIRST, 0, 0, 0, fam_bailing_hybrid, "vLLM bailing_moe_linear.py (BailingMoeV25ForCausalLM); SGLang configs/bailing_hybrid.py; transformers configuration_bailing_hybrid.py; llama.cpp src/models/bailingmoe3.cpp: refused naming why"),
	R("zamba2", "Zamba2ForCausalLM", HF_LAYOUT_FIRST, 0, 0, 0, fam_zamba2, "vLLM zamba2.py Zamba2Attention dpa_list (a KV per hybrid layer) and Zamba2MambaDecoderLayer (Mamba2 on every layer); transformers configuration_zamba2.py Zamba2Config"),
	R("minimax_m2", NULL, 0, 0, 0, 0, NULL, "vLLM minimax_m2.py (full attention)"),
	R("mimo_v2_flash", NULL, 0, 0, 0, 0, fam_mimo, "vLLM mimo_v2_flash.py"),
	R("mimo_v2", "MiMoV2ForCausalLM", 0, 0, 0, 0, fam_mimo, "llama.cpp convert_hf_to_gguf.py MimoV2Model (one converter for MiMoV2FlashForCausalLM and MiMoV2ForCausalLM, MiMo-V2.5: hybrid_layer_pattern, swa_*); SGLang server_args.py MIMO_V2_MODEL_ARCHS (both, one model class)"),
	R("olmo2", NULL, 0, 0, 0, 0, NULL, "transformers Olmo2Config"),
	R("olmo3", NULL, 0, 0, 0, 0, NULL, "transformers Olmo3Config (layer_types)"),
	R("granite", NULL, 0, 0, 0, 0, NULL, "transformers GraniteConfig"),
	R("starcoder2", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers Starcoder2Config"),
	R("internlm2", NULL, 0, 0, 0, 0, NULL, "vLLM internlm2.py"),
	R("opt", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers OPTConfig"),
	R("bloom", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers BloomConfig"),
	R("gptj", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers GPTJConfig"),
	/* issue 35: families the engines serve, each with its source */
	R("cohere", "CohereForCausalLM", HF_TIED, 0, 0, 0, NULL, "vLLM commandr.py (full attention; CohereConfig tie_word_embeddings true)"),
	R("baichuan", "BaichuanForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM baichuan.py (W_pack: MHA, num_heads KV heads)"),
	R("internlm", "InternLMForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM registry: InternLMForCausalLM -> llama.py (MHA)"),
	R("internlm3", "InternLM3ForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: InternLM3ForCausalLM -> llama.py"),
	R("stablelm", "StableLmForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM stablelm.py (num_key_value_heads, else num_attention_heads)"),
	R("stablelm_epoch", "StableLMEpochForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM stablelm.py"),
	R("qwen", "QWenLMHeadModel", HF_MHA | HF_QKV_BIAS | HF_FF_HALF, 0, 0, 0, NULL, "vLLM qwen.py (MHA of kv_channels; QWenMLP intermediate_size // 2)"),
	R("exaone", "ExaoneForCausalLM", 0, 0, 0, 0, NULL, "vLLM exaone.py (num_layers; full attention)"),
	R("exaone4", "Exaone4ForCausalLM", 0, 0, 0, 0, NULL, "vLLM exaone4.py (layer_types: sliding_window on sliding_attention layers)"),
	R("exaone4_5_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_exaone4_5.py (exaone4_5_text read as exaone4)"),
	R("ministral3", "Ministral3ForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "vLLM registry: Ministral3ForCausalLM -> mistral.py MistralForCausalLM (a window on every layer when sliding_window is set)"),
	R("phimoe", "PhiMoEForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "vLLM phimoe.py (no per-layer window: Attention takes config.sliding_window on every layer)"),
	R("mimo", "MiMoForCausalLM", HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM mimo.py (Qwen2Model; MTP layers in mimo_mtp.py, num_nextn_predict_layers)"),
	R("glm4_moe_lite", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_moe_lite.py (MLA, deepseek_v2.py attention)"),
	R("laguna", "LagunaForCausalLM", 0, 0, 0, 0, fam_laguna, "vLLM laguna.py @038481da"),
	R("xverse", "XverseForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM registry: XverseForCausalLM -> llama.py"),
	R("olmo", "OLMoForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM olmo.py (MHA)"),
	R("olmoe", "OlmoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM olmoe.py"),
	R("granitemoe", "GraniteMoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM granitemoe.py"),
	R("granitemoeshared", "GraniteMoeSharedForCausalLM", 0, 0, 0, 0, NULL, "vLLM granitemoeshared.py"),
	R("seed_oss", "SeedOssForCausalLM", 0, 0, 0, 0, NULL, "vLLM seed_oss.py (head_dim, full attention)"),
	R("ernie4_5", "Ernie4_5ForCausalLM", 0, 0, 0, 0, NULL, "vLLM ernie45.py (llama layers)"),
	R("ernie4_5_moe", "Ernie4_5_MoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM ernie45_moe.py"),
	R("arcee", "ArceeForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM arcee.py (up and down, relu2)"),
	R("aquila", "AquilaForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: AquilaForCausalLM -> llama.py"),
	R("deepseek", "DeepseekForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: DeepseekForCausalLM -> deepseek_v2.py (no kv_lora_rank: per-head K and V)"),
	R("minicpm", "MiniCPMForCausalLM", 0, 0, 0, 0, NULL, "vLLM minicpm.py (llama layers; scale_emb, scale_depth compute only)"),
	R("nemotron", "NemotronForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM nemotron.py (NemotronMLP: up and down, relu2)"),
	R("orion", "OrionForCausalLM", 0, 0, 0, 0, NULL, "vLLM orion.py"),
	R("persimmon", "PersimmonForCausalLM", HF_UNGATED | HF_MHA, 0, 0, 0, NULL, "vLLM persimmon.py (MHA; dense_h_to_4h and dense_4h_to_h)"),
	R("solar", "SolarForCausalLM", 0, 0, 0, 0, NULL, "vLLM solar.py"),
	R("glm", "GlmForCausalLM", 0, 0, 0, 0, NULL, "vLLM glm.py (llama layers, partial rotary)"),
	R("dots1", "Dots1ForCausalLM", 0, 0, 0, 0, NULL, "vLLM dots1.py"),
	R("apertus", "ApertusForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM apertus.py (ApertusMLP: up and down, xIELU)"),
	R("bailing_moe", "BailingMoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM bailing_moe.py"),
	R("lfm2", "Lfm2ForCausalLM", HF_TIED, 0, 0, 0, fam_lfm2, "vLLM lfm2.py @055e47c2 (conv and full_attention layers; lm_head tied)"),
	R("lfm2_moe", "Lfm2MoeForCausalLM", HF_TIED, 0, 0, 0, fam_lfm2_moe, "vLLM lfm2_moe.py @030ea52e (conv and full_attention layers; lm_head tied; num_dense_layers dense MLPs)"),
	R("hunyuan_v1_dense", "HunYuanDenseV1ForCausalLM", 0, 0, 0, 0, fam_hunyuan, "vLLM hunyuan_v1.py (HunYuanAttention per layer; use_cla refused; attention_head_dim must equal head_dim)"),
	R("hunyuan_v1_moe", "HunYuanMoEV1ForCausalLM", 0, 0, 0, 0, fam_hunyuan, "vLLM hunyuan_v1.py (as hunyuan_v1_dense; MoE weights only)"),
	R("afmoe", "AfmoeForCausalLM", 0, 0, 0, 0, fam_afmoe, "vLLM afmoe.py (layer_types: sliding_window on sliding_attention layers; head_dim)"),
	R("mllama_text_model", NULL, 0, 0, 0, 0, fam_mllama, "transformers MllamaTextConfig (cross_attention_layers); vLLM mllama.py: refused naming them"),
	R("telechat", "TeleChat2ForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM telechat2.py (LlamaModel; attribute_map n_layer, n_head, ffn_hidden_size; llama.py: num_key_value_heads, else num_attention_heads)"),
	R("telechat2", NULL, HF_MHA, 0, 0, 0, NULL, "transformers configuration_telechat2.py (a LlamaConfig); vLLM telechat2.py"),
	R("jais", "JAISLMHeadModel", HF_MHA | HF_TIED, 0, 0, 0, NULL, "vLLM jais.py (JAISAttention: n_head heads of n_embd / n_head, MHA; ALiBi; SwiGLU c_fc, c_fc2; lm_head is wte)"),
	R("flex_olmo", "FlexOlmoForCausalLM", 0, 0, 0, 0, NULL, "vLLM flex_olmo.py @1b360436 (FlexOlmoAttention is olmoe.py's OlmoeAttention: full attention)"),
	R("smollm3", "SmolLM3ForCausalLM", HF_TIED, 0, 0, 0, fam_smollm3, "transformers modular_smollm3.py @008e5743 (llama layers; NoPE angles only; window only with use_sliding_window: refused); llama.cpp src/models/smollm3.cpp @a0b8c172 (build_attn_inp_kv: every layer full)"),
	R("glm4v_text", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_1v.py @002d181a (glm4v: text_config runs as Glm4ForCausalLM, glm4.py: full attention)"),
	R("glm4v", NULL, 0, 0, 0, 0, NULL, "transformers configuration_glm4v.py @05cd1ec1 (Glm4vConfig: text_config absent -> Glm4vTextConfig(**kwargs), the top level is the text model, as glm4v_text); vLLM glm4_1v.py @002d181a (Glm4ForCausalLM on it: full attention)"),
	R("glm4v_moe_text", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_1v.py @002d181a (glm4v_moe: text_config runs as Glm4MoeForCausalLM, glm4_moe.py: full attention)"),
	R("jais2", "Jais2ForCausalLM", HF_UNGATED | HF_MHA, 0, 0, 0, NULL, "vLLM jais2.py @055e47c2 (Jais2Attention: num_key_value_heads, else num_attention_heads, full attention unless interleaved_sliding_window; Jais2MLP: up and down, relu2)"),
	R("muse_glimmer_text", NULL, 0, 0, 0, 2048, fam_muse_glimmer, "vLLM muse_glimmer.py @055e47c2 (NoPE layers full, RoPE layers sliding_window); vLLM configs/muse_glimmer.py @29ec1785 (no_rope_layers default, sliding_window 2048)"),
	R("step3_text", "Step3TextForCausalLM", HF_MQA, 0, 0, 0, fam_step3_text, "vLLM step3_text.py @0169d396 (one KV head of head_dim, 256 by default)"),
	/* issue 35: the registry sweep (vLLM registry.py _TEXT_GENERATION_MODELS
	 * and _MULTIMODAL_MODELS; docs/families.md lists every architecture) */
	R("qwen2_5_omni_text", NULL, HF_QKV_BIAS, 0, 0, 0, fam_qwen, "transformers configuration_qwen2_5_omni.py (Qwen2_5OmniTextConfig, thinker_config.text_config); vLLM qwen2_5_omni_thinker.py @7f4a06ae (Qwen2Model on it: qwen2.py's window rules)"),
	R("qwen2_5_omni_thinker", "Qwen2_5OmniThinkerForConditionalGeneration", HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM qwen2_5_omni_thinker.py @7f4a06ae (a thinker config's text_config is Qwen2_5OmniTextConfig)"),
	R("qwen2_5_omni", "Qwen2_5OmniModel", HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM registry Qwen2_5OmniModel / Qwen2_5OmniForConditionalGeneration -> qwen2_5_omni_thinker.py @7f4a06ae (the thinker alone, thinker_config.text_config)"),
	R("qwen3_omni_moe_text", NULL, 0, 0, 0, 0, fam_qwen, "transformers configuration_qwen3_omni_moe.py (Qwen3OmniMoeTextConfig); vLLM qwen3_omni_moe_thinker.py @e86cd315 (Qwen3MoeLLMModel: qwen3_moe.py attention, full)"),
	R("qwen3_omni_moe_thinker", NULL, 0, 0, 0, 0, fam_qwen, "vLLM qwen3_omni_moe_thinker.py @e86cd315"),
	R("qwen3_omni_moe", "Qwen3OmniMoeForConditionalGeneration", 0, 0, 0, 0, fam_qwen, "vLLM registry Qwen3OmniMoeForConditionalGeneration -> qwen3_omni_moe_thinker.py @e86cd315 (the thinker alone, thinker_config.text_config)"),
	R("minicpmv", "MiniCPMV", 0, 0, 0, 0, fam_qwen, "vLLM minicpmv.py @004202bc (the flat config runs as MiniCPMModel (2.0), LlamaModel (2.5), Qwen2Model (2.6); MiniCPMV4_5 Qwen3ForCausalLM: full attention unless qwen2's use_sliding_window)"),
	R("minicpmo", "MiniCPMO", 0, 0, 0, 0, fam_qwen, "vLLM minicpmo.py @ebc3082a (MiniCPMO extends MiniCPMV2_6: Qwen2 on the flat config)"),
	R("phi4mm", "Phi4MMForCausalLM", 0, 0, 0, 0, fam_phi3, "vLLM phi4mm.py @42fa4c09 (LlamaModel on the flat config: no layer_types, every layer full; sliding_window unused)"),
	R("phi3_v", "Phi3VForCausalLM", 0, 0, 0, 0, fam_phi3, "vLLM phi3v.py @3bc38489 (LlamaForCausalLM on the flat config: every layer full)"),
	R("dots_ocr", "DotsOCRForCausalLM", HF_QKV_BIAS, 0, 0, 0, fam_qwen, "vLLM dots_ocr.py @570821bc (DotsOCRConfig is a Qwen2Config: Qwen2ForCausalLM on the flat config)"),
	R("molmo", "MolmoForCausalLM", HF_MHA | HF_FF_HALF, 0, 0, 0, NULL, "vLLM molmo.py @0176b7b4 (MolmoAttention: num_key_value_heads or num_attention_heads, full; MolmoMLP intermediate_size // 2)"),
	R("ernie4_5_moe_vl", "Ernie4_5_VLMoeForConditionalGeneration", 0, 0, 0, 0, NULL, "vLLM ernie45_vl_moe.py @d1a2e946 (Ernie4_5_VLMoeAttention: num_key_value_heads x head_dim, full; 3-D rope angles only)"),
	R("paddleocr_vl", "PaddleOCRVLForConditionalGeneration", 0, 0, 0, 0, NULL, "vLLM paddleocr_vl.py @60191e18 (Ernie4_5ForCausalLM on the flat config, text_config merged in: full attention)"),
	R("cwm", "CwmForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry CwmForCausalLM -> llama.py @e06c9ba2 (layer_types: sliding_window on sliding_attention layers); transformers CwmConfig (sliding_window 8192)"),
	R("arctic", "ArcticForCausalLM", 0, 0, 0, 0, NULL, "vLLM arctic.py @c96c471d (ArcticAttention: num_key_value_heads x hidden / heads, full)"),
	R("chameleon", "ChameleonForConditionalGeneration", 0, 0, 0, 0, NULL, "vLLM chameleon.py @6d336571 (ChameleonAttention: num_key_value_heads, full; QK-norm)"),
	R("cohere2_moe", "Cohere2MoeForCausalLM", HF_TIED, 0, 0, 0, fam_cohere2_moe, "vLLM cohere2_moe.py @055e47c2 (layer_types; a sliding layer's window sliding_window + 1; Cohere2MoeConfig tie_word_embeddings true)"),
	R("exaone_moe", "ExaoneMoEForCausalLM", 0, 0, 0, 0, fam_exaone_moe, "vLLM exaone_moe.py @055e47c2 (layer_types; sliding_windows per layer, else sliding_window; MTP layers apart)"),
	R("grok-1", "Grok1ModelForCausalLM", 0, 0, 0, 0, fam_grok, "vLLM grok1.py @02082de9 (Grok1Attention: num_key_value_heads x hidden / heads, every layer full)"),
	R("git", "Grok1ForCausalLM", 0, 0, 0, 0, fam_grok, "vLLM grok1.py @02082de9 (Grok-2's config says model_type git; architectures must name Grok)"),
	R("hy_v3", "HYV3ForCausalLM", 0, 0, 0, 0, NULL, "vLLM hy_v3.py @055e47c2 (HYV3Attention: num_key_value_heads x head_dim, every layer full; MTP layers apart)"),
	R("axk1", "AXK1ForCausalLM", 0, 0, 0, 0, NULL, "vLLM AXK1.py @01063cd0 (A.X K1: DeepSeek-V3 MLA, AXK1MLAAttention; vLLM transformers_utils/config.py registers model_type axk1)"),
	R("hyperclovax", "HyperCLOVAXForCausalLM", 0, 0, 0, 0, NULL, "transformers configuration_hyperclovax.py (HyperCLOVAXConfig, a GraniteConfig: head_dim, else hidden / heads; multipliers compute only); vLLM hyperclovax.py @17122791 (every layer full)"),
	R("deepseek_vl_v2", "DeepseekOCRForCausalLM", 0, 0, 0, 0, NULL, "vLLM transformers_utils/configs/deepseek_vl2.py (language_config is a DeepseekV2Config: a DeepSeek-OCR language_config names no model_type); vLLM deepseek_ocr.py (use_mla false: DeepseekForCausalLM, per-head K and V)"),
	R("glm_ocr_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_glm_ocr.py @02e8340b (GlmOcrTextConfig, glm_ocr's text_config); vLLM glm_ocr.py @055e47c2 (GlmOcrForConditionalGeneration is glm4_1v.py's Glm4vForConditionalGeneration: the text runs as Glm4ForCausalLM, full attention)"),
	R("hunyuan_vl", "HunYuanVLForConditionalGeneration", 0, 0, 0, 0, fam_hunyuan, "transformers configuration_hunyuan_vl.py @043bb8dd (HunyuanOCR's flat configs: text keys at the top, folded into HunYuanVLTextConfig); vLLM hunyuan_vision.py (the language model is hunyuan_v1.py's HunYuanDenseV1: fam_hunyuan)"),
	R("hunyuan_vl_text", NULL, 0, 0, 0, 0, fam_hunyuan, "transformers configuration_hunyuan_vl.py @043bb8dd (HunYuanVLTextConfig, a HunYuanDenseV1Config; attention_head_dim an alias); vLLM hunyuan_vision.py, hunyuan_v1.py"),
	R("molmo2_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_molmo2.py @05c6ac43 (Molmo2TextConfig: num_key_value_heads x head_dim; rope_scaling_layers angles only); vLLM molmo2.py @3c0256f2 (every layer full)"),
	R("molmo2", "Molmo2ForConditionalGeneration", 0, 0, 0, 0, NULL, "transformers configuration_molmo2.py @05c6ac43 (Molmo2Config: its text_config is a Molmo2TextConfig); vLLM molmo2.py @3c0256f2"),
	R("aria_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_aria.py (AriaTextConfig, a LlamaConfig, aria's text_config); vLLM aria.py @60de59de (AriaTextDecoderLayer: llama attention on every layer, full)"),
};

#undef R

size_t hf_family_count(void)
{
	return sizeof families / sizeof families[0];
}

const struct hf_family *hf_family_at(size_t i)
{
	return i < hf_family_count() ? &families[i] : NULL;
}

const struct hf_family *hf_family_find(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof families / sizeof families[0]; i++)
		if (!strcmp(families[i].model_type, model_type))
			return &families[i];
	return NULL;
}

const struct hf_family *hf_family_by_arch(const char *arch)
{
	size_t i;

	for (i = 0; i < sizeof families / sizeof families[0]; i++)
		if (families[i].arch && !strcmp(families[i].arch, arch))
			return &families[i];
	return NULL;
}
