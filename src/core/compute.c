/*
 * compute.c - kvp_compute: validate the plan (kvp_plan_validate), then run
 * the stages of src/core/internal.h in order (resolve, weights, kv,
 * engine, devices, host, verdict, speed,
 * warnings), stopping at the first error.
 *
 * The result is cleared first except for the layer, device and warning
 * arrays, which the stages fill entry by entry (see clear_result); the
 * counts n_layers, n_devices and n_warnings bound what is defined.
 */
#include <stddef.h>
#include <string.h>

#include "core/internal.h"
#include "core/engines/llamacpp/lc_slots.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/validate.h"

/*
 * Zero what no stage overwrites in full: the error (cleared, as
 * kvp_error_clear does), the counts, classes, kv, engine and weights. Three arrays are left as they are, because
 * clearing them was a third of a 128-layer recompute:
 *   layer_recs[0..n)  stage 1 writes the spec of each type's first
 *                     layer (all specs when the types are unknown),
 *                     stage 3 the rest of those records, which stay
 *                     every layer's of their type (layers_by_type,
 *                     result.h; issue 34: no record is copied per
 *                     layer unless a later stage writes one layer's,
 *                     kvp_layer_rec_w);
 *   devices[]         budget.c zeroes each entry as it appends it;
 *   warnings[]        kvp_warn writes code and msg of each entry;
 *   layer_types.of[]  stage 1 writes of[0..n_layers) (n is zeroed);
 * and two texts of the engine's (issue 34: 4.75 of the 6.2 KiB cleared):
 *   engine.lines[]    engine_common.c writes each line it appends;
 *   engine.note       a string, emptied by its first byte.
 * Entries past n_layers, n_devices, n_warnings and engine.n_lines, and
 * the bytes after a string's end, are unspecified, and after an error
 * the whole result is (result.h).
 */
static void clear_result(struct kvp_result *res)
{
	const size_t cls = offsetof(struct kvp_result, n_classes);
	const size_t lines = offsetof(struct kvp_result, engine.lines);
	const size_t after = lines + sizeof res->engine.lines;
	const size_t note = offsetof(struct kvp_result, engine.note);
	const size_t dev = offsetof(struct kvp_result, devices);

	/* the error as kvp_error_clear leaves it (status OK, empty
	 * message): the rest of its 4 KiB buffer is not written */
	kvp_error_clear(&res->error);
	res->n_layers = 0;
	res->layers_by_type = false;
	/* engine.lines (3.75 KiB) is bounded by engine.n_lines (an
	 * engine writes a line before counting it, engine_common.c);
	 * engine.note (1 KiB) is a string: its first byte empties it */
	memset((char *)res + cls, 0, lines - cls);
	memset((char *)res + after, 0, note - after);
	res->engine.note[0] = '\0';
	memset((char *)res + note + sizeof res->engine.note, 0,
	       dev - note - sizeof res->engine.note);
	res->fits = false;
	res->n_warnings = 0;
	res->layer_types.n = 0;               /* stage 1 fills it */
	memset(&res->mix, 0, sizeof res->mix);   /* kvp_mix_of fills it */
}

/* The device stage with the pipeline itself for the DP replicas'
 * plans: budget.c is handed it and never calls back up. */
enum kvp_status kvp_devices_compute(const struct kvp_plan *plan,
                                    struct kvp_result *res)
{
	return kvp_devices_stage(plan, res, kvp_compute);
}

enum kvp_status kvp_compute(const struct kvp_plan *plan,
                            struct kvp_result *res)
{
	struct kvp_plan work;   /* the plan with llama.cpp's -np auto resolved */
	const struct kvp_plan *given = plan;
	enum kvp_status st;

	clear_result(res);
	st = kvp_plan_validate(plan, &res->error);
	if (st != KVP_OK)
		return st;
	st = kvp_llamacpp_slots(plan, &work, &plan, res);
	if (st != KVP_OK)
		return st;

	/* 1. resolve */
	st = kvp_layers_resolve_typed(&plan->model, &res->layer_recs[0].spec,
	                              sizeof res->layer_recs[0], &res->layer_types,
	                              &res->error);
	if (st != KVP_OK) {
		res->layer_types.n = 0;
		return st;
	}
	res->n_layers = plan->model.n_layers;
	/* the records are by type: a type's first layer's is its layers'
	 * (kv.c keeps them so, result.h) */
	res->layers_by_type = res->layer_types.n != 0;

	/* 2-5. weights, kv, engine, devices */
	st = kvp_weights_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_parts_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_draft_prepare(plan, res, kvp_compute);
	if (st == KVP_OK)
		st = kvp_kv_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_engine_compute(plan, res);
	if (st == KVP_OK)
		kvp_llamacpp_slots_said(given, plan, res);
	if (st == KVP_OK)
		st = kvp_draft_finish(plan, res, kvp_compute);
	if (st == KVP_OK)
		st = kvp_devices_compute(plan, res);
	if (st == KVP_OK)
		st = kvp_host_compute(plan, res);
	if (st != KVP_OK) {
		/* a stage that forgot to fill the error still reports one */
		if (res->error.status == KVP_OK)
			kvp_error_set(&res->error, st, "%s", kvp_status_str(st));
		return st;
	}
	/* 5c. the verdict, 6. speed bound (over the sequences the verdict
	 * says the engine holds), 7. warnings */
	kvp_verdict_compute(plan, res);
	kvp_speed_compute(plan, res);
	kvp_warnings_compute(plan, res);
	res->error.status = KVP_OK;
	return KVP_OK;
}
