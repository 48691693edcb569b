/*
 * hf_import.c - a Hugging Face config.json turned into a struct kvp_model.
 *
 * The mapping follows what the engines do (vLLM's get_total_num_kv_heads,
 * transformers' config defaults, llama.cpp's layer patterns); every rule
 * applied to a missing or ambiguous field adds one line to *notes, which
 * front ends show as warnings. The per-layer layout is expressed as the
 * uniform fields (the most common layer) plus override rules over layer
 * ranges ("0-22/2"), so the result's per-layer table shows it.
 *
 * Ownership: the cJSON tree lives only inside kvp_hf_import_text (parse,
 * copy into plain structs, delete). Nothing is written to *m on error.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "io/file.h"
#include "kvplan/checked.h"
#include "kvplan/import.h"

/* Largest per-layer count or dimension accepted from a config. Real
 * models stay far below; the bound keeps products inside 64 bits. */
#define DIM_MAX   (1ull << 24)
#define COUNT_MAX (1ull << 40)

struct cfg {
	const cJSON *root;
	const cJSON *text;      /* text_config, or NULL */
	const char *name;       /* file name for messages */
	struct kvp_notes *notes;
	struct kvp_error *err;
	char model_type[48];
};

/* One layer's attention kind as the config implies it. */
struct lay {
	enum kvp_layer_kind kind;
	uint32_t window;
	uint32_t shared_with;
	uint64_t state_bytes;
};

