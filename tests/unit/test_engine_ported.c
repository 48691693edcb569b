/*
 * test_engine_ported.c - the engines' own unit tests, ported: every
 * assertion kvplan's inputs can express, at the commit it was read at,
 * each test named with the lines it comes from. Expected figures are the
 * engines' (restated here, worked by hand where the engine computes
 * them). What a test asserts that kvplan cannot express is said so
 * beside it.
 *
 * vLLM @002f10e0 (kvplan's current vLLM release, kvplan/era.h):
 *   tests/v1/core/test_kv_cache_utils.py (read whole). Its helper
 *   new_kv_cache_spec() is FullAttentionSpec(block_size=16,
 *   num_kv_heads=2, head_size=64, dtype=float32): a page of
 *   16 x 2 x 64 x 4 B x 2 (K and V) = 16,384 B, the tests'
 *   mem_per_block_per_layer.
 * vLLM @68f3362c: tests/v1/core/test_kv_cache_interface.py (read whole).
 * SGLang: no unit test of its pools is ported; its NSA pool is checked
 *   against sglang PR #11309's public log line, its SWAKVPool against PR
 *   #18039's, worked by hand.
 * transformers @00b1f96a: tests/utils/test_cache_utils.py
 *   SyntheticCacheTest (test_static_cache_out_of_bounds, test_static_cache,
 *   test_sliding_window_cache); its setUp is Gemma2Config with one layer,
 *   one KV head, head_dim 1, sliding_window 4, max_cache_len 4, and the
 *   caches' tensors are float32 (StaticLayer's default dtype): a position
 *   of a layer is 1 x 1 x 4 B for K and as much for V, 8 B.
 * TensorRT-LLM @02dc40f1: tests/unittest/_torch/executor/
 *   test_resource_manager.py (read whole), against
 *   tensorrt_llm/_torch/pyexecutor VSWA helpers (adjust_window_sizes_for_vswa,
 *   calculate_max_num_blocks_for_vswa).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "io/logs/log_parse.h"
#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"
#include "kvplan/reconcile.h"
#include "kvplan/units.h"
#include "check_main.h"

#define KVPLAN_SRC_LOG KVP_SRCDIR "/tests/data/logs/sglang-swa-18039.log"

static struct kvp_plan plan;
static struct kvp_result res;

#define PAGE 16384ull   /* mem_per_block_per_layer: 16 x 2 x 64 x 4 x 2 */

static void add_rule(const char *text)
{
	struct kvp_error err;

	ck_assert_uint_lt(plan.model.n_rules, KVP_MAX_RULES);
	ck_assert_msg(kvp_rule_parse(text, &plan.model.rules[plan.model.n_rules], &err) ==
	              KVP_OK, "%s: %s", text, err.msg);
	plan.model.n_rules++;
}

/* One request of `len` tokens (prompt only). */
static void set_len(uint64_t len)
{
	memset(&plan.workload.classes[0], 0, sizeof plan.workload.classes[0]);
	plan.workload.n_classes = 1;
	plan.workload.classes[0].requests = 1;
	plan.workload.classes[0].samples = 1;
	plan.workload.classes[0].prompt[KVP_PP_INPUT] = len;
}

/* n layers of new_kv_cache_spec(): 2 KV heads x 64, float32, block 16,
 * max_model_len `len`, `mem` bytes of KV memory (kv_cache_memory_bytes). */
static void vllm_plan(uint32_t n, uint64_t len, uint64_t mem)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = n;
	plan.model.base.kv_heads = 2;
	plan.model.base.k_dim = plan.model.base.v_dim = 64;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F32);
	plan.model.arch.max_positions = len;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.block_size = 16;
	plan.engine.vllm.max_model_len = len;
	plan.engine.vllm.kv_cache_memory_bytes = mem;
	/* one short request: the pool, not the workload, is under test */
	set_len(1);
}

static uint64_t blocks_of(void)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	return res.engine.blocks;
}

/* test_get_kv_cache_config_one_worker (test_kv_cache_utils.py lines
 * "def test_get_kv_cache_config_one_worker" to "Test
 * num_gpu_blocks_override"): max_model_len 16, num_blocks of each
 * layout. The tensors' strides and group membership are not kvplan
 * inputs; their sizes follow from num_blocks. */
