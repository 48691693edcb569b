/*
 * hf_import.c - a Hugging Face config.json turned into a struct kvp_model.
 *
 * The mapping follows what the engines do (vLLM's get_total_num_kv_heads,
 * transformers' config defaults, llama.cpp's layer patterns); every rule
 * applied to a missing or ambiguous field adds one line to *notes, which
 * front ends show as warnings. The per-layer layout is expressed as the
 * uniform fields (the most common layer) plus override rules over layer
 * ranges ("0-22/2"), so the result's per-layer table shows it.
 *
 * Exact or refused: a model_type not in the family table (hf_family.c),
 * or a layout-shaped key no reader took (hf_cfg.c), is refused naming it;
 * KVP_IMPORT_ASSUME_LAYOUT imports anyway and records the key in
 * model.layout_assumed, which every output warns about (KVP-W16).
 *
 * Ownership: the cJSON tree lives only inside kvp_hf_import_text (parse,
 * copy into plain structs, delete). Nothing is written to *m on error.
 *
 * The folder, src/io/hf/: Hugging Face models. hf_import.c (this file)
 * is the entry: it reads the config through hf_cfg.c (key access, the
 * fail-closed scan of layout-shaped keys), finds the family's row in
 * hf_family.c (THE family table), lays out the layers with hf_layout.c,
 * the recurrent state and indexer with hf_state.c, the weight format and
 * MLP with hf_weights.c (its quantization methods a table), the vision
 * tower with hf_tower.c; hf_keys.c is the table of layout-shaped keys
 * that change nothing the cache holds; hf_cache.c finds a model in the
 * local Hugging Face cache. Adding a family is a row of hf_family.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/file.h"
#include "io/hf/hf_cfg.h"

/* ---- KV heads (vLLM's order) ----------------------------------------- */

static enum kvp_status kv_heads(struct cfg *c, struct kvp_model *m)
{
	static const char *const kv_keys[] = {
		"n_head_kv", "num_kv_heads", "num_key_value_heads",
		"multi_query_group_num",
		"num_attention_groups", NULL };   /* Step3 text (fam_step3_text) */
	const char *which = NULL;
	uint64_t kv = 0;
	bool mq = false, nda = false;
	char path[96];
	const cJSON *ac, *v;
	int r;

	if (c->fam && (c->fam->flags & HF_ALL_RECUR)) {
		/* no attention: one placeholder head, as the GGUF import of
		 * llama.cpp's mamba and mamba2 holds it (gguf_import.c) */
		m->base.kv_heads = m->trained_kv_heads = 1;
		return KVP_OK;
	}
	if ((r = hf_kv_heads_rule(c, m)) != 0)   /* hf_fam_heads.c */
		return r < 0 ? c->err->status : KVP_OK;
	if (c->fam && (c->fam->flags & HF_FALCON_MQ)) {
		if (hf_bool(c, "multi_query", &mq) < 0 ||
		    hf_bool(c, "new_decoder_architecture", &nda) < 0)
			return c->err->status;
		if (mq && !nda) {
			m->base.kv_heads = 1;
			m->trained_kv_heads = 1;
			hf_note(c, "multi_query true without new_decoder_architecture: "
			        "1 KV head (Falcon)");
			return KVP_OK;
		}
	}
	ac = hf_get(c, "attn_config", path, sizeof path);
	if (ac && cJSON_IsObject(ac)) {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.kv_n_heads", path);
		r = hf_uint_at(c, cJSON_GetObjectItemCaseSensitive(ac, "kv_n_heads"),
		                p2, 1, DIM_MAX, &kv);
		if (r < 0)
			return c->err->status;
		if (r > 0) {
			m->base.kv_heads = (uint32_t)kv;
			m->trained_kv_heads = (uint32_t)kv;
			return KVP_OK;
		}
	}
	r = hf_uint_any(c, kv_keys, 1, DIM_MAX, &kv, &which);
	if (r < 0)
		return c->err->status;
	if (r == 0 && hf_has(c, "block_configs")) {
		/* per-layer KV heads (hf_layout.c); the base is replaced */
		m->base.kv_heads = m->q_heads;
	} else if (r == 0 && c->fam && (c->fam->flags & HF_MHA)) {
		/* the family's attention has as many KV heads as query heads
		 * (its row's source) */
		m->base.kv_heads = m->q_heads;
	} else if (r == 0 && c->fam && (c->fam->flags & HF_MQA)) {
		m->base.kv_heads = 1;   /* the family's code: its row's source */
	} else if (r == 0) {
		m->base.kv_heads = m->q_heads;
		m->kv_heads_assumed = true;
		hf_note(c, "num_key_value_heads absent: MHA assumed (%u KV heads = "
		        "query heads)", m->q_heads);
	} else {
		if (kv > m->q_heads || m->q_heads % kv) {
			char why[96];
			snprintf(why, sizeof why, "%u query heads are not a "
			         "multiple of it", m->q_heads);
			v = hf_get(c, which, path, sizeof path);
			return hf_bad(c, path, v, why);
		}
		m->base.kv_heads = (uint32_t)kv;
	}
	m->trained_kv_heads = m->base.kv_heads;
	if (r == 0 && hf_has(c, "block_configs"))
		m->trained_kv_heads = 0;   /* per layer: no one count */
	return KVP_OK;
}

