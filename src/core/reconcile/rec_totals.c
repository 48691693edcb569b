/*
 * rec_totals.c - rows built from several observations at once: llama.cpp's
 * K + V against its cache line and its caches and buffers added up, and
 * vLLM V0's KV budget from its own profile line.
 */
#include <stdio.h>   /* snprintf into result buffers only */

#include "kvplan/checked.h"
#include "core/reconcile/rec_priv.h"
#include "core/reconcile/reconcile_why.h"

/* Both sides of a row computed from two printed figures added (their
 * print rounding makes the computed side a range). */
static void row_sum_range(struct kvp_rec_row *r, uint64_t a, uint64_t ta,
                          uint64_t b, uint64_t tb, const char *basis)
{
	kvp_rec_computed(r, a + b, basis);
	r->computed_lo = a + b > ta + tb ? a + b - ta - tb : 0;
	r->computed_hi = a + b + ta + tb;
}

/* llama.cpp size lines that print K and V beside the cache: K + V is the
 * cache (no model needed). One row per line holding all three. */
void kvp_rec_llama_k_plus_v(const struct kvp_observation *obs, size_t n,
                           struct kvp_reconcile *out)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		const struct kvp_observation *t = &obs[i], *k = NULL, *v = NULL;
		struct kvp_rec_row *r;
		char label[64];

		if (t->engine != KVP_ENGINE_LLAMACPP || t->kind != KVP_OBS_KV_BYTES)
			continue;
		for (j = 0; j < n; j++)
			if (obs[j].line == t->line && obs[j].engine == t->engine) {
				if (obs[j].kind == KVP_OBS_K_BYTES)
					k = &obs[j];
				else if (obs[j].kind == KVP_OBS_V_BYTES)
					v = &obs[j];
			}
		if (!k || !v)
			continue;
		snprintf(label, sizeof label, "KV cache = K + V%s%s%s",
		         t->scope == KVP_SCOPE_ALL ? "" : " (",
		         t->scope == KVP_SCOPE_ALL ? "" : kvp_obs_scope_name(t->scope),
		         t->scope == KVP_SCOPE_ALL ? "" : ")");
		if (!(r = kvp_rec_row_new(out, label, KVP_REC_ARITHMETIC, true)))
			continue;
		kvp_rec_observed(r, t->value, t->tolerance, t->line);
		row_sum_range(r, k->value, k->tolerance, v->value, v->tolerance,
		              "the log's K + V of the same line");
		kvp_rec_settle(r, out);
	}
}

/* vLLM V0's KV budget from its own profile line, as a range over the
 * print rounding: total x utilization - (peak torch incl. weights |
 * weights + activation peak) - non-torch. */
void kvp_rec_vllm_v0_profile(const struct kvp_observation *obs, size_t n,
                            const struct kvp_observation *o_budget,
                            struct kvp_reconcile *out)
{
	enum kvp_engine_kind e = KVP_ENGINE_VLLM;
	const struct kvp_observation *t = kvp_rec_obs_find(obs, n, e, KVP_OBS_TOTAL_MEMORY);
	const struct kvp_observation *u = kvp_rec_obs_find(obs, n, e, KVP_OBS_MEM_UTIL_PPM);
	const struct kvp_observation *nt = kvp_rec_obs_find(obs, n, e, KVP_OBS_NON_TORCH);
	const struct kvp_observation *tp_ = kvp_rec_obs_find(obs, n, e, KVP_OBS_TORCH_PEAK);
	const struct kvp_observation *ap = kvp_rec_obs_find(obs, n, e, KVP_OBS_ACTIVATION_PEAK);
	const struct kvp_observation *w = kvp_rec_obs_find(obs, n, e, KVP_OBS_WEIGHTS_BYTES);
	struct kvp_rec_row *r;
	__int128 lo, hi, mid;

