/*
 * test_families_keys.c - the audit of issue 35b walked (tests/data/hf/
 * families_keys.tsv; docs/families-keys.md is made from it): for each
 * row, a 2-layer config of the family (the sweep's sizes, the row's base
 * keys) with the key at the row's value imports or is refused as the row
 * says; a "neutral" key leaves one sequence's bytes as they are without
 * it. Then Bamba's attn_layer_indices, a Gemma 3n wrapper and a
 * Falcon-H1 with the keys their classes save, worked by hand.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "io/hf/hf_cfg.h"
#include "io/hf/hf_keys.h"

#include "one_sequence.h"

#define TSV KVP_SRCDIR "/tests/data/hf/families_keys.tsv"
#define DIMS "\"num_hidden_layers\":2,\"hidden_size\":256," \
	"\"num_attention_heads\":4,\"num_key_value_heads\":2," \
	"\"vocab_size\":1000,\"max_position_embeddings\":4096," \
	"\"torch_dtype\":\"bfloat16\",\"intermediate_size\":512"

static struct kvp_plan plan;
static struct kvp_result res;

/* Imported and sized for one sequence of 1,000 positions: its bytes,
 * or UINT64_MAX when refused (err holds why). */
static uint64_t sized(const char *text, struct kvp_error *err)
{
	kvp_plan_default(&plan);
	if (kvp_hf_import_text(text, strlen(text), "k", &plan.model, NULL,
	                       err) != KVP_OK)
		return UINT64_MAX;
	one_sequence_plan(&plan, 1000);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	return res.kv.bytes;   /* the state included */
}

static void one_row(char *line)
{
	char *f[7], *save = NULL, base[1024], with[1280];
	const char *extra;
	struct kvp_error err;
	uint64_t b0, b1;
	int n = 0;

	for (f[n] = strtok_r(line, "\t\n", &save); f[n] && n < 6;)
		f[++n] = strtok_r(NULL, "\t\n", &save);
	ck_assert_msg(n == 6 && f[6], "a row of 7 columns: %s", line);
	extra = strcmp(f[1], "-") ? f[1] : "";
	/* "=" first: these keys replace the 2-layer sizes (a family that
	 * refuses them, SambaY's multiple of 4 layers) */
	if (extra[0] == '=')
		snprintf(base, sizeof base, "{\"model_type\":\"%s\",%s", f[0],
		         extra + 1);
	else
		snprintf(base, sizeof base, "{\"model_type\":\"%s\",%s%s%s",
		         f[0], DIMS, extra[0] ? "," : "", extra);
	snprintf(with, sizeof with, "%s,\"%s\":%s}", base, f[2], f[3]);
	strcat(base, "}");
	b1 = sized(with, &err);
	if (!strcmp(f[4], "refused")) {
		ck_assert_msg(b1 == UINT64_MAX, "%s %s: imported", f[0], f[2]);
		ck_assert_msg(strstr(err.msg, f[2]) != NULL, "%s", err.msg);
		return;
	}
	ck_assert_msg(b1 != UINT64_MAX, "%s %s: %s", f[0], f[2], err.msg);
	if (!strcmp(f[4], "read"))
		return;
	ck_assert_msg(!strcmp(f[4], "neutral"), "expect: %s", f[4]);
	b0 = sized(base, &err);
	ck_assert_msg(b0 == b1, "%s %s: %llu B, %llu without", f[0], f[2],
	              (unsigned long long)b1, (unsigned long long)b0);
}

START_TEST(every_audited_key)
{
	FILE *fp = fopen(TSV, "r");
	char line[2048];
	unsigned rows = 0;

	ck_assert_ptr_nonnull(fp);
	while (fgets(line, sizeof line, fp)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		one_row(line);
		rows++;
	}
	fclose(fp);
	ck_assert_uint_ge(rows, 40);
}
END_TEST

