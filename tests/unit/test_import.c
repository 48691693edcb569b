/*
 * test_import.c - every model of the reference models.json imports to the
 * layout and bytes per position its config implies.
 *
 * The reference file is read at run time (KVP_SRCDIR/tests/reference/
 * models.json, the repository's copy of the public reference).
 * The expected figures below are worked out by hand from each config's
 * fields: bytes per position = sum over KV layers of Hkv x (Dk + Dv) x
 * bytes per value (2 for f16/bf16; float32 configs are served in f16).
 * They are never taken from the program's output.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

/* Layer layouts, as the configs state them. */
enum pat {
	P_FULL,         /* every layer full attention */
	P_SLIDING,      /* every layer sliding (Mistral; generic rule) */
	P_EVEN_SLIDING, /* layer 0 sliding, alternating (Gemma 2, gpt-oss) */
	P_GEMMA3,       /* sliding unless (i + 1) % 6 == 0 */
	P_JAMBA,        /* attention where i % 8 == 4, else Mamba */
	P_MLA           /* every layer MLA */
};

struct want {
	const char *id;        /* prefix of model_id in models.json */
	unsigned layers, q_heads, kv_heads, k_dim, v_dim;
	enum pat pat;
	unsigned window;
	unsigned long long bpp;     /* bytes per position (MLA: latent) */
	unsigned long long bpp_alt; /* MLA: decompressed; Jamba: state bytes
	                               per Mamba layer and sequence */
	const char *refused;        /* refused without --assume-layout, the
	                               message naming this; then imported
	                               with it (generic rules) */
};

static const struct want W[] = {
	/* 2 x 32 layers x 32 heads x 128 x 2 B = 524,288 (float32 -> f16) */
	{ "meta-llama/Llama-2-7b-hf", 32, 32, 32, 128, 128, P_FULL, 0, 524288, 0, NULL },
	/* 2 x 80 x 8 x 128 x 2 = 327,680 */
	{ "meta-llama/Llama-2-70b-hf", 80, 64, 8, 128, 128, P_FULL, 0, 327680, 0, NULL },
	/* 2 x 32 x 8 x 128 x 2 = 131,072 */
	{ "meta-llama/Llama-3.1-8B", 32, 32, 8, 128, 128, P_FULL, 0, 131072, 0, NULL },
	/* 2 x 80 x 8 x 128 x 2 = 327,680 */
	{ "meta-llama/Llama-3.1-70B", 80, 64, 8, 128, 128, P_FULL, 0, 327680, 0, NULL },
	/* 2 x 126 x 8 x 128 x 2 = 516,096 */
	{ "meta-llama/Llama-3.1-405B", 126, 128, 8, 128, 128, P_FULL, 0, 516096, 0, NULL },
	/* sliding_window null: full; 2 x 32 x 8 x 128 x 2 = 131,072 */
	{ "mistralai/Mixtral-8x7B-v0.1", 32, 32, 8, 128, 128, P_FULL, 0, 131072, 0, NULL },
	/* head_dim 128; 2 x 36 x 8 x 128 x 2 = 147,456 */
	{ "Qwen/Qwen3-8B", 36, 32, 8, 128, 128, P_FULL, 0, 147456, 0, NULL },
	/* 2 x 64 x 8 x 128 x 2 = 262,144 (head_dim 128, not 5120/64) */
	{ "Qwen/Qwen3-32B", 64, 64, 8, 128, 128, P_FULL, 0, 262144, 0, NULL },
	/* 2 x 48 x 4 x 128 x 2 = 98,304 */
	{ "Qwen/Qwen3-30B-A3B", 48, 32, 4, 128, 128, P_FULL, 0, 98304, 0, NULL },
	/* 2 x 94 x 4 x 128 x 2 = 192,512 */
	{ "Qwen/Qwen3-235B-A22B", 94, 64, 4, 128, 128, P_FULL, 0, 192512, 0, NULL },
	/* MLA latent: 61 x (512 + 64) x 2 = 70,272; decompressed:
	 * 61 x 128 heads x ((128 + 64) + 128) x 2 = 61 x 81,920 = 4,997,120 */
	{ "deepseek-ai/DeepSeek-V3", 61, 128, 128, 192, 128, P_MLA, 0, 70272, 4997120, NULL },
	/* no torch_dtype -> f16; 2 x 24 x 8 x 64 x 2 = 49,152; window 128 */
	{ "openai/gpt-oss-20b", 24, 64, 8, 64, 64, P_EVEN_SLIDING, 128, 49152, 0, NULL },
	/* 2 x 36 x 8 x 64 x 2 = 73,728 */
	{ "openai/gpt-oss-120b", 36, 64, 8, 64, 64, P_EVEN_SLIDING, 128, 73728, 0, NULL },
	/* all 32 layers slide over 4096; 2 x 32 x 8 x 128 x 2 = 131,072 */
	{ "mistralai/Mistral-7B-v0.1", 32, 32, 8, 128, 128, P_SLIDING, 4096, 131072, 0, NULL },
	/* use_sliding_window false: full; 2 x 28 x 4 x 128 x 2 = 57,344 */
	{ "Qwen/Qwen2.5-7B", 28, 28, 4, 128, 128, P_FULL, 0, 57344, 0, NULL },
	/* 2 x 64 x 8 x 128 x 2 = 262,144 */
	{ "Qwen/Qwen2.5-32B", 64, 40, 8, 128, 128, P_FULL, 0, 262144, 0, NULL },
	/* 2 x 40 x 8 x 128 x 2 = 163,840 */
	{ "Qwen/Qwen3-14B", 40, 40, 8, 128, 128, P_FULL, 0, 163840, 0, NULL },
	/* 2 x 80 x 8 x 128 x 2 = 327,680 */
	{ "Qwen/Qwen2.5-72B", 80, 64, 8, 128, 128, P_FULL, 0, 327680, 0, NULL },
	/* head_dim 256; 2 x 42 x 8 x 256 x 2 = 344,064; even layers slide */
	{ "google/gemma-2-9b-it", 42, 16, 8, 256, 256, P_EVEN_SLIDING, 4096, 344064, 0, NULL },
	/* 2 x 46 x 16 x 128 x 2 = 376,832 */
	{ "google/gemma-2-27b-it", 46, 32, 16, 128, 128, P_EVEN_SLIDING, 4096, 376832, 0, NULL },
	/* text_config; pattern 6 by default; 2 x 62 x 16 x 128 x 2 = 507,904 */
	{ "google/gemma-3-27b-it", 62, 32, 16, 128, 128, P_GEMMA3, 1024, 507904, 0, NULL },
	/* MQA; layer_types; window absent -> 4096 default;
	 * 2 x 26 x 1 x 256 x 2 = 26,624 */
	{ "google/gemma-3-1b-it", 26, 4, 1, 256, 256, P_GEMMA3, 4096, 26624, 0, NULL },
	/* head_dim 3072/32 = 96; window 2047 ignored (Phi-3):
	 * 2 x 32 x 32 x 96 x 2 = 393,216 */
	{ "microsoft/Phi-3-mini-4k-instruct", 32, 32, 32, 96, 96, P_FULL, 0, 393216, 0, NULL },
	/* multi_query -> 1 KV head, 4544/71 = 64; 2 x 32 x 1 x 64 x 2 = 8,192 */
	{ "tiiuae/falcon-7b", 32, 71, 1, 64, 64, P_FULL, 0, 8192, 0, NULL },
	/* n_head_kv 8, 8192/128 = 64; 2 x 60 x 8 x 64 x 2 = 122,880 */
	{ "tiiuae/falcon-40b", 60, 128, 8, 64, 64, P_FULL, 0, 122880, 0, NULL },
	/* n_layer/n_head/n_embd, MHA assumed, no dtype -> f16, 768/12 = 64:
	 * 2 x 12 x 12 x 64 x 2 = 36,864 */
	{ "openai-community/gpt2", 12, 12, 12, 64, 64, P_FULL, 0, 36864, 0, NULL },
	/* latent 27 x 576 x 2 = 31,104; decompressed 27 x 16 x (192 + 128)
	 * x 2 = 276,480 */
	{ "deepseek-ai/DeepSeek-V2-Lite", 27, 16, 16, 192, 128, P_MLA, 0, 31104, 276480, NULL },
	/* 4 attention layers: 2 x 4 x 8 x 128 x 2 = 16,384; Mamba state:
	 * d_inner = 2 x 4096 = 8192; (4 - 1) x 8192 + 16 x 8192 = 155,648
	 * floats x 4 B = 622,592 bytes per layer and sequence */
	{ "ai21labs/Jamba-v0.1", 32, 32, 8, 128, 128, P_JAMBA, 0, 16384, 622592, NULL },
	/* AWQ weights, fp16 cache: 2 x 80 x 8 x 128 x 2 = 327,680 */
	{ "hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4", 80, 64, 8, 128, 128, P_FULL, 0, 327680, 0, NULL },
	/* 2 x 32 x 8 x 128 x 2 = 131,072 */
	{ "Llama-3-8B AWQ 4-bit", 32, 32, 8, 128, 128, P_FULL, 0, 131072, 0, NULL },
	/* 896/14 = 64; 2 x 24 x 2 x 64 x 2 = 12,288 */
	{ "Qwen/Qwen2-0.5B", 24, 14, 2, 64, 64, P_FULL, 0, 12288, 0, NULL },
	/* GGUF metadata, no model_type nor architectures list: refused
	 * (Gemma 2 alternates; the generic rule would slide every layer).
	 * With --assume-layout, the generic rule, every layer slides (window
	 * 4096); no dtype -> f16; 2 x 26 x 4 x 256 x 2 = 106,496 */
	{ "google/gemma-2-2b-it", 26, 8, 4, 256, 256, P_SLIDING, 4096, 106496, 0,
	  "model_type: (absent)" },
};