/* ---- the family: model_type, else architectures[0] -------------------- */

static void family(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *ar = hf_get(c, "architectures", path, sizeof path);
	const char *s;
	int fail = 0;

	s = hf_str(c, "model_type", &fail);
	snprintf(c->model_type, sizeof c->model_type, "%s", s ? s : "");
	hf_clean(c->model_type);
	c->fam = hf_family_find(c->model_type);
	if (cJSON_IsArray(ar) && cJSON_IsString(cJSON_GetArrayItem(ar, 0))) {
		/* an EAGLE-3 head is a llama by model_type, not by shape;
		 * an HF_ARCH_WINS row's architecture runs its own model
		 * code on another family's config class (Rnj1) */
		const struct hf_family *h =
			hf_family_by_arch(cJSON_GetArrayItem(ar, 0)->valuestring);

		if (h && (h->flags & (HF_EAGLE3 | HF_ARCH_WINS)) && s &&
		    !strcmp(s, h->model_type))
			c->fam = h;
	}
	if (!s && !fail && cJSON_IsArray(ar) &&
	    cJSON_IsString(cJSON_GetArrayItem(ar, 0))) {
		const char *a = cJSON_GetArrayItem(ar, 0)->valuestring;

		c->fam = hf_family_by_arch(a);
		if (c->fam) {
			snprintf(c->model_type, sizeof c->model_type, "%s",
			         c->fam->model_type);
			hf_note(c, "model_type absent: \"%s\" from architectures "
			        "%.60s", c->fam->model_type, a);
		}
	}
	snprintf(m->model_type, sizeof m->model_type, "%s", c->model_type);
}

/* Exact or refused: a family kvplan does not know is refused after the
 * rest was read (so a malformed field is named first). */
static enum kvp_status known_family(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *v;
	int fail = 0;

	if (c->fam)
		return KVP_OK;
	v = hf_get(c, "model_type", path, sizeof path);
	if (hf_str(c, "model_type", &fail) == NULL && fail)
		return c->err->status;
	if (!c->assume_layout)
		return hf_bad(c, "model_type", v, v ?
		              "a family kvplan does not know: refused rather than "
		              "sized wrong (--assume-layout imports with the "
		              "generic rules)" :
		              "kvplan needs the model's family to read its layout "
		              "(--assume-layout imports with the generic rules)");
	snprintf(m->layout_assumed, sizeof m->layout_assumed,
	         "model_type: \"%.60s\"", v ? c->model_type : "(absent)");
	hf_note(c, "model_type \"%.40s\" unknown (--assume-layout): generic "
	        "rules applied", v ? c->model_type : "(absent)");
	return KVP_OK;
}

/* ---- sizes ------------------------------------------------------------ */

/* transformers 5's NemotronHConfig: num_hidden_layers is the length of
 * layers_block_type (a property; the key may be absent). 1 found, 0 not,
 * -1 error. */
