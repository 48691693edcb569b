/*
 * engine_range.c - the named engines' range beside the generic engine's
 * answer (kvplan/engine_range.h): each named engine's kvp_compute of the
 * plan, as compare.c makes its rows, reduced to least and most.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine_range.h"
#include "kvplan/units.h"

/* The tightest device's free bytes (0 when there are none). */
static int64_t least_free(const struct kvp_result *r)
{
	int64_t f = 0;
	uint32_t i;

	for (i = 0; i < r->n_devices && i < KVP_MAX_DEVICES; i++)
		if (i == 0 || r->devices[i].free_bytes < f)
			f = r->devices[i].free_bytes;
	return f;
}

static void take(struct kvp_engine_range *o, const struct kvp_result *r,
                 enum kvp_engine_kind k)
{
	int64_t f = least_free(r);

	if (o->n == 0 || r->kv.bytes < o->kv_lo) {
		o->kv_lo = r->kv.bytes;
		o->kv_lo_kind = k;
	}
	if (o->n == 0 || r->kv.bytes > o->kv_hi) {
		o->kv_hi = r->kv.bytes;
		o->kv_hi_kind = k;
	}
	if (o->n == 0 || f < o->free_lo) {
		o->free_lo = f;
		o->free_lo_kind = k;
	}
	if (o->n == 0 || f > o->free_hi) {
		o->free_hi = f;
		o->free_hi_kind = k;
	}
	o->states[r->verdict.state < KVP_VERDICT_COUNT ? r->verdict.state
	                                               : KVP_VERDICT_NO_FIT]++;
	o->n++;
}

/* "6.40 GiB" or "-1.20 GiB" (over). */
static char *gib_signed(int64_t v, char *buf, size_t n)
{
	char g[32];

	kvp_fmt_gib(v < 0 ? (uint64_t)-(v + 1) + 1 : (uint64_t)v, 2, g, sizeof g);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "", g);
	return buf;
}

static void range_text(struct kvp_engine_range *o)
{
	char a[48], b[48], fr[160] = "";
	size_t used;

	if (o->n == 0) {
		snprintf(o->text, sizeof o->text, "no named engine takes this plan "
		         "(kvplan compare says why)");
		return;
	}
	if (o->devices)
		snprintf(fr, sizeof fr, "; least free %s (%s) to %s (%s)",
		         gib_signed(o->free_lo, a, sizeof a),
		         kvp_engine_name(o->free_lo_kind),
		         gib_signed(o->free_hi, b, sizeof b),
		         kvp_engine_name(o->free_hi_kind));
	used = (size_t)snprintf(o->text, sizeof o->text, "KV cache %s (%s) to ",
	         kvp_fmt_gib(o->kv_lo, 2, a, sizeof a),
	         kvp_engine_name(o->kv_lo_kind));
	if (used < sizeof o->text)
		snprintf(o->text + used, sizeof o->text - used, "%s (%s)%s; of the "
		         "%u named engines%s %u fit%s, %u with requests waiting, %u "
		         "do%s not fit (kvplan compare)",
		         kvp_fmt_gib(o->kv_hi, 2, b, sizeof b),
		         kvp_engine_name(o->kv_hi_kind), fr, o->n,
		         o->refused ? " that take the plan" : "",
		         o->states[KVP_VERDICT_FITS],
		         o->states[KVP_VERDICT_FITS] == 1 ? "s" : "",
		         o->states[KVP_VERDICT_WAIT], o->states[KVP_VERDICT_NO_FIT],
		         o->states[KVP_VERDICT_NO_FIT] == 1 ? "es" : "");
}

void kvp_engine_range(const struct kvp_plan *p, struct kvp_result *scratch,
                      struct kvp_engine_range *out)
{
	static const enum kvp_engine_kind named[] = {
		KVP_ENGINE_LLAMACPP, KVP_ENGINE_VLLM, KVP_ENGINE_TRANSFORMERS,
		KVP_ENGINE_SGLANG, KVP_ENGINE_TRTLLM,
	};
	struct kvp_plan q = *p;
	size_t i;

	memset(out, 0, sizeof *out);
	out->devices = p->devices.n_groups > 0;
	for (i = 0; i < sizeof named / sizeof named[0]; i++) {
		q.engine = p->engine;
		kvp_engine_switch(&q.engine, named[i]);
		if (kvp_compute(&q, scratch) == KVP_OK)
			take(out, scratch, named[i]);
		else
			out->refused++;
	}
	range_text(out);
}
