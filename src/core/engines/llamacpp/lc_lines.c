/*
 * lc_lines.c - the lines llama.cpp prints about its context and caches,
 * as kvplan states them under "llama.cpp would report": the n_ctx
 * warnings (llama-context.cpp), each cache's size (llama-kv-cache.cpp,
 * llama-kv-cache-iswa.cpp) and the recurrent state's
 * (llama-memory-recurrent.cpp), in the words of the plan's build when
 * lc_words.c has them (lc_words.h), today's otherwise.
 */
#include "core/engines/engine_priv.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/checked.h"

/* Streams: n_ctx not a multiple of n_seq_max, rounded down (and said). */
static bool lc_rounds(const struct lc_print *x)
{
	uint64_t padded;

	return !x->unified && kvp_round_up(x->ctx, LC_PAD, &padded) &&
	       padded != x->n_ctx;
}

/* The lines the plan prints that not every row words (enum lc_need). */
static unsigned lc_needs(const struct kvp_plan *p, uint32_t n_caches,
                         const struct lc_print *x)
{
	uint64_t train = p->model.arch.max_positions;
	unsigned needs = 0;

	if (n_caches > 1)
		needs |= LC_NEED_ISWA;
	if (x->rs_layers)
		needs |= LC_NEED_RS;
	if (train && x->n_ctx_seq < train)
		needs |= LC_NEED_WARN;
	/* lines whose older words no row has: the n_ctx_seq > n_ctx_train
	 * warning, the streams' rounding, the V padding */
	if ((train && x->n_ctx_seq > train) || x->v_pad || lc_rounds(x))
		needs |= LC_NEED_TODAY;
	return needs;
}

/* Before the cache classes (b4917 and earlier): one cache, its kv_size
 * line in some builds and "KV self size" from the context. can_shift is
 * 1: those builds refuse MLA here (kvplan/era.h) and their rows word no
 * recurrent state, the two cases that printed 0. */
static void lc_self_size(const struct kvp_plan *p, struct kvp_result *res,
                         const struct lc_words *w, const struct lc_cache *c,
                         const struct lc_print *x)
{
	if (w->kv_line == LC_KV_LINE_OFFLOAD)
		eng_line(res, "%s: kv_size = %llu, offload = 1, type_k = '%s', "
		         "type_v = '%s', n_layer = %d, can_shift = 1", w->kv,
		         (unsigned long long)c->cells, x->tk, x->tv,
		         (int)p->model.n_layers);
	eng_line(res, "%s: KV self size  = %7.2f MiB, K (%s): %7.2f MiB, V (%s): "
	         "%7.2f MiB", w->self, lc_mib(c->k_bytes + c->v_bytes), x->tk,
	         lc_mib(c->k_bytes), x->tv, lc_mib(c->v_bytes));
}

static void lc_cells(struct kvp_result *res, const struct lc_words *w,
                     const struct lc_cache *caches, uint32_t n_caches,
                     const struct lc_print *x)
{
	uint32_t i;

	for (i = 0; i < n_caches; i++) {
		const struct lc_cache *c = &caches[i];

		/* the SWA pair creates and prints its non-SWA cache even when
		 * every layer slides: "0 layers", no buffer (llama-kv-cache-
		 * iswa.cpp; seen in make check-live at the pinned build) */
		if (!c->layers && (n_caches < 2 || i > 0))
			continue;
		if (n_caches > 1)
			eng_line(res, "%s: creating %s KV cache, size = %llu cells",
			         w->iswa, i == 0 ? "non-SWA" : "    SWA",
			         (unsigned long long)c->cells);
		if (x->v_pad)
			eng_line(res, "%s: the V embeddings have different sizes "
			         "across layers and FA is not enabled - padding V cache "
			         "to %llu", w->kv, (unsigned long long)x->v_wide);
		eng_line(res, "%s: size = %7.2f MiB (%6u cells, %3d layers, "
		         "%2u/%u seqs), K (%s): %7.2f MiB, V (%s): %7.2f MiB", w->kv,
		         lc_mib(c->k_bytes + c->v_bytes), (unsigned)c->cells,
		         (int)c->layers, (unsigned)x->n_seq, (unsigned)x->n_stream,
		         x->tk, lc_mib(c->k_bytes), x->tv, lc_mib(c->v_bytes));
	}
}

