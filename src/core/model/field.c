/*
 * field.c - THE table of editable plan fields (STYLE.md rule 6) and the
 * one parser/formatter of their text form.
 *
 * Every member of struct kvp_plan a user can set appears here once, with
 * its JSON key path (HACKING.md), CLI flag, form label, section, type,
 * inclusive range and one line of help. The TUI form, the plan/preset
 * loader and saver (src/io/plan/plan_json.c), `kvplan calc --help` and the man
 * page read this table, so they cannot drift.
 *
 * Storage conventions (checked by the type, `size` tells them apart):
 *   KVP_FT_DTYPE with size == sizeof(struct kvp_format): a whole cache
 *     format (model.base.k_dtype); text "f16", or "groupq" with optional
 *     ":key=value" parameters. Otherwise an enum kvp_dtype, plain only.
 *   KVP_FT_ENUM/TRISTATE/WDTYPE: an int-sized enum.
 *   KVP_FT_I32: -1 ("unset/all") or min..max.
 *   KVP_FT_PPM: parts per million in a uint32_t, text "0.92" or "92%".
 * Not in the table (structured, handled by the loader and the CLI):
 * model.layers (rule strings), devices.pp_layers, workload.ragged.
 *
 * Pure: no I/O, no allocation, no globals besides the const table.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>  /* snprintf only */
#include <string.h>
#include <strings.h>

#include "kvplan/checked.h"
#include "kvplan/clip.h"
#include "kvplan/era.h"
#include "kvplan/escape.h"
#include "kvplan/field.h"

#define PLAN_MEMBER(m) offsetof(struct kvp_plan, m), sizeof(((struct kvp_plan *)0)->m)

/* A plain field. */
#define F(key_, flag_, label_, sec_, type_, min_, max_, member_, help_) \
	{ .key = key_, .flag = flag_, .label = label_, .section = sec_,       \
	  .type = type_, .min = min_, .max = max_, .help = help_,             \
	  .offset = offsetof(struct kvp_plan, member_),                       \
	  .size = sizeof(((struct kvp_plan *)0)->member_),                    \
	  .engine = KVP_ENGINE_COUNT }
/* An enum field with its choices. */
#define FE(key_, flag_, label_, sec_, choices_, member_, help_)               \
	{ .key = key_, .flag = flag_, .label = label_, .section = sec_,       \
	  .type = KVP_FT_ENUM, .min = 0, .max = 0, .choices = choices_,       \
	  .help = help_, .offset = offsetof(struct kvp_plan, member_),        \
	  .size = sizeof(((struct kvp_plan *)0)->member_),                    \
	  .engine = KVP_ENGINE_COUNT }
/* An engine's own option. */
#define FN(eng_, key_, flag_, label_, type_, min_, max_, member_, help_)      \
	{ .key = key_, .flag = flag_, .label = label_,                        \
	  .section = KVP_SEC_ENGINE, .type = type_, .min = min_, .max = max_, \
	  .help = help_, .offset = offsetof(struct kvp_plan, member_),        \
	  .size = sizeof(((struct kvp_plan *)0)->member_), .engine = eng_ }
/* A member of workload.classes[i] (stride: one struct kvp_seq_class). */
#define FC(key_, flag_, label_, type_, min_, max_, member_, help_)            \
	{ .key = "workload.classes[i]." key_, .flag = flag_, .label = label_, \
	  .section = KVP_SEC_WORKLOAD, .type = type_, .min = min_,            \
	  .max = max_, .help = help_,                                         \
	  .offset = offsetof(struct kvp_plan, workload.classes[0].member_),   \
	  .size = sizeof(((struct kvp_plan *)0)->workload.classes[0].member_), \
	  .indexed = true, .engine = KVP_ENGINE_COUNT,                        \
	  .array = KVP_ARR_CLASSES }
/* A member of devices.groups[i]. */
#define FG(key_, flag_, label_, type_, min_, max_, member_, help_)            \
	{ .key = "devices.groups[i]." key_, .flag = flag_, .label = label_,   \
	  .section = KVP_SEC_DEVICES, .type = type_, .min = min_,             \
	  .max = max_, .help = help_,                                         \
	  .offset = offsetof(struct kvp_plan, devices.groups[0].member_),     \
	  .size = sizeof(((struct kvp_plan *)0)->devices.groups[0].member_),  \
	  .indexed = true, .engine = KVP_ENGINE_COUNT,                        \
	  .array = KVP_ARR_GROUPS }
/* A member of devices.overheads[i]. */
#define FO(key_, label_, type_, min_, max_, member_, help_)                   \
	{ .key = "devices.overheads[i]." key_, .flag = NULL, .label = label_, \
	  .section = KVP_SEC_DEVICES, .type = type_, .min = min_,             \
	  .max = max_, .help = help_,                                         \
	  .offset = offsetof(struct kvp_plan, devices.overheads[0].member_),  \
	  .size = sizeof(((struct kvp_plan *)0)->devices.overheads[0].member_), \
	  .indexed = true, .engine = KVP_ENGINE_COUNT,                        \
	  .array = KVP_ARR_OVERHEADS }

#define U32MAX 4294967295ull
#define U64MAX 18446744073709551615ull
#define BIG    (1ull << 20)   /* generous bound for heads and dims */
#define PPM1   1000000ull

/* Choice lists, in enum order. */
static const char *const layer_kinds[] = {
	"full", "sliding", "chunked", "none", "shared", "mla", "ffn",
	"compressed", NULL };
static const char *const strategies[] = {
	"dynamic", "static", "padded", "paged", NULL };
static const char *const mla_modes[] = { "latent", "decompressed", NULL };
static const char *const engines[] = {
	"generic", "llama.cpp", "vllm", "transformers", "sglang", "trtllm", NULL };
static const char *const hf_caches[] = {
	"dynamic", "static", "quantized", "offloaded", NULL };
static const char *const tristates[] = { "auto", "on", "off", NULL };
/* vLLM's MambaDType (vllm/config/cache.py), enum kvp_mamba_dtype */
/* enum kvp_spec_method, vLLM speculative_config "method" names */
static const char *const spec_methods[] = {
	"none", "draft_model", "ngram", "mtp", "eagle", "eagle3", NULL
};
/* enum kvp_platform (kvplan/devices.h) */
static const char *const platforms[] = {
	"unknown", "cuda", "rocm", "metal", NULL };
/* enum kvp_qk_norm */
static const char *const qk_norms[] = { "none", "head", "all", NULL };
static const char *const mamba_dtypes[] = {
	"auto", "float32", "float16", "bfloat16", NULL };

