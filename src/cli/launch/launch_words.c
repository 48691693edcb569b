/*
 * launch_words.c - the words of a --launch file (launch.h): a JSON list of
 * strings (as a Kubernetes manifest's command/args hold them), or a
 * shell-quoted command as a script holds it. Quotes and backslashes are
 * taken as the shell takes them; an expansion ($VAR, $(...), `...`) is
 * refused, since kvplan cannot know its value. A script's commands are
 * split at unquoted newlines, ;, & and |; its export lines (and lines of
 * NAME=VALUE words) give the environment; the first command that is an
 * engine's launch command (after exec, nohup, time, env) is the one read;
 * redirections (> log, 2>&1) are skipped.
 */
#include <cjson/cJSON.h>
#include <string.h>

#include "cli/launch/launch.h"

static enum kvp_status json_words(const char *text, size_t len,
                                  struct kvp_strv *out, struct kvp_error *err)
{
	cJSON *a = cJSON_ParseWithLength(text, len), *it;
	enum kvp_status st = KVP_OK;

	if (!cJSON_IsArray(a)) {
		cJSON_Delete(a);
		return kvp_error_set(err, KVP_EPARSE, "--launch: not a JSON list "
			"of strings");
	}
	cJSON_ArrayForEach(it, a) {
		if (!cJSON_IsString(it)) {
			st = kvp_error_set(err, KVP_EPARSE, "--launch: item %d of the "
				"JSON list is not a string", (int)out->n);
			break;
		}
		if (!kvp_strv_push(out, it->valuestring, strlen(it->valuestring))) {
			st = kvp_error_set(err, KVP_ENOMEM, "out of memory");
			break;
		}
	}
	cJSON_Delete(a);
	return st;
}

/* One word from s (after blanks); *end: where it stopped. */
static enum kvp_status shell_word(const char *s, const char *e,
                                  const char **end, char *buf, size_t cap,
                                  size_t *len, struct kvp_error *err)
{
	char q = 0;
	size_t n = 0;

	for (; s < e && (q || !strchr(" \t\r\n;&|", *s)); s++) {
		/* a backslash quotes the next character; in double quotes only
		 * $, `, ", \ and a newline (POSIX): "E:\LLM" keeps it */
		if (*s == '\\' && q != '\'' && s + 1 < e &&
		    (!q || strchr("$`\"\\\n", s[1]))) {
			if (*++s == '\n')
				continue;   /* a line continuation */
		} else if (q != '\'' && (*s == '$' || *s == '`')) {
			return kvp_error_set(err, KVP_EINVAL, "--launch: '%.20s' - a "
				"shell expansion; write its value", s);
		} else if (!q && (*s == '\'' || *s == '"')) {
			q = *s;
			continue;
		} else if (q && *s == q) {
			q = 0;
			continue;
		}
		if (n + 1 >= cap)
			return kvp_error_set(err, KVP_ERANGE, "--launch: a word "
				"longer than %zu bytes", cap - 1);
		buf[n++] = *s;
	}
	if (q)
		return kvp_error_set(err, KVP_EPARSE, "--launch: unclosed %c "
			"quote", q);
	*end = s;
	*len = n;
	return KVP_OK;
}

/* A redirection at s ("> log", "2>&1", ">>out"): skipped with its
 * target; *s moves past it. False: not one. */
static bool redirection(const char **s, const char *e)
{
	const char *p = *s, *op;

	while (p < e && *p >= '0' && *p <= '9')
		p++;
	if (p >= e || (*p != '<' && *p != '>'))
		return false;
	op = p;
	while (p < e && strchr("<>&", *p))
		p++;
	while (p < e && !strchr(" \t\r\n;|", *p))   /* its target, glued */
		p++;
	if (p == op + strspn(op, "<>&") && p < e) {   /* target apart */
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		while (p < e && !strchr(" \t\r\n;&|", *p))
			p++;
	}
	*s = p;
	return true;
}

/* One shell command (up to an unquoted newline, ;, &, | or their
 * doubles), its words into cmd; *s moves past it. */
static enum kvp_status one_command(const char **s, const char *e,
                                   struct kvp_strv *cmd, struct kvp_error *err)
{
	char buf[4096];
	size_t n = 0;
	enum kvp_status st;

