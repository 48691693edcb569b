/*
 * src/core/search/ - questions answered by running kvp_compute many
 * times; no stage of it. solve.c (this file) answers backwards ("the
 * largest X that fits"), mix_fit.c how many of the workload's requests
 * and of its mix the deployment takes at once;
 * search.c lists the deployments worth trying (layouts, formats,
 * engines) and search_rank.c computes, prunes and ranks them.
 *
 * solve.c - answers backwards (include/kvplan/solve.h).
 *
 * Every question is "the largest X that fits", where fits means
 * kvp_compute succeeds and every device fits (res->fits). A plan whose
 * figures overflow 64 bits, or that the chosen engine refuses, does not
 * fit. Counts and lengths: exponential search for a failing bound, then
 * binary search between the last fit and the first failure (fitting is
 * monotone in requests and length: every byte figure grows with them).
 * Formats: the engine's formats from most to least precise, the first
 * that fits. Cards: N = 1, 2, ... cards of group 0's type, for each N
 * the TP/PP layouts with tp dividing N/dp (largest tp first), the first
 * that fits.
 *
 * Every answer is then recomputed twice: the answer must fit and "one
 * more" (value + 1, the next more precise format, N - 1 cards) must not;
 * the results go into the answer's check line. No allocation: plans are
 * copied on the stack (struct kvp_plan is plain data), results go into
 * the caller's scratch.
 */
#include <stdarg.h>
#include <stdio.h>   /* snprintf only */
#include <string.h>

#include "core/internal.h"
#include "core/device/placement.h"
#include "core/search/solve_priv.h"
#include "kvplan/checked.h"
#include "kvplan/compute.h"
#include "kvplan/solve.h"
#include "kvplan/speed.h"
#include "kvplan/units.h"

#define SOLVE_CAP (1ull << 40)   /* "nothing binds" beyond this */

static const char *const names[KVP_SOLVE_FOR_COUNT] = {
	"concurrency", "length", "kv-format", "cards", "max-model-len",
	"throughput",
};

const char *kvp_solve_name(enum kvp_solve_for f)
{
	return (unsigned)f < KVP_SOLVE_FOR_COUNT ? names[f] : "?";
}

enum kvp_status kvp_solve_parse(const char *s, enum kvp_solve_for *out,
                                struct kvp_error *err)
{
	unsigned i;

	for (i = 0; i < KVP_SOLVE_FOR_COUNT; i++)
		if (s && !strcmp(s, names[i])) {
			*out = (enum kvp_solve_for)i;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"--for: '%s' - expected concurrency, length, kv-format, cards, "
		"max-model-len, throughput or deployment", s ? s : "");
}

/* ---- fitting ---------------------------------------------------------- */

/* Requests active at once (classes and ragged lengths). */
uint64_t kvp_solve_active_requests(const struct kvp_plan *p)
{
	uint64_t n = p->workload.n_ragged;
	uint32_t c;

	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		n += p->workload.classes[c].requests;
	return n;
}

/* Compute p into r; *fits: the verdict is "fits" (kvplan/verdict.h):
 * every device fits and, with a named engine, the engine admits every
 * active request at once (its pool is sized from memory, so the devices
 * alone always "fit"), and no request is longer than the model's
 * positions or the engine's max_model_len (issue 31: solve --for length
 * answered past the model's positions). *computed false on overflow or
 * refusal, which count as not fitting. Other errors are the plan's and
 * are returned. */
enum kvp_status kvp_solve_try_fit(const struct kvp_plan *p,
                                  struct kvp_result *r, bool *fits,
                                  bool *computed, struct kvp_error *err)
{
	enum kvp_status st = kvp_compute(p, r);

	*fits = false;
	*computed = st == KVP_OK;
	if (st == KVP_OK) {
		*fits = r->verdict.state == KVP_VERDICT_FITS;
		return KVP_OK;
	}
	if (st == KVP_EOVERFLOW || st == KVP_EREFUSED)
		return KVP_OK;
	if (err) {
		err->status = r->error.status;
		memcpy(err->msg, r->error.msg, sizeof err->msg);
	}
	return st;
}

/* The device with the least free memory (0 when there are none). */
uint32_t kvp_solve_tightest(const struct kvp_result *r)
{
	uint32_t i, w = 0;

	for (i = 1; i < r->n_devices; i++)
		if (r->devices[i].free_bytes < r->devices[w].free_bytes)
			w = i;
	return w;
}

