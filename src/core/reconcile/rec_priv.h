/*
 * rec_priv.h - what the files of src/core/reconcile share (internal to
 * the folder): the context of one reconciliation (struct rec_ctx), the
 * rows' primitives and the figures summed from the result (rec_row.c),
 * the rows built from several observations (rec_totals.c) and the rule
 * tables, one rule per figure (rec_bytes.c, rec_counts.c).
 */
#ifndef KVPLAN_CORE_REC_PRIV_H
#define KVPLAN_CORE_REC_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "kvplan/checked.h"
#include "kvplan/reconcile.h"

/* The figures of one observation, computed by kvplan (see the classes in
 * reconcile.h). c holds what every row shares. */
struct rec_ctx {
	const struct kvp_plan *plan;
	const struct kvp_result *res;     /* NULL: no model */
	const struct kvp_observation *obs;
	size_t n;
	enum kvp_engine_kind engine;
	const struct kvp_rec_opts *ro;
	const struct kvp_observation *o_budget, *o_blocks, *o_tokens;
	uint64_t bsize, page, max_model_len, n_swa_layers;
	uint32_t tp;
	bool llama, vllm;    /* the engine is llama.cpp, vLLM */
	bool own;            /* kvplan's budget figures are compared */
};

/* The rule that computes kvplan's side of one kind of row (a table of
 * them per file: rec_bytes.c, rec_counts.c). */
typedef enum kvp_status (*kvp_rec_rule)(const struct rec_ctx *c,
                                        const struct kvp_observation *o,
                                        struct kvp_rec_row *r,
                                        struct kvp_error *err);

/* What a rule needs before it computes anything (kvp_rec_rule_row.need):
 * without it the row keeps its class and stays uncomputed. */
#define KVP_REC_NEED_MODEL 1u   /* c->res: a model to compute from */
#define KVP_REC_NEED_LLAMA 2u   /* the engine is llama.cpp */
#define KVP_REC_NEED_VLLM  4u   /* the engine is vLLM */

/* One kind of row: its rule, the class the row takes before the rule
 * runs (KVP_REC_ARITHMETIC: as kvp_rec_row_new made it) and what the
 * rule needs (KVP_REC_NEED_*), checked by reconcile.c before the call. */
struct kvp_rec_rule_row {
	kvp_rec_rule rule;
	enum kvp_rec_class cls;
	unsigned need;
};

/* The rule of each kind of row, by the observation's kind: the byte
 * figures' (rec_bytes.c) and the counts' (rec_counts.c); a kind without
 * one (rule NULL) leaves its row untested. */
extern const struct kvp_rec_rule_row kvp_rec_byte_rules[KVP_OBS_KIND_COUNT];
extern const struct kvp_rec_rule_row kvp_rec_count_rules[KVP_OBS_KIND_COUNT];

/* Largest padding ggml adds to one buffer of `tensors` tensors: each
 * tensor's size is rounded up to the buffer type's alignment
 * (ggml-alloc.c, ggml_backend_alloc_ctx_tensors_from_buft: GGML_PAD(
 * alloc size, alignment)); alignments are 32 (CPU), 128 (CUDA) and at
 * most 256 (Vulkan's minStorageBufferOffsetAlignment), so each adds at
 * most 255 bytes. */
#define GGML_MAX_PAD 255u

/* The "figure" label of observation o's row (rec_names.c). */
void kvp_rec_row_label(const struct kvp_observation *o, char *label,
                       size_t n);

/* ---- figures from the result (rec_row.c) ---- */
/* Layer l counts in scope s (all, full, swa): a layer holding KV; and
 * the sum over the layers of a scope: what = 0 bytes, 1 K bytes, 2 V
 * bytes, 3 layers holding cache, 4 their tensors (K, and V where kept). Inline: each rule's call is specialized
 * by its `what` (log.reconcile runs them per row). */
static inline bool kvp_rec_in_scope(const struct kvp_layer_result *l,
                                    enum kvp_obs_scope s)
{
	bool swa = l->spec.kind == KVP_LAYER_SLIDING ||
	           l->spec.kind == KVP_LAYER_CHUNKED;

	if (l->spec.kind == KVP_LAYER_NONE || l->spec.kind == KVP_LAYER_SHARED)
		return false;
	return s == KVP_SCOPE_ALL || (s == KVP_SCOPE_SWA) == swa;
}

