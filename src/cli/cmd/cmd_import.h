/*
 * cmd_import.h - `kvplan import PATH`: a model preset, or a per-layer summary.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_IMPORT_H
#define KVPLAN_CLI_CMD_CMD_IMPORT_H

int kvp_cmd_import(int argc, char **argv);

#endif
