/*
 * launch_words.c - the words of a --launch file (launch.h): a JSON list of
 * strings (as a Kubernetes manifest's command/args hold them), or a
 * shell-quoted command as a script holds it. Quotes and backslashes are
 * taken as the shell takes them; an expansion ($VAR, $(...), `...`) is
 * refused, since kvplan cannot know its value; an unquoted &, ;, |, < or >
 * at the start of a word ends the command (what follows is not its).
 */
#include <cjson/cJSON.h>
#include <string.h>

#include "cli/launch.h"

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

	for (; s < e && (q || (*s != ' ' && *s != '\t' && *s != '\n')); s++) {
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

enum kvp_status kvp_launch_words(const char *text, size_t len,
                                 struct kvp_strv *out, struct kvp_error *err)
{
	const char *s = text, *e = text + len;
	char buf[4096];
	size_t n = 0;
	enum kvp_status st;

	while (s < e && strchr(" \t\r\n", *s))
		s++;
	if (s < e && *s == '[')
		return json_words(text, len, out, err);
	while (s < e) {
		if (strchr(" \t\r\n", *s) || (*s == '\\' && s + 1 < e &&
		                               (s[1] == '\n' || s[1] == '\r'))) {
			s++;
			continue;
		}
		if (strchr("&;|<>", *s))
			break;   /* a control operator or redirection ends the command */
		if (*s == '#') {   /* a comment line */
			while (s < e && *s != '\n')
				s++;
			continue;
		}
		if ((st = shell_word(s, e, &s, buf, sizeof buf, &n, err)) != KVP_OK)
			return st;
		if (!kvp_strv_push(out, buf, n))
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	}
	if (out->n == 0)
		return kvp_error_set(err, KVP_EINVAL, "--launch: no command in the file");
	return KVP_OK;
}
