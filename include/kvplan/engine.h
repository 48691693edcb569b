/*
 * engine.h - named engines' own allocation rules and options, by the
 * engines' own option names. Defaults are set by kvp_engine_defaults().
 * Fractions are parts per million (0.9 -> 900000) so that budgets stay
 * integral; sizes are bytes; lengths are tokens.
 */
#ifndef KVPLAN_ENGINE_H
#define KVPLAN_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/format.h"
#include "kvplan/status.h"

enum kvp_engine_kind {
	KVP_ENGINE_GENERIC = 0,   /* the core's strategies */
	KVP_ENGINE_LLAMACPP,
	KVP_ENGINE_VLLM,
	KVP_ENGINE_TRANSFORMERS,
	KVP_ENGINE_SGLANG,
	KVP_ENGINE_TRTLLM,
	KVP_ENGINE_COUNT
};

/* "generic", "llama.cpp", "vllm", "transformers", "sglang", "trtllm". */
const char *kvp_engine_name(enum kvp_engine_kind e);
enum kvp_status kvp_engine_parse(const char *s, enum kvp_engine_kind *out,
                                 struct kvp_error *err);

enum kvp_tristate { KVP_AUTO = 0, KVP_ON, KVP_OFF };

struct kvp_llamacpp_opts {
	uint64_t ctx_size;        /* -c; 0 = model's n_ctx_train */
	uint32_t parallel;        /* -np, sequences */
	bool kv_unified;          /* --kv-unified */
	uint64_t batch_size;      /* -b, default 2048 */
	uint64_t ubatch_size;     /* -ub, default 512 */
	enum kvp_tristate flash_attn; /* -fa, default auto */
	enum kvp_dtype cache_type_k;  /* -ctk, default f16 */
	enum kvp_dtype cache_type_v;  /* -ctv, default f16 */
	bool swa_full;            /* --swa-full */
};

struct kvp_vllm_opts {
	uint32_t block_size;              /* default 16 */
	uint32_t gpu_memory_utilization;  /* ppm, default 920000 */
	uint64_t kv_cache_memory_bytes;   /* 0 = use the utilization budget */
	uint64_t max_model_len;           /* 0 = model's max positions */
	uint32_t max_num_seqs;            /* default 256 */
	uint64_t max_num_batched_tokens;  /* default 8192 */
	/* auto = model dtype; fp8 etc. */
	bool kv_cache_dtype_auto;
	enum kvp_dtype kv_cache_dtype;
	uint32_t tensor_parallel_size;    /* default 1 */
	uint32_t pipeline_parallel_size;  /* default 1 */
	bool enable_prefix_caching;       /* default true (V1) */
	bool disable_hybrid_kv_cache_manager;
};

enum kvp_hf_cache {
	KVP_HF_DYNAMIC = 0,
	KVP_HF_STATIC,
	KVP_HF_QUANTIZED,
	KVP_HF_OFFLOADED,
	KVP_HF_CACHE_COUNT
};

struct kvp_transformers_opts {
	enum kvp_hf_cache cache;
	uint64_t max_cache_len;    /* Static; 0 = longest sequence */
	uint32_t nbits;            /* Quantized, default 4 */
	uint32_t q_group_size;     /* Quantized, default 64 */
	uint64_t residual_length;  /* Quantized, default 128 */
};

struct kvp_sglang_opts {
	uint32_t mem_fraction_static;   /* ppm; 0 = SGLang's own default */
	uint32_t page_size;             /* default 1 */
	uint64_t max_total_tokens;      /* 0 = from the budget */
	uint32_t max_running_requests;  /* 0 = derived */
	uint64_t context_len;           /* 0 = model's max positions */
};

struct kvp_trtllm_opts {
	uint32_t tokens_per_block;        /* default 64 (LLM API: 32) */
	uint32_t free_gpu_memory_fraction;/* ppm, default 900000 */
	uint64_t max_tokens;              /* 0 = from the fraction */
	uint64_t max_gpu_total_bytes;     /* 0 = no cap */
};

struct kvp_engine_opts {
	enum kvp_engine_kind kind;
	/* All are kept so switching engines loses no edits. */
	struct kvp_llamacpp_opts llamacpp;
	struct kvp_vllm_opts vllm;
	struct kvp_transformers_opts transformers;
	struct kvp_sglang_opts sglang;
	struct kvp_trtllm_opts trtllm;
};

/* Fill every engine's options with that engine's defaults; kind GENERIC. */
void kvp_engine_defaults(struct kvp_engine_opts *o);

#endif
