/*
 * rec_row.c - the rows of a reconciliation table (new, computed,
 * observed, settled) and the figures summed from the result that the
 * rules compare: bytes, K, V and layers of a cache scope, bytes per
 * token on one TP rank, tensors of a scope.
 */
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/layers.h"
#include "core/reconcile/rec_priv.h"

/* K (which 1), V (2) or K+V (3) bytes per token on one TP rank. Heads
 * come from the model as resolved (an engine may already have stored
 * per-rank heads in the result), dims and formats from the result (the
 * engine's cache format). */
enum kvp_status kvp_rec_per_token_rank(const struct kvp_plan *p,
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
		const struct kvp_layer_result *l = kvp_layer_rec(r, i);
		const struct kvp_layer_spec *s = &l->spec;
		uint64_t h, kb = 0, vb = 0;

		if (!kvp_rec_in_scope(l, scope))
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

/* Tensors of one cache scope: a K tensor per layer, and a V tensor per
 * layer that stores V (llama.cpp MLA caches K only). */
uint64_t kvp_rec_scope_tensors(const struct kvp_result *r, enum kvp_obs_scope s)
{
	uint64_t t = 0;

	kvp_rec_scope_sum(r, s, 4, &t);   /* at most 2 x n_layers */
	return t;
}

/* Recurrent layers holding state (an R and an S tensor each). */
uint64_t kvp_rec_state_layers(const struct kvp_result *r)
{
	uint64_t t = 0;
	uint32_t i;

	for (i = 0; i < r->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(r, i);

		if (l->spec.kind == KVP_LAYER_NONE && l->bytes)
			t++;
	}
	return t;
}

/* s into buf of n, cut and terminated as snprintf(buf, n, "%s", s) does:
 * a row's figure and basis are copied per row, and these copies were
 * most of log.reconcile once out of the callers' sight (where the
 * compiler had folded the literals' snprintf into copies). */
static void copy_text(char *buf, size_t n, const char *s)
{
	size_t l = strlen(s);

	if (l > n - 1)
		l = n - 1;
	memcpy(buf, s, l);
	buf[l] = '\0';
}

struct kvp_rec_row *kvp_rec_row_new(struct kvp_reconcile *out,
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
	copy_text(r->figure, sizeof r->figure, figure);
	r->cls = c;
	r->is_bytes = is_bytes;
	return r;
}

void kvp_rec_computed(struct kvp_rec_row *r, uint64_t v, const char *basis)
{
	r->has_computed = true;
	r->computed = r->computed_lo = r->computed_hi = v;
	copy_text(r->basis, sizeof r->basis, basis);
}

void kvp_rec_observed(struct kvp_rec_row *r, uint64_t v, uint64_t tol,
                         uint32_t line)
{
	r->has_observed = true;
	r->observed = v;
	r->tolerance = tol;
	r->line = line;
}

/* Difference, percentage and match once both sides are set. */
void kvp_rec_settle(struct kvp_rec_row *r, struct kvp_reconcile *out)
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
const struct kvp_observation *kvp_rec_find_scoped(const struct kvp_observation *obs,
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

size_t kvp_rec_count_kind(const struct kvp_observation *obs, size_t n,
                         enum kvp_engine_kind e, enum kvp_obs_kind k,
                         enum kvp_obs_scope s)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		if (obs[i].engine == e && obs[i].kind == k && obs[i].scope == s)
			c++;
	return c;
}

enum kvp_status kvp_rec_overflow(struct kvp_error *err, const char *what)
{
	return kvp_error_set(err, KVP_EOVERFLOW, "reconcile: %s overflows 64 bits",
	                     what);
}
