/*
 * result.h - everything kvp_compute produces. Front ends only read it:
 * every number on screen or in a file is a number in here. All byte and
 * token figures are exact 64-bit integers; units appear only at display.
 */
#ifndef KVPLAN_RESULT_H
#define KVPLAN_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/engine.h"
#include "kvplan/model.h"
#include "kvplan/status.h"
#include "kvplan/verdict.h"
#include "kvplan/warning.h"
#include "kvplan/workload.h"

#define KVP_MAX_DEVICES  64
#define KVP_MAX_WARNINGS 24
#define KVP_MAX_LINES    16
#define KVP_MAX_POOLS    8     /* TensorRT-LLM per-window pools */
#define KVP_LINE_MAX     240
/* A warning or an engine note, whole (issue 31: none is ever cut; the
 * property test over random plans checks none reaches this) */
#define KVP_MSG_MAX      1024

/* One resolved layer and what it holds under the plan (a record may
 * stand for every layer of a type: kvp_layer_rec, below). */
struct kvp_layer_result {
	struct kvp_layer_spec spec;   /* after rules (MLA: as stored) */
	uint64_t k_row_bytes;         /* bytes of K for one position */
	uint64_t v_row_bytes;         /* bytes of V for one position */
	uint64_t bytes_per_position;  /* k_row + v_row (0: NONE/SHARED) */
	uint64_t slots;               /* positions allocated, all sequences */
	uint64_t stored;              /* valid positions held, all sequences */
	uint64_t bytes;               /* slots x bytes_per_position, or the
	                                 recurrent state x sequences; a full
	                                 layer keeping a state beside its KV
	                                 (model.recur.beside_full): both */
	bool on_device;               /* false when offloaded to host */
	/* Added for issue 11: recurrent layers with state components
	 * (model.recur): the two parts of `bytes`, all sequences (of a
	 * full layer's, of beside_bytes). */
	uint64_t conv_bytes;
	uint64_t ssm_bytes;
	/* MLA layers with a DSA indexer: the indexer key's bytes for one
	 * position (part of k_row_bytes) and over the layer's slots (part
	 * of bytes). */
	uint64_t index_row_bytes;
	uint64_t index_bytes;
	/* A full layer keeping a recurrent state beside its KV
	 * (model.recur.beside_full): the state's part of `bytes`, all
	 * sequences (vLLM: the Mamba cache layer's share of the pool);
	 * bytes - beside_bytes is its KV. 0 on other layers. */
	uint64_t beside_bytes;
};

/* Per sequence class. */
struct kvp_class_result {
	uint64_t sequences;           /* resident: requests x samples */
	uint64_t length;              /* prompt + gen, tokens */
	uint64_t slots_per_sequence;  /* full-attention view */
	uint64_t bytes_per_sequence;  /* all layers, one sequence, unshared */
};

struct kvp_kv_result {
	/* Uniform layout (every KV-holding layer alike): the letters of
	 * 2 x L x Hkv x D x q, for the formula shown to the user. */
	bool uniform;
	uint32_t layers_with_kv;      /* L (layers that store per position) */
	uint32_t kv_heads, k_dim, v_dim;
	struct kvp_format k_fmt, v_fmt;
	/* Tensor-parallel ranks that each hold the letters' heads (a named
	 * engine under TP: kv_heads is per rank, replicas included): the
	 * formula is 2 x L x Hkv x D x q x ranks = bytes_per_position.
	 * 1 when the letters are the whole model's (generic, or no TP). */
	uint32_t ranks;

