/*
 * engine_vllm.c - the KV cache vLLM V1 allocates (vllm/v1/kv_cache_interface.py,
 * vllm/v1/core/kv_cache_utils.py, vllm/v1/worker/gpu_worker.py):
 *
 *   page per layer (per rank) = B x Hkv_rank x (Dk x bk + Dv x bv),
 *     Hkv_rank = max(1, Hkv // tp); MLA: B x (kv_lora_rank + rope) x b,
 *     replicated on every rank (DSA models: + the indexer's keys, and
 *     fp8 is fp8_ds_mla, see vl_dsa); Mamba (kind none): its state / tp, one
 *     block per request.
 *   budget per rank = ceil(runtime total x gpu_memory_utilization)
 *                     - (weights / (tp x pp) + rotary tables
 *                        + activation peak + overheads),
 *     the three terms as vLLM's profiling measures them (vllm_profile.c)
 *     or kv_cache_memory_bytes when set.
 *   one attention type (pages may differ by layer): one group,
 *     num_blocks = budget // sum of the layers' pages (uniform pages:
 *     budget // page // layers);
 *   several types (full, sliding W, chunked, Mamba): pages made equal by
 *     raising smaller pages' block size (Mamba: the attention block to
 *     max(16, B) x ceil(state / (max(16, B) x attention bytes per token)),
 *     the state padded up), layers split into groups of
 *     group_size (the smallest per-type count, or the largest when
 *     max < 1.5 x min), missing slots are padding layers;
 *     num_blocks = budget // page // group_size;
 *     tokens reported = num_blocks // groups x smallest block size.
 *   blocks one request of L tokens needs per group: full ceil(L / B);
 *     sliding ceil(min(W - 1 + max_num_batched_tokens, L) / B) + 1;
 *     chunked ceil(min(C + max_num_batched_tokens, L) / B); Mamba 1.
 *   PP: each stage holds its layers; all ranks take the smallest count.
 *   Not modelled: per-token-head quantized caches (scales per page),
 *   Mamba prefix-caching "all" mode (chunk-aligned
 *   blocks), CUDA-graph memory beyond the plan's overhead entries.
 *
 * Units: bytes per rank unless said: res->layers[].bytes is one device's
 * share (the devices stage adds them per device); res->kv adds up the
 * tp ranks of one replica.
 * Float: vLLM computes ceil(total x util) in binary floating point; kvplan
 * uses the exact ppm fraction, so where total x util is exactly an integer
 * Python may land one byte above it (and num_blocks differ by one only if
 * that byte crosses a block boundary).
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

enum vl_type { VL_FULL = 0, VL_SLIDING, VL_CHUNKED, VL_MAMBA, VL_NONE };

#define VL_MAX_TYPES 8
#define VL_ALIGN 16u   /* smallest kernel block of the FlashAttention backend;
                          hybrid Mamba aligns to max(this, block_size) */

struct vl_spec {
	enum vl_type type;
	uint64_t window;      /* sliding / chunk size */
	uint64_t page;        /* bytes of one block, one layer, one rank */
	uint64_t block;       /* tokens per block after unification */
	uint32_t count;       /* layers of this type (in the stage) */
};

struct vl_groups {
	uint32_t n_types;
	struct vl_spec t[VL_MAX_TYPES];
	bool uniform_type;    /* one attention type (pages may differ):
	                         one group, num_blocks = budget // sum of
	                         the layers' pages */
	uint32_t group_size, n_groups, padding;
	uint64_t page;        /* unified page; uniform type: sum of pages */
	uint64_t raised_block;/* attention block size raised for Mamba, 0 none */
	uint64_t mamba_page;  /* the Mamba state's own page before padding */
	uint64_t layers;      /* KV-holding layers */
};

struct vl_ctx {
	const struct kvp_plan *p;
	const struct kvp_layer_spec *ls;
	struct kvp_result *res;
	uint32_t tp, pp;
	uint64_t B, max_len, mnbt;
	struct kvp_vllm_sched d; /* the settings as vLLM runs them */
	uint64_t spec_blocks; /* MambaSpec num_speculative_blocks */
	uint32_t mtp;         /* MTP layers grouped in with the last stage
	                         (res->draft.mtp), 0 none */
	/* per layer: type, window and page at block size B */
	enum vl_type ltype[KVP_MAX_LAYERS];
	uint64_t lpage[KVP_MAX_LAYERS];
	uint64_t krow[KVP_MAX_LAYERS], vrow[KVP_MAX_LAYERS];
	uint64_t idx_row;     /* DSA indexer key bytes per token per layer */
	uint64_t conv_rank, ssm_rank;  /* one state's parts per rank (vl_state) */
};

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
 * latent). *kr: the latent's row, replaced or extended.
 */
static enum kvp_status vl_dsa(struct vl_ctx *c, const struct kvp_format *f,
                              uint64_t *kr)
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
	if (!kvp_add(hd, hd / 128 * 4, &c->idx_row) || !kvp_add(*kr, c->idx_row, kr))
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

/* Per-layer type and page at block size B, per rank. */
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
	snprintf(what, sizeof what, "engine.vllm.kv_cache_dtype (layer %u)", i);
	if ((st = kvp_format_row_bytes(&sp->k_fmt, heads * 256, kr, what,
	                               &c->res->error)) != KVP_OK)
		return st;
	*vr = *kr;
	return KVP_OK;
}

static enum kvp_status vl_layers(struct vl_ctx *c)
{
	const struct kvp_plan *p = c->p;
	/* V0 (before 0.8.0, kvplan/era.h): every layer holds the same
	 * blocks, as with the hybrid manager disabled */
	bool v0 = !kvp_era_has(&p->engine, KVP_ERA_VLLM_V1);
	bool hybrid_off = p->engine.vllm.disable_hybrid_kv_cache_manager || v0;
	uint32_t i;
	enum kvp_status st;

	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &c->ls[i];
		struct kvp_layer_result *lr = &c->res->layers[i];
		struct kvp_layer_spec sp = *l;
		uint64_t kr = 0, vr = 0, heads;
		char what[64];

