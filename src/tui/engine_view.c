/*
 * engine_view.c - engines side by side (see engine_view.h), from
 * kvp_compare (include/kvplan/compare.h): each row is kvp_compute with
 * only engine.kind changed, its difference from the generic row and the
 * one-line reason in the engine's terms; the selected engine's startup
 * lines follow. Cached until the plan changes (app->gen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compare.h"
#include "kvplan/units.h"
#include "tui/engine_view.h"
#include "tui/text.h"

struct tui_engines {
	unsigned long gen;
	bool valid;
	enum kvp_status status;     /* of kvp_compare */
	struct kvp_error err;
	struct kvp_compare cmp;
	struct kvp_result scratch;
};

void tui_engines_free(struct tui_engines *e)
{
	free(e);
}

static void rebuild(struct tui_engines *e, const struct tui_app *a)
{
	e->status = kvp_compare(&a->plan, &e->scratch, &e->cmp, &e->err);
	e->gen = a->gen;
	e->valid = true;
}

/* "+12.50%" from parts per million (display of the core's figure). */
static void fmt_ppm(int64_t ppm, char *buf, size_t n)
{
	uint64_t mag = ppm < 0 ? (uint64_t)0 - (uint64_t)ppm : (uint64_t)ppm;

	snprintf(buf, n, "%c%llu.%02llu%%", ppm < 0 ? '-' : '+',
	         (unsigned long long)(mag / 10000),
	         (unsigned long long)(mag % 10000 / 100));
}

void tui_engines_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_engines *e = a->engines;
	int y = r->y, end = r->y + r->h, i, sel;
	char b1[32], b2[32], b3[32], b4[32], conc[24], diff[24];
	const struct kvp_compare_row *row;
	uint32_t l;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, th->attr[TUI_R_NORMAL]);
	if (!e) {
		e = a->engines = calloc(1, sizeof *e);
		if (!e) {
			tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "out of memory");
			return;
		}
	}
	if (!e->valid || e->gen != a->gen)
		rebuild(e, a);
	if (e->status != KVP_OK) {
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "%s", e->err.msg);
		return;
	}
	sel = a->sel[TUI_SEC_ENGINES];
	if (sel < 0 || sel >= (int)e->cmp.n_rows)
		sel = a->sel[TUI_SEC_ENGINES] = 0;
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_LABEL],
	        "  %-12s %15s %9s %9s %10s %8s %9s", "engine", "KV bytes", "GiB",
	        "vs gen.", "pool tok.", "my req.", "worst");
	for (i = 0; i < (int)e->cmp.n_rows && y < end; i++) {
		attr_t at = th->attr[i == sel ? TUI_R_SELECT : TUI_R_NORMAL];
		char mark = e->cmp.rows[i].kind == a->plan.engine.kind ? '*' : ' ';

		row = &e->cmp.rows[i];
		if (row->status != KVP_OK) {
			tui_put(w, y, r->x, 15, at, "%c %-12s ", mark, kvp_engine_name(row->kind));
			tui_put(w, y++, r->x + 15, r->w - 15, th->attr[TUI_R_ERROR], "%s",
			        row->error);
			continue;
		}
		if (row->concurrency_x100)
			snprintf(conc, sizeof conc, "%llu.%02llux",
			         (unsigned long long)(row->concurrency_x100 / 100),
			         (unsigned long long)(row->concurrency_x100 % 100));
		else
			snprintf(conc, sizeof conc, "-");
		if (i == 0)
			snprintf(diff, sizeof diff, "-");
		else
			fmt_ppm(row->diff_ppm, diff, sizeof diff);
		tui_put(w, y++, r->x, r->w, at, "%c %-12s %15s %9s %9s %10s %8s %9s",
		        mark, kvp_engine_name(row->kind),
		        kvp_fmt_int(row->kv_bytes, b1, sizeof b1),
		        kvp_fmt_gib(row->kv_bytes, 2, b2, sizeof b2), diff,
		        row->tokens ? kvp_fmt_int(row->tokens, b3, sizeof b3) : "-",
		        row->workload_fit ? kvp_fmt_int(row->workload_fit, b4, sizeof b4) : "-",
		        conc);
	}
	/* the reason for every engine's difference, one line each */
	for (i = 1; i < (int)e->cmp.n_rows && y < end; i++) {
		row = &e->cmp.rows[i];
		tui_put(w, y, r->x, 14, th->attr[TUI_R_LABEL], "%s:", kvp_engine_name(row->kind));
		tui_put(w, y++, r->x + 14, r->w - 14,
		        th->attr[row->status == KVP_OK ? TUI_R_NORMAL : TUI_R_ERROR], "%s",
		        row->status == KVP_OK ? (row->why[0] ? row->why : "same as generic")
		                              : row->error);
	}
	row = &e->cmp.rows[sel];
	if (y < end)
		tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
		        "%s would print (Up/Down choose, Enter plans with it):",
		        kvp_engine_name(row->kind));
	for (l = 0; row->status == KVP_OK && l < row->n_lines && y < end; l++)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_NORMAL], "%s",
		        row->lines[l]);
	if (row->status == KVP_OK && row->n_lines == 0 && y < end)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM],
		        "(no startup lines: kvplan's own strategies)");
	if (row->status == KVP_OK && row->max_len_fit && y < end)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM],
		        "largest max_model_len for one request: %s tokens",
		        kvp_fmt_int(row->max_len_fit, b1, sizeof b1));
}

bool tui_engines_handle(struct tui_app *a, enum tui_act act)
{
	int *sel = &a->sel[TUI_SEC_ENGINES];

	switch (act) {
	case TUI_ACT_UP:
		if (*sel > 0)
			(*sel)--;
		return true;
	case TUI_ACT_DOWN:
		if (*sel < KVP_ENGINE_COUNT - 1)
			(*sel)++;
		return true;
	case TUI_ACT_APPLY:   /* plan with the selected engine */
		if (a->engines && a->engines->valid && *sel >= 0 &&
		    *sel < (int)a->engines->cmp.n_rows) {
			a->plan.engine.kind = a->engines->cmp.rows[*sel].kind;
			tui_app_edited(a);
		}
		return true;
	default:
		return false;
	}
}
