/*
 * hf_fam_attn.c - the attention families' layout functions the family
 * table (hf_family.c) points at: sliding-window patterns (Gemma 2/3/4,
 * Llama 4, Cohere 2, EXAONE, SmolLM3), per-family head rules (Qwen, Phi-3,
 * Step3, Hunyuan, Grok), MLA with an indexer (GLM-5) and wrappers' text
 * models. Each function reads only its family's own keys and cites the
 * engine code it follows; a row of families[] makes it reachable.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* Gemma 2: layer 0 sliding, then alternating (transformers
 * Gemma2DecoderLayer is_sliding = not bool(layer_idx % 2); llama.cpp
 * LLM_ARCH_GEMMA2 swa pattern 2). */
enum kvp_status hf_fam_gemma2(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_gemma3(struct cfg *c, struct kvp_model *m,
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
 * another value, where the config and the engines disagree, refused.
 * no_rope_layer_interval, the class's own key (Llama4TextConfig.
 * __post_init__: no_rope_layers, when empty, is int((i + 1) % interval
 * != 0)), gives the global layers when no_rope_layers does not. */
enum kvp_status hf_fam_llama4(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found)
{
	char path[96], p2[96];
	const cJSON *nr = hf_get(c, "no_rope_layers", path, sizeof path), *e;
	const cJSON *ni = hf_get(c, "nope_layer_interval", p2, sizeof p2);
	uint32_t i = 0, n = m->n_layers;
	uint64_t iv = 4;

	if (hf_uint(c, "no_rope_layer_interval", 1, DIM_MAX, &iv) < 0)
		return c->err->status;
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
			L[i].kind = (i + 1) % iv == 0 ? KVP_LAYER_FULL
			                              : KVP_LAYER_CHUNKED;
		hf_note(c, "no_rope_layers absent: every %llu%s layer global, "
		        "the others chunked (Llama4TextConfig)",
		        (unsigned long long)iv, iv == 1 ? "st" : iv == 2 ? "nd" :
		        iv == 3 ? "rd" : "th");
	}
	*found = true;
	return KVP_OK;
}

/* Qwen2 and derivatives: the window applies only with use_sliding_window,
 * to layers >= max_window_layers (vLLM qwen2.py; transformers Qwen2Config
 * layer_types derivation). max_window_layers absent is the class's
 * default, which differs by class (Qwen2Config and Qwen3Config 28,
 * Qwen2VLConfig 80): refused naming it, not every layer slid (issue
 * 35h: a cache smaller than the engine's). */
enum kvp_status hf_fam_qwen(struct cfg *c, struct kvp_model *m,
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
			return hf_bad(c, "max_window_layers", NULL, "required with "
			              "use_sliding_window: the layers below it keep "
			              "every position, and its class default differs "
			              "by class (28 Qwen2Config, 80 Qwen2VLConfig)");
		for (i = 0; i < m->n_layers; i++)
			L[i].kind = i >= mwl ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
	}
	*found = true;   /* use_sliding_window false: full attention */
	return KVP_OK;
}

/*
 * FastVLM-style wrappers (llava_qwen2, llava_qwen3): Qwen's layers and
 * window keys at the top level (their config classes subclass Qwen2Config
 * and Qwen3Config), with a vision tower the count leaves out: Qwen's
 * layout, then the note.
 */
enum kvp_status hf_fam_qwen_noted(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	enum kvp_status st = hf_fam_qwen(c, m, L, found);

	if (st != KVP_OK)
		return st;
	return hf_fam_wnote(c, m, L, found);
}

/* LLaVA-OneVision-1.5's text model (remote configuration_
 * llavaonevision1_5.py LLaVAOneVision1_5_TextConfig, a Qwen3 text config
 * whose sliding_window is kept whatever use_sliding_window says):
 * layer_types when given, else sliding where sliding_window is set and
 * the layer index is at least max_window_layers (class default 36),
 * the window on those layers only (modeling_llavaonevision1_5.py
 * LLaVAOneVision1_5_Attention). */
enum kvp_status hf_fam_ov15(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found)
{
	uint64_t mwl = 36, sw = 0;
	uint32_t i;
	bool use_sw = false;

	if (hf_bool(c, "use_sliding_window", &use_sw) < 0 ||
	    hf_uint(c, "max_window_layers", 0, DIM_MAX, &mwl) < 0 ||
	    hf_uint(c, "sliding_window", 1, UINT32_MAX, &sw) < 0)
		return c->err->status;
	if (*found)
		return KVP_OK;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = sw && i >= mwl ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
	*found = true;
	return KVP_OK;
}

