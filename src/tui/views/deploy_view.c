/*
 * deploy_view.c - the deployment search view (deploy_view.h). Every
 * figure is a field of the search's answers and configurations; this
 * file only lays them out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/preset.h"
#include "kvplan/search.h"
#include "kvplan/units.h"
#include "tui/views/deploy_view.h"
#include "tui/text.h"

#define TOP 100       /* most answers verified and listed */
#define PAGE 12       /* rows verified after an edit (more on scrolling):
                         keeps the refresh within a frame budget */

struct tui_deploy {
	bool listed;              /* cfgs hold the list for `model` */
	bool ranked;              /* answers are for plan generation `gen` */
	unsigned long gen;
	struct kvp_model model;   /* the model the list was made for */
	struct kvp_devices weights; /* ... and its weights override */
	struct kvp_search_space space;
	struct kvp_search_opts opts;
	struct kvp_search_buf buf;
	struct kvp_search_out out;
	struct kvp_search_answer answers[TOP];
	uint64_t floor[1u << 14];
	struct kvp_result scratch;
	struct kvp_plan work;
	struct kvp_solve_answer solve;
	char error[KVP_ERRMSG_MAX];
	int sel, scroll;
};

void tui_deploy_free(struct tui_deploy *d)
{
	if (d)
		free(d->buf.cfgs);
	free(d);
}

static void add_card(const char *name, const char *path, const char *desc,
                     int user, void *ctx)
{
	struct tui_deploy *d = ctx;
	struct kvp_error err;

	(void)path;
	(void)desc;
	(void)user;
	if (d->space.n_cards < KVP_SEARCH_MAX_CARDS &&
	    kvp_card_load_spec(name, &d->space.cards[d->space.n_cards],
	                       &err) == KVP_OK)
		d->space.n_cards++;
}

static struct tui_deploy *state(struct tui_app *a)
{
	struct tui_deploy *d = a->deploy;
	struct kvp_error err;

	if (d)
		return d;
	d = calloc(1, sizeof *d);
	if (!d)
		return NULL;
	kvp_search_space_init(&d->space);
	kvp_search_opts_init(&d->opts);
	d->opts.top = TOP;
	kvp_presets_list(KVP_PRESET_CARD, add_card, d, &err);
	d->buf.cap_cfgs = 1u << 14;
	d->buf.cfgs = calloc(d->buf.cap_cfgs, sizeof d->buf.cfgs[0]);
	d->buf.answers = d->answers;
	d->buf.cap_answers = TOP;
	d->buf.misses = NULL;        /* the view shows no misses */
	d->buf.cap_misses = 0;
	d->buf.floor = d->floor;
	d->buf.cap_floor = sizeof d->floor / sizeof d->floor[0];
	d->buf.scratch = &d->scratch;
	d->buf.work = &d->work;
	d->buf.solve = &d->solve;
	if (!d->buf.cfgs) {
		free(d);
		return NULL;
	}
	a->deploy = d;
	return d;
}

/* List again when the model (or its weights) changed; grow the list
 * buffer to the count the search asks for. */
static bool list(struct tui_deploy *d, const struct kvp_plan *p,
                 struct kvp_error *err)
{
	enum kvp_status st;

	if (d->listed && !memcmp(&d->model, &p->model, sizeof d->model) &&
	    d->weights.weights_override == p->devices.weights_override &&
	    !memcmp(&d->weights.weights, &p->devices.weights,
	            sizeof d->weights.weights))
		return true;
	d->listed = false;
	st = kvp_search_enumerate(p, &d->space, &d->opts, &d->buf, &d->out, err);
	if (st == KVP_ERANGE && d->out.stats.configurations > d->buf.cap_cfgs &&
	    d->out.stats.configurations <= (1u << 22)) {
		struct kvp_search_cfg *c = realloc(d->buf.cfgs,
			(size_t)d->out.stats.configurations * sizeof *c);

		if (!c)
			return false;
		d->buf.cfgs = c;
		d->buf.cap_cfgs = (size_t)d->out.stats.configurations;
		st = kvp_search_enumerate(p, &d->space, &d->opts, &d->buf,
		                          &d->out, err);
	}
	if (st != KVP_OK)
		return false;
	d->model = p->model;
	d->weights.weights_override = p->devices.weights_override;
	d->weights.weights = p->devices.weights;
	d->listed = true;
	return true;
}

static void rerank(struct tui_deploy *d, const struct tui_app *a)
{
	struct kvp_error err;

	kvp_error_clear(&err);
	d->error[0] = '\0';
	d->ranked = false;
	if (!d->space.n_cards)
		snprintf(d->error, sizeof d->error, "no card presets found");
	else if (!list(d, &a->plan, &err) ||
	         kvp_search_rank_list(&a->plan, &d->space, &d->opts, &d->buf,
	                              &d->out, &err) != KVP_OK)
		snprintf(d->error, sizeof d->error, "%s", err.msg[0] ? err.msg :
		         "out of memory");
	else
		d->ranked = true;
	d->gen = a->gen;
	if (d->sel >= (int)d->out.n_answers)
		d->sel = d->out.n_answers ? (int)d->out.n_answers - 1 : 0;
}

