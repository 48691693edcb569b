/*
 * era.h - engine releases and the rules keyed by them. An engine changes
 * its allocator between releases; a plan names the release it runs
 * (engine.version, `--engine vllm@0.6.4`), "" meaning the current one
 * kvplan's rules were taken from. Each rule that changes bytes is a row
 * of the table in src/core/engines/era.c: the engine, the first release that has
 * it, its source (PR, release notes) and what the engine did before.
 */
#ifndef KVPLAN_ERA_H
#define KVPLAN_ERA_H

#include <stdbool.h>
#include <stddef.h>

#include "kvplan/engine.h"
#include "kvplan/status.h"

enum kvp_era_rule {
	KVP_ERA_VLLM_V1 = 0,      /* vLLM's V1 engine is the default: its KV
	                             cache manager (groups for sliding, chunked
	                             and Mamba layers) and its refusal wording;
	                             before (V0): every attention layer holds
	                             the same blocks (sliding layers full size),
	                             Mamba state outside the KV budget, and the
	                             refusal "larger than the maximum number of
	                             tokens that can be stored in KV cache (N)" */
	KVP_ERA_VLLM_DSA,         /* vLLM sizes DeepSeek-V3.2's DSA indexer
	                             cache (132 B per token per layer) and its
	                             fp8_ds_mla latent (656 B); before, the
	                             model is not supported */
	KVP_ERA_VLLM_CAPACITY_TOKENS, /* vLLM reports "GPU KV cache size: N
	                             tokens" as int(max concurrency x
	                             max_model_len); before: num_blocks //
	                             groups x the smallest block size */
	KVP_ERA_VLLM_NULL_BLOCK,  /* vLLM holds the null block back in its
	                             admission check and max-length estimate
	                             (budget - one pool block); before: the
	                             whole budget */
	KVP_ERA_VLLM_PAD_PAGES,   /* vLLM pads an attention page that does not
	                             divide the largest to it; before: refused
	                             ("Cannot unify by adjusting block_size") */
	KVP_ERA_TRTLLM_VSWA,      /* TensorRT-LLM (PyTorch backend) keeps one
	                             KV pool per attention window, windows
	                             clamped to the budget; before: one pool,
	                             sliding layers full size */
	KVP_ERA_SGLANG_NSA,       /* SGLang sizes DSA (NSA) models: the
	                             indexer's fp8 keys + f32 scales beside
	                             each latent, fp8 latents with scales and
	                             a bf16 rope part; before: not supported */
	KVP_ERA_VLLM_MLA,         /* vLLM caches DeepSeek-V2/V3's MLA latent
	                             (kv_lora_rank + rope, one head); before
	                             0.7.1: q, k and v padded to head size 256,
	                             every head cached (K and V 256 each) */
	KVP_ERA_LLAMACPP_MLA,     /* llama.cpp caches deepseek2's latent (PR
	                             #12801): K kv_lora_rank + rope, V
	                             kv_lora_rank, one head; before: every
	                             head's K and V (not modelled: refused) */
	KVP_ERA_LLAMACPP_ISWA,    /* llama.cpp's separate SWA cache (PR
	                             #13194); before: one cache, sliding and
	                             chunked layers full size (n_ctx cells) */
	KVP_ERA_LLAMACPP_MLA_K_ONLY, /* llama.cpp's V-less cache (PR #19067):
	                             MLA layers store K only; before: V of
	                             kv_lora_rank values as well */
	KVP_ERA_LLAMACPP_SWA_UBATCH, /* llama.cpp's SWA cache holds n_swa x
	                             (unified ? n_seq : 1) + n_ubatch cells (PR
	                             #13833); before: + n_batch, padded to 32
	                             or 256 (not modelled: refused) */
	KVP_ERA_LLAMACPP_STREAMS, /* llama.cpp's per-sequence streams (PR
	                             #14363); before: one unified cache */
	KVP_ERA_LLAMACPP_PAD256,  /* llama.cpp pads n_ctx to 256 (PR #17046);
	                             before: 256 with flash attention, 32
	                             without (not modelled unless ctx is a
	                             multiple of 256: refused) */
	KVP_ERA_LLAMACPP_SLOT_CAP,/* llama-server caps each slot's context at
	                             n_ctx_train (PR #16736, cd5e3b57); before:
	                             a slot holds n_ctx_seq positions */
	KVP_ERA_LLAMACPP_RS_SEQ,  /* llama.cpp keeps n_rs_seq recurrent-state
	                             snapshots per sequence (PR #22673, b9180):
	                             cells x (1 + n_rs_seq) rows; before: no
	                             snapshots, n_rs_seq does not exist */
	KVP_ERA_SGLANG_SWA_POOL,  /* SGLang's hybrid SWA pool (SWAKVPool) for
	                             the families of is_hybrid_swa_model: the
	                             sliding layers hold swa_full_tokens_ratio
	                             x the full layers' tokens, split by bytes
	                             (PR #18039); before: one pool, sliding
	                             layers full size */
	KVP_ERA_SGLANG_MAMBA_POOL,/* SGLang's Mamba pool for hybrid recurrent
	                             models: max_mamba_cache_size slots split
	                             from the budget by mamba_full_memory_ratio
	                             (0.9, PR #11679); before: not modelled,
	                             refused */
	KVP_ERA_VLLM_MM_ITEMS_FLOOR, /* vLLM's profile run encodes
	                             budget // tokens per item items (PR
	                             #20434); before: ceil(budget / tokens per
	                             item), capped by max_num_seqs x
	                             limit_mm_per_prompt */
	KVP_ERA_LLAMACPP_F16_MASK, /* llama.cpp creates the KQ mask in f16
	                             under flash attention (PR #23764); before:
	                             an f32 mask cast to f16 on the device (an
	                             estimate of the compute buffer only) */
	KVP_ERA_LLAMACPP_OUTPUTS_MAX, /* llama-server reserves the
	                             worst-case graph with min(n_ubatch,
	                             n_outputs_max) logits rows, n_outputs_max
	                             = n_parallel x (1 + the draft's n_max)
	                             (PRs #23861, #23988); before: n_ubatch
	                             rows (an estimate of the compute buffer
	                             only) */
	KVP_ERA_LLAMACPP_OUTPUT_FIRST, /* llama.cpp's -ngl k puts the output
	                             layer and the last k - 1 repeating layers
	                             on the device (PR #18148); before: the
	                             last k repeating layers, the output only
	                             when k > n_layer */
	KVP_ERA_LLAMACPP_FIT,     /* llama-server fits unset parameters to
	                             free device memory by default (--fit,
	                             PRs #16653, #18175); before: no --fit,
	                             the launch is as given */
	KVP_ERA_VLLM_SAMPLER_SLIM, /* vLLM V1's profile peak over the dummy
	                             sampler run is about 16 B per sequence
	                             and vocabulary entry (0.17.0 on); before
	                             about 40 B (src/core/engines/vllm/vllm_profile.c) */
	KVP_ERA_VLLM_GRAPH_BUDGET, /* vLLM subtracts its CUDA graph estimate
	                             from the KV budget by default
	                             (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS
	                             on, 0.21.0); before: not subtracted */
	KVP_ERA_VLLM_A100_SMALL,  /* vLLM's API server gives an A100 the
	                             small scheduler defaults (256 sequences,
	                             2,048 tokens) whatever its memory (PR
	                             #17885); before: 1,024 and 8,192 on any
	                             card of 70 GiB or more */
	KVP_ERA_LLAMACPP_MAX_SEQ_256, /* llama.cpp accepts up to 256
	                             sequences (n_seq_max, --parallel; PR
	                             #15916); before: at most 64 */
	KVP_ERA_SGLANG_FRACTION_BY_CARD, /* SGLang's default
	                             mem_fraction_static from the card's
	                             memory less a reserve by its size and tp
	                             x pp (PR #7054); before: by tp alone */
	KVP_ERA_SGLANG_FRACTION_RESERVE, /* SGLang's default reserve from
	                             its chunked prefill, CUDA graph and
	                             parallel terms (PR #10975); before: PR
	                             #7054's by the card's size */
	KVP_ERA_LLAMACPP_SLOTS_4, /* llama-server turns a one-slot launch
	                             (-np 1, the default, no --kv-unified, no
	                             draft model) into 4 slots on one unified
	                             cache (PR #16736); before: -np 1 is one
	                             slot */
	KVP_ERA_LLAMACPP_NP_AUTO, /* llama-server's -np defaults to -1
	                             (auto): 4 slots, kv_unified forced on;
	                             an explicit -np 1 is one slot (PR
	                             #17997); before: KVP_ERA_LLAMACPP_SLOTS_4's
	                             rule */
	KVP_ERA_VLLM_NONTORCH_LARGE, /* vLLM V1's non-torch increase during
	                             profiling is 0.13-0.25 GiB at TP 1 and
	                             about 2.1 GiB at TP > 1 on H100s, with
	                             custom all-reduce off too (0.15.0-0.19.0
	                             measured); before: 0.02 GiB at TP 1 and
	                             0.21 GiB at TP 8 without custom
	                             all-reduce (0.10.x measured;
	                             src/core/engines/vllm/vllm_profile.c) */
	KVP_ERA_VLLM_MOE_HELD,    /* vLLM V1's profile peak holds the
	                             fused-MoE workspace through the dummy
	                             sampler run (0.19.0 measured: Qwen3-30B-
	                             A3B 0.48 GiB above its sampler); before:
	                             the sampler's peak alone (0.10.2
	                             measured: Qwen3-235B-A22B at TP 8) */
	KVP_ERA_VLLM_PROFILED,    /* kvplan models vLLM's memory profiling
	                             from 0.6.4 on (the oldest release with
	                             a measured start-up within 1 %, vLLM
	                             issue #10517); a release before is
	                             refused (engine_vllm.c) */
	KVP_ERA_VLLM_LARGE_TIER,  /* vLLM's API server defaults to 16,384
	                             batched tokens (1,024 sequences) on a
	                             device of 160 GiB or more, CUDA and ROCm
	                             alike (PR #51726, 0.28.0); before: the
	                             70 GiB tier's 8,192 */
	KVP_ERA_VLLM_V0_RESERVED, /* vLLM V0 counts torch's reserved bytes
	                             (torch.cuda.memory_reserved()) as torch's
	                             in its non-torch figure (PR #11809, first
	                             in 0.7.0): 0.01-0.09 GiB measured at TP 1;
	                             before: torch's allocated bytes, so the
	                             allocator's cached segments were non-torch
	                             (0.26-0.35 GiB measured in 0.6.4-0.6.5) */
	KVP_ERA_VLLM_GRAPH_TRANSIENT, /* vLLM's CUDA graph estimate holds, on a
	                             model with recurrent (GDN, Mamba) layers,
	                             a profiling transient of about 128 KiB
	                             per batched context token of its first
	                             FULL sample (vLLM issue #50780, 0.26.0);
	                             before: the graphs' own figure
	                             (src/core/engines/vllm/vllm_profile.c) */
	KVP_ERA_RULE_COUNT
};

