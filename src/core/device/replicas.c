/*
 * replicas.c - where the KV cache lives, device by device, and the data-
 * parallel replicas: each replica's share of the workload (variant_plan)
 * and, when replicas or ranks differ from the one compute, each one's
 * own result, computed by the kvp_compute the device stage is handed
 * (this file never calls back up into compute.c). Under variants
 * res->kv becomes the deployment's sum.
 */
#include <string.h>

#include "core/device/budget.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"

/*
 * The plan one data-parallel replica r sees: its share of requests,
 * queue and ragged lengths (dp 1). For the generic strategy under TP it
 * is also one rank's plan on one device: KV heads per rank and tp 1, so
 * the nested kvp_compute never makes variants of its own. A named
 * engine keeps tp and pp: it sizes one rank's pool itself. Returns false
 * when the replica holds no sequence at all.
 */
static bool variant_plan(const struct kvp_plan *p, uint32_t r,
                         struct kvp_plan *v)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t tp = d->tp, dp = d->dp, c, k, i;
	bool any = false;

	*v = *p;
	v->devices.dp = 1;
	if (p->engine.kind == KVP_ENGINE_GENERIC) {
		/* cards stay (an engine may size from them) */
		v->devices.tp = v->devices.pp = 1;
		memset(v->devices.pp_layers, 0, sizeof v->devices.pp_layers);
	}
	if (tp > 1 && p->engine.kind == KVP_ENGINE_GENERIC) {
		v->model.q_heads = p->model.q_heads / tp;
		v->model.base.kv_heads =
			kvp_kv_heads_per_rank(p->model.base.kv_heads, tp);
		for (i = 0; i < v->model.n_rules && i < KVP_MAX_RULES; i++)
			if (v->model.rules[i].set & (1u << KVP_LF_KV_HEADS))
				v->model.rules[i].v.kv_heads =
					kvp_kv_heads_per_rank(
						p->model.rules[i].v.kv_heads, tp);
		if (v->model.trained_kv_heads)
			v->model.trained_kv_heads = v->model.base.kv_heads;
	}
	if (dp > 1) {
		k = 0;
		for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++) {
			uint64_t n = kvp_dp_share(p->workload.classes[c].requests,
			                          dp, r);
			if (n == 0)
				continue;
			v->workload.classes[k] = p->workload.classes[c];
			v->workload.classes[k].requests = n;
			k++;
		}
		v->workload.n_classes = k;
		any = k > 0;
		v->workload.queued = kvp_dp_share(p->workload.queued, dp, r);
		if (p->workload.ragged && p->workload.n_ragged) {
			uint64_t n = kvp_dp_share(p->workload.n_ragged, dp, r);

			v->workload.ragged = p->workload.ragged +
				kvp_dp_offset(p->workload.n_ragged, dp, r);
			v->workload.n_ragged = (size_t)n;
			if (n == 0)
				v->workload.ragged = NULL;
			any = any || n > 0;
		}
	} else {
		any = true;
	}
	return any;
}

/* Same share pattern as replica r - 1? (then its variant is reused) */
static bool same_share(const struct kvp_plan *p, uint32_t r)
{
	uint32_t dp = p->devices.dp, c;

	if (r == 0)
		return false;
	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		if (kvp_dp_share(p->workload.classes[c].requests, dp, r) !=
		    kvp_dp_share(p->workload.classes[c].requests, dp, r - 1))
			return false;
	if (p->workload.queued &&
	    kvp_dp_share(p->workload.queued, dp, r) !=
	    kvp_dp_share(p->workload.queued, dp, r - 1))
		return false;
	if (p->workload.ragged && p->workload.n_ragged)
		return false;   /* different slices of lengths */
	return true;
}

uint64_t kvp_replica_sequences(const struct kvp_plan *p, uint32_t r)
{
	uint64_t s = 0, n;
	uint32_t c, dp = p->devices.dp;

	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++) {
		const struct kvp_seq_class *k = &p->workload.classes[c];

		if (!kvp_mul(kvp_dp_share(k->requests, dp, r),
		             k->samples ? k->samples : 1, &n) ||
		    !kvp_add(s, n, &s))
			return UINT64_MAX;
	}
	if (p->workload.ragged)
		s += kvp_dp_share(p->workload.n_ragged, dp, r);
	return s;
}

static enum kvp_status over_kv(struct kvp_result *res, uint32_t dev)
{
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
		"devices: device %u: KV overflows 64 bits", dev);
}

/* Does the engine size its cache from its settings and the card, not
 * from the workload? Then an idle replica holds its pool all the same. */
