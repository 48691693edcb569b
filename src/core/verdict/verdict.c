/*
 * src/core/verdict/ - stages 5c and 7 of kvp_compute: what the figures
 * mean for the user. verdict.c (this file) decides the three-state
 * verdict (stage 5c), verdict_text.c says it in one line and in a brief
 * form, warning.c appends the pitfall warnings (stage 7). Only text into
 * the result, built with text/cat.c where it runs on every recompute.
 *
 * verdict.c - stage 5c of kvp_compute: the three-state verdict of
 * kvplan/verdict.h into res->verdict, from the figures the earlier stages
 * left (devices, host, the engine's admitted requests and its limits).
 *
 * Order of the reasons, first found wins: a device over capacity (the one
 * most over is named), host memory over its budget, a request longer than
 * the model's positions, a request longer than the engine's max_model_len
 * (vLLM, SGLang, TensorRT-LLM: their max length; llama.cpp: a slot's
 * cells), the engine holding none of the requests; then requests wait
 * when the engine holds fewer than all of them (engine.workload_fit: its
 * pool, slots or max_num_seqs), else fits.
 *
 * Pure: writes into the result only.
 */
#include <string.h>

#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"
#include "kvplan/verdict.h"

static const char *const names[KVP_VERDICT_COUNT] = {
	"fits", "fits, requests wait", "does not fit",
};
static const char *const keys[KVP_VERDICT_COUNT] = {
	"fits", "requests_wait", "does_not_fit",
};
static const char *const reasons[KVP_VWHY_COUNT] = {
	"none", "device_over", "host_over", "longer_than_model",
	"longer_than_engine", "engine_holds_none", "slots_overfill_cache",
};
static const int exits[KVP_VERDICT_COUNT] = { 0, 4, 1 };

const char *kvp_verdict_name(enum kvp_verdict_state s)
{
	return (unsigned)s < KVP_VERDICT_COUNT ? names[s] : "?";
}

const char *kvp_verdict_key(enum kvp_verdict_state s)
{
	return (unsigned)s < KVP_VERDICT_COUNT ? keys[s] : "?";
}

const char *kvp_verdict_reason_key(enum kvp_verdict_reason r)
{
	return (unsigned)r < KVP_VWHY_COUNT ? reasons[r] : "?";
}

int kvp_verdict_exit(enum kvp_verdict_state s)
{
	return (unsigned)s < KVP_VERDICT_COUNT ? exits[s] : 1;
}

/* Active requests and the longest one's tokens (prompt + generation);
 * a sum past 2^64 saturates (no engine holds it either way). */
static void workload_extent(const struct kvp_plan *p, uint64_t *requests,
                            uint64_t *longest)
{
	const struct kvp_workload *w = &p->workload;
	uint32_t c;
	size_t i;
	int k;

	*requests = 0;
	*longest = 0;
	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		const struct kvp_seq_class *cl = &w->classes[c];
		uint64_t len = cl->gen;

		if (cl->requests == 0)
			continue;
		for (k = 0; k < KVP_PP_COUNT; k++)
			if (!kvp_add(len, cl->prompt[k], &len))
				len = UINT64_MAX;
		if (!kvp_add(*requests, cl->requests, requests))
			*requests = UINT64_MAX;
		if (len > *longest)
			*longest = len;
	}
	for (i = 0; w->ragged && i < w->n_ragged; i++)
		if (w->ragged[i] > *longest)
			*longest = w->ragged[i];
	if (w->ragged && !kvp_add(*requests, w->n_ragged, requests))
		*requests = UINT64_MAX;
}

/* The engine's own length limit, 0 when it has none of its own (generic
 * and transformers size each row to the workload). */
static uint64_t engine_len_limit(const struct kvp_plan *p,
                                 const struct kvp_result *res)
{
	switch (p->engine.kind) {
	case KVP_ENGINE_LLAMACPP:
	case KVP_ENGINE_VLLM:
	case KVP_ENGINE_SGLANG:
	case KVP_ENGINE_TRTLLM:
		return res->engine.max_model_len;
	default:
		return 0;
	}
}

