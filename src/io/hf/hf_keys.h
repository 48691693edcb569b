/*
 * hf_keys.h - THE table of layout-shaped config keys that do not change
 * the cache (src/io/hf/hf_keys.c): each row names the key (a glob, `*` any
 * run), the values for which it changes nothing the cache depends on,
 * what it does change, and the engine source read. A layout-shaped key
 * no reader took is refused (hf_cfg.c) unless a row holds for its value.
 */
#ifndef KVPLAN_IO_HF_KEYS_H
#define KVPLAN_IO_HF_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

/* The values for which a row's key leaves the cache as the other keys
 * say it is. */
enum hf_key_when {
	HF_KEY_ANY,       /* every value: compute, weights or positions only */
	HF_KEY_ONE,       /* the number 1 */
	HF_KEY_ALL_ONE,   /* a non-empty list whose every entry is 1 */
};

struct hf_key_row {
	const char *key;          /* glob over the key's name */
	const char *example;      /* a key of a config it matches */
	enum hf_key_when when;
	const char *changes;      /* what the key changes instead */
	const char *source;       /* where that was read */
};

/* The row whose key matches `name` and whose condition holds for `v`,
 * or NULL. */
const struct hf_key_row *hf_key_neutral(const char *name, const cJSON *v);
/* The whole table, for tests and docs: *n rows. */
const struct hf_key_row *hf_key_rows(size_t *n);
/* A key of a layout shape (hf_cfg.c layout_shapes[]): refused when
 * present, unread and no row of this table holds for it. */
bool hf_layout_shaped(const char *key);
/* `*` glob, shared with hf_cfg.c's shape lists. */
bool hf_glob(const char *pattern, const char *s);

#endif
