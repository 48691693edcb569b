/*
 * deploy_view.h - the deployment search in the planner (the TUI side of
 * `kvplan solve --for deployment`): every card preset, 1-8 cards on one
 * node, every named engine with its layouts and cache formats, for the
 * plan's model and workload; the best configurations that fit, ranked
 * (fewest cards, least capacity, most free memory), each verified
 * (kvplan/search.h). The list of configurations is kept while only the
 * workload or settings change, so an edit re-ranks without listing again;
 * a model change lists again. Enter loads the selected configuration's
 * card, count, layout, engine and formats into the plan.
 */
#ifndef KVPLAN_TUI_DEPLOY_VIEW_H
#define KVPLAN_TUI_DEPLOY_VIEW_H

#include <curses.h>

#include "tui/app.h"

struct tui_deploy;

void tui_deploy_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a);
/* Up/Down/PgUp/PgDn move the selection, Enter plans with it. */
bool tui_deploy_handle(struct tui_app *a, enum tui_act act);
void tui_deploy_free(struct tui_deploy *d);

#endif
