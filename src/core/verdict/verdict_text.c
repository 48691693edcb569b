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
static void memory_part(const struct kvp_result *res, struct kvp_cat *c)
{
	if (res->n_devices == 0) {
		kvp_cat_s(c, "no card chosen, memory not checked");
		return;
	}
	kvp_cat_s(c, "every device (");
	kvp_cat_u(c, res->n_devices);
	kvp_cat_s(c, ") fits");
	kvp_cat_s(c, res->host.budgeted ? ", and host memory" : "");
}

/* "1,024" into c. */
static void cat_int(struct kvp_cat *c, uint64_t v)
{
	char a[32];

	kvp_cat_s(c, kvp_fmt_int(v, a, sizeof a));
}

static void fits_text(const struct kvp_result *res,
                      const struct kvp_verdict *v, struct kvp_cat *c)
{
	if (v->generic) {
		kvp_cat_s(c, "fits: ");
		memory_part(res, c);
		kvp_cat_s(c, " (" GENERIC_RULES ")");
	} else if (v->state == KVP_VERDICT_FITS) {
		kvp_cat_s(c, "fits: ");
		memory_part(res, c);
		kvp_cat_s(c, ", and ");
		kvp_cat_s(c, v->rules);
		kvp_cat_s(c, v->requests == 1 ? " holds the " : " holds all ");
		cat_int(c, v->requests);
		kvp_cat_s(c, v->requests == 1 ? " request at once"
		                               : " requests at once");
	} else {
		kvp_cat_s(c, "fits, requests wait: ");
		memory_part(res, c);
		kvp_cat_s(c, ", but ");
		kvp_cat_s(c, v->rules);
		kvp_cat_s(c, " holds ");
		cat_int(c, v->admitted);
		kvp_cat_s(c, " of the ");
		cat_int(c, v->requests);
		kvp_cat_s(c, " requests at once; the other ");
		cat_int(c, v->requests - v->admitted);
		kvp_cat_s(c, " queue");
	}
}

/* The reason a request is refused for its length. */
static void length_text(const struct kvp_verdict *v, char *buf, size_t n)
{
	char a[32], b[32];

	kvp_fmt_int(v->longest, a, sizeof a);
	kvp_fmt_int(v->limit, b, sizeof b);
	if (v->reason == KVP_VWHY_MODEL_LEN)
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than the model's %s positions (model.arch.max_positions)",
		         a, b);
	else if (v->engine == KVP_ENGINE_LLAMACPP)
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than %s's slot of %s cells (%s); the server refuses it",
		         a, v->rules, b, v->kv_unified ?
		         "the unified cache's ctx_size" : "ctx_size / parallel");
	else
		snprintf(buf, n, "does not fit: a request of %s tokens is longer "
		         "than %s's max_model_len of %s tokens; the engine refuses "
		         "it", a, v->rules, b);
}

/* " (generic engine: ...)" / ", under vllm main@...'s rules". */
static void whose_rules(const struct kvp_verdict *v, struct kvp_cat *c)
{
	if (v->generic) {
		kvp_cat_s(c, " (" GENERIC_RULES ")");
		return;
	}
	kvp_cat_s(c, ", under ");
	kvp_cat_s(c, v->rules);
	kvp_cat_s(c, "'s rules");
}

static void memory_over_text(const struct kvp_result *res,
                             const struct kvp_verdict *v, struct kvp_cat *c)
{
	char g[40];

	if (v->reason == KVP_VWHY_HOST) {
		kvp_cat_s(c, "does not fit: host memory is over (every device (");
		kvp_cat_u(c, res->n_devices);
		kvp_cat_s(c, ") fits)");
		whose_rules(v, c);
		return;
	}
	kvp_cat_s(c, "does not fit: device ");
	kvp_cat_u(c, v->device);
	kvp_cat_s(c, " (");
	kvp_cat_s(c, res->devices[v->device].name);
	kvp_cat_s(c, ") is over by ");
	kvp_cat_s(c, kvp_fmt_gib(v->over_bytes, 2, g, sizeof g));
	kvp_cat_s(c, "; ");
	kvp_cat_u(c, v->devices_over);
	kvp_cat_s(c, " of ");
	kvp_cat_u(c, v->devices);
	kvp_cat_s(c, v->devices == 1 ? " device" : " devices");
	kvp_cat_s(c, " over capacity (memory is not pooled across cards)");
	if (res->host.budgeted && !res->host.fits)
		kvp_cat_s(c, "; host memory is over");
	whose_rules(v, c);
}