		c->ltype[i] = VL_NONE;
		c->lpage[i] = 0;
		switch (l->kind) {
		case KVP_LAYER_FULL:
		case KVP_LAYER_SLIDING:
		case KVP_LAYER_CHUNKED:
			heads = l->kv_heads / c->tp;
			if (heads < 1)
				heads = 1;  /* replicated when tp > Hkv */
			sp.kv_heads = (uint32_t)heads;
			if ((st = vl_dtype(c, &l->k_fmt, i, &sp.k_fmt)) != KVP_OK ||
			    (st = vl_dtype(c, &l->v_fmt, i, &sp.v_fmt)) != KVP_OK)
				return st;
			snprintf(what, sizeof what, "engine.vllm.kv_cache_dtype (layer %u)", i);
			if ((st = kvp_format_row_bytes(&sp.k_fmt, heads * l->k_dim, &kr, what,
			                               &c->res->error)) != KVP_OK ||
			    (st = kvp_format_row_bytes(&sp.v_fmt, heads * l->v_dim, &vr, what,
			                               &c->res->error)) != KVP_OK)
				return st;
			c->ltype[i] = l->kind == KVP_LAYER_FULL || hybrid_off ? VL_FULL :
			              l->kind == KVP_LAYER_SLIDING ? VL_SLIDING : VL_CHUNKED;
			break;
		case KVP_LAYER_MLA:
			if (!kvp_era_has(&p->engine, KVP_ERA_VLLM_MLA)) {
				if ((st = vl_mla_padded(c, i, &sp, &kr, &vr)) != KVP_OK)
					return st;
				c->ltype[i] = VL_FULL;
				break;
			}
			if (v0)
				return kvp_error_set(&c->res->error, KVP_EINVAL,
					"engine.version: %s - vLLM V0's MLA cache (0.7.1 to "
					"0.7.x) is not modelled; give a V1 release (0.8.0 or "
					"later) or one before 0.7.1", p->engine.version);
			sp.kind = KVP_LAYER_MLA;
			sp.kv_heads = 1;
			sp.k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
			sp.v_dim = 0;
			if ((st = vl_dtype(c, &l->k_fmt, i, &sp.k_fmt)) != KVP_OK)
				return st;
			sp.v_fmt = sp.k_fmt;
			snprintf(what, sizeof what, "engine.vllm.kv_cache_dtype (layer %u)", i);
			if ((st = kvp_format_row_bytes(&sp.k_fmt, sp.k_dim, &kr, what,
			                               &c->res->error)) != KVP_OK)
				return st;
			if (p->model.indexer.head_dim &&
			    (st = vl_dsa(c, &sp.k_fmt, &kr)) != KVP_OK)
				return st;
			c->ltype[i] = VL_FULL;
			break;
		case KVP_LAYER_NONE:
			if (l->state_bytes && v0)
				return kvp_error_set(&c->res->error, KVP_EINVAL,
					"engine.version: %s - vLLM V0 keeps recurrent state in "
					"a separate MambaCacheManager kvplan does not model; "
					"give a V1 release (0.8.0 or later)", p->engine.version);
			if (l->state_bytes) {
				c->ltype[i] = VL_MAMBA;
				c->lpage[i] = kvp_ceil_div(l->state_bytes, c->tp);
				/* from its components, in vLLM's formats */
				if ((p->model.recur.conv_values || p->model.recur.ssm_values) &&
				    (st = vl_state(c, &c->lpage[i])) != KVP_OK)
					return st;
			}
			break;
		case KVP_LAYER_SHARED:
		default:
			break;
		}
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

/* The MTP drafter's layers (draft.c vllm_mtp) are decoder layers of the
 * model's full-attention kind (deepseek_mtp.py: DeepseekV2DecoderLayer at
 * index num_hidden_layers; qwen3_5_mtp.py: Qwen3_5DecoderLayer with
 * layer_type "full_attention"), registered beside the target's: in the
 * grouping they are more layers of the type of the target's last full
 * layer, its page (DSA indexer keys included). */
static enum kvp_status vl_group_mtp(struct vl_ctx *c, uint32_t first,
                                    uint32_t last, struct vl_groups *g)
{
	uint32_t i, j;

	for (i = last + 1; i-- > first;)
		if (c->ltype[i] == VL_FULL)
			break;
	if (i + 1 == first || c->ltype[i] != VL_FULL)
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"engine.vllm.speculative_method: mtp - model %s has no "
			"full-attention layer whose kind its MTP layers would take",
			c->p->model.id);
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == VL_FULL && g->t[j].page == c->lpage[i])
			break;
	g->t[j].count += c->mtp;
	g->layers += c->mtp;
	return KVP_OK;
}

/* Types, unified page and groups of the layers first..last (inclusive);
 * with_mtp: the MTP layers too, when last is the model's last layer. */