START_TEST(vllm_one_worker)
{
	/* all full: 2 layers, 2 x 32 pages -> 32 blocks */
	vllm_plan(2, 16, PAGE * 2 * 32);
	ck_assert_uint_eq(blocks_of(), 32);
	ck_assert_uint_eq(res.kv.bytes, PAGE * 32 * 2);
	/* all sliding (window 1): one group, 32 blocks */
	add_rule("0-1:kind=sliding,window=1");
	ck_assert_uint_eq(blocks_of(), 32);
	/* full + sliding, hybrid manager disabled: one group, 32 blocks */
	vllm_plan(2, 16, PAGE * 2 * 32);
	add_rule("1:kind=sliding,window=1");
	plan.engine.vllm.disable_hybrid_kv_cache_manager = true;
	ck_assert_uint_eq(blocks_of(), 32);
	/* full + sliding with the hybrid manager: groups of 1 -> 64 */
	plan.engine.vllm.disable_hybrid_kv_cache_manager = false;
	ck_assert_uint_eq(blocks_of(), 64);
	/* 2 full + 4 sliding, 2 layers per group -> 32 */
	vllm_plan(6, 16, PAGE * 2 * 32);
	add_rule("2-5:kind=sliding,window=1");
	ck_assert_uint_eq(blocks_of(), 32);
	/* 3 full + 7 sliding, padded to 3 + 9, groups of 3 -> 32 */
	vllm_plan(10, 16, PAGE * 3 * 32);
	add_rule("3-9:kind=sliding,window=1");
	ck_assert_uint_eq(blocks_of(), 32);
	/* 6 full + 5 sliding, padded to 6 + 6 (gpt-oss eagle) -> 32 */
	vllm_plan(11, 16, PAGE * 6 * 32);
	add_rule("6-10:kind=sliding,window=1");
	ck_assert_uint_eq(blocks_of(), 32);
	/* head 128 + head 64, one type (UniformTypeKVCacheSpecs): pages of
	 * 2 x 16,384 and 16,384 B, 3 x 16,384 x 32 B -> 32 */
	vllm_plan(2, 16, PAGE * 3 * 32);
	add_rule("0:k_dim=128,v_dim=128");
	ck_assert_uint_eq(blocks_of(), 32);
	/* full head 64 + sliding head 32: the sliding page (8,192 B) takes
	 * block size 32 to reach 16,384 B; 16,384 x 32 B -> 32 blocks */
	vllm_plan(2, 16, PAGE * 32);
	add_rule("1:kind=sliding,window=1,k_dim=32,v_dim=32");
	ck_assert_uint_eq(blocks_of(), 32);
	ck_assert_uint_eq(kvp_layer_rec(&res, 1)->slots, 32ull * 32);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 32ull * 16);
	/* full head 64 (16,384 B) + sliding head 96 (24,576 B): 24,576 is
	 * not a multiple of 16,384, so the smaller page is padded to 24,576
	 * (block size kept); 2 x 16,384 x 32 = 1,048,576 B // 24,576 = 42 */
	vllm_plan(2, 16, PAGE * 2 * 32);
	add_rule("1:kind=sliding,window=1,k_dim=96,v_dim=96");
	ck_assert_uint_eq(blocks_of(), 42);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 42ull * 16);
	/* before 0.24.0 (kvplan/era.h, PR #45181) vLLM refused it */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.23.0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "Cannot unify by adjusting block_size"));
	/* num_gpu_blocks_override = 16 on the all-full layout -> 16 */
	vllm_plan(2, 16, PAGE * 2 * 32);
	plan.engine.vllm.num_gpu_blocks_override = 16;
	ck_assert_uint_eq(blocks_of(), 16);
	ck_assert_uint_eq(res.kv.bytes, PAGE * 16 * 2);
}
END_TEST

/* test_get_kv_cache_configs_attention_free: no KV spec, memory 0 ->
 * KVCacheConfig(num_blocks=1, kv_cache_tensors=[], ...). */
START_TEST(vllm_attention_free)
{
	vllm_plan(2, 16, 0);
	plan.engine.vllm.kv_cache_memory_bytes = 0;
	plan.engine.vllm.num_gpu_blocks_override = 0;
	add_rule("0-1:kind=none");
	/* no card and no budget: none is needed for no cache */
	plan.devices.n_groups = 0;
	ck_assert_uint_eq(blocks_of(), 1);
	ck_assert_uint_eq(res.kv.bytes, 0);
}
END_TEST

/* test_check_enough_kv_cache_memory_reserves_null_block and
 * test_kv_cache_reserves_null_block_for_max_model_len (both
 * use_override values): max_model_len 512 needs 512 / 16 = 32 blocks;
 * 32 leave 31 after the null block -> "max seq len" refusal; 33 are
 * accepted. */
START_TEST(vllm_null_block)
{
	vllm_plan(1, 512, PAGE * 32);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "max seq len (512)"));
	/* override 32 with ample memory: the same refusal */
	vllm_plan(1, 512, PAGE * 1024);
	plan.engine.vllm.num_gpu_blocks_override = 32;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "max seq len (512)"));
	/* 33 blocks: 32 usable -> accepted */
	vllm_plan(1, 512, PAGE * 33);
	ck_assert_uint_eq(blocks_of(), 33);
	/* before 0.25.0 (PR #47272) 32 blocks were accepted */
	vllm_plan(1, 512, PAGE * 32);
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.24.0");
	ck_assert_uint_eq(blocks_of(), 32);
}
END_TEST

/* test_auto_fit_max_model_len_reserves_null_block: memory for exactly
 * 64 blocks, max_model_len 1024 -> 63 x 16 = 1,008. kvplan has no
 * auto-fit (max_model_len -1); the same search names its figure in the
 * refusal of max_model_len 1024 and in max_len_fit. */
START_TEST(vllm_auto_fit_null_block)
{
	vllm_plan(1, 1024, PAGE * 64);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "estimated maximum model length is 1008") != NULL,
	              "%s", res.error.msg);
	plan.engine.vllm.max_model_len = 1008;
	ck_assert_uint_eq(blocks_of(), 64);
	ck_assert_uint_eq(res.engine.max_len_fit, 1008);
}
END_TEST

/* test_check_enough_kv_cache_memory_respects_num_gpu_blocks_override:
 * override 32, max_model_len 16,384 (needs 1,024 blocks), 2 layers,
 * memory for 1,024 -> refused "max seq len". */
