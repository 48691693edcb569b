/*
 * era.c - the table of versioned engine rules (kvplan/era.h) and release
 * comparison. Adding a rule is a row here and a test of where the engine
 * file asks kvp_era_has(); the man page's ENGINE RELEASES lists the rows.
 */
#include <stdio.h>   /* snprintf into the caller's error only */
#include <string.h>

#include "kvplan/era.h"

static const struct kvp_era_row rows[] = {
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_V1, "0.8.0",
	  "vLLM v0.8.0 release: V1 enabled by default (docs/source/getting_started/"
	  "v1_user_guide.md, PR #15064: 'To disable V1, set VLLM_USE_V1=0'); V0 "
	  "in vllm/worker/worker.py raise_if_cache_size_invalid",
	  "V1 KV cache manager: sliding/chunked/Mamba layers in their own groups "
	  "(vllm/v1/core/kv_cache_utils.py); refusal 'To serve at least one request "
	  "with the models's max seq len (L), (X GiB KV cache is needed ...'",
	  "V0: every layer holds num_gpu_blocks blocks (sliding layers full size; "
	  "Mamba state in a separate MambaCacheManager, not modelled: refused); "
	  "refusal 'The model's max seq len (L) is larger than the maximum number "
	  "of tokens that can be stored in KV cache (N)', N = blocks x block size" },
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_DSA, "0.11.0",
	  "vLLM PR #25896 '[New Model] DeepSeek-V3.2' (merged 2025-09-29, first "
	  "in v0.11.0): vllm/model_executor/models/deepseek_v2.py Indexer, "
	  "vllm/v1/kv_cache_interface.py MLAAttentionSpec, "
	  "vllm/model_executor/models/config.py DeepseekV32ForCausalLM",
	  "DSA (index_topk) models: each MLA layer also holds an indexer key "
	  "cache of index_head_dim + index_head_dim // 128 x 4 bytes per token "
	  "(uint8: fp8 values and an f32 scale per 128); an fp8 cache becomes "
	  "fp8_ds_mla, 656 B per token (512 fp8 + 4 f32 scales + 64 bf16 RoPE); "
	  "block size forced to 64 (vllm/platforms/cuda.py, FlashMLASparse)",
	  "DeepSeek-V3.2 and other DSA models are not supported: refused" },
	/* PR #42206 (group-aware capacity, get_kv_cache_capacity, discussed
	 * 2026-05-13); v0.19.0 still printed the old figure (issue #40691),
	 * so the first release after the merge, 0.22.0 (2026-06-10), is
	 * taken; 0.20-0.21 are not verified. Pinned by test_kv_cache_utils.py
	 * test_get_max_concurrency_for_kv_cache_config @002f10e0. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_CAPACITY_TOKENS, "0.22.0",
	  "vLLM PR #42206 (vllm/v1/core/kv_cache_utils.py get_kv_cache_capacity, "
	  "update_kv_cache_capacity); issue #40691",
	  "'GPU KV cache size: N tokens' is int(max_concurrency x max_model_len), "
	  "max_concurrency = num_blocks / (blocks one max_model_len request "
	  "takes over all groups)",
	  "N = num_blocks // number of groups x the smallest block size "
	  "(vLLM PR #13596)" },
	/* PR #47272 merged 2026-07-01, the day v0.24.0 was published; first
	 * in v0.25.0 (2026-07-11). test_kv_cache_utils.py
	 * test_check_enough_kv_cache_memory_reserves_null_block,
	 * test_kv_cache_reserves_null_block_for_max_model_len,
	 * test_auto_fit_max_model_len_reserves_null_block @002f10e0. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_NULL_BLOCK, "0.25.0",
	  "vLLM PR #47272 (kv_cache_utils.py check_enough_kv_cache_memory, "
	  "get_kv_cache_configs: check_memory = available - _pool_bytes_per_block)",
	  "one pool block (the BlockPool null block) is held back: a request of "
	  "max_model_len must fit in the budget less one block, and the estimated "
	  "maximum model length is searched in that",
	  "the whole budget (a pool of exactly the blocks one request needs was "
	  "accepted, then hung)" },
	/* PR #45181 (opened 2026-06-10; v0.23.0 was published 2026-06-22,
	 * v0.24.0 2026-07-01): 0.24.0 taken, not verified by a tag.
	 * test_kv_cache_utils.py
	 * test_unify_kv_cache_page_size_uses_padding_for_non_divisible_sizes,
	 * test_unify_kv_cache_spec_page_size_mamba case 4,
	 * test_get_kv_cache_config_one_worker (head 64 + sliding head 96:
	 * 42 blocks) @002f10e0. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_PAD_PAGES, "0.24.0",
	  "vLLM PR #45181 (kv_cache_utils.py unify_kv_cache_spec_page_size: "
	  "padding fallback)",
	  "an attention page that does not divide the largest page is padded to "
	  "it (page_size_padded), its block size kept",
	  "refused: 'The page size of the layer is not divisible by the maximum "
	  "page size. Cannot unify by adjusting block_size.'" },
	/* PR #5151 (PyTorch VSWA KvCacheManager, opened 2025-06-12; the C++
	 * runtime had per-window pools before it); v1.0.0rc2 (2025-07-08) is
	 * the first 1.0 pre-release after it: 1.0.0 taken, not verified by
	 * a tag. test_resource_manager.py test_adjust_window_sizes_for_vswa,
	 * test_calculate_max_num_blocks_for_vswa @02dc40f1. */
	{ KVP_ENGINE_TRTLLM, KVP_ERA_TRTLLM_VSWA, "1.0.0",
	  "TensorRT-LLM PR #5151 (tensorrt_llm/_torch/pyexecutor VSWA helpers: "
	  "adjust_window_sizes_for_vswa, calculate_max_num_blocks_for_vswa)",
	  "one pool per attention window, an equal share of the budget and of "
	  "host_cache_size each; when one sequence of every window does not fit, "
	  "windows are clamped smallest first",
	  "one pool; sliding layers sized as full attention (the PyTorch "
	  "KVCacheManager took one max_seq_len window)" },
	/* DeepSeek-V3.2 support (NSATokenToKVPool); the first public log of
	 * it is sglang PR #11309 (2025-10-07: "#tokens: 975424, KV size: 43.67
	 * GB", reproduced in test_engine_ported.c). Release 0.5.3 taken (the
	 * first after the model's release of 2025-09-29), not verified by a
	 * tag. */
	{ KVP_ENGINE_SGLANG, KVP_ERA_SGLANG_NSA, "0.5.3",
	  "sglang python/sglang/srt/mem_cache/memory_pool.py NSATokenToKVPool "
	  "(quant_block_size 128), model_runner_kv_cache_mixin.py "
	  "calculate_mla_kv_cache_dim, get_cell_size_per_token",
	  "DSA layers store the latent (fp8: kv_lora_rank + kv_lora_rank / 128 x 4 "
	  "+ rope x 2 bytes) and the indexer keys (index_head_dim + "
	  "index_head_dim / 128 x 4 bytes) per token; tokens are sized by "
	  "(kv_lora_rank + rope) x dtype bytes + the indexer row",
	  "DSA models not supported (refused)" },
};

