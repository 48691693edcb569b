/*
 * files.h - the planner's file actions: save (atomic, through
 * src/io/plan_json.h; refuses to overwrite a file changed on disk since it
 * was opened or saved unless the user says so), open a plan or record, and
 * export a text report of the current result.
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

/* Write the text report of a's current result to buf (for export and
 * tests); returns the length written (truncated at n - 1). */
size_t tui_report_text(const struct tui_app *a, char *buf, size_t n);

#endif
