/*
 * test_tui_panel.c - golden screens drawn headless: curses runs on
 * /dev/null at a fixed 80x24 in the C locale (ASCII glyphs), the panel,
 * bars and forms are drawn, and the screen is read back with mvwinnstr.
 * Golden text is written by hand from the expected figures (arithmetic in
 * the comments), never copied from the program's output.
 */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/field.h"
#include "kvplan/units.h"
#include "kvplan/warning.h"
#include "tui/action.h"
#include "tui/app.h"
#include "tui/views/bar_draw.h"
#include "tui/chrome.h"
#include "tui/views/form_view.h"
#include "tui/layout.h"
#include "tui/views/panel.h"
#include "tui/render.h"
#include "tui/theme.h"

#define GIB KVP_GIB

static SCREEN *scr;
static FILE *out, *in;

static void setup(void)
{
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	setenv("TERM", "xterm", 1);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	ck_assert_ptr_nonnull(out);
	scr = newterm("xterm", out, in);
	ck_assert_ptr_nonnull(scr);
	resizeterm(24, 80);
}

static void teardown(void)
{
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

/* Screen row y from column x, n columns, trailing blanks removed. */
static const char *row(WINDOW *w, int y, int x, int n)
{
	static char buf[256];
	int len;

	mvwinnstr(w, y, x, buf, n);
	buf[n] = '\0';
	len = (int)strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return buf;
}

/* A result with one device and a hand-chosen budget (GiB multiples). */
static void synthetic(struct kvp_result *r, uint64_t cap, uint64_t w,
                      uint64_t kv, uint64_t act, uint64_t ovh, uint64_t head)
{
	struct kvp_device_result *d = &r->devices[0];

	memset(r, 0, sizeof *r);
	r->n_devices = 1;
	snprintf(d->name, sizeof d->name, "TEST-80");
	d->capacity_bytes = cap;
	d->weights_bytes = w;
	d->kv_bytes = kv;
	d->activations_bytes = act;
	d->overhead_bytes = ovh;
	d->headroom_bytes = head;
	d->free_bytes = (int64_t)cap - (int64_t)(w + kv + act + ovh + head);
	d->fits = d->free_bytes >= 0;
	r->fits = d->fits;
	/* the verdict as kvp_compute would state it, in brief */
	r->verdict.state = d->fits ? KVP_VERDICT_FITS : KVP_VERDICT_NO_FIT;
	snprintf(r->verdict.brief, sizeof r->verdict.brief, "%s",
	         d->fits ? "FITS" : "DOES NOT FIT");
}

START_TEST(panel_worked_example)
{
	struct kvp_plan p;
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s;
	struct tui_rect r = { 1, 34, 21, 46 };

	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_compute(&p, res), KVP_OK);
	tui_theme_init(&t, true, false);
	memset(&s, 0, sizeof s);   /* range and pending too: none, not pending */
	s.res = res;
	s.stale = false;
	s.engine = NULL;
	s.invalid = NULL;
	s.fit = NULL;
	tui_panel_draw(stdscr, &r, &s, &t);
	/* 2 x 40 layers x 8 KV heads x 128 dims x 2 bytes = 163,840 B */
	ck_assert_str_eq(row(stdscr, 1, 34, 46), "|KV cache");
	ck_assert_str_eq(row(stdscr, 2, 34, 46), "|2 x 40 L x 8 Hkv x 128 D x 2 B");
	ck_assert_str_eq(row(stdscr, 3, 34, 46), "|  = 163,840 B per position");
	/* x (3,072 + 1,024) positions = 671,088,640 B per sequence */
	ck_assert_str_eq(row(stdscr, 4, 34, 46),
	                 "|per sequence                   671,088,640 B");
	ck_assert_str_eq(row(stdscr, 5, 34, 46), "|sequences 6 (6 active, 0 queued)");
	/* x 6 sequences = 4,026,531,840 B = 3.75 GiB (x 2^30) = 4.03 GB */
	ck_assert_str_eq(row(stdscr, 6, 34, 46),
	                 "|total                        4,026,531,840 B");
	ck_assert_str_eq(row(stdscr, 7, 34, 46),
	                 "|                           3.75 GiB  4.03 GB");
	/* static reservation of 4,096 slots for 4,096-token sequences: no waste;
	 * 6 x 4,096 = 24,576 positions */
	ck_assert_str_eq(row(stdscr, 8, 34, 46),
	                 "|stored 24,576 pos, allocated 24,576 slots");
	ck_assert_str_eq(row(stdscr, 9, 34, 46), "|waste 0 B (0.00 GiB)");
	free(res);
}
END_TEST

