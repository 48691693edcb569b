/*
 * hf_state.c - what a model caches beside its KV rows, from the model's
 * own sizes: the recurrent state of Mamba, Mamba2, gated DeltaNet and
 * KDA layers (conv and SSM apart, model.recur) and the DSA indexer keys
 * (model.indexer).
 *
 * Recurrent values per layer and sequence, as the engines size them:
 *   Mamba/Mamba2  conv (d_conv - 1) x (d_inner + 2 x n_groups x d_state)
 *                 ssm  d_state x d_inner            (Mamba 1: n_groups 0)
 *     llama.cpp llama-hparams.cpp n_embd_r()/n_embd_s(); vLLM
 *     layers/mamba/mamba_utils.py mamba1/mamba2_state_shape
 *   gated DeltaNet (Qwen3-Next, Qwen3.5)
 *                 conv (d_conv - 1) x (2 x nk x dk + nv x dv)
 *                 ssm  nv x dk x dv
 *     vLLM mamba_utils.py gated_delta_net_state_shape; llama.cpp qwen3next
 *     (d_inner = nv x dv, n_group = nk, d_state = dk)
 *   KDA (Kimi Linear, linear_attn_config)
 *                 conv (d_conv - 1) x (H x d + 2 x H x d)   (q, k, v)
 *                 ssm  H x d x d
 *     vLLM mamba_utils.py kda_state_shape (num_k_heads = num_heads,
 *     head_k_dim = head_dim)
 *   short convolution (LFM2 "conv" layers)
 *                 conv (conv_L_cache - 1) x conv_dim, no SSM state
 *     vLLM mamba_utils.py short_conv_state_shape (lfm2.py)
 *   Jet-Nemotron's JetBlock (HF_JET rows): hf_fam_jet.c
 * Formats: f32 for both, as llama.cpp keeps R and S (llama-model.cpp
 * create_memory: llama_memory_recurrent with GGML_TYPE_F32 twice);
 * model.recur.conv_dtype / ssm_dtype change them.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/layers.h"
#include "io/hf/hf_cfg.h"

static void set_state(struct kvp_model *m, uint64_t conv, uint64_t ssm)
{
	m->recur.conv_values = conv;
	m->recur.ssm_values = ssm;
	m->recur.conv_dtype = KVP_DT_F32;
	m->recur.ssm_dtype = KVP_DT_F32;
}

/* Gated DeltaNet mixer parameters, as transformers' Qwen3NextGatedDeltaNet
 * builds them (modular_qwen3_next.py @2ccc6cae; Qwen3.5 splits the same
 * projections into in_proj_qkv, _z, _b, _a, modular_qwen3_5.py
 * @8940358a): conv1d (conv_dim = 2 key_dim + value_dim, depthwise, no
 * bias) conv_dim x kernel; in_proj_qkvz hidden x (2 key_dim + 2
 * value_dim); in_proj_ba hidden x 2 nv; dt_bias and A_log nv each; the
 * gated RMSNorm head_v_dim; out_proj value_dim x hidden. */
static enum kvp_status deltanet_params(struct cfg *c, struct kvp_model *m,
                                       uint64_t key_dim, uint64_t value_dim,
                                       uint64_t nv, uint64_t vd,
                                       uint64_t d_conv)
{
	uint64_t h = m->arch.hidden, p = 0;

	if (!kvp_muladd(&p, 2 * key_dim + value_dim, d_conv) ||
	    !kvp_muladd(&p, h, 2 * key_dim + 2 * value_dim + 2 * nv) ||
	    !kvp_add(p, 2 * nv + vd, &p) ||
	    !kvp_muladd(&p, value_dim, h))
		return hf_bad(c, "linear_num_value_heads", NULL, "the linear "
		              "attention's parameter count overflows 64 bits");
	m->arch.recurrent_params_per_layer = p;
	return KVP_OK;
}