static void note(struct cfg *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct cfg *c, const char *fmt, ...)
{
	va_list ap;

	if (!c->notes || c->notes->n >= KVP_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(c->notes->line[c->notes->n], sizeof c->notes->line[0], fmt, ap);
	va_end(ap);
	c->notes->n++;
}

/* Control characters of config strings would break the one-line rule of
 * notes and messages: replace them in place. */
static void clean(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* The JSON of a value, shortened, for messages. */
static void show(const cJSON *v, char *buf, size_t n)
{
	char *s = cJSON_PrintUnformatted(v);

	if (!s) {
		snprintf(buf, n, "?");
		return;
	}
	if (strlen(s) > 40)
		snprintf(buf, n, "%.37s...", s);
	else
		snprintf(buf, n, "%s", s);
	cJSON_free(s);
}

static enum kvp_status bad(struct cfg *c, const char *path, const cJSON *v,
                           const char *why)
{
	char val[48];

	if (v)
		show(v, val, sizeof val);
	else
		snprintf(val, sizeof val, "(absent)");
	return kvp_error_set(c->err, KVP_EINVAL, "%s: %s: %s - %s", c->name,
	                     path, val, why);
}

/* A key of the text config (text_config when present, then the top
 * level); JSON null counts as absent. *path receives the key path. */
static const cJSON *get(const struct cfg *c, const char *key, char *path,
                        size_t n)
{
	const cJSON *v;

	if (c->text) {
		v = cJSON_GetObjectItemCaseSensitive(c->text, key);
		if (v && !cJSON_IsNull(v)) {
			snprintf(path, n, "text_config.%s", key);
			return v;
		}
	}
	v = cJSON_GetObjectItemCaseSensitive(c->root, key);
	if (v && !cJSON_IsNull(v)) {
		snprintf(path, n, "%s", key);
		return v;
	}
	snprintf(path, n, "%s", key);
	return NULL;
}

static bool has_key(const struct cfg *c, const char *key)
{
	char path[96];

	return get(c, key, path, sizeof path) != NULL;
}

/*
 * An unsigned integer field. Returns 1 and *out when present, 0 when
 * absent (or null), -1 with c->err set when it is not an integer in
 * [min, max].
 */
static int get_uint_at(struct cfg *c, const cJSON *v, const char *path,
                       uint64_t min, uint64_t max, uint64_t *out)
{
	double d;

	if (!v)
		return 0;
	if (!cJSON_IsNumber(v)) {
		bad(c, path, v, "must be an integer");
		return -1;
	}
	d = v->valuedouble;
	if (!isfinite(d) || d != floor(d)) {
		bad(c, path, v, "must be an integer");
		return -1;
	}
	if (d < 0) {
		bad(c, path, v, "must not be negative");
		return -1;
	}
	if (d > (double)max) {
		char why[64];
		snprintf(why, sizeof why, "too large (limit %llu)",
		         (unsigned long long)max);
		bad(c, path, v, why);
		c->err->status = KVP_EOVERFLOW;
		return -1;
	}
	if (d < (double)min) {
		char why[64];
		snprintf(why, sizeof why, "must be at least %llu",
		         (unsigned long long)min);
		bad(c, path, v, why);
		c->err->status = KVP_ERANGE;
		return -1;
	}
	*out = (uint64_t)d;
	return 1;
}

static int get_uint(struct cfg *c, const char *key, uint64_t min,
                    uint64_t max, uint64_t *out)
{
	char path[96];
	const cJSON *v = get(c, key, path, sizeof path);

	return get_uint_at(c, v, path, min, max, out);
}

/* First present of several names; *which receives the name used. */
static int get_uint_any(struct cfg *c, const char *const *keys, uint64_t min,
                        uint64_t max, uint64_t *out, const char **which)
{
	size_t i;
	int r;

	for (i = 0; keys[i]; i++) {
		r = get_uint(c, keys[i], min, max, out);
		if (r != 0) {
			if (which)
				*which = keys[i];
			return r;
		}
	}
	return 0;
}

/* A boolean field: 1 true, 0 false or absent, -1 wrong type. */
static int get_bool(struct cfg *c, const char *key, bool *out)
{
	char path[96];
	const cJSON *v = get(c, key, path, sizeof path);

	*out = false;
	if (!v)
		return 0;
	if (!cJSON_IsBool(v)) {
		bad(c, path, v, "must be true or false");
		return -1;
	}
	*out = cJSON_IsTrue(v);
	return 1;
}

/* A string field: the string, NULL when absent; wrong type sets err and
 * *fail. */
static const char *get_str(struct cfg *c, const char *key, int *fail)
{
	char path[96];
	const cJSON *v = get(c, key, path, sizeof path);

	if (!v)
		return NULL;
	if (!cJSON_IsString(v) || !v->valuestring) {
		bad(c, path, v, "must be a string");
		*fail = 1;
		return NULL;
	}
	return v->valuestring;
}

static bool type_is(const struct cfg *c, const char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++)
		if (!strcmp(c->model_type, list[i]))
			return true;
	return false;
}

/* model_types whose layout rules this importer knows. */
static const char *const known_types[] = {
	"llama", "llama4", "llama4_text", "mistral", "mixtral", "qwen2",
	"qwen2_moe", "qwen3", "qwen3_moe", "gemma", "gemma2", "gemma3",
	"gemma3_text", "gemma3n", "gemma3n_text", "cohere2", "phi3", "phi",
	"deepseek_v2", "deepseek_v3", "kimi_k2", "gpt_oss", "falcon",
	"RefinedWeb", "RefinedWebModel", "gpt2", "gpt_bigcode", "gpt_neox",
	"mpt", "dbrx", "chatglm", "jamba", "granitemoehybrid", "bamba",
	"nemotron_h", "falcon_h1", "zamba2", "mamba2", "qwen3_next",
	"minimax", "olmo2", "granite", "starcoder2", "internlm2", NULL
};
static const char *const falcon_types[] = {
	"falcon", "RefinedWeb", "RefinedWebModel", NULL
};
/* MLP with two matrices (up, down), not gated. */
static const char *const ungated_types[] = {
	"gpt2", "gpt_bigcode", "gpt_neox", "falcon", "RefinedWeb",
	"RefinedWebModel", "mpt", "phi", "starcoder2", "opt", "bloom",
	"gptj", NULL
};
static const char *const qwen_types[] = {
	"qwen2", "qwen2_moe", "qwen3", "qwen3_moe", NULL
};
static const char *const gemma3_types[] = {
	"gemma3", "gemma3_text", "cohere2", NULL
};

/* ---- compute dtype --------------------------------------------------- */

static enum kvp_status import_dtype(struct cfg *c, struct kvp_model *m,
                                    enum kvp_dtype *dt)
{
	int fail = 0;
	const char *s = get_str(c, "torch_dtype", &fail);
	const char *key = "torch_dtype";

	if (fail)
		return c->err->status;
	if (!s) {
		s = get_str(c, "dtype", &fail);
		key = "dtype";
		if (fail)
			return c->err->status;
	}
	m->weights.dtype = KVP_W_BF16;
	*dt = KVP_DT_BF16;
	if (!s) {
		*dt = KVP_DT_F16;
		m->weights.dtype = KVP_W_F16;
		note(c, "torch_dtype absent: weights and cache f16 assumed "
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
		note(c, "%s float32: served in f16 (vLLM downcasts float32, "
		        "llama.cpp caches f16); weights and cache f16", key);
	} else {
		char path[96];
		const cJSON *v = get(c, key, path, sizeof path);
		return bad(c, path, v,
		           "unknown dtype (bfloat16, float16 or float32)");
	}
	return KVP_OK;
}

/* ---- quantization_config -> weight format ---------------------------- */

static enum kvp_status import_quant(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *q = get(c, "quantization_config", path, sizeof path);
	const cJSON *meth, *v;
	const char *method;
	uint64_t bits = 0, group = 0;
	int r;

	if (!q)
		return KVP_OK;
	if (!cJSON_IsObject(q))
		return bad(c, path, q, "must be an object");
	meth = cJSON_GetObjectItemCaseSensitive(q, "quant_method");
	if (!meth || !cJSON_IsString(meth)) {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.quant_method", path);
		return bad(c, p2, meth, "must be a string (awq, gptq, fp8, "
		                        "bitsandbytes, mxfp4)");
	}
	method = meth->valuestring;
	if (!strcmp(method, "awq") || !strcmp(method, "gptq")) {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.bits", path);
		r = get_uint_at(c, cJSON_GetObjectItemCaseSensitive(q, "bits"),
		                p2, 2, 8, &bits);
		if (r < 0)
			return c->err->status;
		if (r == 0)
			return bad(c, p2, NULL, "required for awq/gptq");
		snprintf(p2, sizeof p2, "%s.group_size", path);
		v = cJSON_GetObjectItemCaseSensitive(q, "group_size");
		if (v && cJSON_IsNumber(v) && v->valuedouble == -1) {
			group = 0; /* GPTQ per-channel */
		} else {
			r = get_uint_at(c, v, p2, 1, DIM_MAX, &group);
			if (r < 0)
				return c->err->status;
			if (r == 0)
				return bad(c, p2, NULL, "required for awq/gptq");
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
		note(c, "%s %llu-bit, group %llu: fp16 scale%s per group; "
		        "embeddings and lm_head 16-bit%s",
		     method, (unsigned long long)bits, (unsigned long long)group,
		     m->weights.zero_bits ? " and packed zero-point" : "",
		     strcmp(method, "gptq") ? "" : "; g_idx not counted");
	} else if (!strcmp(method, "fp8")) {
		m->weights.dtype = KVP_W_FP8;
		m->weights.bits = 8;
		m->weights.group_size = 0;
		m->weights.scale_bytes = 0;
		v = cJSON_GetObjectItemCaseSensitive(q, "weight_block_size");
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
		note(c, "fp8 weights: 1 byte per parameter%s; embeddings and "
		        "lm_head kept 16-bit",
		     m->weights.group_size ? " plus an f32 scale per block" : "");
	} else if (!strcmp(method, "bitsandbytes")) {
		bool b4 = false, b8 = false, dq = false;
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
			return bad(c, p2, v, "bitsandbytes needs load_in_4bit "
			                     "or load_in_8bit true");
		}
		m->weights.keep_embeddings_16bit = true;
		note(c, "bitsandbytes %s weights; embeddings and lm_head kept "
		        "16-bit", b4 ? "4-bit (block 64)" : "8-bit");
	} else if (!strcmp(method, "mxfp4")) {
		m->weights.dtype = KVP_W_INT4;
		m->weights.bits = 4;
		m->weights.group_size = 32;
		m->weights.scale_bytes = 1; /* e8m0 scale per 32 values */
		m->weights.keep_embeddings_16bit = true;
		note(c, "mxfp4: 4-bit with a 1-byte scale per 32 values");
	} else {
		char mname[48];
		snprintf(mname, sizeof mname, "%s", method);
		clean(mname);
		note(c, "quantization_config.quant_method \"%s\" unknown: "
		        "weights counted in the compute dtype", mname);
	}
	/* modules_to_not_convert naming attention: it stays 16-bit */
	v = cJSON_GetObjectItemCaseSensitive(q, "modules_to_not_convert");
	if (cJSON_IsArray(v)) {
		const cJSON *e;
		cJSON_ArrayForEach(e, v)
			if (cJSON_IsString(e) && strstr(e->valuestring, "attn"))
				m->weights.keep_attention_16bit = true;
		if (m->weights.keep_attention_16bit)
			note(c, "modules_to_not_convert keeps attention 16-bit");
	}
	note(c, "quantized weights do not quantize the KV cache: cache "
	        "format left at the compute dtype");
	return KVP_OK;
}

/* ---- KV heads (vLLM's order) ----------------------------------------- */

static enum kvp_status import_kv_heads(struct cfg *c, struct kvp_model *m)
{
	static const char *const kv_keys[] = {
		"n_head_kv", "num_kv_heads", "num_key_value_heads",
		"multi_query_group_num", NULL
	};
	const char *which = NULL;
	uint64_t kv = 0;
	bool mq = false, nda = false;
	char path[96];
	const cJSON *ac, *v;
	int r;

	if (type_is(c, falcon_types) || c->model_type[0] == '\0') {
		if (get_bool(c, "multi_query", &mq) < 0 ||
		    get_bool(c, "new_decoder_architecture", &nda) < 0)
			return c->err->status;
		if (mq && !nda) {
			m->base.kv_heads = 1;
			m->trained_kv_heads = 1;
			note(c, "multi_query true without new_decoder_architecture: "
			        "1 KV head (Falcon)");
			return KVP_OK;
		}
	}
	ac = get(c, "attn_config", path, sizeof path);
	if (ac && cJSON_IsObject(ac)) {
		char p2[128];
		snprintf(p2, sizeof p2, "%s.kv_n_heads", path);
		r = get_uint_at(c, cJSON_GetObjectItemCaseSensitive(ac, "kv_n_heads"),
		                p2, 1, DIM_MAX, &kv);
		if (r < 0)
			return c->err->status;
		if (r > 0) {
			m->base.kv_heads = (uint32_t)kv;
			m->trained_kv_heads = (uint32_t)kv;
			return KVP_OK;
		}
	}
	r = get_uint_any(c, kv_keys, 1, DIM_MAX, &kv, &which);
	if (r < 0)
		return c->err->status;
	if (r == 0) {
		m->base.kv_heads = m->q_heads;
		m->kv_heads_assumed = true;
		note(c, "num_key_value_heads absent: MHA assumed (%u KV heads = "
		        "query heads)", m->q_heads);
	} else {
		if (kv > m->q_heads || m->q_heads % kv) {
			char why[96];
			snprintf(why, sizeof why, "%u query heads are not a "
			         "multiple of it", m->q_heads);
			v = get(c, which, path, sizeof path);
			return bad(c, path, v, why);
		}
		m->base.kv_heads = (uint32_t)kv;
	}
	m->trained_kv_heads = m->base.kv_heads;
	return KVP_OK;
}

/* ---- recurrent (Mamba / linear attention) state ---------------------- */

/*
 * State bytes per sequence of one recurrent layer, f32 as llama.cpp keeps
 * it: (d_conv - 1) * (d_inner + 2 * n_group * d_state) + d_state * d_inner
 * values of 4 bytes. Mamba 1 (Jamba) has no groups (n_group 0). Linear
 * attention (gated delta rule) holds a conv state over q, k, v and one
 * k_dim x v_dim matrix per value head.
 */
static enum kvp_status recurrent_state(struct cfg *c, struct kvp_model *m,
                                       bool linear, uint64_t *state,
                                       uint64_t *params)
{
	static const char *const k_state[] = {
		"mamba_d_state", "ssm_state_size", "state_size", "d_state", NULL };
	static const char *const k_conv[] = {
		"mamba_d_conv", "conv_kernel", "d_conv", "mamba_conv_kernel",
		"linear_conv_kernel_dim", NULL };
	static const char *const k_expand[] = {
		"mamba_expand", "expand", NULL };
	static const char *const k_groups[] = {
		"mamba_n_groups", "n_groups", "ngroups", NULL };
	static const char *const k_nheads[] = {
		"mamba_n_heads", "mamba_num_heads", NULL };
	static const char *const k_dhead[] = {
		"mamba_d_head", "mamba_head_dim", NULL };
	uint64_t d_state = 0, d_conv = 0, expand = 0, groups = 0, nh = 0,
	         dh = 0, d_inner = 0, dt_rank = 0, vals = 0, t;
	int r;

	*state = 0;
	*params = 0;
	if (linear) {
		uint64_t nk = 0, nv = 0, kd = 0, vd = 0;
		if (get_uint(c, "linear_num_key_heads", 1, DIM_MAX, &nk) < 0 ||
		    get_uint(c, "linear_num_value_heads", 1, DIM_MAX, &nv) < 0 ||
		    get_uint(c, "linear_key_head_dim", 1, DIM_MAX, &kd) < 0 ||
		    get_uint(c, "linear_value_head_dim", 1, DIM_MAX, &vd) < 0 ||
		    get_uint_any(c, k_conv, 1, DIM_MAX, &d_conv, NULL) < 0)
			return c->err->status;
		if (!nk || !nv || !kd || !vd || !d_conv) {
			note(c, "linear-attention state fields absent: recurrent "
			        "state counted as 0 bytes");
			return KVP_OK;
		}
		/* conv over q, k (nk x kd each) and v (nv x vd); one kd x vd
		 * state per value head. Inputs are < 2^24, so no overflow. */
		vals = (d_conv - 1) * (2 * nk * kd + nv * vd) + nv * kd * vd;
		*state = vals * 4;
		return KVP_OK;
	}
	r = get_uint_any(c, k_state, 1, DIM_MAX, &d_state, NULL);
	if (r < 0)
		return c->err->status;
	if (r == 0) {
		note(c, "mamba d_state absent: recurrent state counted as 0 "
		        "bytes");
		return KVP_OK;
	}
	if ((r = get_uint_any(c, k_conv, 1, DIM_MAX, &d_conv, NULL)) < 0)
		return c->err->status;
	if (r == 0) {
		d_conv = 4;
		note(c, "mamba d_conv absent: 4 assumed");
	}
	if (get_uint_any(c, k_groups, 1, DIM_MAX, &groups, NULL) < 0 ||
	    get_uint_any(c, k_nheads, 1, DIM_MAX, &nh, NULL) < 0 ||
	    get_uint_any(c, k_dhead, 1, DIM_MAX, &dh, NULL) < 0 ||
	    get_uint(c, "mamba_d_inner", 1, DIM_MAX, &d_inner) < 0)
		return c->err->status;
	if (!d_inner && nh && dh)
		d_inner = nh * dh;
	if (!d_inner) {
		if ((r = get_uint_any(c, k_expand, 1, 64, &expand, NULL)) < 0)
			return c->err->status;
		if (r == 0) {
			expand = 2;
			note(c, "mamba expand absent: 2 assumed");
		}
		d_inner = expand * m->arch.hidden;
	}
	/* all factors < 2^24: products below 2^63 */
	vals = (d_conv - 1) * (d_inner + 2 * groups * d_state) +
	       d_state * d_inner;
	*state = vals * 4;
	/* Mamba 1 mixer parameters (Jamba): in_proj, conv1d (+bias),
	 * x_proj, dt_proj (+bias), A_log, D, out_proj, dt/B/C norms. */
	if (!groups) {
		if (get_uint(c, "mamba_dt_rank", 1, DIM_MAX, &dt_rank) < 0)
			return c->err->status;
		if (!dt_rank)
			dt_rank = kvp_ceil_div(m->arch.hidden, 16);
		t = m->arch.hidden * 2 * d_inner + d_inner * d_conv + d_inner +
		    d_inner * (dt_rank + 2 * d_state) + dt_rank * d_inner +
		    d_inner + d_inner * d_state + d_inner +
		    d_inner * m->arch.hidden + dt_rank + 2 * d_state;
		*params = t;
	} else {
		/* Mamba 2: in_proj to z, x, B, C, dt; conv over x, B, C;
		 * A, D, dt_bias per head; gated norm; out_proj. */
		uint64_t heads = nh ? nh : 1;
		uint64_t conv_dim = d_inner + 2 * groups * d_state;
		t = m->arch.hidden * (2 * d_inner + 2 * groups * d_state + heads) +
		    conv_dim * d_conv + conv_dim + 3 * heads + d_inner +
		    d_inner * m->arch.hidden;
		*params = t;
	}
	return KVP_OK;
}

/* ---- layer kinds ----------------------------------------------------- */

static int kind_from_name(const char *s, enum kvp_layer_kind *k)
{
	static const struct { const char *n; enum kvp_layer_kind k; } map[] = {
		{ "full_attention", KVP_LAYER_FULL },
		{ "attention", KVP_LAYER_FULL },
		{ "global", KVP_LAYER_FULL },
		{ "global_attention", KVP_LAYER_FULL },
		{ "sliding_attention", KVP_LAYER_SLIDING },
		{ "sliding", KVP_LAYER_SLIDING },
		{ "local", KVP_LAYER_SLIDING },
		{ "local_attention", KVP_LAYER_SLIDING },
		{ "chunked_attention", KVP_LAYER_CHUNKED },
		{ "linear_attention", KVP_LAYER_NONE },
		{ "mamba", KVP_LAYER_NONE },
		{ "mamba2", KVP_LAYER_NONE },
		{ "ssm", KVP_LAYER_NONE },
		{ "recurrent", KVP_LAYER_NONE },
	};
	size_t i;

	for (i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(s, map[i].n)) {
			*k = map[i].k;
			return 1;
		}
	return 0;
}

/* A list of layer kind names (layer_types, layers_block_type). */
static enum kvp_status kinds_from_list(struct cfg *c, const char *key,
                                       uint32_t n, struct lay *L,
                                       bool *found, bool *linear)
{
	char path[96], p2[128];
	const cJSON *a = get(c, key, path, sizeof path), *e;
	uint32_t i = 0;

	*found = false;
	if (!a)
		return KVP_OK;
	if (!cJSON_IsArray(a))
		return bad(c, path, a, "must be an array of layer type names");
	if ((uint32_t)cJSON_GetArraySize(a) != n) {
		char why[96];
		snprintf(why, sizeof why, "has %d entries for %u layers",
		         cJSON_GetArraySize(a), n);
		return bad(c, path, a, why);
	}
	cJSON_ArrayForEach(e, a) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (!cJSON_IsString(e) || !kind_from_name(e->valuestring, &L[i].kind))
			return bad(c, p2, e, "unknown layer type (full_attention, "
			       "sliding_attention, chunked_attention, "
			       "linear_attention, mamba)");
		if (!strcmp(e->valuestring, "linear_attention"))
			*linear = true;
		i++;
	}
	*found = true;
	return KVP_OK;
}

/*
 * Fill L[0..n-1] with each layer's kind, window and state.
 */
static enum kvp_status import_layers(struct cfg *c, struct kvp_model *m,
                                     struct lay *L)
{
	uint32_t n = m->n_layers, i;
	uint64_t sw = 0, chunk = 0, pattern = 0, mwl = 0, period = 0,
	         offset = 0, shared = 0, state = 0, rparams = 0;
	bool have_sw, found = false, linear = false, use_sw = false, any_none;
	int r;

	for (i = 0; i < n; i++) {
		memset(&L[i], 0, sizeof L[i]);
		L[i].kind = m->base.kind;
	}
	if ((r = get_uint(c, "sliding_window", 1, UINT32_MAX, &sw)) < 0)
		return c->err->status;
	have_sw = r > 0;
	if (get_uint(c, "attention_chunk_size", 1, UINT32_MAX, &chunk) < 0)
		return c->err->status;

	/* 1. explicit per-layer lists */
	if (kinds_from_list(c, "layer_types", n, L, &found, &linear))
		return c->err->status;
	if (!found &&
	    kinds_from_list(c, "layers_block_type", n, L, &found, &linear))
		return c->err->status;

	if (!found && m->base.kind != KVP_LAYER_MLA) {
		const char *pk = "sliding_window_pattern";
		if ((r = get_uint(c, pk, 1, DIM_MAX, &pattern)) == 0) {
			pk = "_sliding_window_pattern";
			r = get_uint(c, pk, 1, DIM_MAX, &pattern);
		}
		if (r < 0)
			return c->err->status;
		if (!pattern && type_is(c, gemma3_types) && have_sw) {
			pattern = 6;
			note(c, "sliding_window_pattern absent: 6 (Gemma 3 "
			        "default: 5 sliding layers, then 1 full)");
		}
		if (get_uint(c, "attn_layer_period", 1, DIM_MAX, &period) < 0 ||
		    get_uint(c, "attn_layer_offset", 0, DIM_MAX, &offset) < 0)
			return c->err->status;

		if (period) {
			/* Jamba: attention where i % period == offset */
			for (i = 0; i < n; i++)
				L[i].kind = (i % period == offset) ?
				            KVP_LAYER_FULL : KVP_LAYER_NONE;
			found = true;
		} else if (pattern && have_sw) {
			/* Gemma 3: sliding unless (i + 1) % pattern == 0 */
			for (i = 0; i < n; i++)
				L[i].kind = ((i + 1) % pattern == 0) ?
				            KVP_LAYER_FULL : KVP_LAYER_SLIDING;
			found = true;
		} else if (!strcmp(c->model_type, "gemma2") && have_sw) {
			/* Gemma 2: layer 0 sliding, then alternating */
			for (i = 0; i < n; i++)
				L[i].kind = (i % 2 == 0) ? KVP_LAYER_SLIDING
				                         : KVP_LAYER_FULL;
			found = true;
		} else if (chunk) {
			/* Llama 4: RoPE layers use chunked attention; the
			 * no-RoPE layers (every 4th by default) are global. */
			char path[96];
			const cJSON *nr = get(c, "no_rope_layers", path, sizeof path);
			if (nr && cJSON_IsArray(nr) &&
			    (uint32_t)cJSON_GetArraySize(nr) == n) {
				const cJSON *e;
				i = 0;
				cJSON_ArrayForEach(e, nr) {
					if (!cJSON_IsNumber(e))
						return bad(c, path, e, "entries "
						           "must be 0 or 1");
					L[i].kind = e->valuedouble != 0 ?
					            KVP_LAYER_CHUNKED : KVP_LAYER_FULL;
					i++;
				}
			} else {
				for (i = 0; i < n; i++)
					L[i].kind = ((i + 1) % 4 == 0) ?
					            KVP_LAYER_FULL : KVP_LAYER_CHUNKED;
				note(c, "no_rope_layers absent: every 4th layer "
				        "global, the others chunked (Llama 4 "
				        "default)");
			}
			found = true;
		} else if (have_sw && (type_is(c, qwen_types) ||
		                       has_key(c, "use_sliding_window"))) {
			/* Qwen2 and its derivatives (Qwen2-VL, ...): the
			 * window applies only with use_sliding_window */
			if (get_bool(c, "use_sliding_window", &use_sw) < 0)
				return c->err->status;
			if ((r = get_uint(c, "max_window_layers", 0, DIM_MAX,
			                  &mwl)) < 0)
				return c->err->status;
			if (use_sw) {
				if (r == 0)
					note(c, "max_window_layers absent: every "
					        "layer slides");
				for (i = 0; i < n; i++)
					L[i].kind = i >= mwl ? KVP_LAYER_SLIDING
					                     : KVP_LAYER_FULL;
			}
			found = true;
		} else if (have_sw && !strcmp(c->model_type, "phi3")) {
			note(c, "sliding_window %llu ignored: llama.cpp (n_swa 0) "
			        "and vLLM run Phi-3 with full attention",
			     (unsigned long long)sw);
			found = true;
		} else if (have_sw) {
			for (i = 0; i < n; i++)
				L[i].kind = KVP_LAYER_SLIDING;
			if (strcmp(c->model_type, "mistral") &&
			    strcmp(c->model_type, "mixtral"))
				note(c, "sliding_window %llu with no layer pattern: "
				        "every layer slides",
				     (unsigned long long)sw);
			found = true;
		}
	}

	/* windows */
	for (i = 0; i < n; i++) {
		if (L[i].kind == KVP_LAYER_SLIDING) {
			if (!have_sw) {
				if (type_is(c, gemma3_types)) {
					sw = 4096;
					note(c, "sliding_window absent: 4096 "
					        "(Gemma3TextConfig default)");
				} else {
					return bad(c, "sliding_window", NULL,
					           "required by sliding layers");
				}
				have_sw = true;
			}
			L[i].window = (uint32_t)sw;
		} else if (L[i].kind == KVP_LAYER_CHUNKED) {
			if (!chunk)
				return bad(c, "attention_chunk_size", NULL,
				           "required by chunked layers");
			L[i].window = (uint32_t)chunk;
		}
	}

	/* recurrent layers */
	any_none = false;
	for (i = 0; i < n; i++)
		any_none |= L[i].kind == KVP_LAYER_NONE;
	if (any_none) {
		if (recurrent_state(c, m, linear, &state, &rparams))
			return c->err->status;
		m->arch.recurrent_params_per_layer = rparams;
		for (i = 0; i < n; i++)
			if (L[i].kind == KVP_LAYER_NONE)
				L[i].state_bytes = state;
	}

	/* Gemma 3n: the last N layers reuse the cache of the last earlier
	 * layer of the same kind. */
	if ((r = get_uint(c, "num_kv_shared_layers", 0, n, &shared)) < 0)
		return c->err->status;
	if (shared >= n && shared)
		return bad(c, "num_kv_shared_layers", NULL,
		           "must be below the layer count");
	for (i = (uint32_t)(n - shared); i < n && shared; i++) {
		uint32_t j = (uint32_t)(n - shared);
		bool ok = false;
		while (j-- > 0)
			if (L[j].kind == L[i].kind) {
				ok = true;
				break;
			}
		if (!ok)
			return bad(c, "num_kv_shared_layers", NULL,
			           "a shared layer has no earlier layer of its kind");
		L[i].kind = KVP_LAYER_SHARED;
		L[i].shared_with = j;
	}
	return KVP_OK;
}

/* ---- layout as base + rules ------------------------------------------ */

static bool lay_eq(const struct lay *a, const struct lay *b)
{
	return a->kind == b->kind && a->window == b->window &&
	       a->shared_with == b->shared_with &&
	       a->state_bytes == b->state_bytes;
}

static void set_rule(struct kvp_layer_rule *r, const struct lay *base,
                     const struct lay *l)
{
	memset(r, 0, sizeof *r);
	r->v.kind = l->kind;
	r->set |= 1u << KVP_LF_KIND;
	if (l->window != base->window) {
		r->v.window = l->window;
		r->set |= 1u << KVP_LF_WINDOW;
	}
	if (l->state_bytes != base->state_bytes) {
		r->v.state_bytes = l->state_bytes;
		r->set |= 1u << KVP_LF_STATE_BYTES;
	}
	if (l->kind == KVP_LAYER_SHARED) {
		r->v.shared_with = l->shared_with;
		r->set |= 1u << KVP_LF_SHARED_WITH;
	}
}

static enum kvp_status layout_rules(struct cfg *c, struct kvp_model *m,
                                    const struct lay *L)
{
	uint32_t n = m->n_layers, i, j, best = 0, bestn = 0, cnt;
	bool done[KVP_MAX_LAYERS];

	/* base = the most common layer (the first such on ties) */
	for (i = 0; i < n; i++) {
		cnt = 0;
		for (j = 0; j < n; j++)
			cnt += lay_eq(&L[i], &L[j]);
		if (cnt > bestn) {
			bestn = cnt;
			best = i;
		}
	}
	m->base.kind = L[best].kind;
	m->base.window = L[best].window;
	m->base.state_bytes = L[best].state_bytes;
	m->base.shared_with = L[best].shared_with;
	m->n_rules = 0;

	for (i = 0; i < n; i++)
		done[i] = lay_eq(&L[i], &L[best]);
	/* Cover the other layers with arithmetic progressions of equal
	 * layers, first to last. */
	for (i = 0; i < n; i++) {
		uint32_t step = 1, last = i, k;
		struct kvp_layer_rule *r;

		if (done[i])
			continue;
		for (j = i + 1; j < n; j++)
			if (!done[j] && lay_eq(&L[j], &L[i]))
				break;
		if (j < n) {
			step = j - i;
			for (k = i + step; k < n && !done[k] &&
			     lay_eq(&L[k], &L[i]); k += step)
				last = k;
		}
		if (m->n_rules >= KVP_MAX_RULES)
			return kvp_error_set(c->err, KVP_ERANGE,
			       "%s: layer_types: layout needs more than %d "
			       "layer rules", c->name, KVP_MAX_RULES);
		r = &m->rules[m->n_rules++];
		set_rule(r, &L[best], &L[i]);
		r->range.all = false;
		r->range.first = i;
		r->range.last = last;
		r->range.step = last == i ? 1 : step;
		for (k = i; k <= last; k += (last == i ? 1 : step))
			done[k] = true;
	}
	return KVP_OK;
}

/* ---- MoE and MLP ----------------------------------------------------- */

static enum kvp_status import_mlp(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_inter[] = {
		"intermediate_size", "n_inner", "ffn_hidden_size", "ffn_dim",
		NULL };
	static const char *const k_exp[] = {
		"num_local_experts", "num_experts", "n_routed_experts",
		"moe_num_experts", NULL };
	static const char *const k_act[] = {
		"num_experts_per_tok", "experts_per_token", "moe_top_k",
		"num_experts_per_token", NULL };
	uint64_t v = 0, step = 0, off = 0, per = 0, sh = 0;
	char path[96], p2[128];
	const cJSON *arr, *ffn;
	int r;

	/* DBRX keeps its MLP fields in ffn_config */
	ffn = get(c, "ffn_config", path, sizeof path);
	if (ffn && !cJSON_IsObject(ffn))
		return bad(c, path, ffn, "must be an object");
	arr = get(c, "intermediate_size", path, sizeof path);
	if (cJSON_IsArray(arr)) {
		/* Gemma 3n: one size per layer; the count uses their mean */
		const cJSON *e;
		uint64_t sum = 0, n = 0, x;
		cJSON_ArrayForEach(e, arr) {
			snprintf(p2, sizeof p2, "%s[%llu]", path,
			         (unsigned long long)n);
			if (get_uint_at(c, e, p2, 1, DIM_MAX, &x) < 0)
				return c->err->status;
			sum += x;
			n++;
		}
		if (n == 0)
			return bad(c, path, arr, "empty list");
		v = sum / n;
		r = 1;
		if (sum % n)
			note(c, "intermediate_size differs per layer: mean %llu "
			        "used for the weight count", (unsigned long long)v);
	} else if (ffn) {
		snprintf(p2, sizeof p2, "%s.ffn_hidden_size", path);
		r = get_uint_at(c, cJSON_GetObjectItemCaseSensitive(ffn,
		                "ffn_hidden_size"), p2, 1, DIM_MAX, &v);
		if (r < 0)
			return c->err->status;
	} else if ((r = get_uint_any(c, k_inter, 1, DIM_MAX, &v, NULL)) < 0) {
		return c->err->status;
	}
	if (r == 0) {
		v = 4 * m->arch.hidden;
		note(c, "intermediate_size absent: 4 x hidden = %llu assumed",
		     (unsigned long long)v);
	}
	m->arch.intermediate = v;
	m->arch.gated_mlp = !type_is(c, ungated_types);

	v = 0;
	if (ffn) {
		snprintf(p2, sizeof p2, "ffn_config.moe_num_experts");
		r = get_uint_at(c, cJSON_GetObjectItemCaseSensitive(ffn,
		                "moe_num_experts"), p2, 0, 1u << 16, &v);
	} else {
		r = get_uint_any(c, k_exp, 0, 1u << 16, &v, NULL);
	}
	if (r < 0)
		return c->err->status;
	m->arch.n_experts = (uint32_t)v;
	if (!v)
		return KVP_OK;
	if (ffn) {
		snprintf(p2, sizeof p2, "ffn_config.moe_top_k");
		r = get_uint_at(c, cJSON_GetObjectItemCaseSensitive(ffn,
		                "moe_top_k"), p2, 1, v, &v);
	} else {
		r = get_uint_any(c, k_act, 1, v, &v, NULL);
	}
	if (r < 0)
		return c->err->status;
	if (r == 0) {
		v = 2;
		note(c, "num_experts_per_tok absent: 2 assumed");
	}
	m->arch.n_experts_active = (uint32_t)v;
	v = 0;
	if (get_uint(c, "n_shared_experts", 0, 1u << 16, &v) < 0)
		return c->err->status;
	m->arch.n_shared_experts = (uint32_t)v;
	v = 0;
	if ((r = get_uint(c, "moe_intermediate_size", 1, DIM_MAX, &v)) < 0)
		return c->err->status;
	m->arch.moe_intermediate = r ? v : m->arch.intermediate;
	/* Llama 4: experts of intermediate_size, dense layers of
	 * intermediate_size_mlp, one shared expert */
	v = 0;
	if ((r = get_uint(c, "intermediate_size_mlp", 1, DIM_MAX, &v)) < 0)
		return c->err->status;
	if (r > 0) {
		m->arch.moe_intermediate = m->arch.intermediate;
		m->arch.intermediate = v;
	}
	if (!strncmp(c->model_type, "llama4", 6) && !m->arch.n_shared_experts) {
		m->arch.n_shared_experts = 1;
		note(c, "Llama 4: one shared expert per MoE layer");
	}
	/* Qwen-MoE: a shared expert of shared_expert_intermediate_size,
	 * counted as that many experts' worth of moe_intermediate */
	if ((r = get_uint(c, "shared_expert_intermediate_size", 1, DIM_MAX,
	                  &sh)) < 0)
		return c->err->status;
	if (r > 0 && !m->arch.n_shared_experts && m->arch.moe_intermediate) {
		m->arch.n_shared_experts =
			(uint32_t)kvp_ceil_div(sh, m->arch.moe_intermediate);
		if (sh % m->arch.moe_intermediate)
			note(c, "shared_expert_intermediate_size %llu counted as "
			        "%u experts of %llu", (unsigned long long)sh,
			     m->arch.n_shared_experts,
			     (unsigned long long)m->arch.moe_intermediate);
	}
	v = 0;
	if (get_uint(c, "first_k_dense_replace", 0, m->n_layers, &v) < 0)
		return c->err->status;
	m->arch.first_dense_layers = (uint32_t)v;
	m->arch.moe_layer_step = 1;
	if (get_uint(c, "decoder_sparse_step", 1, DIM_MAX, &step) < 0)
		return c->err->status;
	if (!step && get_uint(c, "interleave_moe_layer_step", 1, DIM_MAX,
	                      &step) < 0)
		return c->err->status;
	if (!step && get_uint(c, "moe_layer_freq", 1, DIM_MAX, &step) < 0)
		return c->err->status;
	if (get_uint(c, "expert_layer_period", 1, DIM_MAX, &per) < 0 ||
	    get_uint(c, "expert_layer_offset", 0, DIM_MAX, &off) < 0)
		return c->err->status;
	if (per) {
		/* Jamba: MoE where i % period == offset; kvplan counts MoE
		 * where (i + 1) % step == 0, the same when offset = period-1 */
		step = per;
		if (off != per - 1)
			note(c, "expert_layer_offset %llu: MoE layers counted as "
			        "every %llu-th layer ending at period-1",
			     (unsigned long long)off, (unsigned long long)per);
	}
	if (step)
		m->arch.moe_layer_step = (uint32_t)step;
	{
		const cJSON *mo = get(c, "mlp_only_layers", path, sizeof path);
		if (mo && cJSON_IsArray(mo) && cJSON_GetArraySize(mo) > 0)
			note(c, "mlp_only_layers not empty: those layers "
			        "counted as MoE");
	}
	return KVP_OK;
}

/* ---- whole config ---------------------------------------------------- */

static void line_col(const char *text, size_t len, const char *at,
                     unsigned *line, unsigned *col)
{
	const char *p;

	*line = 1;
	*col = 1;
	if (!at || at < text || at > text + len)
		return;
	for (p = text; p < at; p++) {
		if (*p == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static enum kvp_status import_obj(struct cfg *c, struct kvp_model *m,
                                  struct lay *L)
{
	static const char *const k_layers[] = {
		"num_hidden_layers", "n_layer", "num_layers", "n_layers", NULL };
	static const char *const k_heads[] = {
		"num_attention_heads", "n_head", "n_heads", NULL };
	static const char *const k_hidden[] = {
		"hidden_size", "n_embd", "d_model", NULL };
	static const char *const k_pos[] = {
		"max_position_embeddings", "n_positions", "max_seq_len",
		"seq_length", "max_sequence_length", "n_ctx", NULL };
	char path[96];
	const cJSON *v;
	const char *s;
	uint64_t x = 0, hd = 0;
	int r, fail = 0;
	enum kvp_dtype dt;

	/* model_type: text_config's when nested, else the top level's */
	s = get_str(c, "model_type", &fail);
	if (fail)
		return c->err->status;
	snprintf(c->model_type, sizeof c->model_type, "%s", s ? s : "");
	clean(c->model_type);
	snprintf(m->model_type, sizeof m->model_type, "%s", c->model_type);

	if ((r = get_uint_any(c, k_layers, 1, KVP_MAX_LAYERS, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0) {
		if (cJSON_GetObjectItemCaseSensitive(c->root, "added_tokens") ||
		    cJSON_GetObjectItemCaseSensitive(c->root, "normalizer") ||
		    cJSON_GetObjectItemCaseSensitive(c->root, "pre_tokenizer"))
			return kvp_error_set(c->err, KVP_EINVAL,
			       "%s: num_hidden_layers: (absent) - not a model "
			       "config (this looks like a tokenizer.json)", c->name);
		return kvp_error_set(c->err, KVP_EINVAL,
		       "%s: num_hidden_layers: (absent) - not a model config "
		       "(no num_hidden_layers or n_layer)", c->name);
	}
	m->n_layers = (uint32_t)x;
	if ((r = get_uint_any(c, k_heads, 1, DIM_MAX, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0)
		return bad(c, "num_attention_heads", NULL, "required");
	m->q_heads = (uint32_t)x;
	if ((r = get_uint_any(c, k_hidden, 1, DIM_MAX, &x, NULL)) < 0)
		return c->err->status;
	if (r == 0)
		return bad(c, "hidden_size", NULL, "required");
	m->arch.hidden = x;
	x = 0;
	if (get_uint(c, "vocab_size", 1, COUNT_MAX, &x) < 0)
		return c->err->status;
	m->arch.vocab = x;
	if (!x) {
		if (type_is(c, gemma3_types) && strcmp(c->model_type, "cohere2")) {
			m->arch.vocab = 262208;
			note(c, "vocab_size absent: 262208 (Gemma3TextConfig "
			        "default)");
		} else {
			note(c, "vocab_size absent: embeddings and lm_head not "
			        "counted in the weights");
		}
	}
	x = 0;
	if (get_uint_any(c, k_pos, 1, COUNT_MAX, &x, NULL) < 0)
		return c->err->status;
	m->arch.max_positions = x;
	if (!x && type_is(c, gemma3_types)) {
		m->arch.max_positions = 131072;
		note(c, "max_position_embeddings absent: 131072 (Gemma 3 "
		        "default)");
	} else if (!x && type_is(c, falcon_types)) {
		m->arch.max_positions = 2048;
		note(c, "max_position_embeddings absent: 2048 (FalconConfig "
		        "default)");
	} else if (!x) {
		note(c, "max_position_embeddings absent: give the context "
		        "length (engines default to the model's maximum)");
	}
	if (get_bool(c, "tie_word_embeddings", &m->arch.tie_embeddings) < 0)
		return c->err->status;
	v = get(c, "tie_word_embeddings", path, sizeof path);
	if (!v && (type_is(c, gemma3_types) || type_is(c, falcon_types) ||
	           !strcmp(c->model_type, "gemma2") ||
	           !strcmp(c->model_type, "gemma") ||
	           !strcmp(c->model_type, "gpt2"))) {
		m->arch.tie_embeddings = true; /* their config default */
	}
	if (get_bool(c, "attention_bias", &m->arch.attention_bias) < 0)
		return c->err->status;
	if (type_is(c, qwen_types) && !strncmp(c->model_type, "qwen2", 5))
		m->arch.attention_bias = true; /* Qwen2: q, k, v biases */
	if (!strcmp(c->model_type, "gpt2"))
		m->arch.attention_bias = true;

	if (import_kv_heads(c, m))
		return c->err->status;

	/* head dims */
	if ((r = get_uint(c, "head_dim", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0 && (r = get_uint(c, "kv_channels", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0) {
		hd = m->arch.hidden / m->q_heads;
		if (hd == 0)
			return bad(c, "hidden_size", NULL,
			           "smaller than the number of heads");
		if (m->arch.hidden % m->q_heads)
			note(c, "head_dim absent and hidden_size %llu not a "
			        "multiple of %u heads: %llu (integer division)",
			     (unsigned long long)m->arch.hidden, m->q_heads,
			     (unsigned long long)hd);
	}
	m->base.kind = KVP_LAYER_FULL;
	m->base.k_dim = (uint32_t)hd;
	m->base.v_dim = (uint32_t)hd;

	/* MLA */
	x = 0;
	if ((r = get_uint(c, "kv_lora_rank", 1, DIM_MAX, &x)) < 0)
		return c->err->status;
	if (r > 0) {
		uint64_t rope = 0, nope = 0, vd = 0, ql = 0;
		m->mla.kv_lora_rank = (uint32_t)x;
		if ((r = get_uint(c, "qk_rope_head_dim", 1, DIM_MAX, &rope)) < 0)
			return c->err->status;
		if (r == 0)
			return bad(c, "qk_rope_head_dim", NULL, "required with "
			           "kv_lora_rank (MLA)");
		if ((r = get_uint(c, "qk_nope_head_dim", 1, DIM_MAX, &nope)) < 0)
			return c->err->status;
		if (r == 0)
			return bad(c, "qk_nope_head_dim", NULL, "required with "
			           "kv_lora_rank (MLA)");
		if ((r = get_uint(c, "v_head_dim", 1, DIM_MAX, &vd)) < 0)
			return c->err->status;
		if (r == 0) {
			vd = nope;
			note(c, "v_head_dim absent: %llu (= qk_nope_head_dim, "
			        "DeepSeek V2 default)", (unsigned long long)vd);
		}
		if (get_uint(c, "q_lora_rank", 1, DIM_MAX, &ql) < 0)
			return c->err->status;
		m->mla.qk_rope_head_dim = (uint32_t)rope;
		m->mla.qk_nope_head_dim = (uint32_t)nope;
		m->mla.v_head_dim = (uint32_t)vd;
		m->mla.q_lora_rank = (uint32_t)ql;
		m->base.kind = KVP_LAYER_MLA;
		/* decompressed view: per head K nope+rope, V v_head_dim */
		m->base.k_dim = (uint32_t)(nope + rope);
		m->base.v_dim = (uint32_t)vd;
	}

	if (import_dtype(c, m, &dt))
		return c->err->status;
	m->base.k_fmt = kvp_format_plain(dt);
	m->base.v_fmt = kvp_format_plain(dt);
	m->kv_fmt_defaulted = true;
	if (import_quant(c, m))
		return c->err->status;
	if (import_mlp(c, m))
		return c->err->status;
	if (import_layers(c, m, L))
		return c->err->status;
	if (layout_rules(c, m, L))
		return c->err->status;
	return KVP_OK;
}

enum kvp_status kvp_hf_import_text(const char *text, size_t len,
                                   const char *name, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err)
{
	struct kvp_error local;
	struct cfg c;
	struct kvp_model out;
	struct lay *L;
	const char *end = NULL;
	cJSON *root;
	const cJSON *tc;
	enum kvp_status st;
	unsigned line, col;

	if (!err)
		err = &local;
	kvp_error_clear(err);
	if (!name)
		name = "config.json";
	if (notes)
		notes->n = 0;
	if (len == 0)
		return kvp_error_set(err, KVP_EPARSE, "%s: empty file", name);
	if (len > KVP_IMPORT_MAX_BYTES)
		return kvp_error_set(err, KVP_EINVAL, "%s: %zu bytes - larger "
		                     "than the %u-byte limit for a config",
		                     name, len, KVP_IMPORT_MAX_BYTES);
	root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
	if (!root) {
		line_col(text, len, end, &line, &col);
		return kvp_error_set(err, KVP_EPARSE, "%s:%u:%u: malformed JSON",
		                     name, line, col);
	}
	memset(&c, 0, sizeof c);
	c.root = root;
	c.name = name;
	c.notes = notes;
	c.err = err;
	if (!cJSON_IsObject(root)) {
		st = kvp_error_set(err, KVP_EINVAL, "%s: (top level): not an "
		                   "object - not a model config", name);
		cJSON_Delete(root);
		return st;
	}
	tc = cJSON_GetObjectItemCaseSensitive(root, "text_config");
	if (tc && !cJSON_IsNull(tc)) {
		if (!cJSON_IsObject(tc)) {
			st = bad(&c, "text_config", tc, "must be an object");
			cJSON_Delete(root);
			return st;
		}
		c.text = tc;
	}
	L = calloc(KVP_MAX_LAYERS, sizeof *L);
	if (!L) {
		cJSON_Delete(root);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", name);
	}
	memset(&out, 0, sizeof out);
	st = import_obj(&c, &out, L);
	if (st == KVP_OK) {
		const cJSON *np = cJSON_GetObjectItemCaseSensitive(root,
		                                                   "_name_or_path");
		if (cJSON_IsString(np) && np->valuestring[0])
			snprintf(out.id, sizeof out.id, "%s", np->valuestring);
		else
			snprintf(out.id, sizeof out.id, "%s", name);
		clean(out.id);
		snprintf(out.source, sizeof out.source, "imported from %s", name);
		if (out.model_type[0] == '\0')
			note(&c, "model_type absent: generic rules applied");
		else if (!type_is(&c, known_types))
			note(&c, "model_type \"%.40s\" unknown: generic rules "
			        "applied", out.model_type);
		*m = out;
	}
	free(L);
	cJSON_Delete(root);
	return st;
}

enum kvp_status kvp_hf_import_path(const char *path, struct kvp_model *m,
                                   struct kvp_notes *notes,
                                   struct kvp_error *err)
{
	struct kvp_error local;
	char file[4096];
	struct stat sb;
	FILE *f;
	int fd;
	char *buf;
	size_t got;
	enum kvp_status st;

	if (!err)
		err = &local;
	kvp_error_clear(err);
	if (stat(path, &sb) != 0)
		return kvp_error_set(err, KVP_EIO, "%s: %s", path, strerror(errno));
	if (S_ISDIR(sb.st_mode)) {
		if ((size_t)snprintf(file, sizeof file, "%s/config.json", path) >=
		    sizeof file)
			return kvp_error_set(err, KVP_EINVAL, "%s: path too long",
			                     path);
		if (stat(file, &sb) != 0)
			return kvp_error_set(err, KVP_EIO, "%s: %s", file,
			                     strerror(errno));
	} else {
		snprintf(file, sizeof file, "%s", path);
	}
	if (!S_ISREG(sb.st_mode))
		return kvp_error_set(err, KVP_EIO, "%s: not a regular file", file);
	if ((uint64_t)sb.st_size > KVP_IMPORT_MAX_BYTES)
		return kvp_error_set(err, KVP_EINVAL, "%s: %lld bytes - larger "
		                     "than the %u-byte limit for a config", file,
		                     (long long)sb.st_size, KVP_IMPORT_MAX_BYTES);
	/* never blocks: a FIFO swapped in after the stat is refused too */
	fd = kvp_file_open_regular(file, NULL, err);
	if (fd < 0)
		return err->status;
	f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return kvp_error_set(err, KVP_EIO, "%s: %s", file, strerror(errno));
	}
	buf = malloc(KVP_IMPORT_MAX_BYTES + 1);
	if (!buf) {
		fclose(f);
		return kvp_error_set(err, KVP_ENOMEM, "%s: out of memory", file);
	}
	got = fread(buf, 1, KVP_IMPORT_MAX_BYTES + 1, f);
	if (ferror(f)) {
		st = kvp_error_set(err, KVP_EIO, "%s: read error", file);
	} else {
		/* the limit is checked again: the file may have grown */
		st = kvp_hf_import_text(buf, got, file, m, notes, err);
	}
	fclose(f);
	free(buf);
	return st;
}
