/*
 * test_reconcile.c - kvp_reconcile on the reference cases, read at run
 * time: for each llama.cpp case of tests/reference/cases/llamacpp.json
 * a plan is built from its `model` and `options`, computed, and set
 * against its `printed` lines; every arithmetic figure must match within
 * print rounding. Then the engine-log cases whose lines state sizes that
 * follow from observed inputs (vLLM blocks, SGLang/TRT-LLM pools), with
 * the model shapes the cases' settings and model names give (written out
 * below with their source), and hand-worked comparisons.
 */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/reconcile.h"
#include "check_main.h"

#define REF KVP_SRCDIR "/tests/reference/cases/"

static cJSON *load_json(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	cJSON *j;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	ck_assert(buf != NULL);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	j = cJSON_Parse(buf);
	free(buf);
	ck_assert(j != NULL);
	return j;
}

static uint32_t u32(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? (uint32_t)v->valuedouble : 0;
}

static void add_rule(struct kvp_plan *p, const char *text)
{
	struct kvp_error err;

	ck_assert_uint_lt(p->model.n_rules, KVP_MAX_RULES);
	ck_assert_msg(kvp_rule_parse(text, &p->model.rules[p->model.n_rules],
	                             &err) == KVP_OK, "%s", err.msg);
	p->model.n_rules++;
}

/* The case's model and llama.cpp options as a plan. False when the model
 * uses a layout this builder does not describe. */
static bool plan_from_case(const cJSON *c, struct kvp_plan *p)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(c, "model");
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(c, "options");
	const cJSON *mla = cJSON_GetObjectItemCaseSensitive(m, "mla");
	const cJSON *swa = cJSON_GetObjectItemCaseSensitive(m, "swa_layers");
	const cJSON *att = cJSON_GetObjectItemCaseSensitive(m, "attention_layers");
	const cJSON *ssm = cJSON_GetObjectItemCaseSensitive(m, "ssm");
	const cJSON *l;
	const char *fa = cJSON_GetObjectItemCaseSensitive(o, "flash_attn")->valuestring;
	struct kvp_error err;
	char rule[96];

	kvp_plan_default(p);
	p->model.n_rules = 0;
	p->model.n_layers = u32(m, "n_layer");
	p->model.q_heads = u32(m, "n_head");
	p->model.base.kv_heads = u32(m, "n_head_kv") ? u32(m, "n_head_kv") : 1;
	p->model.base.k_dim = u32(m, "head_k");
	p->model.base.v_dim = u32(m, "head_v");
	p->model.trained_kv_heads = p->model.base.kv_heads;
	if (cJSON_IsObject(mla)) {
		p->model.base.kind = KVP_LAYER_MLA;
		p->model.mla.kv_lora_rank = u32(mla, "kv_lora_rank");
		p->model.mla.qk_rope_head_dim = u32(mla, "rope_dim");
		p->model.mla.q_lora_rank = u32(mla, "q_lora_rank");
		p->model.mla.v_head_dim = u32(mla, "value_head_dim");
		p->model.mla.qk_nope_head_dim = u32(mla, "key_head_dim") -
		                                 u32(mla, "rope_dim");
		p->model.base.k_dim = p->model.mla.kv_lora_rank +
		                      p->model.mla.qk_rope_head_dim;
		p->model.base.v_dim = 0;
		p->model.base.kv_heads = 1;
	}
	cJSON_ArrayForEach(l, swa) {
		if (u32(m, "head_k_swa"))
			snprintf(rule, sizeof rule, "%d:kind=sliding,window=%u,head_dim=%u",
			         l->valueint, u32(m, "n_swa"), u32(m, "head_k_swa"));
		else
			snprintf(rule, sizeof rule, "%d:kind=sliding,window=%u",
			         l->valueint, u32(m, "n_swa"));
		add_rule(p, rule);
	}
	if (cJSON_IsArray(att) && cJSON_IsObject(ssm)) {
		/* hybrid: every layer recurrent except the attention ones; the
		 * state per sequence, f32 (ENGINES.md):
		 * ((d_conv - 1)(d_inner + 2 n_group d_state) + d_state d_inner) x 4 */
		uint64_t st = ((uint64_t)(u32(ssm, "d_conv") - 1) *
		               (u32(ssm, "d_inner") + 2ull * u32(ssm, "n_group") *
		                u32(ssm, "d_state")) +
		               (uint64_t)u32(ssm, "d_state") * u32(ssm, "d_inner")) * 4;

		snprintf(rule, sizeof rule, "all:kind=none,state_bytes=%llu",
		         (unsigned long long)st);
		add_rule(p, rule);
		cJSON_ArrayForEach(l, att) {
			snprintf(rule, sizeof rule, "%d:kind=full", l->valueint);
			add_rule(p, rule);
		}
	}
	p->engine.kind = KVP_ENGINE_LLAMACPP;
	p->engine.llamacpp.ctx_size = u32(o, "ctx_size");
	p->engine.llamacpp.parallel = u32(o, "parallel");
	p->engine.llamacpp.kv_unified = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "kv_unified"));
	p->engine.llamacpp.swa_full = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "swa_full"));
	p->engine.llamacpp.batch_size = u32(o, "batch_size");
	p->engine.llamacpp.ubatch_size = u32(o, "ubatch_size");
	p->engine.llamacpp.flash_attn = !strcmp(fa, "on") ? KVP_ON :
	                                !strcmp(fa, "off") ? KVP_OFF : KVP_AUTO;
	ck_assert(kvp_dtype_parse(cJSON_GetObjectItemCaseSensitive(o, "cache_type_k")->valuestring,
	                          &p->engine.llamacpp.cache_type_k, &err) == KVP_OK);
	ck_assert(kvp_dtype_parse(cJSON_GetObjectItemCaseSensitive(o, "cache_type_v")->valuestring,
	                          &p->engine.llamacpp.cache_type_v, &err) == KVP_OK);
	return true;
}