struct kvp_era_row {
	enum kvp_engine_kind engine;
	enum kvp_era_rule rule;
	const char *landed;       /* first release with the rule ("0.8.0") */
	const char *source;       /* where it is stated */
	const char *rule_text;    /* the rule */
	const char *before;       /* what releases before it did */
	/* The last release known to lack the rule, when the exact landing
	 * release is not known (llama.cpp builds): releases after it and
	 * before `landed` are refused, naming both. NULL: `landed` is exact. */
	const char *last_without;
};

/* The table's rows (static storage); *n their count. */
const struct kvp_era_row *kvp_era_rows(size_t *n);

/* The release kvplan's rules of engine e are taken from, as printed when
 * the plan names none ("main@002f10e0" for vLLM). */
const char *kvp_engine_current_release(enum kvp_engine_kind e);

/* The release a plan runs: engine.version, or the current one. */
const char *kvp_engine_release(const struct kvp_engine_opts *o);

/* A release the engine's rules can be keyed by: vLLM "0.6.4" (also
 * "v0.6.4", "0.8.5.post1", "0.9.0rc2"), TensorRT-LLM "0.21.0" or
 * "1.0.0rc4", SGLang "0.5.3", llama.cpp a build "b5423" (its release
 * tags; the build number a log prints as "build: 5423 (...)"). Engines
 * with no versioned rule yet refuse a version, naming the release their
 * rules are from. "" is the current release. KVP_EINVAL naming
 * engine.version otherwise. */
