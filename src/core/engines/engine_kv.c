/*
 * engine_kv.c - res->kv from the per-layer figures an engine profile has
 * set (totals, K/V split, state, device/host, the uniform letters, the
 * bytes needed), and one sequence's bytes in a paged engine's blocks.
 * See engine_priv.h.
 */
#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "kvplan/checked.h"

/* Positions a layer holds per position stored in the generic view. */
static bool holds_kv(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING ||
	       k == KVP_LAYER_CHUNKED || k == KVP_LAYER_MLA;
}

/* What eng_finish_kv adds up over the layers, one rank's. */
struct kv_sums {
	uint64_t tot, need, st, dev, host, kb, vb, bpp, cb, sb, ib;
};

/* Layer l into the sums; *kv: it holds K and V rows. */
static enum kvp_status kv_add_layer(struct kvp_result *res,
                                    const struct kvp_layer_result *l,
                                    struct kv_sums *s, bool *kv)
{
	uint64_t kpart = 0, vpart = 0, kvb, state;

	*kv = false;
	/* a full layer's state beside its KV (model.recur.beside_full):
	 * beside_bytes, the rest of its bytes K and V */
	state = l->spec.kind == KVP_LAYER_NONE ? l->bytes : l->beside_bytes;
	if (state > l->bytes)
		return eng_overflow(res, "kv.state_bytes");
	kvb = l->bytes - state;
	if (!kvp_add(s->tot, l->bytes, &s->tot))
		return eng_overflow(res, "kv.bytes");
	if (l->on_device) {
		if (!kvp_add(s->dev, l->bytes, &s->dev))
			return eng_overflow(res, "kv.device_bytes");
	} else if (!kvp_add(s->host, l->bytes, &s->host)) {
		return eng_overflow(res, "kv.host_bytes");
	}
	if (!kvp_add(s->cb, l->conv_bytes, &s->cb) ||
	    !kvp_add(s->sb, l->ssm_bytes, &s->sb) ||
	    !kvp_add(s->ib, l->index_bytes, &s->ib))
		return eng_overflow(res, "kv.state_bytes");
	if (!kvp_add(s->st, state, &s->st))
		return eng_overflow(res, "kv.state_bytes");
	if (!holds_kv(l->spec.kind))
		return KVP_OK;
	/* Split a layer's KV bytes into K and V by their row widths. */
	if (l->bytes_per_position) {
		kpart = (uint64_t)(((unsigned __int128)kvb * l->k_row_bytes) /
		                   l->bytes_per_position);
		vpart = kvb - kpart;
	}
	if (!kvp_add(s->kb, kpart, &s->kb) || !kvp_add(s->vb, vpart, &s->vb))
		return eng_overflow(res, "kv.k_bytes");
	if (!kvp_add(s->bpp, l->bytes_per_position, &s->bpp))
		return eng_overflow(res, "kv.bytes_per_position");
	if (!kvp_muladd(&s->need, l->stored, l->bytes_per_position))
		return eng_overflow(res, "kv.bytes_needed");
	*kv = true;
	return KVP_OK;
}

/* Two KV layers of the same shape (the uniform letters hold for both). */
static bool same_shape(const struct kvp_layer_result *a,
                       const struct kvp_layer_result *b)
{
	return a->spec.kind == b->spec.kind &&
	       a->spec.kv_heads == b->spec.kv_heads &&
	       a->spec.k_dim == b->spec.k_dim &&
	       a->spec.v_dim == b->spec.v_dim &&
	       a->spec.window == b->spec.window &&
	       kvp_format_equal(&a->spec.k_fmt, &b->spec.k_fmt) &&
	       kvp_format_equal(&a->spec.v_fmt, &b->spec.v_fmt) &&
	       a->bytes_per_position == b->bytes_per_position;
}

/* Every tensor-parallel rank holds its share (or a replica): the sums
 * times `ranks`. False on overflow. */
static bool kv_scale(struct kv_sums *s, uint32_t ranks)
{
	uint64_t *f[] = { &s->tot, &s->need, &s->st, &s->dev, &s->host, &s->kb,
	                  &s->vb, &s->bpp, &s->cb, &s->sb, &s->ib };
	size_t i;

	for (i = 0; ranks > 1 && i < sizeof f / sizeof f[0]; i++)
		if (!kvp_mul(*f[i], ranks, f[i]))
			return false;
	return true;
}

