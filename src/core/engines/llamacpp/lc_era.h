/*
 * lc_era.h - what a named llama.cpp build changes in its cache
 * (lc_era.c). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_LLAMACPP_LC_ERA_H
#define KVPLAN_CORE_ENGINES_LLAMACPP_LC_ERA_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* What a named build changes (kvplan/era.h); the current build has all. */
struct lc_build {
	bool iswa;       /* separate SWA cache (PR #13194) */
	bool v_mla;      /* MLA layers store V too (before PR #19067) */
	bool unified;    /* one cache for all sequences (before PR #14363) */
	uint64_t gpu_first; /* first repeating layer -ngl puts on the device
	                     (lc_offload.c, PR #18148) */
};

/* The plan's build against every rule of era_rows[] that concerns the
 * model's layers `ls`: fills *b, or refuses (res->error). */
enum kvp_status lc_era(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                       struct kvp_result *res, struct lc_build *b);

#endif
