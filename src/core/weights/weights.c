/*
 * weights.c - parameter count and weight bytes from struct kvp_arch and
 * the attention layout (stage 2 of kvp_compute).
 *
 * Count, per layer (Llama-style decoder, names as in transformers):
 *   attention  q: hidden x Hq*Dk, k: hidden x Hkv*Dk, v: hidden x Hkv*Dv,
 *              o: Hq*Dv x hidden; with attention_bias the q, k, v biases
 *              and an o bias of hidden (not for Qwen2, which has none);
 *              attn_output_gate doubles q (and its bias); k_eq_v drops
 *              v (and its bias) on full-attention layers.
 *   MLA        q_a (hidden x q_lora) + q_a norm + q_b (q_lora x Hq*(nope+
 *              rope)), or q (hidden x Hq*(nope+rope)) without q_lora;
 *              kv_a (hidden x (kv_lora+rope)) + kv_a norm; kv_b (kv_lora x
 *              Hq*(nope+v)); o (Hq*v x hidden).
 *   recurrent  kind NONE layers: arch.recurrent_params_per_layer instead
 *              of attention (the importer derives it from the Mamba,
 *              gated DeltaNet or KDA fields).
 *   ffn        kind FFN layers (an MLP or MoE block): no attention;
 *              with arch.ffn_layers_only they alone carry the MLP or
 *              MoE block (Nemotron-H), else every layer does.
 *   MLP        dense: 3 (gated) or 2 matrices of hidden x intermediate,
 *              or arch.mlp_params for all dense layers together when
 *              their widths differ (block_configs);
 *              MoE layers (layer i >= first_dense_layers and
 *              (i + 1) % moe_layer_step == 0): a router hidden x
 *              n_experts, n_experts routed and n_shared_experts shared
 *              experts of 3 (or 2) x hidden x moe_intermediate each.
 *   norms      2 x hidden per layer and a final hidden; Gemma 2/3 have
 *              4 per layer (pre/post attention and MLP), Nemotron-H's
 *              single-block layers 1; Qwen3 and Gemma 3 add q and k
 *              norms of head_dim each on attention layers.
 * Plus embeddings vocab x hidden and an lm_head of the same size unless
 * tied. GPT-2 adds learned positions (max_positions x hidden), MLP biases
 * and LayerNorm biases (other_params). Active parameters per token leave
 * out the routed experts a token does not use, and the encoder tower
 * (arch.tower_params, from vision_config where io/hf/hf_tower.c has a row;
 * in other_params, 16-bit). Not counted: MLP and expert biases of other
 * models, towers without a row, MTP modules; the declared count shows
 * the difference. model_type selects these details.
 *
 * Bytes: in the model's weight format (or devices.weights when
 * devices.weights_override). 16-bit formats 2 bytes per parameter, f32 4.
 * Quantized formats store attention, MLP and recurrent weights at `bits`
 * per value plus (scale_bytes + zero_bytes) bytes and zero_bits bits (AWQ/
 * GPTQ pack 4-bit zero-points) per group of group_size values, summed
 * over all quantized values (group_size 0: per output channel, one group
 * per `hidden` values); norms
 * and other_params stay 16-bit (norms f32 in GGUF); embeddings and
 * lm_head stay 16-bit when keep_embeddings_16bit, and attention (with any
 * recurrent mixers) when keep_attention_16bit (gpt-oss: mxfp4 experts
 * only; its small router is still counted quantized). GGUF blocks: q8_0 34 bytes per 32 values, q4_0 18
 * per 32; q4_k_m is counted as Q4_K (144 bytes per 256 values) with the
 * lm_head at Q6_K (210 per 256), llama.cpp's choice for that mix.
 *
 * Exact bytes (issue 13): when model.tensors holds what the model files
 * store (GGUF tensor infos or safetensors headers, read by src/io),
 * bytes is the sum of its groups and source says which files; the
 * estimate above stays in estimate_bytes. Not used when the plan serves
 * the weights in another format (devices.weights_override) or when the
 * tensors name layers past model.n_layers (the layout was edited after
 * the files were read): then the estimate, labelled as such.
 *
 * Pure: no I/O, no allocation; every sum is overflow-checked.
 */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"

