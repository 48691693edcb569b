/*
 * override_tensor.h - llama.cpp's -ot / --override-tensor PATTERN=BUFFER
 * (front end: it matches regular expressions, which the core does not).
 *
 * engine.llamacpp.override_tensor holds the overrides as llama.cpp takes
 * them, items joined by ','; kvp_ot_resolve matches them against the
 * GGUF tensor names of the plan's model and writes the placement the
 * core reads: engine.llamacpp.ot_layer[i] (bits 0-1 the layer's weights,
 * bits 2-3 its routed experts: KVP_OT_CPU, KVP_OT_DEV or 0 = as -ngl and
 * --n-cpu-moe say) and ot_global (bits 0-1 token_embd, 2-3 output).
 * Call it once the model and the overrides are final (after the flags or
 * the plan file); it is idempotent. Errors name the flag and the item.
 */
#ifndef KVPLAN_IO_OVERRIDE_TENSOR_H
#define KVPLAN_IO_OVERRIDE_TENSOR_H

#include "kvplan/plan.h"
#include "kvplan/status.h"

enum kvp_status kvp_ot_resolve(struct kvp_plan *p, struct kvp_error *err);

/* Append one --override-tensor value (itself a comma list) to the plan's. */
enum kvp_status kvp_ot_append(struct kvp_plan *p, const char *value,
                              struct kvp_error *err);

#endif
