/*
 * sg_rules.c - SGLang's rules as rows (sg_rules.h). A new SGLang release
 * that changes one of them is a row here with its release range and its
 * source; the driver (engine_sglang.c) only looks them up.
 */
#include <string.h>

#include "core/engines/sglang/sg_rules.h"
#include "kvplan/era.h"

/*
 * mem_fraction_static's default (server_args.py, "if
 * self.mem_fraction_static is None"), three rules by release, the
 * second and third landing with era rows (era.c: 0.4.8, 0.5.4). Where a
 * release may hold either of two rules (0.4.7, 0.5.3: the PR's merge and
 * the release's date are days apart, not verified by a tag), both match
 * and kvplan takes the smaller fraction: never a larger pool than
 * SGLang's.
 *
 * SG_FRAC_BY_TP: by tp alone (rows below).
 * SG_FRAC_GPU_TABLE: PR #7054 'Simplify the heuristics for setting
 *   --mem-fraction-static' (merged 2025-06-10): reserved MiB by the
 *   card's memory (gpu_mem, nvidia-smi's total in MiB,
 *   get_nvgpu_memory_capacity) and parallel_size = tp x pp:
 *   < 35 GiB (2.8 + ps / 10) x 1024, < 90 GiB (9.5 + ps / 2) x 1024,
 *   < 160 GiB (12 + ps / 2) x 1024, else 32 x 1024;
 *   fraction = round((gpu_mem - reserved) / gpu_mem, 3).
 * SG_FRAC_ACTIVATION: PR #10975 'Use more general heuristics to set the
 *   default value of --mem-fraction-static' (opened 2025-09-27):
 *   chunked_prefill_size and cuda_graph_max_bs as the plan gives them
 *   (engine.sglang.*, --chunked-prefill-size, --cuda-graph-max-bs),
 *   else as the card's memory picks them (graph_rows), then reserved =
 *   512 + max(chunked_prefill_size, 2048) x 1.5 + cuda_graph_max_bs x 2
 *   + tp x pp / 8 x 1024 MiB (max_prefill_tokens, 16384 by default, in
 *   chunked_prefill_size's place when chunked prefill is off) + the
 *   prefill CUDA graphs (pcg_rows below), at least 10 GiB on a card over
 *   60 GiB; fraction as above. Before this rule
 *   the two options do not enter the fraction. Read in server_args.py
 *   _handle_gpu_memory_settings (late 2025 and 2026 versions: the same
 *   terms; a --cuda-graph-bs list sets cuda_graph_max_bs to its
 *   largest: the launch reader refuses the list, naming the flag).
 * Not modelled (the launch reader refuses these flags, or give
 * mem_fraction_static as the log prints it): DP attention (GPU table:
 * + 4 GiB; from PR #10975 + cuda_graph_max_bs x dp x 3, x 4.5 above a
 * max bs of 300), speculative decoding (+ 2 GiB, 6 for STANDALONE),
 * --disable-piecewise-cuda-graph (kvplan keeps the prefill graphs'
 * term: a smaller fraction), multimodal models'
 * adjust_mem_fraction_for_vlm, NPU
 * buckets, SGLANG_ENABLE_POST_CAPTURE_KV_SIZING (PR #30157, opt-in:
 * reserve 1536 + tp x pp / 8 x 1024 MiB, sizing after graph capture).
 */
enum sg_frac_kind { SG_FRAC_BY_TP, SG_FRAC_GPU_TABLE, SG_FRAC_ACTIVATION };

/* Each rule after the first lands with a row of the era table
 * (src/core/engines/era.c), its release and the last release without
 * it; a release between holds either. */
