/*
 * test_engine_others.c - the SGLang, TensorRT-LLM and transformers
 * profiles (src/core/engines/sglang/engine_sglang.c, engine_trtllm.c,
 * engine_transformers.c). The SGLang QwQ-32B and TensorRT-LLM Qwen 0.5B
 * logs of tests/reference/cases/engine-logs.json are read at run time
 * and reproduced to their printed rounding as far as their stated inputs
 * go; the other rules get hand-worked figures (arithmetic in comments).
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

static void plan_with_model(const char *model_id_prefix, enum kvp_engine_kind e)
{
	cJSON *root = ref_load("models.json");
	const cJSON *it, *cfg = NULL;
	struct kvp_notes notes;
	struct kvp_error err;
	char *text;

	cJSON_ArrayForEach(it, root)
		if (!strncmp(ref_str(it, "model_id"), model_id_prefix, strlen(model_id_prefix)))
			cfg = cJSON_GetObjectItemCaseSensitive(it, "config");
	ck_assert_msg(cfg != NULL, "models.json has no %s", model_id_prefix);
	text = cJSON_PrintUnformatted(cfg);
	kvp_plan_default(&plan);
	memset(&notes, 0, sizeof notes);
	ck_assert_msg(kvp_hf_import_text(text, strlen(text), model_id_prefix,
	                                 &plan.model, &notes, &err) == KVP_OK, "%s", err.msg);
	free(text);
	cJSON_Delete(root);
	plan.engine.kind = e;
}

/* "x GB" after key in a line, as bytes (GiB: SGLang's GB are GiB), moved
 * by `side` half-units of the last printed decimal. */
static uint64_t gib_after(const char *line, const char *key, int side)
{
	return (uint64_t)llround((ref_after(line, key) + side * 0.005) * (double)KVP_GIB);
}

START_TEST(sglang_qwq32b_tp4)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "sglang-qwq32b-tp4");
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "settings");
	const cJSON *pl = cJSON_GetObjectItemCaseSensitive(c, "printed_lines");
	const char *begin = ref_line(pl, "Load weight begin");
	const char *end = ref_line(pl, "Load weight end");
	const char *kv = ref_line(pl, "KV Cache is allocated");
	const char *mx = ref_line(pl, "max_total_num_tokens=");
	uint64_t printed = (uint64_t)ref_after(kv, "#tokens: "), lo = UINT64_MAX, hi = 0;
	uint64_t weights_rank;
	int side;
	char want[128];

	/* QwQ-32B has Qwen2.5-32B's shape (64 layers, 8 KV heads x 128) */
	plan_with_model("Qwen/Qwen2.5-32B", KVP_ENGINE_SGLANG);
	plan.devices.tp = (uint32_t)ref_u64(s, "tp_size");
	plan.devices.groups[0].count = plan.devices.tp;
	plan.engine.sglang.mem_fraction_static =
		(uint32_t)llround(ref_num(s, "mem_fraction_static") * 1e6);
	plan.engine.sglang.context_len = ref_u64(s, "context_len");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	weights_rank = (res.weights.bytes + plan.devices.tp - 1) / plan.devices.tp;

	/* total = avail at start, used = begin - end (weights and the rest
	 * of the load, as overheads); each input at either end of its
	 * printed rounding: the printed #tokens lies between. */
	for (side = -1; side <= 1; side += 2) {
		uint64_t total = gib_after(begin, "avail mem=", side);
		uint64_t after = gib_after(end, "avail mem=", side);

		/* T0 as the card's runtime total, nothing used before it */
		plan.devices.groups[0].card.capacity_bytes = total;
		plan.devices.groups[0].card.runtime_total_bytes = total;
		ck_assert_uint_gt(total - after, weights_rank);
		plan.devices.n_overheads = 1;
		strcpy(plan.devices.overheads[0].name, "load");
		plan.devices.overheads[0].bytes = total - after - weights_rank;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
		if (res.engine.tokens < lo)
			lo = res.engine.tokens;
		if (res.engine.tokens > hi)
			hi = res.engine.tokens;
	}
	ck_assert_msg(lo <= printed && printed <= hi, "printed %llu outside [%llu, %llu]",
	              (unsigned long long)printed, (unsigned long long)lo,
	              (unsigned long long)hi);

	/* With the printed inputs as they stand and the printed #tokens as
	 * the cap, the pool's K and V sizes print as logged:
	 * (46,611 + 1) x 64 layers x 2 heads x 128 x 2 B = 1.42 GiB each */
	plan.engine.sglang.max_total_tokens = printed;
	plan.devices.groups[0].card.capacity_bytes = gib_after(begin, "avail mem=", 0);
	plan.devices.groups[0].card.runtime_total_bytes =
		plan.devices.groups[0].card.capacity_bytes;
	plan.devices.overheads[0].bytes = plan.devices.groups[0].card.capacity_bytes -
	                                  gib_after(end, "avail mem=", 0) - weights_rank;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.tokens, printed);
	snprintf(want, sizeof want, "%s", strstr(kv, "KV Cache is allocated"));
	ck_assert_str_eq(res.engine.lines[0], want);
	/* max_running_requests: max(46,611 / 131,072 x 512, 2,048) = 2,048
	 * requests, a pool of 2,049 as the scheduler logs */
	ck_assert_uint_eq(res.engine.max_requests + 1,
	                  (uint64_t)ref_after(mx, "max_running_requests="));
	/* req_to_token: 2,049 x (131,072 + 4) x 4 B = 1,074,298,896 B */
	ck_assert_uint_eq(res.engine.aux_bytes, 1074298896ull);
	cJSON_Delete(root);
}
END_TEST

