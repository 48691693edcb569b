/*
 * test_engine_vllm.c - the vLLM V1 profile (src/core/engines/vllm/engine_vllm.c):
 * the engine-log cases of tests/reference/cases/engine-logs.json
 * (read at run time: the Llama-3.1-8B 1952-block log to its printed
 * rounding, the DeepSeek-V2-Lite MLA refusal with its GiB figures), model
 * shapes from tests/reference/models.json through the real importer,
 * and hand-worked rules (heads per rank, hybrid groups and padding, PP
 * stages, budget, prefix caching, max_model_len search).
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/import.h"
#include "kvplan/layers.h"
#include "kvplan/units.h"

#include "core/engines/vllm/vllm_profile.h"
#include "engine_ref.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void add_rule(struct kvp_model *m, const char *text)
{
	struct kvp_error err;

	ck_assert_uint_lt(m->n_rules, KVP_MAX_RULES);
	ck_assert_msg(kvp_rule_parse(text, &m->rules[m->n_rules], &err) == KVP_OK,
	              "%s: %s", text, err.msg);
	m->n_rules++;
}

/* The default plan with a model imported from models.json. */
static void plan_with_model(const char *model_id_prefix)
{
	cJSON *root = ref_load("models.json");
	const cJSON *it, *cfg = NULL;
	struct kvp_notes notes;
	struct kvp_error err;
	char *text;

	cJSON_ArrayForEach(it, root) {
		const char *id = ref_str(it, "model_id");

		if (!strncmp(id, model_id_prefix, strlen(model_id_prefix)))
			cfg = cJSON_GetObjectItemCaseSensitive(it, "config");
	}
	ck_assert_msg(cfg != NULL, "models.json has no %s", model_id_prefix);
	text = cJSON_PrintUnformatted(cfg);
	kvp_plan_default(&plan);
	memset(&notes, 0, sizeof notes);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), model_id_prefix,
	                                 &plan.model, &notes, &err) == KVP_OK,
	              "%s", err.msg);
	free(text);
	cJSON_Delete(root);
	plan.engine.kind = KVP_ENGINE_VLLM;
}

/* "name=23.58GiB" in a log line, as bytes of the value +/- half a unit
 * of the last printed digit (2 decimals). */
static uint64_t gib_at(const char *line, const char *key, int side)
{
	double v = ref_after(line, key) + side * 0.005;

	return (uint64_t)llround(v * (double)KVP_GIB);
}

START_TEST(v0_log_1952_blocks)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "vllm-10517-llama31-8b-20k");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "settings");
	const cJSON *pl = cJSON_GetObjectItemCaseSensitive(c, "printed_lines");
	const char *prof = ref_line(pl, "Memory profiling results");
	uint64_t printed_blocks = (uint64_t)ref_after(ref_line(pl, "GPU blocks:"), "GPU blocks: ");
	double printed_conc = ref_after(ref_line(pl, "Maximum concurrency"), "per request: ");
	uint64_t lo = UINT64_MAX, hi = 0, weights;
	int side;
	char want[64];

	plan_with_model("meta-llama/Llama-3.1-8B");
	plan.engine.vllm.max_model_len = ref_u64(s, "max_model_len");
	plan.engine.vllm.block_size = (uint32_t)ref_u64(s, "block_size");
	plan.engine.vllm.gpu_memory_utilization =
		(uint32_t)llround(ref_num(s, "gpu_memory_utilization") * 1e6);
	ck_assert_uint_eq(ref_u64(s, "tensor_parallel_size"), 1);
	/* the weights the weight stage counts for this model */
	plan.devices.activations_bytes = 1;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	weights = res.weights.bytes;

	/* V0: budget = total x util - (peak torch + non-torch): with each
	 * printed input at either end of its rounding interval, the printed
	 * block count must lie between the extremes. */
	for (side = -1; side <= 1; side += 2) {
		uint64_t total = gib_at(prof, "total_gpu_memory=", side);
		uint64_t peak = gib_at(prof, "peak_torch_memory=", -side);
		uint64_t non_torch = gib_at(prof, "non_torch_memory=", -side);

		/* the log's total is what the runtime reports */
		plan.devices.groups[0].card.capacity_bytes = total;
		plan.devices.groups[0].card.runtime_total_bytes = total;
		/* the peak holds the weights and vLLM's rotary table,
		 * loaded with them (131,072 positions x 128 x 2 B =
		 * 33,554,432), which kvplan subtracts as its own term */
		ck_assert_uint_gt(peak, weights + 33554432ull);
		plan.devices.activations_bytes = peak - weights - 33554432ull;
		plan.devices.n_overheads = 1;
		strcpy(plan.devices.overheads[0].name, "non_torch");
		plan.devices.overheads[0].bytes = non_torch;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
		if (res.engine.blocks < lo)
			lo = res.engine.blocks;
		if (res.engine.blocks > hi)
			hi = res.engine.blocks;
	}
	ck_assert_msg(lo <= printed_blocks && printed_blocks <= hi,
	              "printed %llu blocks outside [%llu, %llu]",
	              (unsigned long long)printed_blocks, (unsigned long long)lo,
	              (unsigned long long)hi);
	ck_assert_uint_lt(hi - lo, 20);   /* the interval is narrow */

	/* With exactly the printed blocks (2 MiB each: 16 tokens x 32 layers
	 * x 8 heads x 128 x 2 B x 2), the printed concurrency:
	 * blocks / ceil(20000 / 16) */
	plan.engine.vllm.kv_cache_memory_bytes = printed_blocks * 2097152ull;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, printed_blocks);
	ck_assert_uint_eq(res.engine.page_bytes * 1, 2097152ull);
	snprintf(want, sizeof want, "%.2f", printed_conc);
	{
		char got[32];

		snprintf(got, sizeof got, "%llu.%02llu",
		         (unsigned long long)(res.engine.concurrency_x100 / 100),
		         (unsigned long long)(res.engine.concurrency_x100 % 100));
		ck_assert_str_eq(got, want);
		ck_assert_ptr_nonnull(strstr(res.engine.lines[1], got));
	}
	ck_assert_uint_eq(res.engine.tokens, printed_blocks * 16);
	cJSON_Delete(root);
}
END_TEST

