/*
 * test_model_files.c - safetensors folders, the Hugging Face cache and
 * the exact weight bytes through kvp_compute, on files written by
 * st_writer.h / gguf_writer.h, with the figures worked by hand.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gguf_llama.h"
#include "io/plan/plan_json.h"
#include "io/safetensors/safetensors.h"
#include "io/tensor_group.h"
#include "st_writer.h"
#include "kvplan/compute.h"
#include "kvplan/model_files.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "test_files.h"

#ifndef KVP_SRCDIR
#define KVP_SRCDIR "."
#endif
#define CONFIG_8B KVP_SRCDIR "/tests/data/model-files/llama-3.1-8b-config.json"

static char dir[256];

static void setup(void)
{
	tmpdir_make(dir, sizeof dir, "kvp_mf");
}

static void teardown(void)
{
	tmpdir_remove(dir);
}

static void copy(const char *from, const char *to)
{
	char cmd[1024];

	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
	ck_assert_int_eq(system(cmd), 0);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* Llama-3.1-8B in bf16 over 4 shards (layers 0-7, 8-15, 16-23, 24-31;
 * embeddings in the first, norm and lm_head in the last), as
 * transformers' save_pretrained names them. By hand, 2 bytes a value:
 *   per layer  q, o 4096 x 4096 = 33,554,432 B each; k, v 1024 x 4096 =
 *              8,388,608 B each -> attention 83,886,080
 *              gate, up 14336 x 4096, down 4096 x 14336 = 117,440,512 B
 *              each -> MLP 352,321,536
 *              input/post_attention_layernorm 4096 -> 16,384
 *   x 32       attention 2,684,354,560, MLP 11,274,289,152,
 *              norms 524,288 + model.norm 8,192 = 532,480
 *   embed_tokens, lm_head 128256 x 4096 = 1,050,673,152 B each
 *   total      16,060,522,496 (the same as the bf16 estimate of the
 *              README tour: every tensor of this model is counted there)
 * The index lists the shards with a weight_map. */
static void write_8b(const char *d, bool with_index, int shards_written)
{
	char path[512], name[128];
	int s, i;

	snprintf(path, sizeof path, "%s/config.json", d);
	copy(CONFIG_8B, path);
	for (s = 0; s < 4; s++) {
		struct stw w;

		stw_init(&w);
		if (s == 0)
			stw_2d(&w, "model.embed_tokens.weight", "BF16", 128256, 4096, 2);
		for (i = 8 * s; i < 8 * s + 8; i++) {
#define L(sfx, a, b) \
	snprintf(name, sizeof name, "model.layers.%d." sfx, i); \
	stw_2d(&w, name, "BF16", a, b, 2)
			L("input_layernorm.weight", 4096, 0);
			L("self_attn.q_proj.weight", 4096, 4096);
			L("self_attn.k_proj.weight", 1024, 4096);
			L("self_attn.v_proj.weight", 1024, 4096);
			L("self_attn.o_proj.weight", 4096, 4096);
			L("post_attention_layernorm.weight", 4096, 0);
			L("mlp.gate_proj.weight", 14336, 4096);
			L("mlp.up_proj.weight", 14336, 4096);
			L("mlp.down_proj.weight", 4096, 14336);
#undef L
		}
		if (s == 3) {
			stw_2d(&w, "model.norm.weight", "BF16", 4096, 0, 2);
			stw_2d(&w, "lm_head.weight", "BF16", 128256, 4096, 2);
		}
		snprintf(path, sizeof path, "%s/model-%05d-of-00004.safetensors",
		         d, s + 1);
		if (s < shards_written)
			ck_assert_int_eq(stw_write(&w, path), 0);
		else
			free(w.json);
	}
	if (with_index) {
		snprintf(path, sizeof path, "%s/model.safetensors.index.json", d);
		write_text(path, "{\"metadata\": {\"total_size\": 16060522496},"
		           " \"weight_map\": {"
		           "\"model.embed_tokens.weight\": \"model-00001-of-00004.safetensors\","
		           "\"model.layers.8.mlp.up_proj.weight\": \"model-00002-of-00004.safetensors\","
		           "\"model.layers.16.mlp.up_proj.weight\": \"model-00003-of-00004.safetensors\","
		           "\"lm_head.weight\": \"model-00004-of-00004.safetensors\"}}");
	}
}