/* The sums into res->kv. */
static void kv_store(struct kvp_kv_result *kv, const struct kv_sums *s,
                     uint64_t slots_full, uint32_t ranks)
{
	kv->ranks = ranks ? ranks : 1;
	kv->bytes_per_position = s->bpp;
	kv->slots_allocated = slots_full;
	kv->bytes = s->tot;
	kv->bytes_needed = s->need;
	kv->waste_bytes = s->tot > s->need ? s->tot - s->need : 0;
	kv->shortfall_bytes = s->need > s->tot ? s->need - s->tot : 0;
	kv->state_bytes = s->st;
	kv->device_bytes = s->dev;
	kv->host_bytes = s->host;
	kv->k_bytes = s->kb;
	kv->v_bytes = s->vb;
	kv->conv_bytes = s->cb;
	kv->ssm_bytes = s->sb;
	kv->index_bytes = s->ib;
}

enum kvp_status eng_finish_kv(const struct kvp_plan *p,
                              struct kvp_result *res, uint64_t slots_full,
                              uint32_t ranks)
{
	struct kvp_kv_result *kv = &res->kv;
	uint32_t i, n = res->n_layers;
	/* the engine wrote every layer's record (kvp_layer_rec_w) */
	const struct kvp_layer_result *recs = kvp_layer_recs_own(res);
	const struct kvp_layer_result *first = NULL;
	struct kv_sums s = { 0 };
	uint64_t seqs;
	enum kvp_status st;
	bool has_kv;

	(void)p;
	kv->uniform = true;
	kv->layers_with_kv = 0;
	for (i = 0; i < n; i++) {
		const struct kvp_layer_result *l = &recs[i];

		if ((st = kv_add_layer(res, l, &s, &has_kv)) != KVP_OK)
			return st;
		if (!has_kv)
			continue;
		kv->layers_with_kv++;
		if (!first)
			first = l;
		else if (!same_shape(first, l))
			kv->uniform = false;
	}
	/* Recurrent states are needed whole for every resident sequence. */
	seqs = kv->sequences ? kv->sequences : 1;
	for (i = 0; i < n; i++)   /* recurrent layers' and beside full ones */
		if (!kvp_muladd(&s.need, recs[i].spec.state_bytes, seqs))
			return eng_overflow(res, "kv.bytes_needed");
	if (first) {
		kv->kv_heads = first->spec.kv_heads;
		kv->k_dim = first->spec.k_dim;
		kv->v_dim = first->spec.v_dim;
		kv->k_fmt = first->spec.k_fmt;
		kv->v_fmt = first->spec.v_fmt;
	} else {
		kv->uniform = false;
	}
	if (s.st)
		kv->uniform = false;
	if (!kv_scale(&s, ranks))
		return eng_overflow(res, "kv.bytes");
	kv_store(kv, &s, slots_full, ranks);
	return KVP_OK;
}

uint64_t eng_seq_len(const struct kvp_plan *p, const struct kvp_result *res)
{
	uint32_t c, n = p->workload.n_classes;

	if (n > KVP_MAX_CLASSES)
		n = KVP_MAX_CLASSES;
	if (res->n_classes < n)
		n = res->n_classes;
	for (c = 0; c < n; c++)
		if (p->workload.classes[c].requests)
			return res->classes[c].length;
	if (p->workload.ragged && p->workload.n_ragged)
		return p->workload.ragged[0];
	return n ? res->classes[0].length : 0;
}

enum kvp_status eng_seq_paged(struct kvp_result *res, uint64_t len,
                              uint64_t block)
{
	uint64_t b = block ? block : 1, sum = 0, pos;
	const struct kvp_layer_result *recs = kvp_layer_recs_own(res);
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = &recs[i];

		/* a recurrent layer's state, or a full one's beside its KV */
		if (!kvp_add(sum, l->spec.state_bytes, &sum))
			return eng_overflow(res, "kv.bytes_per_sequence");
		switch (l->spec.kind) {
		case KVP_LAYER_NONE:
			continue;
		case KVP_LAYER_SLIDING: case KVP_LAYER_CHUNKED:
			pos = l->spec.window && l->spec.window < len ? l->spec.window : len;
			break;
		case KVP_LAYER_FULL: case KVP_LAYER_MLA:
			pos = len;
			break;
		default:
			continue;
		}
		if (!kvp_mul(kvp_ceil_div(pos, b), b, &pos) ||
		    !kvp_muladd(&sum, pos, l->bytes_per_position))
			return eng_overflow(res, "kv.bytes_per_sequence");
	}
	if (!kvp_mul(sum, res->kv.ranks ? res->kv.ranks : 1, &sum))
		return eng_overflow(res, "kv.bytes_per_sequence");
	res->kv.bytes_per_sequence = sum;
	return KVP_OK;
}

