/*
 * hf_tower.c - the encoder tower's parameters from a config.json's
 * vision_config (issue 14: "weights of vision_config / audio_config
 * towers and projectors"), into model.arch.tower_params, which
 * core/weights.c counts at 16 bits and leaves out of the parameters a
 * decode step reads. One row per tower model_type, with the module list
 * its model code builds; a tower without a row is not counted and says
 * so in a note (the weight figure is then the text decoder's).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf_cfg.h"

struct tower_dims {
	uint64_t depth, hidden, inter, in_ch, patch, tpatch, merge, out,
	         npos, ndeep;
};

/* Qwen3-VL's vision model as transformers builds it (modeling_qwen3_vl.py
 * @00709b86, Qwen3VLVisionModel.__init__; the same modules in vLLM's and
 * SGLang's qwen3_vl.py): patch_embed Conv3d(in_channels, hidden, kernel
 * (temporal_patch_size, patch, patch), bias); pos_embed
 * Embedding(num_position_embeddings, hidden); depth blocks of norm1 and
 * norm2 LayerNorm(hidden) with biases, attn.qkv Linear(hidden, 3 hidden,
 * bias), attn.proj Linear(hidden, hidden, bias), mlp.linear_fc1
 * Linear(hidden, intermediate, bias), linear_fc2 Linear(intermediate,
 * hidden, bias); merger PatchMerger (m = hidden x spatial_merge_size^2):
 * norm LayerNorm(hidden), linear_fc1 Linear(m, m), linear_fc2 Linear(m,
 * out_hidden_size); one more PatchMerger with norm LayerNorm(m)
 * (use_postshuffle_norm) per deepstack_visual_indexes entry. The rotary
 * table is a non-persistent buffer, not a parameter. */
static bool qwen3_vl_params(const struct tower_dims *d, uint64_t *out)
{
	uint64_t h = d->hidden, blk = 0, m, kern, merger = 0, t = 0, x;

	/* one block: norm1, norm2, qkv, proj, fc1, fc2 (weights + biases) */
	if (!kvp_muladd(&blk, 4, h) ||
	    !kvp_muladd(&blk, h, 3 * h) || !kvp_muladd(&blk, 3, h) ||
	    !kvp_muladd(&blk, h, h) || !kvp_add(blk, h, &blk) ||
	    !kvp_muladd(&blk, h, d->inter) || !kvp_add(blk, d->inter, &blk) ||
	    !kvp_muladd(&blk, d->inter, h) || !kvp_add(blk, h, &blk))
		return false;
	/* a merger's two linears (weights + biases), m = h x merge^2 */
	if (!kvp_mul(d->merge, d->merge, &m) || !kvp_mul(h, m, &m) ||
	    !kvp_muladd(&merger, m, m) || !kvp_add(merger, m, &merger) ||
	    !kvp_muladd(&merger, m, d->out) || !kvp_add(merger, d->out, &merger))
		return false;
	if (!kvp_mul(d->in_ch, d->tpatch, &kern) || !kvp_mul(kern, d->patch, &kern) ||
	    !kvp_mul(kern, d->patch, &kern))
		return false;
	return kvp_muladd(&t, blk, d->depth) &&
	       kvp_muladd(&t, h, kern) && kvp_add(t, h, &t) &&      /* patch_embed */
	       kvp_muladd(&t, d->npos, h) &&                        /* pos_embed */
	       kvp_add(merger, 2 * h, &x) && kvp_add(t, x, &t) &&   /* merger */
	       kvp_mul(2, m, &x) && kvp_add(merger, x, &x) &&       /* deepstack */
	       kvp_muladd(&t, x, d->ndeep) &&
	       (*out = t, true);
}

