/*
 * model_files.h - a model read from the files people have: a GGUF file,
 * a folder holding config.json and *.safetensors, or a model in the
 * local Hugging Face cache. The weight bytes come from the files' own
 * tensor descriptions (model.tensors); only headers are read, never
 * tensor data, and nothing is fetched from the network.
 *
 * Every assumption is one line in *notes (may be NULL); bad input gives
 * KVP_EPARSE/KVP_EINVAL/KVP_ERANGE with one line naming the file, the
 * key or tensor and the value. Nothing is written to *m on error.
 */
#ifndef KVPLAN_MODEL_FILES_H
#define KVPLAN_MODEL_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "kvplan/model.h"
#include "kvplan/preset.h"
#include "kvplan/status.h"

/* True when path names a GGUF file by its extension (".gguf"). */
bool kvp_is_gguf_name(const char *path);

/* True when path is a GGUF file: its name, or a regular file starting
 * with the magic "GGUF". */
bool kvp_is_gguf_file(const char *path);

/* Any model path: a GGUF file, a folder with safetensors weights (and
 * config.json), or a config.json or a folder holding one. */
enum kvp_status kvp_model_path_import(const char *path, struct kvp_model *m,
                                      struct kvp_notes *notes,
                                      struct kvp_error *err);

/*
 * A GGUF file: metadata to the attention layout, tensor infos to exact
 * weight bytes. A split file ("-00002-of-00003.gguf") reads every split
 * of the set: metadata from the first, tensors from all, summed.
 */
enum kvp_status kvp_gguf_import_path(const char *path, struct kvp_model *m,
                                     struct kvp_notes *notes,
                                     struct kvp_error *err);

/* One GGUF image held in memory (tests, fuzzing); name for messages. */
enum kvp_status kvp_gguf_import_mem(const void *data, size_t len,
                                    const char *name, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err);

/*
 * A folder with config.json (imported by kvp_hf_import_path) and
 * safetensors weights: model.safetensors.index.json's shards when it is
 * there, else every *.safetensors file. Headers only.
 */
enum kvp_status kvp_safetensors_import_dir(const char *dir,
                                           struct kvp_model *m,
                                           struct kvp_notes *notes,
                                           struct kvp_error *err);

/* True when the folder holds a *.safetensors file or an index. */
bool kvp_dir_has_safetensors(const char *dir);

/*
 * The local Hugging Face cache: $HF_HUB_CACHE, else $HF_HOME/hub, else
 * $HOME/.cache/huggingface/hub. id is "ORG/NAME" or "ORG/NAME@REV" (a
 * branch or tag under refs/, or a commit hash). On success dir holds the
 * snapshot folder and rev the commit hash. KVP_ENOTFOUND with a message
 * saying where kvplan looked and how to download the model.
 */
enum kvp_status kvp_hf_cache_find(const char *id, char *dir, size_t dir_n,
                                  char *rev, size_t rev_n,
                                  struct kvp_error *err);

/* The cache folder kvp_hf_cache_find searches (for listings). */
void kvp_hf_cache_root(char *out, size_t n);

/* Every model of the cache with a snapshot for refs/main, in folder
 * order (at most KVP_HF_CACHE_LIST_MAX): fn(id "ORG/NAME", the commit
 * hash, the snapshot folder, ctx). Returns how many; 0 when the cache
 * folder is absent. Reads only folder names and refs/main. */
#define KVP_HF_CACHE_LIST_MAX 1024
typedef void (*kvp_hf_cache_fn)(const char *id, const char *rev,
                                const char *dir, void *ctx);
size_t kvp_hf_cache_list(kvp_hf_cache_fn fn, void *ctx);

/* True when s has the form of a Hugging Face id: ORG/NAME[@REV], one
 * slash, no leading '.', '/' or '~'. */
bool kvp_is_hf_id(const char *s);

/* kvp_hf_cache_find, then kvp_safetensors_import_dir on the snapshot;
 * model.id is the id and model.revision the commit hash. */
enum kvp_status kvp_hf_cache_import(const char *id, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err);

#endif
