/*
 * help.c - the help overlay (see help.h), drawn in its own window over the
 * screen so closing it needs only a redraw.
 */
#include <curses.h>
#include <string.h>

#include "tui/help.h"
#include "tui/text.h"

static int inner_rows(const struct tui_app *a)
{
	return a->lay.rows - 6;
}

/* Line `line` of the overlay text when help texts wrap at `width`
 * columns: the action's keys on its first line only. Returns false past
 * the end. */
static bool help_line(size_t line, int width, const char **keys,
                      const char **text, int *len)
{
	const struct kvp_action *acts;
	size_t n, i, l = 0;

	acts = kvp_tui_actions(&n);
	for (i = 0; i < n; i++) {
		const char *p = acts[i].help;
		bool first = true;

		while (*p || first) {
			int cut = (int)strlen(p);

			if (cut > width) {       /* break at the last blank */
				cut = width;
				while (cut > 0 && p[cut] != ' ')
					cut--;
				if (cut == 0)
					cut = width;
			}
			if (l == line) {
				*keys = first ? acts[i].keys : "";
				*text = p;
				*len = cut;
				return true;
			}
			l++;
			first = false;
			p += cut;
			while (*p == ' ')
				p++;
		}
	}
	return false;
}

static int total_lines(int width)
{
	const char *k, *t;
	int len, n = 0;

	while (help_line((size_t)n, width, &k, &t, &len))
		n++;
	return n;
}

void tui_help_draw(struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	int h = a->lay.rows - 2, w = a->lay.cols - 4, rows = inner_rows(a), y;
	int tw = w - 25, n = total_lines(tw), len;
	const char *keys, *text;
	WINDOW *win;

	if (a->help_scroll > n - rows)
		a->help_scroll = n - rows;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	win = newwin(h, w, 1, 2);
	if (!win)
		return;
	wattrset(win, t->attr[TUI_R_NORMAL]);
	werase(win);
	tui_box(win, a->theme.utf8);
	tui_put(win, 0, 2, w - 4, t->attr[TUI_R_HEADING],
	        " kvplan keys (Up/Down scroll, any other key closes) ");
	for (y = 1; y <= rows && help_line((size_t)(a->help_scroll + y - 1), tw,
	                                   &keys, &text, &len); y++) {
		tui_put(win, y, 2, 20, t->attr[TUI_R_FOOT_KEY], "%s", keys);
		tui_put(win, y, 23, tw, t->attr[TUI_R_NORMAL], "%.*s", len, text);
	}
	/* where the page is, on the bottom border: lines first-last of n */
	if (n > rows)
		tui_put_right(win, h - 1, 2, w - 4, t->attr[TUI_R_HEADING],
		              " %d-%d of %d, %s ", a->help_scroll + 1,
		              a->help_scroll + y - 1, n,
		              a->help_scroll + y - 1 < n ? "Down: more" : "Up: back");
	tui_put(win, h - 3, 2, w - 4, t->attr[TUI_R_DIM],
	        "In fields: type to replace, Backspace/Del/Home/End/Ctrl-U edit;");
	tui_put(win, h - 2, 2, w - 4, t->attr[TUI_R_DIM],
	        "click a tab or a field with the mouse. Every figure is kvp_compute's.");
	wnoutrefresh(win);
	delwin(win);
}

void tui_help_key(struct tui_app *a, int key)
{
	switch (key) {
	case KEY_UP:
		a->help_scroll--;
		break;
	case KEY_DOWN:
		a->help_scroll++;
		break;
	case KEY_PPAGE:
		a->help_scroll -= inner_rows(a);
		break;
	case KEY_NPAGE:
		a->help_scroll += inner_rows(a);
		break;
	case KEY_RESIZE:
	case ERR:
		break;
	default:
		a->help_open = false;
	}
}
