/*
 * src/core/speed/ - stage 6 of kvp_compute, the speed bound: speed.c
 * (this file) computes the roofline envelope from the devices' budgets
 * and the cards' data sheets; speed_text.c says it in words.
 *
 * speed.c - stage 6 of kvp_compute: the speed envelope, a roofline BOUND
 * from the cards' data-sheet bandwidth and peak FLOP/s (result.h, struct
 * kvp_speed_result, states every formula). Not a measurement: engines
 * reach a fraction of it. Every simplification below makes the bound
 * looser, never wrong: bytes or FLOPs left out only raise a rate bound
 * and lower a time bound.
 *
 * Bytes a device reads in one decode step:
 *   weights  its budget's weights_bytes, plus the weights vLLM's
 *            --cpu-offload-gb keeps in host memory for it (offload_bytes:
 *            copied in before each layer runs, or read over the host link
 *            by its kernels: the two branches of vllm/model_executor/
 *            models/utils.py maybe_offload_to_cpu, read in current
 *            sources, search index id 48117064; counted at the card's
 *            rate, the link's being slower), less what a decode step
 *            does not read:
 *            (a) the input embedding table on stage 0 (rows are looked
 *                up) unless it is also the output head (tied, one stage);
 *            (b) the experts a token is not routed to, in the MoE layers
 *                whose experts the device holds (params - active_params
 *                less the towers', an equal share per MoE layer; on
 *                llama.cpp's one card, where -ngl, --n-cpu-moe and -ot
 *                leave them);
 *            (c) the encoder towers, in proportion to the stage's layers;
 *            all at the model's bytes per parameter, / tp, rounded up.
 *            From the model files (model.tensors) the groups' own bytes
 *            instead: the table, the unrouted share of the MLP tensors,
 *            the towers on the first stage, and the MTP layers the engine
 *            loads on the last (an MTP drafter's reads are the draft's,
 *            left out). With B > 1 more experts are usually touched: the
 *            bound counts only the fewest possible. llama.cpp's host
 *            layers and experts run on the CPU, whose bandwidth kvplan
 *            does not have: left out (host.cpu_weights_bytes, said where
 *            shown).
 *   KV       its kv_bytes x kv.bytes_needed / kv.bytes (its share of the
 *            positions actually stored, at full length), rounded down.
 * FLOPs (matmuls only, 2 per multiply-add): 2 x matmul parameters per
 * token (active_params less the input embeddings unless tied) plus
 * attention, per attention layer 2 x Hq x (k_dim + v_dim) per (query,
 * key) pair: causal pairs P(P+1)/2 over a prompt of P, capped by the
 * window (sliding) or the chunk (chunked); at decode the positions the
 * layer stores per sequence. MLA layers count as the decompressed heads
 * (qk_nope + qk_rope, v_head_dim). Shared-KV and recurrent layers add
 * none (left out: the bound only loosens).
 * A looped model (model.loops, issue 35: Ouro, IQuest-Coder-Loop) runs
 * its layers' weights once a pass: read and multiplied once here, the
 * passes' attention per cache layer (IQuest's later passes also attend
 * pass 0's cache: left out), so the bound only loosens.
 * Speculative decoding: a step of the target verifies up to k drafted
 * tokens a sequence and emits at most k + 1 (every draft accepted plus
 * its own), reading the weights and the KV once; its FLOPs are k + 1
 * tokens'. So the rates are (k + 1) x the step's, the step's FLOPs
 * (k + 1) x a token's, and the draft's own reads, which only add time,
 * are left out. k: vLLM's num_speculative_tokens, llama.cpp's
 * --draft-max; a llama.cpp draft without it gives no rate bound.
 * The peak: 8-bit when the served weights are fp8 or int8 (W8A8), else
 * 16-bit. Under TP every rank runs its share, so a replica's FLOPs go at
 * the sum of its devices' peaks.
 *
 * Pure: no allocation, no I/O. Never fails: unknown card figures leave
 * speed.known / compute_known false.
 */
#include <string.h>

#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"

typedef unsigned __int128 u128;

#define NS_PER_S 1000000000ull

