/*
 * bar_draw.c - paints a struct kvp_bar: no arithmetic beyond walking the
 * cells and eighths that kvp_bar_layout produced.
 */
#include <curses.h>

#include "tui/views/bar_draw.h"

static const struct tui_seg_info segs[TUI_SEG_COUNT] = {
	[TUI_SEG_WEIGHTS]  = { "weights",  '|', TUI_R_SEG_WEIGHTS },
	[TUI_SEG_KV]       = { "KV", '#', TUI_R_SEG_KV },
	[TUI_SEG_ACT]      = { "activ.", '*', TUI_R_SEG_ACT },
	[TUI_SEG_COMPUTE]  = { "comput", '=', TUI_R_SEG_COMPUTE },
	[TUI_SEG_RETAINED] = { "retain", '+', TUI_R_SEG_RETAINED },
	[TUI_SEG_ENCODER]  = { "encodr", '%', TUI_R_SEG_ENCODER },
	[TUI_SEG_LORA]     = { "LoRA", '~', TUI_R_SEG_LORA },
	[TUI_SEG_DRAFT]    = { "draft", '&', TUI_R_SEG_DRAFT },
	[TUI_SEG_ROTARY]   = { "rotary", '^', TUI_R_SEG_ROTARY },
	[TUI_SEG_OVERHEAD] = { "overhd", '@', TUI_R_SEG_OVERHEAD },
	[TUI_SEG_HEADROOM] = { "reserv", ':', TUI_R_SEG_HEADROOM },
};

/* Left blocks of 1..7 eighths (U+258F .. U+2589); [8] is the full block. */
static const wchar_t *const eighth_glyph[9] = {
	L" ", L"\u258f", L"\u258e", L"\u258d", L"\u258c",
	L"\u258b", L"\u258a", L"\u2589", L"\u2588",
};

const struct tui_seg_info *tui_segs(size_t *n)
{
	if (n)
		*n = TUI_SEG_COUNT;
	return segs;
}

void tui_seg_values(const struct kvp_device_result *d, uint64_t *values)
{
	values[TUI_SEG_WEIGHTS] = d->weights_bytes;
	values[TUI_SEG_KV] = d->kv_bytes;
	values[TUI_SEG_ACT] = d->activations_bytes;
	values[TUI_SEG_COMPUTE] = d->compute_bytes;
	values[TUI_SEG_RETAINED] = d->retained_bytes;
	values[TUI_SEG_ENCODER] = d->encoder_bytes;
	values[TUI_SEG_LORA] = d->lora_bytes;
	values[TUI_SEG_DRAFT] = d->draft_bytes;
	values[TUI_SEG_ROTARY] = d->rotary_bytes;
	values[TUI_SEG_OVERHEAD] = d->overhead_bytes;
	values[TUI_SEG_HEADROOM] = d->headroom_bytes;
}

/* Segment index covering eighth `e` (n when past the last segment). */
static size_t seg_at(const struct kvp_bar *bar, uint32_t e, uint32_t *seg_end)
{
	uint32_t acc = 0;
	size_t i;

	for (i = 0; i < bar->n; i++) {
		acc += bar->eighths[i];
		if (e < acc) {
			*seg_end = acc;
			return i;
		}
	}
	*seg_end = acc;
	return bar->n;
}

static enum tui_role role_of(size_t seg)
{
	return seg < TUI_SEG_COUNT ? segs[seg].role : TUI_R_NORMAL;
}

/* UTF-8 and colour, bar fits: eighth-cell resolution. */
static void draw_eighths(WINDOW *w, int y, int x, const struct kvp_bar *bar,
                         const struct tui_theme *t)
{
	uint32_t c;

	for (c = 0; c < bar->cap_cell; c++) {
		uint32_t start = c * 8, end_a, end_b;
		size_t a = seg_at(bar, start, &end_a), b;

		if (a >= bar->n) {
			wattrset(w, t->attr[TUI_R_NORMAL]);
			mvwaddch(w, y, x + (int)c, ' ');
			continue;
		}
		if (end_a >= start + 8) {
			wattrset(w, t->attr[role_of(a)]);
			mvwaddwstr(w, y, x + (int)c, eighth_glyph[8]);
			continue;
		}
		b = seg_at(bar, end_a, &end_b);
		wattrset(w, tui_theme_blend(t, role_of(a),
		                            b < bar->n ? role_of(b) : TUI_R_NORMAL));
		mvwaddwstr(w, y, x + (int)c, eighth_glyph[end_a - start]);
	}
}