START_TEST(v1_mla_refusal_deepseek_v2_lite)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "vllm-15871-deepseek-v2-lite-mla");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "settings");
	const char *line = ref_line(cJSON_GetObjectItemCaseSensitive(c, "printed_lines"),
	                            "KV cache is needed");
	char needed[64], avail[64];
	const char *p1, *p2;

	plan_with_model("deepseek-ai/DeepSeek-V2-Lite");
	ck_assert_int_eq(plan.model.base.kind, KVP_LAYER_MLA);
	/* the log's release: 0.8.3.dev (before the null block of 0.25.0) */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.8.3");
	plan.engine.vllm.max_model_len = ref_u64(s, "max_model_len");
	/* the available memory as printed ("... memory (0.93 GiB)") */
	p1 = strstr(line, "memory (");
	ck_assert_ptr_nonnull(p1);
	plan.engine.vllm.kv_cache_memory_bytes =
		(uint64_t)llround(strtod(p1 + 8, NULL) * (double)KVP_GIB);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	/* "(0.95 GiB KV cache is needed" and "(0.93 GiB)" as printed */
	p2 = strstr(line, "(");
	ck_assert_ptr_nonnull(p2);
	snprintf(needed, sizeof needed, "%.*s", (int)(strstr(p2, " KV cache") - p2), p2);
	snprintf(avail, sizeof avail, "%.*s", (int)(strchr(p1 + 7, ')') - p1 + 1), p1);
	ck_assert_msg(strstr(res.error.msg, needed), "%s lacks %s", res.error.msg, needed);
	ck_assert_msg(strstr(res.error.msg, avail), "%s lacks %s", res.error.msg, avail);
	/* budget round(0.93 x 2^30) = 998,579,896 B; a block = 16 tokens x 27
	 * layers x 576 x 2 B = 497,664 B; 2,006 blocks fit (998,313,984),
	 * 2,007 do not (998,811,648): 2,006 x 16 = 32,096 tokens */
	ck_assert_ptr_nonnull(strstr(res.error.msg,
		"estimated maximum model length is 32096"));
	cJSON_Delete(root);
}
END_TEST

START_TEST(heads_per_rank_and_replication)
{
	/* default model: 40 layers, 8 KV heads x 128, f16 */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	/* page 16 x 8 x (128 + 128) x 2 = 65,536 B; 2^30 / 65,536 / 40 = 409 */
	ck_assert_uint_eq(res.engine.blocks, 409);
	ck_assert_uint_eq(res.engine.tokens, 409 * 16);
	ck_assert_ptr_nonnull(strstr(res.engine.lines[0], "GPU KV cache size: 6,544 tokens"));
	/* 409 / ceil(4096 / 16) = 1.597 -> 1.60 */
	ck_assert_uint_eq(res.engine.concurrency_x100, 160);
	/* tp 2: 4 heads per rank, page 32,768: 2^30 / 32,768 / 40 = 819 */
	plan.engine.vllm.tensor_parallel_size = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 819);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->spec.kv_heads, 4);
	/* tp 16 > 8 heads: max(1, 8 // 16) = 1 head, replicated; page 8,192:
	 * 2^30 / 8,192 / 40 = 3,276. 64 query heads: vLLM refuses 40
	 * over 16 ranks ("must be divisible by tensor parallel size"). */
	plan.model.q_heads = 64;
	plan.engine.vllm.tensor_parallel_size = 16;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 3276);
	/* whole cache: 3,276 x 8,192 x 40 layers x 16 ranks */
	ck_assert_uint_eq(res.kv.bytes, 3276ull * 8192 * 40 * 16);
	/* the letters are one rank's and multiply to the figure shown:
	 * 2 x 40 layers x 1 head x 128 x 2 B x 16 ranks = 327,680 B */
	ck_assert(res.kv.uniform);
	ck_assert_uint_eq(res.kv.layers_with_kv, 40);
	ck_assert_uint_eq(res.kv.kv_heads, 1);
	ck_assert_uint_eq(res.kv.ranks, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 327680);
	ck_assert_uint_eq(2ull * res.kv.layers_with_kv * res.kv.kv_heads *
	                  res.kv.k_dim * 2 * res.kv.ranks, res.kv.bytes_per_position);
	/* per sequence from vLLM's blocks: the default class holds 4,096
	 * tokens = 256 blocks of 16; 256 x 16 x 20,480 B (one rank, all
	 * layers, one position: 2 x 40 x 128 x 2) x 16 ranks = 1,342,177,280 */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 1342177280ull);
	/* devices.tp disagreeing with the engine's option is named */
	plan.devices.tp = 4;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.vllm.tensor_parallel_size: 16"));
}
END_TEST

START_TEST(mla_replicated_on_every_rank)
{
	/* 10 MLA layers, rank 512 + rope 64, f16: page 16 x 576 x 2 =
	 * 18,432 B whatever tp; 2^30 / 18,432 / 10 = 5,825 */
	kvp_plan_default(&plan);
	plan.model.n_layers = 10;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.tensor_parallel_size = 8;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 5825);
	ck_assert_uint_eq(res.kv.v_bytes, 0);
	/* latent replicated: 10 layers x 1 x 576 x 2 B x 8 ranks = 92,160 */
	ck_assert_uint_eq(res.kv.kv_heads, 1);
	ck_assert_uint_eq(res.kv.ranks, 8);
	ck_assert_uint_eq(res.kv.bytes_per_position, 92160);
	/* one sequence of 4,096 tokens (256 blocks): 4,096 x 92,160 */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 377487360ull);
}
END_TEST

