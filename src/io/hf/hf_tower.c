/*
 * hf_tower.c - the encoder tower's parameters from a config.json's
 * vision_config (issue 14: "weights of vision_config / audio_config
 * towers and projectors"), into model.arch.tower_params, which
 * core/weights/weights.c counts at 16 bits and leaves out of the parameters a
 * decode step reads. One row per (model_type, vision_config.model_type)
 * with the keys its configuration class reads (and their defaults, which
 * apply when a key is absent, as in transformers) and the module list
 * its model code builds; a tower without a row is not counted and says
 * so in a note (the weight figure is then the text decoder's).
 *
 * Adding a tower: its key table, a params function worked from the
 * model's __init__ modules, one row, and a hand-worked case in
 * tests/cli/model_files.sh.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

struct tower_dims {
	uint64_t depth, hidden, inter, in_ch, patch, tpatch, merge, out,
	         npos, ndeep, image, head;
	uint64_t heads, kv_heads, head_dim, standardize;
	uint64_t proj_bias;         /* mistral3: multimodal_projector_bias */
	uint64_t text_hidden;       /* the decoder's hidden_size */
	uint64_t proj_in, proj_out; /* llama4: projector_input/output_dim */
};

#define REQUIRED UINT64_MAX   /* a key with no default: absent, not counted */

/* K_LAYER: a layer index or a list of them (vision_feature_layer), read
 * as vLLM's get_layer_index does (negative: depth + 1 + index) and kept
 * as the number of layers the tower is built with, the deepest one */
enum key_kind { K_UINT, K_LEN, K_BOOL, K_LAYER };

struct tower_key {
	const char *key;
	size_t off;
	enum key_kind kind;
	uint64_t min, def;          /* def: the configuration class default */
};

#define D(f) offsetof(struct tower_dims, f)

/* Qwen3VLVisionConfig (transformers configuration_qwen3_vl.py @00709b86)
 * and its defaults; deepstack_visual_indexes=[8, 16, 24] */
static const struct tower_key qwen3_vl_keys[] = {
	{ "depth", D(depth), K_UINT, 1, 27 },
	{ "hidden_size", D(hidden), K_UINT, 1, 1152 },
	{ "intermediate_size", D(inter), K_UINT, 1, 4304 },
	{ "in_channels", D(in_ch), K_UINT, 1, 3 },
	{ "patch_size", D(patch), K_UINT, 1, 16 },
	{ "temporal_patch_size", D(tpatch), K_UINT, 1, 2 },
	{ "spatial_merge_size", D(merge), K_UINT, 1, 2 },
	{ "out_hidden_size", D(out), K_UINT, 1, 3584 },
	{ "num_position_embeddings", D(npos), K_UINT, 0, 2304 },
	{ "deepstack_visual_indexes", D(ndeep), K_LEN, 0, 3 },
	{ NULL, 0, K_UINT, 0, 0 }
};

/* SiglipVisionConfig (transformers configuration_siglip.py) defaults;
 * vision_use_head: SiglipVisionTransformer builds the pooling head
 * unless the config has the key false */
static const struct tower_key siglip_keys[] = {
	{ "num_hidden_layers", D(depth), K_UINT, 1, 12 },
	{ "hidden_size", D(hidden), K_UINT, 1, 768 },
	{ "intermediate_size", D(inter), K_UINT, 1, 3072 },
	{ "num_channels", D(in_ch), K_UINT, 1, 3 },
	{ "patch_size", D(patch), K_UINT, 1, 16 },
	{ "image_size", D(image), K_UINT, 1, 224 },
	{ "vision_use_head", D(head), K_BOOL, 0, 1 },
	{ NULL, 0, K_UINT, 0, 0 }
};

/* Gemma4VisionConfig keys (transformers configuration_gemma4.py): no
 * defaults taken, a key absent leaves the tower uncounted */
