/*
 * engine_transformers.c - the caches of Hugging Face transformers
 * (src/transformers/cache_utils.py, 4.56 layout with per-layer classes),
 * for one generate() call holding every resident sequence as one padded
 * batch: rows = sum of requests x samples (num_return_sequences repeats
 * the prompt, nothing is shared), each row as long as the longest.
 *
 *   DynamicCache   full layers: rows x longest positions; sliding and
 *                  chunked layers (DynamicSlidingWindowLayer) keep the
 *                  last window - 1 positions: rows x min(longest, W - 1)
 *   StaticCache    rows x max_cache_len per full layer (0 = longest);
 *                  sliding layers rows x min(W, max_cache_len); a sequence
 *                  longer than max_cache_len is refused, unless every
 *                  attention layer slides (hf_all_slide)
 *   QuantizedCache every layer holds up to residual_length - 1 newest
 *                  tokens in the compute dtype (QuantizedLayer.update
 *                  re-quantizes when the residual would reach
 *                  residual_length) and the rest at nbits per value
 *                  plus a scale and a zero-point (compute dtype) per group
 *                  of q_group_size values; sized at its peak (a full
 *                  residual)
 *   OffloadedCache a DynamicCache whose layers live in host memory; about
 *                  the current and the next layer are on the device
 *   MLA            stored decompressed: q_heads heads of
 *                  qk_nope + qk_rope values (K) and v_head_dim values (V)
 *   recurrent      state_bytes per row
 *   TP             tp_plan="auto" (transformers >= 4.50, docs
 *                  perf_infer_gpu_multi) shards q/k/v_proj column-wise by
 *                  heads, so each rank's cache holds Hkv / tp heads (MLA
 *                  decompressed: q_heads / tp); heads that do not divide
 *                  by tp, and recurrent layers, are refused
 * The compute dtype is the model's cache format (model.base.k_dtype).
 * A family whose remote code builds its own cache class (Jet-Nemotron's
 * JetNemotronCache, Phi-4-mini-flash's SambaYCache: sliding layers keep
 * min(longest, W)) is sized by its row of family_caches[], whatever
 * engine.transformers.cache says.
 *
 * Each cache class is a row of hf_caches[] (what it does, its source);
 * kvp_engine_transformers is the driver that walks the row of the chosen
 * class over the layers (hf_layer), so a new class is a row, not a branch.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "kvplan/checked.h"

/*
 * The cache classes as rows: how each holds a sliding layer's positions,
 * whether rows are padded to max_cache_len, whether it quantizes, whether
 * its layers live in host memory. kvp_engine_transformers walks the row
 * of engine.transformers.cache; a new class is a row here.
 */
enum hf_slide {
	HF_SLIDE_WINDOW_LESS_ONE,  /* min(row length, window - 1) */
	HF_SLIDE_RING,             /* min(row length, window) */
	HF_SLIDE_NONE,             /* no sliding layers: the row length */
};

struct hf_cache_rule {
	const char *name;
	const char *value;         /* engine.transformers.cache */
	enum hf_slide slide;       /* sliding and chunked layers */
	bool fixed_len;            /* rows of max_cache_len (0 = longest) */
	bool quantized;            /* residual + nbits groups, at its peak */
	bool offloaded;            /* the layer in use and the next on device */
	const char *source;        /* transformers src/transformers/... */
};

static const struct hf_cache_rule hf_caches[KVP_HF_CACHE_COUNT] = {
	[KVP_HF_DYNAMIC] = { "DynamicCache", "dynamic", HF_SLIDE_WINDOW_LESS_ONE,
		false, false, false,
		"cache_utils.py DynamicLayer; DynamicSlidingWindowLayer keeps "
		"the last sliding_window - 1 states" },
	[KVP_HF_STATIC] = { "StaticCache", "static", HF_SLIDE_RING, true, false, false,
		"cache_utils.py StaticLayer (max_cache_len); "
		"StaticSlidingWindowLayer min(sliding_window, max_cache_len)" },
	[KVP_HF_QUANTIZED] = { "QuantizedCache", "quantized", HF_SLIDE_NONE,
		false, true, false,
		"cache_utils.py QuantizedLayer.update: residual_length - 1 "
		"newest tokens in the compute dtype, the rest quantized; "
		"no sliding layer class" },
	[KVP_HF_OFFLOADED] = { "OffloadedCache", "offloaded", HF_SLIDE_WINDOW_LESS_ONE,
		false, false, true,
		"cache_utils.py OffloadedCache: a DynamicCache whose layers are "
		"prefetched one ahead to the device" },
};

