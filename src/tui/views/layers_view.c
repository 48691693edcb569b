/*
 * layers_view.c - the resolved per-layer table (see layers_view.h). One
 * row per layer (kvp_layer_rec); the scroll offset is clamped when drawn.
 */
#include <stdio.h>

#include "kvplan/format.h"
#include "kvplan/units.h"
#include "tui/views/layers_view.h"
#include "tui/text.h"

void tui_layers_rects(const struct tui_app *a, struct tui_rect *rules,
                      struct tui_rect *list)
{
	struct tui_rect v = a->lay.view;
	int rh = (int)a->plan.model.n_rules + 2;   /* rules, "new", help line */

	if (rh > 7)
		rh = 7;
	if (rh > v.h / 2)
		rh = v.h / 2;
	*rules = (struct tui_rect){ v.y, v.x, rh, v.w };
	*list = (struct tui_rect){ v.y + rh, v.x, v.h - rh, v.w };
}

static int list_rows(const struct tui_app *a)
{
	struct tui_rect rules, list;

	tui_layers_rects(a, &rules, &list);
	return list.h - 2;   /* heading and status rows */
}

static void clamp(struct tui_app *a, int n, int rows)
{
	int *top = &a->scroll[TUI_SEC_LAYERS];

	if (*top > n - rows)
		*top = n - rows;
	if (*top < 0)
		*top = 0;
}

void tui_layers_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	const struct kvp_result *res = a->have_result ? a->res : NULL;
	int rows = r->h - 2, y = r->y, i, n;
	char slots[32], bytes[32], fmt[24];

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, t->attr[TUI_R_NORMAL]);
	tui_put(w, y++, r->x, r->w, t->attr[TUI_R_HEADING],
	        "%5s %-8s %4s %5s %5s %7s %-9s %12s %15s", "layer", "kind", "Hkv",
	        "K", "V", "window", "fmt K/V", "slots", "bytes");
	if (!res) {
		tui_put(w, y, r->x, r->w, t->attr[TUI_R_ERROR], "no valid result");
		return;
	}
	n = (int)res->n_layers;
	clamp(a, n, rows);
	for (i = 0; i < rows && a->scroll[TUI_SEC_LAYERS] + i < n; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, a->scroll[TUI_SEC_LAYERS] + i);

		snprintf(fmt, sizeof fmt, "%s/%s", kvp_dtype_name(l->spec.k_fmt.dtype),
		         kvp_dtype_name(l->spec.v_fmt.dtype));
		tui_put(w, y++, r->x, r->w,
		        t->attr[l->on_device ? TUI_R_NORMAL : TUI_R_DIM],
		        "%5d %-8s %4u %5u %5u %7u %-9s %12s %15s",
		        a->scroll[TUI_SEC_LAYERS] + i,
		        kvp_layer_kind_name(l->spec.kind), (unsigned)l->spec.kv_heads,
		        (unsigned)l->spec.k_dim, (unsigned)l->spec.v_dim,
		        (unsigned)l->spec.window, fmt,
		        kvp_fmt_int(l->slots, slots, sizeof slots),
		        kvp_fmt_int(l->bytes, bytes, sizeof bytes));
	}
	tui_put(w, r->y + r->h - 1, r->x, r->w, t->attr[TUI_R_DIM],
	        "layers %d-%d of %d (PgUp/PgDn scroll; dim = offloaded to host)",
	        n ? a->scroll[TUI_SEC_LAYERS] : 0,
	        a->scroll[TUI_SEC_LAYERS] + i - 1 < 0 ? 0 : a->scroll[TUI_SEC_LAYERS] + i - 1, n);
}

bool tui_layers_handle(struct tui_app *a, enum tui_act act)
{
	int rows = list_rows(a), n = a->have_result ? (int)a->res->n_layers : 0;

	switch (act) {
	case TUI_ACT_PAGE_DOWN:
		a->scroll[TUI_SEC_LAYERS] += rows;
		break;
	case TUI_ACT_PAGE_UP:
		a->scroll[TUI_SEC_LAYERS] -= rows;
		break;
	default:
		return false;
	}
	clamp(a, n, rows);
	return true;
}
