/*
 * sg_budget.c - SGLang's budget for its pools (model_runner.py
 * profile_max_num_token, every release):
 *
 *   T0   = free memory after torch and NCCL start, before the weights
 *          ("Load weight begin. avail mem=T0", the smallest over ranks)
 *   rest = free after the load - T0 x (1 - mem_fraction_static)
 *        = T0 x f - weights / tp - what the load used beside them
 *
 * kvplan: T0 = the card's runtime total (what torch.cuda.mem_get_info
 * reports; estimated from the capacity where the card has none) less
 * what is used before the load: the card's CUDA context and torch, and
 * SGLang's distributed start by tp (sg_rules.c). CUDA graphs are captured after the pool
 * out of the (1 - f) reserve, so they are not subtracted. kvplan's
 * default overheads are replaced by SGLang's own ESTIMATES (sg_rules.c);
 * overheads the plan sets itself are kept: cuda_context and tp_comm
 * before the load (on a card another process shares: what it holds, as
 * cuda_context), any other after it.
 */
#include <string.h>

#include "core/device/runtime_total.h"
#include "core/engines/engine_priv.h"
#include "core/engines/sglang/sg_budget.h"
#include "core/engines/sglang/sg_rules.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"

static bool before_load(const char *name)
{
	return !strcmp(name, "cuda_context") || !strcmp(name, "tp_comm");
}

/* Weights stored in fewer than 16 bits (their loaders keep more beside). */
static bool quantized(const struct kvp_plan *p)
{
	enum kvp_wdtype w = p->model.weights.dtype;

	return w != KVP_W_F32 && w != KVP_W_F16 && w != KVP_W_BF16;
}

/* *pre: used before the load (T0 is the runtime total less it); *post:
 * after it. */
static enum kvp_status sg_overheads(const struct kvp_plan *p, uint64_t *pre,
                                    uint64_t *post, struct kvp_error *err)
{
	const struct kvp_devices *d = &p->devices;
	const struct sg_estimates *est = sg_estimates();
	const struct kvp_card *card = &d->groups[0].card;
	bool parallel = d->tp > 1 || d->pp > 1;
	/* a data-centre card under tp or pp: its start-up holds NCCL's */
	bool multi = parallel && card->capacity_bytes >= est->multi_min_capacity;
	bool own = false, ok = true;
	uint64_t init;
	uint32_t i;

	*pre = *post = 0;
	for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++) {
		const struct kvp_overhead *o = &d->overheads[i];
		bool dflt = kvp_overhead_is_default(o);

		own |= dflt;
		if (dflt)   /* kvplan's defaults give way to SGLang's */
			continue;
		ok &= before_load(o->name) ? kvp_add(*pre, o->bytes, pre)
		                           : kvp_add(*post, o->bytes, post);
	}
	if (own) {
		init = multi ? sg_multi_start_bytes(card->name) :
		       sg_context_bytes(card->name) +
		       (parallel ? sg_dist_pcie_bytes(&p->engine) :
		                   est->dist_one_bytes);
		ok &= kvp_add(*pre, init, pre);
		ok &= kvp_add(*post, sg_load_extra_bytes(&p->engine, quantized(p),
		                                         parallel && !multi), post);
	}
	if (!ok)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.overheads: the sum overflows 64 bits");
	return KVP_OK;
}

enum kvp_status sg_budget(const struct kvp_plan *p, const struct kvp_result *res,
                          uint32_t tp, uint32_t frac, uint64_t *budget,
                          struct kvp_error *err)
{
	uint64_t cap, total, pre, post, want, w;
	bool est;
	enum kvp_status st;
	char x[32], y[32];

	if ((st = eng_capacity(p, "engine.sglang.mem_fraction_static", &cap, err)) ||
	    (st = sg_overheads(p, &pre, &post, err)))
		return st;
	total = kvp_card_runtime_total(&p->devices.groups[0].card, &est);
	if (pre >= total)
		return kvp_error_set(err, KVP_EREFUSED,
			"SGLang: devices.overheads before the load (%s GiB) take the "
			"card's %s GiB", eng_fixed2(pre, KVP_GIB, x, sizeof x),
			eng_fixed2(total, KVP_GIB, y, sizeof y));
	want = kvp_apply_ppm(total - pre, frac);
	w = eng_weights_rank(res, tp, 1);
	if (!kvp_add(w, post, &w))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.overheads: the sum overflows 64 bits");
	if (w >= want)
		return kvp_error_set(err, KVP_EREFUSED,
			"SGLang: Not enough memory. Please try to increase "
			"--mem-fraction-static. (weights + overheads %s GiB >= "
			"%s GiB static)", eng_fixed2(w, KVP_GIB, x, sizeof x),
			eng_fixed2(want, KVP_GIB, y, sizeof y));
	*budget = want - w;
	return KVP_OK;
}
