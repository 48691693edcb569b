/*
 * vl_layers.c - what each layer holds under vLLM, per rank: a table of
 * rules, one row per layer kind and release range (the first row whose
 * kind matches and whose era applies wins), each a function that sets
 * the layer's spec, K and V row bytes and vLLM type (full, sliding,
 * chunked, Mamba), with its source. A new release's rule for a kind is a
 * row above the kind's current one.
 *
 *   attention: B x Hkv_rank x (Dk x bk + Dv x bv), Hkv_rank = max(1,
 *     Hkv // tp); MLA: B x (kv_lora_rank + rope) x b, replicated on
 *     every rank (DSA models: + the indexer's keys, and fp8 is
 *     fp8_ds_mla, see vl_dsa); Mamba (kind none): its state / tp, one
 *     block per request.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/vllm/vl_layers.h"
#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

static enum kvp_status vl_dtype(const struct vl_ctx *c, const struct kvp_format *model,
                                uint32_t layer, struct kvp_format *out)
{
	const struct kvp_vllm_opts *o = &c->p->engine.vllm;
	enum kvp_dtype d = o->kv_cache_dtype_auto ? model->dtype : o->kv_cache_dtype;

	switch (d) {
	case KVP_DT_F32: case KVP_DT_F16: case KVP_DT_BF16: case KVP_DT_FP8:
	case KVP_DT_INT8:
		*out = kvp_format_plain(d);
		return KVP_OK;
	default:
		if (o->kv_cache_dtype_auto)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"engine.vllm.kv_cache_dtype: auto - takes layer %u's cache "
				"format %s, which vLLM does not store; choose auto with "
				"f16/bf16 or fp8", layer, kvp_dtype_name(d));
		return kvp_error_set(&c->res->error, KVP_EINVAL,
			"engine.vllm.kv_cache_dtype: %s - vLLM stores auto, f16, bf16, "
			"f32, fp8 or int8", kvp_dtype_name(d));
	}
}

/*
 * A DSA model's MLA layer (model.indexer, DeepSeek-V3.2) as vLLM >= 0.11.0
 * stores it (kvplan/era.h KVP_ERA_VLLM_DSA, PR #25896): beside the latent,
 * the indexer's k_cache, a DeepseekV32IndexerCache of head_dim =
 * index_head_dim + index_head_dim // quant_block_size * 4 (quant_block_size
 * 128, "fp8 naive cache ... value in fp8 and scale in fp32") in uint8,
 * one per layer in the same group (MLAAttentionSpec, models/deepseek_v2.py);
 * an fp8 cache dtype becomes "fp8_ds_mla" (models/config.py
 * DeepseekV32ForCausalLM.verify_and_update_config), whose page is
 * block_size x 656 (kv_cache_interface.py MLAAttentionSpec: 512 fp8 + 16 B
 * of scales + 64 bf16 RoPE values, FlashMLA's fixed layout for a 512 + 64
 * latent). *kr: the latent's row, replaced or extended with the indexer's
 * where idx (IndexCache, model.indexer.topk_freq: deepseek_v2.py @002d6073
 * builds no Indexer, so no DeepseekV32IndexerCache, on a layer that skips
 * its top-k; the page of one with it is the same MLAAttentionSpec type,
 * one group whose pages differ, vl_group.c).
 */
static enum kvp_status vl_dsa(struct vl_ctx *c, const struct kvp_format *f,
                              bool idx, uint64_t *kr)
{
	const struct kvp_plan *p = c->p;
	const struct kvp_mla *m = &p->model.mla;
	uint64_t hd = p->model.indexer.head_dim;

	if (!kvp_era_has(&p->engine, KVP_ERA_VLLM_DSA))
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"engine.version: %s - vLLM supports DSA models "
			"(model.indexer.head_dim %llu) from 0.11.0 on", p->engine.version,
			(unsigned long long)hd);
	if (f->dtype == KVP_DT_FP8) {
		if (m->kv_lora_rank != 512 || m->qk_rope_head_dim != 64)
			return kvp_error_set(&c->res->error, KVP_EREFUSED,
				"model.mla.kv_lora_rank: %u - vLLM's fp8_ds_mla cache is "
				"656 B per token for a 512 + 64 latent only (rope %u here)",
				m->kv_lora_rank, m->qk_rope_head_dim);
		*kr = 656;
	}
	if (!kvp_add(hd, hd / 128 * 4, &c->idx_row))
		return eng_overflow(c->res, "model.indexer.head_dim");
	if (p->model.indexer.topk_freq > 1 && p->engine.version[0])
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"engine.version: %s - vLLM's IndexCache (model.indexer."
			"topk_freq %u: an indexer on some MLA layers only) is read "
			"from deepseek_v2.py @002d6073 only: earlier releases built it "
			"only under use_index_cache (docs/features/index_cache.md), "
			"the first release of the later rule is not known; give no "
			"release for the current rules", p->engine.version,
			p->model.indexer.topk_freq);
	if (idx && !kvp_add(*kr, c->idx_row, kr))
		return eng_overflow(c->res, "model.indexer.head_dim");
	return KVP_OK;
}

