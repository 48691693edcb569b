/*
 * cmd_compare.h - `kvplan compare`: the plan under every engine side by
 * side, with --translate SETTING=VALUE the budget translation.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_COMPARE_H
#define KVPLAN_CLI_CMD_CMD_COMPARE_H

int kvp_cmd_compare(int argc, char **argv);

#endif