	uint64_t bytes_per_position;  /* sum over layers, one position,
	                                 every rank's share (x ranks) */
	uint64_t bytes_per_sequence;  /* first active class (else first
	                                 ragged length), one sequence, as
	                                 the engine allocates it (its blocks,
	                                 cells or padded row), all ranks */
	uint64_t sequences;           /* resident sequences */
	uint64_t requests;            /* active requests */
	uint64_t queued;
	uint64_t positions_stored;    /* valid tokens, summed over sequences
	                                 (shared prefixes once) */
	uint64_t slots_allocated;     /* full-attention slots allocated */
	uint64_t bytes;               /* THE figure: the whole cache of the
	                                 deployment, device + host, summed
	                                 over every device that holds it -
	                                 every TP rank's share (replicated
	                                 heads included), every PP stage and
	                                 every DP replica (each replica holds
	                                 its own cache). Invariant (property
	                                 test tests/unit/test_invariants.c):
	                                 bytes = device_bytes + host_bytes
	                                 and device_bytes = the sum of
	                                 devices[].kv_bytes when there are
	                                 cards. engine.* figures other than
	                                 workload_fit and mix_fit are one
	                                 replica's (replica 0's) */
	uint64_t bytes_needed;        /* bytes for exactly the stored tokens */
	uint64_t waste_bytes;         /* bytes - bytes_needed, or 0 */
	uint64_t shortfall_bytes;     /* bytes_needed - bytes, or 0: an engine
	                                 allocated less than the workload needs
	                                 (only some of its requests fit) */
	uint64_t state_bytes;         /* recurrent states, included in bytes */
	uint64_t device_bytes;        /* resident on the devices, all of
	                                 them (see bytes) */
	uint64_t host_bytes;          /* offloaded, all replicas */
	uint64_t k_bytes, v_bytes;    /* split of bytes (state not included) */
	/* Added for issue 11: */
	uint64_t conv_bytes;          /* recurrent conv state, part of state_bytes */
	uint64_t ssm_bytes;           /* recurrent SSM state, part of state_bytes */
	uint64_t index_bytes;         /* DSA indexer keys, part of k_bytes */
};