static const struct kvp_field fields[] = {
	/* ---- model ---- */
	F("name", "name", "Plan name", KVP_SEC_MODEL, KVP_FT_STRING, 0, 0, name,
	  "free text naming this plan"),
	F("model.id", "model-id", "Model id", KVP_SEC_MODEL, KVP_FT_STRING, 0, 0,
	  model.id, "model id, e.g. meta-llama/Llama-3.1-8B"),
	F("model.revision", "revision", "Revision", KVP_SEC_MODEL, KVP_FT_STRING, 0, 0,
	  model.revision, "model commit or tag the fields come from"),
	F("model.source", "model-source", "Source", KVP_SEC_MODEL, KVP_FT_STRING, 0, 0,
	  model.source, "where the model fields come from"),
	F("model.model_type", "model-type", "Model type", KVP_SEC_MODEL, KVP_FT_STRING,
	  0, 0, model.model_type, "Hugging Face model_type"),
	F("model.declared_params", "declared-params", "Declared params", KVP_SEC_MODEL,
	  KVP_FT_U64, 0, U64MAX, model.declared_params,
	  "parameter count the model card states (0 unknown)"),
	F("model.n_layers", "layers", "Layers", KVP_SEC_MODEL, KVP_FT_U32, 1,
	  KVP_MAX_LAYERS, model.n_layers, "decoder layers (L)"),
	F("model.q_heads", "q-heads", "Query heads", KVP_SEC_MODEL, KVP_FT_U32, 1, BIG,
	  model.q_heads, "attention (query) heads"),
	FE("model.base.kind", "layer-kind", "Layer kind", KVP_SEC_MODEL, layer_kinds,
	   model.base.kind, "kind of every layer before rules: full, sliding, chunked, none, shared, mla, ffn, compressed"),
	F("model.base.kv_heads", "kv-heads", "KV heads", KVP_SEC_MODEL, KVP_FT_U32, 1,
	  BIG, model.base.kv_heads, "key/value heads (Hkv), not query heads"),
	F("model.base.k_dim", "k-dim", "K head dim", KVP_SEC_MODEL, KVP_FT_U32, 1, BIG,
	  model.base.k_dim, "values per K head"),
	F("model.base.v_dim", "v-dim", "V head dim", KVP_SEC_MODEL, KVP_FT_U32, 0, BIG,
	  model.base.v_dim, "values per V head (0 only on compressed layers: K only; "
	  "full, sliding and chunked layers need 1 or more)"),
	F("model.base.k_dtype", "k-dtype", "K format", KVP_SEC_MODEL, KVP_FT_DTYPE, 0, 0,
	  model.base.k_fmt, "format of cached K values (f16, bf16, fp8, q8_0, groupq...)"),
	F("model.base.v_dtype", "v-dtype", "V format", KVP_SEC_MODEL, KVP_FT_DTYPE, 0, 0,
	  model.base.v_fmt, "format of cached V values"),
	F("model.base.window", "window", "Window", KVP_SEC_MODEL, KVP_FT_U32, 0, U32MAX,
	  model.base.window, "sliding window or chunk, positions (sliding/chunked layers)"),
	F("model.base.state_bytes", "state-bytes", "State bytes", KVP_SEC_MODEL,
	  KVP_FT_BYTES, 0, U64MAX, model.base.state_bytes,
	  "recurrent state per sequence of a no-KV layer, bytes"),
	F("model.base.shared_with", "shared-with", "Shared with", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, KVP_MAX_LAYERS - 1, model.base.shared_with,
	  "layer whose cache a shared layer reuses"),
	F("model.base.ratio", "compress-ratio", "Compress ratio", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, U32MAX, model.base.ratio,
	  "positions per compressed K row (compressed layers, DeepSeek V4; 0 none)"),
	F("model.mla.kv_lora_rank", "kv-lora-rank", "KV LoRA rank", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, BIG, model.mla.kv_lora_rank, "MLA latent width (0 = no MLA)"),
	F("model.mla.qk_rope_head_dim", "qk-rope-head-dim", "RoPE head dim",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.mla.qk_rope_head_dim,
	  "MLA decoupled RoPE key dim"),
	F("model.mla.qk_nope_head_dim", "qk-nope-head-dim", "NoPE head dim",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.mla.qk_nope_head_dim,
	  "MLA per-head key dim without RoPE"),
	F("model.mla.v_head_dim", "v-head-dim", "MLA V head dim", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, BIG, model.mla.v_head_dim, "MLA per-head value dim"),
	F("model.mla.q_lora_rank", "q-lora-rank", "Q LoRA rank", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, BIG, model.mla.q_lora_rank, "MLA query compression (0 none)"),
	F("model.mla.latents", "mla-latents", "MLA latents", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, 16, model.mla.latents,
	  "MLA attention blocks per layer, each caching its own latent (LongCat-Flash: 2; 0 or 1: one)"),
	F("model.arch.hidden", "hidden", "Hidden size", KVP_SEC_MODEL, KVP_FT_U64, 0,
	  U32MAX, model.arch.hidden, "hidden_size"),
	F("model.arch.intermediate", "intermediate", "Intermediate", KVP_SEC_MODEL,
	  KVP_FT_U64, 0, U32MAX, model.arch.intermediate, "dense MLP intermediate size"),
	F("model.arch.vocab", "vocab", "Vocabulary", KVP_SEC_MODEL, KVP_FT_U64, 0,
	  U32MAX, model.arch.vocab, "vocabulary size"),
	F("model.arch.gated_mlp", "gated-mlp", "Gated MLP", KVP_SEC_MODEL, KVP_FT_BOOL,
	  0, 1, model.arch.gated_mlp, "SwiGLU/GeGLU MLP (3 matrices)"),
	F("model.arch.tie_embeddings", "tie-embeddings", "Tied embeddings",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.tie_embeddings,
	  "lm_head shares the embedding matrix"),
	F("model.arch.attn_output_gate", "attn-output-gate", "Attn output gate",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.attn_output_gate,
	  "q projection doubled for an output gate (Qwen3-Next, Qwen3.5): weights only"),
	F("model.arch.k_eq_v", "k-eq-v", "K equals V",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.k_eq_v,
	  "full-attention layers have no v projection (Gemma 4 attention_k_eq_v): weights only"),
	F("model.arch.attention_bias", "attention-bias", "Attention bias",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.attention_bias,
	  "Q/K/V projections have biases"),
	FE("model.arch.qk_norm", "qk-norm", "QK norm", KVP_SEC_MODEL, qk_norms,
	   model.arch.qk_norm,
	   "q and k norms per attention layer: none, head (head_dim each: "
	   "Qwen3, Gemma 3, EXAONE 4) or all (q of heads x head_dim, k of "
	   "kv_heads x head_dim: OLMo 2/3); weights only"),
	F("model.arch.mlp_bias", "mlp-bias", "MLP bias",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.mlp_bias,
	  "dense MLP projections have biases (mlp_bias): counted 16-bit"),
	F("model.arch.n_experts", "experts", "Experts", KVP_SEC_MODEL, KVP_FT_U32, 0,
	  BIG, model.arch.n_experts, "routed experts (0 = dense)"),
	F("model.arch.n_experts_active", "experts-active", "Active experts",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.arch.n_experts_active,
	  "experts per token"),
	F("model.arch.n_shared_experts", "shared-experts", "Shared experts",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.arch.n_shared_experts,
	  "shared experts per MoE layer"),
	F("model.arch.moe_intermediate", "moe-intermediate", "MoE intermediate",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, U32MAX, model.arch.moe_intermediate,
	  "intermediate size of one expert"),
	F("model.arch.first_dense_layers", "first-dense-layers", "First dense layers",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, KVP_MAX_LAYERS, model.arch.first_dense_layers,
	  "leading dense layers before the MoE ones"),
	F("model.arch.mlp_params", "mlp-params", "MLP params",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, 1ull << 50, model.arch.mlp_params,
	  "all layers' dense MLP parameters when widths differ per layer (block_configs), replacing intermediate x layers; 0 = from intermediate"),
	F("model.arch.ffn_layers_only", "ffn-layers-only", "FFN layers only",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.ffn_layers_only,
	  "MLP/MoE blocks only on ffn-kind layers (Nemotron-H): weights only"),
	F("model.arch.moe_layer_step", "moe-layer-step", "MoE layer step",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, KVP_MAX_LAYERS, model.arch.moe_layer_step,
	  "every n-th layer is MoE (1 = all)"),
	F("model.arch.recurrent_params_per_layer", "recurrent-params",
	  "Recurrent params", KVP_SEC_MODEL, KVP_FT_U64, 0, U64MAX,
	  model.arch.recurrent_params_per_layer, "parameters of one recurrent layer"),
	F("model.arch.tower_params", "tower-params", "Tower params",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, 1ull << 40, model.arch.tower_params,
	  "vision/audio tower and projector parameters (16-bit; 0 none or not counted)"),
	F("model.arch.max_positions", "max-positions", "Max positions", KVP_SEC_MODEL,
	  KVP_FT_U64, 0, U64MAX, model.arch.max_positions,
	  "max_position_embeddings: the trained context, llama.cpp's n_ctx_train (its default --ctx-size); 0 unknown"),
	F("model.arch.rope_positions", "rope-positions", "RoPE positions",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, 1ull << 40, model.arch.rope_positions,
	  "positions a scaled rotary embedding covers (rope_scaling linear or dynamic: max positions x factor; yarn: original x factor); 0 = unscaled, max positions"),
	F("model.arch.mm_item_tokens", "mm-item-tokens", "Tokens per image",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, U64MAX, model.arch.mm_item_tokens,
	  "tokens of the largest image/audio item (vLLM's max tokens per multimodal item); sizes vLLM's encoder cache; 0 = text only"),
	F("model.arch.mtp_layers", "mtp-layers", "MTP layers", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, KVP_MAX_LAYERS, model.arch.mtp_layers,
	  "multi-token prediction layers after the model's (num_nextn_predict_layers, mtp_num_hidden_layers): their KV in vLLM's pool with --speculative-method mtp"),
	F("model.arch.eagle3", "eagle3-head", "EAGLE-3 head", KVP_SEC_MODEL,
	  KVP_FT_BOOL, 0, 1, model.arch.eagle3,
	  "the model is an EAGLE-3 draft head (architectures LlamaForCausalLMEagle3): vLLM --speculative-method eagle3 sizes it; weights only"),
	F("model.arch.draft_vocab", "draft-vocab", "Draft vocab", KVP_SEC_MODEL,
	  KVP_FT_U64, 0, U32MAX, model.arch.draft_vocab,
	  "an EAGLE-3 head's draft_vocab_size: its lm_head rows and d2t map (0 = vocab)"),
	F("model.arch.target_hidden", "target-hidden", "Target hidden",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, U32MAX, model.arch.target_hidden,
	  "an EAGLE-3 head's target_hidden_size: its fc takes 3 x this (0 = hidden)"),
	F("model.arch.eagle_para_norm", "eagle-para-norm", "HASS norms",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.arch.eagle_para_norm,
	  "an EAGLE-1 head's add_para_norm (the HASS variant): two more norms of hidden before its fc"),
	F("model.weights.dtype", "weights-dtype", "Weight format", KVP_SEC_MODEL,
	  KVP_FT_WDTYPE, 0, 0, model.weights.dtype, "weight storage format"),
	F("model.weights.bits", "weights-bits", "Weight bits", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, 16, model.weights.bits, "bits per weight of int group formats"),
	F("model.weights.group_size", "weights-group-size", "Weight group",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.weights.group_size,
	  "weights per quantization group (0 = per channel)"),
	F("model.weights.scale_bytes", "weights-scale-bytes", "Weight scale B",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, 64, model.weights.scale_bytes,
	  "bytes of one scale per group"),
	F("model.weights.zero_bytes", "weights-zero-bytes", "Weight zero B",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, 64, model.weights.zero_bytes,
	  "bytes of one zero-point per group"),
	F("model.weights.zero_bits", "weights-zero-bits", "Weight zero bits",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, 64, model.weights.zero_bits,
	  "packed zero-point bits per group (AWQ/GPTQ)"),
	F("model.weights.keep_embeddings_16bit", "keep-embeddings-16bit",
	  "16-bit embeddings", KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1,
	  model.weights.keep_embeddings_16bit, "embeddings and lm_head left unquantized"),
	F("model.weights.keep_attention_16bit", "keep-attention-16bit",
	  "16-bit attention", KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1,
	  model.weights.keep_attention_16bit, "attention projections left unquantized"),
	F("model.kv_fmt_defaulted", "kv-format-defaulted", "KV format defaulted",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.kv_fmt_defaulted,
	  "cache format never chosen (defaults to the compute dtype)"),
	F("model.kv_heads_assumed", "kv-heads-assumed", "KV heads assumed",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.kv_heads_assumed,
	  "config gave no KV head count: MHA assumed"),
	F("model.trained_kv_heads", "trained-kv-heads", "Trained KV heads",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.trained_kv_heads,
	  "Hkv of the trained model (0 unknown)"),
	F("model.recur.conv_values", "conv-state-values", "Conv state values",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, U64MAX, model.recur.conv_values,
	  "recurrent layers' conv state per sequence: (d_conv - 1) x channels (0: state in bytes)"),
	F("model.recur.ssm_values", "ssm-state-values", "SSM state values",
	  KVP_SEC_MODEL, KVP_FT_U64, 0, U64MAX, model.recur.ssm_values,
	  "recurrent layers' SSM state per sequence: heads x head dim x state size"),
	F("model.recur.conv_dtype", "conv-state-dtype", "Conv state format",
	  KVP_SEC_MODEL, KVP_FT_DTYPE, 0, 0, model.recur.conv_dtype,
	  "format of the conv state (llama.cpp R: f32)"),
	F("model.recur.ssm_dtype", "ssm-state-dtype", "SSM state format",
	  KVP_SEC_MODEL, KVP_FT_DTYPE, 0, 0, model.recur.ssm_dtype,
	  "format of the SSM state (llama.cpp S: f32)"),
	FE("model.recur.vllm_ssm_dtype", "vllm-ssm-state-dtype", "vLLM SSM format",
	   KVP_SEC_MODEL, mamba_dtypes, model.recur.vllm_ssm_dtype,
	   "the SSM state format vLLM gives this model under "
	   "--mamba-ssm-cache-dtype auto (its config's; auto = the conv state's)"),
	F("model.recur.beside_full", "state-beside-full", "State beside full",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.recur.beside_full,
	  "every full-attention layer also keeps one recurrent state (Falcon-H1, Zamba2's hybrid layers: attention and Mamba2 side by side)"),
	F("model.recur.uniform_kv_heads", "uniform-kv-heads", "Uniform KV heads",
	  KVP_SEC_MODEL, KVP_FT_BOOL, 0, 1, model.recur.uniform_kv_heads,
	  "llama.cpp gives the recurrent layers the attention's KV heads too (one head_count_kv for all layers: Qwen3-Next, Qwen3.5), so its V width does not vary with them"),
	F("model.indexer.head_dim", "index-head-dim", "Indexer head dim",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.indexer.head_dim,
	  "DSA indexer key values cached per position per MLA layer (0 none)"),
	F("model.indexer.n_heads", "index-n-heads", "Indexer heads",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.indexer.n_heads,
	  "DSA indexer query heads (compute only)"),
	F("model.indexer.topk", "index-topk", "Indexer top-k", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, U32MAX, model.indexer.topk,
	  "positions the DSA indexer selects (compute only)"),
	F("model.indexer.first", "index-first", "Indexer first layer",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, KVP_MAX_LAYERS, model.indexer.first,
	  "layers before it keep no indexer keys; above 0 full-attention layers keep them too (MiniMax M3)"),
	F("model.indexer.ratio", "index-ratio", "Indexer ratio", KVP_SEC_MODEL,
	  KVP_FT_U32, 0, U32MAX, model.indexer.ratio,
	  "compressed layers of this ratio keep indexer keys, one per ratio positions (DeepSeek V4: 4; 0 = the MLA indexer)"),
	F("model.indexer.dtype", "index-dtype", "Indexer format", KVP_SEC_MODEL,
	  KVP_FT_DTYPE, 0, 0, model.indexer.dtype, "format of the cached indexer keys"),
	F("model.indexer.topk_freq", "index-topk-freq", "Indexer freq",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.indexer.topk_freq,
	  "IndexCache: an MLA layer keeps indexer keys where max(i - offset + 1, "
	  "0) mod N is 0 (0 or 1: every MLA layer)"),
	F("model.indexer.skip_offset", "index-skip-offset", "Indexer offset",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, BIG, model.indexer.skip_offset,
	  "IndexCache: index_skip_topk_offset of the rule above"),
	F("model.kv_reuse_last", "kv-reuse-last", "KV reuse (last N)",
	  KVP_SEC_MODEL, KVP_FT_U32, 0, KVP_MAX_LAYERS - 1, model.kv_reuse_last,
	  "the last N layers reuse the cache of the last earlier layer of their kind"),
	F("model.loops", "loops", "Loops", KVP_SEC_MODEL, KVP_FT_U32, 0,
	  KVP_MAX_LAYERS, model.loops,
	  "a looped model's passes over its layers, each caching its own: n_layers counts caches, n_layers / loops carry weights (Ouro total_ut_steps, IQuest-Coder-Loop loop_num; 0 or 1: none)"),
	F("model.layout_assumed", NULL, "Layout assumed", KVP_SEC_MODEL,
	  KVP_FT_STRING, 0, 0, model.layout_assumed,
	  "imported with --assume-layout past this unread layout key"),

	/* ---- workload ---- */
	FC("name", "class-name", "Class name", KVP_FT_STRING, 0, 0, name,
	   "name of the sequence class"),
	FC("requests", "concurrency", "Active requests", KVP_FT_U64, 0, U64MAX,
	   requests, "requests resident at once (queued ones excluded)"),
	FC("prompt.system", "prompt-system", "System prompt", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_SYSTEM], "system prompt tokens"),
	FC("prompt.template", "prompt-template", "Template", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_TEMPLATE], "chat template tokens"),
	FC("prompt.history", "prompt-history", "History", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_HISTORY], "conversation history tokens"),
	FC("prompt.documents", "prompt-documents", "Documents", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_DOCUMENTS], "retrieved document tokens"),
	FC("prompt.input", "prompt", "Prompt (input)", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_INPUT], "prompt tokens (the user input, or the whole prompt)"),
	FC("prompt.media", "prompt-media", "Media tokens", KVP_FT_U64, 0, U64MAX,
	   prompt[KVP_PP_MEDIA], "image and audio tokens of a request, as the model's processor expands them (e.g. Qwen2-VL: one per 28x28 pixels of an image, plus its start and end tokens)"),
	FC("gen", "gen", "Generation", KVP_FT_U64, 0, U64MAX, gen,
	   "generation reserve, tokens"),
	FC("samples", "samples", "Samples", KVP_FT_U32, 1, BIG, samples,
	   "resident sequences per request (n, beam width)"),
	F("workload.queued", "queued", "Queued", KVP_SEC_WORKLOAD, KVP_FT_U64, 0,
	  U64MAX, workload.queued, "waiting requests (hold no cache)"),
	F("workload.share_prompt_in_request", "share-prompt", "Share prompt",
	  KVP_SEC_WORKLOAD, KVP_FT_BOOL, 0, 1, workload.share_prompt_in_request,
	  "a request's samples store its prompt once"),
	F("workload.share_system_prefix", "share-system-prefix", "Share system",
	  KVP_SEC_WORKLOAD, KVP_FT_BOOL, 0, 1, workload.share_system_prefix,
	  "the system prompt is stored once across requests"),
	F("workload.chars_given", NULL, "Chars given", KVP_SEC_WORKLOAD, KVP_FT_BOOL,
	  0, 1, workload.chars_given, "a length was entered in characters (warned)"),

	/* ---- strategy ---- */
	FE("strategy.kind", "strategy", "Strategy", KVP_SEC_STRATEGY, strategies,
	   strategy.kind, "slot allocation: dynamic, static, padded or paged"),
	F("strategy.block_size", "block-size", "Block size", KVP_SEC_STRATEGY,
	  KVP_FT_U32, 1, BIG, strategy.block_size, "positions per block (paged)"),
	F("strategy.max_cache_len", "max-cache-len", "Max cache len",
	  KVP_SEC_STRATEGY, KVP_FT_U64, 0, U64MAX, strategy.max_cache_len,
	  "slots per sequence (static; 0 = longest sequence)"),
	F("strategy.sliding_as_full", "sliding-as-full", "Sliding as full",
	  KVP_SEC_STRATEGY, KVP_FT_BOOL, 0, 1, strategy.sliding_as_full,
	  "size sliding layers as full attention"),
	FE("strategy.mla", "mla-mode", "MLA storage", KVP_SEC_STRATEGY, mla_modes,
	   strategy.mla, "MLA layers: latent or decompressed"),
	F("strategy.resident_layers", "resident-layers", "Resident layers",
	  KVP_SEC_STRATEGY, KVP_FT_I32, 0, KVP_MAX_LAYERS, strategy.resident_layers,
	  "layers kept on the device, the rest offloaded (-1 = all)"),

	/* ---- engine ---- */
	FE("engine.kind", "engine", "Engine", KVP_SEC_ENGINE, engines, engine.kind,
	   "generic, llama.cpp, vllm, transformers, sglang or trtllm; "
	   "ENGINE@RELEASE also sets engine.version (vllm@0.6.4)"),
	F("engine.version", "engine-version", "Release", KVP_SEC_ENGINE,
	  KVP_FT_STRING, 0, 0, engine.version,
	  "the engine's release, e.g. 0.6.4 (empty = the current one)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.ctx_size", "ctx-size", "Context (-c)",
	   KVP_FT_U64, 0, U64MAX, engine.llamacpp.ctx_size,
	   "llama.cpp -c, cells (0 = n_ctx_train)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.parallel", "parallel",
	   "Parallel (-np)", KVP_FT_U32, 1, BIG, engine.llamacpp.parallel,
	   "llama.cpp -np, sequences; auto (-1) = llama-server's default by "
	   "build: 4 slots on a unified cache from PR #16736"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.kv_unified", "kv-unified",
	   "KV unified", KVP_FT_BOOL, 0, 1, engine.llamacpp.kv_unified,
	   "llama.cpp --kv-unified"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.batch_size", "batch-size",
	   "Batch (-b)", KVP_FT_U64, 1, U64MAX, engine.llamacpp.batch_size,
	   "llama.cpp -b"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.ubatch_size", "ubatch-size",
	   "Ubatch (-ub)", KVP_FT_U64, 1, U64MAX, engine.llamacpp.ubatch_size,
	   "llama.cpp -ub"),
	{ .key = "engine.llamacpp.flash_attn", .flag = "flash-attn",
	  .label = "Flash attn (-fa)", .section = KVP_SEC_ENGINE,
	  .type = KVP_FT_TRISTATE, .choices = tristates,
	  .help = "llama.cpp -fa: auto, on or off",
	  PLAN_MEMBER(engine.llamacpp.flash_attn), .engine = KVP_ENGINE_LLAMACPP },
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.cache_type_k", "cache-type-k",
	   "K type (-ctk)", KVP_FT_DTYPE, 0, 0, engine.llamacpp.cache_type_k,
	   "llama.cpp -ctk"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.cache_type_v", "cache-type-v",
	   "V type (-ctv)", KVP_FT_DTYPE, 0, 0, engine.llamacpp.cache_type_v,
	   "llama.cpp -ctv"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.swa_full", "swa-full", "SWA full",
	   KVP_FT_BOOL, 0, 1, engine.llamacpp.swa_full, "llama.cpp --swa-full"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.n_gpu_layers", "n-gpu-layers",
	   "GPU layers (-ngl)", KVP_FT_I32, 0, 1000000, engine.llamacpp.n_gpu_layers,
	   "llama.cpp -ngl: N layers from the back on the device with their KV (since b7698 the output layer is the first of them), the rest in host memory (-1 = all)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.n_cpu_moe", "n-cpu-moe",
	   "CPU MoE layers", KVP_FT_U32, 0, KVP_MAX_LAYERS, engine.llamacpp.n_cpu_moe,
	   "llama.cpp --n-cpu-moe: the routed experts of the first N layers in host memory"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.lora_bytes", "lora-bytes",
	   "LoRA bytes", KVP_FT_BYTES, 0, U64MAX, engine.llamacpp.lora_bytes,
	   "llama.cpp --lora: the adapters' GGUF tensor bytes (--lora FILE reads them)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_bytes", "mmproj-bytes",
	   "mmproj bytes", KVP_FT_BYTES, 0, U64MAX, engine.llamacpp.mmproj_bytes,
	   "llama.cpp --mmproj: the encoder file's GGUF tensor bytes (--mmproj FILE reads them)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.ctx_size_draft", "ctx-size-draft",
	   "Draft ctx (-cd)", KVP_FT_U64, 0, U64MAX, engine.llamacpp.ctx_size_draft,
	   "llama.cpp -cd: cells of each slot's draft context (0 = the main context's n_ctx_seq)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.n_gpu_layers_draft", "n-gpu-layers-draft",
	   "Draft GPU layers", KVP_FT_I32, 0, 1000000, engine.llamacpp.n_gpu_layers_draft,
	   "llama.cpp -ngld: the draft's layers on the device (-1 = all; a partial value is refused)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.draft_max", "draft-max",
	   "Draft max", KVP_FT_U32, 0, 1024, engine.llamacpp.draft_max,
	   "llama-server --spec-draft-n-max (earlier --draft-max): tokens the draft model proposes a step (0 = not given); from PR #23861 its worst-case graph computes n_parallel x (1 + N) logits rows"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.cache_type_k_draft", "cache-type-k-draft",
	   "Draft K (-ctkd)", KVP_FT_DTYPE, 0, 0, engine.llamacpp.cache_type_k_draft,
	   "llama.cpp -ctkd: the draft contexts' K type"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.cache_type_v_draft", "cache-type-v-draft",
	   "Draft V (-ctvd)", KVP_FT_DTYPE, 0, 0, engine.llamacpp.cache_type_v_draft,
	   "llama.cpp -ctvd: the draft contexts' V type"),
	{ .key = "engine.vllm.speculative_method", .flag = "speculative-method",
	  .label = "Spec method", .section = KVP_SEC_ENGINE,
	  .type = KVP_FT_ENUM, .choices = spec_methods,
	  .help = "vLLM --speculative-config '{\"method\": ...}': draft_model "
	          "(--speculative-model sets it), ngram, mtp (the model's own MTP layers, model.arch.mtp_layers), eagle3 (an EAGLE-3 head given with --speculative-model) or eagle (an EAGLE-1 llama head given with --speculative-model)",
	  PLAN_MEMBER(engine.vllm.speculative_method), .engine = KVP_ENGINE_VLLM },
	FN(KVP_ENGINE_VLLM, "engine.vllm.num_speculative_tokens",
	   "num-speculative-tokens", "Spec tokens", KVP_FT_U32, 0, 1u << 16,
	   engine.vllm.num_speculative_tokens,
	   "vLLM --speculative-config '{\"num_speculative_tokens\": N}': tokens drafted per step"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.embeddings", "embeddings",
	   "Embeddings", KVP_FT_BOOL, 0, 1, engine.llamacpp.embeddings,
	   "llama.cpp --embeddings: the output buffer keeps n_embd floats per output beside the logits"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.ctx_checkpoints",
	   "ctx-checkpoints", "Checkpoints", KVP_FT_I32, 0, 1000000,
	   engine.llamacpp.ctx_checkpoints,
	   "llama-server -ctxcp: context checkpoints per slot, in host memory, for recurrent, hybrid and SWA models (-1 = the build's default, 32; 0 = none, which llama.cpp's -1 also means)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.rs_seq", "rs-seq",
	   "RS snapshots", KVP_FT_U32, 0, BIG, engine.llamacpp.rs_seq,
	   "llama.cpp n_rs_seq (b9180 on): recurrent-state snapshots per sequence for speculative rollback; the log's 'llama_context: n_rs_seq' line (0 = none)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_projector", "mmproj-projector",
	   "mmproj projector", KVP_FT_STRING, 0, 0, engine.llamacpp.mmproj_projector,
	   "llama.cpp --mmproj: the file's clip.projector_type (--mmproj FILE reads it; for messages)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_warmup", "mmproj-warmup",
	   "mmproj warmup px", KVP_FT_U32, 0, KVP_CLIP_SIDE_MAX, engine.llamacpp.mmproj_warmup,
	   "llama.cpp --mmproj: side of the warmup image the encoder's compute buffer is sized for, as the log's 'warmup with image size = W x H' (--mmproj FILE sets it by the projector's rule, so give this after the file; 0 = not known)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_patch", "mmproj-patch",
	   "mmproj patch", KVP_FT_U32, 0, 1u << 16, engine.llamacpp.mmproj_patch,
	   "llama.cpp --mmproj: the vision tower's patch size (clip.vision.patch_size)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_embd", "mmproj-embd",
	   "mmproj n_embd", KVP_FT_U32, 0, 1u << 20, engine.llamacpp.mmproj_embd,
	   "llama.cpp --mmproj: the vision tower's width (clip.vision.embedding_length)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_heads", "mmproj-heads",
	   "mmproj n_head", KVP_FT_U32, 0, 1u << 16, engine.llamacpp.mmproj_heads,
	   "llama.cpp --mmproj: the vision tower's attention heads (clip.vision.attention.head_count)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_ff", "mmproj-ff",
	   "mmproj n_ff", KVP_FT_U32, 0, 1u << 24, engine.llamacpp.mmproj_ff,
	   "llama.cpp --mmproj: the vision tower's MLP width (clip.vision.feed_forward_length)"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_offload", "mmproj-offload",
	   "mmproj offload", KVP_FT_BOOL, 0, 1, engine.llamacpp.mmproj_offload,
	   "llama-server --mmproj-offload (default) / --no-mmproj-offload: the encoder's tensors and compute buffer on the GPU, or on the CPU in host memory"),
	FN(KVP_ENGINE_LLAMACPP, "engine.llamacpp.mmproj_deepstack", "mmproj-deepstack",
	   "mmproj deepstack", KVP_FT_U32, 0, 1u << 16, engine.llamacpp.mmproj_deepstack,
	   "llama.cpp --mmproj: layers the deepstack mergers read (clip.vision.is_deepstack_layers); the compute buffer is not estimated with any"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.enable_lora", "enable-lora",
	   "Enable LoRA", KVP_FT_BOOL, 0, 1, engine.vllm.enable_lora,
	   "vLLM --enable-lora: preallocate max_loras adapter slots on each GPU"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_loras", "max-loras",
	   "Max LoRAs", KVP_FT_U32, 1, 1u << 16, engine.vllm.max_loras,
	   "vLLM --max-loras: adapter slots per GPU"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_lora_rank", "max-lora-rank",
	   "Max LoRA rank", KVP_FT_U32, 1, 1u << 16, engine.vllm.max_lora_rank,
	   "vLLM --max-lora-rank: 1, 8, 16, 32, 64, 128, 256, 320 or 512"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_cpu_loras", "max-cpu-loras",
	   "Max CPU LoRAs", KVP_FT_U32, 0, 1u << 20, engine.vllm.max_cpu_loras,
	   "vLLM --max-cpu-loras: adapters cached in host memory (0 = max_loras)"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.dtype", "dtype", "Model dtype",
	   KVP_FT_DTYPE, 0, 0, engine.vllm.dtype,
	   "vLLM --dtype (f16, bf16, f32): LoRA slots (lora_dtype auto) and the encoder cache"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.cpu_offload_gb", "cpu-offload-gb",
	   "CPU offload GiB", KVP_FT_U32, 0, 1u << 20, engine.vllm.cpu_offload_gb,
	   "vLLM --cpu-offload-gb: GiB of weights per GPU kept in host memory"),
	F("devices.kv_offload_bytes", "kv-offload-bytes", "KV offload tier",
	  KVP_SEC_DEVICES, KVP_FT_BYTES, 0, U64MAX, devices.kv_offload_bytes,
	  "a KV tier in host memory (vLLM's KV offloading, LMCache): bytes (vLLM's GiB: --kv-offloading-size); holds bytes / KV bytes per position tokens"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.block_size", "vllm-block-size",
	   "Block size", KVP_FT_U32, 1, BIG, engine.vllm.block_size,
	   "vLLM --block-size"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.gpu_memory_utilization",
	   "gpu-memory-utilization", "GPU mem util", KVP_FT_PPM, 0, PPM1,
	   engine.vllm.gpu_memory_utilization,
	   "vLLM --gpu-memory-utilization (0 = the release's default: 0.92 from 0.21.0, 0.9 before)"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.kv_cache_memory_bytes",
	   "kv-cache-memory-bytes", "KV cache bytes", KVP_FT_BYTES, 0, U64MAX,
	   engine.vllm.kv_cache_memory_bytes,
	   "vLLM --kv-cache-memory-bytes (0 = from the utilization)"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_model_len", "max-model-len",
	   "Max model len", KVP_FT_U64, 0, U64MAX, engine.vllm.max_model_len,
	   "vLLM --max-model-len (0 = model's max positions)"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_num_seqs", "max-num-seqs",
	   "Max num seqs", KVP_FT_U32, 0, BIG, engine.vllm.max_num_seqs,
	   "vLLM --max-num-seqs (0 = the API server's default: 1024 on a card of 70 GiB or more, not an A100; 256 otherwise)"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_num_batched_tokens",
	   "max-num-batched-tokens", "Max batched tok", KVP_FT_U64, 0, U64MAX,
	   engine.vllm.max_num_batched_tokens,
	   "vLLM --max-num-batched-tokens (0 = the API server's default: 16384 on a card of 160 GiB or more from 0.28.0; 8192 on a card of 70 GiB or more, not an A100; 2048 otherwise; V0 max(max_model_len, 2048))"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.max_cudagraph_capture_size",
	   "max-cudagraph-capture-size", "Max graph size", KVP_FT_U32, 0, BIG,
	   engine.vllm.max_cudagraph_capture_size,
	   "vLLM --max-cudagraph-capture-size: the largest CUDA graph batch, tokens (0 = vLLM's default, min(2 x max_num_seqs x (1 + speculative tokens), 512)); from 0.21.0 the graphs' estimate counts its capture sizes"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.limit_mm_per_prompt",
	   "limit-mm-per-prompt", "MM items/prompt", KVP_FT_U32, 0, 1u << 20,
	   engine.vllm.limit_mm_per_prompt,
	   "vLLM --limit-mm-per-prompt: items of the largest modality (image, video, audio) a prompt may hold (0 = not given; the encoder profile's items are then a range)"),
	/* "auto" sets kv_cache_dtype_auto; a format clears it (special case
	 * in set/format below), so one key holds vLLM's one option. */
	FN(KVP_ENGINE_VLLM, "engine.vllm.kv_cache_dtype", "kv-cache-dtype",
	   "KV cache dtype", KVP_FT_DTYPE, 0, 0, engine.vllm.kv_cache_dtype,
	   "vLLM --kv-cache-dtype: auto or a format"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.tensor_parallel_size",
	   "tensor-parallel-size", "Tensor parallel", KVP_FT_U32, 1, 4096,
	   engine.vllm.tensor_parallel_size, "vLLM --tensor-parallel-size"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.pipeline_parallel_size",
	   "pipeline-parallel-size", "Pipeline parallel", KVP_FT_U32, 1, 4096,
	   engine.vllm.pipeline_parallel_size, "vLLM --pipeline-parallel-size"),
	/* auto = the release's default (off before 0.8.0, on from V1:
	 * vllm_profile.c); plan files' true/false read as on/off */
	{ .key = "engine.vllm.enable_prefix_caching",
	  .flag = "enable-prefix-caching", .label = "Prefix caching",
	  .section = KVP_SEC_ENGINE, .type = KVP_FT_TRISTATE,
	  .choices = tristates,
	  .help = "vLLM --enable-prefix-caching (alone: on; --no-enable-"
	          "prefix-caching: off): auto = the release's default, off "
	          "before 0.8.0, on from 0.8.0",
	  PLAN_MEMBER(engine.vllm.enable_prefix_caching),
	  .engine = KVP_ENGINE_VLLM },
	FN(KVP_ENGINE_VLLM, "engine.vllm.disable_hybrid_kv_cache_manager",
	   "disable-hybrid-kv-cache-manager", "No hybrid manager", KVP_FT_BOOL, 0, 1,
	   engine.vllm.disable_hybrid_kv_cache_manager,
	   "vLLM --disable-hybrid-kv-cache-manager"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.flashinfer_sampler",
	   "vllm-flashinfer-sampler", "FlashInfer sampler", KVP_FT_BOOL, 0, 1,
	   engine.vllm.flashinfer_sampler,
	   "vLLM's FlashInfer top-p/top-k sampler runs (VLLM_USE_FLASHINFER_SAMPLER=1; before 0.11 the default where FlashInfer is installed: the log says 'Using FlashInfer for top-p & top-k sampling'); off: the PyTorch-native sampler's larger profile peak"),
	FN(KVP_ENGINE_VLLM, "engine.vllm.disable_custom_all_reduce",
	   "disable-custom-all-reduce", "No custom all-reduce", KVP_FT_BOOL, 0, 1,
	   engine.vllm.disable_custom_all_reduce,
	   "vLLM --disable-custom-all-reduce (vLLM sets it itself on more than two PCIe-only GPUs: 'Custom allreduce is disabled'); before 0.11.0 the non-torch estimate at TP > 1 is then 256 MiB"),
	{ .key = "engine.vllm.use_v1", .flag = "vllm-use-v1", .label = "VLLM_USE_V1",
	  .section = KVP_SEC_ENGINE, .type = KVP_FT_TRISTATE, .choices = tristates,
	  .help = "vLLM's VLLM_USE_V1 environment variable: auto = unset (vLLM "
	          "picks V0 or V1 by release, platform and options); off = 0, "
	          "V0 (0.8.0-0.10.x); on = 1, V1 where auto falls back for an "
	          "experimental feature (ROCm in 0.8.0-0.9.1), refused where V1 "
	          "does not run it",
	  PLAN_MEMBER(engine.vllm.use_v1), .engine = KVP_ENGINE_VLLM },
	FN(KVP_ENGINE_VLLM, "engine.vllm.num_gpu_blocks_override",
	   "num-gpu-blocks-override", "GPU blocks override", KVP_FT_U64, 0, U64MAX,
	   engine.vllm.num_gpu_blocks_override,
	   "vLLM --num-gpu-blocks-override: exactly this many blocks per GPU (0 = from the budget)"),
	{ .key = "engine.vllm.mamba_cache_dtype", .flag = "mamba-cache-dtype",
	  .label = "Mamba cache dtype", .section = KVP_SEC_ENGINE,
	  .type = KVP_FT_ENUM, .choices = mamba_dtypes,
	  .help = "vLLM --mamba-cache-dtype: the conv state's format (auto = the model's)",
	  PLAN_MEMBER(engine.vllm.mamba_cache_dtype), .engine = KVP_ENGINE_VLLM },
	{ .key = "engine.vllm.mamba_ssm_cache_dtype", .flag = "mamba-ssm-cache-dtype",
	  .label = "Mamba SSM dtype", .section = KVP_SEC_ENGINE,
	  .type = KVP_FT_ENUM, .choices = mamba_dtypes,
	  .help = "vLLM --mamba-ssm-cache-dtype: the SSM state's format (auto = "
	          "the model's own, else the conv state's)",
	  PLAN_MEMBER(engine.vllm.mamba_ssm_cache_dtype), .engine = KVP_ENGINE_VLLM },
	{ .key = "engine.transformers.cache", .flag = "hf-cache", .label = "HF cache",
	  .section = KVP_SEC_ENGINE, .type = KVP_FT_ENUM, .choices = hf_caches,
	  .help = "transformers cache: dynamic, static, quantized or offloaded",
	  PLAN_MEMBER(engine.transformers.cache), .engine = KVP_ENGINE_TRANSFORMERS },
	FN(KVP_ENGINE_TRANSFORMERS, "engine.transformers.max_cache_len",
	   "hf-max-cache-len", "HF max cache len", KVP_FT_U64, 0, U64MAX,
	   engine.transformers.max_cache_len,
	   "StaticCache max_cache_len (0 = longest sequence); a longer "
	   "sequence is refused unless every attention layer slides"),
	FN(KVP_ENGINE_TRANSFORMERS, "engine.transformers.nbits", "nbits", "Bits",
	   KVP_FT_U32, 1, 16, engine.transformers.nbits, "QuantizedCache nbits"),
	FN(KVP_ENGINE_TRANSFORMERS, "engine.transformers.q_group_size",
	   "q-group-size", "Group size", KVP_FT_U32, 1, BIG,
	   engine.transformers.q_group_size, "QuantizedCache q_group_size"),
	FN(KVP_ENGINE_TRANSFORMERS, "engine.transformers.residual_length",
	   "residual-length", "Residual length", KVP_FT_U64, 0, U64MAX,
	   engine.transformers.residual_length, "QuantizedCache residual_length"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.mem_fraction_static",
	   "mem-fraction-static", "Mem fraction", KVP_FT_PPM, 0, PPM1,
	   engine.sglang.mem_fraction_static,
	   "SGLang --mem-fraction-static (0 = SGLang's default)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.page_size", "page-size", "Page size",
	   KVP_FT_U32, 1, BIG, engine.sglang.page_size, "SGLang --page-size"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.max_total_tokens", "max-total-tokens",
	   "Max total tokens", KVP_FT_U64, 0, U64MAX, engine.sglang.max_total_tokens,
	   "SGLang --max-total-tokens (0 = from the budget)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.max_running_requests",
	   "max-running-requests", "Max running req", KVP_FT_U32, 0, BIG,
	   engine.sglang.max_running_requests,
	   "SGLang --max-running-requests (0 = derived)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.context_len", "context-length",
	   "Context length", KVP_FT_U64, 0, U64MAX, engine.sglang.context_len,
	   "SGLang --context-length (0 = model's max positions)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.swa_full_tokens_ratio",
	   "swa-full-tokens-ratio", "SWA/full tokens", KVP_FT_PPM, 0, PPM1,
	   engine.sglang.swa_full_tokens_ratio,
	   "SGLang --swa-full-tokens-ratio (0 = 0.8)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.disable_hybrid_swa_memory",
	   "disable-hybrid-swa-memory", "No hybrid SWA pool", KVP_FT_BOOL, 0, 1,
	   engine.sglang.disable_hybrid_swa_memory,
	   "SGLang --disable-hybrid-swa-memory"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.max_mamba_cache_size",
	   "max-mamba-cache-size", "Mamba slots", KVP_FT_U64, 0, U64MAX,
	   engine.sglang.max_mamba_cache_size,
	   "SGLang --max-mamba-cache-size (0 = from the ratio)"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.mamba_full_memory_ratio",
	   "mamba-full-memory-ratio", "Mamba/KV memory", KVP_FT_PPM, 0, 1000 * PPM1,
	   engine.sglang.mamba_full_memory_ratio,
	   "SGLang --mamba-full-memory-ratio (0 = 0.9)"),
	{ .key = "engine.sglang.mamba_ssm_dtype", .flag = "sglang-mamba-ssm-dtype",
	  .label = "Mamba SSM dtype", .section = KVP_SEC_ENGINE,
	  .type = KVP_FT_ENUM, .choices = mamba_dtypes,
	  .help = "SGLang --mamba-ssm-dtype: the SSM state's format (auto = float32)",
	  PLAN_MEMBER(engine.sglang.mamba_ssm_dtype), .engine = KVP_ENGINE_SGLANG },
	FN(KVP_ENGINE_SGLANG, "engine.sglang.chunked_prefill_size",
	   "chunked-prefill-size", "Chunked prefill", KVP_FT_I32, 0, 2147483647,
	   engine.sglang.chunked_prefill_size,
	   "SGLang --chunked-prefill-size (0 = by the card, -1 = off): "
	   "enters the default mem_fraction_static's reserve from 0.5.4"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.max_prefill_tokens",
	   "max-prefill-tokens", "Max prefill tokens", KVP_FT_U32, 0, BIG,
	   engine.sglang.max_prefill_tokens,
	   "SGLang --max-prefill-tokens (0 = 16384): the default "
	   "mem_fraction_static's reserve from 0.5.4 with chunked prefill off"),
	FN(KVP_ENGINE_SGLANG, "engine.sglang.cuda_graph_max_bs",
	   "cuda-graph-max-bs", "CUDA graph max bs", KVP_FT_U32, 0, BIG,
	   engine.sglang.cuda_graph_max_bs,
	   "SGLang --cuda-graph-max-bs (0 = by the card and tp): enters the "
	   "default mem_fraction_static's reserve from 0.5.4"),
	FN(KVP_ENGINE_TRTLLM, "engine.trtllm.tokens_per_block", "tokens-per-block",
	   "Tokens per block", KVP_FT_U32, 1, BIG, engine.trtllm.tokens_per_block,
	   "TensorRT-LLM tokens_per_block"),
	FN(KVP_ENGINE_TRTLLM, "engine.trtllm.free_gpu_memory_fraction",
	   "free-gpu-memory-fraction", "Free mem fraction", KVP_FT_PPM, 0, PPM1,
	   engine.trtllm.free_gpu_memory_fraction,
	   "TensorRT-LLM free_gpu_memory_fraction"),
	FN(KVP_ENGINE_TRTLLM, "engine.trtllm.max_tokens", "max-tokens", "Max tokens",
	   KVP_FT_U64, 0, U64MAX, engine.trtllm.max_tokens,
	   "TensorRT-LLM max_tokens (0 = from the fraction)"),
	FN(KVP_ENGINE_TRTLLM, "engine.trtllm.max_gpu_total_bytes",
	   "max-gpu-total-bytes", "Max GPU bytes", KVP_FT_BYTES, 0, U64MAX,
	   engine.trtllm.max_gpu_total_bytes,
	   "TensorRT-LLM max_gpu_total_bytes: the primary pool's budget, replacing the free-memory fraction (0 = from the fraction)"),
	FN(KVP_ENGINE_TRTLLM, "engine.trtllm.host_cache_size", "host-cache-size",
	   "Host cache bytes", KVP_FT_BYTES, 0, U64MAX, engine.trtllm.host_cache_size,
	   "TensorRT-LLM host_cache_size: bytes of host memory for the secondary block pool (0 = none)"),

	/* ---- devices ---- */
	FG("card.name", "card-name", "Card", KVP_FT_STRING, 0, 0, card.name,
	   "card name"),
	FG("card.capacity_bytes", "card-capacity", "Capacity", KVP_FT_BYTES, 1,
	   U64MAX, card.capacity_bytes, "card memory as the driver reports it, bytes"),
	FG("card.allocatable", "card-allocatable", "Allocatable", KVP_FT_BOOL, 0, 1,
	   card.allocatable, "capacity is what CUDA can allocate"),
	FG("card.shared_with_system", "card-shared", "Shared with system",
	   KVP_FT_BOOL, 0, 1, card.shared_with_system, "unified memory (Apple)"),
	FG("card.bandwidth", "card-bandwidth", "Bandwidth/s", KVP_FT_BYTES, 0,
	   U64MAX, card.bandwidth,
	   "memory bandwidth, bytes per second, from the data sheet (0 = unknown: no speed bound)"),
	FG("card.flops_16bit", "card-flops-16bit", "Peak 16-bit FLOP/s", KVP_FT_U64, 0,
	   U64MAX, card.flops_16bit,
	   "dense 16-bit tensor peak, FLOP/s, from the data sheet (0 = unknown)"),
	FG("card.flops_8bit", "card-flops-8bit", "Peak 8-bit FLOP/s", KVP_FT_U64, 0,
	   U64MAX, card.flops_8bit,
	   "dense 8-bit (FP8, else INT8) tensor peak, FLOP/s, from the data sheet (0 = unknown)"),
	FG("card.speed_source", "card-speed-source", "Speed source", KVP_FT_STRING, 0, 0,
	   card.speed_source, "data sheet the bandwidth and peaks come from"),
	FG("card.runtime_total_bytes", "card-runtime-total", "Runtime total",
	   KVP_FT_BYTES, 0, U64MAX, card.runtime_total_bytes,
	   "total the CUDA/ROCm runtime reports (torch.cuda.mem_get_info), bytes; vLLM's budget starts from it (0 = not known: estimated)"),
	FG("card.runtime_source", "card-runtime-source", "Runtime total source",
	   KVP_FT_STRING, 0, 0, card.runtime_source,
	   "log or document the runtime total comes from"),
	FG("card.no_nvswitch", "card-no-nvswitch", "No NVSwitch", KVP_FT_BOOL, 0, 1,
	   card.no_nvswitch,
	   "the card sits on no NVSwitch (PCIe, or NVLink bridges in pairs): vLLM's non-torch memory at TP > 1 is the PCIe row, not the HGX one (false: the larger HGX rows)"),
	{ .key = "devices.groups[i].card.platform", .flag = "card-platform",
	  .label = "Platform", .section = KVP_SEC_DEVICES, .type = KVP_FT_ENUM,
	  .choices = platforms,
	  .help = "the card's runtime: cuda, rocm or metal (unknown: vLLM 0.8.0-0.9.1, which picks V0 on ROCm and V1 on CUDA, is refused)",
	  .offset = offsetof(struct kvp_plan, devices.groups[0].card.platform),
	  .size = sizeof(((struct kvp_plan *)0)->devices.groups[0].card.platform),
	  .indexed = true, .engine = KVP_ENGINE_COUNT, .array = KVP_ARR_GROUPS },
	FG("card.compute_capability", "card-compute-capability",
	   "Compute capability", KVP_FT_U32, 0, 999, card.compute_capability,
	   "a CUDA card's compute capability, major x 10 + minor (75 for 7.5; 0 = not known): vLLM 0.8.0-0.10.1 run V0 below 8.0, and refuse to be guessed"),
	FG("count", "cards", "Cards", KVP_FT_U32, 1, 4096, count,
	   "cards of this type"),
	F("devices.tp", "tp", "Tensor parallel", KVP_SEC_DEVICES, KVP_FT_U32, 1, 4096,
	  devices.tp, "tensor-parallel ranks"),
	F("devices.pp", "pp", "Pipeline stages", KVP_SEC_DEVICES, KVP_FT_U32, 1,
	  KVP_MAX_STAGES, devices.pp, "pipeline stages"),
	F("devices.dp", "dp", "Data parallel", KVP_SEC_DEVICES, KVP_FT_U32, 1, 4096,
	  devices.dp, "data-parallel replicas"),
	F("devices.weights_override", "weights-override", "Override weights",
	  KVP_SEC_DEVICES, KVP_FT_BOOL, 0, 1, devices.weights_override,
	  "use the devices' weight format instead of the model's"),
	F("devices.weights.dtype", "serve-weights-dtype", "Served weights",
	  KVP_SEC_DEVICES, KVP_FT_WDTYPE, 0, 0, devices.weights.dtype,
	  "weight format as served (with weights-override)"),
	F("devices.weights.bits", "serve-weights-bits", "Served bits",
	  KVP_SEC_DEVICES, KVP_FT_U32, 0, 16, devices.weights.bits,
	  "bits per weight as served"),
	F("devices.weights.group_size", "serve-weights-group-size", "Served group",
	  KVP_SEC_DEVICES, KVP_FT_U32, 0, BIG, devices.weights.group_size,
	  "weights per group as served"),
	F("devices.weights.scale_bytes", "serve-weights-scale-bytes", "Served scale B",
	  KVP_SEC_DEVICES, KVP_FT_U32, 0, 64, devices.weights.scale_bytes,
	  "scale bytes per group as served"),
	F("devices.weights.zero_bytes", "serve-weights-zero-bytes", "Served zero B",
	  KVP_SEC_DEVICES, KVP_FT_U32, 0, 64, devices.weights.zero_bytes,
	  "zero-point bytes per group as served"),
	F("devices.weights.keep_embeddings_16bit", "serve-keep-embeddings-16bit",
	  "Served 16b embed", KVP_SEC_DEVICES, KVP_FT_BOOL, 0, 1,
	  devices.weights.keep_embeddings_16bit,
	  "embeddings left unquantized as served"),
	F("devices.reserve_ppm", "reserve", "Your reserve", KVP_SEC_DEVICES, KVP_FT_PPM, 0,
	  PPM1, devices.reserve_ppm, "your reserve, kept free on purpose, as a "
	  "fraction of capacity"),
	F("devices.reserve_bytes", "reserve-bytes", "Reserve bytes", KVP_SEC_DEVICES,
	  KVP_FT_BYTES, 0, U64MAX, devices.reserve_bytes, "your reserve, kept free "
	  "on purpose, in bytes"),
	F("devices.activations_bytes", "activations", "Activations", KVP_SEC_DEVICES,
	  KVP_FT_BYTES, 0, U64MAX, devices.activations_bytes,
	  "measured activation peak per device (0 = estimate)"),
	F("devices.max_batched_tokens", "max-batched-tokens", "Batched tokens",
	  KVP_SEC_DEVICES, KVP_FT_U64, 0, U64MAX, devices.max_batched_tokens,
	  "tokens per step for the activation estimate"),
	F("devices.flash_attention", "flash-attention", "Flash attention",
	  KVP_SEC_DEVICES, KVP_FT_BOOL, 0, 1, devices.flash_attention,
	  "flash-style attention in the estimate, default true (false: fp32 score matrix)"),
	F("devices.host_capacity_bytes", "host-memory", "Host memory",
	  KVP_SEC_DEVICES, KVP_FT_BYTES, 0, U64MAX, devices.host_capacity_bytes,
	  "host (CPU) memory budget for offloaded weights and KV, bytes (0 = not budgeted)"),
	F("devices.retained_logits", "retained-logits", "Retained logits",
	  KVP_SEC_DEVICES, KVP_FT_U64, 0, U64MAX, devices.retained_logits,
	  "positions whose fp32 logits are kept per sequence"),
	FO("name", "Overhead", KVP_FT_STRING, 0, 0, name,
	   "runtime overhead name (cuda_context, ...)"),
	FO("bytes", "Overhead bytes", KVP_FT_BYTES, 0, U64MAX, bytes,
	   "runtime overhead per device, bytes"),
};

