/*
 * hf_weights.c - what the weight count needs from a config.json: the
 * compute dtype, quantization_config (weight format) and the MLP and
 * experts. None of it changes the cache layout.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* ---- compute dtype --------------------------------------------------- */

enum kvp_status hf_dtype(struct cfg *c, struct kvp_model *m,
                         enum kvp_dtype *dt)
{
	int fail = 0;
	const char *s = hf_str(c, "torch_dtype", &fail);
	const char *key = "torch_dtype";

	if (fail)
		return c->err->status;
	if (!s) {
		s = hf_str(c, "dtype", &fail);
		key = "dtype";
		if (fail)
			return c->err->status;
	}
	m->weights.dtype = KVP_W_BF16;
	*dt = KVP_DT_BF16;
	if (!s) {
		*dt = KVP_DT_F16;
		m->weights.dtype = KVP_W_F16;
		hf_note(c, "torch_dtype absent: weights and cache f16 assumed "
		        "(vLLM's auto dtype for float32 checkpoints)");
	} else if (!strcmp(s, "bfloat16")) {
		*dt = KVP_DT_BF16;
		m->weights.dtype = KVP_W_BF16;
	} else if (!strcmp(s, "float16") || !strcmp(s, "half")) {
		*dt = KVP_DT_F16;
		m->weights.dtype = KVP_W_F16;
	} else if (!strcmp(s, "float32") || !strcmp(s, "float")) {
		*dt = KVP_DT_F16;
		m->weights.dtype = KVP_W_F16;
		hf_note(c, "%s float32: served in f16 (vLLM downcasts float32, "
		        "llama.cpp caches f16); weights and cache f16", key);
	} else if (!strcmp(s, "float8_e4m3fn") || !strcmp(s, "float8_e5m2")) {
		/* weights stored fp8: vLLM vllm/config/model.py
		 * _resolve_auto_dtype keeps a config dtype only if the
		 * platform supports it, else the platform's first
		 * supported_dtypes (platforms/interface.py: bfloat16 on
		 * compute capability 8.0 and later) */
		*dt = KVP_DT_BF16;
		m->weights.dtype = KVP_W_FP8;
		hf_note(c, "%s %s: weights fp8; served in bfloat16 (vLLM "
		        "_resolve_auto_dtype: not a supported compute dtype, "
		        "the platform's first, bfloat16 on sm80+)", key, s);
	} else {
		char path[96];
		const cJSON *v = hf_get(c, key, path, sizeof path);
		return hf_bad(c, path, v, "unknown dtype (bfloat16, float16, "
		           "float32 or float8_e4m3fn / float8_e5m2)");
	}
	return KVP_OK;
}

/* ---- quantization_config -> weight format ---------------------------- */

/* AWQ and GPTQ: `bits` (2-8) and `group_size` (-1: GPTQ per-channel)
 * required; an fp16 scale and a packed zero-point per group. */
static enum kvp_status quant_awq_gptq(struct cfg *c, const cJSON *q,
                                      const char *path, const char *method,
                                      struct kvp_model *m)
{
	char p2[128];
	const cJSON *v;
	uint64_t bits = 0, group = 0;
	int r;

	snprintf(p2, sizeof p2, "%s.bits", path);
	r = hf_uint_at(c, cJSON_GetObjectItemCaseSensitive(q, "bits"),
	                p2, 2, 8, &bits);
	if (r < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, p2, NULL, "required for awq/gptq");
	snprintf(p2, sizeof p2, "%s.group_size", path);
	v = cJSON_GetObjectItemCaseSensitive(q, "group_size");
	if (v && cJSON_IsNumber(v) && v->valuedouble == -1) {
		group = 0; /* GPTQ per-channel */
	} else {
		r = hf_uint_at(c, v, p2, 1, DIM_MAX, &group);
		if (r < 0)
			return c->err->status;
		if (r == 0)
			return hf_bad(c, p2, NULL, "required for awq/gptq");
	}
	m->weights.dtype = bits <= 4 ? KVP_W_INT4 : KVP_W_INT8;
	m->weights.bits = (uint32_t)bits;
	m->weights.group_size = (uint32_t)group;
	m->weights.scale_bytes = 2; /* fp16 scale per group */
	m->weights.zero_bytes = 0;
	/* qzeros: one zero-point of `bits` bits per group, packed
	 * (AWQ without zero_point stores none) */
	v = cJSON_GetObjectItemCaseSensitive(q, "zero_point");
	m->weights.zero_bits = (!strcmp(method, "awq") && cJSON_IsFalse(v))
	                       ? 0 : (uint32_t)bits;
	m->weights.keep_embeddings_16bit = true;
	hf_note(c, "%s %llu-bit, group %llu: fp16 scale%s per group; "
	        "embeddings and lm_head 16-bit%s",
	     method, (unsigned long long)bits, (unsigned long long)group,
	     m->weights.zero_bits ? " and packed zero-point" : "",
	     strcmp(method, "gptq") ? "" : "; g_idx not counted");
	return KVP_OK;
}

