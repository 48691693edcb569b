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
#include "tui/views/sweep_view.h"
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
	/* A pool engine (res.engine.mix_computed): its pool is the same in
	 * every cell, so the cell shows the requests of the workload that
	 * fit (res.engine.workload_fit) out of those asked (kv.requests). */
	bool pool;
	uint64_t fit, asked;
	int reason;               /* refused: index into the reasons below */
};

#define MAX_REASONS 6

struct tui_sweep {
	unsigned long gen;
	bool valid;
	size_t ax, ay;            /* axis indices into axes[] */
	size_t built_ax, built_ay;
	size_t sx, sy;            /* selected cell */
	struct cell cells[MAX_VALUES][MAX_VALUES];
	/* the distinct refusals of the grid, lettered a, b, ... */
	char reasons[MAX_REASONS][KVP_ERRMSG_MAX];
	int n_reasons;
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

/* The letter of a refusal's reason (the same text shares one). */
static int reason_of(struct tui_sweep *s, const char *msg)
{
	int i;

	for (i = 0; i < s->n_reasons; i++)
		if (!strcmp(s->reasons[i], msg))
			return i;
	if (s->n_reasons == MAX_REASONS)
		return MAX_REASONS - 1;    /* the last letter: "and others" */
	snprintf(s->reasons[s->n_reasons], sizeof s->reasons[0], "%s", msg);
	return s->n_reasons++;
}

static void rebuild(struct tui_sweep *s, const struct tui_app *a)
{
	size_t x, y, nx = n_values(&axes[s->ax]), ny = n_values(&axes[s->ay]);
	struct kvp_error err;

	s->n_reasons = 0;
	for (y = 0; y < ny; y++)
		for (x = 0; x < nx; x++) {
			struct cell *c = &s->cells[y][x];

			kvp_error_clear(&err);
			c->ok = cell_plan(s, a, x, y, &err) &&
			        kvp_compute(&s->plan, &s->res) == KVP_OK;
			if (!c->ok) {
				c->reason = reason_of(s, err.msg[0] ? err.msg
				                                    : s->res.error.msg);
				continue;
			}
			c->kv_bytes = s->res.kv.bytes;
			c->margin = kvp_result_margin(&s->res);
			c->pool = s->res.engine.mix_computed && s->res.n_devices > 0;
			c->fit = s->res.engine.workload_fit;
			c->asked = s->res.kv.requests;
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
		return TUI_R_ERROR;
	if (c->pool)    /* a pool fills its card by design: judge the fit */
		return c->margin == KVP_MARGIN_OVER ? TUI_R_BAD
		       : c->fit >= c->asked ? TUI_R_OK : TUI_R_WARN;
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
	if (c->pool)
		return c->margin == KVP_MARGIN_OVER ? '!' : c->fit >= c->asked ? '+' : '~';
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

/* Columns per cell: the grid uses the width (at least CELL_W, at most
 * 18), the last two of each a blank and a separator. */
static int cell_width(int width, size_t nx)
{
	int cw = nx ? (width - LABEL_W) / (int)nx : CELL_W;

	if (cw < CELL_W + 1)
		cw = CELL_W + 1;
	if (cw > 18)
		cw = 18;
	return cw;
}

/* Every computed cell is a pool engine's: the grid shows requests. */
static bool pool_grid(const struct tui_sweep *s, size_t nx, size_t ny)
{
	size_t x, y;
	bool any = false;

	for (y = 0; y < ny; y++)
		for (x = 0; x < nx; x++) {
			if (s->cells[y][x].ok && !s->cells[y][x].pool)
				return false;
			any |= s->cells[y][x].ok;
		}
	return any;
}

/* One cell: "3.8 GiB+" (KV), "113/32 req+" (a pool engine: requests
 * that fit / asked), or "refused a" with the reason's letter; then a
 * separator. */
static void draw_cell(WINDOW *w, int y, int x, int cw, const struct cell *c,
                      bool selected, const struct tui_theme *t)
{
	char buf[48], f[32], q[32];
	attr_t at = t->attr[selected ? TUI_R_SELECT : heat(c)];

	if (!c->ok)
		snprintf(buf, sizeof buf, "refused %c", 'a' + c->reason);
	else if (c->pool)
		snprintf(buf, sizeof buf, "%s/%s%c", kvp_fmt_int(c->fit, f, sizeof f),
		         kvp_fmt_int(c->asked, q, sizeof q), heat_mark(c));
	else      /* whole GiB from 100 GiB on: every figure fits its cell */
		snprintf(buf, sizeof buf, "%s%c",
		         kvp_fmt_gib(c->kv_bytes, c->kv_bytes >= 100 * KVP_GIB ? 0 : 1,
		                     f, sizeof f), heat_mark(c));
	tui_put_right(w, y, x, cw - 2, at, "%s", buf);
	tui_put(w, y, x + cw - 1, 1, t->attr[TUI_R_DIM], "%s", t->utf8 ? "\u2502" : "|");
}

/* The key and the refusals' reasons under the grid (a: ..., b: ...). */
static void draw_reasons(WINDOW *w, const struct tui_rect *r, int row,
                         const struct tui_sweep *s, const struct tui_theme *t)
{
	int y = r->y + r->h - 4, i;

	tui_put_cut(w, y, r->x, r->w, t->attr[TUI_R_DIM],
	            "+ fits  ~ tight: <10% of a card free (pools: requests wait)  "
	            "! over  x/y Enter");
	/* one line each in the rows the grid left free, the last of them
	 * under the key; a selected refused cell shows its reason whole */
	for (i = 0; i < s->n_reasons; i++) {
		char line[KVP_ERRMSG_MAX + 48];
		int at = row + i < y ? row + i : y + 1;

		snprintf(line, sizeof line, "refused %c: %s", 'a' + i, s->reasons[i]);
		if (at == y + 1 && i + 1 < s->n_reasons)
			snprintf(line, sizeof line, "refused %c-%c: select a cell for its reason",
			         'a' + i, 'a' + s->n_reasons - 1);
		tui_put_cut(w, at, r->x, r->w, t->attr[TUI_R_ERROR], line);
		if (at == y + 1)
			break;
	}
}

void tui_sweep_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	struct tui_sweep *s = state(a);
	const struct axis_def *dx, *dy;
	size_t x, y, nx, ny;
	int row = r->y, cw, i;
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
	cw = cell_width(r->w, nx);
	snprintf(bind, sizeof bind, "%s per cell: %s (x) by %s (y)",
	         pool_grid(s, nx, ny) ? "Requests that fit" : "KV", dx->label, dy->label);
	tui_put_cut(w, row++, r->x, r->w, t->attr[TUI_R_HEADING], bind);
	for (x = 0; x < nx && LABEL_W + (int)(x + 1) * cw <= r->w; x++)
		tui_put_right(w, row, r->x + LABEL_W + (int)x * cw, cw - 2, t->attr[TUI_R_LABEL],
		              "%s", dx->values[x]);
	row++;
	for (y = 0; y < ny && row < r->y + r->h - 4; y++, row++) {
		tui_put_right(w, row, r->x, 8, t->attr[TUI_R_LABEL], "%s", dy->values[y]);
		for (x = 0; x < nx && LABEL_W + (int)(x + 1) * cw <= r->w; x++)
			draw_cell(w, row, r->x + LABEL_W + (int)x * cw, cw, &s->cells[y][x],
			          x == s->sx && y == s->sy, t);
	}
	draw_reasons(w, r, row, s, t);
	/* the selected cell, recomputed for its details */
	kvp_error_clear(&err);
	if (cell_plan(s, a, s->sx, s->sy, &err) &&
	    kvp_compute(&s->plan, &s->res) == KVP_OK) {
		char line[KVP_LINE_MAX + 96];

		/* what binds, only when something does: a card over or
		 * tight by the core's margin, or a pool engine whose pool
		 * holds fewer requests than asked */
		enum kvp_margin m = kvp_result_margin(&s->res);
		bool pool = s->res.engine.mix_computed && s->res.n_devices > 0;

		if (m == KVP_MARGIN_OVER ||
		    (pool ? s->res.engine.workload_fit < s->res.kv.requests
		          : m == KVP_MARGIN_TIGHT))
			kvp_solve_binding(&s->res, bind, sizeof bind);
		else if (m == KVP_MARGIN_NONE)
			bind[0] = '\0';
		else
			snprintf(bind, sizeof bind, "fits: %s", pool
			         ? "every request has room in the engine's pool"
			         : "every card keeps at least a tenth free");
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
	int cx = x - r->x - LABEL_W, cy = y - r->y - 2, cw;

	if (!s || cx < 0 || cy < 0)
		return false;
	cw = cell_width(r->w, n_values(&axes[s->ax]));
	if ((size_t)(cx / cw) >= n_values(&axes[s->ax]) ||
	    (size_t)cy >= n_values(&axes[s->ay]))
		return false;
	s->sx = (size_t)(cx / cw);
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
