/*
 * budget.h - the pieces of the device stage (internal to src/core/device;
 * budget.c puts them together, kvp_devices_stage in internal.h).
 */
#ifndef KVPLAN_CORE_BUDGET_H
#define KVPLAN_CORE_BUDGET_H

#include <stdint.h>

#include "core/internal.h"

/* Weight bytes of one device of pipeline stage s, layers [first, first
 * + count) (stage_weights.c); errors name the device in res->error. */
enum kvp_status kvp_device_weights(const struct kvp_plan *p,
                                   struct kvp_result *res, uint32_t s,
                                   uint32_t first, uint32_t count,
                                   uint64_t *out);

/* Sequences replica r holds at once: its share of every class's
 * requests times their samples, and of the ragged lengths (replicas.c). */
uint64_t kvp_replica_sequences(const struct kvp_plan *p, uint32_t r);

/* Every device's KV bytes kvd[] and KV heads hkv[] (placement order,
 * KVP_MAX_DEVICES entries each), the stages' layers given by first[] and
 * count[]; each DP replica's own result from recompute when replicas or
 * ranks differ (replicas.c). */
enum kvp_status kvp_place_kv(const struct kvp_plan *p, struct kvp_result *res,
                             const uint32_t *first, const uint32_t *count,
                             uint64_t *kvd, uint32_t *hkv,
                             kvp_compute_fn recompute);

#endif
