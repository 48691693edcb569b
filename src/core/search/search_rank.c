/*
 * search_rank.c - judging and ranking the deployment search's list
 * (include/kvplan/search.h; the list is made by search.c).
 *
 * The list arrives sorted by the ranking keys known before computing
 * (cards and capacity bought; price first under --rank price). It is
 * judged one group of equal keys at a time; within a group the fitting
 * configurations are ordered by the most free memory on their tightest
 * device. Each configuration is judged by the full computation with
 * kvp_solve's meaning of "fits" (kvp_solve_try_fit), except where a rule
 * below proves the outcome without computing it:
 *
 * KVP_PRUNE_SAME_PLAN. A configuration's plan (kvp_search_plan) is made
 *   from its card, card count, tp, pp, dp, engine and formats; per node
 *   and nodes only choose which layouts are listed (tp divides the cards
 *   of one node). Two configurations equal in all of the former give
 *   byte-identical plans, and kvp_compute is a pure function of the
 *   plan: the second takes the first's outcome.
 *
 * KVP_PRUNE_WEIGHTS. Every device's free memory is (budget.c)
 *     capacity - (weights + KV + activations + retained + overheads +
 *                 headroom),
 *   every term a non-negative integer. Weights depend on the model, the
 *   weight format, tp, pp and the device's stage and rank; overheads on
 *   the plan's list, which kvp_search_plan sets from tp and pp; headroom
 *   on the card and the plan's reserve. None depends on the KV format
 *   or on dp (dp only changes which requests a replica holds, so the
 *   replica-0 devices exist for every dp). So when a computed
 *   configuration has a device with weights + overheads + headroom >
 *   capacity, every configuration with the same (engine, card, weight
 *   format, tp, pp) has that device over too, whatever its KV format or
 *   dp: it cannot fit. The engine is part of the key so an engine that
 *   places weights elsewhere (host offload) is never judged by another's
 *   figures. The memo holds one verdict per key in buf->floor.
 *
 * KVP_PRUNE_RANKED (off when exhaustive). The ranking compares the keys
 *   known before computing first; the answers are the first `top`
 *   fitting configurations in ranking order. Once a whole group has
 *   been judged and `top` configurations fit, every later group has
 *   strictly greater keys, so none of its configurations can rank
 *   before any found answer: they are left SKIPPED.
 *
 * The answers are then verified: recomputed (they fit), the most
 * requests of the workload's mix that fit found with kvp_solve_mix (N
 * fit and N + 1 do not, both computed), the N + 1 plan computed again
 * to name what binds, and, with length_slack, the longest class-0 length
 * solved with kvp_solve (its own check: it fits, one more token does
 * not). Each card's nearest miss is its failing configuration closest
 * to fitting (least short_ppm) among those ranked before that card's
 * first fitting one, recomputed for its reason.
 */
#include <stdio.h>   /* snprintf only */
#include <stdlib.h>  /* qsort */
#include <string.h>

#include "core/search/search_priv.h"
#include "core/search/solve_priv.h"
#include "kvplan/compute.h"
#include "kvplan/units.h"

/* short_ppm: shortfalls are capped at 10^12 ppm; a refusal (nothing to
 * measure) ranks after every measured miss */
#define SHORT_CAP     1000000000000ull
#define SHORT_REFUSED (SHORT_CAP + 1)

static uint64_t ppm_of(uint64_t part, uint64_t whole)
{
	unsigned __int128 q;

	if (whole == 0)
		return SHORT_CAP;
	q = (unsigned __int128)part * 1000000u / whole;
	return q > SHORT_CAP ? SHORT_CAP : (uint64_t)q;
}

/* ---- the weights memo (KVP_PRUNE_WEIGHTS) ----------------------------- */

static uint32_t floor_key(const struct kvp_search_cfg *c)
{
	/* engine 3 bits, card 5, w 8, tp 7, pp 7 = 30 bits */
	return ((uint32_t)c->engine << 27) | ((uint32_t)(c->card & 31) << 22) |
	       ((uint32_t)c->w << 14) | ((uint32_t)(c->tp & 127) << 7) |
	       (uint32_t)(c->pp & 127);
}

/* Slot layout: key + 1 in the high 32 bits, the shortfall in ppm of the
 * card in the low 32 (0: not over). */
