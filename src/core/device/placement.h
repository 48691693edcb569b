/*
 * placement.h - which layers and which KV heads land on which device
 * (internal to src/core; used by budget.c and solve.c).
 *
 * Device order: index = dp_replica * (pp * tp) + pp_stage * tp + tp_rank,
 * so the cards of a plan's groups are handed out replica by replica,
 * stage by stage. Pure: no allocation, no I/O.
 */
#ifndef KVPLAN_CORE_PLACEMENT_H
#define KVPLAN_CORE_PLACEMENT_H

#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/*
 * Layers per pipeline stage: first[s] and count[s] for s < pp.
 * `given[0..pp-1]` all zero: vLLM's split (get_pp_indices: L // pp each,
 * the remainder one layer each to the stages before the last, counted
 * from the end: stage pp-2, pp-3, ...). Otherwise the given counts,
 * which must sum to n_layers (vLLM's VLLM_PP_LAYER_PARTITION rule).
 * Errors name devices.pp / devices.pp_layers and the values.
 */
enum kvp_status kvp_pp_split(uint32_t n_layers, uint32_t pp,
                             const uint32_t *given, uint32_t *first,
                             uint32_t *count, struct kvp_error *err);

/* KV heads one TP rank holds: max(1, hkv / tp) (replicated when
 * tp > hkv). */
uint32_t kvp_kv_heads_per_rank(uint32_t hkv, uint32_t tp);

/*
 * Tensor-parallel divisibility, in vLLM's words: query heads must divide
 * by tp; for every KV-holding, non-MLA layer, hkv must divide by tp
 * (tp < hkv) or tp by hkv (tp >= hkv, replication). res holds the
 * resolved layers 0..n_layers-1 (kvp_layer_rec).
 */
enum kvp_status kvp_tp_check(uint32_t q_heads,
                             const struct kvp_result *res,
                             uint32_t n_layers, uint32_t tp,
                             struct kvp_error *err);

/* Share of `total` items that replica r of dp receives: total / dp, plus
 * one for the first total % dp replicas. */
uint64_t kvp_dp_share(uint64_t total, uint32_t dp, uint32_t r);

/* First index of replica r's contiguous slice (for ragged lengths). */
uint64_t kvp_dp_offset(uint64_t total, uint32_t dp, uint32_t r);

#endif
