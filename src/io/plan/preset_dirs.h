/*
 * preset_dirs.h - the preset search folders seen from inside io/plan
 * (preset_dirs.c); the listing itself is kvp_presets_list in
 * kvplan/preset.h.
 */
#ifndef KVPLAN_IO_PRESET_DIRS_H
#define KVPLAN_IO_PRESET_DIRS_H

#include <stdbool.h>
#include <stddef.h>

#include "kvplan/preset.h"

/* Longest preset path held, bytes. */
#define KVP_PRESET_PATH_MAX 4096

/* When `name` is a plain file stem (letters, digits, '.', '-', '_') and
 * <folder>/<name>.json exists in one of kind k's search folders, the
 * first such path into out[n] and true; otherwise false (out undefined). */
bool kvp_preset_path_exact(enum kvp_preset_kind k, const char *name,
                           char *out, size_t n);

#endif