START_TEST(panel_stale_marker)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, true, "vllm", NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 5 * GIB, 5 * GIB);
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 1, 34, 46),
	                 "|KV cache - vllm    stale: last valid result");
	free(res);
}
END_TEST

/* An invalid entry: INVALID in the heading, the whole message wrapped at
 * blanks in the panel's 44 columns, the old figures labelled, and the
 * verdict row says INVALID, never FITS. */
START_TEST(panel_invalid_no_verdict)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	static const char msg[] = "KV heads: model.base.kv_heads: 'x' - not a "
		"number; the long tail of this message must be shown whole";
	struct tui_panel_state s = { res, true, NULL, msg, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };
	int y;
	bool fits_seen = false, invalid_seen = false;

	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 5 * GIB, 5 * GIB);
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 1, 34, 46), "|KV cache                            INVALID");
	/* 44 columns: the first line breaks after "a" (col 43) */
	ck_assert_str_eq(row(stdscr, 2, 34, 46), "|KV heads: model.base.kv_heads: 'x' - not a");
	ck_assert_str_eq(row(stdscr, 3, 34, 46), "|number; the long tail of this message must");
	ck_assert_str_eq(row(stdscr, 4, 34, 46), "|be shown whole");
	ck_assert_str_eq(row(stdscr, 5, 34, 46), "|last valid figures, not this entry:");
	for (y = 1; y < 22; y++) {
		const char *l = row(stdscr, y, 34, 46);

		fits_seen |= strstr(l, "FITS") != NULL;
		invalid_seen |= y > 5 && strstr(l, "INVALID") != NULL;
	}
	ck_assert(!fits_seen);
	ck_assert(invalid_seen);
	free(res);
}
END_TEST

/* Issue 14: encoder and LoRA are segments of their own. 80 GiB card:
 * weights 20, KV 40, activations 10, encoder 5, LoRA 5 = 80 GiB. Bar of
 * 22 cells as in bar_fits_ascii: 5.5, 11, 2.75, 1.375, 1.375 -> 6, 11,
 * 3, 1, 1 (largest remainders .75 and .5). The legend gets their rows. */
START_TEST(bar_encoder_lora_ascii)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 0, 0);
	res->devices[0].encoder_bytes = 5 * GIB;
	res->devices[0].lora_bytes = 5 * GIB;
	res->devices[0].free_bytes = 0;
	res->kv.uniform = false;
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 11, 34, 46),
	                 "|d0  [||||||###########***%~]   free 0.00 GiB");
	ck_assert_str_eq(row(stdscr, 16, 34, 46),
	                 "|% encodr         5,368,709,120   5.00   5.37");
	ck_assert_str_eq(row(stdscr, 17, 34, 46),
	                 "|~ LoRA           5,368,709,120   5.00   5.37");
	free(res);
}
END_TEST

/* Retained outputs (devices.retained_logits) are a segment of the TUI's
 * bar as of the CLI's, with the CLI's glyph '+', so the parts add up to
 * the card's use in both. 80 GiB card: weights 20, KV 40, activations
 * 10, retained 10 = 80 GiB; 22 cells: 5.5, 11, 2.75, 2.75 -> floors
 * 5, 11, 2, 2 = 20, the two left to the largest remainders (.75, .75):
 * 5, 11, 3, 3. The legend gets a "retain" row (10 GiB = 10.74 GB). */
START_TEST(bar_retained_ascii)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 0, 0);
	res->devices[0].retained_bytes = 10 * GIB;
	res->devices[0].free_bytes = 0;
	res->kv.uniform = false;
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 11, 34, 46),
	                 "|d0  [|||||###########***+++]   free 0.00 GiB");
	ck_assert_str_eq(row(stdscr, 16, 34, 46),
	                 "|+ retain        10,737,418,240  10.00  10.74");
	free(res);
}
END_TEST

/* Issue 14: the draft model is a segment of its own. 80 GiB card:
 * weights 20, KV 40, activations 10, draft 10 = 80 GiB. Bar of 22 cells:
 * 5.5, 11, 2.75, 2.75 -> 5, 11, 2, 2 and the two cells left to the
 * largest remainders (.75, .75): 5, 11, 3, 3. No encoder or LoRA row,
 * so the draft's row follows the activations'. */
START_TEST(bar_draft_ascii)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 0, 0);
	res->devices[0].draft_bytes = 10 * GIB;
	res->devices[0].free_bytes = 0;
	res->kv.uniform = false;
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 11, 34, 46),
	                 "|d0  [|||||###########***&&&]   free 0.00 GiB");
	ck_assert_str_eq(row(stdscr, 16, 34, 46),
	                 "|& draft         10,737,418,240  10.00  10.74");
	free(res);
}
END_TEST

