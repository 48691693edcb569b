/*
 * field.h - the one table of editable plan fields.
 *
 * Each entry names a field of struct kvp_plan once: its JSON key path, CLI
 * flag, label, section, type, range, choices and help. The TUI form, the
 * plan/preset loader and saver, `kvplan calc --help` and the man page are
 * all built from this table, so they cannot drift. Setting a field from
 * text parses and range-checks it; nothing is written on error.
 *
 * Fields inside arrays (workload.classes[i].*, devices.groups[i].*) are
 * marked `indexed` and
 * take an index; the others ignore it.
 */
#ifndef KVPLAN_FIELD_H
#define KVPLAN_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/status.h"

enum kvp_field_type {
	KVP_FT_U32,        /* decimal, separators "_" and "," accepted */
	KVP_FT_U64,
	KVP_FT_I32,        /* may be -1 */
	KVP_FT_BOOL,       /* true/false, yes/no, on/off, 1/0 */
	KVP_FT_PPM,        /* fraction 0..1 written "0.9" or "90%" */
	KVP_FT_BYTES,      /* bytes; suffixes B, KB, MB, GB, TB (10^n) and
	                      KiB, MiB, GiB, TiB (2^n) accepted on input */
	KVP_FT_DTYPE,      /* a format by name: a whole struct kvp_format
	                      when size == sizeof(struct kvp_format)
	                      ("groupq:bits=4:group_size=64" text form for
	                      group-quantized), else an enum kvp_dtype
	                      (plain formats only) */
	KVP_FT_WDTYPE,     /* enum kvp_wdtype by name */
	KVP_FT_ENUM,       /* one of `choices`, stored as an int-sized enum */
	KVP_FT_STRING,     /* char[size] */
	KVP_FT_TRISTATE    /* auto/on/off */
};

enum kvp_section {
	KVP_SEC_MODEL = 0,
	KVP_SEC_WORKLOAD,
	KVP_SEC_STRATEGY,
	KVP_SEC_ENGINE,
	KVP_SEC_DEVICES,
	KVP_SEC_COUNT
};

/* The array an indexed field belongs to (meaningful when `indexed`). */
enum kvp_field_array {
	KVP_ARR_CLASSES = 0,    /* workload.classes[i], grows n_classes */
	KVP_ARR_GROUPS,         /* devices.groups[i], grows n_groups */
	KVP_ARR_OVERHEADS,      /* devices.overheads[i], grows n_overheads */
	KVP_ARR_COUNT
};

struct kvp_field {
	const char *key;       /* JSON path, "model.base.kv_heads" */
	const char *flag;      /* CLI long flag without "--", or NULL */
	const char *label;     /* form label, <= 20 columns */
	enum kvp_section section;
	enum kvp_field_type type;
	uint64_t min, max;     /* inclusive range for numeric types */
	const char *const *choices; /* NULL-terminated, KVP_FT_ENUM */
	const char *help;      /* one line */
	size_t offset;         /* offsetof(struct kvp_plan, ...) */
	size_t size;           /* sizeof the member */
	bool indexed;          /* member of an array (see `array`) */
	/* For KVP_FT_ENUM/DTYPE fields of an engine: which engine (or
	 * KVP_ENGINE_COUNT when it applies to all). Used to show only the
	 * chosen engine's options. */
	int engine;
	enum kvp_field_array array; /* which array, when indexed */
};

/* Elements of an indexed field's array: the bound on `index` and the
 * number in use in p (classes: n_classes, ...). Setting an indexed field
 * at index >= the number in use grows it to index + 1, new elements
 * blank with their defaults (samples 1, count 1). */
size_t kvp_field_array_max(enum kvp_field_array a);
size_t kvp_field_array_used(const struct kvp_plan *p, enum kvp_field_array a);

size_t kvp_field_count(void);
const struct kvp_field *kvp_field_at(size_t i);
const char *kvp_section_name(enum kvp_section s);

/* Look up by JSON key path or by CLI flag; NULL when absent. */
const struct kvp_field *kvp_field_by_key(const char *key);
const struct kvp_field *kvp_field_by_flag(const char *flag);

/* Parse `text` and store it in the plan (class `index` when indexed).
 * On error nothing is written and the message names the key and text. */
enum kvp_status kvp_field_set(struct kvp_plan *p, const struct kvp_field *f,
                              size_t index, const char *text,
                              struct kvp_error *err);

/* Write the field's value as text (the form loader's round trip). */
void kvp_field_format(const struct kvp_plan *p, const struct kvp_field *f,
                      size_t index, char *buf, size_t n);

#endif
