/*
 * complete.c - Tab completion of a model spec (complete.h): paths from
 * the folder listing, ids from the Hugging Face cache, preset names.
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "kvplan/complete.h"
#include "kvplan/escape.h"
#include "kvplan/model_files.h"
#include "kvplan/preset.h"

/* One candidate, kept sorted and without repeats; counted always. */
static void add(struct kvp_completions *c, const char *s,
                enum kvp_complete_src src)
{
	size_t i, at;

	if (strlen(s) >= KVP_COMPLETE_LEN)
		return;
	for (at = 0; at < c->stored; at++) {
		int d = strcmp(s, c->item[at]);

		if (d == 0)
			return;
		if (d < 0)
			break;
	}
	c->n++;
	if (c->stored == KVP_COMPLETE_MAX) {
		if (at == c->stored)
			return;
		c->stored--;   /* the last one falls off; still counted */
	}
	for (i = c->stored; i > at; i--) {
		memcpy(c->item[i], c->item[i - 1], KVP_COMPLETE_LEN);
		c->src[i] = c->src[i - 1];
	}
	snprintf(c->item[at], KVP_COMPLETE_LEN, "%s", s);
	c->src[at] = src;
	c->stored++;
}

static bool has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);

	return n >= k && strcasecmp(s + n - k, suf) == 0;
}

static bool looks_like_path(const char *t)
{
	return t[0] == '/' || t[0] == '~' || !strncmp(t, "./", 2) ||
	       !strncmp(t, "../", 3) || !strcmp(t, ".") || !strcmp(t, "..");
}

/* The folder part of text as typed ("" or ending in '/') and as opened
 * ("~/" replaced by $HOME/). */
static bool split_path(const char *text, char *typed, char *open_dir,
                       size_t n)
{
	const char *slash = strrchr(text, '/'), *home = getenv("HOME");
	size_t k = slash ? (size_t)(slash - text) + 1 : 0;
	int r;

	if (k >= n)
		return false;
	memcpy(typed, text, k);
	typed[k] = '\0';
	if (k == 0)
		r = snprintf(open_dir, n, ".");
	else if (text[0] == '~' && text[1] == '/')
		r = snprintf(open_dir, n, "%s/%s", home ? home : "", typed + 2);
	else
		r = snprintf(open_dir, n, "%s", typed);
	return r >= 0 && (size_t)r < n;
}

static void complete_path(const char *text, struct kvp_completions *c)
{
	char typed[KVP_COMPLETE_LEN], open_dir[KVP_COMPLETE_LEN * 2];
	char full[KVP_COMPLETE_LEN * 3], cand[KVP_COMPLETE_LEN + 2];
	const char *base;
	struct dirent *d;
	struct stat sb;
	size_t bn;
	DIR *dir;

	if (!split_path(text, typed, open_dir, sizeof typed))
		return;
	base = text + strlen(typed);
	bn = strlen(base);
	if (!(dir = opendir(open_dir)))
		return;
	while ((d = readdir(dir)) != NULL) {
		bool folder;

		/* a name with control characters could not be typed, and would
		 * write them to the terminal: not offered */
		if (strncmp(d->d_name, base, bn) != 0 || kvp_needs_escape(d->d_name) ||
		    !strcmp(d->d_name, ".") || !strcmp(d->d_name, "..") ||
		    (d->d_name[0] == '.' && base[0] != '.'))
			continue;
		if ((size_t)snprintf(full, sizeof full, "%s/%s", open_dir,
		                     d->d_name) >= sizeof full ||
		    stat(full, &sb) != 0)
			continue;
		folder = S_ISDIR(sb.st_mode);
		if (!folder && !(S_ISREG(sb.st_mode) &&
		                 (has_suffix(d->d_name, ".gguf") ||
		                  has_suffix(d->d_name, ".json"))))
			continue;
		if ((size_t)snprintf(cand, sizeof cand, "%s%s%s", typed, d->d_name,
		                     folder ? "/" : "") < KVP_COMPLETE_LEN)
			add(c, cand, KVP_COMPLETE_PATH);
	}
	closedir(dir);
}

struct by_prefix {
	const char *text;
	struct kvp_completions *c;
};

static void cached(const char *id, const char *rev, const char *dir, void *ctx)
{
	struct by_prefix *p = ctx;

	(void)rev;
	(void)dir;
	if (!strncasecmp(id, p->text, strlen(p->text)))
		add(p->c, id, KVP_COMPLETE_CACHED);
}

static void preset(const char *name, const char *path, const char *desc,
                   int user, void *ctx)
{
	struct by_prefix *p = ctx;

	(void)path;
	(void)desc;
	(void)user;
	if (!strncasecmp(name, p->text, strlen(p->text)))
		add(p->c, name, KVP_COMPLETE_PRESET);
}

/* The longest text all candidates start with (ids and presets compared
 * without case), never shorter than what was typed. */
static void common_prefix(const char *text, struct kvp_completions *c)
{
	size_t len, i, k;

	snprintf(c->common, sizeof c->common, "%s", text);
	if (c->stored == 0 || c->n > c->stored)
		return;
	len = strlen(c->item[0]);
	for (i = 1; i < c->stored; i++) {
		for (k = 0; k < len && c->item[i][k]; k++) {
			char x = c->item[0][k], y = c->item[i][k];

			if (x != y && (c->src[i] == KVP_COMPLETE_PATH ||
			               c->src[0] == KVP_COMPLETE_PATH ||
			               strncasecmp(&x, &y, 1) != 0))
				break;
		}
		len = k;
	}
	if (len >= strlen(text))
		snprintf(c->common, sizeof c->common, "%.*s", (int)len, c->item[0]);
}

void kvp_model_complete(const char *text, struct kvp_completions *c)
{
	struct by_prefix p = { text, c };
	struct kvp_error err;
	const char *slash = strchr(text, '/');
	char folder[KVP_COMPLETE_LEN];
	struct stat sb;

	memset(c, 0, sizeof *c);
	if (strlen(text) >= KVP_COMPLETE_LEN) {
		snprintf(c->common, sizeof c->common, "%.*s",
		         KVP_COMPLETE_LEN - 1, text);
		return;
	}
	/* "dir/part": a path when dir is a folder here */
	if (looks_like_path(text) ||
	    (slash && (size_t)(slash - text) < sizeof folder &&
	     snprintf(folder, sizeof folder, "%.*s", (int)(slash - text), text) > 0 &&
	     stat(folder, &sb) == 0 && S_ISDIR(sb.st_mode)))
		complete_path(text, c);
	if (!looks_like_path(text)) {
		if (!slash || !strchr(slash + 1, '/'))
			kvp_hf_cache_list(cached, &p);
		if (!slash)
			kvp_presets_list(KVP_PRESET_MODEL, preset, &p, &err);
		if (!slash)
			complete_path(text, c);   /* a file or folder here */
	}
	common_prefix(text, c);
}
