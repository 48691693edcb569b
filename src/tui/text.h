/*
 * text.h - clipped, attributed text output for the views: every string is
 * cut to the columns it is given (multibyte-aware), so a narrow window
 * never wraps into the next line.
 */
#ifndef KVPLAN_TUI_TEXT_H
#define KVPLAN_TUI_TEXT_H

#include <curses.h>
#include <stdbool.h>
#include <stdint.h>

/* printf-style text at (y, x), at most `maxw` columns, in attribute attr.
 * Returns the columns written. */
int tui_put(WINDOW *w, int y, int x, int maxw, attr_t attr,
            const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Same, right-aligned so that it ends at column x + maxw - 1. */
int tui_put_right(WINDOW *w, int y, int x, int maxw, attr_t attr,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Blank `n` columns at (y, x) in attribute attr. */
/* `text` in `width` columns; when longer, cut at the last blank that
 * leaves room for "..." and end with "..." (never mid-word unless one
 * word is wider than the line). */
void tui_put_cut(WINDOW *w, int y, int x, int width, attr_t attr, const char *text);
void tui_blank(WINDOW *w, int y, int x, int n, attr_t attr);

/* `text` wrapped at blanks into lines of `width` columns from row y, at
 * most `rows` lines (the last one cut with "..." only when even that is
 * not enough). Returns the rows written. */
int tui_put_wrap(WINDOW *w, int y, int x, int width, int rows, attr_t attr,
                 const char *text);

/* The rows tui_put_wrap would take for `text` in `width` columns. */
int tui_wrap_rows(const char *text, int width);

/* A border around w: Unicode box drawing in UTF-8, ASCII otherwise (no
 * alternate character set, which some terminals and tmux captures
 * render as letters). */
void tui_box(WINDOW *w, bool utf8);

/* The multiplication sign for the locale ("×" in UTF-8, "x" otherwise). */
const char *tui_times(bool utf8);

#endif