static uint64_t *floor_slot(struct kvp_search_buf *b, uint32_t key)
{
	size_t mask = b->cap_floor - 1, i, k;

	if (!b->floor || b->cap_floor == 0 || (b->cap_floor & mask))
		return NULL;
	i = (size_t)((key * 2654435761u) & mask);
	for (k = 0; k < b->cap_floor; k++, i = (i + 1) & mask) {
		uint64_t v = b->floor[i];

		if (v == 0 || (uint32_t)(v >> 32) == key + 1)
			return &b->floor[i];
	}
	return NULL;   /* full: the rule simply does not apply */
}

/* After a computation: is some device over on weights + overheads +
 * headroom alone? Record the verdict for the key. */
static void floor_note(struct kvp_search_buf *b, const struct kvp_search_cfg *c,
                       const struct kvp_result *r)
{
	uint64_t *slot = floor_slot(b, floor_key(c)), worst = 0;
	uint32_t i;

	if (!slot || *slot)
		return;
	for (i = 0; i < r->n_devices; i++) {
		const struct kvp_device_result *d = &r->devices[i];
		unsigned __int128 fl = (unsigned __int128)d->weights_bytes +
		                       d->rotary_bytes + d->overhead_bytes +
		                       d->headroom_bytes;

		if (fl > d->capacity_bytes) {
			uint64_t over = fl - d->capacity_bytes > UINT64_MAX ?
			                UINT64_MAX :
			                (uint64_t)(fl - d->capacity_bytes);
			uint64_t p = ppm_of(over, d->capacity_bytes);

			if (p == 0)
				p = 1;
			if (p > worst)
				worst = p;
		}
	}
	if (worst > UINT32_MAX)
		worst = UINT32_MAX;
	*slot = ((uint64_t)(floor_key(c) + 1) << 32) | (uint32_t)worst;
}

/* ---- judging one configuration ---------------------------------------- */

static void judge_computed(struct kvp_search_cfg *c, const struct kvp_plan *p,
                           const struct kvp_result *r, bool fits)
{
	uint64_t want = kvp_solve_active_requests(p);
	uint32_t d = kvp_solve_tightest(r);

	c->device = (uint16_t)d;
	c->free_bytes = r->n_devices ? r->devices[d].free_bytes : 0;
	c->tps_milli = r->speed.known ? r->speed.aggregate_tps_milli : 0;
	if (fits) {
		c->state = KVP_CFG_FITS;
		c->why = KVP_WHY_NONE;
		c->short_ppm = 0;
		return;
	}
	c->state = KVP_CFG_FAILS;
	if (r->n_devices && c->free_bytes < 0) {
		c->why = KVP_WHY_DEVICE;
		c->short_ppm = ppm_of((uint64_t)0 - (uint64_t)c->free_bytes,
		                      r->devices[d].capacity_bytes);
		return;
	}
	c->why = r->engine.max_requests && r->engine.max_requests < want ?
	         KVP_WHY_MAX_REQUESTS : KVP_WHY_POOL;
	c->short_ppm = ppm_of(want > r->engine.workload_fit ?
	                      want - r->engine.workload_fit : 0, want);
}

/* Configuration k judged: by the one before it (the same plan), by the
 * weights floor, else computed. *planned: b->work holds the plan of
 * another configuration, made here since the pass began (judge_all). */