/* Every other layer sliding (window 1,024). */
static void add_sliding(struct kvp_model *m)
{
	struct kvp_error err;

	ck_assert_int_eq(kvp_rule_parse("0-39/2:kind=sliding,window=1024",
	                                &m->rules[m->n_rules], &err), KVP_OK);
	m->n_rules++;
}

START_TEST(sglang_rules)
{
	uint64_t w, budget;

	/* default model, 80 GiB card (81,920 MiB) whose runtime total is the
	 * default card's 81,089 MiB = 85,027,979,264 B, tp 1, no overheads;
	 * cell 40 x 8 x 256 x 2 = 163,840 B per token; budget = runtime total
	 * x mem_fraction_static - weights (the weight stage's count). The current release's default
	 * (PR #10975): chunked_prefill_size 8,192 and cuda_graph_max_bs 256
	 * on a card under 90 GiB, reserved = 512 + 8,192 x 1.5 + 256 x 2 +
	 * 1 / 8 x 1,024 + the prefill graphs' 74 capture sizes x 8 = 14,032
	 * MiB, round((81,920 - 14,032) / 81,920, 3) = round(0.82871, 3) =
	 * 0.829 */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	plan.devices.n_overheads = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	w = res.weights.bytes;
	/* 85,027,979,264 x 0.829 = 70,488,194,809.9 -> 70,488,194,809 */
	budget = 70488194809ull - w;
	ck_assert_uint_eq(res.engine.budget_bytes, budget);
	ck_assert_uint_eq(res.engine.tokens, budget / 163840);
	/* page_size 16 rounds down to whole pages */
	plan.engine.sglang.page_size = 16;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, budget / 163840 / 16 * 16);
	/* no card: max_total_tokens alone sizes it; 1,000 -> 992 (pages of 16) */
	plan.devices.n_groups = 0;
	plan.engine.sglang.max_total_tokens = 1000;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, 992);
	/* 6 requests of 4,096 tokens: 992 tokens hold none */
	ck_assert_uint_eq(res.engine.workload_fit, 0);
	plan.engine.sglang.max_total_tokens = 3 * 4096;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.workload_fit, 3);
	plan.engine.sglang.max_total_tokens = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices"));
	/* a family SGLang gives a sliding-window pool of its own
	 * (is_hybrid_swa_model: GptOssForCausalLM) gets SWAKVPool's two
	 * pools (kvplan/era.h SGLANG_SWA_POOL). 20 full + 20 sliding layers
	 * of F = S = 4,096 B; T = 12,288: total 12,288 x 163,840 B, divided
	 * by 4,096 x 20 + 0.8 x 4,096 x 20 = 147,456 -> 13,653.3 -> 13,653,
	 * pages of 16: 13,648 full tokens; swa int(13,648 x 0.8) = 10,918 ->
	 * 10,912. Requests fit in the smaller pool (the allocator's size,
	 * min of the two): 2 of 4,096 tokens. */
	plan.engine.sglang.max_total_tokens = 3 * 4096;
	add_sliding(&plan.model);
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "gpt_oss");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.tokens, 13648);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 10912 + 16);   /* layer 0 slides */
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->slots, 13648 + 16);
	ck_assert_uint_eq(res.engine.workload_fit, 2);
	ck_assert_str_eq(res.engine.lines[0], "Use sliding window memory pool. "
	                 "full_layer_tokens=13648, swa_layer_tokens=10912");
	/* --disable-hybrid-swa-memory: one pool of T, sliding layers full */
	plan.engine.sglang.disable_hybrid_swa_memory = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, 3 * 4096);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 3 * 4096 + 16);
	plan.engine.sglang.disable_hybrid_swa_memory = false;
	/* 0.4.8, before SWAKVPool: one pool; 0.5.0, between the two PRs
	 * whose rules kvplan does not model: refused naming both releases */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.4.8");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, 3 * 4096);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.5.0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "0.4.8 (without it) and 0.5.9"));
	plan.engine.version[0] = '\0';
	/* sliding layers of another family (Gemma 3: MHATokenToKVPool) are
	 * sized full */
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "gemma3_text");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, 3 * 4096);
}
END_TEST