/* enum kvp_mamba_dtype to the element format; auto -> dflt. */
static enum kvp_dtype vl_mamba_fmt(int d, enum kvp_dtype dflt)
{
	switch (d) {
	case KVP_MAMBA_F32:  return KVP_DT_F32;
	case KVP_MAMBA_F16:  return KVP_DT_F16;
	case KVP_MAMBA_BF16: return KVP_DT_BF16;
	default:             return dflt;
	}
}

/*
 * Models whose recurrent layers are KDA: vLLM keeps the KDA recurrent
 * state in float32 whatever --mamba-ssm-cache-dtype says
 * (mamba_utils.py kda_state_dtype returns (the conv format,
 * torch.float32), main 2026; kimi_linear.py takes it).
 */
static bool vl_kda_model(const char *model_type)
{
	static const char *const kda[] = { "kimi_linear" };
	size_t i;

	for (i = 0; i < sizeof kda / sizeof kda[0]; i++)
		if (!strcmp(model_type, kda[i]))
			return true;
	return false;
}

/*
 * A recurrent layer's state as vLLM stores it, from model.recur's
 * components (vllm/model_executor/layers/mamba/mamba_utils.py
 * MambaStateDtypeCalculator._mamba_state_dtype, main 2026): the conv
 * state in --mamba-cache-dtype (auto: the model's dtype, here the
 * model's cache format, as --kv-cache-dtype auto takes it), the SSM
 * state in --mamba-ssm-cache-dtype (auto: the format the model's config
 * gives vLLM, model.recur.vllm_ssm_dtype, else the conv state's). Not
 * llama.cpp's f32 for both: model.recur.conv_dtype/ssm_dtype are the
 * generic engine's. Each component split over the tp ranks (vLLM's
 * MambaStateShapeCalculator divides the channels by tp). *page: bytes
 * per rank of one state; c->conv_rank, c->ssm_rank its two parts.
 */
static enum kvp_status vl_state(struct vl_ctx *c, uint64_t *page)
{
	const struct kvp_plan *p = c->p;
	const struct kvp_recurrent *r = &p->model.recur;
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	enum kvp_dtype model = p->model.base.k_fmt.dtype, cd, sd;
	struct kvp_format cf, sf;
	uint64_t cb, sb;

	if ((unsigned)o->mamba_cache_dtype >= KVP_MAMBA_DTYPE_COUNT ||
	    (unsigned)o->mamba_ssm_cache_dtype >= KVP_MAMBA_DTYPE_COUNT ||
	    (unsigned)r->vllm_ssm_dtype >= KVP_MAMBA_DTYPE_COUNT)
		return kvp_error_set(&c->res->error, KVP_EINVAL,
			"engine.vllm.mamba_cache_dtype: %d - auto, float32, float16 "
			"or bfloat16", (int)o->mamba_cache_dtype);
	if (o->mamba_cache_dtype == KVP_MAMBA_AUTO && model != KVP_DT_F32 &&
	    model != KVP_DT_F16 && model != KVP_DT_BF16)
		return kvp_error_set(&c->res->error, KVP_EINVAL,
			"engine.vllm.mamba_cache_dtype: auto - takes the model's dtype, "
			"but the model's format here is %s; give float32, float16 or "
			"bfloat16", kvp_dtype_name(model));
	cd = vl_mamba_fmt(o->mamba_cache_dtype, model);
	sd = vl_mamba_fmt(o->mamba_ssm_cache_dtype,
	                  vl_mamba_fmt(r->vllm_ssm_dtype, cd));
	/* a state with no conv part is linear attention's one tensor
	 * (MiniMax-01's lightning layers): --mamba-cache-dtype, not the SSM
	 * format (mamba_utils.py linear_attention_state_dtype) */
	if (!r->conv_values)
		sd = cd;
	if (vl_kda_model(p->model.model_type))
		sd = KVP_DT_F32;
	cf = kvp_format_plain(cd);
	sf = kvp_format_plain(sd);
	if (kvp_format_row_bytes(&cf, r->conv_values, &cb, "model.recur.conv_values",
	                         &c->res->error) != KVP_OK ||
	    kvp_format_row_bytes(&sf, r->ssm_values, &sb, "model.recur.ssm_values",
	                         &c->res->error) != KVP_OK)
		return c->res->error.status;
	c->conv_rank = kvp_ceil_div(cb, c->tp);
	c->ssm_rank = kvp_ceil_div(sb, c->tp);
	*page = c->conv_rank + c->ssm_rank;
	return KVP_OK;
}

