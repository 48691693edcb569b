/*
 * validate.h - the one validation of a plan (issue 10). Every way a plan
 * is made - CLI flags, a plan file, layer rules, the planner's form - is
 * checked by this one function, and kvp_compute runs it first, so a plan
 * refused in one place is refused in all of them with the same message.
 */
#ifndef KVPLAN_VALIDATE_H
#define KVPLAN_VALIDATE_H

#include "kvplan/plan.h"
#include "kvplan/status.h"

/*
 * KVP_OK, or the first problem in *err as one line naming the field and
 * its value ("model.layers rule '0-3:kv_heads=7': kv_heads 7 - model.q_heads
 * 40 is not a multiple of it"). Checks the plan's own consistency:
 *   model     layers 1..KVP_MAX_LAYERS, query heads, KV heads of every
 *             attention layer (base and rules) dividing the query heads,
 *             active experts within the experts, leading dense layers
 *             within the layers, at most KVP_MAX_RULES rules;
 *   workload  classes, samples, something to hold, ragged list present;
 *   strategy  kind, block size, MLA mode, resident layers;
 *   devices   tp, pp, dp at least 1 and at most KVP_MAX_DEVICES devices,
 *             card groups with a count and a capacity, enough cards for
 *             tp x pp x dp (one card of count 1 stands for every device).
 * What an engine refuses (its own limits) is the engine's to say.
 */
enum kvp_status kvp_plan_validate(const struct kvp_plan *p,
                                  struct kvp_error *err);

#endif
