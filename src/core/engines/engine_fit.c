/*
 * engine_fit.c - the workload against an engine's pool: the workload as
 * request kinds, how many requests fit at once (cheapest first), and how
 * many requests of the workload's mix fit, scaled. See engine_priv.h.
 */
#include <stdio.h>  /* snprintf into caller buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "kvplan/checked.h"

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