static const struct sg_fraction_era {
	enum sg_frac_kind kind;
	enum kvp_era_rule since, until;   /* KVP_ERA_RULE_COUNT: unbounded */
} fraction_eras[] = {
	{ SG_FRAC_BY_TP, KVP_ERA_RULE_COUNT, KVP_ERA_SGLANG_FRACTION_BY_CARD },
	{ SG_FRAC_GPU_TABLE, KVP_ERA_SGLANG_FRACTION_BY_CARD,
	  KVP_ERA_SGLANG_FRACTION_RESERVE },
	{ SG_FRAC_ACTIVATION, KVP_ERA_SGLANG_FRACTION_RESERVE, KVP_ERA_RULE_COUNT },
};

/* By tp, before PR #7054: the first row whose tp_min the plan reaches.
 * Early releases (2024, v0.2-v0.3) had 0.83 at tp >= 8: kvplan keeps
 * 0.81, the smaller. */
static const struct sg_fraction_row fraction_rows[] = {
	{ 16, 790000, "server_args.py v0.4.6: tp >= 16" },
	{ 8, 810000, "server_args.py v0.4.6: tp >= 8 (0.83 in v0.2-v0.3)" },
	{ 4, 850000, "server_args.py v0.4.6: tp >= 4" },
	{ 2, 870000, "server_args.py v0.4.6: tp >= 2" },
	{ 1, 880000, "server_args.py v0.4.6: tp 1; also every "
	  "later release when the card's memory is unknown" },
};

/* PR #7054's reserve by the card's memory, in tenths of a MiB: up to
 * below_gib (0 = any), (base + per_ps x tp x pp) x 1024 tenths. */
static const struct sg_reserve_row {
	uint32_t below_gib;
	uint32_t base, per_ps;           /* tenths of a GiB */
	const char *card;
} reserve_rows[] = {
	{ 20, 28, 1, "T4, 4080: 2.8 + ps / 10 GiB" },
	{ 35, 28, 1, "A10, L40, 4090, 5090: 2.8 + ps / 10 GiB" },
	{ 90, 95, 5, "H100, A100: 9.5 + ps / 2 GiB" },
	{ 100, 120, 5, "H20: 12 + ps / 2 GiB" },
	{ 160, 120, 5, "H200: 12 + ps / 2 GiB" },
	{ 0, 320, 0, "B200, MI300: 32 GiB" },
};

/* After PR #10975: chunked_prefill_size and cuda_graph_max_bs by the
 * card's memory (below_gib, 0 = any) and tp (< 4 or not). */
static const struct sg_graph_row {
	uint32_t below_gib;
	uint32_t chunk;
	uint32_t bs_small_tp, bs_large_tp;
	const char *card;
} graph_rows[] = {
	{ 20, 2048, 8, 8, "T4, 4080" },
	{ 35, 2048, 24, 80, "A10, 4090, 5090" },
	{ 60, 4096, 32, 160, "A100 40GB, L40" },
	{ 90, 8192, 256, 512, "H100, A100" },
	{ 160, 8192, 256, 512, "H20, H200" },
	{ 0, 16384, 512, 512, "B200, MI300" },
};

/*
 * The prefill CUDA graphs' term of the reserve: len(capture sizes) x 8
 * MiB (server_args.py: 'if self.enable_piecewise_cuda_graph: reserved_mem
 * += len(self.piecewise_cuda_graph_tokens) * 8', before the 10 GiB
 * floor); under an MLA backend 1.5 GiB (2026: reserve_for_graph_mb,
 * 'MLA backend overhead is much higher than expected'). Piecewise CUDA
 * graphs came as an option (PR #10062, 2025-10) and became the default
 * (PR #16331, 2026; prefill backend tc_piecewise in cuda_graph_config.py);
 * the release of that change is not known to kvplan, so every release
 * from 0.5.4 takes the term: before it, kvplan's fraction is up to this
 * term below SGLang's, never above. The capture sizes up to the chunk
 * (piecewise_cuda_graph_max_tokens's default): the list of late 2025, 4
 * to 32 by 4, 48 to 256 by 16, 288 to 512 by 32, 640 to 4096 by 128,
 * then by 256 - never fewer sizes than the 2026 list (576 to 1024 by
 * 64, 1280 to 4096 by 256, then by 512).
 */