/* mem_fraction_static's default by release (sg_rules.c), on an 80 GiB
 * card (81,920 MiB) unless said, its runtime total 85,027,979,264 B (the
 * default card's 81,089 MiB), no overheads; budget = runtime total x f -
 * weights / tp:
 *   0.4.6, tp 1: 0.88 (by tp)                -> 74,824,621,752 B
 *   0.5.0, tp 1 (PR #7054): reserved (9.5 + 1/2) x 1,024 = 10,240 MiB,
 *     (81,920 - 10,240) / 81,920 = 0.875     -> 74,399,481,856 B
 *   0.4.7 (either rule): min(0.88, 0.875) = 0.875
 *   0.5.0, tp 8: (9.5 + 8/2) x 1,024 = 13,824 MiB, 68,096 / 81,920 =
 *     0.83125 -> 0.831                        -> 70,658,250,768 B
 *   current, tp 8: cuda_graph_max_bs 512, 512 + 12,288 + 1,024 + 1,024
 *     + the prefill graphs' 74 capture sizes to 8,192 x 8 = 592 MiB =
 *     15,440 MiB, 66,480 / 81,920 = 0.81152 -> 0.812
 *                                             -> 69,042,719,162 B
 *   current, 32 GiB card, tp 1: chunked_prefill_size 2,048, max bs 24:
 *     512 + 3,072 + 48 + 128 + 42 sizes to 2,048 x 8 = 336 -> 4,096 MiB,
 *     28,672 / 32,768 = 0.875; the default card's runtime total is not
 *     this card's, so 32 GiB - 32 GiB / 32 = 33,285,996,544 B (the
 *     estimate)                               -> 29,125,246,976 B
 *   0.5.3 (either rule): min(0.875, 67,888 / 81,920 = 0.82871 -> 0.829)
 *     = 0.829                                 -> 70,488,194,809 B */
START_TEST(sglang_fraction_by_release)
{
	static const struct {
		const char *version;
		uint32_t tp;
		uint64_t gib, budget;
	} rows[] = {
		{ "0.4.6", 1, 80, 74824621752ull },
		{ "0.5.0", 1, 80, 74399481856ull },
		{ "0.4.7", 1, 80, 74399481856ull },
		{ "0.5.0", 8, 80, 70658250768ull },
		{ "", 8, 80, 69042719162ull },
		{ "", 1, 32, 29125246976ull },
		{ "0.5.3", 1, 80, 70488194809ull },
	};
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		kvp_plan_default(&plan);
		plan.engine.kind = KVP_ENGINE_SGLANG;
		strcpy(plan.engine.version, rows[i].version);
		plan.devices.tp = rows[i].tp;
		plan.devices.groups[0].count = rows[i].tp;
		plan.devices.groups[0].card.capacity_bytes = rows[i].gib << 30;
		plan.devices.n_overheads = 0;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
		ck_assert_msg(res.engine.budget_bytes ==
		              rows[i].budget - (res.weights.bytes + rows[i].tp - 1) / rows[i].tp,
		              "row %zu: budget %llu", i,
		              (unsigned long long)res.engine.budget_bytes);
	}
}
END_TEST

