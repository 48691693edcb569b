/*
 * budget.c - stage 5 of kvp_compute: every device's budget and verdict.
 * Memory is never pooled across cards: each device is checked alone.
 *
 * Devices. world = tp x pp x dp devices, index = replica * (pp * tp) +
 * stage * tp + rank (placement.h). Cards come from devices.groups in
 * order, one per device; a single card (one group, count 1) stands for
 * every device. Fewer cards than devices is an error; more is allowed
 * (the extra cards hold nothing and KVP_W_POOLED_MEMORY says so).
 *
 * Per device, bytes:
 *   capacity     the card's capacity_bytes (as the driver reports it)
 *   weights      from the model files' tensors when they give the bytes
 *                (res->weights.source, weights_stage.c); otherwise
 *                res->weights split by stage and rank: the embeddings on
 *                the first stage (and, tied, again on the last when
 *                pp > 1, as vLLM allocates them), lm_head on the last,
 *                the rest by the stage's share of layers; then / tp
 *                (rounded up). Bytes follow parameters in proportion,
 *                except that embeddings/lm_head kept in 16 bits
 *                (keep_embeddings_16bit) take 2 bytes per parameter.
 *                Each TP rank also holds what vLLM replicates: the
 *                norms and, when tp > Hkv, the K/V projections of its
 *                replicated heads (tp_replicated_params), at the layers'
 *                average bytes per parameter.
 *   kv           the stage's layers (res->layers[], on-device only), for
 *                the replica's share of the sequences, with the rank's
 *                KV heads max(1, Hkv / tp) (replicated when tp > Hkv);
 *                MLA latents are whole on every rank. When tp > 1 or
 *                dp > 1 the kv stage is re-run (kvp_compute) on a copy of
 *                the plan with those heads and that share, so no KV
 *                arithmetic is repeated here (generic engine only). A
 *                named engine's res->layers[] already hold one rank's
 *                pool (the engines size per GPU), used as they are on
 *                every replica. Recurrent states (kind none) are kept
 *                whole on every rank (not split by TP: conservative).
 *   activations  kvp_activations_device (estimate unless measured)
 *   retained     fp32 logits kept per sequence (last stage)
 *   overhead     the sum of devices.overheads[] (per device); under vLLM
 *                its own non-torch terms (kvp_vllm_overheads)
 *   headroom     reserve_ppm x capacity + reserve_bytes
 *   free         capacity - all of the above (negative when over)
 */
#include <stdio.h>   /* snprintf into the result only */
#include <string.h>

#include "core/device/activations.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/compute.h"
#include "kvplan/units.h"
#include "kvplan/validate.h"

