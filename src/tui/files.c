/*
 * files.c - save, open and export (see files.h). All writes go through
 * kvp_file_write_atomic (temporary file, fsync, rename; through a symlink
 * the target; hard links and the owner kept or the save refused).
 * Also the recovery file: unsaved edits written when SIGTERM or SIGHUP
 * ends the planner, offered at the next start.
 */
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/file.h"
#include "io/plan/plan_json.h"
#include "io/report/record_json.h"
#include "io/report/report_md.h"
#include "kvplan/compute.h"
#include "tui/files.h"
#include "tui/views/launch_tui.h"
#include "tui/views/form_view.h"
#include "tui/prompt.h"
#include "tui/render.h"
#include "tui/term.h"

/* Is the file at path a record (a plan with its results, as `kvplan
 * calc --format json` writes)? */
static bool is_record(const char *path)
{
	char *text = NULL;
	size_t len;
	struct kvp_error e;
	enum kvp_doc_kind k;
	bool rec;

	if (kvp_file_read(path, 0, &text, &len, NULL, &e) != KVP_OK)
		return false;
	rec = kvp_doc_kind_of(text, len, &k, &e) == KVP_OK && k == KVP_DOC_RECORD;
	free(text);
	return rec;
}

/* The plan, or a record of it with the results just computed. */
static enum kvp_status save_doc(struct tui_app *a, const char *path, bool record,
                                const struct kvp_file_stamp *expect,
                                struct kvp_error *err)
{
	enum kvp_status st;
	char *s;

	if (!record)
		return kvp_plan_json_save(path, &a->plan, expect, err);
	s = kvp_record_json_dump(&a->plan, a->res, err);
	if (!s)
		return err->status;
	st = kvp_file_write_atomic(path, s, strlen(s), expect, NULL, err);
	free(s);
	return st;
}

static bool write_doc(struct tui_app *a, const char *path, bool record,
                      const struct kvp_file_stamp *expect)
{
	struct kvp_error err;
	struct kvp_file_stamp st;

	if (save_doc(a, path, record, expect, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "save: %s", err.msg);
		return false;
	}
	if (path != a->path)
		snprintf(a->path, sizeof a->path, "%s", path);
	if (kvp_file_stamp_get(a->path, &st, &err) == KVP_OK)
		a->stamp = st;
	a->dirty = false;
	tui_app_message(a, TUI_MSG_INFO, "saved %s%s", a->path,
	                record ? " (a record: plan and results)" : "");
	return true;
}

static bool write_plan(struct tui_app *a, const char *path,
                       const struct kvp_file_stamp *expect)
{
	return write_doc(a, path, false, expect);
}

bool tui_files_save(struct tui_app *a)
{
	char path[sizeof a->path];
	struct kvp_file_stamp now;
	struct kvp_error err;
	bool record = false;

	/* A plan that `kvplan calc` would refuse is never written. */
	if (!tui_app_recompute(a)) {
		tui_app_message(a, TUI_MSG_ERROR, "not saved: %s", a->why);
		return false;
	}

	if (!a->path[0]) {
		if (!tui_prompt_text(a, "Save plan as:", "plan.json", path, sizeof path))
			return false;
		if (kvp_file_stamp_get(path, &now, &err) == KVP_OK && now.exists &&
		    tui_prompt_choice(a, "File exists. Overwrite it? [y]es [n]o", "yn") != 'y') {
			tui_app_message(a, TUI_MSG_INFO, "not saved");
			return false;
		}
		return write_plan(a, path, NULL);
	}
	/* An opened record stays a record only if the user says so: saving
	 * a plan over it would drop its results without a word. */
	if (is_record(a->path)) {
		int k = tui_prompt_choice(a, "This file is a record (plan and results). "
		                          "Save as [r]ecord (results recomputed) or [p]lan? "
		                          "[Esc] cancel", "rp");

		if (k != 'r' && k != 'p') {
			tui_app_message(a, TUI_MSG_INFO, "not saved");
			return false;
		}
		record = k == 'r';
	}
	if (a->stamp.exists && kvp_file_changed(a->path, &a->stamp)) {
		if (tui_prompt_choice(a, "The file changed on disk since it was opened. "
		                      "Overwrite it? [y]es [n]o", "yn") != 'y') {
			tui_app_message(a, TUI_MSG_INFO, "not saved: %s changed on disk", a->path);
			return false;
		}
		return write_doc(a, a->path, record, NULL);
	}
	return write_doc(a, a->path, record, a->stamp.exists ? &a->stamp : NULL);
}