START_TEST(test_llamacpp_cases_reconcile)
{
	cJSON *root = load_json(REF "llamacpp.json");
	const cJSON *c;
	int done = 0;
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;

	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cases")) {
		const char *id = cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring;
		const cJSON *l;
		struct kvp_error err;
		enum kvp_status st;
		uint32_t i, arith = 0;

		if (cJSON_GetObjectItemCaseSensitive(
		        cJSON_GetObjectItemCaseSensitive(c, "expected"), "refused"))
			continue;
		plan_from_case(c, &plan);
		st = kvp_compute(&plan, &res);
		ck_assert_msg(st == KVP_OK, "%s: %s", id, res.error.msg);
		kvp_log_init(&log);
		cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(c, "printed"))
			kvp_log_feed_line(&log, l->valuestring, strlen(l->valuestring));
		kvp_log_finish(&log);
		ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs,
		                               log.n_obs, 1, 0, &rec, &err), KVP_OK);
		for (i = 0; i < rec.n_rows; i++) {
			const struct kvp_rec_row *r = &rec.rows[i];

			if (r->cls != KVP_REC_ARITHMETIC)
				continue;
			arith++;
			ck_assert_msg(r->has_computed && r->has_observed && r->match,
			              "%s: %s computed %llu observed %llu +- %llu", id,
			              r->figure, (unsigned long long)r->computed,
			              (unsigned long long)r->observed,
			              (unsigned long long)r->tolerance);
		}
		ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
		/* at least: KV, K, V, cells, layers, streams, KV buffer */
		ck_assert_msg(arith >= 7, "%s: %u arithmetic rows", id, arith);
		done++;
	}
	ck_assert_int_ge(done, 14);
	cJSON_Delete(root);
}
END_TEST

/* A mismatch is found: the same log against a plan with twice the
 * context. 2 x 4096 cells x 40 layers x 8 x 128 x 2 B x 2 = 1,342,177,280
 * B computed against 671,088,640 printed (640.00 MiB). */
START_TEST(test_mismatch_found)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	const char *text =
		"llama_kv_cache: size =  640.00 MiB (  4096 cells,  40 layers,  1/1 seqs), K (f16):  320.00 MiB, V (f16):  320.00 MiB\n";
	uint32_t i, checked = 0;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	plan.engine.llamacpp.parallel = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	kvp_log_init(&log);
	kvp_log_parse_text(&log, text, strlen(text));
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs,
	                               1, 0, &rec, &err), KVP_OK);
	ck_assert_uint_gt(rec.n_arithmetic_mismatch, 0);
	for (i = 0; i < rec.n_rows; i++)
		if (!strcmp(rec.rows[i].figure, "KV cache")) {
			ck_assert_uint_eq(rec.rows[i].computed, 1342177280ull);
			ck_assert_uint_eq(rec.rows[i].observed, 671088640ull);
			ck_assert_int_eq(rec.rows[i].diff, -671088640ll);
			/* -50 % */
			ck_assert_int_eq(rec.rows[i].diff_ppm, -500000);
			ck_assert(!rec.rows[i].match);
			checked++;
		}
	/* The figures above are asserted only on a row named "KV cache": with
	 * none (the row renamed, or the size line no longer read) the loop
	 * would assert nothing and the test pass on the count alone. */
	ck_assert_uint_ge(checked, 1);
}
END_TEST