static void check_8b(const struct kvp_model *m)
{
	const struct kvp_tensors *t = &m->tensors;

	ck_assert_int_eq(t->source, KVP_WSRC_SAFETENSORS);
	ck_assert_uint_eq(t->files, 4);
	ck_assert_uint_eq(t->bytes[KVP_TG_EMBED], 1050673152ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_LM_HEAD], 1050673152ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_ATTN], 2684354560ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_MLP], 11274289152ull);
	ck_assert_uint_eq(t->bytes[KVP_TG_NORM], 532480);
	ck_assert_uint_eq(t->bytes[KVP_TG_OTHER], 0);
	ck_assert_uint_eq(t->layer[31], 83886080ull + 352321536ull);
	ck_assert_uint_eq(t->layer_norm[31], 16384);
	ck_assert_uint_eq(m->n_layers, 32);
	ck_assert_uint_eq(m->base.kv_heads, 8);
}

START_TEST(safetensors_8b_folder)
{
	struct kvp_model m;
	struct kvp_notes notes;
	struct kvp_error err;
	static struct kvp_plan p;
	static struct kvp_result res;

	write_8b(dir, true, 4);
	ck_assert_int_eq(kvp_model_path_import(dir, &m, &notes, &err), KVP_OK);
	check_8b(&m);
	kvp_plan_default(&p);
	p.model = m;
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 16060522496ull);
	ck_assert_int_eq(res.weights.source, KVP_WSRC_SAFETENSORS);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 16060522496ull);
	ck_assert_int_eq(res.devices[0].weights_source, KVP_WSRC_SAFETENSORS);
	/* served in another format: the estimate, labelled */
	p.devices.weights_override = true;
	p.devices.weights.dtype = KVP_W_FP8;
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	ck_assert_int_eq(res.weights.source, KVP_WSRC_ESTIMATE);
}
END_TEST

START_TEST(safetensors_listing_and_partial)
{
	struct kvp_model m;
	struct kvp_notes notes;
	struct kvp_error err;
	char path[512];

	/* no index: every *.safetensors of the folder */
	write_8b(dir, false, 4);
	ck_assert_int_eq(kvp_model_path_import(dir, &m, &notes, &err), KVP_OK);
	check_8b(&m);
	/* an index naming a shard that is not there: refused, named */
	write_8b(dir, true, 4);
	snprintf(path, sizeof path, "%s/model-00003-of-00004.safetensors", dir);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(kvp_model_path_import(dir, &m, &notes, &err),
	                 KVP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.msg, "model-00003-of-00004.safetensors"));
	/* only the JSON files: the estimate, with a note */
	for (int s = 1; s <= 4; s++) {
		snprintf(path, sizeof path, "%s/model-%05d-of-00004.safetensors",
		         dir, s);
		unlink(path);
	}
	ck_assert_int_eq(kvp_model_path_import(dir, &m, &notes, &err), KVP_OK);
	ck_assert_int_eq(m.tensors.source, KVP_WSRC_ESTIMATE);
	ck_assert_uint_ge(notes.n, 1);
	ck_assert_ptr_nonnull(strstr(notes.line[notes.n - 1], "estimated"));
	/* a shard name that leaves the folder */
	snprintf(path, sizeof path, "%s/model.safetensors.index.json", dir);
	write_text(path, "{\"weight_map\": {\"a\": \"../x.safetensors\"}}");
	ck_assert_int_eq(kvp_model_path_import(dir, &m, &notes, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "../x.safetensors"));
}
END_TEST

/* Quantized checkpoints: the stored bytes of each part, by hand.
 *   AWQ 4-bit, group 128, one 4096 x 4096 q_proj: qweight I32
 *       [4096, 512] = 8,388,608 B, qzeros I32 [32, 512] = 65,536,
 *       scales F16 [32, 4096] = 262,144 -> 8,716,288
 *   FP8 (DeepSeek style) o_proj F8_E4M3 [4096, 4096] = 16,777,216 and
 *       weight_scale_inv F32 [32, 32] = 4,096
 *   MXFP4 (gpt-oss) experts gate_up_proj_blocks U8 [32, 5760, 90, 16] =
 *       265,420,800 and _scales U8 [32, 5760, 90] = 16,588,800
 *   NVFP4 down_proj U8 [4096, 2048] = 8,388,608, weight_scale F8_E4M3
 *       [4096, 256] = 1,048,576, weight_scale_2 F32 [] = 4
 *   attention 8,716,288 + 16,781,312 = 25,497,600; MLP 265,420,800 +
 *   16,588,800 = 282,009,600 (MXFP4) + 9,437,188 (NVFP4) = 291,446,788 */
