/*
 * lc_fit.c - llama-server's default --fit (kvplan/fit.h), as
 * common/fit.cpp common_params_fit_impl does it at llama.cpp v0.4.0, on
 * one card. Its measurements (common_get_device_memory_data: the model,
 * context and compute buffers a no_alloc load would allocate on the
 * device) are kvplan's own figures for the same parameters: the card's
 * use less the runtime overheads, so the compute buffer in them is
 * kvplan's estimate when it states one (compute_buf.c). The card's free
 * memory is its capacity less those overheads (what cudaMemGetInfo
 * reports once the CUDA context exists).
 *
 * Steps, fit.cpp's:
 *   1. at the launch's parameters (an unset context: n_ctx_train per
 *      stream), keep free - used >= the target (1024 MiB): no change;
 *   2. an unset context: measure at fit_params_min_ctx (4096) per
 *      stream; if that keeps the target, interpolate linearly between
 *      the two, round down to 256 x streams (not below the minimum):
 *      done; else keep the minimum and go on;
 *   3. -ngl set by the user, or -ot / --n-cpu-moe: fit gives up (what it
 *      changed stays); else fill layers back to front (the output layer
 *      counts as one, n_layer + 1 in all) by false position between 0
 *      and all of them: step = delta x (target - mem_low) / (mem_high -
 *      mem_low), clamped to 1..delta - 1, until one layer apart; the
 *      lower bound, the most that keep the target, is -ngl (in
 *      v0.4.0's placement: -ngl k is the output layer and the last k - 1
 *      repeating layers; see used_at).
 * MoE models (fit.cpp's dense-only layers with experts on the host, then
 * its conversion back, tensor by tensor) are not fitted: said in note.
 * Pure: no allocation; every recompute goes to *scratch.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/fit.h"

typedef unsigned __int128 u128;

/* The card's use, less its runtime overheads and kvplan's headroom, with
 * the context ctx and -ngl ngl, placed by the plan's build (lc_offload.c:
 * at v0.4.0, i_gpu_start = n_layer + 1 - k, so k layers from the back
 * are the output and k - 1 repeating layers). */
static enum kvp_status used_at(const struct kvp_plan *base, uint64_t ctx,
                               int32_t ngl, struct kvp_result *r,
                               uint64_t *used, struct kvp_error *err)
{
	struct kvp_plan q = *base;
	const struct kvp_device_result *d;
	int64_t u;

	q.engine.llamacpp.ctx_size = ctx;
	q.engine.llamacpp.n_gpu_layers = ngl;
	if (kvp_compute(&q, r) != KVP_OK) {
		*err = r->error;
		return err->status;
	}
	d = &r->devices[0];
	u = (int64_t)d->capacity_bytes - (int64_t)d->overhead_bytes -
	    (int64_t)d->headroom_bytes - d->free_bytes;
	*used = u > 0 ? (uint64_t)u : 0;
	return KVP_OK;
}

/* Where fit applies: llama.cpp on one card (fit.cpp measures per
 * device; kvplan's placement of layers is modelled on one card). */
static bool one_card(const struct kvp_plan *p, struct kvp_fit_result *o)
{
	const struct kvp_devices *d = &p->devices;
	struct kvp_error e;
	bool has = false;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP)
		snprintf(o->note, sizeof o->note, "not llama.cpp");
	else if (kvp_era_rule_at(&p->engine, KVP_ERA_LLAMACPP_FIT, &has,
	                         &e) != KVP_OK)
		snprintf(o->note, sizeof o->note, "llama.cpp %.40s: between "
		         "b7347 (no --fit) and b7698 (--fit on by default), not "
		         "known", kvp_engine_release(&p->engine));
	else if (!has)
		snprintf(o->note, sizeof o->note, "llama.cpp %.40s has no --fit "
		         "(PRs #16653, #18175: b7698 and later)",
		         kvp_engine_release(&p->engine));
	else if (d->n_groups != 1 || d->groups[0].count != 1 || d->tp > 1 ||
	         d->pp > 1 || d->dp > 1)
		snprintf(o->note, sizeof o->note, "--fit is modelled on one "
		         "card (no --tp/--pp/--dp)");
	else if (!p->model.arch.max_positions)
		snprintf(o->note, sizeof o->note, "model.arch.max_positions: 0 - "
		         "--fit needs n_ctx_train");
	else
		return true;
	return false;
}

/* Step 2: an unset context between the minimum and n_ctx_train per
 * stream. True when that alone keeps the target (*ctx set). */
static enum kvp_status fit_context(const struct kvp_plan *p,
                                   struct kvp_result *r, uint64_t streams,
                                   uint64_t used_full, int64_t target,
                                   uint64_t *ctx, bool *done,
                                   struct kvp_error *err)
{
	uint64_t max = *ctx, min = (uint64_t)KVP_FIT_MIN_CTX * streams;
	uint64_t used_min, align = 256 * streams;
	enum kvp_status st;

	*done = false;
	if (max <= min)
		return KVP_OK;     /* "the default context is <= the minimum" */
	if ((st = used_at(p, min, p->engine.llamacpp.n_gpu_layers, r, &used_min,
	                  err)) != KVP_OK)
		return st;
	if (target > (int64_t)used_min && used_full > used_min) {
		u128 add = (u128)(max - min) * (u128)(target - (int64_t)used_min) /
		           (u128)(used_full - used_min);

		*ctx = min + (uint64_t)add;
		*ctx -= *ctx % align;
		if (*ctx < min)
			*ctx = min;
		*done = true;
		return KVP_OK;
	}
	*ctx = min;
	return KVP_OK;
}

