/*
 * lc_slots.h - llama-server's -np auto by build (lc_slots.c). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_LLAMACPP_LC_SLOTS_H
#define KVPLAN_CORE_ENGINES_LLAMACPP_LC_SLOTS_H

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* *use = p, or, when p is a llama.cpp plan of -np auto, *work: p with the
 * slots and kv_unified that auto is at p's build. A build between a rule's known bounds
 * is refused (res->error) where the two sides differ for p. */
enum kvp_status kvp_llamacpp_slots(const struct kvp_plan *p, struct kvp_plan *work,
                                   const struct kvp_plan **use,
                                   struct kvp_result *res);

/* After the engine stage: when `use` is not p, res->engine.parallel_auto
 * and a clause of res->engine.note say what -np auto became. */
void kvp_llamacpp_slots_said(const struct kvp_plan *p, const struct kvp_plan *use,
                             struct kvp_result *res);

#endif
