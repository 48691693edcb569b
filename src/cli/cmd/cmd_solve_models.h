/*
 * cmd_solve_models.h - `kvplan solve --for models`: which models fit the
 * cards, ranked (kvp_cmd_solve hands it over).
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_SOLVE_MODELS_H
#define KVPLAN_CLI_CMD_CMD_SOLVE_MODELS_H

int kvp_cmd_solve_models(int argc, char **argv);

#endif