/*
 * Families whose remote code builds a cache class of its own whatever
 * engine.transformers.cache asks (their _prepare_cache_for_generation and
 * forward create it): the class kvplan sizes them by, a row each. Another
 * cache than dynamic is refused for them (the model would not use it).
 */
static const struct {
	const char *model_type;
	struct hf_cache_rule rule;
} family_caches[] = {
	{ "jet_nemotron", { "JetNemotronCache", "dynamic", HF_SLIDE_RING, false, false,
	  false, "NVlabs/Jet-Nemotron @94cbd124 jetai/modeling/hf/"
	  "modeling_jet_nemotron.py JetNemotronForCausalLM."
	  "_prepare_cache_for_generation and JetNemotronModel.forward "
	  "(JetNemotronCache() always); kv_cache.py update and "
	  "trim_attn_state keep the last window_size K/V of a swa layer "
	  "(min(window, positions), not window - 1)" } },
	{ "phi4flash", { "SambaYCache", "dynamic", HF_SLIDE_RING, true, false,
	  false, "remote modeling_phi4flash.py (franciskamande-ai/"
	  "cloned_models @711ebe7d) _prepare_cache_for_generation (SambaYCache "
	  "whenever use_cache) and SambaYCache: the global layer "
	  "max_cache_len positions (generate's max length), sliding layers "
	  "min(sliding_window, max_cache_len), not window - 1" } },
};

/* The cache class the model runs with: its family's own, else the
 * plan's (NULL and the error set: another class asked of such a family). */
static const struct hf_cache_rule *hf_rule(const struct kvp_plan *p,
                                           struct kvp_result *res)
{
	size_t i;

	for (i = 0; i < sizeof family_caches / sizeof family_caches[0]; i++) {
		if (strcmp(p->model.model_type, family_caches[i].model_type))
			continue;
		if (p->engine.transformers.cache == KVP_HF_DYNAMIC)
			return &family_caches[i].rule;
		kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.transformers.cache: %s - model_type %s builds %s "
			"whatever the cache class (%s); use dynamic",
			hf_caches[p->engine.transformers.cache].value,
			p->model.model_type, family_caches[i].rule.name,
			family_caches[i].rule.source);
		return NULL;
	}
	return &hf_caches[p->engine.transformers.cache];
}

static enum kvp_status hf_opts(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_transformers_opts *o = &p->engine.transformers;
	struct kvp_error *err = &res->error;

	if ((unsigned)o->cache >= KVP_HF_CACHE_COUNT)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.transformers.cache: %d - expected dynamic, static, "
			"quantized or offloaded", (int)o->cache);
	if (o->cache == KVP_HF_QUANTIZED) {
		if (o->nbits != 2 && o->nbits != 4 && o->nbits != 8)
			return kvp_error_set(err, KVP_ERANGE,
				"engine.transformers.nbits: %u - QuantizedCache takes 2, 4 or 8",
				o->nbits);
		if (o->q_group_size < 1)
			return kvp_error_set(err, KVP_ERANGE,
				"engine.transformers.q_group_size: 0 - must be at least 1");
	}
	return KVP_OK;
}

/* Under tp_plan the heads split evenly or transformers cannot shard. */
static enum kvp_status hf_tp(const struct kvp_plan *p,
                             const struct kvp_layer_spec *ls,
                             struct kvp_result *res, uint32_t tp)
{
	uint32_t i;

	if (tp <= 1)
		return KVP_OK;
	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		uint32_t h = l->kind == KVP_LAYER_MLA ? p->model.q_heads : l->kv_heads;

		if (l->kind == KVP_LAYER_NONE && l->state_bytes)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"devices.tp: %u - transformers' tp_plan shards attention "
				"heads; model.layers[%u] is a recurrent layer, not modelled "
				"under TP", tp, i);
		if ((l->kind == KVP_LAYER_FULL || l->kind == KVP_LAYER_SLIDING ||
		     l->kind == KVP_LAYER_CHUNKED || l->kind == KVP_LAYER_MLA) &&
		    (h == 0 || h % tp != 0))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"devices.tp: %u - transformers' tp_plan shards "
				"k_proj/v_proj by heads: model.layers[%u] has %u KV heads, "
				"not divisible by %u", tp, i, h, tp);
	}
	return KVP_OK;
}

