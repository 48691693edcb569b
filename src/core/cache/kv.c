/*
 * src/core/cache/ - stage 3 of kvp_compute: the KV cache under the
 * generic strategies (dynamic, static, padded, paged), layer by layer
 * and sequence by sequence. kv.c (this file) is the stage; strategy.c
 * names the strategies. A named engine's own allocation (stage 4,
 * src/core/engines/) then replaces these figures where it sizes its own
 * pool.
 *
 * kv.c - the generic cache strategies: how many positions each layer
 * holds and allocates for the resident sequences, and how many bytes that
 * takes (stage 3 of kvp_compute, see src/core/internal.h).
 *
 * Input: the resolved layer table (stage 1: the specs of the types'
 * first layers, kvp_resolved_spec). Output: the layer records (one per
 * type, res->layers_by_type, or one per layer: result.h), res->classes[]
 * and res->kv. All figures are exact
 * uint64_t built with the checked helpers; an overflow is KVP_EOVERFLOW
 * naming the largest workload input ("workload.classes[0].requests: ...").
 *
 * Semantics (tokens are tokens after tokenizer and chat template):
 *
 * Sequences. Class c holds requests x samples resident sequences of length
 *   len = system + template + history + documents + input + gen. Each
 *   ragged entry is one more sequence of that length (one request, one
 *   sample, never shared). Queued requests hold nothing.
 *
 * Positions held by one sequence of length len in one layer, h(len):
 *   FULL, MLA            len
 *   SLIDING, CHUNKED     min(len, window)   (len with sliding_as_full)
 *   NONE                 0 positions, state_bytes per sequence
 *   SHARED               nothing (uses an earlier layer's cache)
 *   COMPRESSED           min(len, window) raw rows (K and V), and in a
 *                        view of its own floor(len / ratio) compressed
 *                        K rows (plus the indexer key where ratio is
 *                        model.indexer.ratio), never shared; state_bytes
 *                        per sequence (DeepSeek V4 reference
 *                        inference/model.py Attention: kv_cache of
 *                        window + max_seq_len // ratio rows, Indexer
 *                        kv_cache of max_seq_len // 4 rows, Compressor
 *                        kv_state and score_state in f32)
 *
 * Slots allocated per sequence, s(len):
 *   DYNAMIC   h(len)
 *   STATIC    M = max_cache_len (0: the longest resident length; a longer
 *             sequence is an error naming strategy.max_cache_len);
 *             sliding/chunked layers min(window, M)
 *   PADDED    P = the longest resident length; sliding min(P, window)
 *   PAGED     ceil(h(len) / block_size) * block_size
 *
 * Prefix sharing (full-attention and MLA layers only, i.e. layers that
 * hold every position; sliding/chunked layers never share, since their
 * window moves past the prefix; STATIC and PADDED never share; ragged
 * entries never share). The system prefix is one prefix for every
 * request (workload.h): S = the smallest system part among the active
 * classes (classes whose system parts differ share their common first S
 * tokens). Per class with p = prompt tokens, r = requests, n = samples:
 *   DYNAMIC   a = S if share_system_prefix else 0   (once, all classes)
 *             b = p - a if share_prompt_in_request else 0 (per request)
 *             c = len - a - b                       (per sequence)
 *             positions = a + sum over classes of (r*b + r*n*c)
 *   PAGED     A = floor(S / bs) * bs if share_system_prefix else 0 (once)
 *             B = floor(p / bs) * bs - A if share_prompt_in_request else 0
 *             C = ceil((len - A - B) / bs) * bs
 *             slots = A + sum over classes of (r*B + r*n*C)
 *             (only full blocks are shared)
 *
 * Stored vs allocated. `stored` (positions_stored, bytes_needed) is always
 * the DYNAMIC figure with the sharing the strategy applies (none under
 * STATIC and PADDED); `slots` is what the strategy allocates.
 * waste = bytes - bytes_needed. kv.positions_stored and
 * kv.slots_allocated are the full-attention view (a layer that holds
 * every position, no residual), whatever the model's layers are; each
 * layer's own figures are in layers[i].stored and layers[i].slots.
 *
 * Per sequence. classes[c].bytes_per_sequence is one unshared sequence of
 * the class under the strategy, all layers, recurrent state included;
 * kv.bytes_per_sequence is that of the first active class, else of the
 * first ragged length.
 *
 * MLA layers. strategy.mla LATENT stores kv_lora_rank + qk_rope_head_dim
 *   values per position as K, one "head", no V. DECOMPRESSED stores q_heads
 *   heads of K (qk_nope + qk_rope) and V (v_head_dim). The layer's result
 *   spec is rewritten to show what is stored.
 *
 * Row bytes. K: kvp_format_row_bytes(k_fmt, kv_heads * k_dim); V likewise.
 *   layers[i].k_row_bytes/v_row_bytes and bytes_per_position are the
 *   quantized rows. A GROUPQ format with residual R keeps, per sequence per
 *   layer, min(own slots, R) positions in residual_dtype and the rest
 *   quantized; "own slots" are the slots not shared with other sequences
 *   (shared prefixes are old tokens, hence quantized).
 *
 * Offload. strategy.resident_layers N in 0..n_layers-1: layers 0..N-1 on
 *   the device, the rest in host memory; -1 (or >= n_layers) all on the
 *   device.
 *
 * Speed: layers alike (kind, window, shape) form a "type" sized once;
 * types fall into a few "views" (window, K residual, V residual) that
 * hold the sequence totals; the ragged list is walked once for all
 * views. No allocation: everything lives on the stack.
 */
#include <stddef.h>
#include <stdio.h>   /* snprintf only: formatting, no I/O */
#include <string.h>

#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/layers.h"

/* Distinct views, one per (effective window, K residual, V residual),
 * view 0 being (0, 0, 0). The effective window is 0 (every position),
 * the base's or a rule's: at most KVP_MAX_RULES + 2 values; each residual
 * is the base format's or 0 (rules set plain formats only): 4 pairs.
 * Compressed rows add one view per ratio (the base's or a rule's, no
 * residual: compressed layers take plain formats only). So this bound is
 * never exceeded. */
#define MAX_VIEWS (5 * (KVP_MAX_RULES + 2))

/* A group of layers sized alike. Totals over all resident sequences. */
struct view {
	uint32_t window;     /* 0 = holds every position (sharing applies) */
	uint32_t ratio;      /* compressed rows: floor(len / ratio) per
	                        sequence, never shared; 0 = not compressed */
	uint64_t rk, rv;     /* GROUPQ residual tokens of K / V (0 = none) */
	uint64_t slots;      /* positions allocated */
	uint64_t stored;     /* positions held (DYNAMIC figure) */
	uint64_t res_k, res_v;         /* residual positions among slots */
	uint64_t need_res_k, need_res_v; /* residual positions among stored */
};

/* One class, precomputed. */
struct cls {
	uint64_t req, seqs, sys, prompt, len;
};

struct ctx {
	const struct kvp_plan *p;
	enum kvp_strategy_kind kind;
	uint64_t bs;          /* block size, PAGED */
	uint64_t bs_mask;     /* bs - 1 when bs is a power of two, else 0 */
	uint64_t M;           /* STATIC slots per sequence */
	uint64_t P;           /* longest resident length */
	bool share_prompt;
	uint64_t sys_shared;  /* system tokens stored once (DYNAMIC) */
	uint64_t sys_blocks;  /* their full blocks, in slots (PAGED) */
	uint32_t n_cls;
	struct cls cls[KVP_MAX_CLASSES];
};

