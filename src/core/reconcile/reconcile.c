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

#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"
#include "kvplan/reconcile.h"
#include "core/reconcile/reconcile_why.h"

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
	[KVP_OBS_STATE_R_BYTES] = "state_r_bytes",
	[KVP_OBS_STATE_S_BYTES] = "state_s_bytes",
	[KVP_OBS_OUTPUT_BYTES] = "output_bytes",
	[KVP_OBS_COMPUTE_BYTES] = "compute_bytes",
	[KVP_OBS_SLOT_CTX] = "slot_ctx",
	[KVP_OBS_CKPT_BYTES] = "ckpt_bytes",
	[KVP_OBS_DEVICE_STATE_BYTES] = "device_state_bytes",
	[KVP_OBS_ENC_COMPUTE_BYTES] = "encoder_compute_bytes",
	[KVP_OBS_ENC_BUDGET_TOKENS] = "encoder_budget_tokens",
	[KVP_OBS_ENC_PROFILE_ITEMS] = "encoder_profile_items",
	[KVP_OBS_CUDA_GRAPH] = "cuda_graph_estimate",
	[KVP_OBS_CUDA_GRAPH_POOL] = "cuda_graph_pool",
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
	[KVP_OBS_STATE_R_BYTES] = "recurrent R (conv) state",
	[KVP_OBS_STATE_S_BYTES] = "recurrent S (SSM) state",
	[KVP_OBS_OUTPUT_BYTES] = "output buffer",
	[KVP_OBS_COMPUTE_BYTES] = "compute buffer",
	[KVP_OBS_SLOT_CTX] = "slot context",
	[KVP_OBS_CKPT_BYTES] = "context checkpoint",
	[KVP_OBS_DEVICE_STATE_BYTES] = "RS buffer",
	[KVP_OBS_ENC_COMPUTE_BYTES] = "encoder compute buffer",
	[KVP_OBS_ENC_BUDGET_TOKENS] = "encoder cache budget (tokens)",
	[KVP_OBS_ENC_PROFILE_ITEMS] = "encoder profile items",
	[KVP_OBS_CUDA_GRAPH] = "CUDA graph estimate",
	[KVP_OBS_CUDA_GRAPH_POOL] = "CUDA graph pool (captured)",
};

static const char *const scope_names[KVP_SCOPE_COUNT] = {
	[KVP_SCOPE_ALL] = "all", [KVP_SCOPE_FULL] = "full", [KVP_SCOPE_SWA] = "swa",
};

static const char *const class_names[KVP_REC_CLASS_COUNT] = {
	[KVP_REC_ARITHMETIC] = "arithmetic", [KVP_REC_OBSERVED] = "observed",
	[KVP_REC_UNTESTED] = "untested",
	[KVP_REC_ESTIMATE] = "estimate",
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
	case KVP_OBS_SLOT_CTX: case KVP_OBS_ENC_BUDGET_TOKENS:
	case KVP_OBS_ENC_PROFILE_ITEMS:
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
                                      enum kvp_obs_scope scope, int which,
                                      uint64_t *out, struct kvp_error *err)
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

		if (!in_scope(l, scope))
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
	if (r->cls == KVP_REC_ESTIMATE) {
		/* within the estimate's tolerance, plus the print rounding */
		unsigned __int128 m = (unsigned __int128)r->computed * r->tol_ppm /
		                      1000000u + r->tolerance;
		__int128 a = d < 0 ? -d : d;

		r->match = (unsigned __int128)a <= m;
		return;
	}
	r->match = r->observed + r->tolerance >= r->computed_lo &&
	           (r->observed <= r->tolerance ||
	            r->observed - r->tolerance <= r->computed_hi);
	if (r->cls == KVP_REC_ARITHMETIC && !r->match)
		out->n_arithmetic_mismatch++;
}

/* The first observation of kind k in scope s on device dev ("" any). */
static const struct kvp_observation *find_scoped(const struct kvp_observation *obs,
                                                 size_t n, enum kvp_engine_kind e,
                                                 enum kvp_obs_kind k,
                                                 enum kvp_obs_scope s,
                                                 const char *dev)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (obs[i].engine == e && obs[i].kind == k && obs[i].scope == s &&
		    (!dev[0] || !strcmp(obs[i].device, dev)))
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

/* Largest padding ggml adds to one buffer of `tensors` tensors: each
 * tensor's size is rounded up to the buffer type's alignment
 * (ggml-alloc.c, ggml_backend_alloc_ctx_tensors_from_buft: GGML_PAD(
 * alloc size, alignment)); alignments are 32 (CPU), 128 (CUDA) and at
 * most 256 (Vulkan's minStorageBufferOffsetAlignment), so each adds at
 * most 255 bytes. */
#define GGML_MAX_PAD 255u

/* Tensors of one cache scope: a K tensor per layer, and a V tensor per
 * layer that stores V (llama.cpp MLA caches K only). */
