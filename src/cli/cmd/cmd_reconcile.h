/*
 * cmd_reconcile.h - `kvplan reconcile LOG [PLAN]`: a plan against an engine log.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_RECONCILE_H
#define KVPLAN_CLI_CMD_CMD_RECONCILE_H

int kvp_cmd_reconcile(int argc, char **argv);

#endif
