/*
 * rec_counts.c - kvplan's side of each count a log prints (cells, layers,
 * streams, blocks, tokens, concurrency, the encoder's budget, the
 * utilization setting): one rule per kind of row (kvp_rec_count_rules[]).
 * Where an engine measured its KV budget the counts are recomputed from
 * the observed budget (reconcile.c's header gives the arithmetic).
 */
#include <stdio.h>   /* snprintf into result buffers only */

#include "core/engines/vllm/vl_engine.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "core/reconcile/rec_priv.h"

/* Observed KV budget as a block-count range: [budget - tol, budget + tol]
 * // page. */
static void blocks_from_budget(struct kvp_rec_row *r,
                               const struct kvp_observation *b, uint64_t page,
                               const char *basis)
{
	uint64_t lo = b->value > b->tolerance ? b->value - b->tolerance : 0;

	kvp_rec_computed(r, b->value / page, basis);
	r->computed_lo = lo / page;
	r->computed_hi = (b->value + b->tolerance) / page;
}

/* vLLM's "GPU KV cache size" from `blocks` of one group: from 0.22.0
 * int(blocks / ceil(L / B) x L) in binary floating point
 * (kv_cache_utils.py get_kv_cache_capacity), before blocks x B
 * (kvplan/era.h KVP_ERA_VLLM_CAPACITY_TOKENS). */
static uint64_t vllm_tokens(const struct rec_ctx *c, uint64_t blocks)
{
	double t;

	if (!kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS) ||
	    !c->max_model_len)
		return blocks * c->bsize;
	t = (double)blocks / (double)kvp_ceil_div(c->max_model_len, c->bsize) *
	    (double)c->max_model_len;
	return t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t;
}

/* The row "cells per stream" (KVP_OBS_CELLS). */
static enum kvp_status rule_cells(const struct rec_ctx *c,
                                  const struct kvp_observation *o,
                                  struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_engine_result *e = &c->res->engine;

	kvp_rec_computed(r, o->scope == KVP_SCOPE_SWA ? e->cells_swa : e->cells,
	                 "llama.cpp cell rounding");
	return KVP_OK;
}

/* The row "layers" (KVP_OBS_LAYERS). */
static enum kvp_status rule_layers(const struct rec_ctx *c,
                                   const struct kvp_observation *o,
                                   struct kvp_rec_row *r, struct kvp_error *err)
{
	uint64_t v64;

	kvp_rec_scope_sum(c->res, o->scope, 3, &v64);
	kvp_rec_computed(r, v64, "layers of this cache holding KV");
	return KVP_OK;
}

/* The row "streams" (KVP_OBS_STREAMS). */
static enum kvp_status rule_streams(const struct rec_ctx *c,
                                    const struct kvp_observation *o,
                                    struct kvp_rec_row *r,
                                    struct kvp_error *err)
{
	kvp_rec_computed(r, c->res->engine.streams,
	                 "1 unified, else one per sequence");
	return KVP_OK;
}

/* The row "slot context" (KVP_OBS_SLOT_CTX). */
static enum kvp_status rule_slot_ctx(const struct rec_ctx *c,
                                     const struct kvp_observation *o,
                                     struct kvp_rec_row *r,
                                     struct kvp_error *err)
{
	kvp_rec_computed(r, c->res->engine.max_model_len,
	                 "n_ctx_seq, capped at n_ctx_train (llama-server)");
	return KVP_OK;
}

/* The row "GPU blocks" (KVP_OBS_BLOCKS). */
static enum kvp_status rule_blocks(const struct rec_ctx *c,
                                   const struct kvp_observation *o,
                                   struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	char basis[96];

	if (c->vllm && c->o_budget && c->page) {
		snprintf(basis, sizeof basis, "observed KV budget / page of %llu B",
		         (unsigned long long)c->page);
		blocks_from_budget(r, c->o_budget, c->page, basis);
	} else {
		r->cls = KVP_REC_OBSERVED;
		if (c->own && res->engine.blocks)
			kvp_rec_computed(r, res->engine.blocks, "kvplan's budget / page");
	}
	return KVP_OK;
}

