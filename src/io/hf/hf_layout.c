/*
 * hf_layout.c - each layer's kind, window and shape from the config, read
 * the way the engines read it, then the model's base and range rules.
 *
 * Layout sources, tried in order; the first present decides the kinds
 * (a later one present too is superseded, as in transformers, where an
 * explicit layer_types wins over the keys it would be derived from):
 *   layer_types              transformers (configuration_*.py), vLLM
 *   layers_block_type        Jamba/Granite-hybrid style list
 *   hybrid_override_pattern  Nemotron-H: M mamba, * attention, - MLP,
 *                            E MoE (vLLM models/nemotron_h.py,
 *                            llama.cpp llama-model.cpp LLM_ARCH_NEMOTRON_H)
 *   block_configs            Llama-Nemotron (DeciLM, nemotron-nas): per
 *                            layer attention.n_heads_in_group / no_op /
 *                            replace_with_linear (vLLM nemotron_nas.py,
 *                            llama.cpp convert_hf_to_gguf.py DeciModel)
 *   full_attention_interval  Qwen3-Next: full where (i + 1) % n == 0
 *                            (transformers configuration_qwen3_next.py,
 *                            llama.cpp qwen3next recurrent_layer_arr)
 *   attn_layer_period/offset Jamba: attention where i % period == offset
 *   then the family's own function (hf_family.c), then a sliding_window
 *   pattern, then sliding_window alone (every layer slides).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"
#include "io/plan/layer_table.h"

int hf_kind_from_name(const char *s, enum kvp_layer_kind *k)
{
	static const struct { const char *n; enum kvp_layer_kind k; } map[] = {
		{ "full_attention", KVP_LAYER_FULL },
		{ "attention", KVP_LAYER_FULL },
		{ "global", KVP_LAYER_FULL },
		{ "global_attention", KVP_LAYER_FULL },
		{ "sliding_attention", KVP_LAYER_SLIDING },
		{ "sliding", KVP_LAYER_SLIDING },
		{ "local", KVP_LAYER_SLIDING },
		{ "local_attention", KVP_LAYER_SLIDING },
		{ "chunked_attention", KVP_LAYER_CHUNKED },
		{ "linear_attention", KVP_LAYER_NONE },
		{ "mamba", KVP_LAYER_NONE },
		{ "mamba2", KVP_LAYER_NONE },
		{ "ssm", KVP_LAYER_NONE },
		{ "recurrent", KVP_LAYER_NONE },
		/* LFM2's short convolution (its state: hf_state.c) */
		{ "conv", KVP_LAYER_NONE },
		{ "mlp", KVP_LAYER_FFN },
		{ "moe", KVP_LAYER_FFN },
	};
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(s, map[i].n)) {
			*k = map[i].k;
			return 1;
		}
	return 0;
}

/* NVIDIA's GLM-5.x configs list "deepseek_sparse_attention" per layer:
 * an MLA layer with its DSA indexer (the transformers DSA models build
 * the indexer exactly on those layers). kvplan holds the indexer on
 * every MLA layer of a config with index_head_dim (hf_state.c; not MLA:
 * refused there), so such a list is read when every entry says so and
 * the indexer's keys are there; a mix (an MLA layer without indexer) is
 * refused naming its first other entry. */
static enum kvp_status dsa_kinds(struct cfg *c, const cJSON *a,
                                 const char *path, struct lay *L,
                                 bool *found)
{
	char p2[128];
	const cJSON *e;
	uint32_t i = 0;

	cJSON_ArrayForEach(e, a) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (!cJSON_IsString(e) ||
		    strcmp(e->valuestring, "deepseek_sparse_attention"))
			return hf_bad(c, p2, e, "beside deepseek_sparse_attention "
			              "layers: a layer without the DSA indexer, "
			              "which kvplan holds on every MLA layer; "
			              "refused");
		L[i++].kind = KVP_LAYER_FULL;   /* MLA where the base is MLA */
	}
	if (!hf_has(c, "index_head_dim"))
		return hf_bad(c, path, a, "deepseek_sparse_attention layers "
		              "without index_head_dim (the DSA indexer's key "
		              "width): refused");
	*found = true;
	return KVP_OK;
}

/* Whether a list names a deepseek_sparse_attention layer. */
static bool names_dsa(const cJSON *a)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, a)
		if (cJSON_IsString(e) &&
		    !strcmp(e->valuestring, "deepseek_sparse_attention"))
			return true;
	return false;
}

