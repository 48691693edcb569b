/*
 * engine_vllm.c - the KV cache vLLM V1 allocates (vllm/v1/kv_cache_interface.py,
 * vllm/v1/core/kv_cache_utils.py, vllm/v1/worker/gpu_worker.py): the
 * driver. Each step is a file of its own, its rules as tables where they
 * vary by release:
 *
 *   vl_layers.c  what each layer holds (layer_rules[]: kind x release);
 *   vl_group.c   the hybrid manager's groups and unified page;
 *   vl_budget.c  the KV budget per rank (reserve_rows[]: what is held
 *                out of ceil(total x util)), ranks and stages;
 *   vl_admit.c   the blocks a request takes, what vLLM refuses, how many
 *                of the workload's requests fit;
 *   vl_lines.c   the log lines (line_rows[]: which release prints what).
 *
 *   num_blocks = each stage's budget // its pool block (the unified page
 *     x group_size, or the sum of the pages for one attention type); all
 *     ranks take the smallest count;
 *   tokens reported = num_blocks // groups x smallest block size
 *     (from 0.22.0 int(num_blocks / blocks per request x max_model_len)).
 *   Not modelled: per-token-head quantized caches (scales per page),
 *   Mamba prefix-caching "all" mode (chunk-aligned
 *   blocks), CUDA-graph memory beyond the plan's overhead entries.
 *
 * Units: bytes per rank unless said: a layer record's bytes is one device's
 * share (the devices stage adds them per device); res->kv adds up the
 * tp ranks of one replica.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/vllm/vl_admit.h"
#include "core/engines/vllm/vl_budget.h"
#include "core/engines/vllm/vl_ctx.h"
#include "core/engines/vllm/vl_group.h"
#include "core/engines/vllm/vl_layers.h"
#include "core/engines/vllm/vl_lines.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"
#include "core/engines/vllm/vl_engine.h"

/* The plan's settings as vLLM runs them: ranks, block size, batch,
 * speculative blocks and max_model_len. */
static enum kvp_status vl_setup(struct vl_ctx *c, const struct kvp_plan *p,
                                const struct kvp_layer_spec *ls,
                                struct kvp_result *res)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	enum kvp_status st;

	memset(c, 0, sizeof *c);
	c->p = p;
	c->ls = ls;
	c->res = res;
	/* V0 or V1: vLLM's own choice by release, platform and options
	 * (vl_engine.c); a card whose platform decides and is not named is
	 * refused */
	st = kvp_vllm_engine_check(p, &c->v0_why, &res->error);
	if (st != KVP_OK)
		return st;
	c->v0 = !kvp_vllm_v1(p);
	if (!kvp_era_has(&p->engine, KVP_ERA_VLLM_PROFILED))
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.version: %s - vLLM's memory profiling before 0.6.4 "
			"is not modelled (0.6.4 is the oldest release with a measured "
			"start-up); name 0.6.4 or later", p->engine.version);
	if (o->block_size < 1)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"engine.vllm.block_size: 0 - must be at least 1");
	/* 0: vLLM's default for the release and card (vllm_profile.c) */
	kvp_vllm_defaults(p, &c->d);
	st = vl_parallel(p, res, &c->tp, &c->pp);
	if (st != KVP_OK)
		return st;
	c->B = o->block_size;
	/* a DSA model runs on FlashMLASparse, whose block is 64: vLLM forces
	 * it ("Forcing kv cache block size to 64 for FlashMLASparse backend",
	 * vllm/platforms/cuda.py check_and_update_config, PR #25896) */
	if (p->model.indexer.head_dim && kvp_era_has(&p->engine, KVP_ERA_VLLM_DSA))
		c->B = 64;
	c->mnbt = c->d.max_num_batched_tokens;
	/* vllm/model_executor/layers/mamba/abstract.py MambaBase.
	 * get_kv_cache_spec: num_speculative_blocks = num_speculative_tokens
	 * with any speculative_config (n-gram too); kv_cache_interface.py
	 * MambaSpec.max_memory_usage_bytes, mamba_cache_mode none: page x (1
	 * + num_speculative_blocks) a request */
	c->spec_blocks = o->speculative_method != KVP_SPEC_NONE ?
	                 o->num_speculative_tokens : 0;
	c->max_len = o->max_model_len ? o->max_model_len : p->model.arch.max_positions;
	if (c->max_len == 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.max_model_len: 0 - means the model's max positions, "
			"but model.arch.max_positions is unknown; give a length");
	return KVP_OK;
}