/* fp8: one byte per parameter, plus an f32 scale per block when
 * `weight_block_size` is [a, b]. */
static enum kvp_status quant_fp8(struct cfg *c, const cJSON *q,
                                 const char *path, const char *method,
                                 struct kvp_model *m)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(q, "weight_block_size");

	m->weights.dtype = KVP_W_FP8;
	m->weights.bits = 8;
	m->weights.group_size = 0;
	m->weights.scale_bytes = 0;
	if (cJSON_IsArray(v) && cJSON_GetArraySize(v) == 2 &&
	    cJSON_IsNumber(cJSON_GetArrayItem(v, 0)) &&
	    cJSON_IsNumber(cJSON_GetArrayItem(v, 1))) {
		double a = cJSON_GetArrayItem(v, 0)->valuedouble;
		double b = cJSON_GetArrayItem(v, 1)->valuedouble;
		if (a >= 1 && b >= 1 && a <= 4096 && b <= 4096 &&
		    a == floor(a) && b == floor(b)) {
			/* one float32 scale per a x b block */
			m->weights.group_size = (uint32_t)(a * b);
			m->weights.scale_bytes = 4;
		}
	}
	m->weights.keep_embeddings_16bit = true;
	hf_note(c, "fp8 weights: 1 byte per parameter%s; embeddings and "
	        "lm_head kept 16-bit",
	     m->weights.group_size ? " plus an f32 scale per block" : "");
	return KVP_OK;
}

/* bitsandbytes: NF4 in blocks of 64 (a 1-byte scale with double quant,
 * else 4), or int8 with an f32 scale per row. */
static enum kvp_status quant_bnb(struct cfg *c, const cJSON *q,
                                 const char *path, const char *method,
                                 struct kvp_model *m)
{
	const cJSON *v;
	bool b4, b8, dq;

	v = cJSON_GetObjectItemCaseSensitive(q, "load_in_4bit");
	b4 = cJSON_IsTrue(v);
	v = cJSON_GetObjectItemCaseSensitive(q, "load_in_8bit");
	b8 = cJSON_IsTrue(v);
	v = cJSON_GetObjectItemCaseSensitive(q, "bnb_4bit_use_double_quant");
	dq = cJSON_IsTrue(v);
	if (b4) {
		m->weights.dtype = KVP_W_NF4;
		m->weights.bits = 4;
		m->weights.group_size = 64;
		m->weights.scale_bytes = dq ? 1 : 4;
	} else if (b8) {
		m->weights.dtype = KVP_W_INT8;
		m->weights.bits = 8;
		m->weights.group_size = 0;
		m->weights.scale_bytes = 4;
	} else {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.load_in_4bit", path);
		return hf_bad(c, p2, v, "bitsandbytes needs load_in_4bit "
		                     "or load_in_8bit true");
	}
	m->weights.keep_embeddings_16bit = true;
	hf_note(c, "bitsandbytes %s weights; embeddings and lm_head kept "
	        "16-bit", b4 ? "4-bit (block 64)" : "8-bit");
	return KVP_OK;
}

/* mxfp4: 4-bit values with an e8m0 scale per 32. */
static enum kvp_status quant_mxfp4(struct cfg *c, const cJSON *q,
                                   const char *path, const char *method,
                                   struct kvp_model *m)
{
	m->weights.dtype = KVP_W_INT4;
	m->weights.bits = 4;
	m->weights.group_size = 32;
	m->weights.scale_bytes = 1; /* e8m0 scale per 32 values */
	m->weights.keep_embeddings_16bit = true;
	hf_note(c, "mxfp4: 4-bit with a 1-byte scale per 32 values");
	return KVP_OK;
}

/*
 * BitNet (transformers integrations/bitnet.py, utils/quantization_config.py
 * BitNetQuantConfig: linear_class "bitlinear" by default, or
 * "autobitlinear"). BitLinear keeps a uint8 weight of (out_features / 4)
 * x in_features, ternary values 2 bits each (VALUES_PER_ITEM 4), and
 * one weight_scale of the compute dtype per matrix; AutoBitLinear is an
 * nn.Linear, its weight the compute dtype (offline, load_hook unpacks
 * the packed checkpoint into it). lm_head stays nn.Linear
 * (modules_to_not_convert), the embeddings nn.Embedding: 16-bit. The
 * one scale per matrix (and use_rms_norm's RMSNorm per linear) is not
 * a group shape kvplan prices: named in the note.
 */