/* A list of layer kind names (layer_types, layers_block_type). */
enum kvp_status hf_src_kinds_list(struct cfg *c, const char *key,
                                  struct kvp_model *m, struct lay *L,
                                  bool *found)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, key, path, sizeof path), *e;
	uint32_t i = 0, n = m->n_layers;
	uint64_t mtp = 0;

	if (!a || *found)
		return KVP_OK;
	if (!cJSON_IsArray(a))
		return hf_bad(c, path, a, "must be an array of layer type names");
	/* the family's MTP entries after the decoder's, not sized here */
	if (c->fam && (c->fam->flags & HF_LT_MTP) &&
	    hf_uint(c, "num_nextn_predict_layers", 0, DIM_MAX, &mtp) < 0)
		return c->err->status;
	if ((uint32_t)cJSON_GetArraySize(a) != n &&
	    (uint64_t)cJSON_GetArraySize(a) != n + mtp) {
		char why[96];
		snprintf(why, sizeof why, "has %d entries for %u layers",
		         cJSON_GetArraySize(a), n);
		return hf_bad(c, path, a, why);
	}
	if (names_dsa(a))
		return dsa_kinds(c, a, path, L, found);
	cJSON_ArrayForEach(e, a) {
		enum kvp_layer_kind k;

		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (!cJSON_IsString(e) || !hf_kind_from_name(e->valuestring, &k))
			return hf_bad(c, p2, e, "unknown layer type (full_attention, "
			       "sliding_attention, chunked_attention, "
			       "linear_attention, mamba)");
		if (i < n)
			L[i].kind = k;
		i++;
	}
	*found = true;
	return KVP_OK;
}

/* Nemotron-H: one character per layer (vLLM nemotron_h.py
 * ALL_DECODER_LAYER_TYPES; llama.cpp: recurrent where 'M', KV heads only
 * where '*'). */
static enum kvp_status src_hybrid_override(struct cfg *c, struct kvp_model *m,
                                           struct lay *L, bool *found)
{
	char path[96];
	const cJSON *v = hf_get(c, "hybrid_override_pattern", path, sizeof path);
	uint32_t i, n = m->n_layers;
	const char *s;

	if (!v || *found)
		return KVP_OK;
	if (!cJSON_IsString(v) || strlen(v->valuestring) != n) {
		char why[96];
		snprintf(why, sizeof why, "must be a string of one character per "
		         "layer (%u)", n);
		return hf_bad(c, path, v, why);
	}
	s = v->valuestring;
	for (i = 0; i < n; i++) {
		switch (s[i]) {
		case 'M': L[i].kind = KVP_LAYER_NONE; break;
		case '*': L[i].kind = KVP_LAYER_FULL; break;
		case '-': case 'E': L[i].kind = KVP_LAYER_FFN; break;
		default: {
			char why[96];
			snprintf(why, sizeof why, "layer %u is '%c' - expected M "
			         "(Mamba), * (attention), - (MLP) or E (MoE)", i,
			         (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?');
			return hf_bad(c, path, v, why);
		}
		}
	}
	/* each block is one mixer: an MLP or MoE only on '-' and 'E' (vLLM
	 * nemotron_h.py ALL_DECODER_LAYER_TYPES), which the weight count
	 * follows */
	m->arch.ffn_layers_only = true;
	*found = true;
	return KVP_OK;
}

/* A block_configs FFN's parameters, as vLLM's nemotron_nas.py builds
 * the block (DeciLMDecoderLayer): no_op none; replace_with_linear one
 * hidden x hidden Linear; else a Llama MLP of
 * _ffn_mult_to_intermediate_size(ffn_mult, hidden) = int(2 x ffn_mult x
 * hidden / 3) rounded up to a multiple of 256 (the same in SGLang,
 * TensorRT-LLM and convert_hf_to_gguf.py). */
static enum kvp_status block_ffn(struct cfg *c, struct kvp_model *m,
                                 const cJSON *ffn, const char *path,
                                 uint64_t *out)
{
	const cJSON *mult = cJSON_GetObjectItemCaseSensitive(ffn, "ffn_mult");
	uint64_t h = m->arch.hidden, inter;
	double d;

	*out = 0;
	if (!cJSON_IsObject(ffn))
		return hf_bad(c, path, ffn, "must be an object");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ffn, "no_op")))
		return KVP_OK;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ffn,
	                                                  "replace_with_linear"))) {
		*out = h * h;   /* hidden < 2^24 */
		return KVP_OK;
	}
	if (!cJSON_IsNumber(mult) || !isfinite(mult->valuedouble) ||
	    mult->valuedouble <= 0 || mult->valuedouble > 1e4) {
		char p2[160];

		snprintf(p2, sizeof p2, "%s.ffn_mult", path);
		return hf_bad(c, p2, mult, "must be a number in (0, 10000]");
	}
	d = 2 * mult->valuedouble * (double)h / 3;   /* Python's order */
	inter = (uint64_t)d;
	if (inter % 256)
		inter += 256 - inter % 256;
	*out = (m->arch.gated_mlp ? 3 : 2) * h * inter;  /* < 2^64 */
	return KVP_OK;
}