	while (*s < e) {
		const char *p = *s;

		if (*p == ' ' || *p == '\t' || *p == '\r' ||
		    (*p == '\\' && p + 1 < e && (p[1] == '\n' || p[1] == '\r'))) {
			*s = p + 1 + (*p == '\\');
			continue;
		}
		if (strchr("\n;&|", *p)) {
			while (*s < e && strchr("\n;&|", **s))
				(*s)++;
			return KVP_OK;
		}
		if (*p == '#') {   /* a comment, to the end of the line */
			while (*s < e && **s != '\n')
				(*s)++;
			continue;
		}
		if (redirection(s, e))
			continue;
		if ((st = shell_word(p, e, s, buf, sizeof buf, &n, err)) != KVP_OK)
			return st;
		if (!kvp_strv_push(cmd, buf, n))
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	}
	return KVP_OK;
}

static bool assignment(const char *w)
{
	size_t n = strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");

	return n > 0 && w[n] == '=';
}

/* A command that only sets variables (export A=1, A=1): its NAME=VALUE
 * words into env; true when it is one. */
static bool env_only(const struct kvp_strv *c, struct kvp_strv *env)
{
	size_t i = c->n && !strcmp(c->v[0], "export") ? 1 : 0, k;

	for (k = i; k < c->n; k++)
		if (!assignment(c->v[k]))
			return false;
	for (k = i; k < c->n; k++)
		kvp_strv_push(env, c->v[k], strlen(c->v[k]));
	return c->n > 0;
}

/* The words of the command after its wrappers (exec, nohup, time, env). */
static size_t unwrapped(const struct kvp_strv *c)
{
	static const char *const wrap[] = { "exec", "nohup", "time", "env", NULL };
	size_t i = 0, k;
	bool more = true;

	while (more && i < c->n) {
		more = false;
		for (k = 0; wrap[k]; k++)
			if (!strcmp(c->v[i], wrap[k])) {
				i++;
				more = true;
			}
		while (i < c->n && assignment(c->v[i]) && i > 0 &&
		       !strcmp(c->v[i - 1], "env"))
			i++;
	}
	return i;
}

/* Shell text: the variables its export lines set, then the first command
 * that is a launch command kvplan reads; the other commands (cd, echo,
 * source ...) are not the engine's. No launch command: the first one,
 * which the reader then refuses by name. */
static enum kvp_status shell_words(const char *s, const char *e,
                                   struct kvp_strv *out, struct kvp_error *err)
{
	struct kvp_strv env = { 0 }, cmd = { 0 }, first = { 0 };
	enum kvp_status st = KVP_OK;
	size_t i, skip;
	bool found = false;

	while (s < e && !found && st == KVP_OK) {
		kvp_strv_free(&cmd);
		if ((st = one_command(&s, e, &cmd, err)) != KVP_OK || !cmd.n ||
		    env_only(&cmd, &env))
			continue;
		skip = unwrapped(&cmd);
		found = kvp_launch_is_command(cmd.v + skip, cmd.n - skip);
		for (i = skip; (found || !first.n) && i < cmd.n; i++)
			kvp_strv_push(found ? out : &first, cmd.v[i], strlen(cmd.v[i]));
		if (found)
			break;
	}
	if (st == KVP_OK && !found) {
		for (i = 0; i < first.n; i++)
			kvp_strv_push(out, first.v[i], strlen(first.v[i]));
	}
	kvp_strv_free(&first);
	if (st == KVP_OK && env.n) {   /* the environment words go first */
		struct kvp_strv all = { 0 };

		for (i = 0; i < env.n; i++)
			kvp_strv_push(&all, env.v[i], strlen(env.v[i]));
		for (i = 0; i < out->n; i++)
			kvp_strv_push(&all, out->v[i], strlen(out->v[i]));
		kvp_strv_free(out);
		*out = all;
	}
	kvp_strv_free(&env);
	kvp_strv_free(&cmd);
	return st;
}

enum kvp_status kvp_launch_words(const char *text, size_t len,
                                 struct kvp_strv *out, struct kvp_error *err)
{
	const char *s = text, *e = text + len;
	enum kvp_status st;

	while (s < e && strchr(" \t\r\n", *s))
		s++;
	if (s < e && *s == '[')
		return json_words(text, len, out, err);
	if ((st = shell_words(s, e, out, err)) != KVP_OK)
		return st;
	if (out->n == 0)
		return kvp_error_set(err, KVP_EINVAL, "--launch: no command in the file");
	return KVP_OK;
}
