/*
 * clip_buf.c - the compute buffer llama.cpp reserves for a --mmproj
 * vision encoder (called by host.c, stage 5b, after compute_buf.c). An
 * ESTIMATE, labelled so (res->parts.encoder_compute_kind and _source):
 * clip.cpp sizes the buffer by letting ggml-alloc pack the graph of one
 * warmup image, as compute_buf.c's buffers are sized for the decoder.
 *
 * Source read: ggml-org/llama.cpp tools/mtmd/clip.cpp @0024aa74
 * (load_hparams: the default warmup_image_size = image_size and each
 * projector's override; clip-model.h set_warmup_n_tokens: side = tokens
 * per side x patch_size x n_merge; warmup(): auto flash attention tries
 * the FA graph first; build_vit and build_attn: the FA path casts K and
 * V to f16 and never forms KQ, the other one forms KQ in f32 and lets
 * soft_max run in place). The warmup image is square, side W, so the
 * tower sees n = (W / patch)^2 positions, and the buffer is the largest
 * phase of one layer, with f32 activations (4 B a value):
 *
 *   mlp         n x (n_ff + 3 x n_embd) x 4     residual, normed input,
 *                                               the up projection, out
 *   attention   flash attention off only:
 *               n^2 x n_head x 4                KQ (soft_max in place)
 *             + n x 6 x n_embd x 4              residual, Q, K, V, V made
 *                                               contiguous, KQV
 *
 * The host keeps the graph's inputs: the image, W^2 x 3 x 4 B, and the
 * position ids of towers with rotary positions (pos_ids below, int32
 * each). Without a device, or under --no-mmproj-offload (mtmd's use_gpu
 * false: clip_ctx takes the CPU backend alone), the CPU backend computes
 * the whole graph, in one buffer of the largest phase.
 *
 * Only towers whose graph is that plain ViT and whose public startup
 * logs this reproduces are estimated (graph = true below; the cases are
 * in tests/data/logs/clip_buffers.tsv and tests/unit/test_clip_buf.c):
 * within KVP_LC_COMPUTE_TOL_PPM of llama.cpp's "alloc_compute_meta:
 * ... compute buffer size" lines. Other projectors (window attention,
 * deepstack mergers, pooling towers, audio encoders) are not estimated,
 * and the output says so. Pure: no allocation, no I/O.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/clip.h"

typedef unsigned __int128 u128;

enum warm {
	W_IMAGE,       /* hparams.image_size (clip.cpp's default) */
	W_TOKENS,      /* set_warmup_n_tokens(n x n): n x patch x merge */
	W_FIXED,       /* a fixed side of n pixels */
	W_MAX_PIXELS   /* sqrt(image_max_pixels), else n x patch x merge */
};

struct clip_rule {
	const char *projector;   /* clip.projector_type */
	enum warm how;
	uint32_t n;              /* tokens per side (W_TOKENS, W_MAX_PIXELS)
	                            or pixels (W_FIXED) */
	uint32_t merge;          /* n_merge when the file has none (the
	                            W_TOKENS and W_MAX_PIXELS rules) */
	uint32_t pos_ids;        /* int32 position ids per patch (host) */
	bool graph;              /* the estimate applies (see above) */
	const char *source;      /* clip.cpp @0024aa74 load_hparams, and the
	                            public logs the estimate reproduces */
};

