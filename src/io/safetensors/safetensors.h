/*
 * safetensors.h - a bounds-checked reader of a .safetensors file's
 * header, never its tensor data.
 *
 * Format (huggingface/safetensors README, "Format"): u64 little-endian
 * N, then N bytes of JSON {"NAME": {"dtype": "F16", "shape": [..],
 * "data_offsets": [BEGIN, END]}, ..., "__metadata__": {...}}, then the
 * data; offsets are relative to the byte after the header. N is at most
 * 100,000,000 (the format's own limit).
 *
 * Refused with one line naming the file and the tensor: a header longer
 * than the file, malformed JSON, an unknown dtype, a negative or
 * non-integer dimension, a product that overflows, data offsets that do
 * not match dtype x shape, overlap or leave gaps (the format puts the
 * tensors back to back from 0) or lie past the end of the file.
 */
#ifndef KVPLAN_IO_SAFETENSORS_H
#define KVPLAN_IO_SAFETENSORS_H

#include <stddef.h>
#include <stdint.h>

#include "kvplan/status.h"

#define KVP_ST_HEADER_MAX 100000000ull

/* Called once per tensor with its exact stored bytes and element count. */
typedef enum kvp_status (*kvp_st_tensor_fn)(void *ctx, const char *name,
                                            const char *dtype,
                                            uint64_t bytes, uint64_t elements,
                                            struct kvp_error *err);

/* Bits per value of a safetensors dtype name, 0 when unknown. */
unsigned kvp_st_dtype_bits(const char *dtype);

enum kvp_status kvp_st_read_path(const char *path, kvp_st_tensor_fn fn,
                                 void *ctx, struct kvp_error *err);

/* A whole file image in memory (tests, fuzzing). */
enum kvp_status kvp_st_read_mem(const void *data, size_t len,
                                const char *name, kvp_st_tensor_fn fn,
                                void *ctx, struct kvp_error *err);

#endif