static enum kvp_status vl_group(struct vl_ctx *c, uint32_t first, uint32_t last,
                                bool with_mtp, struct vl_groups *g)
{
	uint32_t i, j, mn = UINT32_MAX, mx = 0;
	uint64_t maxpage = 0, attn_tok = 0, mamba = 0;
	enum kvp_status st;

	memset(g, 0, sizeof *g);
	for (i = first; i <= last; i++) {
		enum vl_type t = c->ltype[i];
		uint64_t w = c->ls[i].window;

		if (t == VL_NONE)
			continue;
		g->layers++;
		if (t == VL_FULL)
			w = 0;
		for (j = 0; j < g->n_types; j++)
			if (g->t[j].type == t && g->t[j].window == w &&
			    (t == VL_MAMBA || g->t[j].page == c->lpage[i]))
				break;
		if (j == g->n_types) {
			if (g->n_types == VL_MAX_TYPES)
				return kvp_error_set(&c->res->error, KVP_EINVAL,
					"model.layers: more than %u kinds of layers for vLLM's "
					"hybrid KV cache manager", VL_MAX_TYPES);
			g->t[j].type = t;
			g->t[j].window = w;
			g->t[j].page = c->lpage[i];
			g->t[j].block = t == VL_MAMBA ? 0 : c->B;
			g->n_types++;
		}
		if (t == VL_MAMBA && c->lpage[i] > g->t[j].page)
			g->t[j].page = c->lpage[i];
		g->t[j].count++;
	}
	if (!g->n_types)
		return KVP_OK;
	if (with_mtp && c->mtp && last + 1 == c->p->model.n_layers &&
	    (st = vl_group_mtp(c, first, last, g)) != KVP_OK)
		return st;

	/* One attention type (UniformTypeKVCacheSpecs): no unification. */
	g->uniform_type = true;
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == VL_MAMBA || g->t[j].type != g->t[0].type ||
		    g->t[j].window != g->t[0].window)
			g->uniform_type = false;
	if (g->uniform_type) {
		for (j = 0; j < g->n_types; j++)
			if (!kvp_muladd(&g->page, g->t[j].page, g->t[j].count))
				return eng_overflow(c->res, "engine.vllm.block_size");
		g->group_size = (uint32_t)g->layers;
		g->n_groups = 1;
		g->padding = 0;
		return KVP_OK;
	}

	/* Mamba (vllm/platforms/interface.py, mamba_cache_mode none): raise
	 * the attention block size to align x ceil(state / (align x attention
	 * bytes per token)), align = max(VL_ALIGN, block_size), then pad the
	 * state's page up to the attention page. */
	for (j = 0; j < g->n_types; j++) {
		if (g->t[j].type == VL_MAMBA) {
			if (g->t[j].page > mamba)
				mamba = g->t[j].page;
		} else if (g->t[j].page / g->t[j].block > attn_tok) {
			attn_tok = g->t[j].page / g->t[j].block;
		}
	}
	if (mamba && attn_tok) {
		uint64_t align = c->B > VL_ALIGN ? c->B : VL_ALIGN, blk;

		if (!kvp_mul(align, attn_tok, &blk))
			return eng_overflow(c->res, "engine.vllm.block_size");
		blk = align * kvp_ceil_div(mamba, blk);
		g->mamba_page = mamba;
		if (blk > c->B)
			g->raised_block = blk;

		for (j = 0; j < g->n_types; j++)
			if (g->t[j].type != VL_MAMBA && blk > g->t[j].block) {
				uint64_t tok = g->t[j].page / g->t[j].block;

				g->t[j].block = blk;
				if (!kvp_mul(tok, blk, &g->t[j].page))
					return eng_overflow(c->res, "engine.vllm.block_size");
			}
	}
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].page > maxpage)
			maxpage = g->t[j].page;
	/* Equal pages: a smaller attention page grows its block size by the
	 * ratio; one that does not divide is padded to the largest, its
	 * block size kept (0.24.0, PR #45181; refused before, kvplan/era.h);
	 * Mamba pads. */
	for (j = 0; j < g->n_types; j++) {
		struct vl_spec *s = &g->t[j];

		if (s->page == maxpage)
			continue;
		if (s->type == VL_MAMBA || s->page == 0 ||
		    (maxpage % s->page &&
		     kvp_era_has(&c->p->engine, KVP_ERA_VLLM_PAD_PAGES))) {
			s->page = maxpage;
			continue;
		}
		if (maxpage % s->page)
			return kvp_error_set(&c->res->error, KVP_EREFUSED,
				"vLLM: The page size of the layer is not divisible by the "
				"maximum page size. Cannot unify by adjusting block_size. "
				"(%llu and %llu bytes)", (unsigned long long)s->page,
				(unsigned long long)maxpage);
		s->block *= maxpage / s->page;
		s->page = maxpage;
	}
	g->page = maxpage;

	for (j = 0; j < g->n_types; j++) {
		if (g->t[j].count < mn)
			mn = g->t[j].count;
		if (g->t[j].count > mx)
			mx = g->t[j].count;
	}
	if (g->n_types == 1) {
		g->group_size = mx;
	} else {
		/* max < 1.5 x min: one group per type of the larger size */
		g->group_size = 2ull * mx < 3ull * mn ? mx : mn;
	}
	for (j = 0; j < g->n_types; j++)
		g->n_groups += (g->t[j].count + g->group_size - 1) / g->group_size;
	g->padding = g->n_groups * g->group_size - (uint32_t)g->layers;
	return KVP_OK;
}

/* Blocks one sequence of `len` tokens takes in a group of spec s. */
static uint64_t vl_seq_blocks(const struct vl_ctx *c, const struct vl_spec *s,
                              uint64_t len)
{
	uint64_t tok;

	switch (s->type) {
	case VL_MAMBA:
		return 1 + c->spec_blocks;   /* a state, and one per draft token */
	case VL_SLIDING:
		tok = s->window - 1 + c->mnbt;
		if (tok > len)
			tok = len;
		return kvp_ceil_div(tok, s->block) + 1;
	case VL_CHUNKED:
		tok = s->window + c->mnbt;
		if (tok > len)
			tok = len;
		return kvp_ceil_div(tok, s->block);
	default:
		return kvp_ceil_div(len, s->block);
	}
}

/*
 * Issue 14: the MTP drafter's layers are in the groups already
 * (vl_group_mtp); here their page of each block for the result: with one
 * attention type their own pages, in a hybrid grouping the unified page
 * each of them uses. Their bytes are set with the layers' (kvp_engine_vllm).
 */
static enum kvp_status vl_add_mtp(struct vl_ctx *c, struct vl_groups *g)
{
	struct kvp_draft_result *d = &c->res->draft;
	uint64_t page = g->page, block = c->B;
	uint32_t i, j;