static uint64_t sat(u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* ceil(a / b), saturating; b > 0 */
static uint64_t div_up(u128 a, u128 b)
{
	/* 64-bit operands divide in one instruction, not __udivmodti4 */
	if (a <= UINT64_MAX && b <= UINT64_MAX) {
		uint64_t a64 = (uint64_t)a, b64 = (uint64_t)b;

		return a64 / b64 + (a64 % b64 != 0);
	}
	return sat(a / b + (a % b != 0));
}

/* The card device idx runs on: groups in order, one per device; a single
 * card stands for every device (budget.c hands them out the same way). */
static const struct kvp_card *card_of(const struct kvp_devices *d,
                                      uint32_t idx)
{
	uint64_t cards = 0, k = idx;
	uint32_t g;

	for (g = 0; g < d->n_groups && g < KVP_MAX_CARD_GROUPS; g++)
		cards += d->groups[g].count;
	if (cards <= 1)
		return &d->groups[0].card;
	for (g = 0; g < d->n_groups && g < KVP_MAX_CARD_GROUPS; g++) {
		if (k < d->groups[g].count)
			return &d->groups[g].card;
		k -= d->groups[g].count;
	}
	return &d->groups[0].card;
}

static const struct kvp_wformat *served_weights(const struct kvp_plan *p)
{
	return p->devices.weights_override ? &p->devices.weights
	                                   : &p->model.weights;
}

static bool uses_8bit(const struct kvp_plan *p)
{
	enum kvp_wdtype dt = served_weights(p)->dtype;

	return dt == KVP_W_FP8 || dt == KVP_W_INT8;
}

static uint64_t card_peak(const struct kvp_card *c, bool eight)
{
	return eight ? c->flops_8bit : c->flops_16bit;
}

/* The input table is read whole only when it is also the head (tied)
 * and the one stage holds both. */
static bool embed_unread(const struct kvp_plan *p, const struct kvp_result *res)
{
	bool tied = p->model.arch.tie_embeddings &&
	            res->weights.lm_head_params == 0;

	/* llama.cpp on one device keeps the table in host memory (host.c):
	 * it is not in the device's weights to begin with */
	if (p->engine.kind == KVP_ENGINE_LLAMACPP && res->n_devices == 1)
		return false;
	return !(tied && p->devices.pp <= 1);
}

/* Parameters in matmuls per token. */
static uint64_t matmul_params(const struct kvp_plan *p,
                              const struct kvp_result *res)
{
	const struct kvp_weights_result *w = &res->weights;
	bool tied = p->model.arch.tie_embeddings && w->lm_head_params == 0;

	if (tied || w->embed_params > w->active_params)
		return w->active_params;
	return w->active_params - w->embed_params;
}

/* Whether device dr holds MoE layer i's routed experts: with its
 * stage's layers, or where llama.cpp's one card keeps them (host.c). */
static bool experts_held(const struct kvp_plan *p, const struct kvp_result *res,
                         const struct kvp_device_result *dr, uint32_t i)
{
	if (i < dr->first_layer || i > dr->last_layer)
		return false;
	if (p->engine.kind == KVP_ENGINE_LLAMACPP && res->n_devices == 1)
		return kvp_lc_experts_on_card(p, res, i);
	return true;
}

/* Unrouted expert parameters on device dr, before TP: an equal share of
 * the model's per MoE layer, for each MoE layer whose experts it holds. */
static u128 unrouted_params(const struct kvp_plan *p, const struct kvp_result *res,
                            const struct kvp_device_result *dr, uint64_t unrouted)
{
	uint64_t moe = 0, held = 0;
	uint32_t i;

	if (unrouted == 0)
		return 0;       /* dense: nothing to look for */
	for (i = 0; i < res->n_layers; i++) {
		if (!kvp_moe_layer(p, res, i))
			continue;
		moe++;
		held += experts_held(p, res, dr, i);
	}
	return moe ? (u128)unrouted * held / moe : 0;
}

/* Weight bytes device dr does not read in a decode step (see top). */
static uint64_t unread_weight_bytes(const struct kvp_plan *p,
                                    const struct kvp_result *res,
                                    const struct kvp_device_result *dr)
{
	const struct kvp_weights_result *w = &res->weights;
	const struct kvp_tensors *t = &p->model.tensors;
	uint64_t tp = p->devices.tp ? p->devices.tp : 1;
	uint64_t layers = (uint64_t)dr->last_layer - dr->first_layer + 1;
	uint64_t tower = p->model.arch.tower_params, unrouted = 0;
	uint32_t pp = p->devices.pp ? p->devices.pp : 1;
	bool table = dr->pp_stage == 0 && embed_unread(p, res);
	u128 embed = 0, experts, other = 0;

	if (w->params == 0 || res->n_layers == 0)
		return 0;
	if (w->params > w->active_params)
		unrouted = w->params - w->active_params;
	if (tower > unrouted)
		tower = unrouted;
	experts = unrouted_params(p, res, dr, unrouted - tower);
	if (kvp_tensors_apply(p)) {
		/* the files' groups: the table, the experts' share of the MLP
		 * tensors, the towers (first stage) and the MTP layers the
		 * engine loads (last stage, weights_stage.c) */
		if (table)
			embed = t->bytes[KVP_TG_EMBED];
		experts = w->mlp_params ?
		          div_up((u128)t->bytes[KVP_TG_MLP] * experts, w->mlp_params) : 0;
		if (dr->pp_stage == 0)
			other = t->bytes[KVP_TG_TOWER];
		if (dr->pp_stage + 1 == pp)
			other += kvp_mtp_resident(p);
	} else {
		if (table && served_weights(p)->keep_embeddings_16bit)
			embed = (u128)w->embed_params * 2;
		else if (table)
			embed = div_up((u128)w->bytes * w->embed_params, w->params);
		experts += (u128)tower * layers / res->n_layers;
		experts = div_up((u128)w->bytes * experts, w->params);
	}
	return div_up(embed + experts + other, tp);
}

/* Causal (query, key) pairs over a prompt of n tokens for one layer. */
static u128 prompt_pairs(const struct kvp_layer_spec *l, uint64_t n)
{
	u128 w = l->window, full = (u128)n * (n + 1) / 2;

	switch (l->kind) {
	case KVP_LAYER_FULL:
	case KVP_LAYER_MLA:
		return full;
	case KVP_LAYER_SLIDING:
		if (w == 0 || n <= w)
			return full;
		return w * (w + 1) / 2 + (u128)(n - (uint64_t)w) * w;
	case KVP_LAYER_CHUNKED: {
		u128 k, r;

		if (w == 0 || n <= w)
			return full;
		k = n / w;
		r = n % w;
		return k * (w * (w + 1) / 2) + r * (r + 1) / 2;
	}
	default:
		return 0;
	}
}

/* FLOPs per (query, key) pair of one attention layer: 2 x Hq x dims. */
static u128 pair_flops(const struct kvp_plan *p, const struct kvp_layer_spec *l)
{
	const struct kvp_mla *m = &p->model.mla;
	u128 dims;

	if (l->kind == KVP_LAYER_MLA)
		/* each of the layer's MLA blocks attends (model.mla.latents) */
		dims = ((u128)m->qk_nope_head_dim + m->qk_rope_head_dim +
		        m->v_head_dim) * (m->latents > 1 ? m->latents : 1);
	else
		dims = (u128)l->k_dim + l->v_dim;
	return 2 * (u128)p->model.q_heads * dims;
}

/*
 * Attention layers alike (kind, window, dims, stored positions) give the
 * same FLOPs, so they are summed once per type (kv.c does the same for
 * bytes): a 128-layer model has a few types, and the per-layer 128-bit
 * products and the division stored / sequences run once per type. Sums
 * in u128 wrap alike in any order, so the totals are the per-layer ones.
 */
struct atype {
	enum kvp_layer_kind kind;
	uint32_t window, k_dim, v_dim;
	uint64_t stored;
	uint32_t count;        /* layers of this type */
	u128 pf;               /* pair_flops of one of them */
};

/* Types searched for a match (most recent first); a layer matching none
 * starts a new type, so a miss costs speed, never correctness. */
#define TYPE_SEARCH 8

struct atypes {
	uint32_t n;
	struct atype t[KVP_MAX_LAYERS];
};

static bool atype_is(const struct atype *t, const struct kvp_layer_result *lr)
{
	return t->kind == lr->spec.kind && t->window == lr->spec.window &&
	       t->k_dim == lr->spec.k_dim && t->v_dim == lr->spec.v_dim &&
	       t->stored == lr->stored;
}

/* The atype layer lr (not NONE nor SHARED) counts into: found among the
 * last TYPE_SEARCH ones or added. */
static struct atype *atype_of(const struct kvp_plan *p, struct atypes *ts,
                              const struct kvp_layer_result *lr)
{
	struct atype *t;
	uint32_t j;

	for (j = ts->n; j > 0 && ts->n - j < TYPE_SEARCH; j--)
		if (atype_is(&ts->t[j - 1], lr))
			return &ts->t[j - 1];
	t = &ts->t[ts->n++];
	t->kind = lr->spec.kind;
	t->window = lr->spec.window;
	t->k_dim = lr->spec.k_dim;
	t->v_dim = lr->spec.v_dim;
	t->stored = lr->stored;
	t->count = 0;
	t->pf = pair_flops(p, &lr->spec);
	return t;
}

static bool attends(const struct kvp_layer_result *lr)
{
	return lr->spec.kind != KVP_LAYER_NONE &&
	       lr->spec.kind != KVP_LAYER_SHARED;
}

/* The types of res's layers that attend (all but NONE and SHARED). With
 * the resolved types (res->layer_types: equal specs, hence equal stored
 * positions), one look at each type's first layer, its count added. */
static void attn_types(const struct kvp_plan *p, const struct kvp_result *res,
                       struct atypes *ts)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	uint32_t i;

	ts->n = 0;
	if (rt->n) {
		for (i = 0; i < rt->n; i++) {
			const struct kvp_layer_result *lr = kvp_layer_rec(res, rt->first[i]);

			if (rt->count[i] && attends(lr))
				atype_of(p, ts, lr)->count += rt->count[i];
		}
		return;
	}
	for (i = 0; i < res->n_layers && i < KVP_MAX_LAYERS; i++)
		if (attends(kvp_layer_rec(res, i)))
			atype_of(p, ts, kvp_layer_rec(res, i))->count++;
}

