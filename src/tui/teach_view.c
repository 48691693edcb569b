/*
 * teach_view.c - GQA/MQA side by side (see teach_view.h). The figures of
 * every row come from kvp_compute on a copy of the plan; "most requests
 * that fit" is kvp_solve's concurrency answer for that copy. The ratio
 * column divides two of those results' byte figures for display only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/solve.h"
#include "kvplan/units.h"
#include "tui/teach_view.h"
#include "tui/text.h"

#define MAX_ROWS 64

struct teach_row {
	uint32_t kv_heads;
	bool ok;                  /* computed */
	char err[KVP_ERRMSG_MAX];
	uint64_t bytes_per_position, bytes, sequences;
	bool fit_known;           /* a card is chosen and the search ran */
	uint64_t fit_requests, fit_sequences;
};

struct tui_teach {
	unsigned long gen;        /* app->gen the rows belong to */
	bool valid;
	size_t n;
	struct teach_row rows[MAX_ROWS];
	struct kvp_plan plan;     /* scratch copy */
	struct kvp_result res;    /* scratch result */
	struct kvp_solve_answer ans;
};

void tui_teach_free(struct tui_teach *t)
{
	free(t);
}

/* Most class-0 requests that fit (kvp_solve, checked by recomputing it),
 * or false when the plan has no card or the search failed. */
static bool search_fit(struct tui_teach *t, struct teach_row *row)
{
	struct kvp_solve_opts o = { .what = KVP_SOLVE_CONCURRENCY };
	struct kvp_error err;

	if (t->plan.devices.n_groups == 0 || t->plan.workload.n_classes == 0)
		return false;
	if (kvp_solve(&t->plan, &o, &t->ans, &t->res, &err) != KVP_OK)
		return false;
	row->fit_requests = t->ans.found ? t->ans.value : 0;
	row->fit_sequences = t->ans.found ? t->ans.sequences : 0;
	return true;
}

static void add_candidate(struct tui_teach *t, uint32_t h)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->rows[i].kv_heads == h)
			return;
	if (t->n < MAX_ROWS)
		t->rows[t->n++].kv_heads = h;
}

static int by_heads_desc(const void *x, const void *y)
{
	const struct teach_row *a = x, *b = y;

	return a->kv_heads < b->kv_heads ? 1 : a->kv_heads > b->kv_heads ? -1 : 0;
}

static void rebuild(struct tui_teach *t, const struct tui_app *a)
{
	uint32_t hq = a->plan.model.q_heads, h;
	size_t i;

	t->n = 0;
	add_candidate(t, a->plan.model.base.kv_heads);
	for (h = 1; hq > 0 && h <= hq && t->n < MAX_ROWS; h++)
		if (hq % h == 0)
			add_candidate(t, h);
	qsort(t->rows, t->n, sizeof t->rows[0], by_heads_desc);
	for (i = 0; i < t->n; i++) {
		struct teach_row *r = &t->rows[i];

		t->plan = a->plan;
		t->plan.model.base.kv_heads = r->kv_heads;
		r->ok = kvp_compute(&t->plan, &t->res) == KVP_OK;
		if (!r->ok) {
			snprintf(r->err, sizeof r->err, "%s", t->res.error.msg);
			r->fit_known = false;
			continue;
		}
		r->bytes_per_position = t->res.kv.bytes_per_position;
		r->bytes = t->res.kv.bytes;
		r->sequences = t->res.kv.sequences;
		r->fit_known = search_fit(t, r);
	}
	t->gen = a->gen;
	t->valid = true;
}

static const char *kind_label(uint32_t h, uint32_t hq, uint32_t cur)
{
	if (h == hq)
		return h == cur ? "MHA*" : "MHA";
	if (h == 1)
		return h == cur ? "MQA*" : "MQA";
	return h == cur ? "GQA*" : "GQA";
}

