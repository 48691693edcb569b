/*
 * vl_budget.c - how much of each rank vLLM gives its KV cache
 * (vllm/v1/worker/gpu_worker.py determine_available_memory), and how it
 * splits the model over tensor- and pipeline-parallel ranks:
 *
 *   budget per rank = ceil(runtime total x gpu_memory_utilization)
 *                     - the terms of reserve_rows[] (weights / (tp x pp),
 *                       rotary tables, activation peak, overheads, LoRA,
 *                       encoder cache, the drafter's weights),
 *     the terms as vLLM's profiling measures them (vllm_profile.c)
 *     or kv_cache_memory_bytes when set.
 *   PP: each stage holds its layers; all ranks take the smallest count.
 * A new term vLLM holds out of the budget is a row of reserve_rows[].
 * Float: vLLM computes ceil(total x util) in binary floating point; kvplan
 * uses the exact ppm fraction, so where total x util is exactly an integer
 * Python may land one byte above it (and num_blocks differ by one only if
 * that byte crosses a block boundary).
 */
#include <stdio.h>  /* snprintf into result buffers only */

#include "core/device/runtime_total.h"
#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/vllm/vl_budget.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"

/* vLLM's pipeline split: n // pp each, the remainder to the stages before
 * the last (get_pp_indices), unless devices.pp_layers gives it. */
enum kvp_status vl_stages(const struct vl_ctx *c, uint32_t *first,
                          uint32_t *last)
{
	const struct kvp_devices *d = &c->p->devices;
	uint32_t n = c->p->model.n_layers, pp = c->pp, s, at = 0, sum = 0;
	uint32_t per[KVP_MAX_STAGES];

	for (s = 0; s < pp; s++)
		sum += d->pp_layers[s];
	if (sum) {
		if (sum != n)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"devices.pp_layers: %u layers in all - the model has %u", sum, n);
		for (s = 0; s < pp; s++)
			per[s] = d->pp_layers[s];
	} else {
		if (pp > n)
			return kvp_error_set(&c->res->error, KVP_ERANGE,
				"engine.vllm.pipeline_parallel_size: %u - more stages than "
				"the model's %u layers", pp, n);
		for (s = 0; s < pp; s++)
			per[s] = n / pp;
		for (s = 2; s < n % pp + 2; s++)
			per[pp - s]++;
	}
	for (s = 0; s < pp; s++) {
		if (per[s] == 0)
			return kvp_error_set(&c->res->error, KVP_EINVAL,
				"devices.pp_layers[%u]: 0 - every stage needs a layer", s);
		first[s] = at;
		last[s] = at + per[s] - 1;
		at += per[s];
	}
	return KVP_OK;
}

enum kvp_status vl_parallel(const struct kvp_plan *p, struct kvp_result *res,
                            uint32_t *tp, uint32_t *pp)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;

	*tp = o->tensor_parallel_size ? o->tensor_parallel_size : 1;
	*pp = o->pipeline_parallel_size ? o->pipeline_parallel_size : 1;
	if (*tp == 1 && p->devices.tp > 1)
		*tp = p->devices.tp;
	else if (p->devices.tp > 1 && p->devices.tp != *tp)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.tensor_parallel_size: %u - differs from devices.tp %u",
			*tp, p->devices.tp);
	if (*pp == 1 && p->devices.pp > 1)
		*pp = p->devices.pp;
	else if (p->devices.pp > 1 && p->devices.pp != *pp)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.vllm.pipeline_parallel_size: %u - differs from devices.pp %u",
			*pp, p->devices.pp);
	if (*pp > KVP_MAX_STAGES)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"engine.vllm.pipeline_parallel_size: %u - at most %u", *pp,
			KVP_MAX_STAGES);
	return KVP_OK;
}

/* The weights of the fullest rank, bytes: under PP the first stage holds
 * the embedding and the last the lm_head (the embedding again when they
 * are tied) beside its share of the layers, and vLLM's pool is the
 * smallest stage's (Llama-3.1-8B at PP 4: 4.26 GiB on the last rank,
 * 3.28 on the first, not 4.00 each); both 16-bit. An estimate's layout
 * only: a checkpoint's own tensor bytes keep the even split. */
static uint64_t vl_weights_rank(const struct vl_ctx *c)
{
	const struct kvp_weights_result *w = &c->res->weights;
	uint64_t end, ends, body;

	if (c->pp < 2 || w->source != KVP_WSRC_ESTIMATE)
		return eng_weights_rank(c->res, c->tp, c->pp);
	end = w->lm_head_params > w->embed_params ? w->lm_head_params
	                                          : w->embed_params;
	ends = (w->embed_params + w->lm_head_params) * 2;
	if (end > UINT64_MAX / 4 || ends >= w->bytes)
		return eng_weights_rank(c->res, c->tp, c->pp);
	body = kvp_ceil_div(w->bytes - ends, (uint64_t)c->tp * c->pp);
	return body + kvp_ceil_div(end * 2, c->tp);
}

/* The two terms that can fail, found before the sum (in this order). */
struct vl_fixed {
	uint64_t act;    /* activation peak (kvp_activations_estimate) */
	uint64_t over;   /* vLLM's overheads (kvp_vllm_overheads) */
	bool with_draft;
};

/* Weights per rank, less what --cpu-offload-gb keeps in host memory
 * (vllm/model_executor/models/utils.py maybe_offload_to_cpu). */
