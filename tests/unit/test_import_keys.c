/*
 * test_import_keys.c - every row of the table of layout-shaped keys that
 * do not change the cache (src/io/hf/hf_keys.c) walked: each names what it
 * changes and its source; its example key matches it and is of a layout
 * shape (else the row would change nothing); a config holding the key with a value the row
 * accepts imports to the same cache as without it; a value it does not
 * accept is refused naming the key. Then the keys issue 35 named, worked
 * by hand.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/import.h"
#include "io/hf/hf_keys.h"

/* A llama of 2 layers, 4 query heads, 2 KV heads of 64, plus `extra`. */
static enum kvp_status import_with(const char *extra, struct kvp_model *m,
                                   struct kvp_error *err)
{
	char text[1024];

	snprintf(text, sizeof text, "{\"model_type\":\"llama\","
	         "\"num_hidden_layers\":2,\"hidden_size\":256,"
	         "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	         "\"vocab_size\":1000%s%s}", extra[0] ? "," : "", extra);
	return kvp_hf_import_text(text, strlen(text), "k", m, NULL, err);
}

START_TEST(every_row)
{
	size_t n, i;
	const struct hf_key_row *rows = hf_key_rows(&n);
	struct kvp_model plain, m;
	struct kvp_error err;

	ck_assert_uint_gt(n, 0);
	ck_assert_int_eq(import_with("", &plain, &err), KVP_OK);
	for (i = 0; i < n; i++) {
		const char *key = rows[i].example;
		char extra[160];
		const char *ok = rows[i].when == HF_KEY_ALL_ONE ? "[1,1]" : "1";
		const char *bad = rows[i].when == HF_KEY_ALL_ONE ? "[1,0]" : "2";

		ck_assert_msg(rows[i].source && rows[i].source[0], "%s", rows[i].key);
		ck_assert_msg(rows[i].changes && rows[i].changes[0], "%s",
		              rows[i].key);
		ck_assert_msg(hf_glob(rows[i].key, key), "%s: not %s", key,
		              rows[i].key);
		ck_assert_msg(hf_layout_shaped(key), "%s: not a layout shape", key);
		snprintf(extra, sizeof extra, "\"%s\":%s", key, ok);
		ck_assert_msg(import_with(extra, &m, &err) == KVP_OK, "%s: %s",
		              key, err.msg);
		ck_assert_uint_eq(m.n_layers, plain.n_layers);
		ck_assert_uint_eq(m.base.kv_heads, plain.base.kv_heads);
		ck_assert_uint_eq(m.base.k_dim, plain.base.k_dim);
		ck_assert_int_eq(m.base.kind, plain.base.kind);
		ck_assert_uint_eq(m.n_rules, plain.n_rules);
		if (rows[i].when == HF_KEY_ANY)
			continue;
		snprintf(extra, sizeof extra, "\"%s\":%s", key, bad);
		ck_assert_int_eq(import_with(extra, &m, &err), KVP_EINVAL);
		ck_assert_msg(strstr(err.msg, key) != NULL, "%s", err.msg);
	}
}
END_TEST

/*
 * MiniMax-M2's attn_type_list: 1 is softmax attention, 0 lightning
 * (vLLM minimax_text_01.py); all 1 is the plain full attention vLLM's
 * minimax_m2.py builds. 3 layers x 2 KV heads x (64 + 64) x 2 B = 1,536
 * B/position either way; a 0 refused by name. Phi-4-mini's
 * full_attn_mod 1 likewise; 2 refused.
 */
START_TEST(issue_keys)
{
	static const char mm[] = "{\"model_type\":\"minimax_m2\","
		"\"num_hidden_layers\":3,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"head_dim\":64,\"vocab_size\":1000,\"attn_type_list\":%s}";
	char text[512];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(text, sizeof text, mm, "[1,1,1]");
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "m", &m, NULL,
	              &err) == KVP_OK, "%s", err.msg);
	ck_assert_int_eq(m.base.kind, KVP_LAYER_FULL);
	ck_assert_uint_eq(m.n_rules, 0);
	ck_assert_uint_eq((uint64_t)m.n_layers * m.base.kv_heads *
	                  (m.base.k_dim + m.base.v_dim) * 2, 1536);
	snprintf(text, sizeof text, mm, "[1,0,1]");
	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "m", &m, NULL,
	                 &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "attn_type_list: [1,0,1]") != NULL, "%s",
	              err.msg);
	ck_assert_int_eq(import_with("\"full_attn_mod\":1", &m, &err), KVP_OK);
	ck_assert_int_eq(import_with("\"full_attn_mod\":2", &m, &err), KVP_EINVAL);
	ck_assert_msg(strstr(err.msg, "full_attn_mod: 2") != NULL, "%s", err.msg);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_keys");
	TCase *tc = tcase_create("keys");

	tcase_add_test(tc, every_row);
	tcase_add_test(tc, issue_keys);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
