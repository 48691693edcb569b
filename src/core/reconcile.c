/*
 * reconcile.c - computed figures against observed ones (see
 * kvplan/reconcile.h for the classes). Pure: reads the plan, its result
 * and the observations; writes only *out.
 *
 * Where an engine measured an input (vLLM's KV budget, SGLang's and
 * TensorRT-LLM's token pools) the figures that follow from it are
 * recomputed from the observed input, so the arithmetic is tested even
 * though the card's free memory is not known to kvplan:
 *   vLLM   blocks = floor(budget / page_bytes), as a range over the
 *          budget's print rounding; tokens = blocks x block_size;
 *          concurrency = blocks / ceil(max_model_len / block_size);
 *          KV for one request = ceil(max_model_len / block_size) x page
 *   SGLang K (V) bytes = tokens x K (V) bytes per token on one TP rank
 *   TRT    KV bytes = tokens x (K + V) bytes per token on one TP rank
 * A TP rank holds max(1, Hkv / tp) heads of each attention layer; an MLA
 * latent is replicated on every rank.
 */
#include <stdio.h>   /* snprintf into result buffers only */
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/layers.h"
#include "kvplan/reconcile.h"

static const char *const kind_names[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_KV_BYTES] = "kv_bytes", [KVP_OBS_K_BYTES] = "k_bytes",
	[KVP_OBS_V_BYTES] = "v_bytes", [KVP_OBS_STATE_BYTES] = "state_bytes",
	[KVP_OBS_DEVICE_KV_BYTES] = "device_kv_bytes",
	[KVP_OBS_CELLS] = "cells", [KVP_OBS_LAYERS] = "layers",
	[KVP_OBS_STREAMS] = "streams", [KVP_OBS_BLOCKS] = "gpu_blocks",
	[KVP_OBS_CPU_BLOCKS] = "cpu_blocks", [KVP_OBS_TOKENS] = "tokens",
	[KVP_OBS_CONCURRENCY_X100] = "concurrency_x100",
	[KVP_OBS_KV_BUDGET] = "kv_budget", [KVP_OBS_KV_NEEDED] = "kv_needed",
	[KVP_OBS_WEIGHTS_BYTES] = "weights_bytes",
	[KVP_OBS_TOTAL_MEMORY] = "total_memory",
	[KVP_OBS_FREE_MEMORY] = "free_memory",
	[KVP_OBS_ACTIVATION_PEAK] = "activation_peak",
	[KVP_OBS_NON_TORCH] = "non_torch_memory",
	[KVP_OBS_TORCH_PEAK] = "torch_peak",
	[KVP_OBS_MEM_UTIL_PPM] = "gpu_memory_utilization_ppm",
};

/* Labels of the table's "figure" column. */
static const char *const kind_labels[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_KV_BYTES] = "KV cache", [KVP_OBS_K_BYTES] = "K",
	[KVP_OBS_V_BYTES] = "V", [KVP_OBS_STATE_BYTES] = "recurrent state",
	[KVP_OBS_DEVICE_KV_BYTES] = "KV buffer",
	[KVP_OBS_CELLS] = "cells per stream", [KVP_OBS_LAYERS] = "layers",
	[KVP_OBS_STREAMS] = "streams", [KVP_OBS_BLOCKS] = "GPU blocks",
	[KVP_OBS_CPU_BLOCKS] = "CPU blocks", [KVP_OBS_TOKENS] = "tokens in pool",
	[KVP_OBS_CONCURRENCY_X100] = "max concurrency x100",
	[KVP_OBS_KV_BUDGET] = "KV budget",
	[KVP_OBS_KV_NEEDED] = "KV for one max-length request",
	[KVP_OBS_WEIGHTS_BYTES] = "weights",
	[KVP_OBS_TOTAL_MEMORY] = "device memory",
	[KVP_OBS_FREE_MEMORY] = "free memory",
	[KVP_OBS_ACTIVATION_PEAK] = "activation peak",
	[KVP_OBS_NON_TORCH] = "non-torch memory",
	[KVP_OBS_TORCH_PEAK] = "torch peak (with weights)",
	[KVP_OBS_MEM_UTIL_PPM] = "gpu_memory_utilization ppm",
};

