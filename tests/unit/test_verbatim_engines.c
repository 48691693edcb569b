/*
 * test_verbatim_engines.c - the verbatim Hub configs of the hybrid
 * families (tests/data/hf/verbatim, sources in its SOURCES.md) under the
 * engines, where the engines differ from the generic figures of
 * test_import_verbatim.c. Every expected figure is worked by hand below
 * from the config's keys and the engine rule kvplan follows, as cited in
 * src/core/engines/vllm/engine_vllm.c and engine_llamacpp.c:
 *
 * vLLM 0.24.0 (engine.version pinned: the capacity figure of PR #42206,
 * in from 0.22.0, and no null block, PR #47272, in from 0.25.0;
 * kvplan/era.h), block_size 16, max_num_batched_tokens 8,192,
 * --kv-cache-memory-bytes 2^32 = 4,294,967,296 (2^33 for Gemma 3), max_model_len 32,768:
 *   vllm/v1/kv_cache_interface.py page = block x bytes per token;
 *   vllm/platforms/interface.py (hybrid Mamba, mamba_cache_mode none):
 *     attention block = 16 x ceil(state / (16 x attention B per token)),
 *     the state padded up to the attention page;
 *   vllm/v1/core/kv_cache_utils.py: group size = the smallest per-type
 *     layer count, or the largest when largest < 1.5 x smallest; the
 *     pool's block is page x group size; num_blocks = budget // that;
 *     "GPU KV cache size" = int(num_blocks / (blocks one max_model_len
 *     request takes over all groups) x max_model_len);
 *   vllm/model_executor/layers/mamba/mamba_utils.py
 *     _mamba_state_dtype: conv state in the model's dtype (bf16 for
 *     these configs, --mamba-cache-dtype auto), SSM state in the config's
 *     mamba_ssm_dtype / mamba_ssm_cache_dtype (float32 in both).
 * llama.cpp (upstream 84f71294, src/llama-kv-cache-iswa.cpp; PR #13194
 * the SWA cache, PR #13833 n_ubatch in its size), -c 4,096, -np 1, -b
 * 2,048, -ub 512, f16 K and V:
 *   non-SWA cache: pad256(4,096) = 4,096 cells;
 *   SWA cache: pad256(min(4,096, n_swa + n_ubatch 512)) cells.
 *   (R and S in f32 for recurrent layers: test_import_verbatim.c.)
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/engine.h"
#include "kvplan/import.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#include "one_sequence.h"

#define DATA KVP_SRCDIR "/tests/data/hf/verbatim/"

static struct kvp_plan plan;
static struct kvp_result res;

static void import_file(const char *name)
{
	char path[512];
	struct kvp_notes notes;
	struct kvp_error err;

	kvp_plan_default(&plan);
	snprintf(path, sizeof path, "%s%s", DATA, name);
	ck_assert_msg(kvp_hf_import_path(path, &plan.model, &notes, &err) ==
	              KVP_OK, "%s: %s", name, err.msg);
	one_sequence_plan(&plan, 4096);
}

static void vllm_budget(const char *name, uint64_t budget)
{
	import_file(name);
	/* the model's own cache format (bf16): vLLM's kv_cache_dtype auto */
	plan.model.base.k_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.model.base.v_fmt = kvp_format_plain(KVP_DT_BF16);
	plan.engine.kind = KVP_ENGINE_VLLM;
	snprintf(plan.engine.version, sizeof plan.engine.version, "0.24.0");
	plan.engine.vllm.kv_cache_memory_bytes = budget;
	plan.engine.vllm.max_model_len = 32768;
	/* the figures below are worked for 8,192 tokens a step, the API
	 * server's default on an H100 (without a card vLLM's is 2,048) */
	plan.engine.vllm.max_num_batched_tokens = 8192;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", name,
	              res.error.msg);
}

static void vllm(const char *name)
{
	vllm_budget(name, 1ull << 32);
}

static void llamacpp(const char *name)
{
	import_file(name);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s: %s", name,
	              res.error.msg);
}

/*
 * Qwen3.5-27B (gated DeltaNet): 16 full layers, 4 KV x (256 + 256) x 2 =
 * 4,096 B per token; 48 GDN layers, each state conv 30,720 values x 2 B
 * (bf16) = 61,440 + SSM 786,432 x 4 B (text_config.mamba_ssm_dtype
 * float32) = 3,145,728: 3,207,168 B (the generic engine's f32 conv gives
 * 3,268,608).
 *   block 16 x ceil(3,207,168 / 65,536 = 48.94) = 16 x 49 = 784 tokens;
 *   page 784 x 4,096 = 3,211,264 (the state padded by 4,096 B);
 *   48 >= 1.5 x 16: groups of 16, 1 full + 3 GDN = 4 groups, no padding;
 *   pool block 3,211,264 x 16 = 51,380,224; 2^32 // it = 83 blocks;
 *   one 32,768 request: ceil(32,768 / 784) = 42 + 3 x 1 = 45 blocks;
 *   int(83 / 45 x 32,768) = 60,438 tokens.
 */
