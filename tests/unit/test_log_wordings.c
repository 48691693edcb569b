/*
 * test_log_wordings.c - every row of tests/data/logs/wordings.tsv (a real
 * public log line, its source, and the figure it states worked by hand)
 * is fed alone to the log reader, which must take the figure: kind,
 * cache, device and exact value. The file is in the repository, so a bare
 * clone tests itself.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "check_main.h"
#include "test_files.h"

#define WORDINGS KVP_SRCDIR "/tests/data/logs/wordings.tsv"

static int find_setting(const struct kvp_log *log, const char *name,
                        uint64_t want)
{
	int k;

	for (k = 0; k < KVP_LK_COUNT; k++)
		if (!strcmp(kvp_log_key_name((enum kvp_log_key)k), name))
			return log->set.has[k] && log->set.v[k] == want;
	return 0;
}

static int find_obs(const struct kvp_log *log, const char *kind,
                    const char *scope, const char *dev, uint64_t want)
{
	size_t i;

	for (i = 0; i < log->n_obs; i++) {
		const struct kvp_observation *o = &log->obs[i];

		if (!strcmp(kvp_obs_kind_name(o->kind), kind) &&
		    !strcmp(kvp_obs_scope_name(o->scope), scope) &&
		    (!strcmp(dev, "-") || !strcmp(o->device, dev)) && o->value == want)
			return 1;
	}
	return 0;
}

START_TEST(every_wording_is_read)
{
	FILE *f = fopen(WORDINGS, "r");
	static char buf[8192];
	static struct kvp_log log;
	int rows = 0;

	ck_assert_msg(f != NULL, "cannot open %s", WORDINGS);
	char *fld[6];

	while (tsv_row(f, buf, sizeof buf, fld, 6)) {
		uint64_t want;

		want = strtoull(fld[3], NULL, 10);
		kvp_log_init(&log);
		kvp_log_feed_line(&log, fld[5], strlen(fld[5]));
		kvp_log_finish(&log);
		ck_assert_msg(log.lines_used == 1, "not read: %s (%s)", fld[5], fld[4]);
		if (!strcmp(fld[0], "read")) {
			/* a line read that states no figure */
			ck_assert_msg(log.n_obs == 0, "a figure taken from: %s", fld[5]);
		} else if (!strcmp(fld[0], "build")) {
			char b[24];

			snprintf(b, sizeof b, "b%s", fld[3]);
			ck_assert_msg(!strcmp(log.build, b), "build %s not taken from: "
			              "%s (read '%s')", b, fld[5], log.build);
		} else if (!strncmp(fld[0], "setting:", 8))
			ck_assert_msg(find_setting(&log, fld[0] + 8, want),
			              "%s = %s not taken from: %s", fld[0] + 8, fld[3], fld[5]);
		else
			ck_assert_msg(find_obs(&log, fld[0], fld[1], fld[2], want),
			              "%s %s %s = %s not taken from: %s", fld[0], fld[1],
			              fld[2], fld[3], fld[5]);
		rows++;
	}
	fclose(f);
	ck_assert_int_ge(rows, 20);
}
END_TEST

/* The older TensorRT-LLM tokens are marked as before block rounding. */
START_TEST(trtllm_old_tokens_unrounded)
{
	static struct kvp_log log;
	static const char line[] = "[TensorRT-LLM][INFO] Using 10718 tokens in paged KV cache.";

	kvp_log_init(&log);
	kvp_log_feed_line(&log, line, strlen(line));
	kvp_log_finish(&log);
	ck_assert_uint_eq(log.n_obs, 1);
	ck_assert(log.obs[0].unrounded);
	ck_assert_int_eq(log.engine, KVP_ENGINE_TRTLLM);
}
END_TEST

/* The wording tells the era: TensorRT-LLM's older C++ runtime lines
 * (issue 1400) and Aphrodite's summary (dphnAI/sonar issue 1077, a vLLM
 * V0 fork: V0's rules, 0.7.3). */
START_TEST(era_from_wording)
{
	static struct kvp_log log;
	static const char trt[] =
		"[TensorRT-LLM][INFO] Allocate 69524783104 bytes for k/v cache. ";
	static const char aph[] = "INFO:     Minimum concurrency: 3.31x";

	kvp_log_init(&log);
	kvp_log_feed_line(&log, trt, strlen(trt));
	kvp_log_finish(&log);
	ck_assert_msg(strstr(log.era, "older wording") != NULL, "%s", log.era);
	ck_assert_str_eq(log.era_release, "");
	kvp_log_init(&log);
	kvp_log_feed_line(&log, aph, strlen(aph));
	kvp_log_finish(&log);
	ck_assert_msg(strstr(log.era, "Aphrodite") != NULL, "%s", log.era);
	ck_assert_str_eq(log.era_release, "0.7.3");
	ck_assert_int_eq(log.engine, KVP_ENGINE_VLLM);
}
END_TEST

/* Aphrodite's breakdown (dphnAI/sonar PR #1320) tells the V0 era too;
 * "KV cache for N tokens:" is read only in those words: LMCache's
 * "Storing KV cache for N out of M tokens" is another line. */
START_TEST(aphrodite_breakdown_words)
{
	static struct kvp_log log;
	static const char res[] = "INFO:       Reserved for KV cache: 10.53 GiB";
	static const char lmc[] =
		"Storing KV cache for 512 out of 1024 tokens (skip_leading_tokens=0) for request 7";

	kvp_log_init(&log);
	kvp_log_feed_line(&log, res, strlen(res));
	kvp_log_finish(&log);
	ck_assert_msg(strstr(log.era, "Aphrodite") != NULL, "%s", log.era);
	ck_assert_str_eq(log.era_release, "0.7.3");
	kvp_log_init(&log);
	kvp_log_feed_line(&log, lmc, strlen(lmc));
	kvp_log_finish(&log);
	ck_assert_uint_eq(log.n_obs, 0);
	ck_assert(!log.set.has[KVP_LK_MAX_MODEL_LEN]);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("log_wordings");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_wording_is_read);
	tcase_add_test(tc, trtllm_old_tokens_unrounded);
	tcase_add_test(tc, era_from_wording);
	tcase_add_test(tc, aphrodite_breakdown_words);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