static const struct sg_pcg_row {
	uint32_t from, to, step;         /* to 0: no end */
} pcg_rows[] = {
	{ 4, 32, 4 }, { 48, 256, 16 }, { 288, 512, 32 }, { 640, 4096, 128 },
	{ 4352, 0, 256 },
};

static const struct {
	uint32_t mib_per_size, mla_mib;
	const char *source;
} pcg_rule = {
	8, 1536,
	"server_args.py _handle_gpu_memory_settings (late 2025): "
	"len(piecewise_cuda_graph_tokens) * 8; reserve_for_graph_mb (2026): "
	"len(prefill bs) * 8, 1.5 * 1024 under an MLA backend",
};

/* The reserve's prefill term: max(chunked_prefill_size, 2048) x 1.5
 * MiB, max_prefill_tokens in its place when chunked prefill is off
 * (chunked_prefill_size <= 0); ServerArgs.max_prefill_tokens = 16384. */
static const struct {
	uint32_t chunk_floor, max_prefill_tokens;
	const char *source;
} prefill_rule = {
	2048, 16384,
	"server_args.py _handle_gpu_memory_settings (PR #10975 on): 'if "
	"self.chunked_prefill_size > 0: reserved_mem += max(self.chunked_"
	"prefill_size, 2048) * 1.5 else: reserved_mem += max(self.max_"
	"prefill_tokens, 2048) * 1.5'; max_prefill_tokens: int = 16384",
};

/*
 * A multimodal model's default fraction (server_args.py
 * adjust_mem_fraction_for_vlm, after the rules above, read in the
 * GPU-table releases and every later one; kvplan applies it to the
 * earlier ones too, unread): f x 0.95 x clamp(1 - 0.1 x (c - 1),
 * 0.8, 1.05), c = vision_config num_hidden_layers x hidden_size^2 /
 * (24 x 1024^2) (24 and 1024 where the config lacks them). kvplan keeps
 * neither key, so it takes the least factor, 0.95 x 0.8 = 0.76, for a
 * model with a tower (model.arch.tower_params): never a larger fraction
 * than SGLang's, up to a fifth smaller (Qwen3-VL's vision_config,
 * hidden_size 1,152 and no num_hidden_layers, so 24: 0.92; Qwen2-VL's
 * hidden_size is the decoder's 3,584: 0.76); its log's fraction given
 * makes the pool exact.
 */
static const struct {
	uint32_t least_ppm;
	const char *source;
} vlm_rule = {
	760000,
	"server_args.py adjust_mem_fraction_for_vlm: base 0.95, "
	"dynamic_adjustment_factor clamped to [0.8, 1.05]",
};

static const struct sg_reqs_rule reqs_rule = {
	512, 2048, 4096,
	"model_runner.py init_memory_pool: max_num_reqs = min(max(int("
	"max_total_num_tokens / model_config.context_len * 512), 2048), 4096)",
};

static const struct sg_defaults defaults = {
	800000, 900000, 3, 128,
	"server_args.py swa_full_tokens_ratio 0.8, mamba_full_memory_ratio 0.9 "
	"(PR #11679); MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO 3 (radix "
	"cache, no extra buffer); memory_pool.py NSATokenToKVPool "
	"quant_block_size 128 (sglang@001ccef0)",
};

