/*
 * preset_load.c - picking and loading a model or card preset (see
 * preset_load.h).
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/complete.h"
#include "kvplan/format.h"
#include "tui/views/draft_edit.h"
#include "tui/views/form_view.h"
#include "tui/views/picker.h"
#include "tui/views/preset_load.h"
#include "tui/prompt.h"
#include "tui/render.h"

/* The spec to load: a preset picked from the list, or a path typed after
 * Tab. False when cancelled. */
static bool choose_spec(struct tui_app *a, enum kvp_preset_kind kind,
                        const char *filter, const char *what,
                        const char *current, char *spec, size_t n)
{
	char label[64];

	switch (tui_pick_preset(a, kind, filter, spec, n)) {
	case TUI_PICK_NAME:
		return true;
	case TUI_PICK_PATH:
		if (kind == KVP_PRESET_CARD)
			return tui_prompt_text(a, "Card preset or file:", current, spec, n);
		snprintf(label, sizeof label, "%s (Tab completes):", what);
		return tui_prompt_text_completing(a, label, current, spec, n,
		                                  kvp_model_complete);
	default:
		return false;
	}
}

/* A cache format the user chose to save memory (not a 16/32-bit float):
 * it belongs to the deployment, not to the model, so a new model keeps it. */
static bool chosen_format(const struct kvp_format *f)
{
	return f->dtype != KVP_DT_F32 && f->dtype != KVP_DT_F16 &&
	       f->dtype != KVP_DT_BF16;
}

static bool load_model(struct tui_app *a, const char *spec)
{
	struct kvp_model m, *old = &a->plan.model;
	struct kvp_notes notes;
	struct kvp_error err;
	char kept[96] = "", dropped[96] = "", was[sizeof old->id];

	memset(&m, 0, sizeof m);
	memset(&notes, 0, sizeof notes);
	if (kvp_model_load_spec(spec, &m, &notes, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "%s", err.msg);
		return false;
	}
	if (chosen_format(&old->base.k_fmt) || chosen_format(&old->base.v_fmt)) {
		m.base.k_fmt = old->base.k_fmt;
		m.base.v_fmt = old->base.v_fmt;
		snprintf(kept, sizeof kept, ", the %s KV cache",
		         kvp_dtype_name(old->base.k_fmt.dtype));
	}
	if (old->n_rules)
		snprintf(dropped, sizeof dropped, "; dropped %u layer rule%s of the old model",
		         (unsigned)old->n_rules, old->n_rules == 1 ? "" : "s");
	snprintf(was, sizeof was, "%s", old->id);
	a->plan.model = m;
	snprintf(a->plan.name, sizeof a->plan.name, "%s", m.id);
	tui_app_edited(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "model %s in place of %s; kept the "
		                "workload, engine, cards%s%s", m.id, was, kept, dropped);
	return true;
}

static bool load_card(struct tui_app *a, const char *spec)
{
	struct kvp_card c, *old = &a->plan.devices.groups[0].card;
	struct kvp_error err;
	char was[sizeof old->name];

	memset(&c, 0, sizeof c);
	if (kvp_card_load_spec(spec, &c, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "%s", err.msg);
		return false;
	}
	snprintf(was, sizeof was, "%s", a->plan.devices.n_groups ? old->name : "no card");
	*old = c;
	if (a->plan.devices.n_groups == 0) {
		a->plan.devices.n_groups = 1;
		a->plan.devices.groups[0].count = 1;
	}
	tui_app_edited(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "card %s in place of %s", c.name, was);
	return true;
}

bool tui_draft_load(struct tui_app *a, const char *filter)
{
	struct kvp_model m;
	struct kvp_error err;
	char spec[512];

	if (!choose_spec(a, KVP_PRESET_MODEL, filter, "Draft model",
	                 a->plan.draft.id, spec, sizeof spec))
		return false;
	memset(&m, 0, sizeof m);
	if (kvp_model_load_spec(spec, &m, NULL, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "draft model: %s", err.msg);
		return false;
	}
	a->plan.draft = m;
	tui_draft_method(a);
	tui_app_edited(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "draft model %s: its weights and KV "
		                "are the cards' 'draft' part", m.id);
	if (a->form)    /* same rows: the cursor stays on the Draft model row */
		tui_form_reload(a->form, a);
	return true;
}

bool tui_preset_load(struct tui_app *a, enum kvp_preset_kind kind,
                     const char *filter)
{
	char spec[512];
	bool ok;

	if (!choose_spec(a, kind, filter, "Model",
	                 kind == KVP_PRESET_CARD ? a->plan.devices.groups[0].card.name
	                                         : a->plan.model.id,
	                 spec, sizeof spec))
		return false;
	ok = kind == KVP_PRESET_CARD ? load_card(a, spec) : load_model(a, spec);
	if (ok)
		tui_resize(a);
	return ok;
}
