/*
 * cmd_version.h - `kvplan version` (also --version and -V): the version.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_VERSION_H
#define KVPLAN_CLI_CMD_CMD_VERSION_H

int kvp_cmd_version(int argc, char **argv);

#endif
