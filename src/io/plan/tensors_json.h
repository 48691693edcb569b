/*
 * tensors_json.h - model.tensors (the exact weight bytes read from the
 * model files) in plan, preset and record JSON:
 *   "tensors": {"source": "gguf" | "safetensors", "files": 3,
 *               "count": 724, "params": N,
 *               "bytes": {"embeddings": N, "attention": N, "mlp": N,
 *                         "norms": N, "lm_head": N, "towers": N,
 *                         "mtp": N, "other": N},
 *               "layer_other": N, "layers": [N, ...],
 *               "layer_norms": [N, ...]}
 * Absent when the weights are estimated. Loaded strictly: every byte
 * figure an integer, "layers" at most KVP_MAX_LAYERS entries whose sum
 * is attention + mlp + layer_other, "layer_norms" summing to at most
 * norms (a plan shared by others is checked, not trusted).
 */
#ifndef KVPLAN_IO_TENSORS_JSON_H
#define KVPLAN_IO_TENSORS_JSON_H

#include <cjson/cJSON.h>

#include "kvplan/model.h"
#include "kvplan/status.h"

/* A new object, or NULL when t->source is KVP_WSRC_ESTIMATE (or out of
 * memory: *oom set). */
cJSON *kvp_tensors_json(const struct kvp_tensors *t, bool *oom);

/* v into *t; messages "FILE: PATH.key: value - why". */
enum kvp_status kvp_tensors_from_json(const cJSON *v, const char *file,
                                      const char *path, struct kvp_tensors *t,
                                      struct kvp_error *err);

#endif
