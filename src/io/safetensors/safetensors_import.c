/*
 * safetensors_import.c - a folder with config.json and safetensors
 * weights turned into a model (model_files.h): the config through the
 * Hugging Face importer (kvp_hf_import_path), the weight bytes from
 * every shard's header, grouped by tensor name (tensor_group.h).
 *
 * Shards: the files model.safetensors.index.json's weight_map names
 * (each once), else every *.safetensors file of the folder in name
 * order. A shard name that leaves the folder is refused, and so is a
 * shard that is not a regular file (a FIFO, a device, a loop of links).
 * A snapshot with no shard at all (only the JSON files downloaded, or
 * links to blobs not downloaded) keeps the estimate and says so; one
 * with some shards missing is refused, since a partial sum would be
 * wrong without saying it.
 *
 * The folder, src/io/safetensors/: safetensors checkpoints. safetensors.c
 * reads one shard's header (names, dtypes, shapes, offsets);
 * safetensors_import.c (this file) takes a model folder: its config
 * through io/hf and the exact weight bytes from every shard's header.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/file.h"
#include "io/notes.h"
#include "io/safetensors/safetensors.h"
#include "io/tensor_group.h"
#include "kvplan/checked.h"
#include "kvplan/import.h"
#include "kvplan/model_files.h"

#define INDEX "model.safetensors.index.json"
#define MAX_SHARDS 4096
#define PATH_N 4096

struct shards {
	size_t n;
	char (*name)[256];
	uint64_t index_total;      /* metadata.total_size, 0 when absent */
	bool from_index;
};

static bool is_file(const char *p)
{
	struct stat sb;

	return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);

	return a >= b && !strcmp(s + a - b, tail);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* A shard name that stays in the folder: no '/', not "." or "..". */
static bool plain_name(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..") &&
	       strlen(s) < 256;
}

static enum kvp_status add_shard(struct shards *s, const char *name,
                                 const char *where, struct kvp_error *err)
{
	size_t i;

	if (!plain_name(name))
		return kvp_error_set(err, KVP_EINVAL, "%s: shard '%.200s' - not a "
		                     "file name in the folder", where, name);
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return KVP_OK;
	if (s->n >= MAX_SHARDS)
		return kvp_error_set(err, KVP_ERANGE, "%s: more than %d shards",
		                     where, MAX_SHARDS);
	if (!s->name && !(s->name = calloc(MAX_SHARDS, sizeof *s->name)))
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", where);
	snprintf(s->name[s->n++], sizeof s->name[0], "%s", name);
	return KVP_OK;
}

static enum kvp_status from_index(const char *dir, struct shards *s,
                                  struct kvp_error *err)
{
	char path[PATH_N], *text = NULL;
	size_t len;
	cJSON *root;
	const cJSON *map, *e, *meta, *tot;
	enum kvp_status st = KVP_OK;

	snprintf(path, sizeof path, "%s/%s", dir, INDEX);
	if ((st = kvp_file_read(path, 64u << 20, &text, &len, NULL, err)))
		return st;
	root = cJSON_ParseWithLength(text, len);
	free(text);
	map = cJSON_GetObjectItemCaseSensitive(root, "weight_map");
	if (!cJSON_IsObject(map)) {
		cJSON_Delete(root);
		return kvp_error_set(err, KVP_EPARSE, "%s: weight_map: expected "
		                     "an object of tensor -> shard file", path);
	}
	s->from_index = true;
	cJSON_ArrayForEach(e, map) {
		if (!cJSON_IsString(e)) {
			st = kvp_error_set(err, KVP_EPARSE, "%s: weight_map: a value "
			                   "is not a file name", path);
			break;
		}
		if ((st = add_shard(s, e->valuestring, path, err)) != KVP_OK)
			break;
	}
	meta = cJSON_GetObjectItemCaseSensitive(root, "metadata");
	tot = cJSON_GetObjectItemCaseSensitive(meta, "total_size");
	if (cJSON_IsNumber(tot) && tot->valuedouble > 0 &&
	    tot->valuedouble < 1.8e19)
		s->index_total = (uint64_t)tot->valuedouble;
	cJSON_Delete(root);
	return st;
}

static enum kvp_status from_listing(const char *dir, struct shards *s,
                                    struct kvp_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	enum kvp_status st = KVP_OK;

	if (!d)
		return kvp_error_set(err, KVP_EIO, "%s: cannot list the folder",
		                     dir);
	while ((e = readdir(d)) && st == KVP_OK)
		if (ends_with(e->d_name, ".safetensors") && e->d_name[0] != '.')
			st = add_shard(s, e->d_name, dir, err);
	closedir(d);
	if (s->n > 1)
		qsort(s->name, s->n, sizeof s->name[0], name_cmp);
	return st;
}

bool kvp_dir_has_safetensors(const char *dir)
{
	struct shards s = { 0 };
	struct kvp_error err;
	char path[PATH_N];
	bool yes;

	snprintf(path, sizeof path, "%s/%s", dir, INDEX);
	if (is_file(path))
		return true;
	yes = from_listing(dir, &s, &err) == KVP_OK && s.n > 0;
	free(s.name);
	return yes;
}

struct acc {
	struct kvp_tensors t;
	uint32_t n_layers;
	const char *file;
};

