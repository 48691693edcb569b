/*
 * tui.h - the terminal planner's entry point, for src/cli/cmd/cmd_tui.c.
 */
#ifndef KVPLAN_TUI_TUI_H
#define KVPLAN_TUI_TUI_H

#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/status.h"

/* The longest message line: every import note (kvplan/preset.h) joined,
 * or an error, whole (issue 31: a message is wrapped, never cut). */
#define TUI_MSG_MAX (KVP_MAX_NOTES * (KVP_NOTE_MAX + 2) + KVP_ERRMSG_MAX + 64)

/*
 * Run the planner on a copy of *plan until the user quits. `path` is the
 * plan file it came from (NULL: none, a save asks for a name); `notice`
 * is shown on the message line at start (importer assumptions), or NULL.
 * Returns the exit status: 0 after a quit, 128 + signal after SIGTERM,
 * SIGHUP or SIGINT, 2 when there is no usable terminal (message on
 * stderr). The terminal is restored on every path.
 */
int kvp_tui_run(const struct kvp_plan *plan, const char *path,
                const char *notice);

#endif
