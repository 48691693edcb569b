/*
 * hf_quant_mlx.c - the quantization block mlx-lm writes (issue 35): no
 * quant_method, only group_size, bits and (newer mlx-lm) mode, the same
 * object under "quantization" and "quantization_config". Sources, all
 * read at ml-explore/mlx-lm d78bf58e and ml-explore/mlx 846d1762:
 *  - mlx-lm mlx_lm/utils.py quantize_model: writes {group_size, bits,
 *    mode}; wrapped_predicate quantizes every module with to_quantized
 *    (nn.Linear, nn.Embedding: embeddings and lm_head included) whose
 *    weight's last dimension group_size divides, and adds a per-module
 *    key (a module path -> {group_size, bits} or false) for a model's
 *    quant_predicate or a mixed recipe (convert.py
 *    mixed_quant_predicate_builder; every MoE model's router at 8 bits,
 *    e.g. models/qwen3_moe.py quant_predicate); save_config copies
 *    "quantization" to "quantization_config". utils.py load reads
 *    "quantization" first, mode default "affine".
 *  - mlx mlx/ops.cpp affine_quantize: bits 2, 3, 4, 5, 6 or 8, group 32,
 *    64 or 128; the values packed in uint32 (bits per value), a scale
 *    AND a bias per group, both in the weight's dtype. fp_quantize:
 *    mxfp4 (4 bits, group 32) and mxfp8 (8 bits, group 32) a uint8 e8m0
 *    scale per group, nvfp4 (4 bits, group 16) a uint8 e4m3 scale per
 *    group; no bias. python/mlx/nn/layers/quantized.py QuantizedLinear,
 *    QuantizedEmbedding: weight, scales, biases (affine only), no global
 *    scale.
 * kvplan's weight count takes one format for every quantized matrix and
 * keeps its attention and MLP biases 16-bit, as QuantizedLinear.from_linear
 * does (mlx python/mlx/nn/layers/quantized.py: ql.bias =
 * linear_layer.bias; src/core/weights/weight_bytes.c): where one format
 * is not what mlx stores (a per-module key, a size group_size does not
 * divide: mlx-lm leaves that module 16-bit, a family without a row of
 * mlx_families, towers, a mode not read, a dtype other than 16-bit) the
 * weights are counted unquantized in the
 * compute dtype, as an unknown quant_method is (hf_weights.c): more than
 * mlx stores (at most 8 bits and a scale per group against 16), never
 * less, with a note naming the key; the cache is the model's either way.
 * A block that contradicts itself or mlx (bits or group_size mlx does
 * not take, "quantization" unlike "quantization_config") is refused.
 * The figures agree to the byte with
 * the tensor bytes an exo test pins for five mlx-community models
 * (tests/unit/test_import_mlx.c).
 */
#include <stdio.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

/* One mlx quantization mode: the bits and group sizes mlx accepts
 * (bit n of a mask: n allowed), and the bytes stored per group. */
static const struct mlx_mode {
	const char *name;
	uint32_t bits_mask;   /* 1u << bits */
	uint32_t group_mask;  /* 1u << log2(group) */
	uint32_t scale_bytes; /* per group */
	uint32_t bias_bytes;  /* per group */
	const char *what;
} mlx_modes[] = {
	/* mlx ops.cpp affine_quantize: scale and bias in the weight's
	 * dtype, 16-bit (mlx_dtype refuses the others) */
	{ "affine", 1u << 2 | 1u << 3 | 1u << 4 | 1u << 5 | 1u << 6 | 1u << 8,
	  1u << 5 | 1u << 6 | 1u << 7, 2, 2,
	  "a scale and a bias per group in the 16-bit dtype" },
	/* mlx ops.cpp fp_quantize: e8m0 scales */
	{ "mxfp4", 1u << 4, 1u << 5, 1, 0, "1-byte e8m0 scale per group" },
	/* fp_quantize: group 16, e4m3 scales */
	{ "nvfp4", 1u << 4, 1u << 4, 1, 0, "1-byte e4m3 scale per group" },
	/* fp_quantize: 8 bits, e8m0 scales */
	{ "mxfp8", 1u << 8, 1u << 5, 1, 0, "1-byte e8m0 scale per group" },
};

