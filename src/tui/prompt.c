/*
 * prompt.c - modal prompts on the message line (see prompt.h).
 */
#include <ctype.h>
#include <form.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/complete.h"

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
				tui_resize_keep(a);
			continue;
		}
		if (key == 27)
			return 27;
		if (key < 256 && isalpha(key))
			key = tolower(key);
		if (key > 0 && key < 256 && strchr(keys, key))
			return key;
		if (key == KEY_F(10) && strchr(keys, 17))   /* quit asked twice */
			return key;
	}
}

/* The prompt's window and field on the message line of the current
 * layout, holding `text`, the cursor at its end. */
struct text_prompt {
	WINDOW *win;
	FIELD *fields[2];
	FORM *form;
	int qlen;
};

static void prompt_close(struct text_prompt *p)
{
	if (p->form) {
		unpost_form(p->form);
		free_form(p->form);
	}
	if (p->fields[0])
		free_field(p->fields[0]);
	if (p->win)
		delwin(p->win);
	memset(p, 0, sizeof *p);
}

static bool prompt_open(struct tui_app *a, struct text_prompt *p,
                        const char *question, const char *text, size_t n)
{
	memset(p, 0, sizeof *p);
	p->qlen = (int)strlen(question) + 1;
	if (p->qlen > a->lay.cols / 2)
		p->qlen = a->lay.cols / 2;
	p->win = newwin(1, a->lay.cols, a->lay.msg.y, 0);
	if (!p->win)
		return false;
	p->fields[0] = new_field(1, a->lay.cols - p->qlen, 0, p->qlen, 0, 0);
	if (!p->fields[0]) {
		prompt_close(p);
		return false;
	}
	field_opts_off(p->fields[0], O_STATIC | O_AUTOSKIP);
	set_max_field(p->fields[0], (int)n - 1);
	set_field_back(p->fields[0], a->theme.attr[TUI_R_FIELD_ACTIVE]);
	set_field_buffer(p->fields[0], 0, text);
	p->form = new_form(p->fields);
	if (!p->form) {
		prompt_close(p);
		return false;
	}
	set_form_win(p->form, p->win);
	set_form_sub(p->form, p->win);
	keypad(p->win, TRUE);
	post_form(p->form);
	form_driver(p->form, REQ_END_FIELD);
	return true;
}

/* The field's text without the padding blanks, into out[n]. */
static void prompt_text(struct text_prompt *p, char *out, size_t n)
{
	const char *s;
	size_t len;

	form_driver(p->form, REQ_VALIDATION);
	s = field_buffer(p->fields[0], 0);
	len = strlen(s);
	while (len && s[len - 1] == ' ')
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(out, s, len);
	out[len] = '\0';
}

/* The candidates of the last Tab, listed in a box above the message line
 * (the first ones that fit, then how many more). */
static void draw_candidates(struct tui_app *a, const struct kvp_completions *c)
{
	static const char *const tag[] = { "", "  (HF cache)", "  (preset)" };
	int rows = c->n ? (int)c->stored : 1, h, w = a->lay.cols, y;
	WINDOW *win;

	if (rows > a->lay.msg.y - 3)
		rows = a->lay.msg.y - 3;
	if (rows < 1)
		return;
	h = rows + 2 + (c->n > (size_t)rows);
	if (h > a->lay.msg.y)
		return;
	if (!(win = newwin(h, w, a->lay.msg.y - h, 0)))
		return;
	wattrset(win, a->theme.attr[TUI_R_NORMAL]);
	werase(win);
	tui_box(win, a->theme.utf8);
	tui_put(win, 0, 2, w - 4, a->theme.attr[TUI_R_HEADING],
	        " %zu completion%s: keep typing, Tab again ", c->n,
	        c->n == 1 ? "" : "s");
	if (c->n == 0)
		tui_put(win, 1, 2, w - 4, a->theme.attr[TUI_R_NORMAL], "no file, "
		        "folder, cached model or preset starts with '%s'", c->common);
	for (y = 0; y < rows && c->n; y++)
		tui_put(win, 1 + y, 2, w - 4, a->theme.attr[TUI_R_NORMAL], "%s%s",
		        c->item[y], tag[c->src[y]]);
	if (c->n > (size_t)rows)
		tui_put(win, 1 + rows, 2, w - 4, a->theme.attr[TUI_R_DIM],
		        "... and %zu more", c->n - (size_t)rows);
	wnoutrefresh(win);
	delwin(win);
}

/* Tab: complete the field's text; true when candidates (or the lack of
 * any) are to be listed. */
