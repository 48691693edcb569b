/*
 * vl_lines.h - the lines vLLM's log prints about its KV cache
 * (vl_lines.c). Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_LINES_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_LINES_H

#include "core/engines/vllm/vl_ctx.h"

/* Append the lines of line_rows[] that apply to the release, in order,
 * to res->engine.lines. */
void vl_lines(const struct vl_ctx *c, const struct vl_pool *pl);

#endif
