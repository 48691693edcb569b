/*
 * rec_names.c - the names of reconcile's observation kinds, scopes and
 * classes as plans, records and JSON spell them, the labels of the
 * table's "figure" column, and which kinds are byte figures.
 */
#include <stdio.h>   /* snprintf into result buffers only */

#include "kvplan/reconcile.h"
#include "core/reconcile/rec_priv.h"

static const char *const kind_names[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_KV_BYTES] = "kv_bytes", [KVP_OBS_K_BYTES] = "k_bytes",
	[KVP_OBS_V_BYTES] = "v_bytes", [KVP_OBS_STATE_BYTES] = "state_bytes",
	[KVP_OBS_DEVICE_KV_BYTES] = "device_kv_bytes",
	[KVP_OBS_CELLS] = "cells", [KVP_OBS_LAYERS] = "layers",
	[KVP_OBS_STREAMS] = "streams", [KVP_OBS_BLOCKS] = "gpu_blocks",
	[KVP_OBS_CPU_BLOCKS] = "cpu_blocks", [KVP_OBS_TOKENS] = "tokens",
	[KVP_OBS_CONCURRENCY_X100] = "concurrency_x100",
	[KVP_OBS_KV_BUDGET] = "kv_budget", [KVP_OBS_KV_NEEDED] = "kv_needed",
	[KVP_OBS_WEIGHTS_BYTES] = "weights_bytes",
	[KVP_OBS_TOTAL_MEMORY] = "total_memory",
	[KVP_OBS_FREE_MEMORY] = "free_memory",
	[KVP_OBS_ACTIVATION_PEAK] = "activation_peak",
	[KVP_OBS_NON_TORCH] = "non_torch_memory",
	[KVP_OBS_TORCH_PEAK] = "torch_peak",
	[KVP_OBS_MEM_UTIL_PPM] = "gpu_memory_utilization_ppm",
	[KVP_OBS_STATE_R_BYTES] = "state_r_bytes",
	[KVP_OBS_STATE_S_BYTES] = "state_s_bytes",
	[KVP_OBS_OUTPUT_BYTES] = "output_bytes",
	[KVP_OBS_COMPUTE_BYTES] = "compute_bytes",
	[KVP_OBS_SLOT_CTX] = "slot_ctx",
	[KVP_OBS_CKPT_BYTES] = "ckpt_bytes",
	[KVP_OBS_DEVICE_STATE_BYTES] = "device_state_bytes",
	[KVP_OBS_ENC_COMPUTE_BYTES] = "encoder_compute_bytes",
	[KVP_OBS_ENC_BUDGET_TOKENS] = "encoder_budget_tokens",
	[KVP_OBS_ENC_PROFILE_ITEMS] = "encoder_profile_items",
	[KVP_OBS_CUDA_GRAPH] = "cuda_graph_estimate",
	[KVP_OBS_CUDA_GRAPH_POOL] = "cuda_graph_pool",
};