static enum kvp_status quant_bitnet(struct cfg *c, const cJSON *q,
                                    const char *path, const char *method,
                                    struct kvp_model *m)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(q, "linear_class");
	const cJSON *rn = cJSON_GetObjectItemCaseSensitive(q, "use_rms_norm");
	const char *rms = cJSON_IsTrue(rn) ? "; use_rms_norm's RMSNorm "
	                  "(in_features) per linear not counted" : "";
	char p2[128];

	(void)method;
	if (v && cJSON_IsString(v) && !strcmp(v->valuestring, "autobitlinear")) {
		hf_note(c, "bitnet autobitlinear: weights in the compute dtype "
		        "(AutoBitLinear is an nn.Linear); one weight_scale per "
		        "matrix not counted%s", rms);
		return KVP_OK;
	}
	if (v && !(cJSON_IsString(v) && !strcmp(v->valuestring, "bitlinear"))) {
		snprintf(p2, sizeof p2, "%s.linear_class", path);
		return hf_bad(c, p2, v, "must be \"bitlinear\" or "
		              "\"autobitlinear\" (BitNetQuantConfig)");
	}
	m->weights.dtype = KVP_W_INT4;
	m->weights.bits = 2;
	m->weights.group_size = 0;
	m->weights.scale_bytes = 0;
	m->weights.zero_bytes = 0;
	m->weights.zero_bits = 0;
	m->weights.keep_embeddings_16bit = true;
	hf_note(c, "bitnet bitlinear: ternary weights 2 bits each (4 to a "
	        "uint8); one weight_scale per matrix not counted; embeddings "
	        "and lm_head 16-bit%s", rms);
	return KVP_OK;
}

/*
 * quantization_config.quant_method -> its reader. Adding a method is a
 * row. Sources: the keys each transformers config class writes
 * (transformers/utils/quantization_config.py: AwqConfig, GPTQConfig,
 * FineGrainedFP8Config, BitsAndBytesConfig, Mxfp4Config, BitNetQuantConfig).
 */
static const struct quant_method {
	const char *name;
	enum kvp_status (*read)(struct cfg *c, const cJSON *q, const char *path,
	                        const char *method, struct kvp_model *m);
} quant_methods[] = {
	{ "awq", quant_awq_gptq },
	{ "gptq", quant_awq_gptq },
	{ "fp8", quant_fp8 },
	{ "bitsandbytes", quant_bnb },
	{ "mxfp4", quant_mxfp4 },
	{ "bitnet", quant_bitnet },   /* issue 35t */
};

/* modules_to_not_convert naming attention: it stays 16-bit. */
static void quant_kept_modules(struct cfg *c, const cJSON *q,
                               struct kvp_model *m)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(q, "modules_to_not_convert");
	const cJSON *e;

	if (!cJSON_IsArray(v))
		return;
	cJSON_ArrayForEach(e, v)
		if (cJSON_IsString(e) && strstr(e->valuestring, "attn"))
			m->weights.keep_attention_16bit = true;
	if (m->weights.keep_attention_16bit)
		hf_note(c, "modules_to_not_convert keeps attention 16-bit");
}

enum kvp_status hf_quant(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *q = hf_get(c, "quantization_config", path, sizeof path);
	const cJSON *meth;
	const char *method;
	size_t i;

	if (!q)
		return KVP_OK;
	if (!cJSON_IsObject(q))
		return hf_bad(c, path, q, "must be an object");
	if (hf_quant_is_mlx(q)) /* mlx-lm's block: a table of its own */
		return hf_quant_mlx(c, q, path, m);
	meth = cJSON_GetObjectItemCaseSensitive(q, "quant_method");
	if (!meth || !cJSON_IsString(meth)) {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.quant_method", path);
		return hf_bad(c, p2, meth, "must be a string (awq, gptq, fp8, "
		                        "bitsandbytes, mxfp4, bitnet; or MLX's "
		                        "group_size and bits)");
	}
	method = meth->valuestring;
	for (i = 0; i < sizeof quant_methods / sizeof quant_methods[0]; i++)
		if (!strcmp(method, quant_methods[i].name))
			break;
	if (i < sizeof quant_methods / sizeof quant_methods[0]) {
		enum kvp_status st = quant_methods[i].read(c, q, path, method, m);
		if (st != KVP_OK)
			return st;
	} else {
		char mname[48];
		snprintf(mname, sizeof mname, "%s", method);
		hf_clean(mname);
		hf_note(c, "quantization_config.quant_method \"%s\" unknown: "
		        "weights counted in the compute dtype", mname);
	}
	quant_kept_modules(c, q, m);
	hf_note(c, "quantized weights do not quantize the KV cache: cache "
	        "format left at the compute dtype");
	return KVP_OK;
}

/* ---- MoE and MLP ----------------------------------------------------- */

/*
 * moe_layer_freq as a list of 0/1 per layer (MiMo-V2-Flash; vLLM
 * mimo_v2_flash.py is_moe_layer): weights only, never the cache. The
 * weight count knows leading dense layers and then every layer MoE.
 */
