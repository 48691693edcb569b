/*
 * hf_fam_jet.c - Jet-Nemotron (model_type jet_nemotron,
 * JetNemotronForCausalLM, NVIDIA's Jet-Nemotron-2B and -4B): its
 * layer_types and the cache a JetBlock keeps, as the maker's code builds
 * and caches them. No vLLM model exists for it (vLLM's registry,
 * tests/data/hf/sweep/registry.tsv), llama.cpp has no such architecture,
 * and SGLang's (configs/jet_nemotron.py) sizes the state otherwise
 * (engine_compute.c model_rows[]): the rule is the maker's remote code,
 * NVlabs/Jet-Nemotron @94cbd124, jetai/modeling/hf/:
 *
 *   modeling_jet_nemotron.py JetNemotronDecoderLayer: per layer_types
 *     entry, "attn" JetNemotronAttention (full; head_dim =
 *     getattr(config, "head_dim", hidden_size // num_attention_heads),
 *     num_key_value_heads, q/k/v biases, no o bias), "swa" the same with
 *     sliding_window = efficient_attention_config["swa"]["window_size"],
 *     any other name a class of EFFICIENT_ATTENTION_CLASSES, which holds
 *     "jet" (JetBlock) alone; configuration_jet_nemotron.py: layer_types
 *     absent is ["attn"] x num_hidden_layers, a string is eval()'d (not
 *     read here: refused);
 *   kv_cache.py JetNemotronCache: a "swa" layer keeps the last
 *     window_size K/V (update at prefill, trim_attn_state after the
 *     attention; in decode a full window rolls in place): the generic
 *     sliding rule, min(window, positions);
 *   jet_block.py JetBlock, JetBlockConfig(**efficient_attention_config
 *     ["jet"]) (an unknown key raises TypeError): key_dim = num_heads x
 *     head_dim, value_dim = int(key_dim x expand_v), head_v_dim =
 *     int(head_dim x expand_v) (both checked with math.isclose, rel_tol
 *     1e-5); its cache per sequence is
 *       recurrent_state [H, head_dim, head_v_dim], float32: fla's
 *         chunk_gated_delta_rule / fused_recurrent_gated_delta_rule
 *         return final_state as k.new_empty(N, H, K, V,
 *         dtype=torch.float32) (fla ops/common/chunk_delta_h.py
 *         chunk_gated_delta_rule_fwd_h);
 *       conv_state [D, W], D = value_dim, W = conv_size (the kernel, not
 *         kernel - 1): dynamic_conv.py DynamicShortConvolution.forward
 *         "cache = x.new_zeros(N, D, W)" after x.to(input_dtype), the
 *         activations' dtype (the model's compute dtype, the K/V's);
 *         _step_naive rolls all W columns.
 *
 * Both are model.recur (conv_values D x W in the compute dtype,
 * ssm_values H x head_dim x head_v_dim in f32), the JetBlock's parameters
 * model.arch.recurrent_params_per_layer (jet_params below).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

/* layer_types names (modeling_jet_nemotron.py JetNemotronDecoderLayer) */
static const struct {
	const char *name;
	enum kvp_layer_kind kind;
} jet_kinds[] = {
	{ "attn", KVP_LAYER_FULL },      /* JetNemotronAttention(config) */
	{ "swa", KVP_LAYER_SLIDING },    /* sliding_window = swa.window_size */
	{ "jet", KVP_LAYER_NONE },       /* JetBlock: model.recur */
};

/* efficient_attention_config["jet"]: JetBlockConfig's integer fields and
 * their dataclass defaults (jet_block.py), in struct jet_block order. */
static const struct {
	const char *key;
	uint64_t def;
} jet_uints[] = {
	{ "num_heads", 6 }, { "head_dim", 256 }, { "conv_size", 4 },
	{ "dconv_generator_reduction", 8 },
};

/* JetBlockConfig's other fields: compute only (mode: chunk or
 * fused_recurrent, the kernel; norm_eps; the conv kernel's
 * implementation, every one of which keeps the same [N, D, W] cache) */
static const char *const jet_compute[] = { "mode", "norm_eps",
	"dconv_implementation", "expand_v" };

struct jet_block {
	uint64_t v[4];          /* jet_uints[] order */
	uint64_t key_dim, value_dim, head_v_dim;
};

/* The kind of one layer_types entry, or -1 (refused). */
static int jet_kind(struct cfg *c, const cJSON *e, const char *path,
                    enum kvp_layer_kind *k)
{
	size_t i;

	for (i = 0; cJSON_IsString(e) &&
	     i < sizeof jet_kinds / sizeof jet_kinds[0]; i++)
		if (!strcmp(e->valuestring, jet_kinds[i].name)) {
			*k = jet_kinds[i].kind;
			return 0;
		}
	hf_bad(c, path, e, "unknown Jet-Nemotron layer type (attn, swa, jet: "
	       "modeling_jet_nemotron.py JetNemotronDecoderLayer)");
	return -1;
}

