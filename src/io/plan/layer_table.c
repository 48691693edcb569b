/*
 * layer_table.c - per-layer specs to base + rules (layer_table.h).
 * Resolution applies rules in order over the base, so covering each
 * differing layer by exactly one rule that sets every field that differs
 * from the base reproduces the table.
 */
#include <string.h>

#include "io/plan/layer_table.h"

static bool fmt_eq(const struct kvp_format *a, const struct kvp_format *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

static bool spec_eq(const struct kvp_layer_spec *a,
                    const struct kvp_layer_spec *b)
{
	return a->kind == b->kind && a->kv_heads == b->kv_heads &&
	       a->k_dim == b->k_dim && a->v_dim == b->v_dim &&
	       fmt_eq(&a->k_fmt, &b->k_fmt) && fmt_eq(&a->v_fmt, &b->v_fmt) &&
	       a->window == b->window && a->state_bytes == b->state_bytes &&
	       a->shared_with == b->shared_with && a->ratio == b->ratio;
}

/* Fields of l that differ from base, as a rule's set and values. */
static void diff_rule(struct kvp_layer_rule *r, const struct kvp_layer_spec *base,
                      const struct kvp_layer_spec *l)
{
	memset(r, 0, sizeof *r);
	r->v = *l;
	if (l->kind != base->kind)
		r->set |= 1u << KVP_LF_KIND;
	if (l->kv_heads != base->kv_heads)
		r->set |= 1u << KVP_LF_KV_HEADS;
	if (l->k_dim != base->k_dim)
		r->set |= 1u << KVP_LF_K_DIM;
	if (l->v_dim != base->v_dim)
		r->set |= 1u << KVP_LF_V_DIM;
	if (!fmt_eq(&l->k_fmt, &base->k_fmt))
		r->set |= 1u << KVP_LF_K_FMT;
	if (!fmt_eq(&l->v_fmt, &base->v_fmt))
		r->set |= 1u << KVP_LF_V_FMT;
	if (l->window != base->window)
		r->set |= 1u << KVP_LF_WINDOW;
	if (l->state_bytes != base->state_bytes)
		r->set |= 1u << KVP_LF_STATE_BYTES;
	if (l->shared_with != base->shared_with || l->kind == KVP_LAYER_SHARED)
		r->set |= 1u << KVP_LF_SHARED_WITH;
	if (l->ratio != base->ratio)
		r->set |= 1u << KVP_LF_RATIO;
}

enum kvp_status kvp_layer_table_to_rules(struct kvp_model *m,
                                         const struct kvp_layer_spec *L,
                                         const char *name,
                                         struct kvp_error *err)
{
	uint32_t n = m->n_layers, i, j, best = 0, bestn = 0, cnt;
	bool done[KVP_MAX_LAYERS];

	if (n == 0 || n > KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_ERANGE, "%s: %u layers - must be "
		                     "1..%d", name, n, KVP_MAX_LAYERS);
	for (i = 0; i < n; i++) {
		cnt = 0;
		for (j = 0; j < n; j++)
			cnt += spec_eq(&L[i], &L[j]);
		if (cnt > bestn) {
			bestn = cnt;
			best = i;
		}
	}
	m->base = L[best];
	m->n_rules = 0;
	for (i = 0; i < n; i++)
		done[i] = spec_eq(&L[i], &L[best]);
	for (i = 0; i < n; i++) {
		uint32_t step = 1, last = i, k;
		struct kvp_layer_rule *r;

		if (done[i])
			continue;
		for (j = i + 1; j < n; j++)
			if (!done[j] && spec_eq(&L[j], &L[i]))
				break;
		if (j < n) {
			step = j - i;
			for (k = i + step; k < n && !done[k] &&
			     spec_eq(&L[k], &L[i]); k += step)
				last = k;
		}
		if (m->n_rules >= KVP_MAX_RULES)
			return kvp_error_set(err, KVP_ERANGE, "%s: the layer layout "
			       "needs more than %d layer rules", name,
			       KVP_MAX_RULES);
		r = &m->rules[m->n_rules++];
		diff_rule(r, &L[best], &L[i]);
		r->range.all = false;
		r->range.first = i;
		r->range.last = last;
		r->range.step = last == i ? 1 : step;
		for (k = i; k <= last; k += (last == i ? 1 : step))
			done[k] = true;
	}
	return KVP_OK;
}