/*
 * Bamba, 4 layers, attn_layer_indices [1, 3] (transformers BambaConfig.
 * layers_block_type; vLLM bamba.py): layers 1 and 3 attention of 2 KV
 * heads x 256 / 4 = 64, f16: 2 x 2 x (64 + 64) x 2 = 1,024 B/position,
 * x 1,000 positions = 1,024,000 B. Layers 0 and 2 Mamba2 (mamba_n_heads
 * 8 x mamba_d_head 64 = 512 wide, 1 group, d_state 16, d_conv 4): conv
 * (4 - 1) x (512 + 2 x 1 x 16) = 1,632 and SSM 8 x 64 x 16 = 8,192
 * values, f32 (one_sequence.h): (1,632 + 8,192) x 4 = 39,296 B a layer,
 * 78,592 B for both. Without the list: refused by name.
 */
START_TEST(bamba_by_hand)
{
	static const char cfg[] = "{\"model_type\":\"bamba\","
		"\"num_hidden_layers\":4,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"vocab_size\":1000,\"intermediate_size\":512,"
		"\"mamba_n_heads\":8,\"mamba_d_head\":64,\"mamba_n_groups\":1,"
		"\"mamba_d_state\":16,\"mamba_d_conv\":4,\"mamba_expand\":2%s}";
	char text[640];
	struct kvp_error err;

	snprintf(text, sizeof text, cfg, ",\"attn_layer_indices\":[1,3]");
	ck_assert_msg(sized(text, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.state_bytes, 78592);
	ck_assert_uint_eq(res.kv.bytes, 1024000 + 78592);
	snprintf(text, sizeof text, cfg, "");
	ck_assert_uint_eq(sized(text, &err), UINT64_MAX);
	ck_assert_msg(strstr(err.msg, "attn_layer_indices") != NULL, "%s",
	              err.msg);
}
END_TEST

/* A file's bytes, sized as sized() does. */
static uint64_t sized_file(const char *path, struct kvp_error *err)
{
	static char text[8192];
	FILE *fp = fopen(path, "r");
	size_t n;

	ck_assert_ptr_nonnull(fp);
	n = fread(text, 1, sizeof text - 1, fp);
	fclose(fp);
	text[n] = '\0';
	return sized(text, err);
}

/*
 * Gemma 3n as transformers saves it (Gemma3nConfig, text_config a
 * Gemma3nTextConfig: tests/data/hf/keys/gemma3n-10l.json, written
 * from the class's fields with small sizes): 10 layers, full where
 * (i + 1) % 5 == 0 (layers 4 and 9), the rest sliding with window 512;
 * num_kv_shared_layers 4: layers 6-9 reuse earlier layers' K and V and
 * keep none (Gemma3nTextConfig.kv_sharing_roles). Kept: layers 0-5, each
 * 2 KV heads x (64 + 64) x 2 B = 512 B/position: 6 x 512 = 3,072
 * B/position. One sequence of 1,000: full layer 4 holds 1,000 positions
 * = 512,000 B; sliding layers 0-3 and 5 hold min(512, 1,000) = 512
 * positions each, 5 x 512 x 512 = 1,310,720 B; 1,822,720 B in all. It
 * carries activation_sparsity_pattern, refused before issue 35b.
 */
START_TEST(gemma3n_by_hand)
{
	struct kvp_error err;

	ck_assert_msg(sized_file(KVP_SRCDIR "/tests/data/hf/keys/"
	              "gemma3n-10l.json", &err) == 1822720, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 3072);
}
END_TEST

/*
 * Falcon-H1 with the keys its configs carry (FalconH1Config: the muP
 * ssm_multipliers, ssm_in/out_multiplier, mamba_norm_before_gate,
 * mamba_use_mlp: tests/data/hf/keys/falcon-h1-2l.json): attention and
 * Mamba2 in every layer (vLLM falcon_h1.py). Attention 2 layers x 2 KV
 * heads x (64 + 64) x 2 B = 1,024 B/position, x 1,000 = 1,024,000 B.
 * Mamba2 per layer: conv (4 - 1) x (mamba_d_ssm 512 + 2 x 1 x 16) = 1,632
 * and SSM 8 x 64 x 16 = 8,192 values, f32: 39,296 B; 2 layers 78,592 B.
 * 1,102,592 B in all.
 */
START_TEST(falcon_h1_by_hand)
{
	struct kvp_error err;

	ck_assert_msg(sized_file(KVP_SRCDIR "/tests/data/hf/keys/"
	              "falcon-h1-2l.json", &err) == 1102592, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.state_bytes, 78592);
}
END_TEST

/*
 * Wrappers whose text_config names no model_type get their class's text
 * type (hf_text_defaults.c, transformers configuration_<wrapper>.py):
 * PaliGemma's is gemma, whose GemmaConfig head_dim 256 fills the absent
 * head_dim: 2 layers x 1 KV head x (256 + 256) x 2 B = 2,048 B/position.
 * InternVL's and Qwen2-Audio's are qwen2: 2 layers x 2 KV heads x
 * (64 + 64) x 2 B = 1,024.
 * Voxtral builds its text model from its own defaults first, so a size
 * its text_config leaves out is not LlamaConfig's: refused, not filled.
 * A Qwen2.5-VL text_config saved without num_key_value_heads has
 * Qwen2_5_VLTextConfig's 8 (not MHA's 64): 2 layers x 8 x (8,192 / 64 =
 * 128 + 128) x 2 B = 8,192 B/position. A Qwen3-VL text_config naming
 * only its 2 layers has Qwen3VLTextConfig's 32 KV heads of head_dim 128:
 * 2 x 32 x (128 + 128) x 2 B = 32,768 B/position.
 */
START_TEST(wrappers_by_hand)
{
	static const char pali[] = "{\"model_type\":\"paligemma\","
		"\"text_config\":{\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":1,"
		"\"intermediate_size\":512,\"vocab_size\":1000}}";
	static const char ivl[] = "{\"model_type\":\"internvl\","
		"\"text_config\":{\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"intermediate_size\":512,\"vocab_size\":1000}}";
	static const char q2a[] = "{\"model_type\":\"qwen2_audio\","
		"\"text_config\":{\"num_hidden_layers\":2,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"intermediate_size\":512,\"vocab_size\":1000}}";
	static const char vox[] = "{\"model_type\":\"voxtral\","
		"\"text_config\":{\"model_type\":\"llama\",\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"vocab_size\":1000}}";
	static const char q25[] = "{\"model_type\":\"qwen2_5_vl\","
		"\"text_config\":{\"model_type\":\"qwen2_5_vl_text\","
		"\"num_hidden_layers\":2,\"hidden_size\":8192,"
		"\"num_attention_heads\":64,\"intermediate_size\":512,"
		"\"vocab_size\":1000}}";
	static const char q3[] = "{\"model_type\":\"qwen3_vl\","
		"\"text_config\":{\"model_type\":\"qwen3_vl_text\","
		"\"num_hidden_layers\":2}}";
	struct kvp_error err;

	ck_assert_msg(sized(q3, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 32768);
	ck_assert_msg(sized(q25, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 8192);
	ck_assert_msg(sized(pali, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
	ck_assert_msg(sized(ivl, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_msg(sized(q2a, &err) != UINT64_MAX, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(sized(vox, &err), UINT64_MAX);
	ck_assert_msg(strstr(err.msg, "num_hidden_layers") != NULL, "%s",
	              err.msg);
}
END_TEST

/*
 * The keys of a layout shape every family's class may save: head_dim
 * equal to what the family sizes without it (hidden_size / heads, 256 /
 * 4 = 64, or its class's default) leaves each family's bytes as they
 * are; a layer_types of full attention on both layers and
 * use_sliding_window false import (read) for every family whose 2-layer
 * config imports, but MUSE Glimmer, whose rule ties the kinds to
 * no_rope_layers, and Jet-Nemotron, whose layer_types names are attn,
 * swa and jet (JetNemotronDecoderLayer builds no other: refused,
 * hf_fam_jet.c).
 */
START_TEST(every_family_generic_keys)
{
	size_t i, n = hf_family_count(), checked = 0;
	char base[512], with[640];
	struct kvp_error err;
	uint64_t b0;

	for (i = 0; i < n; i++) {
		const char *mt = hf_family_at(i)->model_type;

		snprintf(base, sizeof base, "{\"model_type\":\"%s\",%s}", mt,
		         DIMS);
		if ((b0 = sized(base, &err)) == UINT64_MAX)
			continue;
		/* head_dim stated as the family sizes it without the key:
		 * hidden_size / heads (256 / 4 = 64), or a class default
		 * (Step3TextConfig's 256, vLLM step3_text.py; Gemma's 256 and
		 * Qwen3's 128 a top-level config takes, hf_text_defaults.c) */
		snprintf(with, sizeof with, "{\"model_type\":\"%s\",%s,"
		         "\"head_dim\":%u}", mt, DIMS, plan.model.base.k_dim);
		ck_assert_msg(sized(with, &err) == b0, "%s head_dim", mt);
		if (!strcmp(mt, "muse_glimmer_text") ||
		    !strcmp(mt, "jet_nemotron"))
			continue;
		snprintf(with, sizeof with, "{\"model_type\":\"%s\",%s,"
		         "\"layer_types\":[\"full_attention\",\"full_attention\"],"
		         "\"use_sliding_window\":false}", mt, DIMS);
		ck_assert_msg(sized(with, &err) != UINT64_MAX, "%s: %s", mt,
		              err.msg);
		checked++;
	}
	ck_assert_uint_gt(checked, 100);
}
END_TEST

/* Each row of the family-scoped table (hf_fam_quiet.c) has a source,
 * a key of a layout shape, and a family whose row reads through it. */
START_TEST(every_quiet_row)
{
	size_t i, n = hf_quiet_count();
	const char *mt, *key, *src;

	ck_assert_uint_gt(n, 0);
	ck_assert_ptr_null(hf_quiet_source(n, &mt, &key));
	for (i = 0; i < n; i++) {
		src = hf_quiet_source(i, &mt, &key);
		ck_assert_msg(src && src[0], "%s", key);
		ck_assert_msg(hf_layout_shaped(key), "%s", key);
		ck_assert_ptr_nonnull(hf_family_find(mt));
		ck_assert_msg(hf_family_find(mt)->layout == hf_fam_quiet,
		              "%s: its row does not name hf_fam_quiet", mt);
	}
}
END_TEST

/*
 * Jamba with the keys JambaConfig saves (expert_layer_period/offset,
 * refused before issue 35b): 8 layers, attention where i % 4 == 2
 * (layers 2 and 6: transformers modeling_jamba.py is_attn), 2 KV heads x
 * 256 / 4 = 64: 2 x 2 x (64 + 64) x 2 B = 1,024 B/position, x 1,000 =
 * 1,024,000 B. The 6 Mamba layers (vLLM mamba_utils.py
 * mamba1_state_shape): conv (4 - 1) x (2 x 256 = 512) = 1,536 and SSM
 * 16 x 512 = 8,192 values, f32: 38,912 B each, 233,472 B. 1,257,472 B.
 */
START_TEST(jamba_by_hand)
{
	static const char cfg[] = "{\"model_type\":\"jamba\","
		"\"num_hidden_layers\":8,\"hidden_size\":256,"
		"\"num_attention_heads\":4,\"num_key_value_heads\":2,"
		"\"intermediate_size\":512,\"vocab_size\":1000,"
		"\"attn_layer_period\":4,\"attn_layer_offset\":2,"
		"\"expert_layer_period\":2,\"expert_layer_offset\":1,"
		"\"num_experts\":4,\"num_experts_per_tok\":2,"
		"\"mamba_d_state\":16,\"mamba_d_conv\":4,\"mamba_expand\":2,"
		"\"mamba_dt_rank\":16,\"use_mamba_kernels\":true,"
		"\"sliding_window\":null}";
	struct kvp_error err;

	ck_assert_msg(sized(cfg, &err) == 1257472, "%s", err.msg);
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
	ck_assert_uint_eq(res.kv.state_bytes, 233472);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("families_keys");
	TCase *tc = tcase_create("keys");

	tcase_add_test(tc, every_audited_key);
	tcase_add_test(tc, bamba_by_hand);
	tcase_add_test(tc, gemma3n_by_hand);
	tcase_add_test(tc, falcon_h1_by_hand);
	tcase_add_test(tc, jamba_by_hand);
	tcase_add_test(tc, wrappers_by_hand);
	tcase_add_test(tc, every_family_generic_keys);
	tcase_add_test(tc, every_quiet_row);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
