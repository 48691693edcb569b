/*
 * one_sequence.h - the plan the importer tests size a model with: one
 * sequence of t positions, f16 K, V and indexer keys, the generic
 * dynamic cache, no card (the bytes worked by hand in their comments
 * assume exactly this).
 */
#ifndef KVPLAN_TEST_ONE_SEQUENCE_H
#define KVPLAN_TEST_ONE_SEQUENCE_H

#include <stdint.h>

#include "kvplan/format.h"
#include "kvplan/plan.h"

static inline void one_sequence_plan(struct kvp_plan *p, uint64_t t)
{
	unsigned k;

	p->model.base.k_fmt = kvp_format_plain(KVP_DT_F16);
	p->model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	p->model.indexer.dtype = KVP_DT_F16;
	p->workload.n_classes = 1;
	p->workload.classes[0].requests = 1;
	p->workload.classes[0].samples = 1;
	p->workload.classes[0].gen = 0;
	for (k = 0; k < KVP_PP_COUNT; k++)
		p->workload.classes[0].prompt[k] = 0;
	p->workload.classes[0].prompt[KVP_PP_INPUT] = t;
	p->workload.queued = 0;
	p->strategy.kind = KVP_STRAT_DYNAMIC;
	p->strategy.max_cache_len = 0;
	p->devices.n_groups = 0;
}

#endif
