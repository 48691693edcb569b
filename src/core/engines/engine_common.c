/*
 * engine_common.c - helpers shared by the engine profiles: the workload as
 * request kinds, "how many requests fit", card budgets, engine lines and
 * res->kv from the per-layer figures. See engine_priv.h.
 */
#include <math.h>   /* fmod, floor: eng_py_floordiv */
#include <stdarg.h>
#include <stdio.h>  /* snprintf/vsnprintf into caller buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "kvplan/checked.h"

enum kvp_status eng_overflow(struct kvp_result *res, const char *what)
{
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
		"%s: the figure does not fit in 64 bits", what);
}

enum kvp_status eng_requests(const struct kvp_plan *p, struct eng_req *out,
                             uint32_t *n, struct kvp_error *err)
{
	const struct kvp_workload *w = &p->workload;
	uint32_t i, k = 0, j;
	size_t r;

	if (w->n_classes > KVP_MAX_CLASSES)
		return kvp_error_set(err, KVP_ERANGE,
			"workload.classes: %u - at most %u", w->n_classes,
			KVP_MAX_CLASSES);
	for (i = 0; i < w->n_classes; i++) {
		const struct kvp_seq_class *c = &w->classes[i];
		uint64_t prompt = 0;

		for (j = 0; j < KVP_PP_COUNT; j++)
			if (!kvp_add(prompt, c->prompt[j], &prompt))
				return kvp_error_set(err, KVP_EOVERFLOW,
					"workload.classes[%u].prompt: the sum overflows 64 bits", i);
		out[k].count = c->requests;
		out[k].samples = c->samples ? c->samples : 1;
		out[k].prompt = prompt;
		out[k].system = c->prompt[KVP_PP_SYSTEM];
		if (!kvp_add(prompt, c->gen, &out[k].len))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"workload.classes[%u].gen: %llu - prompt + gen overflows 64 bits",
				i, (unsigned long long)c->gen);
		if (out[k].count && out[k].len)
			k++;
	}
	if (w->ragged && w->n_ragged) {
		uint64_t longest = 0;

		for (r = 0; r < w->n_ragged; r++)
			if (w->ragged[r] > longest)
				longest = w->ragged[r];
		out[k].count = (uint64_t)w->n_ragged;
		out[k].samples = 1;
		out[k].len = longest;
		out[k].prompt = 0;
		out[k].system = 0;
		if (longest)
			k++;
	}
	*n = k;
	return KVP_OK;
}

uint64_t eng_longest(const struct kvp_plan *p)
{
	struct eng_req req[ENG_MAX_REQ];
	uint32_t n = 0, i;
	uint64_t m = 0;

	if (eng_requests(p, req, &n, NULL) != KVP_OK)
		return 0;
	for (i = 0; i < n; i++)
		if (req[i].len > m)
			m = req[i].len;
	return m;
}

uint64_t eng_fit(const struct eng_req *req, const uint64_t *cost,
                 uint32_t n, uint64_t shared_once, uint64_t capacity,
                 uint64_t max_seqs)
{
	bool used[ENG_MAX_REQ] = { false };
	uint64_t left = capacity, seqs = 0, admitted = 0;
	bool paid_shared = false;
	uint32_t round;

	/* Cheapest kind first: the order that admits the most requests. */
	for (round = 0; round < n; round++) {
		uint32_t best = n, i;
		uint64_t take, by_cap, by_seqs;

		for (i = 0; i < n; i++)
			if (!used[i] && (best == n || cost[i] < cost[best]))
				best = i;
		if (best == n)
			break;
		used[best] = true;
		if (req[best].count == 0)
			continue;
		if (!paid_shared && shared_once) {
			if (shared_once > left)
				break;
			left -= shared_once;
			paid_shared = true;
		}
		by_cap = cost[best] ? left / cost[best] : req[best].count;
		take = req[best].count < by_cap ? req[best].count : by_cap;
		if (max_seqs) {
			by_seqs = (max_seqs - seqs) / req[best].samples;
			if (take > by_seqs)
				take = by_seqs;
		}
		admitted += take;
		seqs += take * req[best].samples;
		left -= take * cost[best];
		if (take < req[best].count)
			break;
	}
	return admitted;
}