/* The reason one format is not what mlx stores, in why (else ""). */
#define WHY_N 192

/* A member other than group_size, bits and mode: a per-module key. */
static bool mlx_overrides(const cJSON *q, const char *path, char *why)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, q) {
		if (!strcmp(e->string, "group_size") ||
		    !strcmp(e->string, "bits") || !strcmp(e->string, "mode"))
			continue;
		snprintf(why, WHY_N, "%s.%s: a per-module MLX quantization "
		         "(mlx-lm utils.py quantize_model)", path, e->string);
		hf_clean(why);
		return true;
	}
	return false;
}

/* The compute dtype mlx-lm keeps unquantized parameters and affine
 * scales in: convert.py casts to torch_dtype; only 16-bit is counted. */
static bool mlx_dtype(struct cfg *c, char *why)
{
	int fail = 0;
	const char *s = hf_str(c, "torch_dtype", &fail);

	if (!s && !fail)
		s = hf_str(c, "dtype", &fail);
	if (!fail && s && (!strcmp(s, "bfloat16") || !strcmp(s, "float16")))
		return false;
	snprintf(why, WHY_N, "torch_dtype: not bfloat16 or float16, the "
	         "dtype mlx keeps scales in (mlx-lm convert.py)");
	return true;
}

/* mlx-lm leaves a module 16-bit when group_size does not divide its
 * input size: the sizes every quantized matrix takes as input. */
static bool mlx_divides(struct cfg *c, const struct kvp_model *m,
                        uint64_t group, char *why)
{
	static const char *const keys[] = { "hidden_size", "intermediate_size",
		"moe_intermediate_size", "shared_expert_intermediate_size" };
	const char *bad = NULL;
	char path[96];
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0] && !bad; i++) {
		const cJSON *v = hf_get(c, keys[i], path, sizeof path);
		if (cJSON_IsNumber(v) && v->valuedouble >= 1 &&
		    (uint64_t)v->valuedouble % group)
			bad = keys[i];
	}
	if (!bad && ((uint64_t)m->q_heads * m->base.k_dim) % group)
		bad = "num_attention_heads";
	if (!bad)
		return false;
	snprintf(why, WHY_N, "%s: group_size %llu does not divide it (mlx-lm "
	         "keeps such a module 16-bit)", bad, (unsigned long long)group);
	return true;
}

/* group_size and bits, required (mlx-lm utils.py load indexes both),
 * within what mlx accepts for the mode. */
static enum kvp_status mlx_sizes(struct cfg *c, const cJSON *q,
                                 const char *path, const struct mlx_mode *md,
                                 uint64_t *bits, uint64_t *group)
{
	char p2[128];
	int r;

	snprintf(p2, sizeof p2, "%s.bits", path);
	r = hf_uint_at(c, cJSON_GetObjectItemCaseSensitive(q, "bits"), p2, 1,
	               16, bits);
	if (r < 0)
		return c->err->status;
	if (r == 0 || !(md->bits_mask & 1u << *bits))
		return hf_bad(c, p2, cJSON_GetObjectItemCaseSensitive(q, "bits"),
		              "not a bit width mlx quantizes in this mode "
		              "(mlx ops.cpp quantize)");
	snprintf(p2, sizeof p2, "%s.group_size", path);
	r = hf_uint_at(c, cJSON_GetObjectItemCaseSensitive(q, "group_size"),
	               p2, 1, 128, group);
	if (r < 0)
		return c->err->status;
	if (r == 0 || (*group & (*group - 1)) ||
	    !(md->group_mask & 1u << __builtin_ctzll(*group)))
		return hf_bad(c, p2,
		              cJSON_GetObjectItemCaseSensitive(q, "group_size"),
		              "not a group size mlx quantizes in this mode "
		              "(mlx ops.cpp quantize)");
	return KVP_OK;
}