/* Step 3, a dense model: the most layers (back to front, the output
 * one of them) that keep the target, by false position. */
static enum kvp_status fit_layers(const struct kvp_plan *p,
                                  struct kvp_result *r, uint64_t ctx,
                                  int64_t target, struct kvp_fit_result *o,
                                  struct kvp_error *err)
{
	uint32_t lo = 0, hi = p->model.n_layers + 1, delta;
	uint64_t mem_lo, mem_hi, mem;
	enum kvp_status st;

	if ((st = used_at(p, ctx, 0, r, &mem_lo, err)) != KVP_OK ||
	    (st = used_at(p, ctx, (int32_t)hi, r, &mem_hi, err)) != KVP_OK)
		return st;
	if ((int64_t)mem_hi <= target) {
		lo = hi;
		mem_lo = mem_hi;
	}
	for (delta = hi - lo; delta > 1; delta = hi - lo) {
		int64_t num = target - (int64_t)mem_lo;
		uint64_t den = mem_hi > mem_lo ? mem_hi - mem_lo : 1;
		uint32_t step = num > 0 ? (uint32_t)((u128)delta * (u128)num /
		                                     den) : 0;

		if (step < 1)
			step = 1;
		if (step > delta - 1)
			step = delta - 1;
		if ((st = used_at(p, ctx, (int32_t)(lo + step), r, &mem,
		                  err)) != KVP_OK)
			return st;
		if ((int64_t)mem <= target) {
			lo += step;
			mem_lo = mem;
		} else {
			hi = lo + step;
			mem_hi = mem;
		}
	}
	o->outcome = KVP_FIT_LAYERS;
	o->n_gpu_layers = (int32_t)lo;
	o->used_bytes = mem_lo;
	return KVP_OK;
}

/* Step 3's preconditions (fit.cpp throws; what it changed stays). */
static bool layers_free(const struct kvp_plan *p, struct kvp_fit_result *o)
{
	const struct kvp_llamacpp_opts *l = &p->engine.llamacpp;

	o->outcome = KVP_FIT_FAILED;
	if (l->n_gpu_layers != -1)
		snprintf(o->note, sizeof o->note, "n_gpu_layers already set by "
		         "user to %d, abort", (int)l->n_gpu_layers);
	else if (l->override_tensor[0] || l->n_cpu_moe)
		snprintf(o->note, sizeof o->note, "tensor_buft_overrides already "
		         "set by user, abort");
	else if (p->model.arch.n_experts) {
		o->outcome = KVP_FIT_NOT_RUN;
		snprintf(o->note, sizeof o->note, "a MoE model: fit.cpp moves its "
		         "experts tensor by tensor, which kvplan does not model");
	} else
		return true;
	return false;
}

enum kvp_status kvp_llamacpp_fit(const struct kvp_plan *p,
                                 struct kvp_result *r,
                                 struct kvp_fit_result *o,
                                 struct kvp_error *err)
{
	const struct kvp_llamacpp_opts *l = &p->engine.llamacpp;
	uint64_t streams = l->kv_unified || l->parallel < 1 ? 1 : l->parallel;
	uint64_t ctx, used;
	int64_t target;
	bool done;
	enum kvp_status st;

	memset(o, 0, sizeof *o);
	kvp_error_clear(err);
	o->n_gpu_layers = l->n_gpu_layers;
	o->target_bytes = KVP_FIT_TARGET_BYTES;
	if (!one_card(p, o))
		return KVP_OK;
	ctx = l->ctx_size ? l->ctx_size : p->model.arch.max_positions * streams;
	if ((st = used_at(p, ctx, l->n_gpu_layers, r, &used, err)) != KVP_OK)
		return st;
	o->free_bytes = r->devices[0].capacity_bytes - r->devices[0].overhead_bytes;
	target = (int64_t)o->free_bytes - (int64_t)o->target_bytes;
	o->n_ctx = ctx;
	o->used_bytes = used;
	o->kept_bytes = (int64_t)o->free_bytes - (int64_t)used;
	o->outcome = KVP_FIT_NO_CHANGE;
	if ((int64_t)used <= target)
		return KVP_OK;
	if (!l->ctx_size) {
		if ((st = fit_context(p, r, streams, used, target, &o->n_ctx, &done,
		                      err)) != KVP_OK)
			return st;
		o->outcome = KVP_FIT_CONTEXT;
		if (done) {
			st = used_at(p, o->n_ctx, l->n_gpu_layers, r, &o->used_bytes,
			             err);
			o->kept_bytes = (int64_t)o->free_bytes - (int64_t)o->used_bytes;
			return st;
		}
	}
	if (!layers_free(p, o))
		st = used_at(p, o->n_ctx, l->n_gpu_layers, r, &o->used_bytes, err);
	else
		st = fit_layers(p, r, o->n_ctx, target, o, err);
	o->kept_bytes = (int64_t)o->free_bytes - (int64_t)o->used_bytes;
	return st;
}