START_TEST(vllm_override_admission)
{
	vllm_plan(2, 16384, PAGE * 2 * 1024);
	plan.engine.vllm.num_gpu_blocks_override = 32;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "max seq len (16384)"));
	/* without the override the memory holds it: 1,024 blocks, 1,023
	 * usable, 1,024 needed -> still refused by the null block; 1,025 */
	plan.engine.vllm.num_gpu_blocks_override = 0;
	plan.engine.vllm.kv_cache_memory_bytes = PAGE * 2 * 1025;
	ck_assert_uint_eq(blocks_of(), 1025);
}
END_TEST

/* test_get_kv_cache_configs_pp_sharding: max_model_len 512, one layer
 * per PP stage, each stage memory for 512 / 16 + 1 = 33 blocks -> 33.
 * (The asymmetric case, more memory on stage 2, is not a kvplan input:
 * one budget per GPU.) */
START_TEST(vllm_pp_sharding)
{
	vllm_plan(2, 512, PAGE * 33);
	plan.engine.vllm.pipeline_parallel_size = 2;
	ck_assert_uint_eq(blocks_of(), 33);
}
END_TEST

/* test_get_kv_cache_configs_multiple_workers, max_model_len 16: 2 layers
 * on one worker, memory 2 x 10 pages -> 10 blocks; PP with layer1 on
 * stage 0 and layer2, layer3 on stage 1, memory 2 x 10 pages each ->
 * 10 (the smaller). Different memory per TP rank is not a kvplan
 * input. */
START_TEST(vllm_multiple_workers)
{
	vllm_plan(2, 16, PAGE * 2 * 10);
	ck_assert_uint_eq(blocks_of(), 10);
	vllm_plan(3, 16, PAGE * 2 * 10);
	plan.engine.vllm.pipeline_parallel_size = 2;
	plan.devices.pp_layers[0] = 1;
	plan.devices.pp_layers[1] = 2;
	ck_assert_uint_eq(blocks_of(), 10);
}
END_TEST

/* test_estimate_max_model_len: Qwen1.5-7B shape, 32 layers of 32 KV
 * heads x 128, float16, block 16, 8 GiB; max_model_len 16,385 ->
 * 16,384 (1,024 blocks x 8 MiB = 8 GiB), 16,383 -> 16,383. The test
 * calls estimate_max_model_len itself, which holds nothing back; kvplan
 * reports it through the admission check, which from 0.25.0 holds the
 * null block back, so the release here is 0.24.0. */
START_TEST(vllm_estimate_max_model_len)
{
	vllm_plan(32, 16385, 8ull << 30);
	plan.model.q_heads = plan.model.base.kv_heads = 32;
	plan.model.base.k_dim = plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.engine.vllm.max_num_batched_tokens = 32768;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.24.0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_msg(strstr(res.error.msg, "estimated maximum model length is 16384") != NULL,
	              "%s", res.error.msg);
	plan.engine.vllm.max_model_len = 16383;
	ck_assert_uint_eq(blocks_of(), 1024);
	ck_assert_uint_eq(res.engine.max_len_fit, 16383);
}
END_TEST

/* test_get_max_concurrency_for_kv_cache_config: Qwen1.5-7B shape (32 x
 * 128 KV heads... 32 layers, f16, block 16), max_model_len 16,384,
 * max_num_batched_tokens 1,024. num_blocks is set with
 * --num-gpu-blocks-override (the test builds the KVCacheConfig).
 *  full attention, 1,536 blocks: 1,536 / 1,024 = 1.5
 *  sliding 1,024, 387 blocks: ceil((1,023 + 1,024) / 16) + 1 = 129
 *    blocks a request -> 3
 *  32 full + 32 sliding, (1,024 + 129) x 3 blocks -> 3, and
 *    get_kv_cache_capacity: tokens = 3 x 16,384 = 49,152.
 * The "unequal groups" and UniformTypeKVCacheSpecs cases build groups
 * get_kv_cache_groups would not form (32 full beside 2 sliding); kvplan
 * groups layers as vLLM does, so they are not expressible. */
START_TEST(vllm_max_concurrency)
{
	vllm_plan(32, 16384, 0);
	plan.model.q_heads = plan.model.base.kv_heads = 32;
	plan.model.base.k_dim = plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.engine.vllm.max_num_batched_tokens = 1024;
	plan.engine.vllm.num_gpu_blocks_override = 1536;
	ck_assert_uint_eq(blocks_of(), 1536);
	ck_assert_uint_eq(res.engine.concurrency_x100, 150);
	ck_assert_uint_eq(res.engine.tokens, 24576);   /* int(1.5 x 16,384) */

	add_rule("0-31:kind=sliding,window=1024");
	plan.engine.vllm.num_gpu_blocks_override = 129 * 3;
	ck_assert_uint_eq(blocks_of(), 387);
	ck_assert_uint_eq(res.engine.concurrency_x100, 300);
	ck_assert_uint_eq(res.engine.tokens, 3ull * 16384);

	plan.model.n_layers = 64;
	plan.model.n_rules = 0;
	add_rule("32-63:kind=sliding,window=1024");
	plan.engine.vllm.num_gpu_blocks_override = (1024 + 129) * 3;
	ck_assert_uint_eq(blocks_of(), 3459);
	ck_assert_uint_eq(res.engine.concurrency_x100, 300);
	/* num_tokens == max_concurrency x max_model_len */
	ck_assert_uint_eq(res.engine.tokens, 3ull * 16384);
	ck_assert_ptr_nonnull(strstr(res.engine.lines[0], "GPU KV cache size: 49,152 tokens"));
	/* before 0.22.0 (PR #42206): 3,459 // 2 groups x 16 = 27,664 */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	ck_assert_uint_eq(blocks_of(), 3459);
	ck_assert_uint_eq(res.engine.tokens, 27664);
}
END_TEST

