/*
 * launch_yaml.c - the YAML of trtllm-serve's --extra_llm_api_options
 * (launch.h), the subset such files are written in: mappings by
 * indentation, "key: value" scalars (plain, single- or double-quoted),
 * flow values ([1, 2], {a: 1}) and block lists ("- x") kept as text, and
 * comments. Anchors, aliases, tags, block scalars (| >) and several
 * documents are refused: kvplan would not read them as PyYAML does.
 * Each scalar comes out as its dotted path ("kv_cache_config.max_tokens")
 * and its text.
 */
#include <string.h>

#include "cli/launch/launch.h"

#define DEPTH 8

/* The line's value text, unquoted and without a trailing comment. */
static enum kvp_status scalar(const char *v, size_t n, char *out, size_t cap,
                              struct kvp_error *err)
{
	size_t k;

	if (n && (v[0] == '"' || v[0] == '\'')) {
		const char *end = memchr(v + 1, v[0], n - 1);

		if (!end)
			return kvp_error_set(err, KVP_EPARSE, "unclosed quote in '%.*s'",
			                     (int)n, v);
		n = (size_t)(end - v - 1);
		v++;
	} else {
		for (k = 0; k < n; k++)
			if (v[k] == '#' && (k == 0 || v[k - 1] == ' '))
				break;
		n = k;
		while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
			n--;
		if (n && strchr("&*!|>", v[0]))
			return kvp_error_set(err, KVP_EPARSE, "'%.*s' - anchors, "
				"aliases, tags and block scalars are not read", (int)n, v);
	}
	if (n >= cap)
		return kvp_error_set(err, KVP_ERANGE, "a value longer than %zu bytes",
		                     cap - 1);
	memcpy(out, v, n);
	out[n] = '\0';
	return KVP_OK;
}

struct yline {
	size_t indent;
	const char *key, *val;   /* key of "key:", its value (may be empty) */
	size_t klen, vlen;
	bool item;               /* "- ..." */
};

/* One line (no newline); false: blank or comment. */
static bool split(const char *s, size_t n, struct yline *l)
{
	const char *c;

	memset(l, 0, sizeof *l);
	while (l->indent < n && s[l->indent] == ' ')
		l->indent++;
	s += l->indent;
	n -= l->indent;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t'))
		n--;
	if (!n || s[0] == '#')
		return false;
	if (s[0] == '-' && (n == 1 || s[1] == ' ')) {
		l->item = true;
		return true;
	}
	c = memchr(s, ':', n);
	while (c && c + 1 < s + n && c[1] != ' ')
		c = memchr(c + 1, ':', (size_t)(s + n - c - 1));
	l->key = s;
	l->klen = c ? (size_t)(c - s) : n;
	l->val = c ? c + 1 : s + n;
	l->vlen = c ? (size_t)(s + n - c - 1) : 0;
	while (l->vlen && l->val[0] == ' ')
		l->val++, l->vlen--;
	return true;
}

struct ystack {
	size_t indent[DEPTH];
	char key[DEPTH][64];
	size_t n;
	size_t list_indent;      /* > 0: inside a block list under a key */
	char path[512];
};

/* The dotted path of the stack and then key. */
static void path_of(struct ystack *st, const char *key, size_t klen)
{
	size_t i, o = 0;

	st->path[0] = '\0';
	for (i = 0; i < st->n; i++)
		o += (size_t)snprintf(st->path + o, o < sizeof st->path ?
		                      sizeof st->path - o : 0, "%s.", st->key[i]);
	snprintf(st->path + (o < sizeof st->path ? o : sizeof st->path - 1),
	         o < sizeof st->path ? sizeof st->path - o : 1, "%.*s",
	         (int)klen, key);
}

enum kvp_status kvp_launch_yaml(const char *text, size_t len,
                                kvp_yaml_fn fn, void *ctx,
                                struct kvp_error *err)
{
	struct ystack st;
	const char *s = text, *e = text + len;
	char val[1024];
	bool doc = false, open_key = false;
	struct yline l;
	enum kvp_status r;

	memset(&st, 0, sizeof st);
	for (; s < e; s = memchr(s, '\n', (size_t)(e - s)) ? (char *)memchr(s, '\n', (size_t)(e - s)) + 1 : e) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);

		if ((n >= 3 && !strncmp(s, "---", 3)) || (n >= 3 && !strncmp(s, "...", 3))) {
			if (doc)
				return kvp_error_set(err, KVP_EPARSE, "a second YAML "
					"document: kvplan reads one");
			continue;
		}
		if (!split(s, n, &l))
			continue;
		doc = true;
		if (st.list_indent && l.indent >= st.list_indent)
			continue;   /* inside a block list: kept whole */
		st.list_indent = 0;
		if (l.item) {
			if (!open_key)
				return kvp_error_set(err, KVP_EPARSE, "a list item '%.*s' "
					"outside a key", (int)n, s);
			st.n--;   /* the open key holds the list */
			path_of(&st, st.key[st.n], strlen(st.key[st.n]));
			if ((r = fn(st.path, "[list]", ctx, err)) != KVP_OK)
				return r;
			st.list_indent = l.indent ? l.indent : 1;
			open_key = false;
			continue;
		}
		if (open_key) {   /* the key before holds a mapping, or nothing */
			if (l.indent <= st.indent[st.n - 1]) {
				st.n--;
				path_of(&st, st.key[st.n], strlen(st.key[st.n]));
				if ((r = fn(st.path, "", ctx, err)) != KVP_OK)
					return r;
			}
			open_key = false;
		}
		while (st.n && st.indent[st.n - 1] >= l.indent)
			st.n--;
		if ((r = scalar(l.key, l.klen, val, sizeof val, err)) != KVP_OK)
			return r;
		if (!l.vlen) {
			if (st.n >= DEPTH || strlen(val) >= sizeof st.key[0])
				return kvp_error_set(err, KVP_ERANGE, "'%s': nested too "
					"deep or too long", val);
			st.indent[st.n] = l.indent;
			memcpy(st.key[st.n++], val, strlen(val) + 1);   /* fits: above */
			open_key = true;
			continue;
		}
		path_of(&st, val, strlen(val));
		if ((r = scalar(l.val, l.vlen, val, sizeof val, err)) != KVP_OK ||
		    (r = fn(st.path, val, ctx, err)) != KVP_OK)
			return r;
	}
	if (open_key) {
		st.n--;
		path_of(&st, st.key[st.n], strlen(st.key[st.n]));
		return fn(st.path, "", ctx, err);
	}
	return KVP_OK;
}