static uint64_t prefill_flops(const struct kvp_plan *p,
                              const struct kvp_result *res,
                              const struct atypes *ts, uint64_t n)
{
	u128 f = 2 * (u128)matmul_params(p, res) * n;
	uint32_t j;

	for (j = 0; j < ts->n; j++) {
		const struct atype *t = &ts->t[j];
		struct kvp_layer_spec l = { .kind = t->kind, .window = t->window };

		f += (u128)t->count * prompt_pairs(&l, n) * t->pf;
	}
	return sat(f);
}

/* Attention FLOPs of one decode step of one sequence at its stored
 * positions, summed over the layers (wrapping as u128). */
static u128 decode_pair_flops(const struct kvp_result *res,
                              const struct atypes *ts)
{
	uint64_t seqs = res->kv.sequences ? res->kv.sequences : 1;
	u128 f = 0;
	uint32_t j;

	for (j = 0; j < ts->n; j++)
		f += (u128)ts->t[j].count * (ts->t[j].stored / seqs) *
		     ts->t[j].pf;
	return f;
}

/* One decode step of b sequences, each at its stored positions; attn:
 * decode_pair_flops. */
static uint64_t decode_flops(const struct kvp_plan *p,
                             const struct kvp_result *res, u128 attn,
                             uint64_t b)
{
	return sat(2 * (u128)matmul_params(p, res) * b + b * attn);
}