/* llama.cpp with the cache split over two devices: 24 and 16 layers of
 * the worked example, 4,096 cells: 4,096 x 163,840 / 40 = 16,777,216 B per
 * layer -> 402,653,184 B (384.00 MiB) + 268,435,456 B (256.00 MiB) =
 * 671,088,640 B, the whole cache. A wrong split total is found. */
START_TEST(test_several_devices)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	const char *good =
		"llama_kv_cache:      CUDA0 KV buffer size =   384.00 MiB\n"
		"llama_kv_cache:      CUDA1 KV buffer size =   256.00 MiB\n";
	const char *bad =
		"llama_kv_cache:      CUDA0 KV buffer size =   384.00 MiB\n"
		"llama_kv_cache:      CUDA1 KV buffer size =   384.00 MiB\n";
	uint32_t i, found = 0;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.parallel = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	kvp_log_init(&log);
	kvp_log_parse_text(&log, good, strlen(good));
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs,
	                               1, 0, &rec, &err), KVP_OK);
	for (i = 0; i < rec.n_rows; i++) {
		if (!strcmp(rec.rows[i].figure, "KV buffers, all devices")) {
			ck_assert_uint_eq(rec.rows[i].computed, 671088640ull);
			ck_assert_uint_eq(rec.rows[i].observed, 671088640ull);
			ck_assert(rec.rows[i].match);
			found++;
		}
		if (!strncmp(rec.rows[i].figure, "KV buffer CUDA", 14))
			ck_assert_int_eq(rec.rows[i].cls, KVP_REC_UNTESTED);
	}
	ck_assert_uint_eq(found, 1);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
	kvp_log_init(&log);
	kvp_log_parse_text(&log, bad, strlen(bad));
	kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs, 1, 0, &rec, &err);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 1);
}
END_TEST

/* vLLM V0 (engine-logs.json, vllm-10517): Llama-3.1-8B, 32 layers, 8 KV
 * heads of 128 (meta-llama/Llama-3.1-8B-Instruct config.json), bf16 cache,
 * block 16. Page = 16 x 32 x 8 x (128 + 128) x 2 = 2,097,152 B. The printed
 * kv_cache_size 3.81 GiB (4,090,956,349 B) is +- 0.005 GiB (5,368,710 B
 * rounded up), so 4,085,587,639 .. 4,096,325,059 B -> 1,948 .. 1,953
 * blocks (floor of 1948.16 and 1953.28); 1952 printed is inside.
 * Concurrency: 1952 / ceil(20000 / 16) = 1952 / 1250 = 1.5616 -> 156. */
START_TEST(test_vllm_blocks_from_observed_budget)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	cJSON *root = load_json(REF "engine-logs.json");
	const cJSON *c, *l;
	struct kvp_error err;
	uint32_t i, seen = 0;

	kvp_plan_default(&plan);
	plan.model.n_layers = 32;
	plan.model.q_heads = 32;
	plan.model.base.kv_heads = 8;
	plan.model.base.k_dim = plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_model_len = 20000;
	plan.engine.vllm.gpu_memory_utilization = 900000;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);

	kvp_log_init(&log);
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cases"))
		if (!strcmp(cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring,
		            "vllm-10517-llama31-8b-20k"))
			cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(c, "printed_lines"))
				kvp_log_feed_line(&log, l->valuestring, strlen(l->valuestring));
	kvp_log_finish(&log);
	ck_assert_int_eq(log.engine, KVP_ENGINE_VLLM);
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs,
	                               1, log.set.v[KVP_LK_MAX_MODEL_LEN], &rec,
	                               &err), KVP_OK);
	for (i = 0; i < rec.n_rows; i++) {
		const struct kvp_rec_row *r = &rec.rows[i];

		if (!strcmp(r->figure, "GPU blocks")) {
			ck_assert_int_eq(r->cls, KVP_REC_ARITHMETIC);
			ck_assert_uint_eq(r->computed_lo, 1948);
			ck_assert_uint_eq(r->computed_hi, 1953);
			ck_assert(r->match);
			seen++;
		}
		if (!strcmp(r->figure, "max concurrency x100")) {
			ck_assert_int_eq(r->cls, KVP_REC_ARITHMETIC);
			ck_assert_uint_eq(r->computed, 156);
			ck_assert(r->match);
			seen++;
		}
		if (!strcmp(r->figure, "CPU blocks"))
			ck_assert_int_eq(r->cls, KVP_REC_UNTESTED);
	}
	ck_assert_uint_eq(seen, 2);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
	cJSON_Delete(root);
}
END_TEST

