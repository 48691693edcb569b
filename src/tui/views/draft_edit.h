/*
 * draft_edit.h - edits of the plan's draft model (speculative decoding)
 * that the form and the preset loader share (draft_edit.c).
 */
#ifndef KVPLAN_TUI_DRAFT_EDIT_H
#define KVPLAN_TUI_DRAFT_EDIT_H

#include "tui/app.h"

/* vLLM's speculative method after the draft model changed: draft_model
 * (or eagle3) with a draft, none (and no speculative tokens) without;
 * ngram and mtp, the user's, are kept. */
void tui_draft_method(struct tui_app *a);

/* No draft model (and vLLM's draft_model method back to none, with no
 * speculative tokens); the
 * caller reloads the form's values (the rows are the same). */
void tui_draft_clear(struct tui_app *a);

#endif
