/*
 * lc_offload.h - where llama.cpp's -ngl puts the repeating layers and the
 * output layer, by build (kvplan/era.h KVP_ERA_LLAMACPP_OUTPUT_FIRST).
 * Not public. Pure: no I/O.
 */
#ifndef KVPLAN_CORE_LC_OFFLOAD_H
#define KVPLAN_CORE_LC_OFFLOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/status.h"

/* -ngl's split of n_layer repeating layers: layers first..n_layer - 1 go
 * to the device (first = n_layer: none), and *out says whether the
 * output layer does, when there is a device. KVP_EINVAL naming
 * engine.version for a partial -ngl on a build where the rule's side is
 * not known. */
enum kvp_status lc_ngl_split(const struct kvp_plan *p, uint64_t n_layer,
                             uint64_t *first, bool *out,
                             struct kvp_error *err);

#endif
