/*
 * src/core/weights/ - stage 2 of kvp_compute and its 2b and 2c: what the
 * model's weights weigh, and what sits beside them. weights.c (this file)
 * counts the parameters; weight_bytes.c prices them in the weight
 * format; tensors.c takes the exact bytes from the model files instead
 * when they describe this plan; weights_stage.c splits those over
 * pipeline stages for the device stage. parts.c is stage 2b (encoders,
 * LoRA adapters), draft.c stages 2c and 4b (the speculative draft model,
 * sized by the kvp_compute compute.c hands it).
 *
 * weights.c - parameter count and weight bytes from struct kvp_arch and
 * the attention layout (stage 2 of kvp_compute).
 *
 * Count, per layer (Llama-style decoder, names as in transformers):
 *   attention  q: hidden x Hq*Dk, k: hidden x Hkv*Dk, v: hidden x Hkv*Dv,
 *              o: Hq*Dv x hidden; with attention_bias the q, k, v biases
 *              and an o bias of hidden (not for Qwen2 or Jet-Nemotron,
 *              which have none: no_o_bias[]);
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
 *   norms      2 x hidden per layer and a final hidden; Gemma 2/3 and
 *              Ouro have 4 per layer (pre/post attention and MLP), Nemotron-H's
 *              single-block layers 1; arch.qk_norm adds q and k norms
 *              on attention layers: of head_dim each (Qwen3, Gemma 3,
 *              EXAONE 4) or q of Hq x Dk and k of Hkv x Dk (OLMo 2/3),
 *              set by the importer (io/hf/hf_qk_norm.c's table).
 * A looped model (model.loops) counts its real layers alone, the first
 * kvp_weight_layers: its later passes' caches reuse their weights.
 * Plus embeddings vocab x hidden and an lm_head of the same size unless
 * tied. With arch.mlp_bias the dense MLP layers add gate and up biases of
 * intermediate each (up alone when not gated) and a down bias of hidden
 * (LlamaConfig/GraniteConfig mlp_bias; mlx-lm d78bf58e models/llama.py),
 * in the MLP count, never quantized. GPT-2 adds learned positions
 * (max_positions x hidden), MLP biases and LayerNorm biases
 * (other_params). Active parameters per token leave
 * out the routed experts a token does not use, and the encoder tower
 * (arch.tower_params, from vision_config where io/hf/hf_tower.c has a row;
 * in other_params, 16-bit). Not counted: expert biases, MLP biases
 * with per-layer widths (mlp_params), towers without a row, MTP modules; the declared count shows
 * the difference. model_type selects these details.
 *
 * Bytes: in the model's weight format (or devices.weights when
 * devices.weights_override). 16-bit formats 2 bytes per parameter, f32 4.
 * Quantized formats store attention, MLP and recurrent weights at `bits`
 * per value plus (scale_bytes + zero_bytes) bytes and zero_bits bits (AWQ/
 * GPTQ pack 4-bit zero-points) per group of group_size values, summed
 * over all quantized values (group_size 0: per output channel, one group
 * per `hidden` values); attention biases (counted with the attention)
 * and MLP biases are never quantized: 16-bit, as GPTQ/AWQ kernels and MLX's
 * QuantizedLinear keep them, f32 in GGUF (weight_bytes.c names the
 * sources); norms
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
#include "core/weights/weights_priv.h"
#include "kvplan/checked.h"

/* Kind, heads and dims of one layer, from the table stage 1 resolved
 * into kvp_layer_rec(res, i)->spec (before MLA storage is applied). */
struct wl {
	enum kvp_layer_kind kind;
	uint64_t kv_heads, k_dim, v_dim;
};

static void layer_at(const struct kvp_result *res, uint32_t i, struct wl *l)
{
	const struct kvp_layer_spec *s = &kvp_layer_rec(res, i)->spec;

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
	/* a recurrent mixer beside the attention (model.recur.beside_full,
	 * Falcon-H1's Mamba2) */
	if (l->kind == KVP_LAYER_FULL && m->recur.beside_full)
		madd(a, ar->recurrent_params_per_layer, 1);
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
	return KVP_OK;
}

/* The attention biases of one layer (attention_bias): q, k, v and o's
 * (not Qwen2's o), none on recurrent, FFN or MLA layers. Part of the
 * attention count, but never quantized (weight_bytes.c). */
