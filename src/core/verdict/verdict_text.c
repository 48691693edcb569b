/*
 * verdict_text.c - the verdict line (kvplan/verdict.h) in words, one
 * sentence that says the state, why, and whose rules made it. Every
 * front end prints this line as it is (wrapping it for display only).
 */
#include <stdio.h>
#include <string.h>

#include "core/internal.h"
#include "kvplan/units.h"
#include "kvplan/verdict.h"

/* What the generic engine's answer is (verdict.h). */
#define GENERIC_RULES "generic engine: the workload's exact bytes, no " \
	"engine's allocator or reserve"

/* "every device (2) fits, and host memory" / "no card chosen ...". */
static void memory_part(const struct kvp_result *res, char *buf, size_t n)
{
	if (res->n_devices == 0)
		snprintf(buf, n, "no card chosen, memory not checked");
	else
		snprintf(buf, n, "every device (%u) fits%s", res->n_devices,
		         res->host.budgeted ? ", and host memory" : "");
}

static void fits_text(const struct kvp_verdict *v, const char *mem,
                      char *buf, size_t n)
{
	char a[32], b[32], c[32];

	kvp_fmt_int(v->requests, a, sizeof a);
	if (v->generic)
		snprintf(buf, n, "fits: %s (%s)", mem, GENERIC_RULES);
	else if (v->state == KVP_VERDICT_FITS)
		snprintf(buf, n, "fits: %s, and %s holds %s%s request%s at once",
		         mem, v->rules, v->requests == 1 ? "the " : "all ", a,
		         v->requests == 1 ? "" : "s");
	else
		snprintf(buf, n, "fits, requests wait: %s, but %s holds %s of the "
		         "%s requests at once; the other %s queue", mem, v->rules,
		         kvp_fmt_int(v->admitted, b, sizeof b), a,
		         kvp_fmt_int(v->requests - v->admitted, c, sizeof c));
}

/* The reason a request is refused for its length. */
static void length_text(const struct kvp_plan *p, const struct kvp_verdict *v,
                        char *buf, size_t n)
{
	char a[32], b[32];

	kvp_fmt_int(v->longest, a, sizeof a);
	kvp_fmt_int(v->limit, b, sizeof b);
	if (v->reason == KVP_VWHY_MODEL_LEN)
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than the model's %s positions (model.arch.max_positions)",
		         a, b);
	else if (p->engine.kind == KVP_ENGINE_LLAMACPP)
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than %s's slot of %s cells (%s); the server refuses it",
		         a, v->rules, b, p->engine.llamacpp.kv_unified ?
		         "the unified cache's ctx_size" : "ctx_size / parallel");
	else
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than %s's max_model_len of %s tokens; the engine refuses "
		         "it", a, v->rules, b);
}

static void memory_over_text(const struct kvp_result *res,
                             const struct kvp_verdict *v, char *buf, size_t n)
{
	char g[40], whose[128];

	if (v->generic)
		snprintf(whose, sizeof whose, " (%s)", GENERIC_RULES);
	else
		snprintf(whose, sizeof whose, ", under %s's rules", v->rules);
	if (v->reason == KVP_VWHY_HOST) {
		snprintf(buf, n, "does not fit: host memory is over (every device "
		         "(%u) fits)%s", res->n_devices, whose);
		return;
	}
	snprintf(buf, n, "does not fit: device %u (%s) is over by %s; %u of %u "
	         "device%s over capacity (memory is not pooled across cards)%s%s",
	         v->device, res->devices[v->device].name,
	         kvp_fmt_gib(v->over_bytes, 2, g, sizeof g), v->devices_over,
	         v->devices, v->devices == 1 ? "" : "s",
	         res->host.budgeted && !res->host.fits ? "; host memory is over" : "",
	         whose);
}

void kvp_verdict_text(const struct kvp_plan *p, const struct kvp_result *res,
                      char *buf, size_t n)
{
	const struct kvp_verdict *v = &res->verdict;
	char mem[96], a[32], b[32], c[32];

	memory_part(res, mem, sizeof mem);
	switch (v->reason) {
	case KVP_VWHY_NONE:
		fits_text(v, mem, buf, n);
		break;
	case KVP_VWHY_DEVICE:
	case KVP_VWHY_HOST:
		memory_over_text(res, v, buf, n);
		break;
	case KVP_VWHY_MODEL_LEN:
	case KVP_VWHY_ENGINE_LEN:
		length_text(p, v, buf, n);
		break;
	case KVP_VWHY_SLOTS_OVER:
		snprintf(buf, n, "does not fit: %s, but %s runs %s requests at "
		         "once in its slots, and its unified cache of %s cells "
		         "holds %s of them: llama-server ends the running requests "
		         "(\"Context size has been exceeded\") rather than queue them",
		         mem, v->rules, kvp_fmt_int(res->engine.slots_run, a, sizeof a),
		         kvp_fmt_int(v->limit, b, sizeof b),
		         kvp_fmt_int(v->admitted, c, sizeof c));
		break;
	default:
		snprintf(buf, n, "does not fit: %s, but %s holds none of the %s "
		         "requests at once", mem, v->rules,
		         kvp_fmt_int(v->requests, a, sizeof a));
		break;
	}
}

/* The brief form, for a planner's verdict line of about 33 columns. */
void kvp_verdict_brief(const struct kvp_plan *p, const struct kvp_result *res,
                       char *buf, size_t n)
{
	const struct kvp_verdict *v = &res->verdict;
	const char *eng = kvp_engine_name(p->engine.kind);
	char a[32], b[32];

	switch (v->reason) {
	case KVP_VWHY_NONE:
		if (v->generic)
			snprintf(buf, n, "FITS (generic: no engine reserve)");
		else if (v->state == KVP_VERDICT_FITS)
			snprintf(buf, n, "FITS (%s)", v->rules);
		else
			snprintf(buf, n, "FITS, %s OF %s AT ONCE (%s)",
			         kvp_fmt_int(v->admitted, a, sizeof a),
			         kvp_fmt_int(v->requests, b, sizeof b), eng);
		break;
	case KVP_VWHY_DEVICE:
		snprintf(buf, n, "DOES NOT FIT: d%u over %s", v->device,
		         kvp_fmt_gib(v->over_bytes, 2, a, sizeof a));
		break;
	case KVP_VWHY_HOST:
		snprintf(buf, n, "DOES NOT FIT: host memory over");
		break;
	case KVP_VWHY_MODEL_LEN:
		snprintf(buf, n, "DOES NOT FIT: longer than model");
		break;
	case KVP_VWHY_ENGINE_LEN:
		snprintf(buf, n, "DOES NOT FIT: over %s",
		         p->engine.kind == KVP_ENGINE_LLAMACPP ? "a slot"
		                                               : "max_model_len");
		break;
	case KVP_VWHY_SLOTS_OVER:
		snprintf(buf, n, "DOES NOT FIT: slots overfill cache");
		break;
	default:
		snprintf(buf, n, "DOES NOT FIT: %s holds none", eng);
		break;
	}
}
