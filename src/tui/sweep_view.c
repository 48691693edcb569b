/*
 * sweep_view.c - the sweep heat map (see sweep_view.h). Axis values are
 * text set through the field table, so a cell is exactly the plan the
 * CLI's `kvplan sweep --x KEY=... --y KEY=...` would compute.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/field.h"
#include "kvplan/margin.h"
#include "kvplan/solve.h"
#include "kvplan/units.h"
#include "tui/sweep_view.h"
#include "tui/text.h"

#define MAX_VALUES 10
#define CELL_W 10     /* columns per grid cell */
#define LABEL_W 9     /* columns of the y-axis labels */

struct axis_def {
	const char *label;
	const char *key;          /* field table key */
	const char *key2;         /* second field set to the same text */
	const char *values[MAX_VALUES + 1];   /* NULL-terminated */
};

static const struct axis_def axes[] = {
	{ "prompt tokens", "workload.classes[i].prompt.input", NULL,
	  { "1024", "2048", "4096", "8192", "16384", "32768", "65536", "131072", NULL } },
	{ "active requests", "workload.classes[i].requests", NULL,
	  { "1", "2", "4", "8", "16", "32", "64", "128", "256", NULL } },
	{ "generation", "workload.classes[i].gen", NULL,
	  { "256", "512", "1024", "2048", "4096", "8192", NULL } },
	{ "KV heads", "model.base.kv_heads", NULL,
	  { "1", "2", "4", "8", "16", "32", "64", NULL } },
	{ "KV format", "model.base.k_dtype", "model.base.v_dtype",
	  { "f32", "f16", "fp8", "q8_0", "q4_0", NULL } },
	{ "cards", "devices.groups[i].count", "devices.tp",
	  { "1", "2", "4", "8", NULL } },
};
#define N_AXES (sizeof axes / sizeof axes[0])

struct cell {
	bool ok;                  /* computed */
	uint64_t kv_bytes;        /* res.kv.bytes: the whole cache */
	enum kvp_margin margin;   /* kvp_result_margin: over, tight, roomy */
};

struct tui_sweep {
	unsigned long gen;
	bool valid;
	size_t ax, ay;            /* axis indices into axes[] */
	size_t built_ax, built_ay;
	size_t sx, sy;            /* selected cell */
	struct cell cells[MAX_VALUES][MAX_VALUES];
	struct kvp_plan plan;
	struct kvp_result res;
};

void tui_sweep_free(struct tui_sweep *s)
{
	free(s);
}

static size_t n_values(const struct axis_def *d)
{
	size_t n = 0;

	while (n < MAX_VALUES && d->values[n])
		n++;
	return n;
}

static struct tui_sweep *state(struct tui_app *a)
{
	if (!a->sweep) {
		a->sweep = calloc(1, sizeof *a->sweep);
		if (a->sweep)
			a->sweep->ay = 1;   /* prompt tokens x active requests */
	}
	return a->sweep;
}

static bool set_axis(struct kvp_plan *p, const struct axis_def *d, size_t i,
                     struct kvp_error *err)
{
	const struct kvp_field *f = kvp_field_by_key(d->key);

	if (!f || kvp_field_set(p, f, 0, d->values[i], err) != KVP_OK)
		return false;
	if (d->key2) {
		f = kvp_field_by_key(d->key2);
		if (!f || kvp_field_set(p, f, 0, d->values[i], err) != KVP_OK)
			return false;
	}
	return true;
}

/* The plan of cell (x, y) in s->plan; false when a value is refused. */
static bool cell_plan(struct tui_sweep *s, const struct tui_app *a,
                      size_t x, size_t y, struct kvp_error *err)
{
	s->plan = a->plan;
	return set_axis(&s->plan, &axes[s->ax], x, err) &&
	       set_axis(&s->plan, &axes[s->ay], y, err);
}