/* Gated DeltaNet (linear_attention layers). */
static enum kvp_status gated_deltanet(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_conv[] = {
		"linear_conv_kernel_dim", "conv_kernel", NULL };
	uint64_t nk = 0, nv = 0, kd = 0, vd = 0, d_conv = 0;

	if (hf_uint(c, "linear_num_key_heads", 1, DIM_MAX, &nk) < 0 ||
	    hf_uint(c, "linear_num_value_heads", 1, DIM_MAX, &nv) < 0 ||
	    hf_uint(c, "linear_key_head_dim", 1, DIM_MAX, &kd) < 0 ||
	    hf_uint(c, "linear_value_head_dim", 1, DIM_MAX, &vd) < 0 ||
	    hf_uint_any(c, k_conv, 2, DIM_MAX, &d_conv, NULL) < 0)
		return c->err->status;
	if (!nk || !nv || !kd || !vd || !d_conv)
		return hf_bad(c, !nk ? "linear_num_key_heads" :
		              !nv ? "linear_num_value_heads" :
		              !kd ? "linear_key_head_dim" :
		              !vd ? "linear_value_head_dim" :
		              "linear_conv_kernel_dim", NULL,
		              "required by linear_attention layers (their state)");
	/* inputs < 2^24: no overflow */
	set_state(m, (d_conv - 1) * (2 * nk * kd + nv * vd), nv * kd * vd);
	return deltanet_params(c, m, nk * kd, nv * vd, nv, vd, d_conv);
}

/* KDA mixer parameters as vLLM's KimiDeltaAttention builds them
 * (model_executor/layers/kda.py @1d03ed8f), P = num_heads x head_dim:
 * q, k, v and o projections 4 x hidden x P; f_a and g_a hidden x
 * head_dim, f_b and g_b head_dim x P; dt_bias P; b_proj hidden x heads;
 * q, k and v short convolutions 3 x kernel x P (no bias); A_log heads;
 * o_norm head_dim. */
static enum kvp_status kda_params(struct cfg *c, struct kvp_model *m,
                                  uint64_t heads, uint64_t d, uint64_t k)
{
	uint64_t h = m->arch.hidden, P = heads * d, t = 0;   /* < 2^48 */

	if (!kvp_muladd(&t, 4 * h, P) || !kvp_muladd(&t, 2 * h, d) ||
	    !kvp_muladd(&t, 2 * d, P) || !kvp_add(t, P, &t) ||
	    !kvp_muladd(&t, h, heads) || !kvp_muladd(&t, 3 * k, P) ||
	    !kvp_add(t, heads + d, &t))
		return hf_bad(c, "linear_attn_config", NULL, "the KDA layers' "
		              "parameter count overflows 64 bits");
	m->arch.recurrent_params_per_layer = t;
	return KVP_OK;
}

/* KDA (Kimi Linear): linear_attn_config's own sizes. */
static enum kvp_status kda(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *o = hf_get(c, "linear_attn_config", path, sizeof path);
	uint64_t h = 0, d = 0, k = 0;
	int r;

	if (!cJSON_IsObject(o))
		return hf_bad(c, path, o, "must be an object");
	if ((r = hf_member_uint(c, o, path, "num_heads", 1, DIM_MAX, &h)) <= 0 ||
	    (r = hf_member_uint(c, o, path, "head_dim", 1, DIM_MAX, &d)) <= 0 ||
	    (r = hf_member_uint(c, o, path, "short_conv_kernel_size", 2,
	                        DIM_MAX, &k)) <= 0) {
		if (r < 0)
			return c->err->status;
		return hf_bad(c, path, o, "needs num_heads, head_dim and "
		              "short_conv_kernel_size (the KDA state)");
	}
	set_state(m, (k - 1) * 3 * h * d, h * d * d);
	return kda_params(c, m, h, d, k);
}

/*
 * Ling 3.0's KDA layers (c->kda_conv, set by hf_fam_bailing_hybrid): the
 * state of Kimi Linear's KDA, num_attention_heads heads of head_dim with
 * a kernel of short_conv_kernel_size, from flat keys (vLLM
 * bailing_moe_v3.py @055e47c2 _get_kda_state_shape_for_config:
 * kda_state_shape(tp, num_attention_heads, head_dim,
 * short_conv_kernel_size); SGLang configs/bailing_hybrid.py @0f6954e8
 * mamba2_cache_params: KimiLinearStateShape of the same three). Its mixer
 * (vLLM BailingMoeV3KimiDeltaAttention, no_kda_lora): qkvb_proj hidden x
 * (3 P + heads), f_proj and g_proj hidden x P each, o_proj P x hidden,
 * dt_bias P, q, k and v short convolutions 3 x kernel x P, A_log heads,
 * o_norm head_dim (P = heads x head_dim).
 */