/*
 * DeepSeek-V3.2's DSA (vLLM >= 0.11.0, PR #25896; vl_layers.c vl_dsa):
 * 61 MLA layers of rank 512 + rope 64, indexer head dim 128, tp 8,
 * kv_cache_memory_bytes 10 GiB = 10,737,418,240 B. Block size forced to
 * 64 (FlashMLASparse). Per token per layer per rank:
 *   bf16: latent 576 x 2 = 1,152 + indexer 128 + 128 // 128 x 4 = 132
 *         = 1,284 B; block page 64 x 1,284 x 61 = 5,012,736 B;
 *         10,737,418,240 // 5,012,736 = 2,142 blocks (5,012,736 x 2,142 =
 *         10,737,280,512), 137,088 tokens; indexer 2,142 x 64 x 132 x 61
 *         layers x 8 ranks = 8,830,660,608 B.
 *   fp8 (fp8_ds_mla): 656 + 132 = 788 B; page 64 x 788 x 61 = 3,076,352;
 *         10,737,418,240 // 3,076,352 = 3,490 blocks, 223,360 tokens.
 */
static void dsv32_plan(void)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 61;
	plan.model.q_heads = 128;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.indexer.head_dim = 128;
	plan.model.indexer.dtype = KVP_DT_BF16;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 10737418240ull;
	plan.engine.vllm.tensor_parallel_size = 8;
	plan.engine.vllm.max_model_len = 32768;
}

START_TEST(dsa_indexer_v32)
{
	dsv32_plan();
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 64);
	ck_assert_uint_eq(res.engine.blocks, 2142);
	ck_assert_uint_eq(res.engine.tokens, 137088);
	ck_assert_uint_eq(res.kv.bytes_per_position, 61ull * 1284 * 8);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->index_row_bytes, 132);
	ck_assert_uint_eq(res.kv.index_bytes, 8830660608ull);
	/* fp8 is vLLM's fp8_ds_mla: 656 B of latent */
	dsv32_plan();
	plan.engine.vllm.kv_cache_dtype_auto = false;
	plan.engine.vllm.kv_cache_dtype = KVP_DT_FP8;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 3490);
	ck_assert_uint_eq(res.engine.tokens, 223360);
	ck_assert_uint_eq(res.kv.bytes_per_position, 61ull * 788 * 8);
	/* fp8_ds_mla is fixed at a 512 + 64 latent: another is refused */
	plan.model.mla.kv_lora_rank = 256;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "model.mla.kv_lora_rank: 256"));
	/* before 0.11.0 vLLM has no DSA model */
	dsv32_plan();
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.10.2");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "from 0.11.0 on"));
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.11.0");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 2142);
}
END_TEST

/*
 * IndexCache (GLM-5.2: index_topk_freq 4, index_skip_topk_offset 3; vLLM
 * deepseek_v2.py @002d6073 builds the Indexer, and its
 * DeepseekV32IndexerCache, only where max(i - 2, 0) % 4 == 0): 78 MLA
 * layers, 21 of them (0, 1, 2, 6 ... 74) with indexer keys. bf16, tp 8,
 * 10 GiB, block 64. One group of one type whose pages differ
 * (MLAAttentionSpec both): per block per rank 78 x 64 x 1,152 =
 * 5,750,784 + 21 x 64 x 132 = 177,408: 5,928,192 B; 10,737,418,240 //
 * 5,928,192 = 1,811 blocks (x 5,928,192 = 10,735,955,712), 115,904
 * tokens. Per position (78 x 1,152 + 21 x 132) x 8 ranks = 741,024;
 * indexer 1,811 x 64 x 132 x 21 x 8 = 2,570,287,104 B. Layer 3 holds
 * none, layer 6 its 132 B. An MTP layer always builds its indexer
 * (is_mtp_layer): under --speculative-method mtp one more page of 64 x
 * (1,152 + 132) = 82,176 B, 6,010,368 a block: 1,786 blocks (x 6,010,368
 * = 10,734,517,248); the latent alone would give 1,787. A named release
 * is refused: before the rule read here vLLM built it under
 * use_index_cache only.
 */
START_TEST(dsa_index_cache)
{
	dsv32_plan();
	plan.model.n_layers = 78;
	plan.model.indexer.topk_freq = 4;
	plan.model.indexer.skip_offset = 3;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 1811);
	ck_assert_uint_eq(res.engine.tokens, 115904);
	ck_assert_uint_eq(res.kv.bytes_per_position, 741024);
	ck_assert_uint_eq(res.kv.index_bytes, 2570287104ull);
	ck_assert_uint_eq(kvp_layer_rec(&res, 3)->index_bytes, 0);
	ck_assert_uint_eq(kvp_layer_rec(&res, 6)->index_row_bytes, 132);
	plan.model.arch.mtp_layers = 1;
	plan.engine.vllm.speculative_method = KVP_SPEC_MTP;
	plan.engine.vllm.num_speculative_tokens = 1;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 1786);
	plan.model.arch.mtp_layers = 0;
	plan.engine.vllm.speculative_method = KVP_SPEC_NONE;
	plan.engine.vllm.num_speculative_tokens = 0;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.25.0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "IndexCache") != NULL, "%s",
	              res.error.msg);
}
END_TEST