/* The row "tokens in pool" (KVP_OBS_TOKENS). */
static enum kvp_status rule_tokens(const struct rec_ctx *c,
                                   const struct kvp_observation *o,
                                   struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	char basis[96];
	uint64_t v64;

	if (c->vllm && c->plan->engine.vllm.num_gpu_blocks_override && c->bsize) {
		/* the override, not the budget's blocks, is the pool */
		v64 = c->plan->engine.vllm.num_gpu_blocks_override;
		if (v64 > UINT64_MAX / c->bsize)
			return kvp_rec_overflow(err, "tokens");
		snprintf(basis, sizeof basis, "num_gpu_blocks_override %llu",
		         (unsigned long long)v64);
		kvp_rec_computed(r, vllm_tokens(c, v64), basis);
	} else if (c->vllm && c->o_blocks && c->bsize) {
		if (!kvp_mul(c->o_blocks->value, c->bsize, &v64))
			return kvp_rec_overflow(err, "tokens");
		snprintf(basis, sizeof basis, "observed blocks x block size %llu",
		         (unsigned long long)c->bsize);
		if (kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS) &&
		    c->max_model_len) {
			v64 = vllm_tokens(c, c->o_blocks->value);
			snprintf(basis, sizeof basis, "int(observed blocks / "
			         "ceil(%llu / %llu) x %llu)",
			         (unsigned long long)c->max_model_len,
			         (unsigned long long)c->bsize,
			         (unsigned long long)c->max_model_len);
		}
		kvp_rec_computed(r, v64, basis);
	} else if (c->vllm && c->o_budget && c->page && c->bsize &&
	           !c->n_swa_layers) {
		/* V1 prints tokens, not blocks: floor(budget / page) blocks
		 * of bsize tokens, over the budget's rounding (one KV cache
		 * group: no sliding layers) */
		snprintf(basis, sizeof basis,
		         "observed KV budget / page of %llu B x %llu tokens",
		         (unsigned long long)c->page, (unsigned long long)c->bsize);
		blocks_from_budget(r, c->o_budget, c->page, basis);
		if (r->computed_hi > UINT64_MAX / c->bsize)
			return kvp_rec_overflow(err, "tokens");
		r->computed = vllm_tokens(c, r->computed);
		r->computed_lo = vllm_tokens(c, r->computed_lo);
		r->computed_hi = vllm_tokens(c, r->computed_hi);
	} else if (c->engine == KVP_ENGINE_TRTLLM && o->unrounded) {
		r->cls = KVP_REC_UNTESTED;   /* tokens as asked: no rule */
	} else if (c->engine == KVP_ENGINE_TRTLLM && c->bsize) {
		snprintf(basis, sizeof basis, "whole blocks of %llu tokens",
		         (unsigned long long)c->bsize);
		kvp_rec_computed(r, o->value / c->bsize * c->bsize, basis);
	} else if (c->engine == KVP_ENGINE_SGLANG && o->scope == KVP_SCOPE_SWA) {
		/* SWAKVPool's sliding pool (engine.pools[1]) */
		r->cls = KVP_REC_OBSERVED;
		if (c->own && res->engine.n_pools == 2 && res->engine.block_size)
			kvp_rec_computed(r, res->engine.pools[1].blocks *
			                 res->engine.block_size,
			                 "kvplan's sliding pool (swa_full_tokens_ratio)");
	} else {
		r->cls = KVP_REC_OBSERVED;
		if (c->own && res->engine.tokens)
			kvp_rec_computed(r, res->engine.tokens,
			                 "kvplan's budget / bytes per token");
	}
	return KVP_OK;
}

/* The row "max concurrency x100" (KVP_OBS_CONCURRENCY_X100). */
static enum kvp_status rule_concurrency_x100(const struct rec_ctx *c,
                                             const struct kvp_observation *o,
                                             struct kvp_rec_row *r,
                                             struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	char basis[96];
	uint64_t v64;
	uint64_t blocks = 0, per_req;

	if (c->vllm && c->plan->engine.vllm.num_gpu_blocks_override)
		blocks = c->plan->engine.vllm.num_gpu_blocks_override;
	else if (c->o_blocks)
		blocks = c->o_blocks->value;
	else if (c->o_tokens && c->bsize)
		blocks = c->o_tokens->value / c->bsize;
	if (c->vllm && !c->o_blocks && !c->plan->engine.vllm.num_gpu_blocks_override &&
	    c->o_tokens && c->max_model_len &&
	    kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS)) {
		/* tokens = int(concurrency x L): the concurrency lies in
		 * [tokens / L, (tokens + 1) / L), printed to two places */
		uint64_t t = c->o_tokens->value, L = c->max_model_len;

		if (t > UINT64_MAX / 200 - 1)
			return kvp_rec_overflow(err, "concurrency");
		snprintf(basis, sizeof basis, "observed tokens / %llu",
		         (unsigned long long)L);
		kvp_rec_computed(r, (t * 200 / L + 1) / 2, basis);
		r->computed_lo = (t * 200 / L + 1) / 2;
		r->computed_hi = ((t + 1) * 200 / L + 1) / 2;
	} else if (c->vllm && blocks && c->bsize && c->max_model_len) {
		per_req = kvp_ceil_div(c->max_model_len, c->bsize);
		if (!kvp_mul(blocks, 200, &v64))
			return kvp_rec_overflow(err, "concurrency");
		/* blocks / per_req to two places, rounded half up */
		v64 = (v64 / per_req + 1) / 2;
		snprintf(basis, sizeof basis, "observed blocks / ceil(%llu / %llu)",
		         (unsigned long long)c->max_model_len,
		         (unsigned long long)c->bsize);
		kvp_rec_computed(r, v64, basis);
	} else {
		r->cls = KVP_REC_OBSERVED;
		if (c->own && res->engine.concurrency_x100)
			kvp_rec_computed(r, res->engine.concurrency_x100,
			                 "kvplan's blocks / blocks per request");
	}
	return KVP_OK;
}

