/*
 * vl_defaults.c - vLLM's own settings for the plan's release and card
 * (vllm_profile.h): the defaults of gpu_memory_utilization, max_num_seqs,
 * max_num_batched_tokens and prefix caching by release (vllm/engine/
 * arg_utils.py usage-context defaults; the era rows KVP_ERA_VLLM_V1,
 * KVP_ERA_VLLM_GRAPH_BUDGET, KVP_ERA_VLLM_A100_SMALL,
 * KVP_ERA_VLLM_LARGE_TIER), the plan's own
 * settings over them. One file that calls nothing above it, so the
 * activation estimate (device/step.c) and vLLM's profile
 * (vllm_profile.c) both call down to it.
 */
#include "core/engines/vllm/vl_engine.h"
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

/*
 * The API server's tiers in V1 (vllm/engine/arg_utils.py
 * get_batch_defaults, UsageContext.OPENAI_API_SERVER), largest first; a
 * device below every tier takes 256 sequences and 2,048 tokens. A row
 * holds from its release rule on; `small_a100` (a rule, or
 * KVP_ERA_RULE_COUNT for none) keeps a card named "a100" out of it from
 * that rule's release.
 */
static const struct vl_tier {
	uint64_t min_gib;            /* device memory at least this, GiB */
	enum kvp_era_rule since, small_a100;
	uint32_t max_num_seqs, max_num_batched_tokens;
	const char *src;
} vl_tiers[] = {
	{ 160, KVP_ERA_VLLM_LARGE_TIER, KVP_ERA_RULE_COUNT, 1024, 16384,
	  "PR #51726 (0.28.0): 'for GPUs like B200/B300 with >= 160GB memory, "
	  "use the largest defaults'; no name test, MI300X in it too (issue "
	  "#53961)" },
	{ 70, KVP_ERA_VLLM_V1, KVP_ERA_VLLM_A100_SMALL, 1024, 8192,
	  "'For GPUs like H100 and MI300x, use larger default values' "
	  "(PR #17073 by memory; PR #17885 'a100' not in device_name)" },
};

/* The memory get_batch_defaults compares with its tiers:
 * current_platform.get_device_total_memory(), which is NVML's
 * nvmlDeviceGetMemoryInfo total on CUDA (vllm/platforms/cuda.py
 * NvmlCudaPlatform: nvidia-smi's memory.total, 79.65 GiB on an H100,
 * not torch's 79.19) and torch.cuda.get_device_properties().total_memory
 * on ROCm (191.98 GiB on an MI300X, issue #53961: rocm-smi's VRAM
 * total): the card's driver total, capacity_bytes. Not the runtime
 * total the budget starts from; no preset lies between the two at 70 or
 * 160 GiB (H200: 140.40 and 139.80). */
static uint64_t device_memory(const struct kvp_card *card)
{
	return card ? card->capacity_bytes : 0;
}

/* vLLM's own figures for the plan's release and card, whatever the plan
 * sets (kvp_vllm_defaults' rules). */
static void release_sched(const struct kvp_plan *p, struct kvp_vllm_sched *out)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;
	const struct kvp_card *card = p->devices.n_groups
		? &p->devices.groups[0].card : NULL;
	bool v1 = kvp_vllm_v1(p);
	uint64_t L = o->max_model_len ? o->max_model_len
	                              : p->model.arch.max_positions;
	uint64_t mem = device_memory(card);
	size_t i;

	/* V0: max(max_model_len, 2,048) without chunked prefill
	 * (SchedulerConfig). Above 32,768 V0 turns chunked prefill on by
	 * itself (PR #6666; arg_utils.py create_engine_config, from 0.8.0
	 * _set_default_args_v0) unless the model is multimodal (or MLA in
	 * 0.8), slides, or runs a draft, LoRA, a prompt adapter or pooling,
	 * or the platform is not CUDA; it then batches 512 tokens (2,048
	 * after PR #10544 of 2024-11-21). Not modelled: kvplan keeps the
	 * larger max(max_model_len, 2,048), a larger profile peak and so a
	 * smaller pool, never a larger one, until those conditions and the
	 * release of #10544 are pinned against a measured start-up. */
	out->max_num_seqs = 256;
	out->max_num_batched_tokens = v1 ? 2048 : (L > 2048 ? L : 2048);
	for (i = 0; v1 && i < sizeof vl_tiers / sizeof vl_tiers[0]; i++) {
		const struct vl_tier *t = &vl_tiers[i];

		if (mem < t->min_gib * KVP_GIB ||
		    !kvp_era_has(&p->engine, t->since) ||
		    (t->small_a100 != KVP_ERA_RULE_COUNT && is_a100(card->name) &&
		     kvp_era_has(&p->engine, t->small_a100)))
			continue;
		out->max_num_seqs = t->max_num_seqs;
		out->max_num_batched_tokens = t->max_num_batched_tokens;
		break;
	}
	out->util_ppm = kvp_era_has(&p->engine, KVP_ERA_VLLM_GRAPH_BUDGET)
	                ? 920000 : 900000;
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