START_TEST(hybrid_groups_and_padding)
{
	/* gpt-oss-like: 24 layers alternating sliding (W 128) and full, 8 KV
	 * heads x 64, f16. Page 16 x 8 x 128 x 2 = 32,768 B. 12 + 12 layers:
	 * one group size 12, 2 groups, no padding. 1 GiB: 2^30 / 32,768 / 12
	 * = 2,730 blocks; tokens 2,730 // 2 x 16 = 21,840. max_model_len
	 * 8,192: full 512 blocks, sliding ceil(min(127 + 8,192, 8,192) / 16)
	 * + 1 = 513; 2,730 / 1,025 = 2.663 -> 2.66x */
	kvp_plan_default(&plan);
	plan.model.n_layers = 24;
	plan.model.base.k_dim = plan.model.base.v_dim = 64;
	add_rule(&plan.model, "0-22/2:kind=sliding,window=128");
	plan.engine.kind = KVP_ENGINE_VLLM;
	/* worked with the capacity figure of releases before 0.22.0
	 * (kvplan/era.h); test_engine_ported.c has the current one */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.max_model_len = 8192;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 2730);
	ck_assert_uint_eq(res.engine.tokens, 21840);
	ck_assert_uint_eq(res.engine.concurrency_x100, 266);
	ck_assert_ptr_nonnull(strstr(res.engine.lines[0], "GPU KV cache size: 21,840 tokens"));
	/* the pool fills the budget: 2,730 x 32,768 x 12 = 1,073,479,680 */
	ck_assert_uint_eq(res.kv.bytes, 1073479680ull);

	/* 25 layers: 12 sliding + 13 full; 13 < 1.5 x 12 -> groups of 13, 2
	 * groups, 1 padding layer for the 12 sliding ones (vLLM: 1 / 12 =
	 * 8.33%); 2^30 / 32,768 / 13 = 2,520 */
	plan.model.n_layers = 25;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 2520);
	ck_assert_str_eq(res.engine.lines[0],
	                 "Add 1 padding layers, may waste at most 8.33% KV cache memory");
	/* Gemma-3-like 5:1, 24 layers: 20 sliding + 4 full -> groups of 4,
	 * 5 + 1 = 6 groups, no padding; 2^30 / 32,768 / 4 = 8,192 blocks;
	 * tokens 8,192 // 6 x 16 = 21,840 */
	plan.model.n_layers = 24;
	plan.model.n_rules = 0;
	add_rule(&plan.model, "all:kind=sliding,window=128");
	add_rule(&plan.model, "5-23/6:kind=full");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 8192);
	ck_assert_uint_eq(res.engine.tokens, 21840);
	ck_assert_str_eq(res.engine.lines[0], "GPU KV cache size: 21,840 tokens");
	plan.model.n_layers = 25;
	plan.model.n_rules = 0;
	add_rule(&plan.model, "0-22/2:kind=sliding,window=128");

	/* hybrid manager off: sliding sized as full, one group of 25:
	 * 2^30 / 32,768 / 25 = 1,310 */
	plan.engine.vllm.disable_hybrid_kv_cache_manager = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 1310);
}
END_TEST

START_TEST(one_type_different_pages)
{
	/* all full attention, layers 0-9 with 4 KV heads, 30 with 8 (x 128,
	 * f16): pages 16 x 4 x 256 x 2 = 32,768 and 65,536 B; vLLM keeps one
	 * group (UniformTypeKVCacheSpecs): num_blocks = 2^30 // (10 x 32,768
	 * + 30 x 65,536 = 2,293,760) = 468; each layer page x 468 */
	kvp_plan_default(&plan);
	add_rule(&plan.model, "0-9:kv_heads=4");
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 468);
	ck_assert_uint_eq(res.engine.tokens, 468 * 16);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 468ull * 32768);
	ck_assert_uint_eq(kvp_layer_rec(&res, 39)->bytes, 468ull * 65536);
	ck_assert_uint_eq(res.kv.bytes, 468ull * 2293760);
	/* 468 / ceil(4096 / 16) = 1.828 -> 1.83x */
	ck_assert_uint_eq(res.engine.concurrency_x100, 183);
}
END_TEST

START_TEST(mamba_hybrid_pages)
{
	/* 4 layers: 0-2 Mamba with 1,000,000 B of state, 3 full attention
	 * (8 x 128, f16: 4,096 B per token). Attention block = 16 x
	 * ceil(1,000,000 / (16 x 4,096)) = 16 x 16 = 256 tokens; page
	 * 256 x 4,096 = 1,048,576 B, the state padded to it (+4.86%).
	 * 1 full + 3 Mamba: 3 >= 1.5 x 1 -> groups of 1, 4 groups.
	 * 1 GiB: 2^30 / 1,048,576 / 1 = 1,024 blocks; tokens 1,024 // 4 x
	 * 256 = 65,536. One 4,096-token request: 16 + 3 x 1 = 19 blocks;
	 * 1,024 / 19 = 53.89x */
	kvp_plan_default(&plan);
	plan.model.n_layers = 4;
	add_rule(&plan.model, "0-2:kind=none,state_bytes=1000000");
	plan.engine.kind = KVP_ENGINE_VLLM;
	/* the capacity figure before 0.22.0 (kvplan/era.h) */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 256);
	ck_assert_uint_eq(res.engine.blocks, 1024);
	ck_assert_uint_eq(res.engine.tokens, 65536);
	ck_assert_uint_eq(res.engine.concurrency_x100, 5389);
	ck_assert_str_eq(res.engine.lines[0], "Setting attention block size to 256 tokens "
	                 "to ensure that attention page size is >= mamba page size.");
	ck_assert_str_eq(res.engine.lines[1], "Padding mamba page size by 4.86% to ensure "
	                 "that mamba page size and attention page size are exactly equal.");
}
END_TEST

/*
 * Recurrent state in vLLM's formats (vl_layers.c vl_state, mamba_utils.py
 * _mamba_state_dtype): the Qwen3-Next shape - 48 layers, full attention
 * every 4th (12 layers, 2 KV heads of 256, bf16: 2 x 2 x 256 x 2 = 2,048
 * B per token), 36 gated-DeltaNet layers of 24,576 conv and 524,288 SSM
 * values (model.recur, llama.cpp's f32 for the generic engine).
 *   auto/auto, model bf16: 24,576 x 2 + 524,288 x 2 = 1,097,728 B;
 *     block 16 x ceil(1,097,728 / (16 x 2,048)) = 16 x 34 = 544;
 *     page 544 x 2,048 = 1,114,112; 12 full + 36 Mamba: groups of 12,
 *     4 groups; 2^32 / (1,114,112 x 12 = 13,369,344) = 321 blocks;
 *     tokens reported (>= 0.22.0): a 32,768-token request takes
 *     ceil(32,768 / 544) = 61 + 3 Mamba groups x 1 = 64 blocks,
 *     int(321 / 64 x 32,768) = 164,352; before, 321 // 4 x 544 = 43,520.
 *   --mamba-ssm-cache-dtype float32: 49,152 + 2,097,152 = 2,146,304 B;
 *     block 16 x 66 = 1,056; page x 12 = 25,952,256; 165 blocks (what
 *     llama.cpp's f32 gave before).
 *   a config's own SSM format (model.recur.vllm_ssm_dtype float16, as
 *     NemotronH's default) is taken under auto: the same as bf16 here.
 */