/* Stage s's groups, the drafter's layers with the last stage's. */
static enum kvp_status vl_stage_group(struct vl_ctx *c, const uint32_t *first,
                                      const uint32_t *last, uint32_t s,
                                      struct vl_groups *g)
{
	enum kvp_status st = vl_group(c, first[s], last[s], true, g);

	if (st == KVP_OK && s == c->pp - 1)
		st = vl_add_draft(c, g);
	return st;
}

/* Each stage: its own groups and block count; then the minimum. bpb is
 * one pool block of the stage (_pool_bytes_per_block); with
 * --num-gpu-blocks-override the stage's budget is override x bpb; each
 * stage is admitted (vl_admit_stage). */
static enum kvp_status vl_pool_blocks(struct vl_ctx *c, const uint32_t *first,
                                      const uint32_t *last, struct vl_pool *pl)
{
	const struct kvp_vllm_opts *o = &c->p->engine.vllm;
	struct kvp_engine_result *e = &c->res->engine;
	struct vl_groups g;
	uint32_t s;
	enum kvp_status st;

	pl->num_blocks = pl->max_fit = UINT64_MAX;
	for (s = 0; s < c->pp; s++) {
		uint64_t nb, fit, bpb, sb;

		if ((st = vl_stage_group(c, first, last, s, &g)) != KVP_OK)
			return st;
		if (!g.n_types)
			continue;
		if (!kvp_mul(g.page, g.uniform_type ? 1 : g.group_size, &bpb))
			return eng_overflow(c->res, "engine.stage_page_bytes");
		/* the drafter is on the last stage's ranks only */
		sb = s == c->pp - 1 ? pl->budget : pl->budget_first;
		if (o->num_gpu_blocks_override &&
		    !kvp_mul(o->num_gpu_blocks_override, bpb, &sb))
			return eng_overflow(c->res, "engine.vllm.num_gpu_blocks_override");
		if (sb > pl->budget_rep)
			pl->budget_rep = sb;
		nb = sb / bpb;
		if (nb < pl->num_blocks)
			pl->num_blocks = nb;
		if (bpb > e->stage_page_bytes)
			e->stage_page_bytes = bpb;
		if ((st = vl_admit_stage(c, &g, sb, bpb, &fit)) != KVP_OK)
			return st;
		if (fit < pl->max_fit)
			pl->max_fit = fit;
	}
	return vl_admit_pool(c, pl->num_blocks);
}

/* Layer i's slots and bytes in its stage's pool (groups g): with one
 * attention type its own tensor, page x num_blocks; else its share of
 * the group_size tensors (*rem: the remainder still to hand out). */
