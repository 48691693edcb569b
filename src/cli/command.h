/*
 * command.h - one subcommand: its name, its function and the one line
 * --help shows. The table of them is commands.c's (commands.h). A type
 * only, so the completion stage can read a table it does not own.
 */
#ifndef KVPLAN_CLI_COMMAND_H
#define KVPLAN_CLI_COMMAND_H

struct kvp_command {
	const char *name;
	int (*fn)(int argc, char **argv);   /* argv[0] = the name; exit status */
	const char *help;
};

#endif