#define N_FIELDS (sizeof fields / sizeof fields[0])

static const char *const section_names[KVP_SEC_COUNT] = {
	[KVP_SEC_MODEL] = "model",
	[KVP_SEC_WORKLOAD] = "workload",
	[KVP_SEC_STRATEGY] = "strategy",
	[KVP_SEC_ENGINE] = "engine",
	[KVP_SEC_DEVICES] = "devices",
};

size_t kvp_field_count(void)
{
	return N_FIELDS;
}

const struct kvp_field *kvp_field_at(size_t i)
{
	return i < N_FIELDS ? &fields[i] : NULL;
}

const char *kvp_section_name(enum kvp_section s)
{
	return (unsigned)s < KVP_SEC_COUNT ? section_names[s] : "?";
}

const struct kvp_field *kvp_field_by_key(const char *key)
{
	size_t i;

	for (i = 0; key && i < N_FIELDS; i++)
		if (strcmp(fields[i].key, key) == 0)
			return &fields[i];
	return NULL;
}

const struct kvp_field *kvp_field_by_flag(const char *flag)
{
	size_t i;

	for (i = 0; flag && i < N_FIELDS; i++)
		if (fields[i].flag && strcmp(fields[i].flag, flag) == 0)
			return &fields[i];
	return NULL;
}