/* Llama-Nemotron block_configs: KV heads = heads / n_heads_in_group; no
 * attention (no_op, replace_with_linear): no cache (a linear replacement
 * is hidden x hidden of weights, counted with the MLPs). The FFNs'
 * widths differ per block: their sum is arch.mlp_params. */
static enum kvp_status src_block_configs(struct cfg *c, struct kvp_model *m,
                                         struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, "block_configs", path, sizeof path), *e;
	uint32_t i = 0, n = m->n_layers;

	if (!a || *found)
		return KVP_OK;
	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n) {
		char why[96];
		snprintf(why, sizeof why, "must be an array of one block per "
		         "layer (%u)", n);
		return hf_bad(c, path, a, why);
	}
	m->arch.mlp_params = 0;
	cJSON_ArrayForEach(e, a) {
		const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "attention");
		const cJSON *noop, *lin;
		uint64_t g = 0, ffn;
		int r;

		snprintf(p2, sizeof p2, "%s[%u].ffn", path, i);
		if (block_ffn(c, m, cJSON_GetObjectItemCaseSensitive(e, "ffn"),
		              p2, &ffn) != KVP_OK)
			return c->err->status;
		if (!kvp_add(m->arch.mlp_params, ffn, &m->arch.mlp_params))
			return hf_bad(c, path, NULL, "the MLP parameters overflow");
		snprintf(p2, sizeof p2, "%s[%u].attention", path, i);
		if (!cJSON_IsObject(at))
			return hf_bad(c, p2, at, "must be an object");
		noop = cJSON_GetObjectItemCaseSensitive(at, "no_op");
		lin = cJSON_GetObjectItemCaseSensitive(at, "replace_with_linear");
		if (cJSON_IsTrue(noop) || cJSON_IsTrue(lin)) {
			if (cJSON_IsTrue(lin) && !kvp_add(m->arch.mlp_params,
			    m->arch.hidden * m->arch.hidden, &m->arch.mlp_params))
				return hf_bad(c, path, NULL, "the MLP parameters "
				              "overflow");
			L[i++].kind = KVP_LAYER_FFN;
			continue;
		}
		r = hf_member_uint(c, at, p2, "n_heads_in_group", 1, m->q_heads, &g);
		if (r < 0)
			return c->err->status;
		if (r == 0 || m->q_heads % g) {
			char p3[160];
			snprintf(p3, sizeof p3, "%s.n_heads_in_group", p2);
			return hf_bad(c, p3, cJSON_GetObjectItemCaseSensitive(at,
			              "n_heads_in_group"), "must divide the query "
			              "heads");
		}
		L[i].kind = KVP_LAYER_FULL;
		L[i].kv_heads = (uint32_t)(m->q_heads / g);
		i++;
	}
	/* the layer's own KV heads replace num_key_value_heads */
	hf_superseded(c, "num_key_value_heads");
	*found = true;
	return KVP_OK;
}

/*
 * The interval a config class takes when neither layer_types nor
 * full_attention_interval is written: its __post_init__ derives
 * layer_types from kwargs.pop("full_attention_interval", 4), 3
 * linear_attention : 1 full_attention (transformers @008e5743
 * configuration_qwen3_next.py Qwen3NextConfig, configuration_qwen3_5.py
 * Qwen3_5TextConfig, configuration_qwen3_5_moe.py Qwen3_5MoeTextConfig;
 * vLLM's qwen3_next.py / qwen3_5.py build each layer from
 * config.layer_types, the class's list). Never every layer full.
 */
static const struct {
	const char *model_type;
	uint64_t interval;
} interval_defaults[] = {
	{ "qwen3_next", 4 },
	{ "qwen3_5", 4 },
	{ "qwen3_5_text", 4 },
	{ "qwen3_5_moe", 4 },
	{ "qwen3_5_moe_text", 4 },
	/* SGLang configs/interns2_mobius.py @252129ae: a Qwen3_5MoeTextConfig
	 * (layer_types kept verbatim when given) */
	{ "interns2_mobius_text", 4 },
};

