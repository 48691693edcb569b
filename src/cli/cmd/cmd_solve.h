/*
 * cmd_solve.h - `kvplan solve --for WHAT`.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_SOLVE_H
#define KVPLAN_CLI_CMD_CMD_SOLVE_H

int kvp_cmd_solve(int argc, char **argv);

#endif