/* ---- arrays ---- */

size_t kvp_field_array_max(enum kvp_field_array a)
{
	switch (a) {
	case KVP_ARR_CLASSES: return KVP_MAX_CLASSES;
	case KVP_ARR_GROUPS: return KVP_MAX_CARD_GROUPS;
	case KVP_ARR_OVERHEADS: return KVP_MAX_OVERHEADS;
	default: return 0;
	}
}

size_t kvp_field_array_used(const struct kvp_plan *p, enum kvp_field_array a)
{
	switch (a) {
	case KVP_ARR_CLASSES: return p->workload.n_classes;
	case KVP_ARR_GROUPS: return p->devices.n_groups;
	case KVP_ARR_OVERHEADS: return p->devices.n_overheads;
	default: return 0;
	}
}

static size_t array_stride(enum kvp_field_array a)
{
	switch (a) {
	case KVP_ARR_CLASSES: return sizeof(struct kvp_seq_class);
	case KVP_ARR_GROUPS: return sizeof(struct kvp_card_group);
	case KVP_ARR_OVERHEADS: return sizeof(struct kvp_overhead);
	default: return 0;
	}
}

/* Grow the array to index + 1 elements, new ones blank with defaults. */
static void array_grow(struct kvp_plan *p, enum kvp_field_array a, size_t index)
{
	size_t i;

	switch (a) {
	case KVP_ARR_CLASSES:
		for (i = p->workload.n_classes; i <= index; i++) {
			memset(&p->workload.classes[i], 0, sizeof p->workload.classes[i]);
			p->workload.classes[i].samples = 1;
		}
		if (p->workload.n_classes < index + 1)
			p->workload.n_classes = (uint32_t)(index + 1);
		break;
	case KVP_ARR_GROUPS:
		for (i = p->devices.n_groups; i <= index; i++) {
			memset(&p->devices.groups[i], 0, sizeof p->devices.groups[i]);
			p->devices.groups[i].count = 1;
		}
		if (p->devices.n_groups < index + 1)
			p->devices.n_groups = (uint32_t)(index + 1);
		break;
	case KVP_ARR_OVERHEADS:
		for (i = p->devices.n_overheads; i <= index; i++)
			memset(&p->devices.overheads[i], 0, sizeof p->devices.overheads[i]);
		if (p->devices.n_overheads < index + 1)
			p->devices.n_overheads = (uint32_t)(index + 1);
		break;
	default:
		break;
	}
}

