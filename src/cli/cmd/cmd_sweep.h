/*
 * cmd_sweep.h - `kvplan sweep --x AXIS=... --y AXIS=...`: a grid of verdicts.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_SWEEP_H
#define KVPLAN_CLI_CMD_CMD_SWEEP_H

int kvp_cmd_sweep(int argc, char **argv);

#endif
