/*
 * layer_strip.c - the per-layer strip (see layer_strip.h). Heights come
 * from kvp_bar_layout_scaled: each layer's bytes against the largest
 * layer's, over the strip's bar rows in eighths; this file only paints.
 */
#include <stdio.h>

#include "kvplan/bar.h"
#include "tui/views/layer_strip.h"
#include "tui/text.h"

#define BAR_ROWS (TUI_STRIP_ROWS - 2)

/* Kind -> letter and colour, in enum kvp_layer_kind order. */
static const struct {
	char letter;
	enum tui_role role;
} kinds[KVP_LAYER_KIND_COUNT] = {
	[KVP_LAYER_FULL]    = { 'F', TUI_R_SEG_KV },
	[KVP_LAYER_SLIDING] = { 'S', TUI_R_SEG_ACT },
	[KVP_LAYER_CHUNKED] = { 'C', TUI_R_SEG_OVERHEAD },
	[KVP_LAYER_NONE]    = { '-', TUI_R_DIM },
	[KVP_LAYER_SHARED]  = { '=', TUI_R_DIM },
	[KVP_LAYER_MLA]     = { 'M', TUI_R_SEG_WEIGHTS },
	[KVP_LAYER_COMPRESSED] = { 'Z', TUI_R_SEG_WEIGHTS },
};

/* Lower blocks of 1..8 eighths (U+2581 .. U+2588). */
static const wchar_t *const lower[9] = {
	L" ", L"\u2581", L"\u2582", L"\u2583", L"\u2584",
	L"\u2585", L"\u2586", L"\u2587", L"\u2588",
};

/* One layer's column: `eighths` of BAR_ROWS cells filled from the bottom. */
static void column(WINDOW *w, int y, int x, uint32_t eighths, attr_t at,
                   const struct tui_theme *t)
{
	int r;

	wattrset(w, at);
	for (r = BAR_ROWS - 1; r >= 0; r--) {
		uint32_t here = eighths >= 8 ? 8 : eighths;

		eighths -= here;
		if (t->utf8)
			mvwaddwstr(w, y + r, x, lower[here]);
		else
			mvwaddch(w, y + r, x, here >= 4 ? '#' : here ? '.' : ' ');
	}
}

void tui_layer_strip_draw(WINDOW *w, int y, int x, int width,
                          const struct kvp_result *res,
                          const struct tui_theme *t)
{
	uint64_t top = 0;
	uint32_t i, shown = res->n_layers;

	if (width < 8 || res->n_layers == 0)
		return;
	if (shown > (uint32_t)width)
		shown = (uint32_t)width;
	for (i = 0; i < res->n_layers; i++)      /* the scale: the largest */
		if (kvp_layer_rec(res, i)->bytes > top)
			top = kvp_layer_rec(res, i)->bytes;
	tui_put(w, y, x, width, t->attr[TUI_R_HEADING],
	        "KV bytes per layer%s (F full S sliding C chunked M MLA - none = shared)",
	        shown < res->n_layers ? ", first layers" : "");
	for (i = 0; i < shown; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);
		enum kvp_layer_kind k = l->spec.kind < KVP_LAYER_KIND_COUNT
		                        ? l->spec.kind : KVP_LAYER_NONE;
		struct kvp_bar bar;
		uint64_t v = l->bytes;

		if (top) {
			kvp_bar_layout_scaled(&v, 1, top, BAR_ROWS, &bar);
			column(w, y + 1, x + (int)i, bar.eighths[0],
			       t->attr[kinds[k].role], t);
		}
		wattrset(w, t->attr[kinds[k].role]);
		mvwaddch(w, y + 1 + BAR_ROWS, x + (int)i, (chtype)kinds[k].letter);
	}
	if (shown < res->n_layers)
		tui_put_right(w, y + 1 + BAR_ROWS, x, width, t->attr[TUI_R_DIM],
		              " +%u layers", (unsigned)(res->n_layers - shown));
}
