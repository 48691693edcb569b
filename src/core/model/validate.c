/*
 * validate.c - kvp_plan_validate: the one check of a plan's own
 * consistency (validate.h), shared by kvp_compute, the CLI's flags and
 * plan files, layer rules and the planner. Each check names the field
 * and its value in one line.
 */
#include <stdio.h>   /* snprintf into caller buffers only */

#include "kvplan/devices.h"
#include "kvplan/layers.h"
#include "kvplan/result.h"
#include "kvplan/validate.h"

static bool attention(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING ||
	       k == KVP_LAYER_CHUNKED;
}

/* Grouped-query attention: each KV head serves a whole group of Hq/Hkv
 * query heads, so Hkv must divide Hq (MLA, recurrent and shared layers
 * have no such grouping). */
static enum kvp_status heads(const struct kvp_model *m, struct kvp_error *err)
{
	uint32_t i;

	if (attention(m->base.kind) && m->base.kv_heads > 0 &&
	    m->q_heads % m->base.kv_heads != 0)
		return kvp_error_set(err, KVP_EINVAL,
			"model.base.kv_heads: %u - model.q_heads %u is not a multiple "
			"of it (each KV head serves a whole group of query heads)",
			m->base.kv_heads, m->q_heads);
	for (i = 0; i < m->n_rules && i < KVP_MAX_RULES; i++) {
		const struct kvp_layer_rule *r = &m->rules[i];
		enum kvp_layer_kind k = r->set & (1u << KVP_LF_KIND) ? r->v.kind
		                                                      : m->base.kind;
		char text[160];

		if (!(r->set & (1u << KVP_LF_KV_HEADS)) ||
		    !(attention(k) || !(r->set & (1u << KVP_LF_KIND))))
			continue;
		if (r->v.kv_heads >= 1 && m->q_heads % r->v.kv_heads == 0)
			continue;
		kvp_rule_format(r, text, sizeof text);
		return kvp_error_set(err, KVP_EINVAL,
			"model.layers[%u] '%s': kv_heads %u - %s%u%s", i, text,
			r->v.kv_heads, r->v.kv_heads == 0 ?
			"an attention layer needs at least 1 KV head (model.q_heads " :
			"model.q_heads ", m->q_heads, r->v.kv_heads == 0 ? ")" :
			" is not a multiple of it (each KV head serves a whole "
			"group of query heads)");
	}
	return KVP_OK;
}

/* A looped model (model.loops): n_layers is the real layers' caches
 * pass after pass, so loops divides it; no MTP layers after them (no
 * looped family has any: vLLM ouro.py, iquest_loopcoder.py). */
static enum kvp_status loops(const struct kvp_model *m, struct kvp_error *err)
{
	if (m->loops <= 1)
		return KVP_OK;
	if (m->n_layers % m->loops)
		return kvp_error_set(err, KVP_EINVAL,
			"model.loops: %u - model.n_layers %u is not a multiple of "
			"it (every pass keeps a cache per real layer)", m->loops,
			m->n_layers);
	if (m->arch.mtp_layers)
		return kvp_error_set(err, KVP_EINVAL,
			"model.loops: %u - with model.arch.mtp_layers %u: a "
			"looped model with MTP layers is not modelled", m->loops,
			m->arch.mtp_layers);
	return KVP_OK;
}

static enum kvp_status model(const struct kvp_model *m, struct kvp_error *err)
{
	const struct kvp_arch *a = &m->arch;

	if (m->n_layers < 1 || m->n_layers > KVP_MAX_LAYERS)
		return kvp_error_set(err, KVP_ERANGE,
			"model.n_layers: %u - must be 1..%u", m->n_layers,
			KVP_MAX_LAYERS);
	if (m->q_heads < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"model.q_heads: 0 - must be at least 1");
	if (m->n_rules > KVP_MAX_RULES)
		return kvp_error_set(err, KVP_ERANGE,
			"model.layers: %u rules - at most %u", m->n_rules,
			KVP_MAX_RULES);
	if (a->n_experts_active > a->n_experts)
		return kvp_error_set(err, KVP_ERANGE,
			"model.arch.n_experts_active: %u - more than "
			"model.arch.n_experts %u", a->n_experts_active, a->n_experts);
	if (a->first_dense_layers > m->n_layers)
		return kvp_error_set(err, KVP_ERANGE,
			"model.arch.first_dense_layers: %u - more than "
			"model.n_layers %u", a->first_dense_layers, m->n_layers);
	return loops(m, err) != KVP_OK ? err->status : heads(m, err);
}

static enum kvp_status workload(const struct kvp_workload *w,
                                struct kvp_error *err)
{
	bool active = w->n_ragged > 0;
	uint32_t c;

