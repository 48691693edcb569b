/*
 * activations.c - the activation peak of one device: an ESTIMATE (the
 * result marks it so) unless devices.activations_bytes gives a measured
 * peak, which then replaces it on every device. Under vLLM the estimate
 * is its profile run's peak (vllm_profile.c), else the generic forward
 * estimate (forward.c, whose header gives the terms), with the tokens
 * of one step from step.c. Also the retained logits (last stage).
 */
#include "core/device/activations.h"
#include "core/internal.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"

enum kvp_status kvp_activations_device(const struct kvp_plan *p,
                                       const struct kvp_result *res,
                                       uint32_t tp, bool last_stage,
                                       uint64_t sequences, uint64_t *out,
                                       bool *estimated,
                                       struct kvp_error *err)
{
	/* vLLM's own profile run (src/core/engines/vllm/vllm_profile.c) */
	if (p->engine.kind == KVP_ENGINE_VLLM && !p->devices.activations_bytes) {
		*estimated = true;
		return kvp_vllm_profile_peak(p, res, tp ? tp : 1, last_stage,
		                             out, err);
	}
	return kvp_activations_forward(p, res, tp, last_stage, sequences, out,
	                               estimated, err);
}

enum kvp_status kvp_retained_bytes(const struct kvp_plan *p,
                                   uint64_t sequences, uint64_t *out,
                                   struct kvp_error *err)
{
	uint64_t b = 4;   /* fp32 */

	*out = 0;
	if (p->devices.retained_logits == 0 || sequences == 0)
		return KVP_OK;
	if (!kvp_mul(b, p->devices.retained_logits, &b) ||
	    !kvp_mul(b, p->model.arch.vocab, &b) ||
	    !kvp_mul(b, sequences, &b))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.retained_logits: %llu - retained outputs "
			"overflow 64 bits",
			(unsigned long long)p->devices.retained_logits);
	*out = b;
	return KVP_OK;
}

uint64_t kvp_activations_estimate(const struct kvp_plan *p,
                                  const struct kvp_result *res)
{
	uint64_t v = 0, seqs;
	bool est;
	uint32_t dp = p->devices.dp ? p->devices.dp : 1;

	seqs = kvp_ceil_div(res->kv.sequences, dp);
	if (kvp_activations_device(p, res, p->devices.tp, true, seqs, &v, &est,
	                           NULL) != KVP_OK)
		return UINT64_MAX;
	return v;
}
