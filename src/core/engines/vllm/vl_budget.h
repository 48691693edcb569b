/*
 * vl_budget.h - vLLM's ranks, stages and KV budget per rank
 * (vl_budget.c). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_BUDGET_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engines/vllm/vl_ctx.h"

/* Tensor- and pipeline-parallel sizes from engine.vllm and devices
 * (they must agree); *pp at most KVP_MAX_STAGES. */
enum kvp_status vl_parallel(const struct kvp_plan *p, struct kvp_result *res,
                            uint32_t *tp, uint32_t *pp);

/* Each stage's first and last layer (c->pp stages). */
enum kvp_status vl_stages(const struct vl_ctx *c, uint32_t *first,
                          uint32_t *last);

/* The KV budget of one rank, bytes (0 with num_gpu_blocks_override);
 * with_draft: a rank of the last stage, which holds the drafter's
 * weights (gpu_model_runner.py: "we put the entire draft model on the
 * last PP rank"). */
enum kvp_status vl_budget(const struct vl_ctx *c, bool with_draft,
                          uint64_t *budget);

#endif
