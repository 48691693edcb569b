/*
 * step.c - tokens one forward step processes, for the activation
 * estimates (forward.c, and vLLM's profile run in vllm_profile.c):
 * devices.max_batched_tokens when given, else the engine's own step
 * size.
 */
#include "core/device/activations.h"
#include "core/engines/vllm/vllm_profile.h"

uint64_t kvp_step_tokens(const struct kvp_plan *p)
{
	if (p->devices.max_batched_tokens)
		return p->devices.max_batched_tokens;
	switch (p->engine.kind) {
	case KVP_ENGINE_VLLM: {
		struct kvp_vllm_sched d;   /* 0: vLLM's default */

		kvp_vllm_defaults(p, &d);
		return d.max_num_batched_tokens;
	}
	case KVP_ENGINE_LLAMACPP:
		if (p->engine.llamacpp.ubatch_size)
			return p->engine.llamacpp.ubatch_size;
		break;
	default:
		break;
	}
	return 8192;   /* vLLM's max_num_batched_tokens default */
}
