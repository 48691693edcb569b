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

#include "kvplan/engine.h"
#include "kvplan/layers.h"
#include "tui/app.h"
#include "tui/views/engine_view.h"
#include "tui/views/layers_view.h"
#include "tui/render.h"
#include "tui/views/sweep_view.h"
#include "tui/views/teach_view.h"

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

/* Model alone (generic, one class-0 sequence of 3,072 + 1,024 = 4,096
 * tokens), Hq = 40: divisors 40 20 10 8 5 4 2 1, largest first.
 * B/pos = 2 x 40 layers x Hkv x 128 x 2 B = 20,480 x Hkv;
 * B/sequence = x 4,096 = 83,886,080 x Hkv; vs now = Hkv / 8. */
START_TEST(teach_view)
{
	tui_set_section(app, TUI_SEC_TEACH);
	tui_render(app);
	ck_assert(starts_with(row(1, 80), "Same model, other KV-head groupings (Hq = 40; * = current;"));
	ck_assert(starts_with(row(2, 80), "       Hkv Hq/Hkv      B/pos     B/sequence  vs now  seqs fit  to scale"));
	/* MHA 40: 819,200 B/pos, 3,355,443,200 B/seq, x5; bar full */
	ck_assert(starts_with(row(3, 80), "MHA     40      1    819,200  3,355,443,200      x5"));
	/* 20: 409,600, 1,677,721,600, 20/8 = x2.5 */
	ck_assert(starts_with(row(4, 80), "GQA     20      2    409,600  1,677,721,600    x2.5"));
	/* current 8: 163,840, 671,088,640, x1 */
	ck_assert(starts_with(row(6, 80), "GQA*     8      5    163,840    671,088,640      x1"));
	/* 5: 102,400, 419,430,400, 5/8 = x0.625 */
	ck_assert(starts_with(row(7, 80), "GQA      5      8    102,400    419,430,400  x0.625"));
	/* MQA: 20,480, 83,886,080, 1/8 = x0.125 exactly */
	ck_assert(starts_with(row(10, 80), "MQA      1     40     20,480     83,886,080  x0.125"));
	/* bars to scale against MHA's 819,200 B/pos: the bar has 80 - 61 -
	 * 3 = 16 cells; MHA 16 cells, current 8/40 x 16 = 3.2 -> 3 cells
	 * (ASCII: whole cells of the KV glyph) */
	ck_assert_ptr_nonnull(strstr(row(3, 80), "[################]"));
	ck_assert_ptr_nonnull(strstr(row(6, 80), "[###             ]"));
	ck_assert(screen_has("Each generated token reads its sequence's whole KV"));
	ck_assert(screen_has("Changing Hkv changes the architecture"));
	ck_assert(!screen_has("TP "));
}
END_TEST

/* Under TP 8 on 8 cards: one rank holds Hkv / 8 heads; 40 -> 5 heads,
 * 5 x 2 x 40 x 128 x 2 = 102,400 B/pos per rank; 8 -> 1 head, 20,480;
 * 4, 2, 1 < 8 heads are replicated (r): still one whole head per rank,
 * 20,480 B/pos per rank, the same bytes per rank; 20, 10 and 5 do not
 * split over 8 ranks (refused by the plan's validation). The model-alone
 * columns are those without TP. */
START_TEST(teach_view_tp)
{
	app->plan.devices.tp = 8;
	app->plan.devices.groups[0].count = 8;
	tui_app_edited(app);
	tui_set_section(app, TUI_SEC_TEACH);
	tui_render(app);
	ck_assert(starts_with(row(2, 80), "       Hkv Hq/Hkv      B/pos h/rank B/pos/rank     B/sequence  vs now  seqs fit"));
	ck_assert(starts_with(row(3, 80), "MHA     40      1    819,200      5     102,400  3,355,443,200      x5"));
	ck_assert(starts_with(row(4, 80), "GQA     20      2    409,600 uneven           -  1,677,721,600    x2.5   refused"));
	ck_assert(starts_with(row(6, 80), "GQA*     8      5    163,840      1      20,480    671,088,640      x1"));
	ck_assert(starts_with(row(8, 80), "GQA      4     10     81,920      1r     20,480    335,544,320    x0.5"));
	ck_assert(starts_with(row(10, 80), "MQA      1     40     20,480      1r     20,480     83,886,080  x0.125"));
	ck_assert(screen_has("TP 8: Hkv below 8 is replicated (r): those rows hold the same bytes per rank."));
	ck_assert(screen_has("is not equivalent at another value; its quality must be evaluated separately."));
}
END_TEST

/* Under vLLM the pool is fixed, but the rows are the model alone: the
 * same bytes per position and per sequence as without an engine, and
 * the ratios per position (x5 for MHA, x0.125 for MQA), never the pool's
 * x1.0xx. The engine's answer is its own column. */
START_TEST(teach_view_vllm)
{
	app->plan.engine.kind = KVP_ENGINE_VLLM;
	tui_app_edited(app);
	tui_set_section(app, TUI_SEC_TEACH);
	tui_render(app);
	ck_assert(starts_with(row(3, 80), "MHA     40      1    819,200  3,355,443,200      x5"));
	ck_assert(starts_with(row(6, 80), "GQA*     8      5    163,840    671,088,640      x1"));
	ck_assert(starts_with(row(10, 80), "MQA      1     40     20,480     83,886,080  x0.125"));
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
	/* cells of 11 columns (9 for the figure, a blank, a separator):
	 * (80 - 9) / 11 = 6 columns of prompt lengths at 80 */
	ck_assert_str_eq(row(2, 80),
	                 "              1024       2048       4096       8192      16384      32768");
	ck_assert(starts_with(row(3, 80), "       1  0.6 GiB+ | 0.6 GiB+ |refused a |"));
	/* 256 requests: 256 x 671,088,640 = 171,798,691,840 B = 160 GiB,
	 * over the card ('!'), whole GiB from 100 on */
	ck_assert(starts_with(row(11, 80), "     256  160 GiB! | 160 GiB! |refused a |"));
	/* 4,096 + 1,024 tokens exceed max_cache_len 4,096: refused, with the
	 * core's reason under the grid */
	ck_assert(screen_has("refused a: strategy.max_cache_len: 4096"));
	/* the key to the marks and keys, and the selected cell (1,024
	 * tokens, 1 request): 671,088,640 B = 0.625 GiB -> 0.63 (half up),
	 * 0.671 GB -> 0.67; every line within 80 columns */
	ck_assert(screen_has("+ fits  ~ tight: <10% of a card free (pools: requests wait)  ! over  x/y Enter"));
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
	ck_assert(starts_with(row(8, 80), "      32 20.0 GiB+ |20.0 GiB+ |"));
	ck_assert(starts_with(row(9, 80), "      64 40.0 GiB~ |40.0 GiB~ |"));
	ck_assert(starts_with(row(10, 80), "     128 80.0 GiB! |80.0 GiB! |"));
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
	tcase_add_test(tc, teach_view_tp);
	tcase_add_test(tc, teach_view_vllm);
	tcase_add_test(tc, engine_view);
	tcase_add_test(tc, sweep_view);
	tcase_add_test(tc, sweep_tight);
	tcase_add_test(tc, layers_view);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
