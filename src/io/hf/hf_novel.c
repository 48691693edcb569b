/*
 * hf_novel.c - layer layouts of families whose attention differs from
 * the generic sources' (issue 35: novel attention), each a family's
 * layout function (hf_family.c rows after glm_moe_dsa), each citing the
 * engine code it follows.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "io/hf/hf_cfg.h"

/*
 * Step 3.5 / Step 3.7's decoder (model_type step3p5; step3p7 wraps it as
 * text_config). KV heads num_attention_groups (read with the KV head
 * keys, hf_import.c; vLLM transformers_utils/configs/step3p5.py
 * @4086e80f defaults it to 8), sliding layers where layer_types says
 * so (its trailing MTP entries skipped: HF_LT_MTP). attention_other_
 * setting gives the layers of its attention_type their own heads: vLLM
 * models/step3p5.py @01b50b9e Step3p5DecoderLayer takes its
 * num_attention_groups and head_dim for their KV; transformers
 * Step3p7TextConfig only its num_attention_heads. Read where the two
 * agree (the model's KV heads and head_dim), refused where they do
 * not. Without layer_types vLLM slides the even layers (Step3p5Attention:
 * layer_idx % 2 == 0) and transformers none: refused then.
 */
static enum kvp_status other_setting(struct cfg *c, struct kvp_model *m)
{
	char path[96], p2[128];
	const cJSON *o = hf_get(c, "attention_other_setting", path, sizeof path);
	static const char *const keys[] = { "num_attention_groups", "head_dim" };
	uint64_t v, want[2] = { m->base.kv_heads, m->base.k_dim };
	size_t k;

	if (!o)
		return KVP_OK;
	if (!cJSON_IsObject(o))
		return hf_bad(c, path, o, "must be an object");
	for (k = 0; k < 2; k++) {
		int r = hf_member_uint(c, o, path, keys[k], 1, DIM_MAX, &v);

		if (r < 0)
			return c->err->status;
		snprintf(p2, sizeof p2, "%s.%s", path, keys[k]);
		if (r > 0 && v != want[k])
			return hf_bad(c, p2, cJSON_GetObjectItemCaseSensitive(o,
			              keys[k]), "vLLM step3p5.py gives these "
			              "layers this KV shape, transformers "
			              "Step3p7TextConfig the model's: refused");
	}
	return KVP_OK;
}

enum kvp_status hf_fam_step3p5(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found)
{
	char path[96];
	const cJSON *sw = hf_get(c, "sliding_window", path, sizeof path);

	/* no KV head key: vLLM's Step3p5Config and transformers'
	 * Step3p7TextConfig both default to 8, not kvplan's MHA */
	if (!hf_has(c, "num_attention_groups") &&
	    !hf_has(c, "num_key_value_heads"))
		return hf_bad(c, "num_attention_groups", NULL, "Step 3.5's KV "
		              "heads: the engines' config classes default it to 8; "
		              "give it");
	if (!*found && sw && !cJSON_IsNull(sw))
		return hf_bad(c, path, sw, "without layer_types vLLM step3p5.py "
		              "slides the even layers and transformers none: "
		              "refused");
	return other_setting(c, m);
}

/* Leading zeros of the 0/1 list a (at path), one entry per layer, into
 * *k; -1 (error set) unless it is zeros then ones. */
static int lead_zeros(struct cfg *c, const cJSON *a, const char *path,
                      uint32_t n, uint32_t *k)
{
	const cJSON *e;
	bool one = false;

	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n) {
		hf_bad(c, path, a, "must give 0 or 1 for every layer");
		return -1;
	}
	*k = 0;
	cJSON_ArrayForEach(e, a) {
		bool on = cJSON_IsNumber(e) && e->valuedouble != 0;

		if (!cJSON_IsNumber(e) || (one && !on)) {
			hf_bad(c, path, a, "only leading layers without it (zeros, "
			       "then ones) are read: llama.cpp keys its indexer "
			       "cache by the dense lead");
			return -1;
		}
		one |= on;
		*k += !one;
	}
	return 0;
}

/* sparse_attention_config's member key, a whole number of at least 1. */
static int sac_uint(struct cfg *c, const cJSON *o, const char *path,
                    const char *key, uint64_t *out)
{
	int r = hf_member_uint(c, o, path, key, 1, DIM_MAX, out);
	char p2[128];

	if (r == 0) {
		snprintf(p2, sizeof p2, "%s.%s", path, key);
		hf_bad(c, p2, NULL, "MiniMax M3's sparse attention needs it");
	}
	return r > 0 ? 0 : -1;
}