static void gdn_plan(void)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 48;
	plan.model.base.kv_heads = 2;
	plan.model.base.k_dim = plan.model.base.v_dim = 256;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	add_rule(&plan.model, "0-46/4:kind=none");
	add_rule(&plan.model, "1-46/4:kind=none");
	add_rule(&plan.model, "2-46/4:kind=none");
	plan.model.recur.conv_values = 24576;
	plan.model.recur.ssm_values = 524288;
	plan.model.recur.conv_dtype = plan.model.recur.ssm_dtype = KVP_DT_F32;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	plan.engine.vllm.max_model_len = 32768;
}

START_TEST(mamba_state_formats)
{
	gdn_plan();
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_int_eq(kvp_layer_rec(&res, 3)->spec.kind, KVP_LAYER_FULL);
	ck_assert_int_eq(kvp_layer_rec(&res, 0)->spec.kind, KVP_LAYER_NONE);
	ck_assert_uint_eq(res.engine.block_size, 544);
	ck_assert_uint_eq(res.engine.page_bytes, 13369344);
	ck_assert_uint_eq(res.engine.blocks, 321);
	ck_assert_uint_eq(res.engine.tokens, 164352);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.tokens, 43520);
	gdn_plan();
	plan.engine.vllm.mamba_ssm_cache_dtype = KVP_MAMBA_F32;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 1056);
	ck_assert_uint_eq(res.engine.blocks, 165);
	gdn_plan();
	plan.model.recur.vllm_ssm_dtype = KVP_MAMBA_F16;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 544);
	/* the flag wins over the config's format */
	plan.engine.vllm.mamba_ssm_cache_dtype = KVP_MAMBA_F32;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.block_size, 1056);
	/* auto takes the model's dtype: an fp8 model format is not one */
	gdn_plan();
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_FP8);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.vllm.mamba_cache_dtype: auto"));
	plan.engine.vllm.mamba_cache_dtype = KVP_MAMBA_BF16;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}
END_TEST

START_TEST(pipeline_stages_take_the_minimum)
{
	/* 40 layers, pp 3: vLLM splits 13, 14, 13 (the extra layer to the
	 * stage before the last). Page 65,536 B; 2^30 / 65,536 = 16,384;
	 * / 14 = 1,170 (the minimum), / 13 = 1,260. */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.pipeline_parallel_size = 3;
	plan.devices.pp = 3;              /* three cards, one per stage */
	plan.devices.groups[0].count = 3;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 1170);
	/* an explicit split of 20 + 10 + 10: 16,384 / 20 = 819 */
	plan.devices.pp_layers[0] = 20;
	plan.devices.pp_layers[1] = 10;
	plan.devices.pp_layers[2] = 10;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 819);
}
END_TEST

/* Settings left 0 take vLLM's defaults for the release and card
 * (vllm/config/cache.py; vllm/engine/arg_utils.py get_batch_defaults, the
 * API server's usage context). */
START_TEST(defaults_by_release_and_card)
{
	struct kvp_vllm_sched d;
	struct kvp_card *card = &plan.devices.groups[0].card;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	/* the default card, an H100 (79.19 GiB to the runtime): 1,024 and
	 * 8,192; the current release's utilization 0.92 */
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.util_ppm, 920000);
	ck_assert_uint_eq(d.max_num_seqs, 1024);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
	/* 0.19.0: 0.9, as every llm-d-planner 0.19 log prints */
	strcpy(plan.engine.version, "0.19.0");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.util_ppm, 900000);
	ck_assert_uint_eq(d.max_num_seqs, 1024);
	/* an A100 80GB: the small pair from 0.9.0, the large one before */
	strcpy(card->name, "A100-80GB");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 256);
	ck_assert_uint_eq(d.max_num_batched_tokens, 2048);
	strcpy(plan.engine.version, "0.8.5");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 1024);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
	/* a card under 70 GiB to the runtime (an L40S, 48 GB): small */
	strcpy(plan.engine.version, "0.19.0");
	strcpy(card->name, "L40S");
	card->capacity_bytes = 48ull * 1000000000ull;
	card->runtime_total_bytes = 0;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 256);
	ck_assert_uint_eq(d.max_num_batched_tokens, 2048);
	/* V0 (0.6.4): 256 sequences, one prompt of max(max_model_len, 2,048)
	 * tokens a step */
	strcpy(plan.engine.version, "0.6.4");
	plan.engine.vllm.max_model_len = 20000;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 256);
	ck_assert_uint_eq(d.max_num_batched_tokens, 20000);
	ck_assert_uint_eq(d.util_ppm, 900000);
	/* given settings stay as given */
	plan.engine.vllm.max_num_seqs = 7;
	plan.engine.vllm.max_num_batched_tokens = 333;
	plan.engine.vllm.gpu_memory_utilization = 500000;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 7);
	ck_assert_uint_eq(d.max_num_batched_tokens, 333);
	ck_assert_uint_eq(d.util_ppm, 500000);
	/* and they reach the pool's admission cap */
	plan.engine.vllm.max_model_len = 4096;
	plan.engine.vllm.gpu_memory_utilization = 0;
	plan.engine.version[0] = '\0';
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.max_requests, 7);
	plan.engine.vllm.max_num_seqs = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.max_requests, 256);   /* the L40S */
}
END_TEST

