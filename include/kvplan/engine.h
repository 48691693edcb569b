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
#include "kvplan/model.h"   /* KVP_MAX_LAYERS */
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

/*
 * llama.cpp (src/core/engines/llamacpp/engine_llamacpp.c; ENGINES.md, measured on upstream
 * 84f71294). The cache is sized by these options, not by the workload:
 * n_ctx = pad256(ctx_size); per sequence pad256(n_ctx / parallel) cells
 * unless kv_unified; sliding layers pad256(min(n_ctx_seq, n_swa x (unified
 * ? parallel : 1) + n_ubatch)) cells. Refused, in llama.cpp's words: K/V
 * types differing on an MLA model, quantized cache_type_v with flash_attn
 * off, parallel above 256.
 */
#define KVP_OT_CPU 1u   /* -ot ...=CPU */
#define KVP_LC_NP_AUTO 0u /* engine.llamacpp.parallel "auto" */
#define KVP_OT_DEV 2u   /* -ot ...=CUDA0: the card */

struct kvp_llamacpp_opts {
	uint64_t ctx_size;        /* -c, --ctx-size, cells; default 0 = the
	                             model's n_ctx_train (model.arch.max_positions) */
	uint32_t parallel;        /* -np, --parallel, sequences (streams);
	                             default 1, 1..256; KVP_LC_NP_AUTO (0,
	                             "auto", llama-server's -np -1 or no -np):
	                             the build's default, 4 slots on a unified
	                             cache from PR #16736 (src/core/engines/
	                             llamacpp/lc_slots.c) */
	bool kv_unified;          /* --kv-unified: one stream of n_ctx cells
	                             shared by all sequences; default false */
	uint64_t batch_size;      /* -b, --batch-size, tokens; default 2048;
	                             clamped to ctx_size */
	uint64_t ubatch_size;     /* -ub, --ubatch-size, tokens; default 512;
	                             clamped to the batch; sizes SWA caches */
	enum kvp_tristate flash_attn; /* -fa, --flash-attn auto|on|off; default
	                             auto (counts as on). Off: V stored
	                             transposed, V rows padded to the widest
	                             when V widths differ across layers */
	enum kvp_dtype cache_type_k;  /* -ctk, --cache-type-k; default f16; one
	                             of f32 f16 bf16 q8_0 q4_0 q4_1 iq4_nl q5_0
	                             q5_1 (the model's cache format is ignored:
	                             llama.cpp uses these for every layer) */
	enum kvp_dtype cache_type_v;  /* -ctv, --cache-type-v; default f16; same
	                             set; quantized needs flash_attn */
	bool swa_full;            /* --swa-full: SWA layers get n_ctx_seq cells;
	                             default false */
	int32_t n_gpu_layers;     /* -ngl, --n-gpu-layers; default -1 = all.
	                             The last N repeating layers keep their
	                             weights and KV on the device, the rest
	                             on the host; the output layer stays on
	                             the device only when N > n_layer (e.g.
	                             -ngl 99); values past n_layer + 1 are
	                             clamped as llama.cpp does (llama-model.cpp
	                             i_gpu_start = max(n_layer - ngl, 0)) */
	uint32_t n_cpu_moe;       /* --n-cpu-moe N: the routed experts of the
	                             first N layers stay in host memory (the
	                             -ot "blk\\.(0..N-1)\\.ffn_(up|down|gate)_exps"
	                             override common/arg.cpp builds); default 0 */
	/* Issue 14 (src/core/weights/parts.c). Bytes of tensor data as the GGUF
	 * files store them (--lora FILE, --mmproj FILE read their tensor
	 * infos; a plan gives the sums): exact. Both on the device that
	 * holds the layers (llama-adapter.cpp puts each adapter tensor in
	 * its base tensor's buffer; mtmd/clip.cpp loads the projector on
	 * the GPU unless --no-mmproj-offload); default 0 = none. */
	uint64_t lora_bytes;      /* --lora adapters, summed */
	uint64_t mmproj_bytes;    /* --mmproj: the vision/audio encoder file */
	/* The vision encoder's compute buffer (src/core/engines/llamacpp/clip_buf.c, an
	 * ESTIMATE): the shape of the tower the warmup graph runs, read by
	 * --mmproj FILE from the GGUF's clip.vision.* keys, and the side of
	 * the square warmup image (the log's "warmup with image size = W x
	 * H"), which --mmproj FILE sets by the projector's rule. 0 = not
	 * known: the buffer is then not estimated, and the output says so. */
	char mmproj_projector[32]; /* clip.projector_type, for messages */
	uint32_t mmproj_warmup;   /* warmup image side, pixels */
	uint32_t mmproj_patch;    /* clip.vision.patch_size */
	uint32_t mmproj_embd;     /* clip.vision.embedding_length */
	uint32_t mmproj_heads;    /* clip.vision.attention.head_count */
	uint32_t mmproj_ff;       /* clip.vision.feed_forward_length */
	uint32_t mmproj_deepstack; /* layers clip.vision.is_deepstack_layers
	                             marks (not modelled: not estimated) */
	bool mmproj_offload;      /* --mmproj-offload (default) / --no-mmproj-
	                             offload: the encoder's tensors and compute
	                             on the GPU, or on the CPU in host memory
	                             (mtmd use_gpu; clip_ctx's backend) */
	/* Issue 14, speculative decoding (src/core/weights/draft.c): the draft model
	 * (plan.draft) gets one context per slot (-np), each of ctx_size_draft
	 * cells and one sequence, tools/server/server-context.cpp load_model
	 * and init (llama.cpp fb40266). */
	uint64_t ctx_size_draft;  /* -cd, --ctx-size-draft, cells; default 0 =
	                             the main context's n_ctx_seq */
	int32_t n_gpu_layers_draft; /* -ngld, --n-gpu-layers-draft; default
	                             -1 = all (a partial value is refused) */
	enum kvp_dtype cache_type_k_draft; /* -ctkd; default f16 */
	enum kvp_dtype cache_type_v_draft; /* -ctvd; default f16 */
	uint32_t draft_max;       /* --spec-draft-n-max (earlier --draft-max):
	                             tokens a draft proposes per step; 0 = not
	                             given. From PR #23861 it sets llama-
	                             server's logits rows of the worst-case
	                             graph, n_parallel x (1 + it)
	                             (compute_buf.c) */
	/* -ot / --override-tensor PATTERN=BUFFER,... as llama.cpp takes it
	 * (items joined by ','; "" = none). The front end matches the
	 * patterns against the model's GGUF tensor names
	 * (src/io/gguf/override_tensor.c, kvp_ot_resolve) and writes ot_layer[]
	 * and ot_global, which the core reads (host.c): per layer, bits 0-1
	 * where its weights go and bits 2-3 where its routed experts go;
	 * ot_global bits 0-1 token_embd, 2-3 output; each 0 (as -ngl and
	 * --n-cpu-moe say), KVP_OT_CPU or KVP_OT_DEV. */
	char override_tensor[512];
	uint8_t ot_layer[KVP_MAX_LAYERS];
	uint8_t ot_global;
	bool embeddings;          /* --embeddings: the output buffer holds
	                             n_embd floats per output besides the
	                             logits (llama-context.cpp output_reserve,
	                             upstream 4c7103b9); default false */
	uint32_t rs_seq;          /* llama_context's n_rs_seq: recurrent-state
	                             snapshots kept per sequence for
	                             speculative rollback; each recurrent
	                             layer holds cells x (1 + rs_seq) rows of
	                             R and S (llama-memory-recurrent.cpp,
	                             PR #22673, build b9180). llama.cpp sets
	                             it from the speculative draft (the
	                             draft's n_max for the draft types its
	                             common.h need_n_rs_seq lists, which vary
	                             by build); kvplan takes it as given and
	                             reconcile reads it from the log. Default
	                             0: none, llama.cpp's value without such
	                             a draft */
	int32_t ctx_checkpoints;  /* llama-server -ctxcp, --ctx-checkpoints:
	                             context checkpoints a slot keeps, in
	                             host memory, for recurrent, hybrid and
	                             SWA models (src/core/engines/llamacpp/ckpt.c); 0 = none;
	                             default -1 = the build's default (32) */
};

