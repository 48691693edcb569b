/*
 * opts_types.h - the types of the shared option parsing (opts.h): a
 * subcommand's own flag (struct kvp_opt_extra) and the parse's settings
 * and results (struct kvp_opts). Apart from opts.h so the flag table
 * (opts_flags.c) can act on a struct kvp_opts without including the
 * parser it is called by.
 */
#ifndef KVPLAN_CLI_OPTS_TYPES_H
#define KVPLAN_CLI_OPTS_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "io/file.h"
#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/status.h"

struct kvp_launch;

/* A flag only one subcommand knows: `fn(ctx, value)` runs when it is
 * met, in order; value is NULL when takes_value is false. */
struct kvp_opt_extra {
	const char *flag;          /* without "--" */
	bool takes_value;
	const char *metavar;       /* "N", "FILE" (help only) */
	const char *help;
	enum kvp_status (*fn)(void *ctx, const char *value, struct kvp_error *err);
};

#define KVP_OPTS_MAX_ARGS 8

struct kvp_opts {
	/* Set by the caller before kvp_opts_parse: */
	const char *cmd;            /* "calc": messages and --help */
	const char *usage;          /* "[PLAN.json] [OPTIONS]" */
	const char *const *formats; /* allowed --format values, NULL-terminated;
	                               NULL = text and json */
	int plan_arg;               /* which positional is a plan file (0 =
	                               the first, -1 = none); default 0 */
	int max_args;               /* positionals allowed (-1 = any number,
	                               up to KVP_OPTS_MAX_ARGS); default 1 */
	const struct kvp_opt_extra *extra;
	size_t n_extra;
	void *ctx;                  /* passed to extra[i].fn */
	bool one_engine;            /* the command computes the plan's engine
	                               only (calc, fit, solve): a flag of
	                               another engine's options gets a note,
	                               as it changes nothing */

	/* Filled by kvp_opts_parse: */
	struct kvp_plan plan;
	bool have_plan_file;
	struct kvp_file_stamp plan_stamp;
	const char *plan_path;
	char format[16];            /* "text" unless --format */
	bool format_given;          /* --format was on the command line */
	bool per_layer;
	bool help;                  /* --help was given: usage printed */
	bool name_given;            /* --name was met (so far, in pass 2) */
	int n_args;                 /* positionals (plan file included) */
	const char *args[KVP_OPTS_MAX_ARGS];
	struct kvp_notes notes;     /* importer assumptions from --model */
	const char *card_count_flag; /* "--card h100x1" or "--cards": the count
	                               was given, not one card standing for
	                               every device (NULL: not given) */
	bool assume_layout;         /* --assume-layout given (pass 1) */
	char card_note[200];        /* the card alias taken (--card h100) */
	char strategy_flag[64];     /* the first generic-strategy flag given
	                               ("resident-layers"), "" none */
	char strategy_val[64];      /* its value */
	const char *strategy_key;   /* its field ("strategy.resident_layers") */
	struct kvp_launch *launch;  /* the launch command read (launch.h), owned;
	                               its emit is --emit ENGINE */
};

#endif