static const struct clip_rule rules[] = {
	{ "gemma3", W_IMAGE, 0, 0, 0, true,
	  "image_size; logs of PR #16837 (FA off and on) and PR #22790" },
	{ "qwen3vl_merger", W_TOKENS, 46, 2, 4, true,
	  "set_warmup_n_tokens(46*46); logs of Qwen3.5-4B (PR #22673) and "
	  "Qwen3.6 (tests/data/logs/clip_buffers.tsv)" },
	{ "qwen2vl_merger", W_TOKENS, 46, 2, 4, false,
	  "set_warmup_n_tokens(46*46)" },
	{ "qwen2.5vl_merger", W_TOKENS, 46, 2, 4, false,
	  "set_warmup_n_tokens(46*46); window attention" },
	{ "glm4v", W_TOKENS, 46, 2, 0, false, "set_warmup_n_tokens(46*46)" },
	{ "dots_ocr", W_TOKENS, 46, 1, 0, false, "set_warmup_n_tokens(46*46)" },
	{ "pixtral", W_TOKENS, 16, 1, 0, false, "set_warmup_n_tokens(256)" },
	{ "lightonocr", W_TOKENS, 16, 1, 0, false, "set_warmup_n_tokens(256)" },
	{ "kimivl", W_TOKENS, 16, 1, 0, false, "set_warmup_n_tokens(256)" },
	{ "gemma4v", W_TOKENS, 16, 3, 0, false, "set_warmup_n_tokens(256)" },
	{ "phi4", W_TOKENS, 16, 1, 0, false, "set_warmup_n_tokens(16*16)" },
	{ "youtuvl", W_TOKENS, 16, 2, 0, false, "set_warmup_n_tokens(16*16)" },
	{ "paddleocr", W_TOKENS, 28, 2, 0, false, "set_warmup_n_tokens(28*28)" },
	{ "hunyuanocr", W_TOKENS, 28, 2, 0, false, "set_warmup_n_tokens(28*28)" },
	{ "hunyuanvl", W_TOKENS, 32, 2, 0, false, "set_warmup_n_tokens(32*32)" },
	{ "lfm2", W_TOKENS, 16, 1, 0, false,
	  "set_limit_image_tokens(64, 256): sqrt(256 patch areas)" },
	{ "kimik25", W_MAX_PIXELS, 64, 1, 0, false,
	  "sqrt(image_max_pixels), else set_limit_image_tokens(2, 4096)" },
	{ "deepseekocr", W_FIXED, 1024, 0, 0, false, "warmup_image_size = 1024" },
	{ "mlp", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "mlp_norm", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "ldp", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "ldpv2", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "resampler", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "adapter", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "idefics3", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "internvl", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "llama4", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "cogvlm", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "janus_pro", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "step3vl", W_IMAGE, 0, 0, 0, false, "image_size" },
	{ "gemma3nv", W_IMAGE, 0, 0, 0, false, "image_size" },
};

static const struct clip_rule *rule_of(const char *projector)
{
	size_t i;

	for (i = 0; projector && i < sizeof rules / sizeof rules[0]; i++)
		if (!strcmp(rules[i].projector, projector))
			return &rules[i];
	return NULL;
}

/* floor(sqrt(v)), as clip.cpp's static_cast<int>(std::sqrt(...)). */
static uint32_t isqrt(uint64_t v)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint32_t)r;
}

uint32_t kvp_clip_warmup_side(const struct kvp_clip_hparams *h)
{
	const struct clip_rule *r = rule_of(h->projector);
	uint64_t merge, side = 0;

	if (!r)
		return 0;
	merge = h->n_merge ? h->n_merge : r->merge;
	switch (r->how) {
	case W_IMAGE:
		side = h->image_size;
		break;
	case W_FIXED:
		side = r->n;
		break;
	case W_MAX_PIXELS:
		if (h->image_max_pixels) {
			side = isqrt(h->image_max_pixels);
			break;
		}
		/* set_limit_image_tokens(2, 4096) */
		/* fall through */
	case W_TOKENS:
		side = (uint64_t)r->n * h->patch_size * merge;
		break;
	}
	return side > KVP_CLIP_SIDE_MAX ? 0 : (uint32_t)side;
}

/* No estimate: the figures stay 0 and are not an estimate of anything
 * (kind NONE), so no output prices them and reconcile compares no line
 * against them; the source says why. */
static void not_estimated(struct kvp_parts_result *pr, const char *why,
                          const char *projector)
{
	pr->encoder_compute_kind = KVP_FIG_NONE;
	pr->encoder_compute_tol_ppm = 0;
	snprintf(pr->encoder_compute_source, sizeof pr->encoder_compute_source,
	         "not estimated: %s%s%s", projector ? projector : "",
	         projector ? " - " : "", why);
}

