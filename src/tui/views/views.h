/*
 * views.h - the planner's sections as one table (views.c): each row is a
 * section's tab name, its width, the functions that draw its table view
 * and take its keys, and the one that releases the view's cache. The app (app.c) and the
 * screen (render.c, chrome.c) reach a view only through this table, so a
 * new view is a section in enum tui_section (app.h) plus a row here.
 */
#ifndef KVPLAN_TUI_VIEWS_H
#define KVPLAN_TUI_VIEWS_H

#include <stdbool.h>

#include "tui/app.h"

/* The section names shown in the tabs ("Model", ...). */
const char *tui_section_name(enum tui_section s);
/* Wide sections get the full width and a compact panel. */
bool tui_section_wide(enum tui_section s);

/* Draw the current section's table view on stdscr in a->lay.view; false
 * for a section that is a form only (its form draws itself). */
bool tui_view_draw(struct tui_app *a);

/* The current section's own keys (a table view's scrolling and
 * actions), tried after the form's; false when not handled. */
bool tui_view_handle(struct tui_app *a, enum tui_act act);

#endif
