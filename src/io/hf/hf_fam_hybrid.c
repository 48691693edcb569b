/*
 * hf_fam_hybrid.c - the hybrid families' layout functions the family
 * table (hf_family.c) points at: layers that keep a recurrent state
 * (Mamba 1/2, Nemotron-H, LFM2's short convolutions, Kimi Linear's KDA,
 * MiniMax's lightning attention, Falcon-H1's and Zamba2's state beside a
 * full layer, PLaMo 2, Ring-linear) next to attention layers. The state
 * sizes are hf_state.c's; each function here says which layer is which
 * kind, citing the engine code it follows.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/*
 * Kimi Linear (vLLM models/kimi_linear.py, KimiLinearConfig.is_kda_layer:
 * layer i is KDA when i + 1 is in linear_attn_config.kda_layers, 1-based);
 * the others (full_attn_layers) are MLA. The KDA state: hf_state.c.
 */
enum kvp_status hf_fam_kimi_linear(struct cfg *c, struct kvp_model *m,
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
 * _list_to_pattern; transformers @13923c63 remaps "attention" to
 * "full_attention", both '*') repeats num_nextn_predict_layers times, and vLLM
 * builds an attention layer (a KV page in the pool under method mtp) for
 * each '*' only: the main cache holds none of them.
 */
