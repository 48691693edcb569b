/*
 * launch_strv.c - the list of owned strings (struct kvp_strv, launch.h)
 * that reading a launch command builds: the command's words, the kvplan
 * flags they become, trtllm-serve's YAML keys. Its own file so that the
 * readers (launch_read.c, launch_words.c, launch_trtllm.c) call it and
 * not each other.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"

bool kvp_strv_push(struct kvp_strv *s, const char *w, size_t len)
{
	char *c;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		char **v = realloc(s->v, cap * sizeof *v);

		if (!v)
			return false;
		s->v = v;
		s->cap = cap;
	}
	c = malloc(len + 1);
	if (!c)
		return false;
	memcpy(c, w, len);
	c[len] = '\0';
	s->v[s->n++] = c;
	return true;
}

void kvp_strv_free(struct kvp_strv *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}