static const char *const part_names[KVP_PP_COUNT] = {
	[KVP_PP_SYSTEM] = "system", [KVP_PP_TEMPLATE] = "template",
	[KVP_PP_HISTORY] = "history", [KVP_PP_DOCUMENTS] = "documents",
	[KVP_PP_INPUT] = "input", [KVP_PP_MEDIA] = "media",
};

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/*
 * The overflow message: name the largest input that multiplies into the
 * total (requests, prompt parts, generation, ragged lengths, the static
 * reservation, recurrent state bytes).
 */
static enum kvp_status overflow(const struct kvp_plan *p,
                                struct kvp_result *res)
{
	char name[96] = "workload";
	uint64_t best = 0;
	uint32_t c, i;
	size_t k;

#define CANDIDATE(val, ...)                                        \
	do {                                                       \
		if ((val) > best) {                                \
			best = (val);                              \
			snprintf(name, sizeof name, __VA_ARGS__);  \
		}                                                  \
	} while (0)
	for (c = 0; c < p->workload.n_classes && c < KVP_MAX_CLASSES; c++) {
		const struct kvp_seq_class *k2 = &p->workload.classes[c];

		CANDIDATE(k2->requests, "workload.classes[%u].requests", c);
		for (k = 0; k < KVP_PP_COUNT; k++)
			CANDIDATE(k2->prompt[k], "workload.classes[%u].prompt.%s",
			          c, part_names[k]);
		CANDIDATE(k2->gen, "workload.classes[%u].gen", c);
	}
	for (k = 0; p->workload.ragged && k < p->workload.n_ragged; k++)
		CANDIDATE(p->workload.ragged[k], "workload.ragged[%zu]", k);
	if (p->strategy.kind == KVP_STRAT_STATIC)
		CANDIDATE(p->strategy.max_cache_len, "strategy.max_cache_len");
	for (i = 0; i < res->n_layers; i++)
		if (kvp_resolved_spec(res, i)->kind == KVP_LAYER_NONE)
			CANDIDATE(kvp_resolved_spec(res, i)->state_bytes,
			          "model.layers[%u].state_bytes", i);
#undef CANDIDATE
	return kvp_error_set(&res->error, KVP_EOVERFLOW,
		"%s: %llu - total KV bytes overflow 64 bits", name,
		(unsigned long long)best);
}

/* Positions a view of `window` (0 = every position) or of compressed
 * rows (`ratio`, not 0) holds for a sequence of length len. */
static inline uint64_t view_h(uint32_t window, uint32_t ratio, uint64_t len)
{
	if (ratio)
		return len / ratio;
	return window ? min_u64(len, window) : len;
}

/* Slots one unshared sequence of length len gets in a view of `window`
 * or `ratio` (view_h). False on overflow. */
static inline bool seq_slots(const struct ctx *x, uint32_t window,
                             uint32_t ratio, uint64_t len, uint64_t *out)
{
	uint64_t h = view_h(window, ratio, len);

	switch (x->kind) {
	case KVP_STRAT_STATIC:
		*out = view_h(window, ratio, x->M);
		return true;
	case KVP_STRAT_PADDED:
		*out = view_h(window, ratio, x->P);
		return true;
	case KVP_STRAT_PAGED:
		if (x->bs_mask) {
			/* power-of-two block: no division (the 1M-sequence
			 * ragged pass runs this per entry) */
			if (h > UINT64_MAX - x->bs_mask)
				return false;
			*out = (h + x->bs_mask) & ~x->bs_mask;
			return true;
		}
		return kvp_round_up(h, x->bs, out);
	case KVP_STRAT_DYNAMIC:
	default:
		*out = h;
		return true;
	}
}

/* Add class k's sequences to view v. False on overflow. */
static bool class_view(const struct ctx *x, const struct cls *k,
                       struct view *v)
{
	uint64_t stored = 0, slots = 0, own_need = 0, own_alloc = 0, t;
	bool ok = true;

	if (k->req == 0)
		return true;
	if (v->window == 0 && v->ratio == 0) {
		/* the shared system prefix (a, A) is added once by the caller */
		uint64_t a = x->sys_shared;
		uint64_t b = x->share_prompt ? k->prompt - a : 0;
		uint64_t c = k->len - a - b;

		/* stored = req*b + seqs*c */
		ok = ok && kvp_muladd(&stored, k->req, b);
		ok = ok && kvp_muladd(&stored, k->seqs, c);
		own_need = c;
		if (x->kind == KVP_STRAT_DYNAMIC) {
			slots = stored;
			own_alloc = c;
		} else if (x->kind == KVP_STRAT_PAGED) {
			uint64_t A = x->sys_blocks;
			uint64_t B = x->share_prompt ?
			             k->prompt / x->bs * x->bs - A : 0;
			uint64_t C = 0;

			ok = ok && kvp_round_up(k->len - A - B, x->bs, &C);
			ok = ok && kvp_muladd(&slots, k->req, B);
			ok = ok && kvp_muladd(&slots, k->seqs, C);
			own_alloc = C;
		} else {
			ok = ok && seq_slots(x, 0, 0, k->len, &own_alloc);
			ok = ok && kvp_mul(k->seqs, own_alloc, &slots);
		}
	} else {
		uint64_t h = view_h(v->window, v->ratio, k->len);

		ok = ok && kvp_mul(k->seqs, h, &stored);
		own_need = h;
		ok = ok && seq_slots(x, v->window, v->ratio, k->len, &own_alloc);
		ok = ok && kvp_mul(k->seqs, own_alloc, &slots);
	}
	ok = ok && kvp_add(v->stored, stored, &v->stored);
	ok = ok && kvp_add(v->slots, slots, &v->slots);
	/* residual positions: per sequence, min(own part, R) */
	ok = ok && kvp_mul(k->seqs, min_u64(own_alloc, v->rk), &t) &&
	     kvp_add(v->res_k, t, &v->res_k);
	ok = ok && kvp_mul(k->seqs, min_u64(own_alloc, v->rv), &t) &&
	     kvp_add(v->res_v, t, &v->res_v);
	ok = ok && kvp_mul(k->seqs, min_u64(own_need, v->rk), &t) &&
	     kvp_add(v->need_res_k, t, &v->need_res_k);
	ok = ok && kvp_mul(k->seqs, min_u64(own_need, v->rv), &t) &&
	     kvp_add(v->need_res_v, t, &v->need_res_v);
	return ok;
}

/*
 * Add every ragged sequence to views v[0..nv). One pass over the list.
 * Returns KVP_OK, or an error naming the entry (bad length) or overflow.
 * A function of its own starting on a 64-byte line, so that where its
 * loop (a million entries in core.ragged_1M_paged) falls in the cache
 * lines does not move with code elsewhere in the library: inlined, a
 * change to the verdict's files shifted it by 32 bytes and made that
 * bench 15 % slower (issue 34).
 */
