/*
 * status.h - errors as values.
 *
 * Every fallible kvplan call returns an enum kvp_status and, when it is not
 * KVP_OK, fills a caller-owned struct kvp_error whose message names the field
 * path and the bad value ("model.layers[3].kv_heads: 0 - must be at least 1").
 * The core never exits and never prints; only front ends turn an error into
 * an exit status (2 for bad input in the CLI) or an inline message (TUI).
 */
#ifndef KVPLAN_STATUS_H
#define KVPLAN_STATUS_H

#include <stddef.h>

enum kvp_status {
	KVP_OK = 0,
	KVP_EINVAL,     /* a field or flag holds a bad value */
	KVP_ERANGE,     /* a value is outside its allowed range */
	KVP_EOVERFLOW,  /* a byte or token figure does not fit in 64 bits */
	KVP_EREFUSED,   /* the chosen engine refuses this setting (its words) */
	KVP_EIO,        /* a file could not be read or written */
	KVP_EPARSE,     /* a file is not well-formed */
	KVP_ENOMEM,     /* allocation failed */
	KVP_ENOTFOUND,  /* a named preset, file or field does not exist */
	KVP_STATUS_COUNT
};

/* Fixed-size so it can live on the stack and inside a result. */
#define KVP_ERRMSG_MAX 4608  /* a path of PATH_MAX (4,096 bytes) and the
                                words around it stay whole (issue 31: no
                                message is cut); vLLM's refusals run past
                                400 characters */

struct kvp_error {
	enum kvp_status status;
	char msg[KVP_ERRMSG_MAX];   /* one line, no trailing newline */
};

/* Short stable name of a status ("invalid value", "overflow", ...). */
const char *kvp_status_str(enum kvp_status st);

/* Clear err (status KVP_OK, empty message). err may be NULL. */
void kvp_error_clear(struct kvp_error *err);

/*
 * Record st and a printf-style message in err (may be NULL) and return st,
 * so callers can write `return kvp_error_set(err, KVP_EINVAL, "...", ...);`.
 * The message is truncated to KVP_ERRMSG_MAX - 1 bytes.
 */
enum kvp_status kvp_error_set(struct kvp_error *err, enum kvp_status st,
                              const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Prefix the existing message with "prefix: " (e.g. a file name). */
void kvp_error_prefix(struct kvp_error *err, const char *prefix);

#endif
