/*
 * preset.c - shipped and user presets found by name, listed, and the
 * `--model` argument resolved (preset name | preset file | config.json |
 * folder holding config.json). Implements kvplan/preset.h.
 *
 * Names as people type them (aliases, model ids, variants, the nearest
 * names on a miss) are preset_names.c's.
 *
 * Search order for a name of kind K (models, cards, workloads):
 *   1. $XDG_CONFIG_HOME/kvplan/K/ (default ~/.config/kvplan/K/) - user
 *   2. $KVPLAN_PRESETS/K/
 *   3. presets/K/ beside the running binary or up to three folders above
 *      it (a build inside the source tree: build/<name>/kvplan)
 *   4. KVP_DATADIR/presets/K/ (make install)
 * The first folder holding <name>.json wins, so a user preset overrides a
 * shipped one of the same name. Preset files go through the plan-file
 * loader (io/plan/plan_json.h); a file without a "kvplan" key is taken as a
 * Hugging Face config.json and imported.
 *
 * Ownership: paths and texts are local buffers or freed before return.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/file.h"
#include "io/plan/plan_json.h"
#include "kvplan/import.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/escape.h"
#include "kvplan/preset.h"

#define MAX_DIRS   6
#define PATH_MAX_K 4096
/* Largest preset file read, bytes (presets are small). */
#define PRESET_MAX_BYTES (1024u * 1024u)

static const char *const kind_dir[KVP_PRESET_KIND_COUNT] = {
	"models", "cards", "workloads"
};
static const char *const kind_word[KVP_PRESET_KIND_COUNT] = {
	"model", "card", "workload"
};

struct dirs {
	unsigned n;
	unsigned n_user;           /* the first n_user are user folders */
	char path[MAX_DIRS][PATH_MAX_K];
};

static bool is_dir(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void add_dir(struct dirs *d, const char *base, const char *sub,
                    const char *kind)
{
	unsigned i;
	int n;

	if (d->n >= MAX_DIRS || !base || !*base)
		return;
	n = snprintf(d->path[d->n], PATH_MAX_K, "%s%s/%s", base, sub, kind);
	if (n < 0 || n >= PATH_MAX_K)
		return;
	for (i = 0; i < d->n; i++)
		if (!strcmp(d->path[i], d->path[d->n]))
			return;
	d->n++;
}

static void search_dirs(enum kvp_preset_kind k, struct dirs *d)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	const char *env = getenv("KVPLAN_PRESETS");
	char exe[PATH_MAX_K], *slash;
	ssize_t n;
	int up;

	memset(d, 0, sizeof *d);
	if (xdg && *xdg)
		add_dir(d, xdg, "/kvplan", kind_dir[k]);
	else if (home && *home)
		add_dir(d, home, "/.config/kvplan", kind_dir[k]);
	d->n_user = d->n;
	add_dir(d, env, "", kind_dir[k]);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		for (up = 0; up < 4; up++) {
			char cand[PATH_MAX_K];
			slash = strrchr(exe, '/');
			if (!slash)
				break;
			*slash = '\0';
			if (snprintf(cand, sizeof cand, "%s/presets/%s", exe,
			             kind_dir[k]) < (int)sizeof cand &&
			    is_dir(cand)) {
				add_dir(d, exe, "/presets", kind_dir[k]);
				break;
			}
		}
	}
	add_dir(d, KVP_DATADIR, "/presets", kind_dir[k]);
}

/* A name is a plain file stem: letters, digits, '.', '-', '_'. */
static bool valid_name(const char *s)
{
	size_t i;

	if (!*s || *s == '.' || strlen(s) > 100)
		return false;
	for (i = 0; s[i]; i++)
		if (!(('a' <= s[i] && s[i] <= 'z') || ('A' <= s[i] && s[i] <= 'Z') ||
		      ('0' <= s[i] && s[i] <= '9') || s[i] == '.' || s[i] == '-' ||
		      s[i] == '_'))
			return false;
	return true;
}

/* Find <name>.json in the search folders (exact name, the fast path);
 * otherwise the name as people type it (preset_names.c: any case, card
 * aliases, model ids and variants, nearest names on a miss). */
