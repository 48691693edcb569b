/*
 * teach_view.h - the GQA/MQA teaching view: the same plan at MHA
 * (Hkv = Hq), the current grouping, MQA (Hkv = 1) and every divisor of Hq,
 * side by side: query heads per KV head, bytes per position, total KV, the
 * ratio to the current plan and the most sequences that fit the cards.
 * The rows come from kvp_teach (include/kvplan/teach.h), cached until
 * the plan changes (app->gen); this view only formats them.
 */
#ifndef KVPLAN_TUI_TEACH_VIEW_H
#define KVPLAN_TUI_TEACH_VIEW_H

#include <curses.h>

#include "tui/app.h"

struct tui_teach;   /* cached rows, owned by the app */

void tui_teach_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a);
bool tui_teach_handle(struct tui_app *a, enum tui_act act);
void tui_teach_free(struct tui_teach *t);

#endif
