/*
 * cmd_search.h - `kvplan solve --for deployment`: every deployment that
 * fits, ranked (kvp_cmd_solve hands it over).
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_SEARCH_H
#define KVPLAN_CLI_CMD_CMD_SEARCH_H

int kvp_cmd_solve_deployment(int argc, char **argv);

#endif