__attribute__((noinline, aligned(64)))
static enum kvp_status ragged_views(const struct ctx *x, struct view *v,
                                    uint32_t nv, struct kvp_result *res)
{
	const uint64_t *r = x->p->workload.ragged;
	size_t i, n = x->p->workload.n_ragged;
	bool ovf = false;
	uint32_t j;

	for (i = 0; i < n; i++) {
		uint64_t len = r[i];

		if (len == 0)
			return kvp_error_set(&res->error, KVP_ERANGE,
				"workload.ragged[%zu]: 0 - a resident sequence holds "
				"at least 1 token", i);
		if (x->kind == KVP_STRAT_STATIC && len > x->M)
			return kvp_error_set(&res->error, KVP_ERANGE,
				"strategy.max_cache_len: %llu - workload.ragged[%zu] "
				"is %llu tokens long", (unsigned long long)x->M, i,
				(unsigned long long)len);
		for (j = 0; j < nv; j++) {
			struct view *w = &v[j];
			uint64_t h = view_h(w->window, w->ratio, len);
			uint64_t s = 0;

			/* overflow flags are OR-ed and checked once at the end */
			ovf |= !seq_slots(x, w->window, w->ratio, len, &s);
			ovf |= !kvp_add(w->stored, h, &w->stored);
			ovf |= !kvp_add(w->slots, s, &w->slots);
			if (w->rk) {
				ovf |= !kvp_add(w->res_k, min_u64(s, w->rk), &w->res_k);
				ovf |= !kvp_add(w->need_res_k, min_u64(h, w->rk),
				                &w->need_res_k);
			}
			if (w->rv) {
				ovf |= !kvp_add(w->res_v, min_u64(s, w->rv), &w->res_v);
				ovf |= !kvp_add(w->need_res_v, min_u64(h, w->rv),
				                &w->need_res_v);
			}
		}
	}
	return ovf ? overflow(x->p, res) : KVP_OK;
}

/* strategy.block_size, strategy.kind and the ragged list checked; the
 * block mask and the sharing the strategy applies. */
static enum kvp_status setup_strategy(struct ctx *x, const struct kvp_plan *p,
                                      struct kvp_result *res, bool *share_sys)
{
	const struct kvp_workload *w = &p->workload;

	/* cls[0 .. n_cls) is written whole by setup_classes */
	memset(x, 0, offsetof(struct ctx, cls));
	x->p = p;
	x->kind = p->strategy.kind;
	x->bs = p->strategy.block_size;
	if (x->bs < 1)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"strategy.block_size: 0 - must be at least 1");
	if ((unsigned)x->kind >= KVP_STRAT_COUNT)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"strategy.kind: %d - unknown strategy", (int)x->kind);
	if (w->n_ragged > 0 && !w->ragged)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"workload.ragged: no list given for %zu lengths", w->n_ragged);
	if ((x->bs & (x->bs - 1)) == 0)
		x->bs_mask = x->bs - 1;
	/* STATIC and PADDED never share. */
	x->share_prompt = w->share_prompt_in_request &&
	                  (x->kind == KVP_STRAT_DYNAMIC || x->kind == KVP_STRAT_PAGED);
	*share_sys = w->share_system_prefix &&
	             (x->kind == KVP_STRAT_DYNAMIC || x->kind == KVP_STRAT_PAGED);
	x->n_cls = w->n_classes < KVP_MAX_CLASSES ? w->n_classes : KVP_MAX_CLASSES;
	return KVP_OK;
}

/* Per class: requests, system part, prompt, length and sequences; the
 * totals, the longest active length and the shared system prefix (the
 * smallest active system part). False on overflow. */
static bool setup_classes(struct ctx *x, const struct kvp_workload *w,
                          bool share_sys, uint64_t *n_seqs, uint64_t *n_req,
                          uint64_t *longest)
{
	uint64_t sys_min = 0;
	bool any_active = false;
	uint32_t c;
	size_t i;

	*n_seqs = 0;
	*n_req = 0;
	for (c = 0; c < x->n_cls; c++) {
		const struct kvp_seq_class *sc = &w->classes[c];
		struct cls *k = &x->cls[c];
		bool ok = true;

		k->req = sc->requests;
		k->sys = sc->prompt[KVP_PP_SYSTEM];
		k->prompt = 0;
		for (i = 0; i < KVP_PP_COUNT; i++)
			ok = ok && kvp_add(k->prompt, sc->prompt[i], &k->prompt);
		ok = ok && kvp_add(k->prompt, sc->gen, &k->len);
		ok = ok && kvp_mul(k->req, sc->samples, &k->seqs);
		ok = ok && kvp_add(*n_seqs, k->seqs, n_seqs);
		ok = ok && kvp_add(*n_req, k->req, n_req);
		if (!ok)
			return false;
		if (k->req > 0 && k->len > *longest)
			*longest = k->len;
		if (k->req > 0 && (!any_active || k->sys < sys_min))
			sys_min = k->sys;
		any_active = any_active || k->req > 0;
	}
	if (share_sys && any_active) {
		x->sys_shared = sys_min;
		x->sys_blocks = sys_min / x->bs * x->bs;
	}
	return true;
}

/* Sequence totals, longest length and the static reservation. */
static enum kvp_status setup(struct ctx *x, const struct kvp_plan *p,
                             struct kvp_result *res, uint64_t *n_seqs,
                             uint64_t *n_req)
{
	const struct kvp_workload *w = &p->workload;
	uint64_t longest = 0;
	bool share_sys = false;
	uint32_t c;
	size_t i;
	enum kvp_status st = setup_strategy(x, p, res, &share_sys);

	if (st != KVP_OK)
		return st;
	if (!setup_classes(x, w, share_sys, n_seqs, n_req, &longest))
		return overflow(p, res);
	if (!kvp_add(*n_seqs, w->n_ragged, n_seqs) ||
	    !kvp_add(*n_req, w->n_ragged, n_req))
		return overflow(p, res);
	/* The longest ragged length: needed by STATIC (max_cache_len 0) and
	 * PADDED only, so the other strategies walk the list once. */
	if (x->kind == KVP_STRAT_PADDED ||
	    (x->kind == KVP_STRAT_STATIC && p->strategy.max_cache_len == 0))
		for (i = 0; i < w->n_ragged; i++)
			if (w->ragged[i] > longest)
				longest = w->ragged[i];
	x->P = longest;
	if (x->kind == KVP_STRAT_STATIC) {
		x->M = p->strategy.max_cache_len ? p->strategy.max_cache_len : longest;
		for (c = 0; c < x->n_cls; c++)
			if (x->cls[c].req > 0 && x->cls[c].len > x->M)
				return kvp_error_set(&res->error, KVP_ERANGE,
					"strategy.max_cache_len: %llu - workload.classes[%u] "
					"sequences are %llu tokens long",
					(unsigned long long)x->M, c,
					(unsigned long long)x->cls[c].len);
	}
	return KVP_OK;
}

static bool holds_positions(enum kvp_layer_kind k)
{
	return k == KVP_LAYER_FULL || k == KVP_LAYER_SLIDING ||
	       k == KVP_LAYER_CHUNKED || k == KVP_LAYER_MLA ||
	       k == KVP_LAYER_COMPRESSED;
}

/*
 * A layer type: layers with the same kind, window and stored shape size
 * alike, so their rows, view and bytes are worked out once per type and
 * copied to each layer (a 128-layer model usually has 2-4 types).
 */
struct ltype {
	const struct kvp_layer_spec *spec;  /* first layer of this type */
	uint64_t kq, kr, vq, vr;   /* quantized and residual row bytes */
	uint64_t bpp;              /* kq + vq */
	uint64_t idx;              /* DSA indexer key row, part of kq/kr */
	bool has_idx;              /* its layers keep indexer keys */
	uint64_t crow;             /* COMPRESSED: a compressed row, K and
	                              indexer key (idx), in view cview */
	uint32_t cview;
	uint64_t state;            /* COMPRESSED: state bytes per sequence */
	uint64_t bytes;            /* one layer, all sequences (pass 2),
	                              state excluded */
	uint32_t count, count_dev; /* layers of this type, on the device */
	uint32_t view;
};