	for (i = c->p->model.n_layers; i-- > 0;)
		if (c->ltype[i] == VL_FULL)
			break;
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == VL_FULL &&
		    (!g->uniform_type || g->t[j].page == c->lpage[i])) {
			block = g->t[j].block;
			if (g->uniform_type)
				page = g->t[j].page;
			break;
		}
	if (!kvp_mul(page, d->n_layers, &d->page_bytes))
		return eng_overflow(c->res, "model.arch.mtp_layers");
	d->token_bytes = d->page_bytes / block;
	return KVP_OK;
}

/*
 * Issue 14: a draft model's layers (draft.c) registered with the target's
 * (vllm/v1/spec_decode/draft_model.py load_model) share the pool: with a
 * target of full-attention layers only (one UniformTypeKVCacheSpecs
 * group), each block holds the draft's page too. Other targets refused.
 */
static enum kvp_status vl_add_draft(struct vl_ctx *c, struct vl_groups *g)
{
	struct kvp_draft_result *d = &c->res->draft;
	struct vl_spec *s;

	if (!d->present || !g->n_types)
		return KVP_OK;
	if (d->mtp)
		return vl_add_mtp(c, g);
	if (!g->uniform_type || g->t[0].type != VL_FULL ||
	    g->n_types == VL_MAX_TYPES)
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"draft: model %s has layers of several kinds - how vLLM "
			"groups a draft's layers with a hybrid target is not "
			"modelled", c->p->model.id);
	if (!kvp_mul(d->token_bytes, c->B, &d->page_bytes) ||
	    !kvp_add(g->page, d->page_bytes, &g->page))
		return eng_overflow(c->res, "draft");
	s = &g->t[g->n_types++];
	s->type = VL_FULL;
	s->window = 0;
	s->page = d->page_bytes;
	s->block = c->B;
	s->count = 1;   /* all the draft's layers as one page */
	return KVP_OK;
}

/* Blocks one request of max_model_len-like `len` needs over all groups. */
static uint64_t vl_req_blocks(const struct vl_ctx *c, const struct vl_groups *g,
                              uint64_t len)
{
	uint64_t b = 0;
	uint32_t j;

	if (g->uniform_type)
		return vl_seq_blocks(c, &g->t[0], len);
	for (j = 0; j < g->n_types; j++) {
		uint64_t groups = (g->t[j].count + g->group_size - 1) / g->group_size;

		b += groups * vl_seq_blocks(c, &g->t[j], len);
	}
	return b;
}

/* Bytes the check_enough_kv_cache_memory sum needs for `len` (stage). */
static bool vl_need_bytes(const struct vl_ctx *c, const struct vl_groups *g,
                          uint64_t len, uint64_t *out)
{
	uint64_t s = 0;
	uint32_t j;

	for (j = 0; j < g->n_types; j++)
		if (!kvp_muladd(&s, (uint64_t)g->t[j].count *
		                vl_seq_blocks(c, &g->t[j], len), g->t[j].page))
			return false;
	*out = s;
	return true;
}

/* Largest length whose need fits the budget (vLLM's binary search). */
static uint64_t vl_max_len(const struct vl_ctx *c, const struct vl_groups *g,
                           uint64_t budget, uint64_t hi)
{
	uint64_t lo = 0, need;

	while (lo < hi) {
		uint64_t mid = hi - (hi - lo) / 2;   /* upper middle, no overflow */

		if (vl_need_bytes(c, g, mid, &need) && need <= budget)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* vLLM's pipeline split: n // pp each, the remainder to the stages before
 * the last (get_pp_indices), unless devices.pp_layers gives it. */
static enum kvp_status vl_stages(const struct vl_ctx *c, uint32_t *first,
                                 uint32_t *last)
{
	const struct kvp_devices *d = &c->p->devices;
	uint32_t n = c->p->model.n_layers, pp = c->pp, s, at = 0, sum = 0;
	uint32_t per[KVP_MAX_STAGES];

	for (s = 0; s < pp; s++)
		sum += d->pp_layers[s];
	if (sum) {
		if (sum != n)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"devices.pp_layers: %u layers in all - the model has %u", sum, n);
		for (s = 0; s < pp; s++)
			per[s] = d->pp_layers[s];
	} else {
		if (pp > n)
			return kvp_error_set(&c->res->error, KVP_ERANGE,
				"engine.vllm.pipeline_parallel_size: %u - more stages than "
				"the model's %u layers", pp, n);
		for (s = 0; s < pp; s++)
			per[s] = n / pp;
		for (s = 2; s < n % pp + 2; s++)
			per[pp - s]++;
	}
	for (s = 0; s < pp; s++) {
		if (per[s] == 0)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"devices.pp_layers[%u]: 0 - every stage needs a layer", s);
		first[s] = at;
		last[s] = at + per[s] - 1;
		at += per[s];
	}
	return KVP_OK;
}

static enum kvp_status vl_parallel(const struct kvp_plan *p, struct kvp_result *res,
                                   uint32_t *tp, uint32_t *pp)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;

	*tp = o->tensor_parallel_size ? o->tensor_parallel_size : 1;
	*pp = o->pipeline_parallel_size ? o->pipeline_parallel_size : 1;
	if (*tp == 1 && p->devices.tp > 1)
		*tp = p->devices.tp;
	else if (p->devices.tp > 1 && p->devices.tp != *tp)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.tensor_parallel_size: %u - differs from devices.tp %u",
			*tp, p->devices.tp);
	if (*pp == 1 && p->devices.pp > 1)
		*pp = p->devices.pp;
	else if (p->devices.pp > 1 && p->devices.pp != *pp)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.pipeline_parallel_size: %u - differs from devices.pp %u",
			*pp, p->devices.pp);
	if (*pp > KVP_MAX_STAGES)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"engine.vllm.pipeline_parallel_size: %u - at most %u", *pp,
			KVP_MAX_STAGES);
	return KVP_OK;
}