/* efficient_attention_config: an object of "jet" and "swa" blocks (the
 * only ones the maker's code reads); NULL when absent, *bad on error. */
static const cJSON *eac(struct cfg *c, char *path, size_t n, bool *bad)
{
	const cJSON *o = hf_get(c, "efficient_attention_config", path, n), *e;
	char p2[160];

	*bad = false;
	if (!o || cJSON_IsNull(o))
		return NULL;
	if (!cJSON_IsObject(o)) {
		*bad = true;
		hf_bad(c, path, o, "must be an object");
		return NULL;
	}
	cJSON_ArrayForEach(e, o)
		if (e->string && strcmp(e->string, "jet") &&
		    strcmp(e->string, "swa")) {
			snprintf(p2, sizeof p2, "%s.%s", path, e->string);
			*bad = true;
			hf_bad(c, p2, e, "a block the maker's code does not read "
			       "(jet and swa only): refused");
			return NULL;
		}
	return o;
}

/* Block `name` of efficient_attention_config (NULL when absent), its
 * path in p2 ("efficient_attention_config.<name>" when the config has
 * none); *bad when eac refused the config. */
static const cJSON *eac_block(struct cfg *c, const char *name, char *p2,
                              size_t n, bool *bad)
{
	char path[96];
	const cJSON *o = eac(c, path, sizeof path, bad);

	snprintf(p2, n, "%s.%s", o ? path : "efficient_attention_config",
	         name);
	return o ? cJSON_GetObjectItemCaseSensitive(o, name) : NULL;
}

/* The "swa" layers' window: efficient_attention_config.swa.window_size. */
static enum kvp_status swa_window(struct cfg *c, uint64_t *w)
{
	char p2[128];
	bool bad;
	const cJSON *s = eac_block(c, "swa", p2, sizeof p2, &bad);
	int r;

	if (bad)
		return c->err->status;
	if (!cJSON_IsObject(s))
		return hf_bad(c, p2, s, "required by swa layers (window_size: "
		              "modeling_jet_nemotron.py)");
	if ((r = hf_member_uint(c, s, p2, "window_size", 1, UINT32_MAX, w)) < 0)
		return c->err->status;
	if (r == 0)
		return hf_bad(c, p2, s, "needs window_size (the swa layers' "
		              "window)");
	return KVP_OK;
}

/*
 * The layer kinds (HF_LAYOUT_FIRST: before the generic layer_types
 * reader, whose names are other families'), swa layers' windows.
 * max_window_layers, which the 2B and 4B configs carry from Qwen2's, is
 * not read by JetNemotronConfig or the model: read.
 */
enum kvp_status hf_fam_jet_nemotron(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, "layer_types", path, sizeof path), *e;
	uint64_t w = 0;
	uint32_t i = 0;
	enum kvp_layer_kind k;

	hf_superseded(c, "max_window_layers");
	*found = true;
	if (!a || cJSON_IsNull(a)) {
		for (i = 0; i < m->n_layers; i++)
			L[i].kind = KVP_LAYER_FULL;
		hf_note(c, "layer_types absent: every layer attn, full attention "
		        "(JetNemotronConfig default)");
		return KVP_OK;
	}
	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != m->n_layers)
		return hf_bad(c, path, a, "must list attn, swa or jet for every "
		              "layer");
	cJSON_ArrayForEach(e, a) {
		snprintf(p2, sizeof p2, "%s[%u]", path, i);
		if (jet_kind(c, e, p2, &k) < 0)
			return c->err->status;
		if (k == KVP_LAYER_SLIDING && !w && swa_window(c, &w))
			return c->err->status;
		L[i].kind = k;
		L[i].window = k == KVP_LAYER_SLIDING ? (uint32_t)w : 0;
		i++;
	}
	return KVP_OK;
}

/* expand_v (a float, default 2.0) into the widths, as JetBlock.__init__
 * computes and checks them. */
static enum kvp_status jet_widths(struct cfg *c, const cJSON *o,
                                  const char *path, struct jet_block *b)
{
	const cJSON *ev = cJSON_GetObjectItemCaseSensitive(o, "expand_v");
	double x = 2.0, kv, hv;
	char p2[160];

	snprintf(p2, sizeof p2, "%s.expand_v", path);
	if (ev && !cJSON_IsNull(ev)) {
		if (!cJSON_IsNumber(ev) || !isfinite(ev->valuedouble) ||
		    ev->valuedouble <= 0 || ev->valuedouble > 64)
			return hf_bad(c, p2, ev, "must be a number in (0, 64]");
		x = ev->valuedouble;
	} else {
		hf_note(c, "%s absent: 2.0 (JetBlockConfig default)", p2);
	}
	b->key_dim = b->v[0] * b->v[1];          /* < 2^48 */
	kv = (double)b->key_dim * x;             /* Python's float product */
	hv = (double)b->v[1] * x;
	b->value_dim = (uint64_t)kv;             /* int(): toward zero */
	b->head_v_dim = (uint64_t)hv;
	if (fabs(kv - (double)b->value_dim) > 1e-5 * kv ||
	    fabs(hv - (double)b->head_v_dim) > 1e-5 * hv || !b->head_v_dim ||
	    b->value_dim != b->v[0] * b->head_v_dim)
		return hf_bad(c, p2, ev, "does not give whole value widths "
		              "(JetBlock raises ValueError) or value heads of "
		              "num_heads");
	return KVP_OK;
}