/* Kind, heads and dims of one layer, from the table stage 1 resolved
 * into res->layers[i].spec (before MLA storage is applied). */
struct wl {
	enum kvp_layer_kind kind;
	uint64_t kv_heads, k_dim, v_dim;
};

static void layer_at(const struct kvp_result *res, uint32_t i, struct wl *l)
{
	const struct kvp_layer_spec *s = &res->layers[i].spec;

	l->kind = s->kind;
	l->kv_heads = s->kv_heads;
	l->k_dim = s->k_dim;
	l->v_dim = s->v_dim;
}

struct acc {
	bool ok;
	uint64_t v;
};

/* a->v += x * y (checked; sticky failure) */
static void madd(struct acc *a, uint64_t x, uint64_t y)
{
	if (a->ok && !kvp_muladd(&a->v, x, y))
		a->ok = false;
}

static void madd3(struct acc *a, uint64_t x, uint64_t y, uint64_t z)
{
	uint64_t p;

	if (!a->ok)
		return;
	if (!kvp_mul(x, y, &p) || !kvp_muladd(&a->v, p, z))
		a->ok = false;
}

static enum kvp_status attn_params(const struct kvp_model *m,
                                   const struct wl *l, struct acc *a)
{
	const struct kvp_arch *ar = &m->arch;
	uint64_t h = ar->hidden, hq = m->q_heads;

	if (l->kind == KVP_LAYER_NONE) {
		madd(a, ar->recurrent_params_per_layer, 1);
		return KVP_OK;
	}
	if (l->kind == KVP_LAYER_FFN)
		return KVP_OK;    /* an MLP/MoE block: no attention weights */
	if (l->kind == KVP_LAYER_MLA && m->mla.kv_lora_rank) {
		const struct kvp_mla *x = &m->mla;
		uint64_t qk = (uint64_t)x->qk_nope_head_dim + x->qk_rope_head_dim;

		if (x->q_lora_rank) {
			madd(a, h, x->q_lora_rank);
			madd(a, x->q_lora_rank, 1);
			madd3(a, x->q_lora_rank, hq, qk);
		} else {
			madd3(a, h, hq, qk);
		}
		madd(a, h, (uint64_t)x->kv_lora_rank + x->qk_rope_head_dim);
		madd(a, x->kv_lora_rank, 1);
		madd3(a, x->kv_lora_rank, hq,
		      (uint64_t)x->qk_nope_head_dim + x->v_head_dim);
		madd3(a, hq, x->v_head_dim, h);
		return KVP_OK;
	}
	madd3(a, h, hq, l->k_dim);           /* q */
	if (ar->attn_output_gate)
		madd3(a, h, hq, l->k_dim);   /* the output gate's half */
	madd3(a, h, l->kv_heads, l->k_dim);  /* k */
	if (!(ar->k_eq_v && l->kind == KVP_LAYER_FULL))
		madd3(a, h, l->kv_heads, l->v_dim);  /* v */
	madd3(a, hq, l->v_dim, h);           /* o */
	if (ar->attention_bias) {
		madd(a, hq, l->k_dim);
		if (ar->attn_output_gate)
			madd(a, hq, l->k_dim);
		madd(a, l->kv_heads, l->k_dim);
		if (!(ar->k_eq_v && l->kind == KVP_LAYER_FULL))
			madd(a, l->kv_heads, l->v_dim);
		if (strncmp(m->model_type, "qwen2", 5) != 0)
			madd(a, h, 1);
	}
	return KVP_OK;
}

/* Layers i in 0..n-1 that are MoE: i >= first_dense_layers and
 * (i + 1) % step == 0, i.e. the multiples of step among i + 1 in
 * first_dense + 1 .. n: floor(n / step) - floor(first_dense / step). */
static uint32_t moe_layers(const struct kvp_arch *ar, uint32_t n)
{
	uint32_t step = ar->moe_layer_step ? ar->moe_layer_step : 1;

	if (ar->n_experts == 0 || ar->first_dense_layers >= n)
		return 0;
	return n / step - ar->first_dense_layers / step;
}