START_TEST(quantized_stored_bytes)
{
	struct stw w;
	char path[512];
	struct kvp_model m;
	struct kvp_error err;
	uint64_t s4[4] = { 32, 5760, 90, 16 }, s3[3] = { 32, 5760, 90 };

	stw_init(&w);
	stw_2d(&w, "model.layers.0.self_attn.q_proj.qweight", "I32", 4096, 512, 4);
	stw_2d(&w, "model.layers.0.self_attn.q_proj.qzeros", "I32", 32, 512, 4);
	stw_2d(&w, "model.layers.0.self_attn.q_proj.scales", "F16", 32, 4096, 2);
	stw_2d(&w, "model.layers.0.self_attn.o_proj.weight", "F8_E4M3", 4096, 4096, 1);
	stw_2d(&w, "model.layers.0.self_attn.o_proj.weight_scale_inv", "F32", 32, 32, 4);
	stw_tensor(&w, "model.layers.1.mlp.experts.gate_up_proj_blocks", "U8", 4,
	           s4, 265420800ull);
	stw_tensor(&w, "model.layers.1.mlp.experts.gate_up_proj_scales", "U8", 3,
	           s3, 16588800ull);
	stw_2d(&w, "model.layers.1.mlp.down_proj.weight", "U8", 4096, 2048, 1);
	stw_2d(&w, "model.layers.1.mlp.down_proj.weight_scale", "F8_E4M3", 4096, 256, 1);
	stw_tensor(&w, "model.layers.1.mlp.down_proj.weight_scale_2", "F32", 0,
	           NULL, 4);
	snprintf(path, sizeof path, "%s/model.safetensors", dir);
	ck_assert_int_eq(stw_write(&w, path), 0);
	snprintf(path, sizeof path, "%s/config.json", dir);
	copy(CONFIG_8B, path);
	ck_assert_int_eq(kvp_model_path_import(dir, &m, NULL, &err), KVP_OK);
	ck_assert_uint_eq(m.tensors.bytes[KVP_TG_ATTN], 25497600ull);
	ck_assert_uint_eq(m.tensors.bytes[KVP_TG_MLP], 291446788ull);
	ck_assert_uint_eq(m.tensors.layer[0], 25497600ull);
	ck_assert_uint_eq(m.tensors.layer[1], 291446788ull);
}
END_TEST

static void st_refused(const char *json, uint64_t data, const char *word)
{
	size_t n = strlen(json), len = 8 + n + data;
	unsigned char *img = calloc(1, len);
	struct kvp_error err;
	int i;

	for (i = 0; i < 8; i++)
		img[i] = (unsigned char)((uint64_t)n >> (8 * i));
	memcpy(img + 8, json, n);
	ck_assert_int_ne(kvp_st_read_mem(img, len, "x.safetensors", NULL, NULL,
	                                 &err), KVP_OK);
	ck_assert_ptr_null(strchr(err.msg, '\n'));
	if (!strstr(err.msg, word))
		ck_abort_msg("'%s' not in: %s", word, err.msg);
	free(img);
}

START_TEST(safetensors_refusals)
{
	unsigned char big[8] = { 0xff, 0xff, 0xff, 0, 0, 0, 0, 0 };
	struct kvp_error err;

	st_refused("{\"a\":{\"dtype\":\"F16\",\"shape\":[4],\"data_offsets\":[0,8]}}",
	           4, "truncated");
	st_refused("{\"a\":{\"dtype\":\"Q9\",\"shape\":[4],\"data_offsets\":[0,8]}}",
	           8, "dtype 'Q9'");
	st_refused("{\"a\":{\"dtype\":\"F16\",\"shape\":[4],\"data_offsets\":[0,6]}}",
	           8, "F16 x shape is 8");
	st_refused("{\"a\":{\"dtype\":\"F16\",\"shape\":[-4],\"data_offsets\":[0,8]}}",
	           8, "non-negative");
	st_refused("{\"a\":{\"dtype\":\"F16\",\"shape\":[4294967296,4294967296,"
	           "4294967296],\"data_offsets\":[0,8]}}", 8, "overflow");
	st_refused("{\"a\\nb\":{\"dtype\":\"F16\"}}", 0, "a?b");
	st_refused("[1,2]", 0, "not a JSON object");
	ck_assert_int_ne(kvp_st_read_mem(big, 8, "x", NULL, NULL, &err), KVP_OK);
	ck_assert_ptr_nonnull(strstr(err.msg, "longer than the file"));
	ck_assert_int_ne(kvp_st_read_mem(big, 5, "x", NULL, NULL, &err), KVP_OK);
	ck_assert_ptr_nonnull(strstr(err.msg, "too short"));
}
END_TEST

