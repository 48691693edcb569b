/*
 * chrome.c - title/tabs, message line and footer (see chrome.h). The tab
 * geometry is computed in one place (tab_x) for drawing and for clicks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/chrome.h"
#include "tui/views/form_view.h"
#include "tui/views/views.h"
#include "tui/text.h"

/* Tabs shown at this width: the Deploy tab (the last) only from 100
 * columns, so that at 80 the file name keeps its place; Ctrl-D opens the
 * view at any width. */
static int tabs_shown(const struct tui_app *a)
{
	return a->lay.cols >= 100 ? (int)TUI_SEC_COUNT : (int)TUI_SEC_DEPLOY;
}

/* Column of tab s on the title line, and its width; tabs sit at the right
 * of "kvplan " and read " F5 Model ". */
static int tab_x(enum tui_section s, int *width)
{
	int x = 7, i;

	for (i = 0; i < (int)TUI_SEC_COUNT; i++) {
		int wd = (int)strlen(tui_section_name((enum tui_section)i)) + 2;

		if (i == (int)s) {
			*width = wd;
			return x;
		}
		x += wd + 1;
	}
	*width = 0;
	return x;
}

void tui_chrome_title(WINDOW *w, const struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	const char *file = a->path[0] ? strrchr(a->path, '/') : NULL;
	char label[sizeof a->path + 8];
	int i, x = 0, wd, end;

	tui_blank(w, 0, 0, a->lay.cols, t->attr[TUI_R_TITLE]);
	tui_put(w, 0, 0, 7, t->attr[TUI_R_TITLE], "kvplan ");
	for (i = 0; i < tabs_shown(a); i++) {
		x = tab_x((enum tui_section)i, &wd);
		tui_put(w, 0, x, wd, t->attr[i == (int)a->sec ? TUI_R_TAB_ACTIVE : TUI_R_TAB],
		        " %s ", tui_section_name((enum tui_section)i));
	}
	end = x + wd + 1;
	file = file ? file + 1 : a->path[0] ? a->path : "(unsaved)";
	snprintf(label, sizeof label, "%s%s ", file, a->dirty ? " [+]" : "");
	if ((int)strlen(label) > a->lay.cols - end)   /* no room: the mark only */
		snprintf(label, sizeof label, "%s", a->dirty ? "[+] " : "");
	tui_put_right(w, 0, end, a->lay.cols - end, t->attr[TUI_R_TITLE], "%s", label);
}

/* Byte offset of the character after the first `chars` characters. */
static size_t byte_offset(const char *s, int chars)
{
	mbstate_t st;
	size_t off = 0;
	int i;

	memset(&st, 0, sizeof st);
	for (i = 0; i < chars && s[off]; i++) {
		size_t k = mbrlen(s + off, MB_CUR_MAX, &st);

		if (k == (size_t)-1 || k == (size_t)-2 || k == 0)
			k = 1;
		off += k;
	}
	return off;
}

/* No message: the help of the field under the cursor, cut at a blank
 * with "..." when longer than the line. */
static void put_field_help(WINDOW *w, int y, int cols, const struct tui_app *a)
{
	tui_put_cut(w, y, 0, cols, a->theme.attr[TUI_R_DIM],
	            a->form ? tui_form_help(a->form) : "");
}

void tui_chrome_message(WINDOW *w, const struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	int y = a->lay.msg.y;

	attr_t at = t->attr[a->msg_kind == TUI_MSG_ERROR ? TUI_R_ERROR : TUI_R_HEADING];
	int cols = a->lay.cols, shown;

	tui_blank(w, y, 0, cols, t->attr[TUI_R_NORMAL]);
	if (a->msg_kind == TUI_MSG_NONE || !a->msg[0]) {
		put_field_help(w, y, cols, a);
		return;
	}
	shown = tui_put(w, y, 0, cols, at, "%s", a->msg);
	/* A long message goes on over the footer line rather than being cut
	 * (call after tui_chrome_footer). */
	if (shown == cols && (int)mbstowcs(NULL, a->msg, 0) > cols) {
		const char *rest = a->msg + byte_offset(a->msg, cols);

		tui_blank(w, a->lay.footer.y, 0, cols, at);
		if ((int)mbstowcs(NULL, rest, 0) <= cols)
			tui_put(w, a->lay.footer.y, 0, cols, at, "%s", rest);
		else   /* longer than two lines: F1 shows it whole */
			tui_put_right(w, a->lay.footer.y, 0, cols, at, "... (F1: the whole message)");
		if ((int)mbstowcs(NULL, rest, 0) > cols)
			tui_put(w, a->lay.footer.y, 0, cols - 28, at, "%s", rest);
	}
}

