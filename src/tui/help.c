/*
 * help.c - the help overlay (see help.h), drawn in its own window over the
 * screen so closing it needs only a redraw.
 */
#include <curses.h>

#include "tui/help.h"
#include "tui/text.h"

static int inner_rows(const struct tui_app *a)
{
	return a->lay.rows - 6;
}

void tui_help_draw(struct tui_app *a)
{
	const struct tui_theme *t = &a->theme;
	const struct kvp_action *acts;
	size_t n, i;
	int h = a->lay.rows - 2, w = a->lay.cols - 4, rows = inner_rows(a), y;
	WINDOW *win;

	acts = kvp_tui_actions(&n);
	if (a->help_scroll > (int)n - rows)
		a->help_scroll = (int)n - rows;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	win = newwin(h, w, 1, 2);
	if (!win)
		return;
	wattrset(win, t->attr[TUI_R_NORMAL]);
	werase(win);
	box(win, 0, 0);
	tui_put(win, 0, 2, w - 4, t->attr[TUI_R_HEADING],
	        " kvplan keys (Up/Down scroll, any other key closes) ");
	for (i = (size_t)a->help_scroll, y = 1; i < n && y <= rows; i++, y++) {
		tui_put(win, y, 2, 20, t->attr[TUI_R_FOOT_KEY], "%s", acts[i].keys);
		tui_put(win, y, 23, w - 25, t->attr[TUI_R_NORMAL], "%s", acts[i].help);
	}
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