static enum kvp_status moe_layer_list(struct cfg *c, struct kvp_model *m,
                                      const cJSON *arr, const char *path)
{
	const cJSON *e;
	uint32_t lead = 0, i = 0;
	bool in_lead = true, irregular = false;

	cJSON_ArrayForEach(e, arr) {
		if (!cJSON_IsNumber(e) && !cJSON_IsBool(e))
			return hf_bad(c, path, e, "entries must be 0 or 1");
		bool moe = cJSON_IsBool(e) ? cJSON_IsTrue(e) : e->valuedouble != 0;
		if (in_lead && !moe)
			lead++;
		else if (moe)
			in_lead = false;
		else
			irregular = true;
		i++;
	}
	if (!m->arch.first_dense_layers && lead < m->n_layers)
		m->arch.first_dense_layers = lead;
	if (irregular)
		hf_note(c, "%s: dense layers after the first MoE layer counted "
		        "as MoE in the weights", path);
	(void)i;
	return KVP_OK;
}

/* The dense MLP's intermediate size (a list: Gemma 3n's per layer). */
static enum kvp_status dense_mlp(struct cfg *c, struct kvp_model *m,
                                 const cJSON *ffn)
{
	static const char *const k_inter[] = {
		"intermediate_size", "n_inner", "ffn_hidden_size", "ffn_dim",
		NULL };
	uint64_t v = 0;
	char path[96], p2[128];
	const cJSON *arr = hf_get(c, "intermediate_size", path, sizeof path);
	int r;

	if (cJSON_IsArray(arr)) {
		/* Gemma 3n: one size per layer; the count uses their mean */
		const cJSON *e;
		uint64_t sum = 0, n = 0, x;
		cJSON_ArrayForEach(e, arr) {
			snprintf(p2, sizeof p2, "%s[%llu]", path,
			         (unsigned long long)n);
			if (hf_uint_at(c, e, p2, 1, DIM_MAX, &x) < 0)
				return c->err->status;
			sum += x;
			n++;
		}
		if (n == 0)
			return hf_bad(c, path, arr, "empty list");
		v = sum / n;
		r = 1;
		if (sum % n)
			hf_note(c, "intermediate_size differs per layer: mean %llu "
			        "used for the weight count", (unsigned long long)v);
	} else if (ffn) {
		r = hf_member_uint(c, ffn, "ffn_config", "ffn_hidden_size", 1,
		                   DIM_MAX, &v);
		if (r < 0)
			return c->err->status;
	} else if ((r = hf_uint_any(c, k_inter, 1, DIM_MAX, &v, NULL)) < 0) {
		return c->err->status;
	}
	/* a class that saves it under a name of its own (hf_attr_map.c) */
	if (r == 0 && hf_attr_alias(c->model_type, "intermediate_size") &&
	    (r = hf_uint(c, hf_attr_alias(c->model_type, "intermediate_size"),
	                 1, DIM_MAX, &v)) < 0)
		return c->err->status;
	if (r == 0) {
		v = 4 * m->arch.hidden;
		/* block_configs gives each block's width (hf_layout.c,
		 * arch.mlp_params): nothing assumed then */
		if (!hf_has(c, "block_configs"))
			hf_note(c, "intermediate_size absent: 4 x hidden = %llu "
			        "assumed", (unsigned long long)v);
	}
	/* Qwen (v1): intermediate_size counts both gated halves (vLLM
	 * qwen.py QWenMLP(hidden_size, intermediate_size // 2)) */
	if (c->fam && (c->fam->flags & HF_FF_HALF))
		v /= 2;
	m->arch.intermediate = v;
	m->arch.gated_mlp = !(c->fam && (c->fam->flags & HF_UNGATED));
	return KVP_OK;
}

/*
 * Hunyuan MoE (vLLM hunyuan_v1.py HunYuanSparseMoeBlock): with
 * use_mixed_mlp_moe > 0 a shared MLP of intermediate_size x
 * num_shared_expert (an int, or one per layer) beside the experts,
 * counted in experts' worth; per-layer counts that differ are refused
 * (kvplan keeps one). *n: the experts' worth, 0 when there is none.
 */
