/*
 * vl_group.h - vLLM's layer groups for one pipeline stage (vl_group.c).
 * Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_GROUP_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engines/vllm/vl_ctx.h"

/* Types, unified page and groups of the layers first..last (inclusive)
 * once vl_layers has run; with_mtp: the MTP layers too, when last is the
 * model's last layer. */
enum kvp_status vl_group(struct vl_ctx *c, uint32_t first, uint32_t last,
                         bool with_mtp, struct vl_groups *g);

/* A draft model's or MTP drafter's layers in the groups of the stage
 * that holds them (the last): res->draft's page_bytes and token_bytes. */
enum kvp_status vl_add_draft(struct vl_ctx *c, struct vl_groups *g);

#endif
