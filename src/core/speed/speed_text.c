/*
 * speed_text.c - the speed envelope as text (speed.h): formatting of the
 * res->speed fields only, no arithmetic of figures. Pure: snprintf into
 * caller buffers.
 */
#include <stdio.h>

#include "kvplan/speed.h"
#include "kvplan/units.h"

const char kvp_speed_label[] =
	"roofline bound from the cards' data sheets, not a measurement";

char *kvp_fmt_milli(uint64_t milli, char *buf, size_t n)
{
	uint64_t hundredths = milli / 10 + (milli % 10 >= 5);
	char whole[32];

	snprintf(buf, n, "%s.%02u", kvp_fmt_int(hundredths / 100, whole,
	         sizeof whole), (unsigned)(hundredths % 100));
	return buf;
}

/* "3,350 GB/s" style: bytes per second in GB/s with no decimals when
 * whole, else two. */
static char *fmt_rate(uint64_t per_s, uint64_t unit, const char *name,
                      char *buf, size_t n)
{
	char t[40];

	if (per_s % unit == 0)
		snprintf(buf, n, "%s %s", kvp_fmt_int(per_s / unit, t, sizeof t),
		         name);
	else
		snprintf(buf, n, "%s %s", kvp_fmt_milli(per_s / (unit / 1000),
		         t, sizeof t), name);
	return buf;
}

/* "at 3,350 GB/s", or "over 4 cards at 3,350 GB/s each" for replica 0's
 * devices. */
static void spread(const struct kvp_result *res, const char *rate,
                   char *buf, size_t n)
{
	uint32_t i, cards = 0;

	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++)
		cards += res->devices[i].dp_replica == 0;
	if (cards > 1)
		snprintf(buf, n, "over %u cards at %s each", cards, rate);
	else
		snprintf(buf, n, "at %s", rate);
}

void kvp_speed_step_text(const struct kvp_result *res, char *buf, size_t n)
{
	char t[24];

	if (n)
		buf[0] = '\0';
	if (res->speed.step_tokens > 1)
		snprintf(buf, n, "; up to %s tokens a step, every draft accepted",
		         kvp_fmt_int(res->speed.step_tokens, t, sizeof t));
}

void kvp_speed_decode_text(const struct kvp_result *res, char *buf, size_t n)
{
	const struct kvp_speed_result *s = &res->speed;
	char a[40], b[40], c[40], w[40], k[40], h[40], bw[48], each[96];
	char host[128] = "", spec[64];
	/* the engine holds fewer than the workload's requests: the rate is
	 * theirs (verdict.h), not the workload's */
	bool held = res->verdict.state == KVP_VERDICT_WAIT;

	if (res->n_devices == 0) {
		snprintf(buf, n, "no bound: no card chosen");
		return;
	}
	if (s->step_tokens == 0) {
		snprintf(buf, n, "no bound: a draft emits up to 1 + its tokens a "
		         "step, and the plan does not give them "
		         "(engine.llamacpp.draft_max, --draft-max)");
		return;
	}
	if (!s->known) {
		snprintf(buf, n, "no bound: a card's memory bandwidth is not known "
		         "(devices.groups[i].card.bandwidth, --card-bandwidth)");
		return;
	}
	fmt_rate(s->bandwidth, 1000000000ull, "GB/s", bw, sizeof bw);
	spread(res, bw, each, sizeof each);
	kvp_speed_step_text(res, spec, sizeof spec);
	if (s->offload_read_bytes)
		snprintf(host, sizeof host, "; weights held in host memory (%s) "
		         "counted at the card's rate, the host link being slower",
		         kvp_fmt_gb(s->offload_read_bytes, 2, h, sizeof h));
	else if (s->cpu_weights_bytes)
		snprintf(host, sizeof host, "; the CPU's %s of weights in host "
		         "memory not counted, its bandwidth unknown",
		         kvp_fmt_gb(s->cpu_weights_bytes, 2, h, sizeof h));
	snprintf(buf, n, "<= %s tokens/s per sequence, <= %s tokens/s for %s%s%s "
	         "(%s weights + %s KV read per step %s, %s-bound%s%s)",
	         kvp_fmt_milli(s->seq_tps_milli, a, sizeof a),
	         kvp_fmt_milli(s->aggregate_tps_milli, b, sizeof b),
	         held ? "the " : s->sequences == 1 ? "" : "all ",
	         kvp_fmt_int(s->sequences, c, sizeof c),
	         held ? " the engine holds at once" :
	         s->sequences == 1 ? " sequence" : "",
	         kvp_fmt_gb(s->weight_read_bytes, 2, w, sizeof w),
	         kvp_fmt_gb(s->kv_read_bytes, 2, k, sizeof k),
	         each, s->compute_bound ? "compute" : "memory", spec, host);
}

void kvp_speed_prefill_text(const struct kvp_result *res, char *buf, size_t n)
{
	const struct kvp_speed_result *s = &res->speed;
	char t[40], p[40], f[40], pk[40], each[96];

	if (res->n_devices == 0) {
		snprintf(buf, n, "no bound: no card chosen");
		return;
	}
	if (!s->compute_known || s->prefill_ns == 0) {
		snprintf(buf, n, "no bound: a card's %s peak FLOP/s is not known "
		         "(devices.groups[i].card.%s)", s->peak_8bit ? "8-bit" : "16-bit",
		         s->peak_8bit ? "flops_8bit" : "flops_16bit");
		return;
	}
	fmt_rate(s->peak_flops, 1000000000000ull, "TFLOP/s", pk, sizeof pk);
	spread(res, pk, each, sizeof each);
	snprintf(buf, n, ">= %s ms for a %s-token prompt (%s TFLOP %s, %s peak)",
	         kvp_fmt_milli(s->prefill_ns / 1000, t, sizeof t),
	         kvp_fmt_int(s->prefill_tokens, p, sizeof p),
	         kvp_fmt_milli(s->prefill_flops / 1000000000ull, f, sizeof f),
	         each, s->peak_8bit ? "8-bit" : "16-bit");
}

void kvp_speed_short_text(const struct kvp_result *res, bool prefill,
                          char *buf, size_t n)
{
	const struct kvp_speed_result *s = &res->speed;
	char a[40], b[40], c[40], k[24], pf[64] = "", spec[48] = "";

	if (n)
		buf[0] = '\0';
	if (res->n_devices == 0 || !s->known)
		return;
	if (prefill && s->compute_known && s->prefill_ns)
		snprintf(pf, sizeof pf, "; prefill >= %s ms",
		         kvp_fmt_milli(s->prefill_ns / 1000, c, sizeof c));
	if (s->step_tokens > 1)
		snprintf(spec, sizeof spec, ", up to %s tok/step",
		         kvp_fmt_int(s->step_tokens, k, sizeof k));
	snprintf(buf, n, "bound <= %s tok/s/seq, <= %s in all%s%s",
	         kvp_fmt_milli(s->seq_tps_milli, a, sizeof a),
	         kvp_fmt_milli(s->aggregate_tps_milli, b, sizeof b), spec, pf);
}