/* Types searched for a match (most recent first); a layer matching none
 * starts a new type, so a miss costs speed, never correctness. */
#define TYPE_SEARCH 8

/* Rewrite an MLA layer's spec to what is stored, per strategy.mla. */
static enum kvp_status mla_spec(const struct kvp_plan *p, uint32_t i,
                                struct kvp_layer_spec *s,
                                struct kvp_result *res)
{
	const struct kvp_mla *m = &p->model.mla;
	uint64_t heads;

	if (p->strategy.mla == KVP_MLA_LATENT) {
		if (m->kv_lora_rank < 1)
			return kvp_error_set(&res->error, KVP_EINVAL,
				"model.mla.kv_lora_rank: 0 - layer %u is an MLA layer "
				"and needs it", i);
		/* one latent per MLA block of the layer (model.mla.latents) */
		s->kv_heads = m->latents > 1 ? m->latents : 1;
		s->k_dim = m->kv_lora_rank + m->qk_rope_head_dim;
		s->v_dim = 0;
		return KVP_OK;
	}
	if (p->strategy.mla != KVP_MLA_DECOMPRESSED)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"strategy.mla: %d - unknown MLA storage mode", (int)p->strategy.mla);
	if (m->qk_nope_head_dim + (uint64_t)m->qk_rope_head_dim < 1)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"model.mla.qk_nope_head_dim: 0 - with qk_rope_head_dim 0 a "
			"decompressed MLA layer has no K");
	if (m->v_head_dim < 1)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"model.mla.v_head_dim: 0 - must be at least 1 for decompressed MLA");
	if (m->qk_nope_head_dim + (uint64_t)m->qk_rope_head_dim > UINT32_MAX)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"model.mla.qk_nope_head_dim: %u - nope + rope exceeds 32 bits",
			m->qk_nope_head_dim);
	if (!kvp_mul(p->model.q_heads, m->latents > 1 ? m->latents : 1, &heads) ||
	    heads > UINT32_MAX)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"model.mla.latents: %u - heads overflow 32 bits", m->latents);
	s->kv_heads = (uint32_t)heads;
	s->k_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
	s->v_dim = m->v_head_dim;
	return KVP_OK;
}

/*
 * The DSA indexer key beside an MLA layer's latent (model.indexer): one
 * key of head_dim values per position in its own element format, added
 * to the layer's K row (also its residual row: the indexer key is never
 * group-quantized). DeepSeek-V3.2 reference inference/model.py keeps
 * k_cache of index_head_dim per position per layer beside the latent.
 */
static enum kvp_status index_key(const struct kvp_plan *p, uint64_t *out,
                                 struct kvp_result *res)
{
	const struct kvp_indexer *ix = &p->model.indexer;
	struct kvp_format f;

	if ((unsigned)ix->dtype >= KVP_DT_COUNT || !kvp_dtype_is_element(ix->dtype))
		return kvp_error_set(&res->error, KVP_EINVAL,
			"model.indexer.dtype: %d - an element format (f32, f16, "
			"bf16, fp8, int8)", (int)ix->dtype);
	f = kvp_format_plain(ix->dtype);
	return kvp_format_row_bytes(&f, ix->head_dim, out,
	                            "model.indexer.head_dim", &res->error);
}

static enum kvp_status index_row(const struct kvp_plan *p, struct ltype *ty,
                                 struct kvp_result *res)
{
	const struct kvp_indexer *ix = &p->model.indexer;

	if (index_key(p, &ty->idx, res) != KVP_OK)
		return res->error.status;
	if (!kvp_add(ty->kq, ty->idx, &ty->kq) ||
	    !kvp_add(ty->kr, ty->idx, &ty->kr))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.indexer.head_dim: %u - bytes per position overflow "
			"64 bits", ix->head_dim);
	return KVP_OK;
}

/* Row bytes of n values in f; the field name is formatted only for an
 * error message (keeps the per-layer loop free of snprintf). */
static enum kvp_status row_bytes(const struct kvp_format *f, uint64_t n,
                                 uint64_t *out, uint32_t layer,
                                 const char *which, struct kvp_result *res)
{
	char what[48];

	if (kvp_format_row_bytes(f, n, out, NULL, NULL) == KVP_OK)
		return KVP_OK;
	snprintf(what, sizeof what, "model.layers[%u].%s", layer, which);
	return kvp_format_row_bytes(f, n, out, what, &res->error);
}

/* Quantized and residual row bytes of n values in format f. */
static enum kvp_status row_pair(const struct kvp_format *f, uint64_t n,
                                uint64_t *q, uint64_t *r, uint32_t layer,
                                const char *which, struct kvp_result *res)
{
	enum kvp_status st;
	struct kvp_format plain;

	if (n == 0) {
		*q = *r = 0;
		return KVP_OK;
	}
	st = row_bytes(f, n, q, layer, which, res);
	if (st != KVP_OK || f->dtype != KVP_DT_GROUPQ) {
		*r = *q;
		return st;
	}
	plain = kvp_format_plain(f->residual_dtype);
	return row_bytes(&plain, n, r, layer, which, res);
}

/* kvp_format_equal, inlined for the per-layer loop. */
static inline bool fmt_eq(const struct kvp_format *a, const struct kvp_format *b)
{
	if (a->dtype != b->dtype)
		return false;
	return a->dtype != KVP_DT_GROUPQ || kvp_format_equal(a, b);
}

/* Same stored shape (heads, dims, formats): same row bytes. */
static inline bool same_shape(const struct kvp_layer_spec *a,
                              const struct kvp_layer_spec *b)
{
	return a->kv_heads == b->kv_heads && a->k_dim == b->k_dim &&
	       a->v_dim == b->v_dim && fmt_eq(&a->k_fmt, &b->k_fmt) &&
	       fmt_eq(&a->v_fmt, &b->v_fmt);
}

/* kind, kv_heads, k_dim and v_dim lead the spec without padding, so
 * the per-layer type match compares them as one block. */
_Static_assert(offsetof(struct kvp_layer_spec, k_fmt) ==
               offsetof(struct kvp_layer_spec, kind) + 4 * sizeof(uint32_t) &&
               sizeof(enum kvp_layer_kind) == sizeof(uint32_t),
               "kvp_layer_spec: kind, kv_heads, k_dim, v_dim are packed");

/* Same type: kind, window and stored shape. */
static inline bool same_type(const struct kvp_layer_spec *a,
                             const struct kvp_layer_spec *b)
{
	return memcmp(a, b, offsetof(struct kvp_layer_spec, k_fmt)) == 0 &&
	       a->window == b->window && fmt_eq(&a->k_fmt, &b->k_fmt) &&
	       fmt_eq(&a->v_fmt, &b->v_fmt) &&
	       (a->kind != KVP_LAYER_COMPRESSED ||
	        (a->ratio == b->ratio && a->state_bytes == b->state_bytes));
}

