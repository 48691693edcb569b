/*
 * engine_view.h - the plan under every engine profile side by side: each
 * engine's KV bytes, the requests of the real workload that fit beside the
 * engine's own worst-case concurrency, and, for the selected engine, the
 * lines it would print at startup. Each row is kvp_compute of a copy of
 * the plan with engine.kind changed; cached until the plan changes.
 */
#ifndef KVPLAN_TUI_ENGINE_VIEW_H
#define KVPLAN_TUI_ENGINE_VIEW_H

#include <curses.h>

#include "tui/app.h"

struct tui_engines;

void tui_engines_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a);
bool tui_engines_handle(struct tui_app *a, enum tui_act act);
void tui_engines_free(struct tui_engines *e);

#endif