/* The key with "[i]" replaced by the index, for messages. */
static void key_name(const struct kvp_field *f, size_t index, char *buf, size_t n)
{
	const char *br = f->indexed ? strstr(f->key, "[i]") : NULL;

	if (!br) {
		snprintf(buf, n, "%s", f->key);
		return;
	}
	snprintf(buf, n, "%.*s[%zu]%s", (int)(br - f->key), f->key, index, br + 3);
}

/* ---- text parsers (each returns NULL on success or a reason) ---- */

/* Strip leading and trailing blanks into buf; NULL when too long. */
static const char *trimmed(const char *s, char *buf, size_t n)
{
	size_t len;

	while (*s == ' ' || *s == '\t')
		s++;
	len = strlen(s);
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len >= n)
		return NULL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return buf;
}

/*
 * Unsigned decimal with optional "_" between digits, or "," before each
 * group of three (a decimal comma is refused). *end gets the
 * first character after the number. Returns a reason or NULL.
 */
static const char *parse_digits(const char *s, uint64_t *out, const char **end)
{
	uint64_t v = 0;
	int digits = 0;

	if (*s == '-')
		return "must not be negative";
	if (*s == '+')
		s++;
	for (;; s++) {
		if (*s >= '0' && *s <= '9') {
			if (!kvp_mul(v, 10, &v) || !kvp_add(v, (uint64_t)(*s - '0'), &v))
				return "does not fit in 64 bits";
			digits++;
		} else if (*s == ',' && digits > 0 && s[1] >= '0' && s[1] <= '9') {
			/* a thousands separator has three digits after it;
			 * "1,5" or "0,9" is a decimal comma, never 15 or 9 */
			if (!(s[2] >= '0' && s[2] <= '9' && s[3] >= '0' &&
			      s[3] <= '9' && !(s[4] >= '0' && s[4] <= '9')))
				return "has a decimal comma - write a point (1.5, "
				       "not 1,5); a comma only separates thousands";
			continue;
		} else if (*s == '_' && digits > 0 && s[1] >= '0' && s[1] <= '9') {
			continue;
		} else {
			break;
		}
	}
	if (digits == 0)
		return "not a number";
	*out = v;
	*end = s;
	return NULL;
}

