/*
 * tensor_group.h - which part of a model a stored tensor belongs to,
 * from its name in a GGUF file (llama.cpp's names: blk.N.attn_q.weight)
 * or a safetensors checkpoint (transformers' names:
 * model.layers.N.self_attn.q_proj.weight), and the sums of
 * struct kvp_tensors built from them.
 */
#ifndef KVPLAN_IO_TENSOR_GROUP_H
#define KVPLAN_IO_TENSOR_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "kvplan/model.h"
#include "kvplan/status.h"

enum kvp_tnaming { KVP_TN_GGUF, KVP_TN_HF };

struct kvp_tclass {
	enum kvp_tgroup group;
	int64_t layer;            /* decoder layer, -1 outside the layers */
};

/*
 * Classify name. n_layers: the decoder's layer count (layers numbered
 * n_layers and up are multi-token-prediction layers, as DeepSeek V3's
 * model.layers.61), 0 when unknown.
 */
void kvp_tensor_classify(const char *name, enum kvp_tnaming naming,
                         uint32_t n_layers, struct kvp_tclass *out);

/* Add one tensor of `bytes` stored bytes and `elements` values to *t,
 * checked; a layer index past KVP_MAX_LAYERS is refused naming it. */
enum kvp_status kvp_tensors_add(struct kvp_tensors *t, const char *file,
                                const char *name, enum kvp_tnaming naming,
                                uint32_t n_layers, uint64_t bytes,
                                uint64_t elements, struct kvp_error *err);

/* Sum of t->bytes[] (checked; false on overflow). */
bool kvp_tensors_total(const struct kvp_tensors *t, uint64_t *out);

#endif
