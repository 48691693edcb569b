/*
 * cmd_tui.h - no subcommand: the terminal planner.
 * Exit status as commands.h says.
 */
#ifndef KVPLAN_CLI_CMD_CMD_TUI_H
#define KVPLAN_CLI_CMD_CMD_TUI_H

int kvp_cmd_tui(int argc, char **argv);

#endif