START_TEST(bar_fits_ascii)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	/* 80 GiB card: weights 20, KV 40, activations 10, overhead 5,
	 * headroom 5 = 80 GiB, full. Bar of 44 - 4 - 16 - 2 = 22 cells:
	 * 20/80 x 22 = 5.5, 11, 2.75, 1.375, 1.375 -> floors 5,11,2,1,1 = 20;
	 * the two cells left go to the largest remainders (.75 activations,
	 * .5 weights): 6, 11, 3, 1, 1. */
	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 10 * GIB, 5 * GIB, 5 * GIB);
	res->kv.uniform = false;
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	/* rows 2..9 hold the KV block (zeros here); devices from row 10 */
	ck_assert_str_eq(row(stdscr, 10, 34, 46),
	                 "|Devices: 1                              FITS");
	ck_assert_str_eq(row(stdscr, 11, 34, 46),
	                 "|d0  [||||||###########***@:]   free 0.00 GiB");
	/* The legend's figures are numbers under a units header, each column
	 * as wide as its widest entry (bytes 14: "85,899,345,920"; GiB 5:
	 * "80.00"; GB 5: "85.90"), two blanks apart: 14 + 2 + 5 + 2 + 5 = 28
	 * columns, right-aligned in the 35 after the 9 of glyph and label,
	 * so 7 blanks first. */
	ck_assert_str_eq(row(stdscr, 12, 34, 46),
	                 "|d0 TEST-80               bytes    GiB     GB");
	/* 20 GiB = 21,474,836,480 B = 20.00 GiB = 21.47 GB */
	ck_assert_str_eq(row(stdscr, 13, 34, 46),
	                 "|| weights       21,474,836,480  20.00  21.47");
	/* 40 GiB = 42,949,672,960 B = 42.95 GB */
	ck_assert_str_eq(row(stdscr, 14, 34, 46),
	                 "|# KV            42,949,672,960  40.00  42.95");
	/* 10 GiB = 10,737,418,240 B = 10.74 GB */
	ck_assert_str_eq(row(stdscr, 15, 34, 46),
	                 "|* activ.        10,737,418,240  10.00  10.74");
	/* 5 GiB = 5,368,709,120 B = 5.37 GB */
	ck_assert_str_eq(row(stdscr, 16, 34, 46),
	                 "|@ overhd         5,368,709,120   5.00   5.37");
	ck_assert_str_eq(row(stdscr, 17, 34, 46),
	                 "|: reserv         5,368,709,120   5.00   5.37");
	/* 80 GiB = 85,899,345,920 B = 85.90 GB */
	ck_assert_str_eq(row(stdscr, 18, 34, 46),
	                 "|  cap.          85,899,345,920  80.00  85.90");
	free(res);
}
END_TEST

START_TEST(legend_wide_figures)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 1, 34, 21, 46 };

	/* weights 140 GiB on an 80 GiB card (Llama-3.1-70B in bf16 on one
	 * H100): 140 x 2^30 = 150,323,855,360 B (15 characters) = 140.00
	 * GiB (6) = 150.32 GB (6). Columns 15 + 2 + 6 + 2 + 6 = 31 <= 35:
	 * all three kept, every row aligned, 4 blanks first (the header:
	 * 3 blanks after "TEST-80" to column 47, then "bytes" right-aligned
	 * in 15 = 10 more). KV 7.5 GiB =
	 * 8,053,063,680 B = 8.05 GB. */
	synthetic(res, 80 * GIB, 140 * GIB, 7 * GIB + GIB / 2, 0, 0, 0);
	res->kv.uniform = false;
	tui_theme_init(&t, true, false);
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 12, 34, 46),
	                 "|d0 TEST-80             bytes     GiB      GB");
	/* a longer card name is not blanked by the header's padding:
	 * "d0 H100-80GB-SXM" takes columns 35-50, "bytes" starts at 48 + 10
	 * = 58, 7 blanks between */
	snprintf(res->devices[0].name, sizeof res->devices[0].name, "H100-80GB-SXM");
	tui_panel_draw(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 12, 34, 46),
	                 "|d0 H100-80GB-SXM       bytes     GiB      GB");
	ck_assert_str_eq(row(stdscr, 13, 34, 46),
	                 "|| weights    150,323,855,360  140.00  150.32");
	ck_assert_str_eq(row(stdscr, 14, 34, 46),
	                 "|# KV           8,053,063,680    7.50    8.05");
	/* 80 GiB = 85,899,345,920 B = 85.90 GB */
	ck_assert_str_eq(row(stdscr, 18, 34, 46),
	                 "|  cap.        85,899,345,920   80.00   85.90");
	free(res);
}
END_TEST

