/*
 * gguf_split.h - the files of a split GGUF model, as llama.cpp's
 * gguf-split writes them: PREFIX-00001-of-00003.gguf ... (llama_split_path,
 * "%s-%05d-of-%05d.gguf"), each with split.no (0-based) and split.count.
 */
#ifndef KVPLAN_IO_GGUF_SPLIT_H
#define KVPLAN_IO_GGUF_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "io/gguf/gguf.h"
#include "kvplan/status.h"

struct kvp_gguf_split {
	char prefix[4096];        /* path without "-NNNNN-of-NNNNN.gguf", or
	                             the whole path when not split */
	uint32_t count;           /* files, 1 when not split */
};

/* The set path belongs to (any of its files may be named). */
enum kvp_status kvp_gguf_split_find(const char *path, struct kvp_gguf_split *sp,
                                    struct kvp_error *err);

/* The path of file s (0-based). */
void kvp_gguf_split_name(const struct kvp_gguf_split *sp, uint32_t s,
                         char *out, size_t n);

/* File s's split.no/split.count agree with the set (when present). */
enum kvp_status kvp_gguf_split_check(const struct kvp_gguf_split *sp,
                                     uint32_t s, const struct kvp_gguf *g,
                                     const char *file, struct kvp_error *err);

#endif