/*
 * MiniMax M3 (model_type minimax_m3): GQA on every layer, and on the
 * sparse ones a lightning indexer caching one key of sparse_index_dim
 * per position (transformers MiniMaxM3VLTextConfig and
 * MiniMaxM3VLSparseCacheLayer idx_keys: layer_types from
 * sparse_attention_config.sparse_attention_freq, no layer sparse
 * without it). llama.cpp (llama-model.cpp LLM_ARCH_MINIMAX_M3, v0.4.0
 * = 5b4ebc5) keeps the keys on the layers past the dense lead
 * (conversion/minimax.py: the leading zeros of moe_layer_freq). Read
 * where the two agree; refused where they do not, or where the list is
 * not zeros then ones (model.indexer.first holds the dense lead).
 */
enum kvp_status hf_fam_minimax_m3(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found)
{
	char path[96], p2[128], p3[96];
	const cJSON *o = hf_get(c, "sparse_attention_config", path, sizeof path);
	const cJSON *use, *mf;
	uint64_t hd, nh, tb, bs;
	uint32_t k = 0, k2 = 0;

	if (!o)
		return KVP_OK;
	use = cJSON_GetObjectItemCaseSensitive(o, "use_sparse_attention");
	if (!cJSON_IsObject(o) || !cJSON_IsBool(use))
		return hf_bad(c, path, o, "must be an object with "
		              "use_sparse_attention true or false");
	if (cJSON_IsFalse(use))
		return KVP_OK;
	snprintf(p2, sizeof p2, "%s.sparse_attention_freq", path);
	if (!cJSON_GetObjectItemCaseSensitive(o, "sparse_attention_freq"))
		return hf_bad(c, p2, NULL, "without it transformers makes no layer "
		              "sparse and llama.cpp every layer past the dense "
		              "lead: refused");
	if (lead_zeros(c, cJSON_GetObjectItemCaseSensitive(o,
	               "sparse_attention_freq"), p2, m->n_layers, &k) < 0)
		return c->err->status;
	mf = hf_get(c, "moe_layer_freq", p3, sizeof p3);
	if (mf && lead_zeros(c, mf, p3, m->n_layers, &k2) < 0)
		return c->err->status;
	if (k == 0 || (mf && k2 != k))
		return hf_bad(c, p2, cJSON_GetObjectItemCaseSensitive(o,
		              "sparse_attention_freq"), k == 0 ? "every layer "
		              "sparse: no dense lead to key llama.cpp's rule by" :
		              "its dense lead is not moe_layer_freq's, which "
		              "llama.cpp keys its indexer cache by: refused");
	if (sac_uint(c, o, path, "sparse_index_dim", &hd) < 0 ||
	    sac_uint(c, o, path, "sparse_num_index_heads", &nh) < 0 ||
	    sac_uint(c, o, path, "sparse_topk_blocks", &tb) < 0 ||
	    sac_uint(c, o, path, "sparse_block_size", &bs) < 0)
		return c->err->status;
	m->indexer.head_dim = (uint32_t)hd;
	m->indexer.n_heads = (uint32_t)nh;
	m->indexer.topk = tb * bs > UINT32_MAX ? UINT32_MAX : (uint32_t)(tb * bs);
	m->indexer.dtype = m->base.k_fmt.dtype;
	m->indexer.first = k;
	hf_note(c, "MiniMax M3 sparse attention: layers %u-%u keep a %llu-value "
	        "indexer key per position beside their K and V (transformers "
	        "MiniMaxM3VLSparseCacheLayer; generic engine only)", k,
	        m->n_layers - 1, (unsigned long long)hd);
	return KVP_OK;
}

/*
 * LongCat-Flash (model_type longcat_flash): every decoder layer runs two
 * MLA attention blocks, each with its own latent cache (vLLM
 * longcat_flash.py FlashDecoderLayer: self_attn, a ModuleList of two
 * DeepseekV2MLAAttention; FlashConfig: num_hidden_layers, else
 * num_layers, decoder layers). model.mla.latents 2. attention_method
 * other than MLA is not what that code builds: refused.
 */
enum kvp_status hf_fam_longcat(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found)
{
	char path[96];
	const cJSON *am = hf_get(c, "attention_method", path, sizeof path);

