/*
 * sg_budget.h - the bytes SGLang's profile gives its pools on one rank
 * (sg_budget.c). Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_BUDGET_H
#define KVPLAN_CORE_SG_BUDGET_H

#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* rest = T0 x frac - weights / tp - what the load used beside them, T0
 * the free memory before the load (res->error on refusal). */
enum kvp_status sg_budget(const struct kvp_plan *p, const struct kvp_result *res,
                          uint32_t tp, uint32_t frac, uint64_t *budget,
                          struct kvp_error *err);

#endif
