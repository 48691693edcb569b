/*
 * sg_admit.c - what SGLang admits: a request takes its tokens in whole
 * pages; the radix cache shares a request's prompt among its samples and
 * the system part among all requests (mem_cache/radix_cache.py); at most
 * max_running_requests run. The pool a request may take is the smaller
 * of SWAKVPool's two (SWATokenToKVPoolAllocator.size = min(size_full,
 * size_swa)).
 */
#include <stdint.h>

#include "core/engines/engine_priv.h"
#include "core/engines/sglang/sg_admit.h"
#include "core/engines/sglang/sg_lines.h"
#include "kvplan/checked.h"

/* Tokens request kind q costs (UINT64_MAX when it does not fit or its
 * pages overflow) and the system part it shares with all requests. */
static uint64_t sg_cost(const struct kvp_plan *p, const struct eng_req *q,
                        const struct sg_run *r, uint64_t *sys)
{
	uint64_t per, shr, cost;
	uint64_t pr = q->prompt / r->page * r->page;
	uint64_t sy = p->workload.share_system_prefix ? q->system / r->page * r->page : 0;

	*sys = 0;
	if (q->len > r->ctx || !kvp_round_up(q->len, r->page, &per) ||
	    !kvp_mul(per, q->samples, &cost) || !kvp_mul(q->samples - 1, pr, &shr) ||
	    !kvp_add(shr, sy, &shr) || shr > cost)
		return UINT64_MAX;
	*sys = sy;
	return cost - shr;
}

enum kvp_status sg_admit(const struct kvp_plan *p, const struct sg_run *r,
                         struct kvp_result *res)
{
	struct eng_req req[ENG_MAX_REQ];
	uint64_t cost[ENG_MAX_REQ], shared = 0, total = 0, sy;
	uint32_t n = 0, k;
	enum kvp_status st;

	if ((st = eng_requests(p, req, &n, &res->error)) != KVP_OK)
		return st;
	for (k = 0; k < n; k++) {
		if (!kvp_add(total, req[k].count, &total))
			return eng_overflow(res, "workload.classes[].requests");
		cost[k] = sg_cost(p, &req[k], r, &sy);
		if (sy > shared)
			shared = sy;
	}
	res->engine.workload_fit = eng_fit(req, cost, n, shared, r->fit_tokens, r->max_reqs);
	sg_note(p, r, total, res);
	eng_mix_fit(res, req, cost, n, shared, r->fit_tokens, r->max_reqs);
	return KVP_OK;
}
