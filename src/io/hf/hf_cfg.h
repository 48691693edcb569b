/*
 * hf_cfg.h - the Hugging Face importer's shared internals (src/io/hf/):
 * reading a parsed config.json (text_config first, then the top level),
 * the keys read so far, the per-layer layout under construction, and the
 * family table (hf_family.c).
 *
 * Files:
 *   hf_cfg.c      key access, messages, notes, Infinity/NaN, the scan for
 *                 layout keys nobody read (fail closed)
 *   hf_family.c   THE family table: one row per model_type
 *   hf_layout.c   layer kinds and per-kind shapes from every layout source
 *   hf_state.c    recurrent state components, DSA indexer
 *   hf_weights.c  weight format, MLP and experts (the weight count)
 *   hf_import.c   the whole config, public entry points
 */
#ifndef KVPLAN_IO_HF_CFG_H
#define KVPLAN_IO_HF_CFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "kvplan/import.h"
#include "kvplan/model.h"

/* Largest per-layer count or dimension accepted from a config. Real
 * models stay far below; the bound keeps products inside 64 bits. */
#define DIM_MAX   (1ull << 24)
#define COUNT_MAX (1ull << 40)

#define HF_MAX_SEEN 160

struct hf_family;

struct cfg {
	const cJSON *root;
	const cJSON *text;      /* text_config (llm_config, language_config),
	                           or NULL */
	const char *text_key;   /* its key, for messages */
	const char *name;       /* file name for messages */
	struct kvp_notes *notes;
	struct kvp_error *err;
	char model_type[48];
	const struct hf_family *fam;   /* NULL: unknown (assume_layout) */
	bool assume_layout;
	/* the decoder's sizes and layout come from c->text alone (a nested
	 * decoder, hf_nested.c: its class never reads them from the top
	 * level); hf_get falls back to the top level only for the file's
	 * own keys (architectures, dtype, quantization) */
	bool text_only;
	/* a lightning-attention state's head width when it is not the
	 * base's K width (Ling 2.5: head_dim beside MLA layers, set by
	 * hf_fam_bailing_hybrid); 0 = base.k_dim */
	uint32_t state_dim;
	/* a KDA state's short-convolution kernel when the family's own
	 * layout function sizes KDA layers from flat keys (Ling 3.0:
	 * num_attention_heads heads of state_dim, set by
	 * hf_fam_bailing_hybrid); 0 = none */
	uint32_t kda_conv;
	/* keys read (or knowingly superseded), by name */
	const char *seen[HF_MAX_SEEN];
	unsigned n_seen;
};

/* One layer as the config implies it. Zero heads/dims: the base's. */
struct lay {
	enum kvp_layer_kind kind;
	uint32_t window;
	uint32_t shared_with;
	uint32_t kv_heads;
	uint32_t k_dim, v_dim;
	uint32_t ratio;          /* COMPRESSED: positions per compressed row */
	uint64_t state_bytes;    /* COMPRESSED: compressor state per sequence */
};

/* ---- hf_nested.c ---- */
/* A family whose decoder lives under a key of its own (Moondream 3's
 * config.text): c->text set to it, its names mapped; 1 done, 0 not such
 * a family, -1 refused (c->err). */
int hf_nested_text(struct cfg *c, cJSON *root);
/* model_type keeps its decoder under a key of its own (a row above) */
bool hf_nested_family(const char *model_type);