void tui_files_open(struct tui_app *a)
{
	char path[sizeof a->path];
	struct kvp_plan p;
	struct kvp_file_stamp st;
	struct kvp_error err;

	if (a->dirty && tui_prompt_choice(a, "Unsaved changes will be lost. Open "
	                                  "another plan? [y]es [n]o", "yn") != 'y')
		return;
	if (!tui_prompt_text(a, "Open plan:", a->path, path, sizeof path))
		return;
	if (tui_launch_open(a, path)) {   /* an engine's command (launch_tui.h) */
		tui_resize(a);
		return;
	}
	kvp_plan_blank(&p);   /* as `kvplan calc PLAN.json` starts */
	if (kvp_plan_json_load(path, &p, &st, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "open: %s", err.msg);
		return;
	}
	/* A plan `kvplan calc` would refuse is not opened: the current one
	 * stays, the message says why (the scratch result is free here). */
	if (kvp_compute(&p, a->scratch) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "open: %s: %s (kept the current plan)",
		                path, a->scratch->error.msg);
		kvp_plan_json_free_ragged(&p);
		return;
	}
	if (a->owns_ragged)
		kvp_plan_json_free_ragged(&a->plan);
	a->plan = p;
	a->owns_ragged = p.workload.ragged != NULL;
	snprintf(a->path, sizeof a->path, "%s", path);
	a->stamp = st;
	a->dirty = false;
	a->gen++;
	tui_app_recompute(a);
	tui_resize(a);
	if (a->msg_kind != TUI_MSG_ERROR)
		tui_app_message(a, TUI_MSG_INFO, "opened %s", path);
}

void tui_files_export(struct tui_app *a)
{
	char path[sizeof a->path], def[sizeof a->path + 16];
	char *buf = NULL;
	size_t len = 0;
	struct kvp_error err;
	struct kvp_file_stamp now;
	const char *dot;
	FILE *mem;
	enum kvp_status st;

	if (!a->have_result || a->stale) {
		tui_app_message(a, TUI_MSG_ERROR, "export: the plan does not compute as "
		                "entered; fix or Esc the field first");
		return;
	}
	dot = a->path[0] ? strrchr(a->path, '.') : NULL;
	if (dot)
		snprintf(def, sizeof def, "%.*s-report.md", (int)(dot - a->path), a->path);
	else
		snprintf(def, sizeof def, "kvplan-report.md");
	if (!tui_prompt_text(a, "Export report to:", def, path, sizeof path))
		return;
	if (kvp_file_stamp_get(path, &now, &err) == KVP_OK && now.exists &&
	    tui_prompt_choice(a, "File exists. Overwrite it? [y]es [n]o", "yn") != 'y')
		return;
	mem = open_memstream(&buf, &len);
	if (!mem) {
		tui_app_message(a, TUI_MSG_ERROR, "export: out of memory");
		return;
	}
	st = kvp_report_md(mem, &a->plan, a->res, NULL, &err);
	if (fclose(mem) != 0 && st == KVP_OK)
		st = kvp_error_set(&err, KVP_ENOMEM, "export: out of memory");
	if (st == KVP_OK)
		st = kvp_file_write_atomic(path, buf, len, NULL, NULL, &err);
	if (st != KVP_OK)
		tui_app_message(a, TUI_MSG_ERROR, "export: %s", err.msg);
	else
		tui_app_message(a, TUI_MSG_INFO, "report written to %s", path);
	free(buf);
}

/* ---- the recovery file ------------------------------------------------- */

/* $XDG_STATE_HOME/kvplan/LEAF (else ~/.local/state/kvplan/LEAF), the
 * folders made when `make`. False when there is no home to put it in. */
