/*
 * test_files.h - helpers of the unit tests that read public figures from
 * tab-separated tables (tests/data/...) and write files into a temporary
 * folder of their own.
 */
#ifndef KVPLAN_TEST_FILES_H
#define KVPLAN_TEST_FILES_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Split s at tabs into at most n fields, in place; the count found. */
static inline int tsv_split(char *s, char **f, int n)
{
	int k = 0;

	while (k < n) {
		f[k++] = s;
		s = strchr(s, '\t');
		if (!s)
			break;
		*s++ = '\0';
	}
	return k;
}

/* The next row of a table: comment ('#') and blank lines skipped, the
 * newline cut, split into exactly nf fields (asserted); false at the
 * end. */
static inline bool tsv_row(FILE *fp, char *buf, int size, char **f, int nf)
{
	while (fgets(buf, size, fp)) {
		size_t l = strlen(buf);

		if (buf[0] == '#' || buf[0] == '\n')
			continue;
		if (l && buf[l - 1] == '\n')
			buf[--l] = '\0';
		ck_assert_int_eq(tsv_split(buf, f, nf), nf);
		return true;
	}
	return false;
}

/* A fresh folder under $TMPDIR (or /tmp) named after tag, into path. */
static inline void tmpdir_make(char *path, size_t n, const char *tag)
{
	snprintf(path, n, "%s/%s_XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", tag);
	ck_assert_ptr_nonnull(mkdtemp(path));
}

/* The folder and all in it removed. */
static inline void tmpdir_remove(const char *path)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
}

#endif