/*
 * vLLM PR #51726 (0.28.0, vllm/engine/arg_utils.py get_batch_defaults):
 * on a device of 160 GiB or more the API server batches 16,384 tokens,
 * 8,192 before. The device memory is get_device_total_memory(): NVML's
 * total on CUDA (nvidia-smi's), torch's total_memory on ROCm.
 *   B200: nvidia-smi 183,359 MiB = 179.06 GiB >= 160 (torch 178.35)
 *   MI300X: 206,141,652,992 B = 191.98 GiB >= 160 (vLLM issue #53961)
 *   H200: nvidia-smi 143,771 MiB = 140.40 GiB < 160: stays 8,192
 * Llama-3.1-8B's V1 profile peak on one card (vllm_profile.c): the
 * dummy sampler run over min(1,024, T) = 1,024 sequences, 1,024 x
 * 128,256 x (2 + 13) = 1,969,930,240 B, beside the retained hidden
 * states T x 4,096 x 2: 67,108,864 B at T = 8,192, 134,217,728 at
 * 16,384 (the forward of T tokens stays below both). The 0.28.0 pool is
 * the 0.27.1 one less the 67,108,864 B the peak gained, to the block
 * (16 x 131,072 B = 2 MiB, which divides it).
 */
START_TEST(large_tier_from_0_28)
{
	struct kvp_card *card = &plan.devices.groups[0].card;
	struct kvp_vllm_sched d;
	uint64_t samp = 1024ull * 128256 * 15, kv27, act27;

	plan_with_model("meta-llama/Llama-3.1-8B");
	strcpy(card->name, "B200-180GB");
	card->capacity_bytes = 183359ull << 20;
	card->runtime_total_bytes = 191497240576ull;
	plan.engine.vllm.max_model_len = 8192;
	strcpy(plan.engine.version, "0.27.1");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
	ck_assert_uint_eq(d.max_num_seqs, 1024);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	act27 = res.devices[0].activations_bytes;
	kv27 = res.devices[0].kv_bytes;
	ck_assert_uint_eq(act27, samp + 8192ull * 4096 * 2);
	strcpy(plan.engine.version, "0.28.0");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 16384);
	ck_assert_uint_eq(d.max_num_seqs, 1024);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.devices[0].activations_bytes,
	                  samp + 16384ull * 4096 * 2);
	ck_assert_uint_eq(res.devices[0].activations_bytes - act27, 67108864ull);
	ck_assert_uint_eq(kv27 - res.devices[0].kv_bytes, 67108864ull);
	/* the current release has it too */
	plan.engine.version[0] = '\0';
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 16384);
	/* an H200 stays in the 70 GiB tier at 0.28.0 */
	strcpy(plan.engine.version, "0.28.0");
	strcpy(card->name, "H200-141GB");
	card->capacity_bytes = 143771ull << 20;
	card->runtime_total_bytes = 150104702976ull;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
	/* MI300X: in the tier (ROCm alike: PR #54043 not merged) */
	strcpy(card->name, "MI300X-192GB");
	card->capacity_bytes = 206141652992ull;
	card->runtime_total_bytes = 205562839040ull;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 16384);
	/* the tier tests the driver total, as vLLM does: a card whose
	 * runtime total is under 160 GiB and whose driver total is not is
	 * in it (160 GiB + 1 MiB; the runtime figure 2 GiB less) */
	card->capacity_bytes = 160ull * KVP_GIB + (1ull << 20);
	card->runtime_total_bytes = 158ull * KVP_GIB;
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 16384);
	card->capacity_bytes = 160ull * KVP_GIB - (1ull << 20);
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
	/* V0 has no tiers: 256 and max(max_model_len, 2,048) */
	card->capacity_bytes = 206141652992ull;
	strcpy(plan.engine.version, "0.7.3");
	kvp_vllm_defaults(&plan, &d);
	ck_assert_uint_eq(d.max_num_seqs, 256);
	ck_assert_uint_eq(d.max_num_batched_tokens, 8192);
}
END_TEST

START_TEST(budget_from_the_card)
{
	uint64_t cap, req, want;

	kvp_plan_default(&plan);
	plan.devices.groups[0].card.capacity_bytes = 81559ull * 1048576ull;
	plan.devices.groups[0].card.runtime_total_bytes = 81559ull * 1048576ull;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.gpu_memory_utilization = 900000;
	plan.devices.activations_bytes = 2ull << 30;
	plan.devices.n_overheads = 1;
	strcpy(plan.devices.overheads[0].name, "non_torch");
	plan.devices.overheads[0].bytes = 1ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	/* budget = ceil(runtime total x 0.9) - weights - 2 GiB - 1 GiB (an
	 * overhead entry of the plan's own is kept), with the weights the
	 * weight stage counted; 81,559 x 1,048,576 = 85,520,809,984; x 0.9 =
	 * 76,968,728,985.6 -> 76,968,728,986; less vLLM's rotary table of
	 * the default model, 4,096 positions x 128 x 2 B = 1,048,576 */
	cap = 81559ull * 1048576ull;
	ck_assert_uint_eq(cap, 85520809984ull);
	req = 76968728986ull;
	want = req - res.weights.bytes - (3ull << 30) - 1048576ull;
	ck_assert_uint_eq(res.engine.budget_bytes, want);
	ck_assert_uint_eq(res.engine.blocks, want / 65536 / 40);
	/* no runtime total: the estimate capacity - capacity / 32 =
	 * 85,520,809,984 - 2,672,525,312 = 82,848,284,672; x 0.9 =
	 * 74,563,456,204.8 -> 74,563,456,205 */
	plan.devices.groups[0].card.runtime_total_bytes = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes,
	                  74563456205ull - res.weights.bytes - (3ull << 30) -
	                  1048576ull);
	/* a runtime total below the estimate belongs to another capacity
	 * (one given by hand): the estimate again */
	plan.devices.groups[0].card.runtime_total_bytes = cap / 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes,
	                  74563456205ull - res.weights.bytes - (3ull << 30) -
	                  1048576ull);
	plan.devices.groups[0].card.runtime_total_bytes = 0;
	/* a card whose capacity is what CUDA allocates: taken as it is */
	plan.devices.groups[0].card.allocatable = true;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes, want);
	plan.devices.groups[0].card.allocatable = false;
	plan.devices.groups[0].card.runtime_total_bytes = cap;
	/* no card: only kv_cache_memory_bytes works */
	plan.devices.n_groups = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices"));
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 409);
}
END_TEST