static const struct tower_key gemma4_keys[] = {
	{ "num_hidden_layers", D(depth), K_UINT, 1, REQUIRED },
	{ "hidden_size", D(hidden), K_UINT, 1, REQUIRED },
	{ "intermediate_size", D(inter), K_UINT, 1, REQUIRED },
	{ "num_attention_heads", D(heads), K_UINT, 1, REQUIRED },
	{ "num_key_value_heads", D(kv_heads), K_UINT, 1, REQUIRED },
	{ "head_dim", D(head_dim), K_UINT, 1, REQUIRED },
	{ "patch_size", D(patch), K_UINT, 1, REQUIRED },
	{ "position_embedding_size", D(npos), K_UINT, 0, REQUIRED },
	{ "standardize", D(standardize), K_BOOL, 0, REQUIRED },
	{ NULL, 0, K_UINT, 0, 0 }
};

/* PixtralVisionConfig (transformers configuration_pixtral.py) defaults */
static const struct tower_key pixtral_keys[] = {
	{ "num_hidden_layers", D(depth), K_UINT, 1, 24 },
	{ "hidden_size", D(hidden), K_UINT, 1, 1024 },
	{ "intermediate_size", D(inter), K_UINT, 1, 4096 },
	{ "num_channels", D(in_ch), K_UINT, 1, 3 },
	{ "patch_size", D(patch), K_UINT, 1, 16 },
	{ NULL, 0, K_UINT, 0, 0 }
};

/* Mistral3Config's own keys (top level, configuration_mistral3.py
 * defaults); vision_feature_layer is read by feature_layers() below */
static const struct tower_key mistral3_top_keys[] = {
	{ "spatial_merge_size", D(merge), K_UINT, 1, 2 },
	{ "multimodal_projector_bias", D(proj_bias), K_BOOL, 0, 0 },
	{ "vision_feature_layer", D(depth), K_LAYER, 0, 0 },
	{ NULL, 0, K_UINT, 0, 0 }
};

/* Llama4VisionConfig's keys that vLLM's mllama4.py reads for its
 * modules; no defaults taken (transformers' differ from the released
 * checkpoints'): a key absent leaves the tower uncounted.
 * multi_modal_projector_bias: False in the released configs */
static const struct tower_key llama4_keys[] = {
	{ "num_hidden_layers", D(depth), K_UINT, 1, REQUIRED },
	{ "hidden_size", D(hidden), K_UINT, 1, REQUIRED },
	{ "intermediate_size", D(inter), K_UINT, 1, REQUIRED },
	{ "num_channels", D(in_ch), K_UINT, 1, REQUIRED },
	{ "patch_size", D(patch), K_UINT, 1, REQUIRED },
	{ "image_size", D(image), K_UINT, 1, REQUIRED },
	{ "projector_input_dim", D(proj_in), K_UINT, 1, REQUIRED },
	{ "projector_output_dim", D(proj_out), K_UINT, 1, REQUIRED },
	{ "vision_output_dim", D(out), K_UINT, 1, REQUIRED },
	{ "multi_modal_projector_bias", D(proj_bias), K_BOOL, 0, REQUIRED },
	{ NULL, 0, K_UINT, 0, 0 }
};

#undef D

/* A pre-norm ViT block with biases everywhere: two LayerNorms, q, k, v
 * (fused or not, the same count) and the output projection, and a
 * two-matrix MLP. Qwen3-VL's Qwen3VLVisionBlock and SigLIP's
 * SiglipEncoderLayer both are one. */
static bool vit_block(uint64_t h, uint64_t inter, uint64_t *out)
{
	uint64_t b = 0;

	if (!kvp_muladd(&b, 4, h) ||                                 /* norms */
	    !kvp_muladd(&b, h, 4 * h) || !kvp_muladd(&b, 4, h) ||    /* q,k,v,o */
	    !kvp_muladd(&b, h, inter) || !kvp_add(b, inter, &b) ||   /* fc1 */
	    !kvp_muladd(&b, inter, h) || !kvp_add(b, h, &b))         /* fc2 */
		return false;
	*out = b;
	return true;
}

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
	uint64_t h = d->hidden, blk, m, kern, merger = 0, t = 0, x;

	if (!vit_block(h, d->inter, &blk))
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

/* Qwen3.5's tower: Qwen3_5VisionConfig(Qwen3VLVisionConfig) keeps the
 * keys and defaults and deletes deepstack_visual_indexes, and
 * Qwen3_5VisionModel deletes deepstack_merger_list (modular_qwen3_5.py
 * @8940358a): Qwen3-VL's count without deepstack mergers, whatever the
 * config lists */
