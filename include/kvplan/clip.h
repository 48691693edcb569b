/*
 * clip.h - llama.cpp's multimodal encoder (tools/mtmd/clip.cpp): the side
 * of the square image its warmup graph is built for. The compute buffer
 * llama.cpp reserves for the encoder is that graph's, so the side decides
 * it (src/core/engines/llamacpp/clip_buf.c estimates the buffer).
 */
#ifndef KVPLAN_CLIP_H
#define KVPLAN_CLIP_H

#include <stdint.h>

#include "kvplan/status.h"

/* What a projector's rule reads from the mmproj GGUF. */
struct kvp_clip_hparams {
	const char *projector;      /* clip.projector_type (or
	                               clip.vision.projector_type) */
	uint32_t image_size;        /* clip.vision.image_size */
	uint32_t patch_size;        /* clip.vision.patch_size */
	uint32_t n_merge;           /* clip.vision.spatial_merge_size or
	                               clip.vision.projector.scale_factor;
	                               0 = not in the file */
	uint32_t image_max_pixels;  /* clip.vision.image_max_pixels, 0 = not
	                               in the file */
};

/* The largest side kvplan takes (engine.llamacpp.mmproj_warmup's range). */
#define KVP_CLIP_SIDE_MAX (1u << 20)

/* The warmup image's side in pixels, by the projector's row of the table
 * in clip_buf.c; 0 when the projector has no row or the side would pass
 * KVP_CLIP_SIDE_MAX (the caller leaves the side unknown and says so). */
uint32_t kvp_clip_warmup_side(const struct kvp_clip_hparams *h);

#endif