enum kvp_status kvp_engine_version_check(enum kvp_engine_kind e, const char *v,
                                         struct kvp_error *err);

/* A llama.cpp release tag "b5423" -> *n 5423 (1 to 7 digits, nothing
 * after); a semver tag "v0.4.0" (llama.cpp's tags after the bNNNN builds)
 * -> a number above every build's, in semver order. False when s is of
 * neither form. */
bool kvp_llamacpp_build(const char *s, unsigned long *n);

/* True when the plan's release has rule r (the current release has all).
 * A release between a row's last_without and landed counts as having it;
 * engines that ask such a rule use kvp_era_rule_at, which refuses it. */
bool kvp_era_has(const struct kvp_engine_opts *o, enum kvp_era_rule r);

/* a >= b for two releases of the forms kvp_engine_version_check takes
 * ("0.17.1", "v0.8.5.post1", "b5423"); true when either is of no such
 * form (nothing is known against it). */
bool kvp_release_at_least(const char *a, const char *b);

/* *has = whether the plan's release has rule r; KVP_EINVAL naming
 * engine.version (and both bounds) when the release lies between the last
 * build known without it and the first known with it. */
enum kvp_status kvp_era_rule_at(const struct kvp_engine_opts *o,
                                enum kvp_era_rule r, bool *has,
                                struct kvp_error *err);

#endif
