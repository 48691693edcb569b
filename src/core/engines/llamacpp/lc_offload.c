/*
 * lc_offload.c - llama.cpp's -ngl placement (lc_offload.h), from
 * llama-model.cpp load_tensors, where the output layer is index n_layer
 * of get_layer_buft_list:
 *   since PR #18148 (b7698 and v0.4.0 read): i_gpu_start = max(n_layer +
 *     1 - n_gpu_layers, 0), so -ngl k is the output layer and the last
 *     k - 1 repeating layers;
 *   before (b7347 read): i_gpu_start = max(n_layer - n_gpu_layers, 0),
 *     the output layer on the device only when n_gpu_layers > n_layer.
 * -1 (the default, n_layer + 1 in llama_model::n_gpu_layers) and any k
 * above n_layer put everything on the device in both; 0 nothing.
 * Pure: no allocation, no I/O.
 */
#include "core/engines/llamacpp/lc_offload.h"
#include "kvplan/era.h"

enum kvp_status lc_ngl_split(const struct kvp_plan *p, uint64_t n_layer,
                             uint64_t *first, bool *out,
                             struct kvp_error *err)
{
	int32_t ngl = p->engine.llamacpp.n_gpu_layers;
	uint64_t k = ngl < 0 ? n_layer + 1 : (uint64_t)ngl;
	enum kvp_status st;
	bool has = true;

	if (k >= 1 && k <= n_layer &&
	    (st = kvp_era_rule_at(&p->engine, KVP_ERA_LLAMACPP_OUTPUT_FIRST,
	                          &has, err)) != KVP_OK)
		return st;
	if (has) {
		*first = k > n_layer ? 0 : n_layer + 1 - k;
		*out = k >= 1;
	} else {
		*first = k >= n_layer ? 0 : n_layer - k;
		*out = k > n_layer;
	}
	return KVP_OK;
}
