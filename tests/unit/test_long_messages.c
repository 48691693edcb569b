/*
 * test_long_messages.c - no message is ever cut (issue 31): a warning of
 * 400 characters (80 words "w000".."w079" and a full stop, written here,
 * not by the program) reaches the JSON record, the text output and the
 * planner's panel whole; the panel wraps it into the rows it has and,
 * when they run out, ends its last row with a pointer to the help (F1),
 * which lists it whole. Before issue 31 a warning was cut at 239 bytes.
 */
#include <check.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "cli/out/out_text.h"
#include "core/internal.h"
#include "io/report/record_json.h"
#include "kvplan/compute.h"
#include "tui/views/panel.h"
#include "tui/theme.h"

static struct kvp_plan plan;
static struct kvp_result res;
static char msg[401];

/* The default plan's result with one more warning: the 400 characters. */
static void long_warning(void)
{
	int i;
	size_t n = 0;

	for (i = 0; i < 80; i++)
		n += (size_t)snprintf(msg + n, sizeof msg - n, "%sw%03d",
		                      i ? " " : "", i);
	snprintf(msg + n, sizeof msg - n, ".");
	ck_assert_uint_eq(strlen(msg), 400);
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	kvp_warn(&res, KVP_W_ASSUMPTION, "%s", msg);
	ck_assert_str_eq(res.warnings[res.n_warnings - 1].msg, msg);
}

START_TEST(json_whole)
{
	struct kvp_error err;
	char *s;

	long_warning();
	s = kvp_record_json_dump(&plan, &res, &err);
	ck_assert_ptr_nonnull(s);
	ck_assert_msg(strstr(s, msg) != NULL, "the JSON record cuts the warning");
	free(s);
}
END_TEST

START_TEST(text_whole)
{
	char *buf = NULL, want[512];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	long_warning();
	ck_assert_ptr_nonnull(f);
	kvp_out_warnings(f, &res, NULL);
	fclose(f);
	snprintf(want, sizeof want, "warning KVP-W12 assumption: %s\n", msg);
	ck_assert_msg(strstr(buf, want) != NULL, "text lacks the whole "
	              "warning: %s", buf);
	free(buf);
}
END_TEST

static SCREEN *scr;
static FILE *out, *in;

static void setup(void)
{
	setenv("TERM", "xterm", 1);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = newterm("xterm", out, in);
	ck_assert_ptr_nonnull(scr);
	resizeterm(80, 80);
}

static void teardown(void)
{
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

static const char *row(int y, int x, int n)
{
	static char buf[256];
	int len;

	mvwinnstr(stdscr, y, x, buf, n);
	buf[n] = '\0';
	len = (int)strlen(buf);
	while (len > 0 && buf[len - 1] == ' ')
		buf[--len] = '\0';
	return buf;
}

/* The panel's rows of the KVP-W12 warning, joined with blanks; the
 * panel's text column is 1 + 8 right of its left edge x. */
static void panel_text(int x, int rows, char *got, size_t n)
{
	int y = 0;
	size_t used = 0;

	while (y < rows && strncmp(row(y, x + 1, 8), "KVP-W12", 7) != 0)
		y++;
	ck_assert_msg(y < rows, "no KVP-W12 row on the panel");
	got[0] = '\0';
	for (; y < rows; y++) {
		char r[256];

		if (used && strncmp(row(y, x + 1, 4), "KVP-", 4) == 0)
			break;   /* the next warning */
		snprintf(r, sizeof r, "%s", row(y, x + 9, 70));
		if (!r[0])
			break;
		used += (size_t)snprintf(got + used, n - used, "%s%s",
		                         used ? " " : "", r);
	}
}

START_TEST(panel_wraps_whole)
{
	struct tui_theme t;
	struct tui_panel_state s = { &res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 0, 0, 80, 46 };
	char got[1024];

	long_warning();
	tui_theme_init(&t, false, false);
	erase();
	tui_panel_draw(stdscr, &r, &s, &t);
	panel_text(0, 80, got, sizeof got);
	ck_assert_str_eq(got, msg);
}
END_TEST

START_TEST(panel_points_to_help)
{
	struct tui_theme t;
	struct tui_panel_state s = { &res, false, NULL, NULL, NULL, NULL, false };
	struct tui_rect r = { 0, 0, 30, 46 };
	char got[1024];

	long_warning();
	tui_theme_init(&t, false, false);
	erase();
	tui_panel_draw(stdscr, &r, &s, &t);
	panel_text(0, 30, got, sizeof got);
	/* fewer rows than the text needs: its last row says where it is */
	ck_assert_msg(strlen(got) > 8 &&
	              strcmp(got + strlen(got) - 7, "...(F1)") == 0,
	              "cut without a pointer: %s", got);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("long_messages");
	TCase *tc = tcase_create("whole");
	TCase *tui = tcase_create("panel");

	tcase_add_test(tc, json_whole);
	tcase_add_test(tc, text_whole);
	tcase_add_checked_fixture(tui, setup, teardown);
	tcase_add_test(tui, panel_wraps_whole);
	tcase_add_test(tui, panel_points_to_help);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, tui);
	return s;
}

KVP_CHECK_MAIN(suite)
