/*
 * emit.h - the parts every computing subcommand (calc, fit, compare,
 * solve) shares around its own work: the one-line error on stderr with
 * exit status 2, option parsing with --help and the one-plan-file rule,
 * and writing the finished output (to stdout, checked, or atomically to a
 * file). Each subcommand keeps only what it computes and prints.
 */
#ifndef KVPLAN_CLI_EMIT_H
#define KVPLAN_CLI_EMIT_H

#include <stddef.h>
#include <stdio.h>

#include "cli/opts.h"

/* kvp_emit_parse's "carry on" value; any other value is an exit status. */
#define KVP_EMIT_GO (-1)

/* "kvplan CMD: msg" on stderr; returns 2 (bad input). */
int kvp_emit_fail(const char *cmd, const char *msg);

/*
 * kvp_opts_parse (o->cmd names the command), then: --help printed -> 0;
 * an error -> its line, 2; a second positional -> "'X': unexpected
 * argument (CMD takes one plan file)", 2; otherwise KVP_EMIT_GO.
 */
int kvp_emit_parse(struct kvp_opts *o, int argc, char **argv);

/*
 * kvp_opts_parse of argv[0..argc) after kvp_launch_prepare (launch.h): a
 * launch command, --launch or --env read into o (o->launch keeps its
 * notes); --emit refused (a calc and solve option). For the commands that
 * write no command back (sweep, the planner). Here rather than in
 * launch/, so the launch stage never calls up into opts.c.
 */
enum kvp_status kvp_emit_parse_launch(struct kvp_opts *o, int argc, char **argv,
                                      struct kvp_error *err);

/* A JSON text `s` (owned, freed here; NULL = out of memory) on stdout,
 * with a final newline when it has none. Returns 0 or 2. */
int kvp_emit_json(const char *cmd, char *s);

/* Flush stdout and check it: "writing the output: <errno text>", 2 on
 * failure; 0 otherwise. */
int kvp_emit_flush(const char *cmd);

/* buf[0..len) to `output` atomically (temp file, fsync, rename), or to
 * stdout when output is NULL (then flushed and checked). Returns 0 or 2. */
int kvp_emit_write(const char *cmd, const char *output, const char *buf,
                   size_t len);

#endif