static bool recovery_path(char *buf, size_t n, const char *leaf, bool make)
{
	const char *st = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[4096];

	if (st && *st)
		snprintf(dir, sizeof dir, "%s/kvplan", st);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/kvplan", home);
	else
		return false;
	if (make) {
		char *p;

		for (p = dir + 1; *p; p++)
			if (*p == '/') {
				*p = '\0';
				if (mkdir(dir, 0700) != 0 && errno != EEXIST)
					return false;
				*p = '/';
			}
		if (mkdir(dir, 0700) != 0 && errno != EEXIST)
			return false;
	}
	return (size_t)snprintf(buf, n, "%s/%s", dir, leaf) < n;
}

bool tui_files_recovery_write(struct tui_app *a)
{
	char plan[4200], from[4200];
	struct kvp_error err;

	if (!a->dirty || !recovery_path(plan, sizeof plan, "recovery.json", true) ||
	    !recovery_path(from, sizeof from, "recovery.path", true))
		return false;
	if (kvp_plan_json_save(plan, &a->plan, NULL, &err) != KVP_OK)
		return false;
	/* the file the edits belong to ("" for an unnamed plan) */
	return kvp_file_write_atomic(from, a->path, strlen(a->path), NULL, NULL,
	                             &err) == KVP_OK;
}

/* Show the offer; r or d answer it, any other key keeps the file for
 * later and is handled as usual (put back with ungetch), so the planner
 * is never held by the question. */
static int offer_key(struct tui_app *a, const char *q)
{
	int key;

	tui_app_message(a, TUI_MSG_INFO, "%s", q);
	for (;;) {
		tui_render(a);
		key = getch();
		if (tui_term_signal())
			return 27;
		if (key == ERR)
			continue;
		if (key == 'r' || key == 'R' || key == 'd' || key == 'D')
			return key | 0x20;
		if (key != 27)
			ungetch(key);
		tui_app_message(a, TUI_MSG_INFO, "recovery file kept for the next start");
		return 27;
	}
}

void tui_files_recovery_offer(struct tui_app *a)
{
	char plan[4200], from[4200], q[sizeof a->path + 160], *was = NULL;
	struct kvp_plan p;
	struct kvp_error err;
	struct stat sb;
	size_t len = 0;
	int k;

	if (!recovery_path(plan, sizeof plan, "recovery.json", false) ||
	    !recovery_path(from, sizeof from, "recovery.path", false) ||
	    stat(plan, &sb) != 0)
		return;
	if (kvp_file_read(from, sizeof a->path, &was, &len, NULL, &err) != KVP_OK)
		was = NULL;
	snprintf(q, sizeof q, "Unsaved edits from a planner ended by a signal (%.*s). "
	         "[r]ecover [d]iscard, other keys: later", (int)(sizeof a->path - 1),
	         was && *was ? was : "an unnamed plan");
	k = offer_key(a, q);
	if (k == 'r') {
		kvp_plan_blank(&p);
		if (kvp_plan_json_load(plan, &p, NULL, &err) != KVP_OK) {
			tui_app_message(a, TUI_MSG_ERROR, "recover: %s", err.msg);
			free(was);
			return;
		}
		if (a->owns_ragged)
			kvp_plan_json_free_ragged(&a->plan);
		a->plan = p;
		a->owns_ragged = p.workload.ragged != NULL;
		snprintf(a->path, sizeof a->path, "%s", was ? was : "");
		if (kvp_file_stamp_get(a->path, &a->stamp, &err) != KVP_OK)
			memset(&a->stamp, 0, sizeof a->stamp);
		a->dirty = true;   /* recovered, not saved yet */
		a->gen++;
		tui_app_recompute(a);
		tui_resize(a);
		tui_app_message(a, TUI_MSG_INFO, "recovered the unsaved edits%s%s - "
		                "F2 saves them", was && *was ? " of " : "",
		                was && *was ? was : "");
	}
	if (k == 'r' || k == 'd') {
		unlink(plan);
		unlink(from);
	}
	free(was);
}