/* test_kv_cache_interface.py (@68f3362c) TestFullAttentionSpec: block 16,
 * 4 KV heads x 64, float16. page = 2 x 16 x 4 x 64 x 2 = 16,384 B;
 * bytes_for_tokens(16, 17, 32, 53) = 1, 2, 2, 4 pages; MLA (use_mla):
 * 16 x 4 x 64 x 2 = 8,192 B, kvplan's latent of 256 (192 + 64 rope);
 * block sizes 8..64: 3B + 5 tokens take 4 pages of 2 x B x 512 B. One
 * layer, one sequence of N tokens: kv.bytes_per_sequence. */
START_TEST(vllm_interface_page_sizes)
{
	static const uint64_t toks[] = { 16, 17, 32, 53 }, pages[] = { 1, 2, 2, 4 };
	static const uint32_t bs[] = { 8, 16, 32, 64 };
	size_t i;

	for (i = 0; i < 4; i++) {
		vllm_plan(1, 4096, 1ull << 30);
		plan.model.base.kv_heads = 4;
		plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
		set_len(toks[i]);
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
		ck_assert_uint_eq(res.engine.page_bytes, 16384);
		ck_assert_uint_eq(res.kv.bytes_per_sequence, pages[i] * 16384);
	}
	vllm_plan(1, 4096, 1ull << 30);
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.mla.kv_lora_rank = 192;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.page_bytes, 8192);
	for (i = 0; i < 4; i++) {
		vllm_plan(1, 4096, 1ull << 30);
		plan.model.base.kv_heads = 4;
		plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
		plan.engine.vllm.block_size = bs[i];
		set_len(3ull * bs[i] + 5);
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
		ck_assert_uint_eq(res.engine.page_bytes, 2ull * bs[i] * 4 * 64 * 2);
		ck_assert_uint_eq(res.kv.bytes_per_sequence, 4 * res.engine.page_bytes);
	}
}
END_TEST

/* ---- TensorRT-LLM ------------------------------------------------- */

/* test_resource_manager.py @02dc40f1 uses a model of head_size 1
 * (hidden 2 / 2 heads, or 64 / 64) and 8 KV heads in fp16: 2 x 8 x 1 x
 * 2 B = 32 B per token per layer (its cache_bytes_per_token_per_layer). */
static void trt_plan(uint32_t n, uint64_t max_seq)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = n;
	plan.model.q_heads = plan.model.base.kv_heads = 8;
	plan.model.base.k_dim = plan.model.base.v_dim = 1;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F16);
	plan.model.arch.max_positions = max_seq;
	plan.engine.kind = KVP_ENGINE_TRTLLM;
	plan.engine.trtllm.tokens_per_block = 32;
	plan.engine.trtllm.free_gpu_memory_fraction = 1000000;
	plan.devices.n_groups = 0;
	set_len(1);
}

/* test_adjust_window_sizes_for_vswa: windows 100 (layers 0-3), 200
 * (4-6), 7000 (7-8), 32 B per token per layer, the pool
 * max_gpu_total_bytes:
 *  1: 32 x (100 x 4 + 130 x 5) + 4 -> {100: 0-3, 130: 4-8}
 *  2: 32 x (100 x 4 + 200 x 3 + 1017 x 2) + 4 -> {100, 200, 1017}
 *  3: 32 x (100 x 4 + 200 x 3 + 7000 x 2) + 9402 -> unchanged
 *  4: 32 x 51 x 9 + 1 -> {51: all}
 *  5: max_tokens 134, 32 x (100 x 4 + 134 x 5) + 4 -> {100, 134: 4-8}
 * Blocks (calculate_max_num_blocks_for_vswa, equal shares, 32 tokens a
 * block), case 1: pool 100 has 4 x 32 = 128 B a token: 33,604 x 0.5 /
 * 128 = 131.27 tokens -> 4 blocks; pool 130: 5 x 32 = 160 B: 16,802 /
 * 160 = 105.01 -> 3 blocks. */