/* A fake cache: HF_HUB_CACHE/models--meta-llama--Llama-3.1-8B with
 * refs/main -> snapshots/<hash>/ holding the 8B folder. */
START_TEST(hf_cache_lookup)
{
	const char *hash = "0123456789abcdef0123456789abcdef01234567";
	char hub[300], repo[400], snap[500], path[1200];
	struct kvp_model m;
	struct kvp_error err;

	snprintf(hub, sizeof hub, "%s/hub", dir);
	snprintf(repo, sizeof repo, "%s/models--meta-llama--Llama-3.1-8B", hub);
	snprintf(snap, sizeof snap, "%s/snapshots/%s", repo, hash);
	snprintf(path, sizeof path, "mkdir -p '%s' '%s/refs'", snap, repo);
	ck_assert_int_eq(system(path), 0);
	snprintf(path, sizeof path, "%s/refs/main", repo);
	write_text(path, "0123456789abcdef0123456789abcdef01234567\n");
	write_8b(snap, true, 4);

	setenv("HF_HUB_CACHE", hub, 1);
	ck_assert_int_eq(kvp_hf_cache_import("meta-llama/Llama-3.1-8B", &m, NULL,
	                                     &err), KVP_OK);
	check_8b(&m);
	ck_assert_str_eq(m.revision, hash);
	ck_assert_str_eq(m.id, "meta-llama/Llama-3.1-8B");
	/* a commit hash as the revision */
	snprintf(path, sizeof path, "meta-llama/Llama-3.1-8B@%s", hash);
	ck_assert_int_eq(kvp_hf_cache_import(path, &m, NULL, &err), KVP_OK);
	ck_assert_str_eq(m.revision, hash);
	/* through --model's resolution: this id is also a preset's, and
	 * presets win over the cache (man kvplan, --model) */
	ck_assert_int_eq(kvp_model_load_spec("meta-llama/Llama-3.1-8B", &m, NULL,
	                                      &err), KVP_OK);
	ck_assert_int_eq(m.tensors.source, KVP_WSRC_ESTIMATE);
	/* HF_HOME/hub when HF_HUB_CACHE is unset */
	unsetenv("HF_HUB_CACHE");
	setenv("HF_HOME", dir, 1);
	ck_assert_int_eq(kvp_hf_cache_import("meta-llama/Llama-3.1-8B", &m, NULL,
	                                     &err), KVP_OK);
	/* a miss says where it looked and how to download */
	ck_assert_int_eq(kvp_hf_cache_import("Qwen/Qwen3-8B", &m, NULL, &err),
	                 KVP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.msg, "models--Qwen--Qwen3-8B"));
	/* the config alone, not every weight file (issue 35) */
	ck_assert_ptr_nonnull(strstr(err.msg, "hf download Qwen/Qwen3-8B config.json"));
	ck_assert_ptr_nonnull(strstr(err.msg, "huggingface-cli download Qwen/Qwen3-8B config.json"));
	ck_assert_int_eq(kvp_hf_cache_import("meta-llama/Llama-3.1-8B@v9", &m,
	                                     NULL, &err), KVP_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(err.msg, "refs/v9"));
	unsetenv("HF_HOME");
	/* what is an id */
	ck_assert(kvp_is_hf_id("a/b"));
	ck_assert(kvp_is_hf_id("Org-1/Name_2.5@main"));
	ck_assert(!kvp_is_hf_id("a/b/c"));
	ck_assert(!kvp_is_hf_id("../b"));
	ck_assert(!kvp_is_hf_id("a/.."));
	ck_assert(!kvp_is_hf_id("/abs"));
	ck_assert(!kvp_is_hf_id("a/b@../x"));
}
END_TEST