static enum kvp_status kda_flat(struct cfg *c, struct kvp_model *m)
{
	uint64_t H = m->q_heads, d = c->state_dim, k = c->kda_conv;
	uint64_t h = m->arch.hidden, P = H * d, t = 0, cv = 0, ss = 0;

	/* H, d, k < 2^24 (hf_uint's DIM_MAX): P < 2^48 */
	if (!kvp_mul((k - 1) * 3, P, &cv) || !kvp_mul(P, d, &ss) ||
	    !kvp_muladd(&t, 6 * h, P) || !kvp_muladd(&t, h, H) ||
	    !kvp_muladd(&t, 3 * k + 1, P) || !kvp_add(t, H + d, &t))
		return kvp_error_set(c->err, KVP_EINVAL, "%s: head_dim: %llu - "
		                     "the KDA layers' state or parameter count "
		                     "overflows 64 bits", c->name,
		                     (unsigned long long)d);
	set_state(m, cv, ss);
	m->arch.recurrent_params_per_layer = t;
	return KVP_OK;
}

/* Mamba 1 mixer parameters (Jamba): in_proj, conv1d (+bias), x_proj,
 * dt_proj (+bias), A_log, D, out_proj, dt/B/C norms. Mamba 2: in_proj to
 * z, x, B, C, dt; conv over x, B, C; A, D, dt_bias per head; gated norm;
 * out_proj. */
static enum kvp_status mamba_params(struct cfg *c, struct kvp_model *m,
                                    uint64_t d_inner, uint64_t d_state,
                                    uint64_t d_conv, uint64_t groups,
                                    uint64_t heads)
{
	uint64_t h = m->arch.hidden, dt_rank = 0;

	if (!groups) {
		if (hf_uint(c, "mamba_dt_rank", 1, DIM_MAX, &dt_rank) < 0)
			return c->err->status;
		if (!dt_rank)
			dt_rank = kvp_ceil_div(h, 16);
		m->arch.recurrent_params_per_layer =
			h * 2 * d_inner + d_inner * d_conv + d_inner +
			d_inner * (dt_rank + 2 * d_state) + dt_rank * d_inner +
			d_inner + d_inner * d_state + d_inner + d_inner * h +
			dt_rank + 2 * d_state;
	} else {
		uint64_t conv_dim = d_inner + 2 * groups * d_state;
		heads = heads ? heads : 1;
		m->arch.recurrent_params_per_layer =
			h * (2 * d_inner + 2 * groups * d_state + heads) +
			conv_dim * d_conv + conv_dim + 3 * heads + d_inner +
			d_inner * h;
	}
	return KVP_OK;
}

/* A pure Mamba 1 model's inner width (MambaConfig, FalconMambaConfig):
 * intermediate_size, as vLLM mamba.py (MambaMixer of
 * config.intermediate_size) and llama.cpp conversion/mamba.py
 * (find_hparam(["intermediate_size", "d_inner"]), else 2 x d_model) read
 * it; expand beside it is not read by either (falcon-mamba-7b writes
 * expand 16 with intermediate_size 8,192 = 2 x hidden). Rows flagged
 * HF_ALL_RECUR but mamba2 (Mamba2Config: expand x hidden_size) only.
 * 0 read or absent, -1 refused. */
static int mamba1_inner(struct cfg *c, uint64_t *d_inner)
{
	static const char *const k[] = { "intermediate_size", "d_inner", NULL };
	int r;

	if (!c->fam || !(c->fam->flags & HF_ALL_RECUR) ||
	    !strcmp(c->fam->model_type, "mamba2"))
		return 0;
	if ((r = hf_uint_any(c, k, 1, DIM_MAX, d_inner, NULL)) <= 0)
		return r;
	hf_superseded(c, "expand");
	hf_superseded(c, "d_inner");
	return 0;
}

