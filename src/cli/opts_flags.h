/*
 * opts_flags.h - the flags opts.c handles itself, one table row each
 * (opts_flags.c): the flags that are not one field of the field table
 * (kvplan/field.h), such as --model, --card, --layer or --format. A row
 * holds the flag, its value's name for --help (NULL: a switch), the help
 * line, its role for the plan's name, what pass 1 must know of it before
 * the plan file is read, and the function that checks and applies its
 * value in pass 2 (NULL: nothing left to do by then).
 */
#ifndef KVPLAN_CLI_OPTS_FLAGS_H
#define KVPLAN_CLI_OPTS_FLAGS_H

#include <stddef.h>

#include "cli/opts_types.h"

/* What a flag is to the plan's name (opts.c, name_flag_plan). */
enum kvp_own_role {
	KVP_OWN_PLAN = 0,   /* changes the plan (the default) */
	KVP_OWN_SHAPE,      /* changes the model's shape: the plan is "custom" */
	KVP_OWN_MODEL,      /* replaces the model (and any shape flag before) */
	KVP_OWN_OUTPUT      /* changes the output only, not the plan */
};

/* What pass 1 notes of a flag, before the plan file is read. */
enum {
	KVP_OWN_EARLY_HELP = 1u << 0,          /* --help: print the usage */
	KVP_OWN_EARLY_CARD = 1u << 1,          /* --card: overheads for a file */
	KVP_OWN_EARLY_OUTSIDE = 1u << 2,       /* the plan file may name any path */
	KVP_OWN_EARLY_DEFAULTS = 1u << 3,      /* --default-overheads */
	KVP_OWN_EARLY_NO_DEFAULTS = 1u << 4,   /* --no-default-overheads */
	KVP_OWN_EARLY_ASSUME = 1u << 5         /* --assume-layout, before --model */
};

/* Apply flag `flag` (without "--") with value v (NULL for a switch);
 * *cls is the class the class flags act on (--class sets it). */
typedef enum kvp_status (*kvp_own_fn)(struct kvp_opts *o, const char *flag,
                                      const char *v, size_t *cls,
                                      struct kvp_error *err);

struct kvp_own_flag {
	const char *flag;          /* without "--" */
	const char *metavar;       /* "SPEC", "N" (--help); NULL: a switch */
	const char *help;
	enum kvp_own_role role;
	unsigned early;            /* KVP_OWN_EARLY_* */
	kvp_own_fn apply;          /* pass 2; NULL: acted on in pass 1 */
};

/* The table (n rows), in --help order. */
const struct kvp_own_flag *kvp_own_flags(size_t *n);

/* The --format values o allows (its own list, or text and json). */
const char *const *kvp_opts_formats(const struct kvp_opts *o);

/* Prefix err's message with "--flag: " unless it already names it;
 * returns err->status. */
enum kvp_status kvp_opts_flag_error(struct kvp_error *err, const char *flag);

#endif
