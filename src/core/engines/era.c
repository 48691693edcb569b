/*
 * era.c - the table of versioned engine rules (kvplan/era.h) and release
 * comparison. Adding a rule is a row here and a test of where the engine
 * file asks kvp_era_has(); the man page's ENGINE RELEASES lists the rows.
 */
#include <stdio.h>   /* snprintf into the caller's error only */
#include <string.h>

#include "kvplan/era.h"

static const struct kvp_era_row rows[] = {
	/* The release V1 became vLLM's default; within 0.8.0-0.10.x vLLM
	 * still runs V0 by itself on some platforms and options (ROCm,
	 * compute capability below 8.0, --dtype float32, a draft model,
	 * pipeline parallelism): src/core/engines/vllm/vl_engine.c, which
	 * every V0/V1 question of the vLLM profile asks, not this row. */
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
	  "of tokens that can be stored in KV cache (N)', N = blocks x block size", NULL },
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
	  "DeepSeek-V3.2 and other DSA models are not supported: refused", NULL },
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
	  "(vLLM PR #13596)", NULL },
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
	  "accepted, then hung)", NULL },
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
	  "page size. Cannot unify by adjusting block_size.'", NULL },
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
	  "KVCacheManager took one max_seq_len window)", NULL },
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
	  "DSA models not supported (refused)", NULL },
	/* vLLM v0.7.1 (2025-02-01) is the first release whose
	 * models/deepseek_v2.py has DeepseekV2MLAAttention (Attention(...,
	 * head_size=kv_lora_rank + qk_rope_head_dim, num_kv_heads=1,
	 * use_mla=True)); v0.7.0 has not. The PR number (#12601) is the one
	 * the issue names, not verified here. Before: DeepseekV2Attention pads
	 * q, k, v to 256 (SGLang's deepseek_v2.py, "Adapted from vllm@fb6af8bc
	 * models/deepseek_v2.py", keeps that code: pad(k, [0, 256 -
	 * qk_head_dim]), RadixAttention(num_local_heads, 256, ...)). Checked
	 * against vLLM's own log in PR #10927 ("Before", DeepSeek-V2-Lite, 27
	 * layers x 16 heads, fp16, H100): kv_cache_size=35.42GiB, "# GPU
	 * blocks: 5373": 16 x 27 x 16 x (256 + 256) x 2 B = 7,077,888 B a
	 * block, 35.42 GiB // that = 5,373 (192/128 unpadded would give 8,597). */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_MLA, "0.7.1",
	  "vLLM v0.7.1 models/deepseek_v2.py DeepseekV2MLAAttention (MLA "
	  "support for DeepSeek); before: DeepseekV2Attention, checked by the "
	  "'# GPU blocks: 5373' of vLLM PR #10927",
	  "MLA layers cache the latent: one head of kv_lora_rank + "
	  "qk_rope_head_dim values, no V (V0: CacheEngine value_cache_entry 0)",
	  "q, k and v padded to head size 256; every rank caches its q heads "
	  "(num_kv_heads = num_heads / tp) for K and V: 2 x heads x 256 values "
	  "per token per layer", "0.7.0" },
	/* llama.cpp builds: the exact tag of a merge is not known here (the
	 * repository snapshot was too large to fetch), so each rule has the
	 * last release tag known without it and the first known with it, from
	 * dated release listings, and refuses builds in between:
	 *   b4599 shipped 2025-01-30 (node-llama-cpp 3.4.3), b5331 2025-05-09
	 *   and b5423 2025-05-19 (axonzeta/node-llama-cpp 1.1.2, 1.3.0), b5531
	 *   2025-05-29 (a GitHub mirror's release list, head commit PR
	 *   #13881), b7347 2025-12-10 (node-llama-cpp 3.14.5), b8390
	 *   2026-03-17 (node-llama-cpp 3.18.1). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_MLA, "b5331",
	  "llama.cpp PR #12801 'DeepSeek V2/V3 MLA implementation' (merged "
	  "2025-04-15)",
	  "deepseek2 caches the latent: n_head_kv 1, K kv_lora_rank + n_rot, "
	  "V kv_lora_rank (n_embd_head_v_mla)",
	  "every head's K (qk_nope + qk_rope) and V (v_head_dim): not modelled, "
	  "refused", "b4599" },
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_ISWA, "b5531",
	  "llama.cpp PR #13194 'kv-cache : add SWA support' (merged 2025-05-20): "
	  "src/llama-kv-cache-unified-iswa.cpp, --swa-full",
	  "SWA/chunked layers in a second cache of pad256(min(n_ctx_seq, n_swa x "
	  "(unified ? n_seq : 1) + n_ubatch)) cells",
	  "one cache: every layer n_ctx cells (sliding layers full size); no "
	  "--swa-full", "b5423" },
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_MLA_K_ONLY, "b8390",
	  "llama.cpp PR #19067 'kv-cache : support V-less cache' (2026-01-24: "
	  "'almost x2 less memory for the KV cache' of MLA models)",
	  "MLA layers store K only (kv_lora_rank + n_rot); V is a view of it",
	  "V stored as well: kv_lora_rank values per cell per layer "
	  "((512 + 64 + 512) / (512 + 64) = 1.89: 'almost x2')", "b7347" },
	/* #13194 as merged sized the SWA cache min(kv_size, PAD(n_swa x
	 * n_seq_max + n_batch, padding)) (its review thread, slaren: "Shouldn't
	 * n_ubatch be enough here?"); PR #13833 (opened 2025-05-27) made it
	 * n_ubatch. Its merge tag is not known: b6845 (2025-10-26) is the
	 * first tag known to have it, and builds with a SWA cache before it
	 * are refused. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_SWA_UBATCH, "b6845",
	  "llama.cpp PR #13833 'llama : use n_swa + n_ubatch cells for SWA cache'",
	  "the SWA cache is pad256(min(n_ctx_seq, n_swa x (unified ? n_seq : 1) "
	  "+ n_ubatch)) cells",
	  "n_swa x n_seq_max + n_batch cells padded to 32 or 256 (flash "
	  "attention): not modelled, refused", "b5423" },
	/* PR #14363 'llama : add high-throughput mode' (July 2025: streams,
	 * --kv-unified); b5593 shipped 2025-06-05 (axonzeta/node-llama-cpp
	 * 1.4.0) before it, b6845 after. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_STREAMS, "b6845",
	  "llama.cpp PR #14363 'llama : add high-throughput mode' (streams)",
	  "without --kv-unified, n_seq streams of pad256(n_ctx / n_seq) cells",
	  "one cache of n_ctx cells shared by all sequences (as --kv-unified)",
	  "b5593" },
	/* PR #7257 (May 2024) padded the cache to 256 with flash attention
	 * and 32 without; PR #16812 (2025-10-28) removed the padding and PR
	 * #17046 (2025-11-06) restored it as 256 always. b6845 (2025-10-26)
	 * is before both, b7324 (2025-12-08, node-llama-cpp 3.14.4) after. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_PAD256, "b7324",
	  "llama.cpp PR #17046 'kv-cache : pad the cache size to 256 for "
	  "performance' (after PR #16812 removed the padding)",
	  "n_ctx padded to a multiple of 256",
	  "padded to 256 with flash attention, 32 without: a ctx_size that is "
	  "a multiple of 256 is the same, any other is refused", "b6845" },
	/* llama-server's slot cap: server-context.cpp load_model, n_ctx_slot
	 * = llama_n_ctx_seq(ctx), and "if (n_ctx_slot > n_ctx_train) {
	 * SRV_WRN(... - capping); n_ctx_slot = n_ctx_train; }". Issue #17459
	 * (2025-11-24) names cd5e3b57 as the first commit with it, which a
	 * release changelog lists as PR #16736 'server : support unified
	 * cache across slots' (opened 2025-10-23 as work in progress):
	 * b6845 (2025-10-26) is taken as without it by date, not verified;
	 * b7079 has the PR (issue #17300's log: 4 slots from its default
	 * rule, KVP_ERA_LLAMACPP_SLOTS_4 below), so has the cap; b7324
	 * (2025-12-08) has it. PR #22145 (2026-04-20, closed) would
	 * have dropped it; at b10754 the clamp is in n_ctx_slot() and RoPE
	 * scaling (YaRN) lifts it (meta-models/meta-oss-cookbook#37): kvplan
	 * has no RoPE-scaling option, so --max-positions stands for the
	 * lifted n_ctx_train. The server test tools/server/tests/unit/
	 * test_ctx_shift.py pins it (tests/cli/llamacpp_server_tests.sh). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_SLOT_CAP, "b7079",
	  "llama.cpp PR #16736 (cd5e3b57, issue #17459): server-context.cpp "
	  "load_model 'the slot context (N) exceeds the training context of "
	  "the model (M) - capping'",
	  "a llama-server slot holds min(n_ctx_seq, n_ctx_train) positions; a "
	  "longer request is refused ('exceeds the available context size')",
	  "a slot holds n_ctx_seq positions", "b6845" },
	/* llama.cpp's recurrent-state rollback snapshots. PR #22673 'llama +
	 * spec: MTP Support' gave llama_context_params n_rs_seq and
	 * llama_memory_recurrent rows of mem_size x (1 + n_rs_seq) for R and
	 * S (read at am17an/llama.cpp@5122abb5, the fork of the author of
	 * the rollback PR #22400: the stored upstream file predates it); its
	 * log prints "(N cells, L layers, S
	 * seqs R rs_seq)". Release b9180 (2026-05-16) is the tag of that
	 * merge: its release notes are PR #22673 (as summarised by
	 * vllnt.ai's wire of github.com/ggml-org/llama.cpp/releases/tag/
	 * b9180); a Go binding names the same PR for llama_n_rs_seq
	 * (hybridgroup/yzma PR #252, 2026-05-18). Checked against public
	 * lines: PR #23269's log (Qwen3.5-35B-A3B, n_rs_seq 2: 188.44 MiB
	 * = 3 x 62.81) and the comment in PR #22673 (a Qwen3.6-27B at 64
	 * snapshots: 9725.62 MiB = 65 x 149.62). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_RS_SEQ, "b9180",
	  "llama.cpp PR #22673 'llama + spec: MTP Support' (release b9180): "
	  "llama-memory-recurrent.cpp n_rows = mem_size * (1 + n_rs_seq)",
	  "each recurrent layer keeps R and S rows for cells x (1 + n_rs_seq): "
	  "n_rs_seq snapshots per sequence for speculative rollback "
	  "(engine.llamacpp.rs_seq)",
	  "no snapshots: one row per cell (engine.llamacpp.rs_seq above 0 is "
	  "refused)", NULL },
	/* SGLang's hybrid SWA pool. PR #6563 'Hybrid kv cache for LLaMA4'
	 * (review thread 2025-06-27) brought SWAKVPool (first Llama 4 only,
	 * behind --hybrid-kvcache-ratio; gpt-oss then joined with
	 * swa_full_tokens_ratio and, in some releases, the pool disabled by
	 * default in server_args.py); PR #18039 'Fix swa kv cache memory
	 * allocation' (2026-01-31) made the profile cell F x n_full + S x
	 * n_swa and the split by bytes, where before it counted every layer
	 * at the full shape and split tokens by layer counts. kvplan has the
	 * rule as read at sglang@001ccef0 model_runner_kv_cache_mixin.py
	 * (get_cell_size_per_token, set_num_tokens_hybrid_swa) and
	 * mem_cache/swa_memory_pool.py SWAKVPool. 0.4.8 (before #6563) and
	 * 0.5.9 (after #18039) by release date, not verified against a tag;
	 * the releases between, with their several rules, are refused. */
	{ KVP_ENGINE_SGLANG, KVP_ERA_SGLANG_SWA_POOL, "0.5.9",
	  "sglang PR #6563 (SWAKVPool) and PR #18039 'Fix swa kv cache memory "
	  "allocation' (model_runner_kv_cache_mixin.py set_num_tokens_hybrid_swa)",
	  "hybrid SWA families (Llama 4, gpt-oss, MiMo-V2-Flash, Step-3.5, Gemma 4): "
	  "T = rest // (F x n_full + S x n_swa); full = int(T x (F x n_full + S x "
	  "n_swa) / (F x n_full + r x S x n_swa)), swa = int(full x r), both whole "
	  "pages; r = swa_full_tokens_ratio (0.8)",
	  "one pool (MHATokenToKVPool): every layer, sliding ones too, holds the "
	  "pool's tokens", "0.4.8" },
	/* SGLang's Mamba pool (MambaPool in HybridReqToTokenPool, with
	 * HybridLinearKVPool; Qwen3-Next support, September 2025). The
	 * ratio's default went from 0.2 to 0.9 in PR #11679 (2025-10-15);
	 * kvplan has the rule as read at sglang@001ccef0
	 * (model_runner_kv_cache_mixin.py handle_max_mamba_cache,
	 * calculate_mamba_ratio, init_memory; server_args.py
	 * mamba_full_memory_ratio 0.9, mamba_ssm_dtype float32,
	 * mamba_scheduler_strategy auto -> no_buffer; configs/mamba_utils.py)
	 * and keys it by 0.5.4, the first release after #11679 by date (not
	 * verified by a tag); earlier releases are refused. */
	{ KVP_ENGINE_SGLANG, KVP_ERA_SGLANG_MAMBA_POOL, "0.5.4",
	  "sglang PR #11679 (mamba_full_memory_ratio 0.9); "
	  "model_runner_kv_cache_mixin.py handle_max_mamba_cache",
	  "recurrent layers' states in a pool of max_mamba_cache_size + 1 slots "
	  "(conv bfloat16, SSM float32): size = (rest x r / (1 + r) x 2^30) // "
	  "mamba_cache_per_req, r = mamba_full_memory_ratio (0.9); the KV pool's "
	  "tokens from what is left; running requests at most size // 3",
	  "not modelled: refused", NULL },
	/* PR #20434 (opened 2025-07-03; v0.9.2 was published 2025-07-08,
	 * v0.10.0 2025-07-24): 0.10.0 taken, not verified by a tag. Read in
	 * vllm/v1/worker/utils.py MultiModalBudget.get_max_items (later
	 * vllm/multimodal/encoder_budget.py _get_max_items, PR #33559);
	 * before it gpu_model_runner.py profile_run computed
	 * min(cdiv(budget, item), max_num_reqs x limit). Only the encoder
	 * profile's item count (parts.c) depends on it. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_MM_ITEMS_FLOOR, "0.10.0",
	  "vLLM PR #20434 'Fix the size of batched_dummy_mm_inputs in "
	  "profile_run' (MultiModalBudget.get_max_items)",
	  "the profile run encodes max(1, min(budget // tokens per item, "
	  "max_num_seqs x max(1, min(limit_mm_per_prompt, max_model_len // "
	  "tokens per item)))) items of the largest size",
	  "min(ceil(budget / tokens per item), max_num_seqs x "
	  "limit_mm_per_prompt) items", NULL },
	/* Measured, not read: llm-d-planner's version sweep (Qwen/Qwen3-14B,
	 * H100, max_num_seqs 1024, max_num_batched_tokens 8192) prints a
	 * torch peak increase of 5.64 GiB at 0.15.0 and 0.16.0 and 2.23 GiB
	 * at 0.17.0 and 0.18.0 (tests/data/vllm_startups). The change is in
	 * the dummy sampler run; the PR is not pinned. Used by the profile
	 * peak ESTIMATE only (src/core/engines/vllm/vllm_profile.c). */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_SAMPLER_SLIM, "0.17.0",
	  "measured: llm-d-planner accuracy/results/version-sweep (Qwen3-14B on "
	  "H100 at 0.15.0-0.18.0); gpu_model_runner.py _dummy_sampler_run",
	  "the profile run's peak over the dummy sampler run is estimated at "
	  "16 B per sequence (min(max_num_seqs, max_num_batched_tokens)) and "
	  "vocabulary entry, beside the retained hidden states",
	  "40 B per sequence and vocabulary entry (5.64 GiB for Qwen3-14B, "
	  "1,024 sequences)", NULL },
	/* vllm/envs.py: "If set to 1, enable CUDA graph memory estimation
	 * during memory profiling ... Enabled by default as of v0.21.0"
	 * (search index id 59036010876); 0.19.0's gpu_worker.py says it is
	 * opt-in (llm-d-planner logs: "To try it now, set
	 * VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1"). The default
	 * gpu_memory_utilization 0.92 of vllm/config/cache.py @002f10e0
	 * (0.9 in every 0.19 log) is taken to land with it: not verified by
	 * a tag. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_GRAPH_BUDGET, "0.21.0",
	  "vllm/envs.py VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS ('Enabled by "
	  "default as of v0.21.0'); v1/worker/gpu_worker.py "
	  "determine_available_memory",
	  "the estimated CUDA graph memory is subtracted from the KV budget",
	  "CUDA graphs are captured after the KV cache is allocated, inside "
	  "the 1 - gpu_memory_utilization margin (not subtracted)", NULL },
	/* Measured, not read: the V1 profile's "non-torch forward increase
	 * memory" is 0.02 GiB at TP 1 in a 0.10.0 dev build (Llama-3.2-1B,
	 * search index file id 21240355802) and in 0.10.2 (Qwen3-8B-FP8 on a
	 * 23.53 GiB card, id 34681159919), 0.21 GiB at TP 8 on L40S with
	 * custom all-reduce disabled (0.10.2, Qwen3-235B-A22B FP8, id
	 * 38962983769); 0.13 GiB at 0.15.0-0.17.0 and 0.24-0.27 GiB at
	 * 0.18.0-0.19.0 at TP 1, 2.06-2.21 GiB at TP 2-4 on H100 (0.19.0:
	 * its logs print VLLM_ALLREDUCE_USE_SYMM_MEM True), llm-d-planner's
	 * corpus (tests/data/vllm_startups). The release it changed in is
	 * not pinned: 0.11.0, the first after the last measured without
	 * it, so 0.11-0.14 take the larger figures (a smaller pool). Used
	 * by the non-torch ESTIMATE only (vllm_profile.c non_torch). */
	/* The oldest release whose KV budget kvplan models: 0.6.4, the
	 * oldest with a measured start-up in tests/data/vllm_startups (vLLM
	 * issue #10517, within 1 %). Before it nothing is measured, and
	 * 0.2.x is known to differ: vLLM PR #2031's block counts for
	 * Llama-2-70B at TP 4 on A100s are 36 % below kvplan's V0 rules. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_PROFILED, "0.6.4",
	  "measured: vLLM issue #10517 (0.6.4, RTX 3090, Llama-3.1-8B), the "
	  "oldest start-up in tests/data/vllm_startups; vLLM PR #2031 (0.2.x: "
	  "Llama-2-70B TP 4 on A100, 36 % fewer blocks than kvplan's rules)",
	  "the KV budget from vLLM's memory profiling as modelled "
	  "(vllm_profile.c)",
	  "not modelled: the pool is refused", NULL },
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_NONTORCH_LARGE, "0.11.0",
	  "measured: vLLM 0.10.0-0.10.2 start-ups (search index ids "
	  "21240355802, 34681159919, 38962983769) against llm-d-planner's "
	  "0.15.0-0.19.0 corpus; v1/worker/gpu_worker.py "
	  "determine_available_memory",
	  "the profile's non-torch increase is estimated at 288 MiB at TP 1 and "
	  "2,170-2,529 MiB at TP > 1",
	  "64 MiB at TP 1 (0.02 GiB measured), 256 MiB at TP > 1 with custom "
	  "all-reduce off (0.21 GiB measured at TP 8 on PCIe)", NULL },
	/* Measured, not read: 0.10.2's torch peak increase for Qwen3-235B-
	 * A22B FP8 at TP 8 (search index file id 38962983769) is 1.40 GiB,
	 * its PyTorch-native sampler's 256 x 151,936 x 39 B (1.41 GiB) and
	 * nothing of the fused-MoE workspace (0.15 GiB by vllm_profile.c's
	 * formula); 0.19.0's Qwen3-30B-A3B (llm-d-planner corpus) is 0.48 GiB
	 * above its sampler's, the workspace held. Not pinned: 0.11.0, the
	 * first release after the last measured without it (a larger peak,
	 * a smaller pool, for 0.11-0.18). ESTIMATE only (vllm_profile.c). */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_MOE_HELD, "0.11.0",
	  "measured: vLLM 0.10.2 (search index id 38962983769) against "
	  "llm-d-planner's 0.19.0 corpus; v1/worker/gpu_model_runner.py "
	  "profile_run",
	  "the profile peak holds the fused-MoE workspace beside the dummy "
	  "sampler run's",
	  "the dummy sampler run's peak alone (the MoE workspace freed after "
	  "the forward)", NULL },
	/* vllm/engine/arg_utils.py get_batch_defaults: "NOTE(Kuntai):
	 * Setting large `max_num_batched_tokens` for A100 reduces throughput,
	 * see PR #17885" (search index ids 51842969024, 7464787); the PR is
	 * of May 2025, v0.9.0 taken as its first release, not verified by a
	 * tag. The >= 70 GiB rule itself is V1's (taken from 0.8.0). */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_A100_SMALL, "0.9.0",
	  "vLLM PR #17885; vllm/engine/arg_utils.py get_batch_defaults",
	  "the API server's defaults are max_num_seqs 1,024 and "
	  "max_num_batched_tokens 8,192 on a card of at least 70 GiB whose name "
	  "has no 'a100', 256 and 2,048 otherwise",
	  "1,024 and 8,192 on any card of at least 70 GiB (A100 80GB too)",
	  NULL },
	/* vLLM commit 4988df2e "[Config] Update default
	 * _max_num_batched_tokens from 8192 to 16384 (#51726)", authored
	 * 2026-08-11: `git tag --contains` gives v0.28.0rc1 first and no
	 * v0.27.x; v0.27.1's arg_utils.py has no 160 GiB branch, v0.28.0's
	 * one (a public write-up that checked both tags, search index file
	 * id 69004100460; another read v0.28.0 @2cf0a691 lines 2582-2591
	 * and v0.27.0 @4bdc8a78, file id 69027517413). The branch tests
	 * device memory alone: MI300X (191.98 GiB) falls in it (vLLM issue
	 * #53961); PR #54205, keeping ROCm out, was closed and PR #54043,
	 * the same, is open, so every release with the tier has it on ROCm
	 * too. */
	/* PR #11809 ("[misc] improve memory profiling", opened 2025-01-07,
	 * merged after 0.6.6.post1 of 2024-12-27): the first release with it
	 * is 0.7.0 (2025-01-27). Its description: memory_stats()'s
	 * "allocated_bytes.all.current" leaves out what cudaMalloc gave the
	 * caching allocator and it cannot release, so V0 counted those
	 * segments as non-torch; it takes torch.cuda.memory_reserved(). The
	 * figures by release: vllm_profile.c vl_v0_base[]. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_V0_RESERVED, "0.7.0",
	  "vLLM PR #11809 (vllm/utils.py memory_profiling: torch's bytes are "
	  "torch.cuda.memory_reserved(), not memory_stats()'s allocated_bytes); "
	  "measured: 0.01-0.09 GiB at TP 1 in 0.7.1-0.8.2 V0 logs (search "
	  "index ids 55594152188, 14319663172, 6934259882)",
	  "V0's non-torch figure leaves out torch's cached segments: "
	  "estimated at 100 MiB at TP 1 (0.09 GiB the largest measured), 548 "
	  "MiB on a ROCm card (0.46-0.53 GiB measured)",
	  "360 MiB at TP 1: torch's allocated bytes only, so its cached "
	  "segments were non-torch (0.35 GiB measured in 0.6.4, vLLM issue "
	  "#10517; 0.26 in 0.6.5)", NULL },
	/* vLLM issue #50780 (2026-08-02, open): "Since v0.26.0" the
	 * estimate of profile_cudagraph_memory() on Qwen3.5-122B-A10B (int4
	 * AutoRound, SM120) is about 4.2 GiB where 0.23.x printed 0.56 GiB
	 * for the same graph set (PIECEWISE=7, FULL=5); the pool fell
	 * 1,489,281 -> 1,135,957 tokens (-23.7 %) on a 0.26.1 nightly, -17.9
	 * % on v0.26.0. 0.24 and 0.25 are not measured by it: taken as
	 * without, per the "since v0.26.0". The figure:
	 * vllm_profile.c vl_graph_beyond[]. */
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_GRAPH_TRANSIENT, "0.26.0",
	  "vLLM issue #50780 (gpu_model_runner.py profile_cudagraph_memory: "
	  "the first FULL sample runs profile_seq_lens = min(max_model_len, "
	  "max_num_batched_tokens // num_tokens) and reads free memory with "
	  "no empty_cache() between samples)",
	  "on a model with recurrent layers the estimate holds a transient of "
	  "about 128 KiB per batched context token (at most "
	  "max_num_batched_tokens) beside the graphs' own memory",
	  "the graphs' own memory (0.56 GiB for the issue's graph set in "
	  "0.23.x)", NULL },
	{ KVP_ENGINE_VLLM, KVP_ERA_VLLM_LARGE_TIER, "0.28.0",
	  "vLLM PR #51726 (commit 4988df2e; vllm/engine/arg_utils.py "
	  "get_batch_defaults: device_memory >= 160 * GiB_bytes); issue #53961",
	  "the API server's defaults are max_num_batched_tokens 16,384 and "
	  "max_num_seqs 1,024 on a device of at least 160 GiB "
	  "(current_platform.get_device_total_memory(): NVML's total on CUDA, "
	  "torch's total_memory on ROCm), whatever its name",
	  "the 70 GiB tier's 8,192 tokens (1,024 sequences) on those devices",
	  NULL },
	/* PR #23764 (opened 2026-05-27, merged; its follow-up PR #23864 of
	 * 2026-05-29 says build_attn_inp_kq_mask "returns F16 mask when flash
	 * attention is enabled"). b9272 is a build of 2026-05-22 (issue
	 * #23527's version line), before it; b9701 was packaged by
	 * 2026-06-18 (containers/ramalama PR #2805), after it. Only the
	 * compute buffer ESTIMATE (compute_buf.c) asks it, with kvp_era_has:
	 * builds between the two count as having it. Checked against the
	 * context slope unsloth measured on one GPU at b10909 (2.00 B per
	 * context token per ubatch token, dense, MoE and MLA models: its test
	 * TestContextBufferLayerSplit, search index file id 61428157235). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_F16_MASK, "b9701",
	  "llama.cpp PR #23764 'llama: use f16 mask for FA to save VRAM' "
	  "(llama-graph.cpp build_attn_inp_kq_mask)",
	  "with flash attention the KQ mask input is f16: n_kv x n_ubatch x 2 "
	  "B in the host buffer and on each device",
	  "an f32 mask (n_kv x n_ubatch x 4 B) cast to f16 on the device; "
	  "without flash attention the mask stays f32 in every build", "b9272" },
	/* PRs #23861 and #23988, both merged 2026-06-01 (the same band as
	 * the f16 mask's). Read in fork copies of early-June llama.cpp
	 * (search index ids 56114308533 llama-context.cpp, 66876900011 and
	 * 55735489228 server-context.cpp server_n_outputs_max): cparams.
	 * n_outputs_max = params.n_outputs_max, 0 meaning n_batch;
	 * sched_reserve's prompt graph takes min(n_tokens, n_outputs_max)
	 * outputs; the server sets max(1, min(n_batch, n_parallel x (1 +
	 * common_speculative_n_max))), n_batch with --embeddings or pooling;
	 * llama-cli runs the server's context (n_parallel 1). The output
	 * buffer (output_reserve(n_seq_max)) did not change. A public
	 * llama-server log prints "n_outputs_max = 1" (index id
	 * 61471163053). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_OUTPUTS_MAX, "b9701",
	  "llama.cpp PRs #23861 'llama: limit max outputs of llama_context' and "
	  "#23988 (server_n_outputs_max)",
	  "llama-server's worst-case graph computes min(n_ubatch, n_outputs_max) "
	  "logits rows, n_outputs_max = max(1, min(n_batch, n_parallel x (1 + "
	  "the draft's n_max))), n_batch with --embeddings",
	  "n_ubatch logits rows (every token of the worst-case batch)", "b9272" },
	/* PR #18148 'llama: offload output layer to GPU first' (opened
	 * 2025-12-17, fixes issue #18119). Read in the source bundles
	 * node-llama-cpp ships (npm): 3.14.5 = b7347 (2025-12-10),
	 * llama-model.cpp load_tensors 'i_gpu_start = std::max((int)
	 * hparams.n_layer - n_gpu_layers, (int) 0)', the output layer on
	 * the GPU when n_gpu_layers > n_layer; 3.15.0 = b7698 (2026-01-10)
	 * and 3.21.1 = v0.4.0: 'i_gpu_start = std::max(n_layer + 1 -
	 * n_gpu_layers, 0)', the output layer being index n_layer, and the
	 * log prints "offloading output layer to GPU" before "offloading N
	 * repeating layers". The merge's build between the two is not
	 * known: partial -ngl on builds between them is refused. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_OUTPUT_FIRST, "b7698",
	  "llama.cpp PR #18148 'llama: offload output layer to GPU first' "
	  "(llama-model.cpp load_tensors: i_gpu_start = max(n_layer + 1 - "
	  "n_gpu_layers, 0))",
	  "-ngl k (1 <= k <= n_layer) puts the output layer and the last k - 1 "
	  "repeating layers (and their KV) on the device",
	  "-ngl k puts the last k repeating layers on the device; the output "
	  "layer only when k > n_layer", "b7347" },
	/* --fit: PR #16653 (late 2025) brought llama_params_fit, PR #18175
	 * turned it on by default. Read in the same bundles: b7347's
	 * common/common.h has no fit_params and common/arg.cpp no --fit;
	 * b7698's has 'bool fit_params = true', fit_params_min_ctx 4096 and
	 * fit_params_target 1024 MiB a device (the steps then in
	 * src/llama.cpp, later common/fit.cpp, whose v0.4.0 form kvplan
	 * runs). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_FIT, "b7698",
	  "llama.cpp PR #16653 (llama_params_fit) and PR #18175 (--fit on by "
	  "default)",
	  "a default launch fits the context, -ngl and overrides the user left "
	  "unset to each device's free memory (common/fit.cpp at v0.4.0)",
	  "no --fit: a launch runs with the parameters as given", "b7347" },
	/* PR #15916 'llama : bump max seq limit from 64 to 256' (ggerganov,
	 * opened and merged 2025-09-10): LLAMA_MAX_SEQ 64 -> 256 in
	 * src/llama-cparams.h. The 64 cap came with LLAMA_MAX_PARALLEL_
	 * SEQUENCES (PRs #13706 and #13809, late May 2025; renamed
	 * LLAMA_MAX_SEQ by PR #14188, June 2025), checked in llama_context's
	 * constructor: "n_seq_max must be <= 64" (a public log of it:
	 * xorbitsai/inference issue #3847, 2025-07-25). b5593 (2025-06-05)
	 * is taken as with the 64 cap by date, not verified by a tag (a
	 * build before the cap is refused above 64 too: refused, not
	 * sized); b6845 (2025-10-26) is after #15916. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_MAX_SEQ_256, "b6845",
	  "llama.cpp PR #15916 'llama : bump max seq limit from 64 to 256' "
	  "(src/llama-cparams.h LLAMA_MAX_SEQ)",
	  "llama_context accepts n_seq_max (--parallel) up to 256",
	  "at most 64 sequences (LLAMA_MAX_PARALLEL_SEQUENCES): 'n_seq_max "
	  "must be <= 64'", "b5593" },
	/* llama-server's default slots, in two steps (tools/server/
	 * server.cpp main, after the arguments are parsed).
	 * PR #16736 'server : support unified cache across slots' (opened
	 * 2025-10-23; its description: "By default, start the server using
	 * 4 slots and unified KV cache"): "if (params.n_parallel == 1 &&
	 * params.kv_unified == false && !params.has_speculative())" sets
	 * n_parallel = 4 and kv_unified = true, logging "main: setting
	 * n_parallel = 4 and kv_unified = true (add -kvu to disable this)"
	 * (a fork's copy, search index id 7994213385). -np's default was 1,
	 * so an explicit -np 1 is turned too: issue #17300 (2025-11-16, build
	 * b7079, "-np 1" on its command line, "initializing slots, n_slots =
	 * 4") is the first build known with it; b6845 (2025-10-26) is taken
	 * as without it by date, as the slot cap of the same PR. */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_SLOTS_4, "b7079",
	  "llama.cpp PR #16736 'server : support unified cache across slots' "
	  "(server.cpp main: 'setting n_parallel = 4 and kv_unified = true (add "
	  "-kvu to disable this)'); issue #17300 (b7079)",
	  "llama-server with n_parallel 1 (-np 1 or no -np), no --kv-unified and "
	  "no draft model runs 4 slots on one unified cache of n_ctx cells; "
	  "-kvu keeps one slot (unified)",
	  "-np 1 (the default) is one slot", "b6845" },
	/* PR #17997 'arg: clarify auto kvu/np being set on server' (opened
	 * 2025-12-13, approved 2025-12-15; fixes issue #17989): arg.cpp
	 * common_params_parser_init sets n_parallel = -1 for the server
	 * ("-np, --parallel N: number of server slots (default: -1, -1 =
	 * auto)"), and server.cpp "if (params.n_parallel < 0)" sets 4 slots
	 * and kv_unified = true, whatever --kv-unified said ("--kv-unified
	 * ... default: enabled if number of slots is auto"); read at v0.4.0
	 * (node-llama-cpp 3.21.1's bundle, tools/server/server.cpp:152 and
	 * common/arg.cpp:1405, 2547: -np 0 is refused, "invalid value for
	 * n_parallel"). Read in the bundles node-llama-cpp ships (npm):
	 * 3.14.5 = b7347 has PR #16736's rule (server.cpp:80 "n_parallel
	 * == 1 && params.kv_unified == false && !params.has_speculative()"),
	 * 3.15.0 = b7698 has this one (server.cpp:86 "n_parallel < 0",
	 * arg.cpp:991 "n_parallel = -1; // auto by default"). */
	{ KVP_ENGINE_LLAMACPP, KVP_ERA_LLAMACPP_NP_AUTO, "b7698",
	  "llama.cpp PR #17997 'arg: clarify auto kvu/np being set on server' "
	  "(arg.cpp -np default -1; server.cpp 'n_parallel is set to auto, "
	  "using n_parallel = 4 and kv_unified = true')",
	  "llama-server without -np (or with -np -1, auto) runs 4 slots on one "
	  "unified cache, kv_unified on even with --no-kv-unified; an explicit "
	  "-np N is N slots as given",
	  "PR #16736's rule: any -np 1 without -kvu or a draft model becomes 4 "
	  "unified slots", "b7347" },
	/* SGLang's mem_fraction_static default (server_args.py, "if
	 * self.mem_fraction_static is None"), as read in the releases'
	 * server_args.py; PR #7054 merged 2025-06-10, between 0.4.6.post5
	 * and 0.4.8, 0.4.7 not verified by a tag: a release between takes
	 * the smaller of the two fractions (src/core/engines/sglang/
	 * sg_rules.c), not refused. Checked by the RTX 4090 start-up of
	 * tests/data/sglang_startups (0.4.9: 0.879 implied, 0.879 kvplan). */
	{ KVP_ENGINE_SGLANG, KVP_ERA_SGLANG_FRACTION_BY_CARD, "0.4.8",
	  "sglang PR #7054 'Simplify the heuristics for setting "
	  "--mem-fraction-static' (server_args.py __post_init__)",
	  "round((gpu_mem - reserved) / gpu_mem, 3), gpu_mem the card's MiB "
	  "(nvidia-smi) and reserved (2.8 + tp x pp / 10) GiB under 35 GiB, "
	  "(9.5 + tp x pp / 2) under 90, (12 + tp x pp / 2) under 160, else 32",
	  "by tp: 0.88 (1), 0.87 (2), 0.85 (4), 0.81 (8), 0.79 (16)", "0.4.6" },
	/* PR #10975 opened 2025-09-27; 0.5.3 (October 2025) not verified
	 * by a tag: it takes the smaller fraction as above. */
	{ KVP_ENGINE_SGLANG, KVP_ERA_SGLANG_FRACTION_RESERVE, "0.5.4",
	  "sglang PR #10975 'Use more general heuristics to set the default "
	  "value of --mem-fraction-static' (server_args.py "
	  "_handle_gpu_memory_settings)",
	  "reserved = 512 + max(chunked_prefill_size, 2048) x 1.5 + "
	  "cuda_graph_max_bs x 2 + tp x pp / 8 x 1024 MiB (at least 10 GiB over "
	  "60 GiB), both sizes SGLang's defaults for the card and tp",
	  "PR #7054's reserve by the card's size", "0.5.2" },
};

