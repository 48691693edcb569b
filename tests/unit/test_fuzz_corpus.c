/*
 * test_fuzz_corpus.c - replay each fuzz harness's corpus in make check
 * (and again under ASan+UBSan): the files of tests/corpus/opts/ through
 * the CLI option harness (tests/fuzz/fuzz_opts.c, included here so the
 * replay runs the very function libFuzzer runs). A harness aborts on a
 * message that is empty or more than one line; the sanitizers catch the
 * rest. A crash found by `make fuzz` belongs in the corpus folder.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "../fuzz/fuzz_opts.c"

#define OPTS_CORPUS KVP_SRCDIR "/tests/corpus/opts"

static size_t replay(const char *dir, int (*fn)(const uint8_t *, size_t))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	ck_assert_msg(d != NULL, "%s", dir);
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		uint8_t data[8192];
		size_t len;
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		f = fopen(path, "rb");
		ck_assert_msg(f != NULL, "%s", path);
		len = fread(data, 1, sizeof data, f);
		fclose(f);
		fn(data, len);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(opts_corpus)
{
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	ck_assert_uint_ge(replay(OPTS_CORPUS, LLVMFuzzerTestOneInput), 15);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("fuzz_corpus");
	TCase *tc = tcase_create("replay");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, opts_corpus);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