/* An engine's own derived quantities, and what it would print. */
struct kvp_engine_result {
	enum kvp_engine_kind kind;
	uint64_t cells;               /* llama.cpp: cells per stream (full) */
	uint64_t cells_swa;           /* llama.cpp: cells per stream (SWA) */
	uint64_t streams;             /* llama.cpp: streams */
	uint64_t block_size;          /* vLLM/SGLang/TRT: tokens per block */
	uint64_t page_bytes;          /* bytes of one block, all layers */
	uint64_t blocks;              /* blocks in the pool */
	uint64_t tokens;              /* tokens the pool holds */
	uint64_t budget_bytes;        /* KV budget the engine derived */
	uint64_t max_model_len;
	uint64_t concurrency_x100;    /* engine's worst-case figure x 100 */
	uint64_t workload_fit;        /* requests of the real workload that
	                                 fit at once (summed over the DP
	                                 replicas, each with its share) */
	uint64_t max_len_fit;         /* largest max_model_len for one
	                                 request, 0 = not computed */
	uint32_t n_lines;
	char lines[KVP_MAX_LINES][KVP_LINE_MAX]; /* in the engine's words
	                                 (lines past n_lines, and the bytes
	                                 after each line's end, are not
	                                 defined: kvp_compute does not clear
	                                 them) */
	/* Added for the engine profiles (issue 4): */
	uint64_t max_requests;        /* requests the engine runs at once:
	                                 llama.cpp parallel, vLLM max_num_seqs,
	                                 SGLang max_running_requests */
	uint64_t slots_run;           /* llama.cpp's unified cache: the
	                                 requests its slots run at once when
	                                 their cells pass the cache's (0:
	                                 they fit); llama-server does not
	                                 queue by memory (server-context.cpp
	                                 update_slots: "Context size has
	                                 been exceeded" ends them all) */
	uint32_t parallel_auto;       /* llama.cpp: the slots llama-server
	                                 runs for -np auto, or for -np 1 at
	                                 PR #16736's builds, at the plan's
	                                 build (0: -np as given) */
	uint64_t aux_bytes;           /* beside the pool: SGLang's
	                                 req_to_token table, bytes per rank */
	char note[KVP_MSG_MAX];       /* kvplan's remark on how the engine
	                                 allocates (not the engine's words);
	                                 a string: the bytes after its end
	                                 are not defined */
	uint64_t mix_fit;             /* "N requests of your mix fit": the
	                                 requests of the workload's mix (its
	                                 kinds in their proportions, scaled up
	                                 or down, not capped at the workload's
	                                 count) the engine's pool or streams,
	                                 as this plan sizes them, hold at once;
	                                 summed over the DP replicas; 0 when a
	                                 device of the plan does not fit. The
	                                 one meaning in calc, compare, JSON and
	                                 the planner (compare shows this field
	                                 for pool engines; for generic and
	                                 transformers, which size to the
	                                 workload, kvp_solve_mix counts what
	                                 the devices take) */
	bool mix_computed;            /* mix_fit is the engine's (a pool
	                                 engine: llama.cpp, vLLM, SGLang,
	                                 TRT-LLM) */
	uint64_t stage_page_bytes;    /* vLLM: bytes of one block on the rank
	                                 that sets the block count (PP: the
	                                 stage whose layers' pages add up to
	                                 the most; = page_bytes without PP):
	                                 blocks = budget // this */
	uint64_t host_blocks;         /* TensorRT-LLM: blocks of the secondary
	                                 (host) pool, from host_cache_size,
	                                 all windows */
	uint32_t n_pools;             /* TensorRT-LLM VSWA: one pool per
	                                 attention window (0 = one pool) */
	struct {
		uint64_t window;      /* the window after clamping, tokens */
		uint64_t layers;      /* layers of that window */
		uint64_t blocks;      /* primary blocks of the pool */
		uint64_t bytes_per_token; /* its layers' bytes per token */
		uint64_t host_blocks;  /* secondary (host) blocks of the pool,
		                          from host_cache_size */
	} pools[KVP_MAX_POOLS];
	char release[32];             /* the engine release whose rules were
	                                 applied: engine.version, or the
	                                 current one (kvplan/era.h) */
	bool release_named;           /* the plan named it */
	bool prefix_caching;          /* vLLM: --enable-prefix-caching as the
	                                 admission above ran it (workload_fit,
	                                 mix_fit): engine.vllm.
	                                 enable_prefix_caching, auto resolved
	                                 to the release's default */
	bool prefix_caching_default;  /* vLLM: it was the release's default
	                                 (the plan left it auto) */
	char lines_wording[32];       /* the release whose words `lines`
	                                 use: the current one, or the named
	                                 release where kvplan has its wording
	                                 (vLLM V0's "# GPU blocks"); llama.cpp
	                                 renamed its log lines between builds
	                                 whose tags are not known here, so its
	                                 lines are always today's words */
};

/* True when a named release's lines are printed in another release's
 * words (lines_wording): the front ends say so above the lines. */
bool kvp_engine_lines_reworded(const struct kvp_engine_result *e);

/* vLLM's prefix caching as the admission ran it and whence, the one
 * wording of the note, compare and the planner: "prefix caching off
 * (vLLM 0.7.3's default)" (the plan left it auto), "prefix caching on
 * (--enable-prefix-caching)", "... off (--no-enable-prefix-caching)". */
void kvp_engine_prefix_words(const struct kvp_engine_result *e, char *buf,
                             size_t n);