START_TEST(compact_hidden_devices)
{
	struct kvp_result *res = calloc(1, sizeof *res);
	struct tui_theme t;
	struct tui_panel_state s = { res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 18, 0, 5, 80 };
	char want[120];
	uint32_t i;

	/* 5 rows: rule + heading, KV total, formula, one bar, verdict: of 4
	 * devices 1 bar is drawn, so the verdict says 3 are hidden */
	synthetic(res, 80 * GIB, 20 * GIB, 40 * GIB, 0, 0, 0);
	res->kv.uniform = false;
	res->n_devices = 4;
	for (i = 1; i < 4; i++)
		res->devices[i] = res->devices[0];
	tui_theme_init(&t, true, false);
	tui_panel_draw_compact(stdscr, &r, &s, &t);
	ck_assert_str_eq(row(stdscr, 22, 0, 80), " FITS (+3 devices)");
	/* a long warning is cut at a blank with "..." */
	res->n_warnings = 1;
	snprintf(res->warnings[0].msg, sizeof res->warnings[0].msg, "%s",
	         "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll "
	         "mmmm nnnn oooo pppp qqqq");
	tui_panel_draw_compact(stdscr, &r, &s, &t);
	/* The verdict " FITS (+3 devices) " takes columns 0-18, a blank
	 * follows, the warning gets 78 - 19 = 59 columns from column 20:
	 * "warnings 1 (F1): " (17, F1 lists them whole) + the 7-character
	 * id + " " = 25, then the words of 4 letters + a blank, word k at
	 * 25 + 5k. Cut at the last blank at or before 59 - 3 = 56:
	 * 25 + 5k + 4 <= 56 -> k = 5, so the text ends with "ffff" and
	 * "...". */
	ck_assert_uint_eq(strlen(kvp_warn_id(res->warnings[0].code)), 7);
	snprintf(want, sizeof want, " FITS (+3 devices)  warnings 1 (F1): %s "
	         "aaaa bbbb cccc dddd eeee ffff...",
	         kvp_warn_id(res->warnings[0].code));
	ck_assert_str_eq(row(stdscr, 22, 0, 80), want);
	free(res);
}
END_TEST

