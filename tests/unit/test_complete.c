/*
 * test_complete.c - Tab completion of a model spec (kvplan/complete.h):
 * paths from a folder made here, ids from a fake Hugging Face cache laid
 * out as huggingface_hub lays it out (refs/main -> snapshots/HASH), and
 * the shipped model presets' names.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kvplan/complete.h"
#include "kvplan/model_files.h"

#include "check_main.h"

static char dir[256], cwd[1024];
static struct kvp_completions c;

static void sh(const char *fmt, const char *a)
{
	char cmd[1024];

	snprintf(cmd, sizeof cmd, fmt, a, a, a, a);
	ck_assert_int_eq(system(cmd), 0);
}

#define HASH "0123456789abcdef0123456789abcdef01234567"

static void setup(void)
{
	snprintf(dir, sizeof dir, "%s/kvp_cmp_XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	/* models/: two GGUF files, a folder, a text file that is not a model */
	sh("mkdir -p '%s/models/qwen3-8b' '%s/models/.hidden' && "
	   "touch '%s/models/llama-70b-Q4_K_M.gguf' '%s/models/llama-70b-Q8_0.gguf'",
	   dir);
	sh("touch '%s/models/notes.txt' '%s/models/qwen3-8b/config.json' "
	   "\"%s/models/llama-70b-Q`printf '\\033'`[2J.gguf\"", dir);
	sh("ls '%s/models' | grep -q '2J.gguf'", dir);
	/* the cache: two Qwen models with refs/main, one folder without */
	sh("mkdir -p '%s/hub/models--Qwen--Qwen3-8B/snapshots/" HASH "' "
	   "'%s/hub/models--Qwen--Qwen3-32B/snapshots/" HASH "' "
	   "'%s/hub/models--Qwen--Qwen3-8B/refs' '%s/hub/models--Qwen--Qwen3-32B/refs'",
	   dir);
	sh("echo " HASH " > '%s/hub/models--Qwen--Qwen3-8B/refs/main' && "
	   "echo " HASH " > '%s/hub/models--Qwen--Qwen3-32B/refs/main' && "
	   "mkdir -p '%s/hub/models--acme--no-snapshot/refs' '%s/hub/datasets--x--y'",
	   dir);
	ck_assert_int_eq(chdir(dir), 0);
	{
		char hub[300];

		snprintf(hub, sizeof hub, "%s/hub", dir);
		setenv("HF_HUB_CACHE", hub, 1);
	}
}

static void teardown(void)
{
	ck_assert_int_eq(chdir(cwd), 0);
	sh("rm -rf '%s'", dir);
	unsetenv("HF_HUB_CACHE");
}

START_TEST(paths)
{
	/* two GGUF files share "llama-70b-Q": the common part, both listed
	 * (a third, whose name holds an ESC, is not offered) */
	kvp_model_complete("models/ll", &c);
	ck_assert_uint_eq(c.n, 2);
	ck_assert_str_eq(c.common, "models/llama-70b-Q");
	ck_assert_str_eq(c.item[0], "models/llama-70b-Q4_K_M.gguf");
	ck_assert_str_eq(c.item[1], "models/llama-70b-Q8_0.gguf");
	ck_assert_int_eq(c.src[0], KVP_COMPLETE_PATH);
	/* a folder completes with its '/'; text files and hidden ones are
	 * not models */
	kvp_model_complete("models/q", &c);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_str_eq(c.common, "models/qwen3-8b/");
	kvp_model_complete("models/", &c);
	ck_assert_uint_eq(c.n, 3);
	kvp_model_complete("models/qwen3-8b/", &c);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_str_eq(c.common, "models/qwen3-8b/config.json");
	/* ./ and absolute paths */
	kvp_model_complete("./mod", &c);
	ck_assert_str_eq(c.common, "./models/");
	{
		char abs[400], want[400];

		snprintf(abs, sizeof abs, "%s/models/llama-70b-Q4", dir);
		snprintf(want, sizeof want, "%s/models/llama-70b-Q4_K_M.gguf", dir);
		kvp_model_complete(abs, &c);
		ck_assert_uint_eq(c.n, 1);
		ck_assert_str_eq(c.common, want);
	}
	/* nothing: the text stays */
	kvp_model_complete("models/zz", &c);
	ck_assert_uint_eq(c.n, 0);
	ck_assert_str_eq(c.common, "models/zz");
}
END_TEST

START_TEST(cached_ids)
{
	/* the case of the typed letters is not the id's: the ids' case wins */
	kvp_model_complete("qwen/qwen3-", &c);
	ck_assert_uint_eq(c.n, 2);
	ck_assert_str_eq(c.item[0], "Qwen/Qwen3-32B");
	ck_assert_str_eq(c.item[1], "Qwen/Qwen3-8B");
	ck_assert_int_eq(c.src[0], KVP_COMPLETE_CACHED);
	ck_assert_str_eq(c.common, "Qwen/Qwen3-");
	kvp_model_complete("Qwen/Qwen3-8", &c);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_str_eq(c.common, "Qwen/Qwen3-8B");
	/* a folder with no snapshot for refs/main is not offered */
	kvp_model_complete("acme/", &c);
	ck_assert_uint_eq(c.n, 0);
}
END_TEST

struct seen {
	int n;
	char rev[80];
};

static void count(const char *id, const char *rev, const char *d, void *ctx)
{
	struct seen *s = ctx;

	(void)id;
	(void)d;
	s->n++;
	snprintf(s->rev, sizeof s->rev, "%s", rev);
}

START_TEST(cache_list)
{
	struct seen s = { 0, "" };

	ck_assert_uint_eq(kvp_hf_cache_list(count, &s), 2);
	ck_assert_int_eq(s.n, 2);
	ck_assert_str_eq(s.rev, HASH);
	setenv("HF_HUB_CACHE", "/nonexistent/kvplan-cache", 1);
	ck_assert_uint_eq(kvp_hf_cache_list(count, &s), 0);
}
END_TEST

START_TEST(presets)
{
	/* the shipped presets (KVP_SRCDIR build) whose names start "llama-3.1-7" */
	kvp_model_complete("LLAMA-3.1-7", &c);
	ck_assert_uint_ge(c.n, 1);
	ck_assert_int_eq(c.src[0], KVP_COMPLETE_PRESET);
	ck_assert(strncmp(c.item[0], "llama-3.1-7", 11) == 0);
	ck_assert(strncasecmp(c.common, "llama-3.1-7", 11) == 0);
	/* an empty text offers the cache and every preset: counted beyond
	 * what is kept */
	kvp_model_complete("", &c);
	ck_assert_uint_gt(c.n, 2);
	ck_assert_uint_le(c.stored, KVP_COMPLETE_MAX);
	ck_assert_uint_le(c.stored, c.n);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("complete");
	TCase *tc = tcase_create("complete");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, paths);
	tcase_add_test(tc, cached_ids);
	tcase_add_test(tc, cache_list);
	tcase_add_test(tc, presets);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
