/*
 * vl_engine.h - which of its engines vLLM runs a plan on: V0 or V1
 * (vl_engine.c, the table of vLLM's own choice by release, platform and
 * option). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_ENGINE_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_ENGINE_H

#include <stdbool.h>

#include "kvplan/plan.h"
#include "kvplan/status.h"

/* True when vLLM runs plan p on its V1 engine: a release with V1 by
 * default (KVP_ERA_VLLM_V1) and no row of vl_engine.c's table that makes
 * that release fall back to V0 for the plan's platform or options, or
 * engine.vllm.use_v1 (VLLM_USE_V1) saying which. A
 * plan whose card does not name its platform, in a release where the
 * platform decides, is taken as V0 here (every caller but the engine's
 * own setup, which refuses it: kvp_vllm_engine_check). */
bool kvp_vllm_v1(const struct kvp_plan *p);

/* KVP_OK, or the refusal of a plan whose card does not name what its
 * release chooses by (card.platform, card.compute_capability), or whose
 * engine.vllm.use_v1 the release cannot run (off from 0.11.0, on before
 * 0.8.0, on with a feature V1 does not run); why names the row that made
 * the release fall back to V0 (NULL: none). */
enum kvp_status kvp_vllm_engine_check(const struct kvp_plan *p,
                                      const char **why,
                                      struct kvp_error *err);

#endif
