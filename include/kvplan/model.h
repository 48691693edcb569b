/*
 * model.h - a model's attention layout, as uniform fields plus override
 * rules over layer ranges, and the architecture fields the weight count
 * needs. Plain data: no pointers, so a model copies by assignment.
 *
 * Resolution (kvp_layers_resolve in layers.h): every layer starts from the
 * uniform fields, then each rule in order overwrites the fields it sets for
 * the layers its range selects. Later rules win.
 */
#ifndef KVPLAN_MODEL_H
#define KVPLAN_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/format.h"

#define KVP_MAX_LAYERS 512
#define KVP_MAX_RULES  64
#define KVP_NAME_MAX   128

enum kvp_layer_kind {
	KVP_LAYER_FULL = 0,  /* full attention: every position kept */
	KVP_LAYER_SLIDING,   /* sliding window: the last `window` positions */
	KVP_LAYER_CHUNKED,   /* chunked local attention (Llama 4): at most
	                        `window` = chunk size positions */
	KVP_LAYER_NONE,      /* no KV: recurrent/linear layer with a fixed
	                        per-sequence state of `state_bytes` */
	KVP_LAYER_SHARED,    /* reuses the cache of layer `shared_with` */
	KVP_LAYER_MLA,       /* MLA latent: kv_lora_rank + rope_dim values
	                        per position, stored once (as K), no V */
	KVP_LAYER_FFN,       /* no attention and no state: an MLP or MoE
	                        block (Nemotron-H '-' and 'E', block_configs
	                        no_op / replace_with_linear attention) */
	KVP_LAYER_COMPRESSED,/* compressed attention (DeepSeek V4, issue
	                        35): the last `window` positions' K and V
	                        rows raw, plus one K row per `ratio`
	                        positions (floor(len / ratio) rows, K only),
	                        plus model.indexer keys at that rate where
	                        ratio == indexer.ratio, plus `state_bytes`
	                        of compressor state per sequence */
	KVP_LAYER_KIND_COUNT
};

/* A layer that keeps a window of positions: sliding (SWA) or chunked. */
static inline bool kvp_kind_windowed(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_SLIDING || k == KVP_LAYER_CHUNKED;
}

const char *kvp_layer_kind_name(enum kvp_layer_kind k);

/* Per-layer fields a rule may set; bit i of kvp_layer_rule.set. */
enum kvp_layer_field {
	KVP_LF_KIND = 0,
	KVP_LF_KV_HEADS,
	KVP_LF_K_DIM,
	KVP_LF_V_DIM,
	KVP_LF_K_FMT,
	KVP_LF_V_FMT,
	KVP_LF_WINDOW,
	KVP_LF_STATE_BYTES,
	KVP_LF_SHARED_WITH,
	KVP_LF_RATIO,
	KVP_LF_COUNT
};

/* One layer's attention fields (also the values a rule sets). */
struct kvp_layer_spec {
	enum kvp_layer_kind kind;
	uint32_t kv_heads;     /* KV heads (not query heads), >= 1 */
	uint32_t k_dim;        /* values per K head */
	uint32_t v_dim;        /* values per V head */
	struct kvp_format k_fmt;
	struct kvp_format v_fmt;
	uint32_t window;       /* positions, SLIDING/CHUNKED */
	uint32_t shared_with;  /* earlier layer index, SHARED */
	uint64_t state_bytes;  /* bytes per sequence, NONE, COMPRESSED;
	                          FULL: a recurrent state kept beside the
	                          KV (model.recur.beside_full) */
	uint32_t ratio;        /* positions per compressed row, COMPRESSED */
};   /* in this order, 100 bytes and 4 of tail padding (in every
        layer record: one per layer type, issue 34, result.h) */

/*
 * Which resolved layers are alike (kvp_layers_resolve_typed): of[i] is
 * layer i's type, 0..n-1; layers of one type have byte-equal specs; type
 * t has count[t] layers, the first of them first[t] (types in the order
 * of their first layers). n 0: not known (a stage then compares the
 * layers itself).
 */
