/*
 * app.c - the planner's state: creation, recompute with the stale rule,
 * the message line and the edit bookkeeping (see app.h). The bottom of
 * the front end: every view calls down to it, and it names no view (the
 * views' caches are released through the table in views/views.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/gguf/override_tensor.h"
#include "io/plan/plan_json.h"
#include "kvplan/compute.h"
#include "kvplan/fit.h"
#include "tui/app.h"

struct tui_app *tui_app_new(const struct kvp_plan *plan)
{
	struct tui_app *a = calloc(1, sizeof *a);

	if (!a)
		return NULL;
	a->res = calloc(1, sizeof *a->res);
	a->scratch = calloc(1, sizeof *a->scratch);
	if (!a->res || !a->scratch) {
		tui_app_free_state(a);
		return NULL;
	}
	a->plan = *plan;
	a->bench_fd = -1;
	a->pick_kind = -1;
	return a;
}

void tui_app_free_state(struct tui_app *a)
{
	if (!a)
		return;
	if (a->owns_ragged)
		kvp_plan_json_free_ragged(&a->plan);
	free(a->res);
	free(a->scratch);
	free(a);
}

/* The default launch's --fit pick for the plan just computed (a->plan),
 * its recomputes in a->scratch, which holds nothing valid here. */
static void fit_recompute(struct tui_app *a)
{
	struct kvp_fit_result f;
	struct kvp_error err;

	a->fit_text[0] = '\0';
	if (kvp_llamacpp_fit(&a->plan, a->scratch, &f, &err) == KVP_OK)
		kvp_fit_text(&f, false, a->fit_text, sizeof a->fit_text);
}

bool tui_app_recompute(struct tui_app *a)
{
	struct kvp_result *t;
	struct kvp_error err;

	/* llama.cpp -ot: the patterns are matched against the model's
	 * tensor names here in the front end (src/io/gguf/override_tensor.c), and
	 * the placement they give depends on the model: after any edit
	 * (another model, experts, layers) they are matched again, so the
	 * planner never prices a placement found for the old model */
	if (kvp_ot_resolve(&a->plan, &err) != KVP_OK) {
		tui_app_invalid(a, err.msg);
		return false;
	}
	if (kvp_compute(&a->plan, a->scratch) != KVP_OK) {
		tui_app_invalid(a, a->scratch->error.msg);
		return false;
	}
	t = a->res;
	a->res = a->scratch;
	a->scratch = t;
	/* the named engines beside the generic verdict (scratch is free) */
	a->range.n = 0;
	if (a->plan.engine.kind == KVP_ENGINE_GENERIC && a->res->n_devices)
		kvp_engine_range(&a->plan, a->scratch, &a->range);
	a->have_result = true;
	fit_recompute(a);
	a->valid = a->plan;
	a->stale = false;
	a->invalid = false;
	a->why[0] = '\0';
	if (a->msg_kind == TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_NONE, "%s", "");
	return true;
}

void tui_app_message(struct tui_app *a, enum tui_msg_kind kind,
                     const char *fmt, ...)
{
	va_list ap;

	a->msg_kind = kind;
	va_start(ap, fmt);
	vsnprintf(a->msg, sizeof a->msg, fmt, ap);
	va_end(ap);
}

void tui_app_invalid(struct tui_app *a, const char *msg)
{
	a->stale = a->have_result;
	a->invalid = true;
	snprintf(a->why, sizeof a->why, "%s", msg);
	tui_app_message(a, TUI_MSG_ERROR, "%s", msg);
}

bool tui_app_restore_valid(struct tui_app *a)
{
	if (!a->invalid || !a->have_result)
		return false;
	a->plan = a->valid;
	a->gen++;
	return tui_app_recompute(a);
}

void tui_app_edited(struct tui_app *a)
{
	a->dirty = true;
	a->gen++;
	tui_app_recompute(a);
}