START_TEST(bar_overflow_past_mark)
{
	struct kvp_bar bar;
	struct tui_theme t;
	uint64_t v[TUI_SEG_COUNT] = { [TUI_SEG_WEIGHTS] = 20 * GIB, [TUI_SEG_KV] = 40 * GIB, [TUI_SEG_ACT] = 10 * GIB, [TUI_SEG_OVERHEAD] = 5 * GIB, [TUI_SEG_HEADROOM] = 5 * GIB };

	/* 80 GiB on a 60 GiB card, 22 cells: one is the mark, 21 left;
	 * capacity takes round(60/80 x 21) = round(15.75) = 16 cells, the
	 * overflow 5. Up to the capacity: weights 20 and KV 40 of 60 GiB in
	 * 16 cells = 5.33 and 10.67 -> 5 and 11. Past it: activations 10,
	 * overhead 5, headroom 5 of 20 GiB in 5 cells = 2.5, 1.25, 1.25 ->
	 * 3, 1, 1, drawn as '!' after the ']' mark. */
	kvp_bar_layout(v, TUI_SEG_COUNT, 60 * GIB, 22, &bar);
	tui_theme_init(&t, true, false);
	werase(stdscr);
	tui_bar_draw(stdscr, 3, 0, &bar, 22, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[|||||###########]!!!!!");
}
END_TEST

START_TEST(bar_shrinks_in_place)
{
	struct kvp_bar bar;
	struct tui_theme t;
	uint64_t lng[TUI_SEG_COUNT] = { [TUI_SEG_WEIGHTS] = 40 * GIB, [TUI_SEG_KV] = 36 * GIB, [TUI_SEG_ACT] = 0, [TUI_SEG_OVERHEAD] = 0, [TUI_SEG_HEADROOM] = 0 };
	uint64_t shrt[TUI_SEG_COUNT] = { [TUI_SEG_WEIGHTS] = 8 * GIB, [TUI_SEG_KV] = 4 * GIB, [TUI_SEG_ACT] = 0, [TUI_SEG_OVERHEAD] = 0, [TUI_SEG_HEADROOM] = 0 };
	uint64_t full[TUI_SEG_COUNT] = { [TUI_SEG_WEIGHTS] = 80 * GIB, [TUI_SEG_KV] = 0, [TUI_SEG_ACT] = 0, [TUI_SEG_OVERHEAD] = 0, [TUI_SEG_HEADROOM] = 0 };
	uint64_t over[TUI_SEG_COUNT] = { [TUI_SEG_WEIGHTS] = 20 * GIB, [TUI_SEG_KV] = 40 * GIB, [TUI_SEG_ACT] = 10 * GIB, [TUI_SEG_OVERHEAD] = 5 * GIB, [TUI_SEG_HEADROOM] = 5 * GIB };

	/* ASCII, no colour (whole cells), one row repainted in place with
	 * no erase in between. 80 GiB card, 20 cells:
	 * long: 76 of 80 GiB -> round(76/80 x 20) = 19 cells: weights
	 * 40/80 x 20 = 10, KV 36/80 x 20 = 9; one free cell, ']' at 21. */
	tui_theme_init(&t, true, false);
	werase(stdscr);
	kvp_bar_layout(lng, TUI_SEG_COUNT, 80 * GIB, 20, &bar);
	tui_bar_draw(stdscr, 3, 0, &bar, 20, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[||||||||||######### ]");
	/* short: 12 of 80 GiB -> round(3) = 3 cells: weights 8/80 x 20 = 2,
	 * KV 4/80 x 20 = 1; the other 17 cells are blank again, not the
	 * long bar's glyphs. */
	kvp_bar_layout(shrt, TUI_SEG_COUNT, 80 * GIB, 20, &bar);
	tui_bar_draw(stdscr, 3, 0, &bar, 20, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[||#                 ]");
	/* A full bar of 22 cells ends with ']' at column 23; the over bar
	 * of bar_overflow_past_mark (16 cells, mark, 5 overflow = 22
	 * columns after '[') then leaves column 23 blank. */
	kvp_bar_layout(full, TUI_SEG_COUNT, 80 * GIB, 22, &bar);
	tui_bar_draw(stdscr, 3, 0, &bar, 22, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[||||||||||||||||||||||]");
	kvp_bar_layout(over, TUI_SEG_COUNT, 60 * GIB, 22, &bar);
	tui_bar_draw(stdscr, 3, 0, &bar, 22, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[|||||###########]!!!!!");
	/* and back to the short one at 22 cells: 12/80 x 22 = 3.3 -> 3
	 * cells (weights 2.2 -> 2, KV 1.1 -> 1), 19 blanks, ']' at 23 */
	kvp_bar_layout(shrt, TUI_SEG_COUNT, 80 * GIB, 22, &bar);
	tui_bar_draw(stdscr, 3, 0, &bar, 22, &t);
	ck_assert_str_eq(row(stdscr, 3, 0, 40), "[||#                   ]");
}
END_TEST

START_TEST(formula_k_v_differ)
{
	struct kvp_kv_result kv;
	char buf[160];

	/* 61 layers, 1 head, K 576 f16 vs V 512 fp8: the split form */
	memset(&kv, 0, sizeof kv);
	kv.uniform = true;
	kv.layers_with_kv = 61;
	kv.kv_heads = 1;
	kv.k_dim = 576;
	kv.v_dim = 512;
	kv.k_fmt = kvp_format_plain(KVP_DT_F16);
	kv.v_fmt = kvp_format_plain(KVP_DT_FP8);
	tui_formula(&kv, false, buf, sizeof buf);
	ck_assert_str_eq(buf, "61 L x 1 Hkv x (576 x 2 B + 512 x 1 B)");
	/* q8_0: 34 bytes per 32 values */
	kv.k_dim = kv.v_dim = 128;
	kv.k_fmt = kv.v_fmt = kvp_format_plain(KVP_DT_Q8_0);
	tui_formula(&kv, false, buf, sizeof buf);
	ck_assert_str_eq(buf, "2 x 61 L x 1 Hkv x 128 D x 34/32 B");
}
END_TEST

START_TEST(layout_80x24)
{
	struct tui_layout l;

	tui_layout_compute(24, 80, false, &l);
	ck_assert(!l.too_small);
	/* form 80 x 2/5 = 32 < 34 -> 34 columns; panel the other 46 */
	ck_assert_int_eq(l.view.w, 34);
	ck_assert_int_eq(l.panel.x, 34);
	ck_assert_int_eq(l.panel.w, 46);
	/* rows: title 0, body 1..21, message 22, footer 23 */
	ck_assert_int_eq(l.view.h, 21);
	ck_assert_int_eq(l.msg.y, 22);
	ck_assert_int_eq(l.footer.y, 23);
	tui_layout_compute(20, 60, false, &l);
	ck_assert(l.too_small);
	tui_layout_compute(24, 80, true, &l);
	ck_assert_int_eq(l.panel.h, TUI_COMPACT_PANEL_ROWS);
	ck_assert_int_eq(l.view.h + l.panel.h, 21);
}
END_TEST

START_TEST(actions_table)
{
	size_t n, i, j;
	const struct kvp_action *a = kvp_tui_actions(&n);

	ck_assert_uint_eq(n, TUI_ACT_COUNT - 1);
	for (i = 0; i < n; i++) {
		ck_assert_ptr_nonnull(a[i].name);
		ck_assert_ptr_nonnull(a[i].keys);
		ck_assert_ptr_nonnull(a[i].help);
		for (j = 0; j < i; j++)
			ck_assert_str_ne(a[i].name, a[j].name);
	}
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_GLOBAL, KEY_F(10)), TUI_ACT_QUIT);
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_GLOBAL, 19), TUI_ACT_SAVE);
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_FORM, '\t'), TUI_ACT_NEXT_FIELD);
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_FORM, 'q'), TUI_ACT_NONE);
	/* every section has a global key and a footer label */
	for (i = TUI_ACT_SEC_PLAN; i <= TUI_ACT_SEC_SWEEP; i++)
		ck_assert_ptr_nonnull(a[i - 1].footer);
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_GLOBAL, KEY_F(11)), TUI_ACT_SEC_SWEEP);
	ck_assert_int_eq(tui_action_for_key(TUI_CTX_GLOBAL, KEY_F(12)), TUI_ACT_SEC_ENGINES);
}
END_TEST