static cJSON *models;

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		*len = (size_t)n;
	}
	return buf;
}

static const char *reference_path(char *buf, size_t n)
{
	snprintf(buf, n, "%s", KVP_SRCDIR "/tests/reference/models.json");
	return buf;
}

static void load_models(void)
{
	char path[4096];
	size_t len = 0;
	char *text = slurp(reference_path(path, sizeof path), &len);

	ck_assert_msg(text != NULL, "cannot read %s", path);
	models = cJSON_ParseWithLength(text, len);
	free(text);
	ck_assert_msg(cJSON_IsArray(models), "%s: not a JSON array", path);
}

static void free_models(void)
{
	cJSON_Delete(models);
	models = NULL;
}

static const struct want *want_for(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof W / sizeof W[0]; i++)
		if (!strncmp(id, W[i].id, strlen(W[i].id)))
			return &W[i];
	return NULL;
}

static enum kvp_layer_kind kind_at(const struct want *w, unsigned i)
{
	switch (w->pat) {
	case P_SLIDING:
		return KVP_LAYER_SLIDING;
	case P_EVEN_SLIDING:
		return i % 2 == 0 ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
	case P_GEMMA3:
		return (i + 1) % 6 == 0 ? KVP_LAYER_FULL : KVP_LAYER_SLIDING;
	case P_JAMBA:
		return i % 8 == 4 ? KVP_LAYER_FULL : KVP_LAYER_NONE;
	case P_MLA:
		return KVP_LAYER_MLA;
	case P_FULL:
	default:
		return KVP_LAYER_FULL;
	}
}

static struct kvp_plan plan;
static struct kvp_result res;

/* Import one entry's config and compute it with the default workload. */
static void import_entry(const cJSON *e, const struct want *w,
                         enum kvp_mla_mode mla)
{
	const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(e, "config");
	char *text = cJSON_PrintUnformatted(cfg);
	struct kvp_notes notes;
	struct kvp_error err;
	enum kvp_status st;

