/*
 * vllm_profile.h - the terms vLLM subtracts from a GPU before its KV
 * pool, as its memory profiling measures them (src/core/engines/vllm/vllm_profile.c;
 * its settings by release and card in vl_defaults.c):
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

/* vLLM's rotary tables on every rank (cos_sin_cache), bytes: loaded
 * with the weights, in "Model loading took" (vllm_profile.c). */
uint64_t kvp_vllm_rope_bytes(const struct kvp_plan *p);

/* The weights vLLM allocates on a rank of `tp` beyond kvplan's count of
 * the checkpoint (k_eq_v V slots, MXFP4 experts' padding and biases),
 * bytes (vl_weight_extra.c); UINT64_MAX on overflow. */
uint64_t kvp_vllm_weight_extra_bytes(const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     uint32_t tp);

/* The per-rank load slack at TP > 1 (an estimate, vllm_profile.c), bytes. */
uint64_t kvp_vllm_load_slack(const struct kvp_plan *p, uint32_t tp);

/* vLLM's scheduler and memory settings as it runs them: the plan's, or
 * where the plan leaves them 0 vLLM's defaults for the release and card
 * (kvp_vllm_defaults). */
struct kvp_vllm_sched {
	uint32_t util_ppm;        /* gpu_memory_utilization */
	uint32_t max_num_seqs;
	uint64_t max_num_batched_tokens;
	bool prefix_caching;      /* --enable-prefix-caching as it runs */
	bool prefix_caching_default; /* the plan left it auto */
};

/* The settings of `p` (engine.vllm), 0s replaced by vLLM's defaults:
 *   gpu_memory_utilization 0.92 from 0.21.0 (KVP_ERA_VLLM_GRAPH_BUDGET),
 *     0.9 before (vllm/config/cache.py);
 *   max_num_seqs, max_num_batched_tokens: the API server's
 *     (vllm/engine/arg_utils.py get_batch_defaults, UsageContext.
 *     OPENAI_API_SERVER): 1,024 and 8,192 on a card whose runtime total
 *     is at least 70 GiB and, from 0.9.0 (PR #17885), whose name has no
 *     "A100"; 256 and 2,048 otherwise (no card: 256 and 2,048); V0
 *     (before 0.8.0): 256, and max(max_model_len, 2,048) tokens (no
 *     chunked prefill: one prompt a step);
 *   enable_prefix_caching (auto): off in V0 (before 0.8.0), on from V1
 *     (KVP_ERA_VLLM_V1; vllm/engine/arg_utils.py). */
void kvp_vllm_defaults(const struct kvp_plan *p, struct kvp_vllm_sched *out);

#endif