static void judge(const struct kvp_plan *base, const struct kvp_search_space *s,
                  const struct kvp_search_opts *o, struct kvp_search_buf *b,
                  size_t k, struct kvp_search_stats *st, bool *planned)
{
	struct kvp_search_cfg *c = &b->cfgs[k];
	bool fits = false, computed = false;
	uint64_t *slot;

	if ((o->prune & KVP_PRUNE_SAME_PLAN) && k > 0 &&
	    b->cfgs[k - 1].state != KVP_CFG_PENDING &&
	    kvp_search_same_plan(&b->cfgs[k - 1], c)) {
		const struct kvp_search_cfg *prev = &b->cfgs[k - 1];

		c->state = prev->state;
		c->why = prev->why;
		c->free_bytes = prev->free_bytes;
		c->device = prev->device;
		c->short_ppm = prev->short_ppm;
		c->tps_milli = prev->tps_milli;
		st->same_plan++;
		return;
	}
	if (o->prune & KVP_PRUNE_WEIGHTS) {
		slot = floor_slot(b, floor_key(c));
		if (slot && *slot && (uint32_t)*slot) {
			c->state = KVP_CFG_PRUNED;
			c->why = KVP_WHY_WEIGHTS;
			c->short_ppm = (uint32_t)*slot;
			st->pruned++;
			return;
		}
	}
	if (*planned)
		kvp_search_plan_again(base, s, c, b->work);
	else
		kvp_search_plan(base, s, c, b->work);
	*planned = true;   /* try_fit and judge_computed only read it */
	st->computed++;
	if (kvp_solve_try_fit(b->work, b->scratch, &fits, &computed, NULL) !=
	    KVP_OK || !computed) {
		c->state = KVP_CFG_REFUSED;
		c->why = KVP_WHY_REFUSED;
		c->short_ppm = SHORT_REFUSED;
		return;
	}
	judge_computed(c, b->work, b->scratch, fits);
	if (o->prune & KVP_PRUNE_WEIGHTS)
		floor_note(b, c, b->scratch);
}

/* Within one group: fitting first, most free first, then identity. */
static int group_cmp(const struct kvp_search_cfg *a,
                     const struct kvp_search_cfg *b)
{
	bool fa = a->state == KVP_CFG_FITS, fb = b->state == KVP_CFG_FITS;

	if (fa != fb)
		return fa ? -1 : 1;
	if (fa && a->free_bytes != b->free_bytes)
		return a->free_bytes > b->free_bytes ? -1 : 1;
	return kvp_search_cmp_identity(a, b);
}

static void sort_group(struct kvp_search_cfg *g, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {   /* insertion sort: groups are small */
		struct kvp_search_cfg v = g[i];

		for (j = i; j > 0 && group_cmp(&v, &g[j - 1]) < 0; j--)
			g[j] = g[j - 1];
		g[j] = v;
	}
}

static void judge_all(const struct kvp_plan *base,
                      const struct kvp_search_space *s,
                      const struct kvp_search_opts *o,
                      struct kvp_search_buf *b, struct kvp_search_out *out)
{
	struct kvp_search_stats *st = &out->stats;
	size_t n = out->n_cfgs, i = 0, j, k, top = o->top ? o->top : 1;
	bool lazy = !o->exhaustive && (o->prune & KVP_PRUNE_RANKED) &&
	            o->rank != KVP_RANK_THROUGHPUT, planned = false;

	for (k = 0; k < n; k++)
		b->cfgs[k].state = KVP_CFG_PENDING;
	if (b->floor)
		memset(b->floor, 0, b->cap_floor * sizeof b->floor[0]);
	while (i < n) {
		for (j = i + 1; j < n && !kvp_search_cmp_keys(o->rank,
		                         &b->cfgs[i], &b->cfgs[j]); j++)
			;
		for (k = i; k < j; k++) {
			judge(base, s, o, b, k, st, &planned);
			if (b->cfgs[k].state == KVP_CFG_FITS)
				st->fitting++;
		}
		sort_group(&b->cfgs[i], j - i);
		i = j;
		if (lazy && st->fitting >= top)
			break;
	}
	for (k = i; k < n; k++) {
		b->cfgs[k].state = KVP_CFG_SKIPPED;
		st->skipped++;
	}
	st->complete = st->skipped == 0;
}

/* ---- verifying the answers -------------------------------------------- */

/* What stops one more request: the plan with the mix scaled to n + 1
 * (n: the most that fit, kvp_solve_mix's figure) computed once more. */