START_TEST(footer_fits)
{
	bool shown[TUI_ACT_COUNT];
	size_t i;

	/* 120 columns, by rank: Help 7, Quit 8, then Save, Open, Export,
	 * Deploy (rank 3: 7+7+9+9), ^GPlan 7, the sections 8+7+9+8+6+11+9,
	 * ^NNext 7 = 119; ^RPreset (9) would end at 128 - 1 > 120 */
	ck_assert_int_eq(tui_chrome_footer_pick(120, shown, TUI_ACT_COUNT), 119);
	for (i = 0; i < TUI_ACT_COUNT - 1; i++)
		ck_assert_uint_eq(shown[i], kvp_tui_actions(NULL)[i].footer != NULL &&
		                  i != TUI_ACT_PICK_PRESET - 1);
	/* 80 columns (issue 31): Help, Quit, Save, Open, Export, Deploy =
	 * 47, Plan 7, Model 8, Work 7, Layers 9 = 78; Cards (8) would end
	 * at 85 > 80, and so would every later item */
	ck_assert_int_eq(tui_chrome_footer_pick(80, shown, TUI_ACT_COUNT), 78);
	ck_assert(shown[TUI_ACT_SAVE - 1]);
	ck_assert(shown[TUI_ACT_OPEN - 1]);
	ck_assert(shown[TUI_ACT_EXPORT - 1]);
	ck_assert(shown[TUI_ACT_SEC_DEPLOY - 1]);
	ck_assert(!shown[TUI_ACT_SEC_SWEEP - 1]);
	ck_assert(shown[TUI_ACT_QUIT - 1]);
	/* 20 columns: Help (7) + Quit (8) = 15, Save (7) would end at 22 - 1
	 * = 21 > 20, and so would Open, Export and Deploy; GQA (6) fits:
	 * 21 - 1 = 20 */
	ck_assert_int_eq(tui_chrome_footer_pick(20, shown, TUI_ACT_COUNT), 21);
	ck_assert(shown[TUI_ACT_HELP - 1]);
	ck_assert(shown[TUI_ACT_QUIT - 1]);
	ck_assert(!shown[TUI_ACT_SAVE - 1]);
	ck_assert(shown[TUI_ACT_SEC_TEACH - 1]);
}
END_TEST