static enum kvp_status mamba(struct cfg *c, struct kvp_model *m)
{
	static const char *const k_state[] = {
		"mamba_d_state", "ssm_state_size", "state_size", "d_state", NULL };
	static const char *const k_conv[] = {
		"mamba_d_conv", "conv_kernel", "d_conv", "mamba_conv_kernel", NULL };
	static const char *const k_expand[] = { "mamba_expand", "expand", NULL };
	static const char *const k_groups[] = {
		"mamba_n_groups", "n_groups", "ngroups", "mamba_ngroups", NULL };
	/* Zamba2Config: n_mamba_heads, mamba_ngroups (its mamba_headdim is
	 * recomputed by the class: not read, the width is expand x hidden) */
	static const char *const k_nheads[] = {
		"mamba_n_heads", "mamba_num_heads", "n_mamba_heads", NULL };
	/* PLaMo 2's Mamba heads are hidden_size_per_head wide (vLLM
	 * plamo2.py Plamo2MambaMixer head_dim) */
	static const char *const k_dhead[] = {
		"mamba_d_head", "mamba_head_dim", "hidden_size_per_head", NULL };
	uint64_t d_state = 0, d_conv = 0, expand = 0, groups = 0, nh = 0,
	         dh = 0, d_inner = 0;
	int r;

	if ((r = hf_uint_any(c, k_state, 1, DIM_MAX, &d_state, NULL)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, "mamba_d_state", NULL, "required by the "
		              "recurrent layers (ssm_state_size, d_state)");
	if ((r = hf_uint_any(c, k_conv, 2, DIM_MAX, &d_conv, NULL)) < 0)
		return c->err->status;
	if (r == 0) {
		d_conv = 4;
		hf_note(c, "mamba d_conv absent: 4 (MambaConfig default)");
	}
	if (hf_uint_any(c, k_groups, 1, DIM_MAX, &groups, NULL) < 0 ||
	    mamba1_inner(c, &d_inner) < 0 ||
	    hf_uint_any(c, k_nheads, 1, DIM_MAX, &nh, NULL) < 0 ||
	    hf_uint_any(c, k_dhead, 1, DIM_MAX, &dh, NULL) < 0 ||
	    hf_uint(c, "mamba_d_inner", 1, DIM_MAX, &d_inner) < 0 ||
	    hf_uint_any(c, k_expand, 1, 64, &expand, NULL) < 0)
		return c->err->status;
	if (!d_inner && nh && dh)
		d_inner = nh * dh;
	if (!d_inner) {
		if (!expand) {
			expand = 2;
			hf_note(c, "mamba expand absent: 2 (MambaConfig default)");
		}
		d_inner = expand * m->arch.hidden;
	}
	/* all factors < 2^24 (hidden < 2^32, expand <= 64): no overflow */
	set_state(m, (d_conv - 1) * (d_inner + 2 * groups * d_state),
	          d_state * d_inner);
	return mamba_params(c, m, d_inner, d_state, d_conv, groups, nh);
}

/*
 * The SSM state format vLLM gives the model when --mamba-ssm-cache-dtype
 * is auto (model.recur.vllm_ssm_dtype), from the config, as
 * vllm/model_executor/models/config.py MODELS_CONFIG_MAP reads it, keyed
 * by the architecture vLLM runs (architectures[0]):
 *   NemotronHForCausalLM, NemotronHPuzzleForCausalLM (and, since PR
 *     #39032, NemotronH_Nano_VL_V2's text_config): the config's
 *     mamba_ssm_cache_dtype, else NemotronHForCausalLMConfig.
 *     DEFAULT_MAMBA_SSM_CACHE_DTYPE, "float32" since vLLM PR #39032
 *     ("NemotronH default mamba_ssm_cache_dtype=float32", opened
 *     2026-04-05, after v0.19.0 of 2026-04-03: first in 0.20.0, not
 *     verified by a tag); "float16" before (the PR's diff: getattr(hf_config,
 *     "mamba_ssm_cache_dtype", "float16")). One figure
 *     for every release: float32, twice the SSM state vLLM <= 0.19 keeps
 *     (pessimistic there, never optimistic); keyed by model_type, as
 *     every nemotron_h config runs one of those classes;
 *   Qwen3_5ForConditionalGeneration, Qwen3_5MoeForConditionalGeneration,
 *     ColQwen3_5 (Qwen3_5ForConditionalGenerationConfig): hf_text_config's
 *     mamba_ssm_dtype, when set (vLLM PR #34489). Not by model_type: a
 *     flat qwen3_5_text file run as Qwen3_5ForCausalLM, or MiniCPM-V
 *     4.6's Qwen3.5 text, has no map entry, and both classes take
 *     cache_config.mamba_ssm_cache_dtype (minicpmv4_6.py @83be8456
 *     get_mamba_state_dtype_from_config): the conv state's format;
 *   others: none (vLLM's MambaStateDtypeCalculator then uses the conv
 *     state's format).
 */
static const struct {
	const char *model_type, *arch, *key, *absent;
} ssm_dtype_keys[] = {
	{ "nemotron_h", NULL, "mamba_ssm_cache_dtype", "float32" },
	{ NULL, "Qwen3_5ForConditionalGeneration", "mamba_ssm_dtype", NULL },
	{ NULL, "Qwen3_5MoeForConditionalGeneration", "mamba_ssm_dtype", NULL },
	{ NULL, "ColQwen3_5", "mamba_ssm_dtype", NULL },
};

/* Whether row i of ssm_dtype_keys is the model's. */
static bool ssm_dtype_row(struct cfg *c, const struct kvp_model *m, size_t i)
{
	char path[96];
	const cJSON *a, *a0;

	if (ssm_dtype_keys[i].model_type)
		return !strcmp(m->model_type, ssm_dtype_keys[i].model_type);
	a = hf_get(c, "architectures", path, sizeof path);
	a0 = cJSON_IsArray(a) ? cJSON_GetArrayItem(a, 0) : NULL;
	return cJSON_IsString(a0) &&
	       !strcmp(a0->valuestring, ssm_dtype_keys[i].arch);
}

static enum kvp_status vllm_ssm_dtype(struct cfg *c, struct kvp_model *m)
{
	static const char *const names[] = {
		"auto", "float32", "float16", "bfloat16", NULL };
	const char *v = NULL;
	char path[96];
	size_t i, k;
	int fail = 0;

