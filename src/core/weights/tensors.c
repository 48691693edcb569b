/*
 * tensors.c - the weights as the model files store them (model.tensors,
 * issue 13): whether they describe this plan's weights, their bytes by
 * group, and which MTP layers an engine keeps resident.
 */
#include "core/internal.h"
#include "core/weights/weights_priv.h"
#include "kvplan/checked.h"

/* model.tensors describe this plan's weights (see the top comment). */
bool kvp_tensors_apply(const struct kvp_plan *p)
{
	const struct kvp_tensors *t = &p->model.tensors;
	uint32_t i;

	if (t->source == KVP_WSRC_ESTIMATE || (unsigned)t->source >= KVP_WSRC_COUNT ||
	    p->devices.weights_override)
		return false;
	/* a looped model's files hold its real layers alone */
	for (i = kvp_weight_layers(&p->model); i < KVP_MAX_LAYERS; i++)
		if (t->layer[i])
			return false;
	return true;
}

/* Whether the engine loads the model's MTP layers (kvp_mtp_resident). */
static bool mtp_loaded(const struct kvp_plan *p)
{
	return p->engine.kind != KVP_ENGINE_VLLM ||
	       p->engine.vllm.speculative_method == KVP_SPEC_MTP;
}

uint64_t kvp_mtp_resident(const struct kvp_plan *p)
{
	const struct kvp_tensors *t = &p->model.tensors;

	if (!mtp_loaded(p))
		return 0;
	if (p->engine.kind == KVP_ENGINE_VLLM && t->mtp_shared <= t->bytes[KVP_TG_MTP])
		return t->bytes[KVP_TG_MTP] - t->mtp_shared;
	return t->bytes[KVP_TG_MTP];
}

/* bytes = the tensors' groups summed. */
enum kvp_status kvp_tensor_bytes(const struct kvp_plan *p,
                                 struct kvp_weights_result *w,
                                 struct kvp_error *err)
{
	const struct kvp_tensors *t = &p->model.tensors;
	uint64_t sum = 0;
	int g;

	for (g = 0; g < KVP_TG_COUNT; g++) {
		w->group_bytes[g] = t->bytes[g];
		if (!kvp_add(sum, t->bytes[g], &sum))
			return kvp_error_set(err, KVP_EOVERFLOW, "model.tensors: "
			                     "weight bytes overflow 64 bits");
	}
	w->bytes = sum;
	w->source = t->source;
	w->mtp_unloaded_bytes = t->bytes[KVP_TG_MTP] - kvp_mtp_resident(p);
	w->mtp_drafter = mtp_loaded(p) && w->mtp_unloaded_bytes;
	return KVP_OK;
}
