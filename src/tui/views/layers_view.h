/*
 * layers_view.h - the resolved per-layer table of the Layers section: each
 * layer's kind, KV heads, K/V dims, window, formats, slots and bytes, as
 * kvp_compute resolved them (override rules applied). Scrolls for 128+
 * layers. The rules themselves are edited in the form above it.
 */
#ifndef KVPLAN_TUI_LAYERS_VIEW_H
#define KVPLAN_TUI_LAYERS_VIEW_H

#include <curses.h>

#include "tui/app.h"

/* The rect of the Layers section's rules form (grows with the rules, up
 * to 5 rule rows) and of its layer list. */
void tui_layers_rects(const struct tui_app *a, struct tui_rect *rules,
                      struct tui_rect *list);

void tui_layers_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a);

/* Scroll actions (up/down/page); true when handled. */
bool tui_layers_handle(struct tui_app *a, enum tui_act act);

#endif
