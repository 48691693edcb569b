/*
 * prompt.c - modal prompts on the message line (see prompt.h).
 */
#include <ctype.h>
#include <form.h>
#include <string.h>

#include "tui/prompt.h"
#include "tui/render.h"
#include "tui/term.h"
#include "tui/text.h"

int tui_prompt_choice(struct tui_app *a, const char *question, const char *keys)
{
	int key;

	for (;;) {
		tui_render(a);
		tui_blank(stdscr, a->lay.msg.y, 0, a->lay.cols, a->theme.attr[TUI_R_STALE]);
		tui_put(stdscr, a->lay.msg.y, 0, a->lay.cols, a->theme.attr[TUI_R_STALE],
		        "%s", question);
		curs_set(0);
		wnoutrefresh(stdscr);
		doupdate();
		key = getch();
		if (tui_term_signal())
			return 27;
		if (key == ERR || key == KEY_RESIZE) {
			if (key == KEY_RESIZE)
				tui_resize(a);
			continue;
		}
		if (key == 27)
			return 27;
		if (key < 256 && isalpha(key))
			key = tolower(key);
		if (key > 0 && key < 256 && strchr(keys, key))
			return key;
	}
}

bool tui_prompt_text(struct tui_app *a, const char *question,
                     const char *initial, char *out, size_t n)
{
	FIELD *fields[2];
	FORM *form;
	WINDOW *win;
	int qlen = (int)strlen(question) + 1, key, y, width;
	bool ok = false, done = false;

	tui_render(a);
	y = a->lay.msg.y;
	if (qlen > a->lay.cols / 2)
		qlen = a->lay.cols / 2;
	width = a->lay.cols - qlen;
	win = newwin(1, a->lay.cols, y, 0);
	if (!win)
		return false;
	fields[0] = new_field(1, width, 0, qlen, 0, 0);
	fields[1] = NULL;
	if (!fields[0]) {
		delwin(win);
		return false;
	}
	field_opts_off(fields[0], O_STATIC | O_AUTOSKIP);
	set_max_field(fields[0], (int)n - 1);
	set_field_back(fields[0], a->theme.attr[TUI_R_FIELD_ACTIVE]);
	set_field_buffer(fields[0], 0, initial);
	form = new_form(fields);
	set_form_win(form, win);
	set_form_sub(form, win);
	keypad(win, TRUE);
	post_form(form);
	form_driver(form, REQ_END_FIELD);
	while (!done) {
		tui_put(win, 0, 0, qlen, a->theme.attr[TUI_R_HEADING], "%s", question);
		curs_set(1);
		pos_form_cursor(form);
		wnoutrefresh(stdscr);
		touchwin(win);
		wnoutrefresh(win);
		doupdate();
		key = wgetch(win);
		if (tui_term_signal())
			break;
		switch (key) {
		case ERR:
			break;
		case 27:
			done = true;
			break;
		case '\n': case '\r': case KEY_ENTER:
			form_driver(form, REQ_VALIDATION);
			{
				const char *s = field_buffer(fields[0], 0);
				size_t len = strlen(s);

				while (len && s[len - 1] == ' ')
					len--;
				if (len >= n)
					len = n - 1;
				memcpy(out, s, len);
				out[len] = '\0';
			}
			ok = out[0] != '\0';
			done = true;
			break;
		case KEY_BACKSPACE: case 127: case 8:
			form_driver(form, REQ_DEL_PREV);
			break;
		case KEY_DC:
			form_driver(form, REQ_DEL_CHAR);
			break;
		case KEY_LEFT:
			form_driver(form, REQ_PREV_CHAR);
			break;
		case KEY_RIGHT:
			form_driver(form, REQ_NEXT_CHAR);
			break;
		case KEY_HOME:
			form_driver(form, REQ_BEG_FIELD);
			break;
		case KEY_END:
			form_driver(form, REQ_END_FIELD);
			break;
		default:
			if (key >= 32 && key < 256)
				form_driver(form, key);
		}
	}
	unpost_form(form);
	free_form(form);
	free_field(fields[0]);
	delwin(win);
	touchwin(stdscr);
	return ok;
}