/* Tokens a step can emit per sequence (see top): 1, or 1 + the tokens
 * drafted a step; 0 when the plan does not say (a llama.cpp draft
 * without --draft-max). */
static uint64_t step_tokens(const struct kvp_plan *p)
{
	if (p->engine.kind == KVP_ENGINE_VLLM &&
	    p->engine.vllm.speculative_method != KVP_SPEC_NONE)
		return 1 + (uint64_t)p->engine.vllm.num_speculative_tokens;
	if (p->engine.kind == KVP_ENGINE_LLAMACPP && p->draft.n_layers)
		return p->engine.llamacpp.draft_max ?
		       1 + (uint64_t)p->engine.llamacpp.draft_max : 0;
	return 1;
}

/* Resident sequences of replica r (each class's share x samples). */
static uint64_t replica_sequences(const struct kvp_plan *p, uint32_t r)
{
	const struct kvp_workload *w = &p->workload;
	uint32_t dp = p->devices.dp ? p->devices.dp : 1, c;
	u128 s = 0;

	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++)
		s += (u128)kvp_dp_share(w->classes[c].requests, dp, r) *
		     (w->classes[c].samples ? w->classes[c].samples : 1);
	if (w->ragged)
		s += kvp_dp_share(w->n_ragged, dp, r);
	return sat(s);
}

