/*
 * teach.c - the GQA/MQA teaching table (include/kvplan/teach.h).
 *
 * Rows: MHA, the current grouping and MQA first (always kept), then the
 * divisors of Hq, largest first, while there is room; sorted by Hkv,
 * largest first. Each row is kvp_compute on a copy of the plan with
 * model.base.kv_heads set, plus kvp_solve's concurrency answer on the
 * same copy. Ratios are exact fractions reduced by their gcd, and
 * thousandths rounded half up with checked arithmetic. No allocation:
 * every plan and result lives in the caller's scratch.
 */
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/teach.h"

static const char *const kind_names[KVP_TEACH_KIND_COUNT] = {
	"MHA", "GQA", "MQA",
};

const char *kvp_teach_kind_name(enum kvp_teach_kind k)
{
	return (unsigned)k < KVP_TEACH_KIND_COUNT ? kind_names[k] : "?";
}

/* Add a row for Hkv = h unless present; false when the table is full. */
static bool add_row(struct kvp_teach *t, uint32_t h)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->rows[i].kv_heads == h)
			return true;
	if (t->n >= KVP_TEACH_MAX_ROWS)
		return false;
	memset(&t->rows[t->n], 0, sizeof t->rows[t->n]);
	t->rows[t->n++].kv_heads = h;
	return true;
}

/* Largest s with s * s <= v. */
static uint32_t isqrt32(uint32_t v)
{
	uint64_t s = 0;

	while ((s + 1) * (s + 1) <= v)
		s++;
	return (uint32_t)s;
}

/* The divisors of hq, largest first, while there is room. */
static void add_divisors(struct kvp_teach *t, uint32_t hq)
{
	uint32_t s = isqrt32(hq), d;

	for (d = 1; d <= s; d++)        /* hq / d: hq, hq/2, ... (descending) */
		if (hq % d == 0 && !add_row(t, hq / d))
			t->truncated = true;
	for (d = s; d >= 1; d--)        /* d: sqrt .. 1 (descending) */
		if (hq % d == 0 && !add_row(t, d))
			t->truncated = true;
}

static void sort_desc(struct kvp_teach *t)
{
	size_t i, j;

	for (i = 1; i < t->n; i++)       /* insertion sort: n <= 48 */
		for (j = i; j > 0 && t->rows[j - 1].kv_heads < t->rows[j].kv_heads; j--) {
			struct kvp_teach_row tmp = t->rows[j];

			t->rows[j] = t->rows[j - 1];
			t->rows[j - 1] = tmp;
		}
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t r = a % b;

		a = b;
		b = r;
	}
	return a;
}

/* The bytes per position a ratio compares: the model alone's when
 * known (no engine pool, no TP replicas), else the plan's. */
static uint64_t ratio_bytes(const struct kvp_teach_row *r)
{
	return r->seq_known ? r->model_bytes_per_position : r->bytes_per_position;
}

/* row's bytes per position / the current row's: lowest terms and
 * rounded thousandths. */
static void set_ratio(struct kvp_teach_row *row, const struct kvp_teach_row *cur)
{
	uint64_t g, milli, now = ratio_bytes(cur), mine = ratio_bytes(row);

	if (now == 0)
		return;
	g = gcd64(mine, now);     /* >= 1: now > 0 */
	row->ratio_num = mine / g;
	row->ratio_den = now / g;
	if (!kvp_mul(row->ratio_num, 1000, &milli) ||
	    !kvp_add(milli, row->ratio_den / 2, &milli))
		return;
	row->ratio_milli = milli / row->ratio_den;
	row->ratio_known = true;
}

/* Most class-0 requests that fit, on the row's plan in s->plan. */
static void search_fit(const struct kvp_plan *p, struct kvp_teach_row *row,
                       struct kvp_teach_scratch *s)
{
	struct kvp_solve_opts o = { .what = KVP_SOLVE_CONCURRENCY };

	kvp_error_clear(&row->fit_err);
	if (p->devices.n_groups == 0 || p->workload.n_classes == 0)
		return;
	if (kvp_solve(p, &o, &s->ans, &s->res, &row->fit_err) != KVP_OK)
		return;
	row->fit_known = true;
	row->fit_requests = s->ans.found ? s->ans.value : 0;
	row->fit_sequences = s->ans.found ? s->ans.sequences : 0;
}

/* The row's model alone (see teach.h): generic engine, dynamic storage,
 * no card, no TP, one sequence of class 0. Uses s->plan (the row's plan
 * on entry, the reduced plan on return) and s->res. */