/*
 * vLLM V1 (src/core/engines/vllm/engine_vllm.c). Budget per GPU = ceil(card capacity x
 * gpu_memory_utilization) - (weights / (tp x pp) + activation peak + the
 * plan's overheads), or kv_cache_memory_bytes; the pool takes all of it
 * in blocks. Refused, in vLLM's words, when the budget is not positive
 * or one request of max_model_len does not fit (with the estimated
 * largest max_model_len). The utilization is applied exactly in parts per
 * million; vLLM multiplies in binary floating point, so where capacity x
 * utilization is a whole number its budget can be one byte larger.
 */
/* vLLM's MambaDType (vllm/config/cache.py): "auto", "float32",
 * "float16", "bfloat16" - the recurrent state formats of
 * --mamba-cache-dtype (conv state) and --mamba-ssm-cache-dtype (SSM
 * state). */
enum kvp_mamba_dtype {
	KVP_MAMBA_AUTO = 0,
	KVP_MAMBA_F32,
	KVP_MAMBA_F16,
	KVP_MAMBA_BF16,
	KVP_MAMBA_DTYPE_COUNT
};

/* vLLM's speculative_config "method" (vllm/config/speculative.py) as
 * kvplan sizes it: a draft model (plan.draft) whose layers join the KV
 * pool, n-gram lookup (no model, no cache) or the model's own MTP layers
 * (model.arch.mtp_layers), whose layers join the pool too, or an EAGLE-3
 * head (plan.draft with model.arch.eagle3) or an EAGLE-1 llama head
 * (eagle), whose layers join it as a draft model's do
 * (src/core/weights/draft.c). */