/* SGLang's figures past 64 bits are refused by name, not wrapped: a
 * context_len of 2^64 - 1 made context_len + 4 wrap to 3 and the
 * req_to_token table (2,049 x 3 x 4 B) look small; a quotient of
 * tokens x 512 / context_len past 2^64 was cut to its low bits before
 * the clamp to [2,048, 4,096]. One layer of one K and one V value in
 * f16: 4 B a token, so 2^60 tokens (+ 1 slot) keep 2^62 + 4 B. */
START_TEST(sglang_checked_figures)
{
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.n_groups = 0;
	plan.engine.sglang.max_total_tokens = 1000;
	plan.engine.sglang.context_len = UINT64_MAX;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EOVERFLOW);
	ck_assert_str_eq(res.error.msg,
	                 "engine.sglang.context_len: the figure does not fit in 64 bits");
	/* 2^60 / 16 x 512 = 2^65: at least 4,096, so 4,096 requests (the
	 * old cast gave 2^65 mod 2^64 = 0, clamped up to 2,048) */
	plan.model.n_layers = 1;
	plan.model.base.kv_heads = 1;
	plan.model.base.k_dim = 1;
	plan.model.base.v_dim = 1;
	plan.engine.sglang.context_len = 16;
	plan.engine.sglang.max_total_tokens = 1ull << 60;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.max_requests, 4096);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, ((1ull << 60) + 1) * 4);
	/* 2^60 x 100 / 1 does not fit: concurrency refused by name */
	plan.engine.sglang.context_len = 1;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EOVERFLOW);
	ck_assert_str_eq(res.error.msg,
	                 "engine.concurrency_x100: the figure does not fit in 64 bits");
}
END_TEST

/* SGLang's Mamba pool from the budget (handle_max_mamba_cache): the
 * default model with layers 0-19 recurrent (conv 3 x 4,096 values, SSM
 * 128 x 4,096: bf16 24,576 B + f32 2,097,152 B = 2,121,728 B a layer, x
 * 20 = 42,434,560 B a slot, mamba_cache_per_req) and 20 attention layers
 * of 8 x 256 x 2 = 4,096 B a token (cell 81,920 B). With B the budget
 * (rest) and r = 0.9, the slots are the largest whole number whose bytes
 * stay within B x 0.9 / 1.9 (9 B / 19 in integers), and the KV pool's
 * tokens are what is left over the cell, (B - slots x per_req) //
 * 81,920. r = 0.2 (the default before PR #11679): B x 1 / 6. */
START_TEST(sglang_mamba_pool_budget)
{
	uint64_t b, m, per = 42434560;

	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	plan.devices.n_overheads = 0;
	add_rule(&plan.model, "0-19:kind=none");
	plan.model.recur.conv_values = 3 * 4096;
	plan.model.recur.ssm_values = 128 * 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	b = res.engine.budget_bytes;
	m = kvp_layer_rec(&res, 0)->slots - 1;
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, (m + 1) * 2121728);
	ck_assert_uint_le(m * per * 19, b * 9);
	ck_assert_uint_gt((m + 1) * per * 19, b * 9);
	ck_assert_uint_eq(res.engine.tokens, (b - m * per) / 81920);
	ck_assert_uint_eq(kvp_layer_rec(&res, 20)->slots, res.engine.tokens + 1);
	plan.engine.sglang.mamba_full_memory_ratio = 200000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	m = kvp_layer_rec(&res, 0)->slots - 1;
	ck_assert_uint_le(m * per * 6, b);
	ck_assert_uint_gt((m + 1) * per * 6, b);
	ck_assert_uint_eq(res.engine.tokens, (b - m * per) / 81920);
	/* a state with no components is refused naming them */
	plan.model.recur.conv_values = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "model.recur.conv_values: 0"));
}
END_TEST