static bool pool_engine(enum kvp_engine_kind e)
{
	return e == KVP_ENGINE_LLAMACPP || e == KVP_ENGINE_VLLM ||
	       e == KVP_ENGINE_SGLANG || e == KVP_ENGINE_TRTLLM;
}

/* The deployment's KV, summed replica by replica. */
struct kv_sum {
	uint64_t bytes, dev, host, state, k, v, need, wfit, mfit;
};

static bool sum_replica(struct kv_sum *t, const struct kvp_result *src,
                        uint64_t f, bool idle)
{
	const struct kvp_kv_result *kv = &src->kv;

	return kvp_muladd(&t->bytes, kv->bytes, f) &&
	       kvp_muladd(&t->dev, kv->device_bytes, f) &&
	       kvp_muladd(&t->host, kv->host_bytes, f) &&
	       kvp_muladd(&t->state, kv->state_bytes, f) &&
	       kvp_muladd(&t->k, kv->k_bytes, f) &&
	       kvp_muladd(&t->v, kv->v_bytes, f) &&
	       (idle || kvp_muladd(&t->need, kv->bytes_needed, f)) &&
	       (idle || kvp_add(t->wfit, src->engine.workload_fit, &t->wfit)) &&
	       kvp_add(t->mfit, src->engine.mix_fit, &t->mfit);
}

/*
 * Under DP the engine's own figures are replica 0's (each replica is a
 * server of its own, printing its own lines) but workload_fit and
 * mix_fit count the whole deployment; the note's mix sentence says so.
 */
static void engine_replicas(struct kvp_result *res,
                            const struct kvp_engine_result *e0,
                            const struct kv_sum *t, const struct kvp_plan *p)
{
	struct kvp_engine_result *e = &res->engine;

	*e = *e0;
	e->workload_fit = t->wfit;
	if (!e0->mix_computed)
		return;
	e->mix_fit = t->mfit;
	kvp_mix_replicas(e, p);
}

/* The deployment's KV into res->kv; under DP a named engine's figures
 * are replica 0's (e0) with the deployment's fits. */
static void deployment_kv(struct kvp_result *res, const struct kv_sum *sum,
                          const struct kvp_engine_result *e0,
                          const struct kvp_plan *p)
{
	res->kv.bytes = sum->bytes;
	res->kv.device_bytes = sum->dev;
	res->kv.host_bytes = sum->host;
	res->kv.state_bytes = sum->state;
	res->kv.k_bytes = sum->k;
	res->kv.v_bytes = sum->v;
	res->kv.bytes_needed = sum->need;
	res->kv.waste_bytes = sum->bytes > sum->need ? sum->bytes - sum->need : 0;
	res->kv.shortfall_bytes = sum->need > sum->bytes ? sum->need - sum->bytes : 0;
	if (e0)
		engine_replicas(res, e0, sum, p);
}

/* The walk over the replicas: the variant plan and result of the last
 * replica computed on its own (src), or res itself without variants. */
struct replica_walk {
	struct kvp_plan vplan;
	struct kvp_result vres;
	const struct kvp_result *src;
	bool variants, have, idle;
};

/* Replica r's result into w->src: its variant computed when its share
 * differs from the last one's; w->idle when it holds no sequence. */
static enum kvp_status replica_result(const struct kvp_plan *p, uint32_t r,
                                      struct replica_walk *w,
                                      struct kvp_result *res,
                                      kvp_compute_fn recompute)
{
	enum kvp_status st;

	if (!w->variants || (w->have && same_share(p, r)))
		return KVP_OK;
	/* replica 0 always holds a sequence (kvp_dp_share gives the first
	 * replicas the remainder), so an idle replica of a pool engine
	 * reuses the last pool */
	w->idle = !variant_plan(p, r, &w->vplan);
	if (w->idle)
		return KVP_OK;
	st = recompute(&w->vplan, &w->vres);
	if (st != KVP_OK) {
		res->error = w->vres.error;
		return st;
	}
	w->src = &w->vres;
	w->have = true;
	return KVP_OK;
}

/* The on-device layers first..end-1 of src, their bytes summed into
 * *kv; false on overflow. All of them while the records are by type
 * (layers_by_type): count x bytes per type, which overflows exactly
 * when the sum layer by layer would (no term is negative). */
static bool stage_layers_kv(const struct kvp_result *src, uint32_t first,
                            uint32_t end, uint64_t *kv)
{
	const struct kvp_layer_types *rt = &src->layer_types;
	uint32_t i;

	if (src->layers_by_type && first == 0 && end == src->n_layers) {
		for (i = 0; i < rt->n; i++) {
			const struct kvp_layer_result *l =
				&src->layer_recs[rt->first[i]];

			if (l->on_device && !kvp_muladd(kv, rt->count[i], l->bytes))
				return false;
		}
		return true;
	}
	for (i = first; i < end; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(src, i);

		if (l->on_device && !kvp_add(*kv, l->bytes, kv))
			return false;
	}
	return true;
}