/* One device's budget; free may be negative when over capacity. */
struct kvp_device_result {
	char name[48];
	uint32_t tp_rank, pp_stage, dp_replica;
	uint32_t first_layer, last_layer; /* pipeline stage's layers */
	uint32_t kv_heads_per_rank;
	uint64_t capacity_bytes;
	uint64_t weights_bytes;
	uint64_t kv_bytes;
	uint64_t activations_bytes;
	bool activations_estimated;
	uint64_t retained_bytes;      /* outputs kept per sequence (fp32
	                                 logits, devices.retained_logits),
	                                 last pipeline stage only */
	uint64_t overhead_bytes;
	uint64_t headroom_bytes;
	int64_t free_bytes;
	bool fits;
	/* Speed envelope (speed.c): bytes this device must read from its
	 * memory in one decode step (its active weights and its share of
	 * the stored KV), and that read at the card's bandwidth, ns rounded
	 * down; 0 ns when the card's bandwidth is not known. */
	uint64_t decode_read_bytes;
	uint64_t decode_read_ns;
	/* issue 13: weights_bytes from the model files' tensors or the
	 * estimate (res->weights.source) */
	enum kvp_wsource weights_source;
	/* Issue 14 (parts.c, res->parts): the encoder's memory on this
	 * device (llama.cpp --mmproj tensors, vLLM's encoder cache) and the
	 * LoRA adapters' (vLLM's preallocated slots, llama.cpp --lora
	 * tensors); both in used and free_bytes, each its own bar segment. */
	uint64_t encoder_bytes;
	uint64_t lora_bytes;
	/* Issue 14 (draft.c, res->draft): the draft model's weights and KV
	 * on this device; in used and free_bytes, its own bar segment. */
	uint64_t draft_bytes;
	/* llama.cpp's compute buffer on this device (compute_buf.c): an
	 * ESTIMATE of what ggml-alloc packs from the worst-case graph
	 * (res->host.compute_source says how); it replaces the generic
	 * activations estimate (activations_bytes 0) unless a measured
	 * devices.activations_bytes is given. In used and free_bytes. */
	uint64_t compute_bytes;
	/* vLLM --cpu-offload-gb (host.c): this GPU's weights held in host
	 * memory, not in weights_bytes; vLLM copies them in, or its kernels
	 * read them over the host link, every step (speed.c counts them). */
	uint64_t offload_bytes;
	/* vLLM's rotary tables on this device (vllm_profile.c
	 * kvp_vllm_rope_bytes: RotaryEmbedding's cos_sin_cache buffers,
	 * whole on every rank): loaded with the model and counted in
	 * vLLM's "Model loading took", but no parameter, so not in
	 * weights_bytes (the speed bound reads those every decode step)
	 * nor in overhead_bytes (vLLM's non-torch memory). In used and
	 * free_bytes, its own bar segment; 0 under other engines. */
	uint64_t rotary_bytes;
};

/* Weight count (parameters) and bytes. */
struct kvp_weights_result {
	uint64_t params;              /* total parameters */
	uint64_t active_params;       /* per token (MoE) */
	uint64_t embed_params, attn_params, mlp_params, norm_params,
	         lm_head_params, other_params;
	uint64_t bytes;               /* in the weight format, with scales */
	int64_t declared_diff;        /* params - declared, when declared */
	/* recurrent layers whose mixer has no parameter count (arch.
	 * recurrent_params_per_layer 0, e.g. typed by hand): the estimate
	 * leaves them out and its label says so */
	bool mixers_uncounted;
	/* Issue 13: where `bytes` comes from. KVP_WSRC_GGUF/SAFETENSORS:
	 * the sum of model.tensors' groups (exact, as stored); ESTIMATE: the
	 * parameter count above in the weight format. */
	enum kvp_wsource source;
	uint64_t group_bytes[KVP_TG_COUNT]; /* by group (tensors only) */
	uint64_t estimate_bytes;      /* the estimate, shown beside them */
	/* model.tensors' MTP bytes that no device holds: vLLM's model loads
	 * the MTP layers only for its MTP drafter, and the drafter frees
	 * their own embedding and head copies for the target's (mtp_drafter
	 * true: only those); not in the devices' weights */
	uint64_t mtp_unloaded_bytes;
	bool mtp_drafter;
};

struct kvp_warning {
	enum kvp_warn_code code;
	char msg[KVP_MSG_MAX];        /* whole; front ends wrap, never cut */
};