struct kvp_layer_types {
	uint32_t n;
	uint16_t of[KVP_MAX_LAYERS];
	uint16_t first[KVP_MAX_LAYERS];
	uint16_t count[KVP_MAX_LAYERS];
};

/*
 * A range of layers: first..last inclusive, every `step`-th ("5-47/6"),
 * or all layers ("all"). Text form parsed by kvp_range_parse (layers.h).
 */
struct kvp_range {
	bool all;
	uint32_t first, last, step;   /* step >= 1 */
};

struct kvp_layer_rule {
	struct kvp_range range;
	uint32_t set;                 /* bit mask of enum kvp_layer_field */
	struct kvp_layer_spec v;      /* values for the fields in `set` */
};

/* MLA parameters (DeepSeek V2/V3, Kimi). Zero kv_lora_rank: no MLA. */
struct kvp_mla {
	uint32_t kv_lora_rank;
	uint32_t qk_rope_head_dim;
	uint32_t qk_nope_head_dim;
	uint32_t v_head_dim;
	uint32_t q_lora_rank;         /* 0 = no query compression */
	/* MLA attention blocks per decoder layer, each with a latent cache
	 * of its own (LongCat-Flash: 2, vLLM longcat_flash.py
	 * FlashDecoderLayer; issue 35); 0 or 1: one. */
	uint32_t latents;
};

/* The q and k norms of an attention layer (weights only): none, one of
 * head_dim each (Qwen3, Gemma 3, EXAONE 4), or over all heads, q of
 * num_heads x head_dim and k of num_kv_heads x head_dim (OLMo 2/3). The
 * importer sets it from hf_qk_norm.c's table. */
enum kvp_qk_norm {
	KVP_QKN_NONE = 0,
	KVP_QKN_HEAD,
	KVP_QKN_ALL
};

/* Architecture fields for the weight count (issue: weights). */
struct kvp_arch {
	uint64_t hidden;              /* hidden_size */
	uint64_t intermediate;        /* dense MLP intermediate size */
	uint64_t vocab;
	bool     gated_mlp;           /* SwiGLU/GeGLU: 3 matrices, else 2 */
	bool     tie_embeddings;
	bool     attention_bias;
	enum kvp_qk_norm qk_norm;     /* q and k norms (weights only) */
	bool     mlp_bias;            /* dense MLP projections have biases
	                                 (LlamaConfig/GraniteConfig mlp_bias;
	                                 mlx-lm d78bf58e models/llama.py
	                                 nn.Linear(..., bias=mlp_bias)):
	                                 counted, never quantized */
	bool     k_eq_v;              /* full-attention layers have no v
	                                 projection, V is K (Gemma 4's
	                                 attention_k_eq_v): weights only */
	bool     attn_output_gate;    /* q projection twice as wide: the
	                                 query and a sigmoid gate on the
	                                 attention output (Qwen3-Next,
	                                 Qwen3.5) */
	uint32_t n_experts;           /* routed experts, 0 = dense */
	uint32_t n_experts_active;    /* experts per token */
	uint32_t n_shared_experts;
	uint64_t moe_intermediate;    /* per expert */
	uint32_t first_dense_layers;  /* leading dense layers (DeepSeek) */
	uint32_t moe_layer_step;      /* every n-th layer is MoE (1 = all) */
	uint64_t mlp_params;          /* all layers' dense MLP parameters
	                                 when widths differ per layer
	                                 (block_configs), replacing
	                                 intermediate x layers; 0 = from
	                                 intermediate */
	bool     ffn_layers_only;     /* MLP/MoE blocks only on FFN-kind
	                                 layers, none beside attention or
	                                 Mamba (Nemotron-H's pattern) */
	uint64_t recurrent_params_per_layer; /* Mamba etc., from the importer */
	uint64_t tower_params;        /* vision/audio tower and projector
	                                 (issue 14, io/hf/hf_tower.c): counted
	                                 at 16 bits, not read per decode step;
	                                 0 none or not counted */
	uint64_t max_positions;       /* max_position_embeddings, 0 unknown */
	uint64_t rope_positions;      /* positions a scaled rotary embedding
	                                 covers (io/hf/hf_rope.c: linear and
	                                 dynamic max_positions x factor, yarn
	                                 original x factor); 0 unscaled: its
	                                 table spans max_positions */
	uint32_t mtp_layers;          /* multi-token prediction layers after
	                                 the model's (num_nextn_predict_layers,
	                                 mtp_num_hidden_layers): not in
	                                 n_layers; their KV joins vLLM's pool
	                                 under --speculative-method mtp */
	/* An EAGLE-3 draft head (issue 14; vLLM llama_eagle3.py): one or
	 * more decoder layers whose first takes the token embedding and the
	 * target's hidden state side by side (q, k, v of 2 x hidden inputs),
	 * an fc folding the target's three auxiliary hidden states (3 x
	 * target_hidden -> hidden), an lm_head over draft_vocab tokens and
	 * their map to the target's (d2t, int64). Weights only: its layers'
	 * KV is any decoder's. */
	bool     eagle3;              /* architectures LlamaForCausalLMEagle3 */
	uint64_t draft_vocab;         /* draft_vocab_size, 0 = vocab */
	uint64_t target_hidden;       /* target_hidden_size, 0 = hidden */
	/* An EAGLE-1 head of the HASS variant (config add_para_norm; vLLM
	 * llama_eagle.py @00da9231): two more RMSNorms of hidden, on the
	 * token embedding and the target's hidden state before the fc */
	bool     eagle_para_norm;
	/* Issue 14: tokens of the largest image or audio item the model's
	 * processor makes (vLLM get_max_tokens_per_item_by_modality, e.g.
	 * Qwen2-VL at its max_pixels); 0 = text only, no encoder cache. */
	uint64_t mm_item_tokens;
};