/* Families whose attention_bias covers q, k and v but not o_proj, by
 * model_type prefix: Qwen2 and its kin (vLLM qwen2.py Qwen2Attention,
 * o_proj bias=False), Jet-Nemotron (NVlabs/Jet-Nemotron @94cbd124
 * modeling_jet_nemotron.py JetNemotronAttention, o_proj bias=False). */
static const char *const no_o_bias[] = { "qwen2", "jet_nemotron" };

static bool has_o_bias(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof no_o_bias / sizeof no_o_bias[0]; i++)
		if (!strncmp(model_type, no_o_bias[i], strlen(no_o_bias[i])))
			return false;
	return true;
}

static void attn_bias(const struct kvp_model *m, const struct wl *l,
                      struct acc *a)
{
	const struct kvp_arch *ar = &m->arch;

	if (!ar->attention_bias || l->kind == KVP_LAYER_NONE ||
	    l->kind == KVP_LAYER_FFN ||
	    (l->kind == KVP_LAYER_MLA && m->mla.kv_lora_rank))
		return;
	madd(a, m->q_heads, l->k_dim);
	if (ar->attn_output_gate)
		madd(a, m->q_heads, l->k_dim);
	madd(a, l->kv_heads, l->k_dim);
	if (!(ar->k_eq_v && l->kind == KVP_LAYER_FULL))
		madd(a, l->kv_heads, l->v_dim);
	if (has_o_bias(m->model_type))
		madd(a, ar->hidden, 1);
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

	if (ar->n_experts == 0 || i >= res->n_layers ||
	    i >= kvp_weight_layers(&p->model))
		return false;
	if (ar->ffn_layers_only)
		return kvp_layer_rec(res, i)->spec.kind == KVP_LAYER_FFN;
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

/* The parameter sums of one count, each with its sticky overflow. */
struct wcount {
	struct acc attn, mlp, act_mlp, norm, emb, lm, other;
	struct acc bias;           /* of attn and mlp: the biases (16-bit) */
	struct acc mlp_bias;       /* of mlp and bias: the MLP's biases */
	uint32_t n_ffn;            /* layers of the FFN kind */
};

/* One dense MLP, one expert, the router, the shared experts; the dense
 * MLP's biases (in dense). False on overflow. */
struct mlp_units {
	uint64_t dense, expert, router, shared, dense_bias;
};

static bool mlp_units(const struct kvp_arch *ar, struct mlp_units *u)
{
	uint64_t mats = ar->gated_mlp ? 3 : 2;
	struct acc t = { true, 0 };

	/* mlp_bias: gate and up (or up alone) intermediate each, down
	 * hidden (mlx-lm d78bf58e models/llama.py MLP: gate_proj, up_proj
	 * nn.Linear(dim, hidden_dim, bias=mlp_bias), down_proj
	 * nn.Linear(hidden_dim, dim, bias=mlp_bias)) */
	if (ar->mlp_bias) {
		madd(&t, mats - 1, ar->intermediate);
		madd(&t, ar->hidden, 1);
	}
	u->dense_bias = t.v;
	madd3(&t, mats, ar->hidden, ar->intermediate);
	u->dense = t.v;
	t.v = 0;
	madd3(&t, mats, ar->hidden, ar->moe_intermediate);
	u->expert = t.v;
	t.v = 0;
	madd(&t, ar->hidden, ar->n_experts);
	u->router = t.v;
	t.v = 0;
	madd(&t, u->expert, ar->n_shared_experts);
	u->shared = t.v;
	return t.ok;
}

/* `run` layers alike l into the counts. False on overflow. */
static bool layers_alike(const struct kvp_model *m, const struct wl *l,
                         uint32_t run, enum kvp_qk_norm qk_norm,
                         struct wcount *c,
                         struct kvp_weights_result *w)
{
	struct acc one = { true, 0 };

	struct acc b = { true, 0 };

