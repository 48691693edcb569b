/*
 * vl_layers.h - each layer's cache under vLLM (vl_layers.c): its type,
 * its K and V rows and its page at the block size, per rank. Not public.
 */
#ifndef KVPLAN_CORE_ENGINES_VLLM_VL_LAYERS_H
#define KVPLAN_CORE_ENGINES_VLLM_VL_LAYERS_H

#include "core/engines/vllm/vl_ctx.h"

/* Fills c->ltype, c->lpage, c->krow, c->vrow, c->idx_row, c->conv_rank,
 * c->ssm_rank and the layer records' spec/rows/on_device for every layer, by
 * the first row of layer_rules[] for its kind and release. */
enum kvp_status vl_layers(struct vl_ctx *c);

#endif
