/*
 * commands.c - the subcommand table (commands.h): name, function and the
 * one line --help shows. main.c dispatches on it; `kvplan completion`
 * generates the shells' command lists from it.
 *
 * The folder src/cli/cmd/ holds one file per subcommand (cmd_NAME.c,
 * its function in cmd_NAME.h): each parses its flags through opts.c's
 * tables, calls the core (kvp_compute, kvp_solve, kvp_compare, ...) and
 * prints through src/cli/out/ or src/io/report/; none computes a figure.
 * A new subcommand is a file there and a row of the table here.
 */
#include <stddef.h>

#include "cli/cmd/cmd_calc.h"
#include "cli/cmd/cmd_compare.h"
#include "cli/cmd/cmd_completion.h"
#include "cli/cmd/cmd_fit.h"
#include "cli/cmd/cmd_import.h"
#include "cli/cmd/cmd_presets.h"
#include "cli/cmd/cmd_reconcile.h"
#include "cli/cmd/cmd_solve.h"
#include "cli/cmd/cmd_sweep.h"
#include "cli/cmd/cmd_version.h"
#include "cli/commands.h"

static const struct kvp_command commands[] = {
	{ "calc", kvp_cmd_calc, "compute the KV cache of a plan (file and/or flags)" },
	{ "version", kvp_cmd_version, "print the version" },
	{ "import", kvp_cmd_import, "turn a Hugging Face config.json into a model preset" },
	{ "presets", kvp_cmd_presets, "list shipped and user presets (models, cards, workloads)" },
	{ "reconcile", kvp_cmd_reconcile, "set a plan against the sizes an engine log states" },
	{ "sweep", kvp_cmd_sweep, "a grid over two fields: fits or not, and the binding figure" },
	{ "fit", kvp_cmd_fit, "does the plan fit? (exit 0 fits, 4 fits but requests wait, 1 no)" },
	{ "compare", kvp_cmd_compare, "the same plan under every engine, differences explained" },
	{ "solve", kvp_cmd_solve, "answer backwards: --for concurrency|length|kv-format|cards|max-model-len|throughput|deployment" },
	{ "completion", kvp_cmd_completion, "print a bash or zsh completion script" },
};

const struct kvp_command *kvp_commands(size_t *n)
{
	*n = sizeof commands / sizeof commands[0];
	return commands;
}

int kvp_cmd_completion(int argc, char **argv)
{
	return kvp_completion_run(argc, argv, commands,
	                          sizeof commands / sizeof commands[0]);
}
