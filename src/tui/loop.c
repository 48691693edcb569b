/*
 * loop.c - the planner's main loop: read a key, turn it into an action in
 * the current context (action.c), run the context's handler, and fall
 * back to the global handler when the context ignores it; then redraw.
 */
#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kvplan/preset.h"
#include "tui/chrome.h"
#include "tui/views/engine_view.h"
#include "tui/files.h"
#include "tui/views/launch_tui.h"
#include "tui/views/form_view.h"
#include "tui/help.h"
#include "tui/views/preset_load.h"
#include "tui/views/layers_view.h"
#include "tui/prompt.h"
#include "tui/render.h"
#include "tui/views/deploy_view.h"
#include "tui/views/sweep_view.h"
#include "tui/views/teach_view.h"
#include "tui/views/views.h"
#include "tui/term.h"
#include "tui/tui.h"

/* Leave the current field before switching away: keep a valid edit,
 * drop invalid typed text (the plan still holds the last valid value),
 * and say so (issue 31: it was dropped without a word). */
static void leave_field(struct tui_app *a)
{
	char why[sizeof a->why], kept[KVP_ERRMSG_MAX];

	if (a->form && !tui_form_commit(a->form, a)) {
		snprintf(why, sizeof why, "%s", a->why);
		tui_form_reload(a->form, a);
		tui_app_recompute(a);
		tui_form_kept(a->form, a, kept, sizeof kept);
		tui_app_message(a, TUI_MSG_INFO, "dropped the invalid entry (%s); "
		                "%s", why, kept);
	}
}

static void go_section(struct tui_app *a, enum tui_section s)
{
	leave_field(a);
	tui_set_section(a, s);
}

static void ask_quit(struct tui_app *a)
{
	int k;

	leave_field(a);
	if (!a->dirty) {
		a->quit = true;
		return;
	}
	/* A second Ctrl-C (or F10/Ctrl-Q again) quits, as in most tools. */
	k = tui_prompt_choice(a, "Unsaved changes. Save before quitting? "
	                      "[y]es [n]o/Ctrl-C quit anyway [Esc] stay",
	                      "yn\003\021");
	if (k == 'n' || k == 3 || k == 17 || k == KEY_F(10))
		a->quit = true;
	else if (k == 'y' && tui_files_save(a))
		a->quit = true;
}

/* The array the cursor's field belongs to, for add/delete. */
static bool current_array(struct tui_app *a, enum kvp_field_array *arr,
                          size_t *index)
{
	const struct kvp_field *f = a->form ? tui_form_current(a->form, index) : NULL;

	if (f && f->indexed) {
		*arr = f->array;
		return true;
	}
	if (a->sec == TUI_SEC_WORKLOAD) {
		*arr = KVP_ARR_CLASSES;
		*index = a->plan.workload.n_classes ? a->plan.workload.n_classes - 1 : 0;
		return true;
	}
	return false;
}

static void array_edit(struct tui_app *a, bool add)
{
	enum kvp_field_array arr;
	size_t index = 0, used, max, elem;
	uint32_t *count;
	unsigned char *base;

	leave_field(a);
	if (!current_array(a, &arr, &index)) {
		tui_app_message(a, TUI_MSG_INFO, "no list here: move to a sequence class, card or overhead field");
		return;
	}
	switch (arr) {
	case KVP_ARR_CLASSES:
		count = &a->plan.workload.n_classes;
		base = (unsigned char *)a->plan.workload.classes;
		elem = sizeof a->plan.workload.classes[0];
		break;
	case KVP_ARR_GROUPS:
		count = &a->plan.devices.n_groups;
		base = (unsigned char *)a->plan.devices.groups;
		elem = sizeof a->plan.devices.groups[0];
		break;
	default:
		count = &a->plan.devices.n_overheads;
		base = (unsigned char *)a->plan.devices.overheads;
		elem = sizeof a->plan.devices.overheads[0];
		break;
	}
	used = kvp_field_array_used(&a->plan, arr);
	max = kvp_field_array_max(arr);
	if (add) {
		if (used == 0) {
			tui_app_message(a, TUI_MSG_ERROR, "set a value in the first entry to create it");
			return;
		}
		if (used >= max) {
			tui_app_message(a, TUI_MSG_ERROR, "at most %zu entries", max);
			return;
		}
		memcpy(base + used * elem, base + (used - 1) * elem, elem);
		(*count)++;
	} else {
		if (used == 0 || index >= used) {
			tui_app_message(a, TUI_MSG_INFO, "nothing to delete here");
			return;
		}
		if (arr == KVP_ARR_CLASSES && used == 1) {
			tui_app_message(a, TUI_MSG_ERROR, "a workload needs at least one sequence class");
			return;
		}
		memmove(base + index * elem, base + (index + 1) * elem, (used - index - 1) * elem);
		memset(base + (used - 1) * elem, 0, elem);
		(*count)--;
	}
	tui_app_edited(a);
	tui_resize(a);
}