	ck_assert_ptr_nonnull(text);
	kvp_plan_default(&plan);
	st = kvp_hf_import_text(text, strlen(text), w->id, &plan.model, &notes,
	                        &err);
	if (w->refused) {
		ck_assert_msg(st != KVP_OK && strstr(err.msg, w->refused),
		              "%s: not refused naming %s: %s", w->id, w->refused,
		              st == KVP_OK ? "accepted" : err.msg);
		st = kvp_hf_import_text_opts(text, strlen(text), w->id,
		                             KVP_IMPORT_ASSUME_LAYOUT, &plan.model,
		                             &notes, &err);
		ck_assert_msg(plan.model.layout_assumed[0], "%s", w->id);
	}
	free(text);
	ck_assert_msg(st == KVP_OK, "%s: %s", w->id, err.msg);
	plan.strategy.mla = mla;
	st = kvp_compute(&plan, &res);
	ck_assert_msg(st == KVP_OK, "%s: compute: %s", w->id, res.error.msg);
}

START_TEST(every_reference_model_has_expectations)
{
	const cJSON *e;
	int n = 0;

	cJSON_ArrayForEach(e, models) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "model_id");
		ck_assert(cJSON_IsString(id));
		ck_assert_msg(want_for(id->valuestring) != NULL,
		              "no hand-worked expectation for %s", id->valuestring);
		n++;
	}
	ck_assert_int_eq(n, (int)(sizeof W / sizeof W[0]));
}
END_TEST

START_TEST(reference_model_layout)
{
	const cJSON *e = cJSON_GetArrayItem(models, _i);
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "model_id");
	const struct want *w;
	unsigned i, kv_layers = 0;

	if (!e)
		return; /* fewer models than the loop bound */
	w = want_for(id->valuestring);
	ck_assert_ptr_nonnull(w);
	import_entry(e, w, KVP_MLA_LATENT);

	ck_assert_uint_eq(plan.model.n_layers, w->layers);
	ck_assert_uint_eq(plan.model.q_heads, w->q_heads);
	ck_assert_uint_eq(plan.model.trained_kv_heads, w->kv_heads);
	ck_assert_uint_eq(res.n_layers, w->layers);
	for (i = 0; i < w->layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(&res, i);
		enum kvp_layer_kind k = kind_at(w, i);

		ck_assert_msg(l->spec.kind == k, "%s layer %u: kind %d, want %d",
		              w->id, i, (int)l->spec.kind, (int)k);
		if (k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING) {
			ck_assert_uint_eq(l->spec.kv_heads, w->kv_heads);
			ck_assert_uint_eq(l->spec.k_dim, w->k_dim);
			ck_assert_uint_eq(l->spec.v_dim, w->v_dim);
			/* Hkv x (Dk + Dv) x 2 bytes */
			ck_assert_uint_eq(l->bytes_per_position,
			                  (unsigned long long)w->kv_heads *
			                  (w->k_dim + w->v_dim) * 2);
			kv_layers++;
		}
		if (k == KVP_LAYER_SLIDING)
			ck_assert_uint_eq(l->spec.window, w->window);
		if (k == KVP_LAYER_NONE) {
			ck_assert_uint_eq(l->bytes_per_position, 0);
			ck_assert_uint_eq(l->spec.state_bytes, w->bpp_alt);
		}
	}
	if (w->pat == P_MLA) {
		ck_assert_uint_eq(plan.model.mla.kv_lora_rank, 512);
		ck_assert_uint_eq(plan.model.mla.qk_rope_head_dim, 64);
	}
	ck_assert_msg(res.kv.bytes_per_position == w->bpp,
	              "%s: %llu bytes per position, want %llu", w->id,
	              (unsigned long long)res.kv.bytes_per_position, w->bpp);
	(void)kv_layers;
}
END_TEST

START_TEST(mla_decompressed)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, models) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "model_id");
		const struct want *w = want_for(id->valuestring);

		if (!w || w->pat != P_MLA)
			continue;
		import_entry(e, w, KVP_MLA_DECOMPRESSED);
		ck_assert_msg(res.kv.bytes_per_position == w->bpp_alt,
		              "%s: %llu decompressed, want %llu", w->id,
		              (unsigned long long)res.kv.bytes_per_position,
		              w->bpp_alt);
	}
}
END_TEST

/* Configs written here by hand for the rules no reference model uses. */
static void import_str(const char *json, struct kvp_notes *notes)
{
	struct kvp_error err;
	enum kvp_status st;

	kvp_plan_default(&plan);
	st = kvp_hf_import_text(json, strlen(json), "t.json", &plan.model,
	                        notes, &err);
	ck_assert_msg(st == KVP_OK, "%s", err.msg);
	st = kvp_compute(&plan, &res);
	ck_assert_msg(st == KVP_OK, "compute: %s", res.error.msg);
}

static bool has_note(const struct kvp_notes *n, const char *s)
{
	unsigned i;

	for (i = 0; i < n->n; i++)
		if (strstr(n->line[i], s))
			return true;
	return false;
}

START_TEST(qwen2_max_window_layers)
{
	struct kvp_notes n;
	unsigned i;

	/* use_sliding_window true: layers >= max_window_layers (4) slide */
	import_str("{\"model_type\":\"qwen2\",\"num_hidden_layers\":8,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":256,\"sliding_window\":1000,"
	           "\"use_sliding_window\":true,\"max_window_layers\":4,"
	           "\"torch_dtype\":\"bfloat16\"}", &n);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind,
		                 i >= 4 ? KVP_LAYER_SLIDING : KVP_LAYER_FULL);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.window, 1000);
	/* 8 layers x 2 heads x (64 + 64) x 2 B = 4,096 */
	ck_assert_uint_eq(res.kv.bytes_per_position, 4096);
	/* an unknown Qwen2 derivative: use_sliding_window false means full
	 * attention whatever the model_type */
	import_str("{\"model_type\":\"qwen2_5_vl\",\"num_hidden_layers\":4,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":256,\"sliding_window\":32768,"
	           "\"use_sliding_window\":false,\"max_window_layers\":4,"
	           "\"torch_dtype\":\"bfloat16\"}", &n);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
}
END_TEST