/*
 * Whether every attention layer of the model slides (sliding or chunked;
 * a full or MLA layer says no; recurrent and shared layers keep no
 * positions). A static cache of such layers accepts sequences longer
 * than max_cache_len: each layer is a ring of min(W, max_cache_len)
 * positions that rolls, and a longer prompt keeps its last ones.
 * transformers@00b1f96a (4.5x line: its Cache.key_cache warns of removal
 * in v4.56.0), src/transformers/cache_utils.py SlidingWindowLayer.update
 * ("Handle prefill phase when prompt length > sliding_window_size": the
 * last max_cache_len states are stored) and its max_cache_len doc
 * ("SlidingWindowLayers: clamped to min(sliding_window, max_cache_len)");
 * ChunkedSlidingLayer extends SlidingWindowLayer. Pinned by
 * tests/utils/test_cache_utils.py SyntheticCacheTest
 * test_sliding_window_cache, Scenario 3 (window 4, max_cache_len 4, a
 * 6-token prompt keeps [3, 4, 5, 6]); a full layer's position
 * max_cache_len raises IndexError (test_static_cache_out_of_bounds).
 * Later revisions keep the rule in StaticSlidingWindowLayer
 * (effective_max_cache_len = min(sliding_window, max_cache_len)).
 */
static bool hf_all_slide(const struct kvp_plan *p, const struct kvp_layer_spec *ls)
{
	uint32_t i, sliding = 0;

	for (i = 0; i < p->model.n_layers; i++) {
		if (ls[i].kind == KVP_LAYER_FULL || ls[i].kind == KVP_LAYER_MLA)
			return false;
		if (kvp_kind_windowed(ls[i].kind))
			sliding++;
	}
	return sliding > 0;
}

/* Rows of the one padded batch (requests x samples), the longest
 * sequence and the requests. */
static enum kvp_status hf_rows(const struct eng_req *req, uint32_t n,
                               uint64_t *rows, uint64_t *longest,
                               uint64_t *total_req, struct kvp_result *res)
{
	uint32_t k;

	*rows = *longest = *total_req = 0;
	for (k = 0; k < n; k++) {
		uint64_t r;

		if (!kvp_mul(req[k].count, req[k].samples, &r) ||
		    !kvp_add(*rows, r, rows))
			return eng_overflow(res, "workload.classes[].requests");
		if (req[k].len > *longest)
			*longest = req[k].len;
		*total_req += req[k].count;
	}
	return KVP_OK;
}

/* Positions per row of a sliding or chunked layer under the class. */
static uint64_t hf_slide_pos(enum hf_slide s, uint32_t window, uint64_t row_len)
{
	switch (s) {
	case HF_SLIDE_RING:
		return window < row_len ? window : row_len;
	case HF_SLIDE_WINDOW_LESS_ONE:
		return window - 1 < row_len ? window - 1 : row_len;
	default:
		return row_len;
	}
}

/* One layer's stored shape (sp: heads per rank, dims), values per
 * position of K and V (kn, vn) and positions per row (pos). */
static enum kvp_status hf_shape(const struct kvp_plan *p,
                                const struct hf_cache_rule *rule,
                                uint32_t tp, uint64_t row_len,
                                struct kvp_layer_spec *sp, uint64_t *kn,
                                uint64_t *vn, uint64_t *pos,
                                struct kvp_error *err)
{
	*kn = *vn = *pos = 0;
	switch (sp->kind) {
	case KVP_LAYER_FULL:
	case KVP_LAYER_SLIDING:
	case KVP_LAYER_CHUNKED:
		sp->kv_heads /= tp;
		*pos = sp->kind == KVP_LAYER_FULL ? row_len :
		       hf_slide_pos(rule->slide, sp->window, row_len);
		break;
	case KVP_LAYER_MLA:
		sp->kind = KVP_LAYER_FULL;
		sp->kv_heads = p->model.q_heads / tp;
		/* each at most 2^20 (field.c BIG): the sum fits 32 bits */
		sp->k_dim = (uint32_t)((uint64_t)p->model.mla.qk_nope_head_dim +
		                       p->model.mla.qk_rope_head_dim);
		sp->v_dim = p->model.mla.v_head_dim;
		if (!sp->kv_heads || !sp->k_dim || !sp->v_dim)
			return kvp_error_set(err, KVP_EINVAL,
				"model.mla: q_heads %u, qk_nope_head_dim + qk_rope_head_dim %u, "
				"v_head_dim %u - transformers stores MLA decompressed and needs all three",
				sp->kv_heads, sp->k_dim, sp->v_dim);
		*pos = row_len;
		break;
	default:
		return KVP_OK;
	}
	*kn = (uint64_t)sp->kv_heads * sp->k_dim;
	*vn = (uint64_t)sp->kv_heads * sp->v_dim;
	return KVP_OK;
}

