/*
 * launch_range.c - the releases known to have each flag kvplan reads or
 * writes (the flag tables hold one release's spellings each,
 * launch_tab.h): a release named on kvplan's line outside a flag's range
 * refuses the flag, as that release's own parser does, and --emit does
 * not write it for that release. A row gives a source for each bound.
 *
 * vLLM's repository is over the fetch limit and the search index holds
 * its vllm/engine/arg_utils.py at one commit (99d7eb5d, between 0.11.0
 * and 0.12.0: it carries the flags "removed in v0.12.0"), so most first
 * releases here are the first release a public source shows with the
 * flag, not the release that added it: such a row says "unknown before"
 * and kvplan takes that release as the first (a command for an older
 * release is refused rather than read by a guess). The evidence, and
 * what each source shows, is tests/data/launch/vllm-releases.tsv, which
 * test_launch walks against this table.
 */
#include <stddef.h>
#include <string.h>

#include "cli/launch/launch_tab.h"
#include "kvplan/era.h"

/* `vllm -m vllm.entrypoints.api_server -h` of 0.3.1, quoted whole in
 * vllm-project/vllm#2915 (2024-02-19) */
#define V031 "in 0.3.1's usage (vllm-project/vllm#2915); unknown before 0.3.1"
/* docs.vllm.ai/en/v0.4.2/models/engine_args.html, its usage block */
#define V042 "in 0.4.2's engine args (docs.vllm.ai/en/v0.4.2/models/" \
             "engine_args.html); unknown before 0.4.2"
/* docs.vllm.ai/en/v0.5.3/models/engine_args.html: "usage: vllm serve" */
#define V053 "in 0.5.3's engine args (docs.vllm.ai/en/v0.5.3/models/" \
             "engine_args.html); unknown before 0.5.3"
/* the table's own source: a main commit before 0.12.0 */
#define V0120 "seen at vllm/engine/arg_utils.py@99d7eb5d, a commit before " \
              "0.12.0 whose release is not pinned; unknown before 0.12.0"
#define V(flag, first, src) { KVP_ENGINE_VLLM, flag, NULL, first, NULL, src }
#define W(flag, word, first, src) { KVP_ENGINE_VLLM, flag, word, first, NULL, src }

/* sgl-project/sglang#322 (2024-03-22): sglang 0.1.13 run as python -m
 * sglang.launch_server --model-path ..., asked to raise
 * --mem-fraction-static */
#define S0113 "in sglang 0.1.13's run (sgl-project/sglang#322); unknown " \
              "before 0.1.13"
/* sgl-project/sglang#1030 (2024-08-11): server_args=ServerArgs(...,
 * context_length=4096, quantization=None, ..., mem_fraction_static=0.88,
 * max_prefill_tokens=4096, ...); v0.3.0 is the first release after
 * PR #1204 of 2024-08-25 */
#define S1030 "in server_args of sgl-project/sglang#1030 (2024-08-11); " \
              "unknown before 0.3.0"
/* sglang PR #1022 (2024-08-11), server_args.py: mem_fraction_static,
 * max_running_requests, max_total_tokens, max_prefill_tokens, adds
 * chunked_prefill_size; its README runs --dp 2 --tp 2 (argparse
 * prefixes of --dp-size, --tp-size) */
#define S1022 "in server_args.py of sglang PR #1022 (2024-08-11); " \
              "unknown before 0.3.0"
#define S1022T "as --tp/--dp in sglang PR #1022's README (2024-08-11); " \
               "unknown before 0.3.0"
#define S1204 "added by sglang PR #1204 (2024-08-25); unknown before 0.3.0"
#define SSWA "in gpustack/gpustack#3831's server_args (before 2025-12-15); " \
             "unknown before 0.5.9"
#define S36452 "run by sglang 0.5.19 (sgl-project/sglang#36452); unknown " \
               "before 0.5.19"
#define S(flag, first, src) { KVP_ENGINE_SGLANG, flag, NULL, first, NULL, src }
#define SW(flag, word, first, src) { KVP_ENGINE_SGLANG, flag, word, first, NULL, src }