/* bytes = (pos - res) * q + res * r, checked (res <= pos). */
static bool split_bytes(uint64_t pos, uint64_t resid, uint64_t q, uint64_t r,
                        uint64_t *out)
{
	uint64_t a;

	if (resid > pos)
		resid = pos;
	return kvp_mul(pos - resid, q, &a) && kvp_muladd(&a, resid, r) &&
	       (*out = a, true);
}

/* Bytes of one unshared sequence of length len, all layers (state too). */
static bool seq_bytes(const struct ctx *x, const struct view *v, uint32_t nv,
                      const uint64_t (*sum)[4], uint64_t state, uint64_t len,
                      uint64_t *out)
{
	uint64_t total = state, s, b;
	uint32_t j;

	for (j = 0; j < nv; j++) {
		if (!seq_slots(x, v[j].window, v[j].ratio, len, &s))
			return false;
		if (!split_bytes(s, min_u64(s, v[j].rk), sum[j][0], sum[j][1], &b) ||
		    !kvp_add(total, b, &total))
			return false;
		if (!split_bytes(s, min_u64(s, v[j].rv), sum[j][2], sum[j][3], &b) ||
		    !kvp_add(total, b, &total))
			return false;
	}
	*out = total;
	return true;
}

/* The working state of one kvp_kv_compute, on its stack: the views and
 * their summed rows, the layer types, each layer's type. */
/* Kv type markers: none yet, or (rkt[]) layers that hold no positions,
 * recurrent layers (NONE). */
#define NO_TYPE UINT16_MAX
#define NONE_TYPE (UINT16_MAX - 1)

struct kvw {
	struct ctx x;
	struct view views[MAX_VIEWS];
	uint64_t vsum[MAX_VIEWS][4];  /* per view: sum kq, kr, vq, vr */
	struct ltype types[KVP_MAX_LAYERS];
	uint16_t tix[KVP_MAX_LAYERS]; /* type of each KV-holding layer */
	bool by_type;                 /* pass 1 ran over the resolved types: */
	uint16_t rkt[KVP_MAX_LAYERS]; /* resolved type -> kv type (or a
	                                 marker), instead of tix */
	uint64_t n_seqs, n_req, state_per_seq;
	uint64_t conv, ssm;           /* one recurrent layer's parts, all */
	bool split_ok;                /* sequences (kvp_recurrent_split) */
	uint32_t nv, nt;
	uint32_t dev_end;             /* layers 0..dev_end-1 on the device */
};

/* The view (window, ratio, K residual, V residual): found among the
 * views so far, or added, into *out. */
static enum kvp_status find_view(struct kvw *w, uint32_t window,
                                 uint32_t ratio, uint64_t rk, uint64_t rv,
                                 uint32_t i, struct kvp_result *res,
                                 uint32_t *out)
{
	uint32_t j;

	for (j = 0; j < w->nv; j++)
		if (w->views[j].window == window && w->views[j].ratio == ratio &&
		    w->views[j].rk == rk && w->views[j].rv == rv)
			break;
	if (j == w->nv) {
		if (w->nv == MAX_VIEWS)
			return kvp_error_set(&res->error, KVP_ERANGE,
				"model.layers[%u].window: %u - more than %d "
				"distinct window/residual/ratio combinations", i,
				window, MAX_VIEWS - 1);
		memset(&w->views[j], 0, sizeof w->views[j]);
		memset(w->vsum[j], 0, sizeof w->vsum[j]);
		w->views[j].window = window;
		w->views[j].ratio = ratio;
		w->views[j].rk = rk;
		w->views[j].rv = rv;
		w->nv++;
	}
	*out = j;
	return KVP_OK;
}

/* The view of a new type, (effective window, K residual, V residual);
 * a compressed layer's raw rows keep their window whatever
 * sliding_as_full says, its compressed rows a view of their ratio. */
static enum kvp_status type_view(struct kvw *w, const struct kvp_plan *p,
                                 struct ltype *ty, uint32_t i,
                                 struct kvp_result *res)
{
	const struct kvp_layer_spec *s = ty->spec;
	uint32_t window = 0;
	uint64_t rk, rv;

	if (((s->kind == KVP_LAYER_SLIDING || s->kind == KVP_LAYER_CHUNKED) &&
	     !p->strategy.sliding_as_full) || s->kind == KVP_LAYER_COMPRESSED)
		window = s->window;
	rk = s->k_fmt.dtype == KVP_DT_GROUPQ && ty->kq ? s->k_fmt.residual : 0;
	rv = s->v_fmt.dtype == KVP_DT_GROUPQ && ty->vq ? s->v_fmt.residual : 0;
	if (find_view(w, window, 0, rk, rv, i, res, &ty->view) != KVP_OK)
		return res->error.status;
	if (s->kind != KVP_LAYER_COMPRESSED || s->ratio == 0)
		return KVP_OK;
	return find_view(w, 0, s->ratio, 0, 0, i, res, &ty->cview);
}

/* Whether layer i keeps DSA indexer keys: an MLA layer of a DSA model,
 * where the IndexCache schedule gives it an indexer (layers.h). */
static inline bool has_index(const struct kvp_plan *p,
                             const struct kvp_layer_spec *s, uint32_t i)
{
	const struct kvp_indexer *ix = &p->model.indexer;

	if (s->kind == KVP_LAYER_COMPRESSED)
		return ix->head_dim && ix->ratio && s->ratio == ix->ratio;
	/* full-attention layers: MiniMax M3's sparse layers (model.indexer.
	 * first set), transformers MiniMaxM3VLSparseCacheLayer idx_keys */
	return (s->kind == KVP_LAYER_MLA ||
	        (s->kind == KVP_LAYER_FULL && ix->first)) && ix->head_dim &&
	       kvp_indexer_on_layer(ix, i);
}

/* A compressed layer's compressed row (its K row, plus the indexer key
 * where it keeps one) and its state per sequence. */
static enum kvp_status comp_rows(const struct kvp_plan *p, struct ltype *ty,
                                 struct kvp_result *res)
{
	ty->state = ty->spec->state_bytes;
	ty->crow = ty->spec->ratio ? ty->kq : 0;
	if (!ty->has_idx || !ty->spec->ratio)
		return KVP_OK;
	if (index_key(p, &ty->idx, res) != KVP_OK)
		return res->error.status;
	if (!kvp_add(ty->crow, ty->idx, &ty->crow))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.indexer.head_dim: %u - bytes per row overflow 64 "
			"bits", p->model.indexer.head_dim);
	return KVP_OK;
}

/* A new type from layer i's spec s: its row bytes, then its view. */
static enum kvp_status new_type(struct kvw *w, const struct kvp_plan *p,
                                const struct kvp_layer_spec *s, uint32_t i,
                                struct kvp_result *res)
{
	struct ltype *ty = &w->types[w->nt++];
	enum kvp_status st;

	memset(ty, 0, sizeof *ty);
	ty->spec = s;
	st = row_pair(&s->k_fmt, (uint64_t)s->kv_heads * s->k_dim,
	              &ty->kq, &ty->kr, i, "k_dtype", res);
	if (st == KVP_OK && s->v_dim == s->k_dim && fmt_eq(&s->v_fmt, &s->k_fmt)) {
		ty->vq = ty->kq;   /* V's rows are K's: worked out once */
		ty->vr = ty->kr;
	} else if (st == KVP_OK)
		st = row_pair(&s->v_fmt, (uint64_t)s->kv_heads * s->v_dim,
		              &ty->vq, &ty->vr, i, "v_dtype", res);
	ty->has_idx = has_index(p, s, i);
	if (st == KVP_OK && s->kind == KVP_LAYER_COMPRESSED)
		st = comp_rows(p, ty, res);
	else if (st == KVP_OK && ty->has_idx)
		st = index_row(p, ty, res);
	if (st != KVP_OK)
		return st;
	if (!kvp_add(ty->kq, ty->vq, &ty->bpp))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"model.layers[%u].kv_heads: %u - bytes per position "
			"overflow 64 bits", i, s->kv_heads);
	return type_view(w, p, ty, i, res);
}

