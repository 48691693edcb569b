/*
 * engine_view.c - engines side by side (see engine_view.h). Every figure
 * is a field of a struct kvp_result computed with that engine's profile.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/units.h"
#include "tui/engine_view.h"
#include "tui/text.h"

struct engine_row {
	bool ok;
	struct kvp_error error;
	uint64_t bytes, device_bytes, tokens, blocks, budget, workload_fit,
	         concurrency_x100, max_len_fit;
	uint32_t n_lines;
	char lines[KVP_MAX_LINES][KVP_LINE_MAX];
};

struct tui_engines {
	unsigned long gen;
	bool valid;
	struct engine_row rows[KVP_ENGINE_COUNT];
	struct kvp_plan plan;
	struct kvp_result res;
};

void tui_engines_free(struct tui_engines *e)
{
	free(e);
}

static void rebuild(struct tui_engines *e, const struct tui_app *a)
{
	int k;

	for (k = 0; k < KVP_ENGINE_COUNT; k++) {
		struct engine_row *row = &e->rows[k];

		e->plan = a->plan;
		e->plan.engine.kind = (enum kvp_engine_kind)k;
		memset(row, 0, sizeof *row);
		row->ok = kvp_compute(&e->plan, &e->res) == KVP_OK;
		if (!row->ok) {
			row->error = e->res.error;
			continue;
		}
		row->bytes = e->res.kv.bytes;
		row->device_bytes = e->res.kv.device_bytes;
		row->tokens = e->res.engine.tokens;
		row->blocks = e->res.engine.blocks;
		row->budget = e->res.engine.budget_bytes;
		row->workload_fit = e->res.engine.workload_fit;
		row->concurrency_x100 = e->res.engine.concurrency_x100;
		row->max_len_fit = e->res.engine.max_len_fit;
		row->n_lines = e->res.engine.n_lines;
		memcpy(row->lines, e->res.engine.lines, sizeof row->lines);
	}
	e->gen = a->gen;
	e->valid = true;
}

void tui_engines_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_engines *e = a->engines;
	int y = r->y, i, sel;
	char b1[32], b2[32], b3[32], b4[32], conc[24];
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
	sel = a->sel[TUI_SEC_ENGINES];
	if (sel < 0 || sel >= KVP_ENGINE_COUNT)
		sel = a->sel[TUI_SEC_ENGINES] = (int)a->plan.engine.kind;
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_LABEL],
	        "  %-13s %16s %10s %12s %10s %11s", "engine", "KV bytes", "GiB",
	        "pool tokens", "my req fit", "worst-case");
	for (i = 0; i < KVP_ENGINE_COUNT; i++) {
		const struct engine_row *row = &e->rows[i];
		attr_t at = th->attr[i == sel ? TUI_R_SELECT : TUI_R_NORMAL];

		if (!row->ok) {
			tui_put(w, y, r->x, r->w, at, "%c %-13s ", i == (int)a->plan.engine.kind ? '*' : ' ',
			        kvp_engine_name((enum kvp_engine_kind)i));
			tui_put(w, y++, r->x + 16, r->w - 16, th->attr[TUI_R_ERROR], "%s",
			        row->error.msg);
			continue;
		}
		if (row->concurrency_x100)
			snprintf(conc, sizeof conc, "%llu.%02llux",
			         (unsigned long long)(row->concurrency_x100 / 100),
			         (unsigned long long)(row->concurrency_x100 % 100));
		else
			snprintf(conc, sizeof conc, "-");
		tui_put(w, y++, r->x, r->w, at, "%c %-13s %16s %10s %12s %10s %11s",
		        i == (int)a->plan.engine.kind ? '*' : ' ',
		        kvp_engine_name((enum kvp_engine_kind)i),
		        kvp_fmt_int(row->bytes, b1, sizeof b1),
		        kvp_fmt_gib(row->bytes, 2, b2, sizeof b2),
		        row->tokens ? kvp_fmt_int(row->tokens, b3, sizeof b3) : "-",
		        row->workload_fit ? kvp_fmt_int(row->workload_fit, b4, sizeof b4) : "-",
		        conc);
	}
	y++;
	if (y < r->y + r->h)
		tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
		        "%s would print (Up/Down choose an engine, * = the plan's):",
		        kvp_engine_name((enum kvp_engine_kind)sel));
	for (l = 0; l < e->rows[sel].n_lines && y < r->y + r->h; l++)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_NORMAL], "%s",
		        e->rows[sel].lines[l]);
	if (e->rows[sel].ok && e->rows[sel].n_lines == 0 && y < r->y + r->h)
		tui_put(w, y++, r->x + 2, r->w - 2, th->attr[TUI_R_DIM],
		        "(no startup lines for this profile)");
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
	default:
		return false;
	}
}