/* ceil(bytes * part / whole), 128-bit; whole > 0. */
static uint64_t share_up(uint64_t bytes, uint64_t part, uint64_t whole)
{
	unsigned __int128 n = (unsigned __int128)bytes * part;
	unsigned __int128 q = n / whole + (n % whole != 0);

	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

/* Weight bytes of one stage, before the TP split. */
struct wsplit {
	uint64_t embed, head, body;  /* bytes */
	uint64_t body_params;
	bool tied_copy;              /* last stage holds the embeddings too */
};

static void weights_split(const struct kvp_plan *p,
                          const struct kvp_result *res, struct wsplit *w)
{
	const struct kvp_weights_result *wr = &res->weights;
	const struct kvp_wformat *wf = p->devices.weights_override
		? &p->devices.weights : &p->model.weights;
	uint64_t eh = wr->embed_params + wr->lm_head_params;

	memset(w, 0, sizeof *w);
	if (wr->params == 0 || wr->bytes == 0)
		return;
	if (eh > wr->params)
		eh = wr->params;
	w->body_params = wr->params - eh;
	if (wf->keep_embeddings_16bit &&
	    2 * (unsigned __int128)eh <= wr->bytes) {
		w->embed = wr->embed_params * 2;
		w->head = wr->lm_head_params * 2;
		w->body = wr->bytes - w->embed - w->head;
	} else {
		w->embed = share_up(wr->bytes, wr->embed_params, wr->params);
		w->head = share_up(wr->bytes, wr->lm_head_params, wr->params);
		w->body = wr->bytes - (w->embed + w->head > wr->bytes
			? wr->bytes : w->embed + w->head);
	}
	w->tied_copy = p->model.arch.tie_embeddings && wr->lm_head_params == 0;
}

static uint64_t stage_weights(const struct wsplit *w, uint32_t stage,
                              uint32_t pp, uint32_t layers,
                              uint32_t n_layers, uint32_t tp)
{
	uint64_t b = 0;

	if (stage == 0)
		b += w->embed;
	if (stage == pp - 1) {
		b += w->head;
		if (w->tied_copy && pp > 1)
			b += w->embed;
	}
	if (n_layers)
		b += share_up(w->body, layers, n_layers);
	return kvp_ceil_div(b, tp ? tp : 1);
}

/*
 * Parameters a TP rank holds beyond its 1/tp share in stage layers
 * [first, first + count): the norms (replicated on every rank, vLLM's
 * RMSNorm) and, where tp > Hkv, the K/V projections of the replicated
 * KV heads (QKVParallelLinear gives each rank max(1, Hkv // tp) heads of
 * hidden x (k_dim + v_dim) each). MLA, recurrent and shared layers add
 * nothing here. Returns parameters (rounded up).
 */
static uint64_t tp_replicated_params(const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     uint32_t first, uint32_t count,
                                     uint32_t tp)
{
	unsigned __int128 kv_tp = 0;   /* extra params x tp */
	uint64_t norms, hidden = p->model.arch.hidden;
	uint32_t i;

	if (tp <= 1 || res->n_layers == 0)
		return 0;
	for (i = first; i < first + count && i < res->n_layers; i++) {
		const struct kvp_layer_spec *l = &res->layers[i].spec;
		uint64_t hpr;

		if (l->kind != KVP_LAYER_FULL && l->kind != KVP_LAYER_SLIDING &&
		    l->kind != KVP_LAYER_CHUNKED)
			continue;
		hpr = kvp_kv_heads_per_rank(l->kv_heads, tp);
		if (hpr * tp > l->kv_heads)
			kv_tp += (unsigned __int128)hidden * (l->k_dim + l->v_dim) *
			         (hpr * tp - l->kv_heads);
	}
	/* the stage's norms, then all but their 1/tp share */
	norms = share_up(res->weights.norm_params, count, res->n_layers);
	kv_tp += (unsigned __int128)norms * (tp - 1);
	kv_tp = kv_tp / tp + (kv_tp % tp != 0);
	return kv_tp > UINT64_MAX ? UINT64_MAX : (uint64_t)kv_tp;
}

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

static uint64_t resident_sequences(const struct kvp_plan *p, uint32_t r)
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

static enum kvp_status over(struct kvp_result *res, uint32_t dev,
                            const char *what)
{
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
		"devices: device %u: %s overflows 64 bits", dev, what);
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

/* Replace the note's "; N requests of your mix fit ..." by
 * the sentence in `add` (which starts "; " when the note is not empty). */
static void mix_sentence(struct kvp_engine_result *e, const char *add)
{
	char *cut = strstr(e->note, " of your mix fit");

	if (cut) {
		while (cut > e->note && !(cut[0] == ';' && cut[1] == ' '))
			cut--;
		*cut = '\0';
	}
	if (strlen(e->note) + strlen(add) < sizeof e->note)
		strcat(e->note, e->note[0] ? add : add + 2);
}

static uint64_t all_requests(const struct kvp_plan *p)
{
	uint64_t all = 0;
	uint32_t c;

	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		all += p->workload.classes[c].requests;
	if (p->workload.ragged)
		all += p->workload.n_ragged;
	return all;
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
	char add[128], a[32], b[32];

	*e = *e0;
	e->workload_fit = t->wfit;
	if (!e0->mix_computed)
		return;
	e->mix_fit = t->mfit;
	snprintf(add, sizeof add, "; %s request%s of your mix fit on the %u "
	         "replicas (you have %s)", kvp_fmt_int(e->mix_fit, a, sizeof a),
	         e->mix_fit == 1 ? "" : "s", p->devices.dp,
	         kvp_fmt_int(all_requests(p), b, sizeof b));
	mix_sentence(e, add);
}

/* A device over capacity: none of the mix fits (result.h, mix_fit).
 * Called again once host.c has placed llama.cpp's compute and encoder
 * buffers and the host's share, each of which can turn fits false. */
void kvp_mix_unfit(struct kvp_result *res, const struct kvp_plan *p)
{
	char add[128], b[32];

	if (!res->engine.mix_computed || res->fits)
		return;
	res->engine.mix_fit = 0;
	snprintf(add, sizeof add, "; 0 requests of your mix fit: a device is "
	         "over capacity (you have %s)",
	         kvp_fmt_int(all_requests(p), b, sizeof b));
	mix_sentence(&res->engine, add);
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
static enum kvp_status place_kv(const struct kvp_plan *p,
                                struct kvp_result *res,
                                const uint32_t *first, const uint32_t *count,
                                uint64_t *kvd, uint32_t *hkv)
{
	const struct kvp_devices *d = &p->devices;
	bool generic = p->engine.kind == KVP_ENGINE_GENERIC;
	bool variants = d->dp > 1 || (generic && d->tp > 1);
	bool have = false, idle = false;
	bool keep_e0 = variants && !generic && d->dp > 1;
	struct kvp_plan vplan;
	struct kvp_result vres;
	struct kvp_engine_result e0;
	const struct kvp_result *src = res;
	struct kv_sum sum;
	uint32_t r, s, t, i, mult;
	enum kvp_status st;

	memset(&sum, 0, sizeof sum);
	for (r = 0; r < d->dp; r++) {
		if (variants && !(have && same_share(p, r))) {
			/* replica 0 always holds a sequence (kvp_dp_share
			 * gives the first replicas the remainder), so an
			 * idle replica of a pool engine reuses the last pool */
			idle = !variant_plan(p, r, &vplan);
			if (!idle) {
				st = kvp_compute(&vplan, &vres);
				if (st != KVP_OK) {
					res->error = vres.error;
					return st;
				}
				src = &vres;
				have = true;
			}
		}
		if (r == 0 && keep_e0)
			e0 = src->engine;   /* 5 KiB: only for engine_replicas */
		mult = variants && generic ? d->tp : src->kv.ranks;
		if (mult > d->tp)
			return kvp_error_set(&res->error, KVP_EINVAL,
				"devices.tp: %u - the engine runs %u tensor-parallel "
				"ranks; set devices.tp to %u", d->tp, mult, mult);
		if (idle && !pool_engine(p->engine.kind))
			mult = 0;   /* nothing of its own to hold */
		/* res->kv of a named engine counts its ranks already */
		if (variants && !sum_replica(&sum, src, generic ? mult :
		                             mult != 0, idle))
			return over(res, r * d->pp * d->tp, "KV");
		for (s = 0; s < d->pp; s++) {
			uint64_t kv = 0;

			for (i = first[s]; mult && i < first[s] + count[s]; i++) {
				if (i >= src->n_layers || !src->layers[i].on_device)
					continue;
				if (!kvp_add(kv, src->layers[i].bytes, &kv))
					return over(res, (r * d->pp + s) * d->tp, "KV");
			}
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
		}
	}
	if (!variants)
		return KVP_OK;
	res->kv.bytes = sum.bytes;
	res->kv.device_bytes = sum.dev;
	res->kv.host_bytes = sum.host;
	res->kv.state_bytes = sum.state;
	res->kv.k_bytes = sum.k;
	res->kv.v_bytes = sum.v;
	res->kv.bytes_needed = sum.need;
	res->kv.waste_bytes = sum.bytes > sum.need ? sum.bytes - sum.need : 0;
	res->kv.shortfall_bytes = sum.need > sum.bytes ? sum.need - sum.bytes : 0;
	if (!generic && d->dp > 1)
		engine_replicas(res, &e0, &sum, p);
	return KVP_OK;
}

/*
 * vLLM's own --tensor-parallel-size / --pipeline-parallel-size given
 * without devices.tp / devices.pp are the same thing (engine_vllm.c
 * refuses them when both are given and differ): the devices follow
 * them, so every rank the engine sizes is a device row.
 */
static const struct kvp_plan *engine_parallel(const struct kvp_plan *p,
                                              struct kvp_plan *copy)
{
	const struct kvp_vllm_opts *o = &p->engine.vllm;

	if (p->engine.kind != KVP_ENGINE_VLLM ||
	    !((p->devices.tp == 1 && o->tensor_parallel_size > 1) ||
	      (p->devices.pp == 1 && o->pipeline_parallel_size > 1)))
		return p;
	*copy = *p;
	if (p->devices.tp == 1 && o->tensor_parallel_size > 1)
		copy->devices.tp = o->tensor_parallel_size;
	if (p->devices.pp == 1 && o->pipeline_parallel_size > 1)
		copy->devices.pp = o->pipeline_parallel_size;
	return copy;
}

enum kvp_status kvp_devices_compute(const struct kvp_plan *plan,
                                    struct kvp_result *res)
{
	struct kvp_plan copy;
	const struct kvp_plan *p = engine_parallel(plan, &copy);
	const struct kvp_devices *d = &p->devices;
	uint32_t first[KVP_MAX_STAGES], count[KVP_MAX_STAGES];
	uint64_t kvd[KVP_MAX_DEVICES];
	uint32_t hkv[KVP_MAX_DEVICES];
	struct wsplit ws;
	uint64_t cards = 0;
	uint32_t g, r, s, t, i, dev;
	enum kvp_status st;

	res->n_devices = 0;
	res->fits = true;
	/* tp, pp, dp, the device count and the cards: kvp_plan_validate
	 * (kvp_compute ran it; again when vLLM's own sizes place ranks) */
	if (p != plan && (st = kvp_plan_validate(p, &res->error)) != KVP_OK)
		return st;
	st = kvp_tp_check(p->model.q_heads, res->layers, res->n_layers,
	                  d->tp, &res->error);
	if (st != KVP_OK)
		return st;
	st = kvp_pp_split(res->n_layers, d->pp, d->pp_layers, first, count,
	                  &res->error);
	if (st != KVP_OK)
		return st;
	/* the KV of every device, cards or not: kv.bytes means one thing */
	memset(kvd, 0, sizeof kvd);
	memset(hkv, 0, sizeof hkv);
	st = place_kv(p, res, first, count, kvd, hkv);
	if (st != KVP_OK)
		return st;
	if (d->n_groups == 0)
		return KVP_OK;
	for (g = 0; g < d->n_groups; g++)
		cards += d->groups[g].count;
	if (d->retained_logits && p->model.arch.vocab == 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"devices.retained_logits: %llu - needs model.arch.vocab",
			(unsigned long long)d->retained_logits);
	weights_split(p, res, &ws);

	for (r = 0; r < d->dp; r++) {
		uint64_t seqs = resident_sequences(p, r);

		for (s = 0; s < d->pp; s++) {
			uint64_t wb, act, ret = 0, oh = 0, head, sum, kv, drb;
			/* the encoder and adapters (parts.c), on every device
			 * unless --no-mmproj-offload keeps the encoder on the
			 * CPU */
			uint64_t enc = res->parts.encoder_on_host ? 0
			               : res->parts.encoder_bytes;
			bool est;

			if (res->weights.source != KVP_WSRC_ESTIMATE) {
				/* the model files' tensors (weights_stage.c) */
				st = kvp_tensor_stage_bytes(p, res, s, first[s],
				                            count[s], &wb,
				                            &res->error);
				if (st != KVP_OK)
					return st;
			} else {
				wb = stage_weights(&ws, s, d->pp, count[s],
				                   res->n_layers, d->tp);
				/* replicated parts, at the layers' bytes per
				 * parameter */
				if (ws.body_params && !kvp_add(wb, share_up(ws.body,
				        tp_replicated_params(p, res, first[s],
				                             count[s], d->tp),
				        ws.body_params), &wb))
					return over(res, res->n_devices, "weights");
			}
			st = kvp_activations_device(p, res, d->tp,
			                            s == d->pp - 1, seqs, &act,
			                            &est, &res->error);
			if (st != KVP_OK)
				return st;
			if (s == d->pp - 1) {
				st = kvp_retained_bytes(p, seqs, &ret,
				                        &res->error);
				if (st != KVP_OK)
					return st;
			}
			if (p->engine.kind == KVP_ENGINE_VLLM) {
				/* vLLM's own non-torch terms (vllm_profile.c) */
				st = kvp_vllm_overheads(p, d->tp, d->pp, &oh,
				                        &res->error);
				if (st != KVP_OK)
					return st;
			} else for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++)
				if (!kvp_add(oh, d->overheads[i].bytes, &oh))
					return kvp_error_set(&res->error,
						KVP_EOVERFLOW,
						"devices.overheads[%u].bytes: "
						"%llu - the sum overflows 64 bits",
						i, (unsigned long long)
						d->overheads[i].bytes);
			/* a drafter draft.c places on the last stage only
			 * (vLLM under PP) is on no other stage's devices */
			drb = !res->draft.last_stage || s == d->pp - 1
			      ? res->draft.device_bytes : 0;
			for (t = 0; t < d->tp; t++) {
				struct kvp_device_result *dr;
				const struct kvp_card *card;
				uint64_t idx = res->n_devices, k, cap;

				dev = res->n_devices;
				kv = kvd[dev];
				/* the card of device idx, in group order */
				card = &d->groups[0].card;
				if (cards > 1) {
					k = idx;
					for (g = 0; g < d->n_groups; g++) {
						if (k < d->groups[g].count) {
							card = &d->groups[g].card;
							break;
						}
						k -= d->groups[g].count;
					}
				}
				cap = card->capacity_bytes;
				head = kvp_apply_ppm(cap, d->reserve_ppm);
				if (!kvp_add(head, d->reserve_bytes, &head))
					return kvp_error_set(&res->error,
						KVP_EOVERFLOW,
						"devices.reserve_bytes: %llu - "
						"headroom overflows 64 bits",
						(unsigned long long)d->reserve_bytes);
				sum = wb;
				if (!kvp_add(sum, kv, &sum) ||
				    !kvp_add(sum, act, &sum) ||
				    !kvp_add(sum, ret, &sum) ||
				    !kvp_add(sum, oh, &sum) ||
				    !kvp_add(sum, head, &sum) ||
				    !kvp_add(sum, enc, &sum) ||
				    !kvp_add(sum, res->parts.lora_bytes, &sum) ||
				    !kvp_add(sum, drb, &sum) ||
				    sum > (uint64_t)INT64_MAX ||
				    cap > (uint64_t)INT64_MAX) {
					const uint64_t part[] = { cap, wb, kv, act,
					                          ret, oh, head };
					static const char *const what[] = {
						"card.capacity_bytes", "weights",
						"KV cache", "devices.activations_bytes",
						"devices.retained_logits",
						"devices.overheads",
						"devices.reserve_bytes" };
					size_t j, big = 0;

					for (j = 1; j < sizeof part / sizeof part[0]; j++)
						if (part[j] > part[big])
							big = j;
					return kvp_error_set(&res->error,
						KVP_EOVERFLOW,
						"devices: device %u: %s %llu - the "
						"budget overflows 64 bits", dev,
						what[big],
						(unsigned long long)part[big]);
				}
				dr = &res->devices[res->n_devices++];
				memset(dr, 0, sizeof *dr);
				memcpy(dr->name, card->name, sizeof dr->name);
				dr->name[sizeof dr->name - 1] = '\0';
				dr->tp_rank = t;
				dr->pp_stage = s;
				dr->dp_replica = r;
				dr->first_layer = first[s];
				dr->last_layer = first[s] + count[s] - 1;
				dr->kv_heads_per_rank = hkv[dev];
				dr->capacity_bytes = cap;
				dr->weights_bytes = wb;
				dr->weights_source = res->weights.source;
				dr->kv_bytes = kv;
				dr->activations_bytes = act;
				dr->activations_estimated = est;
				dr->retained_bytes = ret;
				dr->overhead_bytes = oh;
				dr->headroom_bytes = head;
				dr->encoder_bytes = enc;
				dr->lora_bytes = res->parts.lora_bytes;
				dr->draft_bytes = drb;
				/* both at most INT64_MAX (checked above) */
				kvp_diff_i64(cap, sum, &dr->free_bytes);
				dr->fits = dr->free_bytes >= 0;
				if (!dr->fits)
					res->fits = false;
			}
		}
	}
	kvp_mix_unfit(res, p);
	return KVP_OK;
}