/* The type spec s belongs to: the last type matched, the one before
 * (alternating patterns), then the most recent others; w->nt when it
 * matches none. */
static inline uint32_t find_type(const struct kvw *w,
                                 const struct kvp_layer_spec *s, bool idx,
                                 uint32_t last, uint32_t last2)
{
	uint32_t j;

	if (w->nt > 0 && same_type(s, w->types[last].spec) &&
	    w->types[last].has_idx == idx)
		return last;
	if (w->nt > 0 && same_type(s, w->types[last2].spec) &&
	    w->types[last2].has_idx == idx)
		return last2;
	for (j = w->nt; j > 0 && w->nt - j < TYPE_SEARCH; j--)
		if (same_type(s, w->types[j - 1].spec) &&
		    w->types[j - 1].has_idx == idx)
			return j - 1;
	return w->nt;
}

/* Pass 1: each layer to its type (a new type gets its rows and view);
 * recurrent state per sequence summed on the way. Layers of one resolved
 * type (res->layer_types, byte-equal specs, alike after mla_spec too)
 * take the kv type of the first of them without comparing specs. */
static enum kvp_status assign_types(struct kvw *w, const struct kvp_plan *p,
                                    struct kvp_result *res)
{
	uint64_t state = 0;
	uint32_t i, t, last = 0, last2 = 0, n = res->n_layers;
	const uint32_t nr = res->layer_types.n;
	uint16_t rtype[KVP_MAX_LAYERS];
	enum kvp_status st;

	if (nr)
		memset(rtype, 0xff, nr * sizeof rtype[0]);

	for (i = 0; i < n; i++) {
		struct kvp_layer_spec *s = &res->layer_recs[i].spec;
		struct ltype *ty;

		/* recurrent layers, and full ones keeping a state beside
		 * their KV (model.recur.beside_full: resolution set it) */
		if (!kvp_add(state, s->state_bytes, &state))
			return overflow(p, res);
		if (s->kind == KVP_LAYER_NONE)
			continue;
		if (!holds_positions(s->kind))
			continue;
		if (s->kind == KVP_LAYER_MLA) {
			st = mla_spec(p, i, s, res);
			if (st != KVP_OK)
				return st;
		}
		/* resolve's types are one spec and one indexer answer each
		 * (layers.c indexer_at) */
		if (nr && rtype[res->layer_types.of[i]] != NO_TYPE) {
			t = rtype[res->layer_types.of[i]];
		} else {
			t = find_type(w, s, has_index(p, s, i), last, last2);
			if (t == w->nt) {
				st = new_type(w, p, s, i, res);
				if (st != KVP_OK)
					return st;
			}
			if (nr)
				rtype[res->layer_types.of[i]] = (uint16_t)t;
		}
		last2 = last;
		last = t;
		ty = &w->types[t];
		w->tix[i] = (uint16_t)t;
		ty->count++;
		ty->count_dev += i < w->dev_end;
	}
	w->state_per_seq = state;
	return KVP_OK;
}

/* Pass 1 over the resolved types instead of the layers, when that gives
 * the same: types known, every layer on the device, no MLA layer (each
 * of those is rewritten by mla_spec), no indexer key and no compressed
 * layer (their totals add per layer: layer_one) and the recurrent state
 * per sequence within 64 bits (else the layer walk names the overflow
 * in its order). False: not done, nothing changed. */
static bool state_by_type(const struct kvp_plan *p,
                          const struct kvp_result *res, uint32_t dev_end,
                          uint64_t *state)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	uint32_t t;

	*state = 0;
	if (rt->n == 0 || dev_end < res->n_layers || p->model.indexer.head_dim)
		return false;
	for (t = 0; t < rt->n; t++) {
		const struct kvp_layer_spec *s = &kvp_layer_rec(res, rt->first[t])->spec;

		if (s->kind == KVP_LAYER_MLA || s->kind == KVP_LAYER_COMPRESSED ||
		    (s->kind != KVP_LAYER_NONE && s->state_bytes) ||
		    !kvp_muladd(state, rt->count[t], s->state_bytes))
			return false;
	}
	return true;
}

/* Pass 1 by resolved type when state_by_type says it may (w->by_type):
 * a type's count added at once, its kv type in w->rkt; else the layers
 * are walked (assign_types). */
static enum kvp_status assign_by_type(struct kvw *w, const struct kvp_plan *p,
                                      struct kvp_result *res)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	uint32_t r, t, last = 0, last2 = 0;
	enum kvp_status st;

	w->by_type = state_by_type(p, res, w->dev_end, &w->state_per_seq);
	for (r = 0; w->by_type && r < rt->n; r++) {
		uint32_t i0 = rt->first[r];
		const struct kvp_layer_spec *s = &kvp_layer_rec(res, i0)->spec;

		w->rkt[r] = s->kind == KVP_LAYER_NONE ? NONE_TYPE : NO_TYPE;
		if (!holds_positions(s->kind) || rt->count[r] == 0)
			continue;
		t = find_type(w, s, has_index(p, s, i0), last, last2);
		if (t == w->nt && (st = new_type(w, p, s, i0, res)) != KVP_OK)
			return st;
		last2 = last;
		last = t;
		w->rkt[r] = (uint16_t)t;
		w->types[t].count += rt->count[r];
		w->types[t].count_dev += rt->count[r];
	}
	return KVP_OK;
}

/* Per type: sums into the views and the model; uniformity and the first
 * type's shape for the result. */
static enum kvp_status type_sums(struct kvw *w, const struct kvp_plan *p,
                                 struct kvp_result *res)
{
	struct kvp_kv_result *kv = &res->kv;
	uint64_t bpp = 0;
	uint32_t t, with_kv = 0;
	bool uniform = true;

	for (t = 0; t < w->nt; t++) {
		const struct ltype *ty = &w->types[t];
		uint64_t *vs = w->vsum[ty->view];

		if (!kvp_muladd(&bpp, ty->count, ty->bpp))
			return kvp_error_set(&res->error, KVP_EOVERFLOW,
				"model.n_layers: %u - bytes per position overflow 64 bits",
				res->n_layers);
		if (!kvp_muladd(&vs[0], ty->count, ty->kq) ||
		    !kvp_muladd(&vs[1], ty->count, ty->kr) ||
		    !kvp_muladd(&vs[2], ty->count, ty->vq) ||
		    !kvp_muladd(&vs[3], ty->count, ty->vr))
			return overflow(p, res);
		/* compressed rows count as K, in their ratio's view */
		if (ty->crow &&
		    (!kvp_muladd(&w->vsum[ty->cview][0], ty->count, ty->crow) ||
		     !kvp_muladd(&w->vsum[ty->cview][1], ty->count, ty->crow)))
			return overflow(p, res);
		with_kv += ty->count;
		if (ty->spec->kind != KVP_LAYER_FULL ||
		    !same_shape(ty->spec, w->types[0].spec))
			uniform = false;
	}
	kv->bytes_per_position = bpp;
	kv->layers_with_kv = with_kv;
	kv->uniform = uniform && w->nt > 0;
	if (w->nt > 0) {
		const struct kvp_layer_spec *first = w->types[0].spec;

		kv->kv_heads = first->kv_heads;
		kv->k_dim = first->k_dim;
		kv->v_dim = first->v_dim;
		kv->k_fmt = first->k_fmt;
		kv->v_fmt = first->v_fmt;
	}
	return KVP_OK;
}