/*
 * model_runner.py (all releases): total_gpu_memory = the free memory
 * after torch and NCCL start, before the weights load ("Load weight
 * begin. avail mem=T0"); rest = free after the load - T0 x (1 -
 * mem_fraction_static) = T0 x f - weights - what the load used beside
 * them. CUDA graphs are captured after the pool, out of the (1 - f)
 * reserve: not subtracted. kvplan: T0 = the card's runtime total - the
 * card's CUDA context and torch (context_rows) - what "Init torch
 * distributed ends. mem usage=" prints (dist_*), then the weights and
 * what the load uses beside them (extra_rows) off. ESTIMATES from the
 * start-ups below, each the largest seen plus 0.005 GiB of printed
 * rounding, so that the pool is not overstated:
 *   dist at tp x pp = 1: 0.09 GiB ("Init torch distributed ends.
 *     elapsed=..., mem usage=0.09 GB", SGLang's docs notebooks of
 *     2026-02 on H100; 0.00 in 2025 releases): 96 MiB
 *   dist above 1 on a card under 70 GiB (PCIe, no NVLink), by release
 *     (extra_rows' dist_par): 0.13 GiB before 0.5.8 (4 x L4 at tp 4,
 *     sglang 0.4.3, 2025-03-08, tests/data/sglang_startups
 *     qwq-32b-l4-tp4): 138 MiB; 0.19 from 0.5.8 (2 x RTX 4090 at tp 2,
 *     2026-04-14, nccl 2.27.5, custom all-reduce off for want of peer
 *     access): 200 MiB
 *   above 1 on a card of 70 GiB or more (NVLink/NVSwitch boards), the
 *     context included: a row per card (multi_rows below)
 */
static const struct sg_estimates estimates = {
	96ull << 20, 70ull << 30,
	"ESTIMATE: largest measured (distributed start 0.09 GiB at tp 1, "
	"0.13 - 0.19 above 1 on PCIe cards; context with NCCL at tp 2 or "
	"more: 2.21 GiB on H100s, 2.51 on H200s, 3.01 on B200s)",
};

/*
 * Used before the load under tp or pp above 1 on a card of 70 GiB or
 * more, one rank, the card's context included: the runtime total less
 * "Load weight begin. avail mem=" on the worst rank. What SGLang's code
 * allocates here is small: its custom all-reduce (python/sglang/srt/
 * distributed/device_communicators/custom_all_reduce.py, CustomAllreduce
 * max_size=8192 * 1024) holds an 8 MiB buffer, the meta buffer (meta
 * size + 8 MiB) and an 8 MiB rank_data tensor, about 24 MiB a rank, its
 * peers' buffers mapped over IPC and not counted again. The rest is
 * NCCL's, in the communicators parallel_state.py makes at start (the
 * torch process group's and pynccl's, warmed up by an all-reduce):
 * channel buffers by peer and, on NVSwitch boards, NVLink SHARP (NVLS)
 * buffers, which NCCL sizes by the topology it finds (NCCL_NVLS_ENABLE,
 * not read by SGLang): no rule of SGLang's gives them, so they are
 * measured, by card, the largest seen at any tp plus 0.005 GiB. The
 * start-ups show them growing with the card rather than with tp (H100:
 * 1.77 GiB at tp 8, up to 2.07 implied at tp 4). A card without a row
 * takes the largest.
 */
static const struct sg_multi_row {
	const char *card;                /* the card preset's name */
	uint64_t bytes;
	const char *source;
} multi_rows[] = {
	{ "H100-80GB-SXM", 2272ull << 20,
	  "tp 8: 79.19 - 77.42 (40.69 + 36.73) = 1.77 GiB (Grok-1 on sglang "
	  "0.5.2, 2025-09-11); tp 4: the Qwen3-235B-FP8 start-up of "
	  "tests/data/sglang_startups implies up to 2.07; vLLM's corpus "
	  "measures NCCL and custom all-reduce at 2.06 - 2.21 GiB a GPU at "
	  "tp 2 and more (issue 32): 2.21 rounded up" },
	{ "H200-141GB", 2576ull << 20,
	  "tp 8: 139.80 - 137.29 = 2.51 GiB on ranks 1-6 ('Init torch "
	  "distributed ends. mem usage=2.01 GB', 'Load weight begin. avail "
	  "mem=137.29 GB'; rank 0 1.96 / 137.34, rank 7 1.77 / 137.52: a "
	  "context of 0.50), sglang PR #11716, 2025-10-16, "
	  "tests/data/sglang_startups pr11716-llama-3.1-70b-h200-tp8" },
	{ "B200-180GB", 3088ull << 20,
	  "tp 4: 178.35 - 175.34 = 3.01 GiB ('Load weight begin. avail "
	  "mem=175.34 GB', DeepSeek-R1 FP4 on 4 x B200, sglang PR #9162, "
	  "2025-08-13; no KV figure printed, so no corpus run)" },
};