	for (i = 0; i < sizeof ssm_dtype_keys / sizeof ssm_dtype_keys[0]; i++) {
		if (!ssm_dtype_row(c, m, i))
			continue;
		v = hf_str(c, ssm_dtype_keys[i].key, &fail);
		if (fail)
			return c->err->status;
		if (!v)
			v = ssm_dtype_keys[i].absent;
		if (!v)
			return KVP_OK;
		for (k = 0; names[k]; k++)
			if (!strcmp(v, names[k])) {
				m->recur.vllm_ssm_dtype = (int)k;
				return KVP_OK;
			}
		return hf_bad(c, ssm_dtype_keys[i].key,
		              hf_get(c, ssm_dtype_keys[i].key, path, sizeof path),
		              "vLLM takes float32, float16 or bfloat16");
	}
	return KVP_OK;
}

/*
 * LFM2's short convolution ("conv" layers; vLLM lfm2.py
 * get_mamba_state_shape_from_config @055e47c2: short_conv_state_shape of
 * conv_dim channels, conv_L_cache kernel): conv (conv_L_cache - 1) x
 * conv_dim values, no SSM state. Its mixer (vLLM layers/mamba/
 * short_conv.py ShortConv): in_proj hidden x 3 conv_dim (B, C, x), a
 * depthwise conv of conv_L_cache taps, out_proj conv_dim x hidden, each
 * with a bias when conv_bias.
 */
static enum kvp_status short_conv(struct cfg *c, struct kvp_model *m)
{
	uint64_t L = 0, cd = 0, h = m->arch.hidden;
	bool bias = false;