/* The weights of the fullest rank, bytes: under PP the first stage holds
 * the embedding and the last the lm_head (the embedding again when they
 * are tied) beside its share of the layers, and vLLM's pool is the
 * smallest stage's (Llama-3.1-8B at PP 4: 4.26 GiB on the last rank,
 * 3.28 on the first, not 4.00 each); both 16-bit. An estimate's layout
 * only: a checkpoint's own tensor bytes keep the even split. */
static uint64_t vl_weights_rank(const struct vl_ctx *c)
{
	const struct kvp_weights_result *w = &c->res->weights;
	uint64_t end, ends, body;

	if (c->pp < 2 || w->source != KVP_WSRC_ESTIMATE)
		return eng_weights_rank(c->res, c->tp, c->pp);
	end = w->lm_head_params > w->embed_params ? w->lm_head_params
	                                          : w->embed_params;
	ends = (w->embed_params + w->lm_head_params) * 2;
	if (end > UINT64_MAX / 4 || ends >= w->bytes)
		return eng_weights_rank(c->res, c->tp, c->pp);
	body = kvp_ceil_div(w->bytes - ends, (uint64_t)c->tp * c->pp);
	return body + kvp_ceil_div(end * 2, c->tp);
}

/* The KV budget of one rank, bytes; with_draft: a rank of the last
 * stage, which holds the drafter's weights (gpu_model_runner.py: "we put
 * the entire draft model on the last PP rank"). */
static enum kvp_status vl_budget(const struct vl_ctx *c, bool with_draft,
                                 uint64_t *budget)
{
	const struct kvp_plan *p = c->p;
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_error *err = &c->res->error;
	uint64_t cap, req, non_kv, over, act;
	bool cap_est;
	unsigned __int128 prod;
	enum kvp_status st;

	if (o->num_gpu_blocks_override) {
		*budget = 0;   /* each stage: override x its pool block */
		return KVP_OK;
	}
	if (o->kv_cache_memory_bytes) {
		*budget = o->kv_cache_memory_bytes;
		return KVP_OK;
	}
	if (c->d.util_ppm > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.gpu_memory_utilization: %u.%06u - must be in (0, 1]",
			c->d.util_ppm / 1000000, c->d.util_ppm % 1000000);
	st = eng_capacity(p, "engine.vllm.gpu_memory_utilization", &cap, err);
	if (st != KVP_OK)
		return st;
	/* the total torch.cuda.mem_get_info() reports (vllm_profile.c) */
	cap = kvp_vllm_runtime_total(&p->devices.groups[0].card, &cap_est);
	/* requested_memory = ceil(total x util) */
	prod = (unsigned __int128)cap * c->d.util_ppm;
	req = kvp_apply_ppm(cap, c->d.util_ppm) + (prod % 1000000u != 0);
	st = kvp_vllm_overheads(p, c->tp, c->pp, &over, err);
	if (st != KVP_OK)
		return st;
	act = kvp_activations_estimate(p, c->res);
	if (act == UINT64_MAX)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.activations_bytes: the activation estimate overflows "
			"64 bits; give a measured peak");
	non_kv = vl_weights_rank(c);
	/* --cpu-offload-gb: that much of each GPU's weights is in host
	 * memory (vllm/model_executor/models/utils.py maybe_offload_to_cpu) */
	non_kv -= (uint64_t)o->cpu_offload_gb << 30 < non_kv
		? (uint64_t)o->cpu_offload_gb << 30 : non_kv;
	if (!kvp_add(non_kv, kvp_vllm_rope_bytes(c->p), &non_kv))
		return eng_overflow(c->res, "vLLM rotary tables");
	if (!kvp_add(non_kv, act, &non_kv) || !kvp_add(non_kv, over, &non_kv))
		return eng_overflow(c->res, "devices.overheads");
	/* issue 14: LoRA slots are allocated with the model and the encoder
	 * cache's outputs are held through the profiling run, so both come
	 * out of the KV budget (parts.c) */
	if (!kvp_add(non_kv, c->res->parts.lora_bytes, &non_kv) ||
	    !kvp_add(non_kv, c->res->parts.encoder_bytes, &non_kv))
		return eng_overflow(c->res, "engine.vllm.max_loras");
	/* issue 14: the draft model is loaded with the target, before the
	 * profiling run (draft.c) */
	if (with_draft &&
	    !kvp_add(non_kv, c->res->draft.weights_device, &non_kv))
		return eng_overflow(c->res, "draft");
	if (non_kv >= req) {
		char a[32], b[32];

		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: No available memory for the cache blocks. Try increasing "
			"`gpu_memory_utilization` when initializing the engine. "
			"(weights + activations + overheads %s GiB >= %s GiB requested)",
			eng_fixed2(non_kv, KVP_GIB, a, sizeof a),
			eng_fixed2(req, KVP_GIB, b, sizeof b));
	}
	*budget = req - non_kv;
	return KVP_OK;
}

/* No layer holds a KV cache or state (vllm/v1/core/kv_cache_utils.py
 * get_kv_cache_config_from_groups: "Attention free models do not have
 * KV cache. Return num_blocks=1 as BlockPool always needs a null_block";
 * test_kv_cache_utils.py test_get_kv_cache_configs_attention_free). */
static enum kvp_status vl_attention_free(const struct vl_ctx *c)
{
	struct kvp_result *res = c->res;
	uint32_t i;

	for (i = 0; i < c->p->model.n_layers; i++) {
		res->layers[i].slots = 0;
		res->layers[i].bytes = 0;
	}
	res->engine.blocks = 1;
	res->engine.block_size = c->B;
	res->engine.max_model_len = c->max_len;
	res->engine.max_requests = c->d.max_num_seqs;
	snprintf(res->engine.note, sizeof res->engine.note,
	         "vLLM: an attention-free model has no KV cache; its pool is the "
	         "one null block");
	return eng_finish_kv(c->p, res, 0, c->tp);
}