/* Ctrl-R: replace the model (Model section) or the first card (Devices)
 * with a preset, preset file or config.json, resolved like --model. */
static void pick_preset(struct tui_app *a)
{
	leave_field(a);
	if (a->sec == TUI_SEC_DEVICES)
		tui_preset_load(a, KVP_PRESET_CARD, NULL);
	else if (a->sec == TUI_SEC_MODEL || a->sec == TUI_SEC_PLAN)
		tui_preset_load(a, KVP_PRESET_MODEL, NULL);
	else
		tui_app_message(a, TUI_MSG_INFO, "presets: Ctrl-R in the Model (F5) or Devices (F8) section");
}

/* A Plan page field asked for a picker: load, then move to the field
 * after it (the picker's Enter applies and moves on, like Enter). */
static void run_pick(struct tui_app *a)
{
	enum kvp_preset_kind kind = (enum kvp_preset_kind)a->pick_kind;
	char filter[sizeof a->pick_filter];

	snprintf(filter, sizeof filter, "%s", a->pick_filter);
	a->pick_kind = -1;
	if (a->pick_draft) {
		/* the last row: the cursor stays on it */
		a->pick_draft = false;
		tui_draft_load(a, filter);
		return;
	}
	if (!tui_preset_load(a, kind, filter) || !a->form)
		return;
	if (tui_form_goto(a->form, kind == KVP_PRESET_CARD ?
	                  "devices.groups[i].card.name" : "model.id", 0))
		tui_form_handle(a->form, a, TUI_ACT_NEXT_FIELD, '\t');
}

static void global_action(struct tui_app *a, enum tui_act act)
{
	switch (act) {
	case TUI_ACT_HELP:
		a->help_open = true;
		a->help_scroll = 0;
		break;
	case TUI_ACT_SAVE:
		if (a->form && !tui_form_commit(a->form, a)) {
			tui_app_message(a, TUI_MSG_ERROR, "not saved: fix or Esc the field first (%s)", a->why);
			break;
		}
		tui_files_save(a);
		break;
	case TUI_ACT_OPEN:
		leave_field(a);
		tui_files_open(a);
		break;
	case TUI_ACT_EXPORT:
		leave_field(a);
		tui_files_export(a);
		break;
	case TUI_ACT_COPY_COMMAND:
		leave_field(a);
		tui_launch_copy(a);
		break;
	case TUI_ACT_SEC_PLAN:     go_section(a, TUI_SEC_PLAN); break;
	case TUI_ACT_SEC_MODEL:    go_section(a, TUI_SEC_MODEL); break;
	case TUI_ACT_SEC_WORKLOAD: go_section(a, TUI_SEC_WORKLOAD); break;
	case TUI_ACT_SEC_LAYERS:   go_section(a, TUI_SEC_LAYERS); break;
	case TUI_ACT_SEC_DEVICES:  go_section(a, TUI_SEC_DEVICES); break;
	case TUI_ACT_SEC_TEACH:    go_section(a, TUI_SEC_TEACH); break;
	case TUI_ACT_SEC_ENGINES:  go_section(a, TUI_SEC_ENGINES); break;
	case TUI_ACT_SEC_SWEEP:    go_section(a, TUI_SEC_SWEEP); break;
	case TUI_ACT_SEC_DEPLOY:   go_section(a, TUI_SEC_DEPLOY); break;
	case TUI_ACT_NEXT_SECTION:
		go_section(a, (enum tui_section)((a->sec + 1) % TUI_SEC_COUNT));
		break;
	case TUI_ACT_PREV_SECTION:
		go_section(a, (enum tui_section)((a->sec + TUI_SEC_COUNT - 1) % TUI_SEC_COUNT));
		break;
	case TUI_ACT_QUIT:
		ask_quit(a);
		break;
	case TUI_ACT_CLASS_ADD:
		array_edit(a, true);
		break;
	case TUI_ACT_CLASS_DEL:
		array_edit(a, false);
		break;
	case TUI_ACT_PICK_PRESET:
		pick_preset(a);
		break;
	case TUI_ACT_REDRAW:
		clearok(curscr, TRUE);
		break;
	default:
		break;
	}
}