enum kvp_status hf_fam_nemotron_h(struct cfg *c, struct kvp_model *m,
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
			bool a = cJSON_IsString(e) &&
			         (!strcmp(e->valuestring, "attention") ||
			          !strcmp(e->valuestring, "full_attention"));

			if (!a && (!cJSON_IsString(e) ||
			           strcmp(e->valuestring, "moe")))
				return hf_bad(c, p2, e, "vLLM's MTP block builds "
				              "\"attention\" and \"moe\" only");
			attn += a;
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
enum kvp_status hf_fam_lfm2(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found)
{
	static const char *const same[] = { "block_dim", "num_heads",
		"block_mlp_init_scale", "block_out_init_scale",
		"block_use_xavier_init", "conv_use_xavier_init",
		"block_use_swiglu", "block_norm_eps", "use_pos_enc" };
	uint32_t i;

	for (i = 0; i < sizeof same / sizeof same[0]; i++)
		hf_superseded(c, same[i]);
	if (hf_kinds_at_indices(c, "full_attn_idxs", m, L, found))
		return c->err->status;
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
enum kvp_status hf_fam_lfm2_moe(struct cfg *c, struct kvp_model *m,
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
 * Pure Mamba (mamba, falcon_mamba, mamba2; HF_ALL_RECUR): every layer a
 * recurrent mixer and nothing else (vLLM mamba.py MambaDecoderLayer,
 * mamba2.py Mamba2DecoderLayer: a mixer and a norm, no MLP; llama.cpp
 * llm_arch_is_recurrent: mamba, mamba2). No attention head: K and V
 * widths 1, as the GGUF import holds llama.cpp's (gguf_import.c). The
 * state: hf_state.c mamba (Mamba 1: intermediate_size, mamba1_inner).
 */
enum kvp_status hf_fam_recurrent(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_minimax(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_falcon_h1(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_zamba2(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_plamo2(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_bailing_linear(struct cfg *c, struct kvp_model *m,
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
 * Granite 4.0 (granitemoehybrid): layer_types says which layers are
 * Mamba2 and which attention (the generic reader). The dense Granite 4.0
 * models (granite-4.0-micro) keep the hybrid config class, its mamba_*
 * keys included, with every entry of layer_types "attention": vLLM
 * (vllm/config/model.py ModelConfig.is_hybrid: "granite-4.0-micro ...
 * uses hybrid config but does not actually contain any non-attention
 * layers") then runs it as a plain decoder, granitemoehybrid.py building
 * GraniteMoeHybridAttentionDecoderLayer on every layer, and the Mamba
 * state's shape keys size nothing: read. With any other layer, or no
 * layer_types, they stay the Mamba layers' (hf_state.c) or unread.
 */
enum kvp_status hf_fam_granite_hybrid(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found)
{
	static const char *const shape[] = { "mamba_d_conv", "mamba_d_head",
		"mamba_d_state", "mamba_expand", "mamba_n_groups",
		"mamba_n_heads", NULL };
	char path[96];
	const cJSON *lt = hf_get(c, "layer_types", path, sizeof path), *e;
	size_t i;

	(void)m;
	(void)L;
	(void)found;
	if (!cJSON_IsArray(lt) || cJSON_GetArraySize(lt) == 0)
		return KVP_OK;
	cJSON_ArrayForEach(e, lt)
		if (!cJSON_IsString(e) || strcmp(e->valuestring, "attention"))
			return KVP_OK;
	for (i = 0; shape[i]; i++)
		hf_superseded(c, shape[i]);
	return KVP_OK;
}

/*
 * OLMo Hybrid (olmo_hybrid, allenai/Olmo-Hybrid-7B; vLLM olmo_hybrid.py
 * @055e47c2): layer_types says which layers are gated DeltaNet
 * ("linear_attention", the state gated_delta_net_state_shape of the
 * linear_* keys, as Qwen3-Next's: hf_state.c) and which full attention
 * (OlmoHybridAttention: num_key_value_heads, else heads, of hidden_size /
 * num_attention_heads, no window). vLLM does not read head_dim: another
 * value refused. Without layer_types the class's default list was not
 * read: refused naming it. linear_allow_neg_eigval doubles the DeltaNet's
 * beta (vLLM olmo_gdn_linear_attn.py: compute only): read.
 */
enum kvp_status hf_fam_olmo_hybrid(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	(void)L;
	hf_superseded(c, "linear_allow_neg_eigval");
	if (!*found || !hf_has(c, "layer_types"))
		return hf_bad(c, "layer_types", NULL, "required: which layers "
		              "are gated DeltaNet (its class default was not "
		              "read)");
	return hf_head_dim_hidden(c, m, "vLLM olmo_hybrid.py");
}

/*
 * bailing_hybrid (inclusionAI Ling/Ring 2.5, BailingMoeV2_5ForCausalLM:
 * MLA every layer_group_size-th layer, lightning attention elsewhere;
 * Ling 3.0, BailingMoeV3ForCausalLM: KDA instead of lightning). The 2.5
 * lightning state is heads x head_dim x head_dim, but head_dim is not
 * one number across the engines: vLLM bailing_moe_linear.py @055e47c2
 * get_mamba_state_shape_from_config takes getattr(config, "head_dim",
 * hidden / heads) of the config object, and vLLM has no bailing_hybrid
 * config class of its own (transformers_utils/configs/ holds bailing_moe
 * and bailing_moe_v3_vl only): the object is transformers'
 * BailingHybridConfig, which sets head_dim = qk_rope_head_dim in
 * __post_init__, or the checkpoint's remote class when its auto_map
 * names one (not read), whichever AutoConfig picks. SGLang
 * configs/bailing_hybrid.py @0f6954e8 BailingHybridConfig takes the
 * file's head_dim (the argument's default 128 when absent, hidden /
 * heads when null) for its Mamba2CacheParams (num_attention_heads heads
 * of head_dim x head_dim, conv_kernel 1), and model_config.py caches the
 * full layers as the MLA latent: SGLang's layout is one rule, and
 * the row reads it for the generic engine (vLLM, transformers,
 * TensorRT-LLM and llama.cpp, whose converter has no BailingMoeV2_5,
 * refused by model_type: engine_compute.c model_rows[]; --engine sglang
 * by its own check, sg_mamba.c: its pool for a conv-less lightning
 * state is not modelled);
 * the row sizes that (c->state_dim carries head_dim to hf_state.c's
 * lightning state, base.k_dim being the MLA K width here).
 * The layer rule itself is published (vLLM is_linear_layer and SGLang
 * layers_block_type: linear unless (i + 1) % layer_group_size == 0;
 * SGLang also takes a per-layer list, 1 = linear). Ling 3.0 (model_type
 * bailing_hybrid too: SGLang's BailingHybridConfig is Ling-V3's class,
 * use_kda = short_conv_kernel_size is not None, and its
 * BailingMoeV3VLConfig builds text_config as one with architectures
 * BailingMoeV3ForCausalLM): ling3() below.
 */
/* Ling/Ring 2.5 as SGLang lays it out (the comment above): layer i
 * lightning unless (i + 1) % layer_group_size == 0 (a list: 1 =
 * lightning), those MLA; the lightning state of head_dim, required (the
 * class takes 128 when absent, hidden / heads when null, which kvplan's
 * reader does not tell apart; transformers' class another). */
static enum kvp_status ling25(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found)
{
	char path[96];
	const cJSON *gs = hf_get(c, "layer_group_size", path, sizeof path), *e;
	uint64_t g = 1, d = 0;
	uint32_t i = 0, n = m->n_layers;
	int r;

	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "required: Ling 2.5's "
		              "full layers are MLA (SGLang model_config.py)");
	if ((r = hf_uint(c, "head_dim", 1, DIM_MAX, &d)) <= 0)
		return r < 0 ? c->err->status : hf_bad(c, "head_dim", NULL,
		              "required: the lightning state's width (SGLang's "
		              "BailingHybridConfig takes 128 when absent, hidden "
		              "/ heads when null; transformers' qk_rope_head_dim)");
	if (cJSON_IsArray(gs)) {
		if ((uint32_t)cJSON_GetArraySize(gs) != n)
			return hf_bad(c, path, gs, "a list must hold one entry "
			              "per layer (SGLang layers_block_type)");
		cJSON_ArrayForEach(e, gs)
			L[i++].kind = cJSON_IsNumber(e) && e->valuedouble == 1 ?
			              KVP_LAYER_NONE : KVP_LAYER_MLA;
	} else {
		if ((r = hf_uint(c, "layer_group_size", 1, DIM_MAX, &g)) < 0)
			return c->err->status;
		if (r == 0)
			hf_note(c, "layer_group_size absent: 1, every layer MLA "
			        "(SGLang's BailingHybridConfig default)");
		for (i = 0; i < n; i++)
			L[i].kind = (i + 1) % g == 0 ? KVP_LAYER_MLA
			                             : KVP_LAYER_NONE;
	}
	c->state_dim = (uint32_t)d;
	hf_superseded(c, "linear_silu");
	*found = true;
	hf_note(c, "Ling 2.5: SGLang's layout (MLA latent, lightning states "
	        "of %u heads x %llu x %llu, configs/bailing_hybrid.py); every "
	        "named engine refuses it (vLLM's head_dim is its loaded "
	        "class's; kvplan's SGLang profile has no lightning pool)",
	        m->q_heads, (unsigned long long)d, (unsigned long long)d);
	return KVP_OK;
}

/*
 * Ling 3.0 (BailingMoeV3ForCausalLM; told from 2.5 by that architecture
 * or by short_conv_kernel_size, SGLang's use_kda): KDA linear attention
 * except every layer_group_size-th layer, MLA. vLLM bailing_moe_v3.py
 * @055e47c2 _is_kda_layer: KDA unless (i + 1) % layer_group_size == 0
 * or i is in a trailing partial group (i >= n // g x g), which is MLA;
 * llama.cpp's bailingmoe3 likewise; SGLang configs/bailing_hybrid.py
 * @0f6954e8 layers_block_type has no trailing rule (those layers KDA):
 * a layer count not a multiple of layer_group_size is refused, as is
 * the per-layer list (SGLang's alone; vLLM's rule takes an integer).
 * The KDA state (hf_state.c kda_flat) is num_attention_heads heads of
 * head_dim: vLLM reads head_dim from its loaded config class (refused
 * there by model_type, engine_served.c), SGLang's BailingHybridConfig
 * from the file (128 when absent): required. The MLA layers cache
 * kv_lora_rank + qk_rope_head_dim (vLLM BailingMoeV3MLAAttention);
 * SGLang's model_config.py drops the rope part under use_mla_nope
 * (its test_ling_mla_nope_shapes), vLLM reads no such key: true refused.
 * vLLM requires no_kda_lora true (its mixer's weights, hf_state.c).
 */
static enum kvp_status ling3(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	uint64_t g = 0, d = 0, k = 0;
	uint32_t i, n = m->n_layers;
	bool nope = false, nolora = false;
	char path[96];
	int r;

	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "required: Ling 3.0's "
		              "full layers are MLA (vLLM bailing_moe_v3.py)");
	if (hf_bool(c, "use_mla_nope", &nope) < 0 ||
	    hf_bool(c, "no_kda_lora", &nolora) < 0)
		return c->err->status;
	if (nope)
		return hf_bad(c, "use_mla_nope", hf_get(c, "use_mla_nope", path,
		              sizeof path), "SGLang caches the MLA latent without "
		              "its rope part, vLLM bailing_moe_v3.py with it; "
		              "refused");
	if (!nolora)
		return hf_bad(c, "no_kda_lora", hf_get(c, "no_kda_lora", path,
		              sizeof path), "must be true: vLLM "
		              "bailing_moe_v3.py refuses a low-rank KDA gate");
	if ((r = hf_uint(c, "head_dim", 1, DIM_MAX, &d)) <= 0 ||
	    (r = hf_uint(c, "short_conv_kernel_size", 2, DIM_MAX, &k)) <= 0) {
		if (r < 0)
			return c->err->status;
		return hf_bad(c, d ? "short_conv_kernel_size" : "head_dim", NULL,
		              "required: the KDA state's width and kernel "
		              "(SGLang's class takes head_dim 128 when absent, "
		              "vLLM its loaded class's)");
	}
	if ((r = hf_uint(c, "layer_group_size", 1, DIM_MAX, &g)) <= 0)
		return r < 0 ? c->err->status : hf_bad(c, "layer_group_size",
		              NULL, "required: an integer, every "
		              "layer_group_size-th layer MLA, the others KDA");
	if (n % g)
		return hf_bad(c, "layer_group_size", hf_get(c, "layer_group_size",
		              path, sizeof path), "does not divide "
		              "num_hidden_layers: the trailing partial group is "
		              "MLA in vLLM bailing_moe_v3.py and llama.cpp, KDA in "
		              "SGLang's layers_block_type; refused");
	for (i = 0; i < n; i++)
		L[i].kind = (i + 1) % g == 0 ? KVP_LAYER_MLA : KVP_LAYER_NONE;
	c->state_dim = (uint32_t)d;
	c->kda_conv = (uint32_t)k;
	hf_superseded(c, "kda_safe_gate");
	hf_superseded(c, "kda_lower_bound");
	*found = true;
	hf_note(c, "Ling 3.0: MLA every %llu layers, KDA states of %u heads x "
	        "%llu (kernel %llu) elsewhere (vLLM bailing_moe_v3.py, SGLang "
	        "configs/bailing_hybrid.py); vLLM, transformers, TensorRT-LLM "
	        "and llama.cpp refused by model_type",
	        (unsigned long long)g, m->q_heads, (unsigned long long)d,
	        (unsigned long long)k);
	return KVP_OK;
}

enum kvp_status hf_fam_bailing_hybrid(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found)
{
	char path[96];
	const cJSON *a = hf_get(c, "architectures", path, sizeof path);
	const cJSON *a0 = cJSON_IsArray(a) ? cJSON_GetArrayItem(a, 0) : NULL;
	bool named = cJSON_IsString(a0);
	bool v3 = named && !strcmp(a0->valuestring, "BailingMoeV3ForCausalLM");
	bool kda = hf_has(c, "short_conv_kernel_size");

	/* another architecture with SGLang's use_kda: vLLM runs that
	 * class's lightning layers (bailing_moe_linear.py), SGLang KDA */
	if (kda && named && !v3)
		return hf_bad(c, "short_conv_kernel_size", NULL, "beside an "
		              "architecture other than BailingMoeV3ForCausalLM: "
		              "KDA layers in SGLang (use_kda), that class's "
		              "lightning layers in vLLM; refused");
	return v3 || kda ? ling3(c, m, L, found) : ling25(c, m, L, found);
}
