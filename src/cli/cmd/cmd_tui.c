/*
 * cmd_tui.c - `kvplan` with no subcommand: the terminal planner.
 *
 *   kvplan                         the default scenario (kvp_plan_default)
 *   kvplan PLAN.json               a plan or record file
 *   kvplan --model NAME-or-config.json [--card NAME[xN]] [--FIELD V ...]
 *
 * Options are the computing subcommands' (src/cli/opts.h), so a flag means
 * the same thing here as in `kvplan calc`. Bad input: one line on stderr,
 * exit status 2, nothing on stdout, and the terminal is never touched.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cmd/cmd_tui.h"
#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "kvplan/plan.h"
#include "tui/tui.h"

int kvp_cmd_tui(int argc, char **argv)
{
	struct kvp_opts o;
	struct kvp_error err;
	struct kvp_plan p;
	char notice[TUI_MSG_MAX];   /* the notes joined, whole */
	unsigned i;
	size_t pos = 0;
	int st;

	if (argc <= 1) {
		kvp_plan_default(&p);
		/* as `kvplan calc` starts: the cache length follows the
		 * requests (the longest sequence), so a longer prompt typed in
		 * the planner is not refused by a fixed 4,096 */
		p.strategy.max_cache_len = 0;
		return kvp_tui_run(&p, NULL, NULL);
	}
	kvp_opts_init(&o, "kvplan", "[PLAN.json] [--model SPEC] [--card NAME[xN]] [OPTIONS]");
	if (kvp_emit_parse_launch(&o, argc, argv, &err) != KVP_OK) {
		fprintf(stderr, "kvplan: %s\n", err.msg);
		kvp_opts_free(&o);
		return 2;
	}
	if (o.help) {
		kvp_launch_help(stdout, false);
		kvp_opts_free(&o);
		return 0;
	}
	if (o.n_args > (o.have_plan_file ? 1 : 0)) {
		fprintf(stderr, "kvplan: unexpected argument '%s' (one plan file at most)\n",
		        o.args[o.have_plan_file ? 1 : 0]);
		kvp_opts_free(&o);
		return 2;
	}
	kvp_launch_notes(o.launch, &o.notes);   /* -- COMMAND: its notes */
	notice[0] = '\0';
	for (i = 0; i < o.notes.n && pos < sizeof notice; i++) {
		int k = snprintf(notice + pos, sizeof notice - pos, "%s%s",
		                 i ? "; " : "assumed: ", o.notes.line[i]);
		if (k < 0)
			break;
		pos += (size_t)k;
	}
	st = kvp_tui_run(&o.plan, o.have_plan_file ? o.plan_path : NULL, notice);
	kvp_opts_free(&o);
	return st;
}