/*
 * QuantizedCache: residual tokens at full precision, the rest quantized.
 * QuantizedLayer.update re-quantizes everything once the residual reaches
 * residual_length - 1 + 1 tokens, so at most residual_length - 1 stay in
 * the compute dtype (the prompt itself is quantized at once). The layer's
 * formats and rows become the quantized ones.
 */
static enum kvp_status hf_quantized(const struct kvp_transformers_opts *o,
                                    struct kvp_layer_spec *sp, uint64_t kn,
                                    uint64_t vn, uint64_t pos, uint64_t rows,
                                    uint64_t *kr, uint64_t *vr,
                                    uint64_t *bytes, const char *what,
                                    struct kvp_result *res)
{
	struct kvp_format q = { .dtype = KVP_DT_GROUPQ };
	uint64_t keep = o->residual_length ? o->residual_length - 1 : 0;
	uint64_t res_tok = keep < pos ? keep : pos;
	uint64_t qk, qv, kb = 0, vb = 0;
	uint64_t cb = kvp_format_block_bytes(&sp->k_fmt);
	enum kvp_status st;

	q.bits = o->nbits;
	q.group_size = o->q_group_size;
	q.scale_bytes = q.zero_bytes = (uint32_t)cb;
	q.residual_dtype = sp->k_fmt.dtype;
	if ((st = kvp_format_row_bytes(&q, kn, &qk, what, &res->error)) ||
	    (st = kvp_format_row_bytes(&q, vn, &qv, what, &res->error)))
		return st;
	if (!kvp_muladd(&kb, res_tok, *kr) || !kvp_muladd(&kb, pos - res_tok, qk) ||
	    !kvp_muladd(&vb, res_tok, *vr) || !kvp_muladd(&vb, pos - res_tok, qv) ||
	    !kvp_add(kb, vb, bytes) || !kvp_mul(*bytes, rows, bytes))
		return eng_overflow(res, "kv.bytes");
	q.residual = o->residual_length;
	sp->k_fmt = sp->v_fmt = q;
	*kr = qk;
	*vr = qv;
	return KVP_OK;
}

/* The batch the engine walks each layer with. */
struct hf_batch {
	const struct hf_cache_rule *rule;
	uint64_t rows, row_len;
	uint32_t tp, on_dev;
};

/* Layer i under the cache class: its stored spec, rows, slots, bytes and
 * whether it is on the device. */