static void model_alone(struct kvp_teach_row *r, struct kvp_teach_scratch *s)
{
	struct kvp_plan *q = &s->plan;
	struct kvp_seq_class c;

	if (q->workload.n_classes == 0)
		return;
	c = q->workload.classes[0];
	c.requests = 1;
	c.samples = 1;
	memset(&q->workload, 0, sizeof q->workload);
	q->workload.n_classes = 1;
	q->workload.classes[0] = c;
	q->engine.kind = KVP_ENGINE_GENERIC;
	q->strategy.kind = KVP_STRAT_DYNAMIC;
	memset(&q->devices, 0, sizeof q->devices);
	q->devices.tp = q->devices.pp = q->devices.dp = 1;
	if (kvp_compute(q, &s->res) != KVP_OK)
		return;
	r->seq_known = true;
	r->model_bytes_per_position = s->res.kv.bytes_per_position;
	r->seq_bytes = s->res.kv.bytes_needed;
}

/* One rank's share under TP (devices.tp ranks, each holding the same
 * bytes: Hkv / tp heads, or one replicated head when Hkv < tp), from the
 * row's result. A named engine states its letters per rank (kv.ranks);
 * the generic strategies state the whole model's, replicas included in
 * bytes_per_position. */
static void rank_share(struct kvp_teach_row *r, uint32_t tp,
                       const struct kvp_result *res)
{
	r->ranks = tp ? tp : 1;
	r->replicated = r->kv_heads < r->ranks;
	if (res->kv.ranks > 1)
		r->heads_per_rank = res->kv.kv_heads;
	else if (r->replicated || r->kv_heads % r->ranks == 0)
		r->heads_per_rank = r->replicated ? 1 : r->kv_heads / r->ranks;
	else
		r->heads_per_rank = 0;   /* uneven: not a whole number per rank */
	if (res->kv.bytes_per_position % r->ranks == 0)
		r->rank_bytes_per_position = res->kv.bytes_per_position / r->ranks;
}

enum kvp_status kvp_teach(const struct kvp_plan *p, struct kvp_teach *out,
                          struct kvp_teach_scratch *scratch,
                          struct kvp_error *err)
{
	uint32_t hq = p->model.q_heads, cur = p->model.base.kv_heads;
	const struct kvp_teach_row *now = NULL;
	bool seen = false;
	uint64_t bpp0 = 0;
	size_t i;

	if (hq == 0)
		return kvp_error_set(err, KVP_EINVAL,
		                     "model.q_heads: 0 - must be at least 1");
	if (cur == 0)
		return kvp_error_set(err, KVP_EINVAL,
		                     "model.base.kv_heads: 0 - must be at least 1");
	memset(out, 0, offsetof(struct kvp_teach, rows));
	out->q_heads = hq;
	out->current_kv_heads = cur;
	out->trained_kv_heads = p->model.trained_kv_heads ? p->model.trained_kv_heads
	                                                  : cur;
	add_row(out, hq);               /* the table is empty: these fit */
	add_row(out, cur);
	add_row(out, 1);
	add_divisors(out, hq);
	sort_desc(out);

	for (i = 0; i < out->n; i++) {
		struct kvp_teach_row *r = &out->rows[i];

		r->current = r->kv_heads == cur;
		r->kind = r->kv_heads == hq ? KVP_TEACH_MHA
		        : r->kv_heads == 1 ? KVP_TEACH_MQA : KVP_TEACH_GQA;
		r->group = hq % r->kv_heads == 0 ? hq / r->kv_heads : 0;
		scratch->plan = *p;
		scratch->plan.model.base.kv_heads = r->kv_heads;
		r->ok = kvp_compute(&scratch->plan, &scratch->res) == KVP_OK;
		if (!r->ok) {
			/* the engine refuses this grouping; the model alone
			 * still has its bytes */
			r->err = scratch->res.error;
			model_alone(r, scratch);
			if (r->current && r->seq_known)
				now = r;
			continue;
		}
		r->bytes_per_position = scratch->res.kv.bytes_per_position;
		r->bytes = scratch->res.kv.bytes;
		r->sequences = scratch->res.kv.sequences;
		r->speed_known = scratch->res.speed.known;
		r->kv_read_per_sequence = scratch->res.speed.kv_read_per_sequence;
		r->seq_tps_milli = scratch->res.speed.seq_tps_milli;
		r->aggregate_tps_milli = scratch->res.speed.aggregate_tps_milli;
		rank_share(r, p->devices.tp, &scratch->res);
		search_fit(&scratch->plan, r, scratch);
		scratch->plan = *p;
		scratch->plan.model.base.kv_heads = r->kv_heads;
		model_alone(r, scratch);
		if (r->current)
			now = r;
		if (!seen) {
			seen = true;
			bpp0 = r->bytes_per_position;
		} else if (r->bytes_per_position != bpp0) {
			out->heads_matter = true;
		}
	}
	if (now) {
		for (i = 0; i < out->n; i++)
			if (out->rows[i].ok || out->rows[i].seq_known)
				set_ratio(&out->rows[i], now);
	}
	return KVP_OK;
}
