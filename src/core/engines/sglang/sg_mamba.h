/*
 * sg_mamba.h - SGLang's Mamba pool for hybrid recurrent models
 * (sg_mamba.c): the state a slot holds, the slots from the budget, the
 * recurrent layers' results. Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_MAMBA_H
#define KVPLAN_CORE_SG_MAMBA_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

struct sg_mamba {
	uint32_t layers;          /* recurrent layers */
	uint64_t conv, ssm;       /* one layer's bytes a slot, per rank */
	uint64_t per_req;         /* mamba_cache_per_req: all layers */
	uint64_t size;            /* max_mamba_cache_size */
};

/* The recurrent layers' state per slot; m->layers 0 when there are none.
 * swa_on: the plan also has SGLang's SWA pool (refused beside it). */
enum kvp_status sg_mamba_state(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                               bool swa_on, uint32_t tp, struct sg_mamba *m,
                               struct kvp_error *err);

/* m->size: --max-mamba-cache-size, else from *budget (profiled), which
 * then keeps what is left for the KV pool. */
enum kvp_status sg_mamba_size(const struct kvp_plan *p, struct sg_mamba *m,
                              bool profiled, uint64_t *budget, struct kvp_error *err);

/* The recurrent layers' results and the "Mamba Cache is allocated" line. */
enum kvp_status sg_mamba_layers(const struct kvp_layer_spec *ls, const struct sg_mamba *m,
                                uint32_t n, struct kvp_result *res);

#endif