/* Replica r's stage s: the stage's on-device layers of src on the first
 * mult of its tp devices. */
static enum kvp_status stage_kv(const struct kvp_plan *p,
                                const struct kvp_result *src,
                                struct kvp_result *res, uint32_t r,
                                uint32_t s, uint32_t first, uint32_t count,
                                uint32_t mult, uint64_t *kvd, uint32_t *hkv)
{
	const struct kvp_devices *d = &p->devices;
	uint64_t kv = 0;
	uint32_t t, end = first + count;

	if (end > src->n_layers)
		end = src->n_layers;
	if (mult && first < end && !stage_layers_kv(src, first, end, &kv))
		return over_kv(res, (r * d->pp + s) * d->tp);
	for (t = 0; t < d->tp; t++) {
		uint64_t idx = ((uint64_t)r * d->pp + s) * d->tp + t;

		if (idx >= KVP_MAX_DEVICES)
			continue;
		kvd[idx] = t < mult ? kv : 0;
		hkv[idx] = t >= mult ? 0 : mult == 1 && d->tp > 1 ?
			p->model.base.kv_heads :
			kvp_kv_heads_per_rank(p->model.base.kv_heads,
			                      d->tp);
	}
	return KVP_OK;
}

/*
 * Where the KV cache lives. kvd[idx] (idx < KVP_MAX_DEVICES, placement
 * order) gets the bytes device idx holds and hkv[idx] its KV heads; a
 * stage's devices hold the stage's on-device layers. When replicas or
 * ranks differ from the one compute (dp > 1, or the generic strategy
 * under TP) each replica's plan is computed on its own (variant_plan)
 * and res->kv becomes the sum over every device (result.h): then
 * sum of kvd = kv.device_bytes and kv.bytes = device + host, always.
 *
 * Which ranks hold a layer: the generic strategy's variant is one rank,
 * held by all tp ranks; a named engine's layers are one rank's pool,
 * held by its kv.ranks ranks (vLLM, SGLang, TRT-LLM, transformers: all
 * tp; llama.cpp: 1 - under --split-mode row the KV cache is on the main
 * GPU, common/arg.cpp --main-gpu: "the GPU to use for ... intermediate
 * results and KV (with split-mode = row)").
 */
enum kvp_status kvp_place_kv(const struct kvp_plan *p, struct kvp_result *res,
                             const uint32_t *first, const uint32_t *count,
                             uint64_t *kvd, uint32_t *hkv,
                             kvp_compute_fn recompute)
{
	const struct kvp_devices *d = &p->devices;
	bool generic = p->engine.kind == KVP_ENGINE_GENERIC;
	struct replica_walk w;
	struct kvp_engine_result e0;
	const struct kvp_engine_result *e0p = NULL;
	struct kv_sum sum;
	uint32_t r, s, mult;
	enum kvp_status st;

	w.variants = d->dp > 1 || (generic && d->tp > 1);
	w.have = w.idle = false;
	w.src = res;
	memset(&sum, 0, sizeof sum);
	for (r = 0; r < d->dp; r++) {
		st = replica_result(p, r, &w, res, recompute);
		if (st != KVP_OK)
			return st;
		if (r == 0 && w.variants && !generic && d->dp > 1) {
			e0 = w.src->engine;   /* 5 KiB: for engine_replicas */
			e0p = &e0;
		}
		mult = w.variants && generic ? d->tp : w.src->kv.ranks;
		if (mult > d->tp)
			return kvp_error_set(&res->error, KVP_EINVAL,
				"devices.tp: %u - the engine runs %u tensor-parallel "
				"ranks; set devices.tp to %u", d->tp, mult, mult);
		if (w.idle && !pool_engine(p->engine.kind))
			mult = 0;   /* nothing of its own to hold */
		/* res->kv of a named engine counts its ranks already */
		if (w.variants && !sum_replica(&sum, w.src, generic ? mult :
		                               mult != 0, w.idle))
			return over_kv(res, r * d->pp * d->tp);
		for (s = 0; s < d->pp; s++) {
			st = stage_kv(p, w.src, res, r, s, first[s], count[s],
			              mult, kvd, hkv);
			if (st != KVP_OK)
				return st;
		}
	}
	if (w.variants)
		deployment_kv(res, &sum, e0p, p);
	return KVP_OK;
}