static bool prompt_complete(struct tui_app *a, struct text_prompt *p,
                            tui_complete_fn complete, struct kvp_completions *c,
                            size_t n)
{
	char text[KVP_COMPLETE_LEN];

	prompt_text(p, text, sizeof text < n ? sizeof text : n);
	complete(text, c);
	if (strlen(c->common) > strlen(text) && strlen(c->common) < n) {
		set_field_buffer(p->fields[0], 0, c->common);
		form_driver(p->form, REQ_END_FIELD);
	}
	return c->n != 1 || strcmp(c->common, c->item[0]) != 0;
}

bool tui_prompt_text(struct tui_app *a, const char *question,
                     const char *initial, char *out, size_t n)
{
	return tui_prompt_text_completing(a, question, initial, out, n, NULL);
}

/* The prompt over the screen behind it, with the completions listed
 * under it while `cands` is shown. */
static void prompt_draw(struct tui_app *a, struct text_prompt *p,
                        const char *question,
                        const struct kvp_completions *cands)
{
	if (a->lay.too_small)
		return;
	tui_put(p->win, 0, 0, p->qlen, a->theme.attr[TUI_R_HEADING], "%s", question);
	curs_set(1);
	pos_form_cursor(p->form);
	wnoutrefresh(stdscr);
	if (cands)
		draw_candidates(a, cands);
	touchwin(p->win);
	wnoutrefresh(p->win);
	doupdate();
}

/* The prompt's editing keys and the form request each makes. */
static const struct { int key; int req; } edit_keys[] = {
	{ KEY_BACKSPACE, REQ_DEL_PREV }, { 127, REQ_DEL_PREV }, { 8, REQ_DEL_PREV },
	{ KEY_DC, REQ_DEL_CHAR },
	{ KEY_LEFT, REQ_PREV_CHAR }, { KEY_RIGHT, REQ_NEXT_CHAR },
	{ KEY_HOME, REQ_BEG_FIELD }, { KEY_END, REQ_END_FIELD },
	{ 21, REQ_CLR_FIELD },        /* Ctrl-U: clear */
};

/* An editing key, or a character typed (replacing the prefilled text
 * while it is `fresh`). */
static void prompt_edit(struct tui_app *a, struct text_prompt *p, int key,
                        bool fresh)
{
	size_t i;

	for (i = 0; i < sizeof edit_keys / sizeof edit_keys[0]; i++)
		if (edit_keys[i].key == key) {
			form_driver(p->form, edit_keys[i].req);
			return;
		}
	if (key >= 32 && key < 256 && !a->lay.too_small) {
		if (fresh)
			form_driver(p->form, REQ_CLR_FIELD);
		form_driver(p->form, key);
	}
}

bool tui_prompt_text_completing(struct tui_app *a, const char *question,
                                const char *initial, char *out, size_t n,
                                tui_complete_fn complete)
{
	struct kvp_completions *cands = NULL;
	bool listing = false;
	struct text_prompt p;
	int key;
	bool ok = false, done = false;
	/* the prefilled text is a suggestion: the first character typed
	 * replaces it (moving the cursor or deleting keeps it for editing) */
	bool fresh = initial && initial[0];

	tui_render(a);
	if (!prompt_open(a, &p, question, initial, n))
		return false;
	while (!done) {
		prompt_draw(a, &p, question, listing ? cands : NULL);
		key = wgetch(p.win);
		if (tui_term_signal())
			break;
		if (key != ERR && listing) {
			listing = false;      /* the list goes at the next key */
			touchwin(stdscr);
		}
		switch (key) {
		case ERR:
			break;
		case '\t':
			if (!complete)
				break;
			if (!cands && !(cands = malloc(sizeof *cands))) {
				tui_app_message(a, TUI_MSG_ERROR, "out of memory");
				break;
			}
			listing = prompt_complete(a, &p, complete, cands, n);
			break;
		case KEY_RESIZE:
			/* the screen behind and the prompt at the new size, the
			 * typed text kept */
			prompt_text(&p, out, n);
			prompt_close(&p);
			tui_resize_keep(a);
			tui_render(a);
			if (!prompt_open(a, &p, question, out, n))
				return false;
			break;
		case 27:
			done = true;
			break;
		case '\n': case '\r': case KEY_ENTER:
			prompt_text(&p, out, n);
			ok = out[0] != '\0';
			done = true;
			break;
		default:
			prompt_edit(a, &p, key, fresh);
		}
		if (key != ERR && key != KEY_RESIZE)
			fresh = false;
	}
	prompt_close(&p);
	free(cands);
	touchwin(stdscr);
	return ok;
}
