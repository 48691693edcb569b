/*
 * preset.c - shipped and user presets found by name, and the
 * `--model` argument resolved (preset name | preset file | config.json |
 * folder holding config.json). Implements kvplan/preset.h.
 *
 * Names as people type them (aliases, model ids, variants, the nearest
 * names on a miss) are preset_names.c's; the folders searched and the
 * listing preset_dirs.c's. The stages call down: preset.c ->
 * preset_names.c -> preset_dirs.c, and preset.c -> plan_read.c for the
 * files themselves.
 *
 * Preset files go through the document
 * reader (io/plan/plan_read.h); a file without a "kvplan" key is taken as a
 * Hugging Face config.json and imported.
 *
 * Ownership: paths and texts are local buffers or freed before return.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/file.h"
#include "io/plan/plan_read.h"
#include "io/plan/preset_dirs.h"
#include "kvplan/import.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/escape.h"
#include "kvplan/preset.h"

#define PATH_MAX_K KVP_PRESET_PATH_MAX

static const char *const kind_word[KVP_PRESET_KIND_COUNT] = {
	"model", "card", "workload"
};

/* Find <name>.json in the search folders (exact name, the fast path,
 * preset_dirs.c); otherwise the name as people type it (preset_names.c:
 * any case, card aliases, model ids and variants, nearest names on a
 * miss). */
static enum kvp_status find_preset(enum kvp_preset_kind k, const char *name,
                                   char *out, size_t n, char *note,
                                   size_t note_n, struct kvp_error *err)
{
	if (note && note_n)
		note[0] = '\0';
	if (kvp_preset_path_exact(k, name, out, n))
		return KVP_OK;
	return kvp_preset_find(k, name, out, n, note, note_n, err);
}

/* A spec that looks like a path is never taken as a preset name. */
static bool looks_like_path(const char *s)
{
	size_t l = strlen(s);

	return strchr(s, '/') || (l > 5 && !strcmp(s + l - 5, ".json"));
}

/* ORG/NAME, a Hugging Face id: one '/', neither part empty or a dot
 * folder, no ".json". */
static bool looks_like_hf_id(const char *s)
{
	const char *slash = strchr(s, '/');
	size_t l = strlen(s);

	return slash && slash != s && slash[1] && !strchr(slash + 1, '/') &&
	       s[0] != '.' && slash[1] != '.' &&
	       !(l > 5 && !strcmp(s + l - 5, ".json"));
}

static enum kvp_status resolve(enum kvp_preset_kind k, const char *spec,
                               char *path, size_t n, bool *is_folder,
                               char *note, size_t note_n,
                               struct kvp_error *err)
{
	struct stat sb;
	int e;

	*is_folder = false;
	if (note && note_n)
		note[0] = '\0';
	if (!spec || !*spec)
		return kvp_error_set(err, KVP_EINVAL, "--%s: empty - give a "
		                     "preset name or a file", kind_word[k]);
	if (stat(spec, &sb) == 0) {
		*is_folder = S_ISDIR(sb.st_mode);
		snprintf(path, n, "%s", spec);
		return KVP_OK;
	}
	e = errno;
	if (k == KVP_PRESET_MODEL && looks_like_hf_id(spec)) {
		/* no such file: a model preset's Hugging Face id? */
		if (kvp_preset_find(k, spec, path, n, note, note_n, err) == KVP_OK)
			return KVP_OK;
		if (err && err->status == KVP_ENOTFOUND) {
			char tail[KVP_ERRMSG_MAX];
			const char *near = strstr(err->msg, "; nearest: ");
			snprintf(tail, sizeof tail, "%s", near ? near : "");
			if ((near = strstr(tail, " (kvplan presets")))
				tail[near - tail] = '\0';
			return kvp_error_set(err, KVP_ENOTFOUND, "%s: no such file, "
			                     "and no model preset has that Hugging "
			                     "Face id%s", spec, tail);
		}
		return err ? err->status : KVP_ENOTFOUND;
	}
	if (looks_like_path(spec))
		return kvp_error_set(err, KVP_ENOTFOUND, "%s: %s", spec,
		                     strerror(e));
	return find_preset(k, spec, path, n, note, note_n, err);
}

static enum kvp_status model_from_file(const char *path, unsigned flags,
                                       struct kvp_model *m,
                                       struct kvp_notes *notes,
                                       struct kvp_error *err)
{
	struct kvp_plan blank;
	enum kvp_doc_kind kind;
	enum kvp_status st;
	char *text = NULL;
	size_t len = 0;

