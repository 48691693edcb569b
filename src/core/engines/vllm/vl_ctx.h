/*
 * vl_ctx.h - the working state of kvplan's vLLM profile (engine_vllm.c
 * and the files it calls: vl_layers.c, vl_group.c, vl_budget.c,
 * vl_admit.c, vl_lines.c): the plan's settings as vLLM runs them, each
 * layer's type and page, the layer groups of the hybrid KV cache manager
 * and the pool they make. Types only. Not public.
 *
 * Units: bytes per rank unless said (one tensor-parallel rank).
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_CTX_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_CTX_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/era.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

enum vl_type { VL_FULL = 0, VL_SLIDING, VL_CHUNKED, VL_MAMBA, VL_NONE };

#define VL_MAX_TYPES 8
#define VL_ALIGN 16u   /* smallest kernel block of the FlashAttention backend;
                          hybrid Mamba aligns to max(this, block_size) */

struct vl_spec {
	enum vl_type type;
	uint64_t window;      /* sliding / chunk size */
	uint64_t page;        /* bytes of one block, one layer, one rank */
	uint64_t block;       /* tokens per block after unification */
	uint32_t count;       /* layers of this type (in the stage) */
};

struct vl_groups {
	uint32_t n_types;
	struct vl_spec t[VL_MAX_TYPES];
	bool uniform_type;    /* one attention type (pages may differ):
	                         one group, num_blocks = budget // sum of
	                         the layers' pages */
	uint32_t group_size, n_groups, padding;
	uint64_t page;        /* unified page; uniform type: sum of pages */
	uint64_t raised_block;/* attention block size raised for Mamba, 0 none */
	uint64_t mamba_page;  /* the Mamba state's own page before padding */
	uint64_t layers;      /* KV-holding layers */
};

struct vl_ctx {
	const struct kvp_plan *p;
	const struct kvp_layer_spec *ls;
	struct kvp_result *res;
	uint32_t tp, pp;
	bool v0;              /* before 0.8.0 (era.c KVP_ERA_VLLM_V1), or a
	                         release that falls back (vl_engine.c) */
	const char *v0_why;   /* the fallback's row, NULL when none */
	uint64_t B, max_len, mnbt;
	struct kvp_vllm_sched d; /* the settings as vLLM runs them */
	uint64_t spec_blocks; /* MambaSpec num_speculative_blocks */
	uint32_t mtp;         /* MTP layers grouped in with the last stage
	                         (res->draft.mtp), 0 none */
	/* per layer: type, window and page at block size B */
	enum vl_type ltype[KVP_MAX_LAYERS];
	uint64_t lpage[KVP_MAX_LAYERS];
	uint64_t krow[KVP_MAX_LAYERS], vrow[KVP_MAX_LAYERS];
	/* the Mamba page of the state a full layer keeps beside its KV
	 * (model.recur.beside_full: a cache layer of its own in vLLM,
	 * falcon_h1.py), 0 none */
	uint64_t spage[KVP_MAX_LAYERS];
	uint64_t idx_row;     /* DSA indexer key bytes per token per layer */
	uint64_t conv_rank, ssm_rank;  /* one state's parts per rank (vl_state) */
};

/* The pool the driver settles on (engine_vllm.c), read by the lines. */
struct vl_pool {
	struct vl_groups all; /* every layer, MTP and draft included */
	struct vl_groups tgt; /* the target's own layers */
	uint64_t num_blocks;  /* the smallest stage's block count */
	uint64_t max_fit;     /* the estimated maximum model length */
	uint64_t min_block;   /* smallest attention block size, tokens */
	uint64_t tokens;      /* "GPU KV cache size: N tokens" */
	uint64_t per_req;     /* blocks one max_model_len request takes */
	uint64_t budget, budget_first, budget_rep;
};

/* When a rule row applies, by its era row (kvplan/era.h): always, in
 * the releases that have the rule, or in those before it. */
enum vl_when { VL_ALWAYS, VL_WITH, VL_WITHOUT };

static inline bool vl_applies(const struct vl_ctx *c, enum vl_when w,
                              enum kvp_era_rule r)
{
	/* V1 is vLLM's own choice by release, platform and options
	 * (vl_engine.c), held in c->v0 */
	return w == VL_ALWAYS ||
	       (r == KVP_ERA_VLLM_V1 ? !c->v0 : kvp_era_has(&c->p->engine, r)) ==
	       (w == VL_WITH);
}

#endif