static enum kvp_status hunyuan_shared(struct cfg *c, const struct kvp_model *m,
                                      uint64_t *n)
{
	char path[96];
	const cJSON *mix = hf_get(c, "use_mixed_mlp_moe", path, sizeof path);
	const cJSON *v, *e;
	double k = -1;

	*n = 0;
	if (!mix || cJSON_IsFalse(mix) ||
	    (cJSON_IsNumber(mix) && mix->valuedouble <= 0))
		return KVP_OK;
	v = hf_get(c, "num_shared_expert", path, sizeof path);
	if (v && cJSON_IsArray(v)) {
		cJSON_ArrayForEach(e, v) {
			if (!cJSON_IsNumber(e) || (k >= 0 && e->valuedouble != k))
				return hf_bad(c, path, v, "differs per layer or is not "
				              "a count: kvplan keeps one shared MLP width");
			k = e->valuedouble;
		}
	} else if (v && cJSON_IsNumber(v)) {
		k = v->valuedouble;
	}
	if (k < 0 || k > (1u << 16) || k != (double)(uint64_t)k)
		return hf_bad(c, "num_shared_expert", v, "a count of shared MLPs "
		              "is needed with use_mixed_mlp_moe");
	if (m->arch.moe_intermediate)
		*n = kvp_ceil_div(m->arch.intermediate * (uint64_t)k,
		                  m->arch.moe_intermediate);
	if (*n > (1u << 16))   /* intermediate < 2^24, k <= 2^16: no wrap */
		return hf_bad(c, "num_shared_expert", v, "too many experts' "
		              "worth");
	return KVP_OK;
}

/* A shared MLP of width sh counted as experts' worth (rounded up: never
 * fewer weights than it has), the rounding noted under the key's name. */
static void shared_worth(struct cfg *c, struct kvp_model *m, const char *key,
                         uint64_t sh)
{
	m->arch.n_shared_experts =
		(uint32_t)kvp_ceil_div(sh, m->arch.moe_intermediate);
	if (sh % m->arch.moe_intermediate)
		hf_note(c, "%s %llu counted as %u experts of %llu", key,
		        (unsigned long long)sh, m->arch.n_shared_experts,
		        (unsigned long long)m->arch.moe_intermediate);
}

/* Shared experts: n_shared_experts, Llama 4's one, Qwen-MoE's
 * shared_expert_intermediate_size counted in experts' worth. */
static enum kvp_status shared_experts(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_sh[] = { "shared_expert_intermediate_size",
		"moe_shared_expert_intermediate_size", NULL };
	/* num_shared_experts: Kimi Linear (vLLM kimi_linear.py) */
	static const char *const k_nsh[] = { "n_shared_experts",
		"num_shared_experts",
		"moe_num_shared_experts",   /* ERNIE 4.5 (vLLM ernie45_moe.py) */
		NULL };
	uint64_t v = 0, sh = 0;
	int r;

	if (hf_uint_any(c, k_nsh, 0, 1u << 16, &v, NULL) < 0)
		return c->err->status;
	m->arch.n_shared_experts = (uint32_t)v;
	if (!strncmp(c->model_type, "llama4", 6) && !m->arch.n_shared_experts) {
		m->arch.n_shared_experts = 1;
		hf_note(c, "Llama 4: one shared expert per MoE layer");
	}
	if ((r = hf_uint_any(c, k_sh, 0, DIM_MAX, &sh, NULL)) < 0)
		return c->err->status;
	/* 0: no shared expert (vLLM qwen2_moe.py Qwen2MoeSparseMoeBlock and
	 * laguna.py LagunaMoE build one only when it is > 0; Qwen3-Coder-480B
	 * writes 0). Weights only: read, not refused. */
	if (r > 0 && sh == 0)
		r = 0;
	/* Nemotron-H: n_shared_experts of moe_shared_expert_intermediate_size
	 * each (vLLM nemotron_h.py NemotronHMoE: shared MLP of
	 * moe_shared_expert_intermediate_size x n_shared_experts) */
	if (r > 0 && m->arch.n_shared_experts && m->arch.moe_intermediate &&
	    sh != m->arch.moe_intermediate) {
		uint64_t n = kvp_ceil_div(sh, m->arch.moe_intermediate) *
		             m->arch.n_shared_experts;

		if (n > (1u << 16))
			return hf_bad(c, "moe_shared_expert_intermediate_size",
			              NULL, "too many experts' worth");
		if (sh % m->arch.moe_intermediate)
			hf_note(c, "shared expert intermediate %llu counted as "
			        "%llu experts of %llu", (unsigned long long)sh,
			        (unsigned long long)n,
			        (unsigned long long)m->arch.moe_intermediate);
		m->arch.n_shared_experts = (uint32_t)n;
	} else if (r > 0 && !m->arch.n_shared_experts && m->arch.moe_intermediate) {
		shared_worth(c, m, "shared_expert_intermediate_size", sh);
	}
	/* Gemma 4 with enable_moe_block: every layer keeps its dense MLP of
	 * intermediate_size beside the experts (transformers modeling_gemma4.py
	 * @c308a309 Gemma4TextDecoderLayer: mlp, then router and experts,
	 * both summed), counted as shared experts' worth */
	if (m->arch.n_experts && m->arch.moe_intermediate) {
		bool both = false;

		if (hf_bool(c, "enable_moe_block", &both) < 0)
			return c->err->status;
		if (both) {
			uint64_t n = kvp_ceil_div(m->arch.intermediate,
			                          m->arch.moe_intermediate);

			if (n + m->arch.n_shared_experts > (1u << 16))
				return hf_bad(c, "intermediate_size", NULL, "too many "
				              "experts' worth beside the experts");
			m->arch.n_shared_experts += (uint32_t)n;
			hf_note(c, "enable_moe_block: each layer's dense MLP "
			        "(intermediate %llu) counted as %llu shared experts "
			        "of %llu%s", (unsigned long long)m->arch.intermediate,
			        (unsigned long long)n,
			        (unsigned long long)m->arch.moe_intermediate,
			        m->arch.intermediate % m->arch.moe_intermediate ?
			        " (rounded up)" : "");
		}
	}
	return KVP_OK;
}