static void lc_recurrent(const struct kvp_plan *p, struct kvp_result *res,
                         const struct lc_words *w, const struct lc_print *x)
{
	if (!x->rs_layers)
		return;
	if (res->kv.conv_bytes + res->kv.ssm_bytes == x->rs_bytes)
		/* llama-memory-recurrent.cpp at 84f71294: "size = %7.2f MiB (%6u
		 * cells, %3d layers, %2u seqs %2u rs_seq), R (%s): %7.2f MiB, S
		 * (%s): %7.2f MiB", R the conv state and S the SSM state, both
		 * f32; rs_seq is llama_context's n_rs_seq (engine.llamacpp.rs_seq) */
		eng_line(res, "%s: size = %7.2f MiB (%6u cells, %3d layers, %2u seqs "
		         "%2u rs_seq), R (f32): %7.2f MiB, S (f32): %7.2f MiB%s", w->rs,
		         lc_mib(x->rs_bytes), (unsigned)x->rs_cells,
		         (int)p->model.n_layers, (unsigned)x->n_seq,
		         (unsigned)x->rs_seq,
		         lc_mib(res->kv.conv_bytes), lc_mib(res->kv.ssm_bytes),
		         /* no model kvplan sizes has a PLE history (qwen4exp
		          * is refused by name, gguf_import.c) */
		         w->rs_p ? ", P (f32):    0.00 MiB" : "");
	else
		/* the state typed as bytes (no conv/SSM components): kvplan
		 * cannot split it, so it prints their sum - not llama.cpp's form */
		eng_line(res, "%s: size = %7.2f MiB (%6u cells, %3d layers, %2u seqs), "
		         "R + S (f32): %7.2f MiB", w->rs, lc_mib(x->rs_bytes),
		         (unsigned)x->rs_cells, (int)p->model.n_layers,
		         (unsigned)x->n_seq, lc_mib(x->rs_bytes));
}

void lc_lines(const struct kvp_plan *p, struct kvp_result *res,
              const struct lc_cache *caches, uint32_t n_caches,
              const struct lc_print *x)
{
	const struct lc_words *w = lc_words_choose(&res->engine, p->engine.version,
	                                           lc_needs(p, n_caches, x));
	uint64_t train = p->model.arch.max_positions;

	if (lc_rounds(x))   /* only today's words have it (lc_needs) */
		eng_line(res, "%s: n_ctx is not divisible by n_seq_max - "
		         "rounding down to %llu", w->ctx,
		         (unsigned long long)x->n_ctx);
	if (train && x->n_ctx_seq < train)
		eng_line(res, "%s: %s (%llu) < n_ctx_train (%llu) -- the full capacity "
		         "of the model will not be utilized", w->ctx, w->ctx_seq,
		         (unsigned long long)x->n_ctx_seq, (unsigned long long)train);
	if (train && x->n_ctx_seq > train)
		eng_line(res, "%s: n_ctx_seq (%llu) > n_ctx_train (%llu) -- possible "
		         "training context overflow", w->ctx,
		         (unsigned long long)x->n_ctx_seq, (unsigned long long)train);
	if (p->engine.llamacpp.swa_full && n_caches > 1)
		eng_line(res, "%s: using full-size SWA cache (ref: https://github.com/"
		         "ggml-org/llama.cpp/pull/13194#issuecomment-2868343055)", w->iswa);
	if (w->size == LC_SIZE_SELF)
		lc_self_size(p, res, w, &caches[0], x);
	else
		lc_cells(res, w, caches, n_caches, x);
	lc_recurrent(p, res, w, x);
}
