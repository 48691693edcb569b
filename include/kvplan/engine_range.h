/*
 * engine_range.h - the named engines' figures beside the generic engine's
 * answer (issue 31). The generic engine sizes the workload's exact bytes
 * and charges no engine's allocator or reserve; the engines a user would
 * run answer the same plan otherwise (vLLM fills a budget, llama.cpp
 * sizes by ctx_size/parallel). kvp_engine_range computes the plan under
 * each named engine as `kvplan compare` does (only plan->engine.kind
 * changed, every engine keeping its own options) and keeps the range:
 * the whole KV cache, the least free device's free bytes, and how many
 * engines reach each verdict state.
 *
 * Pure: no allocation. `scratch` is the caller's work area (a kvp_result,
 * about 100 KiB) whose contents are unspecified afterwards.
 */
#ifndef KVPLAN_ENGINE_RANGE_H
#define KVPLAN_ENGINE_RANGE_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/verdict.h"

struct kvp_engine_range {
	uint32_t n;                   /* named engines that computed */
	uint32_t refused;             /* named engines that refuse the plan */
	uint64_t kv_lo, kv_hi;        /* res.kv.bytes, least and most */
	enum kvp_engine_kind kv_lo_kind, kv_hi_kind;
	bool devices;                 /* the plan has cards: free_* set */
	int64_t free_lo, free_hi;     /* the tightest device's free bytes
	                                 (< 0: over), least and most */
	enum kvp_engine_kind free_lo_kind, free_hi_kind;
	uint32_t states[KVP_VERDICT_COUNT]; /* engines per verdict state */
	char text[KVP_VERDICT_TEXT_MAX]; /* the range in one line */
};

/* Fill *out; n 0 (and text saying so) when no named engine takes the
 * plan. Never fails. */
void kvp_engine_range(const struct kvp_plan *p, struct kvp_result *scratch,
                      struct kvp_engine_range *out);

#endif