START_TEST(trt_adjust_window_sizes)
{
	static const struct {
		uint64_t mem, max_tokens;
		uint32_t n;
		uint64_t win[3], layers[3];
	} c[] = {
		{ 32ull * (100 * 4 + 130 * 5) + 4, 0, 2, { 100, 130 }, { 4, 5 } },
		{ 32ull * (100 * 4 + 200 * 3 + 1017 * 2) + 4, 0, 3, { 100, 200, 1017 }, { 4, 3, 2 } },
		{ 32ull * (100 * 4 + 200 * 3 + 7000 * 2) + 9402, 0, 3, { 100, 200, 7000 }, { 4, 3, 2 } },
		{ 32ull * 51 * 9 + 1, 0, 1, { 51 }, { 9 } },
		{ 32ull * (100 * 4 + 134 * 5) + 4, 134, 2, { 100, 134 }, { 4, 5 } },
	};
	size_t k;
	uint32_t j;

	for (k = 0; k < sizeof c / sizeof c[0]; k++) {
		trt_plan(9, 7000);
		add_rule("0-3:kind=sliding,window=100");
		add_rule("4-6:kind=sliding,window=200");
		plan.engine.trtllm.max_gpu_total_bytes = c[k].mem;
		plan.engine.trtllm.max_tokens = c[k].max_tokens;
		ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "case %zu: %s", k + 1,
		              res.error.msg);
		ck_assert_uint_eq(res.engine.budget_bytes, c[k].mem);
		ck_assert_uint_eq(res.engine.n_pools, c[k].n);
		for (j = 0; j < c[k].n; j++) {
			ck_assert_uint_eq(res.engine.pools[j].window, c[k].win[j]);
			ck_assert_uint_eq(res.engine.pools[j].layers, c[k].layers[j]);
		}
	}
	/* case 1's blocks, worked above */
	trt_plan(9, 7000);
	add_rule("0-3:kind=sliding,window=100");
	add_rule("4-6:kind=sliding,window=200");
	plan.engine.trtllm.max_gpu_total_bytes = c[0].mem;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.pools[0].blocks, 4);
	ck_assert_uint_eq(res.engine.pools[1].blocks, 3);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 4ull * 32);
	ck_assert_uint_eq(kvp_layer_rec(&res, 8)->slots, 3ull * 32);
	ck_assert_str_eq(res.engine.lines[1],
	                 "Window size = 130, primary_blocks: 3, secondary_blocks: 0");
	/* before 1.0.0 (kvplan/era.h): one pool, every layer full size:
	 * 33,604 // (9 x 32 x 32) = 3 blocks */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.21.0");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.n_pools, 0);
	ck_assert_uint_eq(res.engine.blocks, 3);
}
END_TEST

/* test_calculate_max_num_blocks_for_vswa: 4 layers, 8 KV heads of head
 * size 1 (hidden 64 / 64 heads), fp16, windows [64, 128] (layers 0, 2
 * and 1, 3), tokens_per_block 32, free memory 128 MiB:
 *  1: fraction 0.1, max_gpu_total_bytes 32 MiB, host_cache_size 32 MiB
 *     -> primary 32 MiB (the fraction ignored), secondary 32 MiB
 *  2: fraction 0.1 alone -> primary int(128 MiB x 0.1) = 13,421,772,
 *     secondary 0.
 * Blocks by hand: a window's 2 layers take 2 x 32 = 64 B a token;
 * case 1: 33,554,432 x 0.5 / 64 = 262,144 tokens -> 8,192 blocks per
 * window, primary and secondary alike; case 2: 13,421,772 x 0.5 / 64 =
 * 104,857.59 tokens -> 3,276 blocks. */
START_TEST(trt_max_gpu_total_bytes_and_host_pool)
{
	uint64_t used;

	trt_plan(4, 128);
	add_rule("0-3/2:kind=sliding,window=64");
	/* a card whose free memory after the load is 128 MiB: find what
	 * the load takes with the whole free memory as budget */
	plan.devices.n_groups = 1;
	plan.devices.groups[0].count = 1;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	used = (80ull << 30) - res.engine.budget_bytes;
	plan.devices.groups[0].card.capacity_bytes = used + (128ull << 20);
	plan.engine.trtllm.free_gpu_memory_fraction = 100000;

	plan.engine.trtllm.max_gpu_total_bytes = 32ull << 20;
	plan.engine.trtllm.host_cache_size = 32ull << 20;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes, 32ull << 20);
	ck_assert_uint_eq(res.engine.n_pools, 2);
	ck_assert_uint_eq(res.engine.pools[0].blocks, 8192);
	ck_assert_uint_eq(res.engine.pools[1].blocks, 8192);
	ck_assert_uint_eq(res.engine.host_blocks, 2 * 8192);

	plan.engine.trtllm.max_gpu_total_bytes = 0;
	plan.engine.trtllm.host_cache_size = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.budget_bytes, 13421772);
	ck_assert_uint_eq(res.engine.pools[0].blocks, 3276);
	ck_assert_uint_eq(res.engine.host_blocks, 0);
}
END_TEST

/* ---- SGLang ------------------------------------------------------- */

/* DeepSeek-V3.2 under SGLang (NSATokenToKVPool): 61 MLA layers, latent
 * 512 + 64, indexer keys of 128, fp8 cache, page 64. The public log of
 * sglang PR #11309 prints "KV Cache is allocated. #tokens: 975424, KV
 * size: 43.67 GB" (tests/data/logs/wordings.tsv). By hand, per token and
 * layer: latent 512 fp8 + 512 / 128 x 4 = 16 B of scales + 64 x 2 B of
 * bf16 rope = 656 B, indexer 128 + 128 / 128 x 4 = 132 B: 788 B; the
 * pool holds 975,424 + 64 (page_size) slots: 975,488 x 61 x 788 =
 * 46,889,757,184 B = 43.669 GiB -> "43.67". The tokens come from the
 * profile's cell, (512 + 64) x 1 + 132 = 708 B per layer: a budget of
 * 61 x 708 x 1,000 B holds 1,000 tokens (not 61 x 788 x 1,000 / ...). */
