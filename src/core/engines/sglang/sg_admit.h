/*
 * sg_admit.h - how many of the workload's requests SGLang holds at once
 * (sg_admit.c). Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_ADMIT_H
#define KVPLAN_CORE_SG_ADMIT_H

#include "core/engines/sglang/sg_run.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

/* res->engine.workload_fit, mix_fit and the note, from the pool of
 * r->fit_tokens tokens and r->max_reqs running requests. */
enum kvp_status sg_admit(const struct kvp_plan *p, const struct sg_run *r,
                         struct kvp_result *res);

#endif