void tui_teach_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_teach *t = a->teach;
	uint32_t hq = a->plan.model.q_heads, cur = a->plan.model.base.kv_heads;
	const struct teach_row *now = NULL;
	char b1[32], b2[32], b3[32], ratio[16], grp[16], fit[32];
	int y = r->y, i, rows;
	size_t k;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, th->attr[TUI_R_NORMAL]);
	if (!t) {
		t = a->teach = calloc(1, sizeof *t);
		if (!t) {
			tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "out of memory");
			return;
		}
	}
	if (!t->valid || t->gen != a->gen)
		rebuild(t, a);
	for (k = 0; k < t->n; k++)
		if (t->rows[k].kv_heads == cur && t->rows[k].ok)
			now = &t->rows[k];
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
	        "Same plan, other KV-head groupings (Hq = %u query heads; * = current)",
	        (unsigned)hq);
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_LABEL],
	        "%-5s %5s %7s %13s %16s %10s %7s %10s", "", "Hkv", "Hq/Hkv",
	        "B/position", "KV bytes", "GiB", "vs now", "max seqs");
	rows = r->h - 4;
	if (a->scroll[TUI_SEC_TEACH] > (int)t->n - rows)
		a->scroll[TUI_SEC_TEACH] = (int)t->n - rows;
	if (a->scroll[TUI_SEC_TEACH] < 0)
		a->scroll[TUI_SEC_TEACH] = 0;
	for (i = 0; i < rows && (size_t)(a->scroll[TUI_SEC_TEACH] + i) < t->n; i++) {
		const struct teach_row *row = &t->rows[a->scroll[TUI_SEC_TEACH] + i];
		attr_t at = th->attr[row->kv_heads == cur ? TUI_R_SELECT : TUI_R_NORMAL];

		if (hq % row->kv_heads == 0)
			snprintf(grp, sizeof grp, "%u", (unsigned)(hq / row->kv_heads));
		else
			snprintf(grp, sizeof grp, "n/a");
		if (!row->ok) {
			tui_put(w, y++, r->x, r->w, th->attr[TUI_R_ERROR], "%-5s %5u %7s  %s",
			        kind_label(row->kv_heads, hq, cur), (unsigned)row->kv_heads,
			        grp, row->err);
			continue;
		}
		if (now && now->bytes)
			snprintf(ratio, sizeof ratio, "x%.2f",
			         (double)row->bytes / (double)now->bytes);
		else
			snprintf(ratio, sizeof ratio, "-");
		if (row->fit_known)
			snprintf(fit, sizeof fit, "%s", kvp_fmt_int(row->fit_sequences, b3, sizeof b3));
		else
			snprintf(fit, sizeof fit, "no card");
		tui_put(w, y++, r->x, r->w, at, "%-5s %5u %7s %13s %16s %10s %7s %10s",
		        kind_label(row->kv_heads, hq, cur), (unsigned)row->kv_heads, grp,
		        kvp_fmt_int(row->bytes_per_position, b1, sizeof b1),
		        kvp_fmt_int(row->bytes, b2, sizeof b2),
		        kvp_fmt_gib(row->bytes, 2, b3, sizeof b3), ratio, fit);
	}
	tui_put(w, r->y + r->h - 2, r->x, r->w, th->attr[TUI_R_WARN],
	        "Changing Hkv changes the architecture: a model trained with %u KV heads",
	        (unsigned)(a->plan.model.trained_kv_heads ? a->plan.model.trained_kv_heads : cur));
	tui_put(w, r->y + r->h - 1, r->x, r->w, th->attr[TUI_R_WARN],
	        "is not equivalent at another value; its quality must be evaluated separately.");
}

bool tui_teach_handle(struct tui_app *a, enum tui_act act)
{
	switch (act) {
	case TUI_ACT_UP:
	case TUI_ACT_PAGE_UP:
		a->scroll[TUI_SEC_TEACH] -= act == TUI_ACT_UP ? 1 : 5;
		return true;
	case TUI_ACT_DOWN:
	case TUI_ACT_PAGE_DOWN:
		a->scroll[TUI_SEC_TEACH] += act == TUI_ACT_DOWN ? 1 : 5;
		return true;
	default:
		return false;
	}
}
