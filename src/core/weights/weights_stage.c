/*
 * weights_stage.c - one device's weight bytes from the model files'
 * tensors (model.tensors, exact as stored), for budget.c.
 *
 * Pipeline stage s of pp holding layers first .. first + count - 1:
 *   first stage  embeddings, vision/audio towers (the encoder runs before
 *                the decoder), tensors outside the layers ("other":
 *                rope_freqs, ...)
 *   last stage   lm_head, MTP layers (where the engine keeps them,
 *                kvp_mtp_resident), the final norm; with tied
 *                embeddings and pp > 1 the embeddings again (vLLM
 *                allocates them on the last stage too)
 *   every stage  its layers' tensors (tensors.layer[i])
 * Tensor parallelism splits all of that over tp ranks (rounded up),
 * except the norms, which every rank holds whole (vLLM's RMSNorm is
 * replicated), and, when tp > Hkv, the K/V projections of the heads a
 * rank replicates (QKVParallelLinear: max(1, Hkv / tp) heads per rank,
 * hidden x (Dk + Dv) each), counted at the attention tensors' bytes per
 * attention parameter of the estimate (the files do not tell K/V apart
 * from Q/O in one sum).
 *
 * Pure: no I/O, no allocation; checked sums.
 */
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"

/* K/V parameters of replicated heads beyond the rank's 1/tp share, x tp
 * (divided once at the end); stage_weights.c counts the same. */
unsigned __int128 kvp_kv_replicated_x_tp(const struct kvp_plan *p,
                                         const struct kvp_result *res,
                                         uint32_t first, uint32_t count,
                                         uint32_t tp)
{
	unsigned __int128 x = 0;
	uint32_t i;

	for (i = first; i < first + count && i < res->n_layers; i++) {
		const struct kvp_layer_spec *l = &kvp_layer_rec(res, i)->spec;
		uint64_t hpr;

		if (l->kind != KVP_LAYER_FULL && l->kind != KVP_LAYER_SLIDING &&
		    l->kind != KVP_LAYER_CHUNKED)
			continue;
		hpr = kvp_kv_heads_per_rank(l->kv_heads, tp);
		if (hpr * tp > l->kv_heads)
			x += (unsigned __int128)p->model.arch.hidden *
			     (l->k_dim + l->v_dim) * (hpr * tp - l->kv_heads);
	}
	return x;
}

static bool add(uint64_t *acc, uint64_t v)
{
	return kvp_add(*acc, v, acc);
}

enum kvp_status kvp_tensor_stage_bytes(const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       uint32_t stage, uint32_t first,
                                       uint32_t count, uint64_t *out,
                                       struct kvp_error *err)
{
	const struct kvp_tensors *t = &p->model.tensors;
	const uint64_t *b = t->bytes;
	uint32_t pp = p->devices.pp ? p->devices.pp : 1;
	uint32_t tp = p->devices.tp ? p->devices.tp : 1, i;
	uint64_t split = 0, whole = 0, layer_norms = 0, other_top, final_norm;
	bool ok = true, tied = p->model.arch.tie_embeddings &&
	                       b[KVP_TG_LM_HEAD] == 0;

	for (i = 0; i < KVP_MAX_LAYERS; i++)
		ok = ok && add(&layer_norms, t->layer_norm[i]);
	if (!ok || layer_norms > b[KVP_TG_NORM] ||
	    t->layer_other > b[KVP_TG_OTHER])
		return kvp_error_set(err, KVP_EINVAL,
		       "model.tensors: norms or other bytes of the layers exceed "
		       "their group's total");
	other_top = b[KVP_TG_OTHER] - t->layer_other;
	final_norm = b[KVP_TG_NORM] - layer_norms;
	if (stage == 0)
		ok = add(&split, b[KVP_TG_EMBED]) && add(&split, b[KVP_TG_TOWER]) &&
		     add(&split, other_top);
	if (stage == pp - 1) {
		ok = ok && add(&split, b[KVP_TG_LM_HEAD]) &&
		     add(&split, kvp_mtp_resident(p)) &&
		     add(&whole, final_norm);
		if (tied && pp > 1)
			ok = ok && add(&split, b[KVP_TG_EMBED]);
	}
	for (i = first; i < first + count && i < KVP_MAX_LAYERS; i++)
		ok = ok && add(&split, t->layer[i]) && add(&whole, t->layer_norm[i]);
	if (!ok)
		return kvp_error_set(err, KVP_EOVERFLOW,
		       "model.tensors: stage %u weight bytes overflow 64 bits",
		       stage);
	*out = kvp_ceil_div(split, tp);
	if (tp > 1 && res->weights.attn_params) {
		unsigned __int128 x = kvp_kv_replicated_x_tp(p, res, first, count, tp);
		x = x * b[KVP_TG_ATTN] / res->weights.attn_params;
		x = x / tp + (x % tp != 0);
		if (x > UINT64_MAX || !add(out, (uint64_t)x))
			return kvp_error_set(err,
			       KVP_EOVERFLOW, "model.tensors: replicated K/V bytes "
			       "overflow 64 bits");
	}
	if (!add(out, whole))
		return kvp_error_set(err, KVP_EOVERFLOW,
		       "model.tensors: stage %u weight bytes overflow 64 bits",
		       stage);
	return KVP_OK;
}
