/*
 * layer_strip.h - the per-layer strip of the live panel at wide
 * terminals: one column per layer, its height the layer's KV bytes (to
 * scale against the largest layer, in eighths of a cell, laid out by the
 * core's kvp_bar_layout_scaled), its colour and letter the layer's kind
 * (F full, S sliding, C chunked, M MLA, - no KV, = shared).
 */
#ifndef KVPLAN_TUI_LAYER_STRIP_H
#define KVPLAN_TUI_LAYER_STRIP_H

#include <curses.h>

#include "kvplan/result.h"
#include "tui/theme.h"

/* Rows the strip takes: a heading, the bars, the kind letters. */
#define TUI_STRIP_ROWS 6

/* Draw the strip of res's layers at (y, x) in `width` columns and
 * TUI_STRIP_ROWS rows; layers past the width are named, not drawn. */
void tui_layer_strip_draw(WINDOW *w, int y, int x, int width,
                          const struct kvp_result *res,
                          const struct tui_theme *t);

#endif