void kvp_solve_binding(const struct kvp_result *r, char *buf, size_t n)
{
	const struct kvp_device_result *d;
	char w[32], kv[32], a[32], o[32], h[32], used[32], cap[32], fr[32];
	char rt[64] = "";
	uint64_t sum;
	uint32_t i;

	if (n)
		buf[0] = '\0';
	if (r->n_devices == 0)
		return;
	i = kvp_solve_tightest(r);
	d = &r->devices[i];
	sum = d->weights_bytes + d->kv_bytes + d->activations_bytes +
	      d->retained_bytes + d->overhead_bytes + d->headroom_bytes +
	      d->rotary_bytes;
	kvp_fmt_gib(d->weights_bytes, 2, w, sizeof w);
	if (d->rotary_bytes) {   /* vLLM's rotary tables (result.h) */
		kvp_fmt_gib(d->rotary_bytes, 2, o, sizeof o);
		snprintf(rt, sizeof rt, " + rotary tables %s", o);
	}
	kvp_fmt_gib(d->kv_bytes, 2, kv, sizeof kv);
	kvp_fmt_gib(d->activations_bytes + d->retained_bytes, 2, a, sizeof a);
	kvp_fmt_gib(d->overhead_bytes, 2, o, sizeof o);
	kvp_fmt_gib(d->headroom_bytes, 2, h, sizeof h);
	kvp_fmt_gib(sum, 2, used, sizeof used);
	kvp_fmt_gib(d->capacity_bytes, 2, cap, sizeof cap);
	kvp_fmt_gib(d->free_bytes < 0 ? (uint64_t)0 - (uint64_t)d->free_bytes
	                              : (uint64_t)d->free_bytes, 2, fr, sizeof fr);
	snprintf(buf, n, "device %u (%s) is %s: weights %s%s + KV %s + "
		"activations %s + overhead %s + your reserve %s = %s of %s, %s %s",
		i, d->name, d->free_bytes < 0 ? "over" : "full", w, rt, kv, a, o, h,
		used, cap, fr, d->free_bytes < 0 ? "over" : "left free");
}

