/*
 * picker.c - the preset list overlay (see picker.h). The list is read
 * once per opening; typing narrows it to names or descriptions holding the
 * typed text (case-insensitive).
 */
#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kvplan/escape.h"
#include "kvplan/model_files.h"
#include "tui/views/picker.h"
#include "tui/views/picker_fits.h"
#include "tui/render.h"
#include "tui/term.h"
#include "tui/text.h"

#define MAX_ENTRIES 512

struct entry {
	char name[96];
	char desc[160];
	char spec[200];   /* what a pick loads: the name, or ORG/NAME@HASH */
	int user;         /* 1 a user preset, 2 a model in the HF cache */
};

struct list {
	struct entry *e;
	size_t n;
};

static void collect(const char *name, const char *path, const char *desc,
                    int user, void *ctx)
{
	struct list *l = ctx;

	(void)path;
	if (l->n >= MAX_ENTRIES)
		return;
	/* a preset's file name and description are shown with their control
	 * characters made visible (a user preset folder may hold anything);
	 * the pick loads the file's own name */
	kvp_escape(name, strlen(name), l->e[l->n].name, sizeof l->e[l->n].name,
	           false);
	desc = desc ? desc : "";
	kvp_escape(desc, strlen(desc), l->e[l->n].desc, sizeof l->e[l->n].desc,
	           false);
	snprintf(l->e[l->n].spec, sizeof l->e[l->n].spec, "%s", name);
	l->e[l->n].user = user;
	l->n++;
}

/* A model in the local Hugging Face cache: picked by its snapshot's hash,
 * so the cached files load even when a preset has the same id. */
static void collect_cached(const char *id, const char *rev, const char *dir,
                           void *ctx)
{
	struct list *l = ctx;
	struct entry *e;

	if (l->n >= MAX_ENTRIES)
		return;
	e = &l->e[l->n++];
	snprintf(e->name, sizeof e->name, "%s", id);
	{
		char d[160];

		kvp_escape(dir, strlen(dir), d, sizeof d, false);
		snprintf(e->desc, sizeof e->desc, "Hugging Face cache, snapshot "
		         "%.12s: %.100s", rev, d);
	}
	snprintf(e->spec, sizeof e->spec, "%s@%s", id, rev);
	e->user = 2;
}

static bool has_text(const char *s, const char *sub)
{
	size_t n = strlen(sub), i;

	if (n == 0)
		return true;
	for (i = 0; s[i]; i++)
		if (!strncasecmp(s + i, sub, n))
			return true;
	return false;
}

/* The letters of sub appear in s in order ("a8" in "a100-80gb"). */
static bool has_letters(const char *s, const char *sub)
{
	for (; *s && *sub; s++)
		if (tolower((unsigned char)*s) == tolower((unsigned char)*sub))
			sub++;
	return *sub == '\0';
}

/* How well an entry matches the filter: 0 the name holds it, 1 the name
 * holds its letters in order, 2 the description holds it; -1 none. The
 * list shows rank 0 first, then 1, then 2, each in preset order. */
static int match_rank(const struct entry *e, const char *filter)
{
	if (has_text(e->name, filter))
		return 0;
	if (has_letters(e->name, filter))
		return 1;
	if (has_text(e->desc, filter))
		return 2;
	return -1;
}

/* The picker's window over the planner: the heading, the filter and
 * the rows from top, sel highlighted. False when curses has no window. */
/* The list's title: what it lists and the keys it takes. */
static const char *list_title(const struct tui_app *a, enum kvp_preset_kind kind,
                              bool fits_only)
{
	if (kind == KVP_PRESET_CARD)
		return " Card presets: type to narrow, Enter picks, Tab: a path, Esc ";
	if (fits_only)
		return " Models that fit these cards (Ctrl-F: all): type to narrow, "
		       "Enter picks, Esc ";
	if (a->pick_draft)
		return " Model presets and the HF cache: type to narrow, Enter picks, "
		       "Tab: a path or id, Esc ";
	return " Model presets and the HF cache: type to narrow, Enter picks, "
	       "Ctrl-F: fits these cards, Tab: a path or id, Esc ";
}

