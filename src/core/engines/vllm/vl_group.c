/*
 * vl_group.c - vLLM's layer groups (vllm/v1/core/kv_cache_utils.py, the
 * hybrid KV cache manager) for the layers of one pipeline stage:
 *
 *   one attention type (pages may differ by layer): one group,
 *     num_blocks = budget // sum of the layers' pages (uniform pages:
 *     budget // page // layers);
 *   several types (full, sliding W, chunked, Mamba): pages made equal by
 *     raising smaller pages' block size (Mamba: the attention block to
 *     max(16, B) x ceil(state / (max(16, B) x attention bytes per token)),
 *     the state padded up), layers split into groups of
 *     group_size (the smallest per-type count, or the largest when
 *     max < 1.5 x min), missing slots are padding layers;
 *     num_blocks = budget // page // group_size.
 * A draft model's or MTP drafter's layers join the groups (issue 14).
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/vllm/vl_group.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

/* An MTP layer always builds its DSA indexer (vLLM deepseek_v2.py
 * @002d6073: is_mtp_layer), so under IndexCache its page is that of a
 * layer with one. */
static bool mtp_kind(const struct vl_ctx *c, uint32_t i)
{
	return !c->p->model.indexer.head_dim ||
	       kvp_indexer_on_layer(&c->p->model.indexer, i);
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
		if (c->ltype[i] == VL_FULL && mtp_kind(c, i))
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

/* One cache layer of type t (window w, page) into the types: a new
 * entry, or one more of its type; a Mamba type takes its largest state. */
static enum kvp_status vl_type_add(struct vl_ctx *c, struct vl_groups *g,
                                   enum vl_type t, uint64_t w, uint64_t page)
{
	uint32_t j;

	g->layers++;
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == t && g->t[j].window == w &&
		    (t == VL_MAMBA || g->t[j].page == page))
			break;
	if (j == g->n_types) {
		if (g->n_types == VL_MAX_TYPES)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"model.layers: more than %u kinds of layers for vLLM's "
				"hybrid KV cache manager", VL_MAX_TYPES);
		g->t[j].type = t;
		g->t[j].window = w;
		g->t[j].page = page;
		g->t[j].block = t == VL_MAMBA ? 0 : c->B;
		g->n_types++;
	}
	if (t == VL_MAMBA && page > g->t[j].page)
		g->t[j].page = page;
	g->t[j].count++;
	return KVP_OK;
}

/* The layer types of first..last: one entry per type, window and
 * (attention) page; a full layer's state beside its KV is a Mamba cache
 * layer of its own (c->spage). */
static enum kvp_status vl_group_types(struct vl_ctx *c, uint32_t first,
                                      uint32_t last, struct vl_groups *g)
{
	uint32_t i;
	enum kvp_status st;

	for (i = first; i <= last; i++) {
		enum vl_type t = c->ltype[i];

		if (t != VL_NONE &&
		    (st = vl_type_add(c, g, t, t == VL_FULL ? 0 : c->ls[i].window,
		                      c->lpage[i])) != KVP_OK)
			return st;
		if (c->spage[i] &&
		    (st = vl_type_add(c, g, VL_MAMBA, 0, c->spage[i])) != KVP_OK)
			return st;
	}
	return KVP_OK;
}

/* One attention type (UniformTypeKVCacheSpecs): no unification, one
 * group whose page is the sum of the layers' pages. False when the
 * types differ. */
static bool vl_group_uniform(struct vl_ctx *c, struct vl_groups *g,
                             enum kvp_status *st)
{
	uint32_t j;

	*st = KVP_OK;
	g->uniform_type = true;
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == VL_MAMBA || g->t[j].type != g->t[0].type ||
		    g->t[j].window != g->t[0].window)
			g->uniform_type = false;
	if (!g->uniform_type)
		return false;
	for (j = 0; j < g->n_types; j++)
		if (!kvp_muladd(&g->page, g->t[j].page, g->t[j].count)) {
			*st = eng_overflow(c->res, "engine.vllm.block_size");
			return true;
		}
	g->group_size = (uint32_t)g->layers;
	g->n_groups = 1;
	g->padding = 0;
	return true;
}

/* Mamba (vllm/platforms/interface.py, mamba_cache_mode none): raise
 * the attention block size to align x ceil(state / (align x attention
 * bytes per token)), align = max(VL_ALIGN, block_size), then pad the
 * state's page up to the attention page. */
static enum kvp_status vl_group_mamba(struct vl_ctx *c, struct vl_groups *g)
{
	uint64_t attn_tok = 0, mamba = 0, align, blk;
	uint32_t j;

	for (j = 0; j < g->n_types; j++) {
		if (g->t[j].type == VL_MAMBA) {
			if (g->t[j].page > mamba)
				mamba = g->t[j].page;
		} else if (g->t[j].page / g->t[j].block > attn_tok) {
			attn_tok = g->t[j].page / g->t[j].block;
		}
	}
	if (!mamba || !attn_tok)
		return KVP_OK;
	align = c->B > VL_ALIGN ? c->B : VL_ALIGN;
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
	return KVP_OK;
}

/* Equal pages: a smaller attention page grows its block size by the
 * ratio; one that does not divide is padded to the largest, its block
 * size kept (0.24.0, PR #45181; refused before, era.c
 * KVP_ERA_VLLM_PAD_PAGES); Mamba pads. */
static enum kvp_status vl_group_unify(struct vl_ctx *c, struct vl_groups *g)
{
	uint64_t maxpage = 0;
	uint32_t j;

	for (j = 0; j < g->n_types; j++)
		if (g->t[j].page > maxpage)
			maxpage = g->t[j].page;
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
	return KVP_OK;
}

/* Group size: the smallest per-type count, or the largest when max <
 * 1.5 x min (one group per type of the larger size); the groups and the
 * padding layers that fill them. */
static void vl_group_size(struct vl_groups *g)
{
	uint32_t j, mn = UINT32_MAX, mx = 0;

	for (j = 0; j < g->n_types; j++) {
		if (g->t[j].count < mn)
			mn = g->t[j].count;
		if (g->t[j].count > mx)
			mx = g->t[j].count;
	}
	if (g->n_types == 1)
		g->group_size = mx;
	else
		g->group_size = 2ull * mx < 3ull * mn ? mx : mn;
	for (j = 0; j < g->n_types; j++)
		g->n_groups += (g->t[j].count + g->group_size - 1) / g->group_size;
	g->padding = g->n_groups * g->group_size - (uint32_t)g->layers;
}

enum kvp_status vl_group(struct vl_ctx *c, uint32_t first, uint32_t last,
                         bool with_mtp, struct vl_groups *g)
{
	enum kvp_status st;

	memset(g, 0, sizeof *g);
	if ((st = vl_group_types(c, first, last, g)) != KVP_OK)
		return st;
	if (!g->n_types)
		return KVP_OK;
	if (with_mtp && c->mtp && last + 1 == c->p->model.n_layers &&
	    (st = vl_group_mtp(c, first, last, g)) != KVP_OK)
		return st;
	if (vl_group_uniform(c, g, &st))
		return st;
	if ((st = vl_group_mamba(c, g)) != KVP_OK ||
	    (st = vl_group_unify(c, g)) != KVP_OK)
		return st;
	vl_group_size(g);
	return KVP_OK;
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
enum kvp_status vl_add_draft(struct vl_ctx *c, struct vl_groups *g)
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

