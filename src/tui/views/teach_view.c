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

#include "kvplan/bar.h"
#include "kvplan/field.h"
#include "kvplan/speed.h"
#include "kvplan/teach.h"
#include "tui/views/bar_draw.h"
#include "kvplan/units.h"
#include "tui/views/teach_view.h"
#include "tui/text.h"

struct tui_teach {
	unsigned long gen;        /* app->gen the rows belong to */
	bool valid;
	/* The row the cursor is on (issue 31: the view changes the KV
	 * heads in place): Up/Down move it, PgUp/PgDn jump to MHA/MQA,
	 * Enter applies its Hkv; Left/Right apply the neighbour's. Set to
	 * the current row whenever the rows are recomputed. */
	size_t sel;
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

/* The TP ranks of the table (the first computed row's), 1 without TP. */
static uint32_t table_ranks(const struct kvp_teach *k)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		if (k->rows[i].ok)
			return k->rows[i].ranks;
	return 1;
}

/* The largest model-alone bytes per position (MHA's): the bars' scale. */
static uint64_t bar_scale(const struct kvp_teach *k)
{
	uint64_t m = 0;
	size_t i;

	for (i = 0; i < k->n; i++)
		if (k->rows[i].seq_known && k->rows[i].model_bytes_per_position > m)
			m = k->rows[i].model_bytes_per_position;
	return m;
}

/* Column widths: Hkv 4, Hq/Hkv 6, B/position 11, [heads/rank 5,
 * B/pos/rank 11 under TP], B/sequence 15, vs now 7, fit 9; the bar
 * (B/position to scale, MHA = full) takes what is left. */
#define COLS_BASE  (5 + 5 + 7 + 11 + 15 + 8 + 10)
#define COLS_TP    (8 + 11)
/* The decode bound (" tok/s/seq<=", kvp_teach's speed envelope), shown
 * before the bar when the view is wide enough for both. */
#define SPEED_COLS 12

/* Columns before the bar: the table, TP's, the decode bound when wide. */
static int table_cols(int width, bool tp)
{
	int c = COLS_BASE + (tp ? COLS_TP : 0);

	return width >= c + SPEED_COLS + 12 ? c + SPEED_COLS : c;
}

static void draw_header(WINDOW *w, int y, const struct tui_rect *r, bool tp,
                        const struct tui_theme *th)
{
	tui_put(w, y, r->x, r->w, th->attr[TUI_R_LABEL],
	        "%-5s%5s%7s%11s%s%15s%8s%10s%s%s", "", "Hkv", "Hq/Hkv", "B/pos",
	        tp ? " h/rank B/pos/rank" : "", "B/sequence", "vs now", "seqs fit",
	        table_cols(r->w, tp) > COLS_BASE + (tp ? COLS_TP : 0)
	        ? " tok/s/seq<=" : "", r->w - table_cols(r->w, tp) >= 9
	        ? "  to scale" : "");
}

static void draw_row(WINDOW *w, int y, const struct tui_rect *r,
                     const struct kvp_teach_row *row, bool tp, uint64_t scale,
                     struct tui_app *a, bool selected)
{
	const struct tui_theme *th = &a->theme;
	char b1[32], b2[32], b3[32], ratio[24], grp[16], fit[32], lab[8], rk[48];
	attr_t at = th->attr[selected ? TUI_R_SELECT : TUI_R_NORMAL];
	int x = r->x, tc = table_cols(r->w, tp), bw = r->w - tc - 3;