/* snprintf for display lines: truncation is acceptable there. */
void kvp_solve_line(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

/* src into buf (n bytes), cut at the last blank before the end with
 * "..." when it does not fit: a message is never cut mid-word. */
static const char *cut_words(const char *src, char *buf, size_t n)
{
	size_t len = strlen(src), at;

	if (n == 0)
		return "";
	if (len < n) {
		memcpy(buf, src, len + 1);
		return buf;
	}
	if (n < 5) {
		buf[0] = '\0';
		return buf;
	}
	at = n - 4;               /* room for "..." and the terminator */
	while (at > 0 && src[at] != ' ')
		at--;
	while (at > 0 && src[at - 1] == ' ')
		at--;
	memcpy(buf, src, at);
	memcpy(buf + at, "...", 4);
	return buf;
}

/* "requests"/"tokens" as written, or singular for one. */
static const char *noun(const char *plural, uint64_t n)
{
	if (n != 1)
		return plural;
	if (!strcmp(plural, "requests"))
		return "request";
	if (!strcmp(plural, "tokens"))
		return "token";
	return plural;
}

/* Why plan p (computed into r, or not) does not fit, for the check
 * line: the device most over, or the engine's admission limit. */
void kvp_solve_why_not(const struct kvp_plan *p, const struct kvp_result *r,
                       bool computed, char *buf, size_t n)
{
	char b[32], c[32];
	uint32_t i;
	uint64_t want;

	if (!computed) {
		/* the message cut at a blank to fit buf with its words */
		static const char pre[] = "it does not compute ()";
		char msg[KVP_LINE_MAX];
		size_t room = n > sizeof pre ? n - (sizeof pre - 1) : 1;

		if (room > sizeof msg)
			room = sizeof msg;
		kvp_solve_line(buf, n, "it does not compute (%s)",
			       cut_words(r->error.msg, msg, room));
		return;
	}
	if (r->n_devices == 0) {
		kvp_solve_line(buf, n, "no device");
		return;
	}
	i = kvp_solve_tightest(r);
	if (r->devices[i].free_bytes < 0) {
		kvp_solve_line(buf, n, "device %u over by %s", i,
			kvp_fmt_gib((uint64_t)0 - (uint64_t)r->devices[i].free_bytes,
			            2, b, sizeof b));
		return;
	}
	if (r->verdict.state == KVP_VERDICT_NO_FIT &&
	    r->verdict.reason != KVP_VWHY_NONE_HELD) {
		/* too long for the model or the engine, or host memory over:
		 * the verdict's own words (verdict.h) */
		char vt[KVP_VERDICT_TEXT_MAX];
		const char *why = strstr(kvp_verdict_line(r, vt, sizeof vt),
		                         "does not fit: ");

		kvp_solve_line(buf, n, "%s", why ? why + strlen("does not fit: ")
		                       : vt);
		return;
	}
	want = kvp_solve_active_requests(p);
	if (p->engine.kind != KVP_ENGINE_GENERIC && r->engine.workload_fit < want) {
		kvp_fmt_int(r->engine.workload_fit, b, sizeof b);
		kvp_fmt_int(want, c, sizeof c);
		if (r->engine.max_requests && r->engine.max_requests < want)
			kvp_solve_line(buf, n, "%s runs at most %llu requests at once "
				"(%s of %s admitted)", kvp_engine_name(p->engine.kind),
				(unsigned long long)r->engine.max_requests, b, c);
		else
			kvp_solve_line(buf, n, "%s's KV pool admits %s of %s requests at "
				"once", kvp_engine_name(p->engine.kind), b, c);
		return;
	}
	kvp_solve_line(buf, n, "(it fits: the search was not monotone)");
}

/* ---- how each question changes the plan -------------------------------- */

struct len_ctx {
	uint64_t fixed;      /* class 0's tokens other than its input part */
};

static void set_requests(struct kvp_plan *p, uint64_t v, const void *ctx)
{
	(void)ctx;
	p->workload.classes[0].requests = v;
}

static void set_length(struct kvp_plan *p, uint64_t v, const void *ctx)
{
	const struct len_ctx *c = ctx;

	p->workload.classes[0].prompt[KVP_PP_INPUT] = v - c->fixed;
	if (p->strategy.kind == KVP_STRAT_STATIC && p->strategy.max_cache_len)
		p->strategy.max_cache_len = v;
	if (p->engine.vllm.max_model_len && p->engine.vllm.max_model_len < v)
		p->engine.vllm.max_model_len = v;
	if (p->engine.sglang.context_len && p->engine.sglang.context_len < v)
		p->engine.sglang.context_len = v;
}

/*
 * --for max-model-len: one request of v tokens, and the engine's own
 * length limit set to v (vLLM --max-model-len, SGLang --context-length,
 * llama.cpp -c per sequence, a static cache's max_cache_len), so the
 * engine sizes for v and not for its default (which it may refuse).
 */
static void set_max_len(struct kvp_plan *p, uint64_t v, const void *ctx)
{
	uint32_t np = p->engine.llamacpp.parallel ? p->engine.llamacpp.parallel : 1;
	uint64_t cells;

	set_length(p, v, ctx);
	switch (p->engine.kind) {
	case KVP_ENGINE_VLLM:
		p->engine.vllm.max_model_len = v;
		break;
	case KVP_ENGINE_SGLANG:
		p->engine.sglang.context_len = v;
		break;
	case KVP_ENGINE_LLAMACPP:
		/* -c is split over -np streams unless the cache is unified */
		if (p->engine.llamacpp.kv_unified)
			np = 1;
		if (kvp_mul(v, np, &cells))
			p->engine.llamacpp.ctx_size = cells;
		break;
	case KVP_ENGINE_TRANSFORMERS:
		if (p->engine.transformers.max_cache_len)
			p->engine.transformers.max_cache_len = v;
		break;
	default:
		break;
	}
}

typedef void (*apply_fn)(struct kvp_plan *, uint64_t, const void *);

/*
 * Largest v in [lo_min, cap] with apply(v) fitting. *found false when
 * lo_min does not fit; *capped when cap itself fits.
 */
static enum kvp_status search_max(const struct kvp_plan *base, apply_fn f,
                                  const void *ctx, uint64_t lo_min,
                                  uint64_t cap, struct kvp_plan *work,
                                  struct kvp_result *r, uint64_t *best,
                                  bool *found, bool *capped,
                                  struct kvp_error *err)
{
	uint64_t lo, hi, next;
	bool fits, computed;
	enum kvp_status st;

	*found = *capped = false;
	*best = lo_min;
#define TRY(v) do { *work = *base; f(work, (v), ctx); \
	st = kvp_solve_try_fit(work, r, &fits, &computed, err); \
	if (st != KVP_OK) return st; } while (0)
	TRY(lo_min);
	if (!fits)
		return KVP_OK;
	*found = true;
	lo = lo_min;          /* fits */
	if (lo >= cap) {
		*capped = true;
		return KVP_OK;
	}
	for (;;) {            /* find a failing hi */
		next = lo > cap / 2 ? cap : lo * 2;
		TRY(next);
		if (!fits) {
			hi = next;
			break;
		}
		lo = next;
		if (lo == cap) {
			*best = cap;
			*capped = true;
			return KVP_OK;
		}
	}
	while (hi - lo > 1) { /* lo fits, hi does not */
		uint64_t mid = lo + (hi - lo) / 2;

		TRY(mid);
		if (fits)
			lo = mid;
		else
			hi = mid;
	}
#undef TRY
	*best = lo;
	return KVP_OK;
}

/* Recompute value and value + 1 for the check line; leaves the answer's
 * result in r and the answer's plan in ans->plan. */
static enum kvp_status check_count(const struct kvp_plan *base, apply_fn f,
                                   const void *ctx, struct kvp_solve_answer *ans,
                                   const char *unit, struct kvp_result *r,
                                   struct kvp_error *err)
{
	char why[KVP_LINE_MAX / 2], a[32], b[32];
	bool fits, computed;
	enum kvp_status st;

