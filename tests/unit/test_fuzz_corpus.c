/*
 * test_fuzz_corpus.c - replay each fuzz harness's corpus in make check
 * (and again under ASan+UBSan): tests/corpus/<name>/ through the harness
 * tests/fuzz/fuzz_<name>.c, included here so the replay runs the very
 * function libFuzzer runs (FUZZ_ENTRY renames each one's entry point).
 * A harness aborts on a message that is empty or more than one line, on a
 * round trip that does not hold; the sanitizers catch the rest. A crash
 * found by `make fuzz` belongs in the corpus folder.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"

#define FUZZ_ENTRY fuzz_opts_one
#include "../fuzz/fuzz_opts.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_log_one
#include "../fuzz/fuzz_log.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_roundtrip_one
#include "../fuzz/fuzz_roundtrip.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_field_one
#include "../fuzz/fuzz_field.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_rules_one
#include "../fuzz/fuzz_rules.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_import_one
#include "../fuzz/fuzz_import.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_ot_one
#include "../fuzz/fuzz_ot.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_mmproj_one
#include "../fuzz/fuzz_mmproj.c"
#undef FUZZ_ENTRY

#define CORPUS KVP_SRCDIR "/tests/corpus/"

/* The import harness takes --assume-layout from the first byte's low
 * bit: '{' (0x7b) sets it, so each file is replayed a second time behind
 * a space (0x20, JSON whitespace) to run the fail-closed path too. */
static int import_both(const uint8_t *data, size_t len)
{
	static uint8_t spaced[(1 << 16) + 1];

	fuzz_import_one(data, len);
	spaced[0] = ' ';
	memcpy(spaced + 1, data, len);
	return fuzz_import_one(spaced, len + 1);
}

static size_t replay(const char *dir, int (*fn)(const uint8_t *, size_t))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	ck_assert_msg(d != NULL, "%s", dir);
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		static uint8_t data[1 << 16];
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
	ck_assert_uint_ge(replay(CORPUS "opts", fuzz_opts_one), 15);
}
END_TEST

START_TEST(log_corpus)
{
	ck_assert_uint_ge(replay(CORPUS "log", fuzz_log_one), 4);
}
END_TEST

START_TEST(roundtrip_corpus)
{
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	ck_assert_uint_ge(replay(CORPUS "roundtrip", fuzz_roundtrip_one), 3);
	/* the shipped presets are plans' fragments: they round trip too */
	ck_assert_uint_ge(replay(KVP_SRCDIR "/presets/models", fuzz_roundtrip_one), 20);
}
END_TEST

START_TEST(field_corpus)
{
	ck_assert_uint_ge(replay(CORPUS "field", fuzz_field_one), 5);
}
END_TEST

/* The Hub configs: hand-made family configs, the verbatim copies (every
 * layout key the importer reads: layer_types, full_attention_interval,
 * hybrid_override_pattern, block_configs, hybrid_layer_pattern,
 * linear_attn_config, index_*, global heads, swa_*, sliding_window_
 * pattern, Infinity) and the malformed corpus, with and without
 * --assume-layout. */
START_TEST(import_corpus)
{
	ck_assert_uint_ge(replay(KVP_SRCDIR "/tests/data/hf", import_both), 7);
	ck_assert_uint_ge(replay(KVP_SRCDIR "/tests/data/hf/verbatim",
	                         import_both), 18);
	ck_assert_uint_ge(replay(CORPUS "bad", import_both), 30);
}
END_TEST

START_TEST(rules_corpus)
{
	ck_assert_uint_ge(replay(CORPUS "rules", fuzz_rules_one), 4);
}
END_TEST

/* -ot patterns: those people write, issue 33's two that took glibc's
 * regcomp gigabytes, and each kind of refusal. */
START_TEST(ot_corpus)
{
	ck_assert_uint_ge(replay(CORPUS "ot", fuzz_ot_one), 36);
}
END_TEST

/* --mmproj and --lora files: vision, audio, deepstack, scale factor,
 * no encoder, an adapter, an unsigned value out of range; and the GGUF
 * seeds, every key the reader treats specially among them. */
START_TEST(mmproj_corpus)
{
	ck_assert_uint_ge(replay(CORPUS "mmproj", fuzz_mmproj_one), 7);
	ck_assert_uint_ge(replay(CORPUS "gguf", fuzz_mmproj_one), 11);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("fuzz_corpus");
	TCase *tc = tcase_create("replay");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, opts_corpus);
	tcase_add_test(tc, log_corpus);
	tcase_add_test(tc, roundtrip_corpus);
	tcase_add_test(tc, field_corpus);
	tcase_add_test(tc, rules_corpus);
	tcase_add_test(tc, import_corpus);
	tcase_add_test(tc, ot_corpus);
	tcase_add_test(tc, mmproj_corpus);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