/* Whole cells: ASCII glyphs, or full blocks in colour; the part past the
 * capacity in the overflow colour after the mark. Every column the bar
 * may own is written: the free part up to the capacity is blanked (a
 * shorter bar leaves nothing of a longer one behind). Returns the column
 * after the last one painted. */
static uint32_t draw_cells(WINDOW *w, int y, int x, const struct kvp_bar *bar,
                           const struct tui_theme *t)
{
	bool blocks = t->utf8 && t->color;
	uint32_t col = 0, k;
	size_t i;

	for (i = 0; i < bar->n; i++) {
		for (k = 0; k < bar->cells[i]; k++, col++) {
			int cx = col < bar->used_cells ? (int)col : (int)col + 1;
			bool over = col >= bar->used_cells;

			wattrset(w, t->attr[over ? TUI_R_SEG_OVERFLOW : role_of(i)]);
			if (blocks)
				mvwaddwstr(w, y, x + cx, eighth_glyph[8]);
			else
				mvwaddch(w, y, x + cx, (chtype)(over ? '!' : segs[i].glyph));
		}
	}
	wattrset(w, t->attr[TUI_R_NORMAL]);
	for (; col < bar->cap_cell; col++)        /* free, up to the capacity */
		mvwaddch(w, y, x + (int)col, ' ');
	/* past the mark: the overflow cells were painted at col + 1 */
	return bar->overflow_cells ? col + 1 : col;
}

/* First free column after the eighths in use (a partly filled cell is
 * in use). */
static uint32_t first_free_cell(const struct kvp_bar *bar)
{
	uint32_t used = 0;
	size_t i;

	for (i = 0; i < bar->n; i++)
		used += bar->eighths[i];
	return (used + 7) / 8;
}

/* Parts too small for the bar's unit (kvp_bar_layout_scaled's thin
 * flags): one thin mark each, in the segment's colour, in the free cells
 * right after the parts drawn, so no other part loses a cell. No free
 * cell (a full or overflowing bar): the legend carries them. */
static void draw_thin(WINDOW *w, int y, int x, const struct kvp_bar *bar,
                      uint32_t thin, uint32_t col, const struct tui_theme *t)
{
	size_t i;

	for (i = 0; i < bar->n && col < bar->cap_cell; i++) {
		if (!(thin & (1u << i)))
			continue;
		wattrset(w, t->attr[role_of(i)]);
		if (t->utf8 && t->color)
			mvwaddwstr(w, y, x + (int)col, eighth_glyph[1]);
		else
			mvwaddch(w, y, x + (int)col, (chtype)TUI_THIN_MARK);
		col++;
	}
}

void tui_bar_draw(WINDOW *w, int y, int x, const struct kvp_bar *bar,
                  uint32_t width, const struct tui_theme *t)
{
	int inner = x + 1;
	uint32_t end = bar->cap_cell, c;

	wattrset(w, t->attr[TUI_R_MARK]);
	mvwaddch(w, y, x, '[');
	if (bar->overflow_cells == 0 && t->utf8 && t->color) {
		draw_eighths(w, y, inner, bar, t);
		draw_thin(w, y, inner, bar, bar->thin_eighths, first_free_cell(bar), t);
	} else {
		end = draw_cells(w, y, inner, bar, t);
		if (bar->overflow_cells == 0)
			draw_thin(w, y, inner, bar, bar->thin_cells, bar->used_cells, t);
	}
	wattrset(w, t->attr[TUI_R_MARK]);
	mvwaddch(w, y, inner + (int)bar->cap_cell, ']');
	wattrset(w, t->attr[TUI_R_NORMAL]);
	/* the rest of the bar's extent: the closing mark of a fitting bar
	 * of `width` cells sits at column inner + width */
	for (c = end > bar->cap_cell ? end : bar->cap_cell + 1; c <= width; c++)
		mvwaddch(w, y, inner + (int)c, ' ');
}