START_TEST(trtllm_qwen05b_log)
{
	cJSON *root = ref_load("cases/engine-logs.json");
	const cJSON *c = ref_find(cJSON_GetObjectItemCaseSensitive(root, "cases"), "id",
	                          "trtllm-1188-qwen25-coder-0.5b");
	const char *line = ref_line(cJSON_GetObjectItemCaseSensitive(c, "printed_lines"),
	                            "paged KV cache");
	const char *open = strrchr(line, '(');
	uint64_t printed_tokens = strtoull(open + 1, NULL, 10);
	char want[160];

	/* the log lacks the free memory after load; its token count, with
	 * the model's bytes per token (24 layers x 2 heads x 64 x 2 B x 2 =
	 * 12 KiB), gives the printed GiB */
	plan_with_model("Qwen/Qwen2-0.5B", KVP_ENGINE_TRTLLM);
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.engine.trtllm.max_tokens = printed_tokens;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.tokens, printed_tokens);
	ck_assert_uint_eq(res.engine.tokens % 64, 0);
	snprintf(want, sizeof want, "[MemUsageChange] %s", strstr(line, "Allocated"));
	ck_assert_str_eq(res.engine.lines[0], want);
	cJSON_Delete(root);
}
END_TEST

START_TEST(trtllm_rules)
{
	/* default model, 163,840 B per token; block of 64 = 10,485,760 B.
	 * No card, max_gpu_total_bytes 1 GiB: 102 blocks, 6,528 tokens. */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_TRTLLM;
	plan.devices.n_groups = 0;
	plan.engine.trtllm.max_gpu_total_bytes = 1ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.blocks, 102);
	ck_assert_uint_eq(res.engine.tokens, 6528);
	ck_assert_uint_eq(res.kv.bytes, 6528ull * 163840);
	/* a sequence of 4,000 tokens takes ceil(4,000 / 64) = 63 blocks =
	 * 4,032 tokens: 4,032 x 163,840 = 660,602,880 */
	plan.workload.classes[0].gen = 4000 - plan.workload.classes[0].prompt[KVP_PP_INPUT];
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.classes[0].length, 4000);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 660602880ull);
	plan.workload.classes[0].gen = 1024;
	/* max_tokens 1,000: ceil(1000 / 64) = 16 blocks = 1,024 tokens */
	plan.engine.trtllm.max_tokens = 1000;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.tokens, 1024);
	/* with a card: 0.9 of (capacity - weights - activations) */
	plan.engine.trtllm.max_tokens = 0;
	plan.engine.trtllm.max_gpu_total_bytes = 0;
	plan.devices.n_groups = 1;
	plan.devices.groups[0].count = 1;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	plan.devices.activations_bytes = 1ull << 30;
	plan.devices.n_overheads = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes,
		((80ull << 30) - res.weights.bytes - (1ull << 30)) / 10 * 9 +
		((80ull << 30) - res.weights.bytes - (1ull << 30)) % 10 * 9 / 10);
	ck_assert_uint_eq(res.engine.blocks, res.engine.budget_bytes / 10485760);
	plan.engine.trtllm.tokens_per_block = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.trtllm.tokens_per_block: 0"));
}
END_TEST

START_TEST(transformers_dynamic_and_static)
{
	/* default model (40 layers, 8 x 128, f16: 4,096 B per layer-token),
	 * 6 rows x 4,096: 6 x 4,096 x 163,840 = 4,026,531,840 */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 4026531840ull);
	/* a second class of 3 x 1,024 is padded to the longest 4,096:
	 * 9 rows x 4,096 x 163,840 = 6,039,797,760 */
	plan.workload.n_classes = 2;
	plan.workload.classes[1] = plan.workload.classes[0];
	plan.workload.classes[1].requests = 3;
	plan.workload.classes[1].prompt[KVP_PP_INPUT] = 512;
	plan.workload.classes[1].gen = 512;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes, 6039797760ull);
	/* one sequence is one padded row: 4,096 x 163,840 = 671,088,640 */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 671088640ull);
	plan.workload.n_classes = 1;
	/* layer 0 sliding, W 1,024: DynamicSlidingWindowLayer keeps 1,023:
	 * 39 x 6 x 4,096 x 4,096 + 6 x 1,023 x 4,096 = 3,951,009,792 */
	add_rule(&plan.model, "0:kind=sliding,window=1024");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes, 3951009792ull);
	/* StaticCache, max_cache_len 0 = 4,096: sliding min(1,024, 4,096):
	 * 39 x 6 x 4,096 x 4,096 + 6 x 1,024 x 4,096 = 3,951,034,368 */
	plan.engine.transformers.cache = KVP_HF_STATIC;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes, 3951034368ull);
	/* max_cache_len 8,192: 39 x 6 x 8,192 x 4,096 + 6 x 1,024 x 4,096 */
	plan.engine.transformers.max_cache_len = 8192;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.bytes, 39ull * 6 * 8192 * 4096 + 6ull * 1024 * 4096);
	/* shorter than the longest sequence: refused */
	plan.engine.transformers.max_cache_len = 2048;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "max_cache_len 2048"));
}
END_TEST