/*
 * A DeepSeek MLA layer before vLLM 0.7.1 (kvplan/era.h KVP_ERA_VLLM_MLA):
 * DeepseekV2Attention pads q, k and v to head size 256 and caches every
 * local head: K and V rows of (q_heads / tp) x 256 values each.
 */
static enum kvp_status vl_mla_padded(struct vl_ctx *c, uint32_t i,
                                     struct kvp_layer_spec *sp,
                                     uint64_t *kr, uint64_t *vr)
{
	const struct kvp_plan *p = c->p;
	const struct kvp_mla *m = &p->model.mla;
	uint64_t heads = p->model.q_heads / c->tp;
	char what[64];
	enum kvp_status st;

	if (m->qk_nope_head_dim + m->qk_rope_head_dim > 256 || m->v_head_dim > 256)
		return kvp_error_set(&c->res->error, KVP_EINVAL,
			"model.mla.qk_nope_head_dim: %u - vLLM before 0.7.1 pads "
			"DeepSeek's heads to 256; %u + %u (or v_head_dim %u) is wider",
			m->qk_nope_head_dim, m->qk_nope_head_dim, m->qk_rope_head_dim,
			m->v_head_dim);
	if (heads < 1)
		heads = 1;
	sp->kind = KVP_LAYER_FULL;
	sp->kv_heads = (uint32_t)heads;
	sp->k_dim = sp->v_dim = 256;
	if ((st = vl_dtype(c, &c->ls[i].k_fmt, i, &sp->k_fmt)) != KVP_OK)
		return st;
	sp->v_fmt = sp->k_fmt;
	kvp_cat_what(what, sizeof what, "engine.vllm.kv_cache_dtype (layer ", i, ")");
	if ((st = kvp_format_row_bytes(&sp->k_fmt, heads * 256, kr, what,
	                               &c->res->error)) != KVP_OK)
		return st;
	*vr = *kr;
	return KVP_OK;
}

/* Full, sliding and chunked attention: heads split over the ranks
 * (replicated when tp > Hkv), in the cache dtype; sliding and chunked
 * layers keep their type unless the hybrid manager is off (V0 before
 * 0.8.0, or --disable-hybrid-kv-cache-manager: every layer full size). */
static enum kvp_status vl_attn(struct vl_ctx *c, uint32_t i,
                               struct kvp_layer_spec *sp, uint64_t *kr,
                               uint64_t *vr)
{
	const struct kvp_layer_spec *l = &c->ls[i];
	bool hybrid_off = c->p->engine.vllm.disable_hybrid_kv_cache_manager ||
	                  c->v0;
	uint64_t heads = l->kv_heads / c->tp;
	char what[64];
	enum kvp_status st;

	if (heads < 1)
		heads = 1;  /* replicated when tp > Hkv */
	sp->kv_heads = (uint32_t)heads;
	if ((st = vl_dtype(c, &l->k_fmt, i, &sp->k_fmt)) != KVP_OK ||
	    (st = vl_dtype(c, &l->v_fmt, i, &sp->v_fmt)) != KVP_OK)
		return st;
	kvp_cat_what(what, sizeof what, "engine.vllm.kv_cache_dtype (layer ", i, ")");
	if ((st = kvp_format_row_bytes(&sp->k_fmt, heads * l->k_dim, kr, what,
	                               &c->res->error)) != KVP_OK ||
	    (st = kvp_format_row_bytes(&sp->v_fmt, heads * l->v_dim, vr, what,
	                               &c->res->error)) != KVP_OK)
		return st;
	c->ltype[i] = l->kind == KVP_LAYER_FULL || hybrid_off ? VL_FULL :
	              l->kind == KVP_LAYER_SLIDING ? VL_SLIDING : VL_CHUNKED;
	return KVP_OK;
}