START_TEST(kv_heads_sources)
{
	struct kvp_notes n;

	/* MPT: attn_config.kv_n_heads; n_layers/n_heads/d_model */
	import_str("{\"model_type\":\"mpt\",\"n_layers\":2,\"n_heads\":8,"
	           "\"d_model\":512,\"attn_config\":{\"kv_n_heads\":2}}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 2);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.k_dim, 64);
	/* ChatGLM: multi_query_group_num under multi_query_attention (vLLM
	 * chatglm.py; without the switch, hf_fam_heads.c refuses), kv_channels */
	import_str("{\"model_type\":\"chatglm\",\"num_layers\":28,"
	           "\"num_attention_heads\":32,\"hidden_size\":4096,"
	           "\"multi_query_attention\":true,"
	           "\"multi_query_group_num\":2,\"kv_channels\":128}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 2);
	/* 2 x 28 x 2 x 128 x 2 = 28,672 */
	ck_assert_uint_eq(res.kv.bytes_per_position, 28672);
	/* Falcon multi_query with new_decoder_architecture: not MQA */
	import_str("{\"model_type\":\"falcon\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512,"
	           "\"multi_query\":true,\"new_decoder_architecture\":true,"
	           "\"num_kv_heads\":4}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 4);
	/* absent in a llama: LlamaConfig's None, the heads (the class
	 * default, hf_top_defaults), noted; in a family without a class
	 * default row: MHA, noted and flagged */
	import_str("{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 8);
	ck_assert(!plan.model.kv_heads_assumed);
	ck_assert(has_note(&n, "the llama class default"));
	import_str("{\"model_type\":\"olmo\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 8);
	import_str("{\"model_type\":\"granite\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512}", &n);
	ck_assert(plan.model.kv_heads_assumed);
	ck_assert(has_note(&n, "MHA assumed"));
}
END_TEST

START_TEST(chunked_shared_and_linear)
{
	struct kvp_notes n;
	unsigned i;

	/* Llama 4: attention_chunk_size in text_config, every 4th global */
	import_str("{\"model_type\":\"llama4\",\"text_config\":{"
	           "\"model_type\":\"llama4_text\",\"num_hidden_layers\":8,"
	           "\"num_attention_heads\":8,\"num_key_value_heads\":2,"
	           "\"hidden_size\":1024,\"head_dim\":128,"
	           "\"attention_chunk_size\":8192}}", &n);
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(kvp_layer_rec(&res, i)->spec.kind, (i + 1) % 4 == 0 ?
		                 KVP_LAYER_FULL : KVP_LAYER_CHUNKED);
		if ((i + 1) % 4)
			ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.window, 8192);
	}
	/* Gemma 3n: 6 layers, last 2 shared with the last earlier layer of
	 * the same kind (layer 4 sliding -> 3, layer 5 full -> 2) */
	import_str("{\"model_type\":\"gemma3n_text\",\"num_hidden_layers\":6,"
	           "\"num_attention_heads\":8,\"num_key_value_heads\":2,"
	           "\"hidden_size\":512,\"head_dim\":256,\"sliding_window\":512,"
	           "\"layer_types\":[\"sliding_attention\",\"sliding_attention\","
	           "\"full_attention\",\"sliding_attention\","
	           "\"sliding_attention\",\"full_attention\"],"
	           "\"num_kv_shared_layers\":2}", &n);
	ck_assert_int_eq(kvp_layer_rec(&res, 4)->spec.kind, KVP_LAYER_SHARED);
	ck_assert_uint_eq(kvp_layer_rec(&res, 4)->spec.shared_with, 3);
	ck_assert_int_eq(kvp_layer_rec(&res, 5)->spec.kind, KVP_LAYER_SHARED);
	ck_assert_uint_eq(kvp_layer_rec(&res, 5)->spec.shared_with, 2);
	/* 4 layers hold KV: 4 x 2 x (256 + 256) x 2 B = 8,192 */
	ck_assert_uint_eq(res.kv.bytes_per_position, 8192);
	/* linear attention (Qwen3-Next style) */
	import_str("{\"model_type\":\"qwen3_next\",\"num_hidden_layers\":4,"
	           "\"num_attention_heads\":16,\"num_key_value_heads\":2,"
	           "\"hidden_size\":2048,\"head_dim\":256,"
	           "\"layer_types\":[\"linear_attention\",\"linear_attention\","
	           "\"linear_attention\",\"full_attention\"],"
	           "\"linear_num_key_heads\":16,\"linear_num_value_heads\":32,"
	           "\"linear_key_head_dim\":128,\"linear_value_head_dim\":128,"
	           "\"linear_conv_kernel_dim\":4}", &n);
	/* conv (4 - 1) x (2 x 16 x 128 + 32 x 128) = 3 x 8192 = 24,576;
	 * state 32 x 128 x 128 = 524,288; (24,576 + 524,288) x 4 B =
	 * 2,195,456 bytes */
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.state_bytes, 2195456);
	/* 1 full layer: 2 x (256 + 256) x 2 = 2,048 */
	ck_assert_uint_eq(res.kv.bytes_per_position, 2048);
}
END_TEST

START_TEST(rules_are_ranges)
{
	struct kvp_notes n;

	/* Gemma 3 pattern over 62 layers: base sliding, one rule 5-59/6 */
	import_str("{\"model_type\":\"gemma3_text\",\"num_hidden_layers\":62,"
	           "\"num_attention_heads\":32,\"num_key_value_heads\":16,"
	           "\"hidden_size\":5376,\"head_dim\":128,"
	           "\"sliding_window\":1024,\"sliding_window_pattern\":6}", &n);
	ck_assert_int_eq(plan.model.base.kind, KVP_LAYER_SLIDING);
	ck_assert_uint_eq(plan.model.n_rules, 1);
	ck_assert_uint_eq(plan.model.rules[0].range.first, 5);
	ck_assert_uint_eq(plan.model.rules[0].range.last, 59);
	ck_assert_uint_eq(plan.model.rules[0].range.step, 6);
	ck_assert(plan.model.kv_fmt_defaulted);
}
END_TEST

START_TEST(quantization_configs)
{
	struct kvp_notes n;

	import_str("{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512,"
	           "\"torch_dtype\":\"float16\",\"quantization_config\":{"
	           "\"quant_method\":\"gptq\",\"bits\":4,\"group_size\":128}}", &n);
	ck_assert_int_eq(plan.model.weights.dtype, KVP_W_INT4);
	ck_assert_uint_eq(plan.model.weights.group_size, 128);
	ck_assert_uint_eq(plan.model.weights.zero_bits, 4); /* qzeros */
	ck_assert(plan.model.weights.keep_embeddings_16bit);
	/* the cache stays f16 */
	ck_assert_int_eq(plan.model.base.k_fmt.dtype, KVP_DT_F16);
	import_str("{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512,"
	           "\"quantization_config\":{\"quant_method\":\"bitsandbytes\","
	           "\"load_in_4bit\":true}}", &n);
	ck_assert_int_eq(plan.model.weights.dtype, KVP_W_NF4);
	import_str("{\"model_type\":\"llama\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"hidden_size\":512,"
	           "\"torch_dtype\":\"bfloat16\",\"tie_word_embeddings\":true}", &n);
	ck_assert(plan.model.arch.tie_embeddings);
	ck_assert_int_eq(plan.model.weights.dtype, KVP_W_BF16);
	ck_assert_int_eq(plan.model.base.k_fmt.dtype, KVP_DT_BF16);
}
END_TEST

/* Biases stay 16-bit under GPTQ (ModelCloud/GPTQModel f4c327a17
 * gptqmodel/nn_modules/qlinear/__init__.py: the QuantLinear's "bias"
 * buffer float16), only the matrices take 4 bits. */
START_TEST(gptq_biases_16bit)
{
	struct kvp_notes n;

	/*
	 * Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4's shape (Qwen2.5-7B's sizes):
	 * 28 layers, hidden 3584, 28 heads and 4 KV heads of 128,
	 * intermediate 18944, vocab 152064, untied; Qwen2's q, k, v biases.
	 * Per layer q, o 3584 x 3584 = 12,845,056 each, k, v 3584 x 512 =
	 * 1,835,008 each: 29,360,128; MLP 3 x 3584 x 18944 = 203,685,888;
	 * 233,046,016 x 28 = 6,525,288,448 quantized values: / 2 =
	 * 3,262,644,224 B; / 128 = 50,978,816 groups x (2 B scale + 4-bit
	 * zero) = 127,447,040 B. Biases 3584 + 512 + 512 = 4,608 x 28 =
	 * 129,024 x 2 = 258,048 B (quantized with the matrices they would
	 * have been 67,032 B: 5,570,556,376 in all, 191,016 short).
	 * Embeddings and lm_head 2 x 152064 x 3584 = 1,089,994,752 x 2 =
	 * 2,179,989,504 B; norms 57 x 3584 = 204,288 x 2 = 408,576 B.
	 * 5,570,747,392 B; 7,615,616,512 parameters.
	 */
	import_str("{\"model_type\":\"qwen2\",\"num_hidden_layers\":28,"
	           "\"num_attention_heads\":28,\"num_key_value_heads\":4,"
	           "\"hidden_size\":3584,\"intermediate_size\":18944,"
	           "\"vocab_size\":152064,\"tie_word_embeddings\":false,"
	           "\"torch_dtype\":\"float16\",\"quantization_config\":{"
	           "\"quant_method\":\"gptq\",\"bits\":4,\"group_size\":128,"
	           "\"desc_act\":false}}", &n);
	ck_assert_uint_eq(res.weights.params, 7615616512ull);
	ck_assert_uint_eq(res.weights.bytes, 5570747392ull);
}
END_TEST

/* The q and k norms, from hf_qk_norm.c's table (model.arch.qk_norm), in
 * bf16 (x 2). Before the table the count took them for qwen3* and
 * gemma3* model_types only: these two were short by their norms. */
START_TEST(qk_norms_by_family)
{
	struct kvp_notes n;

	/*
	 * allenai/OLMo-2-1124-7B: 32 layers, hidden 4096, 32 heads and 32
	 * KV heads of 128, intermediate 11008, vocab 100352, untied. Per
	 * layer q, k, v, o 4096 x 4096 = 16,777,216 each: 67,108,864; MLP
	 * 3 x 4096 x 11008 = 135,266,304; 202,375,168 x 32 =
	 * 6,476,005,376. Embeddings and lm_head 2 x 100352 x 4096 =
	 * 822,083,584. Norms (post-attention and post-feedforward) 65 x
	 * 4096 = 266,240; q_norm over 32 x 128 and k_norm over 32 x 128
	 * (mlx-lm d78bf58e models/olmo2.py nn.RMSNorm(n_heads * head_dim),
	 * nn.RMSNorm(n_kv_heads * head_dim)): 8,192 x 32 = 262,144.
	 * 7,298,617,344 parameters (was 7,298,355,200), 14,597,234,688 B.
	 */
	import_str("{\"model_type\":\"olmo2\",\"num_hidden_layers\":32,"
	           "\"num_attention_heads\":32,\"num_key_value_heads\":32,"
	           "\"hidden_size\":4096,\"intermediate_size\":11008,"
	           "\"vocab_size\":100352,\"tie_word_embeddings\":false,"
	           "\"max_position_embeddings\":4096,"
	           "\"torch_dtype\":\"bfloat16\"}", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_ALL);
	ck_assert_uint_eq(res.weights.params, 7298617344ull);
	ck_assert_uint_eq(res.weights.bytes, 14597234688ull);
	/*
	 * LGAI-EXAONE/EXAONE-4.0-32B: 64 layers, hidden 5120, 40 heads and
	 * 8 KV heads of 128, intermediate 27392, vocab 102400, untied. Per
	 * layer q, o 5120 x 5120 = 26,214,400 each, k, v 5120 x 1024 =
	 * 5,242,880 each: 62,914,560; MLP 3 x 5120 x 27392 = 420,741,120;
	 * 483,655,680 x 64 = 30,953,963,520. Embeddings and lm_head 2 x
	 * 102400 x 5120 = 1,048,576,000. Norms 129 x 5120 = 660,480; q_norm
	 * and k_norm of head_dim (mlx-lm d78bf58e models/exaone4.py
	 * nn.RMSNorm(head_dim)): 256 x 64 = 16,384. 32,003,216,384
	 * parameters (was 32,003,200,000), 64,006,432,768 B.
	 */
	import_str("{\"model_type\":\"exaone4\",\"num_hidden_layers\":64,"
	           "\"num_attention_heads\":40,\"num_key_value_heads\":8,"
	           "\"head_dim\":128,\"hidden_size\":5120,"
	           "\"intermediate_size\":27392,\"vocab_size\":102400,"
	           "\"tie_word_embeddings\":false,"
	           "\"max_position_embeddings\":131072,"
	           "\"torch_dtype\":\"bfloat16\"}", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_HEAD);
	ck_assert_uint_eq(res.weights.params, 32003216384ull);
	ck_assert_uint_eq(res.weights.bytes, 64006432768ull);
}
END_TEST

/* A small config of model_type `mt` with `extra` keys: 2 layers,
 * hidden 256, 4 heads and 2 KV heads of 64. */
static void small_qk(const char *mt, const char *extra, struct kvp_notes *n)
{
	char text[512];

	snprintf(text, sizeof text, "{\"model_type\":\"%s\","
	         "\"num_hidden_layers\":2,\"num_attention_heads\":4,"
	         "\"num_key_value_heads\":2,\"hidden_size\":256,"
	         "\"intermediate_size\":512,\"vocab_size\":1000,"
	         "\"torch_dtype\":\"bfloat16\"%s}", mt, extra);
	import_str(text, n);
}

/*
 * Families whose q and k norms exist only under use_qk_norm (hf_qk_norm.c,
 * from mlx-lm d78bf58e's model files), with that file's default when the
 * key is absent. Cohere (models/cohere.py LayerNorm2D(n_heads, head_dim)
 * and (n_kv_heads, head_dim), default False): on the small shape q 4 x
 * 64 = 256 and k 2 x 64 = 128 a layer, 768 parameters over 2 layers more
 * with the key true than false or absent. glm4_moe (models/glm4_moe.py
 * RMSNorm(head_dim), no default there): absent counted, named in a note.
 */
START_TEST(qk_norms_by_key)
{
	struct kvp_notes n;
	uint64_t off;

	small_qk("cohere", ",\"use_qk_norm\":false", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_NONE);
	off = res.weights.params;
	small_qk("cohere", "", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_NONE);
	ck_assert_uint_eq(res.weights.params, off);
	small_qk("cohere", ",\"use_qk_norm\":true", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_ALL);
	ck_assert_uint_eq(res.weights.params, off + 768);
	small_qk("glm4", "", &n);   /* no row: never */
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_NONE);
	import_str("{\"model_type\":\"glm4_moe\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":256,\"head_dim\":64,"
	           "\"intermediate_size\":512,\"moe_intermediate_size\":128,"
	           "\"n_routed_experts\":4,\"num_experts_per_tok\":2,"
	           "\"n_shared_experts\":1,\"first_k_dense_replace\":1,"
	           "\"vocab_size\":1000,\"torch_dtype\":\"bfloat16\"}", &n);
	ck_assert_int_eq(plan.model.arch.qk_norm, KVP_QKN_HEAD);
	ck_assert(has_note(&n, "use_qk_norm absent: q and k norms counted"));
}
END_TEST

START_TEST(moe_layouts)
{
	struct kvp_notes n;

	/* Llama 4 (text_config): experts of intermediate_size 32, dense
	 * layers of intermediate_size_mlp 128, MoE every 2nd layer (1, 3),
	 * one shared expert. hidden 64:
	 *   dense layer 3 x 64 x 128 = 24,576 (layers 0, 2)
	 *   expert 3 x 64 x 32 = 6,144; MoE layer: router 64 x 4 = 256 +
	 *   4 experts 24,576 + shared 6,144 = 30,976 (layers 1, 3)
	 *   MLP 2 x 24,576 + 2 x 30,976 = 111,104
	 *   inactive: 2 layers x 3 unused experts x 6,144 = 36,864 */
	import_str("{\"model_type\":\"llama4\",\"text_config\":{"
	           "\"model_type\":\"llama4_text\",\"num_hidden_layers\":4,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":64,\"head_dim\":16,\"vocab_size\":100,"
	           "\"intermediate_size\":32,\"intermediate_size_mlp\":128,"
	           "\"num_local_experts\":4,\"num_experts_per_tok\":1,"
	           "\"interleave_moe_layer_step\":2,"
	           "\"attention_chunk_size\":8192}}", &n);
	ck_assert_uint_eq(res.weights.mlp_params, 111104);
	ck_assert_uint_eq(res.weights.params - res.weights.active_params, 36864);
	/* DBRX: ffn_config and attn_config. Per layer: router 64 x 4 = 256
	 * + 4 experts x 3 x 64 x 32 = 24,576 -> 24,832; 2 layers 49,664 */
	import_str("{\"model_type\":\"dbrx\",\"n_layers\":2,\"n_heads\":4,"
	           "\"d_model\":64,\"vocab_size\":10,"
	           "\"attn_config\":{\"kv_n_heads\":1},"
	           "\"ffn_config\":{\"ffn_hidden_size\":32,"
	           "\"moe_num_experts\":4,\"moe_top_k\":2}}", &n);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 1);
	ck_assert_uint_eq(res.weights.mlp_params, 49664);
	/* Gemma 3n: intermediate_size per layer [100, 300]: 3 x 64 x
	 * (100 + 300) = 76,800 */
	import_str("{\"model_type\":\"gemma3n_text\",\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":64,\"head_dim\":16,\"vocab_size\":10,"
	           "\"intermediate_size\":[100,300]}", &n);
	ck_assert_uint_eq(res.weights.mlp_params, 76800);
	/* Qwen2-MoE: shared expert of 64 = 4 experts of 16. Router 64 x 4
	 * = 256; routed 4 x 3 x 64 x 16 = 12,288; shared 12,288 -> 24,832 */
	import_str("{\"model_type\":\"qwen2_moe\",\"num_hidden_layers\":1,"
	           "\"num_attention_heads\":4,\"num_key_value_heads\":2,"
	           "\"hidden_size\":64,\"vocab_size\":10,"
	           "\"num_experts\":4,\"num_experts_per_tok\":2,"
	           "\"moe_intermediate_size\":16,"
	           "\"shared_expert_intermediate_size\":64}", &n);
	ck_assert_uint_eq(plan.model.arch.n_shared_experts, 4);
	ck_assert_uint_eq(res.weights.mlp_params, 24832);
}
END_TEST