static enum kvp_status vl_layer_bytes(const struct vl_ctx *c,
                                      const struct vl_groups *g, uint32_t i,
                                      uint64_t nb, uint64_t share, uint64_t *rem)
{
	struct kvp_layer_result *lr = kvp_layer_rec_w(c->res, i);
	uint32_t j;

	lr->slots = 0;
	lr->bytes = 0;
	lr->beside_bytes = 0;
	if (c->ltype[i] == VL_NONE)
		return KVP_OK;
	if (g->uniform_type) {
		lr->bytes = c->lpage[i] * nb;
	} else {
		lr->bytes = share + (*rem ? 1 : 0);
		if (*rem)
			(*rem)--;
	}
	if (c->spage[i] && !g->uniform_type) {
		/* the Mamba cache layer beside it: one more share */
		lr->beside_bytes = share + (*rem ? 1 : 0);
		if (*rem)
			(*rem)--;
		lr->bytes += lr->beside_bytes;
	}
	for (j = 0; j < g->n_types; j++)
		if (g->t[j].type == c->ltype[i] &&
		    (c->ltype[i] == VL_FULL ? 0 : c->ls[i].window) == g->t[j].window)
			break;
	lr->slots = c->ltype[i] == VL_MAMBA ? nb :
	            nb * (j < g->n_types ? g->t[j].block : c->B);
	if (g->uniform_type && c->ltype[i] == VL_MAMBA &&
	    c->lpage[i] == c->conv_rank + c->ssm_rank) {
		/* only Mamba layers: a state per block, its conv and SSM parts
		 * (beside attention, layers of several groups share each
		 * tensor, and the state is not split out) */
		if (!kvp_mul(nb, c->conv_rank, &lr->conv_bytes) ||
		    !kvp_mul(nb, c->ssm_rank, &lr->ssm_bytes))
			return eng_overflow(c->res, "kv.state_bytes");
	}
	if (c->ls[i].kind == KVP_LAYER_MLA && c->idx_row &&
	    kvp_indexer_on_layer(&c->p->model.indexer, i)) {
		/* the indexer's keys, inside the layer's page */
		lr->index_row_bytes = c->idx_row;
		if (!kvp_mul(lr->slots, c->idx_row, &lr->index_bytes))
			return eng_overflow(c->res, "kv.index_bytes");
	}
	return KVP_OK;
}

/* The MTP layers, after the last stage's own: their pages, or in a
 * hybrid grouping their share of the tensors (and of the remainder, as
 * the layers before them got theirs). */
static enum kvp_status vl_mtp_bytes(const struct vl_ctx *c,
                                    const struct vl_groups *g, uint64_t nb,
                                    uint64_t share, uint64_t rem)
{
	struct kvp_draft_result *d = &c->res->draft;

	if (g->uniform_type) {
		if (!kvp_mul(nb, d->page_bytes, &d->kv_device))
			return eng_overflow(c->res, "draft");
	} else if (!kvp_mul(share, c->mtp, &d->kv_device)) {
		return eng_overflow(c->res, "draft");
	} else {
		d->kv_device += rem < c->mtp ? rem : c->mtp;
	}
	return KVP_OK;
}

/* Per-layer bytes, one rank: each stage's pool is num_blocks x page x
 * group_size, spread over its KV layers. */
static enum kvp_status vl_stage_bytes(struct vl_ctx *c, const uint32_t *first,
                                      const uint32_t *last, uint64_t nb)
{
	struct vl_groups g;
	uint32_t s, i;
	enum kvp_status st;

	for (s = 0; s < c->pp; s++) {
		uint64_t pool, share, rem;

		if ((st = vl_stage_group(c, first, last, s, &g)) != KVP_OK)
			return st;
		if (!g.layers)
			continue;
		if (!kvp_mul(nb, g.page, &pool) ||
		    !kvp_mul(pool, g.uniform_type ? 1 : g.group_size, &pool))
			return eng_overflow(c->res, "kv.bytes");
		share = pool / g.layers;
		rem = pool % g.layers;
		for (i = first[s]; i <= last[s]; i++)
			if ((st = vl_layer_bytes(c, &g, i, nb, share, &rem)) != KVP_OK)
				return st;
		if (c->mtp && last[s] + 1 == c->p->model.n_layers &&
		    (st = vl_mtp_bytes(c, &g, nb, share, rem)) != KVP_OK)
			return st;
	}
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
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);

		lr->slots = 0;
		lr->bytes = 0;
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

/* res->kv from the layers, the drafter's bytes, one sequence's bytes
 * and the figures the lines print (res->engine). */
static enum kvp_status vl_result(struct vl_ctx *c, struct vl_pool *pl)
{
	const struct kvp_vllm_opts *o = &c->p->engine.vllm;
	struct kvp_engine_result *e = &c->res->engine;
	struct kvp_draft_result *d = &c->res->draft;
	uint64_t per_seq, nb = pl->num_blocks;
	uint32_t i;
	enum kvp_status st;