static const char *const scope_names[KVP_SCOPE_COUNT] = {
	[KVP_SCOPE_ALL] = "all", [KVP_SCOPE_FULL] = "full", [KVP_SCOPE_SWA] = "swa",
};

static const char *const class_names[KVP_REC_CLASS_COUNT] = {
	[KVP_REC_ARITHMETIC] = "arithmetic", [KVP_REC_OBSERVED] = "observed",
	[KVP_REC_UNTESTED] = "untested",
};

const char *kvp_obs_kind_name(enum kvp_obs_kind k)
{
	return (unsigned)k < KVP_OBS_KIND_COUNT ? kind_names[k] : "?";
}

const char *kvp_obs_scope_name(enum kvp_obs_scope s)
{
	return (unsigned)s < KVP_SCOPE_COUNT ? scope_names[s] : "?";
}

const char *kvp_rec_class_name(enum kvp_rec_class c)
{
	return (unsigned)c < KVP_REC_CLASS_COUNT ? class_names[c] : "?";
}

bool kvp_obs_is_bytes(enum kvp_obs_kind k)
{
	switch (k) {
	case KVP_OBS_CELLS: case KVP_OBS_LAYERS: case KVP_OBS_STREAMS:
	case KVP_OBS_BLOCKS: case KVP_OBS_CPU_BLOCKS: case KVP_OBS_TOKENS:
	case KVP_OBS_CONCURRENCY_X100: case KVP_OBS_MEM_UTIL_PPM:
		return false;
	default:
		return true;
	}
}

/* ---- figures from the result ------------------------------------------ */

static bool in_scope(const struct kvp_layer_result *l, enum kvp_obs_scope s)
{
	bool swa = l->spec.kind == KVP_LAYER_SLIDING ||
	           l->spec.kind == KVP_LAYER_CHUNKED;

	if (l->spec.kind == KVP_LAYER_NONE || l->spec.kind == KVP_LAYER_SHARED)
		return false;
	return s == KVP_SCOPE_ALL || (s == KVP_SCOPE_SWA) == swa;
}

/* Sum over the layers of a scope: what = 0 bytes, 1 K bytes, 2 V bytes,
 * 3 layers holding cache. */
static bool scope_sum(const struct kvp_result *r, enum kvp_obs_scope s,
                      int what, uint64_t *out)
{
	uint32_t i;

	*out = 0;
	for (i = 0; i < r->n_layers; i++) {
		const struct kvp_layer_result *l = &r->layers[i];

		if (!in_scope(l, s) || !l->bytes)
			continue;
		if (what == 0 && !kvp_add(*out, l->bytes, out))
			return false;
		if (what == 1 && !kvp_muladd(out, l->k_row_bytes, l->slots))
			return false;
		if (what == 2 && !kvp_muladd(out, l->v_row_bytes, l->slots))
			return false;
		if (what == 3)
			(*out)++;
	}
	return true;
}

/* K (which 1), V (2) or K+V (3) bytes per token on one TP rank. Heads
 * come from the model as resolved (an engine may already have stored
 * per-rank heads in the result), dims and formats from the result (the
 * engine's cache format). */
static enum kvp_status per_token_rank(const struct kvp_plan *p,
                                      const struct kvp_result *r, uint32_t tp,
                                      int which, uint64_t *out,
                                      struct kvp_error *err)
{
	struct kvp_layer_spec model[KVP_MAX_LAYERS];
	uint32_t i;
	enum kvp_status st;