/* Sequences into the views (classes in closed form, ragged in one pass
 * over the list); then per view, from its summed rows, bytes_needed,
 * k_bytes and v_bytes (state excluded). */
static enum kvp_status view_totals(struct kvw *w, const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	struct kvp_kv_result *kv = &res->kv;
	const struct ctx *x = &w->x;
	uint32_t j, c;
	enum kvp_status st;

	for (j = 0; j < w->nv; j++) {
		/* the shared system prefix, once, in views holding every
		 * position */
		if (w->views[j].window == 0 && w->views[j].ratio == 0) {
			w->views[j].stored = x->sys_shared;
			w->views[j].slots = x->kind == KVP_STRAT_PAGED ? x->sys_blocks
			                                               : x->sys_shared;
		}
		for (c = 0; c < x->n_cls; c++)
			if (!class_view(x, &x->cls[c], &w->views[j]))
				return overflow(p, res);
	}
	st = ragged_views(x, w->views, w->nv, res);
	if (st != KVP_OK)
		return st;
	for (j = 0; j < w->nv; j++) {
		const struct view *v = &w->views[j];
		const uint64_t *vs = w->vsum[j];
		uint64_t kb, vb, kn, vn;

		if (!split_bytes(v->slots, v->res_k, vs[0], vs[1], &kb) ||
		    !split_bytes(v->slots, v->res_v, vs[2], vs[3], &vb) ||
		    !split_bytes(v->stored, v->need_res_k, vs[0], vs[1], &kn) ||
		    !split_bytes(v->stored, v->need_res_v, vs[2], vs[3], &vn) ||
		    !kvp_add(kv->k_bytes, kb, &kv->k_bytes) ||
		    !kvp_add(kv->v_bytes, vb, &kv->v_bytes) ||
		    !kvp_add(kv->bytes_needed, kn, &kv->bytes_needed) ||
		    !kvp_add(kv->bytes_needed, vn, &kv->bytes_needed))
			return overflow(p, res);
	}
	if (!kvp_add(kv->k_bytes, kv->v_bytes, &kv->bytes))
		return overflow(p, res);
	return KVP_OK;
}

/* Pass 2, per type: bytes of one layer, device and host totals (every
 * term is part of a view total checked above, so these checks cannot
 * fail; they stay for the rule). */
static enum kvp_status type_bytes(struct kvw *w, const struct kvp_plan *p,
                                  struct kvp_result *res)
{
	struct kvp_kv_result *kv = &res->kv;
	uint32_t t;

	for (t = 0; t < w->nt; t++) {
		struct ltype *ty = &w->types[t];
		const struct view *v = &w->views[ty->view];
		uint64_t kb = 0, vb = 0;

		if (!split_bytes(v->slots, v->res_k, ty->kq, ty->kr, &kb) ||
		    !split_bytes(v->slots, v->res_v, ty->vq, ty->vr, &vb) ||
		    !kvp_add(kb, vb, &ty->bytes) ||
		    (ty->crow && !kvp_muladd(&ty->bytes,
		                             w->views[ty->cview].slots, ty->crow)) ||
		    !kvp_muladd(&kv->device_bytes, ty->bytes, ty->count_dev) ||
		    !kvp_muladd(&kv->host_bytes, ty->bytes,
		                ty->count - ty->count_dev))
			return overflow(p, res);
	}
	return KVP_OK;
}

/* A layer's recurrent state for every sequence (a recurrent layer's, or
 * the one a full layer keeps beside its KV), added to its bytes, the
 * model's totals and the device's or the host's share. */
static bool state_layer(const struct kvw *w, const struct kvp_plan *p,
                        struct kvp_layer_result *lr, bool dev,
                        struct kvp_kv_result *kv)
{
	uint64_t *side = dev ? &kv->device_bytes : &kv->host_bytes;
	uint64_t b;

	lr->conv_bytes = w->conv;
	lr->ssm_bytes = w->ssm;
	if (!kvp_mul(lr->spec.state_bytes, w->n_seqs, &b))
		return false;
	if (lr->spec.kind != KVP_LAYER_NONE)
		lr->beside_bytes = b;
	return kvp_add(lr->bytes, b, &lr->bytes) &&
	       kvp_add(kv->state_bytes, b, &kv->state_bytes) &&
	       w->split_ok &&
	       kvp_add(kv->conv_bytes, lr->conv_bytes, &kv->conv_bytes) &&
	       kvp_add(kv->ssm_bytes, lr->ssm_bytes, &kv->ssm_bytes) &&
	       kvp_add(*side, b, side);
}

/* A compressed layer's state for every sequence, added to its bytes,
 * the model's state and the device's or the host's share. */
static bool comp_state(const struct kvw *w, struct kvp_layer_result *lr,
                       uint64_t state, bool dev, struct kvp_kv_result *kv)
{
	uint64_t *side = dev ? &kv->device_bytes : &kv->host_bytes, b;

	return kvp_mul(state, w->n_seqs, &b) &&
	       kvp_add(lr->bytes, b, &lr->bytes) &&
	       kvp_add(kv->state_bytes, b, &kv->state_bytes) &&
	       kvp_add(*side, b, side);
}

/* Layer i's kv type, or NONE_TYPE (recurrent) or NO_TYPE (no positions
 * held): by its resolved type when pass 1 ran over those (no look at
 * the layer's record), else from its kind and tix. */
static inline uint32_t kv_type(const struct kvw *w,
                               const struct kvp_result *res, uint32_t i)
{
	enum kvp_layer_kind k;

	if (w->by_type)
		return w->rkt[res->layer_types.of[i]];
	k = kvp_layer_rec(res, i)->spec.kind;
	return holds_positions(k) ? w->tix[i] :
	       k == KVP_LAYER_NONE ? NONE_TYPE : NO_TYPE;
}

/* Every field of layer i but the spec, written once (kvp_compute does
 * not clear the layer table). */
static enum kvp_status layer_one(const struct kvw *w, const struct kvp_plan *p,
                                 struct kvp_result *res, uint32_t i)
{
	struct kvp_kv_result *kv = &res->kv;
	struct kvp_layer_result *lr = &res->layer_recs[i];
	bool dev = i < w->dev_end;
	uint32_t t = kv_type(w, res, i);

