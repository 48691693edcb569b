/*
 * teach_view.c - GQA/MQA side by side (see teach_view.h). Every figure of
 * the table is a field of kvp_teach's rows (include/kvplan/teach.h): the
 * bytes, the query heads per KV head, the ratio to the current plan (in
 * thousandths) and the most sequences that fit. This file only formats
 * them; the rows are recomputed when the plan changes (app->gen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/teach.h"
#include "kvplan/speed.h"
#include "kvplan/units.h"
#include "tui/teach_view.h"
#include "tui/text.h"

/* Columns of the decode-bound column (" tok/s/seq<="), shown past the
 * 80 of the table when the view is wide enough. */
#define SPEED_COLS 12

struct tui_teach {
	unsigned long gen;        /* app->gen the rows belong to */
	bool valid;
	enum kvp_status st;       /* kvp_teach's status */
	struct kvp_error err;
	struct kvp_teach t;
	struct kvp_teach_scratch scratch;
};

void tui_teach_free(struct tui_teach *t)
{
	free(t);
}

/* "x5", "x0.125", "x2.5": the thousandths as a decimal, trailing zeros
 * dropped (formatting only). */
static void fmt_ratio(const struct kvp_teach_row *row, char *buf, size_t n)
{
	unsigned long long whole = row->ratio_milli / 1000, frac = row->ratio_milli % 1000;
	int digits = 3;

	if (!row->ratio_known) {
		snprintf(buf, n, "-");
		return;
	}
	while (digits > 0 && frac % 10 == 0) {
		frac /= 10;
		digits--;
	}
	/* digits is 1..3 and frac < 1000: spelled out so that gcc -O1's
	 * format-truncation check can see the bound */
	if (digits == 0)
		snprintf(buf, n, "x%llu", whole);
	else if (digits == 1)
		snprintf(buf, n, "x%llu.%01u", whole, (unsigned)frac % 10u);
	else if (digits == 2)
		snprintf(buf, n, "x%llu.%02u", whole, (unsigned)frac % 100u);
	else
		snprintf(buf, n, "x%llu.%03u", whole, (unsigned)frac % 1000u);
}

static const char *label(const struct kvp_teach_row *row, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s", kvp_teach_kind_name(row->kind), row->current ? "*" : "");
	return buf;
}

void tui_teach_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_teach *t = a->teach;
	const struct kvp_teach *k;
	char b1[32], b2[32], b3[32], ratio[24], grp[16], fit[32], lab[8];
	int y = r->y, i, rows;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, th->attr[TUI_R_NORMAL]);
	if (!t) {
		t = a->teach = calloc(1, sizeof *t);
		if (!t) {
			tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "out of memory");
			return;
		}
	}
	if (!t->valid || t->gen != a->gen) {
		t->st = kvp_teach(&a->plan, &t->t, &t->scratch, &t->err);
		t->gen = a->gen;
		t->valid = true;
	}
	if (t->st != KVP_OK) {
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "%s", t->err.msg);
		return;
	}
	k = &t->t;
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
	        "Same plan, other KV-head groupings (Hq = %u query heads; * = current)",
	        (unsigned)k->q_heads);
	tui_put(w, y, r->x, r->w, th->attr[TUI_R_LABEL],
	        "%-5s %5s %7s %13s %16s %10s %7s %10s", "", "Hkv", "Hq/Hkv",
	        "B/position", "KV bytes", "GiB", "vs now", "max seqs");
	if (r->w >= 80 + SPEED_COLS)   /* the decode bound, when wide */
		tui_put(w, y, r->x + 80, r->w - 80, th->attr[TUI_R_LABEL],
		        " %11s", "tok/s/seq<=");
	y++;
	rows = r->h - 4;
	if (a->scroll[TUI_SEC_TEACH] > (int)k->n - rows)
		a->scroll[TUI_SEC_TEACH] = (int)k->n - rows;
	if (a->scroll[TUI_SEC_TEACH] < 0)
		a->scroll[TUI_SEC_TEACH] = 0;
	for (i = 0; i < rows && (size_t)(a->scroll[TUI_SEC_TEACH] + i) < k->n; i++) {
		const struct kvp_teach_row *row = &k->rows[a->scroll[TUI_SEC_TEACH] + i];
		attr_t at = th->attr[row->current ? TUI_R_SELECT : TUI_R_NORMAL];

		if (row->group)
			snprintf(grp, sizeof grp, "%u", (unsigned)row->group);
		else
			snprintf(grp, sizeof grp, "n/a");
		if (!row->ok) {
			tui_put(w, y++, r->x, r->w, th->attr[TUI_R_ERROR], "%-5s %5u %7s  %s",
			        label(row, lab, sizeof lab), (unsigned)row->kv_heads,
			        grp, row->err.msg);
			continue;
		}
		fmt_ratio(row, ratio, sizeof ratio);
		if (row->fit_known)
			kvp_fmt_int(row->fit_sequences, fit, sizeof fit);
		else
			snprintf(fit, sizeof fit, "%s",
			         a->plan.devices.n_groups ? "?" : "no card");
		tui_put(w, y++, r->x, r->w, at, "%-5s %5u %7s %13s %16s %10s %7s %10s",
		        label(row, lab, sizeof lab), (unsigned)row->kv_heads, grp,
		        kvp_fmt_int(row->bytes_per_position, b1, sizeof b1),
		        kvp_fmt_int(row->bytes, b2, sizeof b2),
		        kvp_fmt_gib(row->bytes, 2, b3, sizeof b3), ratio, fit);
		if (r->w >= 80 + SPEED_COLS && row->speed_known)
			tui_put(w, y - 1, r->x + 80, r->w - 80, at, " %11s",
			        kvp_fmt_milli(row->seq_tps_milli, b1, sizeof b1));
	}
	if (!k->heads_matter) {
		tui_put(w, r->y + r->h - 2, r->x, r->w, th->attr[TUI_R_WARN],
		        "Every grouping stores the same bytes per position here (MLA latent");
		tui_put(w, r->y + r->h - 1, r->x, r->w, th->attr[TUI_R_WARN],
		        "or per-layer head rules): KV heads do not change this model's cache.");
		return;
	}
	tui_put(w, r->y + r->h - 2, r->x, r->w, th->attr[TUI_R_WARN],
	        "Changing Hkv changes the architecture: a model trained with %u KV heads",
	        (unsigned)k->trained_kv_heads);
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