/* MLA before 0.7.1: the padded heads (vl_mla_padded), as full layers. */
static enum kvp_status vl_mla_pad(struct vl_ctx *c, uint32_t i,
                                  struct kvp_layer_spec *sp, uint64_t *kr,
                                  uint64_t *vr)
{
	enum kvp_status st = vl_mla_padded(c, i, sp, kr, vr);

	if (st == KVP_OK)
		c->ltype[i] = VL_FULL;
	return st;
}

/* MLA in V0 from 0.7.1 to 0.7.x: not modelled. */
static enum kvp_status vl_mla_v0(struct vl_ctx *c, uint32_t i,
                                 struct kvp_layer_spec *sp, uint64_t *kr,
                                 uint64_t *vr)
{
	return kvp_error_set(&c->res->error, KVP_EINVAL,
		"engine.version: %s - vLLM V0's MLA cache (0.7.1 to "
		"0.7.x) is not modelled; give a V1 release (0.8.0 or "
		"later) or one before 0.7.1", c->p->engine.version);
}

/* MLA: the latent, one head of kv_lora_rank + rope values, no V (DSA
 * models: and the indexer's keys, vl_dsa). */
static enum kvp_status vl_mla_latent(struct vl_ctx *c, uint32_t i,
                                     struct kvp_layer_spec *sp, uint64_t *kr,
                                     uint64_t *vr)
{
	const struct kvp_plan *p = c->p;
	char what[64];
	enum kvp_status st;

	sp->kind = KVP_LAYER_MLA;
	sp->kv_heads = 1;
	sp->k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
	sp->v_dim = 0;
	if ((st = vl_dtype(c, &c->ls[i].k_fmt, i, &sp->k_fmt)) != KVP_OK)
		return st;
	sp->v_fmt = sp->k_fmt;
	kvp_cat_what(what, sizeof what, "engine.vllm.kv_cache_dtype (layer ", i, ")");
	if ((st = kvp_format_row_bytes(&sp->k_fmt, sp->k_dim, kr, what,
	                               &c->res->error)) != KVP_OK)
		return st;
	if (p->model.indexer.head_dim &&
	    (st = vl_dsa(c, &sp->k_fmt, kvp_indexer_on_layer(&p->model.indexer, i),
	                 kr)) != KVP_OK)
		return st;
	c->ltype[i] = VL_FULL;
	return KVP_OK;
}

/* A recurrent layer in V0: its state is not modelled. */
static enum kvp_status vl_recurrent_v0(struct vl_ctx *c, uint32_t i,
                                       struct kvp_layer_spec *sp, uint64_t *kr,
                                       uint64_t *vr)
{
	if (!c->ls[i].state_bytes)
		return KVP_OK;
	return kvp_error_set(&c->res->error, KVP_EINVAL,
		"engine.version: %s - vLLM V0 keeps recurrent state in "
		"a separate MambaCacheManager kvplan does not model; "
		"give a V1 release (0.8.0 or later)", c->p->engine.version);
}

/* A recurrent layer in V1: one Mamba state a block, per rank, from its
 * components in vLLM's formats when the model gives them. */
static enum kvp_status vl_recurrent(struct vl_ctx *c, uint32_t i,
                                    struct kvp_layer_spec *sp, uint64_t *kr,
                                    uint64_t *vr)
{
	const struct kvp_recurrent *r = &c->p->model.recur;

	if (!c->ls[i].state_bytes)
		return KVP_OK;
	c->ltype[i] = VL_MAMBA;
	c->lpage[i] = kvp_ceil_div(c->ls[i].state_bytes, c->tp);
	if (r->conv_values || r->ssm_values)
		return vl_state(c, &c->lpage[i]);
	return KVP_OK;
}

/* A full layer's state beside its KV (model.recur.beside_full): vLLM
 * registers the layer's mixer as a cache layer of its own, a MambaSpec
 * beside the attention's FullAttentionSpec (falcon_h1.py
 * FalconH1ParallelHybrid: self_attn and mamba, a MambaMixer2), its page
 * the state per rank in vLLM's formats. */
