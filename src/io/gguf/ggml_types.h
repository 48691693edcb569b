/*
 * ggml_types.h - the storage of every ggml tensor type a GGUF file may
 * hold: values per block and bytes per block, and the exact bytes of a
 * tensor of a given shape. The table (ggml_types.c) names its source.
 */
#ifndef KVPLAN_IO_GGML_TYPES_H
#define KVPLAN_IO_GGML_TYPES_H

#include <stdbool.h>
#include <stdint.h>

struct kvp_ggml_type {
	uint32_t id;          /* enum ggml_type value stored in the file */
	const char *name;     /* ggml's type_name ("q4_K") */
	uint32_t blck;        /* values per block */
	uint32_t size;        /* bytes per block */
};

/* The row of type id, or NULL for an id ggml does not (or no longer)
 * define. */
const struct kvp_ggml_type *kvp_ggml_type_of(uint32_t id);

/*
 * Bytes of a contiguous tensor of type t with ne[0..n_dims-1] values per
 * dimension, as ggml_nbytes: ne[0] / blck x size x ne[1] x ... (checked).
 * False when ne[0] is not a multiple of the block size (ggml refuses
 * such a tensor) or a product overflows 64 bits; *elements gets the
 * element count when not NULL.
 */
bool kvp_ggml_tensor_bytes(const struct kvp_ggml_type *t, uint32_t n_dims,
                           const uint64_t *ne, uint64_t *bytes,
                           uint64_t *elements);

#endif