static bool qwen3_5_params(const struct tower_dims *d, uint64_t *out)
{
	struct tower_dims x = *d;

	x.ndeep = 0;
	return qwen3_vl_params(&x, out);
}

/* Gemma 3's tower: transformers' SiglipVisionModel (modeling_siglip.py:
 * SiglipVisionEmbeddings patch_embedding Conv2d(num_channels, hidden,
 * patch, patch, bias) and position_embedding Embedding((image_size //
 * patch_size)^2, hidden); num_hidden_layers SiglipEncoderLayers;
 * post_layernorm LayerNorm(hidden); with vision_use_head the
 * SiglipMultiheadAttentionPoolingHead: probe (hidden), an
 * nn.MultiheadAttention (in_proj 3 hidden x hidden + 3 hidden, out_proj
 * hidden x hidden + hidden), a LayerNorm and a SiglipMLP) and
 * modeling_gemma3.py's Gemma3MultiModalProjector:
 * mm_input_projection_weight (vision hidden x text hidden) and
 * mm_soft_emb_norm Gemma3RMSNorm(vision hidden); its AvgPool2d has no
 * parameters. */
static bool gemma3_params(const struct tower_dims *d, uint64_t *out)
{
	uint64_t h = d->hidden, blk, side, t = 0, kern;

	if (!vit_block(h, d->inter, &blk))
		return false;
	side = d->image / d->patch;
	if (!kvp_mul(d->in_ch, d->patch, &kern) || !kvp_mul(kern, d->patch, &kern))
		return false;
	if (!kvp_muladd(&t, blk, d->depth) ||
	    !kvp_muladd(&t, h, kern) || !kvp_add(t, h, &t) ||       /* patch */
	    !kvp_muladd(&t, side * side, h) ||                      /* positions */
	    !kvp_muladd(&t, 2, h))                                  /* post norm */
		return false;
	if (d->head) {
		uint64_t mlp = 0;

		if (!kvp_muladd(&mlp, h, d->inter) || !kvp_add(mlp, d->inter, &mlp) ||
		    !kvp_muladd(&mlp, d->inter, h) || !kvp_add(mlp, h, &mlp) ||
		    !kvp_add(t, h, &t) ||                           /* probe */
		    !kvp_muladd(&t, 4 * h, h) || !kvp_muladd(&t, 4, h) || /* MHA */
		    !kvp_muladd(&t, 2, h) || !kvp_add(t, mlp, &t))
			return false;
	}
	return kvp_muladd(&t, h, d->text_hidden) && kvp_add(t, h, &t) &&
	       (*out = t, true);
}

/* Gemma 4's tower as transformers builds it (modeling_gemma4.py
 * @c308a309): Gemma4VisionPatchEmbedder input_proj Linear(3 x patch^2,
 * hidden, no bias) and position_embedding_table (2, position_embedding_size,
 * hidden); num_hidden_layers Gemma4VisionEncoderLayers (Gemma3DecoderLayer:
 * input, post-attention, pre- and post-feedforward RMSNorms of hidden;
 * attention q, k, v, o without biases, q_norm and k_norm of head_dim,
 * v_norm without a scale; Gemma4VisionMLP gate, up and down of
 * intermediate); Gemma4VisionPooler has no parameters; with standardize
 * the std_bias and std_scale buffers of hidden (persistent: in the
 * checkpoint); embed_vision Gemma4MultimodalEmbedder embedding_projection
 * Linear(hidden, text hidden, no bias), its norm without a scale. */
static bool gemma4_params(const struct tower_dims *d, uint64_t *out)
{
	uint64_t h = d->hidden, q, kv, blk = 0, t = 0;

	if (!kvp_mul(d->heads, d->head_dim, &q) ||
	    !kvp_mul(d->kv_heads, d->head_dim, &kv) ||
	    !kvp_muladd(&blk, h, q) || !kvp_muladd(&blk, 2 * h, kv) ||
	    !kvp_muladd(&blk, q, h) ||                              /* q k v o */
	    !kvp_muladd(&blk, 2, d->head_dim) ||                    /* q/k norm */
	    !kvp_muladd(&blk, 3 * h, d->inter) ||                   /* MLP */
	    !kvp_muladd(&blk, 4, h))                                /* norms */
		return false;
	return kvp_muladd(&t, blk, d->depth) &&
	       kvp_muladd(&t, 3 * d->patch * d->patch, h) &&        /* input_proj */
	       kvp_muladd(&t, 2 * d->npos, h) &&                    /* positions */
	       kvp_muladd(&t, 2 * d->standardize, h) &&             /* std buffers */
	       kvp_muladd(&t, h, d->text_hidden) &&                 /* projector */
	       (*out = t, true);
}