static uint64_t first_prompt(const struct kvp_workload *w)
{
	uint32_t c;
	int i;

	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		uint64_t n = 0;

		if (w->classes[c].requests == 0)
			continue;
		for (i = 0; i < KVP_PP_COUNT; i++)
			n += w->classes[c].prompt[i];
		return n;
	}
	return 0;
}

/* Fill every device's decode read and its time at the card's bandwidth. */
static void device_reads(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_kv_result *kv = &res->kv;
	struct kvp_speed_result *sp = &res->speed;
	uint32_t i;

	sp->known = res->n_devices > 0;
	for (i = 0; i < res->n_devices; i++) {
		struct kvp_device_result *dr = &res->devices[i];
		const struct kvp_card *c = card_of(&p->devices, i);
		uint64_t un = unread_weight_bytes(p, res, dr), kvr = 0;
		u128 held = (u128)dr->weights_bytes + dr->offload_bytes;

		/* stored positions, at most what the pool holds (an engine
		 * short of the workload keeps only what fits) */
		if (kv->bytes)
			kvr = sat((u128)dr->kv_bytes *
			          (kv->bytes_needed < kv->bytes ? kv->bytes_needed
			                                        : kv->bytes) / kv->bytes);
		dr->decode_read_bytes = sat(held - (un < held ? un : held) + kvr);
		dr->decode_read_ns = 0;
		if (c->bandwidth == 0) {
			sp->known = false;
			continue;
		}
		dr->decode_read_ns = sat((u128)dr->decode_read_bytes * NS_PER_S /
		                         c->bandwidth);
		if (dr->dp_replica == 0) {
			sp->weight_read_bytes += dr->decode_read_bytes - kvr;
			sp->kv_read_bytes += kvr;
			sp->offload_read_bytes += dr->offload_bytes;
		}
		if (sp->bandwidth == 0 || c->bandwidth < sp->bandwidth)
			sp->bandwidth = c->bandwidth;
	}
}

/* Sum of replica r's peaks (0 when a card lacks the figure). */
static uint64_t replica_peak(const struct kvp_plan *p,
                             const struct kvp_result *res, uint32_t r,
                             bool eight)
{
	u128 sum = 0;
	uint32_t i;

	for (i = 0; i < res->n_devices; i++) {
		uint64_t pk;

		if (res->devices[i].dp_replica != r)
			continue;
		pk = card_peak(card_of(&p->devices, i), eight);
		if (pk == 0)
			return 0;
		sum += pk;
	}
	return sat(sum);
}

/* Replica r's memory-bound step: stages in series (latency) and the
 * slowest device (throughput, stages overlapped). */
static void replica_mem(const struct kvp_result *res, uint32_t r,
                        uint64_t *lat, uint64_t *thr)
{
	u128 sum = 0;
	uint64_t stage_max = 0, slowest = 0;
	uint32_t i, stage = 0;
	bool any = false;

	for (i = 0; i < res->n_devices; i++) {
		const struct kvp_device_result *dr = &res->devices[i];

		if (dr->dp_replica != r)
			continue;
		if (any && dr->pp_stage != stage) {
			sum += stage_max;
			stage_max = 0;
		}
		any = true;
		stage = dr->pp_stage;
		if (dr->decode_read_ns > stage_max)
			stage_max = dr->decode_read_ns;
		if (dr->decode_read_ns > slowest)
			slowest = dr->decode_read_ns;
	}
	*lat = sat(sum + stage_max);
	*thr = slowest;
}

