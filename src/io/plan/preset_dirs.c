/*
 * preset_dirs.c - where presets live and what they are called: the
 * search folders of each kind, a preset by its exact file stem, and the
 * listing (kvp_presets_list, kvplan/preset.h). The lowest stage of the
 * preset lookup: preset_names.c (names as people type them) and preset.c
 * (a spec resolved to a file) call down to it; it calls neither.
 *
 * Search order for a name of kind K (models, cards, workloads):
 *   1. $XDG_CONFIG_HOME/kvplan/K/ (default ~/.config/kvplan/K/) - user
 *   2. $KVPLAN_PRESETS/K/
 *   3. presets/K/ beside the running binary or up to three folders above
 *      it (a build inside the source tree: build/<name>/kvplan)
 *   4. KVP_DATADIR/presets/K/ (make install)
 * The first folder holding <name>.json wins, so a user preset overrides a
 * shipped one of the same name.
 *
 * Ownership: paths and texts are local buffers or freed before return.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/file.h"
#include "io/plan/preset_dirs.h"
#include "kvplan/escape.h"
#include "kvplan/preset.h"

#define MAX_DIRS   6
#define PATH_MAX_K KVP_PRESET_PATH_MAX
/* Largest preset file read, bytes (presets are small). */
#define PRESET_MAX_BYTES (1024u * 1024u)

static const char *const kind_dir[KVP_PRESET_KIND_COUNT] = {
	"models", "cards", "workloads"
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

bool kvp_preset_path_exact(enum kvp_preset_kind k, const char *name,
                           char *out, size_t n)
{
	struct dirs d;
	unsigned i;

	if (!valid_name(name))
		return false;
	search_dirs(k, &d);
	for (i = 0; i < d.n; i++) {
		struct stat sb;
		if (snprintf(out, n, "%s/%s.json", d.path[i], name) >= (int)n)
			continue;
		if (stat(out, &sb) == 0 && S_ISREG(sb.st_mode))
			return true;
	}
	return false;
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
	size_t n = 0, cap = 0, i, before;
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
		/* a folder holds one file of a name: only the entries of the
		 * folders before it can shadow its own (was every entry so
		 * far, 2,000 comparisons for the 65 shipped models) */
		before = n;
		while ((de = readdir(dir))) {
			size_t l = strlen(de->d_name);
			bool dup = false;

			if (l <= 5 || strcmp(de->d_name + l - 5, ".json") ||
			    de->d_name[0] == '.' || l - 5 >= sizeof e->name)
				continue;
			for (i = 0; i < before; i++)
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
