/*
 * activations.h - the activation peak of one device (internal to
 * src/core; budget.c and the engines use it through
 * kvp_activations_estimate in internal.h).
 */
#ifndef KVPLAN_CORE_ACTIVATIONS_H
#define KVPLAN_CORE_ACTIVATIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* Tokens processed per step for the estimate: devices.max_batched_tokens,
 * else the engine's own step size (vLLM max_num_batched_tokens, llama.cpp
 * n_ubatch), else 8192 (vLLM's default). */
uint64_t kvp_step_tokens(const struct kvp_plan *p);

/*
 * Activation peak, bytes, of one device: a TP rank of `tp` (>= 1) on a
 * pipeline stage, `last_stage` adding the fp32 logits of the positions
 * sampled by `sequences` resident sequences. devices.activations_bytes
 * (measured) replaces the estimate when non-zero; *estimated says which.
 * Under vLLM the estimate is its profile run's peak (vllm_profile.c).
 * Overflow: KVP_EOVERFLOW in err naming devices.max_batched_tokens.
 */
enum kvp_status kvp_activations_device(const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       uint32_t tp, bool last_stage,
                                       uint64_t sequences, uint64_t *out,
                                       bool *estimated,
                                       struct kvp_error *err);

/* The generic estimate above without an engine's own rule (vLLM's
 * profile peak, src/core/engines/vllm/vllm_profile.c, is built on it). */
enum kvp_status kvp_activations_forward(const struct kvp_plan *p,
                                        const struct kvp_result *res,
                                        uint32_t tp, bool last_stage,
                                        uint64_t sequences, uint64_t *out,
                                        bool *estimated,
                                        struct kvp_error *err);

/* Outputs kept per sequence (devices.retained_logits positions of fp32
 * logits over the vocabulary) for `sequences` sequences, bytes. */
enum kvp_status kvp_retained_bytes(const struct kvp_plan *p,
                                   uint64_t sequences, uint64_t *out,
                                   struct kvp_error *err);

#endif
