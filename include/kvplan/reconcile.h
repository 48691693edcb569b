/*
 * reconcile.h - a plan's computed figures set against the figures a real
 * engine printed at startup (observations, read by src/io/logs/log_parse.c).
 *
 * Pure: no I/O, no allocation. An observation is a number the log printed,
 * converted to exact bytes (or a count) with the half-unit of its last
 * printed digit as `tolerance`: "1536.00 MiB" is 1,610,612,736 bytes
 * +- 5,243 (0.005 MiB rounded up). A computed figure "matches" when it lies
 * inside [observed - tolerance, observed + tolerance].
 *
 * Every row of the comparison carries one class:
 *   ARITHMETIC  the figure follows from the plan's shape and settings (and,
 *               where the engine measured an input, from that observed
 *               input) by arithmetic alone: cache bytes, cells, blocks for
 *               an observed budget, tokens for observed blocks. A
 *               difference beyond print rounding is a finding.
 *   OBSERVED    the figure depends on memory the engine measured on its own
 *               card (weights loaded, activation peak, free memory, the KV
 *               budget derived from them). kvplan's own estimate is shown
 *               beside it when it has one; a difference is information.
 *   ESTIMATE    kvplan's figure is an estimate with a stated tolerance
 *               (llama.cpp's compute buffers, +-tol_ppm): it matches
 *               when within it; a miss is information, not a failure.
 *   UNTESTED    only one side exists: the log states a figure kvplan does
 *               not model, or kvplan computes one the log does not state.
 */
#ifndef KVPLAN_RECONCILE_H
#define KVPLAN_RECONCILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/engine.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/* What a printed figure is. Bytes unless marked (count). */
enum kvp_obs_kind {
	KVP_OBS_KV_BYTES = 0,     /* one cache (scope) or the whole cache */
	KVP_OBS_K_BYTES,
	KVP_OBS_V_BYTES,
	KVP_OBS_STATE_BYTES,      /* recurrent state (llama.cpp R + S) */
	KVP_OBS_DEVICE_KV_BYTES,  /* KV buffer on one device (`device`) */
	KVP_OBS_CELLS,            /* (count) llama.cpp cells per stream */
	KVP_OBS_LAYERS,           /* (count) layers holding this cache */
	KVP_OBS_STREAMS,          /* (count) llama.cpp streams */
	KVP_OBS_BLOCKS,           /* (count) blocks in the GPU pool */
	KVP_OBS_CPU_BLOCKS,       /* (count) vLLM V0 swap blocks */
	KVP_OBS_TOKENS,           /* (count) tokens the pool holds */
	KVP_OBS_CONCURRENCY_X100, /* (count) vLLM "Maximum concurrency" x100 */
	KVP_OBS_KV_BUDGET,        /* memory the engine gave the KV pool */
	KVP_OBS_KV_NEEDED,        /* vLLM: KV one max-length request needs */
	KVP_OBS_WEIGHTS_BYTES,    /* weights loaded on one device */
	KVP_OBS_TOTAL_MEMORY,     /* card memory the engine saw */
	KVP_OBS_FREE_MEMORY,      /* free memory at some point (SGLang) */
	KVP_OBS_ACTIVATION_PEAK,  /* activation peak, weights not included
	                             (vLLM V0 "activation peak memory takes") */
	KVP_OBS_NON_TORCH,        /* non-torch memory (vLLM) */
	KVP_OBS_TORCH_PEAK,       /* peak torch memory, weights included
	                             (vLLM V0 "peak_torch_memory=") */
	KVP_OBS_MEM_UTIL_PPM,     /* (count) gpu_memory_utilization, ppm */
	KVP_OBS_STATE_R_BYTES,    /* llama.cpp recurrent R (conv) state */
	KVP_OBS_STATE_S_BYTES,    /* llama.cpp recurrent S (SSM) state */
	KVP_OBS_OUTPUT_BYTES,     /* llama.cpp output buffer (logits) */
	KVP_OBS_COMPUTE_BYTES,    /* llama.cpp compute buffer of `device`
	                             ("CUDA0", "CPU", "CUDA_Host") */
	KVP_OBS_SLOT_CTX,         /* (count) llama-server's positions a slot
	                             holds ("new slot, n_ctx = N") */
	KVP_OBS_DEVICE_STATE_BYTES, /* llama.cpp recurrent-state (RS) buffer
	                             on one device (`device`) */
	KVP_OBS_CKPT_BYTES,       /* llama-server: one context checkpoint
	                             ("created context checkpoint ... size =
	                             62.813 MiB"), the first such line */
	KVP_OBS_ENC_COMPUTE_BYTES, /* llama.cpp --mmproj encoder's compute
	                             buffer of `device` ("alloc_compute_meta:
	                             CUDA0 compute buffer size = ...") */
	KVP_OBS_ENC_BUDGET_TOKENS, /* (count) vLLM encoder cache budget,
	                             tokens ("initialized with a budget of") */
	KVP_OBS_ENC_PROFILE_ITEMS, /* (count) items vLLM's profile run
	                             encodes ("profiled with M image items") */
	KVP_OBS_CUDA_GRAPH,       /* vLLM's CUDA graph estimate ("Estimated
	                             CUDA graph memory"), taken from the
	                             budget from 0.21.0 */
	KVP_OBS_CUDA_GRAPH_POOL,  /* the pool vLLM's graph capture took
	                             ("CUDA graph pool memory: X (actual)") */
	KVP_OBS_KIND_COUNT
};