static enum kvp_status hf_layer(const struct kvp_plan *p,
                                const struct kvp_layer_spec *l, uint32_t i,
                                struct hf_batch *b, struct kvp_result *res)
{
	const struct kvp_transformers_opts *o = &p->engine.transformers;
	struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);
	struct kvp_layer_spec sp = *l;
	uint64_t kn, vn, kr = 0, vr = 0, pos, bytes = 0, both;
	char what[64];
	enum kvp_status st;

	kvp_cat_what(what, sizeof what, "model.layers[", i, "].k_dtype (transformers)");
	st = hf_shape(p, b->rule, b->tp, b->row_len, &sp, &kn, &vn, &pos,
	              &res->error);
	if (st == KVP_OK && kn &&
	    ((st = kvp_format_row_bytes(&sp.k_fmt, kn, &kr, what, &res->error)) ||
	     (st = kvp_format_row_bytes(&sp.v_fmt, vn, &vr, what, &res->error))))
		return st;
	if (st == KVP_OK && kn && b->rule->quantized)
		st = hf_quantized(o, &sp, kn, vn, pos, b->rows, &kr, &vr, &bytes,
		                  what, res);
	if (st != KVP_OK)
		return st;
	if (kn && !b->rule->quantized &&
	    (!kvp_add(kr, vr, &both) || !kvp_mul(pos, both, &bytes) ||
	     !kvp_mul(bytes, b->rows, &bytes)))
		return eng_overflow(res, "kv.bytes");
	if (!kn && l->kind == KVP_LAYER_NONE &&
	    !kvp_mul(l->state_bytes, b->rows, &bytes))
		return eng_overflow(res, "kv.state_bytes");
	lr->spec = sp;
	lr->k_row_bytes = kr;
	lr->v_row_bytes = vr;
	if (!kvp_add(kr, vr, &lr->bytes_per_position))
		return eng_overflow(res, "kv.bytes_per_position");
	if (!kvp_mul(pos, b->rows, &lr->slots))
		return eng_overflow(res, "kv.slots_allocated");
	if (l->kind == KVP_LAYER_NONE)
		lr->slots = l->state_bytes ? b->rows : 0;
	lr->bytes = bytes;
	lr->on_device = true;
	if (b->rule->offloaded && bytes) {
		lr->on_device = b->on_dev < 2;
		b->on_dev++;
	}
	return KVP_OK;
}

/* The engine's note: one padded batch, or rings when sequences outrun
 * max_cache_len on a model whose every attention layer slides. */
static void hf_note(struct kvp_engine_result *e, const struct hf_batch *b,
                    uint64_t longest)
{
	if (longest > b->row_len)
		snprintf(e->note, sizeof e->note,
		         "transformers %s: one batch of %llu rows; every attention layer "
		         "slides, so %llu-token sequences roll through rings of at most "
		         "max_cache_len %llu positions", b->rule->name,
		         (unsigned long long)b->rows, (unsigned long long)longest,
		         (unsigned long long)b->row_len);
	else
		snprintf(e->note, sizeof e->note,
		         "transformers %s: one batch of %llu rows, each padded to %llu positions%s",
		         b->rule->name, (unsigned long long)b->rows,
		         (unsigned long long)b->row_len,
		         b->rule->offloaded ? "; all but about two layers in host memory" : "");
}

enum kvp_status kvp_engine_transformers(const struct kvp_plan *p,
                                        const struct kvp_layer_spec *ls,
                                        struct kvp_result *res)
{
	const struct kvp_transformers_opts *o = &p->engine.transformers;
	struct kvp_engine_result *e = &res->engine;
	struct eng_req req[ENG_MAX_REQ];
	struct hf_batch b = { .tp = p->devices.tp ? p->devices.tp : 1 };
	uint64_t longest, total_req, slots_full;
	uint32_t n = 0, i;
	enum kvp_status st;

	if ((st = hf_opts(p, res)) != KVP_OK ||
	    (st = hf_tp(p, ls, res, b.tp)) != KVP_OK ||
	    (st = eng_requests(p, req, &n, &res->error)) != KVP_OK ||
	    (st = hf_rows(req, n, &b.rows, &longest, &total_req, res)) != KVP_OK)
		return st;
	if ((b.rule = hf_rule(p, res)) == NULL)
		return res->error.status;
	b.row_len = longest;
	if (b.rule->fixed_len) {
		b.row_len = o->max_cache_len ? o->max_cache_len : longest;
		if (longest > b.row_len && !hf_all_slide(p, ls))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"transformers: %s max_cache_len %llu is shorter than the "
				"longest sequence (%llu tokens); generation would overrun it "
				"(engine.transformers.max_cache_len)", b.rule->name,
				(unsigned long long)b.row_len, (unsigned long long)longest);
	}
	for (i = 0; i < p->model.n_layers; i++)
		if ((st = hf_layer(p, &ls[i], i, &b, res)) != KVP_OK)
			return st;
	if (!kvp_mul(b.row_len, b.rows, &slots_full))
		return eng_overflow(res, "kv.slots_allocated");
	st = eng_finish_kv(p, res, slots_full, b.tp);
	if (st != KVP_OK)
		return st;
	e->tokens = slots_full;
	e->streams = b.rows;
	e->max_model_len = b.row_len;
	e->max_requests = total_req;
	e->workload_fit = total_req;
	hf_note(e, &b, longest);
	return KVP_OK;
}