static void binding_of(struct kvp_search_buf *b, const struct kvp_plan *p,
                       uint64_t n, struct kvp_search_answer *a)
{
	uint64_t ragged = p->workload.ragged ? p->workload.n_ragged : 0;
	char why[KVP_LINE_MAX / 2], nb[32];
	bool fits = false, computed = false;
	const struct kvp_result *r = b->scratch;

	if (n < ragged || !kvp_solve_mix_plan(p, n - ragged + 1, b->work)) {
		kvp_solve_line(a->binding, sizeof a->binding, "ragged lengths as given");
		return;
	}
	if (kvp_solve_try_fit(b->work, b->scratch, &fits, &computed, NULL) !=
	    KVP_OK)
		computed = false;
	kvp_solve_why_not(b->work, r, computed, why, sizeof why);
	kvp_fmt_int(n + 1, nb, sizeof nb);
	if (computed && r->n_devices &&
	    r->devices[kvp_solve_tightest(r)].free_bytes < 0) {
		const struct kvp_device_result *d = &r->devices[kvp_solve_tightest(r)];

		kvp_solve_line(a->binding, sizeof a->binding,
			       "%s on device %u (tp rank %u, pp stage %u, "
			       "dp replica %u): at %s requests %s",
			       d->kv_bytes >= d->activations_bytes + d->retained_bytes ?
			       "KV" : "activations", kvp_solve_tightest(r),
			       d->tp_rank, d->pp_stage, d->dp_replica, nb, why);
	} else {
		kvp_solve_line(a->binding, sizeof a->binding, "%s admission: at %s "
			       "requests %s", kvp_engine_name(b->work->engine.kind), nb,
			       why);
	}
}

/*
 * The most requests of p's mix that fit, checked: N fit and N + 1 do
 * not. A named engine states how many of the mix its pool holds
 * (engine.mix_fit of the answer's result r): when that figure passes the
 * check (both computed), it is the answer; otherwise, and for the generic
 * strategy or ragged lengths, kvp_solve_mix searches. Both end with the
 * same check, so either way "N fit, N + 1 do not" was computed.
 */
static enum kvp_status most_requests(struct kvp_search_buf *b,
                                     const struct kvp_plan *p,
                                     uint64_t guess, uint64_t *n,
                                     bool *bound, struct kvp_error *err)
{
	bool fits = false, more = true, computed;

	if (guess && p->engine.kind != KVP_ENGINE_GENERIC &&
	    p->workload.n_ragged == 0 &&
	    kvp_solve_mix_plan(p, guess, b->work) &&
	    kvp_solve_try_fit(b->work, b->scratch, &fits, &computed, NULL) ==
	    KVP_OK && fits &&
	    kvp_solve_mix_plan(p, guess + 1, b->work) &&
	    kvp_solve_try_fit(b->work, b->scratch, &more, &computed, NULL) ==
	    KVP_OK && !more) {
		*n = guess;
		*bound = true;
		return KVP_OK;
	}
	return kvp_solve_mix(p, b->scratch, n, bound, err);
}

static enum kvp_status verify(const struct kvp_plan *base,
                              const struct kvp_search_space *s,
                              const struct kvp_search_opts *o,
                              struct kvp_search_buf *b, uint32_t idx,
                              struct kvp_search_answer *a,
                              struct kvp_error *err)
{
	struct kvp_plan *answer = b->work;
	struct kvp_plan p;   /* the answer's plan, kept across the calls
	                        below that use b->work */
	bool fits = false, computed = false;
	char n1[32], n2[32];
	enum kvp_status st;
	uint64_t n = 0;

	memset(a, 0, sizeof *a);
	a->cfg = idx;
	kvp_search_plan(base, s, &b->cfgs[idx], answer);
	p = *answer;
	a->requests = kvp_solve_active_requests(&p);
	st = kvp_solve_try_fit(&p, b->scratch, &fits, &computed, err);
	if (st != KVP_OK)
		return st;
	a->verified = fits && computed;
	a->device = kvp_solve_tightest(b->scratch);
	a->free_bytes = b->scratch->n_devices ?
	                b->scratch->devices[a->device].free_bytes : 0;
	a->length = b->scratch->n_classes ? b->scratch->classes[0].length : 0;
	if (!a->verified) {
		kvp_solve_line(a->check, sizeof a->check, "does NOT fit when recomputed");
		return KVP_OK;
	}
	st = most_requests(b, &p, b->scratch->engine.mix_fit, &n, &a->bound,
	                   err);
	if (st != KVP_OK)
		return st;
	a->max_requests = n;
	kvp_fmt_int(n, n1, sizeof n1);
	kvp_fmt_int(n + 1, n2, sizeof n2);
	if (a->bound) {
		binding_of(b, &p, n, a);
		kvp_solve_line(a->check, sizeof a->check, "%s request%s of the mix fit%s; "
			       "%s do not", n1, n == 1 ? "" : "s", n == 1 ? "s" : "", n2);
	} else {
		kvp_solve_line(a->binding, sizeof a->binding, "nothing binds below 2^40 "
			       "requests");
		kvp_solve_line(a->check, sizeof a->check, "fits; more requests never bind");
	}
	if (o->length_slack && b->solve && p.workload.n_classes > 0 &&
	    p.workload.classes[0].requests > 0) {
		struct kvp_solve_opts so;

		memset(&so, 0, sizeof so);
		so.what = KVP_SOLVE_LENGTH;
		if (kvp_solve(&p, &so, b->solve, b->scratch, NULL) == KVP_OK &&
		    b->solve->found && b->solve->answer_fits &&
		    (!b->solve->has_next || !b->solve->next_fits))
			a->max_length = b->solve->value;
	}
	return KVP_OK;
}

