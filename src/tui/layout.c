/*
 * layout.c - screen geometry for a terminal size (see layout.h). The form
 * column is wide enough for a 20-column label and a 14-column value; the
 * panel takes the rest, so at 80 columns it has 46 for the legend
 * ("KV cache  4,026,531,840 B  3.75 GiB  4.03 GB").
 */
#include "tui/layout.h"

#define FORM_COLS_MIN 34
#define FORM_COLS_MAX 60

void tui_layout_compute(int rows, int cols, bool wide, struct tui_layout *l)
{
	int body_h, form_w;

	l->rows = rows;
	l->cols = cols;
	l->wide = wide;
	l->too_small = rows < TUI_MIN_ROWS || cols < TUI_MIN_COLS;
	l->title = (struct tui_rect){ 0, 0, 1, cols };
	l->msg = (struct tui_rect){ rows - 2, 0, 1, cols };
	l->footer = (struct tui_rect){ rows - 1, 0, 1, cols };
	body_h = rows - 3;
	if (l->too_small) {
		l->view = l->panel = (struct tui_rect){ 1, 0, body_h > 0 ? body_h : 0, cols };
		return;
	}
	if (wide) {
		/* a tall terminal gives the compact panel the per-layer strip */
		int ph = TUI_COMPACT_PANEL_ROWS +
		         (rows >= TUI_TALL_ROWS ? TUI_COMPACT_STRIP_ROWS : 0);

		l->view = (struct tui_rect){ 1, 0, body_h - ph, cols };
		l->panel = (struct tui_rect){ 1 + l->view.h, 0, ph, cols };
		return;
	}
	form_w = cols * 2 / 5;
	if (form_w < FORM_COLS_MIN)
		form_w = FORM_COLS_MIN;
	if (form_w > FORM_COLS_MAX)
		form_w = FORM_COLS_MAX;
	l->view = (struct tui_rect){ 1, 0, body_h, form_w };
	l->panel = (struct tui_rect){ 1, form_w, body_h, cols - form_w };
}

bool tui_rect_contains(const struct tui_rect *r, int y, int x)
{
	return y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w;
}