/* The class default of a config with neither key, or 0. */
static uint64_t interval_default(struct cfg *c)
{
	size_t i;

	if (hf_has(c, "layer_types") || hf_has(c, "full_attention_interval"))
		return 0;
	for (i = 0; i < sizeof interval_defaults / sizeof interval_defaults[0];
	     i++)
		if (!strcmp(c->model_type, interval_defaults[i].model_type))
			return interval_defaults[i].interval;
	return 0;
}

/* Qwen3-Next / Qwen3.5: linear attention except every n-th layer. */
static enum kvp_status src_interval(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found)
{
	uint64_t iv = 0;
	uint32_t i;
	int r;

	if (*found) {
		hf_superseded(c, "full_attention_interval");
		return KVP_OK;
	}
	if ((r = hf_uint(c, "full_attention_interval", 1, DIM_MAX, &iv)) < 0)
		return c->err->status;
	if (r == 0 && (iv = interval_default(c)) != 0)
		hf_note(c, "layer_types and full_attention_interval absent: "
		        "full attention every %llu layers (%s config default)",
		        (unsigned long long)iv, c->model_type);
	if (!iv)
		return KVP_OK;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = (i + 1) % iv == 0 ? KVP_LAYER_FULL : KVP_LAYER_NONE;
	*found = true;
	return KVP_OK;
}

/* Jamba: attention where i % period == offset, Mamba elsewhere. */
static enum kvp_status src_period(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	uint64_t period = 0, offset = 0;
	uint32_t i;

	if (hf_uint(c, "attn_layer_period", 1, DIM_MAX, &period) < 0 ||
	    hf_uint(c, "attn_layer_offset", 0, DIM_MAX, &offset) < 0)
		return c->err->status;
	if (!period || *found)
		return KVP_OK;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = i % period == offset ? KVP_LAYER_FULL : KVP_LAYER_NONE;
	*found = true;
	return KVP_OK;
}

/* No per-layer source: a sliding pattern, or sliding_window alone. */
static enum kvp_status src_sliding(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	uint64_t sw = 0, pattern = 0;
	uint32_t i, n = m->n_layers;
	const char *pk = "sliding_window_pattern";
	int r;

	if (*found) {
		hf_superseded(c, "sliding_window_pattern");
		hf_superseded(c, "_sliding_window_pattern");
		return KVP_OK;
	}
	if ((r = hf_uint(c, pk, 1, DIM_MAX, &pattern)) == 0) {
		pk = "_sliding_window_pattern";
		r = hf_uint(c, pk, 1, DIM_MAX, &pattern);
	}
	if (r < 0 || hf_uint(c, "sliding_window", 1, UINT32_MAX, &sw) < 0)
		return c->err->status;
	if (!sw || m->base.kind == KVP_LAYER_MLA)
		return KVP_OK;
	if (pattern) {
		/* Gemma 3 style: sliding unless (i + 1) % pattern == 0 */
		for (i = 0; i < n; i++)
			L[i].kind = (i + 1) % pattern == 0 ? KVP_LAYER_FULL
			                                   : KVP_LAYER_SLIDING;
	} else {
		for (i = 0; i < n; i++)
			L[i].kind = KVP_LAYER_SLIDING;
		if (!(c->fam && (c->fam->flags & HF_SW_ALL)))
			hf_note(c, "sliding_window %llu with no layer pattern: "
			        "every layer slides", (unsigned long long)sw);
	}
	*found = true;
	return KVP_OK;
}

/* Windows of sliding and chunked layers. */
static enum kvp_status windows(struct cfg *c, struct kvp_model *m,
                               struct lay *L)
{
	uint64_t sw = 0, chunk = 0;
	uint32_t i;
	int r;

	if ((r = hf_uint(c, "sliding_window", 1, UINT32_MAX, &sw)) < 0 ||
	    hf_uint(c, "attention_chunk_size", 1, UINT32_MAX, &chunk) < 0)
		return c->err->status;
	for (i = 0; i < m->n_layers; i++) {
		if (L[i].kind == KVP_LAYER_SLIDING && !L[i].window) {
			if (!sw && c->fam && c->fam->window) {
				sw = c->fam->window;
				hf_note(c, "sliding_window absent: %llu (%s config "
				        "default)", (unsigned long long)sw,
				        c->fam->model_type);
			}
			if (!sw)
				return hf_bad(c, "sliding_window", NULL,
				              "required by sliding layers");
			L[i].window = (uint32_t)sw;
		} else if (L[i].kind == KVP_LAYER_CHUNKED && !L[i].window) {
			if (!chunk)
				return hf_bad(c, "attention_chunk_size", NULL,
				              "required by chunked layers");
			L[i].window = (uint32_t)chunk;
		}
	}
	return KVP_OK;
}

