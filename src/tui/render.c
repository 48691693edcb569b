/*
 * render.c - draws the whole screen (see render.h). stdscr holds the
 * frame, the panel and the table views; the form has its own window,
 * refreshed after stdscr so it stays on top and keeps the cursor.
 */
#include <curses.h>
#include <string.h>
#include <unistd.h>

#include "kvplan/engine.h"
#include "tui/chrome.h"
#include "tui/views/form_view.h"
#include "tui/help.h"
#include "tui/views/layers_view.h"
#include "tui/views/panel.h"
#include "tui/views/views.h"
#include "tui/render.h"
#include "tui/text.h"

/* Written to the terminal after each frame when the benchmark asks for
 * it (an OSC title string: terminals show or ignore it). */
#define FRAME_MARK "\033]2;kvplan-frame\007"

static void build_form(struct tui_app *a)
{
	struct tui_rect r = a->lay.view, list;

	tui_form_free(a->form);
	a->form = NULL;
	if (a->lay.too_small)
		return;
	if (a->sec == TUI_SEC_LAYERS)
		tui_layers_rects(a, &r, &list);
	a->form = tui_form_new(a, a->sec, &r);
}

/* Lay out for the terminal's size and build the section's form; `pos`:
 * the field to put the cursor on (-1: the first). */
static void relayout(struct tui_app *a, int pos)
{
	int rows, cols;

	getmaxyx(stdscr, rows, cols);
	tui_layout_compute(rows, cols, tui_section_wide(a->sec), &a->lay);
	build_form(a);
	tui_form_set_position(a->form, pos);
	clearok(curscr, TRUE);
}

void tui_resize(struct tui_app *a)
{
	relayout(a, -1);
}

void tui_resize_keep(struct tui_app *a)
{
	/* the form is rebuilt for the new size: the cursor stays on its
	 * field (issue 31: it went back to the first) */
	relayout(a, tui_form_position(a->form, a->sec));
}

void tui_set_section(struct tui_app *a, enum tui_section s)
{
	a->sec = s;
	relayout(a, -1);   /* a section (even the same) opens at its first field */
}

static void draw_view(struct tui_app *a)
{
	if (!tui_view_draw(a) && !a->form)
		tui_put(stdscr, a->lay.view.y, 0, a->lay.view.w,
		        a->theme.attr[TUI_R_ERROR], "the form does not fit");
}

void tui_render(struct tui_app *a)
{
	struct tui_panel_state ps;

	werase(stdscr);
	if (a->lay.too_small) {
		tui_chrome_too_small(stdscr, a);
		curs_set(0);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	tui_chrome_title(stdscr, a);
	tui_chrome_footer(stdscr, a);
	tui_chrome_message(stdscr, a);
	ps.res = a->have_result ? a->res : NULL;
	ps.stale = a->stale;
	ps.invalid = a->invalid ? a->why : NULL;
	ps.fit = a->have_result ? a->fit_text : NULL;
	ps.range = a->have_result && a->range.n ? &a->range : NULL;
	ps.pending = a->form && tui_form_pending(a->form);
	ps.engine = a->plan.engine.kind != KVP_ENGINE_GENERIC
	            ? kvp_engine_name(a->plan.engine.kind) : NULL;
	if (a->lay.wide)
		tui_panel_draw_compact(stdscr, &a->lay.panel, &ps, &a->theme);
	else
		tui_panel_draw(stdscr, &a->lay.panel, &ps, &a->theme);
	draw_view(a);
	curs_set(a->form && !a->help_open ? 1 : 0);
	wnoutrefresh(stdscr);
	if (a->form)
		tui_form_draw(a->form, a);
	if (a->help_open)
		tui_help_draw(a);
	doupdate();
	if (a->bench_fd >= 0 &&
	    write(a->bench_fd, FRAME_MARK, sizeof FRAME_MARK - 1) < 0)
		a->bench_fd = -1;
}