	ans->has_next = !ans->capped;
	ans->next_value = ans->value + 1;
	if (ans->has_next) {
		ans->plan = *base;
		f(&ans->plan, ans->next_value, ctx);
		st = kvp_solve_try_fit(&ans->plan, r, &fits, &computed, err);
		if (st != KVP_OK)
			return st;
		ans->next_fits = fits;
		kvp_solve_why_not(&ans->plan, r, computed, why, sizeof why);
	}
	ans->plan = *base;
	f(&ans->plan, ans->value, ctx);
	st = kvp_solve_try_fit(&ans->plan, r, &fits, &computed, err);
	if (st != KVP_OK)
		return st;
	ans->answer_fits = fits;
	kvp_fmt_int(ans->value, a, sizeof a);
	kvp_fmt_int(ans->next_value, b, sizeof b);
	if (ans->has_next)
		kvp_solve_line(ans->check, sizeof ans->check,
			"%s %s %s; %s %s %s: %s", a, noun(unit, ans->value),
			fits ? (ans->value == 1 ? "fits" : "fit") : "do NOT fit",
			b, noun(unit, ans->next_value),
			ans->next_fits ? "fit too (search error)" : "do not", why);
	else
		kvp_solve_line(ans->check, sizeof ans->check,
			"%s %s %s (the largest value searched)", a,
			noun(unit, ans->value),
			fits ? (ans->value == 1 ? "fits" : "fit") : "do NOT fit");
	return KVP_OK;
}

/* ---- how many of the user's mix ---------------------------------------- */

/* The classes of base scaled to k class requests (cumulative rounding;
 * ctx: the requests of each class as given, R = their sum in [0]). */
struct mix_ctx {
	uint64_t total;                       /* R */
	uint64_t req[KVP_MAX_CLASSES];
	uint32_t n;
};

static void set_mix(struct kvp_plan *p, uint64_t k, const void *ctx)
{
	const struct mix_ctx *m = ctx;
	unsigned __int128 cum = 0;
	uint64_t prev = 0, at;
	uint32_t c;

	for (c = 0; c < m->n; c++) {
		cum += m->req[c];
		at = (uint64_t)((unsigned __int128)k * cum / m->total);
		p->workload.classes[c].requests = at - prev;
		prev = at;
	}
}

/* The mix's classes and their total into *m; false (and the class in
 * *bad) when the total overflows 64 bits. */
static bool mix_load(const struct kvp_plan *p, struct mix_ctx *m,
                     uint32_t *bad)
{
	uint32_t c;

	memset(m, 0, sizeof *m);
	m->n = p->workload.n_classes < KVP_MAX_CLASSES ? p->workload.n_classes
	                                               : KVP_MAX_CLASSES;
	for (c = 0; c < m->n; c++) {
		m->req[c] = p->workload.classes[c].requests;
		if (!kvp_add(m->total, m->req[c], &m->total)) {
			*bad = c;
			return false;
		}
	}
	return true;
}

bool kvp_solve_mix_plan(const struct kvp_plan *p, uint64_t k,
                        struct kvp_plan *out)
{
	struct mix_ctx m;
	uint32_t c;

	if (!mix_load(p, &m, &c))
		return false;
	if (m.total == 0)
		return false;
	*out = *p;
	set_mix(out, k, &m);
	return true;
}

enum kvp_status kvp_solve_mix(const struct kvp_plan *p,
                              struct kvp_result *scratch, uint64_t *n,
                              bool *bound, struct kvp_error *err)
{
	struct kvp_plan work;
	struct mix_ctx m;
	uint64_t lo, hi, best, ragged = p->workload.ragged ? p->workload.n_ragged : 0;
	bool fits, computed, found;
	enum kvp_status st;
	uint32_t c;

	if (!mix_load(p, &m, &c))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"workload.classes[%u].requests: the sum overflows 64 bits", c);
	*n = m.total + ragged;
	*bound = false;
	if (m.total == 0)
		return KVP_OK;   /* nothing to scale: the ragged list as given */
	/* no card and an engine that sizes to the workload: nothing binds */
	if (p->devices.n_groups == 0 &&
	    (p->engine.kind == KVP_ENGINE_GENERIC ||
	     p->engine.kind == KVP_ENGINE_TRANSFORMERS))
		return KVP_OK;
	/* k class requests: does the mix fit? */
#define MIX_TRY(k) do { work = *p; set_mix(&work, (k), &m); \
	st = kvp_solve_try_fit(&work, scratch, &fits, &computed, err); \
	if (st != KVP_OK) return st; } while (0)
	MIX_TRY(1);
	if (!fits) {
		*n = 0;
		*bound = true;
		return KVP_OK;
	}
	lo = 1;
	for (;;) {            /* double until one fails */
		hi = lo > SOLVE_CAP / 2 ? SOLVE_CAP : lo * 2;
		MIX_TRY(hi);
		if (!fits)
			break;
		lo = hi;
		if (lo == SOLVE_CAP)
			return KVP_OK;   /* nothing binds */
	}
	while (hi - lo > 1) { /* lo fits, hi does not */
		uint64_t mid = lo + (hi - lo) / 2;

		MIX_TRY(mid);
		if (fits)
			lo = mid;
		else
			hi = mid;
	}
	/* check: lo fits and lo + 1 does not (bisection on a mix need not
	 * be monotone: step down until the pair holds) */
	best = lo;
	found = false;
	while (!found) {
		MIX_TRY(best + 1);
		if (fits) {
			best++;
			continue;
		}
		MIX_TRY(best);
		if (fits || best == 0)
			found = true;
		else
			best--;
	}