static void rebuild(struct tui_sweep *s, const struct tui_app *a)
{
	size_t x, y, nx = n_values(&axes[s->ax]), ny = n_values(&axes[s->ay]);
	struct kvp_error err;

	for (y = 0; y < ny; y++)
		for (x = 0; x < nx; x++) {
			struct cell *c = &s->cells[y][x];

			c->ok = cell_plan(s, a, x, y, &err) &&
			        kvp_compute(&s->plan, &s->res) == KVP_OK;
			if (!c->ok)
				continue;
			c->kv_bytes = s->res.kv.bytes;
			c->margin = kvp_result_margin(&s->res);
		}
	s->gen = a->gen;
	s->built_ax = s->ax;
	s->built_ay = s->ay;
	s->valid = true;
}

/* Heat: the core's margin judgement (include/kvplan/margin.h) as a
 * colour: over capacity, tight (under a tenth of a card free), roomy. */
static enum tui_role heat(const struct cell *c)
{
	if (!c->ok)
		return TUI_R_DIM;
	switch (c->margin) {
	case KVP_MARGIN_OVER:  return TUI_R_BAD;
	case KVP_MARGIN_TIGHT: return TUI_R_WARN;
	case KVP_MARGIN_ROOMY: return TUI_R_OK;
	case KVP_MARGIN_NONE:
	case KVP_MARGIN_COUNT: break;
	}
	return TUI_R_NORMAL;
}

/* The cell's mark: '+' roomy, '~' tight, '!' over, ' ' no card. */
static char heat_mark(const struct cell *c)
{
	if (!c->ok)
		return '?';
	switch (c->margin) {
	case KVP_MARGIN_OVER:  return '!';
	case KVP_MARGIN_TIGHT: return '~';
	case KVP_MARGIN_ROOMY: return '+';
	case KVP_MARGIN_NONE:
	case KVP_MARGIN_COUNT: break;
	}
	return ' ';
}

/* `text` over two lines of `width`, broken at a blank; the second cut
 * with "..." when it is still longer. */
static void put_two_lines(WINDOW *w, int y, int x, int width, attr_t at,
                          const char *text)
{
	int len = (int)strlen(text), cut = width;

	if (len <= width) {
		tui_put(w, y, x, width, at, "%s", text);
		return;
	}
	while (cut > 0 && text[cut] != ' ')
		cut--;
	if (cut == 0)
		cut = width;
	tui_put(w, y, x, width, at, "%.*s", cut, text);
	text += cut;
	while (*text == ' ')
		text++;
	tui_put_cut(w, y + 1, x, width, at, text);
}