/*
 * Recurrent state of every no-KV (recurrent) layer, from the model's own
 * sizes (issue 11): conv state and SSM state apart, each in its format,
 * as llama.cpp keeps them (R and S, both f32) and vLLM (its mamba cache
 * dtypes). Values are per layer and sequence:
 *   Mamba/Mamba2   conv (d_conv - 1) x (d_inner + 2 x groups x d_state)
 *                  ssm  d_inner x d_state (Mamba2: heads x head_dim x
 *                       d_state, the same product)
 *   gated DeltaNet conv (d_conv - 1) x (2 x key heads x key dim +
 *                       value heads x value dim)
 *                  ssm  value heads x key dim x value dim
 * Both zero: the layers' state_bytes (typed by hand) is used instead.
 * A recurrent layer with components gets state_bytes = conv_values x
 * size(conv_dtype) + ssm_values x size(ssm_dtype) at resolution.
 */
struct kvp_recurrent {
	uint64_t conv_values;
	uint64_t ssm_values;
	enum kvp_dtype conv_dtype;    /* element formats only */
	enum kvp_dtype ssm_dtype;
	/* The SSM state format vLLM gives this model when
	 * --mamba-ssm-cache-dtype is auto, from its config
	 * (vllm/model_executor/models/config.py: NemotronH takes the config's
	 * mamba_ssm_cache_dtype, else float16); auto = none of its own
	 * (the conv state's). An enum kvp_mamba_dtype (engine.h). */
	int vllm_ssm_dtype;
	/* Every full-attention layer also keeps one such state beside its
	 * KV (issue 35: Falcon-H1's parallel hybrid, attention and Mamba2 in
	 * every layer, vLLM falcon_h1.py FalconH1ParallelHybrid, llama.cpp
	 * llama-model.cpp create_memory's filters for LLM_ARCH_FALCON_H1;
	 * Zamba2's hybrid layers, vLLM zamba2.py): resolution gives those
	 * layers state_bytes too. Engines that do not size it refuse
	 * (engine_compute.c eng_rows[] no_beside). */
	bool beside_full;
	/* llama.cpp's hparams give the recurrent layers the attention's KV
	 * heads too (the GGUF writes one head_count_kv for every layer:
	 * Qwen3-Next, Qwen3.5, whose layers recur by full_attention_interval),
	 * so llama.cpp's V width does not vary across layers because of them
	 * (llama-hparams.cpp is_n_embd_v_gqa_variable); false: the recurrent
	 * layers have head_count_kv 0 there (Jamba, LFM2, Granite hybrid).
	 * Changes only llama.cpp's "padding V cache" decision, not a byte. */
	bool uniform_kv_heads;
};