static enum kvp_status find_preset(enum kvp_preset_kind k, const char *name,
                                   char *out, size_t n, char *note,
                                   size_t note_n, struct kvp_error *err)
{
	struct dirs d;
	unsigned i;

	if (note && note_n)
		note[0] = '\0';
	if (valid_name(name)) {
		search_dirs(k, &d);
		for (i = 0; i < d.n; i++) {
			struct stat sb;
			if (snprintf(out, n, "%s/%s.json", d.path[i], name) >= (int)n)
				continue;
			if (stat(out, &sb) == 0 && S_ISREG(sb.st_mode))
				return KVP_OK;
		}
	}
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

/* ---- listing --------------------------------------------------------- */

struct entry {
	char name[104];
	char path[PATH_MAX_K];
	char desc[160];
	int user;
};

static int entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
	              ((const struct entry *)b)->name);
}

/* The preset's "description", else the model id or card name. */
static void describe(const char *path, char *out, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	struct kvp_error err;
	cJSON *root;
	const cJSON *v = NULL, *o;

	out[0] = '\0';
	if (kvp_file_read(path, PRESET_MAX_BYTES, &text, &len, NULL, &err))
		return;
	root = cJSON_ParseWithLength(text, len);
	free(text);
	if (!root) {
		snprintf(out, n, "(malformed JSON)");
		return;
	}
	v = cJSON_GetObjectItemCaseSensitive(root, "description");
	if (!cJSON_IsString(v)) {
		o = cJSON_GetObjectItemCaseSensitive(root, "model");
		if (!cJSON_IsObject(o))
			o = cJSON_GetObjectItemCaseSensitive(root, "card");
		v = cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, "id") : NULL;
		if (!cJSON_IsString(v) && cJSON_IsObject(o))
			v = cJSON_GetObjectItemCaseSensitive(o, "name");
	}
	if (cJSON_IsString(v))   /* control characters escaped (escape.h) */
		kvp_escape(v->valuestring, strlen(v->valuestring), out, n, false);
	cJSON_Delete(root);
}

enum kvp_status kvp_presets_list(enum kvp_preset_kind kind, kvp_preset_fn fn,
                                 void *ctx, struct kvp_error *err)
{
	struct dirs d;
	struct entry *e = NULL;
	size_t n = 0, cap = 0, i;
	unsigned k;

	kvp_error_clear(err);
	if ((unsigned)kind >= KVP_PRESET_KIND_COUNT)
		return kvp_error_set(err, KVP_EINVAL, "preset kind %d - expected "
		                     "models, cards or workloads", (int)kind);
	search_dirs(kind, &d);
	for (k = 0; k < d.n; k++) {
		DIR *dir = opendir(d.path[k]);
		struct dirent *de;

		if (!dir)
			continue;
		while ((de = readdir(dir))) {
			size_t l = strlen(de->d_name);
			bool dup = false;

			if (l <= 5 || strcmp(de->d_name + l - 5, ".json") ||
			    de->d_name[0] == '.' || l - 5 >= sizeof e->name)
				continue;
			for (i = 0; i < n; i++)
				if (!strncmp(e[i].name, de->d_name, l - 5) &&
				    e[i].name[l - 5] == '\0')
					dup = true; /* an earlier folder shadows it */
			if (dup)
				continue;
			if (n == cap) {
				struct entry *ne;
				cap = cap ? cap * 2 : 64;
				ne = realloc(e, cap * sizeof *e);
				if (!ne) {
					closedir(dir);
					free(e);
					return kvp_error_set(err, KVP_ENOMEM,
					                     "out of memory listing presets");
				}
				e = ne;
			}
			memcpy(e[n].name, de->d_name, l - 5);
			e[n].name[l - 5] = '\0';
			snprintf(e[n].path, sizeof e[n].path, "%s/%s", d.path[k],
			         de->d_name);
			e[n].user = k < d.n_user;
			n++;
		}
		closedir(dir);
	}
	if (n)
		qsort(e, n, sizeof *e, entry_cmp);
	for (i = 0; i < n; i++) {
		describe(e[i].path, e[i].desc, sizeof e[i].desc);
		fn(e[i].name, e[i].path, e[i].desc, e[i].user, ctx);
	}
	free(e);
	return KVP_OK;
}