/*
 * ERNIE-4.5-VL lists its experts per modality: moe_num_experts and
 * moe_intermediate_size as [text, vision] (vLLM ernie45_vl_moe.py
 * Ernie4_5_VLMoeMoE: text experts of moe_intermediate_size[0], vision
 * experts of [1]). The text experts are counted, the vision ones noted:
 * 1 a list read into *v, 0 not a list, -1 error.
 */
static int modality_list(struct cfg *c, const char *key, uint64_t max,
                         uint64_t *v)
{
	char path[96], p2[112];
	const cJSON *a = hf_get(c, key, path, sizeof path);

	if (!cJSON_IsArray(a))
		return 0;
	snprintf(p2, sizeof p2, "%s[0]", path);
	if (hf_uint_at(c, cJSON_GetArrayItem(a, 0), p2, 0, max, v) <= 0) {
		hf_bad(c, p2, cJSON_GetArrayItem(a, 0), "the text experts' "
		       "entry, an integer");
		return -1;
	}
	if (cJSON_GetArraySize(a) > 1)
		hf_note(c, "%s: the text experts' %llu counted; the other "
		        "modalities' entries not in the weight estimate (the "
		        "cache does not depend on them)", path,
		        (unsigned long long)*v);
	return 1;
}

/*
 * Hunyuan's per-layer MoE keys (issue 35h): moe_topk and
 * moe_intermediate_size are an integer, or a list of one entry per layer
 * (vLLM hunyuan_v1.py @00f8d445 HunYuanSparseMoeBlock: top_k =
 * config.moe_topk[layer_id], intermediate_size =
 * config.moe_intermediate_size[layer_id] when lists; Hunyuan-A13B's
 * remote-code config lists 8 and 3,072 on each of its 32 layers). kvplan
 * keeps one value: entries that differ are refused naming the key.
 * 1 read, 0 absent, -1 error.
 */
static int layer_list(struct cfg *c, const char *key, uint64_t max,
                      uint64_t *v)
{
	char path[96], p2[112];
	const cJSON *a = hf_get(c, key, path, sizeof path), *e;
	uint64_t x = 0, k = 0;
	int i = 0, r;

	if (!a)
		return 0;
	if (!cJSON_IsArray(a))
		return hf_uint_at(c, a, path, 1, max, v);
	cJSON_ArrayForEach(e, a) {
		snprintf(p2, sizeof p2, "%s[%d]", path, i++);
		if ((r = hf_uint_at(c, e, p2, 1, max, &x)) <= 0) {
			if (r == 0)
				hf_bad(c, p2, e, "must be an integer");
			return -1;
		}
		if (k && x != k) {
			hf_bad(c, path, a, "differs per layer: kvplan keeps one "
			       "value for every MoE layer");
			return -1;
		}
		k = x;
	}
	if (!k) {
		hf_bad(c, path, a, "an empty list");
		return -1;
	}
	*v = k;
	return 1;
}

/*
 * SmallThinker's experts under names of its own (PowerInfer's remote
 * configuration_smallthinker.py: moe_num_primary_experts,
 * moe_num_active_primary_experts, moe_ffn_hidden_size, every layer's
 * SmallThinkerMoeBlock of up, gate and down; llama.cpp
 * conversion/smallthinker.py @80fb11a writes them as expert_count,
 * expert_used_count and expert_feed_forward_length). 1 read, 0 not that
 * family, -1 error.
 */
static int smallthinker_experts(struct cfg *c, struct kvp_model *m)
{
	uint64_t n = 0, k = 0, ff = 0;

	if (!c->fam || c->fam->layout != hf_fam_smallthinker)
		return 0;
	if (hf_uint(c, "moe_num_primary_experts", 0, 1u << 16, &n) < 0 ||
	    (n && hf_uint(c, "moe_num_active_primary_experts", 1, n, &k) < 0) ||
	    hf_uint(c, "moe_ffn_hidden_size", 1, DIM_MAX, &ff) < 0)
		return -1;
	if (n && (!k || !ff)) {
		hf_bad(c, k ? "moe_ffn_hidden_size" :
		       "moe_num_active_primary_experts", NULL,
		       "required with moe_num_primary_experts");
		return -1;
	}
	m->arch.n_experts = (uint32_t)n;
	m->arch.n_experts_active = (uint32_t)k;
	m->arch.moe_intermediate = (uint32_t)ff;
	return 1;
}

