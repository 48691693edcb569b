/*
 * engine_view.c - engines side by side (see engine_view.h), from
 * kvp_compare (include/kvplan/compare.h): each row is kvp_compute with
 * only engine.kind changed and its difference from the generic row;
 * below the table, the selected engine's reason (or refusal) in its own
 * terms and its startup lines, wrapped at blanks. Columns are as wide as
 * their widest cell; the rightmost are left out when the table would not
 * fit. Cached until the plan changes (app->gen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compare.h"
#include "kvplan/units.h"
#include "tui/views/engine_view.h"
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

/* Table columns after the engine name: header, minimum width. */
enum { C_BYTES, C_GIB, C_DIFF, C_TOKENS, C_FIT, C_CONC, N_COLS };
static const struct { const char *head; int min; } cols[N_COLS] = {
	[C_BYTES] = { "KV bytes", 15 }, [C_GIB] = { "GiB", 9 },
	[C_DIFF] = { "vs gen.", 9 }, [C_TOKENS] = { "pool tok.", 10 },
	[C_FIT] = { "req. fit", 8 }, [C_CONC] = { "max conc.", 9 },
};
#define CELL 32

/* The cells of row i (formatting only: every figure is the row's). */
static void row_cells(const struct kvp_compare_row *row, int i,
                      bool have_base, char cell[N_COLS][CELL])
{
	kvp_fmt_int(row->kv_bytes, cell[C_BYTES], CELL);
	kvp_fmt_gib(row->kv_bytes, 2, cell[C_GIB], CELL);
	if (i == 0)
		snprintf(cell[C_DIFF], CELL, "-");
	else if (!have_base)   /* the generic cache refused the plan */
		snprintf(cell[C_DIFF], CELL, "n/a");
	else
		fmt_ppm(row->diff_ppm, cell[C_DIFF], CELL);
	if (row->tokens)
		kvp_fmt_int(row->tokens, cell[C_TOKENS], CELL);
	else
		snprintf(cell[C_TOKENS], CELL, "-");
	if (row->requests_fit)   /* devices included, as compare's column */
		kvp_fmt_int(row->requests_fit, cell[C_FIT], CELL);
	else
		snprintf(cell[C_FIT], CELL, "-");
	if (row->concurrency_x100)
		snprintf(cell[C_CONC], CELL, "%llu.%02llux",
		         (unsigned long long)(row->concurrency_x100 / 100),
		         (unsigned long long)(row->concurrency_x100 % 100));
	else
		snprintf(cell[C_CONC], CELL, "-");
}

/* `text` from (y, x) in `width` columns, broken at blanks onto further
 * lines (indented by `indent`) while rows last; returns the next row. */