/* vLLM V1 prints the budget and tokens, not blocks. Worked example shape
 * (40 layers, 8 KV heads of 128, f16), block 16: page = 16 x 163,840 =
 * 2,621,440 B. "Available KV cache memory: 51.37 GiB" = 51.37 x
 * 1,073,741,824 = 55,158,117,498.88 -> 55,158,117,499 B, +- 5,368,710
 * (0.005 GiB rounded up): floor(55,152,748,789 / 2,621,440) = 21,039
 * (21,039.10) .. floor(55,163,486,209 / 2,621,440) = 21,043 (21,043.20)
 * blocks -> 336,624 .. 336,688 tokens; 336,624 printed is inside,
 * 336,704 (21,044 blocks) is not. */
START_TEST(test_vllm_v1_tokens_from_budget)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	const char *ok_log =
		"INFO [gpu_worker.py:276] Available KV cache memory: 51.37 GiB\n"
		"INFO [kv_cache_utils.py:716] GPU KV cache size: 336,624 tokens\n";
	const char *bad_log =
		"INFO [gpu_worker.py:276] Available KV cache memory: 51.37 GiB\n"
		"INFO [kv_cache_utils.py:716] GPU KV cache size: 336,704 tokens\n";
	uint32_t i, seen = 0;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	kvp_log_init(&log);
	kvp_log_parse_text(&log, ok_log, strlen(ok_log));
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs,
	                               1, 0, &rec, &err), KVP_OK);
	for (i = 0; i < rec.n_rows; i++)
		if (!strcmp(rec.rows[i].figure, "tokens in pool")) {
			ck_assert_int_eq(rec.rows[i].cls, KVP_REC_ARITHMETIC);
			ck_assert_uint_eq(rec.rows[i].computed_lo, 336624);
			ck_assert_uint_eq(rec.rows[i].computed_hi, 336688);
			ck_assert(rec.rows[i].match);
			seen++;
		}
	ck_assert_uint_eq(seen, 1);
	kvp_log_init(&log);
	kvp_log_parse_text(&log, bad_log, strlen(bad_log));
	kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs, 1, 0, &rec, &err);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 1);
}
END_TEST

/* vLLM V0's later profile lines: 23.58 GiB x 0.90 = 21.222 GiB, minus
 * weights 14.99, non-torch 0.35 and activations 1.72 = 4.162 GiB; each
 * input +- 0.005 GiB (total x 0.9: +- 0.0045), so 4.1425 .. 4.1815 GiB,
 * and 4.16 printed is inside; 4.26 would not be. */
