/*
 * plan.h - everything kvp_compute needs: model + workload + cache strategy
 * or engine + devices. Plain data; it copies by assignment (the ragged
 * length array in the workload is borrowed, see workload.h).
 */
#ifndef KVPLAN_PLAN_H
#define KVPLAN_PLAN_H

#include "kvplan/devices.h"
#include "kvplan/engine.h"
#include "kvplan/model.h"
#include "kvplan/strategy.h"
#include "kvplan/workload.h"

struct kvp_plan {
	char name[KVP_NAME_MAX];      /* free text, "" = unnamed */
	struct kvp_model model;
	struct kvp_workload workload;
	struct kvp_strategy strategy;
	struct kvp_engine_opts engine;
	struct kvp_devices devices;
	/* Issue 14: the draft model of speculative decoding (llama.cpp -md,
	 * vLLM speculative_config model); n_layers 0 = none. Sized by
	 * src/core/weights/draft.c under the same workload and engine. */
	struct kvp_model draft;
};

/*
 * The default scenario of DESIGN.md: 40 layers, 40 query heads, 8 KV heads,
 * head dim 128, f16; 6 requests x (3,072 prompt + 1,024 generation), static
 * reservation; one 80 GB card. Engine generic with every engine's defaults.
 * devices.flash_attention true (also in kvp_plan_blank) and the card's
 * documented overheads (kvp_overheads_default: 744 MiB at tp 1).
 */
void kvp_plan_default(struct kvp_plan *p);

/* A plan with everything zeroed and engines at defaults: a blank slate
 * for loaders (model fields must then be filled). */
void kvp_plan_blank(struct kvp_plan *p);

#endif