bool kvp_moe_layer(const struct kvp_plan *p, const struct kvp_result *res,
                   uint32_t i)
{
	const struct kvp_arch *ar = &p->model.arch;
	uint32_t step = ar->moe_layer_step ? ar->moe_layer_step : 1;

	if (ar->n_experts == 0 || i >= res->n_layers)
		return false;
	if (ar->ffn_layers_only)
		return res->layers[i].spec.kind == KVP_LAYER_FFN;
	return i >= ar->first_dense_layers && (i + 1) % step == 0;
}

/* attn_params tells four kinds apart: NONE, FFN (no attention), MLA and
 * the rest (full, sliding, chunked and shared layers count the same
 * projections). An FFN block beside an attention layer of the same head
 * shape is not one run. */
static bool plain_attn(enum kvp_layer_kind k)
{
	return k != KVP_LAYER_NONE && k != KVP_LAYER_MLA && k != KVP_LAYER_FFN;
}

static bool same_wkind(enum kvp_layer_kind a, enum kvp_layer_kind b)
{
	bool a_plain = plain_attn(a);
	bool b_plain = plain_attn(b);

	return a == b || (a_plain && b_plain);
}

/* Same parameters as l: kind (as above; with k_eq_v a full layer is not
 * a sliding one), heads and dims. */
static bool same_layer(const struct kvp_layer_spec *s, const struct wl *l,
                       bool k_eq_v)
{
	return same_wkind(s->kind, l->kind) &&
	       (!k_eq_v || (s->kind == KVP_LAYER_FULL) == (l->kind == KVP_LAYER_FULL)) &&
	       s->kv_heads == l->kv_heads &&
	       s->k_dim == l->k_dim && s->v_dim == l->v_dim;
}

/* Bytes of n values at `bits` each plus `per_group` bits of scales and
 * zero-points per group of `group` values: ceil(n * bits / 8) +
 * ceil(groups * per_group / 8). */
static bool quant_bytes(uint64_t n, uint32_t bits, uint64_t group,
                        uint64_t per_group, uint64_t *out)
{
	uint64_t b, groups, o;

	if (!kvp_mul(n, bits, &b))
		return false;
	b = kvp_ceil_div(b, 8);
	groups = group ? kvp_ceil_div(n, group) : 0;
	if (!kvp_mul(groups, per_group, &o))
		return false;
	return kvp_add(b, kvp_ceil_div(o, 8), out);
}

/* Bytes of n values of a ggml block format: blocks x block bytes. */
static bool block_bytes(uint64_t n, uint64_t per, uint64_t bytes,
                        uint64_t *out)
{
	return kvp_mul(kvp_ceil_div(n, per), bytes, out);
}

/* A GGUF of ggml block types: the layers' matrices `per` values to a
 * block of `bb` bytes, the embeddings too unless kept 16-bit, the output
 * (lm_head) in lm_per/lm_bb, norms f32, the rest 16-bit. False on
 * overflow. */
static bool gguf_bytes(const struct kvp_weights_result *w,
                       const struct kvp_wformat *f, uint64_t per,
                       uint64_t bb, uint64_t lm_per, uint64_t lm_bb,
                       uint64_t *out)
{
	uint64_t q, emb, total = 0, part = 0;
	bool ok;

	ok = kvp_add(w->attn_params, w->mlp_params, &q) &&
	     kvp_add(w->embed_params, w->lm_head_params, &emb) &&
	     block_bytes(q, per, bb, &total);
	if (f->keep_embeddings_16bit)
		ok = ok && kvp_muladd(&total, emb, 2);
	else
		ok = ok && block_bytes(w->embed_params, per, bb, &part) &&
		     kvp_add(total, part, &total) &&
		     block_bytes(w->lm_head_params, lm_per, lm_bb, &part) &&
		     kvp_add(total, part, &total);
	ok = ok && kvp_muladd(&total, w->norm_params, 4) && /* f32 */
	     kvp_muladd(&total, w->other_params, 2);
	if (ok)
		*out = total;
	return ok;
}