/* Routed experts: their count, per token, their size. */
static enum kvp_status experts(struct cfg *c, struct kvp_model *m,
                               const cJSON *ffn)
{
	static const char *const k_exp[] = {
		"num_local_experts", "num_experts", "n_routed_experts",
		"moe_num_experts", NULL };
	static const char *const k_act[] = {
		"num_experts_per_tok", "experts_per_token", "moe_top_k",
		"num_experts_per_token",
		"top_k_experts",   /* Gemma 4 (google/gemma-4-26B-A4B) */
		"moe_k",           /* ERNIE 4.5 (vLLM ernie45_moe.py top_k) */
		NULL };
	uint64_t v = 0;
	size_t i;
	int r;

	if ((r = smallthinker_experts(c, m)) != 0)
		return r < 0 ? c->err->status : KVP_OK;
	r = ffn ? hf_member_uint(c, ffn, "ffn_config", "moe_num_experts", 0,
	                         1u << 16, &v)
	        : modality_list(c, "moe_num_experts", 1u << 16, &v);
	if (r == 0 && !ffn)
		r = hf_uint_any(c, k_exp, 0, 1u << 16, &v, NULL);
	if (r < 0)
		return c->err->status;
	m->arch.n_experts = (uint32_t)v;
	if (!v)
		return KVP_OK;
	r = ffn ? hf_member_uint(c, ffn, "ffn_config", "moe_top_k", 1, v, &v)
	        : hf_uint_any(c, k_act, 1, v, &v, NULL);
	if (r == 0 && !ffn)
		r = layer_list(c, "moe_topk", m->arch.n_experts, &v);
	if (r < 0)
		return c->err->status;
	if (r == 0 && m->arch.n_experts == 1) {
		/* one expert and no top-k: the dense MLP (HunyuanOCR's
		 * num_experts 1; vLLM hunyuan_v1.py _is_moe is num_experts > 1,
		 * else HunYuanMLP), not 2 active of 1 (refused before) */
		m->arch.n_experts = 0;
		hf_note(c, "num_experts 1 without num_experts_per_tok: a dense "
		        "MLP");
		return KVP_OK;
	}
	if (r == 0) {
		v = 2;
		hf_note(c, "num_experts_per_tok absent: 2 assumed");
	}
	/* gpt-oss states both num_experts_per_tok and experts_per_token: the
	 * first read stands for both (the others are its aliases) */
	for (i = 0; !ffn && k_act[i]; i++)
		hf_superseded(c, k_act[i]);
	m->arch.n_experts_active = (uint32_t)v;
	v = 0;
	if (c->fam && c->fam->layout == hf_fam_hunyuan)   /* per layer */
		r = layer_list(c, "moe_intermediate_size", DIM_MAX, &v);
	else if ((r = modality_list(c, "moe_intermediate_size", DIM_MAX,
	                            &v)) == 0)
		r = hf_uint(c, "moe_intermediate_size", 1, DIM_MAX, &v);
	if (r < 0)
		return c->err->status;
	m->arch.moe_intermediate = r ? v : m->arch.intermediate;
	/* Llama 4: experts of intermediate_size, dense layers of
	 * intermediate_size_mlp */
	v = 0;
	if ((r = hf_uint(c, "intermediate_size_mlp", 1, DIM_MAX, &v)) < 0)
		return c->err->status;
	if (r > 0) {
		m->arch.moe_intermediate = m->arch.intermediate;
		m->arch.intermediate = v;
	}
	if (hunyuan_shared(c, m, &v) != KVP_OK)
		return c->err->status;
	if (v) {   /* Hunyuan's shared MLP: nothing else of the kind */
		m->arch.n_shared_experts = (uint32_t)v;
		return KVP_OK;
	}
	return shared_experts(c, m);
}

/*
 * ERNIE 4.5's MoE layers (vLLM ernie45_moe.py Ernie4_5_MoeDecoderLayer,
 * transformers modular_ernie4_5_moe.py): MoE where (i + 1) %
 * moe_layer_interval == 0 and moe_layer_start_index <= i (the smallest
 * entry of a list, ERNIE-4.5-VL's text and vision starts): the step and
 * the leading dense layers kvplan counts. Weights only.
 */