/* Which cache of a multi-cache engine (llama.cpp iSWA) a figure is of. */
enum kvp_obs_scope {
	KVP_SCOPE_ALL = 0,        /* the only cache, or all of them */
	KVP_SCOPE_FULL,           /* llama.cpp non-SWA cache */
	KVP_SCOPE_SWA,            /* llama.cpp SWA cache */
	KVP_SCOPE_COUNT
};

struct kvp_observation {
	enum kvp_obs_kind kind;
	enum kvp_obs_scope scope;
	enum kvp_engine_kind engine;  /* which engine printed it */
	uint64_t value;               /* bytes or count, as printed */
	uint64_t tolerance;           /* +- half the last printed digit */
	uint32_t line;                /* 1-based line of the log */
	char device[64];              /* "CUDA0", "TP0", "RPC[host:port]", "" */
	char text[32];                /* the figure as printed, "1536.00 MiB" */
	bool unrounded;               /* tokens as asked, before the engine
	                                 rounds them up to whole blocks
	                                 (TensorRT-LLM's older "Using N tokens
	                                 in paged KV cache") */
};

/* Short stable names: "kv_bytes", "cells", ... and "all", "full", "swa". */
const char *kvp_obs_kind_name(enum kvp_obs_kind k);
const char *kvp_obs_scope_name(enum kvp_obs_scope s);
/* True for kinds that are byte figures (false: counts). */
bool kvp_obs_is_bytes(enum kvp_obs_kind k);

enum kvp_rec_class {
	KVP_REC_ARITHMETIC = 0,
	KVP_REC_OBSERVED,
	KVP_REC_UNTESTED,
	KVP_REC_ESTIMATE,         /* kvplan's figure is an estimate with a
	                             stated tolerance (tol_ppm): a match is
	                             within it, a miss is information */
	KVP_REC_CLASS_COUNT
};
const char *kvp_rec_class_name(enum kvp_rec_class c);

#define KVP_REC_MAX_ROWS 48