const struct kvp_launch_range kvp_launch_ranges[] = {
	/* vLLM PR #36216 "[V0 Deprecation] Remove unused swap_space
	 * parameter" (merged 2026-03-06) removed --swap-space from
	 * EngineArgs; unslothai/unsloth-zoo issue #1210 installed every
	 * release 0.15.0-0.29.0: EngineArgs.swap_space is in 0.15.0, 0.15.1,
	 * 0.16.0, 0.17.0, 0.17.1 and in none from 0.18.0 on */
	{ KVP_ENGINE_VLLM, "--swap-space", NULL, NULL, "0.17.1",
	  "removed by vLLM PR #36216; last in 0.17.1 (unslothai/unsloth-zoo#1210)" },

	/* the program: 0.4.2's usage is "-m vllm.entrypoints.openai.
	 * api_server", 0.5.3's "vllm serve" */
	V("vllm serve", "0.5.3", V053),

	/* 0.3.1's usage: [--model MODEL] ... [--dtype {auto,half,float16,
	 * bfloat16,float,float32}] [--kv-cache-dtype {auto,fp8_e5m2}]
	 * [--max-model-len] [--pipeline-parallel-size]
	 * [--tensor-parallel-size] [--block-size {8,16,32}] [--swap-space]
	 * [--gpu-memory-utilization] [--max-num-batched-tokens]
	 * [--max-num-seqs] [--quantization {awq,gptq,squeezellm,None}]
	 * (argparse's usage names a flag by its first spelling: the short
	 * ones -tp, -pp, -q are not shown) */
	V("--model", "0.3.1", V031),
	V("--dtype", "0.3.1", V031),
	V("--max-model-len", "0.3.1", V031),
	V("--kv-cache-dtype", "0.3.1", V031),
	V("--pipeline-parallel-size", "0.3.1", V031),
	V("--tensor-parallel-size", "0.3.1", V031),
	V("--block-size", "0.3.1", V031),
	V("--gpu-memory-utilization", "0.3.1", V031),
	V("--max-num-batched-tokens", "0.3.1", V031),
	V("--max-num-seqs", "0.3.1", V031),
	V("--quantization", "0.3.1", V031),
	/* --kv-cache-dtype's words: 0.3.1 {auto,fp8_e5m2}; 0.4.2 {auto,fp8};
	 * 0.5.3 {auto,fp8,fp8_e5m2,fp8_e4m3}; 0.10.2's CacheDType (docs.
	 * vllm.ai/en/v0.10.2/api/vllm/config/cache.html) auto, fp8,
	 * fp8_e4m3, fp8_e5m2, fp8_inc: no bfloat16 */
	W("--kv-cache-dtype", "auto", "0.3.1", V031),
	W("--kv-cache-dtype", "fp8_e5m2", "0.3.1", V031),
	W("--kv-cache-dtype", "fp8", "0.4.2", V042),
	W("--kv-cache-dtype", "fp8_e4m3", "0.5.3", V053),
	W("--kv-cache-dtype", "bfloat16", "0.12.0", "not in 0.10.2's CacheDType "
	  "(docs.vllm.ai/en/v0.10.2/api/vllm/config/cache.html); " V0120),
	/* 0.5.3's usage: [--block-size {8,16,32}] [--enable-prefix-caching]
	 * [--disable-sliding-window] ... [--swap-space SWAP_SPACE]
	 * [--cpu-offload-gb CPU_OFFLOAD_GB] */
	V("--enable-prefix-caching", "0.5.3", V053),
	V("--cpu-offload-gb", "0.5.3", V053),
	/* vLLM 0.9.1.dev21's log with 'data_parallel_size': 2 among its
	 * non-default args (vllm-project/vllm#18567, 2025-05-26): in 0.9.1 */
	V("--data-parallel-size", "0.9.1", "taken by 0.9.1.dev21 (vllm-project/"
	  "vllm#18567); unknown before 0.9.1"),
	/* vLLM 0.10.2rc2.dev21 run with disable_hybrid_kv_cache_manager
	 * (vllm-project/vllm#24407): in 0.10.2 */
	V("--disable-hybrid-kv-cache-manager", "0.10.2", "taken by 0.10.2rc2."
	  "dev21 (vllm-project/vllm#24407); unknown before 0.10.2"),
	/* 0.10.2's CacheConfig has MambaDType = Literal['auto', 'float32']
	 * fields; the flag mamba_ssm_cache_dtype came with PR #22928
	 * (opened 2025-08-14) */
	V("--mamba-cache-dtype", "0.10.2", "CacheConfig.mamba_cache_dtype in "
	  "0.10.2 (docs.vllm.ai/en/v0.10.2/api/vllm/config/cache.html); "
	  "unknown before 0.10.2"),
	V("--mamba-ssm-cache-dtype", "0.10.2", "added by vLLM PR #22928; "
	  "CacheConfig.mamba_ssm_cache_dtype in 0.10.2 (docs.vllm.ai/en/v0.10.2/"
	  "api/vllm/config/cache.html); unknown before 0.10.2"),
	/* vLLM PR #21489 "Allow users to specify kv cache memory size"
	 * (reviewed 2025-07-24); in 99d7eb5d */
	V("--kv-cache-memory-bytes", "0.12.0", "added by vLLM PR #21489; " V0120),
	/* no release-numbered source in the index shows these; 0.3.1's usage
	 * has no --num-gpu-blocks-override between --gpu-memory-utilization
	 * and --max-num-batched-tokens, where later releases put it */
	V("--num-gpu-blocks-override", "0.12.0", V0120),
	V("--no-enable-prefix-caching", "0.12.0", V0120),
	V("--enable-lora", "0.12.0", V0120),
	V("--max-loras", "0.12.0", V0120),
	V("--max-lora-rank", "0.12.0", V0120),
	V("--max-cpu-loras", "0.12.0", V0120),
	/* a 0.7.3 command with -tp 8 and --enable-prefix-caching that ran
	 * (vllm-project/vllm#13822, 2025-02-25, citing v0.7.3's config.py) */
	V("-tp", "0.7.3", "taken by 0.7.3 (vllm-project/vllm#13822); unknown "
	  "before 0.7.3"),
	V("-pp", "0.12.0", V0120),
	V("-dp", "0.12.0", V0120),
	V("-q", "0.12.0", V0120),

	/* SGLang: the search index holds server_args.py at one commit of
	 * main (001067ff, the table's) and at 469c63e5, neither a release;
	 * the first releases here are the first a dated public source
	 * places each flag before, by release date (not verified against a
	 * tag). The evidence is tests/data/launch/sglang-releases.tsv. */
	S("python -m sglang.launch_server", "0.1.13", S0113),
	S("--model-path", "0.1.13", S0113),
	S("--mem-fraction-static", "0.1.13", S0113),
	S("--context-length", "0.3.0", S1030),
	S("--quantization", "0.3.0", S1030),
	S("--max-prefill-tokens", "0.3.0", S1022),
	S("--max-running-requests", "0.3.0", S1022),
	S("--max-total-tokens", "0.3.0", S1022),
	S("--chunked-prefill-size", "0.3.0", S1022),
	S("--tp-size", "0.3.0", S1022T),
	S("--dp-size", "0.3.0", S1022T),
	/* --kv-cache-dtype {auto,fp8_e5m2}: sglang PR #1204 (2024-08-25);
	 * fp8_e4m3: sglang PR #2786 "Support FP8 E4M3 KV Cache" (2025-01-08) */
	S("--kv-cache-dtype", "0.3.0", S1204),
	SW("--kv-cache-dtype", "auto", "0.3.0", S1204),
	SW("--kv-cache-dtype", "fp8_e5m2", "0.3.0", S1204),
	SW("--kv-cache-dtype", "fp8_e4m3", "0.4.3", "added by sglang PR #2786 "
	   "(2025-01-08); unknown before 0.4.3"),
	/* sglang PR #2360 (2024-12-05) tunes cuda_graph_max_bs in
	 * server_args.py, measured "based on sglang v0.3.6" */
	S("--cuda-graph-max-bs", "0.4.1", "set by sglang PR #2360 (2024-12-05, "
	  "after 0.4.0 of 2024-12-04); unknown before 0.4.1"),
	/* sglang PR #6434 (2025-05-19) runs test_pp_single_node with
	 * --pp-size; 0.4.8 is the first release after PR #7054
	 * (2025-06-10), era.c's KVP_ERA_SGLANG_FRACTION_BY_CARD */
	S("--pp-size", "0.4.8", "in sglang PR #6434's pipeline tests "
	  "(2025-05-19); unknown before 0.4.8"),
	/* ai-dynamo/dynamo#3410 (2025-10-03): "In sglang that is called
	 * --page-size"; 0.5.3 is era.c's first release after 2025-10-07 */
	S("--page-size", "0.5.3", "named as SGLang's flag in ai-dynamo/dynamo"
	  "#3410 (2025-10-03); unknown before 0.5.3"),
	/* gpustack/gpustack#3831 (filed before gpustack PR #3901,
	 * 2025-12-15) prints swa_full_tokens_ratio=0.8,
	 * disable_hybrid_swa_memory=False; kvplan's SWA rule begins at 0.5.9 */
	S("--swa-full-tokens-ratio", "0.5.9", SSWA),
	S("--disable-hybrid-swa-memory", "0.5.9", SSWA),
	/* sglang PR #11679 (2025-10-15) sets mamba_full_memory_ratio 0.9:
	 * 0.5.4, era.c's KVP_ERA_SGLANG_MAMBA_POOL; sgl-project/sglang
	 * #36452 runs 0.5.19 with --max-mamba-cache-size and
	 * --mamba-ssm-dtype, the first release seen with them */
	S("--mamba-full-memory-ratio", "0.5.4", "set by sglang PR #11679 "
	  "(2025-10-15); unknown before 0.5.4"),
	S("--max-mamba-cache-size", "0.5.19", S36452),
	S("--mamba-ssm-dtype", "0.5.19", S36452),
};
const size_t kvp_launch_n_ranges =
	sizeof kvp_launch_ranges / sizeof kvp_launch_ranges[0];

static const struct kvp_launch_range *outside(enum kvp_engine_kind kind,
                                              const char *flag,
                                              const char *word,
                                              const char *release)
{
	size_t i;

	for (i = 0; release && i < kvp_launch_n_ranges; i++) {
		const struct kvp_launch_range *g = &kvp_launch_ranges[i];

		if (g->kind != kind || strcmp(g->flag, flag) ||
		    (!g->value) != (!word) || (word && strcmp(g->value, word)))
			continue;
		if ((g->first && !kvp_release_at_least(release, g->first)) ||
		    (g->last && !kvp_release_at_least(g->last, release)))
			return g;
	}
	return NULL;
}

const struct kvp_launch_range *kvp_launch_outside(enum kvp_engine_kind kind,
                                                  const char *flag,
                                                  const char *release)
{
	return outside(kind, flag, NULL, release);
}

const struct kvp_launch_range *kvp_launch_word_outside(enum kvp_engine_kind kind,
                                                       const char *flag,
                                                       const char *word,
                                                       const char *release)
{
	return outside(kind, flag, word, release);
}