	*out = 0;
	if (tp < 1)
		tp = 1;
	if ((st = kvp_layers_resolve(&p->model, model, err)) != KVP_OK)
		return st;
	for (i = 0; i < r->n_layers && i < p->model.n_layers; i++) {
		const struct kvp_layer_result *l = &r->layers[i];
		const struct kvp_layer_spec *s = &l->spec;
		uint64_t h, kb = 0, vb = 0;

		if (s->kind == KVP_LAYER_NONE || s->kind == KVP_LAYER_SHARED)
			continue;
		if (s->kind == KVP_LAYER_MLA) {
			kb = l->k_row_bytes;   /* replicated on every rank */
			vb = l->v_row_bytes;
		} else {
			h = model[i].kv_heads / tp;
			if (h < 1)
				h = 1;
			if (s->k_dim && (st = kvp_format_row_bytes(&s->k_fmt,
			        h * s->k_dim, &kb, "reconcile: K row", err)) != KVP_OK)
				return st;
			if (s->v_dim && (st = kvp_format_row_bytes(&s->v_fmt,
			        h * s->v_dim, &vb, "reconcile: V row", err)) != KVP_OK)
				return st;
		}
		if (((which & 1) && !kvp_add(*out, kb, out)) ||
		    ((which & 2) && !kvp_add(*out, vb, out)))
			return kvp_error_set(err, KVP_EOVERFLOW,
			                     "reconcile: bytes per token overflow");
	}
	return KVP_OK;
}

/* ---- rows ------------------------------------------------------------- */

static struct kvp_rec_row *row_new(struct kvp_reconcile *out,
                                   const char *figure, enum kvp_rec_class c,
                                   bool is_bytes)
{
	struct kvp_rec_row *r;

	if (out->n_rows >= KVP_REC_MAX_ROWS) {
		out->n_dropped++;
		return NULL;
	}
	r = &out->rows[out->n_rows++];
	memset(r, 0, sizeof *r);
	snprintf(r->figure, sizeof r->figure, "%s", figure);
	r->cls = c;
	r->is_bytes = is_bytes;
	return r;
}

static void row_computed(struct kvp_rec_row *r, uint64_t v, const char *basis)
{
	r->has_computed = true;
	r->computed = r->computed_lo = r->computed_hi = v;
	snprintf(r->basis, sizeof r->basis, "%s", basis);
}

static void row_observed(struct kvp_rec_row *r, uint64_t v, uint64_t tol,
                         uint32_t line)
{
	r->has_observed = true;
	r->observed = v;
	r->tolerance = tol;
	r->line = line;
}

/* Difference, percentage and match once both sides are set. */
static void row_settle(struct kvp_rec_row *r, struct kvp_reconcile *out)
{
	__int128 d;

	if (!r->has_computed || !r->has_observed) {
		if (r->cls != KVP_REC_OBSERVED)
			r->cls = KVP_REC_UNTESTED;
		return;
	}
	d = (__int128)r->observed - (__int128)r->computed;
	kvp_diff_i64(r->observed, r->computed, &r->diff);   /* saturated */
	if (r->computed) {
		__int128 ppm = d * 1000000 / (__int128)r->computed;

		r->diff_ppm = ppm > INT64_MAX ? INT64_MAX :
		              ppm < INT64_MIN ? INT64_MIN : (int64_t)ppm;
	} else {
		r->diff_ppm = 0;
	}
	r->match = r->observed + r->tolerance >= r->computed_lo &&
	           (r->observed <= r->tolerance ||
	            r->observed - r->tolerance <= r->computed_hi);
	if (r->cls == KVP_REC_ARITHMETIC && !r->match)
		out->n_arithmetic_mismatch++;
}

/* First observation of a kind (any scope) of the engine, or NULL. */
static const struct kvp_observation *find(const struct kvp_observation *obs,
                                          size_t n, enum kvp_engine_kind e,
                                          enum kvp_obs_kind k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (obs[i].engine == e && obs[i].kind == k)
			return &obs[i];
	return NULL;
}

