/*
 * sg_swa.h - SGLang's hybrid sliding-window pool, SWAKVPool (sg_swa.c):
 * whether a plan gets it, the split of the profiled tokens into its full
 * and sliding pools, the pools in the result. Internal to
 * src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_SWA_H
#define KVPLAN_CORE_SG_SWA_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* The two pools of SWAKVPool: n layers of `row` bytes a token each (per
 * rank), `tokens` of them (swa_memory_pool.py: swa_kv_pool of size_swa,
 * full_kv_pool of size). */
struct sg_swa {
	bool on;
	uint32_t nf, ns;          /* full and sliding layers */
	uint64_t f, s;            /* one layer's bytes a token: full, sliding */
	uint64_t full, swa;       /* tokens of the full and the sliding pool */
};

/* Whether SGLang splits this plan's layers into SWAKVPool's two pools
 * (w->on), and each side's bytes a token (the layer records' rows, set
 * before). */
enum kvp_status sg_swa_pool(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                            const struct kvp_result *res, struct sg_swa *w,
                            struct kvp_error *err);

/* The profiled tokens t split into w->full and w->swa, whole pages. */
enum kvp_status sg_swa_split(struct sg_swa *w, uint64_t t, uint64_t page,
                             uint32_t ratio_ppm, struct kvp_result *res);

/* The two pools in res->engine.pools[]. */
enum kvp_status sg_swa_result(struct kvp_result *res, const struct sg_swa *w,
                              uint64_t page);

#endif