#undef MIX_TRY
	*n = best + ragged;
	*bound = true;
	return KVP_OK;
}

/* ---- the questions ----------------------------------------------------- */

static uint64_t class0_fixed(const struct kvp_plan *p)
{
	const struct kvp_seq_class *c = &p->workload.classes[0];
	uint64_t s = c->gen;
	int k;

	for (k = 0; k < KVP_PP_COUNT; k++)
		if (k != KVP_PP_INPUT)
			s += c->prompt[k];
	return s;
}

static enum kvp_status solve_count(const struct kvp_plan *base,
                                   apply_fn f, const void *ctx,
                                   uint64_t lo_min, uint64_t cap,
                                   const char *unit,
                                   struct kvp_solve_answer *ans,
                                   struct kvp_result *r,
                                   struct kvp_error *err)
{
	struct kvp_plan work;
	enum kvp_status st;

	st = search_max(base, f, ctx, lo_min, cap, &work, r, &ans->value,
	                &ans->found, &ans->capped, err);
	if (st != KVP_OK)
		return st;
	if (!ans->found) {
		char why[KVP_LINE_MAX / 2], a[32];
		bool fits, computed;

		ans->value = 0;
		ans->plan = *base;
		f(&ans->plan, lo_min, ctx);
		st = kvp_solve_try_fit(&ans->plan, r, &fits, &computed, err);
		if (st != KVP_OK)
			return st;
		kvp_solve_why_not(&ans->plan, r, computed, why, sizeof why);
		kvp_solve_line(ans->check, sizeof ans->check, "not even %s %s fit%s: %s",
			kvp_fmt_int(lo_min, a, sizeof a), noun(unit, lo_min),
			lo_min == 1 ? "s" : "", why);
		ans->has_next = true;
		ans->next_value = lo_min;
		return KVP_OK;
	}
	if (ans->capped && cap == SOLVE_CAP)
		return kvp_error_set(err, KVP_ERANGE,
			"solve %s: still fits at %llu %s - nothing binds",
			kvp_solve_name(ans->what), (unsigned long long)cap, unit);
	return check_count(base, f, ctx, ans, unit, r, err);
}

/* Formats an engine offers, most precise first. */
size_t kvp_solve_kv_formats(const struct kvp_plan *p, enum kvp_dtype *out)
{
	static const enum kvp_dtype generic[] = {
		KVP_DT_F16, KVP_DT_Q8_0, KVP_DT_FP8, KVP_DT_Q5_1, KVP_DT_Q5_0,
		KVP_DT_Q4_1, KVP_DT_Q4_0,
	};
	static const enum kvp_dtype llama[] = {
		KVP_DT_F16, KVP_DT_Q8_0, KVP_DT_Q5_1, KVP_DT_Q5_0, KVP_DT_Q4_1,
		KVP_DT_IQ4_NL, KVP_DT_Q4_0,
	};
	static const enum kvp_dtype fp8[] = { KVP_DT_F16, KVP_DT_FP8 };
	const enum kvp_dtype *src = generic;
	size_t n = sizeof generic / sizeof generic[0], i;
	enum kvp_dtype top = p->model.base.k_fmt.dtype;

	switch (p->engine.kind) {
	case KVP_ENGINE_LLAMACPP:
		src = llama;
		n = sizeof llama / sizeof llama[0];
		break;
	case KVP_ENGINE_VLLM: case KVP_ENGINE_SGLANG: case KVP_ENGINE_TRTLLM:
		src = fp8;
		n = sizeof fp8 / sizeof fp8[0];
		break;
	default:
		break;
	}
	for (i = 0; i < n; i++)
		out[i] = src[i];
	/* the 16-bit slot is the model's own 16-bit type */
	if (top == KVP_DT_BF16 && p->engine.kind != KVP_ENGINE_LLAMACPP)
		out[0] = KVP_DT_BF16;
	return n;
}

