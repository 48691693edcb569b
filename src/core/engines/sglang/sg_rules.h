/*
 * sg_rules.h - SGLang's rules as data (sg_rules.c): what it reserves
 * (mem_fraction_static's default), how it rounds (max_running_requests
 * from the profiled tokens), which families get a pool of their own, the
 * defaults of its pool options. Each row names the releases it holds for
 * and its source. Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_RULES_H
#define KVPLAN_CORE_SG_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/engine.h"

/* One row of mem_fraction_static's default by tp (releases before PR
 * #7054): from tp_min ranks up, ppm. */
struct sg_fraction_row {
	uint32_t tp_min;
	uint32_t ppm;
	const char *source;
};

/* max_running_requests when not given: min(max(tokens / context x
 * per_ctx, lo), hi) (init_memory_pool). */
struct sg_reqs_rule {
	uint32_t per_ctx, lo, hi;
	const char *source;
};

/* Defaults of the pool options (ppm where a fraction). */
struct sg_defaults {
	uint32_t swa_full_tokens_ratio;    /* SWAKVPool's sliding / full tokens */
	uint32_t mamba_full_memory_ratio;  /* Mamba pool bytes / KV pool bytes */
	uint32_t mamba_slots_per_request;  /* Mamba slots a running request keeps */
	uint32_t quant_block;              /* values an fp8 scale covers (DSA) */
	const char *source;
};

/* SGLang's own memory terms around the pool, ESTIMATES from measured
 * start-ups (tests/data/sglang_startups, sg_rules.c names each log), used
 * in place of kvplan's default overheads (devices.overheads at their
 * defaults). What is used before "Load weight begin" is the card's CUDA
 * context with torch (sg_context_bytes) and what "Init torch distributed"
 * takes (dist_*); under tp or pp on a card of multi_min_capacity or more
 * the card's multi row holds both (sg_multi_start_bytes). */
struct sg_estimates {
	uint64_t dist_one_bytes;    /* "Init torch distributed ends. mem
	                               usage" at tp x pp = 1 */
	uint64_t multi_min_capacity;
	const char *source;
};

const struct sg_estimates *sg_estimates(void);

/* The CUDA context and torch on one rank before SGLang's distributed
 * start, for a card by its preset name: its measured row, or the largest
 * row where the card has none. */
uint64_t sg_context_bytes(const char *card_name);

/* The CUDA context with NCCL's and the custom all-reduce's start on one
 * rank under tp or pp above 1 on a card of multi_min_capacity or more,
 * by preset name: its measured row, or the largest row. */
uint64_t sg_multi_start_bytes(const char *card_name);

/* "Init torch distributed ends. mem usage" above 1 on a card under the
 * multi capacity, in the plan's release. */
uint64_t sg_dist_pcie_bytes(const struct kvp_engine_opts *o);

/* What the weights load uses beside the weights, one rank, in the plan's
 * release ("" = the current one), for quantized weights or 16-bit ones,
 * under tp or pp above 1 on a card under the multi capacity or not. */
uint64_t sg_load_extra_bytes(const struct kvp_engine_opts *o, bool quantized,
                             bool parallel);

/* mem_fraction_static as SGLang defaults it in the plan's release for a
 * tp x pp replica on a card of gpu_bytes (nvidia-smi's total; 0 =
 * unknown), ppm; mla: the model has MLA layers (SGLang's MLA backend). */
uint32_t sg_default_fraction(const struct kvp_engine_opts *o, uint32_t tp,
                             uint32_t pp, uint64_t gpu_bytes, bool mla);

/* The default fraction frac (ppm) lowered for a multimodal model by the
 * least factor SGLang's adjust_mem_fraction_for_vlm gives, rounded down. */
uint32_t sg_vlm_fraction(uint32_t frac);

/* The rule for max_running_requests. */
const struct sg_reqs_rule *sg_reqs_rule(void);

/* The option defaults. */
const struct sg_defaults *sg_defaults(void);

/* Whether SGLang serves `model_type` with its hybrid SWA pool. */
bool sg_hybrid_swa_family(const char *model_type);

#endif
