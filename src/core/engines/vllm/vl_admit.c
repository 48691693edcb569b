/*
 * vl_admit.c - what vLLM admits (vllm/v1/core/kv_cache_utils.py
 * check_enough_kv_cache_memory, estimate_max_model_len; V0
 * vllm/worker/worker.py raise_if_cache_size_invalid), and how many of
 * the workload's requests its blocks hold at once:
 *
 *   blocks one request of L tokens needs per group: full ceil(L / B);
 *     sliding ceil(min(W - 1 + max_num_batched_tokens, L) / B) + 1;
 *     chunked ceil(min(C + max_num_batched_tokens, L) / B); Mamba 1
 *     (+ one per speculative token).
 *   V1: a request of max_model_len must fit each stage's budget (from
 *     0.25.0 less one block, the null block, era.c
 *     KVP_ERA_VLLM_NULL_BLOCK); V0: max_model_len <= num_blocks x B.
 */
#include <stdio.h>  /* snprintf into result buffers only */

#include "core/engines/engine_priv.h"
#include "core/engines/vllm/vl_admit.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

/* Blocks one sequence of `len` tokens takes in a group of spec s. */
uint64_t vl_seq_blocks(const struct vl_ctx *c, const struct vl_spec *s,
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

/* Blocks one request of max_model_len-like `len` needs over all groups. */
uint64_t vl_req_blocks(const struct vl_ctx *c, const struct vl_groups *g,
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
bool vl_need_bytes(const struct vl_ctx *c, const struct vl_groups *g,
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


/* "To serve at least one request ..." (V1): the need of max_model_len
 * above what the stage can hold. */
static enum kvp_status vl_refuse_len(const struct vl_ctx *c, uint64_t need,
                                     uint64_t check, uint64_t fit)
{
	char nd[32], av[32], est[96] = "";

	/* vLLM names the estimate only when it is above 0 */
	if (fit)
		snprintf(est, sizeof est, "Based on the available memory, "
		         "the estimated maximum model length is %llu. ",
		         (unsigned long long)fit);
	return kvp_error_set(&c->res->error, KVP_EREFUSED,
		"vLLM: To serve at least one request with the models's max seq "
		"len (%llu), (%s GiB KV cache is needed, which is larger than "
		"the available KV cache memory (%s GiB). %sTry "
		"increasing `gpu_memory_utilization` or decreasing "
		"`max_model_len` when initializing the engine.",
		(unsigned long long)c->max_len,
		eng_fixed2(need, KVP_GIB, nd, sizeof nd),
		eng_fixed2(check, KVP_GIB, av, sizeof av), est);
}

enum kvp_status vl_admit_stage(const struct vl_ctx *c, const struct vl_groups *g,
                               uint64_t sb, uint64_t bpb, uint64_t *fit)
{
	uint64_t need, check = sb;

	if (kvp_era_has(&c->p->engine, KVP_ERA_VLLM_NULL_BLOCK)) {
		if (sb <= bpb)
			return kvp_error_set(&c->res->error, KVP_EREFUSED,
				"vLLM: No available memory for the cache blocks. Try "
				"increasing `gpu_memory_utilization` when initializing the "
				"engine. (%llu B is at most one block of %llu B, the null "
				"block)", (unsigned long long)sb, (unsigned long long)bpb);
		check = sb - bpb;
	}
	*fit = vl_max_len(c, g, check, c->max_len);
	if (!vl_need_bytes(c, g, c->max_len, &need))
		return eng_overflow(c->res, "engine.vllm.max_model_len");
	if (need > check && !c->v0)
		return vl_refuse_len(c, need, check, *fit);
	return KVP_OK;
}

enum kvp_status vl_admit_pool(const struct vl_ctx *c, uint64_t num_blocks)
{
	if (num_blocks == UINT64_MAX || num_blocks == 0)
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"vLLM: No available memory for the cache blocks. Try increasing "
			"`gpu_memory_utilization` when initializing the engine.");
	/* V0 (vllm/worker/worker.py raise_if_cache_size_invalid): max_model_len
	 * against num_gpu_blocks x block_size, the smallest count of all
	 * workers; for V0's one group per stage ceil(L / B) x page > budget
	 * exactly when L > (budget // page) x B, so the same plans refuse */
	if (c->v0 && c->max_len > num_blocks * c->B)
		return kvp_error_set(&c->res->error, KVP_EREFUSED,
			"vLLM: The model's max seq len (%llu) is larger than the "
			"maximum number of tokens that can be stored in KV cache "
			"(%llu). Try increasing `gpu_memory_utilization` or "
			"decreasing `max_model_len` when initializing the engine.",
			(unsigned long long)c->max_len,
			(unsigned long long)(num_blocks * c->B));
	return KVP_OK;
}

/* Blocks request kind r takes over the groups g; *shared: the system
 * prompt's blocks shared across requests, raised to this kind's. Prefix
 * caching shares full blocks of the prompt among a request's samples,
 * and of the system part among all requests (full-attention groups). */
static uint64_t vl_req_cost(const struct vl_ctx *c, const struct vl_groups *g,
                            const struct eng_req *r, uint64_t *shared)
{
	bool pc = c->d.prefix_caching;   /* auto resolved: kvp_vllm_defaults */
	uint64_t cst = 0;
	uint32_t j;

	for (j = 0; j < g->n_types; j++) {
		const struct vl_spec *sp = &g->t[j];
		uint64_t groups = g->uniform_type ? 1 :
		                  (sp->count + g->group_size - 1) / g->group_size;
		uint64_t per;

		if (g->uniform_type && j > 0)
			break;   /* one group: its blocks count once */
		per = vl_seq_blocks(c, sp, r->len) * r->samples;
		if (pc && sp->type == VL_FULL) {
			uint64_t fp = r->prompt / sp->block;
			uint64_t fs = c->p->workload.share_system_prefix ?
			              r->system / sp->block : 0;

			per -= (r->samples - 1) * fp + fs;
			if (fs * groups > *shared)
				*shared = fs * groups;
		}
		cst += per * groups;
	}
	return cst;
}

enum kvp_status vl_workload_fit(const struct vl_ctx *c, const struct vl_pool *pl)
{
	struct kvp_engine_result *e = &c->res->engine;
	struct eng_req req[ENG_MAX_REQ];
	uint64_t cost[ENG_MAX_REQ], shared = 0, total = 0;
	uint32_t n = 0, k;
	char a[40], pc[80];
	enum kvp_status st = eng_requests(c->p, req, &n, &c->res->error);

	if (st != KVP_OK)
		return st;
	for (k = 0; k < n; k++) {
		total += req[k].count;
		cost[k] = req[k].len > c->max_len ? UINT64_MAX :
		          vl_req_cost(c, &pl->all, &req[k], &shared);
	}
	e->workload_fit = eng_fit(req, cost, n, shared, pl->num_blocks,
	                          c->d.max_num_seqs);
	e->prefix_caching = c->d.prefix_caching;
	e->prefix_caching_default = c->d.prefix_caching_default;
	kvp_engine_prefix_words(e, pc, sizeof pc);
	snprintf(e->note, sizeof e->note,
	         "vLLM fills its budget with %s blocks of %llu tokens whatever the "
	         "workload; with %s, %llu of its %llu requests fit at once",
	         eng_commas(pl->num_blocks, a, sizeof a),
	         (unsigned long long)pl->min_block, pc,
	         (unsigned long long)e->workload_fit, (unsigned long long)total);
	eng_mix_fit(c->res, req, cost, n, shared, pl->num_blocks, c->d.max_num_seqs);
	return KVP_OK;
}