/*
 * The speed envelope (src/core/speed/speed.c): a roofline BOUND from the cards'
 * data-sheet bandwidth and peak FLOP/s, not a measurement. Real engines
 * reach a fraction of it. Times are lower bounds (ns, rounded down);
 * rates are upper bounds (thousandths of tokens/s, rounded up).
 *
 * Decode, one step of every resident sequence, at full length (the whole
 * prompt + generation in the cache: the slowest step):
 *   a device's time >= (its active weight bytes + its share of the
 *   stored KV bytes) / its bandwidth  (under TP each rank reads its share;
 *   vLLM's weights in host memory count as its own, llama.cpp's host
 *   layers and experts, run by the CPU, are left out)
 *   a replica's step >= max(sum over pipeline stages of the slowest
 *   rank's time, decode FLOPs / sum of its devices' peaks)
 *   tokens/s per sequence <= 1 / step, i.e. bandwidth / (W + B x KV),
 *   x (k + 1) with speculative decoding of k tokens a step (step_tokens)
 *   aggregate tokens/s <= B / step per replica (stages overlapped),
 *   i.e. bandwidth / (W / B + KV) on one card, summed over replicas.
 * Prefill of one class-0 prompt on one replica:
 *   time >= FLOPs / sum of the replica's devices' peaks, FLOPs = 2 x
 *   active parameters (input embeddings excluded) x prompt tokens +
 *   causal attention 2 x pairs x Hq x (k_dim + v_dim) per attention layer.
 */
struct kvp_speed_result {
	bool known;                   /* a decode bound: every device's card
	                                 has a bandwidth */
	bool compute_known;           /* every device's card has the peak
	                                 used (prefill bound, compute roof) */
	bool peak_8bit;               /* the 8-bit peak applies (8-bit
	                                 weights), else the 16-bit one */
	bool compute_bound;           /* decode step set by FLOPs, not bytes */
	uint64_t sequences;           /* B: sequences decoding together, all
	                                 replicas (the resident ones, at most
	                                 a named engine's max_requests per
	                                 replica: llama.cpp -np, vLLM
	                                 max_num_seqs, SGLang's running cap) */
	uint64_t replica_sequences;   /* B of replica 0 (the largest share) */
	uint64_t weight_read_bytes;   /* active weights read per decode step,
	                                 replica 0, all its devices */
	uint64_t kv_read_bytes;       /* stored KV read per decode step,
	                                 replica 0, all its devices */
	uint64_t offload_read_bytes;  /* vLLM --cpu-offload-gb: replica 0's
	                                 weights in host memory, in
	                                 weight_read_bytes at the card's rate
	                                 (the host link is slower) */
	uint64_t cpu_weights_bytes;   /* llama.cpp: weights the CPU runs on
	                                 (host.cpu_weights_bytes), left out:
	                                 the host's bandwidth is not known */
	uint64_t step_tokens;         /* tokens a step can emit a sequence:
	                                 1, or with speculative decoding 1 +
	                                 the tokens drafted a step (vLLM
	                                 num_speculative_tokens, llama.cpp
	                                 --draft-max); 0 = a llama.cpp draft
	                                 without --draft-max: no rate bound */
	uint64_t kv_read_per_sequence; /* kv_read_bytes / its sequences,
	                                 rounded down */
	uint64_t bandwidth;           /* slowest card's bytes/s */
	uint64_t peak_flops;          /* slowest card's peak used, FLOP/s */
	uint64_t decode_flops;        /* FLOPs of one decode step, replica 0 */
	uint64_t decode_step_ns;      /* replica 0's step, stages in series */
	uint64_t seq_tps_milli;       /* tokens/s per sequence x 1000, max
	                                 over replicas */
	uint64_t aggregate_tps_milli; /* tokens/s of all replicas x 1000 */
	uint64_t prefill_tokens;      /* class 0's prompt, tokens */
	uint64_t prefill_flops;
	uint64_t prefill_ns;          /* 0 when !compute_known */
	uint64_t prefill_tps_milli;   /* prompt tokens/s x 1000, one replica */
};

/* How a figure was obtained (issue 14): read from the files, the
 * engine's own formula, or kvplan's estimate (lower or upper bound,
 * said where shown). */
enum kvp_figure {
	KVP_FIG_NONE = 0,             /* no such part in the plan */
	KVP_FIG_EXACT,                /* "exact" */
	KVP_FIG_ENGINE,               /* "engine formula" */
	KVP_FIG_ESTIMATE,             /* "estimate" */
	KVP_FIG_COUNT
};