static bool draw_list(struct tui_app *a, enum kvp_preset_kind kind, bool fits_only,
                      const struct list *l, const size_t *shown, size_t ns,
                      const char *filter, int sel, int top)
{
	int h = a->lay.rows - 2, w = a->lay.cols - 4, rows = h - 4, nw = 8, y;
	WINDOW *win;
	size_t i;

	tui_render(a);
	if (!(win = newwin(h, w, 1, 2)))
		return false;
	wattrset(win, a->theme.attr[TUI_R_NORMAL]);
	werase(win);
	tui_box(win, a->theme.utf8);
	tui_put(win, 0, 2, w - 4, a->theme.attr[TUI_R_HEADING], "%s",
	        list_title(a, kind, fits_only));
	if (ns > (size_t)rows)
		tui_put_right(win, h - 1, 2, w - 4, a->theme.attr[TUI_R_HEADING],
		              " %d-%d of %zu ", top + 1,
		              top + rows < (int)ns ? top + rows : (int)ns, ns);
	tui_put(win, 1, 2, w - 4, a->theme.attr[TUI_R_LABEL], "filter: %s", filter);
	/* the name column as wide as the longest name shown (+ " (user)"),
	 * at most 26 columns and half the list */
	for (i = 0; i < ns; i++) {
		int len = (int)strlen(l->e[shown[i]].name) + (l->e[shown[i]].user ? 7 : 0);

		if (l->e[shown[i]].user == 2)
			len += 4;
		if (len > nw)
			nw = len;
	}
	if (nw > 26)
		nw = 26;
	if (nw > (w - 5) / 2)
		nw = (w - 5) / 2;
	for (y = 0; y < rows && top + y < (int)ns; y++) {
		const struct entry *e = &l->e[shown[top + y]];
		attr_t at = a->theme.attr[top + y == sel ? TUI_R_SELECT : TUI_R_NORMAL];

		tui_blank(win, 2 + y, 1, w - 2, at);
		tui_put(win, 2 + y, 2, nw, at, "%s%s", e->name, e->user == 2 ?
		        " (HF cache)" : e->user ? " (user)" : "");
		tui_put(win, 2 + y, 3 + nw, w - 5 - nw, at, "%s", e->desc);
	}
	if (ns == 0)
		tui_put(win, 2, 2, w - 4, a->theme.attr[TUI_R_DIM], "no preset matches");
	curs_set(0);
	wnoutrefresh(win);
	doupdate();
	delwin(win);
	return true;
}

/* What the picker shows: the entries, those the filter (and Ctrl-F)
 * leaves in rank order, and the selection in its scrolled window. */
struct pick {
	struct list l;
	size_t *shown, ns;
	char filter[64];
	signed char *fit;   /* Ctrl-F: per entry, -1 unknown */
	bool fits_only;
	int sel, top, rows;
};

/* The entries the filter matches, best rank first, then the selection
 * kept inside the list and the window of `rows` rows scrolled to it. */
static void pick_refresh(struct pick *p, int rows)
{
	size_t i;
	int rank;

	p->ns = 0;
	for (rank = 0; rank < 3; rank++)
		for (i = 0; i < p->l.n; i++)
			if (match_rank(&p->l.e[i], p->filter) == rank &&
			    (!p->fits_only || p->fit[i] == 1))
				p->shown[p->ns++] = i;
	p->rows = rows;
	if (p->sel >= (int)p->ns)
		p->sel = p->ns ? (int)p->ns - 1 : 0;
	if (p->sel < 0)
		p->sel = 0;
	if (p->sel < p->top)
		p->top = p->sel;
	if (p->sel >= p->top + rows)
		p->top = p->sel - rows + 1;
}

/* Ctrl-F: only the models that fit (picker_fits.h), computed once per
 * opening. */