/* Does N requests of the mix fit? */
static bool mix_fits(const struct eng_req *req, const uint64_t *cost,
                     uint32_t n, uint64_t total, uint64_t shared_once,
                     uint64_t capacity, uint64_t max_seqs, uint64_t big_n)
{
	unsigned __int128 cum = 0, used = shared_once, seqs = 0;
	uint64_t prev = 0, at, c;
	uint32_t k;

	if (big_n == 0)
		return true;
	for (k = 0; k < n; k++) {
		cum += req[k].count;
		at = (uint64_t)((unsigned __int128)big_n * cum / total);
		c = at - prev;
		prev = at;
		if (c == 0)
			continue;
		if (cost[k] == UINT64_MAX)
			return false;
		used += (unsigned __int128)c * cost[k];
		seqs += (unsigned __int128)c * req[k].samples;
	}
	return used <= capacity && (!max_seqs || seqs <= max_seqs);
}

void eng_mix_fit(struct kvp_result *res, const struct eng_req *req,
                 const uint64_t *cost, uint32_t n, uint64_t shared_once,
                 uint64_t capacity, uint64_t max_seqs)
{
	const uint64_t cap = 1ull << 40;
	uint64_t total = 0, lo = 0, hi, best;
	char a[32], b[32], add[128];
	size_t len;
	uint32_t k;

	for (k = 0; k < n; k++)
		if (!kvp_add(total, req[k].count, &total))
			return;
	if (total == 0)
		return;
#define FITS(x) mix_fits(req, cost, n, total, shared_once, capacity, max_seqs, (x))
	hi = 1;
	while (hi < cap && FITS(hi)) {   /* double until one fails */
		lo = hi;
		hi = hi > cap / 2 ? cap : hi * 2;
	}
	if (hi == cap && FITS(hi))
		lo = hi;
	else
		while (hi - lo > 1) {   /* lo fits, hi does not */
			uint64_t mid = lo + (hi - lo) / 2;

			if (FITS(mid))
				lo = mid;
			else
				hi = mid;
		}
	/* the mix's rounding need not be monotone: N fits, N + 1 does not */
	best = lo;
	while (best < cap && FITS(best + 1))
		best++;
	while (best > 0 && !FITS(best))
		best--;
#undef FITS
	res->engine.mix_fit = best;
	res->engine.mix_computed = true;
	snprintf(add, sizeof add, "; %s request%s of your mix fit (you have %s)",
	         eng_commas(best, a, sizeof a), best == 1 ? "" : "s",
	         eng_commas(total, b, sizeof b));
	len = strlen(res->engine.note);
	if (len + strlen(add) < sizeof res->engine.note)
		memcpy(res->engine.note + len, add, strlen(add) + 1);
}