/* Where each engine's current rules come from. */
static const char *const current[KVP_ENGINE_COUNT] = {
	[KVP_ENGINE_GENERIC] = "-",
	[KVP_ENGINE_LLAMACPP] = "84f71294",      /* measured, ENGINES.md */
	[KVP_ENGINE_VLLM] = "main@002f10e0",     /* vllm/config/cache.py:
	                                            gpu_memory_utilization 0.92 */
	[KVP_ENGINE_TRANSFORMERS] = "cache_utils.py (ENGINES.md)",
	[KVP_ENGINE_SGLANG] = "main@001ccef0",   /* model_runner_kv_cache_mixin.py,
	                                            memory_pool.py */
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

bool kvp_llamacpp_build(const char *s, unsigned long *n)
{
	unsigned long v[3];
	int d = 0;

	if (*s == 'v' && strspn(s + 1, "0123456789.") == strlen(s + 1) &&
	    semver(s, v) && v[0] < 100 && v[1] < 1000 && v[2] < 1000) {
		/* llama.cpp's semver tags follow the bNNNN builds (v0.4.0,
		 * 2026-09-12, the build node-llama-cpp 3.21.1 ships): after
		 * every 7-digit build number */
		*n = 100000000ul + v[0] * 1000000ul + v[1] * 1000ul + v[2];
		return true;
	}
	if (*s++ != 'b')
		return false;
	*n = 0;
	while (*s >= '0' && *s <= '9' && d < 7) {
		*n = *n * 10 + (unsigned long)(*s++ - '0');
		d++;
	}
	return d > 0 && *s == '\0';
}

/* a >= b, both releases of the forms semver() and kvp_llamacpp_build()
 * take. */
static bool release_at_least(const char *a, const char *b)
{
	unsigned long x[3], y[3];
	int i;

	if (kvp_llamacpp_build(a, &x[0]) && kvp_llamacpp_build(b, &y[0]))
		return x[0] >= y[0];
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
	if (e == KVP_ENGINE_LLAMACPP) {
		if (!kvp_llamacpp_build(v, x))
			return kvp_error_set(err, KVP_EINVAL,
				"engine.version: '%s' - a llama.cpp build such as b5423 "
				"or v0.4.0 (its release tag)", v);
		return KVP_OK;
	}
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

bool kvp_release_at_least(const char *a, const char *b)
{
	return release_at_least(a, b);
}

bool kvp_era_has(const struct kvp_engine_opts *o, enum kvp_era_rule r)
{
	size_t i;

	if (!o->version[0])
		return true;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].rule == r && rows[i].engine == o->kind)
			return release_at_least(o->version, rows[i].landed) ||
			       (rows[i].last_without &&
			        !release_at_least(rows[i].last_without, o->version));
	return true;
}

enum kvp_status kvp_era_rule_at(const struct kvp_engine_opts *o,
                                enum kvp_era_rule r, bool *has,
                                struct kvp_error *err)
{
	size_t i;

	*has = true;
	if (!o->version[0])
		return KVP_OK;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct kvp_era_row *w = &rows[i];

		if (w->rule != r || w->engine != o->kind)
			continue;
		*has = release_at_least(o->version, w->landed);
		if (!*has && w->last_without &&
		    !release_at_least(w->last_without, o->version))
			return kvp_error_set(err, KVP_EINVAL,
				"engine.version: %s - %s landed between %s (without it) "
				"and %s (with it); kvplan cannot tell which side %s is "
				"on: name %s or earlier, or %s or later", o->version,
				w->source, w->last_without, w->landed, o->version,
				w->last_without, w->landed);
		return KVP_OK;
	}
	return KVP_OK;
}