static enum kvp_status put(struct kvp_result *res, u128 v, uint64_t *out)
{
	if (v > UINT64_MAX)
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"engine.llamacpp.mmproj_warmup: the encoder's compute "
			"buffer estimate overflows 64 bits");
	*out = (uint64_t)v;
	return KVP_OK;
}

enum kvp_status kvp_llamacpp_clip_buf(const struct kvp_plan *p,
                                      struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_parts_result *pr = &res->parts;
	const struct clip_rule *r;
	u128 n, w, E, F, mlp, attn, dev, host;
	enum kvp_status st;

	if (!o->mmproj_bytes)
		return KVP_OK;
	r = rule_of(o->mmproj_projector);
	if (!o->mmproj_projector[0]) {
		not_estimated(pr, "needs the vision tower's shape "
		              "(engine.llamacpp.mmproj_*, which --mmproj FILE "
		              "reads)", NULL);
		return KVP_OK;
	}
	if (!r || !r->graph) {
		not_estimated(pr, "its graph is not modelled (gemma3 and "
		              "qwen3vl_merger are)", o->mmproj_projector);
		return KVP_OK;
	}
	if (o->mmproj_deepstack) {
		not_estimated(pr, "deepstack layers are not modelled "
		              "(engine.llamacpp.mmproj_deepstack)",
		              o->mmproj_projector);
		return KVP_OK;
	}
	if (!o->mmproj_warmup || !o->mmproj_patch || !o->mmproj_embd ||
	    !o->mmproj_heads || !o->mmproj_ff) {
		not_estimated(pr, "needs engine.llamacpp.mmproj_warmup, _patch, "
		              "_embd, _heads and _ff", o->mmproj_projector);
		return KVP_OK;
	}
	w = o->mmproj_warmup;
	n = (w / o->mmproj_patch) * (w / o->mmproj_patch);
	E = o->mmproj_embd;
	F = o->mmproj_ff;
	mlp = n * (F + 3 * E) * 4;
	attn = o->flash_attn == KVP_OFF   /* auto tries FA first */
	       ? n * n * o->mmproj_heads * 4 + n * 6 * E * 4 : 0;
	dev = mlp > attn ? mlp : attn;
	host = w * w * 3 * 4 + n * r->pos_ids * 4;
	if (res->n_devices == 0 || pr->encoder_on_host)
		host = dev, dev = 0;   /* the CPU backend computes it all */
	if ((st = put(res, dev, &pr->encoder_compute_bytes)) != KVP_OK ||
	    (st = put(res, host, &pr->encoder_compute_host_bytes)) != KVP_OK)
		return st;
	pr->encoder_positions = (uint64_t)n;
	pr->encoder_compute_kind = KVP_FIG_ESTIMATE;
	pr->encoder_compute_tol_ppm = KVP_LC_COMPUTE_TOL_PPM;
	snprintf(pr->encoder_compute_source, sizeof pr->encoder_compute_source,
	         "estimate: clip.cpp warmup graph, %ux%u image, flash "
	         "attention %s (man kvplan, COMPUTE BUFFERS)",
	         o->mmproj_warmup, o->mmproj_warmup,
	         o->flash_attn == KVP_OFF ? "off" : "on");
	if (res->n_devices && dev) {
		/* the encoder's part of device 0 (parts.c put its tensors
		 * there): in used and free_bytes */
		struct kvp_device_result *d = &res->devices[0];

		if (pr->encoder_compute_bytes > INT64_MAX ||
		    !kvp_add(d->encoder_bytes, pr->encoder_compute_bytes,
		             &d->encoder_bytes) ||
		    !kvp_add_i64(d->free_bytes,
		                 -(int64_t)pr->encoder_compute_bytes,
		                 &d->free_bytes))
			return kvp_error_set(&res->error, KVP_EOVERFLOW,
				"engine.llamacpp.mmproj_warmup: device 0's "
				"budget overflows 64 bits with the encoder's "
				"compute buffer");
		d->fits = d->free_bytes >= 0;
		if (!d->fits)
			res->fits = false;
	}
	return KVP_OK;
}