void eng_line(struct kvp_result *res, const char *fmt, ...)
{
	va_list ap;

	if (res->engine.n_lines >= KVP_MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(res->engine.lines[res->engine.n_lines], KVP_LINE_MAX, fmt, ap);
	va_end(ap);
	res->engine.n_lines++;
}

void eng_line_at(struct kvp_result *res, uint32_t at, const char *fmt, ...)
{
	struct kvp_engine_result *e = &res->engine;
	va_list ap;

	if (e->n_lines >= KVP_MAX_LINES)
		return;
	if (at > e->n_lines)
		at = e->n_lines;
	memmove(e->lines[at + 1], e->lines[at],
	        (size_t)(e->n_lines - at) * sizeof e->lines[0]);
	va_start(ap, fmt);
	vsnprintf(e->lines[at], KVP_LINE_MAX, fmt, ap);
	va_end(ap);
	e->n_lines++;
}

enum kvp_status eng_capacity(const struct kvp_plan *p, const char *why,
                             uint64_t *cap, struct kvp_error *err)
{
	if (p->devices.n_groups < 1 || p->devices.groups[0].card.capacity_bytes == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"devices: no card chosen - %s needs a card's capacity "
			"(choose a card, or give a byte cap)", why);
	*cap = p->devices.groups[0].card.capacity_bytes;
	return KVP_OK;
}

enum kvp_status eng_overheads(const struct kvp_plan *p, uint64_t *out,
                              struct kvp_error *err)
{
	uint32_t i;
	uint64_t s = 0;

	for (i = 0; i < p->devices.n_overheads && i < KVP_MAX_OVERHEADS; i++)
		if (!kvp_add(s, p->devices.overheads[i].bytes, &s))
			return kvp_error_set(err, KVP_EOVERFLOW,
				"devices.overheads[%u].bytes: %llu - the sum overflows 64 bits",
				i, (unsigned long long)p->devices.overheads[i].bytes);
	*out = s;
	return KVP_OK;
}

uint64_t eng_weights_rank(const struct kvp_result *res, uint32_t tp,
                          uint32_t pp)
{
	uint64_t parts = (uint64_t)(tp ? tp : 1) * (pp ? pp : 1);

	return kvp_ceil_div(res->weights.bytes, parts);
}

/* Positions a layer holds per position stored in the generic view. */
static bool holds_kv(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING ||
	       k == KVP_LAYER_CHUNKED || k == KVP_LAYER_MLA;
}

enum kvp_status eng_finish_kv(const struct kvp_plan *p,
                              struct kvp_result *res, uint64_t slots_full,
                              uint32_t ranks)
{
	struct kvp_kv_result *kv = &res->kv;
	uint32_t i, n = res->n_layers;
	const struct kvp_layer_result *first = NULL;
	uint64_t need = 0, kb = 0, vb = 0, st = 0, dev = 0, host = 0, tot = 0;
	uint64_t bpp = 0, seqs, cb = 0, sb = 0, ib = 0;

	(void)p;
	kv->uniform = true;
	kv->layers_with_kv = 0;
	for (i = 0; i < n; i++) {
		const struct kvp_layer_result *l = &res->layers[i];
		uint64_t kpart, vpart;

		if (!kvp_add(tot, l->bytes, &tot))
			return eng_overflow(res, "kv.bytes");
		if (l->on_device) {
			if (!kvp_add(dev, l->bytes, &dev))
				return eng_overflow(res, "kv.device_bytes");
		} else if (!kvp_add(host, l->bytes, &host)) {
			return eng_overflow(res, "kv.host_bytes");
		}
		if (!kvp_add(cb, l->conv_bytes, &cb) ||
		    !kvp_add(sb, l->ssm_bytes, &sb) ||
		    !kvp_add(ib, l->index_bytes, &ib))
			return eng_overflow(res, "kv.state_bytes");
		if (l->spec.kind == KVP_LAYER_NONE) {
			if (!kvp_add(st, l->bytes, &st))
				return eng_overflow(res, "kv.state_bytes");
			continue;
		}
		if (!holds_kv(l->spec.kind))
			continue;
		/* Split a layer's bytes into K and V by their row widths. */
		if (l->bytes_per_position) {
			kpart = (uint64_t)(((unsigned __int128)l->bytes * l->k_row_bytes) /
			                   l->bytes_per_position);
			vpart = l->bytes - kpart;
		} else {
			kpart = vpart = 0;
		}
		if (!kvp_add(kb, kpart, &kb) || !kvp_add(vb, vpart, &vb))
			return eng_overflow(res, "kv.k_bytes");
		if (!kvp_add(bpp, l->bytes_per_position, &bpp))
			return eng_overflow(res, "kv.bytes_per_position");
		if (!kvp_muladd(&need, l->stored, l->bytes_per_position))
			return eng_overflow(res, "kv.bytes_needed");
		kv->layers_with_kv++;
		if (!first) {
			first = l;
		} else if (first->spec.kind != l->spec.kind ||
		           first->spec.kv_heads != l->spec.kv_heads ||
		           first->spec.k_dim != l->spec.k_dim ||
		           first->spec.v_dim != l->spec.v_dim ||
		           first->spec.window != l->spec.window ||
		           !kvp_format_equal(&first->spec.k_fmt, &l->spec.k_fmt) ||
		           !kvp_format_equal(&first->spec.v_fmt, &l->spec.v_fmt) ||
		           first->bytes_per_position != l->bytes_per_position) {
			kv->uniform = false;
		}
	}
	/* Recurrent states are needed whole for every resident sequence. */
	seqs = kv->sequences ? kv->sequences : 1;
	for (i = 0; i < n; i++)
		if (res->layers[i].spec.kind == KVP_LAYER_NONE &&
		    !kvp_muladd(&need, res->layers[i].spec.state_bytes, seqs))
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
	if (st)
		kv->uniform = false;
	/* every tensor-parallel rank holds its share (or a replica) */
	if (ranks > 1 &&
	    (!kvp_mul(tot, ranks, &tot) || !kvp_mul(need, ranks, &need) ||
	     !kvp_mul(st, ranks, &st) || !kvp_mul(dev, ranks, &dev) ||
	     !kvp_mul(host, ranks, &host) || !kvp_mul(kb, ranks, &kb) ||
	     !kvp_mul(vb, ranks, &vb) || !kvp_mul(bpp, ranks, &bpp) ||
	     !kvp_mul(cb, ranks, &cb) || !kvp_mul(sb, ranks, &sb) ||
	     !kvp_mul(ib, ranks, &ib)))
		return eng_overflow(res, "kv.bytes");
	kv->ranks = ranks ? ranks : 1;
	kv->bytes_per_position = bpp;
	kv->slots_allocated = slots_full;
	kv->bytes = tot;
	kv->bytes_needed = need;
	kv->waste_bytes = tot > need ? tot - need : 0;
	kv->shortfall_bytes = need > tot ? need - tot : 0;
	kv->state_bytes = st;
	kv->device_bytes = dev;
	kv->host_bytes = host;
	kv->k_bytes = kb;
	kv->v_bytes = vb;
	kv->conv_bytes = cb;
	kv->ssm_bytes = sb;
	kv->index_bytes = ib;
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
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = &res->layers[i];

		switch (l->spec.kind) {
		case KVP_LAYER_NONE:
			if (!kvp_add(sum, l->spec.state_bytes, &sum))
				return eng_overflow(res, "kv.bytes_per_sequence");
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

const char *eng_commas(uint64_t v, char *buf, unsigned n)
{
	char digits[32];
	unsigned len, i, o = 0;

	len = (unsigned)snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
	for (i = 0; i < len && o + 2 < n; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

const char *eng_fixed2(uint64_t bytes, uint64_t unit, char *buf, unsigned n)
{
	/* Round half to even, as Python's format() and printf do with the
	 * exact binary value bytes / unit (exact below 2^53 bytes). */
	unsigned __int128 num = (unsigned __int128)bytes * 100;
	unsigned __int128 q = num / unit, r = num % unit;

	if (2 * r > unit || (2 * r == unit && (q & 1)))
		q++;
	snprintf(buf, n, "%llu.%02llu", (unsigned long long)(q / 100),
	         (unsigned long long)(q % 100));
	return buf;
}

double eng_py_floordiv(double x, double y)
{
	double mod = fmod(x, y), div = (x - mod) / y, f;

	if (div == 0.0)
		return 0.0;
	f = floor(div);
	if (div - f > 0.5)
		f += 1.0;
	return f;
}
