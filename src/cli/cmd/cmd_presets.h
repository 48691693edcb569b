/*
 * cmd_presets.h - `kvplan presets [KIND]`: the shipped and user presets.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_PRESETS_H
#define KVPLAN_CLI_CMD_CMD_PRESETS_H

int kvp_cmd_presets(int argc, char **argv);

#endif