/* Where each engine's current rules come from. */
static const char *const current[KVP_ENGINE_COUNT] = {
	[KVP_ENGINE_GENERIC] = "-",
	[KVP_ENGINE_LLAMACPP] = "84f71294",      /* measured, ENGINES.md */
	[KVP_ENGINE_VLLM] = "main@002f10e0",     /* vllm/config/cache.py:
	                                            gpu_memory_utilization 0.92 */
	[KVP_ENGINE_TRANSFORMERS] = "cache_utils.py (ENGINES.md)",
	[KVP_ENGINE_SGLANG] = "main (memory_pool.py NSATokenToKVPool)",
	[KVP_ENGINE_TRTLLM] = "main@02dc40f1",  /* test_resource_manager.py,
	                                            VSWA helpers read there */
};

const struct kvp_era_row *kvp_era_rows(size_t *n)
{
	*n = sizeof rows / sizeof rows[0];
	return rows;
}

const char *kvp_engine_current_release(enum kvp_engine_kind e)
{
	return (unsigned)e < KVP_ENGINE_COUNT ? current[e] : "?";
}

const char *kvp_engine_release(const struct kvp_engine_opts *o)
{
	return o->version[0] ? o->version : kvp_engine_current_release(o->kind);
}

/* "0.8.5.post1" -> {0, 8, 5}; a leading 'v' and a suffix after the third
 * number (".postN", "rcN", ".devN", "+cu121") are allowed. False when not
 * a release of that form. */
static bool semver(const char *s, unsigned long v[3])
{
	int i;

	if (*s == 'v' || *s == 'V')
		s++;
	for (i = 0; i < 3; i++) {
		unsigned long x = 0;
		int d = 0;

		while (*s >= '0' && *s <= '9' && d < 6) {
			x = x * 10 + (unsigned long)(*s++ - '0');
			d++;
		}
		if (!d)
			return false;
		v[i] = x;
		if (i < 2) {
			if (*s != '.')
				return false;
			s++;
		}
	}
	return *s == '\0' || *s == '.' || *s == '+' || (*s >= 'a' && *s <= 'z');
}

/* a >= b, both releases of the form semver() takes. */
static bool release_at_least(const char *a, const char *b)
{
	unsigned long x[3], y[3];
	int i;

	if (!semver(a, x) || !semver(b, y))
		return true;
	for (i = 0; i < 3; i++)
		if (x[i] != y[i])
			return x[i] > y[i];
	return true;
}

enum kvp_status kvp_engine_version_check(enum kvp_engine_kind e, const char *v,
                                         struct kvp_error *err)
{
	unsigned long x[3];

	if (!v[0])
		return KVP_OK;
	if (e != KVP_ENGINE_VLLM && e != KVP_ENGINE_TRTLLM && e != KVP_ENGINE_SGLANG)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.version: %s - kvplan keys no %s rule by release yet; its "
			"%s rules are those of %s (leave the version empty)", v,
			kvp_engine_name(e), kvp_engine_name(e), kvp_engine_current_release(e));
	if (!semver(v, x))
		return kvp_error_set(err, KVP_EINVAL,
			"engine.version: '%s' - a %s release such as %s", v,
			kvp_engine_name(e), e == KVP_ENGINE_VLLM ? "0.6.4 or 0.8.5.post1" :
			e == KVP_ENGINE_SGLANG ? "0.5.3" : "0.21.0 or 1.0.0rc4");
	return KVP_OK;
}

bool kvp_era_has(const struct kvp_engine_opts *o, enum kvp_era_rule r)
{
	size_t i;

	if (!o->version[0])
		return true;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].rule == r && rows[i].engine == o->kind)
			return release_at_least(o->version, rows[i].landed);
	return true;
}