START_TEST(workload_fit_and_prefix_caching)
{
	/* 1,000 blocks: budget 1,000 x 65,536 x 40 = 2,621,440,000 B.
	 * Requests of 3,072 + 1,024 tokens: 256 blocks each -> 3 of 6 fit. */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 2621440000ull;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 1000);
	ck_assert_uint_eq(res.engine.workload_fit, 3);
	ck_assert_uint_eq(res.engine.mix_fit, 3);
	/* 10,000 blocks (26,214,400,000 B): all 6 fit, and the mix scaled
	 * up: floor(10,000 / 256) = 39 requests, not capped at 6 */
	plan.engine.vllm.kv_cache_memory_bytes = 26214400000ull;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 10000);
	ck_assert_uint_eq(res.engine.workload_fit, 6);
	ck_assert_uint_eq(res.engine.mix_fit, 39);
	ck_assert_ptr_nonnull(strstr(res.engine.note, "39 requests of your mix fit (you have 6)"));
	plan.engine.vllm.kv_cache_memory_bytes = 2621440000ull;
	/* 2 samples: with prefix caching 2 x 256 - 192 shared prompt blocks
	 * = 320 per request -> 3 fit; without, 512 -> 1 fits */
	plan.workload.classes[0].samples = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 3);
	plan.engine.vllm.enable_prefix_caching = KVP_OFF;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 1);
	/* max_num_seqs 2 with 2 samples each: one request at a time */
	plan.engine.vllm.enable_prefix_caching = KVP_ON;
	plan.engine.vllm.max_num_seqs = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 1);
}
END_TEST

/* --enable-prefix-caching left out (auto) is the release's default: off
 * in V0 (before 0.8.0: arg_utils.py _set_default_args_v0 leaves it
 * None), on from 0.8.0 (_set_default_args_v1); on/off given win at
 * either release. The figures of workload_fit_and_prefix_caching:
 * 1,000 blocks, 2 samples of 3,072 + 1,024 tokens, 256 blocks each;
 * shared, 2 x 256 - 192 full prompt blocks = 320 a request -> 3 fit;
 * not shared, 512 -> 1 fits. */
START_TEST(prefix_caching_release_default)
{
	static const struct {
		const char *rel;
		enum kvp_tristate pc;
		uint64_t fit;
		bool on, dflt;
		const char *words;
	} row[] = {
		{ "0.7.3", KVP_AUTO, 1, false, true,
		  "with prefix caching off (vLLM 0.7.3's default), 1 of its 6" },
		{ "0.8.0", KVP_AUTO, 3, true, true,
		  "with prefix caching on (vLLM 0.8.0's default), 3 of its 6" },
		{ "0.7.3", KVP_ON, 3, true, false,
		  "with prefix caching on (--enable-prefix-caching), 3 of" },
		{ "0.8.0", KVP_OFF, 1, false, false,
		  "with prefix caching off (--no-enable-prefix-caching), 1 of" },
		{ "0.7.3", KVP_OFF, 1, false, false, NULL },
		{ "0.8.0", KVP_ON, 3, true, false, NULL },
		{ "", KVP_AUTO, 3, true, true, NULL },   /* the current: V1 */
	};
	size_t i;

	for (i = 0; i < sizeof row / sizeof row[0]; i++) {
		kvp_plan_default(&plan);
		plan.engine.kind = KVP_ENGINE_VLLM;
		snprintf(plan.engine.version, sizeof plan.engine.version, "%s",
		         row[i].rel);
		plan.engine.vllm.kv_cache_memory_bytes = 2621440000ull;
		plan.workload.classes[0].samples = 2;
		plan.engine.vllm.enable_prefix_caching = row[i].pc;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s",
		              res.error.msg);
		ck_assert_uint_eq(res.engine.blocks, 1000);
		ck_assert_msg(res.engine.workload_fit == row[i].fit,
		              "%s pc %d: %llu fit", row[i].rel, (int)row[i].pc,
		              (unsigned long long)res.engine.workload_fit);
		ck_assert(res.engine.prefix_caching == row[i].on);
		ck_assert(res.engine.prefix_caching_default == row[i].dflt);
		ck_assert_msg(!row[i].words || strstr(res.engine.note, row[i].words),
		              "%s", res.engine.note);
	}
}
END_TEST

START_TEST(max_model_len_search)
{
	/* 1,000 blocks of 16: one request fits while 40 x ceil(L / 16) x
	 * 65,536 <= 2,621,440,000, i.e. L <= 16,000. max_model_len 20,000 is
	 * refused with that estimate; 16,000 is accepted. */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	/* the whole budget, before 0.25.0 held the null block back
	 * (test_engine_ported.c: the current rule) */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.24.0");
	plan.engine.vllm.kv_cache_memory_bytes = 2621440000ull;
	plan.engine.vllm.max_model_len = 20000;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "estimated maximum model length is 16000"));
	plan.engine.vllm.max_model_len = 16000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.max_len_fit, 16000);
	ck_assert_uint_eq(res.engine.concurrency_x100, 100);
}
END_TEST

