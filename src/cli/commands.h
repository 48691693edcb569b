/*
 * commands.h - one entry per subcommand. Each kvp_cmd_X gets argv with
 * argv[0] = the subcommand name and returns the exit status: 0 success,
 * 1 a negative verdict (fit: does not fit), 2 bad input (one line on
 * stderr naming the flag or field and the value, nothing on stdout).
 */
#ifndef KVPLAN_CLI_COMMANDS_H
#define KVPLAN_CLI_COMMANDS_H

struct kvp_command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

int kvp_cmd_version(int argc, char **argv);
int kvp_cmd_calc(int argc, char **argv);
/* No subcommand: the terminal planner (cmd_tui.c). */
int kvp_cmd_tui(int argc, char **argv);
int kvp_cmd_import(int argc, char **argv);
int kvp_cmd_presets(int argc, char **argv);
/* `kvplan reconcile LOG [PLAN]`: a plan against an engine log (cmd_reconcile.c). */
int kvp_cmd_reconcile(int argc, char **argv);
/* `kvplan sweep --x AXIS=... --y AXIS=...`: a grid of verdicts (cmd_sweep.c). */
int kvp_cmd_sweep(int argc, char **argv);

/* `kvplan fit`: exit 0 every device fits, 1 one does not (cmd_fit.c). */
int kvp_cmd_fit(int argc, char **argv);
/* `kvplan solve --for WHAT` (cmd_solve.c). */
int kvp_cmd_solve(int argc, char **argv);
/* `kvplan solve --for deployment`: every deployment that fits, ranked
 * (cmd_search.c; kvp_cmd_solve hands it over). */
int kvp_cmd_solve_deployment(int argc, char **argv);
/* `kvplan solve --for models`: which models fit the cards, ranked
 * (cmd_solve_models.c; kvp_cmd_solve hands it over). */
int kvp_cmd_solve_models(int argc, char **argv);

/* `kvplan compare`: the plan under every engine side by side, with
 * --translate SETTING=VALUE the budget translation (cmd_compare.c). */
int kvp_cmd_compare(int argc, char **argv);

/* `kvplan completion bash|zsh` (commands.c): kvp_completion_run on the
 * command table. */
int kvp_cmd_completion(int argc, char **argv);

/* The subcommand table (commands.c): n entries. */
#include <stddef.h>
const struct kvp_command *kvp_commands(size_t *n);

/* `kvplan completion`'s work (cmd_completion.c): the script listing the
 * n commands of c. The table is passed in, so the completion stage never
 * calls up into the table that names it. */
int kvp_completion_run(int argc, char **argv, const struct kvp_command *c,
                       size_t n);

#endif