static void mouse(struct tui_app *a)
{
	MEVENT ev;
	enum tui_section s;

	if (getmouse(&ev) != OK || a->lay.too_small)
		return;
	if (ev.y == 0) {
		s = tui_chrome_tab_at(a, ev.x);
		if (s != TUI_SEC_COUNT)
			go_section(a, s);
		return;
	}
	if (a->form && tui_form_click(a->form, a, ev.y, ev.x))
		return;
	if (a->sec == TUI_SEC_SWEEP) {
		tui_sweep_click(a, &a->lay.view, ev.y, ev.x);
		return;
	}
	if (a->sec == TUI_SEC_ENGINES && ev.y >= a->lay.view.y + 1 &&
	    ev.y < a->lay.view.y + 1 + KVP_ENGINE_COUNT)
		a->sel[TUI_SEC_ENGINES] = ev.y - a->lay.view.y - 1;
}

static void handle_key(struct tui_app *a, int key)
{
	enum tui_act act;
	bool handled = false;

	if (key == KEY_RESIZE) {
		tui_resize_keep(a);
		return;
	}
	/* An info message ("saved plan.json") lasts until the next key;
	 * errors stay until what caused them is fixed or dropped. */
	if (a->msg_kind == TUI_MSG_INFO)
		tui_app_message(a, TUI_MSG_NONE, "%s", "");
	if (a->help_open) {
		tui_help_key(a, key);
		return;
	}
	if (key == KEY_MOUSE) {
		mouse(a);
		return;
	}
	if (a->lay.too_small) {
		act = tui_action_for_key(TUI_CTX_GLOBAL, key);
		if (act == TUI_ACT_QUIT)
			ask_quit(a);
		return;
	}
	if (a->form) {
		size_t rule = 0;
		uint32_t n_rules = a->plan.model.n_rules;

		tui_form_current(a->form, &rule);   /* the cursor's rule */
		if (key == '?' && !tui_form_text_entry(a->form) && a->sec != TUI_SEC_LAYERS) {
			global_action(a, TUI_ACT_HELP);
			return;
		}
		act = tui_action_for_key(TUI_CTX_FORM, key);
		handled = tui_form_handle(a->form, a, act, key);
		if (!handled && act != TUI_ACT_NONE)
			handled = tui_view_handle(a, act);
		if (a->sec == TUI_SEC_LAYERS && a->plan.model.n_rules != n_rules) {
			/* the rules area grows or shrinks with the rules; after
			 * an added rule the cursor waits on "new" for the next */
			bool added = a->plan.model.n_rules > n_rules;

			tui_resize(a);
			if (a->form && (added || !tui_form_goto_rule(a->form, rule)))
				tui_form_goto_rule(a->form, a->plan.model.n_rules);
		}
	} else {
		act = tui_action_for_key(TUI_CTX_LIST, key);
		if (act != TUI_ACT_NONE)
			handled = tui_view_handle(a, act);
		else if (a->sec == TUI_SEC_SWEEP)
			handled = tui_sweep_key(a, key);
	}
	if (!handled) {
		act = tui_action_for_key(TUI_CTX_GLOBAL, key);
		global_action(a, act);
	}
	if (a->pick_kind >= 0)
		run_pick(a);
}

int kvp_tui_run(const struct kvp_plan *plan, const char *path, const char *notice)
{
	char err[256];
	struct tui_app *a = tui_app_new(plan);
	struct kvp_error e;
	int key, sig = 0;
	bool draw = true;

	if (!a) {
		fprintf(stderr, "kvplan: out of memory\n");
		return 2;
	}
	if (path) {
		snprintf(a->path, sizeof a->path, "%s", path);
		if (kvp_file_stamp_get(path, &a->stamp, &e) != KVP_OK)
			memset(&a->stamp, 0, sizeof a->stamp);
	}
	if (!tui_term_start(err, sizeof err)) {
		fprintf(stderr, "kvplan: %s\n", err);
		tui_app_free(a);
		return 2;
	}
	tui_theme_init(&a->theme, false, tui_term_utf8());
	if (getenv("KVPLAN_FRAME_MARK"))
		a->bench_fd = STDOUT_FILENO;
	tui_app_recompute(a);
	if (notice && *notice && a->msg_kind == TUI_MSG_NONE)
		tui_app_message(a, TUI_MSG_INFO, "%s", notice);
	tui_resize(a);
	tui_files_recovery_offer(a);   /* edits a signal ended (issue 10) */
	while (!a->quit) {
		/* keys already waiting (a paste) are handled before drawing */
		if (draw && !tui_term_pending())
			tui_render(a);
		key = getch();
		sig = tui_term_signal();
		if (sig) {
			/* SIGTERM, SIGHUP: keep the unsaved edits */
			if (sig != SIGINT)
				tui_files_recovery_write(a);
			break;
		}
		draw = key != ERR;
		if (key != ERR)
			handle_key(a, key);
	}
	tui_term_stop();
	tui_app_free(a);
	return sig ? 128 + sig : 0;
}