static size_t count_kind(const struct kvp_observation *obs, size_t n,
                         enum kvp_engine_kind e, enum kvp_obs_kind k,
                         enum kvp_obs_scope s)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (obs[i].engine == e && obs[i].kind == k && obs[i].scope == s)
			c++;
	return c;
}

static enum kvp_status overflow(struct kvp_error *err, const char *what)
{
	return kvp_error_set(err, KVP_EOVERFLOW, "reconcile: %s overflows 64 bits",
	                     what);
}

enum kvp_status kvp_reconcile(const struct kvp_plan *plan,
                              const struct kvp_result *res,
                              enum kvp_engine_kind engine,
                              const struct kvp_observation *obs, size_t n,
                              uint32_t tp, uint64_t max_model_len,
                              struct kvp_reconcile *out,
                              struct kvp_error *err)
{
	const struct kvp_observation *o_budget, *o_blocks, *o_tokens;
	uint64_t bsize = res->engine.block_size, page = res->engine.page_bytes;
	uint64_t kv_sum = 0, kv_tol = 0, v64, n_swa_layers;
	unsigned n_kv_obs = 0;
	enum kvp_status st;
	size_t i;

	memset(out, 0, sizeof *out);
	if (tp < 1)
		tp = 1;
	if (!max_model_len)
		max_model_len = res->engine.max_model_len;
	if (!bsize && engine == KVP_ENGINE_VLLM)
		bsize = plan->engine.vllm.block_size;
	scope_sum(res, KVP_SCOPE_SWA, 3, &n_swa_layers);
	o_budget = find(obs, n, engine, KVP_OBS_KV_BUDGET);
	o_blocks = find(obs, n, engine, KVP_OBS_BLOCKS);
	o_tokens = find(obs, n, engine, KVP_OBS_TOKENS);
	if (!page && bsize && engine == KVP_ENGINE_VLLM) {
		uint64_t pt;

		if ((st = per_token_rank(plan, res, tp, 3, &pt, err)) != KVP_OK)
			return st;
		if (!kvp_mul(pt, bsize, &page))
			return overflow(err, "page bytes");
	}

