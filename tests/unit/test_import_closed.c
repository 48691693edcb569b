/*
 * test_import_closed.c - the importer fails closed: every layout-shaped
 * key kvplan does not read is refused naming the key and its value, an
 * unknown model_type too; --assume-layout (KVP_IMPORT_ASSUME_LAYOUT)
 * imports anyway and the result carries KVP-W16. JSON as the Hub writes
 * it: Infinity, -Infinity and NaN parse; a key kvplan needs with such a
 * value is refused by name. Keys that change only weights never refuse.
 * The configs are written here; no reference file is read.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

static struct kvp_plan plan;
static struct kvp_result res;

/* A small Llama: 2 layers, 8 query heads, 2 KV heads, head dim 64,
 * f16; `extra` is spliced in as more top-level keys. */
static void cfg_with(char *buf, size_t n, const char *type, const char *extra)
{
	snprintf(buf, n, "{\"model_type\":\"%s\",\"num_hidden_layers\":2,"
	         "\"num_attention_heads\":8,\"num_key_value_heads\":2,"
	         "\"hidden_size\":512,\"torch_dtype\":\"float16\""
	         "%s%s}", type, extra[0] ? "," : "", extra);
}

static enum kvp_status imp(const char *json, unsigned flags,
                           struct kvp_error *err)
{
	struct kvp_notes notes;

	kvp_plan_default(&plan);
	return kvp_hf_import_text_opts(json, strlen(json), "c.json", flags,
	                               &plan.model, &notes, err);
}

/* Layout keys kvplan does not read on a plain Llama, each with the
 * message part that names it. */
static const struct {
	const char *kv;      /* "key": value */
	const char *want;    /* "key: value" as the message shows it */
} UNREAD[] = {
	{ "\"hybrid_override_pattern\":\"M*\"", NULL },  /* read: Nemotron-H rule */
	{ "\"hybrid_layer_pattern\":[0,1]", "hybrid_layer_pattern: [0,1]" },
	{ "\"full_attention_interval\":4", NULL },   /* read: Qwen3-Next rule */
	{ "\"block_configs\":[{}]", NULL },        /* read: Llama-Nemotron rule */
	{ "\"layer_pattern\":\"LLG\"", "layer_pattern: \"LLG\"" },
	{ "\"linear_attn_config\":{\"kda_layers\":[1]}", "linear_attn_config:" },
	{ "\"mamba_d_state\":16", "mamba_d_state: 16" },
	{ "\"ssm_cfg\":{\"d_state\":16}", "ssm_cfg:" },
	{ "\"index_head_dim\":128", NULL },           /* read: refused as not MLA */
	{ "\"index_n_heads\":64", "index_n_heads: 64" },
	{ "\"compress_ratios\":[1,4]", "compress_ratios: [1,4]" },
	{ "\"num_global_key_value_heads\":4", "num_global_key_value_heads: 4" },
	{ "\"global_head_dim\":512", "global_head_dim: 512" },
	{ "\"swa_num_key_value_heads\":8", "swa_num_key_value_heads: 8" },
	{ "\"swa_head_dim\":192", "swa_head_dim: 192" },
	{ "\"attention_k_eq_v\":true", "attention_k_eq_v: true" },
	{ "\"layers_block_type\":[\"mamba\",\"attention\"]", NULL }, /* read */
	{ "\"attn_type_list\":[0,1]", "attn_type_list: [0,1]" },
	{ "\"attn_layer_period\":8", NULL },          /* read: Jamba rule */
	{ "\"local_num_key_value_heads\":1", "local_num_key_value_heads: 1" },
	{ "\"v_head_dim\":192", "v_head_dim: 192" },
	{ "\"conv_L_cache\":3", "conv_L_cache: 3" },
	{ "\"rwkv_head_size\":64", "rwkv_head_size: 64" },
	{ "\"cross_layer_kv\":2", "cross_layer_kv: 2" },
	{ "\"sparse_attention_config\":{\"k\":1}", "sparse_attention_config:" },
	{ "\"swa_layers\":[0]", "swa_layers: [0]" },
};

START_TEST(unread_layout_key_is_refused)
{
	char json[512];
	struct kvp_error err;

	if (!UNREAD[_i].want)
		return;
	cfg_with(json, sizeof json, "llama", UNREAD[_i].kv);
	ck_assert_msg(imp(json, 0, &err) != KVP_OK, "accepted: %s", json);
	ck_assert_msg(strstr(err.msg, "c.json: ") == err.msg, "%s", err.msg);
	ck_assert_msg(strstr(err.msg, UNREAD[_i].want) != NULL,
	              "'%s' lacks '%s'", err.msg, UNREAD[_i].want);
	ck_assert_msg(strstr(err.msg, "--assume-layout") != NULL, "%s", err.msg);
	ck_assert_msg(strchr(err.msg, '\n') == NULL, "one line: %s", err.msg);
	/* --assume-layout: imported, recorded, warned */
	ck_assert_msg(imp(json, KVP_IMPORT_ASSUME_LAYOUT, &err) == KVP_OK,
	              "%s", err.msg);
	ck_assert_msg(strstr(plan.model.layout_assumed, UNREAD[_i].want) != NULL,
	              "recorded '%s'", plan.model.layout_assumed);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_int_eq(res.warnings[0].code, KVP_W_LAYOUT_ASSUMED);
	ck_assert(strstr(res.warnings[0].msg, "model.layout_assumed") != NULL);
}
END_TEST