static enum kvp_status weight_bytes(const struct kvp_weights_result *w,
                                    uint64_t hidden,
                                    const struct kvp_wformat *f,
                                    uint64_t *out, struct kvp_error *err)
{
	/* quantizable: layer weights; emb: embeddings + lm_head; norms */
	uint64_t q = 0, emb, lm = w->lm_head_params, tok = w->embed_params;
	uint64_t total = 0, part = 0, per_group, group, hid;
	uint32_t bits;
	bool ok = true;

	if (!kvp_add(w->attn_params, w->mlp_params, &q) ||
	    !kvp_add(tok, lm, &emb))
		goto overflow;
	switch (f->dtype) {
	case KVP_W_F32:
		if (!kvp_mul(w->params, 4, out))
			goto overflow;
		return KVP_OK;
	case KVP_W_F16:
	case KVP_W_BF16:
		if (!kvp_mul(w->params, 2, out))
			goto overflow;
		return KVP_OK;
	case KVP_W_GGUF_Q4_K_M:
		/* q4_K matrices, the output (lm_head) q6_K */
		if (!gguf_bytes(w, f, 256, 144, 256, 210, out))
			goto overflow;
		return KVP_OK;
	case KVP_W_FP8:
	case KVP_W_INT8:
	case KVP_W_INT4:
	case KVP_W_NF4:
		bits = f->bits;
		if (!bits)
			bits = (f->dtype == KVP_W_INT4 || f->dtype == KVP_W_NF4) ?
			       4 : 8;
		if (bits > 16)
			return kvp_error_set(err, KVP_ERANGE,
			       "model.weights.bits: %u - must be 1..16", bits);
		/* bits of scale and zero-point per group */
		per_group = 8 * ((uint64_t)f->scale_bytes + f->zero_bytes) +
		            f->zero_bits;
		group = f->group_size;
		hid = hidden ? hidden : 1;
		/* per-channel (group_size 0): one scale per output row,
		 * counted as one group per `hidden` values */
		if (!group && per_group)
			group = hid;
		if (f->keep_attention_16bit) {
			/* attention stays 16-bit; the MLP/experts quantized */
			ok = quant_bytes(w->mlp_params, bits, group, per_group,
			                 &total) &&
			     kvp_muladd(&total, w->attn_params, 2);
		} else {
			ok = quant_bytes(q, bits, group, per_group, &total);
		}
		if (f->keep_embeddings_16bit)
			ok = ok && kvp_muladd(&total, emb, 2);
		else
			ok = ok && quant_bytes(emb, bits, group, per_group, &part) &&
			     kvp_add(total, part, &total);
		ok = ok && kvp_muladd(&total, w->norm_params, 2) &&
		     kvp_muladd(&total, w->other_params, 2);
		if (!ok)
			goto overflow;
		*out = total;
		return KVP_OK;
	default: {
		uint32_t per, bb;

		/* one ggml block type for every matrix (q8_0, q4_1, q6_k...) */
		if (!kvp_wdtype_block(f->dtype, &per, &bb))
			return kvp_error_set(err, KVP_EINVAL,
			       "model.weights.dtype: %d - unknown weight format",
			       (int)f->dtype);
		if (!gguf_bytes(w, f, per, bb, per, bb, out))
			goto overflow;
		return KVP_OK;
	}
	}
overflow:
	return kvp_error_set(err, KVP_EOVERFLOW,
	       "model.weights: weight bytes overflow 64 bits");
}

/* model.tensors describe this plan's weights (see the top comment). */
bool kvp_tensors_apply(const struct kvp_plan *p)
{
	const struct kvp_tensors *t = &p->model.tensors;
	uint32_t i;

	if (t->source == KVP_WSRC_ESTIMATE || (unsigned)t->source >= KVP_WSRC_COUNT ||
	    p->devices.weights_override)
		return false;
	for (i = p->model.n_layers; i < KVP_MAX_LAYERS; i++)
		if (t->layer[i])
			return false;
	return true;
}

/* Whether the engine loads the model's MTP layers (kvp_mtp_resident). */
static bool mtp_loaded(const struct kvp_plan *p)
{
	return p->engine.kind != KVP_ENGINE_VLLM ||
	       p->engine.vllm.speculative_method == KVP_SPEC_MTP;
}

