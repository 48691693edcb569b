/*
 * hf_cache.c - a model in the local Hugging Face cache (model_files.h),
 * found offline as huggingface_hub lays it out (its docs, "Manage
 * huggingface_hub cache-system"): ROOT/models--ORG--NAME/refs/REF holds
 * a commit hash, ROOT/models--ORG--NAME/snapshots/HASH/ the files.
 * ROOT: $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
 * (huggingface_hub's constants.py). Nothing is fetched.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>

#include "io/file.h"
#include "kvplan/model_files.h"

#define PATH_N 4096

/* snprintf that says whether it fit (paths too long are refused by the
 * callers' later stat). */
static bool pathf(char *out, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool pathf(char *out, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(out, n, fmt, ap);
	va_end(ap);
	return r >= 0 && (size_t)r < n;
}

void kvp_hf_cache_root(char *out, size_t n)
{
	const char *hub = getenv("HF_HUB_CACHE"), *home = getenv("HF_HOME");
	const char *user = getenv("HOME");

	if (hub && *hub)
		snprintf(out, n, "%s", hub);
	else if (home && *home)
		snprintf(out, n, "%s/hub", home);
	else
		snprintf(out, n, "%s/.cache/huggingface/hub",
		         user && *user ? user : "");
}

/* ORG and NAME: letters, digits, '-', '_', '.'; not starting with '.'
 * (Hugging Face's repo id rules, less their length limits). */
static bool id_part(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > 96 || s[0] == '.' || s[0] == '-')
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' && s[i] != '_' &&
		    s[i] != '.')
			return false;
	return !(n >= 2 && s[0] == '.' && s[1] == '.');
}

/* A revision: a branch, tag or hash - letters, digits, '.', '-', '_'. */
static bool rev_ok(const char *s)
{
	size_t i;

	if (!*s || strlen(s) > 64 || s[0] == '.')
		return false;
	for (i = 0; s[i]; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' && s[i] != '_' &&
		    s[i] != '.')
			return false;
	return true;
}

bool kvp_is_hf_id(const char *s)
{
	const char *slash = strchr(s, '/'), *at = strchr(s, '@');
	size_t name_n;

	if (!slash || strchr(slash + 1, '/'))
		return false;
	name_n = at && at > slash ? (size_t)(at - slash - 1) : strlen(slash + 1);
	if (at && (at < slash || !rev_ok(at + 1)))
		return false;
	return id_part(s, (size_t)(slash - s)) && id_part(slash + 1, name_n);
}

