/*
 * opts.h - the option parsing every computing subcommand shares: builds a
 * struct kvp_plan from an optional plan file (or record) argument, then
 * `--model`, `--workload`, `--card` and every field flag of the field
 * table (kvplan/field.h), applied in command-line order so later flags
 * override the file and earlier flags. Also `--format`, `--per-layer`,
 * `--help`, and command-specific flags the caller passes in.
 *
 * Flags with a value accept `--flag V` and `--flag=V`; boolean fields are
 * `--flag` (true), `--no-flag` (false) or `--flag=false`. Class flags
 * (--concurrency, --prompt, --gen, --samples, ...) act on class 0, or on
 * the class chosen by the last `--class N`. Aliases: --kv-dtype sets K and
 * V formats, --head-dim both dims; --window W on a full-attention base
 * makes it sliding. Without a plan file the plan starts as the worked
 * example of DESIGN.md (kvp_plan_default) with strategy.max_cache_len 0
 * (the longest sequence), so changing lengths needs no other flag.
 * `--model` then also names the plan after the model (its id) unless a
 * plan file or an earlier --name set the name.
 *
 * Overheads: the worked example carries the documented runtime overheads
 * (kvp_overheads_default); `--card` brings them to a plan file that lists
 * none. Both are completed after every flag (tp_comm when --tp/--pp > 1);
 * `--no-default-overheads` leaves them all out, `--overhead` entries of
 * the same name win.
 *
 * Errors: one line (in err) naming the flag, the field and the value.
 */
#ifndef KVPLAN_CLI_OPTS_H
#define KVPLAN_CLI_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/opts_types.h"
#include "kvplan/plan.h"
#include "kvplan/status.h"

/* Fill defaults for the caller-set part (cmd, usage, plan_arg 0). */
void kvp_opts_init(struct kvp_opts *o, const char *cmd, const char *usage);

/*
 * Parse argv[1..argc-1] (argv[0] is the subcommand). On --help prints the
 * usage to `help_out` and sets o->help. Returns KVP_OK or an error whose
 * message is one line starting with the flag. The plan may own a ragged
 * list loaded from the file: release it with kvp_opts_free.
 */
enum kvp_status kvp_opts_parse(struct kvp_opts *o, int argc, char **argv,
                               FILE *help_out, struct kvp_error *err);
void kvp_opts_free(struct kvp_opts *o);

/*
 * The refusal calc gives under engine e for the generic-strategy flag
 * the line holds (strategy.* fields no named engine reads), or KVP_OK:
 * the one validation of that flag, applied by compare to each engine's
 * row as calc applies it to the plan's engine.
 */
enum kvp_status kvp_opts_engine_check(const struct kvp_opts *o,
                                      enum kvp_engine_kind e,
                                      struct kvp_error *err);

/* The flag list generated from the field table (for --help and docs). */
void kvp_opts_print_help(const struct kvp_opts *o, FILE *out);

#endif