	for (i = 0; i < n; i++) {
		const struct kvp_observation *o = &obs[i];
		struct kvp_rec_row *r;
		char label[64], basis[96];
		bool llama = engine == KVP_ENGINE_LLAMACPP;

		if (o->engine != engine)
			continue;
		if (o->scope != KVP_SCOPE_ALL)
			snprintf(label, sizeof label, "%s (%s)", kind_labels[o->kind],
			         scope_names[o->scope]);
		else if (o->device[0])
			snprintf(label, sizeof label, "%s %s", kind_labels[o->kind],
			         o->device);
		else
			snprintf(label, sizeof label, "%s", kind_labels[o->kind]);
		r = row_new(out, label, KVP_REC_ARITHMETIC, kvp_obs_is_bytes(o->kind));
		if (!r)
			continue;
		row_observed(r, o->value, o->tolerance, o->line);

		switch (o->kind) {
		case KVP_OBS_KV_BYTES:
			if (o->scope != KVP_SCOPE_SWA || llama) {
				kv_sum += o->value;
				kv_tol += o->tolerance;
				n_kv_obs++;
			}
			if (engine == KVP_ENGINE_TRTLLM && o_tokens) {
				if ((st = per_token_rank(plan, res, tp, 3, &v64, err)) != KVP_OK)
					return st;
				if (!kvp_mul(v64, o_tokens->value, &v64))
					return overflow(err, "pool bytes");
				snprintf(basis, sizeof basis,
				         "observed tokens x K+V bytes per token per rank (tp %u)", tp);
				row_computed(r, v64, basis);
			} else if (llama) {
				if (!scope_sum(res, o->scope, 0, &v64))
					return overflow(err, "cache bytes");
				row_computed(r, v64, "sum of the layers' slots x bytes per position");
			}
			break;
		case KVP_OBS_K_BYTES:
		case KVP_OBS_V_BYTES: {
			int w = o->kind == KVP_OBS_K_BYTES ? 1 : 2;

			if (llama) {
				if (!scope_sum(res, o->scope, w, &v64))
					return overflow(err, "K/V bytes");
				row_computed(r, v64, "sum of the layers' slots x row bytes");
			} else if (engine == KVP_ENGINE_SGLANG && o_tokens) {
				if ((st = per_token_rank(plan, res, tp, w, &v64, err)) != KVP_OK)
					return st;
				if (!kvp_mul(v64, o_tokens->value, &v64))
					return overflow(err, "pool bytes");
				snprintf(basis, sizeof basis,
				         "observed tokens x %s bytes per token per rank (tp %u)",
				         w == 1 ? "K" : "V", tp);
				row_computed(r, v64, basis);
			}
			break;
		}
		case KVP_OBS_STATE_BYTES:
			row_computed(r, res->kv.state_bytes, "recurrent state x sequences");
			break;
		case KVP_OBS_DEVICE_KV_BYTES:
			/* one buffer per cache: the whole cache of that scope */
			if (llama && count_kind(obs, n, engine, o->kind, o->scope) == 1) {
				if (!scope_sum(res, o->scope, 0, &v64))
					return overflow(err, "cache bytes");
				row_computed(r, v64, "the cache on one device");
			}
			break;
		case KVP_OBS_CELLS:
			if (llama)
				row_computed(r, o->scope == KVP_SCOPE_SWA ?
				             res->engine.cells_swa : res->engine.cells,
				             "llama.cpp cell rounding");
			break;
		case KVP_OBS_LAYERS:
			if (llama) {
				scope_sum(res, o->scope, 3, &v64);
				row_computed(r, v64, "layers of this cache holding KV");
			}
			break;
		case KVP_OBS_STREAMS:
			if (llama)
				row_computed(r, res->engine.streams,
				             "1 unified, else one per sequence");
			break;
		case KVP_OBS_BLOCKS:
			if (engine == KVP_ENGINE_VLLM && o_budget && page) {
				uint64_t lo = o_budget->value > o_budget->tolerance ?
				              o_budget->value - o_budget->tolerance : 0;

				snprintf(basis, sizeof basis,
				         "observed KV budget / page of %llu B",
				         (unsigned long long)page);
				row_computed(r, o_budget->value / page, basis);
				r->computed_lo = lo / page;
				r->computed_hi = (o_budget->value + o_budget->tolerance) / page;
			} else {
				r->cls = KVP_REC_OBSERVED;
				if (res->engine.blocks)
					row_computed(r, res->engine.blocks,
					             "kvplan's budget / page");
			}
			break;
		case KVP_OBS_TOKENS:
			if (engine == KVP_ENGINE_VLLM && o_blocks && bsize) {
				if (!kvp_mul(o_blocks->value, bsize, &v64))
					return overflow(err, "tokens");
				snprintf(basis, sizeof basis,
				         "observed blocks x block size %llu",
				         (unsigned long long)bsize);
				row_computed(r, v64, basis);
			} else if (engine == KVP_ENGINE_VLLM && o_budget && page &&
			           bsize && !n_swa_layers) {
				/* V1 prints tokens, not blocks: floor(budget / page)
				 * blocks of bsize tokens, over the budget's rounding
				 * (one KV cache group: no sliding layers) */
				uint64_t lo = o_budget->value > o_budget->tolerance ?
				              o_budget->value - o_budget->tolerance : 0;

				snprintf(basis, sizeof basis,
				         "observed KV budget / page of %llu B x %llu tokens",
				         (unsigned long long)page, (unsigned long long)bsize);
				if (!kvp_mul(o_budget->value / page, bsize, &v64) ||
				    !kvp_mul(lo / page, bsize, &lo))
					return overflow(err, "tokens");
				row_computed(r, v64, basis);
				r->computed_lo = lo;
				if (!kvp_mul((o_budget->value + o_budget->tolerance) / page,
				             bsize, &r->computed_hi))
					return overflow(err, "tokens");
			} else if (engine == KVP_ENGINE_TRTLLM && bsize) {
				snprintf(basis, sizeof basis,
				         "whole blocks of %llu tokens", (unsigned long long)bsize);
				row_computed(r, o->value / bsize * bsize, basis);
			} else {
				r->cls = KVP_REC_OBSERVED;
				if (res->engine.tokens)
					row_computed(r, res->engine.tokens,
					             "kvplan's budget / bytes per token");
			}
			break;
		case KVP_OBS_CONCURRENCY_X100: {
			uint64_t blocks = 0, per_req;

			if (o_blocks)
				blocks = o_blocks->value;
			else if (o_tokens && bsize)
				blocks = o_tokens->value / bsize;
			if (engine == KVP_ENGINE_VLLM && blocks && bsize && max_model_len) {
				per_req = kvp_ceil_div(max_model_len, bsize);
				if (!kvp_mul(blocks, 200, &v64))
					return overflow(err, "concurrency");
				/* blocks / per_req to two places, rounded half up */
				v64 = (v64 / per_req + 1) / 2;
				snprintf(basis, sizeof basis,
				         "observed blocks / ceil(%llu / %llu)",
				         (unsigned long long)max_model_len,
				         (unsigned long long)bsize);
				row_computed(r, v64, basis);
			} else {
				r->cls = KVP_REC_OBSERVED;
				if (res->engine.concurrency_x100)
					row_computed(r, res->engine.concurrency_x100,
					             "kvplan's blocks / blocks per request");
			}
			break;
		}
		case KVP_OBS_KV_NEEDED:
			if (bsize && page && max_model_len) {
				if (!kvp_mul(kvp_ceil_div(max_model_len, bsize), page, &v64))
					return overflow(err, "KV for one request");
				snprintf(basis, sizeof basis,
				         "ceil(%llu / %llu) blocks x page of %llu B",
				         (unsigned long long)max_model_len,
				         (unsigned long long)bsize, (unsigned long long)page);
				row_computed(r, v64, basis);
			}
			break;
		case KVP_OBS_KV_BUDGET:
			r->cls = KVP_REC_OBSERVED;
			if (res->engine.budget_bytes)
				row_computed(r, res->engine.budget_bytes,
				             "kvplan's budget (card x fraction - weights - peak)");
			break;
		case KVP_OBS_WEIGHTS_BYTES:
			r->cls = KVP_REC_OBSERVED;
			if (res->n_devices)
				row_computed(r, res->devices[0].weights_bytes,
				             "kvplan's weight count on device 0");
			else if (res->weights.bytes)
				row_computed(r, res->weights.bytes / tp,
				             "kvplan's weight count / tp");
			break;
		case KVP_OBS_TOTAL_MEMORY:
			r->cls = KVP_REC_OBSERVED;
			if (res->n_devices)
				row_computed(r, res->devices[0].capacity_bytes,
				             "the plan's card");
			break;
		case KVP_OBS_ACTIVATION_PEAK:
		case KVP_OBS_TORCH_PEAK:
			r->cls = KVP_REC_OBSERVED;
			break;
		case KVP_OBS_MEM_UTIL_PPM:
			/* a setting: the plan must say what ran */
			if (engine == KVP_ENGINE_VLLM)
				row_computed(r, plan->engine.vllm.gpu_memory_utilization,
				             "the plan's engine.vllm.gpu_memory_utilization");
			break;
		default:
			r->cls = KVP_REC_UNTESTED;
			break;
		}
		row_settle(r, out);
	}