/* ---- nearest misses --------------------------------------------------- */

static bool failed(const struct kvp_search_cfg *c)
{
	return c->state == KVP_CFG_FAILS || c->state == KVP_CFG_REFUSED ||
	       c->state == KVP_CFG_PRUNED;
}

static void misses(const struct kvp_plan *base, const struct kvp_search_space *s,
                   struct kvp_search_buf *b, struct kvp_search_out *out)
{
	size_t k, best[KVP_SEARCH_MAX_CARDS];
	bool fit_seen[KVP_SEARCH_MAX_CARDS] = { false };
	uint32_t c;
	bool fits, computed;
	char why[KVP_LINE_MAX];

	for (c = 0; c < KVP_SEARCH_MAX_CARDS; c++)
		best[c] = SIZE_MAX;
	for (k = 0; k < out->n_cfgs; k++) {
		const struct kvp_search_cfg *x = &b->cfgs[k];

		c = x->card;
		if (c >= KVP_SEARCH_MAX_CARDS || fit_seen[c])
			continue;
		if (x->state == KVP_CFG_FITS) {
			fit_seen[c] = true;
			continue;
		}
		/* least short; a tie goes to the later (more cards) */
		if (failed(x) && (best[c] == SIZE_MAX ||
		    x->short_ppm <= b->cfgs[best[c]].short_ppm))
			best[c] = k;
	}
	out->n_misses = 0;
	for (k = 0; k < out->n_cfgs && out->n_misses < b->cap_misses; k++) {
		struct kvp_search_miss *m;

		c = b->cfgs[k].card;
		if (c >= KVP_SEARCH_MAX_CARDS || best[c] != k)
			continue;
		m = &b->misses[out->n_misses++];
		m->cfg = (uint32_t)k;
		kvp_search_plan(base, s, &b->cfgs[k], b->work);
		fits = computed = false;
		if (kvp_solve_try_fit(b->work, b->scratch, &fits, &computed,
		                      NULL) != KVP_OK)
			kvp_solve_line(why, sizeof why, "%s", b->scratch->error.msg);
		else
			kvp_solve_why_not(b->work, b->scratch, computed, why,
			                  sizeof why);
		kvp_solve_line(m->reason, sizeof m->reason, "%s", why);
	}
}

/* ---- ranking by throughput ------------------------------------------- */

/* Fitting first; among them a known bound before an unknown one, the
 * highest bound first, then as the cards ranking (cards, capacity, most
 * free), then identity. */
static int cmp_throughput(const void *x, const void *y)
{
	const struct kvp_search_cfg *a = x, *b = y;
	bool fa = a->state == KVP_CFG_FITS, fb = b->state == KVP_CFG_FITS;
	int k;

	if (fa != fb)
		return fa ? -1 : 1;
	if (fa && a->tps_milli != b->tps_milli)
		return a->tps_milli > b->tps_milli ? -1 : 1;
	k = kvp_search_cmp_keys(KVP_RANK_CARDS, a, b);
	if (k)
		return k;
	if (fa && a->free_bytes != b->free_bytes)
		return a->free_bytes > b->free_bytes ? -1 : 1;
	return kvp_search_cmp_identity(a, b);
}