	lr->on_device = dev;
	lr->conv_bytes = lr->ssm_bytes = lr->beside_bytes = 0;
	lr->index_row_bytes = lr->index_bytes = 0;
	if (t < NONE_TYPE) {
		const struct ltype *ty = &w->types[t];
		const struct view *v = &w->views[ty->view];

		lr->k_row_bytes = ty->kq;
		lr->v_row_bytes = ty->vq;
		lr->bytes_per_position = ty->bpp;
		lr->slots = v->slots;
		lr->stored = v->stored;
		lr->bytes = ty->bytes;
		lr->index_row_bytes = ty->idx;
		/* a DSA indexer key (MLA layers of DeepSeek-V3.2; the
		 * compressed rows of DeepSeek V4) */
		if (ty->idx &&
		    (!kvp_mul(ty->crow ? w->views[ty->cview].slots : v->slots,
		              ty->idx, &lr->index_bytes) ||
		     !kvp_add(kv->index_bytes, lr->index_bytes, &kv->index_bytes)))
			return overflow(p, res);
		if (ty->state && !comp_state(w, lr, ty->state, dev, kv))
			return overflow(p, res);
		/* a state beside a full layer's KV (model.recur.beside_full) */
		if (!ty->state && lr->spec.state_bytes &&
		    !state_layer(w, p, lr, dev, kv))
			return overflow(p, res);
		return KVP_OK;
	}
	lr->k_row_bytes = lr->v_row_bytes = lr->bytes_per_position = 0;
	lr->slots = lr->stored = lr->bytes = 0;
	if (t == NONE_TYPE && !state_layer(w, p, lr, dev, kv))
		return overflow(p, res);
	return KVP_OK;
}

/* Under w->by_type every layer is on the device and layers of one
 * resolved type have equal specs and figures: the first of a type is
 * worked out (layer_one), and its record is every layer's of the type
 * (res->layers_by_type, result.h: issue 34, no record is copied; stage
 * 1 wrote the first layers' specs only).
 * A recurrent type's totals take its other layers at once: count - 1
 * more of the same checked sum, which overflows exactly when adding
 * them one by one would. */
static enum kvp_status layer_results_by_type(const struct kvw *w,
                                             const struct kvp_plan *p,
                                             struct kvp_result *res)
{
	const struct kvp_layer_types *rt = &res->layer_types;
	struct kvp_kv_result *kv = &res->kv;
	uint32_t r;
	enum kvp_status st;

	for (r = 0; r < rt->n; r++) {
		const struct kvp_layer_result *lf = kvp_layer_rec(res, rt->first[r]);
		uint64_t more = rt->count[r] - 1;

		st = layer_one(w, p, res, rt->first[r]);
		if (st != KVP_OK)
			return st;
		if (w->rkt[r] == NONE_TYPE && more &&
		    (!kvp_muladd(&kv->state_bytes, lf->bytes, more) ||
		     !kvp_muladd(&kv->conv_bytes, lf->conv_bytes, more) ||
		     !kvp_muladd(&kv->ssm_bytes, lf->ssm_bytes, more) ||
		     !kvp_muladd(&kv->device_bytes, lf->bytes, more)))
			return overflow(p, res);
	}
	return KVP_OK;
}

/* Every field of every layer but the spec is written here, once
 * (kvp_compute does not clear the layer table). */
static enum kvp_status layer_results(const struct kvw *w,
                                     const struct kvp_plan *p,
                                     struct kvp_result *res)
{
	uint32_t i, n = res->n_layers;
	enum kvp_status st = KVP_OK;

	if (w->by_type)
		return layer_results_by_type(w, p, res);
	for (i = 0; i < n && st == KVP_OK; i++)
		st = layer_one(w, p, res, i);
	return st;
}

/* Per class: one unshared sequence; kv.bytes_per_sequence: the first
 * active class, else the first ragged length, else class 0. */
static enum kvp_status class_results(const struct kvw *w,
                                     const struct kvp_plan *p,
                                     struct kvp_result *res)
{
	const struct ctx *x = &w->x;
	const uint64_t (*vsum)[4] = (const uint64_t (*)[4])w->vsum;
	struct kvp_kv_result *kv = &res->kv;
	uint32_t c;

	res->n_classes = x->n_cls;
	for (c = 0; c < x->n_cls; c++) {
		struct kvp_class_result *cr = &res->classes[c];

		cr->sequences = x->cls[c].seqs;
		cr->length = x->cls[c].len;
		if (!seq_slots(x, 0, 0, cr->length, &cr->slots_per_sequence) ||
		    !seq_bytes(x, w->views, w->nv, vsum, w->state_per_seq,
		               cr->length, &cr->bytes_per_sequence))
			return overflow(p, res);
	}
	for (c = 0; c < x->n_cls && x->cls[c].req == 0; c++)
		;
	if (c < x->n_cls) {
		kv->bytes_per_sequence = res->classes[c].bytes_per_sequence;
	} else if (p->workload.n_ragged > 0) {
		if (!seq_bytes(x, w->views, w->nv, vsum, w->state_per_seq,
		               p->workload.ragged[0], &kv->bytes_per_sequence))
			return overflow(p, res);
	} else if (x->n_cls > 0) {
		kv->bytes_per_sequence = res->classes[0].bytes_per_sequence;
	}
	return KVP_OK;
}

enum kvp_status kvp_kv_compute(const struct kvp_plan *p, struct kvp_result *res)
{
	struct kvw w;
	struct kvp_kv_result *kv = &res->kv;
	int32_t resident = p->strategy.resident_layers;
	enum kvp_status st;

	st = setup(&w.x, p, res, &w.n_seqs, &w.n_req);
	if (st != KVP_OK)
		return st;
	/* the same for every recurrent layer: worked out once */
	w.split_ok = kvp_recurrent_split(&p->model, w.n_seqs, &w.conv, &w.ssm);
	if (resident < -1)
		return kvp_error_set(&res->error, KVP_ERANGE,
			"strategy.resident_layers: %d - must be -1 (all layers on the "
			"device) or 0..%u", (int)resident, res->n_layers);
	w.dev_end = resident < 0 ? UINT32_MAX : (uint32_t)resident;
	memset(kv, 0, sizeof *kv);
	/* stage 1 wrote the specs of the types' first layers (all specs
	 * when the types are unknown): the records are by type until the
	 * layer walk below fills every one */
	res->layers_by_type = res->layer_types.n != 0;
	/* view 0: full attention, no residual - the positions_stored and
	 * slots_allocated figures of the result */
	memset(w.views, 0, sizeof w.views[0]);
	memset(w.vsum, 0, sizeof w.vsum[0]);
	w.nv = 1;
	w.nt = 0;
	st = assign_by_type(&w, p, res);
	if (st == KVP_OK && !w.by_type) {
		/* the layer walk reads (and, MLA, rewrites) every spec */
		kvp_layers_fill(&res->layer_recs[0].spec, sizeof res->layer_recs[0],
		                res->n_layers, &res->layer_types);
		res->layers_by_type = false;
		st = assign_types(&w, p, res);
	}
	if (st == KVP_OK)
		st = type_sums(&w, p, res);
	if (st == KVP_OK)
		st = view_totals(&w, p, res);
	if (st == KVP_OK)
		st = type_bytes(&w, p, res);
	if (st == KVP_OK)
		st = layer_results(&w, p, res);
	if (st != KVP_OK)
		return st;
	/* state: once in bytes and in bytes_needed */
	if (!kvp_add(kv->bytes, kv->state_bytes, &kv->bytes) ||
	    !kvp_add(kv->bytes_needed, kv->state_bytes, &kv->bytes_needed))
		return overflow(p, res);
	kv->waste_bytes = kv->bytes > kv->bytes_needed ?
	                  kv->bytes - kv->bytes_needed : 0;
	kv->positions_stored = w.views[0].stored;
	kv->slots_allocated = w.views[0].slots;
	kv->sequences = w.n_seqs;
	kv->requests = w.n_req;
	kv->queued = p->workload.queued;
	return class_results(&w, p, res);
}