static const char *parse_uint(const char *s, uint64_t *out)
{
	const char *end;
	const char *why = parse_digits(s, out, &end);

	if (why)
		return why;
	return *end ? "not a whole number" : NULL;
}

/*
 * A token count: a whole number, or one followed by k/K for thousands of
 * tokens in powers of two, as context sizes are written: "8k" = 8 x 1,024
 * = 8,192, "128K" = 131,072. Lengths only (is_token_length).
 */
static const char *parse_tokens(const char *s, uint64_t *out)
{
	const char *end;
	const char *why = parse_digits(s, out, &end);

	if (why)
		return why;
	if ((*end == 'k' || *end == 'K') && end[1] == '\0')
		return kvp_mul(*out, 1024, out) ? NULL : "does not fit in 64 bits";
	return *end ? "not a whole number (k = 1,024 tokens: 8k = 8,192)" : NULL;
}

static const char *parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };
	size_t i;

	for (i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return NULL;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return NULL;
		}
	}
	return "expected true or false";
}

/*
 * A decimal "I[.F]" as an exact fraction: *num / 10^*decs, at most
 * max_decs decimals. Returns a reason or NULL; *end after the number.
 */
static const char *parse_decimal(const char *s, uint64_t *num, unsigned *decs,
                                 unsigned max_decs, const char **end)
{
	uint64_t whole = 0, frac = 0;
	unsigned d = 0;
	const char *why;

	if (*s == '-')
		return "must not be negative";
	if (*s == '.') {
		whole = 0;
		*end = s;
	} else if ((why = parse_digits(s, &whole, end)) != NULL) {
		return why;
	}
	s = *end;
	if (*s == '.') {
		s++;
		if (!(*s >= '0' && *s <= '9'))
			return "not a number";
		for (; *s >= '0' && *s <= '9'; s++) {
			if (++d > max_decs)
				return "has more decimals than can be held exactly";
			frac = frac * 10 + (uint64_t)(*s - '0');
		}
	}
	/* num = whole * 10^d + frac, checked */
	{
		uint64_t p10 = 1, v;
		unsigned i;

		for (i = 0; i < d; i++)
			p10 *= 10;
		if (!kvp_mul(whole, p10, &v) || !kvp_add(v, frac, &v))
			return "does not fit in 64 bits";
		*num = v;
	}
	*decs = d;
	*end = s;
	return NULL;
}

/*
 * A vLLM count as vLLM's own flags take it (vllm/engine/arg_utils.py,
 * human_readable_int, for --max-model-len, --max-num-batched-tokens and
 * --kv-cache-memory-bytes, its human_readable_ints; read in current
 * sources, search index ids 25872476, 41526715 and 7464787, the
 * release that brought it not pinned; earlier ones refuse a suffix):
 * lowercase k, m, g, t are 10^3, 10^6, 10^9, 10^12 and may follow a
 * decimal ("25.6k" = 25,600, rounded down); uppercase K, M, G, T are
 * 2^10 .. 2^40 after a whole number. So "32k" is 32,000 tokens there,
 * and "32K" 32,768.
 */
static const char *parse_vllm_count(const char *s, uint64_t *out)
{
	static const char lower[] = "kmgt", upper[] = "KMGT";
	const char *end, *why, *at;
	uint64_t num, mult = 1, v;
	unsigned decs, i;

	if ((why = parse_decimal(s, &num, &decs, 9, &end)) != NULL)
		return why;
	if (*end && end[1] == '\0' && (at = strchr(lower, *end)) != NULL) {
		for (i = 0; i <= (unsigned)(at - lower); i++)
			mult *= 1000;
	} else if (*end && end[1] == '\0' && (at = strchr(upper, *end)) != NULL) {
		if (decs)
			return "decimals go with k, m, g, t only (vLLM's 1K = 1,024)";
		mult = 1ull << (10 * (at - upper + 1));
	} else if (*end) {
		return "not a whole number (vLLM's 32k = 32,000, 32K = 32,768)";
	} else if (decs) {
		return "not a whole number";
	}
	if (!kvp_mul(num, mult, &v))
		return "does not fit in 64 bits";
	for (i = 0; i < decs; i++)
		v /= 10;
	*out = v;
	return NULL;
}

/* A number ending in one of vLLM's one-letter multipliers ("8G"). */
static bool vllm_suffixed(const char *s)
{
	size_t n = strlen(s);

	return n >= 2 && strchr("kmgtKMGT", s[n - 1]) &&
	       s[n - 2] >= '0' && s[n - 2] <= '9';
}