/* EAGLE-3 heads (model_type llama; SpecForge writes its Qwen targets'
 * keys too): vLLM builds LlamaAttention layers (llama_eagle3.py
 * @00bd1493), which slide only where layer_types says so, so a Qwen
 * use_sliding_window, max_window_layers or sliding_window changes
 * nothing: read, full attention. layer_types, when present, is read as
 * for any llama. */
enum kvp_status hf_fam_eagle3(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_phi3(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_gemma4(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_mimo(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_laguna(struct cfg *c, struct kvp_model *m,
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
 * JetBrains Mellum (mellum; transformers modular_mellum.py MellumConfig
 * (Qwen3MoeConfig), code index files 54497110878, 54757789179; vLLM
 * configs/mellum.py; llama.cpp conversion/mellum.py MellumModel and
 * src/models/mellum.cpp @80fb11a): num_key_value_heads x head_dim on
 * every layer, sliding_window where layer_types says sliding_attention.
 * Three keys have no one rule across the engines, so each must be in
 * the file (mlx-lm mellum.py's ModelArgs requires all three): head_dim
 * (MellumConfig's default 128, llama.cpp's TextModel hidden / heads),
 * layer_types (all full by one MellumConfig's default, absent in
 * llama.cpp's converter when sliding_window is set) and use_sliding_window
 * false beside a sliding layer (llama.cpp then slides none; a later
 * MellumConfig drops the key). mlp_layer_types: the MLPs only.
 */
enum kvp_status hf_fam_mellum(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found)
{
	char path[96];
	bool sw = true;
	uint32_t i;
	int r;

	if (!hf_has(c, "head_dim"))
		return hf_bad(c, "head_dim", NULL, "required: MellumConfig "
		              "defaults it to 128, llama.cpp's converter to "
		              "hidden_size / num_attention_heads");
	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required: MellumConfig's "
		              "default differs by release and llama.cpp's "
		              "converter reads it");
	if ((r = hf_bool(c, "use_sliding_window", &sw)) < 0)
		return c->err->status;
	for (i = 0; r == 1 && !sw && i < m->n_layers; i++)
		if (L[i].kind == KVP_LAYER_SLIDING)
			return hf_bad(c, "use_sliding_window", hf_get(c,
			              "use_sliding_window", path, sizeof path),
			              "false beside sliding layers: llama.cpp "
			              "slides none, layer_types slides them in "
			              "transformers; refused");
	mlp_types(c, m);
	return KVP_OK;
}

/*
 * Nanbeige (nanbeige; remote-code NanbeigeConfig, model_type nanbeige:
 * Nanbeige/Nanbeige models/configuration_nanbeige.py @3bfa567b and the
 * Nanbeige 4.2 class johnhalloran321/Nanbeige4.2-3B-mps-fix
 * patch/configuration_nanbeige.py @a8de7263; llama.cpp
 * conversion/nanbeige.py NanbeigeModel and src/models/nanbeige.cpp
 * @80fb11a). A plain Llama decoder (num_key_value_heads, else the heads;
 * head_dim, else hidden / heads) unless a switch below is on. num_loops
 * runs the layers again, and llama.cpp gives each loop's layers K/V of
 * their own (n_layer_all = layers x loops, "each slot still has its own
 * KV index") over one set of weights: a row of hf_loops.c loop_rows[]
 * (model.loops). The others (a loop split, KV shared across loops,
 * hyper-connections, depth attention, n-gram embeddings, QK layernorm)
 * build modules beyond llama.cpp's NANBEIGE tensors (gguf-py
 * constants.py MODEL_TENSORS: Llama's only) that no engine rule sizes.
 * Each refused naming the key.
 */
static const char *const nanbeige_switches[] = {
	"loop_loss_weights", "enable_double_loop_split", "loop_share_kv",
	"enable_hyper_connection", "enable_mhc", "enable_depth_attention",
	"emb_neighbor_num", "ngram_vocab_size_ratio",
	"ngram_embedding_hidden_size", "qk_layernorm", NULL };

enum kvp_status hf_fam_nanbeige(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	char path[96];
	const cJSON *v;
	size_t i;

	(void)m;
	(void)L;
	(void)found;
	for (i = 0; nanbeige_switches[i]; i++) {
		v = hf_get(c, nanbeige_switches[i], path, sizeof path);
		if (v && !cJSON_IsNull(v) && !cJSON_IsFalse(v) &&
		    !(cJSON_IsNumber(v) && v->valuedouble == 0) &&
		    !(cJSON_IsArray(v) && cJSON_GetArraySize(v) == 0))
			return hf_bad(c, path, v, "a Nanbeige module beyond "
			              "llama.cpp's NANBEIGE tensors (Llama's) that "
			              "no engine rule sizes; refused");
	}
	return KVP_OK;
}

/*
 * PLM (plm; transformers PLMConfig, src/transformers/models/plm/
 * configuration_plm.py @949dcd70: MLA keys, num_key_value_heads 16,
 * head_dim = qk_rope_head_dim). llama.cpp alone serves it
 * (conversion/plm.py PLMModel @80fb11a: key_length qk_nope + qk_rope,
 * value_length v_head_dim, head_count_kv num_key_value_heads, else the
 * heads; src/models/plm.cpp): it decompresses the latent and caches per
 * head K (k_nope beside k_pe repeated over n_head heads) and V
 * (v_head_dim), every layer full through build_attn_inp_kv, not the
 * latent. Its k_states hold n_head heads, copied into rows of
 * n_head_kv x key_length (llama-kv-cache.cpp cpy_k): KV heads other
 * than the query heads do not run; refused. plm.cpp loads wq alone (no
 * q_lora_rank) and converter reads v_head_dim: each refused otherwise.
 */
enum kvp_status hf_fam_plm(struct cfg *c, struct kvp_model *m,
                           struct lay *L, bool *found)
{
	char path[96];
	uint64_t ql = 0;
	uint32_t i;

	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "PLM's attention "
		              "(llama.cpp src/models/plm.cpp) needs it");
	if (!hf_has(c, "v_head_dim"))
		return hf_bad(c, "v_head_dim", NULL, "required: llama.cpp's "
		              "converter (conversion/plm.py) reads it");
	if (hf_uint(c, "q_lora_rank", 1, DIM_MAX, &ql) < 0)
		return c->err->status;
	if (ql)
		return hf_bad(c, "q_lora_rank", hf_get(c, "q_lora_rank", path,
		              sizeof path), "llama.cpp's plm.cpp loads a plain "
		              "wq (no q LoRA); refused");
	if (m->base.kv_heads != m->q_heads)
		return hf_bad(c, "num_key_value_heads", hf_get(c,
		              "num_key_value_heads", path, sizeof path),
		              "not the query heads: llama.cpp's plm.cpp builds "
		              "K of every query head into rows of the KV heads' "
		              "width (cpy_k), which does not run; refused");
	hf_superseded(c, "head_dim");
	m->base.kind = KVP_LAYER_FULL;
	m->base.k_dim = m->mla.qk_nope_head_dim + m->mla.qk_rope_head_dim;
	m->base.v_dim = m->mla.v_head_dim;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_FULL;
	memset(&m->mla, 0, sizeof m->mla);
	*found = true;
	hf_note(c, "PLM: per-head K (%u values) and V (%u) cached, not the "
	        "MLA latent (llama.cpp plm.cpp); the weight estimate counts "
	        "plain q, k, v and o projections, not its MLA ones",
	        m->base.k_dim, m->base.v_dim);
	return KVP_OK;
}

/*
 * PLaMo 1 (plamo; mlx-lm models/plamo.py @d78bf58e Attention: K and V
 * heads ceil(num_attention_heads / n_shared_head), n_shared_head 8 when
 * absent, heads of hidden_size / heads; llama.cpp conversion/plamo.py
 * PlamoModel @80fb11a writes head_count_kv 5, "num_key_value_heads is
 * wrong", for the one model it converts, plamo-13b: 40 / 8 = 5). A
 * num_key_value_heads the config writes is not read by either.
 */
enum kvp_status hf_fam_plamo(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	char path[96];
	uint64_t share = 8;
	int r;

	(void)L;
	(void)found;
	if ((r = hf_uint(c, "n_shared_head", 1, DIM_MAX, &share)) < 0)
		return c->err->status;
	if (r == 0)
		hf_note(c, "n_shared_head absent: 8 (PLaMo's default)");
	hf_superseded(c, "num_key_value_heads");
	if (m->q_heads % share)
		return hf_bad(c, "n_shared_head", hf_get(c, "n_shared_head",
		              path, sizeof path), "does not divide "
		              "num_attention_heads: the last K/V head would serve "
		              "fewer query heads, which kvplan does not hold");
	m->base.kv_heads = (uint32_t)((m->q_heads + share - 1) / share);
	m->trained_kv_heads = m->base.kv_heads;
	m->kv_heads_assumed = false;
	return KVP_OK;
}

/*
 * CodeShell (kclgpt; llama.cpp conversion/codeshell.py CodeShellModel
 * @80fb11a: add_head_count_kv(num_query_groups), read whatever
 * group_query_attention says, and no default: a config without it does
 * not convert). num_query_groups is required, and a group_query_attention
 * false beside a count other than the heads (the remote code then keeps
 * every head) refused: the engines disagree. Then the weights' note.
 */
enum kvp_status hf_fam_codeshell(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found)
{
	char path[96];
	uint64_t g = 0;
	bool gqa = true;
	int r;

	if ((r = hf_uint(c, "num_query_groups", 1, DIM_MAX, &g)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "num_query_groups", NULL, "required: llama.cpp's "
		              "converter reads it as the KV heads, with no default");
	if (m->q_heads % g)
		return hf_bad(c, "num_query_groups", hf_get(c, "num_query_groups",
		              path, sizeof path), "does not divide n_head");
	if ((r = hf_bool(c, "group_query_attention", &gqa)) < 0)
		return c->err->status;
	if (r == 1 && !gqa && g != m->q_heads)
		return hf_bad(c, "group_query_attention", hf_get(c,
		              "group_query_attention", path, sizeof path),
		              "false beside num_query_groups: llama.cpp keeps "
		              "num_query_groups KV heads, CodeShell's code every "
		              "head; refused");
	m->base.kv_heads = m->trained_kv_heads = (uint32_t)g;
	m->kv_heads_assumed = false;
	return hf_fam_wnote(c, m, L, found);
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
enum kvp_status hf_fam_glm_dsa(struct cfg *c, struct kvp_model *m,
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


/*
 * Step3 text (vLLM step3_text.py @0169d396 Step3TextDecoderLayer): the
 * attention of every layer has ONE KV head of head_dim (256 when absent),
 * num_kv_heads=1 written in the code: num_attention_groups (1 in Step3's
 * configs; absent, HF_MQA: 1, Step3TextConfig's default) is that count;
 * any other value refused (vLLM would still build one). share_q_dim, share_expert_dim and moe_layers_enum size weights.
 */
enum kvp_status hf_fam_step3_text(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_hunyuan(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_afmoe(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_mllama(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_muse_glimmer(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_smollm3(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_cohere2_moe(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_exaone_moe(struct cfg *c, struct kvp_model *m,
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
enum kvp_status hf_fam_grok(struct cfg *c, struct kvp_model *m,
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

/*
 * PLaMo 3 (plamo3; SGLang python/sglang/srt/configs/plamo3.py @33918d47
 * Plamo3Config, is_full_attn: layer i is full when (i + 1) %
 * sliding_window_pattern == 0, every other layer slides window_size;
 * vLLM plamo3.py @045d7575 Plamo3AttentionMixer: per_layer_sliding_window
 * = interleaved_sliding_window[i], num_key_value_heads x head_dim).
 * sliding_window_pattern's default is 8 in both that class and PFN's
 * remote one; window_size's is 2,048 there and 128 in PFN's: absent,
 * refused. A layer_types that disagrees with the pattern is refused.
 */
enum kvp_status hf_fam_plamo3(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found)
{
	char path[96], p2[96];
	uint64_t p = 0, w = 0;
	uint32_t i;
	int r;

	if ((r = hf_uint(c, "sliding_window_pattern", 1, DIM_MAX, &p)) < 0)
		return c->err->status;
	if (r == 0) {
		p = 8;
		hf_note(c, "sliding_window_pattern absent: 8 (Plamo3Config's "
		        "default: 7 sliding layers, then 1 full)");
	}
	if ((r = hf_uint(c, "window_size", 1, UINT32_MAX, &w)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "window_size", NULL, "required: Plamo3Config "
		              "defaults it to 2048 in SGLang's copy and 128 in "
		              "PFN's remote code, no one default");
	for (i = 0; i < m->n_layers; i++) {
		enum kvp_layer_kind k = (i + 1) % p == 0 ? KVP_LAYER_FULL :
		                        KVP_LAYER_SLIDING;

		if (*found && L[i].kind != k) {
			snprintf(p2, sizeof p2, "layer_types[%u]", i);
			return hf_bad(c, p2, hf_get(c, "layer_types", path,
			              sizeof path), "disagrees with "
			              "sliding_window_pattern, which vLLM's "
			              "interleaved_sliding_window follows; refused");
		}
		L[i].kind = k;
		L[i].window = k == KVP_LAYER_SLIDING ? (uint32_t)w : 0;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Granite SWA (granite_swa, granitemoe_swa; llama.cpp conversion/granite.py
 * GraniteSWAModel @80fb11a: layer_types, else layer i slides unless i % 4
 * == 0; sliding_window 128 when absent; GraniteModel pops head_dim, so
 * src/models/granite-swa.cpp builds heads of hidden_size / heads, as
 * transformers' GraniteSWAAttention does, while vLLM granite_swa.py takes
 * head_dim when the config has one: a head_dim that differs is refused,
 * the engines disagree. transformers' GraniteSWAConfig and
 * GraniteMoeSWAConfig have the same default pattern and window.
 * no_rope_layers and layer_rope_theta pick RoPE layers only.
 */
enum kvp_status hf_fam_granite_swa(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	char path[96];
	uint32_t i;

	hf_superseded(c, "no_rope_layers");
	hf_superseded(c, "layer_rope_theta");
	if (m->q_heads && m->arch.hidden % m->q_heads == 0 &&
	    m->base.k_dim != m->arch.hidden / m->q_heads)
		return hf_bad(c, "head_dim", hf_get(c, "head_dim", path,
		              sizeof path), "llama.cpp and transformers size "
		              "hidden_size / num_attention_heads, vLLM "
		              "granite_swa.py this: the engines disagree; refused");
	if (!*found) {
		for (i = 0; i < m->n_layers; i++)
			L[i].kind = i % 4 == 0 ? KVP_LAYER_FULL
			                       : KVP_LAYER_SLIDING;
		hf_note(c, "layer_types absent: full attention where layer %% 4 "
		        "== 0, sliding elsewhere (the config class's default)");
		*found = true;
	}
	return hf_fam_wnote(c, m, L, found);
}

/*
 * Sarvam MLA (sarvam_mla; vLLM sarvam.py @c0f0c92f SarvamMLAAttention):
 * DeepSeek-style MLA on every layer, kv_lora_rank + qk_rope_head_dim
 * cached (MultiHeadLatentAttentionWrapper), config.kv_lora_rank read
 * without a default: absent, refused rather than sized as GQA.
 */
enum kvp_status hf_fam_sarvam_mla(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	(void)L;
	(void)found;
	if (!m->mla.kv_lora_rank)
		return hf_bad(c, "kv_lora_rank", NULL, "required: vLLM "
		              "sarvam.py caches an MLA latent of kv_lora_rank "
		              "on every layer");
	return KVP_OK;
}

/*
 * A wrapper whose configuration class builds its text model from the
 * model_type text_config names, with no default (HyperCLOVAX Vision: vLLM
 * transformers_utils/configs/hyperclovax.py @af841c69 HCXVisionConfig,
 * AutoConfig.for_model(text_config["model_type"])): this row is reached
 * only when text_config names none, which the class cannot load.
 */
enum kvp_status hf_fam_text_typed(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[128];

	(void)m;
	(void)L;
	(void)found;
	snprintf(path, sizeof path, "%s.model_type",
	         c->text_key ? c->text_key : "text_config");
	return hf_bad(c, path, NULL, "required: the wrapper's class builds "
	              "its text model from it, with no default");
}

/*
 * Sarvam MoE (sarvam_moe; transformers modular_sarvam_moe.py @0684546d
 * SarvamMoeAttention: sliding_window None on every layer whatever the
 * config says; vLLM sarvam.py @c0f0c92f SarvamMoEForCausalLM is
 * bailing_moe.py's, whose Attention takes the config's sliding_window
 * through cache_config): full attention of num_key_value_heads x
 * head_dim (hidden / heads when absent); a sliding_window the two would
 * treat differently is refused.
 */
enum kvp_status hf_fam_sarvam_moe(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96];
	const cJSON *sw = hf_get(c, "sliding_window", path, sizeof path);

	(void)m;
	(void)L;
	(void)found;
	if (sw)
		return hf_bad(c, path, sw, "transformers' SarvamMoeAttention "
		              "sets no window, vLLM's BailingMoe attention takes "
		              "this one: the engines disagree; refused");
	return KVP_OK;
}

/* One entry of openPangu's interleaved_sliding_window: a window, or null
 * (full attention): 0 for full, 1 a window in *w, -1 refused. */
static int pangu_window(struct cfg *c, const cJSON *e, const char *path,
                        uint32_t *w)
{
	uint64_t x = 0;

	if (cJSON_IsNull(e))
		return 0;
	if (hf_uint_at(c, e, path, 1, UINT32_MAX, &x) <= 0)
		return -1;
	*w = (uint32_t)x;
	return 1;
}

/*
 * openPangu (vLLM openpangu.py @6a2dcafe OpenPanguDecoderLayer): MLA
 * (OpenPanguMLAAttention) when the config has qk_nope_head_dim,
 * qk_rope_head_dim, v_head_dim and kv_lora_rank, else GQA of
 * num_key_value_heads x head_dim (hidden / heads when absent) whose
 * window is interleaved_sliding_window: an int slides every layer, a
 * list gives layer i entry i % its length (null: full). kv_lora_rank
 * without v_head_dim (vLLM GQA, kvplan's MLA default) and a window on
 * MLA layers (which vLLM's MLA branch drops) are refused.
 */
enum kvp_status hf_fam_openpangu(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *isw = hf_get(c, "interleaved_sliding_window", path,
	                          sizeof path), *e;
	uint32_t i, n, w = 0;
	int r;

	if (m->mla.kv_lora_rank && !hf_has(c, "v_head_dim"))
		return hf_bad(c, "v_head_dim", NULL, "required with kv_lora_rank: "
		              "vLLM openpangu.py builds MLA only with all four "
		              "MLA keys, GQA otherwise");
	if (!isw || cJSON_IsNull(isw))
		return KVP_OK;
	if (m->mla.kv_lora_rank || *found)
		return hf_bad(c, path, isw, m->mla.kv_lora_rank ? "a window on "
		              "MLA layers, which vLLM's MLA branch drops: "
		              "refused" : "beside layer_types: refused");
	n = cJSON_IsArray(isw) ? (uint32_t)cJSON_GetArraySize(isw) : 0;
	if (!cJSON_IsNumber(isw) && n == 0)
		return hf_bad(c, path, isw, "an int or a non-empty list");
	for (i = 0; i < m->n_layers; i++) {
		e = n ? cJSON_GetArrayItem(isw, (int)(i % n)) : isw;
		snprintf(p2, sizeof p2, "%s[%u]", path, n ? i % n : 0);
		if ((r = pangu_window(c, e, n ? p2 : path, &w)) < 0)
			return c->err->status;
		L[i].kind = r ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
		L[i].window = r ? w : 0;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Param2 MoE (param2moe; vLLM param2moe.py @756e7391 Param2MoEAttention:
 * GQA of num_key_value_heads x (head_dim or hidden / heads), every layer
 * full unless the config's sliding_window reaches cache_config; its
 * transformers class, configuration_param2moe.py @4671997a, defaults
 * head_dim to 64, not hidden / heads: absent, refused). An MLA key
 * (kv_lora_rank, in one revision of that class) is refused: vLLM's
 * model builds GQA whatever it says.
 */
enum kvp_status hf_fam_param2moe(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found)
{
	char path[96];

	(void)L;
	(void)found;
	if (m->mla.kv_lora_rank)
		return hf_bad(c, "kv_lora_rank", hf_get(c, "kv_lora_rank", path,
		              sizeof path), "vLLM param2moe.py builds GQA, not "
		              "MLA: refused");
	if (!hf_has(c, "head_dim"))
		return hf_bad(c, "head_dim", NULL, "required: Param2MoeConfig "
		              "defaults it to 64, vLLM's fallback is hidden / "
		              "heads");
	return KVP_OK;
}

/* A config that writes Qwen2's window keys its engine does not take:
 * while use_sliding_window is false (absent: false) sliding_window and
 * max_window_layers change nothing, read; true refused with why. */
static enum kvp_status window_unused(struct cfg *c, bool *found,
                                     const char *why)
{
	char path[96];
	bool sw = false;

	if (hf_bool(c, "use_sliding_window", &sw) < 0)
		return c->err->status;
	if (sw)
		return hf_bad(c, "use_sliding_window", hf_get(c,
		              "use_sliding_window", path, sizeof path), why);
	hf_superseded(c, "sliding_window");
	hf_superseded(c, "max_window_layers");
	*found = true;   /* every layer full, as set, or layer_types' */
	return KVP_OK;
}

/*
 * IQuest-Coder (iquestcoder; its configuration_iquestcoder.py, a
 * LlamaConfig with Qwen2's use_sliding_window / sliding_window /
 * max_window_layers and OLMo's clip_qkv; vLLM's registry runs
 * IQuestCoderForCausalLM as llama.py's LlamaForCausalLM): full attention
 * while use_sliding_window is false (vLLM's ModelConfig then drops
 * sliding_window); true is refused, llama.py sliding every layer where
 * the Qwen2 rule it borrows spares max_window_layers.
 */
enum kvp_status hf_fam_iquestcoder(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found)
{
	(void)m;
	(void)L;
	return window_unused(c, found, "true: vLLM's llama.py would slide "
	                     "every layer, the Qwen2 rule the config borrows "
	                     "spares max_window_layers; refused");
}

/*
 * Ling / Ring 2.0 (bailing_moe_v2, BailingMoeV2ForCausalLM: Ling-mini,
 * Ling-flash, Ling-1T and their Ring twins; Ling 1.x, bailing_moe, runs
 * the same BailingAttention). The remote-code BailingMoeV2Config keeps
 * Qwen2's use_sliding_window (false by default), sliding_window and
 * max_window_layers, and the configs write
 * max_window_layers; vLLM's registry runs the architecture as
 * bailing_moe.py, whose BailingAttention is num_key_value_heads x
 * head_dim (else hidden / heads) on every layer with no window: full
 * attention while use_sliding_window is false, true refused.
 */
enum kvp_status hf_fam_bailing(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found)
{
	(void)m;
	(void)L;
	return window_unused(c, found, "true: vLLM's bailing_moe.py builds "
	                     "no window for Ling and the remote-code "
	                     "model's use of it was not read; refused");
}

/*
 * Step 1 (step1; vLLM step1.py @955461ac StepAttention): num_attention_groups
 * KV heads, else num_key_value_heads, else one (HF_MQA), each of hidden /
 * heads (head_dim is not read: another value refused), ALiBi, every layer
 * full. Both head counts given and different: refused (kvplan's generic
 * order takes num_key_value_heads first).
 */
enum kvp_status hf_fam_step1(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	char path[96];
	uint64_t g = 0, kv = 0;

	(void)L;
	(void)found;
	if (hf_uint(c, "num_attention_groups", 1, DIM_MAX, &g) < 0 ||
	    hf_uint(c, "num_key_value_heads", 1, DIM_MAX, &kv) < 0)
		return c->err->status;
	if (g && kv && g != kv)
		return hf_bad(c, "num_attention_groups", hf_get(c,
		              "num_attention_groups", path, sizeof path),
		              "differs from num_key_value_heads: vLLM step1.py "
		              "takes num_attention_groups; refused");
	return hf_head_dim_hidden(c, m, "vLLM step1.py");
}

/*
 * GPT-Neo (transformers modeling_gpt_neo.py GPTNeoSelfAttention: a
 * "local" layer of attention_types / attention_layers is a causal mask
 * of window_size over the same past keys and values as a "global" one;
 * GPTNeoConfig has no sliding_window, so its cache keeps every position
 * on every layer). No other engine serves it (vLLM registry.py, llama.cpp
 * llama-arch.cpp @80fb11a name no GPT-Neo): every layer full, as
 * transformers keeps it. The keys are read; the window masks only.
 */
enum kvp_status hf_fam_gpt_neo(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found)
{
	hf_superseded(c, "attention_types");
	hf_superseded(c, "attention_layers");
	hf_superseded(c, "window_size");
	*found = true;
	return hf_fam_wnote(c, m, L, found);
}

/*
 * GPT-NeoX-Japanese (transformers modeling_gpt_neox_japanese.py:
 * GPTNeoXJapaneseAttention, query_key_value of hidden_size x 3
 * hidden_size, MHA of hidden / heads on every layer, full;
 * GPTNeoXJapaneseMLP dense_h_to_4h of hidden_size x hidden_size x
 * intermediate_multiple_size, 4 by default in GPTNeoXJapaneseConfig).
 * No other engine serves it (vLLM registry.py, llama.cpp llama-arch.cpp
 * @80fb11a). The MLP width is the multiple, not intermediate_size.
 */
enum kvp_status hf_fam_neox_japanese(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found)
{
	uint64_t mult = 4, w;
	int r;

	r = hf_uint(c, "intermediate_multiple_size", 1, 64, &mult);
	if (r < 0)
		return c->err->status;
	if (!kvp_mul(m->arch.hidden, mult, &w))
		return hf_bad(c, "intermediate_multiple_size", NULL,
		              "hidden_size times it overflows");
	m->arch.intermediate = w;
	hf_note(c, "MLP width hidden_size x intermediate_multiple_size %llu "
	        "= %llu%s", (unsigned long long)mult, (unsigned long long)w,
	        r ? "" : " (the class default 4)");
	return hf_fam_wnote(c, m, L, found);
}

/*
 * Onyx (onyx; transformers OnyxTextConfig, a Gemma2Config: layer_types
 * decides, a sliding layer keeps sliding_window; llama.cpp
 * conversion/onyx.py @06a8f4ee OnyxModel writes sliding_window and a
 * pattern of 4 whatever layer_types says: layers 3, 7, ... full, the
 * rest sliding, llama.cpp's set_swa_pattern). layer_types is required
 * (the class's derivation moved between transformers' drafts: a
 * sliding_window_pattern list, every_n_layers_nope), and one that
 * differs from llama.cpp's fixed pattern is refused: the engines would
 * keep different layers. every_n_layers_nope and no_rope_layers choose
 * rotary only.
 */
enum kvp_status hf_fam_onyx(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found)
{
	char path[96];
	uint32_t i;

	if (!*found)
		return hf_bad(c, "layer_types", NULL, "required for Onyx "
		              "(transformers OnyxTextConfig slides the layers it "
		              "lists; its default derivation is not one rule "
		              "across releases)");
	for (i = 0; i < m->n_layers; i++)
		if ((L[i].kind == KVP_LAYER_SLIDING) != (i % 4 != 3))
			return hf_bad(c, "layer_types", hf_get(c, "layer_types",
			              path, sizeof path), "not llama.cpp's fixed "
			              "pattern of 4 (conversion/onyx.py: three "
			              "sliding, one full): the engines would keep "
			              "different layers; refused");
	hf_superseded(c, "sliding_window_pattern");
	hf_superseded(c, "every_n_layers_nope");
	hf_superseded(c, "no_rope_layers");
	return KVP_OK;
}

/*
 * Kimi-Audio (kimi_audio, MoonshotKimiaForCausalLM): vLLM
 * transformers_utils/configs/kimi_audio.py @b3afd822 KimiAudioConfig
 * (Qwen2Config: num_key_value_heads None is the heads; kimia_mimo_layers
 * 6 by default). vLLM kimi_audio.py @b6e9fd67 builds MoonshotKimiaModel
 * (moonaudio.py @0002bff0): num_hidden_layers decoder layers and
 * kimia_mimo_layers audio-branch layers (mimo_layers), each a
 * MoonshotDecoderLayer whose Qwen2Attention is given cache_config and a
 * prefix of its own (layers.i / mimo_layers.i): an Attention layer each,
 * so vLLM caches num_hidden_layers + kimia_mimo_layers layers of
 * num_key_value_heads x hidden / heads, every one full (no window is
 * passed; use_sliding_window and its keys are not read there). The other
 * engines refused by model_type (engine_served.c).
 */
enum kvp_status hf_fam_kimi_audio(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	uint64_t k = 6, i;
	char path[96];
	int r = hf_uint(c, "kimia_mimo_layers", 0, KVP_MAX_LAYERS, &k);

	if (r < 0)
		return c->err->status;
	if (r == 0)
		hf_note(c, "kimia_mimo_layers absent: 6, KimiAudioConfig's "
		        "default (vLLM configs/kimi_audio.py)");
	if (m->n_layers + k > KVP_MAX_LAYERS)
		return hf_bad(c, "kimia_mimo_layers", hf_get(c,
		              "kimia_mimo_layers", path, sizeof path), "with "
		              "num_hidden_layers over kvplan's 512 cache layers");
	for (i = m->n_layers; i < m->n_layers + k; i++) {
		memset(&L[i], 0, sizeof L[i]);
		L[i].kind = KVP_LAYER_FULL;
	}
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_FULL;
	hf_superseded(c, "use_sliding_window");
	hf_superseded(c, "sliding_window");
	hf_superseded(c, "max_window_layers");
	hf_note(c, "Kimi-Audio: %u decoder layers and %llu audio-branch "
	        "layers (kimia_mimo_layers), each cached full (vLLM "
	        "moonaudio.py MoonshotKimiaModel: mimo_layers); the other "
	        "engines refused by model_type", m->n_layers,
	        (unsigned long long)k);
	m->n_layers += (uint32_t)k;
	*found = true;
	return hf_fam_wnote(c, m, L, found);
}