	if (hf_uint(c, "conv_L_cache", 2, DIM_MAX, &L) < 0 ||
	    hf_uint(c, "conv_dim", 1, DIM_MAX, &cd) < 0 ||
	    hf_bool(c, "conv_bias", &bias) < 0)
		return c->err->status;
	if (!cd)
		cd = h;
	/* the output width is hidden in vLLM's out_proj: read */
	hf_superseded(c, "conv_dim_out");
	/* all < 2^24: no overflow */
	set_state(m, (L - 1) * cd, 0);
	m->arch.recurrent_params_per_layer = 3 * h * cd + cd * L + cd * h +
	                                     (bias ? 4 * cd + h : 0);
	return KVP_OK;
}

/*
 * Lightning attention (MiniMax-Text-01 and -M1; HF_LIGHTNING rows): one state of heads x head_dim x head_dim per layer
 * (head_dim the base's K width, or c->state_dim where a family's K width
 * is another's: Ling 2.5's MLA layers)
 * and sequence, no conv state. vLLM mamba_utils.py
 * linear_attention_state_shape(num_attention_heads, tp, head_dim) (one
 * tensor, in --mamba-cache-dtype: linear_attention_state_dtype);
 * llama.cpp llama-hparams.cpp n_embd_s() = n_embd_head_la^2 x n_head
 * (the S state, f32; n_embd_r() 0). Held as model.recur.ssm_values.
 * Its mixer (vLLM minimax_text_01.py MiniMaxText01LinearAttention): qkv
 * hidden x 3 P, output_gate hidden x P, out_proj P x hidden, an RMSNorm
 * of P (P = heads x head_dim).
 */
static enum kvp_status lightning(struct cfg *c, struct kvp_model *m)
{
	uint64_t d = c->state_dim ? c->state_dim : m->base.k_dim;
	uint64_t H = m->q_heads, P = H * d;   /* < 2^48 */

	if (!c->state_dim && m->base.k_dim != m->base.v_dim)
		return hf_bad(c, "head_dim", NULL, "a lightning-attention state "
		              "is heads x head_dim x head_dim: K and V widths "
		              "must agree");
	set_state(m, 0, H * d * d);
	m->arch.recurrent_params_per_layer = 5 * m->arch.hidden * P + P;
	return KVP_OK;
}

/* Families whose GGUF llama.cpp's converter writes with one
 * head_count_kv for every layer, the gated DeltaNet ones included
 * (conversion/qwen.py Qwen3NextModel, and Qwen3_5TextModel and
 * Qwen3_5MoeTextModel built on it, at node-llama-cpp 3.21.1's build):
 * model.recur.uniform_kv_heads, so llama.cpp's V width does not vary. */
static const char *const uniform_kv_types[] = {
	"qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe",
	"qwen3_5_moe_text",
};

static void uniform_kv_heads(const struct cfg *c, struct kvp_model *m)
{
	size_t i;

	for (i = 0; i < sizeof uniform_kv_types / sizeof uniform_kv_types[0];
	     i++)
		if (!strcmp(uniform_kv_types[i], c->model_type))
			m->recur.uniform_kv_heads = true;
}

enum kvp_status hf_recurrent(struct cfg *c, struct kvp_model *m, bool linear)
{
	enum kvp_status st;