	/* vLLM V0 profile: the KV budget follows from the log's own figures,
	 * total x utilization - (peak torch incl. weights | weights +
	 * activation peak) - non-torch, as a range over their print rounding */
	if (engine == KVP_ENGINE_VLLM && o_budget) {
		const struct kvp_observation *t = find(obs, n, engine, KVP_OBS_TOTAL_MEMORY);
		const struct kvp_observation *u = find(obs, n, engine, KVP_OBS_MEM_UTIL_PPM);
		const struct kvp_observation *nt = find(obs, n, engine, KVP_OBS_NON_TORCH);
		const struct kvp_observation *tp_ = find(obs, n, engine, KVP_OBS_TORCH_PEAK);
		const struct kvp_observation *ap = find(obs, n, engine, KVP_OBS_ACTIVATION_PEAK);
		const struct kvp_observation *w = find(obs, n, engine, KVP_OBS_WEIGHTS_BYTES);
		struct kvp_rec_row *r;

		if (t && u && nt && (tp_ || (ap && w)) &&
		    (r = row_new(out, "KV budget from the log's profile",
		                 KVP_REC_ARITHMETIC, true))) {
			__int128 lo, hi, mid;

			/* the utilization is a setting the user gave (0.9), printed
			 * exactly to its 2 places: taken as exact */
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
			row_observed(r, o_budget->value, o_budget->tolerance, o_budget->line);
			row_computed(r, (uint64_t)mid, tp_ ?
			             "total x utilization - peak torch - non-torch (log)" :
			             "total x utilization - weights - activations - non-torch (log)");
			r->computed_lo = (uint64_t)lo;
			r->computed_hi = (uint64_t)hi;
			row_settle(r, out);
		}
	}