START_TEST(unknown_type_and_keys)
{
	struct kvp_notes n;

	/* unknown model_type: refused; with --assume-layout, generic rule,
	 * a note and model.layout_assumed; unknown keys ignored */
	static const char cfg[] = "{\"model_type\":\"frobnitz\","
	           "\"num_hidden_layers\":2,"
	           "\"num_attention_heads\":8,\"num_key_value_heads\":2,"
	           "\"hidden_size\":512,\"torch_dtype\":\"float16\","
	           "\"frobnitz_factor\":[1,{\"x\":null}]}";
	struct kvp_error err;

	kvp_plan_default(&plan);
	ck_assert_int_ne(kvp_hf_import_text(cfg, strlen(cfg), "t.json",
	                 &plan.model, &n, &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, "t.json: model_type: \"frobnitz\" - ") &&
	              strstr(err.msg, "--assume-layout"), "%s", err.msg);
	ck_assert_int_eq(kvp_hf_import_text_opts(cfg, strlen(cfg), "t.json",
	                 KVP_IMPORT_ASSUME_LAYOUT, &plan.model, &n, &err), KVP_OK);
	ck_assert_str_eq(plan.model.layout_assumed, "model_type: \"frobnitz\"");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(has_note(&n, "frobnitz"));
	ck_assert_int_eq(res.warnings[0].code, KVP_W_LAYOUT_ASSUMED);
	/* 2 x 2 layers x 2 heads x 64 x 2 B = 1,024 */
	ck_assert_uint_eq(res.kv.bytes_per_position, 1024);
}
END_TEST