/*
 * The CUDA context and torch before SGLang's distributed start, one rank:
 * the card's runtime total - T0 - what "Init torch distributed" printed.
 * It grows with the card (L4s take 0.27 GiB, RTX 4090s 0.43 - 0.53,
 * H100s 0.38 - 0.67, B200s 0.69; vLLM's
 * own start-ups show the same ratio: 22.03 - 21.84 = 0.19 on an L4,
 * 79.19 - 78.66 = 0.53 on an H100, "Free memory on device (X/Y GiB) on
 * startup", code index files 69494016274, 34680831065) and with the
 * release (more kernels loaded at import). A card without a row takes
 * the largest row.
 */
static const struct sg_context_row {
	const char *card;                /* the card preset's name */
	uint64_t bytes;
	const char *source;
} context_rows[] = {
	{ "H100-80GB-SXM", 692ull << 20,
	  "79.19 - 78.43 - 0.09 = 0.67 GiB (SGLang docs notebooks, 2026-02, "
	  "code index files 14968382678, 53259568910); 0.60 (PR #4760, "
	  "0.4.4), 0.38 (docs, 0.4.1), 0.62 (2026-08, file 69624180828)" },
	{ "L4-24GB", 282ull << 20,
	  "22.03 - 21.63 - 0.13 = 0.27 GiB (4 x L4, sglang 0.4.3, "
	  "2025-03-08, tests/data/sglang_startups qwq-32b-l4-tp4)" },
	{ "RTX-4090-24GB", 543ull << 20,
	  "23.645 - 22.93 - 0.19 = 0.525 GiB (2 x RTX 4090 at tp 2, a clean "
	  "card by nvidia-smi before the launch, 'Init torch distributed ends. "
	  "mem usage=0.19 GB', sglang 0.0.0.dev11582, 2026-04-14, "
	  "tests/data/sglang_startups/excluded.tsv "
	  "exp001-qwen3.5-9b-4090-tp2); 4 x RTX 4090 at tp 4 (2026-06-14, "
	  "excluded.tsv kuiperinfer-qwen3-14b-4090-tp4) used 0.565 GiB before "
	  "the load in all, 0.15 less: the larger is kept" },
	{ "B200-180GB", 712ull << 20,
	  "178.35 - 177.57 - 0.09 = 0.69 GiB at tp 1 (Qwen3-8B, SGLang's own "
	  "clean start-up log of 2026-04-27, tests/data/sglang_startups "
	  "cleanlog-qwen3-8b-b200-tp1)" },
	{ "MI300X-192GB", 671ull << 20,
	  "191.98 - 191.33 = 0.65 GiB at tp 1 with NCCL's start (sglang "
	  "0.3, ROCm, 2024-10-10, tests/data/sglang_startups "
	  "hotaisle-llama-3-8b-mi300x-tp1; the same 191.33 of 191.98 GiB free "
	  "in a HIP OOM message, code index file 66757212363)" },
};

