/*
 * layer_table.h - a per-layer table of attention specs written back as a
 * model's uniform fields (the most common layer) plus override rules
 * over arithmetic layer ranges ("0-22/2"), the inverse of
 * kvp_layers_resolve. Used by the GGUF importer, whose files state
 * per-layer arrays.
 */
#ifndef KVPLAN_IO_LAYER_TABLE_H
#define KVPLAN_IO_LAYER_TABLE_H

#include "kvplan/model.h"
#include "kvplan/status.h"

/* L[0 .. m->n_layers-1] into m->base and m->rules (formats included).
 * KVP_ERANGE naming `name` when more than KVP_MAX_RULES rules would be
 * needed. */
enum kvp_status kvp_layer_table_to_rules(struct kvp_model *m,
                                         const struct kvp_layer_spec *L,
                                         const char *name,
                                         struct kvp_error *err);

#endif