const char *kvp_figure_name(enum kvp_figure f);

/*
 * Host (CPU) memory (src/core/device/host.c): what the plan keeps outside the
 * cards, as a budget of its own. Bytes, exact under the engine's rules:
 *   weights  llama.cpp: the input embedding table (always in host
 *            memory: llama-model.cpp puts the input layer on the CPU),
 *            the repeating layers below -ngl's first device layer, and the
 *            output layer unless -ngl > n_layer; other engines 0
 *   kv       the KV of layers held on the host (kv.host_bytes)
 *   logits   llama.cpp's output buffer: n_vocab x n_seq_max (-np) fp32
 *            values, as llama_context::output_reserve allocates it at
 *            start (the "CPU output buffer size" line)
 * free = capacity - used; fits when free >= 0 or no capacity is given.
 */
/* The tolerance kvplan states for its llama.cpp compute-buffer
 * estimate (compute_buf.c): +-10 %, parts per million. */
#define KVP_LC_COMPUTE_TOL_PPM 100000u

struct kvp_host_result {
	bool budgeted;                /* devices.host_capacity_bytes > 0 */
	bool fits;
	uint64_t capacity_bytes;
	uint64_t weights_bytes;
	uint64_t kv_bytes;
	uint64_t logits_bytes;
	uint64_t used_bytes;          /* weights + kv + logits + tier */
	int64_t free_bytes;
	uint64_t tier_bytes;          /* the KV offload tier (devices.
	                                 kv_offload_bytes) */
	uint64_t tier_tokens;         /* positions it holds: tier_bytes /
	                                 kv.bytes_per_position, rounded down */
	uint64_t expert_bytes;        /* llama.cpp --n-cpu-moe: the experts
	                                 among weights_bytes */
	uint64_t cpu_weights_bytes;   /* llama.cpp: the weights among
	                                 weights_bytes the CPU runs on in a
	                                 step (host layers, experts, the
	                                 output layer), not the input table
	                                 it looks rows up in */
	/* llama.cpp's compute buffer in host memory (the CPU backend's, a
	 * CUDA build's "CUDA_Host"): an ESTIMATE (compute_kind), with its
	 * source; in used_bytes. compute_tol_ppm: the tolerance kvplan
	 * states for its compute-buffer estimates (reconcile compares
	 * within it). */
	uint64_t compute_bytes;
	enum kvp_figure compute_kind;
	char compute_source[128];
	uint32_t compute_tol_ppm;
	/* the vision encoder's part of host memory: its compute buffer in
	 * host memory, and its tensors under --no-mmproj-offload
	 * (res->parts); in used_bytes */
	uint64_t encoder_bytes;
	/* llama-server's context checkpoints (src/core/engines/llamacpp/ckpt.c): each slot
	 * keeps at most ckpt_count of ckpt_each bytes (exact for recurrent
	 * and hybrid models, at most for SWA ones: ckpt_at_most), so
	 * ckpt_bytes = ckpt_slots x ckpt_count x ckpt_each is what they can
	 * reach; in used_bytes. ckpt_kind NONE with a ckpt_note: not sized,
	 * the note says why; NONE with no note: the plan makes none. */
	uint64_t ckpt_bytes;
	uint64_t ckpt_each;
	uint32_t ckpt_count;
	uint32_t ckpt_slots;          /* llama-server's slots (-np) */
	bool ckpt_at_most;
	enum kvp_figure ckpt_kind;
	char ckpt_note[128];
};