START_TEST(vllm_qwen35_gdn)
{
	vllm("qwen3.5-27b.json");
	ck_assert_uint_eq(res.engine.block_size, 784);
	ck_assert_uint_eq(res.engine.page_bytes, 51380224);
	ck_assert_uint_eq(res.engine.blocks, 83);
	ck_assert_uint_eq(res.engine.tokens, 60438);
	ck_assert_str_eq(res.engine.lines[0], "Setting attention block size to "
	                 "784 tokens to ensure that attention page size is >= "
	                 "mamba page size.");
}
END_TEST

/*
 * NVIDIA-Nemotron-3-Nano-30B-A3B (Mamba2): 6 attention layers, 2 KV x
 * (128 + 128) x 2 = 1,024 B per token; 23 Mamba2 layers, each state conv
 * 18,432 values x 2 B = 36,864 + SSM 524,288 x 4 B
 * (mamba_ssm_cache_dtype float32) = 2,097,152: 2,134,016 B; 23 'E'
 * blocks keep nothing.
 *   block 16 x ceil(2,134,016 / 16,384 = 130.25) = 16 x 131 = 2,096;
 *   page 2,096 x 1,024 = 2,146,304;
 *   23 >= 1.5 x 6: groups of 6, 1 attention + ceil(23 / 6) = 4 Mamba =
 *   5 groups, 5 x 6 - 29 = 1 padding layer;
 *   pool block 2,146,304 x 6 = 12,877,824; 2^32 // it = 333 blocks;
 *   one 32,768 request: ceil(32,768 / 2,096) = 16 + 4 = 20 blocks;
 *   int(333 / 20 x 32,768) = 545,587 tokens.
 */
START_TEST(vllm_nemotron3_mamba2)
{
	vllm("nemotron-3-nano-30b-a3b-bf16.json");
	ck_assert_uint_eq(res.engine.block_size, 2096);
	ck_assert_uint_eq(res.engine.page_bytes, 12877824);
	ck_assert_uint_eq(res.engine.blocks, 333);
	ck_assert_uint_eq(res.engine.tokens, 545587);
}
END_TEST

/*
 * gpt-oss-120b (sliding): 18 sliding (128) + 18 full layers, 8 KV x
 * (64 + 64) x 2 = 2,048 B per token, page 16 x 2,048 = 32,768 for both.
 *   18 < 1.5 x 18: groups of 18, 2 groups; pool block 32,768 x 18 =
 *   589,824; 2^32 // it = 7,281 blocks;
 *   one 32,768 request: full ceil(32,768 / 16) = 2,048; sliding
 *   ceil(min(128 - 1 + 8,192, 32,768) / 16) + 1 = 520 + 1 = 521;
 *   int(7,281 / 2,569 x 32,768) = 92,870 tokens.
 */
START_TEST(vllm_gpt_oss_sliding)
{
	vllm("gpt-oss-120b.json");
	ck_assert_uint_eq(res.engine.block_size, 16);
	ck_assert_uint_eq(res.engine.page_bytes, 589824);
	ck_assert_uint_eq(res.engine.blocks, 7281);
	ck_assert_uint_eq(res.engine.tokens, 92870);
	/* no card, no setting: vLLM's default 2,048 tokens a step (a device
	 * of under 70 GiB, arg_utils.py get_batch_defaults): sliding
	 * ceil((127 + 2,048) / 16) + 1 = 137, 2,048 + 137 = 2,185 a request;
	 * int(7,281 / 2,185 x 32,768) = 109,191 */
	plan.engine.vllm.max_num_batched_tokens = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 7281);
	ck_assert_uint_eq(res.engine.tokens, 109191);
}
END_TEST

/*
 * gemma-3-27b-it (sliding 1,024 every layer but each 6th): 52 sliding +
 * 10 full, 16 KV x (128 + 128) x 2 = 8,192 B per token, page 16 x 8,192
 * = 131,072 for both.
 *   52 >= 1.5 x 10: groups of 10, 1 full + ceil(52 / 10) = 6 sliding =
 *   7 groups, 70 - 62 = 8 padding layers (vLLM: 8 / 52 = 15.38%); pool
 *   block 131,072 x 10 = 1,310,720;
 *   one 32,768 request: full 2,048; each sliding group
 *   ceil(min(1,024 - 1 + 8,192, 32,768) / 16) + 1 = 576 + 1 = 577, x 6 =
 *   3,462; 5,510 blocks x 1,310,720 = 7,221,886,976 B (6.73 GiB): more
 *   than 2^32, refused there; with 2^33 = 8,589,934,592: 6,553 blocks;
 *   int(6,553 / 5,510 x 32,768) = 38,970 tokens.
 */
