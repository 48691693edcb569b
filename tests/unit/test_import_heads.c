/*
 * test_import_heads.c - issue 35h's audit of head_dim and KV heads by
 * family (src/io/hf/hf_fam_heads.c), Hunyuan's per-layer MoE keys
 * (hf_weights.c) and a top-level config's class defaults
 * (hf_text_defaults.c hf_top_defaults), each sized for ONE sequence of T positions, f16 cache
 * (one_sequence.h), the bytes worked by hand in the comments. The
 * configs are minimal, written here with the shape of the public model
 * each comment names (no Hub file vendored); each case failed before
 * the fix it tests.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_notes notes;

static void sized(const char *text, uint64_t t)
{
	struct kvp_error err;

	kvp_plan_default(&plan);
	memset(&notes, 0, sizeof notes);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), "inline",
	              &plan.model, &notes, &err) == KVP_OK, "%s", err.msg);
	one_sequence_plan(&plan, t);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s",
	              res.error.msg);
}

static void refused(const char *text, const char *key)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_eq(kvp_hf_import_text(text, strlen(text), "inline", &m,
	                 NULL, &err), KVP_EINVAL);
	ck_assert_msg(strncmp(err.msg, "inline: ", 8) == 0 &&
	              strncmp(err.msg + 8, key, strlen(key)) == 0,
	              "want %s: %s", key, err.msg);
}

static bool noted(const char *s)
{
	unsigned i;

	for (i = 0; i < notes.n; i++)
		if (strstr(notes.line[i], s))
			return true;
	return false;
}

/*
 * StarCoder's shape (bigcode/starcoderbase: gpt_bigcode, 40 layers,
 * n_embd 6,144, 48 heads, multi_query true). vLLM gpt_bigcode.py: one KV
 * head under multi_query, of 6,144 / 48 = 128: 40 x 1 x (128 + 128) x
 * 2 B = 20,480 B/position, x 1,000 = 20,480,000 (kvplan sized 48 KV
 * heads, 983,040 B/position, before). multi_query absent: true, the
 * GPTBigCodeConfig default, noted. multi_query false: 48 heads, 40 x 48
 * x 256 x 2 = 983,040. GPTBigCodeConfig ties the embeddings by default.
 */
START_TEST(bigcode_multi_query)
{
	static const char cfg[] = "{\"model_type\":\"gpt_bigcode\","
		"\"n_layer\":40,\"n_embd\":6144,\"n_head\":48,"
		"\"n_positions\":8192,\"vocab_size\":49152%s}";
	char text[512];

	snprintf(text, sizeof text, cfg, ",\"multi_query\":true");
	sized(text, 1000);
	ck_assert_uint_eq(res.kv.bytes_per_position, 20480);
	ck_assert_uint_eq(res.kv.bytes, 20480000);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert(plan.model.arch.tie_embeddings);
	snprintf(text, sizeof text, cfg, "");
	sized(text, 1000);
	ck_assert_uint_eq(res.kv.bytes_per_position, 20480);
	ck_assert(noted("multi_query absent"));
	snprintf(text, sizeof text, cfg, ",\"multi_query\":false");
	sized(text, 1000);
	ck_assert_uint_eq(res.kv.bytes_per_position, 983040);
	/* a saved num_key_value_heads that contradicts multi_query */
	snprintf(text, sizeof text, cfg,
	         ",\"multi_query\":true,\"num_key_value_heads\":48");
	refused(text, "num_key_value_heads");
}
END_TEST

/*
 * Pythia-1B's shape (gpt_neox: 16 layers, hidden 2,048, 8 heads) with a
 * stray head_dim 64: vLLM gpt_neox.py and llama.cpp's converter both size
 * 2,048 / 8 = 256: 16 x 8 x (256 + 256) x 2 B = 131,072 B/position, x
 * 100 = 13,107,200 (kvplan read head_dim 64: 32,768 before), the
 * head_dim noted.
 */
START_TEST(neox_head_dim_ignored)
{
	sized("{\"model_type\":\"gpt_neox\",\"num_hidden_layers\":16,"
	      "\"hidden_size\":2048,\"num_attention_heads\":8,"
	      "\"head_dim\":64,\"vocab_size\":50304}", 100);
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
	ck_assert_uint_eq(res.kv.bytes, 13107200);
	ck_assert(noted("head_dim 64 not read"));
}
END_TEST