/*
 * What the weights load uses beside the weights a rank (weights / tp):
 * "mem usage" less kvplan's weights, by release, the largest seen plus
 * 0.005 GiB, for 16-bit weights at tp x pp = 1 (one16), quantized ones
 * (one_q: their loaders keep scales and workspaces) and above 1 on a card
 * under 70 GiB (par: NCCL's buffers made at the first collective, during
 * the load; above 70 GiB the card's multi row holds them). Part of it is
 * the rotary table, max_position_embeddings x rotary_dim x 4 B (fp32,
 * whole on every rank: Llama-3.1-8B's 64 MiB is all of the 0.06 GiB of
 * 2026).
 * Releases from 0.5.8 (the first of 2026, by the dates of the start-ups
 * below; not verified by a tag) load with less beside the weights and a
 * larger context; a release before takes the first row.
 */
static const struct sg_extra_row {
	const char *since;               /* first release of the row */
	uint64_t one16, one_q, par;
	uint64_t dist_par;               /* distributed start above 1, PCIe */
	const char *source;
} extra_rows[] = {
	{ "0.0", 210ull << 20, 210ull << 20, 295ull << 20, 138ull << 20,
	  "one16: 22.76 - 8.37 - 14.19 = 0.20 GiB (DeepSeek-R1-Distill-Qwen-7B "
	  "on an RTX 3090, 0.4.2, 2025-02-04, tests/data/sglang_startups/"
	  "excluded.tsv), 0.15 (Llama-3.1-8B, PR #4760, 0.4.4), 0.13 (docs, "
	  "0.4.1); one_q: no quantized start-up seen, one16's; par: 15.54 - "
	  "15.26 = 0.28 (QwQ-32B tp 4 on L4s, 0.4.3); dist_par: 'Init torch "
	  "distributed ends. mem usage=0.13 GB' (the same L4s)" },
	{ "0.5.8", 70ull << 20, 139ull << 20, 213ull << 20, 200ull << 20,
	  "one16: 15.02 - 14.96 = 0.06 GiB (Llama-3.1-8B, docs 2026-02), 0.05 "
	  "(Qwen3-32B, 0.5.19); one_q: 29.15 - 29.02 = 0.13 (Qwen3-30B-A3B-FP8, "
	  "2026-08); par: 7.08 - 6.88 = 0.20 (Qwen3-14B tp 4 on 4090s, 2026-06); "
	  "dist_par: 'Init torch distributed ends. mem usage=0.19 GB' (2 x RTX "
	  "4090 at tp 2, nccl 2.27.5, 2026-04-14)" },
};

/*
 * Families SGLang serves with its hybrid sliding-window pool (SWAKVPool):
 * model_config.py is_hybrid_swa_model's architectures
 * (Llama4ForConditionalGeneration, GptOssForCausalLM,
 * MiMoV2FlashForCausalLM, Step3p5ForCausalLM,
 * Gemma4ForCausalLM/ForConditionalGeneration; sglang main, 2026), here by
 * the model_type their configs carry; MiMoV2ForCausalLM, the architecture
 * of model_type mimo_v2 (MiMo-V2.5), is in that set too (*MIMO_V2_MODEL_
 * ARCHS: MiMoV2ForCausalLM and MiMoV2FlashForCausalLM). Other families
 * keep one pool with their sliding layers full size (PR #39309 asks to
 * add one more).
 */
static const char *const hybrid_swa[] = {
	"llama4", "llama4_text", "gpt_oss", "mimo_v2_flash", "mimo_v2", "step3p5",
	"gemma4", "gemma4_text",
};

/* The SGLang row of era rule r, or NULL. */
static const struct kvp_era_row *era_row(enum kvp_era_rule r)
{
	const struct kvp_era_row *rows;
	size_t i, n;

	rows = kvp_era_rows(&n);
	for (i = 0; i < n; i++)
		if (rows[i].engine == KVP_ENGINE_SGLANG && rows[i].rule == r)
			return &rows[i];
	return NULL;
}

/* The plan's release may hold rule r (landed, or between the last
 * release without it and its landing); the current release has them all. */
