/*
 * layout.h - screen geometry: where the title/tabs, the section view, the
 * live panel, the message line and the footer go for a terminal size.
 * Pure arithmetic on rows and columns (no curses calls).
 *
 *   row 0            title and section tabs
 *   rows 1..r-3      narrow sections: form (left) | live panel (right)
 *                    wide sections: view on top, compact panel below
 *   row r-2          message line (inline errors, prompts)
 *   row r-1          footer, generated from the action table
 */
#ifndef KVPLAN_TUI_LAYOUT_H
#define KVPLAN_TUI_LAYOUT_H

#include <stdbool.h>

#define TUI_MIN_COLS 80
#define TUI_MIN_ROWS 24
#define TUI_COMPACT_PANEL_ROWS 5
/* From this many rows on, the compact panel also holds the per-layer
 * strip (TUI_COMPACT_STRIP_ROWS more rows) and the full panel draws
 * taller bars and the strip. */
#define TUI_TALL_ROWS 40
#define TUI_COMPACT_STRIP_ROWS 6

struct tui_rect {
	int y, x, h, w;
};

struct tui_layout {
	int rows, cols;
	bool too_small;          /* below TUI_MIN_COLS x TUI_MIN_ROWS */
	bool wide;               /* wide section: compact panel below */
	struct tui_rect title;
	struct tui_rect view;    /* form or table of the current section */
	struct tui_rect panel;   /* live panel (full or compact) */
	struct tui_rect msg;
	struct tui_rect footer;
};

/* Fill *l for a rows x cols terminal; `wide` selects the layout. */
void tui_layout_compute(int rows, int cols, bool wide, struct tui_layout *l);

/* True when (y, x) lies inside r. */
bool tui_rect_contains(const struct tui_rect *r, int y, int x);

#endif