/* ---- hf_cfg.c ---- */
void hf_note(struct cfg *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void hf_clean(char *s);
void hf_show(const cJSON *v, char *buf, size_t n);
enum kvp_status hf_bad(struct cfg *c, const char *path, const cJSON *v,
                       const char *why);
/* The key (text_config first, then top level; null = absent). Marks the
 * key read. *path receives "text_config.key" or "key". */
const cJSON *hf_get(struct cfg *c, const char *key, char *path, size_t n);
bool hf_has(struct cfg *c, const char *key);
/* Mark a key read without reading it: another key supersedes it (the
 * way the engines let layer_types win over sliding_window_pattern). */
void hf_superseded(struct cfg *c, const char *key);
/* Unsigned integer in [min, max]: 1 present, 0 absent, -1 error set. */
int hf_uint_at(struct cfg *c, const cJSON *v, const char *path,
               uint64_t min, uint64_t max, uint64_t *out);
int hf_uint(struct cfg *c, const char *key, uint64_t min, uint64_t max,
            uint64_t *out);
int hf_uint_any(struct cfg *c, const char *const *keys, uint64_t min,
                uint64_t max, uint64_t *out, const char **which);
/* Member `key` of object `o` (found at `opath`). */
int hf_member_uint(struct cfg *c, const cJSON *o, const char *opath,
                   const char *key, uint64_t min, uint64_t max,
                   uint64_t *out);
int hf_bool(struct cfg *c, const char *key, bool *out);
const char *hf_str(struct cfg *c, const char *key, int *fail);

/* Parse config text accepting Python json's Infinity, -Infinity and NaN
 * outside strings (cJSON does not). NULL with err set on bad JSON. */
cJSON *hf_parse(const char *text, size_t len, const char *name,
                struct kvp_error *err);
/* Fail closed: a present layout-shaped key nobody read (hf_cfg.c lists
 * the shapes). Refused naming it, or with assume_layout recorded in
 * m->layout_assumed and noted. */
enum kvp_status hf_unread_layout(struct cfg *c, struct kvp_model *m);
/* A present weight-shaped key (*moe*, *expert*, *intermediate*, ...) no
 * reader took: named in a note, not refused (the cache is exact). */
void hf_unread_weights(struct cfg *c);

/* ---- hf_text_defaults.c ---- */
/* A wrapper's text model: its configuration class's defaults for the
 * size keys transformers left out when it saved the config (noted). */
void hf_text_defaults(struct cfg *c, cJSON *text);
/* A top-level config (no text_config): the same rows' num_key_value_heads
 * and head_dim, the keys its class gained after older configs were
 * written (noted with the row's source). */
void hf_top_defaults(struct cfg *c, cJSON *root);

/* ---- hf_family.c ---- */
typedef enum kvp_status (*hf_layout_fn)(struct cfg *c, struct kvp_model *m,
                                        struct lay *L, bool *found);

enum hf_flags {
	HF_UNGATED   = 1u << 0,  /* MLP of two matrices (up, down) */
	HF_TIED      = 1u << 1,  /* tie_word_embeddings defaults to true */
	HF_QKV_BIAS  = 1u << 2,  /* q, k, v projections carry biases */
	HF_FALCON_MQ = 1u << 3,  /* multi_query without new_decoder_arch */
	HF_QWEN_SW   = 1u << 4,  /* use_sliding_window / max_window_layers */
	HF_SW_FULL   = 1u << 5,  /* sliding_window ignored: full attention */
	HF_SW_ALL    = 1u << 6,  /* sliding_window on every layer, silently */
	HF_OUT_GATE  = 1u << 7,  /* attn_output_gate, default true */
	HF_EAGLE3    = 1u << 8,  /* an EAGLE-3 draft head (its architecture
	                            wins over model_type) */
	HF_FF_HALF   = 1u << 9,  /* intermediate_size is twice the MLP's
	                            width (Qwen v1) */
	HF_LBT_COUNT = 1u << 10, /* num_hidden_layers absent: the length of
	                            layers_block_type (NemotronHConfig) */
	HF_MHA       = 1u << 11, /* no KV head key: as many as query heads,
	                            the family's rule, not an assumption */
	HF_MQA       = 1u << 12, /* no KV head key: one KV head (the
	                            family's code builds one) */
	/* issue 35: hybrid families */
	HF_ALL_RECUR = 1u << 20, /* every layer recurrent, no attention:
	                            no attention head keys (Mamba) */
	HF_LIGHTNING = 1u << 21, /* linear_attention layers are lightning
	                            attention: one heads x d x d state, no
	                            conv (MiniMax-01) */
	HF_LAYOUT_FIRST = 1u << 22, /* the family's function runs before
	                            the generic layout sources (a refusal
	                            naming why comes first) */
	/* issue 35 (novel attention; a high bit, clear of other rows'):
	 * layer_types may carry num_nextn_predict_layers trailing entries
	 * for the MTP layers, past the decoder's (Step 3.5/3.7) */
	HF_LT_MTP    = 1u << 24,
	/* issue 35: recurrent layers are Jet-Nemotron JetBlocks, their
	 * state from efficient_attention_config.jet (hf_fam_jet.c) */
	HF_JET       = 1u << 26,
	/* issue 35: a wrapper whose class builds its DEFAULT text model
	 * when text_config is absent (not one from the top-level keys):
	 * a file without text_config is refused naming it */
	HF_TEXT_REQUIRED = 1u << 25,
	/* issue 35a (a high bit, clear of other rows'): the family is
	 * refused by name before its sizes are read, the row's source
	 * saying why (a layout the engines build that kvplan cannot
	 * express, or a config layout it does not read) */
	HF_REFUSED = 1u << 30,
	/* issue 35a: architectures[0] picks this row over the first row of
	 * its model_type (a model class of its own on another family's
	 * config class) */
	HF_ARCH_WINS = 1u << 29,
};

struct hf_family {
	const char *model_type;
	const char *arch;           /* architectures[0] naming it, or NULL */
	unsigned flags;             /* enum hf_flags */
	uint64_t vocab;             /* config default when absent, 0 none */
	uint64_t max_positions;     /* config default when absent, 0 none */
	uint32_t window;            /* sliding_window default, 0 none */
	hf_layout_fn layout;        /* the family's own layer kinds, or NULL */
	const char *source;         /* where its rules were read */
};

/* The table, for tests: row i of hf_family_count(). */
size_t hf_family_count(void);
const struct hf_family *hf_family_at(size_t i);
/* The row of a model_type, or NULL. */
const struct hf_family *hf_family_find(const char *model_type);
/* model.arch.qk_norm from m->model_type and its use_qk_norm key
 * (hf_qk_norm.c's table). 0, or -1 with err set. */
int hf_qk_norm(struct cfg *c, struct kvp_model *m);
/* The row an architectures[0] name maps to, or NULL. */
const struct hf_family *hf_family_by_arch(const char *arch);

/* ---- hf_layout.c ---- */
/* Layer kinds, windows and per-kind shapes into L[0..n-1]. */
enum kvp_status hf_layers(struct cfg *c, struct kvp_model *m, struct lay *L);
/* L as the model's base (the most common layer) plus range rules. */
enum kvp_status hf_layout_rules(struct cfg *c, struct kvp_model *m,
                                struct lay *L);
/* Kind of a layer-type name ("full_attention", "mamba", ...). */
int hf_kind_from_name(const char *s, enum kvp_layer_kind *k);
/* Layout sources a family function may call. */
enum kvp_status hf_src_kinds_list(struct cfg *c, const char *key,
                                  struct kvp_model *m, struct lay *L,
                                  bool *found);

/* ---- hf_dsv4.c ---- */
/* DeepSeek V4's compressed layers from compress_ratios (a family's
 * layout function). */
enum kvp_status hf_fam_dsv4(struct cfg *c, struct kvp_model *m, struct lay *L,
                            bool *found);

/* ---- hf_novel.c (issue 35: novel attention layouts) ---- */
enum kvp_status hf_fam_step3p5(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_minimax_m3(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_longcat(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_longcat_ngram(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found);
enum kvp_status hf_fam_dsvl2(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
enum kvp_status hf_fam_unlimited_ocr(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found);
enum kvp_status hf_fam_minicpm3(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found);

/* ---- hf_fam_attn.c (attention families' layouts; rows of hf_family.c point here) ---- */
enum kvp_status hf_fam_gemma2(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_gemma3(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_llama4(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_qwen(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_eagle3(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_ov15(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_phi3(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_gemma4(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_mimo(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_laguna(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_glm_dsa(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_step3_text(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_hunyuan(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_afmoe(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
enum kvp_status hf_fam_mllama(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_muse_glimmer(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found);
enum kvp_status hf_fam_smollm3(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_cohere2_moe(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found);
enum kvp_status hf_fam_onyx(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_exaone_moe(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_grok(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_plamo3(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_mellum(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_plm(struct cfg *c, struct kvp_model *m,
                           struct lay *L, bool *found);
enum kvp_status hf_fam_nanbeige(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found);
enum kvp_status hf_fam_plamo(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
enum kvp_status hf_fam_codeshell(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);
enum kvp_status hf_fam_granite_swa(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found);
enum kvp_status hf_fam_sarvam_mla(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_text_typed(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_sarvam_moe(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_openpangu(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);
enum kvp_status hf_fam_param2moe(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);
enum kvp_status hf_fam_iquestcoder(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found);
enum kvp_status hf_fam_bailing(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_step1(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);

/* hf_loops.c: looped families (Ouro, IQuest-Coder-Loop): the row's
 * layout check, and the passes' cache layers after hf_layers */
enum kvp_status hf_fam_loop(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_loops(struct cfg *c, struct kvp_model *m, struct lay *L);
enum kvp_status hf_fam_hrm(struct cfg *c, struct kvp_model *m,
                           struct lay *L, bool *found);

/* hf_fam_wnote.c (issue 35t): a family's weights note (what the count
 * leaves out); Doge's is_moe */
enum kvp_status hf_fam_wnote(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
enum kvp_status hf_fam_doge(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_qwen_noted(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
/* Kimi-Audio's audio-branch layers (hf_fam_attn.c) */
enum kvp_status hf_fam_kimi_audio(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
enum kvp_status hf_fam_neox_japanese(struct cfg *c, struct kvp_model *m,
                                     struct lay *L, bool *found);
/* hf_attr_map.c: the name a family's class saves a size under (its
 * attribute_map), or NULL */
const char *hf_attr_alias(const char *model_type, const char *key);
enum kvp_status hf_fam_gpt_neo(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);

/* ---- hf_fam_hybrid.c (hybrid families' layouts; rows of hf_family.c point here) ---- */
enum kvp_status hf_fam_kimi_linear(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found);
enum kvp_status hf_fam_nemotron_h(struct cfg *c, struct kvp_model *m,
                                  struct lay *L, bool *found);
/* hf_fam_indices.c: the attention layers listed by 0-based index under
 * key, every other layer recurrent (nothing when *found or key absent) */
enum kvp_status hf_kinds_at_indices(struct cfg *c, const char *key,
                                    struct kvp_model *m, struct lay *L,
                                    bool *found);
enum kvp_status hf_fam_bamba(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
/* hf_fam_quiet.c: a family's own neutral keys (a table with sources) */
enum kvp_status hf_fam_quiet(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
size_t hf_quiet_count(void);
/* Row i's source, its family and key through the pointers; NULL past
 * the end. */
const char *hf_quiet_source(size_t i, const char **model_type,
                            const char **key);
/* hf_fam_smallthinker.c: sliding_window_layout, llama.cpp's pattern */
enum kvp_status hf_fam_smallthinker(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found);
/* hf_fam_dots1.c: max_window_layers read without a sliding_window */
enum kvp_status hf_fam_dots1(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found);
enum kvp_status hf_fam_lfm2(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found);
enum kvp_status hf_fam_lfm2_moe(struct cfg *c, struct kvp_model *m,
                                struct lay *L, bool *found);
enum kvp_status hf_fam_recurrent(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);
enum kvp_status hf_fam_minimax(struct cfg *c, struct kvp_model *m,
                               struct lay *L, bool *found);
enum kvp_status hf_fam_falcon_h1(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);
enum kvp_status hf_fam_zamba2(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_plamo2(struct cfg *c, struct kvp_model *m,
                              struct lay *L, bool *found);
enum kvp_status hf_fam_bailing_linear(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found);
enum kvp_status hf_fam_granite_hybrid(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found);
enum kvp_status hf_fam_olmo_hybrid(struct cfg *c, struct kvp_model *m,
                                   struct lay *L, bool *found);
enum kvp_status hf_fam_bailing_hybrid(struct cfg *c, struct kvp_model *m,
                                      struct lay *L, bool *found);
/* hf_fam_jet.c: Jet-Nemotron's layer_types (attn, swa, jet) and the
 * JetBlock's state and parameters (the maker's code) */
enum kvp_status hf_fam_jet_nemotron(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found);
enum kvp_status hf_jet_state(struct cfg *c, struct kvp_model *m);

/* ---- hf_fam_sambay.c (Phi-4-mini-flash's SambaY / YOCO decoder) ---- */
enum kvp_status hf_fam_phi4flash(struct cfg *c, struct kvp_model *m,
                                 struct lay *L, bool *found);

/* ---- hf_fam_heads.c (issue 35h: head_dim and KV heads by family) ---- */
/* hidden_size / heads where the family's engine code ignores head_dim:
 * 1 *hd set, 0 not such a family, -1 refused (err set). */
int hf_head_dim_rule(struct cfg *c, const struct kvp_model *m, uint64_t *hd);
/* A family's own KV head switch (multi_query, multi_query_attention):
 * 1 m->base.kv_heads set, 0 not such a family, -1 refused. */
int hf_kv_heads_rule(struct cfg *c, struct kvp_model *m);
/* head_dim other than hidden_size / heads refused, naming `engine` */
enum kvp_status hf_head_dim_hidden(struct cfg *c, const struct kvp_model *m,
                                   const char *engine);

/* ---- hf_rope.c ---- */
/* arch.rope_positions from rope_scaling / rope_parameters */
enum kvp_status hf_rope(struct cfg *c, struct kvp_model *m);

/* ---- hf_tower.c ---- */
/* model.arch.tower_params from vision_config where a row knows the
 * tower's modules; a note either way. */
enum kvp_status hf_tower(struct cfg *c, struct kvp_model *m);

/* ---- hf_state.c ---- */
/* model.recur from the config's recurrent sizes (Mamba, Mamba2, gated
 * DeltaNet, KDA); `linear`: gated DeltaNet (linear_attention layers). */
enum kvp_status hf_recurrent(struct cfg *c, struct kvp_model *m, bool linear);
/* model.indexer (DSA). */
enum kvp_status hf_indexer(struct cfg *c, struct kvp_model *m);

/* ---- hf_weights.c ---- */
enum kvp_status hf_dtype(struct cfg *c, struct kvp_model *m,
                         enum kvp_dtype *dt);
enum kvp_status hf_quant(struct cfg *c, struct kvp_model *m);
/* hf_quant_mlx.c: the block mlx-lm writes (no quant_method; group_size
 * and bits numbers), read as MLX stores the weights or refused by key. */
bool hf_quant_is_mlx(const cJSON *q);
enum kvp_status hf_quant_mlx(struct cfg *c, const cJSON *q, const char *path,
                             struct kvp_model *m);
enum kvp_status hf_mlp(struct cfg *c, struct kvp_model *m);

#endif