/* The mode's row; NULL for a mode not read (why says so) or not a
 * string (refused). */
static const struct mlx_mode *mlx_mode_of(struct cfg *c, const cJSON *q,
                                          const char *path, char *why)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(q, "mode");
	const char *name = "affine";
	char p2[128];
	size_t i;

	if (v && !cJSON_IsString(v)) {
		snprintf(p2, sizeof p2, "%s.mode", path);
		hf_bad(c, p2, v, "must be a string");
		return NULL;
	}
	if (v)
		name = v->valuestring;
	for (i = 0; i < sizeof mlx_modes / sizeof mlx_modes[0]; i++)
		if (!strcmp(name, mlx_modes[i].name))
			return &mlx_modes[i];
	snprintf(why, WHY_N, "%s.mode: an MLX quantization mode kvplan has "
	         "not read (affine, mxfp4, nvfp4, mxfp8)", path);
	hf_clean(why);
	return NULL;
}

/* The model_types whose mlx-lm module set is the one kvplan's weight
 * count sums (weights.c): attention q/k/v/o (with their biases, 16-bit),
 * a gated MLP, RMSNorms, embeddings and an lm_head unless tied (by the
 * config's tie_word_embeddings). Adding a family is a row, after reading
 * its mlx-lm model file (ml-explore/mlx-lm d78bf58e): not an MoE
 * (routers differ by family: deepseek_v3.py MoEGate has no to_quantized
 * and stays 16-bit, qwen3_moe.py's are 8-bit overrides), nor recurrent
 * layers (nn.Conv1d has no to_quantized). hd_hidden: the file takes
 * head_dim = hidden_size // num_attention_heads whatever the config
 * says, so a model kvplan sizes otherwise is not matched.
 * Read and left out: olmo2.py and exaone4.py (their q_norm and k_norm
 * are counted now, hf_qk_norm.c, but the rest of their modules not yet
 * matched to the count), gemma3_text.py (lm_head tied by
 * whether the files hold lm_head.weight, not by the config). */
static const struct mlx_family {
	const char *model_type;
	bool hd_hidden;
	const char *source;
} mlx_families[] = {
	{ "llama", false, "mlx_lm/models/llama.py (nn.Linear q/k/v/o, "
	  "gate/up/down, biases with attention_bias; RMSNorm; nn.Embedding)" },
	{ "mistral", false, "mlx_lm/utils.py MODEL_REMAPPING: mistral -> "
	  "llama" },
	{ "qwen3", false, "mlx_lm/models/qwen3.py (llama's, no biases, plus "
	  "q_norm and k_norm of head_dim)" },
	{ "qwen2", true, "mlx_lm/models/qwen2.py (llama's; q/k/v biases "
	  "always, o_proj none, as weights.c for qwen2)" },
	{ "smollm3", false, "mlx_lm/models/smollm3.py (llama.LlamaModel; "
	  "NoPE layers hold no parameters)" },
	{ "granite", true, "mlx_lm/models/granite.py (llama's; q/k/v/o "
	  "biases with attention_bias)" },
	{ "phi3", true, "mlx_lm/models/phi3.py (qkv_proj and gate_up_proj "
	  "fused, as many values and groups of hidden_size inputs as q/k/v "
	  "and gate/up apart; no biases)" },
};

