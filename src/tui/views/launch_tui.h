/*
 * launch_tui.h - the planner's side of launch commands (cli/launch/launch.h):
 * the Open prompt also takes an engine's command line, typed or in a
 * file, and Ctrl-Y copies the command that runs the plan.
 */
#ifndef KVPLAN_TUI_LAUNCH_TUI_H
#define KVPLAN_TUI_LAUNCH_TUI_H

#include <stdbool.h>

#include "tui/app.h"

/*
 * `text` as the Open prompt got it: an engine's command (vllm serve ...)
 * or a file holding one (not a JSON plan). Read as `kvplan calc -- ...`
 * reads it, on the current plan's cards. Returns false when text is
 * neither (then it is a plan file); true when handled: the plan is
 * replaced, or an error message says why not and the plan stays.
 */
bool tui_launch_open(struct tui_app *a, const char *text);

/* The command that runs the plan under its engine (vllm serve,
 * llama-server, python -m sglang.launch_server, trtllm-serve), sent to
 * the terminal's
 * clipboard with the OSC 52 escape; the message line shows it. */
void tui_launch_copy(struct tui_app *a);

/* The OSC 52 escape that puts s[0..n) on the clipboard, into out (cap
 * bytes, NUL-terminated); false when it does not fit. */
bool tui_osc52(const char *s, size_t n, char *out, size_t cap);

#endif