/* "0.92", "1", "92%", "92.5%" -> parts per million. */
static const char *parse_ppm(const char *s, uint64_t *out)
{
	uint64_t num, v;
	unsigned decs, i;
	const char *end, *why;
	bool pct;

	if ((why = parse_decimal(s, &num, &decs, 6, &end)) != NULL)
		return why;
	pct = *end == '%';
	if (pct)
		end++;
	if (*end)
		return "expected a fraction such as 0.9 or 90%";
	/* ppm = num / 10^decs * (pct ? 10^4 : 10^6) */
	v = num;
	for (i = 0; i < (pct ? 4u : 6u); i++)
		if (!kvp_mul(v, 10, &v))
			return "is not a fraction between 0 and 1";
	for (i = 0; i < decs; i++) {
		if (v % 10)
			return "is finer than one part per million";
		v /= 10;
	}
	*out = v;
	return NULL;
}

/* Bytes: "4026531840", "80GB", "80 GiB", "1.5GiB", "512 MiB", "1,024B". */
static const char *parse_bytes(const char *s, uint64_t *out)
{
	static const struct { const char *sfx; uint64_t mult; } units[] = {
		{ "B", 1 }, { "KB", 1000ull }, { "MB", 1000000ull },
		{ "GB", 1000000000ull }, { "TB", 1000000000000ull },
		{ "KiB", 1ull << 10 }, { "MiB", 1ull << 20 }, { "GiB", 1ull << 30 },
		{ "TiB", 1ull << 40 },
	};
	uint64_t num, mult = 1, v, p10 = 1;
	unsigned decs, i;
	const char *end, *why;
	bool found = false;

	if ((why = parse_decimal(s, &num, &decs, 12, &end)) != NULL)
		return why;
	while (*end == ' ')
		end++;
	if (*end) {
		for (i = 0; i < sizeof units / sizeof units[0]; i++)
			if (strcasecmp(end, units[i].sfx) == 0 &&
			    (units[i].sfx[1] != 'i' || strcmp(end + 1, "iB") == 0 ||
			     strcasecmp(end + 1, "ib") == 0)) {
				mult = units[i].mult;
				found = true;
				break;
			}
		if (!found)
			return "unknown unit (use B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)";
	}
	for (i = 0; i < decs; i++)
		p10 *= 10;
	if (!kvp_mul(num, mult, &v))
		return "does not fit in 64 bits";
	if (v % p10)
		return "is not a whole number of bytes";
	*out = v / p10;
	return NULL;
}

static const char *parse_choice(const char *s, const char *const *choices, int *out)
{
	int i;

	for (i = 0; choices && choices[i]; i++)
		if (strcasecmp(s, choices[i]) == 0) {
			*out = i;
			return NULL;
		}
	return "not one of the choices";
}

/* Group-quantized format "groupq[:key=value...]"; defaults are those of
 * transformers' QuantizedCache with a 16-bit compute dtype. */
static const char *parse_groupq(const char *s, struct kvp_format *f)
{
	char buf[160], *tok, *save = NULL;

	memset(f, 0, sizeof *f);
	f->dtype = KVP_DT_GROUPQ;
	f->bits = 4;
	f->group_size = 64;
	f->scale_bytes = 2;
	f->zero_bytes = 2;
	f->residual = 128;
	f->residual_dtype = KVP_DT_BF16;
	if (strlen(s) >= sizeof buf)
		return "too long";
	strcpy(buf, s);
	tok = strtok_r(buf, ":", &save);   /* "groupq" */
	while ((tok = strtok_r(NULL, ":", &save)) != NULL) {
		char *eq = strchr(tok, '=');
		uint64_t v = 0;
		const char *why;

		if (!eq)
			return "groupq parameter without '=' (bits=, group_size=, scale_bytes=, zero_bytes=, residual=, residual_dtype=)";
		*eq++ = '\0';
		if (strcmp(tok, "residual_dtype") == 0) {
			enum kvp_dtype dt;

			if (kvp_dtype_parse(eq, &dt, NULL) != KVP_OK || dt == KVP_DT_GROUPQ)
				return "residual_dtype must be a plain format (bf16, f16, ...)";
			f->residual_dtype = dt;
			continue;
		}
		if ((why = parse_uint(eq, &v)) != NULL)
			return why;
		if (strcmp(tok, "bits") == 0) {
			if (v < 1 || v > 16)
				return "bits must be 1..16";
			f->bits = (uint32_t)v;
		} else if (strcmp(tok, "group_size") == 0) {
			if (v < 1 || v > U32MAX)
				return "group_size must be at least 1";
			f->group_size = (uint32_t)v;
		} else if (strcmp(tok, "scale_bytes") == 0) {
			if (v > 64)
				return "scale_bytes must be 0..64";
			f->scale_bytes = (uint32_t)v;
		} else if (strcmp(tok, "zero_bytes") == 0) {
			if (v > 64)
				return "zero_bytes must be 0..64";
			f->zero_bytes = (uint32_t)v;
		} else if (strcmp(tok, "residual") == 0) {
			f->residual = v;
		} else {
			return "unknown groupq parameter";
		}
	}
	return NULL;
}

/* Formats by name through format.c's one parser (aliases included). */
static const char *parse_dtype(const char *s, enum kvp_dtype *out)
{
	return kvp_dtype_parse(s, out, NULL) == KVP_OK ? NULL :
	       "unknown format (f32, f16, bf16, fp8, int8, q8_0, q4_0, q4_1, q5_0, q5_1, iq4_nl, groupq)";
}

static const char *parse_wdtype(const char *s, enum kvp_wdtype *out)
{
	return kvp_wdtype_parse(s, out, NULL) == KVP_OK ? NULL :
	       "unknown weight format";
}

static bool is_vllm_kv_dtype(const struct kvp_field *f)
{
	return f->offset == offsetof(struct kvp_plan, engine.vllm.kv_cache_dtype);
}

static void store_int(void *dst, size_t size, int v)
{
	if (size == sizeof(int))
		memcpy(dst, &v, sizeof v);
}

static int load_int(const void *src, size_t size)
{
	int v = 0;

	if (size == sizeof(int))
		memcpy(&v, src, sizeof v);
	return v;
}

/*
 * A length given in characters: a whole number followed by "c", "ch",
 * "char(s)" or "character(s)" (any case, blanks allowed between). Only
 * the syntax is recognised; no characters-per-token ratio is applied.
 */
static bool has_char_unit(const char *s)
{
	static const char *const units[] = {
		"c", "ch", "chr", "chrs", "char", "chars", "character", "characters",
	};
	const char *end;
	uint64_t v;
	size_t i, n;

	if (parse_digits(s, &v, &end) != NULL || end == s)
		return false;
	while (*end == ' ' || *end == '\t')
		end++;
	n = strlen(end);
	while (n > 0 && (end[n - 1] == ' ' || end[n - 1] == '\t'))
		n--;
	for (i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t k, m = strlen(units[i]);

		if (m != n)
			continue;
		for (k = 0; k < m; k++)
			if ((end[k] | 0x20) != units[i][k])
				break;
		if (k == m)
			return true;
	}
	return false;
}

/* Fields that hold a count of token positions (prompt parts, generation,
 * an engine's context/cache length, batched tokens). */
static bool is_token_length(const char *key)
{
	static const char *const keys[] = {
		"prompt.", "gen", "max_model_len", "ctx_size", "context_len",
		"max_cache_len", "max_total_tokens", "max_tokens",
		"max_num_batched_tokens", "max_batched_tokens", "residual_length",
		"max_position",
	};
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strstr(key, keys[i]))
			return true;
	return false;
}

/* Where field f (element index of its array) lives in p. */
static const unsigned char *field_src(const struct kvp_plan *p,
                                      const struct kvp_field *f, size_t index)
{
	return (const unsigned char *)p + f->offset +
	       (f->indexed ? index * array_stride(f->array) : 0);
}

/* The same, to write: the array grown to hold the element first. */
static unsigned char *field_dst(struct kvp_plan *p, const struct kvp_field *f,
                                size_t index)
{
	if (f->indexed)
		array_grow(p, f->array, index);
	return (unsigned char *)p + f->offset +
	       (f->indexed ? index * array_stride(f->array) : 0);
}

/* llama.cpp's -np: "auto" (or llama.cpp's -1) is KVP_LC_NP_AUTO, 0 is
 * refused as llama-server refuses it (its minimum is 1). */
static bool is_np(const struct kvp_field *f)
{
	return f->offset == offsetof(struct kvp_plan, engine.llamacpp.parallel);
}

/* A value read from text, before its range check and store. */
struct field_value {
	uint64_t u;      /* counts, bytes, ppm */
	bool b;          /* booleans */
	int e;           /* enums, tristates, formats */
	bool stored;     /* already stored (-1, a kvp_format, vLLM's "auto") */
};

/* "name: 'text' - why" when a parser gave a reason, else KVP_OK. */
static enum kvp_status why_error(const char *why, const char *name, const char *s,
                                 struct kvp_error *err)
{
	if (!why)
		return KVP_OK;
	return kvp_error_set(err, KVP_EINVAL, "%s: '%s' - %s", name, s, why);
}

/* "vllm@0.6.4": the engine and its release (engine.version). */
static enum kvp_status set_engine_at(struct kvp_plan *p, const struct kvp_field *f,
                                     size_t index, const char *s, const char *name,
                                     struct kvp_error *err)
{
	char kind[64];
	const char *at = strchr(s, '@');
	const struct kvp_field *vf = kvp_field_by_key("engine.version");
	enum kvp_status st;

	if ((size_t)(at - s) >= sizeof kind || !vf)
		return kvp_error_set(err, KVP_EINVAL, "%s: '%s' - not ENGINE@RELEASE",
		                     name, s);
	memcpy(kind, s, (size_t)(at - s));
	kind[at - s] = '\0';
	if ((st = kvp_field_set(p, f, index, kind, err)) != KVP_OK)
		return st;
	if ((st = kvp_engine_version_check(p->engine.kind, at + 1, err)) != KVP_OK)
		return st;
	return kvp_field_set(p, vf, 0, at + 1, err);
}

/* U32, U64: a count, in tokens for a length (never in characters). */
static enum kvp_status read_count(const struct kvp_field *f, const char *s,
                                  const char *name, struct field_value *v,
                                  struct kvp_error *err)
{
	const char *why;

	if (is_token_length(f->key) && has_char_unit(s))
		return kvp_error_set(err, KVP_EINVAL,
			"%s: '%s' - characters are not tokens; count the "
			"tokens with the model's tokenizer and its chat "
			"template (there is no fixed characters-per-token "
			"ratio)", name, s);
	if (strncmp(f->key, "engine.vllm.", 12) == 0 && is_token_length(f->key))
		why = parse_vllm_count(s, &v->u);
	else
		why = is_token_length(f->key) ? parse_tokens(s, &v->u) : parse_uint(s, &v->u);
	return why_error(why, name, s, err);
}

/* ENUM, TRISTATE (also true/false), the engine's aliases ("llamacpp"). */
static enum kvp_status read_choice(const struct kvp_field *f, const char *s,
                                   const char *name, struct field_value *v,
                                   struct kvp_error *err)
{
	const char *why = parse_choice(s, f->choices, &v->e);
	char list[160] = "";
	size_t i, o = 0;
	enum kvp_engine_kind k;

	if (why && f->type == KVP_FT_TRISTATE) {
		why = parse_bool(s, &v->b);
		v->e = v->b ? KVP_ON : KVP_OFF;
	}
	if (why && f->offset == offsetof(struct kvp_plan, engine.kind) &&
	    kvp_engine_parse(s, &k, NULL) == KVP_OK) {
		v->e = (int)k;
		why = NULL;
	}
	if (!why)
		return KVP_OK;
	for (i = 0; f->choices && f->choices[i]; i++)
		o += (size_t)snprintf(list + o, o < sizeof list ? sizeof list - o : 0,
		                      "%s%s", i ? ", " : "", f->choices[i]);
	return kvp_error_set(err, KVP_EINVAL, "%s: '%s' - expected one of %s",
	                     name, s, list);
}

/* DTYPE: a whole kvp_format (groupq:... too), stored here; or one dtype
 * (vLLM's kv_cache_dtype also "auto", stored here). */