	if (w->n_classes > KVP_MAX_CLASSES)
		return kvp_error_set(err, KVP_ERANGE,
			"workload.classes: %u classes - at most %u", w->n_classes,
			KVP_MAX_CLASSES);
	for (c = 0; c < w->n_classes; c++) {
		const struct kvp_seq_class *k = &w->classes[c];
		uint64_t any = k->gen;
		int i;

		if (k->samples < 1)
			return kvp_error_set(err, KVP_ERANGE,
				"workload.classes[%u].samples: 0 - must be at least 1", c);
		for (i = 0; i < KVP_PP_COUNT; i++)
			any |= k->prompt[i];
		if (k->requests > 0 && any == 0)
			return kvp_error_set(err, KVP_ERANGE,
				"workload.classes[%u].gen: 0 - with a 0-token prompt a "
				"sequence holds nothing; give a prompt or generation "
				"length of at least 1", c);
		if (k->requests > 0)
			active = true;
	}
	if (!active)
		return kvp_error_set(err, KVP_EINVAL,
			"workload.classes: no active requests - set "
			"workload.classes[0].requests to at least 1 or give ragged lengths");
	if (w->n_ragged > 0 && !w->ragged)
		return kvp_error_set(err, KVP_EINVAL,
			"workload.ragged: no list given for %zu lengths", w->n_ragged);
	return KVP_OK;
}

static enum kvp_status strategy(const struct kvp_strategy *s, uint32_t layers,
                                struct kvp_error *err)
{
	if ((unsigned)s->kind >= KVP_STRAT_COUNT)
		return kvp_error_set(err, KVP_EINVAL,
			"strategy.kind: %d - expected dynamic, static, padded or paged",
			(int)s->kind);
	if (s->block_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"strategy.block_size: 0 - must be at least 1");
	if ((unsigned)s->mla >= KVP_MLA_MODE_COUNT)
		return kvp_error_set(err, KVP_EINVAL,
			"strategy.mla: %d - expected latent or decompressed", (int)s->mla);
	if (s->resident_layers < -1)
		return kvp_error_set(err, KVP_ERANGE,
			"strategy.resident_layers: %d - must be -1 (all layers on the "
			"device) or 0..%u", (int)s->resident_layers, layers);
	return KVP_OK;
}

static enum kvp_status devices(const struct kvp_devices *d,
                               struct kvp_error *err)
{
	uint64_t world, cards = 0;
	uint32_t g;

	if (d->tp == 0 || d->pp == 0 || d->dp == 0)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.%s: 0 - must be at least 1",
			d->tp == 0 ? "tp" : d->pp == 0 ? "pp" : "dp");
	world = (uint64_t)d->tp * d->pp * d->dp;
	if (world > KVP_MAX_DEVICES)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.tp: %u x pp %u x dp %u = %llu devices - at "
			"most %u", d->tp, d->pp, d->dp,
			(unsigned long long)world, KVP_MAX_DEVICES);
	if (d->n_groups == 0)
		return KVP_OK;
	if (d->n_groups > KVP_MAX_CARD_GROUPS)
		return kvp_error_set(err, KVP_ERANGE,
			"devices.groups: %u card groups - at most %u",
			d->n_groups, KVP_MAX_CARD_GROUPS);
	for (g = 0; g < d->n_groups; g++) {
		if (d->groups[g].count == 0)
			return kvp_error_set(err, KVP_ERANGE,
				"devices.groups[%u].count: 0 - must be at "
				"least 1", g);
		if (d->groups[g].card.capacity_bytes == 0)
			return kvp_error_set(err, KVP_ERANGE,
				"devices.groups[%u].card.capacity_bytes: 0 - "
				"must be at least 1", g);
		cards += d->groups[g].count;
	}
	/* one card of count 1 stands for every device (devices.h) */
	if (cards < world && cards != 1)
		return kvp_error_set(err, KVP_EINVAL,
			"devices.groups: %llu cards - tp %u x pp %u x dp %u "
			"needs %llu", (unsigned long long)cards, d->tp, d->pp,
			d->dp, (unsigned long long)world);
	return KVP_OK;
}

enum kvp_status kvp_plan_validate(const struct kvp_plan *p,
                                  struct kvp_error *err)
{
	enum kvp_status st;

	if ((st = model(&p->model, err)) != KVP_OK ||
	    (st = workload(&p->workload, err)) != KVP_OK ||
	    (st = strategy(&p->strategy, p->model.n_layers, err)) != KVP_OK ||
	    (st = devices(&p->devices, err)) != KVP_OK)
		return st;
	/* pipeline stages split cache layers (placement.c), where vLLM
	 * would split the real layers with their passes' caches; neither
	 * looped family implements SupportsPP (ouro.py OuroForCausalLM
	 * SupportsLoRA only, iquest_loopcoder.py none) */
	if (p->model.loops > 1 && p->devices.pp > 1)
		return kvp_error_set(err, KVP_EREFUSED,
			"devices.pp: %u - model.loops %u: vLLM's looped models "
			"(ouro.py, iquest_loopcoder.py) do not implement "
			"pipeline parallelism; use pp 1", p->devices.pp,
			p->model.loops);
	return KVP_OK;
}