enum kvp_status hf_layers(struct cfg *c, struct kvp_model *m, struct lay *L)
{
	uint32_t n = m->n_layers, i;
	uint64_t shared = 0;
	bool found = false, any_none = false, linear = false;
	char path[96];
	const cJSON *lt;

	for (i = 0; i < n; i++) {
		memset(&L[i], 0, sizeof L[i]);
		L[i].kind = m->base.kind;
	}
	/* a family whose layout kvplan refuses names why before a generic
	 * source trips on its layer names (HF_LAYOUT_FIRST) */
	if (c->fam && (c->fam->flags & HF_LAYOUT_FIRST) && c->fam->layout &&
	    c->fam->layout(c, m, L, &found))
		return c->err->status;
	if (hf_src_kinds_list(c, "layer_types", m, L, &found) ||
	    hf_src_kinds_list(c, "layers_block_type", m, L, &found) ||
	    src_hybrid_override(c, m, L, &found) ||
	    src_block_configs(c, m, L, &found) ||
	    src_interval(c, m, L, &found) ||
	    src_period(c, m, L, &found))
		return c->err->status;
	if (c->fam && c->fam->layout && !(c->fam->flags & HF_LAYOUT_FIRST) &&
	    c->fam->layout(c, m, L, &found))
		return c->err->status;
	if (src_sliding(c, m, L, &found) || windows(c, m, L))
		return c->err->status;

	/* MLA models keep MLA where the sources said "attention" */
	if (m->base.kind == KVP_LAYER_MLA)
		for (i = 0; i < n; i++)
			if (L[i].kind == KVP_LAYER_FULL)
				L[i].kind = KVP_LAYER_MLA;

	/* full layers keeping a Mamba state beside (Falcon-H1) need its
	 * sizes as recurrent layers do */
	any_none = m->recur.beside_full;
	for (i = 0; i < n; i++)
		any_none |= L[i].kind == KVP_LAYER_NONE;
	lt = hf_get(c, "layer_types", path, sizeof path);
	if (cJSON_IsArray(lt)) {
		const cJSON *e;
		cJSON_ArrayForEach(e, lt)
			linear |= cJSON_IsString(e) &&
			          !strcmp(e->valuestring, "linear_attention");
	}
	linear |= (hf_has(c, "full_attention_interval") &&
	           hf_has(c, "linear_num_value_heads")) ||
	          interval_default(c) != 0;
	if (any_none && hf_recurrent(c, m, linear))
		return c->err->status;

	/* Gemma 3n / Gemma 4: the last N layers reuse earlier layers' KV
	 * (one model-level rule, applied at resolution) */
	if (hf_uint(c, "num_kv_shared_layers", 0, n, &shared) < 0)
		return c->err->status;
	if (shared >= n && shared)
		return hf_bad(c, "num_kv_shared_layers", NULL,
		              "must be below the layer count");
	m->kv_reuse_last = (uint32_t)shared;
	return hf_indexer(c, m);
}

/* ---- layout as base + rules ------------------------------------------- */

enum kvp_status hf_layout_rules(struct cfg *c, struct kvp_model *m,
                                struct lay *L)
{
	uint32_t n = m->n_layers, i;
	struct kvp_layer_spec spec[KVP_MAX_LAYERS];

	/* zero heads or dims: the config's uniform ones */
	for (i = 0; i < n; i++) {
		if (!L[i].kv_heads)
			L[i].kv_heads = m->base.kv_heads;
		if (!L[i].k_dim)
			L[i].k_dim = m->base.k_dim;
		if (!L[i].v_dim)
			L[i].v_dim = m->base.v_dim;
	}
	/* every layer as a whole spec over the config's uniform fields
	 * (formats, state bytes), then the table's one compression */
	for (i = 0; i < n; i++) {
		spec[i] = m->base;
		spec[i].kind = L[i].kind;
		spec[i].window = L[i].window;
		spec[i].shared_with = L[i].shared_with;
		spec[i].kv_heads = L[i].kv_heads;
		spec[i].k_dim = L[i].k_dim;
		spec[i].v_dim = L[i].v_dim;
		if (L[i].kind == KVP_LAYER_COMPRESSED) {
			spec[i].ratio = L[i].ratio;
			spec[i].state_bytes = L[i].state_bytes;
		}
	}
	return kvp_layer_table_to_rules(m, spec, c->name, c->err);
}