static int layers_from_list(struct cfg *c, uint64_t *n)
{
	char path[96];
	const cJSON *a;

	if (!c->fam || !(c->fam->flags & HF_LBT_COUNT))
		return 0;
	a = hf_get(c, "layers_block_type", path, sizeof path);
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1)
		return 0;
	*n = (uint64_t)cJSON_GetArraySize(a);
	if (*n > KVP_MAX_LAYERS) {
		hf_bad(c, path, a, "more layers than kvplan holds");
		return -1;
	}
	hf_note(c, "num_hidden_layers absent: %llu, the length of "
	        "layers_block_type (transformers NemotronHConfig)",
	        (unsigned long long)*n);
	return 1;
}

static enum kvp_status sizes(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_layers[] = {
		"num_hidden_layers", "n_layer", "num_layers", "n_layers", NULL };
	static const char *const k_heads[] = {
		"num_attention_heads", "n_head", "n_heads", NULL };
	static const char *const k_hidden[] = {
		"hidden_size", "n_embd", "d_model", NULL };
	uint64_t x = 0;
	int r;

	if ((r = hf_uint_any(c, k_layers, 1, KVP_MAX_LAYERS, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0 && (r = layers_from_list(c, &x)) < 0)
		return c->err->status;
	if (r == 0) {
		if (cJSON_GetObjectItemCaseSensitive(c->root, "added_tokens") ||
		    cJSON_GetObjectItemCaseSensitive(c->root, "normalizer") ||
		    cJSON_GetObjectItemCaseSensitive(c->root, "pre_tokenizer"))
			return kvp_error_set(c->err, KVP_EINVAL,
			       "%s: num_hidden_layers: (absent) - not a model "
			       "config (this looks like a tokenizer.json)", c->name);
		return kvp_error_set(c->err, KVP_EINVAL,
		       "%s: num_hidden_layers: (absent) - not a model config "
		       "(no num_hidden_layers or n_layer)", c->name);
	}
	m->n_layers = (uint32_t)x;
	if ((r = hf_uint_any(c, k_heads, 1, DIM_MAX, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0 && hf_attr_alias(c->model_type, "num_attention_heads") &&
	    (r = hf_uint(c, hf_attr_alias(c->model_type,
	                 "num_attention_heads"), 1, DIM_MAX, &x)) < 0)
		return c->err->status;
	if (r == 0 && c->fam && (c->fam->flags & HF_ALL_RECUR))
		x = 1;   /* no attention layer (the family's row) */
	else if (r == 0)
		return hf_bad(c, "num_attention_heads", NULL, "required");
	m->q_heads = (uint32_t)x;
	if ((r = hf_uint_any(c, k_hidden, 1, DIM_MAX, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "hidden_size", NULL, "required");
	m->arch.hidden = x;
	return KVP_OK;
}

/* vocabulary, positions, tied embeddings, attention bias */
static enum kvp_status arch_defaults(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_pos[] = {
		"max_position_embeddings", "n_positions", "max_seq_len",
		"seq_length", "max_sequence_length", "n_ctx", NULL };
	const struct hf_family *f = c->fam;
	uint64_t x = 0;

	if (hf_uint(c, "vocab_size", 1, COUNT_MAX, &x) < 0)
		return c->err->status;
	m->arch.vocab = x;
	if (!x && f && f->vocab) {
		m->arch.vocab = f->vocab;
		hf_note(c, "vocab_size absent: %llu (%s config default)",
		        (unsigned long long)f->vocab, f->model_type);
	} else if (!x) {
		hf_note(c, "vocab_size absent: embeddings and lm_head not "
		        "counted in the weights");
	}
	x = 0;
	if (hf_uint_any(c, k_pos, 1, COUNT_MAX, &x, NULL) < 0)
		return c->err->status;
	m->arch.max_positions = x;
	if (!x && f && f->max_positions) {
		m->arch.max_positions = f->max_positions;
		hf_note(c, "max_position_embeddings absent: %llu (%s config "
		        "default)", (unsigned long long)f->max_positions,
		        f->model_type);
	} else if (!x) {
		hf_note(c, "max_position_embeddings absent: give the context "
		        "length (engines default to the model's maximum)");
	}
	/* MTP layers: DeepSeek-V3 and GLM's num_nextn_predict_layers,
	 * Qwen3-Next and Qwen3.5's mtp_num_hidden_layers; vLLM builds that
	 * many decoder layers in its MTP model (deepseek_mtp.py
	 * DeepSeekMultiTokenPredictor: range(num_hidden_layers,
	 * num_hidden_layers + num_nextn_predict_layers), @03356f8c) */
	{
		static const char *const k_mtp[] = {
			"num_nextn_predict_layers", "mtp_num_hidden_layers", NULL };

		x = 0;
		if (hf_uint_any(c, k_mtp, 0, KVP_MAX_LAYERS, &x, NULL) < 0)
			return c->err->status;
		m->arch.mtp_layers = (uint32_t)x;
	}
	if (hf_bool(c, "tie_word_embeddings", &m->arch.tie_embeddings) < 0)
		return c->err->status;
	if (!hf_has(c, "tie_word_embeddings") && f && (f->flags & HF_TIED))
		m->arch.tie_embeddings = true;   /* their config default */
	if (hf_bool(c, "attention_bias", &m->arch.attention_bias) < 0)
		return c->err->status;
	/* LlamaConfig/GraniteConfig mlp_bias: gate, up and down biases
	 * (mlx-lm d78bf58e models/llama.py MLP nn.Linear(..., bias=
	 * mlp_bias)); weights.c counts them on dense MLP layers */
	if (hf_bool(c, "mlp_bias", &m->arch.mlp_bias) < 0)
		return c->err->status;
	/* an EAGLE-1 head of the HASS variant (vLLM llama_eagle.py
	 * @00da9231 reads it; weights only) */
	if (hf_bool(c, "add_para_norm", &m->arch.eagle_para_norm) < 0)
		return c->err->status;
	if (f && (f->flags & HF_QKV_BIAS))
		m->arch.attention_bias = true;
	/* Qwen3-Next and Qwen3.5: transformers' Qwen3NextAttention builds
	 * q_proj of 2 x heads x head_dim always (modular_qwen3_next.py
	 * @2ccc6cae); vLLM's qwen3_next.py reads attn_output_gate, default
	 * true. Weights only, not the cache. */
	if (f && (f->flags & HF_OUT_GATE)) {
		if (hf_bool(c, "attn_output_gate", &m->arch.attn_output_gate) < 0)
			return c->err->status;
		if (!hf_has(c, "attn_output_gate"))
			m->arch.attn_output_gate = true;
	}
	return KVP_OK;
}

/* An EAGLE-3 head's own keys (vLLM llama_eagle3.py @00bd1493):
 * draft_vocab_size (its lm_head rows and d2t map; vLLM defaults it to
 * vocab_size), target_hidden_size (its fc takes 3 x that), and
 * eagle_config.use_aux_hidden_state (false: no fc, not modelled). */
static enum kvp_status eagle3_keys(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *e, *aux;
	uint64_t x = 0;

	if (!c->fam || !(c->fam->flags & HF_EAGLE3))
		return KVP_OK;
	m->arch.eagle3 = true;
	if (hf_uint(c, "draft_vocab_size", 1, COUNT_MAX, &x) < 0)
		return c->err->status;
	m->arch.draft_vocab = x;
	x = 0;
	if (hf_uint(c, "target_hidden_size", 1, DIM_MAX, &x) < 0)
		return c->err->status;
	m->arch.target_hidden = x;
	e = hf_get(c, "eagle_config", path, sizeof path);
	aux = cJSON_IsObject(e) ? cJSON_GetObjectItemCaseSensitive(e,
	                                "use_aux_hidden_state") : NULL;
	if (cJSON_IsFalse(aux))
		return hf_bad(c, "eagle_config.use_aux_hidden_state", aux,
		              "an EAGLE-3 head without its fc (the target's last "
		              "hidden state alone) is not modelled");
	return KVP_OK;
}

/* ---- head dims and MLA ------------------------------------------------ */

static enum kvp_status head_dims(struct cfg *c, struct kvp_model *m)
{
	uint64_t hd = 0;
	int r = hf_head_dim_rule(c, m, &hd);   /* hf_fam_heads.c */

	if (r < 0)
		return c->err->status;
	if (r == 0 && (r = hf_uint(c, "head_dim", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0 && (r = hf_uint(c, "kv_channels", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0 && (r = hf_uint(c, "attention_head_dim", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0) {
		hd = m->arch.hidden / m->q_heads;
		if (hd == 0)
			return hf_bad(c, "hidden_size", NULL,
			              "smaller than the number of heads");
		if (m->arch.hidden % m->q_heads)
			hf_note(c, "head_dim absent and hidden_size %llu not a "
			        "multiple of %u heads: %llu (integer division)",
			        (unsigned long long)m->arch.hidden, m->q_heads,
			        (unsigned long long)hd);
	}
	m->base.kind = KVP_LAYER_FULL;
	m->base.k_dim = (uint32_t)hd;
	m->base.v_dim = (uint32_t)hd;
	return KVP_OK;
}

/* GLM-5 (zai-org/GLM-5 config.json) also writes qk_head_dim, the query
 * and key width per head: qk_nope_head_dim + qk_rope_head_dim in vLLM
 * deepseek_v2.py (self.qk_head_dim = qk_nope_head_dim + qk_rope_head_dim)
 * and transformers configuration_glm_moe_dsa.py. Read to check that sum;
 * any other value is refused (a layout kvplan would size wrong). */
static int qk_head_dim(struct cfg *c, uint64_t nope, uint64_t rope)
{
	char path[96];
	uint64_t q = 0;
	int r = hf_uint(c, "qk_head_dim", 1, DIM_MAX, &q);

	if (r <= 0 || q == nope + rope)
		return r < 0 ? -1 : 0;
	hf_bad(c, path, hf_get(c, "qk_head_dim", path, sizeof path),
	       "must be qk_nope_head_dim + qk_rope_head_dim (MLA)");
	return -1;
}

/* DeepSeek V2/V3, Kimi K2, GLM-5: kv_lora_rank. */
static enum kvp_status mla(struct cfg *c, struct kvp_model *m)
{
	uint64_t x = 0, rope = 0, nope = 0, vd = 0, ql = 0;
	int r;

	if ((r = hf_uint(c, "kv_lora_rank", 1, DIM_MAX, &x)) <= 0)
		return r < 0 ? c->err->status : KVP_OK;
	m->mla.kv_lora_rank = (uint32_t)x;
	if ((r = hf_uint(c, "qk_rope_head_dim", 1, DIM_MAX, &rope)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "qk_rope_head_dim", NULL, "required with "
		              "kv_lora_rank (MLA)");
	if ((r = hf_uint(c, "qk_nope_head_dim", 1, DIM_MAX, &nope)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "qk_nope_head_dim", NULL, "required with "
		              "kv_lora_rank (MLA)");
	if ((r = hf_uint(c, "v_head_dim", 1, DIM_MAX, &vd)) < 0)
		return c->err->status;
	if (r == 0) {
		vd = nope;
		hf_note(c, "v_head_dim absent: %llu (= qk_nope_head_dim, "
		        "DeepSeek V2 default)", (unsigned long long)vd);
	}
	if (hf_uint(c, "q_lora_rank", 1, DIM_MAX, &ql) < 0 ||
	    qk_head_dim(c, nope, rope) < 0)
		return c->err->status;
	m->mla.qk_rope_head_dim = (uint32_t)rope;
	m->mla.qk_nope_head_dim = (uint32_t)nope;
	m->mla.v_head_dim = (uint32_t)vd;
	m->mla.q_lora_rank = (uint32_t)ql;
	m->base.kind = KVP_LAYER_MLA;
	/* decompressed view: per head K nope+rope, V v_head_dim */
	m->base.k_dim = (uint32_t)(nope + rope);
	m->base.v_dim = (uint32_t)vd;
	return KVP_OK;
}

/* A wrapper whose config class builds its default text model when
 * text_config is absent (HF_TEXT_REQUIRED: the row's source names the
 * class): the top level is not what the engine runs, refused. */
static const char *const text_keys[][2] = {
	/* vLLM moss_audio.py @055e47c2 MossAudioConfig: language_config */
	{ "moss_audio", "language_config" },
};

static enum kvp_status text_required(struct cfg *c)
{
	char why[1024];
	const char *key = "text_config";
	size_t k;

	if (!c->fam || !(c->fam->flags & HF_TEXT_REQUIRED) || c->text)
		return KVP_OK;
	for (k = 0; k < sizeof text_keys / sizeof text_keys[0]; k++)
		if (!strcmp(text_keys[k][0], c->fam->model_type))
			key = text_keys[k][1];
	snprintf(why, sizeof why, "%s keeps its text model there; without "
	         "it the config class builds its default one, not this "
	         "file's top-level keys (%s)", c->fam->model_type,
	         c->fam->source);
	return hf_bad(c, key, NULL, why);
}

static enum kvp_status refused_family(struct cfg *c);

static enum kvp_status import_obj(struct cfg *c, struct kvp_model *m,
                                  struct lay *L)
{
	enum kvp_dtype dt;

	family(c, m);
	if (refused_family(c) || text_required(c) || sizes(c, m) || arch_defaults(c, m) || eagle3_keys(c, m) ||
	    kv_heads(c, m) || head_dims(c, m) || mla(c, m) ||
	    hf_dtype(c, m, &dt))
		return c->err->status;
	m->base.k_fmt = kvp_format_plain(dt);
	m->base.v_fmt = kvp_format_plain(dt);
	m->kv_fmt_defaulted = true;
	if (hf_qk_norm(c, m) || hf_quant(c, m) || hf_mlp(c, m) || hf_layers(c, m, L) ||
	    hf_loops(c, m, L) || hf_layout_rules(c, m, L) || known_family(c, m) ||
	    hf_unread_layout(c, m))
		return c->err->status;
	hf_unread_weights(c);
	return KVP_OK;
}

/* The text model of a VLM: transformers' text_config; InternVL's
 * llm_config and DeepSeek-VL2's language_config (vLLM internvl.py and
 * deepseek_vl2.py build the language model from them); an Omni model's
 * thinker_config.text_config (vLLM qwen2_5_omni_thinker.py and
 * qwen3_omni_moe_thinker.py serve the thinker alone, its language model
 * from thinker_config.text_config): c->text, the first present; a
 * decoder nested under a key of its own (hf_nested.c) before them. */
static enum kvp_status text_model(struct cfg *c, const cJSON *root)
{
	static const char *const wrappers[] = { "text_config", "llm_config",
		"language_config", "thinker_config" };
	const cJSON *tc;
	size_t w;
	int r = hf_nested_text(c, (cJSON *)root);

	if (r)
		return r < 0 ? c->err->status : KVP_OK;
	for (w = 0; w < sizeof wrappers / sizeof wrappers[0]; w++) {
		tc = cJSON_GetObjectItemCaseSensitive(root, wrappers[w]);
		if (!tc || cJSON_IsNull(tc))
			continue;
		if (!cJSON_IsObject(tc))
			return hf_bad(c, wrappers[w], tc, "must be an object");
		c->text = tc;
		c->text_key = wrappers[w];
		if (!strcmp(wrappers[w], "thinker_config")) {
			tc = cJSON_GetObjectItemCaseSensitive(tc, "text_config");
			if (!cJSON_IsObject(tc))
				return hf_bad(c, "thinker_config.text_config", tc,
				              "must be an object (the thinker's "
				              "language model)");
			c->text = tc;
			c->text_key = "thinker_config.text_config";
		}
		break;
	}
	return KVP_OK;
}

enum kvp_status kvp_hf_import_text_opts(const char *text, size_t len,
                                        const char *name, unsigned flags,
                                        struct kvp_model *m,
                                        struct kvp_notes *notes,
                                        struct kvp_error *err)
{
	struct kvp_error local;
	struct cfg c;
	struct kvp_model out;
	struct lay *L;
	cJSON *root;
	enum kvp_status st;

	if (!err)
		err = &local;
	kvp_error_clear(err);
	if (!name)
		name = "config.json";
	if (notes)
		notes->n = 0;
	if (len == 0)
		return kvp_error_set(err, KVP_EPARSE, "%s: empty file", name);
	if (len > KVP_IMPORT_MAX_BYTES)
		return kvp_error_set(err, KVP_EINVAL, "%s: %zu bytes - larger "
		                     "than the %u-byte limit for a config",
		                     name, len, KVP_IMPORT_MAX_BYTES);
	root = hf_parse(text, len, name, err);
	if (!root)
		return err->status;
	memset(&c, 0, sizeof c);
	c.root = root;
	c.name = name;
	c.notes = notes;
	c.err = err;
	c.assume_layout = (flags & KVP_IMPORT_ASSUME_LAYOUT) != 0;
	if (!cJSON_IsObject(root)) {
		st = kvp_error_set(err, KVP_EINVAL, "%s: (top level): not an "
		                   "object - not a model config", name);
		cJSON_Delete(root);
		return st;
	}
	if (text_model(&c, root) != KVP_OK) {
		cJSON_Delete(root);
		return err->status;
	}
	if (c.text)   /* c.text lies inside root, which this call owns */
		hf_text_defaults(&c, (cJSON *)c.text);
	else
		hf_top_defaults(&c, root);
	L = calloc(KVP_MAX_LAYERS, sizeof *L);
	if (!L) {
		cJSON_Delete(root);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", name);
	}
	memset(&out, 0, sizeof out);
	st = import_obj(&c, &out, L);
	if (st == KVP_OK)
		st = hf_tower(&c, &out);
	if (st == KVP_OK)
		st = hf_rope(&c, &out);
	if (st == KVP_OK) {
		const cJSON *np = cJSON_GetObjectItemCaseSensitive(root,
		                                                   "_name_or_path");
		if (cJSON_IsString(np) && np->valuestring[0])
			snprintf(out.id, sizeof out.id, "%s", np->valuestring);
		else
			snprintf(out.id, sizeof out.id, "%s", name);
		hf_clean(out.id);
		hf_clean(out.layout_assumed);
		snprintf(out.source, sizeof out.source, "imported from %s", name);
		*m = out;
	}
	free(L);
	cJSON_Delete(root);
	return st;
}

enum kvp_status kvp_hf_import_text(const char *text, size_t len,
                                   const char *name, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err)
{
	return kvp_hf_import_text_opts(text, len, name, 0, m, notes, err);
}

enum kvp_status kvp_hf_import_path_opts(const char *path, unsigned flags,
                                        struct kvp_model *m,
                                        struct kvp_notes *notes,
                                        struct kvp_error *err)
{
	struct kvp_error local;
	char file[4096];
	struct stat sb;
	FILE *f;
	int fd;
	char *buf;
	size_t got;
	enum kvp_status st;

	if (!err)
		err = &local;
	kvp_error_clear(err);
	if (stat(path, &sb) != 0)
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(errno));
	if (S_ISDIR(sb.st_mode)) {
		if ((size_t)snprintf(file, sizeof file, "%s/config.json", path) >=
		    sizeof file)
			return kvp_error_set(err, KVP_EINVAL, "%s: path too long",
			                     path);
		if (stat(file, &sb) != 0)
			return kvp_error_set(err, KVP_EIO, "%s: %s", file,
			                     strerror(errno));
	} else {
		snprintf(file, sizeof file, "%s", path);
	}
	if (!S_ISREG(sb.st_mode))
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file", file);
	if ((uint64_t)sb.st_size > KVP_IMPORT_MAX_BYTES)
		return kvp_error_set(err, KVP_EINVAL, "%s: %lld bytes - larger "
		                     "than the %u-byte limit for a config", file,
		                     (long long)sb.st_size, KVP_IMPORT_MAX_BYTES);
	/* never blocks: a FIFO swapped in after the stat is refused too */
	fd = kvp_file_open_regular(file, NULL, err);
	if (fd < 0)
		return err->status;
	f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: %s", file, strerror(errno));
	}
	buf = malloc(KVP_IMPORT_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", file);
	}
	got = fread(buf, 1, KVP_IMPORT_MAX_BYTES + 1, f);
	if (ferror(f)) {
		st = kvp_error_set(err, KVP_EIO, "%s: read error", file);
	} else {
		/* the limit is checked again: the file may have grown */
		st = kvp_hf_import_text_opts(buf, got, file, flags, m, notes,
		                             err);
	}
	fclose(f);
	free(buf);
	return st;
}

enum kvp_status kvp_hf_import_path(const char *path, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err)
{
	return kvp_hf_import_path_opts(path, 0, m, notes, err);
}

/* A row refused by name (HF_REFUSED): its source says why, before any
 * size is read (the family's own key names may not be the ones the
 * generic reader looks for). */
static enum kvp_status refused_family(struct cfg *c)
{
	char path[96], why[1024];   /* a row's source: 708 bytes at most */

	if (!c->fam || !(c->fam->flags & HF_REFUSED))
		return KVP_OK;
	snprintf(why, sizeof why, "a family kvplan refuses by name: %s",
	         c->fam->source);
	return hf_bad(c, "model_type", hf_get(c, "model_type", path,
	              sizeof path), why);
}