static bool may_have(const struct kvp_engine_opts *o, enum kvp_era_rule r)
{
	const struct kvp_era_row *w = era_row(r);

	if (r == KVP_ERA_RULE_COUNT || !w || !o->version[0])
		return true;
	return kvp_release_at_least(o->version, w->landed) ||
	       (w->last_without && !kvp_release_at_least(w->last_without, o->version));
}

/* The plan's release may lack rule r (before its landing, or between). */
static bool may_lack(const struct kvp_engine_opts *o, enum kvp_era_rule r)
{
	const struct kvp_era_row *w = era_row(r);

	if (r == KVP_ERA_RULE_COUNT || !w)
		return true;
	return o->version[0] && !kvp_release_at_least(o->version, w->landed);
}

static uint32_t by_tp(uint32_t tp)
{
	size_t i, n = sizeof fraction_rows / sizeof fraction_rows[0];

	for (i = 0; i < n; i++)
		if (tp >= fraction_rows[i].tp_min)
			return fraction_rows[i].ppm;
	return fraction_rows[n - 1].ppm;
}

/* round((gpu - reserved) / gpu, 3) in ppm, both in tenths of a MiB;
 * halves to even as Python's round (ties need an exact decimal). */
static uint32_t fraction_of(uint64_t gpu, uint64_t reserved)
{
	uint64_t n, q, r;

	if (reserved >= gpu)
		return 0;
	n = (gpu - reserved) * 1000;
	q = n / gpu;
	r = n % gpu;
	if (r * 2 > gpu || (r * 2 == gpu && (q & 1)))
		q++;
	return (uint32_t)(q * 1000);
}

static uint64_t gpu_table(uint64_t gpu, uint64_t ps)
{
	size_t i, n = sizeof reserve_rows / sizeof reserve_rows[0];

	for (i = 0; i + 1 < n; i++)
		if (gpu < (uint64_t)reserve_rows[i].below_gib * 10240)
			break;
	return (reserve_rows[i].base + reserve_rows[i].per_ps * ps) * 1024;
}

/* PR #10975's reserve for a plan's options: its chunked_prefill_size
 * (off: max_prefill_tokens) and cuda_graph_max_bs where it gives them,
 * else the card's row (sg_graph_rows). */
/* The prefill graphs' reserve in tenths of a MiB for a chunk of
 * `chunk` tokens. */
static uint64_t prefill_graphs(uint64_t chunk, bool mla)
{
	size_t i;
	uint64_t n = 0, to;

	if (mla)
		return (uint64_t)pcg_rule.mla_mib * 10;
	for (i = 0; i < sizeof pcg_rows / sizeof pcg_rows[0]; i++) {
		to = pcg_rows[i].to && pcg_rows[i].to < chunk ? pcg_rows[i].to : chunk;
		if (to >= pcg_rows[i].from)
			n += (to - pcg_rows[i].from) / pcg_rows[i].step + 1;
	}
	return n * pcg_rule.mib_per_size * 10;
}

static uint64_t activation(const struct kvp_sglang_opts *so, uint64_t gpu,
                           uint64_t tp, uint64_t ps, bool mla)
{
	size_t i, n = sizeof graph_rows / sizeof graph_rows[0];
	uint64_t chunk, bs, res;

	for (i = 0; i + 1 < n; i++)
		if (gpu < (uint64_t)graph_rows[i].below_gib * 10240)
			break;
	if (so->chunked_prefill_size > 0)
		chunk = (uint64_t)so->chunked_prefill_size;
	else if (so->chunked_prefill_size < 0)
		chunk = so->max_prefill_tokens ? so->max_prefill_tokens :
		        prefill_rule.max_prefill_tokens;
	else
		chunk = graph_rows[i].chunk;
	if (chunk < prefill_rule.chunk_floor)
		chunk = prefill_rule.chunk_floor;
	bs = so->cuda_graph_max_bs ? so->cuda_graph_max_bs :
	     tp < 4 ? graph_rows[i].bs_small_tp : graph_rows[i].bs_large_tp;
	/* 512 + chunk x 1.5 + bs x 2 + ps / 8 x 1024 MiB, in tenths */
	res = 5120 + chunk * 15 + bs * 20 + ps * 1280 + prefill_graphs(chunk, mla);
	if (gpu > 60 * 10240 && res < 102400)
		res = 102400;
	return res;
}