/*
 * The granitehybrid case of cases/llamacpp.json (read at run time): a
 * Mamba-2 hybrid written as a config.json from the case's shape; the
 * importer's recurrent state for one sequence must give the bytes
 * llama.cpp allocated (expected.recurrent_bytes) over the Mamba layers.
 */
START_TEST(granitehybrid_state_matches_llamacpp)
{
	char path[4096], cfg[4096], types[2048];
	size_t len = 0, tl = 0;
	char *text;
	cJSON *root, *c = NULL, *it;
	const cJSON *mo, *ssm, *att, *e;
	unsigned nl, i, n_attn = 0;
	double want;
	struct kvp_notes n;

	snprintf(path, sizeof path, "%s", KVP_SRCDIR
	         "/tests/reference/cases/llamacpp.json");
	text = slurp(path, &len);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	root = cJSON_ParseWithLength(text, len);
	free(text);
	ck_assert_ptr_nonnull(root);
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(root, "cases")) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(it, "id");
		if (cJSON_IsString(id) && strstr(id->valuestring, "granitehybrid"))
			c = it;
	}
	ck_assert_msg(c != NULL, "no granitehybrid case in %s", path);
	mo = cJSON_GetObjectItemCaseSensitive(c, "model");
	ssm = cJSON_GetObjectItemCaseSensitive(mo, "ssm");
	att = cJSON_GetObjectItemCaseSensitive(mo, "attention_layers");
	nl = (unsigned)cJSON_GetObjectItemCaseSensitive(mo, "n_layer")->valuedouble;
	tl += (size_t)snprintf(types + tl, sizeof types - tl, "[");
	for (i = 0; i < nl; i++) {
		bool is_attn = false;
		cJSON_ArrayForEach(e, att)
			if ((unsigned)e->valuedouble == i)
				is_attn = true;
		n_attn += is_attn;
		tl += (size_t)snprintf(types + tl, sizeof types - tl, "%s\"%s\"",
		                       i ? "," : "", is_attn ? "attention" : "mamba");
	}
	snprintf(types + tl, sizeof types - tl, "]");