START_TEST(bad_options_named)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	plan.engine.vllm.block_size = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.vllm.block_size: 0"));
	plan.engine.vllm.block_size = 16;
	plan.engine.vllm.kv_cache_dtype_auto = false;
	plan.engine.vllm.kv_cache_dtype = KVP_DT_Q4_0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.vllm.kv_cache_dtype: q4_0"));
	/* fp8 halves the page: 2^30 / 32,768 / 40 = 819 */
	plan.engine.vllm.kv_cache_dtype = KVP_DT_FP8;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 819);
}
END_TEST

/* vLLM's non-torch memory at TP > 1 by interconnect (vllm_profile.c
 * vl_non_torch[]), with the current release's CUDA graph estimate (1,634
 * MiB at TP 1, 1,968 above: the largest totals of the 0.19.0 corpus,
 * vl_graph_estimate[], from the logs' parts in
 * tests/data/vllm_startups/graphs.tsv) and the load slack (64 MiB at TP >
 * 1), MiB: an NVSwitch card (the default) 2,170 + 1,968 + 64 = 4,202 at
 * TP 2, 2,273 + 1,968 + 64 = 4,305 at TP 4; a card with no NVSwitch 288 +
 * 1,968 + 64 = 2,320 at TP 2 (0.21 GiB measured at TP 8 on L40S, 256,
 * + custom all-reduce's 24 MiB rounded to 32), 256 + 1,968 + 64 = 2,288
 * at TP 4; TP 1 alike on both, 288 + 1,634 = 1,922. Releases before
 * 0.6.4 are refused, naming it. */
START_TEST(non_torch_by_interconnect_and_oldest_release)
{
	struct kvp_error err;
	uint64_t o = 0;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 2, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 4202 * KVP_MIB);
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 4, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 4305 * KVP_MIB);
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.devices.groups[0].card.no_nvswitch = true;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 2, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 2320 * KVP_MIB);
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 4, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 2288 * KVP_MIB);
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 30;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.2.5");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg,
		"engine.version: 0.2.5 - vLLM's memory profiling before 0.6.4"));
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.6.4");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
}
END_TEST

/* vLLM's CUDA graph estimate with fewer graphs than the corpus captured
 * (vllm_profile.c graph_bound): vLLM's own formula, largest first
 * capture + per mode (N - 1) x per graph, with the corpus's largest parts
 * (522, 26 PIECEWISE, 14 FULL MiB), never above the TP 1 row (1,634).
 * Beside TP 1's non-torch 288 MiB, worked by hand:
 *   8 sequences, 8,192 tokens: sizes 1, 2, 4, 8, 16 (largest min(2 x 8,
 *     512)) and FULL 1, 2, 4, 8: 522 + 4 x 26 + 3 x 14 = 668 -> 956
 *   one speculative token (q 2): largest 32, 1 2 4 8 16 24 32; FULL up
 *     to 16, 5 sizes: 522 + 6 x 26 + 4 x 14 = 734 -> 1,022
 *   --max-cudagraph-capture-size 512: 51 and 4 sizes, 522 + 50 x 26 +
 *     3 x 14 = 1,864, above the row: 1,634 -> 1,922
 *   gpt_oss (its config's largest is 1,024: 83 sizes): 1,922
 *   LoRA, or a recurrent layer: the row, 1,922 (0.25.0 for the
 *     recurrent layer; from 0.26.0 it adds 128 KiB x 8,192 batched
 *     tokens, vLLM issue #50780: 1,922 + 1,024 = 2,946)
 *   0.20.0 (no graphs in the budget): 288 */
START_TEST(graph_bound_by_capture_sizes)
{
	struct kvp_error err;
	uint64_t o = 0;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_num_seqs = 8;
	plan.engine.vllm.max_num_batched_tokens = 8192;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 956 * KVP_MIB);
	plan.engine.vllm.speculative_method = KVP_SPEC_NGRAM;
	plan.engine.vllm.num_speculative_tokens = 1;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1022 * KVP_MIB);
	plan.engine.vllm.speculative_method = KVP_SPEC_NONE;
	plan.engine.vllm.max_cudagraph_capture_size = 512;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.engine.vllm.max_cudagraph_capture_size = 0;
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "gpt_oss");
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.model.model_type[0] = '\0';
	plan.engine.vllm.enable_lora = true;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.engine.vllm.enable_lora = false;
	plan.model.base.kind = KVP_LAYER_NONE;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 2946 * KVP_MIB);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.25.0");
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 1922 * KVP_MIB);
	plan.engine.version[0] = '\0';
	plan.model.base.kind = KVP_LAYER_FULL;
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 956 * KVP_MIB);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.20.0");
	ck_assert_int_eq(kvp_vllm_overheads(&plan, 1, 1, &o, &err), KVP_OK);
	ck_assert_uint_eq(o, 288 * KVP_MIB);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("engine_vllm");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, v0_log_1952_blocks);
	tcase_add_test(tc, graph_bound_by_capture_sizes);
	tcase_add_test(tc, v1_mla_refusal_deepseek_v2_lite);
	tcase_add_test(tc, heads_per_rank_and_replication);
	tcase_add_test(tc, mla_replicated_on_every_rank);
	tcase_add_test(tc, dsa_indexer_v32);
	tcase_add_test(tc, dsa_index_cache);
	tcase_add_test(tc, mamba_state_formats);
	tcase_add_test(tc, hybrid_groups_and_padding);
	tcase_add_test(tc, one_type_different_pages);
	tcase_add_test(tc, mamba_hybrid_pages);
	tcase_add_test(tc, pipeline_stages_take_the_minimum);
	tcase_add_test(tc, defaults_by_release_and_card);
	tcase_add_test(tc, large_tier_from_0_28);
	tcase_add_test(tc, budget_from_the_card);
	tcase_add_test(tc, workload_fit_and_prefix_caching);
	tcase_add_test(tc, prefix_caching_release_default);
	tcase_add_test(tc, max_model_len_search);
	tcase_add_test(tc, bad_options_named);
	tcase_add_test(tc, non_torch_by_interconnect_and_oldest_release);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
