/*
 * test_tui_views.c - golden screens of the table views drawn headless
 * (curses on /dev/null, 80x24, C locale): the GQA/MQA teaching view, the
 * engine view and the sweep heat map for DESIGN.md's worked example, and
 * the resolved per-layer list with an override rule. Expected figures are
 * worked out by hand in the comments.
 */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/layers.h"
#include "tui/app.h"
#include "tui/engine_view.h"
#include "tui/layers_view.h"
#include "tui/render.h"
#include "tui/sweep_view.h"
#include "tui/teach_view.h"

static SCREEN *scr;
static FILE *out, *in;
static struct tui_app *app;

static void setup(void)
{
	struct kvp_plan p;

	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = newterm("xterm", out, in);
	ck_assert_ptr_nonnull(scr);
	resizeterm(24, 80);
	kvp_plan_default(&p);
	app = tui_app_new(&p);
	ck_assert_ptr_nonnull(app);
	tui_theme_init(&app->theme, true, false);
	ck_assert(tui_app_recompute(app));
}

static void teardown(void)
{
	tui_app_free(app);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

static const char *row(int y, int n)
{
	static char buf[256];
	int len;

	mvwinnstr(curscr, y, 0, buf, n);
	buf[n] = '\0';
	len = (int)strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return buf;
}

static bool starts_with(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool screen_has(const char *s)
{
	int y;

	for (y = 0; y < 24; y++)
		if (strstr(row(y, 80), s))
			return true;
	return false;
}

START_TEST(teach_view)
{
	tui_set_section(app, TUI_SEC_TEACH);
	tui_render(app);
	/* Hq = 40: divisors 40 20 10 8 5 4 2 1, largest first.
	 * MHA: 2 x 40 x 40 x 128 x 2 = 819,200 B/pos; x 24,576 positions =
	 * 20,132,659,200 B = 18.75 GiB, 5 x the current 4,026,531,840 B
	 * (kvp_teach's 5,000 thousandths, shown as x5). */
	ck_assert_str_eq(row(1, 80),
	                 "Same plan, other KV-head groupings (Hq = 40 query heads; * = current)");
	ck_assert(starts_with(row(3, 80), "MHA      40       1       819,200   20,132,659,200  18.75 GiB      x5"));
	/* 20 heads: 409,600 B/pos, 10,066,329,600 B = 9.375 GiB -> 9.38,
	 * 20/8 = 2.5 */
	ck_assert(starts_with(row(4, 80), "GQA      20       2       409,600   10,066,329,600   9.38 GiB    x2.5"));
	/* current: 8 KV heads, 5 query heads each, 163,840 B/pos, x1 */
	ck_assert(starts_with(row(6, 80), "GQA*      8       5       163,840    4,026,531,840   3.75 GiB      x1"));
	/* 5 heads: 102,400 B/pos x 24,576 = 2,516,582,400 B = 2.34375 GiB,
	 * 5/8 = 0.625 */
	ck_assert(starts_with(row(7, 80), "GQA       5       8       102,400    2,516,582,400   2.34 GiB  x0.625"));
	/* MQA: 20,480 B/pos (163,840 / 8), 503,316,480 B = 0.46875 GiB ->
	 * 0.47, 1/8 = x0.125 exactly (thousandths from the core) */
	ck_assert(starts_with(row(10, 80), "MQA       1      40        20,480      503,316,480   0.47 GiB  x0.125"));
	ck_assert(screen_has("Changing Hkv changes the architecture"));
}
END_TEST

START_TEST(engine_view)
{
	tui_set_section(app, TUI_SEC_ENGINES);
	tui_render(app);
	/* generic first: the worked example's 4,026,531,840 B = 3.75 GiB */
	ck_assert(starts_with(row(2, 80), "* generic        4,026,531,840  3.75 GiB         -"));
	ck_assert(screen_has("  llama.cpp"));
	ck_assert(screen_has("  vllm"));
	ck_assert(screen_has("  transformers"));
	ck_assert(screen_has("  sglang"));
	ck_assert(screen_has("  trtllm"));
	/* Enter plans with the selected row (Down once: llama.cpp) */
	ck_assert(tui_engines_handle(app, TUI_ACT_DOWN));
	ck_assert(tui_engines_handle(app, TUI_ACT_APPLY));
	ck_assert_int_eq(app->plan.engine.kind, KVP_ENGINE_LLAMACPP);
	ck_assert(app->dirty);
}
END_TEST

START_TEST(sweep_view)
{
	tui_set_section(app, TUI_SEC_SWEEP);
	tui_render(app);
	/* x = prompt tokens, y = active requests. The static reservation of
	 * 4,096 slots holds prompts of 1,024 and 2,048 (+ 1,024 generated):
	 * 1 request x 4,096 x 163,840 B = 671,088,640 B = 0.625 GiB, shown
	 * with one decimal as 0.6 GiB; it fits the 80 GB card ('+'). */
	ck_assert_str_eq(row(2, 80),
	                 "               1024      2048      4096      8192     16384     32768     65536");
	ck_assert(starts_with(row(3, 80), "       1   0.6 GiB+  0.6 GiB+"));
	/* 256 requests: 256 x 671,088,640 = 171,798,691,840 B = 160 GiB,
	 * over the card ('!') */
	ck_assert(starts_with(row(11, 80), "     256 160.0 GiB!160.0 GiB!"));
	/* 4,096 + 1,024 tokens exceed max_cache_len 4,096: no figure */
	ck_assert(strstr(row(3, 80), "error?"));
	/* the key to the marks and keys, and the selected cell (1,024
	 * tokens, 1 request): 671,088,640 B = 0.625 GiB -> 0.63 (half up),
	 * 0.671 GB -> 0.67; every line within 80 columns */
	ck_assert(screen_has("+ fits  ~ under 10% free  ! over  ? no figure   x/y: axes  Enter: plan it"));
	ck_assert(screen_has("prompt tokens=1024, active requests=1: KV 671,088,640 B (0.63 GiB, 0.67 GB)"));
}
END_TEST

START_TEST(sweep_tight)
{
	/* No weights (architecture zeroed), activations measured at 1 GiB,
	 * no overheads, on a 44 GiB card (45,056 MiB). Every request holds
	 * 4,096 slots x 163,840 B = 640 MiB (prompts of 1,024 and 2,048).
	 * 32 requests: 20,480 + 1,024 = 21,504 MiB used, 23,552 free
	 * (10 x 23,552 >= 45,056): roomy '+', KV 20.0 GiB.
	 * 64 requests: 40,960 + 1,024 = 41,984 used, 3,072 free
	 * (10 x 3,072 = 30,720 < 45,056): tight '~', KV 40.0 GiB.
	 * 128 requests: 81,920 MiB of KV alone: over '!', KV 80.0 GiB. */
	memset(&app->plan.model.arch, 0, sizeof app->plan.model.arch);
	app->plan.devices.activations_bytes = 1ull << 30;
	app->plan.devices.n_overheads = 0;
	app->plan.devices.reserve_ppm = 0;
	app->plan.devices.reserve_bytes = 0;
	app->plan.devices.groups[0].card.capacity_bytes = 44ull << 30;
	app->gen++;
	ck_assert(tui_app_recompute(app));
	tui_set_section(app, TUI_SEC_SWEEP);
	tui_render(app);
	/* rows 3.. hold 1, 2, 4, 8, 16, 32, 64, 128, 256 requests */
	ck_assert(starts_with(row(8, 80), "      32  20.0 GiB+ 20.0 GiB+"));
	ck_assert(starts_with(row(9, 80), "      64  40.0 GiB~ 40.0 GiB~"));
	ck_assert(starts_with(row(10, 80), "     128  80.0 GiB! 80.0 GiB!"));
}
END_TEST

START_TEST(layers_view)
{
	struct kvp_error err;

	/* layers 0-39/2 sliding with a 1,024 window: each holds
	 * min(4,096, 1,024) = 1,024 positions per sequence, 6 x 1,024 =
	 * 6,144 slots, x 4,096 B per position per layer (2 x 8 x 128 x 2)
	 * = 25,165,824 B; full layers 24,576 slots, 100,663,296 B. */
	ck_assert_int_eq(kvp_rule_parse("0-39/2:kind=sliding,window=1024",
	                                 &app->plan.model.rules[0], &err), KVP_OK);
	app->plan.model.n_rules = 1;
	ck_assert(tui_app_recompute(app));
	tui_set_section(app, TUI_SEC_LAYERS);
	tui_render(app);
	ck_assert(screen_has("    0 sliding     8   128   128    1024 f16/f16          6,144      25,165,824"));
	ck_assert(screen_has("    1 full        8   128   128       0 f16/f16         24,576     100,663,296"));
	ck_assert(screen_has("layers 0-"));
	/* PgDn scrolls: the first row shown moves on */
	ck_assert(tui_layers_handle(app, TUI_ACT_PAGE_DOWN));
	ck_assert_int_gt(app->scroll[TUI_SEC_LAYERS], 0);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("tui_views");
	TCase *tc = tcase_create("golden");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, teach_view);
	tcase_add_test(tc, engine_view);
	tcase_add_test(tc, sweep_view);
	tcase_add_test(tc, sweep_tight);
	tcase_add_test(tc, layers_view);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