	attn_params(m, l, &one);
	attn_bias(m, l, &b);
	if (!one.ok || !b.ok || !kvp_add(one.v, b.v, &one.v))
		return false;
	madd(&c->bias, b.v, run);
	if ((l->kind == KVP_LAYER_NONE ||
	     (l->kind == KVP_LAYER_FULL && m->recur.beside_full)) &&
	    !m->arch.recurrent_params_per_layer)
		w->mixers_uncounted = true;
	if (l->kind == KVP_LAYER_FFN)
		c->n_ffn += run;
	madd(&c->attn, one.v, run);
	/* q and k norms: head_dim each, or over all heads (q of q_heads,
	 * k of kv_heads) */
	if (qk_norm == KVP_QKN_HEAD && plain_attn(l->kind))
		madd3(&c->norm, l->k_dim, 2, run);
	if (qk_norm == KVP_QKN_ALL && plain_attn(l->kind))
		madd3(&c->norm, l->k_dim, (uint64_t)m->q_heads + l->kv_heads,
		      run);
	return true;
}

/*
 * Per layer: attention by the layer's shape (worked out once per
 * resolved type, res->layer_types, or else once per run of layers alike,
 * then counted), q and k norms by count. Every term is non-negative, so
 * a sum checked in this order overflows exactly when the layer-by-layer
 * sum would. False on overflow.
 */
static bool layer_params(const struct kvp_model *m,
                         const struct kvp_result *res,
                         enum kvp_qk_norm qk_norm,
                         struct wcount *c, struct kvp_weights_result *w)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	uint32_t i, run, n = kvp_weight_layers(m);
	struct wl l;

	/* a looped model's passes past the first carry no weights: its
	 * real layers alone, run by run */
	for (i = 0; n == m->n_layers && i < rt->n; i++) {
		layer_at(res, rt->first[i], &l);
		if (!layers_alike(m, &l, rt->count[i], qk_norm, c, w))
			return false;
	}
	for (i = 0; (rt->n == 0 || n < m->n_layers) && i < n; i += run) {
		layer_at(res, i, &l);
		for (run = 1; i + run < n &&
		     same_layer(&kvp_layer_rec(res, i + run)->spec, &l, m->arch.k_eq_v);
		     run++)
			;
		if (!layers_alike(m, &l, run, qk_norm, c, w))
			return false;
	}
	return true;
}

/* The MLP blocks, by count: MoE layers with all their experts (mlp) and
 * with the active ones (act_mlp), the dense rest. False on overflow. */
static bool mlp_params(const struct kvp_arch *ar, uint32_t n_layers,
                       const struct mlp_units *u, struct wcount *c)
{
	/* layers with an MLP block: all, or with ffn_layers_only the FFN
	 * kind alone (all MoE when the model has experts) */
	uint32_t n_mlp = ar->ffn_layers_only ? c->n_ffn : n_layers;
	uint32_t n_moe = !ar->ffn_layers_only ? moe_layers(ar, n_layers) :
	                 ar->n_experts ? c->n_ffn : 0;
	struct acc t = { true, 0 }, ta = { true, 0 };

	/* one MoE layer, all experts and the active ones */
	madd(&t, u->router, 1);
	madd(&t, u->expert, ar->n_experts);
	madd(&t, u->shared, 1);
	madd(&ta, u->router, 1);
	madd(&ta, u->expert, ar->n_experts_active);
	madd(&ta, u->shared, 1);
	if (n_moe > 0 && (!t.ok || !ta.ok))
		return false;
	if (n_moe > 0) {
		madd(&c->mlp, t.v, n_moe);
		madd(&c->act_mlp, ta.v, n_moe);
	}
	/* per-layer widths (block_configs) come summed */
	madd(&c->mlp, ar->mlp_params ? ar->mlp_params : u->dense,
	     ar->mlp_params ? 1 : n_mlp - n_moe);
	madd(&c->act_mlp, ar->mlp_params ? ar->mlp_params : u->dense,
	     ar->mlp_params ? 1 : n_mlp - n_moe);
	/* the dense layers' MLP biases (not the experts': no family with
	 * mlp_bias and experts was read; mlp_params: widths unknown here) */
	if (!ar->mlp_params) {
		madd(&c->mlp_bias, u->dense_bias, n_mlp - n_moe);
		madd(&c->bias, u->dense_bias, n_mlp - n_moe);
	}
	return true;
}

/* The layers' norms and the final one; GPT-2's learned positions and
 * biases. */
static void norm_other_params(const struct kvp_model *m, bool extra_norms,
                              bool gpt2, struct wcount *c)
{
	const struct kvp_arch *ar = &m->arch;

	/* Nemotron-H's blocks have one norm each (NemotronHBlock.norm) */
	madd3(&c->norm, ar->hidden, ar->ffn_layers_only ? 1 : extra_norms ? 4 : 2,
	      kvp_weight_layers(m));
	madd(&c->norm, ar->hidden, 1);
	if (gpt2) {
		/* wpe, MLP biases (intermediate + hidden) per layer, and the
		 * LayerNorm biases (2 per layer + final) */
		madd(&c->other, ar->max_positions, ar->hidden);
		madd(&c->other, (uint64_t)kvp_weight_layers(m),
		     ar->intermediate + ar->hidden);
		madd(&c->other, 2 * (uint64_t)kvp_weight_layers(m) + 1, ar->hidden);
	}
}