	if (row->group)
		snprintf(grp, sizeof grp, "%u", (unsigned)row->group);
	else
		snprintf(grp, sizeof grp, "n/a");
	if (!row->ok && !row->seq_known) {
		tui_put(w, y, x, r->w, th->attr[TUI_R_ERROR], "%-5s%5u%7s  %s",
		        label(row, lab, sizeof lab), (unsigned)row->kv_heads, grp,
		        row->err.msg);
		return;
	}
	fmt_ratio(row, ratio, sizeof ratio);
	if (!row->ok)      /* the engine refuses it; the model's bytes stand */
		snprintf(fit, sizeof fit, "refused");
	else if (row->fit_known)
		kvp_fmt_int(row->fit_sequences, fit, sizeof fit);
	else
		snprintf(fit, sizeof fit, "%s", a->plan.devices.n_groups ? "?" : "no card");
	rk[0] = '\0';
	if (tp && !row->heads_per_rank)
		snprintf(rk, sizeof rk, "%7s %11s", "uneven", "-");
	else if (tp)
		snprintf(rk, sizeof rk, "%7u%s%11s", (unsigned)row->heads_per_rank,
		         row->replicated ? "r" : " ", row->rank_bytes_per_position
		         ? kvp_fmt_int(row->rank_bytes_per_position, b3, sizeof b3) : "-");
	tui_put(w, y, x, r->w, !row->ok ? th->attr[TUI_R_ERROR] : at,
	        "%-5s%5u%7s%11s%s%15s%8s%10s",
	        label(row, lab, sizeof lab), (unsigned)row->kv_heads, grp,
	        kvp_fmt_int(row->seq_known ? row->model_bytes_per_position
	                    : row->bytes_per_position, b1, sizeof b1), rk,
	        row->seq_known ? kvp_fmt_int(row->seq_bytes, b2, sizeof b2) : "-",
	        ratio, fit);
	if (bw >= 6 && scale && row->seq_known) {
		/* one part, the KV colour, laid out by the core to scale */
		uint64_t v[2] = { 0, row->model_bytes_per_position };
		struct kvp_bar bar;

		kvp_bar_layout_scaled(v, 2, scale, (uint32_t)bw, &bar);
		tui_bar_draw(w, y, x + r->w - bw - 2, &bar, (uint32_t)bw, th);
	}
	if (tc > COLS_BASE + (tp ? COLS_TP : 0) && row->ok && row->speed_known) {
		tui_put(w, y, x + tc - SPEED_COLS, SPEED_COLS, at, " %11s",
		        kvp_fmt_milli(row->seq_tps_milli, b1, sizeof b1));
	}
}

/* The lines under the table: replication under TP, the bandwidth
 * reason, and the quality caveat, which is always shown. */
static void draw_notes(WINDOW *w, const struct tui_rect *r, const struct kvp_teach *k,
                       uint32_t ranks, const struct tui_theme *th)
{
	int y = r->y + r->h - 4;

	if (ranks > 1)
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_WARN],
		        "TP %u: Hkv below %u is replicated (r): those rows hold the same "
		        "bytes per rank.", (unsigned)ranks, (unsigned)ranks);
	y++;
	if (!k->heads_matter)
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_WARN],
		        "Every grouping stores the same bytes per position here (MLA latent "
		        "or per-layer head rules): KV heads do not change this model's cache.");
	else
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_DIM],
		        "Each generated token reads its sequence's whole KV, B/sequence: "
		        "GQA saves that.");
	y++;
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_WARN],
	        "Changing Hkv changes the architecture: a model trained with %u KV heads",
	        (unsigned)k->trained_kv_heads);
	tui_put(w, y, r->x, r->w, th->attr[TUI_R_WARN],
	        "is not equivalent at another value; its quality must be evaluated separately.");
}

/* The rows of the plan as it is now; the cursor on the current row when
 * they are recomputed. */
static void rows_of(struct tui_app *a, struct tui_teach *t)
{
	size_t i;

	if (t->valid && t->gen == a->gen)
		return;
	t->st = kvp_teach(&a->plan, &t->t, &t->scratch, &t->err);
	t->gen = a->gen;
	t->valid = true;
	t->sel = 0;
	for (i = 0; t->st == KVP_OK && i < t->t.n; i++)
		if (t->t.rows[i].current)
			t->sel = i;
}

