/*
 * compute.c - kvp_compute: validate the plan's top-level fields, then run
 * the stages of src/core/internal.h in order (resolve, weights, kv,
 * engine, devices, warnings), stopping at the first error.
 *
 * The result is cleared first except for the layer, device and warning
 * arrays, which the stages fill entry by entry (see clear_result); the
 * counts n_layers, n_devices and n_warnings bound what is defined.
 */
#include <stddef.h>
#include <string.h>

#include "core/internal.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"

static enum kvp_status check_plan(const struct kvp_plan *p,
                                  struct kvp_error *err)
{
	const struct kvp_model *m = &p->model;
	const struct kvp_workload *w = &p->workload;
	const struct kvp_strategy *s = &p->strategy;
	bool active = w->n_ragged > 0;
	uint32_t c;

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
			"device) or 0..%u", (int)s->resident_layers, m->n_layers);
	return KVP_OK;
}

/*
 * Zero what no stage overwrites in full: the error, the counts, classes,
 * kv, engine and weights. Three arrays are left as they are, because
 * clearing them was a third of a 128-layer recompute:
 *   layers[0..n)      stage 1 writes every spec, stage 3 every other
 *                     field of each layer (kv.c, first pass);
 *   devices[]         budget.c zeroes each entry as it appends it;
 *   warnings[]        kvp_warn writes code and msg of each entry.
 * Entries past n_layers, n_devices and n_warnings are unspecified, and
 * after an error the whole result is (result.h).
 */
static void clear_result(struct kvp_result *res)
{
	const size_t lay = offsetof(struct kvp_result, layers);
	const size_t cls = offsetof(struct kvp_result, n_classes);
	const size_t dev = offsetof(struct kvp_result, devices);

	memset(res, 0, lay);
	memset((char *)res + cls, 0, dev - cls);
	res->fits = false;
	res->n_warnings = 0;
}

enum kvp_status kvp_compute(const struct kvp_plan *plan,
                            struct kvp_result *res)
{
	enum kvp_status st;

	clear_result(res);
	st = check_plan(plan, &res->error);
	if (st != KVP_OK)
		return st;

	/* 1. resolve */
	st = kvp_layers_resolve_strided(&plan->model, &res->layers[0].spec,
	                                sizeof res->layers[0], &res->error);
	if (st != KVP_OK)
		return st;
	res->n_layers = plan->model.n_layers;

	/* 2-5. weights, kv, engine, devices */
	st = kvp_weights_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_kv_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_engine_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_devices_compute(plan, res);
	if (st != KVP_OK) {
		/* a stage that forgot to fill the error still reports one */
		if (res->error.status == KVP_OK)
			kvp_error_set(&res->error, st, "%s", kvp_status_str(st));
		return st;
	}
	/* 6. warnings */
	kvp_warnings_compute(plan, res);
	res->error.status = KVP_OK;
	return KVP_OK;
}
