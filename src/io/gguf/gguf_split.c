/* gguf_split.c - the files of a split GGUF model (gguf_split.h). */
#include <stdio.h>
#include <string.h>

#include "io/gguf/gguf_split.h"

/* "-NNNNN-of-NNNNN.gguf" at the end of path: 20 characters. */
static bool split_suffix(const char *path, uint32_t *no, uint32_t *count)
{
	size_t l = strlen(path);
	const char *s;
	unsigned a, b;
	char tail[8];

	if (l < 21)
		return false;
	s = path + l - 20;
	if (sscanf(s, "-%5u-of-%5u%7s", &a, &b, tail) != 3 ||
	    strcmp(tail, ".gguf") != 0 || s[6] != '-' || s[1] < '0' ||
	    s[1] > '9' || s[10] < '0' || s[10] > '9')
		return false;
	*no = a;
	*count = b;
	return true;
}

enum kvp_status kvp_gguf_split_find(const char *path, struct kvp_gguf_split *sp,
                                    struct kvp_error *err)
{
	uint32_t no, count;
	size_t l = strlen(path);

	memset(sp, 0, sizeof sp->count);
	if (l >= sizeof sp->prefix)
		return kvp_error_set(err, KVP_EINVAL, "%.80s...: path too long",
		                     path);
	if (!split_suffix(path, &no, &count)) {
		snprintf(sp->prefix, sizeof sp->prefix, "%s", path);
		sp->count = 1;
		return KVP_OK;
	}
	if (count < 1 || no < 1 || no > count)
		return kvp_error_set(err, KVP_EINVAL, "%s: split %u of %u - not "
		                     "a file of a split set (1..N of N)", path, no,
		                     count);
	memcpy(sp->prefix, path, l - 20);
	sp->prefix[l - 20] = '\0';
	sp->count = count;
	return KVP_OK;
}

void kvp_gguf_split_name(const struct kvp_gguf_split *sp, uint32_t s,
                         char *out, size_t n)
{
	if (sp->count <= 1)
		snprintf(out, n, "%s", sp->prefix);
	else
		snprintf(out, n, "%s-%05u-of-%05u.gguf", sp->prefix, s + 1,
		         sp->count);
}

enum kvp_status kvp_gguf_split_check(const struct kvp_gguf_split *sp,
                                     uint32_t s, const struct kvp_gguf *g,
                                     const char *file, struct kvp_error *err)
{
	const struct kvp_gguf_kv *no = kvp_gguf_find(g, "split.no");
	const struct kvp_gguf_kv *count = kvp_gguf_find(g, "split.count");

	if (count && count->u != sp->count && !(sp->count == 1 && count->u == 0))
		return kvp_error_set(err, KVP_EINVAL, "%s: split.count: %llu - "
		       "%s", file, (unsigned long long)count->u, sp->count == 1
		       ? "the file is one split of a set: name it as "
		         "PREFIX-00001-of-0000N.gguf"
		       : "the file names say otherwise");
	if (no && sp->count > 1 && no->u != s)
		return kvp_error_set(err, KVP_EINVAL, "%s: split.no: %llu - the "
		       "file name says %u (0-based)", file,
		       (unsigned long long)no->u, s);
	return KVP_OK;
}
