/*
 * commands.h - the subcommand table (commands.c). Each command's function
 * is declared in its own header (cli/cmd/cmd_X.h) and gets argv with
 * argv[0] = the subcommand name; it returns the exit status: 0 success,
 * 1 a negative verdict (fit: does not fit), 2 bad input (one line on
 * stderr naming the flag or field and the value, nothing on stdout).
 */
#ifndef KVPLAN_CLI_COMMANDS_H
#define KVPLAN_CLI_COMMANDS_H

#include <stddef.h>

#include "cli/command.h"

/* The subcommand table: n entries. */
const struct kvp_command *kvp_commands(size_t *n);

/* `kvplan completion bash|zsh`: kvp_completion_run (cmd/cmd_completion.h)
 * on the table. */
int kvp_cmd_completion(int argc, char **argv);

#endif