void kvp_solve_set_kv_format(struct kvp_plan *p, enum kvp_dtype dt)
{
	struct kvp_format f = kvp_format_plain(dt);
	uint32_t i;

	p->model.base.k_fmt = f;
	p->model.base.v_fmt = f;
	p->model.kv_fmt_defaulted = false;
	for (i = 0; i < p->model.n_rules && i < KVP_MAX_RULES; i++) {
		if (p->model.rules[i].set & (1u << KVP_LF_K_FMT))
			p->model.rules[i].v.k_fmt = f;
		if (p->model.rules[i].set & (1u << KVP_LF_V_FMT))
			p->model.rules[i].v.v_fmt = f;
	}
	p->engine.llamacpp.cache_type_k = dt;
	p->engine.llamacpp.cache_type_v = dt;
	p->engine.vllm.kv_cache_dtype_auto =
		dt == KVP_DT_F16 || dt == KVP_DT_BF16;
	p->engine.vllm.kv_cache_dtype = dt;
}

static enum kvp_status solve_format(const struct kvp_plan *base,
                                    struct kvp_solve_answer *ans,
                                    struct kvp_result *r,
                                    struct kvp_error *err)
{
	enum kvp_dtype list[16];
	size_t n = kvp_solve_kv_formats(base, list), i;
	struct kvp_plan work;
	char why[KVP_LINE_MAX / 2];
	bool fits = false, computed;
	enum kvp_status st;

	why[0] = '\0';
	for (i = 0; i < n; i++) {
		work = *base;
		kvp_solve_set_kv_format(&work, list[i]);
		st = kvp_solve_try_fit(&work, r, &fits, &computed, err);
		if (st != KVP_OK)
			return st;
		if (fits)
			break;
		kvp_solve_why_not(&work, r, computed, why, sizeof why);
	}
	if (i == n) {
		ans->found = false;
		ans->format = kvp_format_plain(list[n - 1]);
		snprintf(ans->check, sizeof ans->check,
			"no cache format fits, not even %s: %s",
			kvp_dtype_name(list[n - 1]), why);
		ans->plan = work;
		return KVP_OK;
	}
	ans->found = true;
	ans->format = kvp_format_plain(list[i]);
	ans->plan = work;
	ans->answer_fits = true;
	ans->has_next = i > 0;
	if (i > 0) {
		ans->next_format = kvp_format_plain(list[i - 1]);
		ans->next_fits = false;
		snprintf(ans->check, sizeof ans->check,
			"%s fits; %s (more precise) does not: %s",
			kvp_dtype_name(list[i]), kvp_dtype_name(list[i - 1]), why);
	} else {
		snprintf(ans->check, sizeof ans->check,
			"%s fits - the most precise format offered",
			kvp_dtype_name(list[i]));
	}
	return KVP_OK;
}

/* Try every TP/PP layout of n cards; true with the layout in *work when
 * one fits. Layouts that the engines refuse (heads not divisible, more
 * stages than layers) are skipped. */
static enum kvp_status cards_fit(const struct kvp_plan *base, uint32_t n,
                                 struct kvp_plan *work, struct kvp_result *r,
                                 bool *fits, struct kvp_error *err)
{
	uint32_t dp = base->devices.dp ? base->devices.dp : 1, per, tp;
	bool computed;

	*fits = false;
	if (n % dp)
		return KVP_OK;
	per = n / dp;
	for (tp = per; tp >= 1; tp--) {
		enum kvp_status st;

		if (per % tp)
			continue;
		*work = *base;
		work->devices.n_groups = 1;
		work->devices.groups[0].count = n;
		work->devices.tp = tp;
		work->devices.pp = per / tp;
		work->devices.dp = dp;
		memset(work->devices.pp_layers, 0, sizeof work->devices.pp_layers);
		if (work->devices.pp > work->model.n_layers ||
		    (work->devices.pp > 1 && work->model.loops > 1))
			continue;   /* validate.c: no stages of a looped model */
		st = kvp_solve_try_fit(work, r, fits, &computed, NULL);
		if (st == KVP_OK && *fits)
			return KVP_OK;
		if (st == KVP_OK || st == KVP_EINVAL || st == KVP_ERANGE)
			continue;   /* this layout is impossible or too big */
		if (err) {
			err->status = r->error.status;
			memcpy(err->msg, r->error.msg, sizeof err->msg);
		}
		return st;
	}
	return KVP_OK;
}

static enum kvp_status solve_cards(const struct kvp_plan *base,
                                   const struct kvp_solve_opts *o,
                                   struct kvp_solve_answer *ans,
                                   struct kvp_result *r,
                                   struct kvp_error *err)
{
	uint32_t max = o->max_cards ? o->max_cards : KVP_MAX_DEVICES, n;
	struct kvp_plan work;
	bool fits = false;
	enum kvp_status st;
	char b[32];