	pl->min_block = UINT64_MAX;
	for (i = 0; i < pl->all.n_types; i++)
		if (pl->all.t[i].type != VL_MAMBA && pl->all.t[i].block < pl->min_block)
			pl->min_block = pl->all.t[i].block;
	if (pl->min_block == UINT64_MAX)
		pl->min_block = c->B;
	if (!kvp_mul(nb / pl->all.n_groups, pl->min_block, &pl->tokens))
		return eng_overflow(c->res, "engine.tokens");
	if ((st = eng_finish_kv(c->p, c->res, pl->tokens, c->tp)) != KVP_OK)
		return st;
	/* one sequence of the workload in vLLM's blocks, every rank */
	if (d->present &&
	    ((!d->mtp && !kvp_mul(nb, d->page_bytes, &d->kv_device)) ||
	     !kvp_mul(d->kv_device, c->tp, &d->kv_bytes)))
		return eng_overflow(c->res, "draft");
	if (!vl_need_bytes(c, &pl->tgt, eng_seq_len(c->p, c->res), &per_seq) ||
	    !kvp_mul(per_seq, c->tp, &c->res->kv.bytes_per_sequence))
		return eng_overflow(c->res, "kv.bytes_per_sequence");
	pl->per_req = vl_req_blocks(c, &pl->all, c->max_len);
	pl->tokens = vl_reported_tokens(c, nb, pl->per_req, pl->tokens);
	e->block_size = pl->min_block;
	e->page_bytes = pl->all.uniform_type ? pl->all.page
	                                     : pl->all.page * pl->all.group_size;
	e->blocks = nb;
	e->tokens = pl->tokens;
	e->budget_bytes = o->num_gpu_blocks_override ? pl->budget_rep : pl->budget;
	e->max_model_len = c->max_len;
	e->max_requests = c->d.max_num_seqs;
	/* {num_blocks / per_req:.2f}: x100, half to even like Python */
	{
		unsigned __int128 num = (unsigned __int128)nb * 100;
		unsigned __int128 q = num / pl->per_req, r = num % pl->per_req;

		if (2 * r > pl->per_req || (2 * r == pl->per_req && (q & 1)))
			q++;
		e->concurrency_x100 = (uint64_t)q;
	}
	e->max_len_fit = pl->max_fit;
	return KVP_OK;
}

enum kvp_status kvp_engine_vllm(const struct kvp_plan *p,
                                const struct kvp_layer_spec *ls,
                                struct kvp_result *res)
{
	struct vl_ctx c;
	struct vl_pool pl;
	uint32_t first[KVP_MAX_STAGES], last[KVP_MAX_STAGES], n = p->model.n_layers;
	enum kvp_status st;

	memset(&pl, 0, sizeof pl);
	if ((st = vl_setup(&c, p, ls, res)) != KVP_OK ||
	    (st = vl_layers(&c)) != KVP_OK || (st = vl_stages(&c, first, last)) != KVP_OK)
		return st;
	c.mtp = res->draft.mtp ? res->draft.n_layers : 0;
	st = vl_group(&c, 0, n - 1, false, &pl.tgt);
	if (st == KVP_OK)   /* the target's own bytes per sequence in tgt */
		st = vl_group(&c, 0, n - 1, true, &pl.all);
	if (st != KVP_OK)
		return st;
	if (!pl.all.n_types)
		return vl_attention_free(&c);   /* needs no budget */
	if ((st = vl_add_draft(&c, &pl.all)) != KVP_OK ||
	    (st = vl_budget(&c, true, &pl.budget)) != KVP_OK ||
	    (st = vl_budget(&c, c.pp == 1, &pl.budget_first)) != KVP_OK ||
	    (st = vl_pool_blocks(&c, first, last, &pl)) != KVP_OK ||
	    (st = vl_stage_bytes(&c, first, last, pl.num_blocks)) != KVP_OK ||
	    (st = vl_result(&c, &pl)) != KVP_OK)
		return st;
	vl_lines(&c, &pl);
	return vl_workload_fit(&c, &pl);
}
