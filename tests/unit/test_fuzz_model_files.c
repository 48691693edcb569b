/*
 * test_fuzz_model_files.c - replays the model-file fuzz corpus
 * (tests/corpus/gguf, tests/corpus/safetensors: seeds and any crash
 * reproducers `make fuzz` found) through the harnesses' own check
 * (tests/fuzz/model_files_fuzz.h): every file is refused with one line
 * or read into figures kvp_compute handles. make check runs it again
 * under ASan+UBSan. The seeds named below must be accepted, so the
 * replay covers the readers' whole path, not only their refusals.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz/model_files_fuzz.h"
#include "kvplan/model_files.h"

#define CORPUS KVP_SRCDIR "/tests/corpus"

typedef int (*check_fn)(const uint8_t *, size_t, const char **);

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *b;
	long len;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	ck_assert_int_ge(len, 0);
	rewind(f);
	b = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(fread(b, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	*n = (size_t)len;
	return b;
}

static unsigned replay(const char *sub, check_fn fn)
{
	char dir[512], path[1024];
	DIR *d;
	struct dirent *e;
	unsigned n = 0;

	snprintf(dir, sizeof dir, "%s/%s", CORPUS, sub);
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		const char *why = "";
		unsigned char *b;
		size_t len;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		b = slurp(path, &len);
		if (fn(b, len, &why))
			ck_abort_msg("%s: %s", path, why);
		free(b);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(replay_gguf)
{
	ck_assert_uint_ge(replay("gguf", mf_fuzz_gguf), 4);
}
END_TEST

START_TEST(replay_safetensors)
{
	ck_assert_uint_ge(replay("safetensors", mf_fuzz_safetensors), 2);
}
END_TEST

/* Seeds that are whole files: read, not refused. */
START_TEST(whole_seeds_read)
{
	struct kvp_model m;
	struct kvp_error err;
	unsigned char *b;
	size_t len;

	b = slurp(CORPUS "/gguf/gemma3-pattern.gguf", &len);
	ck_assert_int_eq(kvp_gguf_import_mem(b, len, "g", &m, NULL, &err), KVP_OK);
	free(b);
	b = slurp(CORPUS "/safetensors/mixed.safetensors", &len);
	ck_assert_int_eq(kvp_st_read_mem(b, len, "s", NULL, NULL, &err), KVP_OK);
	free(b);
}
END_TEST

static Suite *corpus_suite(void)
{
	Suite *s = suite_create("fuzz_model_files");
	TCase *tc = tcase_create("fuzz_model_files");

	tcase_add_test(tc, replay_gguf);
	tcase_add_test(tc, replay_safetensors);
	tcase_add_test(tc, whole_seeds_read);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(corpus_suite)