/* Labels of the table's "figure" column. */
static const char *const kind_labels[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_KV_BYTES] = "KV cache", [KVP_OBS_K_BYTES] = "K",
	[KVP_OBS_V_BYTES] = "V", [KVP_OBS_STATE_BYTES] = "recurrent state",
	[KVP_OBS_DEVICE_KV_BYTES] = "KV buffer",
	[KVP_OBS_CELLS] = "cells per stream", [KVP_OBS_LAYERS] = "layers",
	[KVP_OBS_STREAMS] = "streams", [KVP_OBS_BLOCKS] = "GPU blocks",
	[KVP_OBS_CPU_BLOCKS] = "CPU blocks", [KVP_OBS_TOKENS] = "tokens in pool",
	[KVP_OBS_CONCURRENCY_X100] = "max concurrency x100",
	[KVP_OBS_KV_BUDGET] = "KV budget",
	[KVP_OBS_KV_NEEDED] = "KV for one max-length request",
	[KVP_OBS_WEIGHTS_BYTES] = "weights",
	[KVP_OBS_TOTAL_MEMORY] = "device memory",
	[KVP_OBS_FREE_MEMORY] = "free memory",
	[KVP_OBS_ACTIVATION_PEAK] = "activation peak",
	[KVP_OBS_NON_TORCH] = "non-torch memory",
	[KVP_OBS_TORCH_PEAK] = "torch peak (with weights)",
	[KVP_OBS_MEM_UTIL_PPM] = "gpu_memory_utilization ppm",
	[KVP_OBS_STATE_R_BYTES] = "recurrent R (conv) state",
	[KVP_OBS_STATE_S_BYTES] = "recurrent S (SSM) state",
	[KVP_OBS_OUTPUT_BYTES] = "output buffer",
	[KVP_OBS_COMPUTE_BYTES] = "compute buffer",
	[KVP_OBS_SLOT_CTX] = "slot context",
	[KVP_OBS_CKPT_BYTES] = "context checkpoint",
	[KVP_OBS_DEVICE_STATE_BYTES] = "RS buffer",
	[KVP_OBS_ENC_COMPUTE_BYTES] = "encoder compute buffer",
	[KVP_OBS_ENC_BUDGET_TOKENS] = "encoder cache budget (tokens)",
	[KVP_OBS_ENC_PROFILE_ITEMS] = "encoder profile items",
	[KVP_OBS_CUDA_GRAPH] = "CUDA graph estimate",
	[KVP_OBS_CUDA_GRAPH_POOL] = "CUDA graph pool (captured)",
};

static const char *const scope_names[KVP_SCOPE_COUNT] = {
	[KVP_SCOPE_ALL] = "all", [KVP_SCOPE_FULL] = "full", [KVP_SCOPE_SWA] = "swa",
};

static const char *const class_names[KVP_REC_CLASS_COUNT] = {
	[KVP_REC_ARITHMETIC] = "arithmetic", [KVP_REC_OBSERVED] = "observed",
	[KVP_REC_UNTESTED] = "untested",
	[KVP_REC_ESTIMATE] = "estimate",
};

const char *kvp_obs_kind_name(enum kvp_obs_kind k)
{
	return (unsigned)k < KVP_OBS_KIND_COUNT ? kind_names[k] : "?";
}

const char *kvp_obs_scope_name(enum kvp_obs_scope s)
{
	return (unsigned)s < KVP_SCOPE_COUNT ? scope_names[s] : "?";
}

const char *kvp_rec_class_name(enum kvp_rec_class c)
{
	return (unsigned)c < KVP_REC_CLASS_COUNT ? class_names[c] : "?";
}

bool kvp_obs_is_bytes(enum kvp_obs_kind k)
{
	switch (k) {
	case KVP_OBS_CELLS: case KVP_OBS_LAYERS: case KVP_OBS_STREAMS:
	case KVP_OBS_BLOCKS: case KVP_OBS_CPU_BLOCKS: case KVP_OBS_TOKENS:
	case KVP_OBS_CONCURRENCY_X100: case KVP_OBS_MEM_UTIL_PPM:
	case KVP_OBS_SLOT_CTX: case KVP_OBS_ENC_BUDGET_TOKENS:
	case KVP_OBS_ENC_PROFILE_ITEMS:
		return false;
	default:
		return true;
	}
}

/* The table's "figure" label of observation o: its kind's label, with
 * its scope or its device. */
void kvp_rec_row_label(const struct kvp_observation *o, char *label,
                       size_t n)
{
	if (o->scope != KVP_SCOPE_ALL)
		snprintf(label, n, "%s (%s)", kind_labels[o->kind], scope_names[o->scope]);
	else if (o->device[0])
		snprintf(label, n, "%s %s", kind_labels[o->kind], o->device);
	else
		snprintf(label, n, "%s", kind_labels[o->kind]);
}
