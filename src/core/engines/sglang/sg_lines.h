/*
 * sg_lines.h - the lines SGLang prints for its pools and kvplan's note
 * on them (sg_lines.c). Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_LINES_H
#define KVPLAN_CORE_SG_LINES_H

#include "core/engines/sglang/sg_run.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

/* The pool's lines in SGLang's words (res->engine.lines), after
 * res->kv is filled. */
enum kvp_status sg_lines(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                         const struct sg_run *r, struct kvp_result *res);

/* kvplan's remark (engine.note): the pools, the fraction they come from,
 * how many of the workload's `total` requests fit. */
void sg_note(const struct kvp_plan *p, const struct sg_run *r, uint64_t total,
             struct kvp_result *res);

#endif
