/*
 * files.h - the planner's file actions: save (atomic, through
 * src/io/plan_json.h; refuses to overwrite a file changed on disk since it
 * was opened or saved unless the user says so), open a plan or record, and
 * export the Markdown report (src/io/report_md.h) of the current result.
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

#endif
