/*
 * src/core/device/ - stage 5 of kvp_compute and its helpers: what each
 * device holds and whether it fits. budget.c (this file) puts a device
 * together from its parts: weights (stage_weights.c), KV and the DP
 * replicas (replicas.c, which computes each replica's own plan with the
 * kvp_compute it is handed), activations (activations.c: the estimate in
 * forward.c, a step's tokens in step.c), overheads (overhead.c, margin.c)
 * and layers/heads per device (placement.c). Stage 5b, host memory and
 * llama.cpp's weight placement, is host.c; the mix note both rewrite is
 * mix_note.c. Nothing here calls back up into compute.c.
 *
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
 *   kv           the stage's layers (kvp_layer_rec, on-device only), for
 *                the replica's share of the sequences, with the rank's
 *                KV heads max(1, Hkv / tp) (replicated when tp > Hkv);
 *                MLA latents are whole on every rank. When tp > 1 or
 *                dp > 1 the kv stage is re-run (kvp_compute, replicas.c) on a copy of
 *                the plan with those heads and that share, so no KV
 *                arithmetic is repeated here (generic engine only). A
 *                named engine's layer records already hold one rank's
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
#include <string.h>

#include "core/device/activations.h"
#include "core/device/budget.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/validate.h"

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

/* The devices' overheads: vLLM's own non-torch terms (vllm_profile.c),
 * else the sum of devices.overheads[]. */
static enum kvp_status overheads(const struct kvp_plan *p, uint64_t *oh,
                                 struct kvp_error *err)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t i;

	*oh = 0;
	if (p->engine.kind == KVP_ENGINE_VLLM)
		return kvp_vllm_overheads(p, d->tp, d->pp, oh, err);
	for (i = 0; i < d->n_overheads && i < KVP_MAX_OVERHEADS; i++)
		if (!kvp_add(*oh, d->overheads[i].bytes, oh))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"devices.overheads[%u].bytes: %llu - the sum "
				"overflows 64 bits", i,
				(unsigned long long)d->overheads[i].bytes);
	return KVP_OK;
}

/* One pipeline stage of one replica, and the terms every TP rank of it
 * holds alike. */
struct stage {
	uint32_t r, s, first, count;
	uint64_t wb, act, ret, oh, enc, drb, rot;
	bool est;
};

static enum kvp_status stage_terms(const struct kvp_plan *p,
                                   struct kvp_result *res, struct stage *g,
                                   uint64_t seqs)
{
	const struct kvp_devices *d = &p->devices;
	bool last = g->s == d->pp - 1;
	enum kvp_status st;

	/* the encoder and adapters (parts.c), on every device unless
	 * --no-mmproj-offload keeps the encoder on the CPU */
	g->enc = res->parts.encoder_on_host ? 0 : res->parts.encoder_bytes;
	g->ret = 0;
	st = kvp_device_weights(p, res, g->s, g->first, g->count, &g->wb);
	if (st == KVP_OK)
		st = kvp_activations_device(p, res, d->tp, last, seqs, &g->act,
		                            &g->est, &res->error);
	if (st == KVP_OK && last)
		st = kvp_retained_bytes(p, seqs, &g->ret, &res->error);
	if (st == KVP_OK)
		st = overheads(p, &g->oh, &res->error);
	/* a drafter draft.c places on the last stage only (vLLM under PP)
	 * is on no other stage's devices */
	g->drb = !res->draft.last_stage || last ? res->draft.device_bytes : 0;
	/* vLLM's rotary tables, beside the weights on every rank
	 * (engine_vllm.c refused an overflow) */
	g->rot = p->engine.kind == KVP_ENGINE_VLLM ? kvp_vllm_rope_bytes(p) : 0;
	/* and the weights vLLM allocates beyond the checkpoint's (k_eq_v V
	 * slots, MXFP4 padding: vl_weight_extra.c): a device's weights are
	 * what the engine holds */
	if (st == KVP_OK && p->engine.kind == KVP_ENGINE_VLLM &&
	    !kvp_add(g->wb, kvp_vllm_weight_extra_bytes(p, res, d->tp), &g->wb))
		st = kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.weights: vLLM's allocated weights overflow 64 bits");
	return st;
}

/* The card of device idx, in group order; a single card stands for
 * every device. */
static const struct kvp_card *device_card(const struct kvp_devices *d,
                                          uint64_t idx, uint64_t cards)
{
	uint32_t g;

	if (cards > 1)
		for (g = 0; g < d->n_groups; g++) {
			if (idx < d->groups[g].count)
				return &d->groups[g].card;
			idx -= d->groups[g].count;
		}
	return &d->groups[0].card;
}

/* Everything device dev holds, checked: at most INT64_MAX, as is the
 * capacity; else the error names the largest part. */
static enum kvp_status device_sum(const struct stage *g, uint64_t cap,
                                  uint64_t kv, uint64_t head, uint64_t lora,
                                  uint32_t dev, uint64_t *sum,
                                  struct kvp_error *err)
{
	const uint64_t part[] = { cap, g->wb, kv, g->act, g->ret, g->oh, head };
	static const char *const what[] = {
		"card.capacity_bytes", "weights", "KV cache",
		"devices.activations_bytes", "devices.retained_logits",
		"devices.overheads", "devices.reserve_bytes" };
	size_t j, big = 0;

