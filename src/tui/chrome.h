/*
 * chrome.h - the frame around the views: title line with the plan name,
 * file and section tabs; the message line; the footer generated from the
 * action table (the actions with a footer label that fit, most important
 * first by footer_rank, in table order: "F1Help F2Save ...").
 */
#ifndef KVPLAN_TUI_CHROME_H
#define KVPLAN_TUI_CHROME_H

#include <curses.h>

#include "tui/app.h"

void tui_chrome_title(WINDOW *w, const struct tui_app *a);
/* The message line; a message longer than the screen is wide continues
 * over the footer, so draw it after the footer. */
void tui_chrome_message(WINDOW *w, const struct tui_app *a);
void tui_chrome_footer(WINDOW *w, const struct tui_app *a);
/* Which actions the footer shows at `cols` columns: shown[i] for action
 * table entry i (n entries). Items with a footer label go in by
 * footer_rank while whole items fit; returns the columns they take
 * (each item's key, label and one blank). */
int tui_chrome_footer_pick(int cols, bool *shown, size_t n);

/* The section whose tab is at column x of the title line, or
 * TUI_SEC_COUNT when none. */
enum tui_section tui_chrome_tab_at(const struct tui_app *a, int x);

/* "Terminal too small: 60x20 (need 80x24)" centred on an erased screen. */
void tui_chrome_too_small(WINDOW *w, const struct tui_app *a);

#endif
