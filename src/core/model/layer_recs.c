/*
 * layer_recs.c - the layer records of a result as every layer's own
 * (issue 34). kvp_compute keeps one record per layer type
 * (res->layers_by_type, result.h: layers alike share their type's
 * record, read with kvp_layer_rec); a stage that then writes one layer's
 * record (kvp_layer_rec_w, internal.h) first gives every layer a copy of
 * its type's, here. Named engines do (they rewrite the layers' rows and
 * slots one by one); the generic strategy's recompute does not, which
 * is what keeps the copy out of the planner's keystroke.
 */
#include "core/internal.h"

void kvp_layers_unshare(struct kvp_result *res)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	uint32_t i, n = res->n_layers;

	if (!res->layers_by_type)
		return;
	for (i = 0; i < n; i++) {
		uint32_t f = rt->first[rt->of[i]];

		if (f != i)
			res->layer_recs[i] = res->layer_recs[f];
	}
	res->layers_by_type = false;
}