/* The sums into w: the parts, params, active params and the declared
 * count's difference. False on overflow. */
static bool store_counts(const struct kvp_model *m, struct wcount *c,
                         struct kvp_weights_result *w)
{
	const struct kvp_arch *ar = &m->arch;
	uint64_t total = 0;

	if (!c->attn.ok || !c->mlp.ok || !c->act_mlp.ok || !c->norm.ok ||
	    !c->emb.ok || !c->lm.ok || !c->other.ok || !c->bias.ok ||
	    !c->mlp_bias.ok)
		return false;
	w->embed_params = c->emb.v;
	w->lm_head_params = c->lm.v;
	/* recurrent mixers are part of the per-layer attention slot */
	w->attn_params = c->attn.v;
	w->mlp_params = c->mlp.v;
	w->norm_params = c->norm.v;
	/* issue 14: the encoder tower (16-bit, as other_params: quantized
	 * checkpoints leave towers out of their quantization), not read by
	 * a decode step, so not active */
	if (!kvp_add(c->other.v, ar->tower_params, &c->other.v))
		return false;
	w->other_params = c->other.v;
	if (!kvp_add(total, c->other.v, &total) ||
	    !kvp_add(total, c->emb.v, &total) || !kvp_add(total, c->lm.v, &total) ||
	    !kvp_add(total, c->attn.v, &total) || !kvp_add(total, c->mlp.v, &total) ||
	    !kvp_add(total, c->norm.v, &total))
		return false;
	w->params = total;
	w->active_params = total - c->mlp.v + c->act_mlp.v - ar->tower_params;
	if (m->declared_params)
		kvp_diff_i64(total, m->declared_params, &w->declared_diff);
	return true;
}

enum kvp_status kvp_weights_compute(const struct kvp_plan *p,
                                    struct kvp_result *res)
{
	const struct kvp_model *m = &p->model;
	const struct kvp_arch *ar = &m->arch;
	struct kvp_weights_result *w = &res->weights;
	const char *mt = m->model_type;
	/* Ouro: input_layernorm(_2), post_attention_layernorm(_2) (vLLM
	 * ouro.py @17122791 OuroDecoderLayer) */
	bool extra_norms = !strncmp(mt, "gemma2", 6) || !strncmp(mt, "gemma3", 6) ||
	                   !strcmp(mt, "ouro");
	struct wcount c = { { true, 0 }, { true, 0 }, { true, 0 }, { true, 0 },
	                    { true, 0 }, { true, 0 }, { true, 0 }, { true, 0 },
	                    { true, 0 }, 0 };
	struct mlp_units u;
	enum kvp_status st;

	memset(w, 0, sizeof *w);
	if (m->n_layers > KVP_MAX_LAYERS || res->n_layers != m->n_layers)
		return kvp_error_set(&res->error, KVP_ERANGE,
		       "model.n_layers: %u - at most %d, resolved first",
		       m->n_layers, KVP_MAX_LAYERS);
	madd(&c.emb, ar->vocab, ar->hidden);
	if (!ar->tie_embeddings)
		madd(&c.lm, ar->vocab, ar->hidden);
	if (!mlp_units(ar, &u) || !layer_params(m, res, ar->qk_norm, &c, w) ||
	    !mlp_params(ar, kvp_weight_layers(m), &u, &c))
		goto overflow;
	norm_other_params(m, extra_norms, !strcmp(mt, "gpt2"), &c);
	if (!store_counts(m, &c, w))
		goto overflow;
	st = kvp_weight_bytes(w, ar->hidden, c.bias.v, c.mlp_bias.v,
	                      p->devices.weights_override ?
	                      &p->devices.weights : &m->weights,
	                      &w->bytes, &res->error);
	w->estimate_bytes = w->bytes;
	w->source = KVP_WSRC_ESTIMATE;
	if (st != KVP_OK || !kvp_tensors_apply(p))
		return st;
	return kvp_tensor_bytes(p, w, &res->error);
overflow:
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
	       "model.arch: parameter count overflows 64 bits (hidden %llu, "
	       "vocab %llu, %u layers)", (unsigned long long)ar->hidden,
	       (unsigned long long)ar->vocab, m->n_layers);
}