#define NUM(o, k) cJSON_GetObjectItemCaseSensitive(o, k)->valuedouble
	snprintf(cfg, sizeof cfg,
	         "{\"model_type\":\"granitemoehybrid\",\"num_hidden_layers\":%u,"
	         "\"num_attention_heads\":%.0f,\"num_key_value_heads\":%.0f,"
	         "\"hidden_size\":%.0f,\"head_dim\":%.0f,"
	         "\"torch_dtype\":\"bfloat16\",\"layer_types\":%s,"
	         "\"mamba_d_state\":%.0f,\"mamba_n_groups\":%.0f,"
	         "\"mamba_n_heads\":%.0f,\"mamba_d_head\":%.0f,"
	         "\"mamba_d_conv\":%.0f}",
	         nl, NUM(mo, "n_head"), NUM(mo, "n_head_kv"), NUM(mo, "n_embd"),
	         NUM(mo, "head_k"), types, NUM(ssm, "d_state"),
	         NUM(ssm, "n_group"), NUM(ssm, "n_heads"),
	         NUM(ssm, "d_inner") / NUM(ssm, "n_heads"), NUM(ssm, "d_conv"));
	want = NUM(cJSON_GetObjectItemCaseSensitive(c, "expected"),
	           "recurrent_bytes");