enum kvp_spec_method {
	KVP_SPEC_NONE = 0,
	KVP_SPEC_DRAFT_MODEL,
	KVP_SPEC_NGRAM,
	KVP_SPEC_MTP,
	KVP_SPEC_EAGLE,
	KVP_SPEC_EAGLE3,
	KVP_SPEC_METHOD_COUNT
};

/* The method vLLM drafts with for a draft model given (the CLI's
 * --speculative-model, the planner's Draft model row), the plan's method
 * being `given`: eagle3 for an EAGLE-3 head (model.arch.eagle3), eagle
 * where eagle was given (an EAGLE-1 head's config is a llama's),
 * draft_model otherwise. */
struct kvp_model;
enum kvp_spec_method kvp_draft_method(const struct kvp_model *draft,
                                      enum kvp_spec_method given);

struct kvp_vllm_opts {
	/* Issue 14, speculative decoding (src/core/weights/draft.c), named after the
	 * keys of --speculative-config: */
	enum kvp_spec_method speculative_method; /* "method"; none (default),
	                                     draft_model (set by
	                                     --speculative-model), ngram, mtp
	                                     (the model's MTP layers, model.
	                                     arch.mtp_layers), eagle3 (an
	                                     EAGLE-3 head as plan.draft) or
	                                     eagle (an EAGLE-1 llama head
	                                     as plan.draft) */
	uint32_t num_speculative_tokens;  /* "num_speculative_tokens": tokens
	                                     drafted per step; the scheduler's
	                                     num_lookahead_tokens; >= 1 with a
	                                     method */
	/* Issue 14 (src/core/weights/parts.c), vllm/config/lora.py and
	 * vllm/lora/layers/base_linear.py create_lora_weights: */
	bool enable_lora;                 /* --enable-lora; default false */
	uint32_t max_loras;               /* --max-loras: device slots;
	                                     default 1, >= 1 */
	uint32_t max_lora_rank;           /* --max-lora-rank: one of 1 8 16 32
	                                     64 128 256 320 512; default 16 */
	uint32_t max_cpu_loras;           /* --max-cpu-loras: host LRU entries;
	                                     0 = max_loras; >= max_loras */
	enum kvp_dtype dtype;             /* --dtype: the model's activation
	                                     dtype (LoRA slots with lora_dtype
	                                     auto, the encoder cache); f16,
	                                     bf16 or f32; default bf16 */
	uint32_t block_size;              /* --block-size, tokens per block;
	                                     default 16 */
	uint32_t gpu_memory_utilization;  /* --gpu-memory-utilization, ppm;
	                                     default 0 = the release's: 0.92
	                                     from 0.21.0, 0.9 before
	                                     (kvp_vllm_defaults) */
	uint64_t kv_cache_memory_bytes;   /* --kv-cache-memory-bytes, bytes per
	                                     GPU; default 0 = use the
	                                     utilization budget (needs a card) */
	uint64_t max_model_len;           /* --max-model-len, tokens; default 0
	                                     = the model's max positions */
	uint32_t max_num_seqs;            /* --max-num-seqs; caps the requests
	                                     that fit at once; default 0 = the
	                                     API server's for the card and
	                                     release (kvp_vllm_defaults: 1024
	                                     on H100-class cards, 256 else) */
	uint64_t max_num_batched_tokens;  /* --max-num-batched-tokens; sliding
	                                     layers keep W - 1 + this many
	                                     tokens per request; default 0 =
	                                     vLLM's (8192 or 2048, V0
	                                     max(max_model_len, 2048)) */
	uint32_t limit_mm_per_prompt;     /* --limit-mm-per-prompt: items of
	                                     the largest modality a prompt may
	                                     hold; 0 = not given (the encoder
	                                     profile's items are then a range,
	                                     src/core/weights/parts.c) */
	/* --kv-cache-dtype: auto (default) = each layer's cache format from
	 * the model; otherwise kv_cache_dtype for every layer (f16, bf16,
	 * f32, fp8, int8). */
	bool kv_cache_dtype_auto;
	enum kvp_dtype kv_cache_dtype;
	uint32_t tensor_parallel_size;    /* --tensor-parallel-size; default 1;
	                                     1 takes devices.tp; KV heads per
	                                     rank max(1, Hkv // tp) */
	uint32_t pipeline_parallel_size;  /* --pipeline-parallel-size; default
	                                     1; 1 takes devices.pp; stages split
	                                     as vLLM does unless devices.pp_layers */
	enum kvp_tristate enable_prefix_caching; /* --enable-prefix-caching /
	                                     --no-enable-prefix-caching; on: full
	                                     prompt blocks shared among a
	                                     request's samples (and the system
	                                     prefix when shared). Default auto =
	                                     the release's (kvp_vllm_defaults:
	                                     off before 0.8.0, on from V1) */
	/* --mamba-cache-dtype (conv state; auto = the model's dtype) and
	 * --mamba-ssm-cache-dtype (SSM state; auto = the model's own
	 * model.recur.vllm_ssm_dtype, else the conv state's). Default auto. */
	enum kvp_mamba_dtype mamba_cache_dtype;
	enum kvp_mamba_dtype mamba_ssm_cache_dtype;
	bool disable_hybrid_kv_cache_manager; /* --disable-hybrid-kv-cache-manager;
	                                     default false: sliding layers sized
	                                     as full attention when true */
	bool flashinfer_sampler;          /* the FlashInfer top-p/top-k sampler
	                                     runs (VLLM_USE_FLASHINFER_SAMPLER=1;
	                                     before 0.11 the default wherever
	                                     FlashInfer is installed: the log
	                                     says "Using FlashInfer for top-p &
	                                     top-k sampling"); default false =
	                                     the PyTorch-native sampler, whose
	                                     profile peak is larger
	                                     (vllm_profile.c) */
	bool disable_custom_all_reduce;   /* --disable-custom-all-reduce; vLLM
	                                     also sets it itself on more than
	                                     two PCIe-only GPUs (its log says
	                                     "Custom allreduce is disabled");
	                                     default false (vllm_profile.c) */
	enum kvp_tristate use_v1;         /* VLLM_USE_V1 in vLLM's environment:
	                                     auto (unset, the default) = vLLM's
	                                     own choice by release, platform
	                                     and options; off (0) = V0, in
	                                     0.8.0-0.10.x; on (1) = V1 where
	                                     auto falls back for an
	                                     experimental feature, refused
	                                     where V1 does not run it
	                                     (src/core/engines/vllm/
	                                     vl_engine.c) */
	uint32_t cpu_offload_gb;          /* --cpu-offload-gb, GiB of weights per
	                                     GPU kept in host memory (vLLM:
	                                     int(cpu_offload_gb x 1024**3)); whole
	                                     GiB here; default 0. vLLM offloads
	                                     whole modules until the total reaches
	                                     it, so it may pass it by one module:
	                                     not modelled */
	uint64_t num_gpu_blocks_override; /* --num-gpu-blocks-override, blocks;
	                                     default 0 = from the budget. Set,
	                                     every stage gets exactly this many
	                                     blocks and the budget is this many
	                                     pool blocks (kv_cache_utils.py
	                                     may_override_num_blocks) */
	uint32_t max_cudagraph_capture_size; /* --max-cudagraph-capture-size,
	                                     tokens: the largest CUDA graph
	                                     batch; default 0 = vLLM's,
	                                     min(2 x max_num_seqs x (1 +
	                                     speculative tokens), 512); how
	                                     many graphs vLLM's estimate
	                                     counts (vllm_profile.c) */
};