START_TEST(unread_key_inside_text_config)
{
	static const char json[] = "{\"model_type\":\"llama4\",\"text_config\":"
		"{\"model_type\":\"llama4_text\",\"num_hidden_layers\":2,"
		"\"num_attention_heads\":8,\"num_key_value_heads\":2,"
		"\"hidden_size\":512,\"swa_head_dim\":64}}";
	struct kvp_error err;

	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "text_config.swa_head_dim: 64") != NULL,
	              "%s", err.msg);
}
END_TEST

/* Keys of no layout: null, false, 0, [] state nothing; list-valued
 * moe_layer_freq and rope scaling change weights or compute only. */
START_TEST(keys_that_state_no_layout_pass)
{
	static const char *const ok[] = {
		"\"hybrid_override_pattern\":null",
		"\"attention_k_eq_v\":false",
		"\"num_kv_shared_layers\":0",
		"\"swa_layers\":[]",
		"\"moe_layer_freq\":[0,1]",
		"\"rope_scaling\":{\"rope_type\":\"yarn\",\"factor\":4.0}",
		"\"mamba_dt_limit\":[0.0,Infinity]",
		"\"rope_theta\":NaN",
		"\"max_window_layers\":28,\"use_sliding_window\":false,"
		"\"sliding_window\":null,\"head_dim\":64",
	};
	char json[512];
	struct kvp_error err;
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		cfg_with(json, sizeof json, i == 8 ? "qwen3" : "llama", ok[i]);
		ck_assert_msg(imp(json, 0, &err) == KVP_OK, "%s: %s", ok[i], err.msg);
		ck_assert(plan.model.layout_assumed[0] == '\0');
		ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
		/* 2 layers x 2 heads x (64 + 64) x 2 B = 1,024 */
		ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	}
}
END_TEST

START_TEST(unknown_or_absent_model_type)
{
	char json[512];
	struct kvp_error err;

	cfg_with(json, sizeof json, "frobnitz_next", "");
	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "c.json: model_type: \"frobnitz_next\" - "),
	              "%s", err.msg);
	/* absent, no architectures: refused */
	ck_assert(imp("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	              "\"hidden_size\":512}", 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "model_type: (absent)"), "%s", err.msg);
	/* absent, architectures names a family: that family */
	ck_assert_int_eq(imp("{\"architectures\":[\"MistralForCausalLM\"],"
	              "\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	              "\"hidden_size\":512,\"sliding_window\":64}", 0, &err), KVP_OK);
	ck_assert_str_eq(plan.model.model_type, "mistral");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_int_eq(kvp_layer_rec(&res, 1)->spec.kind, KVP_LAYER_SLIDING);
}
END_TEST

/* Python's json writes Infinity, -Infinity and NaN. */
START_TEST(non_finite_values)
{
	char json[512];
	struct kvp_error err;

	/* a key kvplan needs: refused naming it and the value as written */
	cfg_with(json, sizeof json, "llama", "\"head_dim\":Infinity");
	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "c.json: head_dim: Infinity - not a "
	              "finite number"), "%s", err.msg);
	cfg_with(json, sizeof json, "llama", "\"sliding_window\":-Infinity");
	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "sliding_window: -Infinity"), "%s", err.msg);
	cfg_with(json, sizeof json, "llama", "\"vocab_size\":NaN");
	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "vocab_size: NaN"), "%s", err.msg);
	/* in a string, Infinity is text */
	cfg_with(json, sizeof json, "llama", "\"note\":\"NaN Infinity\\\"NaN\"");
	ck_assert_msg(imp(json, 0, &err) == KVP_OK, "%s", err.msg);
	/* order kept: [NaN, -Infinity, Infinity] in a list nobody reads,
	 * then a needed key after them */
	cfg_with(json, sizeof json, "llama",
	         "\"x\":[NaN,-Infinity,Infinity],\"max_position_embeddings\":NaN");
	ck_assert(imp(json, 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "max_position_embeddings: NaN"), "%s",
	              err.msg);
	/* a JSON error after a NaN points at the file's own column */
	ck_assert(imp("{\"a\": NaN, \"b\": tru }", 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "c.json:1:17: malformed JSON"), "%s",
	              err.msg);
	/* Infinity is not JSON's infinity everywhere: bare words stay bad */
	ck_assert(imp("{\"a\": Inf}", 0, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "malformed JSON"), "%s", err.msg);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_closed");
	TCase *tc = tcase_create("closed");

	tcase_add_loop_test(tc, unread_layout_key_is_refused, 0,
	                    (int)(sizeof UNREAD / sizeof UNREAD[0]));
	tcase_add_test(tc, unread_key_inside_text_config);
	tcase_add_test(tc, keys_that_state_no_layout_pass);
	tcase_add_test(tc, unknown_or_absent_model_type);
	tcase_add_test(tc, non_finite_values);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