static void decode_bound(const struct kvp_plan *p, struct kvp_result *res,
                         const struct atypes *ts)
{
	struct kvp_speed_result *sp = &res->speed;
	uint32_t dp = p->devices.dp ? p->devices.dp : 1, r;
	uint64_t k1 = sp->step_tokens;
	u128 agg = 0, seqs = 0, attn = decode_pair_flops(res, ts);

	for (r = 0; r < dp; r++) {
		uint64_t b = replica_sequences(p, r), lat, thr, peak, fl, cns = 0;

		/* a named engine runs at most max_requests at once, and at
		 * most the requests it holds (the verdict's K of N) */
		if (res->engine.max_requests && b > res->engine.max_requests)
			b = res->engine.max_requests;
		if (b > kvp_verdict_replica_cap(p, res, r))
			b = kvp_verdict_replica_cap(p, res, r);

		if (b == 0)
			continue;
		seqs += b;
		replica_mem(res, r, &lat, &thr);
		peak = replica_peak(p, res, r, sp->peak_8bit);
		fl = sat((u128)decode_flops(p, res, attn, b) * k1);
		if (peak)
			cns = sat((u128)fl * NS_PER_S / peak);
		if (r == 0) {
			sp->replica_sequences = b;
			sp->decode_flops = fl;
			sp->compute_bound = cns > lat;
			sp->decode_step_ns = cns > lat ? cns : lat;
			sp->kv_read_per_sequence = sp->kv_read_bytes / b;
		}
		if (cns > lat)
			lat = cns;
		if (cns > thr)
			thr = cns;
		if (lat == 0 || thr == 0) {
			sp->known = false;   /* nothing to read: no bound */
			return;
		}
		if (div_up((u128)k1 * 1000 * NS_PER_S, lat) > sp->seq_tps_milli)
			sp->seq_tps_milli = div_up((u128)k1 * 1000 * NS_PER_S, lat);
		agg += div_up((u128)b * k1 * 1000 * NS_PER_S, thr);
	}
	sp->aggregate_tps_milli = sat(agg);
	sp->sequences = sat(seqs);
}

static void prefill_bound(const struct kvp_plan *p, struct kvp_result *res,
                          const struct atypes *ts)
{
	struct kvp_speed_result *sp = &res->speed;
	uint64_t peak = replica_peak(p, res, 0, sp->peak_8bit);

	sp->prefill_tokens = first_prompt(&p->workload);
	sp->prefill_flops = prefill_flops(p, res, ts, sp->prefill_tokens);
	if (peak == 0 || sp->prefill_flops == 0)
		return;
	sp->prefill_ns = sat((u128)sp->prefill_flops * NS_PER_S / peak);
	if (sp->prefill_ns)
		sp->prefill_tps_milli = div_up((u128)sp->prefill_tokens * 1000 *
		                               NS_PER_S, sp->prefill_ns);
}

void kvp_speed_compute(const struct kvp_plan *p, struct kvp_result *res)
{
	struct kvp_speed_result *sp = &res->speed;
	struct atypes ts;
	uint32_t i;

	memset(sp, 0, sizeof *sp);
	sp->sequences = res->kv.sequences;
	sp->peak_8bit = uses_8bit(p);
	sp->cpu_weights_bytes = res->host.cpu_weights_bytes;
	sp->step_tokens = step_tokens(p);
	if (res->n_devices == 0)
		return;
	device_reads(p, res);
	if (sp->step_tokens == 0)
		sp->known = false;
	sp->compute_known = true;
	for (i = 0; i < res->n_devices; i++) {
		uint64_t pk = card_peak(card_of(&p->devices, i), sp->peak_8bit);

		if (pk == 0)
			sp->compute_known = false;
		else if (sp->peak_flops == 0 || pk < sp->peak_flops)
			sp->peak_flops = pk;
	}
	if (!sp->compute_known)
		sp->peak_flops = 0;
	attn_types(p, res, &ts);
	if (sp->known)
		decode_bound(p, res, &ts);
	if (!sp->known) {
		sp->seq_tps_milli = sp->aggregate_tps_milli = 0;
		sp->decode_step_ns = 0;
	}
	if (sp->compute_known)
		prefill_bound(p, res, &ts);
}