	*sum = g->wb;
	if (kvp_add(*sum, kv, sum) && kvp_add(*sum, g->act, sum) &&
	    kvp_add(*sum, g->ret, sum) && kvp_add(*sum, g->oh, sum) &&
	    kvp_add(*sum, head, sum) && kvp_add(*sum, g->enc, sum) &&
	    kvp_add(*sum, lora, sum) && kvp_add(*sum, g->drb, sum) &&
	    kvp_add(*sum, g->rot, sum) &&
	    *sum <= (uint64_t)INT64_MAX && cap <= (uint64_t)INT64_MAX)
		return KVP_OK;
	for (j = 1; j < sizeof part / sizeof part[0]; j++)
		if (part[j] > part[big])
			big = j;
	return kvp_error_set(err, KVP_EOVERFLOW,
		"devices: device %u: %s %llu - the budget overflows 64 bits",
		dev, what[big], (unsigned long long)part[big]);
}

/* The next device, TP rank t of stage g: its row, free bytes and fit. */
static enum kvp_status add_device(const struct kvp_plan *p,
                                  struct kvp_result *res,
                                  const struct stage *g, uint32_t t,
                                  const uint64_t *kvd, const uint32_t *hkv,
                                  uint64_t cards)
{
	const struct kvp_devices *d = &p->devices;
	uint32_t dev = res->n_devices;
	const struct kvp_card *card = device_card(d, dev, cards);
	uint64_t cap = card->capacity_bytes, head, sum;
	struct kvp_device_result *dr;
	enum kvp_status st;

	head = kvp_apply_ppm(cap, d->reserve_ppm);
	if (!kvp_add(head, d->reserve_bytes, &head))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"devices.reserve_bytes: %llu - headroom overflows 64 bits",
			(unsigned long long)d->reserve_bytes);
	st = device_sum(g, cap, kvd[dev], head, res->parts.lora_bytes, dev,
	                &sum, &res->error);
	if (st != KVP_OK)
		return st;
	dr = &res->devices[res->n_devices++];
	memset(dr, 0, sizeof *dr);
	memcpy(dr->name, card->name, sizeof dr->name);
	dr->name[sizeof dr->name - 1] = '\0';
	dr->tp_rank = t;
	dr->pp_stage = g->s;
	dr->dp_replica = g->r;
	dr->first_layer = g->first;
	dr->last_layer = g->first + g->count - 1;
	dr->kv_heads_per_rank = hkv[dev];
	dr->capacity_bytes = cap;
	dr->weights_bytes = g->wb;
	dr->weights_source = res->weights.source;
	dr->kv_bytes = kvd[dev];
	dr->activations_bytes = g->act;
	dr->activations_estimated = g->est;
	dr->retained_bytes = g->ret;
	dr->overhead_bytes = g->oh;
	dr->headroom_bytes = head;
	dr->encoder_bytes = g->enc;
	dr->lora_bytes = res->parts.lora_bytes;
	dr->draft_bytes = g->drb;
	dr->rotary_bytes = g->rot;
	/* both at most INT64_MAX (device_sum) */
	kvp_diff_i64(cap, sum, &dr->free_bytes);
	dr->fits = dr->free_bytes >= 0;
	if (!dr->fits)
		res->fits = false;
	return KVP_OK;
}

/* Every device of every stage of every replica, in placement order. */
static enum kvp_status add_devices(const struct kvp_plan *p,
                                   struct kvp_result *res,
                                   const uint32_t *first, const uint32_t *count,
                                   const uint64_t *kvd, const uint32_t *hkv)
{
	const struct kvp_devices *d = &p->devices;
	uint64_t cards = 0;
	uint32_t g, t;
	struct stage sg;
	enum kvp_status st;

	for (g = 0; g < d->n_groups; g++)
		cards += d->groups[g].count;
	for (sg.r = 0; sg.r < d->dp; sg.r++) {
		uint64_t seqs = kvp_replica_sequences(p, sg.r);

		for (sg.s = 0; sg.s < d->pp; sg.s++) {
			sg.first = first[sg.s];
			sg.count = count[sg.s];
			st = stage_terms(p, res, &sg, seqs);
			for (t = 0; st == KVP_OK && t < d->tp; t++)
				st = add_device(p, res, &sg, t, kvd, hkv, cards);
			if (st != KVP_OK)
				return st;
		}
	}
	return KVP_OK;
}

enum kvp_status kvp_devices_stage(const struct kvp_plan *plan,
                                  struct kvp_result *res,
                                  kvp_compute_fn recompute)
{
	struct kvp_plan copy;
	const struct kvp_plan *p = engine_parallel(plan, &copy);
	const struct kvp_devices *d = &p->devices;
	uint32_t first[KVP_MAX_STAGES], count[KVP_MAX_STAGES];
	uint64_t kvd[KVP_MAX_DEVICES];
	uint32_t hkv[KVP_MAX_DEVICES];
	enum kvp_status st;

	res->n_devices = 0;
	res->fits = true;
	/* tp, pp, dp, the device count and the cards: kvp_plan_validate
	 * (kvp_compute ran it; again when vLLM's own sizes place ranks) */
	if (p != plan && (st = kvp_plan_validate(p, &res->error)) != KVP_OK)
		return st;
	st = kvp_tp_check(p->model.q_heads, res, res->n_layers,
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
	st = kvp_place_kv(p, res, first, count, kvd, hkv, recompute);
	if (st != KVP_OK)
		return st;
	if (d->n_groups == 0)
		return KVP_OK;
	if (d->retained_logits && p->model.arch.vocab == 0)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"devices.retained_logits: %llu - needs model.arch.vocab",
			(unsigned long long)d->retained_logits);
	st = add_devices(p, res, first, count, kvd, hkv);
	if (st != KVP_OK)
		return st;
	kvp_mix_unfit(res, p);
	return KVP_OK;
}