void tui_sweep_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	struct tui_sweep *s = state(a);
	const struct axis_def *dx, *dy;
	size_t x, y, nx, ny;
	int row = r->y, cw = CELL_W, i;
	char buf[48], bind[KVP_LINE_MAX];
	struct kvp_error err;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, t->attr[TUI_R_NORMAL]);
	if (!s) {
		tui_put(w, row, r->x, r->w, t->attr[TUI_R_ERROR], "out of memory");
		return;
	}
	if (!s->valid || s->gen != a->gen || s->built_ax != s->ax || s->built_ay != s->ay)
		rebuild(s, a);
	dx = &axes[s->ax];
	dy = &axes[s->ay];
	nx = n_values(dx);
	ny = n_values(dy);
	if (s->sx >= nx)
		s->sx = nx - 1;
	if (s->sy >= ny)
		s->sy = ny - 1;
	snprintf(bind, sizeof bind, "KV per cell: %s (x) by %s (y)", dx->label, dy->label);
	tui_put_cut(w, row++, r->x, r->w, t->attr[TUI_R_HEADING], bind);
	for (x = 0; x < nx && LABEL_W + (int)(x + 1) * cw <= r->w; x++)
		tui_put_right(w, row, r->x + LABEL_W + (int)x * cw, cw, t->attr[TUI_R_LABEL],
		              "%s", dx->values[x]);
	row++;
	for (y = 0; y < ny && row < r->y + r->h - 3; y++, row++) {
		tui_put_right(w, row, r->x, 8, t->attr[TUI_R_LABEL], "%s", dy->values[y]);
		for (x = 0; x < nx && LABEL_W + (int)(x + 1) * cw <= r->w; x++) {
			const struct cell *c = &s->cells[y][x];
			attr_t at = t->attr[heat(c)];
			char mark = heat_mark(c);

			if (x == s->sx && y == s->sy)
				at = t->attr[TUI_R_SELECT];
			if (c->ok)
				tui_put_right(w, row, r->x + LABEL_W + (int)x * cw, cw, at, "%s%c",
				              kvp_fmt_gib(c->kv_bytes, 1, buf, sizeof buf), mark);
			else
				tui_put_right(w, row, r->x + LABEL_W + (int)x * cw, cw, at, "error?");
		}
	}
	tui_put_cut(w, r->y + r->h - 3, r->x, r->w, t->attr[TUI_R_DIM],
	            "+ fits  ~ under 10% free  ! over  ? no figure   "
	            "x/y: axes  Enter: plan it");
	/* the selected cell, recomputed for its details */
	kvp_error_clear(&err);
	if (cell_plan(s, a, s->sx, s->sy, &err) &&
	    kvp_compute(&s->plan, &s->res) == KVP_OK) {
		char line[KVP_LINE_MAX + 96];

		kvp_solve_binding(&s->res, bind, sizeof bind);
		snprintf(line, sizeof line, "%s=%s, %s=%s: KV %s", dx->label,
		         dx->values[s->sx], dy->label, dy->values[s->sy],
		         kvp_fmt_bytes_all(s->res.kv.bytes, buf, sizeof buf));
		tui_put_cut(w, r->y + r->h - 2, r->x, r->w, t->attr[TUI_R_NORMAL], line);
		tui_put_cut(w, r->y + r->h - 1, r->x, r->w, t->attr[TUI_R_DIM],
		            bind[0] ? bind : "no card chosen: KV only");
	} else {
		if (err.msg[0] == '\0')
			snprintf(err.msg, sizeof err.msg, "%s", s->res.error.msg);
		/* the reason may be long: two lines, cut at a blank */
		put_two_lines(w, r->y + r->h - 2, r->x, r->w, t->attr[TUI_R_ERROR], err.msg);
	}
}

bool tui_sweep_handle(struct tui_app *a, enum tui_act act)
{
	struct tui_sweep *s = state(a);
	struct kvp_error err;

	if (!s)
		return false;
	switch (act) {
	case TUI_ACT_UP:
		if (s->sy > 0)
			s->sy--;
		return true;
	case TUI_ACT_DOWN:
		s->sy++;
		return true;
	case TUI_ACT_CHOICE_PREV:
		if (s->sx > 0)
			s->sx--;
		return true;
	case TUI_ACT_CHOICE_NEXT:
		s->sx++;
		return true;
	case TUI_ACT_APPLY:
		if (s->sx < n_values(&axes[s->ax]) && s->sy < n_values(&axes[s->ay]) &&
		    cell_plan(s, a, s->sx, s->sy, &err)) {
			a->plan = s->plan;
			tui_app_edited(a);
		} else {
			tui_app_message(a, TUI_MSG_ERROR, "%s", err.msg);
		}
		return true;
	default:
		return false;
	}
}

bool tui_sweep_click(struct tui_app *a, const struct tui_rect *r, int y, int x)
{
	struct tui_sweep *s = a->sweep;
	int cx = x - r->x - LABEL_W, cy = y - r->y - 2;

	if (!s || cx < 0 || cy < 0)
		return false;
	if ((size_t)(cx / CELL_W) >= n_values(&axes[s->ax]) ||
	    (size_t)cy >= n_values(&axes[s->ay]))
		return false;
	s->sx = (size_t)(cx / CELL_W);
	s->sy = (size_t)cy;
	return true;
}

bool tui_sweep_key(struct tui_app *a, int key)
{
	struct tui_sweep *s = state(a);

	if (!s || (key != 'x' && key != 'y'))
		return false;
	do {
		if (key == 'x')
			s->ax = (s->ax + 1) % N_AXES;
		else
			s->ay = (s->ay + 1) % N_AXES;
	} while (s->ax == s->ay);
	s->sx = s->sy = 0;
	return true;
}
