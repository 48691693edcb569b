/*
 * translate.c - kvp_translate: one engine's budget setting and the
 * equivalent settings of the others (see translate.h). Each yield is a
 * full kvp_compute with one setting changed, so the translation uses the
 * engines' own rounding (blocks, pages, 256-cell padding).
 */
#include <stdio.h>  /* snprintf into caller buffers only */
#include <string.h>
#include <strings.h>

#include "kvplan/compute.h"
#include "kvplan/translate.h"

static const struct {
	const char *key, *alias;
	enum kvp_engine_kind engine;
	uint64_t lo, hi, step;    /* search range and granularity */
} knobs[KVP_KNOB_COUNT] = {
	[KVP_KNOB_VLLM_UTIL] = { "engine.vllm.gpu_memory_utilization", "vllm",
	                         KVP_ENGINE_VLLM, 1, 1000000, 1 },
	[KVP_KNOB_SGLANG_FRACTION] = { "engine.sglang.mem_fraction_static", "sglang",
	                               KVP_ENGINE_SGLANG, 1, 1000000, 1 },
	[KVP_KNOB_TRTLLM_FRACTION] = { "engine.trtllm.free_gpu_memory_fraction", "trtllm",
	                               KVP_ENGINE_TRTLLM, 1, 1000000, 1 },
	[KVP_KNOB_BYTE_CAP] = { "engine.vllm.kv_cache_memory_bytes", "bytes",
	                        KVP_ENGINE_VLLM, 1, (uint64_t)1 << 50, 1 },
	[KVP_KNOB_LLAMACPP_CTX] = { "engine.llamacpp.ctx_size", "llamacpp",
	                            KVP_ENGINE_LLAMACPP, 256, (uint64_t)1 << 36, 256 },
};

const char *kvp_knob_key(enum kvp_knob k)
{
	return (unsigned)k < KVP_KNOB_COUNT ? knobs[k].key : "?";
}

enum kvp_status kvp_knob_parse(const char *s, enum kvp_knob *out,
                               struct kvp_error *err)
{
	unsigned i;

	for (i = 0; i < KVP_KNOB_COUNT; i++)
		if (!strcmp(s, knobs[i].key) || !strcasecmp(s, knobs[i].alias) ||
		    !strcmp(s, strrchr(knobs[i].key, '.') + 1)) {
			*out = (enum kvp_knob)i;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"budget setting '%s' - expected gpu_memory_utilization, "
		"mem_fraction_static, free_gpu_memory_fraction, kv_cache_memory_bytes "
		"or ctx_size", s);
}

/* The plan with engine and knob set. */
static void set_knob(struct kvp_plan *q, enum kvp_knob k, uint64_t v)
{
	q->engine.kind = knobs[k].engine;
	switch (k) {
	case KVP_KNOB_VLLM_UTIL:
		q->engine.vllm.gpu_memory_utilization = (uint32_t)v;
		q->engine.vllm.kv_cache_memory_bytes = 0;
		break;
	case KVP_KNOB_SGLANG_FRACTION:
		q->engine.sglang.mem_fraction_static = (uint32_t)v;
		q->engine.sglang.max_total_tokens = 0;
		break;
	case KVP_KNOB_TRTLLM_FRACTION:
		q->engine.trtllm.free_gpu_memory_fraction = (uint32_t)v;
		q->engine.trtllm.max_tokens = 0;
		q->engine.trtllm.max_gpu_total_bytes = 0;
		break;
	case KVP_KNOB_BYTE_CAP:
		q->engine.vllm.kv_cache_memory_bytes = v;
		break;
	case KVP_KNOB_LLAMACPP_CTX:
	default:
		q->engine.llamacpp.ctx_size = v;
		break;
	}
}

/* Yield of knob k at v: res.kv.bytes, or the status why not. */
static enum kvp_status yield(struct kvp_plan *q, enum kvp_knob k, uint64_t v,
                             struct kvp_result *r, uint64_t *bytes)
{
	enum kvp_status st;

	set_knob(q, k, v);
	st = kvp_compute(q, r);
	*bytes = st == KVP_OK ? r->kv.bytes : 0;
	return st;
}

/* Largest v (a multiple of step) in [lo, hi] whose yield <= target;
 * settings the engine refuses for want of memory count as yielding 0,
 * settings whose bytes overflow as yielding more than any target. */
static void search(const struct kvp_plan *p, enum kvp_knob k, uint64_t target,
                   struct kvp_result *r, struct kvp_translate_row *row)
{
	struct kvp_plan q = *p;
	uint64_t step = knobs[k].step, lo = knobs[k].lo / step, hi = knobs[k].hi / step;
	uint64_t best = 0, got;
	enum kvp_status st;
	bool found = false;

	row->knob = k;
	while (lo <= hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		st = yield(&q, k, mid * step, r, &got);
		if (st == KVP_EOVERFLOW)
			got = UINT64_MAX;   /* past 64 bits: more than any target */
		else if (st != KVP_OK && st != KVP_EREFUSED) {
			row->status = st;
			snprintf(row->error, sizeof row->error, "%s", r->error.msg);
			return;
		}
		if (got <= target) {
			best = mid;
			found = true;
			lo = mid + 1;
		} else {
			if (mid == 0)
				break;
			hi = mid - 1;
		}
	}
	if (!found) {
		row->status = KVP_ERANGE;
		snprintf(row->error, sizeof row->error,
		         "%s: even the smallest setting yields more than %llu bytes",
		         knobs[k].key, (unsigned long long)target);
		return;
	}
	row->value = best * step;
	st = yield(&q, k, row->value, r, &row->kv_bytes);
	row->status = st;
	if (st != KVP_OK)
		snprintf(row->error, sizeof row->error, "%s", r->error.msg);
}

enum kvp_status kvp_translate(const struct kvp_plan *p, enum kvp_knob from,
                              uint64_t value, struct kvp_result *scratch,
                              struct kvp_translation *out, struct kvp_error *err)
{
	struct kvp_plan q = *p;
	enum kvp_status st;
	unsigned i;

	memset(out, 0, sizeof *out);
	if ((unsigned)from >= KVP_KNOB_COUNT)
		return kvp_error_set(err, KVP_EINVAL, "budget setting: %d - unknown", (int)from);
	if ((from != KVP_KNOB_BYTE_CAP && from != KVP_KNOB_LLAMACPP_CTX && value > 1000000) ||
	    value == 0)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: %llu - out of range", knobs[from].key, (unsigned long long)value);
	out->from = from;
	out->from_value = value;
	out->n_rows = KVP_KNOB_COUNT;
	st = yield(&q, from, value, scratch, &out->target_bytes);
	if (st != KVP_OK) {
		if (err)
			*err = scratch->error;
		return st;
	}
	for (i = 0; i < KVP_KNOB_COUNT; i++) {
		struct kvp_translate_row *row = &out->rows[i];

		if (i == (unsigned)from) {
			row->knob = from;
			row->value = value;
			row->kv_bytes = out->target_bytes;
			row->status = KVP_OK;
			continue;
		}
		search(p, (enum kvp_knob)i, out->target_bytes, scratch, row);
	}
	return KVP_OK;
}