enum kvp_hf_cache {
	KVP_HF_DYNAMIC = 0,
	KVP_HF_STATIC,
	KVP_HF_QUANTIZED,
	KVP_HF_OFFLOADED,
	KVP_HF_CACHE_COUNT
};

/*
 * transformers (src/core/engines/engine_transformers.c, cache_utils.py): one
 * generate() call with every resident sequence as one batch padded to
 * the longest; the compute dtype is the model's cache format.
 */
struct kvp_transformers_opts {
	enum kvp_hf_cache cache;   /* dynamic (default), static, quantized or
	                              offloaded: DynamicCache, StaticCache,
	                              QuantizedCache, OffloadedCache */
	uint64_t max_cache_len;    /* StaticCache max_cache_len, tokens;
	                              default 0 = the longest sequence;
	                              shorter than a sequence: refused */
	uint32_t nbits;            /* QuantizedCache nbits: 2, 4 (default) or 8 */
	uint32_t q_group_size;     /* QuantizedCache q_group_size, values per
	                              scale/zero-point pair; default 64 */
	uint64_t residual_length;  /* QuantizedCache residual_length; default
	                              128: at most residual_length - 1 newest
	                              tokens stay unquantized */
};

/*
 * SGLang (src/core/engines/sglang/engine_sglang.c). Tokens = (capacity x
 * mem_fraction_static - weights / tp - overheads) // bytes per token,
 * whole pages, at most max_total_tokens.
 */
