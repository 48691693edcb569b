/*
 * mmproj.c - what a --mmproj GGUF says about its encoder, by the keys
 * llama.cpp's tools/mtmd/clip-impl.h names (clip.projector_type,
 * clip.vision.*, clip.has_audio_encoder; @0024aa74). A file with an
 * audio encoder names its audio projector, whose compute buffer kvplan
 * does not estimate, so the estimate says so instead of leaving the audio
 * graph out. The warmup side comes from the projector's rule
 * (kvp_clip_warmup_side, src/core/engines/llamacpp/clip_buf.c).
 */
#include <stdio.h>
#include <string.h>

#include "io/gguf/mmproj.h"
#include "kvplan/clip.h"
#include "kvplan/status.h"

struct mm {
	const struct kvp_gguf *g;
	const char *name;
	struct kvp_error *err;
};

/* An unsigned integer key in [0, hi]: 1 found, 0 absent, -1 refused. */
static int get_u32(struct mm *c, const char *k, uint32_t hi, uint32_t *out)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, k);

	if (!v)
		return 0;
	if (v->type == KVP_GGUF_STRING || v->type == KVP_GGUF_ARRAY ||
	    v->type == KVP_GGUF_F32 || v->type == KVP_GGUF_F64 ||
	    v->type == KVP_GGUF_BOOL) {
		kvp_error_set(c->err, KVP_EINVAL, "%s: %s: expected an integer",
		              c->name, k);
		return -1;
	}
	if (v->is_signed && v->i < 0) {
		kvp_error_set(c->err, KVP_ERANGE, "%s: %s: %lld - must be 0..%u",
		              c->name, k, (long long)v->i, hi);
		return -1;
	}
	if (v->u > hi) {   /* unsigned: printed unsigned (it said -1) */
		kvp_error_set(c->err, KVP_ERANGE, "%s: %s: %llu - must be 0..%u",
		              c->name, k, (unsigned long long)v->u, hi);
		return -1;
	}
	*out = (uint32_t)v->u;
	return 1;
}

static bool get_bool(struct mm *c, const char *k)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, k);

	return v && v->type == KVP_GGUF_BOOL && v->u;
}

static const char *get_str(struct mm *c, const char *k)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(c->g, k);

	return v && v->type == KVP_GGUF_STRING ? v->str : NULL;
}

/* Layers clip.vision.is_deepstack_layers marks true. */
static enum kvp_status deepstack(struct mm *c, uint32_t *out)
{
	const struct kvp_gguf_kv *v =
		kvp_gguf_find(c->g, "clip.vision.is_deepstack_layers");
	uint64_t i;

	*out = 0;
	if (!v)
		return KVP_OK;
	if (v->type != KVP_GGUF_ARRAY || !v->ivals)
		return kvp_error_set(c->err, KVP_EINVAL, "%s: clip.vision."
			"is_deepstack_layers: expected an array of bools",
			c->name);
	for (i = 0; i < v->n; i++)
		*out += v->ivals[i] != 0;
	return KVP_OK;
}

void kvp_mmproj_clear(struct kvp_llamacpp_opts *o)
{
	o->mmproj_bytes = 0;
	o->mmproj_projector[0] = '\0';
	o->mmproj_warmup = o->mmproj_patch = o->mmproj_embd = 0;
	o->mmproj_heads = o->mmproj_ff = o->mmproj_deepstack = 0;
}

/* The file's part of the plan into *o (kvp_mmproj_apply keeps it on
 * error). */
static enum kvp_status fill(struct mm *c, struct kvp_llamacpp_opts *o)
{
	struct kvp_clip_hparams h;
	const char *proj;
	uint32_t merge = 0, scale = 0;

	kvp_mmproj_clear(o);
	/* clip.cpp's loader makes a context per encoder its has_*_encoder
	 * bool names; with none, mtmd.cpp throws */
	if (!get_bool(c, "clip.has_vision_encoder") && !get_bool(c, "clip.has_audio_encoder"))
		return kvp_error_set(c->err, KVP_EREFUSED, "%s: Failed to load CLIP "
		       "model from %s (llama.cpp's mtmd.cpp: neither "
		       "clip.has_vision_encoder nor clip.has_audio_encoder is true, "
		       "so clip.cpp loads no encoder)", c->name, c->name);
	o->mmproj_bytes = c->g->tensor_bytes;
	if (get_bool(c, "clip.has_audio_encoder"))
		proj = get_str(c, "clip.audio.projector_type");
	else
		proj = get_str(c, "clip.vision.projector_type");
	if (!proj)
		proj = get_str(c, "clip.projector_type");
	if (!proj)
		return KVP_OK;   /* an older file: no shape, "not estimated" */
	snprintf(o->mmproj_projector, sizeof o->mmproj_projector, "%.31s", proj);
	if (get_bool(c, "clip.has_audio_encoder"))
		return KVP_OK;
	memset(&h, 0, sizeof h);
	h.projector = o->mmproj_projector;
	if (get_u32(c, "clip.vision.image_size", 1u << 20, &h.image_size) < 0 ||
	    get_u32(c, "clip.vision.patch_size", 1u << 16, &o->mmproj_patch) < 0 ||
	    get_u32(c, "clip.vision.embedding_length", 1u << 20, &o->mmproj_embd) < 0 ||
	    get_u32(c, "clip.vision.attention.head_count", 1u << 16, &o->mmproj_heads) < 0 ||
	    get_u32(c, "clip.vision.feed_forward_length", 1u << 24, &o->mmproj_ff) < 0 ||
	    get_u32(c, "clip.vision.spatial_merge_size", 1u << 8, &merge) < 0 ||
	    get_u32(c, "clip.vision.projector.scale_factor", 1u << 8, &scale) < 0 ||
	    get_u32(c, "clip.vision.image_max_pixels", UINT32_MAX, &h.image_max_pixels) < 0)
		return c->err->status;
	if (deepstack(c, &o->mmproj_deepstack) != KVP_OK)
		return c->err->status;
	h.patch_size = o->mmproj_patch;
	h.n_merge = merge ? merge : scale;
	o->mmproj_warmup = kvp_clip_warmup_side(&h);
	return KVP_OK;
}

enum kvp_status kvp_mmproj_apply(const struct kvp_gguf *g, const char *name,
                                 struct kvp_llamacpp_opts *o,
                                 struct kvp_error *err)
{
	struct mm c = { g, name, err };
	struct kvp_llamacpp_opts t = *o;   /* written to *o on success only */
	enum kvp_status st = fill(&c, &t);

	if (st == KVP_OK)
		*o = t;
	return st;
}