/*
 * InternLM2-7B's shape (32 layers, hidden 4,096, 32 heads, 8 KV heads):
 * vLLM internlm2.py sizes 4,096 / 32 = 128 whatever head_dim says, while
 * llama.cpp's converter writes head_dim as key_length: a head_dim of 64
 * is refused naming it; 128 agrees: 32 x 8 x 256 x 2 B = 131,072
 * B/position.
 */
START_TEST(internlm2_head_dim_split)
{
	static const char cfg[] = "{\"model_type\":\"internlm2\","
		"\"num_hidden_layers\":32,\"hidden_size\":4096,"
		"\"num_attention_heads\":32,\"num_key_value_heads\":8,"
		"\"head_dim\":%d,\"vocab_size\":92544}";
	char text[512];

	snprintf(text, sizeof text, cfg, 64);
	refused(text, "head_dim");
	snprintf(text, sizeof text, cfg, 128);
	sized(text, 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
}
END_TEST

/*
 * ChatGLM3-6B's shape (28 layers, hidden 4,096, 32 heads,
 * multi_query_group_num 2, kv_channels 128). vLLM chatglm.py: 2 KV heads
 * only under multi_query_attention: 28 x 2 x 256 x 2 B = 28,672
 * B/position. multi_query_attention false (ChatGLMConfig's default when
 * absent): vLLM builds 32 KV heads, llama.cpp reads the group count:
 * refused naming multi_query_group_num when it differs; without it, 32
 * heads: 28 x 32 x 256 x 2 = 458,752. Switch on without a group count:
 * refused (vLLM's default 1, llama.cpp's the heads).
 */
START_TEST(chatglm_switch)
{
	static const char cfg[] = "{\"model_type\":\"chatglm\","
		"\"num_layers\":28,\"hidden_size\":4096,"
		"\"num_attention_heads\":32,\"kv_channels\":128,"
		"\"padded_vocab_size\":65024%s}";
	char text[512];

	snprintf(text, sizeof text, cfg, ",\"multi_query_attention\":true,"
	         "\"multi_query_group_num\":2");
	sized(text, 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 28672);
	snprintf(text, sizeof text, cfg, ",\"multi_query_group_num\":2");
	refused(text, "multi_query_group_num");
	snprintf(text, sizeof text, cfg, "");
	sized(text, 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 458752);
	snprintf(text, sizeof text, cfg, ",\"multi_query_attention\":true");
	refused(text, "multi_query_group_num");
}
END_TEST

/*
 * Baichuan2-7B's shape (32 layers, hidden 4,096, 32 heads): vLLM
 * baichuan.py's W_pack builds 32 KV heads and reads no KV key, while
 * llama.cpp's converter reads num_key_value_heads: 8 is refused naming
 * it (kvplan sized 8 KV heads before); 32 agrees: 32 x 32 x 256 x 2 B =
 * 524,288 B/position.
 */
START_TEST(baichuan_kv_key)
{
	static const char cfg[] = "{\"model_type\":\"baichuan\","
		"\"architectures\":[\"BaichuanForCausalLM\"],"
		"\"num_hidden_layers\":32,\"hidden_size\":4096,"
		"\"num_attention_heads\":32,\"num_key_value_heads\":%d,"
		"\"vocab_size\":125696}";
	char text[512];

	snprintf(text, sizeof text, cfg, 8);
	refused(text, "num_key_value_heads");
	snprintf(text, sizeof text, cfg, 32);
	sized(text, 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 524288);
}
END_TEST

/*
 * Hunyuan-A13B's MoE keys as its remote-code config writes them (lists
 * of one entry per layer; vLLM hunyuan_v1.py reads entry [layer_id]):
 * moe_topk [3, 3] is 3 active experts (kvplan assumed 2 before, the
 * list unread); moe_intermediate_size [96, 96] is 96. Entries that
 * differ are refused naming the key.
 */
START_TEST(hunyuan_layer_lists)
{
	static const char cfg[] = "{\"model_type\":\"hunyuan\","
		"\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"num_experts\":4,\"moe_topk\":%s,"
		"\"intermediate_size\":128,\"moe_intermediate_size\":%s}";
	char text[512];

	snprintf(text, sizeof text, cfg, "[3,3]", "[96,96]");
	sized(text, 1);
	ck_assert_uint_eq(plan.model.arch.n_experts_active, 3);
	ck_assert_uint_eq(plan.model.arch.moe_intermediate, 96);
	snprintf(text, sizeof text, cfg, "3", "96");
	sized(text, 1);
	ck_assert_uint_eq(plan.model.arch.n_experts_active, 3);
	snprintf(text, sizeof text, cfg, "[3,2]", "[96,96]");
	refused(text, "moe_topk");
	snprintf(text, sizeof text, cfg, "[3,3]", "[96,64]");
	refused(text, "moe_intermediate_size");
}
END_TEST

/*
 * A top-level config without text_config is built by its class like a
 * wrapper's text model (hf_top_defaults): the keys a class gained after
 * older configs were written take its default. Mistral-7B's shape (32
 * layers, hidden 4,096, 32 heads) without num_key_value_heads:
 * MistralConfig's 8: 32 x 8 x (128 + 128) x 2 B = 131,072 B/position
 * (kvplan assumed MHA, 524,288, before). Gemma-7B's shape (28 layers,
 * hidden 3,072, 16 heads, 16 KV heads) without head_dim: GemmaConfig's
 * 256, not 3,072 / 16 = 192: 28 x 16 x 512 x 2 = 458,752 (kvplan sized
 * 344,064 before, less than the engines). A size the class defines but
 * the config lacks stays refused (save_pretrained writes every one).
 */
START_TEST(top_level_class_defaults)
{
	sized("{\"model_type\":\"mistral\",\"num_hidden_layers\":32,"
	      "\"hidden_size\":4096,\"num_attention_heads\":32,"
	      "\"vocab_size\":32000}", 1);
	ck_assert_uint_eq(res.kv.bytes_per_position, 131072);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert(noted("num_key_value_heads absent: 8, the mistral class "
	                "default"));
	sized("{\"model_type\":\"gemma\",\"num_hidden_layers\":28,"
	      "\"hidden_size\":3072,\"num_attention_heads\":16,"
	      "\"num_key_value_heads\":16,\"vocab_size\":256000}", 1);
	ck_assert_uint_eq(plan.model.base.k_dim, 256);
	ck_assert_uint_eq(res.kv.bytes_per_position, 458752);
	refused("{\"model_type\":\"llama\",\"num_attention_heads\":32,"
	        "\"hidden_size\":4096}", "num_hidden_layers");
}
END_TEST

/*
 * Qwen2 with use_sliding_window but no max_window_layers (the shape of
 * Qwen2-7B's config with the switch turned on): vLLM qwen2.py slides
 * only layers >= max_window_layers, whose class default is 28 in
 * Qwen2Config but 80 in Qwen2VLConfig; kvplan slid every layer before
 * (a cache smaller than the engine's): refused naming the key. With it,
 * 28 of 4 layers: none slides, 4 x 4 x 256 x 2 B = 8,192 B/position.
 */
START_TEST(qwen_window_layers)
{
	static const char cfg[] = "{\"model_type\":\"qwen2\","
		"\"num_hidden_layers\":4,\"hidden_size\":512,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":4,"
		"\"vocab_size\":1000,\"use_sliding_window\":true,"
		"\"sliding_window\":8%s}";
	char text[512];

	snprintf(text, sizeof text, cfg, "");
	refused(text, "max_window_layers");
	snprintf(text, sizeof text, cfg, ",\"max_window_layers\":28");
	sized(text, 100);
	ck_assert_uint_eq(res.kv.bytes_per_position, 8192);
	ck_assert_uint_eq(res.kv.bytes, 819200);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("import_heads");
	TCase *tc = tcase_create("heads");

	tcase_add_test(tc, bigcode_multi_query);
	tcase_add_test(tc, neox_head_dim_ignored);
	tcase_add_test(tc, internlm2_head_dim_split);
	tcase_add_test(tc, chatglm_switch);
	tcase_add_test(tc, baichuan_kv_key);
	tcase_add_test(tc, hunyuan_layer_lists);
	tcase_add_test(tc, top_level_class_defaults);
	tcase_add_test(tc, qwen_window_layers);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