/* why: the model_type is not a row; the rows, from the table. */
static void family_why(char *why)
{
	size_t f, n = (size_t)snprintf(why, WHY_N, "model_type: a family "
	                               "whose mlx-lm modules kvplan has not "
	                               "matched to its count (read:");

	for (f = 0; f < sizeof mlx_families / sizeof mlx_families[0] &&
	     n < WHY_N; f++)
		n += (size_t)snprintf(why + n, WHY_N - n, "%s %s", f ? "," : "",
		                      mlx_families[f].model_type);
	if (n < WHY_N)
		snprintf(why + n, WHY_N - n, ")");
}

/* A family of the table, with
 * the head_dim its mlx-lm file builds, and without a tower
 * (mlx-lm's save_config drops vision_config; mlx-vlm's are not read). */
static bool mlx_structure(struct cfg *c, const struct kvp_model *m,
                          char *why)
{
	size_t f;

	for (f = 0; f < sizeof mlx_families / sizeof mlx_families[0]; f++)
		if (!strcmp(c->model_type, mlx_families[f].model_type))
			break;
	if (f == sizeof mlx_families / sizeof mlx_families[0])
		family_why(why);
	else if (mlx_families[f].hd_hidden && m->q_heads &&
	         (uint64_t)m->q_heads * m->base.k_dim != m->arch.hidden)
		snprintf(why, WHY_N, "head_dim: mlx-lm's models/%s.py takes "
		         "hidden_size / num_attention_heads", c->model_type);
	else if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(c->root,
	                                                         "vision_config")))
		snprintf(why, WHY_N, "vision_config: mlx-lm's save_config drops "
		         "it; an mlx-vlm tower is quantized its own way");
	else
		return false;
	return true;
}

bool hf_quant_is_mlx(const cJSON *q)
{
	return !cJSON_GetObjectItemCaseSensitive(q, "quant_method") &&
	       cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(q, "bits")) &&
	       cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(q, "group_size"));
}

/* One format is not what mlx stores: the weights stay in the compute
 * dtype (hf_weights.c's default), more than mlx stores, noted. */
static enum kvp_status mlx_unquantized(struct cfg *c, const char *why)
{
	hf_note(c, "MLX quantization not counted as stored (%s): weights "
	        "counted unquantized in the compute dtype, more than MLX "
	        "stores; the cache is the model's", why);
	return KVP_OK;
}

enum kvp_status hf_quant_mlx(struct cfg *c, const cJSON *q, const char *path,
                             struct kvp_model *m)
{
	const struct mlx_mode *md;
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(c->root,
	                                                    "quantization");
	uint64_t bits = 0, group = 0;
	char why[WHY_N] = "";

	if (top && !cJSON_Compare(top, q, 1))
		return hf_bad(c, "quantization", top, "differs from "
		              "quantization_config; mlx-lm reads it first");
	md = mlx_mode_of(c, q, path, why);
	if (!md)
		return why[0] ? mlx_unquantized(c, why) : c->err->status;
	if (mlx_sizes(c, q, path, md, &bits, &group))
		return c->err->status;
	hf_note(c, "MLX weights: none of llama.cpp, vLLM, SGLang, "
	        "TensorRT-LLM or transformers loads them (mlx-lm does); the "
	        "cache and its figures are the model's");
	if (mlx_overrides(q, path, why) || mlx_dtype(c, why) ||
	    mlx_structure(c, m, why) || mlx_divides(c, m, group, why))
		return mlx_unquantized(c, why);
	m->weights.dtype = bits <= 4 ? KVP_W_INT4 : KVP_W_INT8;
	m->weights.bits = (uint32_t)bits;
	m->weights.group_size = (uint32_t)group;
	m->weights.scale_bytes = md->scale_bytes;
	m->weights.zero_bytes = md->bias_bytes;
	m->weights.zero_bits = 0;
	m->weights.keep_embeddings_16bit = false;
	hf_note(c, "MLX %s %llu-bit, group %llu (mlx-lm quantize_model): %s; "
	        "embeddings and lm_head quantized too", md->name,
	        (unsigned long long)bits, (unsigned long long)group, md->what);
	return KVP_OK;
}