/* The Model form of the default plan, edited through the form driver. */
START_TEST(form_edit_and_invalid)
{
	struct kvp_plan p;
	struct tui_app *a;

	kvp_plan_default(&p);
	a = tui_app_new(&p);
	ck_assert_ptr_nonnull(a);
	tui_theme_init(&a->theme, true, false);
	ck_assert(tui_app_recompute(a));
	tui_set_section(a, TUI_SEC_MODEL);
	ck_assert_ptr_nonnull(a->form);
	tui_render(a);
	/* label column as wide as the Model form's longest label, "KV format
	 * defaulted" (19), value from column 20 */
	ck_assert_str_eq(row(curscr, 10, 0, 34), "KV heads            8");
	ck_assert(tui_form_goto(a->form, "model.base.kv_heads", 0));
	tui_form_handle(a->form, a, TUI_ACT_NONE, '4');
	tui_form_handle(a->form, a, TUI_ACT_NONE, '0');
	tui_form_handle(a->form, a, TUI_ACT_APPLY, '\r');
	/* 2 x 40 x 40 x 128 x 2 = 819,200 B/pos; x 24,576 = 20,132,659,200 */
	ck_assert_uint_eq(a->plan.model.base.kv_heads, 40);
	ck_assert_uint_eq(a->res->kv.bytes, 20132659200ull);
	ck_assert(a->dirty);
	ck_assert(!a->stale);
	/* Enter applied and moved on to the next field */
	ck_assert_str_eq(tui_form_current(a->form, NULL)->key, "model.base.k_dim");
	/* invalid text: refused, message names the label and the field,
	 * result kept stale, the panel says INVALID */
	ck_assert(tui_form_goto(a->form, "model.base.kv_heads", 0));
	tui_form_handle(a->form, a, TUI_ACT_NONE, 'x');
	tui_form_handle(a->form, a, TUI_ACT_APPLY, '\r');
	ck_assert_uint_eq(a->plan.model.base.kv_heads, 40);
	ck_assert(a->stale);
	ck_assert(tui_form_invalid(a->form));
	ck_assert_int_eq(a->msg_kind, TUI_MSG_ERROR);
	ck_assert_ptr_nonnull(strstr(a->msg, "KV heads: model.base.kv_heads"));
	ck_assert(a->invalid);
	ck_assert_uint_eq(a->res->kv.bytes, 20132659200ull);
	tui_render(a);
	ck_assert_str_eq(row(curscr, 10, 0, 34), "KV heads            x");
	/* Esc restores the plan's value and clears the stale mark */
	tui_form_handle(a->form, a, TUI_ACT_CANCEL, 27);
	ck_assert(!a->stale);
	tui_render(a);
	ck_assert_str_eq(row(curscr, 10, 0, 34), "KV heads            40");
	tui_app_free(a);
}
END_TEST

/* The Plan page's one KV format entry: type-ahead "f" takes fp8 after
 * f16 for K and V alike; under vLLM it sets --kv-cache-dtype ("f" gives
 * f32 after auto, "fp" fp8), the model's formats untouched. Enter moves
 * on to the next field. */
START_TEST(plan_page_kv_format)
{
	struct kvp_plan p;
	struct tui_app *a;
	const struct kvp_field *f;

	kvp_plan_default(&p);
	a = tui_app_new(&p);
	ck_assert_ptr_nonnull(a);
	tui_theme_init(&a->theme, true, false);
	ck_assert(tui_app_recompute(a));
	tui_resize(a);
	ck_assert_int_eq(a->sec, TUI_SEC_PLAN);
	ck_assert(tui_form_goto(a->form, "model.base.k_dtype", 0));
	tui_form_handle(a->form, a, TUI_ACT_NONE, 'f');
	ck_assert_int_eq(a->plan.model.base.k_fmt.dtype, KVP_DT_FP8);
	ck_assert_int_eq(a->plan.model.base.v_fmt.dtype, KVP_DT_FP8);
	/* 2 x 40 x 8 x 128 x 1 B = 81,920 B per position */
	ck_assert_uint_eq(a->res->kv.bytes_per_position, 81920);
	tui_form_handle(a->form, a, TUI_ACT_APPLY, '\r');
	f = tui_form_current(a->form, NULL);
	ck_assert_str_eq(f->key, "devices.groups[i].count");
	/* under vLLM */
	ck_assert(tui_form_goto(a->form, "engine.kind", 0));
	ck_assert_int_eq(kvp_field_set(&a->plan, kvp_field_by_key("engine.kind"), 0,
	                               "vllm", NULL), KVP_OK);
	tui_app_edited(a);
	tui_resize(a);
	ck_assert(tui_form_goto(a->form, "model.base.k_dtype", 0));
	tui_form_handle(a->form, a, TUI_ACT_NONE, 'f');
	ck_assert(!a->plan.engine.vllm.kv_cache_dtype_auto);
	ck_assert_int_eq(a->plan.engine.vllm.kv_cache_dtype, KVP_DT_F32);
	tui_form_handle(a->form, a, TUI_ACT_NONE, 'p');
	ck_assert_int_eq(a->plan.engine.vllm.kv_cache_dtype, KVP_DT_FP8);
	ck_assert_int_eq(a->plan.model.base.k_fmt.dtype, KVP_DT_FP8);
	tui_app_free(a);
}
END_TEST