/* Mistral 3's tower as vLLM builds it (vllm/model_executor/models/
 * pixtral.py PixtralHFVisionModel, mistral3.py @02677fd9; transformers'
 * modeling_pixtral.py and modeling_mistral3.py have the same modules):
 * patch_conv Conv2d(num_channels, hidden, patch, patch, no bias); ln_pre
 * RMSNorm(hidden); depth PixtralHFTransformerBlocks (the layers up to
 * vision_feature_layer: init_vision_tower_for_mistral3) of attention_norm
 * and ffn_norm RMSNorm(hidden), q, k, v, o Linear(hidden, hidden, no
 * bias), MLP gate, up and down of intermediate, no bias; no post norm
 * (require_post_norm=False); Mistral3MultiModalProjector: norm
 * RMSNorm(hidden), patch_merger.merging_layer Linear(hidden x merge^2,
 * hidden, no bias), linear_1 Linear(hidden, text hidden) and linear_2
 * Linear(text hidden, text hidden), with biases when
 * multimodal_projector_bias. The rotary table is a buffer. */
static bool pixtral_params(const struct tower_dims *d, uint64_t *out)
{
	uint64_t h = d->hidden, th = d->text_hidden, blk = 0, t = 0, m, kern;

	if (!kvp_mul(d->in_ch, d->patch, &kern) || !kvp_mul(kern, d->patch, &kern) ||
	    !kvp_muladd(&blk, 4 * h, h) ||                          /* q k v o */
	    !kvp_muladd(&blk, 3 * h, d->inter) ||                   /* MLP */
	    !kvp_muladd(&blk, 2, h) ||                              /* norms */
	    !kvp_mul(d->merge, d->merge, &m) || !kvp_mul(m, h, &m))
		return false;
	return kvp_muladd(&t, blk, d->depth) &&
	       kvp_muladd(&t, kern, h) &&                  /* patch_conv */
	       kvp_muladd(&t, 2, h) &&                     /* ln_pre, proj norm */
	       kvp_muladd(&t, m, h) &&                     /* merging_layer */
	       kvp_muladd(&t, h, th) && kvp_muladd(&t, th, th) &&   /* linears */
	       kvp_muladd(&t, 2 * d->proj_bias, th) &&              /* biases */
	       (*out = t, true);
}

/* Llama 4's tower as vLLM builds it (vllm/model_executor/models/
 * mllama4.py @60d375cb Llama4VisionModel): patch_embedding
 * Llama4UnfoldConvolution, a Linear(num_channels x patch^2, hidden, no
 * bias); class_embedding (hidden); positional_embedding_vlm
 * ((image_size // patch_size)^2 + 1 positions x hidden); layernorm_pre
 * and layernorm_post LayerNorm(hidden) with biases; num_hidden_layers
 * Llama4VisionEncoderLayers (two LayerNorms, qkv_proj and o_proj with
 * biases, Llama4VisionMLP fc1/fc2 of intermediate with biases: a ViT
 * block); vision_adapter Llama4VisionPixelShuffleMLP: fc1
 * Linear(intermediate_size, projector_input_dim), fc2
 * Linear(projector_input_dim, projector_output_dim), biases when
 * multi_modal_projector_bias; Llama4MultiModalProjector linear_1
 * Linear(vision_output_dim, text hidden, no bias). The vision rotary
 * table is a buffer. */