	st = kvp_file_read(path, KVP_IMPORT_MAX_BYTES, &text, &len, NULL, err);
	if (st != KVP_OK)
		return st;
	st = kvp_doc_kind_of(text, len, &kind, err);
	if (st == KVP_EPARSE) {
		/* Hub configs may hold Infinity/NaN (Python's json), which
		 * only the importer reads; other bad JSON keeps this message */
		struct kvp_error e2;
		struct kvp_notes n2;

		enum kvp_status s2 = kvp_hf_import_text_opts(text, len, path,
		                      flags, m, notes ? notes : &n2, &e2);

		if (s2 != KVP_EPARSE) {
			if (err)
				*err = e2;
			free(text);
			return s2;
		}
	}
	if (st == KVP_ENOTFOUND) {
		/* JSON without a "kvplan" key: a Hugging Face config */
		st = kvp_hf_import_text_opts(text, len, path, flags, m, notes,
		                             err);
	} else if (st != KVP_OK) {
		/* kvp_doc_kind_of does not know the file name */
		if (err && !strncmp(err->msg, "(text): ", 8)) {
			char tail[KVP_ERRMSG_MAX];
			snprintf(tail, sizeof tail, "%s", err->msg + 8);
			kvp_error_set(err, st, "%s: %s", path, tail);
		} else if (err && strncmp(err->msg, path, strlen(path)) != 0) {
			kvp_error_prefix(err, path);
		}
	} else if (kind == KVP_DOC_MODEL) {
		kvp_plan_blank(&blank);
		st = kvp_model_json_parse(text, len, path, &blank.model, err);
		if (st == KVP_OK)
			*m = blank.model;
	} else {
		st = kvp_error_set(err, KVP_EINVAL, "%s: kvplan: \"%s\" - a %s "
		                   "file, not a model preset or config.json", path,
		                   kvp_doc_kind_name(kind), kvp_doc_kind_name(kind));
	}
	free(text);
	return st;
}

/* ORG/NAME that is neither a file nor a preset: the local Hugging Face
 * cache; a miss there keeps the preset lookup's nearest names. */
static enum kvp_status cache_or_nearest(const char *spec, struct kvp_model *m,
                                        struct kvp_notes *notes,
                                        struct kvp_error *err)
{
	char near[KVP_ERRMSG_MAX] = "";
	const char *p = err ? strstr(err->msg, "; nearest: ") : NULL;
	enum kvp_status st;

	if (p)
		snprintf(near, sizeof near, "%s", p);
	st = kvp_hf_cache_import(spec, m, notes, err);
	if (st == KVP_ENOTFOUND && near[0] && err) {
		char msg[KVP_ERRMSG_MAX];

		snprintf(msg, sizeof msg, "%s", err->msg);
		kvp_error_set(err, KVP_ENOTFOUND, "%s%s", msg, near);
	}
	return st;
}

enum kvp_status kvp_model_load_spec_opts(const char *spec, unsigned flags,
                                         struct kvp_model *m,
                                         struct kvp_notes *notes,
                                         struct kvp_error *err)
{
	char path[PATH_MAX_K], note[200];
	bool folder;
	enum kvp_status st;

	kvp_error_clear(err);
	if (notes)
		notes->n = 0;
	st = resolve(KVP_PRESET_MODEL, spec, path, sizeof path, &folder,
	             note, sizeof note, err);
	/* not a file nor a preset: a Hugging Face id in the local cache */
	if (st == KVP_ENOTFOUND && kvp_is_hf_id(spec))
		return cache_or_nearest(spec, m, notes, err);
	if (st != KVP_OK)
		return st;
	if (kvp_is_gguf_file(path) || (folder && kvp_dir_has_safetensors(path)))
		st = kvp_model_path_import(path, m, notes, err);
	else if (folder)
		st = kvp_hf_import_path_opts(path, flags, m, notes, err);
	else
		st = model_from_file(path, flags, m, notes, err);
	if (st == KVP_OK && note[0] && notes && notes->n < KVP_MAX_NOTES)
		snprintf(notes->line[notes->n++], sizeof notes->line[0], "%s", note);
	return st;
}

enum kvp_status kvp_model_load_spec(const char *spec, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err)
{
	return kvp_model_load_spec_opts(spec, 0, m, notes, err);
}

enum kvp_status kvp_card_load_spec(const char *spec, struct kvp_card *c,
                                   struct kvp_error *err)
{
	return kvp_card_load_named(spec, c, NULL, 0, err);
}

enum kvp_status kvp_card_load_named(const char *spec, struct kvp_card *c,
                                    char *note, size_t note_n,
                                    struct kvp_error *err)
{
	char path[PATH_MAX_K];
	bool folder;
	struct kvp_card tmp;
	enum kvp_status st;

	kvp_error_clear(err);
	st = resolve(KVP_PRESET_CARD, spec, path, sizeof path, &folder, note,
	             note_n, err);
	if (st != KVP_OK)
		return st;
	if (folder)
		return kvp_error_set(err, KVP_EIO, "%s: is a folder, not a card "
		                     "preset", path);
	memset(&tmp, 0, sizeof tmp);
	st = kvp_card_json_load(path, &tmp, err);
	if (st == KVP_OK)
		*c = tmp;
	return st;
}

enum kvp_status kvp_workload_load_spec(const char *spec,
                                       struct kvp_workload *w,
                                       struct kvp_error *err)
{
	char path[PATH_MAX_K];
	bool folder;
	struct kvp_plan blank;
	enum kvp_status st;

	kvp_error_clear(err);
	st = resolve(KVP_PRESET_WORKLOAD, spec, path, sizeof path, &folder,
	             NULL, 0, err);
	if (st != KVP_OK)
		return st;
	if (folder)
		return kvp_error_set(err, KVP_EIO, "%s: is a folder, not a "
		                     "workload preset", path);
	kvp_plan_blank(&blank);
	st = kvp_workload_json_load(path, &blank.workload, err);
	if (st == KVP_OK)
		*w = blank.workload;
	return st;
}
