/*
 * vllm_profile.h - the terms vLLM subtracts from a GPU before its KV
 * pool, as its memory profiling measures them (src/core/vllm_profile.c):
 * the total it starts from, the profile run's activation peak and the
 * non-torch memory. Internal to src/core.
 */
#ifndef KVPLAN_CORE_VLLM_PROFILE_H
#define KVPLAN_CORE_VLLM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/devices.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

/* The total torch.cuda.mem_get_info() reports for `card`, bytes: the
 * card's runtime_total_bytes when it lies between the estimate and the
 * capacity (else it belongs to another capacity, one given by hand);
 * the capacity when that is already what CUDA allocates (allocatable);
 * else an ESTIMATE, capacity - capacity / 32, and *estimated set. */
uint64_t kvp_vllm_runtime_total(const struct kvp_card *card, bool *estimated);

/* The profile run's torch peak increase of one TP rank of `tp` on a
 * stage (last_stage: the one that samples), bytes: an ESTIMATE
 * calibrated on measured start-ups (tests/data/vllm_startups). */
enum kvp_status kvp_vllm_profile_peak(const struct kvp_plan *p,
                                      const struct kvp_result *res,
                                      uint32_t tp, bool last_stage,
                                      uint64_t *out, struct kvp_error *err);

/* The overheads vLLM subtracts on one GPU of a tp x pp replica, bytes:
 * devices.overheads[] as the plan gives them, except that entries still
 * at kvplan's generic defaults (kvp_overheads_default) are replaced by
 * vLLM's own non-torch and CUDA graph terms for the release. */
enum kvp_status kvp_vllm_overheads(const struct kvp_plan *p, uint32_t tp,
                                   uint32_t pp, uint64_t *out,
                                   struct kvp_error *err);

#endif