static void row_text(const struct tui_deploy *d, const struct kvp_plan *p,
                     size_t i, char *buf, size_t n)
{
	const struct kvp_search_answer *an = &d->answers[i];
	const struct kvp_search_cfg *c = &d->buf.cfgs[an->cfg];
	char fr[32], mx[32], lay[24];

	snprintf(lay, sizeof lay, "tp%u pp%u dp%u", c->tp, c->pp, c->dp);
	kvp_fmt_gib(an->free_bytes < 0 ? 0 : (uint64_t)an->free_bytes, 1, fr,
	            sizeof fr);
	if (an->bound)
		kvp_fmt_int(an->max_requests, mx, sizeof mx);
	else
		snprintf(mx, sizeof mx, "any");
	snprintf(buf, n, "%3zu %2u x %-20.20s %-12s %-12.12s %-6s %-6s %10s %6s",
	         i + 1, c->cards, d->space.cards[c->card].name, lay,
	         kvp_engine_name((enum kvp_engine_kind)c->engine),
	         kvp_dtype_name((enum kvp_dtype)c->kv),
	         kvp_wdtype_name(kvp_search_w_of(p, &d->space, c).dtype), fr, mx);
}

static void draw_rows(WINDOW *w, const struct tui_rect *r, struct tui_app *a,
                      struct tui_deploy *d, int y, int rows)
{
	const struct tui_theme *t = &a->theme;
	char line[256];
	int i;

	if (d->sel < d->scroll)
		d->scroll = d->sel;
	if (d->sel >= d->scroll + rows)
		d->scroll = d->sel - rows + 1;
	for (i = 0; i < rows && d->scroll + i < (int)d->out.n_answers; i++) {
		row_text(d, &a->plan, (size_t)(d->scroll + i), line, sizeof line);
		tui_put(w, y + i, r->x, r->w, t->attr[d->scroll + i == d->sel ?
		        TUI_R_SELECT : TUI_R_NORMAL], "%s", line);
	}
}

void tui_deploy_draw(WINDOW *w, const struct tui_rect *r, struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	struct tui_deploy *d = state(a);
	const struct kvp_search_stats *s;
	char head[256], n1[32], n2[32];
	uint32_t want;
	int i, rows;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, t->attr[TUI_R_NORMAL]);
	if (!d) {
		tui_put(w, r->y, r->x, r->w, t->attr[TUI_R_ERROR], "out of memory");
		return;
	}
	/* verify the rows the screen shows, at most PAGE, and down to the
	 * selection: scrolling further ranks again with more */
	rows = r->h - 5 > 1 ? r->h - 5 : 1;
	want = (uint32_t)(rows < PAGE ? rows : PAGE);
	if ((uint32_t)d->sel + 1 > want)
		want = (uint32_t)d->sel + 1;
	if (want > TOP)
		want = TOP;
	if (want != d->opts.top) {
		d->opts.top = want;
		d->ranked = false;
	}
	if (d->gen != a->gen || (!d->ranked && !d->error[0]))
		rerank(d, a);
	if (d->error[0]) {
		tui_put_wrap(w, r->y, r->x, r->w, r->h, t->attr[TUI_R_ERROR],
		             d->error);
		return;
	}
	s = &d->out.stats;
	snprintf(head, sizeof head, "Deployments that fit, fewest cards first: "
	         "%s configurations, %s computed, best %zu verified",
	         kvp_fmt_int(s->configurations, n1, sizeof n1),
	         kvp_fmt_int(s->computed, n2, sizeof n2), d->out.n_answers);
	tui_put_cut(w, r->y, r->x, r->w, t->attr[TUI_R_HEADING], head);
	tui_put(w, r->y + 1, r->x, r->w, t->attr[TUI_R_LABEL],
	        "  # cards                   layout       engine       kv     "
	        "weights      free    fit");
	if (!d->out.n_answers) {
		tui_put(w, r->y + 2, r->x, r->w, t->attr[TUI_R_BAD],
		        "no configuration fits");
	} else {
		const struct kvp_search_answer *an = &d->answers[d->sel];

		draw_rows(w, r, a, d, r->y + 2, rows);
		tui_put_cut(w, r->y + r->h - 3, r->x, r->w, t->attr[TUI_R_NORMAL],
		            an->check);
		tui_put_cut(w, r->y + r->h - 2, r->x, r->w, t->attr[TUI_R_DIM],
		            an->binding);
	}
	tui_put_cut(w, r->y + r->h - 1, r->x, r->w, t->attr[TUI_R_DIM],
	            "free: tightest device  fit: requests of the mix that fit  "
	            "Enter: plan it");
}

bool tui_deploy_handle(struct tui_app *a, enum tui_act act)
{
	struct tui_deploy *d = state(a);
	int n;

	if (!d)
		return false;
	n = (int)d->out.n_answers;
	switch (act) {
	case TUI_ACT_UP:
		if (d->sel > 0)
			d->sel--;
		return true;
	case TUI_ACT_DOWN:
		/* past the last verified row: the next draw verifies more */
		if (d->sel + 1 < n || (n == (int)d->opts.top && n < TOP))
			d->sel++;
		return true;
	case TUI_ACT_PAGE_UP:
		d->sel = d->sel > 10 ? d->sel - 10 : 0;
		return true;
	case TUI_ACT_PAGE_DOWN:
		d->sel = d->sel + 10 < TOP ? d->sel + 10 : TOP - 1;
		return true;
	case TUI_ACT_APPLY:
		if (!d->ranked || d->gen != a->gen || d->sel >= n) {
			tui_app_message(a, TUI_MSG_ERROR, "no deployment selected");
			return true;
		}
		kvp_search_plan(&a->plan, &d->space,
		                &d->buf.cfgs[d->answers[d->sel].cfg], &d->work);
		a->plan = d->work;
		tui_app_edited(a);
		tui_app_message(a, TUI_MSG_INFO, "planned with deployment %d",
		                d->sel + 1);
		return true;
	default:
		return false;
	}
}
