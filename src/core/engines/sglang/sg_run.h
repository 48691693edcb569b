/*
 * sg_run.h - what the SGLang driver (engine_sglang.c) has worked out for
 * one plan, handed down to the stages that print and admit (sg_lines.c,
 * sg_admit.c). Plain data. Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_RUN_H
#define KVPLAN_CORE_SG_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engines/sglang/sg_cells.h"
#include "core/engines/sglang/sg_mamba.h"
#include "core/engines/sglang/sg_swa.h"

struct sg_run {
	uint32_t tp;
	uint32_t frac;          /* mem_fraction_static, ppm */
	bool vlm;               /* frac: the default lowered for a tower */
	uint64_t page;          /* page_size */
	uint64_t ctx;           /* context_len */
	struct sg_cells c;
	struct sg_swa sw;
	struct sg_mamba mb;
	uint64_t tokens;        /* max_total_num_tokens (SWA: the full pool's) */
	uint64_t fit_tokens;    /* tokens a request may take (SWA: the smaller) */
	uint64_t slots;         /* tokens + page_size: the pool's slots */
	uint64_t max_reqs;      /* max_running_requests */
	uint64_t table;         /* req_to_token bytes */
};

#endif