static uint64_t scope_tensors(const struct kvp_result *r, enum kvp_obs_scope s)
{
	uint64_t t = 0;
	uint32_t i;

	for (i = 0; i < r->n_layers; i++)
		if (in_scope(&r->layers[i], s) && r->layers[i].bytes)
			t += 1 + (r->layers[i].v_row_bytes != 0);
	return t;
}

/* Recurrent layers holding state (an R and an S tensor each). */
static uint64_t state_layers(const struct kvp_result *r)
{
	uint64_t t = 0;
	uint32_t i;

	for (i = 0; i < r->n_layers; i++)
		if (r->layers[i].spec.kind == KVP_LAYER_NONE && r->layers[i].bytes)
			t++;
	return t;
}

/* Both sides of a row computed from two printed figures added (their
 * print rounding makes the computed side a range). */
static void row_sum_range(struct kvp_rec_row *r, uint64_t a, uint64_t ta,
                          uint64_t b, uint64_t tb, const char *basis)
{
	row_computed(r, a + b, basis);
	r->computed_lo = a + b > ta + tb ? a + b - ta - tb : 0;
	r->computed_hi = a + b + ta + tb;
}

/* llama.cpp size lines that print K and V beside the cache: K + V is the
 * cache (no model needed). One row per line holding all three. */
static void llama_k_plus_v(const struct kvp_observation *obs, size_t n,
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
		         t->scope == KVP_SCOPE_ALL ? "" : scope_names[t->scope],
		         t->scope == KVP_SCOPE_ALL ? "" : ")");
		if (!(r = row_new(out, label, KVP_REC_ARITHMETIC, true)))
			continue;
		row_observed(r, t->value, t->tolerance, t->line);
		row_sum_range(r, k->value, k->tolerance, v->value, v->tolerance,
		              "the log's K + V of the same line");
		row_settle(r, out);
	}
}

/* Observed KV budget as a block-count range: [budget - tol, budget + tol]
 * // page. */
static void blocks_from_budget(struct kvp_rec_row *r,
                               const struct kvp_observation *b, uint64_t page,
                               const char *basis)
{
	uint64_t lo = b->value > b->tolerance ? b->value - b->tolerance : 0;

	row_computed(r, b->value / page, basis);
	r->computed_lo = lo / page;
	r->computed_hi = (b->value + b->tolerance) / page;
}

/* vLLM V0's KV budget from its own profile line, as a range over the
 * print rounding: total x utilization - (peak torch incl. weights |
 * weights + activation peak) - non-torch. */