/* Llama-3.1-70B from GGUF tensors (the layout of test_gguf.c) on tp 2 x
 * pp 2: 40 layers a stage, each layer 544,014,336 B without its norms
 * (65,536 B of norms, replicated on both ranks).
 *   stage 0: embeddings 591,003,648 + rope_freqs 256 + 40 x 544,014,336
 *            = 22,351,577,344 / 2 = 11,175,788,672 + norms 2,621,440
 *            = 11,178,410,112 per rank
 *   stage 1: output 861,880,320 + 21,760,573,440 = 22,622,453,760 / 2 =
 *            11,311,226,880 + norms 2,621,440 + output_norm 32,768 =
 *            11,313,881,088 per rank
 * and the plan file keeps the tensors: the same after a round trip. */
START_TEST(per_device_split_and_roundtrip)
{
	char path[512];
	struct gw w;
	static struct kvp_plan p, q;
	static struct kvp_result res;
	struct kvp_error err;
	char *js;
	uint32_t i;

	snprintf(path, sizeof path, "%s/m.gguf", dir);
	gw_init(&w);
	gw_llama70b(&w, G_Q4_K, G_Q6_K, G_Q4_K, G_Q6_K);
	ck_assert_int_eq(gw_write(&w, path), 0);
	gw_free(&w);
	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_model_load_spec(path, &p.model, NULL, &err), KVP_OK);
	p.devices.tp = 2;
	p.devices.pp = 2;
	ck_assert_int_eq(kvp_compute(&p, &res), KVP_OK);
	ck_assert_uint_eq(res.n_devices, 4);
	for (i = 0; i < 4; i++)
		ck_assert_uint_eq(res.devices[i].weights_bytes,
		                  res.devices[i].pp_stage == 0 ? 11178410112ull
		                                               : 11313881088ull);
	js = kvp_plan_json_dump(&p, &err);
	ck_assert_ptr_nonnull(js);
	kvp_plan_blank(&q);
	ck_assert_int_eq(kvp_plan_json_parse(js, strlen(js), "rt.json", &q, &err),
	                 KVP_OK);
	ck_assert(memcmp(&q.model.tensors, &p.model.tensors,
	                 sizeof q.model.tensors) == 0);
	/* a shared plan whose layers do not add up is refused */
	{
		char *at = strstr(js, "\"layer_other\"");
		ck_assert_ptr_nonnull(at);
		at = strstr(at, "\"layers\"");
		ck_assert_ptr_nonnull(at);
		at = strchr(at, '5');   /* 544014336 -> 644014336 */
		*at = '6';
		ck_assert_int_eq(kvp_plan_json_parse(js, strlen(js), "bad.json", &q,
		                                     &err), KVP_EINVAL);
		ck_assert_ptr_nonnull(strstr(err.msg, "model.tensors.layers"));
	}
	free(js);
}
END_TEST

/* Tensor names into groups: a decoder layer past the model's is an MTP
 * layer, whatever word it holds (DeepSeek-V3's layer 61 has its own
 * embed_tokens and shared_head.head); towers keep their group. */