START_TEST(test_vllm_profile_budget)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	const char *head =
		"INFO worker.py:232] the current vLLM instance can use total_gpu_memory (23.58GiB) x gpu_memory_utilization (0.90) = 21.22GiB\n"
		"INFO worker.py:232] model weights take 14.99GiB; non_torch_memory takes 0.35GiB; PyTorch activation peak memory takes 1.72GiB; the rest of the memory reserved for KV Cache is ";
	const char *tails[2] = { "4.16GiB.\n", "4.26GiB.\n" };
	char text[600];
	int k;
	uint32_t i, seen;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.gpu_memory_utilization = 900000;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	for (k = 0; k < 2; k++) {
		snprintf(text, sizeof text, "%s%s", head, tails[k]);
		kvp_log_init(&log);
		kvp_log_parse_text(&log, text, strlen(text));
		ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs,
		                               log.n_obs, 1, 0, &rec, &err), KVP_OK);
		for (i = 0, seen = 0; i < rec.n_rows; i++)
			if (!strcmp(rec.rows[i].figure, "KV budget from the log's profile")) {
				ck_assert_int_eq(rec.rows[i].cls, KVP_REC_ARITHMETIC);
				/* 4.1425 GiB = 4,447,975,505.92 B and
				 * 4.1815 GiB = 4,489,851,437.06 B, within a few bytes
				 * of integer rounding of each input */
				ck_assert_uint_le(rec.rows[i].computed_lo, 4447975505ull + 8);
				ck_assert_uint_ge(rec.rows[i].computed_lo, 4447975505ull - 8);
				ck_assert_uint_le(rec.rows[i].computed_hi, 4489851437ull + 8);
				ck_assert_uint_ge(rec.rows[i].computed_hi, 4489851437ull - 8);
				ck_assert(rec.rows[i].match == (k == 0));
				seen++;
			}
		ck_assert_uint_eq(seen, 1);
		ck_assert_uint_eq(rec.n_arithmetic_mismatch, (unsigned)k);
	}
}
END_TEST

/* SGLang (sglang-qwq32b-tp4): QwQ-32B, 64 layers, 8 KV heads of 128, bf16,
 * tp 4 -> 2 heads per rank: K per token = 64 x 2 x 128 x 2 = 32,768 B;
 * 46,611 tokens x 32,768 = 1,527,349,248 B = 1.4224 GiB, printed 1.42 GB
 * (GiB): within 0.005 GiB. TRT-LLM (trtllm-1188): Qwen2.5-Coder-0.5B, 24
 * layers, 2 KV heads of 64, fp16: K+V per token = 24 x 2 x 64 x 2 x 2 =
 * 12,288 B; 395,776 x 12,288 = 4,863,295,488 B = 4.529 GiB, printed 4.53;
 * 395,776 = 6,184 blocks of 64. */
static void pool_case(const char *id, enum kvp_engine_kind e, uint32_t layers,
                      uint32_t kvh, uint32_t dim, uint32_t tp)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	cJSON *root = load_json(REF "engine-logs.json");
	const cJSON *c, *l;
	struct kvp_error err;
	uint32_t i, arith = 0;

	kvp_plan_default(&plan);
	plan.model.n_layers = layers;
	plan.model.base.kv_heads = kvh;
	plan.model.base.k_dim = plan.model.base.v_dim = dim;
	plan.model.q_heads = kvh * 4;
	plan.engine.kind = e;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	kvp_log_init(&log);
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "cases"))
		if (!strcmp(cJSON_GetObjectItemCaseSensitive(c, "id")->valuestring, id))
			cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(c, "printed_lines"))
				kvp_log_feed_line(&log, l->valuestring, strlen(l->valuestring));
	kvp_log_finish(&log);
	ck_assert_int_eq(log.engine, e);
	ck_assert_int_eq(kvp_reconcile(&plan, &res, e, log.obs, log.n_obs, tp, 0,
	                               &rec, &err), KVP_OK);
	for (i = 0; i < rec.n_rows; i++)
		if (rec.rows[i].cls == KVP_REC_ARITHMETIC) {
			ck_assert_msg(rec.rows[i].match, "%s: %s", id, rec.rows[i].figure);
			arith++;
		}
	ck_assert_uint_ge(arith, 1);
	cJSON_Delete(root);
}

START_TEST(test_sglang_pool)
{
	pool_case("sglang-qwq32b-tp4", KVP_ENGINE_SGLANG, 64, 8, 128, 4);
}
END_TEST

START_TEST(test_trtllm_pool)
{
	pool_case("trtllm-1188-qwen25-coder-0.5b", KVP_ENGINE_TRTLLM, 24, 2, 64, 1);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("reconcile");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_llamacpp_cases_reconcile);
	tcase_add_test(tc, test_mismatch_found);
	tcase_add_test(tc, test_several_devices);
	tcase_add_test(tc, test_vllm_blocks_from_observed_budget);
	tcase_add_test(tc, test_vllm_v1_tokens_from_budget);
	tcase_add_test(tc, test_vllm_profile_budget);
	tcase_add_test(tc, test_sglang_pool);
	tcase_add_test(tc, test_trtllm_pool);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
