/*
 * lora.h - is a GGUF file one llama.cpp takes as --lora? As
 * src/llama-adapter.cpp llama_adapter_lora_init_impl checks it:
 * general.type must be "adapter" and adapter.type "lora" (a base model
 * given as an adapter would count its weights twice). The architecture
 * match against the model llama.cpp also checks is not made here: a
 * plan's model need not come from a GGUF.
 */
#ifndef KVPLAN_IO_LORA_H
#define KVPLAN_IO_LORA_H

#include "io/gguf/gguf.h"
#include "kvplan/status.h"

/* KVP_OK, or refused in llama.cpp's words naming the file (`name`). */
enum kvp_status kvp_lora_check(const struct kvp_gguf *g, const char *name,
                               struct kvp_error *err);

#endif
