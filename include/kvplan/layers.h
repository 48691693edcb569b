/*
 * layers.h - layer ranges ("0-39", "5-47/6", "all"), override rules
 * ("5-47/6:kind=full,kv_heads=4") and their resolution into a per-layer
 * table. Pure: no allocation, no I/O.
 */
#ifndef KVPLAN_LAYERS_H
#define KVPLAN_LAYERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kvplan/model.h"
#include "kvplan/status.h"

/* Parse "all", "N", "A-B" or "A-B/S" into *out. */
enum kvp_status kvp_range_parse(const char *s, struct kvp_range *out,
                                struct kvp_error *err);
/* Format a range back to that text form. */
void kvp_range_format(const struct kvp_range *r, char *buf, size_t n);
bool kvp_range_contains(const struct kvp_range *r, uint32_t layer);

/*
 * Parse "RANGE:key=value[,key=value...]" with keys kind, kv_heads, k_dim,
 * v_dim, head_dim (both dims), k_dtype, v_dtype, dtype (both), window,
 * state_bytes, shared_with. The rule text is echoed in error messages.
 */
enum kvp_status kvp_rule_parse(const char *s, struct kvp_layer_rule *out,
                               struct kvp_error *err);
/* Inverse of kvp_rule_parse. */
void kvp_rule_format(const struct kvp_layer_rule *r, char *buf, size_t n);

/* Parse a layer kind: full, sliding, chunked, none, shared, mla, ffn (aliases
 * attention, swa, recurrent). */
enum kvp_status kvp_layer_kind_parse(const char *s, enum kvp_layer_kind *out,
                                     struct kvp_error *err);

/* Resolve model->base + rules into out[0 .. n_layers-1] and validate each
 * layer (messages name "model.layers[i].field"). */
enum kvp_status kvp_layers_resolve(const struct kvp_model *m,
                                   struct kvp_layer_spec *out,
                                   struct kvp_error *err);
/* The same, writing layer i's spec at (char *)out + i * stride, so the
 * table can live inside larger per-layer records (kvp_compute resolves
 * straight into res->layer_recs[i].spec). stride >= sizeof *out. */
enum kvp_status kvp_layers_resolve_strided(const struct kvp_model *m,
                                           struct kvp_layer_spec *out,
                                           size_t stride,
                                           struct kvp_error *err);
/* The same, also telling which layers came out alike (struct
 * kvp_layer_types in kvplan/model.h): a type is a rule signature, so
 * layers alike may still have different types; ty->n is 0 (unknown)
 * under model.kv_reuse_last, which rewrites layers one by one. Later
 * stages size a type once and multiply. Only the spec of each type's
 * first layer (ty->first[t]) is written, every spec when ty->n is 0:
 * kvp_layers_fill writes the others (issue 34: kvp_compute keeps one
 * record per type, result.h layers_by_type, and fills nothing). */
enum kvp_status kvp_layers_resolve_typed(const struct kvp_model *m,
                                         struct kvp_layer_spec *out,
                                         size_t stride,
                                         struct kvp_layer_types *ty,
                                         struct kvp_error *err);
/* Every layer's spec after kvp_layers_resolve_typed: layer i's is its
 * type's first layer's (nothing to do when ty->n is 0). */
void kvp_layers_fill(struct kvp_layer_spec *out, size_t stride,
                     uint32_t n_layers, const struct kvp_layer_types *ty);

/* A recurrent layer's state for `seqs` sequences split into its conv and
 * SSM parts from model.recur (both 0 when the state was given as bytes).
 * False on overflow. Resolution has checked the formats. */
bool kvp_recurrent_split(const struct kvp_model *m, uint64_t seqs,
                         uint64_t *conv, uint64_t *ssm);

/* Whether MLA layer i has its own DSA indexer (and key cache) under
 * the model's IndexCache schedule (model.indexer.topk_freq). */
bool kvp_indexer_on_layer(const struct kvp_indexer *ix, uint32_t i);

#endif