/*
 * A sparse-attention indexer (DeepSeek-V3.2 and GLM-5 DSA): beside the
 * MLA latent, every MLA layer caches one indexer key of head_dim values
 * per position (the indexer's heads share it; n_heads and topk change
 * the compute, not the cache). head_dim 0: no indexer.
 */
struct kvp_indexer {
	uint32_t head_dim;            /* index_head_dim */
	uint32_t n_heads;             /* index_n_heads (informational) */
	uint32_t topk;                /* index_topk (informational) */
	enum kvp_dtype dtype;         /* generic cache format of the keys */
	/* IndexCache (GLM-5.2's config): MLA layer i has its indexer, and
	 * keeps its keys, only where max(i - skip_offset + 1, 0) % topk_freq
	 * is 0 (index_topk_freq, index_skip_topk_offset: transformers
	 * GlmMoeDsaConfig's indexer_types, vLLM deepseek_v2.py @002d6073
	 * DeepseekV2MLAAttention); topk_freq 0 or 1: every MLA layer. Which
	 * engine keeps keys where: kvp_indexer_on_layer (layers.h). */
	uint32_t topk_freq;
	uint32_t skip_offset;
	/* DeepSeek V4 (issue 35): compressed layers of this ratio keep the
	 * indexer's keys, one per `ratio` positions (reference inference/
	 * model.py Attention: an Indexer only where compress_ratio == 4);
	 * 0: the MLA indexer above. */
	uint32_t ratio;
	/* Layers before `first` keep no indexer keys (MiniMax M3: its
	 * leading dense layers attend in full; llama.cpp
	 * llama_kv_cache_msa's filter_idx il >= n_layer_dense_lead,
	 * transformers MiniMaxM3VL sparse_attention_freq); 0: from layer 0.
	 * A full-attention layer (not MLA) keeps indexer keys only in a
	 * model that sets it (issue 35). */
	uint32_t first;
};

/* Where a model's weight bytes come from. */
enum kvp_wsource {
	KVP_WSRC_ESTIMATE = 0,   /* counted from the kvp_arch fields */
	KVP_WSRC_GGUF,           /* the tensor infos of a GGUF file */
	KVP_WSRC_SAFETENSORS,    /* the headers of *.safetensors files */
	KVP_WSRC_COUNT
};

/* "estimated", "from GGUF tensors", "from safetensors headers" */
const char *kvp_wsource_name(enum kvp_wsource s);

/* Groups of stored tensors (kvp_tensors.bytes[]). */
enum kvp_tgroup {
	KVP_TG_EMBED = 0,        /* token (and position) embeddings */
	KVP_TG_ATTN,             /* attention and recurrent mixers */
	KVP_TG_MLP,              /* dense MLP, router, routed/shared experts */
	KVP_TG_NORM,             /* every norm of the decoder (replicated
	                            on each tensor-parallel rank) */
	KVP_TG_LM_HEAD,          /* output projection (0 when tied) */
	KVP_TG_TOWER,            /* vision and audio towers, projectors */
	KVP_TG_MTP,              /* multi-token-prediction layers */
	KVP_TG_OTHER,            /* everything else */
	KVP_TG_COUNT
};

/* "embeddings", "attention", "mlp", ... */
const char *kvp_tgroup_name(enum kvp_tgroup g);

