/*
 * files.h - the planner's file actions: save (atomic, through
 * src/io/plan/plan_json.h; refuses to overwrite a file changed on disk since it
 * was opened or saved unless the user says so), open a plan or record, and
 * export the Markdown report (src/io/report/report_md.h) of the current result.
 */
#ifndef KVPLAN_TUI_FILES_H
#define KVPLAN_TUI_FILES_H

#include <stdbool.h>

#include "tui/app.h"

/* Save to a->path (asking for a name when there is none). True when the
 * plan is on disk afterwards. */
bool tui_files_save(struct tui_app *a);
void tui_files_open(struct tui_app *a);
void tui_files_export(struct tui_app *a);

/* When SIGTERM or SIGHUP ends the planner with unsaved edits: write the
 * plan to $XDG_STATE_HOME/kvplan/recovery.json (~/.local/state/...) and
 * the path it belongs to beside it. True when written. */
bool tui_files_recovery_write(struct tui_app *a);

/* At start: when a recovery file is there, ask to recover it (the plan
 * becomes the edited, unsaved plan of its file), discard it or keep it
 * for later. */
void tui_files_recovery_offer(struct tui_app *a);

#endif