	if (am && (!cJSON_IsString(am) || strcasecmp(am->valuestring, "mla")))
		return hf_bad(c, path, am, "vLLM longcat_flash.py builds MLA "
		              "attention only");
	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "LongCat-Flash's attention "
		              "is MLA (vLLM longcat_flash.py): it needs it");
	m->mla.latents = 2;
	hf_note(c, "LongCat-Flash: two MLA blocks per layer, each caching its "
	        "own latent (vLLM longcat_flash.py; generic engine only); the "
	        "weight estimate does not count its second attention and MLP "
	        "per layer or its zero experts");
	return KVP_OK;
}

/*
 * LongCat-Flash-Lite (model_type longcat_flash_ngram): LongCat-Flash's
 * decoder behind an n-gram embedding (a per-request history of
 * emb_neighbor_num - 1 tokens, a few bytes, not counted). Its
 * configuration class writes num_hidden_layers as the attention-module
 * count (transformers LongcatFlashNgramModel: num_hidden_layers = 2 x
 * num_layers); vLLM longcat_flash_ngram.py @055e47c2 FlashNgramModel
 * builds num_layers decoder layers (num_hidden_layers = num_layers where
 * they differ), each LongCat-Flash's two MLA blocks. num_layers absent
 * is refused: vLLM would take the class's default, not the file's count.
 */
enum kvp_status hf_fam_longcat_ngram(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found)
{
	uint64_t n = 0;
	uint32_t i;
	int r = hf_uint(c, "num_layers", 1, KVP_MAX_LAYERS, &n);

	if (r < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "num_layers", NULL, "vLLM longcat_flash_ngram.py "
		              "builds num_layers decoder layers (num_hidden_layers "
		              "counts attention modules); without it the class's "
		              "default, not this file's: refused");
	for (i = m->n_layers; i < n; i++) {
		memset(&L[i], 0, sizeof L[i]);
		L[i].kind = m->base.kind;
	}
	if (n != m->n_layers)
		hf_note(c, "num_layers %llu decoder layers, not num_hidden_layers "
		        "%u (vLLM longcat_flash_ngram.py FlashNgramModel)",
		        (unsigned long long)n, m->n_layers);
	m->n_layers = (uint32_t)n;
	return hf_fam_longcat(c, m, L, found);
}

/*
 * DeepSeek-VL2 and DeepSeek-OCR (model_type deepseek_vl_v2, the decoder
 * in language_config): vLLM deepseek_vl2.py and deepseek_ocr.py pick
 * DeepseekV3ForCausalLM where topk_method is noaux_tc, else
 * DeepseekForCausalLM (per-head K and V) where use_mla is false, else
 * DeepseekV2ForCausalLM (the MLA latent); SGLang deepseek_vl2.py keys on
 * use_mla the same way. The layout kvplan read (MLA from kv_lora_rank)
 * is kept where it is the one that code builds, refused otherwise.
 */
enum kvp_status hf_fam_dsvl2(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	bool mla = false, v3;
	int r = hf_bool(c, "use_mla", &mla), fail = 0;
	const char *tm = hf_str(c, "topk_method", &fail);

	if (r < 0 || fail)
		return c->err->status;
	v3 = tm && !strcmp(tm, "noaux_tc");
	if (!v3 && r == 0)
		return hf_bad(c, "use_mla", NULL, "vLLM deepseek_vl2.py reads it "
		              "to choose MLA or per-head K and V; no default");
	if ((v3 || mla) && m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "vLLM deepseek_vl2.py builds "
		              "MLA here (DeepseekV2/V3ForCausalLM): it needs it");
	if (!v3 && !mla && m->base.kind == KVP_LAYER_MLA) {
		char path[96];
		const cJSON *u = hf_get(c, "use_mla", path, sizeof path);

		return hf_bad(c, path, u, "beside a kv_lora_rank: vLLM builds "
		              "per-head K and V (DeepseekForCausalLM), which kvplan "
		              "does not read from this config");
	}
	return KVP_OK;
}

/*
 * Unlimited-OCR (model_type unlimited-ocr): remote code
 * modeling_unlimitedocr.py UnlimitedOCRConfig(DeepseekV2Config), a flat
 * DeepSeek-V2 config (vendored by moyuan10086/Unlimited-OCR-NPU
 * @e14b5b2). Its decoder layers build MLA where use_mla is true (the
 * class default), else SlidingWindowLlamaAttention: per-head K and V of
 * num_key_value_heads x hidden / heads (LlamaAttention), which the saved
 * MLA keys (kv_lora_rank, ...) do not change. llama.cpp
 * (conversion/deepseek.py @80fb11a DEEPSEEK2OCR, src/models/
 * deepseek2ocr.cpp) builds only the per-head form (wk {n_embd, n_embd},
 * no latent) and writes sliding_window for metadata only: every layer
 * full. So use_mla must be false, and the layers are full attention of
 * those heads (a head_dim other than hidden / heads refused: that
 * tensor would not load); the remote code's ring of sliding_window
 * generated positions (its infer sets _ring_window) is transformers'
 * alone (engine_compute.c model_rows[]).
 */