/*
 * Deployment parts beside the decoder (src/core/weights/parts.c, issue 14), per
 * device of the plan (every device holds the same under the rules
 * below; parts.c refuses the layouts where they would differ):
 *   encoder  llama.cpp --mmproj: the file's tensor bytes (exact);
 *            vLLM: the encoder cache, tokens = max(max_num_batched_tokens,
 *            model.arch.mm_item_tokens) as compute_encoder_budget sets it
 *            (engine formula), bytes = tokens x hidden x dtype (each
 *            cached token is one embedding of the decoder's width: an
 *            estimate of the tensors' bytes, allocator rounding aside)
 *   lora     llama.cpp --lora: the files' tensor bytes (exact); vLLM:
 *            max_loras slots of A (rank x in) and B (out x rank) per
 *            linear module of every decoder layer, per TP rank as
 *            create_lora_weights allocates them (the decoder's qkv, o,
 *            gate_up and down modules; the embedding and lm_head wrappers
 *            are not counted, so the figure is an estimate, a lower
 *            bound)
 * lora_host_bytes: vLLM's CPU LRU of max_cpu_loras adapters, at most one
 * full-rank adapter (the unsharded slot bytes) each: an upper bound.
 */
struct kvp_parts_result {
	enum kvp_figure encoder_kind;
	char encoder_source[96];
	uint64_t encoder_tokens;      /* vLLM encoder cache size, tokens */
	/* vLLM's profile run encodes this many items of mm_item_tokens
	 * ("profiled with M image items"): at least _items, at most
	 * _items_max (the same unless the bound depends on
	 * limit_mm_per_prompt, which plans do not hold); 0 without an
	 * encoder cache */
	uint64_t encoder_profile_items;
	uint64_t encoder_profile_items_max;
	uint64_t encoder_bytes;       /* per device, or in host memory when
	                                 encoder_on_host */
	bool encoder_on_host;         /* llama.cpp --no-mmproj-offload: the
	                                 encoder on the CPU (in host.used_bytes,
	                                 on no device) */
	enum kvp_figure lora_kind;
	char lora_source[96];
	uint64_t lora_slot_bytes;     /* vLLM: one slot, one rank, all layers */
	uint64_t lora_bytes;          /* per device: slots x max_loras, or
	                                 the --lora files */
	uint64_t lora_host_bytes;     /* vLLM max_cpu_loras bound (estimate) */
	/* llama.cpp --mmproj: the vision encoder's compute buffer
	 * (clip_buf.c), an ESTIMATE within encoder_compute_tol_ppm; kind
	 * NONE (0 B) when not estimated, the source saying why. On device 0
	 * (in its encoder_bytes) and in host memory (in host.used_bytes). */
	enum kvp_figure encoder_compute_kind;
	char encoder_compute_source[128];
	uint32_t encoder_compute_tol_ppm;
	uint64_t encoder_positions;   /* patches of the warmup image */
	uint64_t encoder_compute_bytes;      /* device 0 */
	uint64_t encoder_compute_host_bytes; /* host (CPU buffer) */
};

/*
 * The draft model of speculative decoding (src/core/weights/draft.c, issue 14),
 * beside the target's figures (kv.* and weights.* stay the target's):
 *   llama.cpp  one draft context per slot (-np), each of n_ctx_dft cells
 *              (-cd, else the main context's n_ctx_seq), one sequence,
 *              caches -ctkd/-ctvd, sized by the llama.cpp rules of
 *              engine_llamacpp.c (exact); weights: the draft's own
 *              (exact from its files, else the estimate)
 *   vLLM       the draft's attention layers are registered with the
 *              target's and share its pool (draft_model.py load_model):
 *              each block holds page_bytes more; KV = blocks x page_bytes
 *              per rank (engine formula); weights / tp per rank
 */
struct kvp_draft_result {
	bool present;
	bool mtp;                     /* vLLM: the model's own MTP layers
	                                 draft (model.arch.mtp_layers), no
	                                 draft model */
	uint32_t n_layers;
	enum kvp_figure weights_kind;
	char weights_source[96];
	uint64_t weights_bytes;       /* the whole draft model */
	uint64_t weights_device;      /* on each device (rank) */
	bool last_stage;              /* vLLM under pipeline parallelism: on
	                                 the last stage's devices only */
	enum kvp_figure kv_kind;
	char kv_source[96];
	uint64_t kv_bytes;            /* all devices holding it */
	uint64_t kv_device;           /* on each device (rank) */
	uint64_t device_bytes;        /* weights_device + kv_device */
	uint64_t host_bytes;          /* llama.cpp: draft weights llama.cpp
	                                 keeps in host memory (its input
	                                 embeddings) */
	uint64_t cells;               /* llama.cpp: n_ctx of each context */
	uint64_t contexts;            /* llama.cpp: contexts (one per slot) */
	uint64_t context_bytes;       /* llama.cpp: KV of one context */
	uint64_t token_bytes;         /* vLLM: the draft's KV bytes per token
	                                 per rank (all its layers) */
	uint64_t page_bytes;          /* vLLM: token_bytes x block size */
	uint32_t lookahead;           /* vLLM: num_lookahead_tokens */
};