START_TEST(transformers_quantized_offloaded_mla)
{
	/* QuantizedCache nbits 4, groups of 64, residual 128, f16: a K row
	 * of 1,024 values = 512 B data + 16 groups x (2 + 2) B = 576 B; full
	 * 2,048 B. At most 127 residual tokens: per row per layer 127 x 2,048
	 * + 3,969 x 576 = 2,546,240 for K, the same for V: x 2 x 6 rows x 40
	 * layers = 1,222,195,200 */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.engine.transformers.cache = KVP_HF_QUANTIZED;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 1222195200ull);
	plan.engine.transformers.nbits = 3;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.transformers.nbits: 3"));

	/* OffloadedCache: 2 of 40 layers (6 x 4,096 x 4,096 = 100,663,296
	 * each) on the device, the other 38 in host memory */
	plan.engine.transformers.cache = KVP_HF_OFFLOADED;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.kv.device_bytes, 2ull * 100663296);
	ck_assert_uint_eq(res.kv.host_bytes, 38ull * 100663296);

	/* MLA decompressed: 16 heads x (128 + 64) K and 16 x 128 V, f16 =
	 * 6,144 + 4,096 B per layer-token; 2 layers, one request of 100
	 * tokens: 10,240 x 100 x 2 = 2,048,000 */
	kvp_plan_default(&plan);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.model.n_layers = 2;
	plan.model.q_heads = 16;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.model.mla.v_head_dim = 128;
	plan.workload.classes[0].requests = 1;
	plan.workload.classes[0].prompt[KVP_PP_INPUT] = 60;
	plan.workload.classes[0].gen = 40;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 2048000ull);
	/* per sequence at the decompressed rows too (not the latent's
	 * 2 x 576 x 2 B x 100 = 230,400): 10,240 x 100 x 2 = 2,048,000 */
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 2048000ull);
	ck_assert_uint_eq(res.kv.bytes_per_position, 20480);
}
END_TEST

START_TEST(generic_tp_counts_replicas)
{
	/* generic static, default model (40 layers, 8 KV heads x 128, f16),
	 * 6 sequences of 4,096 tokens: 6 x 4,096 x 163,840 = 4,026,531,840
	 * B of KV. TP 16 over 8 heads: every rank holds max(1, 8 / 16) = 1
	 * head, 16 heads in all, twice the model's 8: kv.bytes (the whole
	 * cache over every device) = 8,053,063,680. Letters per rank:
	 * 2 x 40 x 1 x 128 x 2 B x 16 ranks = 327,680 B per position; one
	 * sequence 4,096 x 327,680 = 1,342,177,280. */
	kvp_plan_default(&plan);
	plan.devices.n_groups = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 4026531840ull);
	ck_assert_uint_eq(res.kv.ranks, 1);
	ck_assert_uint_eq(res.kv.kv_heads, 8);
	plan.devices.tp = 16;
	plan.model.q_heads = 32;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 8053063680ull);
	ck_assert_uint_eq(res.kv.k_bytes, 4026531840ull);
	ck_assert_uint_eq(res.kv.v_bytes, 4026531840ull);
	ck_assert_uint_eq(res.kv.kv_heads, 1);
	ck_assert_uint_eq(res.kv.ranks, 16);
	ck_assert_uint_eq(res.kv.bytes_per_position, 327680);
	ck_assert_uint_eq(2ull * res.kv.layers_with_kv * res.kv.kv_heads *
	                  res.kv.k_dim * 2 * res.kv.ranks, res.kv.bytes_per_position);
	ck_assert_uint_eq(res.kv.bytes_per_sequence, 1342177280ull);
	/* TP 4 splits 8 heads (2 per rank), nothing replicated: the
	 * model's figures and letters stand */
	plan.devices.tp = 4;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 4026531840ull);
	ck_assert_uint_eq(res.kv.kv_heads, 8);
	ck_assert_uint_eq(res.kv.ranks, 1);
}
END_TEST