/* Record l's part of the sum, for `layers` layers alike (1: a plain
 * walk, folded to the one-layer sums). */
static inline bool kvp_rec_scope_add(const struct kvp_layer_result *l,
                                     uint64_t layers, enum kvp_obs_scope s,
                                     int what, uint64_t *out)
{
	uint64_t x;

	if (!kvp_rec_in_scope(l, s) || !l->bytes)
		return true;
	if (what == 3 || what == 4)   /* layers; tensors: K, and V if kept */
		x = what == 4 && l->v_row_bytes ? 2 : 1;
	else
		x = what == 0 ? l->bytes : what == 1 ? l->k_row_bytes : l->v_row_bytes;
	if ((what == 1 || what == 2) && !kvp_mul(x, l->slots, &x))
		return false;
	return layers == 1 ? kvp_add(*out, x, out) : kvp_muladd(out, x, layers);
}

/* By record (issue 34): a type's record once for its layers while the
 * records are by type, else each layer's own in a plain walk (a sum of
 * terms none negative overflows the same either way). */
static inline bool kvp_rec_scope_sum(const struct kvp_result *r,
                                     enum kvp_obs_scope s, int what,
                                     uint64_t *out)
{
	const struct kvp_layer_types *rt = &r->layer_types;
	uint64_t sum = 0;
	uint32_t i;
	bool ok = true;

	if (r->layers_by_type)
		for (i = 0; ok && i < rt->n; i++)
			ok = kvp_rec_scope_add(&r->layer_recs[rt->first[i]],
			                       rt->count[i], s, what, &sum);
	else
		for (i = 0; ok && i < r->n_layers; i++)
			ok = kvp_rec_scope_add(&r->layer_recs[i], 1, s, what, &sum);
	*out = sum;
	return ok;
}

/* K (which 1), V (2) or K+V (3) bytes per token on one TP rank. */
enum kvp_status kvp_rec_per_token_rank(const struct kvp_plan *p,
                                       const struct kvp_result *r, uint32_t tp,
                                       enum kvp_obs_scope scope, int which,
                                       uint64_t *out, struct kvp_error *err);
/* Tensors of one cache scope; recurrent layers holding state. */
uint64_t kvp_rec_scope_tensors(const struct kvp_result *r, enum kvp_obs_scope s);
uint64_t kvp_rec_state_layers(const struct kvp_result *r);

/* ---- rows (rec_row.c) ---- */
/* A new row of the table, NULL (counted in n_dropped) when it is full. */
struct kvp_rec_row *kvp_rec_row_new(struct kvp_reconcile *out,
                                    const char *figure, enum kvp_rec_class c,
                                    bool is_bytes);
void kvp_rec_computed(struct kvp_rec_row *r, uint64_t v, const char *basis);
void kvp_rec_observed(struct kvp_rec_row *r, uint64_t v, uint64_t tol,
                      uint32_t line);
/* Difference, percentage and match once both sides are set. */
void kvp_rec_settle(struct kvp_rec_row *r, struct kvp_reconcile *out);
/* The first observation of kind k in scope s on device dev ("" any);
 * how many of kind k in scope s. */
const struct kvp_observation *kvp_rec_find_scoped(
	const struct kvp_observation *obs, size_t n, enum kvp_engine_kind e,
	enum kvp_obs_kind k, enum kvp_obs_scope s, const char *dev);
size_t kvp_rec_count_kind(const struct kvp_observation *obs, size_t n,
                          enum kvp_engine_kind e, enum kvp_obs_kind k,
                          enum kvp_obs_scope s);
/* "reconcile: WHAT overflows 64 bits" */
enum kvp_status kvp_rec_overflow(struct kvp_error *err, const char *what);

/* ---- rows from several observations (rec_totals.c) ---- */
void kvp_rec_llama_k_plus_v(const struct kvp_observation *obs, size_t n,
                            struct kvp_reconcile *out);
void kvp_rec_vllm_v0_profile(const struct kvp_observation *obs, size_t n,
                             const struct kvp_observation *o_budget,
                             struct kvp_reconcile *out);
enum kvp_status kvp_rec_llama_totals(const struct kvp_result *res,
                                     const struct kvp_observation *obs,
                                     size_t n, uint64_t kv_sum, uint64_t kv_tol,
                                     unsigned n_kv_obs,
                                     struct kvp_reconcile *out,
                                     struct kvp_error *err);

#endif