/* The footer's key for an action: the first key of its label, with
 * "Ctrl-" written "^" ("F2, Ctrl-S" -> "F2"; "Ctrl-R" -> "^R"). */
static void footer_key(const struct kvp_action *act, char *key, size_t n)
{
	const char *k = act->keys;
	size_t i = 0;

	if (!strncmp(k, "Ctrl-", 5)) {
		key[i++] = '^';
		k += 5;
	}
	for (; *k && *k != ',' && i < n - 1; k++)
		key[i++] = *k;
	key[i] = '\0';
}

/* Columns of a footer item: key, label, one blank after. */
static int footer_width(const struct kvp_action *act)
{
	char key[16];

	footer_key(act, key, sizeof key);
	return (int)(strlen(key) + strlen(act->footer)) + 1;
}

int tui_chrome_footer_pick(int cols, bool *shown, size_t n)
{
	const struct kvp_action *acts;
	size_t m, i;
	int used = 0, rank, max_rank = 0;

	acts = kvp_tui_actions(&m);
	for (i = 0; i < n; i++)
		shown[i] = false;
	for (i = 0; i < m && i < n; i++)
		if (acts[i].footer && acts[i].footer_rank > max_rank)
			max_rank = acts[i].footer_rank;
	/* By rank: an item goes in whole when it fits (the last blank may
	 * fall off the edge), else it is left out; never cut mid-word. */
	for (rank = 1; rank <= max_rank; rank++)
		for (i = 0; i < m && i < n; i++) {
			int wd;

			if (!acts[i].footer || acts[i].footer_rank != rank)
				continue;
			wd = footer_width(&acts[i]);
			if (used + wd - 1 <= cols) {
				shown[i] = true;
				used += wd;
			}
		}
	return used;
}

void tui_chrome_footer(WINDOW *w, const struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	const struct kvp_action *acts;
	bool shown[TUI_ACT_COUNT];
	size_t n, i;
	int x = 0, y = a->lay.footer.y, cols = a->lay.cols;

	tui_blank(w, y, 0, cols, t->attr[TUI_R_FOOT_TEXT]);
	acts = kvp_tui_actions(&n);
	tui_chrome_footer_pick(cols, shown, TUI_ACT_COUNT);
	for (i = 0; i < n && i < TUI_ACT_COUNT && x < cols; i++) {
		char key[16];

		if (!shown[i])
			continue;
		footer_key(&acts[i], key, sizeof key);
		x += tui_put(w, y, x, cols - x, t->attr[TUI_R_FOOT_KEY], "%s", key);
		x += tui_put(w, y, x, cols - x, t->attr[TUI_R_FOOT_TEXT], "%s ", acts[i].footer);
	}
}

enum tui_section tui_chrome_tab_at(const struct tui_app *a, int x)
{
	int i, wd;

	for (i = 0; i < tabs_shown(a); i++) {
		int tx = tab_x((enum tui_section)i, &wd);

		if (x >= tx && x < tx + wd)
			return (enum tui_section)i;
	}
	return TUI_SEC_COUNT;
}

void tui_chrome_too_small(WINDOW *w, const struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	int y = a->lay.rows / 2, cols = a->lay.cols;

	werase(w);
	tui_put(w, y > 0 ? y - 1 : 0, 0, cols, t->attr[TUI_R_ERROR],
	        "Terminal too small: %dx%d", a->lay.cols, a->lay.rows);
	tui_put(w, y, 0, cols, t->attr[TUI_R_NORMAL], "kvplan needs %dx%d.",
	        TUI_MIN_COLS, TUI_MIN_ROWS);
	tui_put(w, y + 1, 0, cols, t->attr[TUI_R_DIM], "Enlarge it, or F10 to quit.");
}