static void vllm_v0_profile(const struct kvp_observation *obs, size_t n,
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
	    !(r = row_new(out, "KV budget from the log's profile",
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
	row_observed(r, o_budget->value, o_budget->tolerance, o_budget->line);
	row_computed(r, (uint64_t)mid, tp_ ?
	             "total x utilization - peak torch - non-torch (log)" :
	             "total x utilization - weights - activations - non-torch (log)");
	r->computed_lo = (uint64_t)lo;
	r->computed_hi = (uint64_t)hi;
	row_settle(r, out);
}

/* llama.cpp: the caches (and recurrent state) added up against kv.bytes,
 * and a cache split over devices: the buffers against the cache of their
 * scope, within ggml's per-tensor padding. */
static enum kvp_status llama_totals(const struct kvp_result *res,
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
	if (res && n_kv_obs > 1 && (r = row_new(out, "KV cache, all caches",
	                                        KVP_REC_ARITHMETIC, true))) {
		row_observed(r, kv_sum, kv_tol, 0);
		row_computed(r, res->kv.bytes, "the whole cache (kv.bytes)");
		row_settle(r, out);
	}
	/* how the layers are split (-ngl/--tensor-split) is not modelled, so
	 * each of several buffers stays untested; their sum is compared */
	for (i = 0; res && i < KVP_SCOPE_COUNT; i++) {
		enum kvp_obs_scope sc = (enum kvp_obs_scope)i;
		uint64_t sum = 0, tol = 0, pad;
		size_t j;
		char label[64];

		if (count_kind(obs, n, e, KVP_OBS_DEVICE_KV_BYTES, sc) < 2)
			continue;
		for (j = 0; j < n; j++)
			if (obs[j].engine == e && obs[j].scope == sc &&
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
		row_computed(r, v64, "the cache of this scope, all devices, "
		             "each tensor padded to its alignment");
		pad = scope_tensors(res, sc) * GGML_MAX_PAD;
		if (!kvp_add(v64, pad, &r->computed_hi))
			return overflow(err, "cache bytes");
		row_settle(r, out);
	}
	return KVP_OK;
}

/* The figures of one observation, computed by kvplan (see the classes in
 * reconcile.h). c holds what every row shares. */
struct rec_ctx {
	const struct kvp_plan *plan;
	const struct kvp_result *res;     /* NULL: no model */
	const struct kvp_observation *obs;
	size_t n;
	enum kvp_engine_kind engine;
	const struct kvp_rec_opts *ro;
	const struct kvp_observation *o_budget, *o_blocks, *o_tokens;
	uint64_t bsize, page, max_model_len, n_swa_layers;
	uint32_t tp;
};

/* llama.cpp's compute buffer of one backend: a device ("CUDA0",
 * "Vulkan0": the trailing digits are its index) or the host ("CPU",
 * "CUDA_Host"), against kvplan's estimate and its tolerance. */
static void compute_row(const struct kvp_result *res,
                        const struct kvp_observation *o, struct kvp_rec_row *r)
{
	const char *d = o->device;
	size_t l = strlen(d), k = l;
	uint32_t idx = 0;

	r->tol_ppm = res->host.compute_tol_ppm;
	if (!strcmp(d, "CPU") || strstr(d, "_Host")) {
		row_computed(r, res->host.compute_bytes,
		             "kvplan's estimate of the host compute buffer");
		return;
	}
	while (k > 0 && d[k - 1] >= '0' && d[k - 1] <= '9')
		k--;
	if (k == l || l - k > 6)
		return;
	for (; k < l; k++)
		idx = idx * 10 + (uint32_t)(d[k] - '0');
	if (idx < res->n_devices && res->devices[idx].compute_bytes)
		row_computed(r, res->devices[idx].compute_bytes,
		             "kvplan's estimate of the device's compute buffer");
}

/* The --mmproj encoder's compute buffer (clip_buf.c): device 0's, or the
 * host's CPU buffer. */
static void enc_compute_row(const struct kvp_result *res,
                            const struct kvp_observation *o,
                            struct kvp_rec_row *r)
{
	const struct kvp_parts_result *p = &res->parts;

	r->tol_ppm = p->encoder_compute_tol_ppm;
	if (!strcmp(o->device, "CPU") || strstr(o->device, "_Host"))
		row_computed(r, p->encoder_compute_host_bytes,
		             "kvplan's estimate of the encoder's host buffer");
	else if (p->encoder_compute_bytes)
		row_computed(r, p->encoder_compute_bytes,
		             "kvplan's estimate of the encoder's buffer on device 0");
}

/* SGLang's one "KV size" (MLATokenToKVPool, NSATokenToKVPool) is the
 * whole pool of a rank, not a V figure: the latent and a DSA model's
 * indexer keys over tokens + page_size rows (slot 0 pads; sglang PR
 * #11309: 975,488 x 61 x 788 B = 43.67 GiB). */
static enum kvp_status sglang_kv_size_row(const struct rec_ctx *c,
                                          const struct kvp_observation *o,
                                          struct kvp_rec_row *r,
                                          struct kvp_error *err)
{
	const struct kvp_observation *tok =
		find_scoped(c->obs, c->n, c->engine, KVP_OBS_TOKENS, o->scope, o->device);
	uint64_t slots, v64;
	char basis[96];
	enum kvp_status st;

	if (!tok)
		return KVP_OK;
	if (!kvp_add(tok->value, c->plan->engine.sglang.page_size ?
	             c->plan->engine.sglang.page_size : 1, &slots))
		return overflow(err, "pool rows");
	if ((st = per_token_rank(c->plan, c->res, c->tp, KVP_SCOPE_ALL, 3, &v64,
	                         err)) != KVP_OK)
		return st;
	if (!kvp_mul(v64, slots, &v64))
		return overflow(err, "pool bytes");
	snprintf(basis, sizeof basis, "(observed tokens + page) x the whole cache's "
	         "bytes per token per rank (tp %u)", c->tp);
	row_computed(r, v64, basis);
	return KVP_OK;
}

static enum kvp_status row_bytes(const struct rec_ctx *c,
                                 const struct kvp_observation *o,
                                 struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	bool llama = c->engine == KVP_ENGINE_LLAMACPP;
	char basis[96];
	uint64_t v64;
	enum kvp_status st;

	switch (o->kind) {
	case KVP_OBS_KV_BYTES:
		if (!res)
			break;
		if (c->engine == KVP_ENGINE_TRTLLM && c->o_tokens) {
			uint64_t tok = c->o_tokens->value;

			/* the older wording prints tokens before they are
			 * rounded up to whole blocks (TensorRT-LLM issue 224) */
			if (c->o_tokens->unrounded && c->bsize &&
			    !kvp_round_up(tok, c->bsize, &tok))
				return overflow(err, "pool tokens");
			if ((st = per_token_rank(c->plan, res, c->tp, KVP_SCOPE_ALL, 3, &v64, err)) != KVP_OK)
				return st;
			if (!kvp_mul(v64, tok, &v64))
				return overflow(err, "pool bytes");
			snprintf(basis, sizeof basis,
			         "observed tokens x K+V bytes per token per rank (tp %u)",
			         c->tp);
			row_computed(r, v64, basis);
		} else if (c->engine == KVP_ENGINE_SGLANG) {
			if ((st = sglang_kv_size_row(c, o, r, err)) != KVP_OK)
				return st;
		} else if (llama) {
			if (!scope_sum(res, o->scope, 0, &v64))
				return overflow(err, "cache bytes");
			row_computed(r, v64, "sum of the layers' slots x bytes per position");
		}
		break;
	case KVP_OBS_K_BYTES:
	case KVP_OBS_V_BYTES: {
		int w = o->kind == KVP_OBS_K_BYTES ? 1 : 2;
		const struct kvp_observation *tok;

		if (!res)
			break;
		if (llama) {
			if (!scope_sum(res, o->scope, w, &v64))
				return overflow(err, "K/V bytes");
			row_computed(r, v64, "sum of the layers' slots x row bytes");
		} else if (c->engine == KVP_ENGINE_SGLANG &&
		           (tok = find_scoped(c->obs, c->n, c->engine, KVP_OBS_TOKENS,
		                              o->scope, o->device))) {
			/* a pool's line: its tokens x its layers' bytes. A pool
			 * holds tokens + page_size rows (slot 0 pads) and prints
			 * them all; SWAKVPool's sliding and full pools (the
			 * line's scope) are priced with the pad, each by its own
			 * layers (sglang PR #18039's "V size: 5.59 GB" needs its
			 * 64 pad slots). A single pool's line stays tokens x
			 * bytes, as the reference case sglang-qwq32b-tp4 records
			 * it (its one pad slot is within the printed rounding). */
			uint64_t slots = tok->value;

			if (o->scope != KVP_SCOPE_ALL)
				slots += c->plan->engine.sglang.page_size ?
				         c->plan->engine.sglang.page_size : 1;

			if ((st = per_token_rank(c->plan, res, c->tp, o->scope, w, &v64,
			                         err)) != KVP_OK)
				return st;
			if (slots < tok->value || !kvp_mul(v64, slots, &v64))
				return overflow(err, "pool bytes");
			snprintf(basis, sizeof basis,
			         "observed tokens%s x %s bytes per token per rank (tp %u)",
			         o->scope != KVP_SCOPE_ALL ? " + page" : "",
			         w == 1 ? "K" : "V", c->tp);
			row_computed(r, v64, basis);
		}
		break;
	}
	case KVP_OBS_STATE_BYTES:
		if (res)
			row_computed(r, res->kv.state_bytes, "recurrent state x sequences");
		break;
	case KVP_OBS_STATE_R_BYTES:
	case KVP_OBS_STATE_S_BYTES:
		/* the components of the import (conv and SSM values); a state
		 * typed as bytes has none, and the row stays untested */
		if (res && res->kv.conv_bytes + res->kv.ssm_bytes == res->kv.state_bytes &&
		    res->kv.state_bytes)
			row_computed(r, o->kind == KVP_OBS_STATE_R_BYTES ? res->kv.conv_bytes
			                                                 : res->kv.ssm_bytes,
			             o->kind == KVP_OBS_STATE_R_BYTES ?
			             "conv values x 4 B x cells" : "SSM values x 4 B x cells");
		break;
	case KVP_OBS_DEVICE_KV_BYTES:
		/* one buffer per cache: the whole cache of that scope, each
		 * tensor padded to the buffer's alignment */
		if (res && llama &&
		    count_kind(c->obs, c->n, c->engine, o->kind, o->scope) == 1) {
			if (!scope_sum(res, o->scope, 0, &v64))
				return overflow(err, "cache bytes");
			row_computed(r, v64, "the cache on one device, each tensor "
			             "padded to its alignment");
			if (!kvp_add(v64, scope_tensors(res, o->scope) * GGML_MAX_PAD,
			             &r->computed_hi))
				return overflow(err, "cache bytes");
		}
		break;
	case KVP_OBS_DEVICE_STATE_BYTES:
		/* llama_memory_recurrent's one buffer: R and S of every
		 * recurrent layer (cells x (1 + n_rs_seq) rows), each tensor
		 * padded to the buffer's alignment; several devices' buffers
		 * follow the layer split, not modelled: untested */
		if (res && llama && res->kv.state_bytes &&
		    count_kind(c->obs, c->n, c->engine, o->kind, o->scope) == 1) {
			row_computed(r, res->kv.state_bytes, "R and S of every "
			             "recurrent layer, each padded to its alignment");
			if (!kvp_add(res->kv.state_bytes,
			             2 * state_layers(res) * GGML_MAX_PAD,
			             &r->computed_hi))
				return overflow(err, "state bytes");
		}
		break;
	case KVP_OBS_CKPT_BYTES:
		/* ckpt.c: one sequence's partial state, exact for recurrent
		 * and hybrid models; SWA: as many cells as the sequence held
		 * then, at most the SWA cache's */
		if (res && llama && res->host.ckpt_kind != KVP_FIG_NONE) {
			row_computed(r, res->host.ckpt_each, res->host.ckpt_at_most
			             ? "at most: the SWA cache's cells of a sequence"
			             : "the recurrent state of a sequence + headers");
			if (res->host.ckpt_at_most)
				r->computed_lo = 0;
		}
		break;
	case KVP_OBS_OUTPUT_BYTES:
		/* llama_context::output_reserve(n_seq_max): exact */
		if (res && llama && res->host.logits_bytes)
			row_computed(r, res->host.logits_bytes,
			             "n_seq_max x (n_vocab [+ n_embd]) x 4 B (output_reserve)");
		break;
	case KVP_OBS_COMPUTE_BYTES:
		r->cls = KVP_REC_ESTIMATE;
		if (res && llama && res->host.compute_kind == KVP_FIG_ESTIMATE)
			compute_row(res, o, r);
		break;
	case KVP_OBS_ENC_COMPUTE_BYTES:
		r->cls = KVP_REC_ESTIMATE;
		if (res && llama &&
		    res->parts.encoder_compute_kind == KVP_FIG_ESTIMATE)
			enc_compute_row(res, o, r);
		break;
	case KVP_OBS_KV_NEEDED:
		if (c->bsize && c->page && c->max_model_len) {
			if (!kvp_mul(kvp_ceil_div(c->max_model_len, c->bsize), c->page, &v64))
				return overflow(err, "KV for one request");
			snprintf(basis, sizeof basis,
			         "ceil(%llu / %llu) blocks x page of %llu B",
			         (unsigned long long)c->max_model_len,
			         (unsigned long long)c->bsize, (unsigned long long)c->page);
			row_computed(r, v64, basis);
		}
		break;
	case KVP_OBS_KV_BUDGET:
		r->cls = KVP_REC_OBSERVED;
		if (res && !c->ro->no_budget && res->engine.budget_bytes)
			row_computed(r, res->engine.budget_bytes,
			             "kvplan's budget (card x fraction - weights - peak)");
		break;
	case KVP_OBS_WEIGHTS_BYTES:
		r->cls = KVP_REC_OBSERVED;
		if (res && c->engine == KVP_ENGINE_VLLM && res->draft.present &&
		    res->draft.weights_kind != KVP_FIG_NONE && res->n_devices &&
		    !res->draft.last_stage) {
			/* gpu_model_runner.load_model loads the drafter inside
			 * the same memory profile ("Loading drafter model..."
			 * before "Model loading took"); under PP device 0 has
			 * none (the drafter is on the last stage) */
			if (!kvp_add(res->devices[0].weights_bytes,
			             res->draft.weights_device, &v64) ||
			    !kvp_add(v64, res->devices[0].rotary_bytes, &v64))
				return overflow(err, "weights");
			row_computed(r, v64, "kvplan's weights on device 0 + "
			             "the drafter's + rotary tables, loaded in "
			             "one profile");
		} else if (res && res->n_devices && res->devices[0].rotary_bytes)
			/* "Model loading took" holds vLLM's rotary tables */
			row_computed(r, res->devices[0].weights_bytes +
			             res->devices[0].rotary_bytes,
			             "kvplan's weights + rotary tables on device 0");
		else if (res && res->n_devices)
			row_computed(r, res->devices[0].weights_bytes,
			             "kvplan's weight count on device 0");
		else if (res && res->weights.bytes)
			row_computed(r, res->weights.bytes / c->tp,
			             "kvplan's weight count / tp");
		break;
	case KVP_OBS_TOTAL_MEMORY:
		r->cls = KVP_REC_OBSERVED;
		if (res && res->n_devices)
			row_computed(r, res->devices[0].capacity_bytes, "the plan's card");
		break;
	case KVP_OBS_ACTIVATION_PEAK:
	case KVP_OBS_TORCH_PEAK:
		r->cls = KVP_REC_OBSERVED;
		break;
	default:
		r->cls = KVP_REC_UNTESTED;
		break;
	}
	return KVP_OK;
}

/* vLLM's "GPU KV cache size" from `blocks` of one group: from 0.22.0
 * int(blocks / ceil(L / B) x L) in binary floating point
 * (kv_cache_utils.py get_kv_cache_capacity), before blocks x B
 * (kvplan/era.h KVP_ERA_VLLM_CAPACITY_TOKENS). */
static uint64_t vllm_tokens(const struct rec_ctx *c, uint64_t blocks)
{
	double t;

	if (!kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS) ||
	    !c->max_model_len)
		return blocks * c->bsize;
	t = (double)blocks / (double)kvp_ceil_div(c->max_model_len, c->bsize) *
	    (double)c->max_model_len;
	return t >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)t;
}

static enum kvp_status row_counts(const struct rec_ctx *c,
                                  const struct kvp_observation *o,
                                  struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	bool llama = c->engine == KVP_ENGINE_LLAMACPP, vllm = c->engine == KVP_ENGINE_VLLM;
	bool own = res && !c->ro->no_budget;   /* kvplan's budget figures */
	char basis[96];
	uint64_t v64;

	switch (o->kind) {
	case KVP_OBS_CELLS:
		if (res && llama)
			row_computed(r, o->scope == KVP_SCOPE_SWA ? res->engine.cells_swa
			                                          : res->engine.cells,
			             "llama.cpp cell rounding");
		break;
	case KVP_OBS_LAYERS:
		if (res && llama) {
			scope_sum(res, o->scope, 3, &v64);
			row_computed(r, v64, "layers of this cache holding KV");
		}
		break;
	case KVP_OBS_STREAMS:
		if (res && llama)
			row_computed(r, res->engine.streams, "1 unified, else one per sequence");
		break;
	case KVP_OBS_SLOT_CTX:
		if (res && llama)
			row_computed(r, res->engine.max_model_len,
			             "n_ctx_seq, capped at n_ctx_train (llama-server)");
		break;
	case KVP_OBS_BLOCKS:
		if (vllm && c->o_budget && c->page) {
			snprintf(basis, sizeof basis, "observed KV budget / page of %llu B",
			         (unsigned long long)c->page);
			blocks_from_budget(r, c->o_budget, c->page, basis);
		} else {
			r->cls = KVP_REC_OBSERVED;
			if (own && res->engine.blocks)
				row_computed(r, res->engine.blocks, "kvplan's budget / page");
		}
		break;
	case KVP_OBS_TOKENS:
		if (vllm && c->plan->engine.vllm.num_gpu_blocks_override && c->bsize) {
			/* the override, not the budget's blocks, is the pool */
			v64 = c->plan->engine.vllm.num_gpu_blocks_override;
			if (v64 > UINT64_MAX / c->bsize)
				return overflow(err, "tokens");
			snprintf(basis, sizeof basis, "num_gpu_blocks_override %llu",
			         (unsigned long long)v64);
			row_computed(r, vllm_tokens(c, v64), basis);
		} else if (vllm && c->o_blocks && c->bsize) {
			if (!kvp_mul(c->o_blocks->value, c->bsize, &v64))
				return overflow(err, "tokens");
			snprintf(basis, sizeof basis, "observed blocks x block size %llu",
			         (unsigned long long)c->bsize);
			if (kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS) &&
			    c->max_model_len) {
				v64 = vllm_tokens(c, c->o_blocks->value);
				snprintf(basis, sizeof basis, "int(observed blocks / "
				         "ceil(%llu / %llu) x %llu)",
				         (unsigned long long)c->max_model_len,
				         (unsigned long long)c->bsize,
				         (unsigned long long)c->max_model_len);
			}
			row_computed(r, v64, basis);
		} else if (vllm && c->o_budget && c->page && c->bsize &&
		           !c->n_swa_layers) {
			/* V1 prints tokens, not blocks: floor(budget / page) blocks
			 * of bsize tokens, over the budget's rounding (one KV cache
			 * group: no sliding layers) */
			snprintf(basis, sizeof basis,
			         "observed KV budget / page of %llu B x %llu tokens",
			         (unsigned long long)c->page, (unsigned long long)c->bsize);
			blocks_from_budget(r, c->o_budget, c->page, basis);
			if (r->computed_hi > UINT64_MAX / c->bsize)
				return overflow(err, "tokens");
			r->computed = vllm_tokens(c, r->computed);
			r->computed_lo = vllm_tokens(c, r->computed_lo);
			r->computed_hi = vllm_tokens(c, r->computed_hi);
		} else if (c->engine == KVP_ENGINE_TRTLLM && o->unrounded) {
			r->cls = KVP_REC_UNTESTED;   /* tokens as asked: no rule */
		} else if (c->engine == KVP_ENGINE_TRTLLM && c->bsize) {
			snprintf(basis, sizeof basis, "whole blocks of %llu tokens",
			         (unsigned long long)c->bsize);
			row_computed(r, o->value / c->bsize * c->bsize, basis);
		} else if (c->engine == KVP_ENGINE_SGLANG && o->scope == KVP_SCOPE_SWA) {
			/* SWAKVPool's sliding pool (engine.pools[1]) */
			r->cls = KVP_REC_OBSERVED;
			if (own && res->engine.n_pools == 2 && res->engine.block_size)
				row_computed(r, res->engine.pools[1].blocks *
				             res->engine.block_size,
				             "kvplan's sliding pool (swa_full_tokens_ratio)");
		} else {
			r->cls = KVP_REC_OBSERVED;
			if (own && res->engine.tokens)
				row_computed(r, res->engine.tokens,
				             "kvplan's budget / bytes per token");
		}
		break;
	case KVP_OBS_CONCURRENCY_X100: {
		uint64_t blocks = 0, per_req;

		if (vllm && c->plan->engine.vllm.num_gpu_blocks_override)
			blocks = c->plan->engine.vllm.num_gpu_blocks_override;
		else if (c->o_blocks)
			blocks = c->o_blocks->value;
		else if (c->o_tokens && c->bsize)
			blocks = c->o_tokens->value / c->bsize;
		if (vllm && !c->o_blocks && !c->plan->engine.vllm.num_gpu_blocks_override &&
		    c->o_tokens && c->max_model_len &&
		    kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_CAPACITY_TOKENS)) {
			/* tokens = int(concurrency x L): the concurrency lies in
			 * [tokens / L, (tokens + 1) / L), printed to two places */
			uint64_t t = c->o_tokens->value, L = c->max_model_len;

			if (t > UINT64_MAX / 200 - 1)
				return overflow(err, "concurrency");
			snprintf(basis, sizeof basis, "observed tokens / %llu",
			         (unsigned long long)L);
			row_computed(r, (t * 200 / L + 1) / 2, basis);
			r->computed_lo = (t * 200 / L + 1) / 2;
			r->computed_hi = ((t + 1) * 200 / L + 1) / 2;
		} else if (vllm && blocks && c->bsize && c->max_model_len) {
			per_req = kvp_ceil_div(c->max_model_len, c->bsize);
			if (!kvp_mul(blocks, 200, &v64))
				return overflow(err, "concurrency");
			/* blocks / per_req to two places, rounded half up */
			v64 = (v64 / per_req + 1) / 2;
			snprintf(basis, sizeof basis, "observed blocks / ceil(%llu / %llu)",
			         (unsigned long long)c->max_model_len,
			         (unsigned long long)c->bsize);
			row_computed(r, v64, basis);
		} else {
			r->cls = KVP_REC_OBSERVED;
			if (own && res->engine.concurrency_x100)
				row_computed(r, res->engine.concurrency_x100,
				             "kvplan's blocks / blocks per request");
		}
		break;
	}
	case KVP_OBS_CPU_BLOCKS:
		/* vLLM V0's swap blocks: swap_space (4 GiB by default,
		 * EngineArgs.swap_space) // the page (vllm/worker/worker.py
		 * determine_num_available_blocks) */
		if (vllm && c->page && !kvp_era_has(&c->plan->engine, KVP_ERA_VLLM_V1)) {
			snprintf(basis, sizeof basis,
			         "swap_space 4 GiB (V0 default) / page of %llu B",
			         (unsigned long long)c->page);
			row_computed(r, (4ull << 30) / c->page, basis);
		} else {
			r->cls = KVP_REC_UNTESTED;
		}
		break;
	case KVP_OBS_ENC_BUDGET_TOKENS:
		/* parts.c: max(max_num_batched_tokens, tokens per item) */
		if (res && vllm && res->parts.encoder_kind == KVP_FIG_ENGINE)
			row_computed(r, res->parts.encoder_tokens,
			             "max(max_num_batched_tokens, tokens per item)");
		break;
	case KVP_OBS_ENC_PROFILE_ITEMS:
		/* parts.c profile_items: a range when limit_mm_per_prompt,
		 * which plans do not hold, could decide it */
		if (res && vllm && res->parts.encoder_kind == KVP_FIG_ENGINE) {
			row_computed(r, res->parts.encoder_profile_items,
			             "budget // tokens per item, at most "
			             "max_num_seqs x images per prompt");
			r->computed_hi = res->parts.encoder_profile_items_max;
		}
		break;
	case KVP_OBS_MEM_UTIL_PPM:
		/* a setting: the plan must say what ran */
		if (vllm) {
			struct kvp_vllm_sched d;   /* 0: the release's default */

			kvp_vllm_defaults(c->plan, &d);
			row_computed(r, d.util_ppm,
			             "the plan's engine.vllm.gpu_memory_utilization");
		}
		break;
	default:
		r->cls = KVP_REC_UNTESTED;
		break;
	}
	return KVP_OK;
}

