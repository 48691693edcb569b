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
 *   weights      res->weights split by stage and rank: the embeddings on
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
 *   overhead     the sum of devices.overheads[] (per device)
 *   headroom     reserve_ppm x capacity + reserve_bytes
 *   free         capacity - all of the above (negative when over)
 */
#include <string.h>

#include "core/activations.h"
#include "core/internal.h"
#include "core/placement.h"
#include "kvplan/checked.h"
#include "kvplan/compute.h"

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
 * The plan one (tp rank, dp replica) sees: KV heads per rank, the
 * replica's share of requests, queue and ragged lengths, on one device. Returns false
 * when the replica holds no sequence at all.
 */
static bool variant_plan(const struct kvp_plan *p, uint32_t r,
                         struct kvp_plan *v)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t tp = d->tp, dp = d->dp, c, k, i;
	bool any = false;

	*v = *p;
	/* cards stay (an engine may size from them); one device only, so
	 * the nested kvp_compute never makes variants of its own */
	v->devices.tp = v->devices.pp = v->devices.dp = 1;
	memset(v->devices.pp_layers, 0, sizeof v->devices.pp_layers);
	if (tp > 1) {
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

enum kvp_status kvp_devices_compute(const struct kvp_plan *p,
                                    struct kvp_result *res)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t first[KVP_MAX_STAGES], count[KVP_MAX_STAGES];
	struct kvp_plan vplan;
	struct kvp_result vres;
	const struct kvp_result *kvsrc = res;
	struct wsplit ws;
	uint64_t world, cards = 0;
	uint32_t g, r, s, t, i, dev;
	bool need_variant, have_variant = false, variant_empty = false;
	enum kvp_status st;

	res->n_devices = 0;
	res->fits = true;
	if (d->n_groups == 0)
		return KVP_OK;
	if (d->n_groups > KVP_MAX_CARD_GROUPS)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"devices.groups: %u card groups - at most %u",
			d->n_groups, KVP_MAX_CARD_GROUPS);
	if (d->tp == 0 || d->pp == 0 || d->dp == 0)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"devices.%s: 0 - must be at least 1",
			d->tp == 0 ? "tp" : d->pp == 0 ? "pp" : "dp");
	world = (uint64_t)d->tp * d->pp * d->dp;
	if (world > KVP_MAX_DEVICES)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"devices.tp: %u x pp %u x dp %u = %llu devices - at "
			"most %u", d->tp, d->pp, d->dp,
			(unsigned long long)world, KVP_MAX_DEVICES);
	for (g = 0; g < d->n_groups; g++) {
		if (d->groups[g].count == 0)
			return kvp_error_set(&res->error, KVP_ERANGE,
				"devices.groups[%u].count: 0 - must be at "
				"least 1", g);
		if (d->groups[g].card.capacity_bytes == 0)
			return kvp_error_set(&res->error, KVP_ERANGE,
				"devices.groups[%u].card.capacity_bytes: 0 - "
				"must be at least 1", g);
		cards += d->groups[g].count;
	}
	if (cards < world && !(cards == 1))
		return kvp_error_set(&res->error, KVP_EINVAL,
			"devices.groups: %llu cards - tp %u x pp %u x dp %u "
			"needs %llu", (unsigned long long)cards, d->tp, d->pp,
			d->dp, (unsigned long long)world);
	if (d->retained_logits && p->model.arch.vocab == 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"devices.retained_logits: %llu - needs model.arch.vocab",
			(unsigned long long)d->retained_logits);
	st = kvp_tp_check(p->model.q_heads, res->layers, res->n_layers,
	                  d->tp, &res->error);
	if (st != KVP_OK)
		return st;
	st = kvp_pp_split(res->n_layers, d->pp, d->pp_layers, first, count,
	                  &res->error);
	if (st != KVP_OK)
		return st;
	weights_split(p, res, &ws);

	need_variant = (d->tp > 1 || d->dp > 1) &&
	               p->engine.kind == KVP_ENGINE_GENERIC;
	for (r = 0; r < d->dp; r++) {
		uint64_t seqs = resident_sequences(p, r);

		if (need_variant && !(have_variant && same_share(p, r))) {
			/* named engines size one rank's pool themselves */
			variant_empty = !variant_plan(p, r, &vplan);
			if (!variant_empty) {
				st = kvp_compute(&vplan, &vres);
				if (st != KVP_OK) {
					res->error = vres.error;
					return st;
				}
			}
			kvsrc = &vres;
			have_variant = true;
		}
		for (s = 0; s < d->pp; s++) {
			uint64_t kv = 0, wb, act, ret = 0, oh = 0, head, sum;
			bool est;

			for (i = first[s]; i < first[s] + count[s]; i++) {
				if (variant_empty || i >= kvsrc->n_layers ||
				    !kvsrc->layers[i].on_device)
					continue;
				if (!kvp_add(kv, kvsrc->layers[i].bytes, &kv))
					return over(res, res->n_devices, "KV");
			}
			wb = stage_weights(&ws, s, d->pp, count[s],
			                   res->n_layers, d->tp);
			/* replicated parts, at the layers' bytes per parameter */
			if (ws.body_params && !kvp_add(wb, share_up(ws.body,
			        tp_replicated_params(p, res, first[s], count[s],
			                             d->tp), ws.body_params), &wb))
				return over(res, res->n_devices, "weights");
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
			for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++)
				if (!kvp_add(oh, d->overheads[i].bytes, &oh))
					return kvp_error_set(&res->error,
						KVP_EOVERFLOW,
						"devices.overheads[%u].bytes: "
						"%llu - the sum overflows 64 bits",
						i, (unsigned long long)
						d->overheads[i].bytes);
			for (t = 0; t < d->tp; t++) {
				struct kvp_device_result *dr;
				const struct kvp_card *card;
				uint64_t idx = res->n_devices, k, cap;

				dev = res->n_devices;
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
				dr->kv_heads_per_rank = kvp_kv_heads_per_rank(
					p->model.base.kv_heads, d->tp);
				dr->capacity_bytes = cap;
				dr->weights_bytes = wb;
				dr->kv_bytes = kv;
				dr->activations_bytes = act;
				dr->activations_estimated = est;
				dr->retained_bytes = ret;
				dr->overhead_bytes = oh;
				dr->headroom_bytes = head;
				dr->free_bytes = (int64_t)cap - (int64_t)sum;
				dr->fits = dr->free_bytes >= 0;
				if (!dr->fits)
					res->fits = false;
			}
		}
	}
	return KVP_OK;
}
