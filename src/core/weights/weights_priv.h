/*
 * weights_priv.h - what weights.c takes from the other files of
 * src/core/weights (internal to the folder).
 */
#ifndef KVPLAN_CORE_WEIGHTS_PRIV_H
#define KVPLAN_CORE_WEIGHTS_PRIV_H

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* The counted parameters of w in format f, bytes (weight_bytes.c);
 * hidden: the group of a per-channel quantization; bias: the biases
 * among w->attn_params and w->mlp_params, never quantized; mlp_bias:
 * those among w->mlp_params. */
enum kvp_status kvp_weight_bytes(const struct kvp_weights_result *w,
                                 uint64_t hidden, uint64_t bias,
                                 uint64_t mlp_bias,
                                 const struct kvp_wformat *f,
                                 uint64_t *out, struct kvp_error *err);

/* w->bytes, group_bytes and source from model.tensors, and the MTP
 * bytes the engine leaves unloaded (tensors.c); only when
 * kvp_tensors_apply. */
enum kvp_status kvp_tensor_bytes(const struct kvp_plan *p,
                                 struct kvp_weights_result *w,
                                 struct kvp_error *err);

#endif