START_TEST(mtp_names)
{
	static const struct { const char *name; int naming; int group; } c[] = {
		{ "model.layers.61.embed_tokens.weight", KVP_TN_HF, KVP_TG_MTP },
		{ "model.layers.61.shared_head.head.weight", KVP_TN_HF, KVP_TG_MTP },
		{ "model.layers.61.eh_proj.weight", KVP_TN_HF, KVP_TG_MTP },
		{ "model.embed_tokens.weight", KVP_TN_HF, KVP_TG_EMBED },
		{ "lm_head.weight", KVP_TN_HF, KVP_TG_LM_HEAD },
		{ "model.layers.60.self_attn.q_a_proj.weight", KVP_TN_HF, KVP_TG_ATTN },
		{ "mtp.layers.0.self_attn.q_proj.weight", KVP_TN_HF, KVP_TG_MTP },
		{ "model.visual.blocks.70.attn.qkv.weight", KVP_TN_HF, KVP_TG_TOWER },
		{ "blk.61.nextn.embed_tokens.weight", KVP_TN_GGUF, KVP_TG_MTP },
		{ "token_embd.weight", KVP_TN_GGUF, KVP_TG_EMBED },
	};
	size_t i;

	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct kvp_tclass t;

		kvp_tensor_classify(c[i].name, (enum kvp_tnaming)c[i].naming, 61, &t);
		ck_assert_msg((int)t.group == c[i].group, "%s: group %d, want %d",
		              c[i].name, (int)t.group, c[i].group);
	}
	/* the MTP layers' own embedding and head are kept apart inside
	 * the group: 100 + 200 + 400 of the 1,000 MTP bytes */
	{
		struct kvp_tensors t;
		struct kvp_error err;

		memset(&t, 0, sizeof t);
		ck_assert_int_eq(kvp_tensors_add(&t, "f", "model.layers.61.embed_tokens.weight",
		                 KVP_TN_HF, 61, 100, 50, &err), KVP_OK);
		ck_assert_int_eq(kvp_tensors_add(&t, "f", "model.layers.61.shared_head.head.weight",
		                 KVP_TN_HF, 61, 200, 100, &err), KVP_OK);
		ck_assert_int_eq(kvp_tensors_add(&t, "f", "model.layers.61.eh_proj.weight",
		                 KVP_TN_HF, 61, 300, 150, &err), KVP_OK);
		ck_assert_int_eq(kvp_tensors_add(&t, "f", "blk.61.nextn.shared_head_head.weight",
		                 KVP_TN_GGUF, 61, 400, 200, &err), KVP_OK);
		ck_assert_int_eq(kvp_tensors_add(&t, "f", "model.embed_tokens.weight",
		                 KVP_TN_HF, 61, 500, 250, &err), KVP_OK);
		ck_assert_uint_eq(t.bytes[KVP_TG_MTP], 1000);
		ck_assert_uint_eq(t.mtp_shared, 700);
		ck_assert_uint_eq(t.bytes[KVP_TG_EMBED], 500);
	}
	/* plan files keep them; more than the group is refused; a plan
	 * written before the key reads as none */
	{
		static struct kvp_plan p, q;
		struct kvp_error err;
		char *js;

		kvp_plan_default(&p);
		p.model.tensors.source = KVP_WSRC_SAFETENSORS;
		p.model.tensors.bytes[KVP_TG_MTP] = 1000;
		p.model.tensors.mtp_shared = 700;
		js = kvp_plan_json_dump(&p, &err);
		ck_assert_ptr_nonnull(js);
		kvp_plan_blank(&q);
		ck_assert_int_eq(kvp_plan_json_parse(js, strlen(js), "rt.json", &q,
		                                     &err), KVP_OK);
		ck_assert_uint_eq(q.model.tensors.mtp_shared, 700);
		{
			/* a shared plan claiming more than the group */
			char *bad;

			p.model.tensors.mtp_shared = 1900;
			bad = kvp_plan_json_dump(&p, &err);
			ck_assert_ptr_nonnull(bad);
			ck_assert_int_eq(kvp_plan_json_parse(bad, strlen(bad),
			                 "bad.json", &q, &err), KVP_EINVAL);
			ck_assert_ptr_nonnull(strstr(err.msg, "mtp_shared: 1900"));
			free(bad);
		}
		{
			/* the key's line cut out, as an older plan has it */
			char *line = strstr(js, "\"mtp_shared\""), *end;

			while (line > js && line[-1] != '\n')
				line--;
			end = strchr(line, '\n');
			ck_assert_ptr_nonnull(end);
			memmove(line, end + 1, strlen(end + 1) + 1);
			ck_assert_ptr_null(strstr(js, "mtp_shared"));
			ck_assert_int_eq(kvp_plan_json_parse(js, strlen(js),
			                 "old.json", &q, &err), KVP_OK);
			ck_assert_uint_eq(q.model.tensors.mtp_shared, 0);
		}
		free(js);
	}
}
END_TEST

static Suite *mf_suite(void)
{
	Suite *s = suite_create("model_files");
	TCase *tc = tcase_create("model_files");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, safetensors_8b_folder);
	tcase_add_test(tc, safetensors_listing_and_partial);
	tcase_add_test(tc, quantized_stored_bytes);
	tcase_add_test(tc, safetensors_refusals);
	tcase_add_test(tc, hf_cache_lookup);
	tcase_add_test(tc, per_device_split_and_roundtrip);
	tcase_add_test(tc, mtp_names);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(mf_suite)