/* Down from the last field of a page goes on to the next page (libform
 * alone would wrap to the first field of the same page). */
START_TEST(form_pages)
{
	struct kvp_plan p;
	struct tui_app *a;
	const struct kvp_field *f;
	size_t idx;

	kvp_plan_default(&p);
	a = tui_app_new(&p);
	ck_assert_ptr_nonnull(a);
	tui_theme_init(&a->theme, true, false);
	ck_assert(tui_app_recompute(a));
	tui_set_section(a, TUI_SEC_MODEL);
	/* Model form: 20 rows of fields per page at 80x24 (21 rows minus the
	 * help line); the 20th field is model.mla.qk_nope_head_dim, the 21st
	 * model.mla.v_head_dim opens page 2 */
	ck_assert(tui_form_goto(a->form, "model.mla.qk_nope_head_dim", 0));
	tui_form_handle(a->form, a, TUI_ACT_DOWN, KEY_DOWN);
	f = tui_form_current(a->form, &idx);
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->key, "model.mla.v_head_dim");
	tui_form_handle(a->form, a, TUI_ACT_UP, KEY_UP);
	f = tui_form_current(a->form, &idx);
	ck_assert_str_eq(f->key, "model.mla.qk_nope_head_dim");
	ck_assert(!a->dirty);
	tui_app_free(a);
}
END_TEST

/* Title tabs, footer (generated from the action table: every action with
 * a footer label, first key + label) and the minimum-size screen. */
START_TEST(chrome_and_too_small)
{
	struct kvp_plan p;
	struct tui_app *a;

	kvp_plan_default(&p);
	a = tui_app_new(&p);
	ck_assert_ptr_nonnull(a);
	tui_theme_init(&a->theme, true, false);
	ck_assert(tui_app_recompute(a));
	tui_resize(a);
	tui_render(a);
	ck_assert_str_eq(row(curscr, 0, 0, 80),
	                 "kvplan  Plan   Model   Work   Layers   Cards   GQA   Engines   Sweep  (unsaved)");
	/* The footer by rank while whole items fit 80 columns (each item is
	 * key + label + 1 blank, the last blank may fall off the edge):
	 * Help 7, Quit 8, Save 7, Open 7, Export 9, Deploy 9 (issue 31: the
	 * file actions and the Deploy view first), Plan 7, Model 8, Work 7,
	 * Layers 9 = 78; Cards (8) and later no longer fit (the tab bar names
	 * those views; F1 lists their keys). Drawn in table order, no word
	 * cut. */
	ck_assert_str_eq(row(curscr, 23, 0, 80),
	                 "F1Help F2Save F3Open F4Export ^GPlan F5Model F6Work F7Layers F10Quit ^DDeploy");
	/* below 80x24 the planner says so instead of drawing */
	resizeterm(20, 60);
	tui_resize(a);
	ck_assert(a->lay.too_small);
	tui_render(a);
	ck_assert_str_eq(row(curscr, 9, 0, 60), "Terminal too small: 60x20");
	ck_assert_str_eq(row(curscr, 10, 0, 60), "kvplan needs 80x24.");
	resizeterm(24, 80);
	tui_resize(a);
	ck_assert(!a->lay.too_small);
	tui_app_free(a);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("tui_panel");
	TCase *tc = tcase_create("golden");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, panel_worked_example);
	tcase_add_test(tc, panel_stale_marker);
	tcase_add_test(tc, panel_invalid_no_verdict);
	tcase_add_test(tc, bar_fits_ascii);
	tcase_add_test(tc, bar_encoder_lora_ascii);
	tcase_add_test(tc, bar_retained_ascii);
	tcase_add_test(tc, bar_draft_ascii);
	tcase_add_test(tc, legend_wide_figures);
	tcase_add_test(tc, compact_hidden_devices);
	tcase_add_test(tc, bar_overflow_past_mark);
	tcase_add_test(tc, bar_shrinks_in_place);
	tcase_add_test(tc, formula_k_v_differ);
	tcase_add_test(tc, layout_80x24);
	tcase_add_test(tc, actions_table);
	tcase_add_test(tc, footer_fits);
	tcase_add_test(tc, form_edit_and_invalid);
	tcase_add_test(tc, form_pages);
	tcase_add_test(tc, plan_page_kv_format);
	tcase_add_test(tc, chrome_and_too_small);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
