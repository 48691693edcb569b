/*
 * reconcile_why.h - the plan's own predictions against the log (issue 31,
 * src/core/reconcile/reconcile_why.c): which rows are predictions, and which input
 * explains a miss. Private to the core (reconcile.c).
 */
#ifndef KVPLAN_CORE_RECONCILE_WHY_H
#define KVPLAN_CORE_RECONCILE_WHY_H

#include <stddef.h>

#include "kvplan/reconcile.h"

/* First observation of kind k (any scope) of engine e, or NULL; shared
 * by reconcile.c's rows and the explanation here. */
const struct kvp_observation *kvp_rec_obs_find(const struct kvp_observation *obs,
                                               size_t n, enum kvp_engine_kind e,
                                               enum kvp_obs_kind k);

/* Mark row r (of observation kind k, settled) as the plan's prediction
 * when it is one, and as a plan error when it misses the log. */
void kvp_rec_mark_prediction(struct kvp_rec_row *r, enum kvp_obs_kind k,
                             struct kvp_reconcile *out);

/* Fill out->plan_error_why: the measured inputs the plan took otherwise,
 * each with its effect on the KV budget, largest first. */
void kvp_rec_explain(const struct kvp_plan *p, const struct kvp_result *res,
                     const struct kvp_observation *obs, size_t n,
                     enum kvp_engine_kind engine, struct kvp_reconcile *out);

#endif