	if (max > KVP_MAX_DEVICES)
		max = KVP_MAX_DEVICES;
	for (n = 1; n <= max; n++) {
		st = cards_fit(base, n, &work, r, &fits, err);
		if (st != KVP_OK)
			return st;
		if (fits)
			break;
	}
	if (!fits) {
		char why[KVP_LINE_MAX / 2];

		ans->found = false;
		ans->plan = *base;
		why[0] = '\0';
		if (kvp_compute(base, r) == KVP_OK && r->engine.max_requests &&
		    r->engine.max_requests < kvp_solve_active_requests(base))
			kvp_solve_line(why, sizeof why, " (%s runs at most %llu requests at "
				       "once, whatever the cards)",
				       kvp_engine_name(base->engine.kind),
				       (unsigned long long)r->engine.max_requests);
		kvp_solve_line(ans->check, sizeof ans->check,
			"no layout of up to %u %s cards fits%s", max,
			base->devices.groups[0].card.name, why);
		return KVP_OK;
	}
	ans->found = true;
	ans->value = n;
	ans->tp = work.devices.tp;
	ans->pp = work.devices.pp;
	ans->dp = work.devices.dp;
	ans->plan = work;
	ans->answer_fits = true;
	ans->has_next = n > 1;
	ans->next_value = n - 1;
	ans->next_fits = false;
	if (n > 1)
		snprintf(ans->check, sizeof ans->check,
			"%u cards fit as tp %u x pp %u x dp %u; no layout of %s "
			"fits", n, ans->tp, ans->pp, ans->dp,
			kvp_fmt_int(n - 1, b, sizeof b));
	else
		snprintf(ans->check, sizeof ans->check,
			"1 card fits - the fewest possible");
	/* leave the answer's result in r */
	st = kvp_compute(&ans->plan, r);
	return st == KVP_OK ? KVP_OK : st;
}

/*
 * --for throughput. The aggregate decode bound B / step never falls as
 * requests are added: memory-bound it is B x bandwidth / (W + B x KV),
 * rising; once the step is compute-bound (FLOPs grow with B like the
 * tokens do) it stays at peak / FLOPs per token. So the answer is the
 * fewest requests at which the step turns compute-bound (found by
 * bisection: compute time grows faster than read time once it passes),
 * or the most that fit when it never does. Checked: the answer fits,
 * and one fewer is memory-bound with a lower bound, or one more does not
 * fit.
 */
static void set_throughput_check(struct kvp_solve_answer *ans,
                                 uint64_t most, uint64_t lower_milli,
                                 const struct kvp_result *r)
{
	char a[32], b[32], c[32], d[32], e[32];

	kvp_fmt_int(ans->value, a, sizeof a);
	kvp_fmt_milli(r->speed.aggregate_tps_milli, b, sizeof b);
	kvp_fmt_int(ans->value - 1, c, sizeof c);
	kvp_fmt_milli(lower_milli, d, sizeof d);
	kvp_fmt_int(most, e, sizeof e);
	kvp_solve_line(ans->check, sizeof ans->check,
		       "%s %s fit at <= %s tokens/s in all, decode compute-bound; %s "
		       "give <= %s (memory-bound); up to %s fit, and past %s the bound "
		       "stays at peak FLOP/s / FLOPs per token", a,
		       noun("requests", ans->value), b, c, d, e, a);
}

static enum kvp_status solve_throughput(const struct kvp_plan *base,
                                        struct kvp_solve_answer *ans,
                                        struct kvp_result *r,
                                        struct kvp_error *err)
{
	uint64_t most, lo, hi, lower;
	struct kvp_plan work;
	enum kvp_status st;

	st = solve_count(base, set_requests, NULL, 1, SOLVE_CAP, "requests",
	                 ans, r, err);
	if (st != KVP_OK || !ans->found)
		return st;
	if (r->speed.step_tokens == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.draft_max: not given - solve --for "
			"throughput needs the tokens a draft proposes a step "
			"(--draft-max)");
	if (!r->speed.known)
		return kvp_error_set(err, KVP_EINVAL,
			"devices.groups[i].card.bandwidth: not known for every "
			"card - solve --for throughput needs the speed envelope "
			"(--card-bandwidth)");
	most = ans->value;
	if (!r->speed.compute_bound)
		return KVP_OK;      /* memory-bound at the most that fit */
	lo = 0;                 /* memory-bound (or none) */
	hi = most;              /* compute-bound */
	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;

		work = *base;
		set_requests(&work, mid, NULL);
		st = kvp_compute(&work, r);
		if (st != KVP_OK)
			return kvp_error_set(err, st, "%s", r->error.msg);
		if (r->speed.compute_bound)
			hi = mid;
		else
			lo = mid;
	}
	lower = 0;
	if (lo > 0) {
		work = *base;
		set_requests(&work, lo, NULL);
		if (kvp_compute(&work, r) == KVP_OK)
			lower = r->speed.aggregate_tps_milli;
	}
	ans->value = hi;
	ans->plan = *base;
	set_requests(&ans->plan, hi, NULL);
	st = kvp_compute(&ans->plan, r);
	if (st != KVP_OK)
		return kvp_error_set(err, st, "%s", r->error.msg);
	ans->answer_fits = true;
	ans->has_next = false;
	set_throughput_check(ans, most, lower, r);
	return KVP_OK;
}

