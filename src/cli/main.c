/*
 * main.c - kvplan's entry point: dispatch on the subcommand table
 * (commands.c). With no subcommand (or a plan file / option first) the
 * terminal planner opens.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cmd/cmd_tui.h"
#include "cli/cmd/cmd_version.h"
#include "cli/commands.h"
#include "cli/suggest.h"

static void usage(FILE *f)
{
	size_t i, n;
	const struct kvp_command *commands = kvp_commands(&n);

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
	for (i = 0; i < n; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
	size_t i, n;
	const struct kvp_command *commands = kvp_commands(&n);

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	                 !strcmp(argv[1], "help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")))
		return kvp_cmd_version(1, argv + 1);
	if (argc > 1)
		for (i = 0; i < n; i++)
			if (!strcmp(argv[1], commands[i].name))
				return commands[i].fn(argc - 1, argv + 1);
	if (argc > 1 && argv[1][0] != '-' && !strchr(argv[1], '.') && !strchr(argv[1], '/')) {
		struct kvp_suggest sg;

		kvp_suggest_init(&sg, argv[1]);
		for (i = 0; i < n; i++)
			kvp_suggest_offer(&sg, commands[i].name);
		if (kvp_suggest_best(&sg))
			fprintf(stderr, "kvplan: unknown command '%s' (did you mean "
			        "'%s'? try kvplan --help)\n", argv[1],
			        kvp_suggest_best(&sg));
		else
			fprintf(stderr, "kvplan: unknown command '%s' (try kvplan "
			        "--help)\n", argv[1]);
		return 2;
	}
	/* No subcommand, a plan file or an option first: the planner. */
	return kvp_cmd_tui(argc, argv);
}
