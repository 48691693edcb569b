/*
 * files.c - save, open and export (see files.h). All writes go through
 * kvp_file_write_atomic (temporary file, fsync, rename).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"
#include "io/plan_json.h"
#include "io/report_md.h"
#include "kvplan/compute.h"
#include "tui/files.h"
#include "tui/form_view.h"
#include "tui/prompt.h"
#include "tui/render.h"

static bool write_plan(struct tui_app *a, const char *path,
                       const struct kvp_file_stamp *expect)
{
	struct kvp_error err;
	struct kvp_file_stamp st;

	if (kvp_plan_json_save(path, &a->plan, expect, &err) != KVP_OK) {
		tui_app_message(a, TUI_MSG_ERROR, "save: %s", err.msg);
		return false;
	}
	if (path != a->path)
		snprintf(a->path, sizeof a->path, "%s", path);
	if (kvp_file_stamp_get(a->path, &st, &err) == KVP_OK)
		a->stamp = st;
	a->dirty = false;
	tui_app_message(a, TUI_MSG_INFO, "saved %s", a->path);
	return true;
}

bool tui_files_save(struct tui_app *a)
{
	char path[sizeof a->path];
	struct kvp_file_stamp now;
	struct kvp_error err;

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
	if (a->stamp.exists && kvp_file_changed(a->path, &a->stamp)) {
		if (tui_prompt_choice(a, "The file changed on disk since it was opened. "
		                      "Overwrite it? [y]es [n]o", "yn") != 'y') {
			tui_app_message(a, TUI_MSG_INFO, "not saved: %s changed on disk", a->path);
			return false;
		}
		return write_plan(a, a->path, NULL);
	}
	return write_plan(a, a->path, a->stamp.exists ? &a->stamp : NULL);
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