/* Bad input is normal input: every engine option at 0, 1 and its
 * maximum, on a plain and a hybrid model, computes or fails with a
 * message - never a crash (this runs under ASan/UBSan in make check). */
START_TEST(extreme_options_never_crash)
{
	static const uint64_t vals[] = { 0, 1, 255, 4096, UINT32_MAX, UINT64_MAX };
	unsigned e, v, f, model, runs = 0;

	for (model = 0; model < 2; model++)
	for (e = 1; e < KVP_ENGINE_COUNT; e++)
	for (f = 0; f < 8; f++)
	for (v = 0; v < sizeof vals / sizeof vals[0]; v++) {
		uint64_t x = vals[v];
		uint32_t x32 = x > UINT32_MAX ? UINT32_MAX : (uint32_t)x;
		enum kvp_status st;

		kvp_plan_default(&plan);
		if (model == 1) {
			add_rule(&plan.model, "0-38/2:kind=sliding,window=512");
			add_rule(&plan.model, "39:kind=none,state_bytes=1000000");
			add_rule(&plan.model, "37:kind=shared,shared_with=35");
		}
		plan.engine.kind = (enum kvp_engine_kind)e;
		switch (f) {
		case 0: plan.engine.llamacpp.ctx_size = x; plan.engine.vllm.max_model_len = x;
			plan.engine.sglang.context_len = x; plan.engine.trtllm.max_tokens = x;
			plan.engine.transformers.max_cache_len = x; break;
		case 1: plan.engine.llamacpp.parallel = x32; plan.engine.vllm.block_size = x32;
			plan.engine.sglang.page_size = x32; plan.engine.trtllm.tokens_per_block = x32;
			plan.engine.transformers.q_group_size = x32; break;
		case 2: plan.engine.llamacpp.ubatch_size = x; plan.engine.vllm.max_num_batched_tokens = x;
			plan.engine.sglang.max_total_tokens = x; plan.engine.trtllm.max_gpu_total_bytes = x;
			plan.engine.transformers.residual_length = x; break;
		case 3: plan.engine.llamacpp.batch_size = x; plan.engine.vllm.kv_cache_memory_bytes = x;
			plan.engine.sglang.max_running_requests = x32;
			plan.engine.trtllm.free_gpu_memory_fraction = x32;
			plan.engine.transformers.nbits = x32; break;
		case 4: plan.engine.vllm.gpu_memory_utilization = x32;
			plan.engine.sglang.mem_fraction_static = x32;
			plan.engine.llamacpp.kv_unified = true; break;
		case 5: plan.engine.vllm.tensor_parallel_size = x32 ? x32 % 4097 : 0;
			plan.engine.vllm.pipeline_parallel_size = x32 ? x32 % 65 : 0;
			plan.engine.vllm.max_num_seqs = x32;
			plan.engine.transformers.cache = (enum kvp_hf_cache)(x32 % 5); break;
		case 6: plan.devices.groups[0].card.capacity_bytes = x;
			plan.devices.activations_bytes = x; break;
		default: plan.workload.classes[0].requests = x;
			plan.workload.classes[0].gen = x; break;
		}
		st = kvp_compute(&plan, &res);
		ck_assert_msg(st == KVP_OK || res.error.msg[0] != '\0',
		              "engine %u field %u value %llu: status %d without a message",
		              e, f, (unsigned long long)x, st);
		runs++;
	}
	ck_assert_uint_gt(runs, 0);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("engine_others");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);

	tcase_add_test(tc, sglang_qwq32b_tp4);
	tcase_add_test(tc, sglang_rules);
	tcase_add_test(tc, sglang_fraction_by_release);
	tcase_add_test(tc, sglang_mamba_pool_budget);
	tcase_add_test(tc, sglang_checked_figures);
	tcase_add_test(tc, trtllm_qwen05b_log);
	tcase_add_test(tc, trtllm_rules);
	tcase_add_test(tc, transformers_dynamic_and_static);
	tcase_add_test(tc, generic_tp_counts_replicas);
	tcase_add_test(tc, transformers_quantized_offloaded_mla);
	tcase_add_test(tc, extreme_options_never_crash);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