/* The question is one kvp_solve answers, and the plan computes as given
 * (for max-model-len an engine's refusal of its default length is where
 * the search starts); the error of the first that fails. */
static enum kvp_status solve_check(const struct kvp_plan *p,
                                   const struct kvp_solve_opts *o,
                                   struct kvp_result *scratch,
                                   struct kvp_error *err)
{
	enum kvp_status st;

	if ((unsigned)o->what >= KVP_SOLVE_FOR_COUNT)
		return kvp_error_set(err, KVP_EINVAL, "--for: %d - unknown",
		                     (int)o->what);
	if (p->devices.n_groups == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"devices.groups: none - solving needs a card (--card) "
			"to bind against");
	if (p->workload.n_classes == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"workload.classes: none - solving varies class 0");
	st = kvp_compute(p, scratch);
	if (st != KVP_OK &&
	    !(st == KVP_EREFUSED && o->what == KVP_SOLVE_MAX_MODEL_LEN)) {
		if (err) {
			err->status = scratch->error.status;
			memcpy(err->msg, scratch->error.msg, sizeof err->msg);
		}
		return st;
	}
	return KVP_OK;
}

/* Class 0's samples per request (at least 1). */
static uint64_t class0_samples(const struct kvp_plan *p)
{
	return p->workload.classes[0].samples ? p->workload.classes[0].samples
	                                      : 1;
}

/* The longest max_model_len: one request of class 0, margin kept free
 * on every card. */
static enum kvp_status solve_max_len(struct kvp_plan *base,
                                     const struct kvp_solve_opts *o,
                                     struct kvp_solve_answer *ans,
                                     struct kvp_result *scratch,
                                     struct kvp_error *err)
{
	struct len_ctx lc;
	uint64_t lo, cap;

	base->workload.n_classes = 1;
	base->workload.classes[0].requests = 1;
	base->workload.queued = 0;
	base->workload.ragged = NULL;
	base->workload.n_ragged = 0;
	base->devices.reserve_ppm = base->devices.reserve_ppm +
		o->margin_ppm > 1000000u ? 1000000u :
		base->devices.reserve_ppm + o->margin_ppm;
	lc.fixed = class0_fixed(base);
	lo = lc.fixed ? lc.fixed : 1;
	cap = base->model.arch.max_positions ? base->model.arch.max_positions
	                                     : SOLVE_CAP;
	if (cap < lo)
		cap = lo;
	return solve_count(base, set_max_len, &lc, lo, cap, "tokens", ans,
	                   scratch, err);
}

/* The answer for o->what, searched on base (a copy of the plan). */
static enum kvp_status solve_for(struct kvp_plan *base,
                                 const struct kvp_solve_opts *o,
                                 struct kvp_solve_answer *ans,
                                 struct kvp_result *scratch,
                                 struct kvp_error *err)
{
	struct len_ctx lc;
	enum kvp_status st;

	switch (o->what) {
	case KVP_SOLVE_CONCURRENCY:
		st = solve_count(base, set_requests, NULL, 1, SOLVE_CAP,
		                 "requests", ans, scratch, err);
		if (st == KVP_OK)
			ans->sequences = ans->value * class0_samples(base);
		return st;
	case KVP_SOLVE_LENGTH:
		lc.fixed = class0_fixed(base);
		return solve_count(base, set_length, &lc,
		                   lc.fixed ? lc.fixed : 1, SOLVE_CAP,
		                   "tokens", ans, scratch, err);
	case KVP_SOLVE_MAX_MODEL_LEN:
		return solve_max_len(base, o, ans, scratch, err);
	case KVP_SOLVE_KV_FORMAT:
		return solve_format(base, ans, scratch, err);
	case KVP_SOLVE_THROUGHPUT:
		st = solve_throughput(base, ans, scratch, err);
		if (st == KVP_OK)
			ans->sequences = ans->value * class0_samples(base);
		return st;
	case KVP_SOLVE_CARDS:
		return solve_cards(base, o, ans, scratch, err);
	default:
		return KVP_EINVAL;
	}
}

enum kvp_status kvp_solve(const struct kvp_plan *p,
                          const struct kvp_solve_opts *o,
                          struct kvp_solve_answer *ans,
                          struct kvp_result *scratch,
                          struct kvp_error *err)
{
	struct kvp_plan base;
	enum kvp_status st;

	memset(ans, 0, sizeof *ans);
	ans->what = o->what;
	st = solve_check(p, o, scratch, err);
	if (st != KVP_OK)
		return st;
	base = *p;
	st = solve_for(&base, o, ans, scratch, err);
	if (st != KVP_OK)
		return st;
	/* the result in scratch is the answer's (or the failing smallest) */
	if (kvp_compute(&ans->plan, scratch) == KVP_OK)
		kvp_solve_binding(scratch, ans->binding, sizeof ans->binding);
	return KVP_OK;
}