struct kvp_sglang_opts {
	uint32_t mem_fraction_static;   /* --mem-fraction-static, ppm; default
	                                   0 = SGLang's own for the release,
	                                   card and tp x pp (sg_rules.c):
	                                   through 0.4.6 by tp (0.88 at 1), from
	                                   0.4.7 and 0.5.3 from the card's
	                                   memory less a reserve */
	uint32_t page_size;             /* --page-size, tokens; default 1 */
	uint64_t max_total_tokens;      /* --max-total-tokens; default 0 = from
	                                   the budget; alone (no card) sizes it */
	uint32_t max_running_requests;  /* --max-running-requests; default 0 =
	                                   min(max(tokens / context x 512, 2048),
	                                   4096); sizes the req_to_token table */
	uint64_t context_len;           /* --context-length, tokens; default 0 =
	                                   the model's max positions */
	uint32_t swa_full_tokens_ratio; /* --swa-full-tokens-ratio, ppm: the
	                                   sliding layers' pool holds this x
	                                   the full layers' tokens (SWAKVPool,
	                                   kvplan/era.h); default 0 = 0.8 */
	bool disable_hybrid_swa_memory; /* --disable-hybrid-swa-memory: one
	                                   pool, sliding layers full size */
	uint64_t max_mamba_cache_size;  /* --max-mamba-cache-size, recurrent
	                                   state slots; default 0 = from
	                                   mamba_full_memory_ratio */
	uint32_t mamba_full_memory_ratio; /* --mamba-full-memory-ratio, ppm:
	                                   Mamba pool bytes / KV pool bytes;
	                                   default 0 = 0.9 */
	int mamba_ssm_dtype;            /* --mamba-ssm-dtype, an enum
	                                   kvp_mamba_dtype; auto = float32 (the
	                                   conv state is bfloat16) */
	/* The activation reserve of mem_fraction_static's default (from
	 * 0.5.4, sg_rules.c); no other figure reads them: */
	int32_t chunked_prefill_size;   /* --chunked-prefill-size; 0 = by the
	                                   card, -1 = off (max_prefill_tokens
	                                   takes its place) */
	uint32_t max_prefill_tokens;    /* --max-prefill-tokens; 0 = 16384 */
	uint32_t cuda_graph_max_bs;     /* --cuda-graph-max-bs; 0 = by the
	                                   card and tp */
};

