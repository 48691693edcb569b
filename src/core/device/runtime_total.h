/*
 * runtime_total.h - the total a card's runtime (CUDA, ROCm) reports to
 * an engine (src/core/device/runtime_total.c). Internal to src/core.
 */
#ifndef KVP_CORE_RUNTIME_TOTAL_H
#define KVP_CORE_RUNTIME_TOTAL_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/devices.h"

/* The total torch.cuda.mem_get_info() reports for `card`, bytes: the
 * card's runtime_total_bytes when it lies between the estimate and the
 * capacity (else it belongs to another capacity, one given by hand);
 * the capacity when that is already what CUDA allocates (allocatable);
 * else an ESTIMATE, capacity - capacity / 32, and *estimated set. */
uint64_t kvp_card_runtime_total(const struct kvp_card *card, bool *estimated);

#endif