uint32_t sg_default_fraction(const struct kvp_engine_opts *o, uint32_t tp,
                             uint32_t pp, uint64_t gpu_bytes, bool mla)
{
	/* gpu_mem in tenths of a MiB; parallel sizes below 2^32 */
	uint64_t gpu = gpu_bytes / 1048576 * 10, ps = (uint64_t)tp * (pp ? pp : 1);
	uint32_t best = UINT32_MAX, f;
	size_t i;

	for (i = 0; i < sizeof fraction_eras / sizeof fraction_eras[0]; i++) {
		const struct sg_fraction_era *e = &fraction_eras[i];

		if (!may_have(o, e->since) || !may_lack(o, e->until))
			continue;
		if (e->kind == SG_FRAC_BY_TP)
			f = by_tp(tp);
		else if (gpu == 0)
			f = 880000;   /* gpu_mem unknown: SGLang's 0.88 */
		else if (e->kind == SG_FRAC_GPU_TABLE)
			f = fraction_of(gpu, gpu_table(gpu, ps));
		else
			f = fraction_of(gpu, activation(&o->sglang, gpu, tp, ps, mla));
		if (f < best)
			best = f;
	}
	return best == UINT32_MAX ? by_tp(tp) : best;
}

uint32_t sg_vlm_fraction(uint32_t frac)
{
	return (uint32_t)((uint64_t)frac * vlm_rule.least_ppm / 1000000);
}

const struct sg_estimates *sg_estimates(void)
{
	return &estimates;
}

uint64_t sg_context_bytes(const char *card_name)
{
	size_t i, n = sizeof context_rows / sizeof context_rows[0];
	uint64_t most = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(card_name, context_rows[i].card))
			return context_rows[i].bytes;
		if (context_rows[i].bytes > most)
			most = context_rows[i].bytes;
	}
	return most;
}

uint64_t sg_multi_start_bytes(const char *card_name)
{
	size_t i, n = sizeof multi_rows / sizeof multi_rows[0];
	uint64_t most = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(card_name, multi_rows[i].card))
			return multi_rows[i].bytes;
		if (multi_rows[i].bytes > most)
			most = multi_rows[i].bytes;
	}
	return most;
}

/* The release's row of extra_rows (the first where none is given). */
static const struct sg_extra_row *extra_row(const struct kvp_engine_opts *o)
{
	size_t i, n = sizeof extra_rows / sizeof extra_rows[0];
	const struct sg_extra_row *r = &extra_rows[0];

	for (i = 1; i < n; i++)
		if (!o->version[0] ||
		    kvp_release_at_least(o->version, extra_rows[i].since))
			r = &extra_rows[i];
	return r;
}

uint64_t sg_dist_pcie_bytes(const struct kvp_engine_opts *o)
{
	return extra_row(o)->dist_par;
}

uint64_t sg_load_extra_bytes(const struct kvp_engine_opts *o, bool quantized,
                             bool parallel)
{
	const struct sg_extra_row *r = extra_row(o);
	uint64_t b;

	b = quantized ? r->one_q : r->one16;
	return parallel && r->par > b ? r->par : b;
}

const struct sg_reqs_rule *sg_reqs_rule(void)
{
	return &reqs_rule;
}

const struct sg_defaults *sg_defaults(void)
{
	return &defaults;
}

bool sg_hybrid_swa_family(const char *model_type)
{
	size_t k;

	for (k = 0; k < sizeof hybrid_swa / sizeof hybrid_swa[0]; k++)
		if (!strcmp(model_type, hybrid_swa[k]))
			return true;
	return false;
}