/* The row "CPU blocks" (KVP_OBS_CPU_BLOCKS). */
static enum kvp_status rule_cpu_blocks(const struct rec_ctx *c,
                                       const struct kvp_observation *o,
                                       struct kvp_rec_row *r,
                                       struct kvp_error *err)
{
	char basis[96];

	/* vLLM V0's swap blocks: swap_space (4 GiB by default,
	 * EngineArgs.swap_space) // the page (vllm/worker/worker.py
	 * determine_num_available_blocks) */
	if (c->vllm && c->page && !kvp_vllm_v1(c->plan)) {
		snprintf(basis, sizeof basis,
		         "swap_space 4 GiB (V0 default) / page of %llu B",
		         (unsigned long long)c->page);
		kvp_rec_computed(r, (4ull << 30) / c->page, basis);
	} else {
		r->cls = KVP_REC_UNTESTED;
	}
	return KVP_OK;
}

/* The row "encoder cache budget (tokens)" (KVP_OBS_ENC_BUDGET_TOKENS). */
static enum kvp_status rule_enc_budget_tokens(const struct rec_ctx *c,
                                              const struct kvp_observation *o,
                                              struct kvp_rec_row *r,
                                              struct kvp_error *err)
{
	const struct kvp_parts_result *p = &c->res->parts;

	/* parts.c: max(max_num_batched_tokens, tokens per item) */
	if (p->encoder_kind == KVP_FIG_ENGINE)
		kvp_rec_computed(r, p->encoder_tokens,
		                 "max(max_num_batched_tokens, tokens per item)");
	return KVP_OK;
}

/* The row "encoder profile items" (KVP_OBS_ENC_PROFILE_ITEMS). */
static enum kvp_status rule_enc_profile_items(const struct rec_ctx *c,
                                              const struct kvp_observation *o,
                                              struct kvp_rec_row *r,
                                              struct kvp_error *err)
{
	const struct kvp_parts_result *p = &c->res->parts;

	/* parts.c profile_items: a range when limit_mm_per_prompt,
	 * which plans do not hold, could decide it */
	if (p->encoder_kind == KVP_FIG_ENGINE) {
		kvp_rec_computed(r, p->encoder_profile_items,
		                 "budget // tokens per item, at most "
		                 "max_num_seqs x images per prompt");
		r->computed_hi = p->encoder_profile_items_max;
	}
	return KVP_OK;
}

/* The row "gpu_memory_utilization ppm" (KVP_OBS_MEM_UTIL_PPM). */
static enum kvp_status rule_mem_util_ppm(const struct rec_ctx *c,
                                         const struct kvp_observation *o,
                                         struct kvp_rec_row *r,
                                         struct kvp_error *err)
{
	struct kvp_vllm_sched d;   /* 0: the release's default */

	/* a setting: the plan must say what ran */
	kvp_vllm_defaults(c->plan, &d);
	kvp_rec_computed(r, d.util_ppm,
	                 "the plan's engine.vllm.gpu_memory_utilization");
	return KVP_OK;
}

/* Each kind's rule, the class its row takes first and what it needs
 * (rec_priv.h). */
#define LLAMA (KVP_REC_NEED_MODEL | KVP_REC_NEED_LLAMA)
#define VLLM_MODEL (KVP_REC_NEED_MODEL | KVP_REC_NEED_VLLM)
const struct kvp_rec_rule_row kvp_rec_count_rules[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_CELLS] = { rule_cells, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_LAYERS] = { rule_layers, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_STREAMS] = { rule_streams, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_SLOT_CTX] = { rule_slot_ctx, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_BLOCKS] = { rule_blocks, KVP_REC_ARITHMETIC, 0 },
	[KVP_OBS_TOKENS] = { rule_tokens, KVP_REC_ARITHMETIC, 0 },
	[KVP_OBS_CONCURRENCY_X100] = { rule_concurrency_x100, KVP_REC_ARITHMETIC,
	                               0 },
	[KVP_OBS_CPU_BLOCKS] = { rule_cpu_blocks, KVP_REC_ARITHMETIC, 0 },
	[KVP_OBS_ENC_BUDGET_TOKENS] = { rule_enc_budget_tokens,
	                                KVP_REC_ARITHMETIC, VLLM_MODEL },
	[KVP_OBS_ENC_PROFILE_ITEMS] = { rule_enc_profile_items,
	                                KVP_REC_ARITHMETIC, VLLM_MODEL },
	[KVP_OBS_MEM_UTIL_PPM] = { rule_mem_util_ppm, KVP_REC_ARITHMETIC,
	                           KVP_REC_NEED_VLLM },
};
#undef LLAMA
#undef VLLM_MODEL
