/*
 * vl_admit.h - what vLLM admits and how many requests its blocks hold
 * (vl_admit.c). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_ADMIT_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_ADMIT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engines/vllm/vl_ctx.h"

/* Blocks one sequence of `len` tokens takes in a group of spec s. */
uint64_t vl_seq_blocks(const struct vl_ctx *c, const struct vl_spec *s,
                       uint64_t len);

/* Blocks one request of max_model_len-like `len` needs over all groups. */
uint64_t vl_req_blocks(const struct vl_ctx *c, const struct vl_groups *g,
                       uint64_t len);

/* Bytes the check_enough_kv_cache_memory sum needs for `len` (stage);
 * false on overflow. */
bool vl_need_bytes(const struct vl_ctx *c, const struct vl_groups *g,
                   uint64_t len, uint64_t *out);

/* One stage of groups g with budget sb and pool block bpb: refused when
 * a max_model_len request does not fit (V1); *fit: the estimated
 * maximum model length. */
enum kvp_status vl_admit_stage(const struct vl_ctx *c, const struct vl_groups *g,
                               uint64_t sb, uint64_t bpb, uint64_t *fit);

/* The pool of num_blocks (the smallest stage's): refused when empty, or
 * (V0) when max_model_len exceeds its tokens. */
enum kvp_status vl_admit_pool(const struct vl_ctx *c, uint64_t num_blocks);

/* The workload's requests in the pool at once: res->engine.workload_fit,
 * the note and the mix fit. */
enum kvp_status vl_workload_fit(const struct vl_ctx *c, const struct vl_pool *pl);

#endif