/* Sort the list by throughput; the misses follow their configurations. */
static void sort_throughput(struct kvp_search_buf *b,
                            struct kvp_search_out *out)
{
	struct kvp_search_cfg keep[KVP_SEARCH_MAX_CARDS];
	size_t i, k, n = out->n_misses < KVP_SEARCH_MAX_CARDS ?
	                 out->n_misses : KVP_SEARCH_MAX_CARDS;

	for (i = 0; i < n; i++)
		keep[i] = b->cfgs[b->misses[i].cfg];
	qsort(b->cfgs, out->n_cfgs, sizeof b->cfgs[0], cmp_throughput);
	for (i = 0; i < n; i++)
		for (k = 0; k < out->n_cfgs; k++)
			if (!kvp_search_cmp_identity(&keep[i], &b->cfgs[k])) {
				b->misses[i].cfg = (uint32_t)k;
				break;
			}
}

/* ---- the whole search ------------------------------------------------- */

static enum kvp_status check_base(const struct kvp_plan *base,
                                  const struct kvp_search_space *s,
                                  const struct kvp_search_opts *o,
                                  struct kvp_search_buf *b,
                                  struct kvp_error *err)
{
	uint32_t c;
	enum kvp_status st;

	if (!b->cfgs || !b->answers || !b->scratch || !b->work ||
	    b->cap_answers < (o->top ? o->top : 1))
		return kvp_error_set(err, KVP_EINVAL,
			"search: buffers missing or fewer answers than top %u",
			o->top);
	if (o->rank == KVP_RANK_PRICE)
		for (c = 0; c < s->n_cards; c++)
			if (s->price_micro[c] == 0)
				return kvp_error_set(err, KVP_EINVAL,
					"--prices: no price for card '%s' - give "
					"one, or leave the card out (--cards)",
					s->cards[c].name);
	/* the model and workload must compute as given: on no card, under
	 * the core's own strategy (an engine may need a card to size its
	 * pool; each configuration brings one) */
	*b->work = *base;
	b->work->devices.n_groups = 0;
	b->work->devices.tp = b->work->devices.pp = b->work->devices.dp = 1;
	b->work->engine.kind = KVP_ENGINE_GENERIC;
	st = kvp_compute(b->work, b->scratch);
	if (st != KVP_OK && st != KVP_EREFUSED) {
		if (err) {
			err->status = b->scratch->error.status;
			memcpy(err->msg, b->scratch->error.msg, sizeof err->msg);
		}
		return st;
	}
	return KVP_OK;
}

enum kvp_status kvp_search_rank_list(const struct kvp_plan *base,
                                     const struct kvp_search_space *s,
                                     const struct kvp_search_opts *o,
                                     struct kvp_search_buf *b,
                                     struct kvp_search_out *out,
                                     struct kvp_error *err)
{
	size_t k, top = o->top ? o->top : 1;
	enum kvp_status st;
	uint64_t conf = out->stats.configurations;

	st = check_base(base, s, o, b, err);
	if (st != KVP_OK)
		return st;
	memset(&out->stats, 0, sizeof out->stats);
	out->stats.configurations = conf;
	out->n_answers = out->n_misses = 0;
	judge_all(base, s, o, b, out);
	/* misses are found in the cards order (before the throughput sort:
	 * "ranked before the card's first fitting one" means fewer cards) */
	if (b->misses && b->cap_misses)
		misses(base, s, b, out);
	if (o->rank == KVP_RANK_THROUGHPUT)
		sort_throughput(b, out);
	for (k = 0; k < out->n_cfgs && out->n_answers < top; k++) {
		if (b->cfgs[k].state != KVP_CFG_FITS)
			continue;
		st = verify(base, s, o, b, (uint32_t)k,
		            &b->answers[out->n_answers], err);
		if (st != KVP_OK)
			return st;
		out->n_answers++;
	}
	return KVP_OK;
}

enum kvp_status kvp_search(const struct kvp_plan *base,
                           const struct kvp_search_space *s,
                           const struct kvp_search_opts *o,
                           struct kvp_search_buf *buf,
                           struct kvp_search_out *out,
                           struct kvp_error *err)
{
	enum kvp_status st = kvp_search_enumerate(base, s, o, buf, out, err);

	if (st != KVP_OK)
		return st;
	return kvp_search_rank_list(base, s, o, buf, out, err);
}
