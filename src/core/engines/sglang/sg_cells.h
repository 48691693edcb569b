/*
 * sg_cells.h - the bytes a token takes in SGLang's pools, per layer and
 * per rank (sg_cells.c): MHA rows by tp, MLA latents, DSA (NSA) latents
 * with the indexer's keys. Internal to src/core/engines/sglang.
 */
#ifndef KVPLAN_CORE_SG_CELLS_H
#define KVPLAN_CORE_SG_CELLS_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

struct sg_cells {
	uint64_t cell;     /* stored bytes a token, all layers (K + V) */
	uint64_t k, v;     /* the K and V parts of it */
	uint64_t profile;  /* the cell the token count is sized by */
	bool mla;          /* an MLA layer: the pool prints one "KV size" */
};

/* Every layer's rows (the layer records: spec, k/v/index row bytes,
 * bytes_per_position) for `tp` ranks, and their sums in *c. Refused: a
 * format SGLang does not store, a DSA model before its release, a model
 * with no attention layer. */
enum kvp_status sg_cells(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                         uint32_t tp, struct kvp_result *res, struct sg_cells *c);

#endif