/*
 * Weight bytes as the checkpoint stores them, read by src/io from the
 * files' own tensor descriptions: exact, scales and packed integers
 * included. source KVP_WSRC_ESTIMATE: none read (the arch estimate is
 * used). For the per-stage split: layer[i] holds decoder layer i's
 * tensors without its norms, layer_norm[i] its norms; the sum of
 * layer[] equals bytes[ATTN] + bytes[MLP] + layer_other (what of OTHER
 * sits inside layers), the sum of layer_norm[] is at most bytes[NORM]
 * (the rest is the final norm).
 */
struct kvp_tensors {
	enum kvp_wsource source;
	uint32_t files;                  /* files read (shards, splits) */
	uint64_t count;                  /* tensors */
	uint64_t params;                 /* elements of every tensor */
	uint64_t bytes[KVP_TG_COUNT];
	uint64_t layer_other;            /* OTHER bytes inside layers */
	uint64_t mtp_shared;             /* MTP bytes that are the MTP
	                                    layers' own copies of the
	                                    embedding and head (DeepSeek's
	                                    embed_tokens, shared_head.head),
	                                    inside bytes[KVP_TG_MTP] */
	uint64_t layer[KVP_MAX_LAYERS];
	uint64_t layer_norm[KVP_MAX_LAYERS];
};

struct kvp_model {
	char id[KVP_NAME_MAX];        /* "meta-llama/Llama-3.1-8B" */
	char revision[65];            /* commit or tag (a SHA-256 commit id is 64 characters), "" unknown */
	char source[256];             /* where the fields come from */
	char model_type[48];          /* HF model_type, "" unknown */
	uint64_t declared_params;     /* from the model card, 0 unknown */

	uint32_t n_layers;            /* 1..KVP_MAX_LAYERS */
	uint32_t q_heads;             /* query heads */
	struct kvp_layer_spec base;   /* uniform fields for every layer */
	struct kvp_mla mla;           /* used by MLA layers */
	struct kvp_arch arch;
	struct kvp_wformat weights;   /* weight storage format */
	/* True when the cache format was never chosen and defaults to the
	 * compute dtype (drives the "4-bit weights are not a 4-bit cache"
	 * warning). */
	bool kv_fmt_defaulted;
	/* True when the config gave no KV head count and MHA was assumed. */
	bool kv_heads_assumed;
	uint32_t trained_kv_heads;    /* Hkv of the trained model, 0 unknown */

	uint32_t n_rules;
	struct kvp_layer_rule rules[KVP_MAX_RULES];

	/* Added for issue 11 (models of 2026): */
	struct kvp_recurrent recur;   /* recurrent state components */
	struct kvp_indexer indexer;   /* DSA indexer key cache */
	/* The last kv_reuse_last layers hold no KV: each reuses the cache of
	 * the last earlier layer of its own kind (Gemma 3n
	 * num_kv_shared_layers). Applied after the rules; 0 = none. */
	uint32_t kv_reuse_last;
	/* A looped transformer (issue 35): the decoder runs its layers
	 * `loops` times a token, each pass with KV caches of its own (vLLM
	 * ouro.py @17122791 OuroAttention, total_ut_steps; iquest_loopcoder.py
	 * @045d7575 LoopCoderAttention, loop_num). n_layers counts the cache
	 * layers, numbered as vLLM numbers them: layer j is pass j / R of
	 * real layer j % R, R = n_layers / loops (kvp_weight_layers), and
	 * only layers 0..R-1 carry weights. 0 or 1: no loops. */
	uint32_t loops;
	/* Non-empty: imported with --assume-layout although the config has
	 * a layout kvplan does not read; names the key. Every output warns. */
	char layout_assumed[160];
	/* Exact weight bytes from the model files (issue 13). */
	struct kvp_tensors tensors;
};

/* Layers that carry weights: n_layers, or a looped model's real layers
 * (n_layers / loops; validation keeps loops a divisor of n_layers). */
static inline uint32_t kvp_weight_layers(const struct kvp_model *m)
{
	return m->loops > 1 ? m->n_layers / m->loops : m->n_layers;
}

#endif
