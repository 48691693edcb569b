/*
 * cmd_calc.h - `kvplan calc`: the KV cache and memory of a plan (file and/or
 * flags).
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_CALC_H
#define KVPLAN_CLI_CMD_CMD_CALC_H

int kvp_cmd_calc(int argc, char **argv);

#endif