/* DeepSeek-V3.2's shape (61 MLA layers, latent 512 + 64, indexer 128),
 * fp8 cache, SGLang with pages of 64: the two NSA cases below. */
static void nsa_plan(void)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 61;
	plan.model.base.kind = KVP_LAYER_MLA;
	plan.model.q_heads = 128;
	plan.model.base.kv_heads = 1;
	plan.model.mla.kv_lora_rank = 512;
	plan.model.mla.qk_rope_head_dim = 64;
	plan.model.mla.qk_nope_head_dim = 128;
	plan.model.mla.v_head_dim = 128;
	plan.model.indexer.head_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_FP8);
	plan.model.arch.max_positions = 163840;
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.page_size = 64;
}

START_TEST(sglang_nsa_fp8_layout)
{
	nsa_plan();
	plan.engine.sglang.max_total_tokens = 975424;
	plan.devices.n_groups = 0;
	set_len(1);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes_per_position, 788);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->index_row_bytes, 132);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 975488);
	ck_assert_uint_eq(res.kv.bytes, 46889757184ull);
	ck_assert_uint_eq(res.kv.index_bytes, 975488ull * 61 * 132);
	ck_assert_str_eq(res.engine.lines[0],
	                 "KV Cache is allocated. #tokens: 975424, KV size: 43.67 GB");
	/* bf16: the latent (512 + 64) x 2 = 1,152 B + 132 = 1,284 B */
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes_per_position, 1284);
	/* before 0.5.3 (kvplan/era.h) SGLang had no DSA pool: refused */
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.5.2");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "from 0.5.3 on"));
}
END_TEST

/* The token count comes from the profile's cell (get_cell_size_per_token):
 * fp8, 61 layers: (576 x 1 + 132) x 61 = 43,188 B a token. A card of
 * capacity C with mem_fraction_static 1 and no weights beyond what the
 * weight stage counts: tokens = budget // 43,188, whole pages of 64. */
START_TEST(sglang_nsa_profile_cell)
{
	uint64_t budget;

	nsa_plan();
	plan.engine.sglang.mem_fraction_static = 1000000;
	plan.devices.groups[0].card.capacity_bytes = 2000ull << 30;
	set_len(1);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	budget = res.engine.budget_bytes;
	ck_assert_uint_gt(budget, 0);
	ck_assert_uint_eq(res.engine.tokens, budget / 43188 / 64 * 64);
}
END_TEST

/* SGLang's SWAKVPool (kvplan/era.h SGLANG_SWA_POOL; sglang@001ccef0
 * model_runner_kv_cache_mixin.py set_num_tokens_hybrid_swa,
 * swa_memory_pool.py). MiMo-V2-Flash's shape: 48 layers, 39 sliding (8
 * KV heads) and 9 full (4 KV heads), head 192, V head 128, bf16, tp 4,
 * page 64 (the command of sglang PR #18039, "--tp-size 4 ... --page-size
 * 64"). Per rank: a sliding layer 2 x (192 + 128) x 2 = 1,280 B a token
 * (S), a full one 1 x 320 x 2 = 640 B (F). That PR's log (before its
 * fix, https://github.com/sgl-project/sglang/pull/18039) prints
 *   Use sliding window memory pool. full_layer_tokens=375360, swa_layer_tokens=300288
 *   KV Cache is allocated. #tokens: 300288, K size: 8.38 GB, V size: 5.59 GB
 * Its profiled T came from the budget before the fix; here T is chosen
 * so the current rule gives the same pools: T = 308,096 (4,814 pages):
 * T x (640 x 9 + 1,280 x 39) = 308,096 x 55,680 B, over 640 x 9 + 0.8 x
 * 1,280 x 39 = 45,696 -> 375,411.03 -> 375,411 -> 375,360 (whole pages);
 * swa = int(375,360 x 0.8) = 300,288 (a whole page count, 4,692).
 * The sliding pool's line, by hand: (300,288 + 64) x 39 x 2 x 192 x 2 B
 * = 8,996,143,104 B = 8.378 GiB -> "8.38"; V (300,352 x 39 x 2 x 128 x
 * 2) = 5,997,428,736 B = 5.585 GiB -> "5.59": both as printed. The full
 * pool: 375,424 x 9 x 192 x 2 = 1,297,465,344 B -> "1.21", V 864,976,896
 * B -> "0.81"; SWAKVPool's sum 17,156,014,080 B = 15.978 GiB -> "15.98". */
static void mimo_plan(void)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 48;
	plan.model.base.kv_heads = 4;
	plan.model.base.k_dim = 192;
	plan.model.base.v_dim = 128;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.model.arch.max_positions = 262144;
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "mimo_v2_flash");
	add_rule("9-47:kind=sliding,window=128,kv_heads=8");
	plan.engine.kind = KVP_ENGINE_SGLANG;
	plan.engine.sglang.page_size = 64;
	plan.engine.sglang.max_total_tokens = 308096;
	plan.devices.n_groups = 0;
	plan.devices.tp = 4;
	set_len(1);
}