#undef NUM
	cJSON_Delete(root);
	import_str(cfg, &n);
	plan.workload.classes[0].requests = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	/* (4 - 1) x (1536 + 2 x 1 x 128) + 128 x 1536 = 201,984 f32 values
	 * = 807,936 bytes per Mamba layer; 28 layers, 1 sequence */
	for (i = 0; i < nl; i++)
		if (kvp_layer_rec(&res, i)->spec.kind == KVP_LAYER_NONE)
			ck_assert_uint_eq(kvp_layer_rec(&res, i)->spec.state_bytes, 807936);
	ck_assert_uint_eq(n_attn, 4);
	ck_assert_msg((double)res.kv.state_bytes == want,
	              "state %llu, llama.cpp allocated %.0f",
	              (unsigned long long)res.kv.state_bytes, want);
}
END_TEST

static void import_bad(const char *json, const char *want1, const char *want2)
{
	struct kvp_model m;
	struct kvp_error err;
	enum kvp_status st;

	memset(&m, 0x5a, sizeof m);
	st = kvp_hf_import_text(json, strlen(json), "bad.json", &m, NULL, &err);
	ck_assert_msg(st != KVP_OK, "accepted: %s", json);
	ck_assert_msg(strstr(err.msg, "bad.json") != NULL, "%s", err.msg);
	ck_assert_msg(strstr(err.msg, want1) != NULL, "'%s' lacks '%s'",
	              err.msg, want1);
	if (want2)
		ck_assert_msg(strstr(err.msg, want2) != NULL, "'%s' lacks '%s'",
		              err.msg, want2);
	ck_assert_msg(strchr(err.msg, '\n') == NULL, "one line: %s", err.msg);
}

START_TEST(bad_configs)
{
	import_bad("", "empty", NULL);
	import_bad("{\"num_hidden_layers\": 32,", "bad.json:1:", "malformed");
	import_bad("{\n\"a\": 1,\n\"b\": tru }", "bad.json:3:", NULL);
	import_bad("[1,2]", "not an object", NULL);
	import_bad("{\"num_hidden_layers\":\"32\",\"num_attention_heads\":8,"
	           "\"hidden_size\":512}", "num_hidden_layers", "\"32\"");
	import_bad("{\"num_hidden_layers\":0,\"num_attention_heads\":8,"
	           "\"hidden_size\":512}", "num_hidden_layers", "at least 1");
	import_bad("{\"num_hidden_layers\":-4,\"num_attention_heads\":8,"
	           "\"hidden_size\":512}", "num_hidden_layers", "-4");
	import_bad("{\"num_hidden_layers\":32,\"num_attention_heads\":8,"
	           "\"hidden_size\":1e300}", "hidden_size", "too large");
	import_bad("{\"num_hidden_layers\":32,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"num_key_value_heads\":3}",
	           "num_key_value_heads", "multiple");
	import_bad("{\"num_hidden_layers\":32,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"num_key_value_heads\":2.5}",
	           "num_key_value_heads", "integer");
	import_bad("{\"num_attention_heads\":8,\"hidden_size\":512}",
	           "num_hidden_layers", "not a model config");
	import_bad("{\"version\":\"1.0\",\"added_tokens\":[],\"model\":"
	           "{\"type\":\"BPE\",\"vocab\":{}}}", "tokenizer", NULL);
	import_bad("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"layer_types\":[\"full_attention\"]}",
	           "layer_types", "2 layers");
	import_bad("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"layer_types\":[\"full_attention\","
	           "\"wormhole\"]}", "layer_types[1]", "wormhole");
	import_bad("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"torch_dtype\":\"float7\"}",
	           "torch_dtype", "float7");
	import_bad("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"text_config\":3}", "text_config", NULL);
	import_bad("{\"num_hidden_layers\":2,\"num_attention_heads\":8,"
	           "\"hidden_size\":512,\"kv_lora_rank\":512}",
	           "qk_rope_head_dim", "MLA");
	import_bad("{\"num_hidden_layers\":100000,\"num_attention_heads\":8,"
	           "\"hidden_size\":512}", "num_hidden_layers", "100000");
}
END_TEST

START_TEST(import_path_errors)
{
	struct kvp_model m;
	struct kvp_error err;

	ck_assert_int_ne(kvp_hf_import_path("/nonexistent/dir/config.json", &m,
	                                    NULL, &err), KVP_OK);
	ck_assert(strstr(err.msg, "/nonexistent/dir/config.json") != NULL);
	/* a folder without config.json */
	ck_assert_int_ne(kvp_hf_import_path(KVP_SRCDIR "/include", &m, NULL,
	                                    &err), KVP_OK);
	ck_assert(strstr(err.msg, "config.json") != NULL);
}
END_TEST

static Suite *import_suite(void)
{
	Suite *s = suite_create("import");
	TCase *tc = tcase_create("reference");

	tcase_add_unchecked_fixture(tc, load_models, free_models);
	tcase_add_test(tc, every_reference_model_has_expectations);
	tcase_add_loop_test(tc, reference_model_layout, 0,
	                    (int)(sizeof W / sizeof W[0]));
	tcase_add_test(tc, mla_decompressed);
	suite_add_tcase(s, tc);
	tc = tcase_create("rules");
	tcase_add_test(tc, qwen2_max_window_layers);
	tcase_add_test(tc, kv_heads_sources);
	tcase_add_test(tc, chunked_shared_and_linear);
	tcase_add_test(tc, rules_are_ranges);
	tcase_add_test(tc, quantization_configs);
	tcase_add_test(tc, gptq_biases_16bit);
	tcase_add_test(tc, qk_norms_by_family);
	tcase_add_test(tc, qk_norms_by_key);
	tcase_add_test(tc, unknown_type_and_keys);
	tcase_add_test(tc, moe_layouts);
	tcase_add_test(tc, granitehybrid_state_matches_llamacpp);
	tcase_add_test(tc, bad_configs);
	tcase_add_test(tc, import_path_errors);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(import_suite)