/* Whose rules: "vllm main@002f10e0", "generic engine". */
static void rules_of(const struct kvp_plan *p, const struct kvp_result *res,
                     struct kvp_verdict *v)
{
	struct kvp_cat c;

	v->generic = p->engine.kind == KVP_ENGINE_GENERIC;
	kvp_cat_init(&c, v->rules, sizeof v->rules);
	if (v->generic) {
		kvp_cat_s(&c, "generic engine");
		return;
	}
	kvp_cat_s(&c, kvp_engine_name(p->engine.kind));
	kvp_cat_s(&c, " ");
	kvp_cat_s(&c, res->engine.release);
}

/* The device most over capacity; counts those over. */
static void devices_over(const struct kvp_result *res, struct kvp_verdict *v)
{
	uint32_t i;

	v->devices = res->n_devices;
	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++) {
		const struct kvp_device_result *d = &res->devices[i];

		if (d->fits)
			continue;
		if (v->devices_over++ == 0 ||
		    d->free_bytes < res->devices[v->device].free_bytes)
			v->device = i;
	}
	if (v->devices_over)
		v->over_bytes = (uint64_t)-(res->devices[v->device].free_bytes + 1) + 1;
}

/* The state and reason, in the order of the file comment. */
static void decide(const struct kvp_plan *p, const struct kvp_result *res,
                   struct kvp_verdict *v)
{
	uint64_t elen = engine_len_limit(p, res);

	v->admitted = v->generic || p->engine.kind == KVP_ENGINE_TRANSFORMERS ?
	              v->requests : res->engine.workload_fit;
	if (v->admitted > v->requests)
		v->admitted = v->requests;
	v->state = KVP_VERDICT_NO_FIT;
	if (v->devices_over)
		v->reason = KVP_VWHY_DEVICE;
	else if (res->host.budgeted && !res->host.fits)
		v->reason = KVP_VWHY_HOST;
	else if (p->model.arch.max_positions &&
	         v->longest > p->model.arch.max_positions) {
		v->reason = KVP_VWHY_MODEL_LEN;
		v->limit = p->model.arch.max_positions;
	} else if (elen && v->longest > elen) {
		v->reason = KVP_VWHY_ENGINE_LEN;
		v->limit = elen;
	} else if (v->requests && v->admitted == 0)
		v->reason = KVP_VWHY_NONE_HELD;
	else if (res->engine.slots_run) {
		v->reason = KVP_VWHY_SLOTS_OVER;
		v->limit = res->engine.tokens;
	} else
		v->state = v->admitted < v->requests ? KVP_VERDICT_WAIT
		                                     : KVP_VERDICT_FITS;
}

void kvp_verdict_compute(const struct kvp_plan *p, struct kvp_result *res)
{
	struct kvp_verdict *v = &res->verdict;

	memset(v, 0, sizeof *v);
	rules_of(p, res, v);
	workload_extent(p, &v->requests, &v->longest);
	devices_over(res, v);
	decide(p, res, v);
	v->engine = p->engine.kind;
	v->kv_unified = p->engine.llamacpp.kv_unified;
	kvp_verdict_brief(p, res, v->brief, sizeof v->brief);
}

uint64_t kvp_verdict_replica_cap(const struct kvp_plan *p,
                                 const struct kvp_result *res, uint32_t r)
{
	const struct kvp_verdict *v = &res->verdict;
	uint32_t dp = p->devices.dp ? p->devices.dp : 1, c, most = 1;
	uint64_t cap;

	if (v->admitted >= v->requests)
		return UINT64_MAX;
	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++)
		if (p->workload.classes[c].requests &&
		    p->workload.classes[c].samples > most)
			most = p->workload.classes[c].samples;
	if (!kvp_mul(kvp_dp_share(v->admitted, dp, r), most, &cap))
		return UINT64_MAX;
	return cap;
}