static uint64_t vl_term_weights(const struct vl_ctx *c, const struct vl_fixed *f)
{
	uint64_t w = vl_weights_rank(c), off;

	off = (uint64_t)c->p->engine.vllm.cpu_offload_gb << 30;
	return w - (off < w ? off : w);
}

static uint64_t vl_term_rope(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return kvp_vllm_rope_bytes(c->p);
}

static uint64_t vl_term_extra(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return kvp_vllm_weight_extra_bytes(c->p, c->res, c->tp);
}

static uint64_t vl_term_act(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return f->act;
}

static uint64_t vl_term_over(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return f->over;
}

static uint64_t vl_term_lora(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return c->res->parts.lora_bytes;
}

static uint64_t vl_term_encoder(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return c->res->parts.encoder_bytes;
}

static uint64_t vl_term_draft(const struct vl_ctx *c, const struct vl_fixed *f)
{
	return f->with_draft ? c->res->draft.weights_device : 0;
}

/* What vLLM holds out of ceil(total x util) before the KV cache, in the
 * order it is added up (an overflow names the row's field). */
static const struct vl_reserve_row {
	uint64_t (*bytes)(const struct vl_ctx *, const struct vl_fixed *);
	const char *overflow;   /* the field an overflow error names */
	const char *source;
} reserve_rows[] = {
	{ vl_term_weights, "devices.overheads",
	  "model weights per rank (vl_weights_rank); --cpu-offload-gb: "
	  "models/utils.py maybe_offload_to_cpu" },
	{ vl_term_rope, "vLLM rotary tables",
	  "rotary_embedding cos_sin_cache, loaded with the model "
	  "(vllm_profile.c kvp_vllm_rope_bytes)" },
	{ vl_term_extra, "model.weights",
	  "issue 32: weights vLLM allocates beyond the checkpoint: k_eq_v "
	  "V slots (gemma4.py), MXFP4 experts' padding and biases (mxfp4.py "
	  "create_weights; vl_weight_extra.c)" },
	{ vl_term_act, "devices.overheads",
	  "the profile run's activation peak (gpu_worker.py "
	  "determine_available_memory)" },
	{ vl_term_over, "devices.overheads",
	  "non-torch memory, CUDA graphs and the TP load slack "
	  "(vllm_profile.c kvp_vllm_overheads)" },
	{ vl_term_lora, "engine.vllm.max_loras",
	  "issue 14: LoRA slots, allocated with the model (parts.c)" },
	{ vl_term_encoder, "engine.vllm.max_loras",
	  "issue 14: the encoder cache's outputs, held through the profile "
	  "run (parts.c)" },
	{ vl_term_draft, "draft",
	  "issue 14: the draft model, loaded with the target before the "
	  "profile run, on the last PP rank (gpu_model_runner.py)" },
};

/* requested_memory = ceil(total x util) of the first card, the total
 * torch.cuda.mem_get_info() reports (vllm_profile.c). */
static enum kvp_status vl_requested(const struct vl_ctx *c, uint64_t *req)
{
	struct kvp_error *err = &c->res->error;
	uint64_t cap;
	bool cap_est;
	unsigned __int128 prod;
	enum kvp_status st;

	if (c->d.util_ppm > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.vllm.gpu_memory_utilization: %u.%06u - must be in (0, 1]",
			c->d.util_ppm / 1000000, c->d.util_ppm % 1000000);
	st = eng_capacity(c->p, "engine.vllm.gpu_memory_utilization", &cap, err);
	if (st != KVP_OK)
		return st;
	cap = kvp_card_runtime_total(&c->p->devices.groups[0].card, &cap_est);
	prod = (unsigned __int128)cap * c->d.util_ppm;
	*req = kvp_apply_ppm(cap, c->d.util_ppm) + (prod % 1000000u != 0);
	return KVP_OK;
}

enum kvp_status vl_budget(const struct vl_ctx *c, bool with_draft,
                          uint64_t *budget)
{
	const struct kvp_vllm_opts *o = &c->p->engine.vllm;
	struct kvp_error *err = &c->res->error;
	struct vl_fixed f = { .with_draft = with_draft };
	uint64_t req = 0, non_kv = 0;
	enum kvp_status st;
	size_t r;

	if (o->num_gpu_blocks_override) {
		*budget = 0;   /* each stage: override x its pool block */
		return KVP_OK;
	}
	if (o->kv_cache_memory_bytes) {
		*budget = o->kv_cache_memory_bytes;
		return KVP_OK;
	}
	if ((st = vl_requested(c, &req)) != KVP_OK ||
	    (st = kvp_vllm_overheads(c->p, c->tp, c->pp, &f.over, err)) != KVP_OK)
		return st;
	f.act = kvp_activations_estimate(c->p, c->res);
	if (f.act == UINT64_MAX)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.activations_bytes: the activation estimate overflows "
			"64 bits; give a measured peak");
	for (r = 0; r < sizeof reserve_rows / sizeof reserve_rows[0]; r++)
		if (!kvp_add(non_kv, reserve_rows[r].bytes(c, &f), &non_kv))
			return eng_overflow(c->res, reserve_rows[r].overflow);
	if (non_kv >= req) {
		char a[32], b[32];

		return kvp_error_set(err, KVP_EREFUSED,
			"vLLM: No available memory for the cache blocks. Try increasing "
			"`gpu_memory_utilization` when initializing the engine. "
			"(weights + activations + overheads %s GiB >= %s GiB requested)",
			eng_fixed2(non_kv, KVP_GIB, a, sizeof a),
			eng_fixed2(req, KVP_GIB, b, sizeof b));
	}
	*budget = req - non_kv;
	return KVP_OK;
}