static bool llama4_params(const struct tower_dims *d, uint64_t *out)
{
	uint64_t h = d->hidden, blk, side = d->image / d->patch, t = 0, k, pos;

	if (!vit_block(h, d->inter, &blk) || !kvp_mul(d->in_ch, d->patch, &k) ||
	    !kvp_mul(k, d->patch, &k) || !kvp_mul(side, side, &pos) ||
	    !kvp_add(pos, 2, &pos))
		return false;
	return kvp_muladd(&t, blk, d->depth) &&
	       kvp_muladd(&t, k, h) &&                   /* patch_embedding */
	       kvp_muladd(&t, pos, h) &&                 /* class, positions */
	       kvp_muladd(&t, 4, h) &&                   /* pre, post norms */
	       kvp_muladd(&t, d->inter, d->proj_in) &&   /* adapter fc1 */
	       kvp_muladd(&t, d->proj_in, d->proj_out) &&   /* adapter fc2 */
	       kvp_muladd(&t, d->proj_bias, d->proj_in) &&
	       kvp_muladd(&t, d->proj_bias, d->proj_out) &&
	       kvp_muladd(&t, d->out, d->text_hidden) && /* linear_1 */
	       (*out = t, true);
}

static const struct tower_rule {
	const char *model_type;    /* the config's model_type */
	const char *tower;         /* vision_config.model_type */
	const struct tower_key *keys;
	const struct tower_key *top;   /* top-level keys, or NULL */
	bool (*params)(const struct tower_dims *d, uint64_t *out);
	const char *source;
} rules[] = {
	{ "mistral3", "pixtral", pixtral_keys, mistral3_top_keys, pixtral_params,
	  "vLLM pixtral.py PixtralHFVisionModel and mistral3.py Mistral3MultiModalProjector" },
	{ "qwen3_vl", "qwen3_vl", qwen3_vl_keys, NULL, qwen3_vl_params,
	  "transformers modeling_qwen3_vl.py Qwen3VLVisionModel" },
	{ "qwen3_vl_moe", "qwen3_vl_moe", qwen3_vl_keys, NULL, qwen3_vl_params,
	  "transformers modular_qwen3_vl_moe.py: Qwen3VLMoeVisionModel(Qwen3VLVisionModel)" },
	{ "qwen3_5", "qwen3_5", qwen3_vl_keys, NULL, qwen3_5_params,
	  "transformers modular_qwen3_5.py Qwen3_5VisionModel: Qwen3VLVisionModel without deepstack mergers" },
	{ "qwen3_5_moe", "qwen3_5_moe", qwen3_vl_keys, NULL, qwen3_5_params,
	  "transformers modular_qwen3_5_moe.py: Qwen3_5MoeVisionModel(Qwen3_5VisionModel)" },
	{ "gemma3", "siglip_vision_model", siglip_keys, NULL, gemma3_params,
	  "transformers modeling_siglip.py SiglipVisionModel and modeling_gemma3.py Gemma3MultiModalProjector" },
	{ "llama4", "llama4_vision_model", llama4_keys, NULL, llama4_params,
	  "vLLM mllama4.py Llama4VisionModel and Llama4MultiModalProjector" },
	{ "gemma4", "gemma4_vision", gemma4_keys, NULL, gemma4_params,
	  "transformers modeling_gemma4.py Gemma4VisionModel and Gemma4MultimodalEmbedder" },
};

static const struct tower_rule *find_rule(const char *model_type,
                                          const char *tower)
{
	size_t i;

	for (i = 0; tower && i < sizeof rules / sizeof rules[0]; i++)
		if (!strcmp(rules[i].model_type, model_type) &&
		    !strcmp(rules[i].tower, tower))
			return &rules[i];
	return NULL;
}

/* K_LAYER: vision_feature_layer, one index or a list; *dst holds the
 * tower's depth on entry and the layers built on return */
static int read_layer(struct cfg *c, const cJSON *x, const char *path,
                      uint64_t *dst)
{
	const cJSON *e = cJSON_IsArray(x) ? x->child : x;
	int64_t depth = (int64_t)*dst, deepest = -1, i;

	for (; e; e = cJSON_IsArray(x) ? e->next : NULL) {
		if (!cJSON_IsNumber(e) || e->valuedouble < -1e6 ||
		    e->valuedouble > 1e6 ||
		    e->valuedouble != (double)(int64_t)e->valuedouble) {
			hf_bad(c, path, x, "must be a layer index or a list of them");
			return -1;
		}
		i = (int64_t)e->valuedouble;
		i = i < 0 ? depth + 1 + i : i;
		if (i < 0 || i > depth) {
			hf_bad(c, path, x, "names no layer of the vision tower");
			return -1;
		}
		deepest = i > deepest ? i : deepest;
	}
	if (deepest < 0) {
		hf_bad(c, path, x, "must name at least one layer");
		return -1;
	}
	*dst = (uint64_t)deepest;
	return 0;
}