	if (!(t && u && nt && (tp_ || (ap && w))) ||
	    !(r = kvp_rec_row_new(out, "KV budget from the log's profile",
	                          KVP_REC_ARITHMETIC, true)))
		return;
	/* the utilization is a setting the user gave (0.9), printed exactly
	 * to its 2 places: taken as exact */
	mid = (__int128)t->value * u->value / 1000000;
	lo = (__int128)(t->value - (t->tolerance < t->value ? t->tolerance : t->value)) *
	     u->value / 1000000;
	hi = ((__int128)t->value + t->tolerance) * u->value / 1000000;
	if (tp_) {
		mid -= (__int128)tp_->value + nt->value;
		lo -= (__int128)tp_->value + tp_->tolerance + nt->value + nt->tolerance;
		hi -= (__int128)tp_->value - tp_->tolerance + nt->value - nt->tolerance;
	} else {
		mid -= (__int128)w->value + ap->value + nt->value;
		lo -= (__int128)w->value + w->tolerance + ap->value + ap->tolerance +
		      nt->value + nt->tolerance;
		hi -= (__int128)w->value - w->tolerance + ap->value - ap->tolerance +
		      nt->value - nt->tolerance;
	}
	if (lo < 0)
		lo = 0;
	if (mid < 0)
		mid = 0;
	if (hi < 0)
		hi = 0;
	kvp_rec_observed(r, o_budget->value, o_budget->tolerance, o_budget->line);
	kvp_rec_computed(r, (uint64_t)mid, tp_ ?
	                 "total x utilization - peak torch - non-torch (log)" :
	                 "total x utilization - weights - activations - non-torch (log)");
	r->computed_lo = (uint64_t)lo;
	r->computed_hi = (uint64_t)hi;
	kvp_rec_settle(r, out);
}

/* llama.cpp: the caches (and recurrent state) added up against kv.bytes,
 * and a cache split over devices: the buffers against the cache of their
 * scope, within ggml's per-tensor padding. */
enum kvp_status kvp_rec_llama_totals(const struct kvp_result *res,
                                    const struct kvp_observation *obs,
                                    size_t n, uint64_t kv_sum, uint64_t kv_tol,
                                    unsigned n_kv_obs, struct kvp_reconcile *out,
                                    struct kvp_error *err)
{
	enum kvp_engine_kind e = KVP_ENGINE_LLAMACPP;
	const struct kvp_observation *o_state = kvp_rec_obs_find(obs, n, e, KVP_OBS_STATE_BYTES);
	struct kvp_rec_row *r;
	uint64_t v64;
	size_t i;

	if (o_state) {
		kv_sum += o_state->value;
		kv_tol += o_state->tolerance;
		n_kv_obs++;
	}
	if (res && n_kv_obs > 1 && (r = kvp_rec_row_new(out, "KV cache, all caches",
	                                                KVP_REC_ARITHMETIC, true))) {
		kvp_rec_observed(r, kv_sum, kv_tol, 0);
		kvp_rec_computed(r, res->kv.bytes, "the whole cache (kv.bytes)");
		kvp_rec_settle(r, out);
	}
	/* how the layers are split (-ngl/--tensor-split) is not modelled, so
	 * each of several buffers stays untested; their sum is compared */
	for (i = 0; res && i < KVP_SCOPE_COUNT; i++) {
		enum kvp_obs_scope sc = (enum kvp_obs_scope)i;
		uint64_t sum = 0, tol = 0, pad;
		size_t j;
		char label[64];

		if (kvp_rec_count_kind(obs, n, e, KVP_OBS_DEVICE_KV_BYTES, sc) < 2)
			continue;
		for (j = 0; j < n; j++)
			if (obs[j].engine == e && obs[j].scope == sc &&
			    obs[j].kind == KVP_OBS_DEVICE_KV_BYTES) {
				sum += obs[j].value;
				tol += obs[j].tolerance;
			}
		snprintf(label, sizeof label, "KV buffers, all devices%s%s%s",
		         sc == KVP_SCOPE_ALL ? "" : " (",
		         sc == KVP_SCOPE_ALL ? "" : kvp_obs_scope_name(sc),
		         sc == KVP_SCOPE_ALL ? "" : ")");
		if (!(r = kvp_rec_row_new(out, label, KVP_REC_ARITHMETIC, true)))
			continue;
		kvp_rec_observed(r, sum, tol, 0);
		if (!kvp_rec_scope_sum(res, sc, 0, &v64))
			return kvp_rec_overflow(err, "cache bytes");
		kvp_rec_computed(r, v64, "the cache of this scope, all devices, "
		                 "each tensor padded to its alignment");
		pad = kvp_rec_scope_tensors(res, sc) * GGML_MAX_PAD;
		if (!kvp_add(v64, pad, &r->computed_hi))
			return kvp_rec_overflow(err, "cache bytes");
		kvp_rec_settle(r, out);
	}
	return KVP_OK;
}