/* efficient_attention_config.jet as JetBlockConfig(**it) reads it. */
static enum kvp_status jet_block(struct cfg *c, struct jet_block *b)
{
	char p2[128];
	bool bad, known;
	const cJSON *j = eac_block(c, "jet", p2, sizeof p2, &bad), *e;
	size_t i;
	int r;

	if (bad)
		return c->err->status;
	if (!cJSON_IsObject(j))
		return hf_bad(c, p2, j, "required by jet layers (JetBlock: "
		              "JetBlockConfig(**efficient_attention_config"
		              "[\"jet\"]))");
	cJSON_ArrayForEach(e, j) {
		known = false;
		for (i = 0; i < sizeof jet_uints / sizeof jet_uints[0]; i++)
			known |= e->string && !strcmp(e->string, jet_uints[i].key);
		for (i = 0; i < sizeof jet_compute / sizeof jet_compute[0]; i++)
			known |= e->string && !strcmp(e->string, jet_compute[i]);
		if (!known) {
			char p3[192];
			snprintf(p3, sizeof p3, "%s.%s", p2, e->string ? e->string : "");
			return hf_bad(c, p3, e, "not a JetBlockConfig field (the "
			              "maker's code raises TypeError)");
		}
	}
	for (i = 0; i < sizeof jet_uints / sizeof jet_uints[0]; i++) {
		if ((r = hf_member_uint(c, j, p2, jet_uints[i].key, 1, DIM_MAX,
		                        &b->v[i])) < 0)
			return c->err->status;
		if (r == 0) {
			b->v[i] = jet_uints[i].def;
			hf_note(c, "%s.%s absent: %llu (JetBlockConfig default)", p2,
			        jet_uints[i].key, (unsigned long long)b->v[i]);
		}
	}
	return jet_widths(c, j, p2, b);
}

/*
 * One JetBlock's parameters (jet_block.py, dynamic_conv.py; h hidden, H
 * num_heads, K key_dim, V value_dim, W conv_size, g = V //
 * dconv_generator_reduction): q_proj, k_proj h x K each; v_proj and
 * g_proj h x V each; b_proj, a_proj h x H each; A_log, dt_bias H each;
 * the kernel generator w1 h x g (no bias), w2 g x V W with a bias of
 * V W; o_norm (fla FusedRMSNormGated: a weight of head_v_dim, no bias);
 * o_proj V x h. No bias elsewhere.
 */
static enum kvp_status jet_params(struct cfg *c, struct kvp_model *m,
                                  const struct jet_block *b)
{
	uint64_t h = m->arch.hidden, H = b->v[0], W = b->v[2];
	uint64_t V = b->value_dim, g = V / b->v[3], vw, t = 0;

	if (!kvp_mul(V, W, &vw) || !kvp_muladd(&t, 2 * h, b->key_dim) ||
	    !kvp_muladd(&t, 3 * h, V) || !kvp_muladd(&t, 2 * h, H) ||
	    !kvp_add(t, 2 * H + b->head_v_dim, &t) || !kvp_muladd(&t, h, g) ||
	    !kvp_muladd(&t, g + 1, vw))
		return hf_bad(c, "efficient_attention_config.jet", NULL, "the "
		              "JetBlock's parameter count overflows 64 bits");
	m->arch.recurrent_params_per_layer = t;
	return KVP_OK;
}

/* The jet layers' state (hf_state.c hf_recurrent, HF_JET rows). */
enum kvp_status hf_jet_state(struct cfg *c, struct kvp_model *m)
{
	struct jet_block b;
	uint64_t ssm;

	memset(&b, 0, sizeof b);
	if (jet_block(c, &b))
		return c->err->status;
	if (!kvp_mul(b.key_dim, b.head_v_dim, &ssm) ||
	    !kvp_mul(b.value_dim, b.v[2], &m->recur.conv_values))
		return hf_bad(c, "efficient_attention_config.jet", NULL, "the "
		              "JetBlock's state overflows 64 bits");
	m->recur.ssm_values = ssm;
	m->recur.ssm_dtype = KVP_DT_F32;
	m->recur.conv_dtype = m->base.k_fmt.dtype;
	hf_note(c, "jet layers: a JetBlock state of %llu values (f32) and a "
	        "dynamic-convolution cache of %llu x %llu values (conv_size "
	        "columns, in the compute dtype), as the maker's "
	        "JetNemotronCache keeps them (NVlabs/Jet-Nemotron @94cbd124)",
	        (unsigned long long)ssm, (unsigned long long)b.value_dim,
	        (unsigned long long)b.v[2]);
	return jet_params(c, m, &b);
}