static enum kvp_status read_dtype(struct kvp_plan *p, const struct kvp_field *f,
                                  size_t index, const char *s, const char *name,
                                  struct field_value *v, struct kvp_error *err)
{
	struct kvp_format fmt;
	enum kvp_dtype dt;
	const char *why;

	if (f->size != sizeof(struct kvp_format)) {
		if (is_vllm_kv_dtype(f) && strcasecmp(s, "auto") == 0) {
			p->engine.vllm.kv_cache_dtype_auto = true;
			v->stored = true;
			return KVP_OK;
		}
		why = parse_dtype(s, &dt);
		if (!why && dt == KVP_DT_GROUPQ)
			why = "a group-quantized format is not available here";
		v->e = (int)dt;
		return why_error(why, name, s, err);
	}
	if (strncasecmp(s, "groupq", 6) == 0 && (s[6] == '\0' || s[6] == ':')) {
		why = parse_groupq(s, &fmt);
	} else {
		why = parse_dtype(s, &dt);
		if (!why)
			fmt = kvp_format_plain(dt);
	}
	if (why)
		return why_error(why, name, s, err);
	memcpy(field_dst(p, f, index), &fmt, sizeof fmt);
	v->stored = true;
	return KVP_OK;
}

/* The text s read for field f by its type's parser into v. */
static enum kvp_status read_value(struct kvp_plan *p, const struct kvp_field *f,
                                  size_t index, const char *s, const char *name,
                                  struct field_value *v, struct kvp_error *err)
{
	int32_t m1 = -1;
	uint32_t np_auto = KVP_LC_NP_AUTO;
	enum kvp_wdtype wt;
	const char *why = NULL;

	switch (f->type) {
	case KVP_FT_U32:
	case KVP_FT_U64:
		if (is_np(f) && (!strcasecmp(s, "auto") || !strcmp(s, "-1"))) {
			memcpy(field_dst(p, f, index), &np_auto, sizeof np_auto);
			v->stored = true;
			return KVP_OK;
		}
		return read_count(f, s, name, v, err);
	case KVP_FT_I32:
		if (strcmp(s, "-1") == 0) {
			memcpy(field_dst(p, f, index), &m1, sizeof m1);
			v->stored = true;
			return KVP_OK;
		}
		why = parse_uint(s, &v->u);
		break;
	case KVP_FT_BYTES:
		/* vLLM's --kv-cache-memory-bytes takes vLLM's "8G" (8 GiB) and
		 * "8g" (8 x 10^9) too; kvplan's units have two letters or more */
		if (strncmp(f->key, "engine.vllm.", 12) == 0 && vllm_suffixed(s))
			why = parse_vllm_count(s, &v->u);
		else
			why = parse_bytes(s, &v->u);
		break;
	case KVP_FT_PPM:
		why = parse_ppm(s, &v->u);
		break;
	case KVP_FT_BOOL:
		why = parse_bool(s, &v->b);
		break;
	case KVP_FT_ENUM:
	case KVP_FT_TRISTATE:
		return read_choice(f, s, name, v, err);
	case KVP_FT_DTYPE:
		return read_dtype(p, f, index, s, name, v, err);
	case KVP_FT_WDTYPE:
		why = parse_wdtype(s, &wt);
		v->e = (int)wt;
		break;
	case KVP_FT_STRING:
		/* stored with control characters escaped (escape.h): a plan
		 * shared by someone else is untrusted, and every output shows
		 * names as they are stored */
		if (kvp_escape(s, strlen(s), NULL, 0, false) >= f->size)
			return kvp_error_set(err, KVP_EINVAL, "%s: '%.40s' - longer than %zu "
			                     "characters (control characters count as 4)",
			                     name, s, f->size - 1);
		break;
	}
	return why_error(why, name, s, err);
}

/* A number inside the field's min..max (and its type's). */
static enum kvp_status check_range(const struct kvp_field *f, uint64_t u,
                                   const char *name, const char *s,
                                   struct kvp_error *err)
{
	uint64_t max = f->max;

	if (f->type != KVP_FT_U32 && f->type != KVP_FT_U64 && f->type != KVP_FT_I32 &&
	    f->type != KVP_FT_BYTES && f->type != KVP_FT_PPM)
		return KVP_OK;
	if (f->type == KVP_FT_U32 && max > U32MAX)
		max = U32MAX;
	if (f->type == KVP_FT_I32 && max > 2147483647u)
		max = 2147483647u;
	if (f->type == KVP_FT_PPM && max > PPM1)
		max = PPM1;
	if (u < f->min) {
		if (f->min == 1 && f->type != KVP_FT_PPM)
			return kvp_error_set(err, KVP_ERANGE, "%s: %s - must be at least 1", name, s);
		if (f->type == KVP_FT_PPM)
			return kvp_error_set(err, KVP_ERANGE, "%s: %s - must be more than 0", name, s);
		return kvp_error_set(err, KVP_ERANGE, "%s: %s - must be at least %llu", name, s,
		                     (unsigned long long)f->min);
	}
	if (u > max) {
		if (f->type == KVP_FT_PPM)
			return kvp_error_set(err, KVP_ERANGE, "%s: %s - must be at most 1 (100%%)",
			                     name, s);
		return kvp_error_set(err, KVP_ERANGE, "%s: %s - must be at most %llu", name, s,
		                     (unsigned long long)max);
	}
	return KVP_OK;
}

/* v (read from s) into the field, in its type's width. */
static void store_value(struct kvp_plan *p, const struct kvp_field *f, size_t index,
                        const char *s, const struct field_value *v)
{
	unsigned char *dst = field_dst(p, f, index);
	uint32_t u32 = (uint32_t)v->u;
	int32_t i32 = (int32_t)v->u;

	switch (f->type) {
	case KVP_FT_U32:
	case KVP_FT_PPM:
		memcpy(dst, &u32, sizeof u32);
		break;
	case KVP_FT_I32:
		memcpy(dst, &i32, sizeof i32);
		break;
	case KVP_FT_U64:
	case KVP_FT_BYTES:
		memcpy(dst, &v->u, sizeof v->u);
		break;
	case KVP_FT_BOOL:
		memcpy(dst, &v->b, sizeof v->b);
		break;
	case KVP_FT_ENUM:
	case KVP_FT_TRISTATE:
	case KVP_FT_DTYPE:
	case KVP_FT_WDTYPE:
		store_int(dst, f->size, v->e);
		if (f->type == KVP_FT_DTYPE && is_vllm_kv_dtype(f))
			p->engine.vllm.kv_cache_dtype_auto = false;
		break;
	case KVP_FT_STRING:
		kvp_escape(s, strlen(s), (char *)dst, f->size, false);
		break;
	}
}

enum kvp_status kvp_field_set(struct kvp_plan *p, const struct kvp_field *f,
                              size_t index, const char *text,
                              struct kvp_error *err)
{
	char name[96], buf[300];
	const char *s;
	struct field_value v;
	enum kvp_status st;

	memset(&v, 0, sizeof v);
	key_name(f, index, name, sizeof name);
	if (!text)
		return kvp_error_set(err, KVP_EINVAL, "%s: missing value", name);
	if (f->indexed && index >= kvp_field_array_max(f->array))
		return kvp_error_set(err, KVP_ERANGE, "%s: index %zu - at most %zu entries",
		                     name, index, kvp_field_array_max(f->array));
	s = trimmed(text, buf, sizeof buf);
	if (!s)
		return kvp_error_set(err, KVP_EINVAL, "%s: '%.40s...' - too long", name, text);
	if (!*s && f->type != KVP_FT_STRING)
		return kvp_error_set(err, KVP_EINVAL, "%s: '' - empty value", name);
	if (f->offset == offsetof(struct kvp_plan, engine.kind) && strchr(s, '@'))
		return set_engine_at(p, f, index, s, name, err);
	if ((st = read_value(p, f, index, s, name, &v, err)) != KVP_OK || v.stored)
		return st;
	if ((st = check_range(f, v.u, name, s, err)) != KVP_OK)
		return st;
	store_value(p, f, index, s, &v);
	return KVP_OK;
}

static const char *dtype_name(int dt)
{
	return kvp_dtype_name((enum kvp_dtype)dt);
}

/* A fraction in millionths: "1", "0.25" (no trailing zeros). */
static void format_ppm(uint32_t v, char *buf, size_t n)
{
	char frac[8];
	int len;

	if (v % 1000000 == 0) {
		snprintf(buf, n, "%u", v / 1000000);
		return;
	}
	len = snprintf(frac, sizeof frac, "%06u", v % 1000000);
	while (len > 0 && frac[len - 1] == '0')
		frac[--len] = '\0';
	snprintf(buf, n, "%u.%s", v / 1000000, frac);
}

/* A format field: a whole kvp_format (groupq with its parameters), or
 * one dtype (vLLM's "auto" when the plan says so). */
static void format_dtype(const struct kvp_plan *p, const struct kvp_field *f,
                         const unsigned char *src, char *buf, size_t n)
{
	struct kvp_format fmt;

	if (f->size != sizeof(struct kvp_format)) {
		if (is_vllm_kv_dtype(f) && p->engine.vllm.kv_cache_dtype_auto)
			snprintf(buf, n, "auto");
		else
			snprintf(buf, n, "%s", dtype_name(load_int(src, f->size)));
		return;
	}
	memcpy(&fmt, src, sizeof fmt);
	if (fmt.dtype == KVP_DT_GROUPQ)
		snprintf(buf, n, "groupq:bits=%u:group_size=%u:scale_bytes=%u:"
		         "zero_bytes=%u:residual=%llu:residual_dtype=%s",
		         fmt.bits, fmt.group_size, fmt.scale_bytes, fmt.zero_bytes,
		         (unsigned long long)fmt.residual,
		         dtype_name((int)fmt.residual_dtype));
	else
		snprintf(buf, n, "%s", dtype_name((int)fmt.dtype));
}

/* An enum's choice by its number (the number when it has no name). */
static void format_choice(const struct kvp_field *f, const unsigned char *src,
                          char *buf, size_t n)
{
	int v = load_int(src, f->size), i;

	for (i = 0; f->choices && f->choices[i]; i++)
		if (i == v) {
			snprintf(buf, n, "%s", f->choices[i]);
			return;
		}
	snprintf(buf, n, "%d", v);
}

void kvp_field_format(const struct kvp_plan *p, const struct kvp_field *f,
                      size_t index, char *buf, size_t n)
{
	const unsigned char *src;
	uint32_t u32;
	int32_t i32;
	uint64_t u64;
	bool b;

	if (!n)
		return;
	buf[0] = '\0';
	if (f->indexed && index >= kvp_field_array_max(f->array))
		return;
	src = field_src(p, f, index);
	switch (f->type) {
	case KVP_FT_U32:
		memcpy(&u32, src, sizeof u32);
		if (is_np(f) && u32 == KVP_LC_NP_AUTO)
			snprintf(buf, n, "auto");
		else
			snprintf(buf, n, "%u", u32);
		break;
	case KVP_FT_I32:
		memcpy(&i32, src, sizeof i32);
		snprintf(buf, n, "%d", i32);
		break;
	case KVP_FT_U64:
	case KVP_FT_BYTES:
		memcpy(&u64, src, sizeof u64);
		snprintf(buf, n, "%llu", (unsigned long long)u64);
		break;
	case KVP_FT_PPM:
		memcpy(&u32, src, sizeof u32);
		format_ppm(u32, buf, n);
		break;
	case KVP_FT_BOOL:
		memcpy(&b, src, sizeof b);
		snprintf(buf, n, "%s", b ? "true" : "false");
		break;
	case KVP_FT_ENUM:
	case KVP_FT_TRISTATE:
		format_choice(f, src, buf, n);
		break;
	case KVP_FT_DTYPE:
		format_dtype(p, f, src, buf, n);
		break;
	case KVP_FT_WDTYPE:
		snprintf(buf, n, "%s", kvp_wdtype_name((enum kvp_wdtype)load_int(src, f->size)));
		break;
	case KVP_FT_STRING:
		snprintf(buf, n, "%.*s", (int)f->size, (const char *)src);
		break;
	}
}
