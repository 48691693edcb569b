/*
 * cmd_completion.h - `kvplan completion bash|zsh`'s work: the script
 * listing the n commands of c. The table is passed in (commands.c does),
 * so the completion stage never calls up into the table that names it.
 */
#ifndef KVPLAN_CLI_CMD_CMD_COMPLETION_H
#define KVPLAN_CLI_CMD_CMD_COMPLETION_H

#include <stddef.h>

#include "cli/command.h"

int kvp_completion_run(int argc, char **argv, const struct kvp_command *c,
                       size_t n);

#endif