static const struct tower_rule {
	const char *model_type;    /* vision_config.model_type */
	bool (*params)(const struct tower_dims *d, uint64_t *out);
	const char *source;
} rules[] = {
	{ "qwen3_vl", qwen3_vl_params,
	  "transformers modeling_qwen3_vl.py Qwen3VLVisionModel" },
	{ "qwen3_vl_moe", qwen3_vl_params,
	  "transformers modular_qwen3_vl_moe.py: Qwen3VLMoeVisionModel(Qwen3VLVisionModel)" },
};

static const struct tower_rule *find_rule(const char *mt)
{
	size_t i;

	for (i = 0; mt && i < sizeof rules / sizeof rules[0]; i++)
		if (!strcmp(rules[i].model_type, mt))
			return &rules[i];
	return NULL;
}

static int dims(struct cfg *c, const cJSON *v, struct tower_dims *d)
{
	static const struct { const char *key; size_t off; uint64_t min; } k[] = {
		{ "depth", offsetof(struct tower_dims, depth), 1 },
		{ "hidden_size", offsetof(struct tower_dims, hidden), 1 },
		{ "intermediate_size", offsetof(struct tower_dims, inter), 1 },
		{ "in_channels", offsetof(struct tower_dims, in_ch), 1 },
		{ "patch_size", offsetof(struct tower_dims, patch), 1 },
		{ "temporal_patch_size", offsetof(struct tower_dims, tpatch), 1 },
		{ "spatial_merge_size", offsetof(struct tower_dims, merge), 1 },
		{ "out_hidden_size", offsetof(struct tower_dims, out), 1 },
		{ "num_position_embeddings", offsetof(struct tower_dims, npos), 0 },
	};
	const cJSON *ix = cJSON_GetObjectItemCaseSensitive(v, "deepstack_visual_indexes");
	size_t i;

	for (i = 0; i < sizeof k / sizeof k[0]; i++) {
		uint64_t *dst = (uint64_t *)((char *)d + k[i].off);
		int r = hf_member_uint(c, v, "vision_config", k[i].key, k[i].min,
		                       DIM_MAX, dst);

		if (r < 0)
			return -1;
		if (r == 0) {
			char path[64];

			snprintf(path, sizeof path, "vision_config.%s", k[i].key);
			hf_bad(c, path, NULL, "absent - the tower's parameters "
			       "need it");
			return -1;
		}
	}
	if (ix && !cJSON_IsNull(ix) && !cJSON_IsArray(ix)) {
		hf_bad(c, "vision_config.deepstack_visual_indexes", ix,
		       "must be a list");
		return -1;
	}
	d->ndeep = ix && cJSON_IsArray(ix) ? (uint64_t)cJSON_GetArraySize(ix) : 0;
	return 0;
}

enum kvp_status hf_tower(struct cfg *c, struct kvp_model *m)
{
	static const char *const keys[] = { "vision_config", "audio_config" };
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(c->root, keys[i]);
		const cJSON *mt;
		const struct tower_rule *r;
		struct tower_dims d;
		uint64_t n;

		if (!t || cJSON_IsNull(t))
			continue;
		mt = cJSON_IsObject(t) ?
		     cJSON_GetObjectItemCaseSensitive(t, "model_type") : NULL;
		r = i == 0 && cJSON_IsString(mt) ? find_rule(mt->valuestring) : NULL;
		if (!r) {
			hf_note(c, "%s: the %s tower is not in a config's weight "
			        "estimate (the text decoder's); the tensors count it "
			        "(--model on a safetensors folder, llama.cpp --mmproj)",
			        keys[i], i == 0 ? "vision" : "audio");
			continue;
		}
		memset(&d, 0, sizeof d);
		if (dims(c, t, &d) < 0)
			return c->err->status;
		if (!r->params(&d, &n) ||
		    !kvp_add(m->arch.tower_params, n, &m->arch.tower_params))
			return hf_bad(c, keys[i], t, "the tower's parameter count "
			              "overflows 64 bits");
		hf_note(c, "%s: %s tower counted, %llu parameters at 16 bits (%s)",
		        keys[i], mt->valuestring, (unsigned long long)n, r->source);
	}
	return KVP_OK;
}
