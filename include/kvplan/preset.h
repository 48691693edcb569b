/*
 * preset.h - shipped and user presets (models, cards, workloads) found by
 * name, and the `--model` argument resolved from a preset name, a preset
 * file or a Hugging Face config.json (file or folder).
 *
 * Search order for a name: $XDG_CONFIG_HOME/kvplan/<kind>/ (default
 * ~/.config/kvplan/<kind>/), then $KVPLAN_PRESETS/<kind>/, then the
 * source tree's presets/ (KVP_SRCDIR builds) and KVP_DATADIR/presets/.
 * A user preset overrides a shipped one of the same name.
 */
#ifndef KVPLAN_PRESET_H
#define KVPLAN_PRESET_H

#include <stddef.h>

#include "kvplan/devices.h"
#include "kvplan/model.h"
#include "kvplan/status.h"
#include "kvplan/workload.h"

enum kvp_preset_kind { KVP_PRESET_MODEL = 0, KVP_PRESET_CARD, KVP_PRESET_WORKLOAD, KVP_PRESET_KIND_COUNT };

/* Assumptions an importer made ("num_key_value_heads absent: MHA
 * assumed"), one line each, to be shown as warnings. */
#define KVP_MAX_NOTES 16
#define KVP_NOTE_MAX  1024   /* a note, whole (issue 31: never cut) */
struct kvp_notes {
	unsigned n;
	char line[KVP_MAX_NOTES][KVP_NOTE_MAX];
};

/* Resolve a model spec (preset name, preset file, config.json or a folder
 * holding one) into *m. notes may be NULL. */
enum kvp_status kvp_model_load_spec(const char *spec, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err);
/* The same with import flags (KVP_IMPORT_ASSUME_LAYOUT, import.h) for a
 * config.json. */
enum kvp_status kvp_model_load_spec_opts(const char *spec, unsigned flags,
                                         struct kvp_model *m,
                                         struct kvp_notes *notes,
                                         struct kvp_error *err);

/* A card spec: preset name or file. */
enum kvp_status kvp_card_load_spec(const char *spec, struct kvp_card *c,
                                   struct kvp_error *err);

/* A workload spec: preset name or file. */
enum kvp_status kvp_workload_load_spec(const char *spec,
                                       struct kvp_workload *w,
                                       struct kvp_error *err);

/* Call fn(name, path, one-line description, user_override, ctx) for every
 * preset of a kind, sorted by name; user presets shadow shipped ones. */
typedef void (*kvp_preset_fn)(const char *name, const char *path,
                              const char *desc, int user, void *ctx);
enum kvp_status kvp_presets_list(enum kvp_preset_kind kind, kvp_preset_fn fn,
                                 void *ctx, struct kvp_error *err);

/*
 * A preset name as a person types it, to the preset's file (path): the
 * file stem in any case, a card alias ("h100", "4090"), a model's Hugging
 * Face id in any case ("meta-llama/Llama-3.1-70B"), or an instruct/chat
 * variant of a model preset ("llama-3.1-70b-instruct"). Case, '-', '_'
 * and ' ' are ignored. note (may be NULL) receives one line when the
 * name was not the preset's own ("h100 taken as H100 SXM5 80 GB ...");
 * it is empty otherwise. Misses: KVP_ENOTFOUND, err naming the three
 * nearest names; a name starting several presets' names: KVP_EINVAL, err
 * listing them. Reads only presets (a caller with other sources - a
 * Hugging Face cache - tries this first and goes on after KVP_ENOTFOUND).
 */
enum kvp_status kvp_preset_find(enum kvp_preset_kind k, const char *typed,
                                char *path, size_t n, char *note,
                                size_t note_n, struct kvp_error *err);

/* The card alias table, row by row: alias, preset stem, note (NULL when
 * the alias names one board). */
typedef void (*kvp_alias_fn)(const char *alias, const char *preset,
                             const char *note, void *ctx);
void kvp_card_aliases(kvp_alias_fn fn, void *ctx);

/* kvp_card_load_spec, and the note kvp_preset_find gives (may be NULL). */
enum kvp_status kvp_card_load_named(const char *spec, struct kvp_card *c,
                                    char *note, size_t note_n,
                                    struct kvp_error *err);

#endif