struct kvp_result {
	struct kvp_error error;       /* status != OK: the rest is undefined */
	uint32_t n_layers;
	/* The layer records; read layer i's with kvp_layer_rec(res, i).
	 * Issue 34: layers alike share one record, so that a recompute
	 * does not copy a 200-byte record into each of 128 layers. When
	 * layers_by_type, layer_recs[layer_types.first[t]] is the record
	 * of every layer of type t (the other entries are not defined);
	 * else layer_recs[i] is layer i's own. The cache stage keeps them
	 * by type only where a type's layers have equal records (every
	 * layer on the device, no DSA indexer schedule: kv.c); a stage
	 * that then writes one layer's record (a named engine: slots,
	 * rows, on_device by -ngl) takes it with kvp_layer_rec_w
	 * (src/core/internal.h), which gives every layer its own first. */
	struct kvp_layer_result layer_recs[KVP_MAX_LAYERS];
	bool layers_by_type;
	/* layers alike, as stage 1 resolved them (n 0: not known); a caller
	 * that rewrites layer specs itself sets n to 0 (layers_by_type
	 * false first) */
	struct kvp_layer_types layer_types;
	uint32_t n_classes;
	struct kvp_class_result classes[KVP_MAX_CLASSES];
	struct kvp_kv_result kv;
	struct kvp_engine_result engine;
	struct kvp_weights_result weights;
	uint32_t n_devices;
	struct kvp_device_result devices[KVP_MAX_DEVICES];
	bool fits;                    /* every device fits (true: no cards) */
	uint32_t n_warnings;
	struct kvp_warning warnings[KVP_MAX_WARNINGS];
	struct kvp_speed_result speed; /* the roofline bound (speed.c) */
	struct kvp_host_result host;  /* host memory (host.c) */
	struct kvp_parts_result parts; /* encoders, LoRA (parts.c) */
	struct kvp_draft_result draft; /* speculative decoding (draft.c) */
	/* Added for issue 33: the workload's requests the deployment takes
	 * at once, devices included - one meaning in calc's record and
	 * compare's rows (and the planner's). kvp_result_mix fills it (it
	 * recomputes the plan, so kvp_compute leaves it zero). */
	struct kvp_mix_result {
		bool computed;            /* kvp_result_mix ran on this result */
		bool bound;               /* false: nothing binds below 2^40 (no
		                             card under an engine sizing from the
		                             workload); mix_fit is then requests */
		uint64_t mix_fit;         /* requests of the mix (kinds in their
		                             proportions, scaled) that fit at once:
		                             engine.mix_fit for a pool engine
		                             (engine.mix_computed), else
		                             kvp_solve_mix */
		uint64_t requests_fit;    /* of the workload's own requests, those
		                             that fit at once: engine.workload_fit
		                             (the requests, under generic) when
		                             every device fits, else the share of
		                             the mix the devices take, at most the
		                             requests - 0 when not even that fits */
	} mix;
	/* Issue 31: the three-state verdict (kvplan/verdict.h, verdict.c):
	 * what every output says and `fit` exits with */
	struct kvp_verdict verdict;
};

/* Layer i's record (i < n_layers): its type's when the records are
 * kept by type (layers_by_type), else its own. */
static inline const struct kvp_layer_result *
kvp_layer_rec(const struct kvp_result *res, uint32_t i)
{
	return &res->layer_recs[res->layers_by_type ?
		res->layer_types.first[res->layer_types.of[i]] : i];
}

#endif