START_TEST(vllm_gemma3_sliding_padding)
{
	vllm_budget("gemma-3-27b-it.json", 1ull << 33);
	ck_assert_uint_eq(res.engine.block_size, 16);
	ck_assert_uint_eq(res.engine.page_bytes, 1310720);
	ck_assert_uint_eq(res.engine.blocks, 6553);
	ck_assert_uint_eq(res.engine.tokens, 38970);
	ck_assert_str_eq(res.engine.lines[0], "Add 8 padding layers, may waste "
	                 "at most 15.38% KV cache memory");
	plan.engine.vllm.kv_cache_memory_bytes = 1ull << 32;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
}
END_TEST

/*
 * DeepSeek-V3.2 (DSA) under vLLM >= 0.11.0 (vl_layers.c vl_dsa: the
 * indexer's k_cache, models/deepseek_v2.py DeepseekV32IndexerCache, in
 * the MLA layer's page; FlashMLASparse forces block 64, platforms/cuda.py):
 * 61 MLA layers, latent (512 + 64) x 2 = 1,152 B + indexer keys
 * index_head_dim 128 fp8 + 128 // 128 x 4 B of f32 scale = 132 B:
 * 1,284 B per token and layer, 78,324 for all.
 *   one attention type: the pool block is the sum of the pages,
 *   61 x 64 x 1,284 = 5,012,736; 2^32 // it = 856 blocks;
 *   one 32,768 request: 32,768 / 64 = 512 blocks;
 *   int(856 / 512 x 32,768) = 54,784 tokens.
 * (The generic figure stores the indexer keys in f16: 1,408 B, test_
 * import_verbatim.c; SGLang's NSA layout: test_engine_ported.c.)
 */
START_TEST(vllm_deepseek_v32_dsa)
{
	vllm("deepseek-v3.2.json");
	ck_assert_uint_eq(res.engine.block_size, 64);
	ck_assert_uint_eq(res.engine.page_bytes, 5012736);
	ck_assert_uint_eq(res.engine.blocks, 856);
	ck_assert_uint_eq(res.engine.tokens, 54784);
	ck_assert_uint_eq(res.kv.bytes_per_position, 78324);
	ck_assert_uint_eq(kvp_layer_rec(&res, 0)->index_row_bytes, 132);
}
END_TEST

/*
 * llama.cpp gpt-oss-120b: SWA cells pad256(min(4,096, 128 + 512)) =
 * 768; K 8 x 64 x 2 + V 8 x 64 x 2 = 2,048 B per cell and layer:
 * non-SWA 18 x 4,096 x 2,048 = 150,994,944; SWA 18 x 768 x 2,048 =
 * 28,311,552; total 179,306,496 (generic, T 4,096: 155,713,536).
 */
START_TEST(llamacpp_gpt_oss_iswa)
{
	llamacpp("gpt-oss-120b.json");
	ck_assert_uint_eq(res.engine.cells, 4096);
	ck_assert_uint_eq(res.engine.cells_swa, 768);
	ck_assert_uint_eq(res.kv.bytes, 179306496);
}
END_TEST

/*
 * llama.cpp gemma-3-27b-it: SWA cells pad256(min(4,096, 1,024 + 512)) =
 * 1,536; 16 x 128 x 2 x 2 = 8,192 B per cell and layer: non-SWA 10 x
 * 4,096 x 8,192 = 335,544,320; SWA 52 x 1,536 x 8,192 = 654,311,424;
 * total 989,855,744 (generic: 771,751,936).
 */
START_TEST(llamacpp_gemma3_iswa)
{
	llamacpp("gemma-3-27b-it.json");
	ck_assert_uint_eq(res.engine.cells, 4096);
	ck_assert_uint_eq(res.engine.cells_swa, 1536);
	ck_assert_uint_eq(res.kv.bytes, 989855744);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("verbatim_engines");
	TCase *tc = tcase_create("engines");

	tcase_add_test(tc, vllm_qwen35_gdn);
	tcase_add_test(tc, vllm_nemotron3_mamba2);
	tcase_add_test(tc, vllm_gpt_oss_sliding);
	tcase_add_test(tc, vllm_deepseek_v32_dsa);
	tcase_add_test(tc, vllm_gemma3_sliding_padding);
	tcase_add_test(tc, llamacpp_gpt_oss_iswa);
	tcase_add_test(tc, llamacpp_gemma3_iswa);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(suite)