enum kvp_status hf_fam_unlimited_ocr(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found)
{
	char path[96];
	bool mla = true;
	uint32_t i, hd;
	uint64_t x = 0;
	int r = hf_bool(c, "use_mla", &mla);
	const cJSON *u = hf_get(c, "use_mla", path, sizeof path);

	if (r < 0)
		return c->err->status;
	if (r == 0 || mla)
		return hf_bad(c, u ? path : "use_mla", u, "must be false: "
		              "Unlimited-OCR's per-head "
		              "attention is the only one llama.cpp's "
		              "deepseek2-ocr builds (MLA where true, the class "
		              "default)");
	if (!m->q_heads || m->arch.hidden % m->q_heads)
		return hf_bad(c, "hidden_size", NULL, "must divide by "
		              "num_attention_heads (LlamaAttention's head_dim)");
	hd = (uint32_t)(m->arch.hidden / m->q_heads);
	if ((r = hf_uint(c, "head_dim", 1, DIM_MAX, &x)) < 0)
		return c->err->status;
	if (r && x != hd)   /* wk {n_embd, n_embd} would not load */
		return hf_bad(c, "head_dim", hf_get(c, "head_dim", path,
		              sizeof path), "must be hidden_size / "
		              "num_attention_heads: llama.cpp's deepseek2-ocr "
		              "builds no other");
	m->base.kind = KVP_LAYER_FULL;
	m->base.k_dim = hd;
	m->base.v_dim = hd;
	m->base.window = 0;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_FULL;
	memset(&m->mla, 0, sizeof m->mla);
	*found = true;
	return KVP_OK;
}

/*
 * MiniCPM3 (model_type minicpm3): MLA weights, but the reference code
 * caches per-head K and V, not the latent: transformers
 * modular_minicpm3.py MiniCPM3Attention updates the cache with
 * key_states (num_attention_heads x (qk_nope_head_dim +
 * qk_rope_head_dim)) and value_states (x v_head_dim), and llama.cpp
 * (conversion/minicpm.py MiniCPM3Model: head_count_kv
 * num_key_value_heads, key_length qk_nope + qk_rope, value length
 * n_embd / n_head; src/models/minicpm3.cpp, not an MLA cache) the same.
 * So its layers are full attention of those heads and widths; V is
 * v_head_dim, else hidden_size / num_attention_heads (SGLang
 * minicpm3.py and llama.cpp's default), refused where that differs from
 * qk_nope_head_dim, the only width both defaults agree on here. The
 * engines that cache otherwise (vLLM: V padded to the K width, or the
 * latent under use_mla; SGLang: the latent) refuse it by model_type
 * (engine_compute.c model_rows[]).
 */
enum kvp_status hf_fam_minicpm3(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found)
{
	uint64_t vd = 0, hd;
	uint32_t i;
	int r = hf_uint(c, "v_head_dim", 1, DIM_MAX, &vd);

	if (r < 0)
		return c->err->status;
	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "kv_lora_rank", NULL, "MiniCPM3's attention "
		              "(transformers modular_minicpm3.py) needs it");
	hd = m->arch.hidden / m->q_heads;
	if (r == 0 && hd != m->mla.qk_nope_head_dim)
		return hf_bad(c, "v_head_dim", NULL, "absent, and hidden_size / "
		              "num_attention_heads differs from qk_nope_head_dim: "
		              "the engines' defaults disagree");
	if (r == 0)
		vd = hd;
	m->base.kind = KVP_LAYER_FULL;
	m->base.k_dim = m->mla.qk_nope_head_dim + m->mla.qk_rope_head_dim;
	m->base.v_dim = (uint32_t)vd;
	for (i = 0; i < m->n_layers; i++)
		L[i].kind = KVP_LAYER_FULL;
	memset(&m->mla, 0, sizeof m->mla);
	*found = true;
	hf_note(c, "MiniCPM3: per-head K (%u values) and V (%llu) cached, not "
	        "the MLA latent (transformers, llama.cpp); vLLM and SGLang "
	        "cache otherwise and are refused; the weight estimate counts "
	        "plain q, k, v and o projections, not its LoRA ones",
	        m->base.k_dim, (unsigned long long)vd);
	return KVP_OK;
}