/* parent: "vision_config" for its keys, NULL for the top level's */
static int read_key(struct cfg *c, const cJSON *v, const char *parent,
                    const struct tower_key *k, uint64_t *dst)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(v, k->key);
	char path[80];

	if (k->kind != K_LAYER)
		*dst = k->def;
	if (!x || cJSON_IsNull(x))
		return k->def == REQUIRED ? 1 : 0;
	snprintf(path, sizeof path, "%s%s%s", parent ? parent : "",
	         parent ? "." : "", k->key);
	switch (k->kind) {
	case K_UINT:
		return hf_uint_at(c, x, path, k->min, DIM_MAX, dst) < 0 ? -1 : 0;
	case K_LEN:
		if (!cJSON_IsArray(x)) {
			hf_bad(c, path, x, "must be a list");
			return -1;
		}
		*dst = (uint64_t)cJSON_GetArraySize(x);
		return 0;
	case K_BOOL:
		if (!cJSON_IsBool(x)) {
			hf_bad(c, path, x, "must be true or false");
			return -1;
		}
		*dst = cJSON_IsTrue(x) ? 1 : 0;
		return 0;
	case K_LAYER:
		return read_layer(c, x, path, dst);
	}
	return 0;
}

/* 0 read, -1 refused (c->err set), 1 a required key absent (*missing) */
static int dims(struct cfg *c, const cJSON *v, const char *parent,
                const struct tower_key *k, struct tower_dims *d,
                const char **missing)
{
	int r;

	for (; k && k->key; k++) {
		r = read_key(c, v, parent, k, (uint64_t *)((char *)d + k->off));
		if (r != 0) {
			*missing = k->key;
			return r;
		}
	}
	return 0;
}

enum kvp_status hf_tower(struct cfg *c, struct kvp_model *m)
{
	static const char *const keys[] = { "vision_config", "audio_config" };
	/* the top level's model_type ("qwen3_vl"), not text_config's
	 * ("qwen3_vl_text") that c->model_type holds */
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(c->root, "model_type");
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(c->root, keys[i]);
		const cJSON *mt;
		const struct tower_rule *r;
		struct tower_dims d;
		const char *missing = NULL;
		uint64_t n;
		int rc;

		if (!t || cJSON_IsNull(t))
			continue;
		mt = cJSON_IsObject(t) ?
		     cJSON_GetObjectItemCaseSensitive(t, "model_type") : NULL;
		r = i == 0 && cJSON_IsString(mt) && cJSON_IsString(top) ?
		    find_rule(top->valuestring, mt->valuestring) : NULL;
		if (!r) {
			hf_note(c, "%s: the %s tower is not in a config's weight "
			        "estimate (the text decoder's); the tensors count it "
			        "(--model on a safetensors folder, llama.cpp --mmproj)",
			        keys[i], i == 0 ? "vision" : "audio");
			continue;
		}
		memset(&d, 0, sizeof d);
		d.text_hidden = m->arch.hidden;
		rc = dims(c, t, keys[i], r->keys, &d, &missing);
		if (rc == 0)
			rc = dims(c, c->root, NULL, r->top, &d, &missing);
		switch (rc) {
		case -1:
			return c->err->status;
		case 1:
			hf_note(c, "%s: the %s tower is not in the weight estimate: "
			        "%s.%s absent", keys[i], mt->valuestring, keys[i],
			        missing);
			continue;
		}
		if (!r->params(&d, &n) ||
		    !kvp_add(m->arch.tower_params, n, &m->arch.tower_params))
			return hf_bad(c, keys[i], t, "the tower's parameter count "
			              "overflows 64 bits");
		hf_note(c, "%s: %s tower counted, %llu parameters at 16 bits (%s)",
		        keys[i], mt->valuestring, (unsigned long long)n, r->source);
	}
	return KVP_OK;
}
