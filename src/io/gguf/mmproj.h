/*
 * mmproj.h - a llama.cpp --mmproj file's part of the plan: its tensor
 * bytes (engine.llamacpp.mmproj_bytes, exact) and the vision tower's
 * shape and warmup image side the encoder's compute buffer estimate
 * needs (engine.llamacpp.mmproj_*; src/core/engines/llamacpp/clip_buf.c).
 */
#ifndef KVPLAN_IO_MMPROJ_H
#define KVPLAN_IO_MMPROJ_H

#include "io/gguf/gguf.h"
#include "kvplan/engine.h"

/* No encoder: every mmproj field of o 0 (the offload setting kept). */
void kvp_mmproj_clear(struct kvp_llamacpp_opts *o);

/* Fill o's mmproj fields from the read file g (named `name` in
 * messages). Keys that are absent leave their field 0 (the estimate then
 * says what it needs); a key of the wrong type or out of range is
 * refused in one line naming the file and the key, and nothing of o is
 * written. */
enum kvp_status kvp_mmproj_apply(const struct kvp_gguf *g, const char *name,
                                 struct kvp_llamacpp_opts *o,
                                 struct kvp_error *err);

#endif