static enum kvp_status on_tensor(void *ctx, const char *name,
                                 const char *dtype, uint64_t bytes,
                                 uint64_t elements, struct kvp_error *err)
{
	struct acc *a = ctx;

	return kvp_tensors_add(&a->t, a->file, name, KVP_TN_HF, a->n_layers,
	                       bytes, elements, err);
}

/* A shard that is a regular file (1), absent (0: *dangling when it is a
 * symbolic link to nothing, as a Hugging Face snapshot's link to a blob
 * not downloaded), or refused (-1, *err naming it): a FIFO, a device (a
 * link to /dev/zero), a folder, a loop of links or one kvplan may not
 * open is neither read nor taken as absent, which would fall back to the
 * config's estimate without saying why. */
static int shard_kind(const char *path, bool *dangling, struct kvp_error *err)
{
	struct stat lb;
	char why[KVP_ERRMSG_MAX];
	int fd = kvp_file_open_regular(path, NULL, err);

	*dangling = false;
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	if (err->status == KVP_ENOTFOUND) {
		*dangling = lstat(path, &lb) == 0 && S_ISLNK(lb.st_mode);
		kvp_error_clear(err);
		return 0;
	}
	snprintf(why, sizeof why, "%s", err->msg);
	kvp_error_set(err, KVP_EIO, "%.500s - a safetensors shard kvplan "
	              "neither reads nor takes as absent", why);
	return -1;
}

/* Every present shard read; *missing names the first absent one,
 * *dangling says whether it is a link to nothing. */
static enum kvp_status read_shards(const char *dir, const struct shards *s,
                                   struct acc *a, size_t *present,
                                   const char **missing, bool *dangling,
                                   struct kvp_error *err)
{
	char path[PATH_N];
	enum kvp_status st;
	size_t i;
	bool link;
	int kind;

	*present = 0;
	*missing = NULL;
	for (i = 0; i < s->n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, s->name[i]);
		if ((kind = shard_kind(path, &link, err)) < 0)
			return err->status;
		if (kind == 0) {
			if (!*missing) {
				*missing = s->name[i];
				*dangling = link;
			}
			continue;
		}
		a->file = path;
		if ((st = kvp_st_read_path(path, on_tensor, a, err)) != KVP_OK)
			return st;
		(*present)++;
	}
	return KVP_OK;
}

/* Some shards read, one not there: refused, saying where it was named. */
static enum kvp_status partial(const char *dir, const struct shards *s,
                               const char *missing, bool dangling,
                               struct kvp_error *err)
{
	return kvp_error_set(err, KVP_ENOTFOUND, "%s/%s: %s - the weight sum "
	       "would be partial (fetch every shard, or give config.json alone "
	       "for an estimate)", dir, missing, s->from_index
	       ? "listed in " INDEX " but not downloaded"
	       : dangling ? "a link to a file not downloaded (its blob is missing)"
	       : "not there");
}

static enum kvp_status weights(const char *dir, struct kvp_model *m,
                               struct kvp_notes *notes, struct kvp_error *err)
{
	struct shards s = { 0 };
	struct acc *a = calloc(1, sizeof *a);
	const char *missing;
	char path[PATH_N];
	size_t present;
	bool dangling = false;
	uint64_t total;
	enum kvp_status st;

	if (!a)
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", dir);
	snprintf(path, sizeof path, "%s/%s", dir, INDEX);
	st = is_file(path) ? from_index(dir, &s, err) : from_listing(dir, &s, err);
	a->n_layers = kvp_weight_layers(m);   /* a looped model: its real layers */
	if (st == KVP_OK)
		st = read_shards(dir, &s, a, &present, &missing, &dangling, err);
	if (st == KVP_OK && present == 0) {
		kvp_notes_add(notes, "%s: no safetensors weights here%s%s%s: "
		              "weight bytes estimated from config.json", dir,
		              dangling ? " (" : "", dangling ? missing : "",
		              dangling ? " is a link to a file not downloaded)"
		                       : "");
	} else if (st == KVP_OK && missing) {
		st = partial(dir, &s, missing, dangling, err);
	} else if (st == KVP_OK) {
		a->t.source = KVP_WSRC_SAFETENSORS;
		a->t.files = (uint32_t)present;
		if (kvp_tensors_total(&a->t, &total) && s.index_total &&
		    s.index_total != total)
			kvp_notes_add(notes, "%s: metadata.total_size %llu "
			              "differs from the headers' %llu bytes: the "
			              "headers are used", INDEX,
			              (unsigned long long)s.index_total,
			              (unsigned long long)total);
		m->tensors = a->t;
	}
	free(s.name);
	free(a);
	return st;
}

enum kvp_status kvp_safetensors_import_dir(const char *dir,
                                           struct kvp_model *m,
                                           struct kvp_notes *notes,
                                           struct kvp_error *err)
{
	struct kvp_model *out = malloc(sizeof *out);
	enum kvp_status st;

	if (!out)
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", dir);
	st = kvp_hf_import_path(dir, out, notes, err);
	if (st == KVP_OK)
		st = weights(dir, out, notes, err);
	if (st == KVP_OK)
		*m = *out;
	free(out);
	return st;
}
