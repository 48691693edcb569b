/*
 * mix_fit.c - kvp_mix_of (solve.h): how many of the workload's requests,
 * and of its mix scaled, the deployment takes at once with its devices,
 * as one figure for calc's record, compare's rows and the planner
 * (result.h, struct kvp_mix_result). It was worked out in compare alone,
 * under the name workload_fit, which calc's record uses for the engine's
 * own count: two meanings for one name (issue 33).
 */
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/solve.h"

void kvp_mix_of(const struct kvp_plan *p, struct kvp_result *scratch,
                struct kvp_mix_result *out)
{
	struct kvp_error e;
	uint64_t req, own;
	bool fits;

	memset(out, 0, sizeof *out);
	if (kvp_compute(p, scratch) != KVP_OK)
		return;
	/* what the recomputes below overwrite */
	req = scratch->kv.requests;
	fits = scratch->fits;
	own = scratch->engine.kind == KVP_ENGINE_GENERIC ? req
	      : scratch->engine.workload_fit;
	out->computed = true;
	if (scratch->engine.mix_computed) {
		/* a pool engine's own count (0 when a device is over) */
		out->mix_fit = scratch->engine.mix_fit;
		out->bound = true;
	} else if (kvp_solve_mix(p, scratch, &out->mix_fit, &out->bound, &e) != KVP_OK) {
		out->mix_fit = req;
		out->bound = false;
	}
	if (fits)
		out->requests_fit = own;
	else   /* the devices bind before the engine's count */
		out->requests_fit = out->bound && out->mix_fit < req ? out->mix_fit : 0;
}
