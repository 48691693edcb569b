/*
 * cmd_fit.h - `kvplan fit`: exit 0 every device fits, 1 one does not.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_FIT_H
#define KVPLAN_CLI_CMD_CMD_FIT_H

int kvp_cmd_fit(int argc, char **argv);

#endif