	if (c->fam && (c->fam->flags & HF_JET))
		st = hf_jet_state(c, m);     /* hf_fam_jet.c */
	else if (c->kda_conv)
		st = kda_flat(c, m);
	else if (c->fam && (c->fam->flags & HF_LIGHTNING))
		st = lightning(c, m);
	else if (hf_has(c, "linear_attn_config"))
		st = kda(c, m);
	else if (hf_has(c, "conv_L_cache"))
		st = short_conv(c, m);
	else if (linear) {
		st = gated_deltanet(c, m);
		uniform_kv_heads(c, m);
	}
	else
		st = mamba(c, m);
	return st == KVP_OK ? vllm_ssm_dtype(c, m) : st;
}

/*
 * indexer_types (transformers GlmMoeDsaConfig: "full" a layer with its
 * own indexer, "shared" one reusing the last full layer's top-k) beside
 * index_topk_freq: vLLM deepseek_v2.py @002d6073 reads the freq and
 * offset, transformers the list; read when the list is the rule's, layer
 * by layer, refused where they differ. 0 read (or absent), -1 refused.
 */
static int index_types(struct cfg *c, const struct kvp_model *m)
{
	char path[96], p2[128];
	const cJSON *it = hf_get(c, "indexer_types", path, sizeof path), *e;
	uint32_t i = 0;

	if (!it)
		return 0;
	if (!cJSON_IsArray(it) || (uint32_t)cJSON_GetArraySize(it) != m->n_layers) {
		hf_bad(c, path, it, "must list \"full\" or \"shared\" for every "
		       "layer");
		return -1;
	}
	cJSON_ArrayForEach(e, it) {
		bool on = kvp_indexer_on_layer(&m->indexer, i);

		snprintf(p2, sizeof p2, "%s[%u]", path, i++);
		if (!cJSON_IsString(e) ||
		    strcmp(e->valuestring, on ? "full" : "shared")) {
			hf_bad(c, p2, e, on ? "index_topk_freq gives this layer its "
			       "own DSA indexer (vLLM); the list does not "
			       "(transformers): refused" : "index_topk_freq gives "
			       "this layer no DSA indexer (vLLM); the list does "
			       "(transformers): refused");
			return -1;
		}
	}
	return 0;
}

/*
 * IndexCache (vLLM deepseek_v2.py @002d6073 DeepseekV2MLAAttention;
 * transformers configuration_glm_moe_dsa.py): a layer skips its top-k,
 * and builds no indexer (no key cache), where max(i - index_skip_topk_
 * offset + 1, 0) % index_topk_freq != 0 (offset 2 by default in both);
 * MTP layers always build one (vLLM). Read into model.indexer.topk_freq
 * and skip_offset (kvp_indexer_on_layer). index_topk_pattern with an "S"
 * (a per-layer string) stays refused. 0 read, -1 refused.
 */
static int index_cache(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *pat = hf_get(c, "index_topk_pattern", path, sizeof path);
	uint64_t freq = 1, off = 2;

	if (hf_uint(c, "index_topk_freq", 1, DIM_MAX, &freq) < 0 ||
	    hf_uint(c, "index_skip_topk_offset", 0, DIM_MAX, &off) < 0)
		return -1;
	if (cJSON_IsString(pat) && strchr(pat->valuestring, 'S')) {
		hf_bad(c, path, pat, "IndexCache: layers marked S build no DSA "
		       "indexer; a per-layer pattern is not read by kvplan");
		return -1;
	}
	if (pat && !cJSON_IsString(pat)) {
		hf_bad(c, path, pat, "must be a string of one letter per layer");
		return -1;
	}
	m->indexer.topk_freq = freq > 1 ? (uint32_t)freq : 0;
	m->indexer.skip_offset = freq > 1 ? (uint32_t)off : 0;
	return freq > 1 ? index_types(c, m) : 0;
}

/*
 * compress_ratios in a family without DeepSeek V4's row (hf_dsv4.c reads
 * it for deepseek_v4 and deepseek_ref): llama.cpp's llama_kv_cache_dsv4
 * (src/llama-kv-cache-dsv4.cpp @035aa95b) keeps a K-only raw cache (an
 * iSWA cache), a compressed K cache of ceil(cells / 4) rows on ratio-4
 * (CSA) layers and of ceil(cells / 128) on ratio-128 (HCA) layers, each
 * padded to 256 cells, a lightning-indexer key cache (index_head_dim) on
 * the CSA layers, and f32 compressor states per sequence (kv and score,
 * 2 x head_dim x 8 rows CSA, head_dim x 128 HCA, 2 x index_head_dim x 8
 * indexer). Another family's use of the key is not known: refused
 * naming it.
 */
static enum kvp_status dsv4_refused(struct cfg *c)
{
	char path[96];