/*
 * TensorRT-LLM (src/core/engines/engine_trtllm.c, KvCacheConfig). Budget =
 * max_gpu_total_bytes when set, else free_gpu_memory_fraction x
 * (capacity - weights / (tp x pp) - activation peak - overheads); one
 * window: whole blocks, at most ceil(max_tokens / tokens_per_block);
 * several windows (VSWA, 1.0.0 on): one pool per window, kvplan/era.h.
 */
struct kvp_trtllm_opts {
	uint32_t tokens_per_block;        /* tokens_per_block; default 64 (the
	                                     C++ runtime; the LLM API uses 32) */
	uint32_t free_gpu_memory_fraction;/* free_gpu_memory_fraction, ppm;
	                                     default 900000 (0.9) */
	uint64_t max_tokens;              /* max_tokens; default 0 = from the
	                                     fraction; alone (no card) sizes it */
	uint64_t max_gpu_total_bytes;     /* max_gpu_total_bytes; default 0 =
	                                     from the fraction. Set, it IS the
	                                     primary pool's budget (PyTorch
	                                     backend: it replaces the fraction
	                                     of free memory, not a cap on it);
	                                     alone (no card) sizes it */
	uint64_t host_cache_size;         /* host_cache_size, bytes of host
	                                     memory for the secondary (offload)
	                                     pool; default 0 = none */
};

struct kvp_engine_opts {
	enum kvp_engine_kind kind;
	/* All are kept so switching engines loses no edits. */
	struct kvp_llamacpp_opts llamacpp;
	struct kvp_vllm_opts vllm;
	struct kvp_transformers_opts transformers;
	struct kvp_sglang_opts sglang;
	struct kvp_trtllm_opts trtllm;
	/* engine.version: the release the plan runs ("0.6.4"), "" = the
	 * current release kvplan's rules are from (kvplan/era.h). Rules that
	 * changed bytes between releases are keyed by it. */
	char version[24];
};

/* Fill every engine's options with that engine's defaults; kind GENERIC. */
void kvp_engine_defaults(struct kvp_engine_opts *o);

/* vLLM's options as the release and card of plan p run them when its
 * command gives no flag (the budget's own defaults, src/core/engines/
 * vllm/vllm_profile.c): kvp_engine_defaults' vLLM options with
 * gpu_memory_utilization, max_num_seqs and max_num_batched_tokens
 * resolved (never 0) and enable_prefix_caching the release's (KVP_ON
 * or KVP_OFF, never KVP_AUTO). */
struct kvp_plan;
void kvp_vllm_release_defaults(const struct kvp_plan *p,
                               struct kvp_vllm_opts *out);

/* Switch the options to engine k: a named release (version) stays with
 * the engine it names and is cleared for another (a llama.cpp build is
 * no vLLM release); compare and the planner's Engines view use it. */
void kvp_engine_switch(struct kvp_engine_opts *o, enum kvp_engine_kind k);

#endif