uint64_t kvp_mtp_resident(const struct kvp_plan *p)
{
	const struct kvp_tensors *t = &p->model.tensors;

	if (!mtp_loaded(p))
		return 0;
	if (p->engine.kind == KVP_ENGINE_VLLM && t->mtp_shared <= t->bytes[KVP_TG_MTP])
		return t->bytes[KVP_TG_MTP] - t->mtp_shared;
	return t->bytes[KVP_TG_MTP];
}

/* bytes = the tensors' groups summed. */
static enum kvp_status tensor_bytes(const struct kvp_plan *p,
                                    struct kvp_weights_result *w,
                                    struct kvp_error *err)
{
	const struct kvp_tensors *t = &p->model.tensors;
	uint64_t sum = 0;
	int g;

	for (g = 0; g < KVP_TG_COUNT; g++) {
		w->group_bytes[g] = t->bytes[g];
		if (!kvp_add(sum, t->bytes[g], &sum))
			return kvp_error_set(err, KVP_EOVERFLOW, "model.tensors: "
			                     "weight bytes overflow 64 bits");
	}
	w->bytes = sum;
	w->source = t->source;
	w->mtp_unloaded_bytes = t->bytes[KVP_TG_MTP] - kvp_mtp_resident(p);
	w->mtp_drafter = mtp_loaded(p) && w->mtp_unloaded_bytes;
	return KVP_OK;
}

enum kvp_status kvp_weights_compute(const struct kvp_plan *p,
                                    struct kvp_result *res)
{
	const struct kvp_model *m = &p->model;
	const struct kvp_arch *ar = &m->arch;
	struct kvp_weights_result *w = &res->weights;
	struct acc attn = { true, 0 }, mlp = { true, 0 }, act_mlp = { true, 0 },
	           norm = { true, 0 }, emb = { true, 0 }, lm = { true, 0 },
	           other = { true, 0 };
	const char *mt = m->model_type;
	bool gemma = !strncmp(mt, "gemma2", 6) || !strncmp(mt, "gemma3", 6);
	bool extra_norms = gemma;
	bool qk_norm = !strncmp(mt, "qwen3", 5) || !strncmp(mt, "gemma3", 6);
	bool gpt2 = !strcmp(mt, "gpt2");
	uint64_t mats = ar->gated_mlp ? 3 : 2, expert = 0, dense = 0,
	         router = 0, shared = 0, total, active;
	uint32_t i, n_moe, n_ffn = 0, n_mlp;
	struct wl l;

	memset(w, 0, sizeof *w);
	if (m->n_layers > KVP_MAX_LAYERS || res->n_layers != m->n_layers)
		return kvp_error_set(&res->error, KVP_ERANGE,
		       "model.n_layers: %u - at most %d, resolved first",
		       m->n_layers, KVP_MAX_LAYERS);
	madd(&emb, ar->vocab, ar->hidden);
	if (!ar->tie_embeddings)
		madd(&lm, ar->vocab, ar->hidden);