static void row_label(const struct kvp_observation *o, char *label, size_t n)
{
	if (o->scope != KVP_SCOPE_ALL)
		snprintf(label, n, "%s (%s)", kind_labels[o->kind], scope_names[o->scope]);
	else if (o->device[0])
		snprintf(label, n, "%s %s", kind_labels[o->kind], o->device);
	else
		snprintf(label, n, "%s", kind_labels[o->kind]);
}

static void count_compared(struct kvp_reconcile *out)
{
	uint32_t i;

	out->n_compared = out->n_arithmetic = 0;
	for (i = 0; i < out->n_rows; i++)
		if (out->rows[i].has_computed && out->rows[i].has_observed) {
			out->n_compared++;
			if (out->rows[i].cls == KVP_REC_ARITHMETIC)
				out->n_arithmetic++;
		}
}

enum kvp_status kvp_reconcile_with(const struct kvp_plan *plan,
                                   const struct kvp_result *res,
                                   enum kvp_engine_kind engine,
                                   const struct kvp_observation *obs,
                                   size_t n, const struct kvp_rec_opts *ro,
                                   struct kvp_reconcile *out,
                                   struct kvp_error *err)
{
	struct rec_ctx c;
	uint64_t kv_sum = 0, kv_tol = 0;
	unsigned n_kv_obs = 0;
	enum kvp_status st;
	size_t i;

