/*
 * test_tui_deploy.c - the Deploy view drawn headless (curses on
 * /dev/null, 120x36): its rows are the deployment search's answers for
 * the plan (kvplan/search.h, checked against a search run here over the
 * same space), a workload edit re-ranks them, and Enter loads the
 * selected configuration into the plan.
 */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/preset.h"
#include "kvplan/search.h"
#include "tui/app.h"
#include "tui/views/deploy_view.h"
#include "tui/render.h"

static SCREEN *scr;
static FILE *out, *in;
static struct tui_app *app;

static void setup(void)
{
	struct kvp_plan p;
	struct kvp_error err;

	setenv("LINES", "36", 1);
	setenv("COLUMNS", "120", 1);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = newterm("xterm", out, in);
	ck_assert_ptr_nonnull(scr);
	resizeterm(36, 120);
	kvp_plan_default(&p);
	ck_assert_msg(kvp_model_load_spec("llama-3.1-70b", &p.model, NULL, &err)
	              == KVP_OK, "%s", err.msg);
	p.workload.classes[0].requests = 1;
	p.workload.classes[0].prompt[KVP_PP_INPUT] = 7168;
	p.workload.classes[0].gen = 1024;
	p.strategy.max_cache_len = 0;
	app = tui_app_new(&p);
	ck_assert_ptr_nonnull(app);
	tui_theme_init(&app->theme, true, false);
	tui_app_recompute(app);
}

static void teardown(void)
{
	tui_app_free(app);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

static const char *row(int y)
{
	static char buf[256];
	int len;

	mvwinnstr(curscr, y, 0, buf, 120);
	buf[120] = '\0';
	len = (int)strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return buf;
}

/* Every shipped card preset into the space, as the view loads them. */
static void add_card(const char *name, const char *path, const char *desc,
                     int user, void *ctx)
{
	struct kvp_search_space *s = ctx;
	struct kvp_error err;

	(void)path;
	(void)desc;
	(void)user;
	ck_assert_uint_lt(s->n_cards, KVP_SEARCH_MAX_CARDS);
	ck_assert_msg(kvp_card_load_spec(name, &s->cards[s->n_cards], &err) ==
	              KVP_OK, "%s: %s", name, err.msg);
	s->n_cards++;
}

/* The first answer of the search the view runs (every card preset,
 * 1-8 cards on one node, the five named engines). */
static void first_answer(const struct kvp_plan *p, struct kvp_search_cfg *c,
                         struct kvp_search_space *s)
{
	static struct kvp_search_cfg cfgs[1u << 15];
	static struct kvp_search_answer ans[1];
	static struct kvp_result res;
	static struct kvp_plan work;
	struct kvp_search_opts o;
	struct kvp_search_buf b;
	struct kvp_search_out so;
	struct kvp_error err;

	kvp_search_space_init(s);
	ck_assert_msg(kvp_presets_list(KVP_PRESET_CARD, add_card, s, &err) ==
	              KVP_OK, "%s", err.msg);
	kvp_search_opts_init(&o);
	o.top = 1;
	memset(&b, 0, sizeof b);
	b.cfgs = cfgs;
	b.cap_cfgs = sizeof cfgs / sizeof cfgs[0];
	b.answers = ans;
	b.cap_answers = 1;
	b.scratch = &res;
	b.work = &work;
	ck_assert_msg(kvp_search(p, s, &o, &b, &so, &err) == KVP_OK, "%s",
	              err.msg);
	ck_assert_uint_eq(so.n_answers, 1);
	*c = cfgs[ans[0].cfg];
}

START_TEST(rows_are_the_search)
{
	static struct kvp_search_space s;
	struct kvp_search_cfg c;
	char want[128];

	tui_set_section(app, TUI_SEC_DEPLOY);
	tui_render(app);
	ck_assert_msg(strstr(row(1), "Deployments that fit, fewest cards first") != NULL,
	              "%s", row(1));
	first_answer(&app->plan, &c, &s);
	/* one request: the H200 holds it (tests/unit/test_search.c) */
	ck_assert_str_eq(s.cards[c.card].name, "H200-141GB");
	snprintf(want, sizeof want, "  1  1 x %-20s tp1 pp1 dp1  %-12s %-6s",
	         s.cards[c.card].name, kvp_engine_name(c.engine),
	         kvp_dtype_name(c.kv));
	ck_assert_msg(strncmp(row(3), want, strlen(want)) == 0, "row 3 '%s', "
	              "want '%s'", row(3), want);
}
END_TEST

START_TEST(edit_reranks_and_enter_plans)
{
	static struct kvp_search_space s;
	struct kvp_search_cfg c;

	tui_set_section(app, TUI_SEC_DEPLOY);
	tui_render(app);
	/* 400 requests: one card no longer holds them. Each needs 8,192
	 * positions of fp8 cache, 163,840 B each (1,342,177,280 B): 400 of
	 * them and the 141,107,412,992 B of weights come to about 678e9 B,
	 * over the largest card's 498,216,205,000 (the M3 Ultra 512 GB's
	 * working set), which alone would hold 200 */
	app->plan.workload.classes[0].requests = 400;
	tui_app_edited(app);
	tui_render(app);
	first_answer(&app->plan, &c, &s);
	ck_assert_uint_gt(c.cards, 1);
	ck_assert_msg(strncmp(row(3), "  1  1 x", 8) != 0, "%s", row(3));
	app->dirty = false;
	ck_assert(tui_deploy_handle(app, TUI_ACT_APPLY));
	ck_assert_str_eq(app->plan.devices.groups[0].card.name,
	                 s.cards[c.card].name);
	ck_assert_uint_eq(app->plan.devices.groups[0].count, c.cards);
	ck_assert_uint_eq(app->plan.devices.tp, c.tp);
	ck_assert_uint_eq(app->plan.devices.pp, c.pp);
	ck_assert_int_eq(app->plan.engine.kind, c.engine);
	ck_assert(app->dirty);
	ck_assert(app->res->fits);
}
END_TEST

static Suite *deploy_suite(void)
{
	Suite *s = suite_create("tui_deploy");
	TCase *t = tcase_create("golden");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, rows_are_the_search);
	tcase_add_test(t, edit_reranks_and_enter_plans);
	suite_add_tcase(s, t);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(deploy_suite)