	/* one dense MLP, one expert, the router, the shared experts */
	{
		struct acc t = { true, 0 };
		madd3(&t, mats, ar->hidden, ar->intermediate);
		dense = t.v;
		t.v = 0;
		madd3(&t, mats, ar->hidden, ar->moe_intermediate);
		expert = t.v;
		t.v = 0;
		madd(&t, ar->hidden, ar->n_experts);
		router = t.v;
		t.v = 0;
		madd(&t, expert, ar->n_shared_experts);
		shared = t.v;
		if (!t.ok)
			goto overflow;
	}
	/*
	 * Per layer: attention by the layer's shape (worked out once per run
	 * of layers alike, then counted), MoE or dense MLP by count, norms by
	 * count. Every term is non-negative, so a sum checked in this order
	 * overflows exactly when the layer-by-layer sum would.
	 */
	for (i = 0; i < m->n_layers; ) {
		struct acc one = { true, 0 };
		uint32_t run = 1;

		layer_at(res, i, &l);
		while (i + run < m->n_layers &&
		       same_layer(&res->layers[i + run].spec, &l, ar->k_eq_v))
			run++;
		attn_params(m, &l, &one);
		if (!one.ok)
			goto overflow;
		if (l.kind == KVP_LAYER_NONE && !ar->recurrent_params_per_layer)
			w->mixers_uncounted = true;
		if (l.kind == KVP_LAYER_FFN)
			n_ffn += run;
		madd(&attn, one.v, run);
		if (qk_norm && plain_attn(l.kind))
			madd3(&norm, l.k_dim, 2, run);
		i += run;
	}
	/* layers with an MLP block: all, or with ffn_layers_only the FFN
	 * kind alone (all MoE when the model has experts) */
	n_mlp = ar->ffn_layers_only ? n_ffn : m->n_layers;
	n_moe = !ar->ffn_layers_only ? moe_layers(ar, m->n_layers) :
	        ar->n_experts ? n_ffn : 0;
	{
		struct acc t = { true, 0 }, ta = { true, 0 };

		/* one MoE layer, all experts and the active ones */
		madd(&t, router, 1);
		madd(&t, expert, ar->n_experts);
		madd(&t, shared, 1);
		madd(&ta, router, 1);
		madd(&ta, expert, ar->n_experts_active);
		madd(&ta, shared, 1);
		if (n_moe > 0 && (!t.ok || !ta.ok))
			goto overflow;
		if (n_moe > 0) {
			madd(&mlp, t.v, n_moe);
			madd(&act_mlp, ta.v, n_moe);
		}
		/* per-layer widths (block_configs) come summed */
		madd(&mlp, ar->mlp_params ? ar->mlp_params : dense,
		     ar->mlp_params ? 1 : n_mlp - n_moe);
		madd(&act_mlp, ar->mlp_params ? ar->mlp_params : dense,
		     ar->mlp_params ? 1 : n_mlp - n_moe);
	}
	/* Nemotron-H's blocks have one norm each (NemotronHBlock.norm) */
	madd3(&norm, ar->hidden, ar->ffn_layers_only ? 1 : extra_norms ? 4 : 2,
	      m->n_layers);
	madd(&norm, ar->hidden, 1);
	if (gpt2) {
		/* wpe, MLP biases (intermediate + hidden) per layer, and the
		 * LayerNorm biases (2 per layer + final) */
		madd(&other, ar->max_positions, ar->hidden);
		madd(&other, (uint64_t)m->n_layers,
		     ar->intermediate + ar->hidden);
		madd(&other, 2 * (uint64_t)m->n_layers + 1, ar->hidden);
	}
	if (!attn.ok || !mlp.ok || !act_mlp.ok || !norm.ok || !emb.ok ||
	    !lm.ok || !other.ok)
		goto overflow;

	w->embed_params = emb.v;
	w->lm_head_params = lm.v;
	/* recurrent mixers are part of the per-layer attention slot */
	w->attn_params = attn.v;
	w->mlp_params = mlp.v;
	w->norm_params = norm.v;
	/* issue 14: the encoder tower (16-bit, as other_params: quantized
	 * checkpoints leave towers out of their quantization), not read by
	 * a decode step, so not active */
	if (!kvp_add(other.v, ar->tower_params, &other.v))
		goto overflow;
	w->other_params = other.v;
	total = 0;
	if (!kvp_add(total, other.v, &total) ||
	    !kvp_add(total, emb.v, &total) || !kvp_add(total, lm.v, &total) ||
	    !kvp_add(total, attn.v, &total) || !kvp_add(total, mlp.v, &total) ||
	    !kvp_add(total, norm.v, &total))
		goto overflow;
	w->params = total;
	active = total - mlp.v + act_mlp.v - ar->tower_params;
	w->active_params = active;
	if (m->declared_params) {
		kvp_diff_i64(total, m->declared_params, &w->declared_diff);
	}
	{
		enum kvp_status st = weight_bytes(w, ar->hidden,
			p->devices.weights_override ? &p->devices.weights
			                            : &m->weights,
			&w->bytes, &res->error);
		w->estimate_bytes = w->bytes;
		w->source = KVP_WSRC_ESTIMATE;
		if (st != KVP_OK || !kvp_tensors_apply(p))
			return st;
		return tensor_bytes(p, w, &res->error);
	}
overflow:
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
	       "model.arch: parameter count overflows 64 bits (hidden %llu, "
	       "vocab %llu, %u layers)", (unsigned long long)ar->hidden,
	       (unsigned long long)ar->vocab, m->n_layers);
}
