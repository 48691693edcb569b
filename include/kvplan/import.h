/*
 * import.h - a Hugging Face config.json turned into a kvplan model, with
 * the engines' own rules for missing or renamed fields. Every assumption
 * is reported in notes. Bad input gives KVP_EPARSE/KVP_EINVAL with a
 * message naming the file, the field path and the value.
 */
#ifndef KVPLAN_IMPORT_H
#define KVPLAN_IMPORT_H

#include <stddef.h>

#include "kvplan/model.h"
#include "kvplan/preset.h"
#include "kvplan/status.h"

/* Largest config file accepted, bytes. */
#define KVP_IMPORT_MAX_BYTES (4u * 1024u * 1024u)

/* text[len] is the config's JSON; `name` is used in messages. */
enum kvp_status kvp_hf_import_text(const char *text, size_t len,
                                   const char *name, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err);

/* path is a config.json or a folder holding one. */
enum kvp_status kvp_hf_import_path(const char *path, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err);

/*
 * Import flags. KVP_IMPORT_ASSUME_LAYOUT: a config whose model_type
 * kvplan does not know, or that holds a layout key kvplan does not read
 * (hybrid patterns, per-kind heads, indexers...), is imported anyway with
 * the layout kvplan did read; model.layout_assumed names the key and every
 * output warns (KVP-W16). Without it such a config is refused naming the
 * key and its value.
 */
#define KVP_IMPORT_ASSUME_LAYOUT 1u

enum kvp_status kvp_hf_import_text_opts(const char *text, size_t len,
                                        const char *name, unsigned flags,
                                        struct kvp_model *m,
                                        struct kvp_notes *notes,
                                        struct kvp_error *err);
enum kvp_status kvp_hf_import_path_opts(const char *path, unsigned flags,
                                        struct kvp_model *m,
                                        struct kvp_notes *notes,
                                        struct kvp_error *err);

#endif