	memset(out, 0, sizeof *out);
	memset(&c, 0, sizeof c);
	if (ro->no_model)
		res = NULL;
	c.plan = plan;
	c.res = res;
	c.obs = obs;
	c.n = n;
	c.engine = engine;
	c.ro = ro;
	c.tp = ro->tp ? ro->tp : 1;
	c.max_model_len = ro->max_model_len;
	if (res) {
		c.bsize = res->engine.block_size;
		c.page = res->engine.stage_page_bytes ? res->engine.stage_page_bytes
		                                      : res->engine.page_bytes;
		if (!c.max_model_len)
			c.max_model_len = res->engine.max_model_len;
		scope_sum(res, KVP_SCOPE_SWA, 3, &c.n_swa_layers);
	} else if (!c.max_model_len && engine == KVP_ENGINE_VLLM) {
		c.max_model_len = plan->engine.vllm.max_model_len;
	}
	if (!c.bsize && engine == KVP_ENGINE_VLLM)
		c.bsize = plan->engine.vllm.block_size;
	if (!c.bsize && engine == KVP_ENGINE_TRTLLM)
		c.bsize = plan->engine.trtllm.tokens_per_block;
	c.o_budget = kvp_rec_obs_find(obs, n, engine, KVP_OBS_KV_BUDGET);
	c.o_blocks = kvp_rec_obs_find(obs, n, engine, KVP_OBS_BLOCKS);
	c.o_tokens = kvp_rec_obs_find(obs, n, engine, KVP_OBS_TOKENS);
	if (res && !c.page && c.bsize && engine == KVP_ENGINE_VLLM) {
		uint64_t pt;

		if ((st = per_token_rank(plan, res, c.tp, KVP_SCOPE_ALL, 3, &pt, err)) != KVP_OK)
			return st;
		if (!kvp_mul(pt, c.bsize, &c.page))
			return overflow(err, "page bytes");
	}

