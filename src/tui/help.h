/*
 * help.h - the help overlay, generated from the action table: one line per
 * action with its keys and help text. Up/Down/PgUp/PgDn scroll it; any
 * other key closes it.
 */
#ifndef KVPLAN_TUI_HELP_H
#define KVPLAN_TUI_HELP_H

#include "tui/app.h"

void tui_help_draw(struct tui_app *a);
/* A key while the overlay is open: scroll or close. */
void tui_help_key(struct tui_app *a, int key);

#endif
