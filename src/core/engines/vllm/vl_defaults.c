/*
 * vl_defaults.c - vLLM's own settings for the plan's release and card
 * (vllm_profile.h): the defaults of gpu_memory_utilization, max_num_seqs,
 * max_num_batched_tokens and prefix caching by release (vllm/engine/
 * arg_utils.py usage-context defaults; the era rows KVP_ERA_VLLM_V1,
 * KVP_ERA_VLLM_GRAPH_BUDGET, KVP_ERA_VLLM_A100_SMALL), the plan's own
 * settings over them. One file that calls nothing above it, so the
 * activation estimate (device/step.c) and vLLM's profile
 * (vllm_profile.c) both call down to it.
 */
#include "core/device/runtime_total.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/engine.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

/* "a100" in a card name, any case (arg_utils.py: "a100" not in
 * device_name.lower()) */
static bool is_a100(const char *name)
{
	size_t i;

	for (i = 0; name[i] && name[i + 1] && name[i + 2] && name[i + 3]; i++)
		if ((name[i] == 'a' || name[i] == 'A') && name[i + 1] == '1' &&
		    name[i + 2] == '0' && name[i + 3] == '0')
			return true;
	return false;
}

/* vLLM's own figures for the plan's release and card, whatever the plan
 * sets (kvp_vllm_defaults' rules). */
static void release_sched(const struct kvp_plan *p, struct kvp_vllm_sched *out)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	const struct kvp_card *card = p->devices.n_groups
		? &p->devices.groups[0].card : NULL;
	bool v1 = kvp_era_has(&p->engine, KVP_ERA_VLLM_V1), est, big = false;
	uint64_t L = o->max_model_len ? o->max_model_len
	                              : p->model.arch.max_positions;

	if (card && card->capacity_bytes)
		big = kvp_card_runtime_total(card, &est) >= 70ull * KVP_GIB &&
		      !(is_a100(card->name) &&
		        kvp_era_has(&p->engine, KVP_ERA_VLLM_A100_SMALL));
	out->util_ppm = kvp_era_has(&p->engine, KVP_ERA_VLLM_GRAPH_BUDGET)
	                ? 920000 : 900000;
	out->max_num_seqs = v1 && big ? 1024 : 256;
	out->max_num_batched_tokens = !v1 ? (L > 2048 ? L : 2048)
	                              : big ? 8192 : 2048;
	/* --enable-prefix-caching: off in V0, on in V1 (vllm/engine/
	 * arg_utils.py of the 0.8/0.9 line, both engines in it: EngineArgs.
	 * enable_prefix_caching is None, _set_default_args_v0 leaves it so,
	 * _set_default_args_v1 sets True: "V1 enables prefix caching by
	 * default") */
	out->prefix_caching = v1;
	out->prefix_caching_default = true;
}

void kvp_vllm_defaults(const struct kvp_plan *p, struct kvp_vllm_sched *out)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;

	release_sched(p, out);
	if (o->gpu_memory_utilization)
		out->util_ppm = o->gpu_memory_utilization;
	if (o->max_num_seqs)
		out->max_num_seqs = o->max_num_seqs;
	if (o->max_num_batched_tokens)
		out->max_num_batched_tokens = o->max_num_batched_tokens;
	if (o->enable_prefix_caching != KVP_AUTO) {
		out->prefix_caching = o->enable_prefix_caching == KVP_ON;
		out->prefix_caching_default = false;
	}
}

void kvp_vllm_release_defaults(const struct kvp_plan *p,
                               struct kvp_vllm_opts *out)
{
	struct kvp_engine_opts e;
	struct kvp_vllm_sched s;

	kvp_engine_defaults(&e);
	*out = e.vllm;
	release_sched(p, &s);
	out->gpu_memory_utilization = s.util_ppm;
	out->max_num_seqs = s.max_num_seqs;
	out->max_num_batched_tokens = s.max_num_batched_tokens;
	out->enable_prefix_caching = s.prefix_caching ? KVP_ON : KVP_OFF;
}

