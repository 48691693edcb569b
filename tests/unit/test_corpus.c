/*
 * test_corpus.c - replay the malformed files of tests/corpus/bad/ through
 * the model loader (preset file or config.json, kvp_model_load_spec) and
 * the card and workload loaders. Each must be refused with one line that
 * names the file and, where the file has one, the field path and value;
 * none may crash. `make check` runs this again under ASan+UBSan.
 *
 * Every file in the folder must appear in the table below, so a file
 * added to the corpus without an expectation fails the test. An oversized
 * file (over the importer's 4 MiB limit) is written at run time rather
 * than kept in the tree.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kvplan/import.h"
#include "kvplan/preset.h"

#define CORPUS KVP_SRCDIR "/tests/corpus/bad"

struct bad {
	const char *file;
	const char *want;      /* substring of the model loader's message */
	bool card_ok;          /* a valid card, refused only as a model */
};

static const struct bad B[] = {
	{ "truncated.json", "line 1, column 78", false },
	{ "wrong-type-layers.json", "num_hidden_layers: \"32\"", false },
	{ "zero-heads.json", "num_attention_heads: 0", false },
	{ "negative-layers.json", "num_hidden_layers: -32", false },
	{ "overflow-hidden.json", "hidden_size: 1e+30", false },
	{ "huge-layers.json", "num_hidden_layers: 4000000000", false },
	{ "missing-layers.json", "num_hidden_layers: (absent)", false },
	{ "missing-heads.json", "num_attention_heads: (absent)", false },
	{ "tokenizer.json", "tokenizer.json", false },
	{ "empty.json", "empty", false },
	{ "not-an-object.json", "object", false },
	{ "kv-not-divisor.json", "num_key_value_heads: 5", false },
	{ "fractional-kv-heads.json", "num_key_value_heads: 8.5", false },
	{ "layer-types-count.json", "has 2 entries for 3 layers", false },
	{ "layer-types-wrong-type.json", "layer_types[1]: 7", false },
	{ "text-config-string.json", "text_config: \"gemma3_text\"", false },
	{ "mla-missing-rope.json", "qk_rope_head_dim", false },
	{ "unknown-dtype.json", "torch_dtype: \"float8\"", false },
	{ "awq-missing-bits.json", "quantization_config.bits", false },
	{ "negative-window.json", "sliding_window: -4096", false },
	{ "tie-not-bool.json", "tie_word_embeddings: \"yes\"", false },
	{ "deeply-nested.json", "nested deeper than 1000 levels", false },
	{ "binary.json", "NUL", false },
	{ "double-comma.json", "column 50", false },
	{ "preset-zero-layers.json", "model.n_layers: 0", false },
	{ "preset-wrong-type.json", "model.q_heads", false },
	{ "preset-bad-kind.json", "wormhole", false },
	{ "preset-overflow.json", "model.declared_params", false },
	{ "preset-card-not-model.json", "card", true },
	{ "infinite-kv-heads.json", "num_key_value_heads: Infinity", false },
	{ "unread-layout-key.json", "hybrid_layer_pattern: [0,1]", false },
	{ "unknown-model-type.json", "model_type: \"frobnitz\"", false },
	{ "block-ffn-mult-infinite.json", "block_configs[1].ffn.ffn_mult: Infinity", false },
	{ "block-ffn-missing.json", "block_configs[0].ffn: \"wide\"", false },
	{ "vision-deepstack-not-list.json", "vision_config.deepstack_visual_indexes: 8", false },
};

static const struct bad *lookup(const char *file)
{
	size_t i;

	for (i = 0; i < sizeof B / sizeof B[0]; i++)
		if (!strcmp(B[i].file, file))
			return &B[i];
	return NULL;
}

static void one_line_naming(const struct kvp_error *err, const char *path)
{
	ck_assert_msg(strstr(err->msg, path) != NULL, "'%s' lacks the file %s",
	              err->msg, path);
	ck_assert_msg(strchr(err->msg, '\n') == NULL, "one line: %s", err->msg);
}

START_TEST(every_corpus_file_is_refused)
{
	DIR *d = opendir(CORPUS);
	struct dirent *e;
	unsigned seen = 0;

	ck_assert_msg(d != NULL, "cannot open %s", CORPUS);
	while ((e = readdir(d))) {
		const struct bad *b;
		char path[1024];
		struct kvp_model m;
		struct kvp_card c;
		struct kvp_workload w;
		struct kvp_notes notes;
		struct kvp_error err;

		if (e->d_name[0] == '.')
			continue;
		b = lookup(e->d_name);
		ck_assert_msg(b != NULL, "%s: no expectation in test_corpus.c",
		              e->d_name);
		snprintf(path, sizeof path, "%s/%s", CORPUS, e->d_name);
		ck_assert_msg(kvp_model_load_spec(path, &m, &notes, &err) != KVP_OK,
		              "%s accepted as a model", e->d_name);
		one_line_naming(&err, path);
		ck_assert_msg(strstr(err.msg, b->want) != NULL, "%s: '%s' lacks '%s'",
		              e->d_name, err.msg, b->want);
		if (!b->card_ok) {
			ck_assert_msg(kvp_card_load_spec(path, &c, &err) != KVP_OK,
			              "%s accepted as a card", e->d_name);
			one_line_naming(&err, path);
		}
		ck_assert_msg(kvp_workload_load_spec(path, &w, &err) != KVP_OK,
		              "%s accepted as a workload", e->d_name);
		one_line_naming(&err, path);
		seen++;
	}
	closedir(d);
	ck_assert_uint_eq(seen, sizeof B / sizeof B[0]);
}
END_TEST

START_TEST(oversized_file)
{
	char path[] = "/tmp/kvp_corpus_big_XXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	struct kvp_model m;
	struct kvp_error err;
	size_t i;

	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	/* a syntactically valid config padded past the 4 MiB limit */
	fputs("{\"num_hidden_layers\": 2, \"num_attention_heads\": 2, "
	      "\"hidden_size\": 128, \"pad\": \"", f);
	for (i = 0; i < KVP_IMPORT_MAX_BYTES / 64 + 1; i++)
		fputs("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", f);
	fputs("\"}", f);
	fclose(f);
	ck_assert_int_ne(kvp_model_load_spec(path, &m, NULL, &err), KVP_OK);
	one_line_naming(&err, path);
	ck_assert_msg(strstr(err.msg, "limit") != NULL, "%s", err.msg);
	ck_assert_int_ne(kvp_hf_import_path(path, &m, NULL, &err), KVP_OK);
	one_line_naming(&err, path);
	unlink(path);
}
END_TEST

START_TEST(unreadable_path)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_ne(kvp_model_load_spec(CORPUS "/no-such-file.json", &m,
	                 NULL, &err), KVP_OK);
	one_line_naming(&err, CORPUS "/no-such-file.json");
	/* a folder without config.json */
	ck_assert_int_ne(kvp_model_load_spec(CORPUS, &m, NULL, &err), KVP_OK);
	ck_assert(strstr(err.msg, "config.json") != NULL);
}
END_TEST

static Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("bad");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_corpus_file_is_refused);
	tcase_add_test(tc, oversized_file);
	tcase_add_test(tc, unreadable_path);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(corpus_suite)
