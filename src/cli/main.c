/*
 * main.c - kvplan's entry point: a subcommand table. With no subcommand
 * (or a plan file / option first) the terminal planner opens.
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"

static const struct kvp_command commands[] = {
	{ "calc", kvp_cmd_calc, "compute the KV cache of a plan (file and/or flags)" },
	{ "version", kvp_cmd_version, "print the version" },
	{ "import", kvp_cmd_import, "turn a Hugging Face config.json into a model preset" },
	{ "presets", kvp_cmd_presets, "list shipped and user presets (models, cards, workloads)" },
	{ "reconcile", kvp_cmd_reconcile, "set a plan against the sizes an engine log states" },
	{ "sweep", kvp_cmd_sweep, "a grid over two fields: fits or not, and the binding figure" },
	{ "fit", kvp_cmd_fit, "does the plan fit on every device? (exit 0 yes, 1 no)" },
	{ "compare", kvp_cmd_compare, "the same plan under every engine, differences explained" },
	{ "solve", kvp_cmd_solve, "answer backwards: --for concurrency|length|kv-format|cards|max-model-len|throughput|deployment" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
	        "usage: kvplan [PLAN.json] [OPTIONS]   the planner (a terminal UI) on a plan\n"
	        "                                      file, or the worked example\n"
	        "       kvplan COMMAND [ARGS] [OPTIONS]\n"
	        "       kvplan --version | -V\n"
	        "       kvplan [COMMAND] --help | -h\n"
	        "\nOptions are the same for the planner and the commands (kvplan calc --help\n"
	        "lists them); the man page kvplan(1) has the whole story, kvplan-plan(5) the\n"
	        "plan file.\n"
	        "\ncommands:\n");
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	                 !strcmp(argv[1], "help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")))
		return kvp_cmd_version(1, argv + 1);
	if (argc > 1)
		for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
			if (!strcmp(argv[1], commands[i].name))
				return commands[i].fn(argc - 1, argv + 1);
	if (argc > 1 && argv[1][0] != '-' && !strchr(argv[1], '.') && !strchr(argv[1], '/')) {
		fprintf(stderr, "kvplan: unknown command '%s' (try kvplan --help)\n", argv[1]);
		return 2;
	}
	/* No subcommand, a plan file or an option first: the planner. */
	return kvp_cmd_tui(argc, argv);
}