	/* several caches (llama.cpp iSWA) plus recurrent state: the total */
	if (engine == KVP_ENGINE_LLAMACPP) {
		const struct kvp_observation *o_state = find(obs, n, engine,
		                                             KVP_OBS_STATE_BYTES);
		struct kvp_rec_row *r;

		if (o_state) {
			kv_sum += o_state->value;
			kv_tol += o_state->tolerance;
			n_kv_obs++;
		}
		if (n_kv_obs > 1 && (r = row_new(out, "KV cache, all caches",
		                                 KVP_REC_ARITHMETIC, true))) {
			row_observed(r, kv_sum, kv_tol, 0);
			row_computed(r, res->kv.bytes, "the whole cache (kv.bytes)");
			row_settle(r, out);
		}
		/* a cache split over several devices (-ngl/--tensor-split): the
		 * buffers add up to the cache of their scope; how the layers
		 * are split is not modelled, so each buffer stays untested */
		for (i = 0; i < KVP_SCOPE_COUNT; i++) {
			enum kvp_obs_scope sc = (enum kvp_obs_scope)i;
			uint64_t sum = 0, tol = 0;
			size_t j;
			char label[64];

			if (count_kind(obs, n, engine, KVP_OBS_DEVICE_KV_BYTES, sc) < 2)
				continue;
			for (j = 0; j < n; j++)
				if (obs[j].engine == engine && obs[j].scope == sc &&
				    obs[j].kind == KVP_OBS_DEVICE_KV_BYTES) {
					sum += obs[j].value;
					tol += obs[j].tolerance;
				}
			snprintf(label, sizeof label, "KV buffers, all devices%s%s%s",
			         sc == KVP_SCOPE_ALL ? "" : " (",
			         sc == KVP_SCOPE_ALL ? "" : scope_names[sc],
			         sc == KVP_SCOPE_ALL ? "" : ")");
			if (!(r = row_new(out, label, KVP_REC_ARITHMETIC, true)))
				continue;
			row_observed(r, sum, tol, 0);
			if (!scope_sum(res, sc, 0, &v64))
				return overflow(err, "cache bytes");
			row_computed(r, v64, "the cache of this scope, all devices");
			row_settle(r, out);
		}
	}
	/* nothing in the log about the cache's size: say so */
	if (!n_kv_obs && !find(obs, n, engine, KVP_OBS_K_BYTES)) {
		struct kvp_rec_row *r = row_new(out, "KV cache (not in the log)",
		                                     KVP_REC_UNTESTED, true);

		if (r)
			row_computed(r, res->kv.bytes, "not stated in the log");
	}
	return KVP_OK;
}