	for (i = 0; i < n; i++) {
		const struct kvp_observation *o = &obs[i];
		struct kvp_rec_row *r;
		char label[96];

		if (o->engine != engine)
			continue;
		row_label(o, label, sizeof label);
		r = row_new(out, label, KVP_REC_ARITHMETIC, kvp_obs_is_bytes(o->kind));
		if (!r)
			continue;
		row_observed(r, o->value, o->tolerance, o->line);
		if (o->kind == KVP_OBS_KV_BYTES &&
		    (o->scope != KVP_SCOPE_SWA || engine == KVP_ENGINE_LLAMACPP)) {
			kv_sum += o->value;
			kv_tol += o->tolerance;
			n_kv_obs++;
		}
		st = kvp_obs_is_bytes(o->kind) ? row_bytes(&c, o, r, err)
		                               : row_counts(&c, o, r, err);
		if (st != KVP_OK)
			return st;
		row_settle(r, out);
		kvp_rec_mark_prediction(r, o->kind, out);
	}

	if (engine == KVP_ENGINE_VLLM && c.o_budget)
		vllm_v0_profile(obs, n, c.o_budget, out);
	if (engine == KVP_ENGINE_LLAMACPP) {
		llama_k_plus_v(obs, n, out);
		if ((st = llama_totals(res, obs, n, kv_sum, kv_tol, n_kv_obs, out,
		                       err)) != KVP_OK)
			return st;
	}
	/* nothing in the log about the cache's size: say so */
	if (!n_kv_obs && !kvp_rec_obs_find(obs, n, engine, KVP_OBS_K_BYTES)) {
		struct kvp_rec_row *r = row_new(out, "KV cache (not in the log)",
		                                KVP_REC_UNTESTED, true);

		if (r && res && !ro->no_budget)
			row_computed(r, res->kv.bytes, "not stated in the log");
	}
	count_compared(out);
	if (out->n_plan_error && res)
		kvp_rec_explain(plan, res, obs, n, engine, out);
	return KVP_OK;
}

enum kvp_status kvp_reconcile(const struct kvp_plan *plan,
                              const struct kvp_result *res,
                              enum kvp_engine_kind engine,
                              const struct kvp_observation *obs, size_t n,
                              uint32_t tp, uint64_t max_model_len,
                              struct kvp_reconcile *out,
                              struct kvp_error *err)
{
	struct kvp_rec_opts ro;

	memset(&ro, 0, sizeof ro);
	ro.tp = tp;
	ro.max_model_len = max_model_len;
	return kvp_reconcile_with(plan, res, engine, obs, n, &ro, out, err);
}