START_TEST(sglang_swa_pool_mimo)
{
	mimo_plan();
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_str_eq(res.engine.lines[0], "Use sliding window memory pool. "
	                 "full_layer_tokens=375360, swa_layer_tokens=300288");
	ck_assert_str_eq(res.engine.lines[1], "KV Cache is allocated. #tokens: 300288, "
	                 "K size: 8.38 GB, V size: 5.59 GB");
	ck_assert_str_eq(res.engine.lines[2], "KV Cache is allocated. #tokens: 375360, "
	                 "K size: 1.21 GB, V size: 0.81 GB");
	ck_assert_str_eq(res.engine.lines[3], "SWAKVPool mem usage: 15.98 GB, swa size: "
	                 "300288, full size: 375360");
	ck_assert_uint_eq(res.engine.tokens, 375360);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 375424);
	ck_assert_uint_eq(kvp_layer_rec(&res, 9)->slots, 300352);
	/* all ranks: (1,297,465,344 + 864,976,896 + 8,996,143,104 +
	 * 5,997,428,736) x 4 = 17,156,014,080 x 4 */
	ck_assert_uint_eq(res.kv.bytes, 17156014080ull * 4);
	ck_assert_uint_eq(res.engine.n_pools, 2);
	ck_assert_uint_eq(res.engine.pools[1].blocks, 300288 / 64);
	/* a ratio of 0.5: den 5,760 + 0.5 x 49,920 = 30,720; 308,096 x
	 * 55,680 / 30,720 = 558,424.x -> 558,400 (pages of 64); swa
	 * int(558,400 x 0.5) = 279,200 -> 279,168 (4,362 pages) */
	plan.engine.sglang.swa_full_tokens_ratio = 500000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.engine.tokens, 558400);
	ck_assert_uint_eq(kvp_layer_rec(&res, 9)->slots, 279168 + 64);
	/* sliding layers of two shapes: refused naming the layer */
	plan.engine.sglang.swa_full_tokens_ratio = 0;
	add_rule("47:kv_heads=4");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "model.layers[47]"));
}
END_TEST

/* MiMo-V2.5's configs say model_type mimo_v2 (MiMoV2ForCausalLM), which
 * SGLang's is_hybrid_swa_model lists beside MiMoV2FlashForCausalLM
 * (*MIMO_V2_MODEL_ARCHS): the same two pools, the same figures as above. */
START_TEST(sglang_swa_pool_mimo_v2)
{
	mimo_plan();
	snprintf(plan.model.model_type, sizeof plan.model.model_type, "mimo_v2");
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_str_eq(res.engine.lines[0], "Use sliding window memory pool. "
	                 "full_layer_tokens=375360, swa_layer_tokens=300288");
	ck_assert_uint_eq(res.kv.bytes, 17156014080ull * 4);
	ck_assert_uint_eq(res.engine.n_pools, 2);
}
END_TEST

/* Reconcile reads SWAKVPool's lines: PR #18039's log
 * (tests/data/logs/sglang-swa-18039.log) against the MiMo plan above.
 * The sizing line's two counts are the full and the sliding pool's
 * tokens; a device's first "KV Cache is allocated" line is the sliding
 * pool, priced by the sliding layers only, its 300,288 tokens + 64 pad
 * slots: 300,352 x 39 x 2 x 192 x 2 = 8,996,143,104 B against "8.38 GB",
 * V 5,997,428,736 B against "5.59 GB" (without the pad slots V would be
 * 5,996,150,784 B = 5.584 GiB, "5.58": the page counts). Every figure
 * compared matches. */
START_TEST(sglang_swa_log_reconciled)
{
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	uint32_t i, swa_k = 0, swa_tok = 0, full_tok = 0;

	mimo_plan();
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	kvp_log_init(&log);
	ck_assert_int_eq(kvp_log_parse_file(&log, KVPLAN_SRC_LOG, &err), KVP_OK);
	ck_assert_int_eq(kvp_reconcile(&plan, &res, log.engine, log.obs, log.n_obs,
	                               4, 0, &rec, &err), KVP_OK);
	ck_assert_uint_eq(rec.n_arithmetic_mismatch, 0);
	for (i = 0; i < rec.n_rows; i++) {
		const struct kvp_rec_row *r = &rec.rows[i];

		if (!r->has_computed)
			continue;
		ck_assert_msg(r->match, "%s: %llu vs %llu", r->figure,
		              (unsigned long long)r->computed,
		              (unsigned long long)r->observed);
		if (strstr(r->figure, "(swa)") && r->computed == 300288)
			swa_tok++;
		if (strstr(r->figure, "(full)") && r->computed == 375360)
			full_tok++;
		if (strstr(r->figure, "K") && strstr(r->figure, "(swa)") &&
		    r->computed == 300352ull * 39 * 2 * 192 * 2)
			swa_k++;
	}
	ck_assert_uint_ge(swa_tok, 1);
	ck_assert_uint_ge(full_tok, 1);
	ck_assert_uint_ge(swa_k, 1);
}
END_TEST

/* transformers' SyntheticCacheTest @00b1f96a (setUp above): one layer,
 * one KV head of dim 1, float32, max_cache_len 4, one row (batch 1). */
static void hf_plan(const char *rule, uint64_t len)
{
	kvp_plan_default(&plan);
	plan.model.n_layers = 1;
	plan.model.q_heads = 1;
	plan.model.base.kv_heads = 1;
	plan.model.base.k_dim = plan.model.base.v_dim = 1;
	plan.model.base.k_fmt = plan.model.base.v_fmt = kvp_format_plain(KVP_DT_F32);
	if (rule)
		add_rule(rule);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.engine.transformers.cache = KVP_HF_STATIC;
	plan.engine.transformers.max_cache_len = 4;
	plan.devices.n_groups = 0;
	set_len(len);
}