static bool is_dir(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* refs/REF's hash, trimmed; false when absent or not a hash. */
static bool read_ref(const char *repo, const char *ref, char *hash, size_t n)
{
	char path[PATH_N], *text = NULL;
	size_t len, i;
	struct kvp_error err;

	if (!pathf(path, sizeof path, "%s/refs/%s", repo, ref))
		return false;
	if (kvp_file_read(path, 4096, &text, &len, NULL, &err) != KVP_OK)
		return false;
	while (len && isspace((unsigned char)text[len - 1]))
		text[--len] = '\0';
	for (i = 0; i < len; i++)
		if (!isxdigit((unsigned char)text[i]))
			break;
	if (i != len || len == 0 || len >= n) {
		free(text);
		return false;
	}
	snprintf(hash, n, "%s", text);
	free(text);
	return true;
}

static enum kvp_status miss(const char *id, const char *org_name,
                            const char *where, const char *what,
                            struct kvp_error *err)
{
	return kvp_error_set(err, KVP_ENOTFOUND, "%s: not a model preset, "
	       "and %s in the Hugging Face cache (looked in %s); kvplan never "
	       "downloads: fetch its config with `hf download %s config.json` "
	       "(or `huggingface-cli download %s config.json`; the config "
	       "alone sizes it, the weights are estimated), or give a folder "
	       "or a GGUF file", id, what, where, org_name, org_name);
}

enum kvp_status kvp_hf_cache_find(const char *id, char *dir, size_t dir_n,
                                  char *rev, size_t rev_n,
                                  struct kvp_error *err)
{
	char root[PATH_N], repo[PATH_N], snap[PATH_N], org_name[256];
	char want[80], hash[80];
	const char *at = strchr(id, '@'), *slash = strchr(id, '/');
	size_t n = at ? (size_t)(at - id) : strlen(id);

	kvp_error_clear(err);
	if (!kvp_is_hf_id(id) || n >= sizeof org_name)
		return kvp_error_set(err, KVP_EINVAL, "%s: not a Hugging Face id "
		                     "(ORG/NAME or ORG/NAME@REVISION)", id);
	memcpy(org_name, id, n);
	org_name[n] = '\0';
	snprintf(want, sizeof want, "%s", at ? at + 1 : "main");
	kvp_hf_cache_root(root, sizeof root);
	pathf(repo, sizeof repo, "%s/models--%.*s--%s", root,
	         (int)(slash - id), id, org_name + (slash - id) + 1);
	if (!is_dir(repo))
		return miss(id, org_name, repo, "not", err);
	if (!read_ref(repo, want, hash, sizeof hash))
		snprintf(hash, sizeof hash, "%s", want);  /* a commit hash */
	pathf(snap, sizeof snap, "%s/snapshots/%s", repo, hash);
	if (!is_dir(snap)) {
		char where[PATH_N + 32];
		pathf(where, sizeof where, "%s/refs/%s and snapshots/", repo,
		         want);
		return miss(id, org_name, where, at ? "that revision is not"
		            : "no snapshot of it is", err);
	}
	pathf(dir, dir_n, "%s", snap);
	snprintf(rev, rev_n, "%s", hash);
	return KVP_OK;
}

enum kvp_status kvp_hf_cache_import(const char *id, struct kvp_model *m,
                                    struct kvp_notes *notes,
                                    struct kvp_error *err)
{
	char dir[PATH_N], rev[80];   /* rev_ok: at most 64 characters */
	struct kvp_model *out;
	enum kvp_status st;
	const char *at = strchr(id, '@');

	if ((st = kvp_hf_cache_find(id, dir, sizeof dir, rev, sizeof rev, err)))
		return st;
	if (!(out = malloc(sizeof *out)))
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", id);
	st = kvp_safetensors_import_dir(dir, out, notes, err);
	if (st == KVP_OK) {
		snprintf(out->id, sizeof out->id, "%.*s",
		         (int)(at ? (size_t)(at - id) : strlen(id)), id);
		snprintf(out->revision, sizeof out->revision, "%.64s", rev);
		snprintf(out->source, sizeof out->source, "Hugging Face cache %.200s",
		         dir);
		*m = *out;
	}
	free(out);
	return st;
}

/* "models--ORG--NAME" to "ORG/NAME" (huggingface_hub's repo_folder_name;
 * its validate_repo_id forbids "--" in ids, so the first "--" after the
 * prefix splits ORG from NAME). False for other folders. */
static bool folder_id(const char *folder, char *id, size_t n)
{
	const char *org, *sep;

	if (strncmp(folder, "models--", 8) != 0)
		return false;
	org = folder + 8;
	if (!(sep = strstr(org, "--")) || !pathf(id, n, "%.*s/%s",
	                                         (int)(sep - org), org, sep + 2))
		return false;
	return kvp_is_hf_id(id);
}

size_t kvp_hf_cache_list(kvp_hf_cache_fn fn, void *ctx)
{
	char root[PATH_N], repo[PATH_N], snap[PATH_N], id[256], hash[80];
	struct dirent *d;
	size_t count = 0;
	DIR *dir;

	kvp_hf_cache_root(root, sizeof root);
	if (!(dir = opendir(root)))
		return 0;
	while ((d = readdir(dir)) != NULL && count < KVP_HF_CACHE_LIST_MAX) {
		if (!folder_id(d->d_name, id, sizeof id) ||
		    !pathf(repo, sizeof repo, "%s/%s", root, d->d_name) ||
		    !read_ref(repo, "main", hash, sizeof hash) ||
		    !pathf(snap, sizeof snap, "%s/snapshots/%s", repo, hash) ||
		    !is_dir(snap))
			continue;
		fn(id, hash, snap, ctx);
		count++;
	}
	closedir(dir);
	return count;
}