	return hf_bad(c, "compress_ratios", hf_get(c, "compress_ratios", path,
	              sizeof path), "DeepSeek V4's compressed sparse attention "
	              "(a sliding raw K cache, K compressed 4x or 128x per "
	              "layer, indexer keys on the 4x layers, f32 compressor "
	              "states: llama.cpp llama-kv-cache-dsv4.cpp) has no layer "
	              "kind in kvplan");
}

/*
 * A DSA family's config class defaults, which fill the index_* keys an
 * (abridged) config.json leaves out: transformers declares them as class
 * attributes, and vLLM deepseek_v2.py decides that the indexer exists
 * from the loaded config (is_v32 = hasattr(config, "index_topk")), which
 * the class has always filled. One row per model_type with its source.
 */
static const struct dsa_default {
	const char *model_type;
	uint32_t head_dim, n_heads, topk;
	const char *source;
} dsa_defaults[] = {
	{ "glm_moe_dsa", 128, 32, 2048, "transformers configuration_glm_moe_dsa.py GlmMoeDsaConfig @008e5743" },
	{ "deepseek_v32", 128, 64, 2048, "transformers configuration_deepseek_v32.py DeepseekV32Config @008e5743" },
};

/* The class default of index_head_dim (and n_heads, topk) when the key is
 * absent, with a note naming it; 0 when the family has none. */
static int dsa_default(struct cfg *c, uint64_t *hd, uint64_t *nh,
                       uint64_t *topk)
{
	size_t i;

	for (i = 0; i < sizeof dsa_defaults / sizeof dsa_defaults[0]; i++) {
		const struct dsa_default *d = &dsa_defaults[i];

		if (strcmp(c->model_type, d->model_type))
			continue;
		if (hf_has(c, "index_n_heads") || hf_has(c, "index_topk"))
			return 0;
		*hd = d->head_dim;
		*nh = d->n_heads;
		*topk = d->topk;
		hf_note(c, "index_head_dim, index_n_heads, index_topk: absent; "
		        "the config class defaults %u, %u, %u (%s), which give "
		        "the DSA indexer vLLM builds", d->head_dim, d->n_heads,
		        d->topk, d->source);
		return 1;
	}
	return 0;
}

/*
 * DSA (DeepSeek-V3.2 DeepseekV32 / GLM-5): a lightning indexer per MLA
 * layer caches one key of index_head_dim values per position (reference
 * inference/model.py Indexer.k_cache; vLLM deepseek_v2.py Indexer with
 * DeepseekV32IndexerCache). index_n_heads and index_topk drive compute.
 */
enum kvp_status hf_indexer(struct cfg *c, struct kvp_model *m)
{
	uint64_t hd = 0, nh = 0, topk = 0;
	int r;

	char path[96];

	/* without index_head_dim the other index_* keys stay unread, and
	 * the fail-closed scan refuses them */
	if ((r = hf_uint(c, "index_head_dim", 1, DIM_MAX, &hd)) < 0)
		return c->err->status;
	if (r == 0 && !dsa_default(c, &hd, &nh, &topk))
		return KVP_OK;
	if (r > 0 && (hf_uint(c, "index_n_heads", 1, DIM_MAX, &nh) < 0 ||
	    hf_uint(c, "index_topk", 1, UINT32_MAX, &topk) < 0))
		return c->err->status;
	if (m->indexer.ratio) {
		/* DeepSeek V4's compressed layers (hf_dsv4.c set the ratio) */
		m->indexer.head_dim = (uint32_t)hd;
		m->indexer.n_heads = (uint32_t)nh;
		m->indexer.topk = (uint32_t)topk;
		m->indexer.dtype = m->base.k_fmt.dtype;
		return KVP_OK;
	}
	if (m->base.kind != KVP_LAYER_MLA && hf_has(c, "compress_ratios"))
		return dsv4_refused(c);
	if (m->base.kind != KVP_LAYER_MLA)
		return hf_bad(c, "index_head_dim", hf_get(c, "index_head_dim",
		              path, sizeof path), "a DSA indexer beside layers "
		              "that are not MLA: no engine rule known");
	if (index_cache(c, m) < 0)
		return c->err->status;
	m->indexer.head_dim = (uint32_t)hd;
	m->indexer.n_heads = (uint32_t)nh;
	m->indexer.topk = (uint32_t)topk;
	m->indexer.dtype = m->base.k_fmt.dtype;
	if (m->indexer.topk_freq > 1) {
		hf_note(c, "DSA indexer (IndexCache, index_topk_freq %u, offset "
		        "%u): a %llu-value key per position on the MLA layers with "
		        "their own indexer only (generic engine, vLLM current "
		        "rules); SGLang keeps one on every layer", m->indexer.
		        topk_freq, m->indexer.skip_offset, (unsigned long long)hd);
		return KVP_OK;
	}
	hf_note(c, "DSA indexer: %llu-value key per position per MLA layer, "
	        "counted beside the latent (generic engine, and vLLM >= 0.11.0 in its "
	        "own fp8 layout)",
	        (unsigned long long)hd);
	return KVP_OK;
}