static enum kvp_status ernie_moe_layers(struct cfg *c, struct kvp_model *m,
                                        uint64_t *step)
{
	char path[96];
	const cJSON *st = hf_get(c, "moe_layer_start_index", path, sizeof path);
	const cJSON *e;
	uint64_t v = 0, lo = UINT64_MAX;

	if (!*step && hf_uint(c, "moe_layer_interval", 1, DIM_MAX, step) < 0)
		return c->err->status;
	if (!st || hf_has(c, "first_k_dense_replace"))
		return KVP_OK;
	if (cJSON_IsArray(st)) {
		cJSON_ArrayForEach(e, st) {
			if (hf_uint_at(c, e, path, 0, m->n_layers, &v) < 0)
				return c->err->status;
			lo = v < lo ? v : lo;
		}
	} else if (hf_uint_at(c, st, path, 0, m->n_layers, &lo) < 0) {
		return c->err->status;
	}
	if (lo != UINT64_MAX)
		m->arch.first_dense_layers = (uint32_t)lo;
	return KVP_OK;
}

/* Which layers are MoE: leading dense layers, then every step-th. */
static enum kvp_status moe_layers(struct cfg *c, struct kvp_model *m)
{
	uint64_t v = 0, step = 0, off = 0, per = 0;
	char path[96];
	const cJSON *arr, *mo;

	if (hf_uint(c, "first_k_dense_replace", 0, m->n_layers, &v) < 0)
		return c->err->status;
	m->arch.first_dense_layers = (uint32_t)v;
	m->arch.moe_layer_step = 1;
	if (hf_uint(c, "decoder_sparse_step", 1, DIM_MAX, &step) < 0)
		return c->err->status;
	if (!step && hf_uint(c, "interleave_moe_layer_step", 1, DIM_MAX,
	                     &step) < 0)
		return c->err->status;
	arr = hf_get(c, "moe_layer_freq", path, sizeof path);
	if (cJSON_IsArray(arr)) {
		if (moe_layer_list(c, m, arr, path))
			return c->err->status;
	} else if (!step && hf_uint(c, "moe_layer_freq", 1, DIM_MAX, &step) < 0) {
		return c->err->status;
	}
	if (hf_uint(c, "expert_layer_period", 1, DIM_MAX, &per) < 0 ||
	    hf_uint(c, "expert_layer_offset", 0, DIM_MAX, &off) < 0)
		return c->err->status;
	if (per) {
		/* Jamba: MoE where i % period == offset; kvplan counts MoE
		 * where (i + 1) % step == 0, the same when offset = period-1 */
		step = per;
		if (off != per - 1)
			hf_note(c, "expert_layer_offset %llu: MoE layers counted as "
			        "every %llu-th layer ending at period-1",
			        (unsigned long long)off, (unsigned long long)per);
	}
	if (ernie_moe_layers(c, m, &step))
		return c->err->status;
	if (step)
		m->arch.moe_layer_step = (uint32_t)step;
	mo = hf_get(c, "mlp_only_layers", path, sizeof path);
	if (mo && cJSON_IsArray(mo) && cJSON_GetArraySize(mo) > 0)
		hf_note(c, "mlp_only_layers not empty: those layers counted as MoE");
	return KVP_OK;
}

/*
 * Granite's shared MLP (GraniteMoeShared, Granite 4.0's GraniteMoeHybrid,
 * Granite MoE SWA): shared_intermediate_size, beside the experts of
 * intermediate_size when num_local_experts > 0 and the layer's only MLP
 * when it is 0 (vLLM granitemoeshared.py and granitemoehybrid.py: a
 * GraniteMoeSharedMLP, gated, when shared_intermediate_size > 0; the
 * experts when num_local_experts > 0). Counted as experts' worth beside
 * experts, as the dense MLP without them.
 */
static const char *const granite_shared[] = { "granitemoeshared",
	"granitemoehybrid", "granitemoe_swa", NULL };

static enum kvp_status granite_shared_mlp(struct cfg *c, struct kvp_model *m)
{
	uint64_t sh = 0;
	size_t i;
	int r;

	for (i = 0; granite_shared[i]; i++)
		if (!strcmp(c->model_type, granite_shared[i]))
			break;
	if (!granite_shared[i])
		return KVP_OK;
	if ((r = hf_uint(c, "shared_intermediate_size", 0, DIM_MAX, &sh)) < 0)
		return c->err->status;
	if (r == 0 || sh == 0)
		return KVP_OK;
	if (!m->arch.n_experts) {
		m->arch.intermediate = sh;
		return KVP_OK;
	}
	shared_worth(c, m, "shared_intermediate_size", sh);
	return KVP_OK;
}

enum kvp_status hf_mlp(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	/* DBRX keeps its MLP fields in ffn_config */
	const cJSON *ffn = hf_get(c, "ffn_config", path, sizeof path);

	if (ffn && !cJSON_IsObject(ffn))
		return hf_bad(c, path, ffn, "must be an object");
	if (dense_mlp(c, m, ffn) || experts(c, m, ffn) ||
	    granite_shared_mlp(c, m))
		return c->err->status;
	if (!m->arch.n_experts)
		return KVP_OK;
	return moe_layers(c, m);
}