void tui_teach_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *th = &a->theme;
	struct tui_teach *t = a->teach;
	const struct kvp_teach *k;
	int y = r->y, i, rows;
	uint32_t ranks;
	uint64_t scale;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, th->attr[TUI_R_NORMAL]);
	if (!t) {
		t = a->teach = calloc(1, sizeof *t);
		if (!t) {
			tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "out of memory");
			return;
		}
	}
	rows_of(a, t);
	if (t->st != KVP_OK) {
		tui_put(w, y, r->x, r->w, th->attr[TUI_R_ERROR], "%s", t->err.msg);
		return;
	}
	k = &t->t;
	ranks = table_ranks(k);
	scale = bar_scale(k);
	tui_put(w, y++, r->x, r->w, th->attr[TUI_R_HEADING],
	        "Same model, other KV-head groupings (Hq = %u; * = current; B/: the "
	        "model alone, one class-0 sequence; seqs fit: engine, cards)",
	        (unsigned)k->q_heads);
	draw_header(w, y++, r, ranks > 1, th);
	rows = r->h - 6;
	/* the selected row in sight */
	if ((int)t->sel < a->scroll[TUI_SEC_TEACH])
		a->scroll[TUI_SEC_TEACH] = (int)t->sel;
	if ((int)t->sel >= a->scroll[TUI_SEC_TEACH] + rows)
		a->scroll[TUI_SEC_TEACH] = (int)t->sel - rows + 1;
	if (a->scroll[TUI_SEC_TEACH] > (int)k->n - rows)
		a->scroll[TUI_SEC_TEACH] = (int)k->n - rows;
	if (a->scroll[TUI_SEC_TEACH] < 0)
		a->scroll[TUI_SEC_TEACH] = 0;
	for (i = 0; i < rows && (size_t)(a->scroll[TUI_SEC_TEACH] + i) < k->n; i++)
		draw_row(w, y++, r, &k->rows[a->scroll[TUI_SEC_TEACH] + i], ranks > 1,
		         scale, a, (size_t)(a->scroll[TUI_SEC_TEACH] + i) == t->sel);
	draw_notes(w, r, k, ranks, th);
}

/* The plan's KV heads set to row i's, through the field table (the one
 * validation every entry passes); the rows are recomputed after. */
static void apply_row(struct tui_app *a, struct tui_teach *t, size_t i)
{
	const struct kvp_field *f = kvp_field_by_key("model.base.kv_heads");
	struct kvp_error err;
	char v[16];

	if (i >= t->t.n || !f)
		return;
	snprintf(v, sizeof v, "%u", (unsigned)t->t.rows[i].kv_heads);
	if (kvp_field_set(&a->plan, f, 0, v, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "KV heads %s: %s", v, err.msg);
		return;
	}
	tui_app_edited(a);
	tui_app_message(a, TUI_MSG_INFO, "KV heads set to %s (model.base."
	                "kv_heads)", v);
}

/* The current row's index (the plan's own Hkv), or sel. */
static size_t current_row(const struct tui_teach *t)
{
	size_t i;

	for (i = 0; i < t->t.n; i++)
		if (t->t.rows[i].current)
			return i;
	return t->sel;
}

bool tui_teach_handle(struct tui_app *a, enum tui_act act)
{
	struct tui_teach *t = a->teach;
	size_t cur;

	if (!t) {
		t = a->teach = calloc(1, sizeof *t);
		if (!t)
			return false;
	}
	rows_of(a, t);
	if (t->st != KVP_OK || t->t.n == 0)
		return false;
	cur = current_row(t);
	switch (act) {
	case TUI_ACT_UP:
		t->sel -= t->sel > 0;
		return true;
	case TUI_ACT_DOWN:
		t->sel += t->sel + 1 < t->t.n;
		return true;
	case TUI_ACT_PAGE_UP:      /* MHA, the first row */
		t->sel = 0;
		return true;
	case TUI_ACT_PAGE_DOWN:    /* MQA, the last */
		t->sel = t->t.n - 1;
		return true;
	case TUI_ACT_APPLY:
		apply_row(a, t, t->sel);
		return true;
	case TUI_ACT_CHOICE_PREV:  /* more KV heads, in place */
		if (cur > 0)
			apply_row(a, t, cur - 1);
		return true;
	case TUI_ACT_CHOICE_NEXT:  /* fewer */
		if (cur + 1 < t->t.n)
			apply_row(a, t, cur + 1);
		return true;
	default:
		return false;
	}
}
