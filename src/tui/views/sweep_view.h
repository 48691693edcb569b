/*
 * sweep_view.h - the sweep grid as a heat map (the TUI side of
 * `kvplan sweep`): two axes over fields of the field table (prompt
 * tokens, active requests, generation, KV heads, KV format, cards), each
 * cell a kvp_compute of a copy of the plan with both values set through
 * kvp_field_set, coloured by its verdict (fits with room, fits tight,
 * does not fit) and showing the KV bytes; the selected cell's binding
 * constraint below (kvp_solve_binding). Cached until the plan or the
 * axes change.
 */
#ifndef KVPLAN_TUI_SWEEP_VIEW_H
#define KVPLAN_TUI_SWEEP_VIEW_H

#include <curses.h>

#include "tui/app.h"

struct tui_sweep;

void tui_sweep_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a);
/* Arrows move the selection, Enter plans with the selected cell. */
bool tui_sweep_handle(struct tui_app *a, enum tui_act act);
/* 'x' / 'y' cycle the axes. */
bool tui_sweep_key(struct tui_app *a, int key);
/* Mouse click at screen (y, x) inside the view rect r: select a cell. */
bool tui_sweep_click(struct tui_app *a, const struct tui_rect *r, int y, int x);
void tui_sweep_free(struct tui_sweep *s);

#endif