static enum kvp_status vl_beside(struct vl_ctx *c, uint32_t i)
{
	c->spage[i] = 0;
	if (c->ls[i].kind != KVP_LAYER_FULL || !c->ls[i].state_bytes)
		return KVP_OK;
	if (c->v0)
		return vl_recurrent_v0(c, i, NULL, NULL, NULL);
	return vl_state(c, &c->spage[i]);
}

typedef enum kvp_status vl_layer_fn(struct vl_ctx *, uint32_t,
                                    struct kvp_layer_spec *, uint64_t *,
                                    uint64_t *);

/* What a layer holds, by kind and release: the first matching row. */
static const struct vl_layer_rule {
	enum kvp_layer_kind kind;
	enum vl_when when;
	enum kvp_era_rule era;
	vl_layer_fn *fn;
	const char *source;
} layer_rules[] = {
	{ KVP_LAYER_FULL, VL_ALWAYS, 0, vl_attn,
	  "vllm/v1/kv_cache_interface.py FullAttentionSpec" },
	{ KVP_LAYER_SLIDING, VL_ALWAYS, 0, vl_attn,
	  "kv_cache_interface.py SlidingWindowSpec (as full in V0 or with "
	  "--disable-hybrid-kv-cache-manager)" },
	{ KVP_LAYER_CHUNKED, VL_ALWAYS, 0, vl_attn,
	  "kv_cache_interface.py ChunkedLocalAttentionSpec (as full in V0 or "
	  "with --disable-hybrid-kv-cache-manager)" },
	{ KVP_LAYER_MLA, VL_WITHOUT, KVP_ERA_VLLM_MLA, vl_mla_pad,
	  "before 0.7.1: models/deepseek_v2.py DeepseekV2Attention, heads "
	  "padded to 256 (era.c KVP_ERA_VLLM_MLA)" },
	{ KVP_LAYER_MLA, VL_WITHOUT, KVP_ERA_VLLM_V1, vl_mla_v0,
	  "0.7.1 to 0.7.x: V0's MLA CacheEngine, not modelled" },
	{ KVP_LAYER_MLA, VL_ALWAYS, 0, vl_mla_latent,
	  "kv_cache_interface.py MLAAttentionSpec; DSA: models/deepseek_v2.py "
	  "Indexer (era.c KVP_ERA_VLLM_DSA)" },
	{ KVP_LAYER_NONE, VL_WITHOUT, KVP_ERA_VLLM_V1, vl_recurrent_v0,
	  "V0: vllm/worker MambaCacheManager, not modelled" },
	{ KVP_LAYER_NONE, VL_ALWAYS, 0, vl_recurrent,
	  "kv_cache_interface.py MambaSpec; mamba_utils.py "
	  "MambaStateDtypeCalculator" },
};

static const struct vl_layer_rule *vl_layer_rule(const struct vl_ctx *c,
                                                 enum kvp_layer_kind kind)
{
	size_t r;

	for (r = 0; r < sizeof layer_rules / sizeof layer_rules[0]; r++)
		if (layer_rules[r].kind == kind &&
		    vl_applies(c, layer_rules[r].when, layer_rules[r].era))
			return &layer_rules[r];
	return NULL;   /* shared-KV and MLP-only layers hold nothing */
}

enum kvp_status vl_layers(struct vl_ctx *c)
{
	uint32_t i;
	enum kvp_status st;

	for (i = 0; i < c->p->model.n_layers; i++) {
		const struct vl_layer_rule *rule = vl_layer_rule(c, c->ls[i].kind);
		struct kvp_layer_result *lr = kvp_layer_rec_w(c->res, i);
		struct kvp_layer_spec sp = c->ls[i];
		uint64_t kr = 0, vr = 0;

		c->ltype[i] = VL_NONE;
		c->lpage[i] = 0;
		if ((rule && (st = rule->fn(c, i, &sp, &kr, &vr)) != KVP_OK) ||
		    (st = vl_beside(c, i)) != KVP_OK)
			return st;
		lr->spec = sp;
		lr->k_row_bytes = kr;
		lr->v_row_bytes = vr;
		lr->bytes_per_position = kr + vr;
		lr->on_device = true;
		c->krow[i] = kr;
		c->vrow[i] = vr;
		if (c->ltype[i] != VL_NONE && c->ltype[i] != VL_MAMBA &&
		    !kvp_mul(kr + vr, c->B, &c->lpage[i]))
			return eng_overflow(c->res, "engine.vllm.block_size");
	}
	return KVP_OK;
}
