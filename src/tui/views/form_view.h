/*
 * form_view.h - a section's editable fields as a libform form, built in a
 * loop from the field table (include/kvplan/field.h), sngrep-style: each
 * value field's userptr points back to its descriptor, REQ_VALIDATION runs
 * the table's own parser and range check before a value is read, and
 * kvp_field_set applies it. An invalid entry keeps its typed text and puts
 * the message on the message line; the panel's result is marked stale.
 *
 * The Layers section uses the same form for its override rules (one field
 * per rule plus an empty one to add a rule; emptying a rule deletes it).
 *
 * Ownership: tui_form_new allocates the form, its fields and its window;
 * tui_form_free releases them.
 */
#ifndef KVPLAN_TUI_FORM_VIEW_H
#define KVPLAN_TUI_FORM_VIEW_H

#include <stdbool.h>

#include "kvplan/field.h"
#include "tui/action.h"
#include "tui/app.h"
#include "tui/layout.h"

/* Build the form of section `sec` (MODEL, WORKLOAD, DEVICES or LAYERS) in
 * rect r; NULL when the section has no form or on allocation failure. */
struct tui_form *tui_form_new(struct tui_app *a, enum tui_section sec,
                              const struct tui_rect *r);
void tui_form_free(struct tui_form *f);

/* Paint the form (fields, page indicator, help line of the current field)
 * and mark its window for the next doupdate; leaves the cursor in the
 * current field. */
void tui_form_draw(struct tui_form *f, struct tui_app *a);
/* One line of help for the field under the cursor (the field table's
 * help, or the rule syntax in the Layers section); "" when none. Static
 * text, not owned by the caller. */
const char *tui_form_help(const struct tui_form *f);

/* Handle an action (or, for TUI_ACT_NONE, a raw key to edit the field).
 * Returns true when handled. */
bool tui_form_handle(struct tui_form *f, struct tui_app *a, enum tui_act act,
                     int key);

/* Mouse click at screen (y, x): move to the field there. */
bool tui_form_click(struct tui_form *f, struct tui_app *a, int y, int x);

/* The field table entry under the cursor (NULL for a rule field). */
const struct kvp_field *tui_form_current(const struct tui_form *f,
                                         size_t *index);

/* Re-read every field's text from the plan (after open or undo). */
void tui_form_reload(struct tui_form *f, const struct tui_app *a);

/* True when the current field holds typed text that did not validate. */
bool tui_form_invalid(const struct tui_form *f);

/* The current field's place among the form's fields when the form is of
 * section `sec` (-1 otherwise), and back to it in a form rebuilt for
 * the same plan (a resize keeps the focus where it was, issue 31). */
int tui_form_position(const struct tui_form *f, enum tui_section sec);
void tui_form_set_position(struct tui_form *f, int pos);

/* "KV heads keeps 8": the current field's label and the plan's value of
 * it, for the message of an entry dropped on leaving (issue 31). */
void tui_form_kept(const struct tui_form *f, const struct tui_app *a,
                   char *buf, size_t n);

/* True when text typed into the current field is not applied yet: the
 * result shown is the plan's without it (the panel says PENDING). */
bool tui_form_pending(const struct tui_form *f);

/* Validate and apply the current field; false when it is invalid. */
bool tui_form_commit(struct tui_form *f, struct tui_app *a);

/* Move the cursor to the field with this JSON key (and array index);
 * returns false when the form has no such field. For tests and tools. */
bool tui_form_goto(struct tui_form *f, const char *key, size_t index);
/* The cursor is on free text (a string field, the -ot patterns), where
 * '?' is a character, not the help. */
bool tui_form_text_entry(const struct tui_form *f);

/* Move the cursor to layer rule `index` (the "new" row when index is the
 * rule count); false when the form has no such row. */
bool tui_form_goto_rule(struct tui_form *f, size_t index);

#endif
