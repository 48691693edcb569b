/*
 * bar_draw.h - painting one device's stacked budget bar. The segment table
 * (name, ASCII glyph, colour role) drives the bar, its legend and colours;
 * the geometry comes from kvp_bar_layout (include/kvplan/bar.h) and this
 * module only paints it (htop's BarMeterMode_draw, minus the arithmetic).
 */
#ifndef KVPLAN_TUI_BAR_DRAW_H
#define KVPLAN_TUI_BAR_DRAW_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/bar.h"
#include "kvplan/result.h"
#include "tui/theme.h"

enum tui_seg {
	TUI_SEG_WEIGHTS = 0,
	TUI_SEG_KV,
	TUI_SEG_ACT,
	TUI_SEG_COMPUTE,     /* issue 14: llama.cpp compute buffer (estimate) */
	TUI_SEG_RETAINED,    /* retained fp32 logits (devices.retained_logits) */
	TUI_SEG_ENCODER,     /* issue 14: --mmproj, vLLM's encoder cache */
	TUI_SEG_LORA,        /* issue 14: LoRA slots or adapter files */
	TUI_SEG_DRAFT,       /* issue 14: the draft model's weights and KV */
	TUI_SEG_ROTARY,      /* vLLM's rotary tables (rotary_bytes) */
	TUI_SEG_OVERHEAD,
	TUI_SEG_HEADROOM,
	TUI_SEG_COUNT
};

struct tui_seg_info {
	const char *name;    /* legend label, <= 6 columns */
	char glyph;          /* ASCII bar glyph */
	enum tui_role role;  /* colour */
};

/* The ASCII mark of a part too small for one cell (UTF-8 draws a one-
 * eighth block in the part's colour). */
#define TUI_THIN_MARK '.'

/* The segment table, TUI_SEG_COUNT entries in bar order. */
const struct tui_seg_info *tui_segs(size_t *n);

/* The device's byte figures in segment order (read from the result, not
 * computed): values[TUI_SEG_COUNT]. */
void tui_seg_values(const struct kvp_device_result *d, uint64_t *values);

/* Paint `bar` (best laid out by kvp_bar_layout_scaled: to scale, with
 * thin marks for parts under one unit, drawn in the free cells after the
 * parts), laid out for `width` cells, at (y, x): '[' then the cells
 * then ']' at the capacity, the overflow after it in the overflow colour.
 * Owns width + 2 columns and writes all of them (blanks where nothing is
 * drawn), so it may repaint a longer or shorter bar in place. UTF-8 with
 * colour: eighth-cell partial blocks; otherwise one ASCII glyph per
 * segment, the same as the CLI's bar (out_bar.c): '|' weights, '#' KV,
 * '*' activations, '+' retained, '%' encoder, '~' LoRA, '@' overhead,
 * ':' headroom; overflow as '!'. */
void tui_bar_draw(WINDOW *w, int y, int x, const struct kvp_bar *bar,
                  uint32_t width, const struct tui_theme *t);

#endif