static int put_wrapped(WINDOW *w, int y, int x, int width, int end, int indent,
                       attr_t at, const char *text)
{
	int first = 1;

	while (*text && y < end) {
		int wd = first ? width : width - indent, len = (int)strlen(text), cut = len;

		if (wd <= 0)
			break;
		if (len > wd) {
			cut = wd;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = wd;
		}
		tui_put(w, y++, first ? x : x + indent, wd, at, "%.*s", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
		first = 0;
	}
	return y;
}

/* Columns as wide as their widest cell, and how many of them fit the
 * width r_w (the rightmost ones are left out when the table would not). */
static int col_widths(const struct kvp_compare *cmp, int r_w, int *wd)
{
	char cell[N_COLS][CELL];
	int i, j, shown, x;

	for (j = 0; j < N_COLS; j++)
		wd[j] = cols[j].min;
	for (i = 0; i < (int)cmp->n_rows; i++) {
		if (cmp->rows[i].status != KVP_OK)
			continue;
		row_cells(&cmp->rows[i], i, cmp->rows[0].status == KVP_OK, cell);
		for (j = 0; j < N_COLS; j++)
			if ((int)strlen(cell[j]) > wd[j])
				wd[j] = (int)strlen(cell[j]);
	}
	for (shown = N_COLS, x = 14; shown > 0; shown--) {
		for (j = 0, x = 14; j < shown; j++)
			x += 1 + wd[j];
		if (x <= r_w)
			break;
	}
	return shown;
}

/* The header and one line per engine from y; returns the line after. */
static int draw_table(WINDOW *w, const struct tui_rect *r, int y, int end,
                      const struct tui_app *a, const struct kvp_compare *cmp,
                      int sel)
{
	const struct tui_theme *th = &a->theme;
	char cell[N_COLS][CELL];
	int wd[N_COLS], shown = col_widths(cmp, r->w, wd), i, j, x;

	tui_put(w, y, r->x, r->w, th->attr[TUI_R_LABEL], "  %-12s", "engine");
	for (j = 0, x = r->x + 14; j < shown; x += 1 + wd[j], j++)
		tui_put_right(w, y, x + 1, wd[j], th->attr[TUI_R_LABEL], "%s", cols[j].head);
	y++;
	for (i = 0; i < (int)cmp->n_rows && y < end; i++, y++) {
		const struct kvp_compare_row *row = &cmp->rows[i];
		attr_t at = th->attr[i == sel ? TUI_R_SELECT : TUI_R_NORMAL];
		char mark = row->kind == a->plan.engine.kind ? '*' : ' ';

		tui_blank(w, y, r->x, x - r->x, at);
		tui_put(w, y, r->x, 14, at, "%c %-12s", mark, kvp_engine_name(row->kind));
		if (row->status != KVP_OK) {
			tui_put(w, y, r->x + 15, r->w - 15, th->attr[TUI_R_ERROR], "%s",
			        "refused (Up/Down: the reason below)");
			continue;
		}
		row_cells(row, i, cmp->rows[0].status == KVP_OK, cell);
		for (j = 0, x = r->x + 14; j < shown; x += 1 + wd[j], j++)
			tui_put_right(w, y, x + 1, wd[j], at, "%s", cell[j]);
	}
	return y;
}

/* The selected engine below the table: why it differs (or why it
 * refused), then what it would print. */
static void draw_selected(WINDOW *w, const struct tui_rect *r, int y, int end,
                          const struct tui_theme *th,
                          const struct kvp_compare_row *row, int sel)
{
	char b1[32];
	uint32_t l;

	if (y < end && sel > 0)
		y = put_wrapped(w, y, r->x, r->w, end, 2,
		                th->attr[row->status == KVP_OK ? TUI_R_NORMAL : TUI_R_ERROR],
		                row->status == KVP_OK ? (row->why[0] ? row->why : "same as generic")
		                                      : row->error);
	if (row->status != KVP_OK)
		return;
	if (y < end)
		tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
		        "%s would print (Up/Down choose, Enter plans with it):",
		        kvp_engine_name(row->kind));
	if (row->n_lines && row->lines_note[0] && y < end)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM], "(%s)",
		        row->lines_note);
	for (l = 0; l < row->n_lines && y < end; l++)
		y = put_wrapped(w, y, r->x + 2, r->w - 2, end, 4, th->attr[TUI_R_NORMAL],
		                row->lines[l]);
	if (row->n_lines == 0 && y < end)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM],
		        "(no startup lines: kvplan's own strategies)");
	if (row->max_len_fit && y < end)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM],
		        "largest max_model_len for one request: %s tokens",
		        kvp_fmt_int(row->max_len_fit, b1, sizeof b1));
}

void tui_engines_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_engines *e = a->engines;
	int y = r->y, end = r->y + r->h, i, sel;

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
		put_wrapped(w, y, r->x, r->w, end, 2, th->attr[TUI_R_ERROR], e->err.msg);
		return;
	}
	sel = a->sel[TUI_SEC_ENGINES];
	if (sel < 0 || sel >= (int)e->cmp.n_rows)
		sel = a->sel[TUI_SEC_ENGINES] = 0;
	y = draw_table(w, r, y, end, a, &e->cmp, sel);
	draw_selected(w, r, y, end, th, &e->cmp.rows[sel], sel);
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
			/* as compare computed the row: a release named for
			 * another engine does not come along */
			kvp_engine_switch(&a->plan.engine,
			                  a->engines->cmp.rows[*sel].kind);
			tui_app_edited(a);
		}
		return true;
	default:
		return false;
	}
}