static void pick_toggle_fits(struct tui_app *a, struct pick *p)
{
	size_t i;

	if (!p->fit && (p->fit = malloc(p->l.n ? p->l.n : 1)) != NULL)
		for (i = 0; i < p->l.n; i++)
			p->fit[i] = tui_model_fits(a, p->l.e[i].spec) ? 1 : 0;
	p->fits_only = p->fit && !p->fits_only;
	p->sel = p->top = 0;
}

/* A moving key, or one that edits the filter. */
static void pick_key(struct pick *p, int key)
{
	switch (key) {
	case KEY_UP:    p->sel--; break;
	case KEY_DOWN:  p->sel++; break;
	case KEY_PPAGE: p->sel -= p->rows; break;
	case KEY_NPAGE: p->sel += p->rows; break;
	case KEY_BACKSPACE: case 127: case 8:
		if (p->filter[0])
			p->filter[strlen(p->filter) - 1] = '\0';
		p->sel = p->top = 0;
		break;
	default:
		if (key > 32 && key < 127 && strlen(p->filter) < sizeof p->filter - 1) {
			size_t k = strlen(p->filter);

			p->filter[k] = (char)key;
			p->filter[k + 1] = '\0';
			p->sel = p->top = 0;
		}
	}
}

/* The entries of `kind`: the models on this disk first, then the
 * presets. False (the message set) when the presets cannot be listed. */
static bool pick_collect(struct tui_app *a, enum kvp_preset_kind kind,
                         struct pick *p)
{
	struct kvp_error err;

	if (kind == KVP_PRESET_MODEL)
		kvp_hf_cache_list(collect_cached, &p->l);
	if (kvp_presets_list(kind, collect, &p->l, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "%s", err.msg);
		return false;
	}
	return true;
}

enum tui_pick tui_pick_preset(struct tui_app *a, enum kvp_preset_kind kind,
                              const char *start, char *out, size_t n)
{
	struct pick p = { { NULL, 0 }, NULL, 0, "", NULL, false, 0, 0, 0 };
	int key;
	enum tui_pick result = TUI_PICK_CANCEL;

	snprintf(p.filter, sizeof p.filter, "%s", start ? start : "");
	p.l.e = calloc(MAX_ENTRIES, sizeof *p.l.e);
	p.shown = calloc(MAX_ENTRIES, sizeof *p.shown);
	if (!p.l.e || !p.shown) {
		free(p.l.e);
		free(p.shown);
		tui_app_message(a, TUI_MSG_ERROR, "out of memory");
		return TUI_PICK_CANCEL;
	}
	if (!pick_collect(a, kind, &p)) {
		free(p.l.e);
		free(p.shown);
		return TUI_PICK_PATH;
	}
	for (;;) {
		pick_refresh(&p, a->lay.rows - 2 - 4);
		/* keys already waiting (a paste) are taken before drawing */
		if (!tui_term_pending() &&
		    !draw_list(a, kind, p.fits_only, &p.l, p.shown, p.ns, p.filter,
		               p.sel, p.top))
			break;
		key = getch();
		if (tui_term_signal())
			break;
		if (key == ERR)
			continue;
		if (key == KEY_RESIZE) {
			tui_resize_keep(a);
			continue;
		}
		if (key == 27)
			break;
		if (key == '\t') {
			result = TUI_PICK_PATH;
			break;
		}
		if ((key == '\r' || key == '\n' || key == KEY_ENTER) && p.ns > 0) {
			snprintf(out, n, "%s", p.l.e[p.shown[p.sel]].spec);
			result = TUI_PICK_NAME;
			break;
		}
		if (key == 6 && kind == KVP_PRESET_MODEL && !a->pick_draft)
			pick_toggle_fits(a, &p);
		else
			pick_key(&p, key);
	}
	touchwin(stdscr);
	free(p.l.e);
	free(p.shown);
	free(p.fit);
	return result;
}