struct kvp_rec_row {
	char figure[96];          /* "KV cache (swa)", "GPU blocks" */
	enum kvp_rec_class cls;
	bool is_bytes;            /* figure in bytes (else a count) */
	bool has_computed, has_observed;
	uint64_t computed;        /* kvplan's figure */
	/* For figures computed from a rounded observed input (blocks from a
	 * budget printed to 2 decimals) the computed figure is a range;
	 * computed_lo == computed_hi == computed otherwise. */
	uint64_t computed_lo, computed_hi;
	uint64_t observed;
	uint64_t tolerance;       /* of the observed figure */
	int64_t diff;             /* observed - computed (both present) */
	int64_t diff_ppm;         /* diff / computed x 10^6, 0 if computed 0 */
	bool match;               /* observed within tolerance of computed,
	                             or inside [computed_lo, computed_hi] */
	uint32_t line;            /* line of the observation, 0 none */
	char basis[96];           /* how the computed figure was obtained */
	uint32_t tol_ppm;         /* ESTIMATE: the estimate's own tolerance */
	/* Issue 31: the row is the plan's own prediction of what the
	 * engine gives the cache (its KV budget, pool blocks or tokens,
	 * concurrency, from kvplan's budget, not from an observed input);
	 * plan_error: it differs from the log beyond print rounding, a
	 * finding (counted in n_plan_error, the exit status) */
	bool prediction;
	bool plan_error;
};

struct kvp_reconcile {
	uint32_t n_rows;
	struct kvp_rec_row rows[KVP_REC_MAX_ROWS];
	uint32_t n_arithmetic_mismatch; /* ARITHMETIC rows that differ */
	uint32_t n_dropped;       /* observations beyond KVP_REC_MAX_ROWS */
	/* What was compared (rows with both sides): every class, and the
	 * ARITHMETIC ones - the checks that can fail. A log with no
	 * arithmetic comparison checked nothing, whatever the mismatches. */
	uint32_t n_compared;
	uint32_t n_arithmetic;
	/* Issue 31: the plan's predictions that differ from the log beyond
	 * print rounding (rows[].plan_error) and which input the plan took
	 * otherwise than the engine measured explains it, largest first
	 * ("" when none differ) */
	uint32_t n_plan_error;
	char plan_error_why[KVP_MSG_MAX];
};

/*
 * How the plan was obtained, for kvp_reconcile_with.
 *   tp             the tensor-parallel size the plan runs with (the
 *                  flags' or the plan's, which win over the log's)
 *   max_model_len  the plan's (0: the result's)
 *   no_model       the log names no model and none was given: res is
 *                  NULL and only the figures that need no model are
 *                  computed (vLLM tokens from blocks, concurrency from
 *                  blocks and max_model_len, the V0 profile's budget,
 *                  llama.cpp K + V against the cache and buffers against
 *                  the cache, TensorRT-LLM whole blocks)
 *   no_budget      the plan's memory budget does not fit the card (the
 *                  engine refused) or there is no card: res was computed
 *                  with a budget-free stand-in (the engine's own byte or
 *                  token cap), so figures that follow from kvplan's budget
 *                  (KV budget, pool blocks/tokens, concurrency, kv.bytes,
 *                  weights) are not computed; the arithmetic on the log's
 *                  own inputs (pages, tokens x bytes per token) still is
 */
struct kvp_rec_opts {
	uint32_t tp;
	uint64_t max_model_len;
	bool no_model;
	bool no_budget;
};

enum kvp_status kvp_reconcile_with(const struct kvp_plan *plan,
                                   const struct kvp_result *res,
                                   enum kvp_engine_kind engine,
                                   const struct kvp_observation *obs,
                                   size_t n, const struct kvp_rec_opts *ro,
                                   struct kvp_reconcile *out,
                                   struct kvp_error *err);

/*
 * Compare the observations obs[0..n-1] (of engine `engine`; observations of
 * another engine are left out) with what the plan computes. `res` is
 * kvp_compute(plan) (status OK). `tp` is the tensor-parallel size the log
 * ran with (per-rank figures of SGLang/TRT-LLM/vLLM), `max_model_len` the
 * length the log states (0: the plan's). Fills *out; never fails on odd
 * observations (they become UNTESTED rows); returns KVP_EOVERFLOW only
 * when a derived figure does not fit in 64 bits.
 */
enum kvp_status kvp_reconcile(const struct kvp_plan *plan,
                              const struct kvp_result *res,
                              enum kvp_engine_kind engine,
                              const struct kvp_observation *obs, size_t n,
                              uint32_t tp, uint64_t max_model_len,
                              struct kvp_reconcile *out,
                              struct kvp_error *err);

#endif