/* test_static_cache: a full layer of max_cache_len 4 holds positions
 * 0-3 (Scenario 2 fills it to capacity): 4 x 8 B = 32 B.
 * test_static_cache_out_of_bounds: position max_cache_len (the 5th
 * token) raises IndexError - kvplan refuses a 5-token sequence. */
START_TEST(hf_static_out_of_bounds)
{
	hf_plan(NULL, 4);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 4);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 32);
	hf_plan(NULL, 5);
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.transformers.max_cache_len"));
}
END_TEST

/* test_sliding_window_cache, Scenario 3 ("Long prompt handling"): the
 * layer slides (layer_types = ["sliding_attention"]), window 4; a
 * 6-token prompt, longer than max_cache_len 4, is accepted and the layer
 * keeps its last 4 positions ([3.0, 4.0, 5.0, 6.0]): min(4, 4) x 8 B =
 * 32 B, whatever the length (7, 1,000 tokens: still 32 B). A model with
 * a full layer beside it (two layers, HybridCache) is still refused:
 * the full layer overruns at position 4. */
START_TEST(hf_all_sliding_longer_than_max_cache_len)
{
	hf_plan("0:kind=sliding,window=4", 6);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->slots, 4);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 32);
	ck_assert_uint_eq(res.kv.bytes, 32);
	set_len(1000);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 32);
	/* a window of 8 over max_cache_len 4: clamped to min(8, 4) = 4 */
	hf_plan("0:kind=sliding,window=8", 6);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 32);
	/* chunked layers (ChunkedSlidingLayer) roll the same way */
	hf_plan("0:kind=chunked,window=4", 6);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->bytes, 32);
	/* test_hybrid_cache's layout: full + sliding; 6 tokens overrun the
	 * full layer */
	hf_plan("1:kind=sliding,window=4", 6);
	plan.model.n_layers = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "engine.transformers.max_cache_len"));
}
END_TEST

/* engine.version: TensorRT-LLM and SGLang releases are keys now
 * (kvplan/era.h); a text that is no release is refused naming the field;
 * llama.cpp and transformers still refuse any release. */
START_TEST(releases_accepted)
{
	struct kvp_error err;
	struct kvp_engine_opts o;

	ck_assert_int_eq(kvp_engine_version_check(KVP_ENGINE_TRTLLM, "1.0.0rc4", &err), KVP_OK);
	ck_assert_int_eq(kvp_engine_version_check(KVP_ENGINE_SGLANG, "v0.5.2", &err), KVP_OK);
	ck_assert_int_eq(kvp_engine_version_check(KVP_ENGINE_SGLANG, "x1", &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "engine.version: 'x1' - a sglang release"));
	ck_assert_int_eq(kvp_engine_version_check(KVP_ENGINE_TRANSFORMERS, "4.56.0", &err),
	                 KVP_EINVAL);
	kvp_engine_defaults(&o);
	o.kind = KVP_ENGINE_TRTLLM;
	snprintf(o.version, sizeof o.version, "0.21.0");
	ck_assert(!kvp_era_has(&o, KVP_ERA_TRTLLM_VSWA));
	snprintf(o.version, sizeof o.version, "1.0.0rc4");
	ck_assert(kvp_era_has(&o, KVP_ERA_TRTLLM_VSWA));
	o.kind = KVP_ENGINE_SGLANG;
	snprintf(o.version, sizeof o.version, "0.5.2");
	ck_assert(!kvp_era_has(&o, KVP_ERA_SGLANG_NSA));
	snprintf(o.version, sizeof o.version, "0.5.10");
	ck_assert(kvp_era_has(&o, KVP_ERA_SGLANG_NSA));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("engine_ported");
	TCase *tc = tcase_create("vllm");

	tcase_add_test(tc, vllm_one_worker);
	tcase_add_test(tc, vllm_attention_free);
	tcase_add_test(tc, vllm_null_block);
	tcase_add_test(tc, vllm_auto_fit_null_block);
	tcase_add_test(tc, vllm_override_admission);
	tcase_add_test(tc, vllm_pp_sharding);
	tcase_add_test(tc, vllm_multiple_workers);
	tcase_add_test(tc, vllm_estimate_max_model_len);
	tcase_add_test(tc, vllm_max_concurrency);
	tcase_add_test(tc, vllm_interface_page_sizes);
	suite_add_tcase(s, tc);
	tc = tcase_create("trtllm");
	tcase_add_test(tc, trt_adjust_window_sizes);
	tcase_add_test(tc, trt_max_gpu_total_bytes_and_host_pool);
	suite_add_tcase(s, tc);
	tc = tcase_create("sglang");
	tcase_add_test(tc, sglang_nsa_fp8_layout);
	tcase_add_test(tc, sglang_nsa_profile_cell);
	tcase_add_test(tc, sglang_swa_pool_mimo);
	tcase_add_test(tc, sglang_swa_pool_mimo_v2);
	tcase_add_test(tc, sglang_swa_log_reconciled);
	tcase_add_test(tc, releases_accepted);
	suite_add_tcase(s, tc);
	tc = tcase_create("transformers");
	tcase_add_test(tc, hf_static_out_of_bounds);
	tcase_add_test(tc, hf_all_sliding_longer_than_max_cache_len);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