/* "GPU KV cache size: N tokens" (kvplan/era.h KVP_ERA_VLLM_CAPACITY_TOKENS):
 * int(num_blocks / per_req * max_len) in binary floating point, as
 * kv_cache_utils.py get_kv_cache_capacity computes it, from 0.22.0;
 * before, num_blocks // groups x the smallest block size. */
static uint64_t vl_reported_tokens(const struct vl_ctx *c, uint64_t num_blocks,
                                   uint64_t per_req, uint64_t old_tokens)
{
	double t;

	if (!kvp_era_has(&c->p->engine, KVP_ERA_VLLM_CAPACITY_TOKENS) || !per_req)
		return old_tokens;
	t = (double)num_blocks / (double)per_req * (double)c->max_len;
	return t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t;
}

enum kvp_status kvp_engine_vllm(const struct kvp_plan *p,
                                const struct kvp_layer_spec *ls,
                                struct kvp_result *res)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_engine_result *e = &res->engine;
	struct kvp_error *err = &res->error;
	struct vl_ctx c;
	struct vl_groups g, g_all, g_tgt;
	uint32_t first[KVP_MAX_STAGES], last[KVP_MAX_STAGES], s, i;
	uint64_t budget = 0, num_blocks = UINT64_MAX, max_fit = UINT64_MAX, tokens;
	uint64_t budget_rep = 0, budget_first = 0;
	uint64_t min_block, per_req, slots_full;
	bool v0 = !kvp_era_has(&p->engine, KVP_ERA_VLLM_V1);
	enum kvp_status st;
	char a[40], b[40];

	memset(&c, 0, sizeof c);
	c.p = p;
	c.ls = ls;
	c.res = res;
	if (o->block_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.block_size: 0 - must be at least 1");
	/* 0: vLLM's default for the release and card (vllm_profile.c) */
	kvp_vllm_defaults(p, &c.d);
	st = vl_parallel(p, res, &c.tp, &c.pp);
	if (st != KVP_OK)
		return st;
	c.B = o->block_size;
	/* a DSA model runs on FlashMLASparse, whose block is 64: vLLM forces
	 * it ("Forcing kv cache block size to 64 for FlashMLASparse backend",
	 * vllm/platforms/cuda.py check_and_update_config, PR #25896) */
	if (p->model.indexer.head_dim && kvp_era_has(&p->engine, KVP_ERA_VLLM_DSA))
		c.B = 64;
	c.mnbt = c.d.max_num_batched_tokens;
	/* vllm/model_executor/layers/mamba/abstract.py MambaBase.
	 * get_kv_cache_spec: num_speculative_blocks = num_speculative_tokens
	 * with any speculative_config (n-gram too); kv_cache_interface.py
	 * MambaSpec.max_memory_usage_bytes, mamba_cache_mode none: page x (1
	 * + num_speculative_blocks) a request */
	c.spec_blocks = o->speculative_method != KVP_SPEC_NONE ?
	                o->num_speculative_tokens : 0;
	c.max_len = o->max_model_len ? o->max_model_len : p->model.arch.max_positions;
	if (c.max_len == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.vllm.max_model_len: 0 - means the model's max positions, "
			"but model.arch.max_positions is unknown; give a length");

	if ((st = vl_layers(&c)) != KVP_OK || (st = vl_stages(&c, first, last)) != KVP_OK)
		return st;
	c.mtp = res->draft.mtp ? res->draft.n_layers : 0;
	st = vl_group(&c, 0, p->model.n_layers - 1, false, &g_tgt);
	if (st == KVP_OK)   /* the target's own bytes per sequence in g_tgt */
		st = vl_group(&c, 0, p->model.n_layers - 1, true, &g_all);
	if (st != KVP_OK)
		return st;
	if (!g_all.n_types)
		return vl_attention_free(&c);   /* needs no budget */
	if ((st = vl_add_draft(&c, &g_all)) != KVP_OK)
		return st;
	if ((st = vl_budget(&c, true, &budget)) != KVP_OK ||
	    (st = vl_budget(&c, c.pp == 1, &budget_first)) != KVP_OK)
		return st;

	/* Each stage: its own groups and block count; then the minimum.
	 * bpb is one pool block of the stage (_pool_bytes_per_block); with
	 * --num-gpu-blocks-override the stage's budget is override x bpb;
	 * from 0.25.0 (kvplan/era.h) the admission check and the estimate
	 * hold one block back (the null block). */
	for (s = 0; s < c.pp; s++) {
		uint64_t nb, fit, need, bpb, sb, check;

		st = vl_group(&c, first[s], last[s], true, &g);
		if (st == KVP_OK && s == c.pp - 1)
			st = vl_add_draft(&c, &g);
		if (st != KVP_OK)
			return st;
		if (!g.n_types)
			continue;
		if (!kvp_mul(g.page, g.uniform_type ? 1 : g.group_size, &bpb))
			return eng_overflow(res, "engine.stage_page_bytes");
		/* the drafter is on the last stage's ranks only */
		sb = s == c.pp - 1 ? budget : budget_first;
		if (o->num_gpu_blocks_override &&
		    !kvp_mul(o->num_gpu_blocks_override, bpb, &sb))
			return eng_overflow(res, "engine.vllm.num_gpu_blocks_override");
		if (sb > budget_rep)
			budget_rep = sb;
		nb = sb / bpb;
		if (nb < num_blocks)
			num_blocks = nb;
		if (bpb > e->stage_page_bytes)
			e->stage_page_bytes = bpb;
		check = sb;
		if (kvp_era_has(&p->engine, KVP_ERA_VLLM_NULL_BLOCK)) {
			if (sb <= bpb)
				return kvp_error_set(err, KVP_EREFUSED,
					"vLLM: No available memory for the cache blocks. Try "
					"increasing `gpu_memory_utilization` when initializing the "
					"engine. (%llu B is at most one block of %llu B, the null "
					"block)", (unsigned long long)sb, (unsigned long long)bpb);
			check = sb - bpb;
		}
		fit = vl_max_len(&c, &g, check, c.max_len);
		if (fit < max_fit)
			max_fit = fit;
		if (!vl_need_bytes(&c, &g, c.max_len, &need))
			return eng_overflow(res, "engine.vllm.max_model_len");
		if (need > check && !v0) {
			char nd[32], av[32], est[96] = "";

			/* vLLM names the estimate only when it is above 0 */
			if (fit)
				snprintf(est, sizeof est, "Based on the available memory, "
				         "the estimated maximum model length is %llu. ",
				         (unsigned long long)fit);

			return kvp_error_set(err, KVP_EREFUSED,
				"vLLM: To serve at least one request with the models's max seq "
				"len (%llu), (%s GiB KV cache is needed, which is larger than "
				"the available KV cache memory (%s GiB). %sTry "
				"increasing `gpu_memory_utilization` or decreasing "
				"`max_model_len` when initializing the engine.",
				(unsigned long long)c.max_len,
				eng_fixed2(need, KVP_GIB, nd, sizeof nd),
				eng_fixed2(check, KVP_GIB, av, sizeof av), est);
		}
	}
	if (num_blocks == UINT64_MAX || num_blocks == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: No available memory for the cache blocks. Try increasing "
			"`gpu_memory_utilization` when initializing the engine.");
	/* V0 (vllm/worker/worker.py raise_if_cache_size_invalid): max_model_len
	 * against num_gpu_blocks x block_size, the smallest count of all
	 * workers; for V0's one group per stage ceil(L / B) x page > budget
	 * exactly when L > (budget // page) x B, so the same plans refuse */
	if (v0 && c.max_len > num_blocks * c.B)
		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: The model's max seq len (%llu) is larger than the "
			"maximum number of tokens that can be stored in KV cache "
			"(%llu). Try increasing `gpu_memory_utilization` or "
			"decreasing `max_model_len` when initializing the engine.",
			(unsigned long long)c.max_len,
			(unsigned long long)(num_blocks * c.B));

	/* Per-layer bytes, one rank: each stage's pool is num_blocks x page
	 * x group_size, spread over its KV layers. */
	for (s = 0; s < c.pp; s++) {
		uint64_t pool, share, rem, nkv;

		st = vl_group(&c, first[s], last[s], true, &g);
		if (st == KVP_OK && s == c.pp - 1)
			st = vl_add_draft(&c, &g);
		if (st != KVP_OK)
			return st;
		nkv = g.layers;
		if (!nkv)
			continue;
		if (!kvp_mul(num_blocks, g.page, &pool) ||
		    !kvp_mul(pool, g.uniform_type ? 1 : g.group_size, &pool))
			return eng_overflow(res, "kv.bytes");
		share = pool / nkv;
		rem = pool % nkv;
		for (i = first[s]; i <= last[s]; i++) {
			struct kvp_layer_result *lr = &res->layers[i];
			uint32_t j;

			lr->slots = 0;
			lr->bytes = 0;
			if (c.ltype[i] == VL_NONE)
				continue;
			if (g.uniform_type) {
				/* each layer its own tensor: page x num_blocks */
				lr->bytes = c.lpage[i] * num_blocks;
			} else {
				/* group_size tensors shared across groups */
				lr->bytes = share + (rem ? 1 : 0);
				if (rem)
					rem--;
			}
			for (j = 0; j < g.n_types; j++)
				if (g.t[j].type == c.ltype[i] &&
				    (c.ltype[i] == VL_FULL ? 0 : ls[i].window) == g.t[j].window)
					break;
			lr->slots = c.ltype[i] == VL_MAMBA ? num_blocks :
			            num_blocks * (j < g.n_types ? g.t[j].block : c.B);
			if (g.uniform_type && c.ltype[i] == VL_MAMBA &&
			    c.lpage[i] == c.conv_rank + c.ssm_rank) {
				/* only Mamba layers: a state per block, its conv and SSM
				 * parts (beside attention, layers of several groups share
				 * each tensor, and the state is not split out) */
				if (!kvp_mul(num_blocks, c.conv_rank, &lr->conv_bytes) ||
				    !kvp_mul(num_blocks, c.ssm_rank, &lr->ssm_bytes))
					return eng_overflow(res, "kv.state_bytes");
			}
			if (ls[i].kind == KVP_LAYER_MLA && c.idx_row) {
				/* the indexer's keys, inside the layer's page */
				lr->index_row_bytes = c.idx_row;
				if (!kvp_mul(lr->slots, c.idx_row, &lr->index_bytes))
					return eng_overflow(res, "kv.index_bytes");
			}
		}
		/* the MTP layers, after the last stage's own: their pages, or
		 * in a hybrid grouping their share of the tensors (and of the
		 * remainder, as the layers before them got theirs) */
		if (c.mtp && last[s] + 1 == p->model.n_layers) {
			struct kvp_draft_result *d = &res->draft;

			if (g.uniform_type) {
				if (!kvp_mul(num_blocks, d->page_bytes, &d->kv_device))
					return eng_overflow(res, "draft");
			} else if (!kvp_mul(share, c.mtp, &d->kv_device)) {
				return eng_overflow(res, "draft");
			} else {
				d->kv_device += rem < c.mtp ? rem : c.mtp;
			}
		}
	}

	min_block = UINT64_MAX;
	for (i = 0; i < g_all.n_types; i++)
		if (g_all.t[i].type != VL_MAMBA && g_all.t[i].block < min_block)
			min_block = g_all.t[i].block;
	if (min_block == UINT64_MAX)
		min_block = c.B;
	if (!kvp_mul(num_blocks / g_all.n_groups, min_block, &tokens))
		return eng_overflow(res, "engine.tokens");
	slots_full = tokens;
	st = eng_finish_kv(p, res, slots_full, c.tp);
	if (st != KVP_OK)
		return st;

	/* one sequence of the workload in vLLM's blocks, every rank */
	if (res->draft.present) {
		struct kvp_draft_result *d = &res->draft;

		if ((!d->mtp &&
		     !kvp_mul(num_blocks, d->page_bytes, &d->kv_device)) ||
		    !kvp_mul(d->kv_device, c.tp, &d->kv_bytes))
			return eng_overflow(res, "draft");
	}
	if (!vl_need_bytes(&c, &g_tgt, eng_seq_len(p, res), &per_req) ||
	    !kvp_mul(per_req, c.tp, &res->kv.bytes_per_sequence))
		return eng_overflow(res, "kv.bytes_per_sequence");
	per_req = vl_req_blocks(&c, &g_all, c.max_len);
	tokens = vl_reported_tokens(&c, num_blocks, per_req, tokens);
	e->block_size = min_block;
	e->page_bytes = g_all.uniform_type ? g_all.page : g_all.page * g_all.group_size;
	e->blocks = num_blocks;
	e->tokens = tokens;
	e->budget_bytes = o->num_gpu_blocks_override ? budget_rep : budget;
	e->max_model_len = c.max_len;
	e->max_requests = c.d.max_num_seqs;
	/* {num_blocks / per_req:.2f}: x100, half to even like Python */
	{
		unsigned __int128 num = (unsigned __int128)num_blocks * 100;
		unsigned __int128 q = num / per_req, r = num % per_req;

		if (2 * r > per_req || (2 * r == per_req && (q & 1)))
			q++;
		e->concurrency_x100 = (uint64_t)q;
	}
	e->max_len_fit = max_fit;

	if (g_all.raised_block)
		eng_line(res, "Setting attention block size to %llu tokens to ensure that "
		         "attention page size is >= mamba page size.",
		         (unsigned long long)g_all.raised_block);
	if (g_all.mamba_page && g_all.page > g_all.mamba_page)
		eng_line(res, "Padding mamba page size by %.2f%% to ensure that mamba page "
		         "size and attention page size are exactly equal.",
		         100.0 * (double)(g_all.page - g_all.mamba_page) / (double)g_all.mamba_page);
	/* one warning per layer type that does not fill its groups */
	for (i = 0; !g_all.uniform_type && i < g_all.n_types; i++) {
		uint32_t pad = g_all.group_size - g_all.t[i].count % g_all.group_size;

		if (pad != g_all.group_size)
			eng_line(res, "Add %u padding layers, may waste at most %.2f%% KV cache memory",
			         pad, 100.0 * pad / (double)g_all.t[i].count);
	}
	if (v0) {
		/* V0 prints blocks, in its own words; CPU (swap) blocks =
		 * swap_space // page, swap_space 4 GiB by default
		 * (EngineArgs.swap_space) */
		snprintf(e->lines_wording, sizeof e->lines_wording, "%s",
		         e->release);
		eng_line(res, "# GPU blocks: %llu, # CPU blocks: %llu",
		         (unsigned long long)num_blocks,
		         (unsigned long long)((4ull << 30) / e->stage_page_bytes));
	} else {
		eng_line(res, "GPU KV cache size: %s tokens", eng_commas(tokens, a, sizeof a));
	}
	eng_line(res, "Maximum concurrency for %s tokens per request: %llu.%02llux",
	         eng_commas(c.max_len, b, sizeof b),
	         (unsigned long long)(e->concurrency_x100 / 100),
	         (unsigned long long)(e->concurrency_x100 % 100));

	/* How many of the user's requests fit in num_blocks at once. */
	{
		struct eng_req req[ENG_MAX_REQ];
		uint64_t cost[ENG_MAX_REQ], shared = 0, total = 0;
		uint32_t n = 0, k, j;
		bool pc = o->enable_prefix_caching;

		st = eng_requests(p, req, &n, err);
		if (st != KVP_OK)
			return st;
		for (k = 0; k < n; k++) {
			uint64_t cst = 0;

			total += req[k].count;
			if (req[k].len > c.max_len) {
				cost[k] = UINT64_MAX;
				continue;
			}
			for (j = 0; j < g_all.n_types; j++) {
				const struct vl_spec *sp = &g_all.t[j];
				uint64_t groups = g_all.uniform_type ? 1 :
				                  (sp->count + g_all.group_size - 1) / g_all.group_size;
				uint64_t per;

				if (g_all.uniform_type && j > 0)
					break;   /* one group: its blocks count once */
				per = vl_seq_blocks(&c, sp, req[k].len) * req[k].samples;

				/* Prefix caching shares full blocks of the prompt among
				 * a request's samples, and of the system part among all
				 * requests (full-attention groups). */
				if (pc && sp->type == VL_FULL) {
					uint64_t fp = req[k].prompt / sp->block;
					uint64_t fs = p->workload.share_system_prefix ?
					              req[k].system / sp->block : 0;

					per -= (req[k].samples - 1) * fp + fs;
					if (fs * groups > shared)
						shared = fs * groups;
				}
				cst += per * groups;
			}
			cost[k] = cst;
		}
		e->workload_fit = eng_fit(req, cost, n, shared, num_blocks, c.d.max_num_seqs);
		snprintf(e->note, sizeof e->note,
		         "vLLM fills its budget with %s blocks of %llu tokens whatever the "
		         "workload; %llu of its %llu requests fit at once",
		         eng_commas(num_blocks, a, sizeof a), (unsigned long long)min_block,
		         (unsigned long long)e->workload_fit, (unsigned long long)total);
		eng_mix_fit(res, req, cost, n, shared, num_blocks, c.d.max_num_seqs);
	}
	return KVP_OK;
}