const char *kvp_verdict_line(const struct kvp_result *res, char *buf,
                             size_t n)
{
	const struct kvp_verdict *v = &res->verdict;
	struct kvp_cat c;

	kvp_cat_init(&c, buf, n);
	switch (v->reason) {
	case KVP_VWHY_NONE:
		fits_text(res, v, &c);
		break;
	case KVP_VWHY_DEVICE:
	case KVP_VWHY_HOST:
		memory_over_text(res, v, &c);
		break;
	case KVP_VWHY_MODEL_LEN:
	case KVP_VWHY_ENGINE_LEN:
		length_text(v, buf, n);
		break;
	case KVP_VWHY_SLOTS_OVER:
		kvp_cat_s(&c, "does not fit: ");
		memory_part(res, &c);
		kvp_cat_s(&c, ", but ");
		kvp_cat_s(&c, v->rules);
		kvp_cat_s(&c, " runs ");
		cat_int(&c, res->engine.slots_run);
		kvp_cat_s(&c, " requests at once in its slots, and its unified "
		          "cache of ");
		cat_int(&c, v->limit);
		kvp_cat_s(&c, " cells holds ");
		cat_int(&c, v->admitted);
		kvp_cat_s(&c, " of them: llama-server ends the running requests "
		          "(\"Context size has been exceeded\") rather than queue "
		          "them");
		break;
	default:
		kvp_cat_s(&c, "does not fit: ");
		memory_part(res, &c);
		kvp_cat_s(&c, ", but ");
		kvp_cat_s(&c, v->rules);
		kvp_cat_s(&c, " holds none of the ");
		cat_int(&c, v->requests);
		kvp_cat_s(&c, " requests at once");
		break;
	}
	return buf;
}

/* The brief form, for a planner's verdict line of about 33 columns. */
void kvp_verdict_brief(const struct kvp_plan *p, const struct kvp_result *res,
                       char *buf, size_t n)
{
	const struct kvp_verdict *v = &res->verdict;
	const char *eng = kvp_engine_name(p->engine.kind);
	struct kvp_cat c;
	char a[32];

	kvp_cat_init(&c, buf, n);
	switch (v->reason) {
	case KVP_VWHY_NONE:
		if (v->generic) {
			kvp_cat_s(&c, "FITS (generic: no engine reserve)");
		} else if (v->state == KVP_VERDICT_FITS) {
			kvp_cat_s(&c, "FITS (");
			kvp_cat_s(&c, v->rules);
			kvp_cat_s(&c, ")");
		} else {
			kvp_cat_s(&c, "FITS, ");
			cat_int(&c, v->admitted);
			kvp_cat_s(&c, " OF ");
			cat_int(&c, v->requests);
			kvp_cat_s(&c, " AT ONCE (");
			kvp_cat_s(&c, eng);
			kvp_cat_s(&c, ")");
		}
		break;
	case KVP_VWHY_DEVICE:
		kvp_cat_s(&c, "DOES NOT FIT: d");
		kvp_cat_u(&c, v->device);
		kvp_cat_s(&c, " over ");
		kvp_cat_s(&c, kvp_fmt_gib(v->over_bytes, 2, a, sizeof a));
		break;
	case KVP_VWHY_HOST:
		kvp_cat_s(&c, "DOES NOT FIT: host memory over");
		break;
	case KVP_VWHY_MODEL_LEN:
		kvp_cat_s(&c, "DOES NOT FIT: longer than model");
		break;
	case KVP_VWHY_ENGINE_LEN:
		kvp_cat_s(&c, p->engine.kind == KVP_ENGINE_LLAMACPP ?
		          "DOES NOT FIT: over a slot" :
		          "DOES NOT FIT: over max_model_len");
		break;
	case KVP_VWHY_SLOTS_OVER:
		kvp_cat_s(&c, "DOES NOT FIT: slots overfill cache");
		break;
	default:
		kvp_cat_s(&c, "DOES NOT FIT: ");
		kvp_cat_s(&c, eng);
		kvp_cat_s(&c, " holds none");
		break;
	}
}
