/*
 * engine_trtllm.c - the paged KV pool TensorRT-LLM allocates
 * (cpp/tensorrt_llm/batch_manager/kvCacheManager.cpp, KvCacheConfig):
 *
 *   bytes per token per rank = sum over attention layers of
 *     Hkv_rank x (Dk + Dv) x b (Hkv_rank = max(1, Hkv // tp)); MLA layers
 *     store the latent, (kv_lora_rank + rope) x b
 *   free after load = capacity - weights / (tp x pp) - activation peak
 *                     - overheads (runtime buffers, decoder, context)
 *   budget = max_gpu_total_bytes when set (it replaces the fraction:
 *     tensorrt_llm/_torch/pyexecutor VSWA helpers,
 *     calculate_max_num_blocks_for_vswa "primary_pool_memory_bytes =
 *     max_gpu_total_bytes if > 0 else int(free_mem x fraction)";
 *     test_resource_manager.py test_calculate_max_num_blocks_for_vswa
 *     case 1), else free x free_gpu_memory_fraction
 *   one window: blocks = budget // (tokens_per_block x bytes per token),
 *     capped by ceil(max_tokens / tokens_per_block); tokens = blocks x
 *     tokens_per_block
 *   several windows (VSWA, sliding layers of their window, full ones of
 *     max_seq_len = the model's max positions), from 1.0.0 (kvplan/era.h):
 *     when one sequence of every window does not fit the budget, the
 *     windows are clamped smallest first (adjust_window_sizes_for_vswa),
 *     then one pool per window, each with an equal share of the budget:
 *     blocks = int(budget x share / its bytes per token // tokens_per_block)
 *     in binary floating point; before, every layer full size in one pool
 *   host_cache_size: the secondary pool, blocks likewise from host bytes
 *   log: "[MemUsageChange] Allocated X GiB for max tokens in paged KV cache (N)."
 * Not modelled: validate_and_adjust_attention_windows (a window above
 * what its pool's blocks can hold is lowered), TRTLLM_WINDOW_SIZE_SHARES,
 * NVFP4 scale bytes.
 * Units: bytes per rank unless said; res->kv adds up the tp ranks.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

/* One attention window of a VSWA model: its layers' bytes per token and
 * the window after clamping. */
struct tr_win {
	uint64_t window, adj, bpt;
	uint32_t layers;
};

/* Layer i's window: sliding and chunked layers theirs (at most
 * max_seq), full and MLA layers max_seq (max_attention_window defaults
 * to max_seq_len). */
static uint64_t tr_layer_window(const struct kvp_layer_spec *l, uint64_t max_seq)
{
	if (kvp_kind_windowed(l->kind) &&
	    l->window && l->window < max_seq)
		return l->window;
	return max_seq;
}

/* The distinct windows of the layers holding KV, ascending; 0 when more
 * than KVP_MAX_POOLS. */
static uint32_t tr_windows(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                           const struct kvp_result *res, uint64_t max_seq,
                           struct tr_win *w)
{
	uint32_t n = 0, i, j;

	for (i = 0; i < p->model.n_layers; i++) {
		uint64_t win = tr_layer_window(&ls[i], max_seq);
		uint64_t bpt = kvp_layer_rec(res, i)->bytes_per_position;

		if (!bpt)
			continue;
		for (j = 0; j < n && w[j].window != win; j++)
			;
		if (j == n) {
			if (n == KVP_MAX_POOLS)
				return 0;
			while (j > 0 && w[j - 1].window > win) {
				w[j] = w[j - 1];
				j--;
			}
			memset(&w[j], 0, sizeof w[j]);
			w[j].window = win;
			n++;
		}
		w[j].bpt += bpt;
		w[j].layers++;
	}
	return n;
}

/* adjust_window_sizes_for_vswa: when one sequence of every window
 * (sum of window x bytes per token) is not below the pool, walk the
 * windows smallest first: the layers not yet placed take
 * min(remaining // their bytes per token, window - previous window) more
 * tokens; once a window cannot be filled the larger ones keep the same
 * count; max_tokens caps the count. Fills w[].adj. */
static void tr_adjust(struct tr_win *w, uint32_t n, uint64_t pool,
                      uint64_t max_tokens)
{
	unsigned __int128 need = 0;
	uint64_t rem = pool, rem_bpt = 0, accum = 0, prev = 0;
	uint32_t j;

	for (j = 0; j < n; j++) {
		need += (unsigned __int128)w[j].window * w[j].bpt;
		rem_bpt += w[j].bpt;
		w[j].adj = w[j].window;
	}
	if (need < pool)
		return;
	for (j = 0; j < n; j++) {
		if (rem > 0 && rem_bpt) {
			uint64_t t = rem / rem_bpt;

			if (t > w[j].window - prev)
				t = w[j].window - prev;
			rem -= t * rem_bpt;
			accum += t;
			if (accum < w[j].window)
				rem = 0;
			if (max_tokens) {
				if (accum > max_tokens)
					accum = max_tokens;
				if (accum == max_tokens)
					rem = 0;
			}
		}
		w[j].adj = accum;
		rem_bpt -= w[j].bpt;
		prev = w[j].window;
	}
}

/* Merge windows clamped to the same size into one pool each (ascending). */
static uint32_t tr_merge(struct tr_win *w, uint32_t n)
{
	uint32_t i, m = 0;

	for (i = 0; i < n; i++) {
		if (m && w[m - 1].adj == w[i].adj) {
			w[m - 1].bpt += w[i].bpt;
			w[m - 1].layers += w[i].layers;
			continue;
		}
		w[m++] = w[i];
	}
	return m;
}

/* Blocks of a pool of `bytes` with an equal share among n pools:
 * int(bytes x (1 / n) / bpt // tpb), as Python computes it. */
static uint64_t tr_pool_blocks(uint64_t bytes, uint32_t n, uint64_t bpt, uint64_t tpb)
{
	double share = 1.0 / (double)n;
	double tok = (double)bytes * share / (double)bpt;

	return (uint64_t)eng_py_floordiv(tok, (double)tpb);
}

/* The workload's requests against one pool of `blocks` blocks of tpb
 * tokens whose window is `win`: fit and mix fit, as the one-pool path. */
static enum kvp_status tr_fit(const struct kvp_plan *p, struct kvp_result *res,
                              uint64_t blocks, uint64_t tpb, uint64_t win,
                              uint64_t *fit, uint64_t *total, bool mix)
{
	struct eng_req req[ENG_MAX_REQ];
	uint64_t cost[ENG_MAX_REQ];
	uint32_t n = 0, k;
	enum kvp_status st = eng_requests(p, req, &n, &res->error);

	if (st != KVP_OK)
		return st;
	*total = 0;
	for (k = 0; k < n; k++) {
		uint64_t len = req[k].len < win ? req[k].len : win;

		*total += req[k].count;
		if (!kvp_mul(kvp_ceil_div(len, tpb), req[k].samples, &cost[k]))
			cost[k] = UINT64_MAX;
	}
	*fit = eng_fit(req, cost, n, 0, blocks, 0);
	if (mix)
		eng_mix_fit(res, req, cost, n, 0, blocks, 0);
	return KVP_OK;
}

/* VSWA pools: one per (clamped) window, each an equal share of the
 * budget and of host_cache_size; one line each. */
static enum kvp_status tr_vswa_pools(const struct kvp_plan *p,
                                     struct kvp_result *res,
                                     const struct tr_win *w, uint32_t m,
                                     uint64_t tpb)
{
	const struct kvp_trtllm_opts *o = &p->engine.trtllm;
	struct kvp_engine_result *e = &res->engine;
	uint32_t j;

	e->n_pools = m;
	e->blocks = 0;
	for (j = 0; j < m; j++) {
		uint64_t b = tr_pool_blocks(e->budget_bytes, m, w[j].bpt, tpb);
		uint64_t h = o->host_cache_size ?
		             tr_pool_blocks(o->host_cache_size, m, w[j].bpt, tpb) : 0;

		if (b == 0)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"TensorRT-LLM: the pool of window %llu holds no block of "
				"%llu tokens", (unsigned long long)w[j].adj,
				(unsigned long long)tpb);
		e->pools[j].window = w[j].adj;
		e->pools[j].layers = w[j].layers;
		e->pools[j].blocks = b;
		e->pools[j].bytes_per_token = w[j].bpt;
		e->pools[j].host_blocks = h;
		e->blocks += b;
		e->host_blocks += h;
		eng_line(res, "Window size = %llu, primary_blocks: %llu, secondary_blocks: %llu",
		         (unsigned long long)w[j].adj, (unsigned long long)b,
		         (unsigned long long)h);
	}
	return KVP_OK;
}

/* Each layer: its pool's blocks; the window it had before clamping
 * (orig[0..n-1]) maps to the pool of its clamped size. */
static enum kvp_status tr_vswa_layers(const struct kvp_plan *p,
                                      const struct kvp_layer_spec *ls,
                                      struct kvp_result *res,
                                      const struct tr_win *orig, uint32_t n,
                                      uint64_t tpb)
{
	const struct kvp_engine_result *e = &res->engine;
	uint64_t max_seq = p->model.arch.max_positions;
	uint32_t i, j, k;

	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);
		uint64_t win = tr_layer_window(&ls[i], max_seq), adj = win;

		lr->slots = lr->bytes = 0;
		if (!lr->bytes_per_position)
			continue;
		for (k = 0; k < n; k++)
			if (orig[k].window == win)
				adj = orig[k].adj;
		for (j = 0; j + 1 < e->n_pools && e->pools[j].window != adj; j++)
			;
		if (!kvp_mul(e->pools[j].blocks, tpb, &lr->slots) ||
		    !kvp_mul(lr->slots, lr->bytes_per_position, &lr->bytes))
			return eng_overflow(res, "kv.bytes");
	}
	return KVP_OK;
}

/* The pool that admits the fewest of the workload's requests limits
 * them: its fit, mix fit, concurrency and the note. */
static enum kvp_status tr_vswa_fit(const struct kvp_plan *p,
                                   struct kvp_result *res, uint64_t tpb)
{
	struct kvp_engine_result *e = &res->engine;
	uint64_t fit = UINT64_MAX, total = 0;
	uint32_t j, worst = 0;
	char t[40];
	enum kvp_status st;

	for (j = 0; j < e->n_pools; j++) {
		uint64_t f, tot;

		st = tr_fit(p, res, e->pools[j].blocks, tpb, e->pools[j].window, &f, &tot,
		            false);
		if (st != KVP_OK)
			return st;
		total = tot;
		if (f < fit) {
			fit = f;
			worst = j;
		}
	}
	st = tr_fit(p, res, e->pools[worst].blocks, tpb, e->pools[worst].window, &fit,
	            &total, true);
	if (st != KVP_OK)
		return st;
	e->workload_fit = fit;
	e->concurrency_x100 = (uint64_t)(((unsigned __int128)e->pools[worst].blocks * 100) /
	                      kvp_ceil_div(e->pools[worst].window, tpb));
	snprintf(e->note, sizeof e->note,
	         "TensorRT-LLM VSWA: %u pools, one per attention window, an equal share "
	         "each; the window-%llu pool of %s blocks limits: %llu of the workload's "
	         "%llu requests fit", e->n_pools, (unsigned long long)e->pools[worst].window,
	         eng_commas(e->pools[worst].blocks, t, sizeof t),
	         (unsigned long long)fit, (unsigned long long)total);
	return KVP_OK;
}

/* VSWA: one pool per (clamped) window, each an equal share of the
 * budget and of host_cache_size (calculate_max_num_blocks_for_vswa). */
static enum kvp_status tr_vswa(const struct kvp_plan *p,
                               const struct kvp_layer_spec *ls,
                               struct kvp_result *res, struct tr_win *w,
                               uint32_t n, uint64_t tpb, uint32_t tp)
{
	struct kvp_engine_result *e = &res->engine;
	uint32_t m;
	enum kvp_status st;
	struct tr_win orig[KVP_MAX_POOLS];

	tr_adjust(w, n, e->budget_bytes, p->engine.trtllm.max_tokens);
	memcpy(orig, w, sizeof orig);
	m = tr_merge(w, n);
	if ((st = tr_vswa_pools(p, res, w, m, tpb)) != KVP_OK ||
	    (st = tr_vswa_layers(p, ls, res, orig, n, tpb)) != KVP_OK)
		return st;
	e->block_size = tpb;
	e->tokens = e->pools[m - 1].blocks * tpb;
	e->page_bytes = w[m - 1].bpt * tpb;
	e->max_model_len = p->model.arch.max_positions;
	st = eng_finish_kv(p, res, e->tokens, tp);
	if (st != KVP_OK)
		return st;
	return tr_vswa_fit(p, res, tpb);
}

/* Full, sliding and chunked attention: heads split over the ranks
 * (max(1, Hkv // tp)), K and V rows in the layer's formats. */
static enum kvp_status tr_attn(const struct kvp_plan *p, uint32_t tp,
                               struct kvp_layer_spec *sp, const char *what,
                               uint64_t *kr, uint64_t *vr, struct kvp_error *err)
{
	uint64_t heads = sp->kv_heads / tp;
	enum kvp_status st;

	if (heads < 1)
		heads = 1;
	sp->kv_heads = (uint32_t)heads;
	if ((st = kvp_format_row_bytes(&sp->k_fmt, heads * sp->k_dim, kr, what, err)) ||
	    (st = kvp_format_row_bytes(&sp->v_fmt, heads * sp->v_dim, vr, what, err)))
		return st;
	return KVP_OK;
}

/* MLA: the latent, (kv_lora_rank + rope) values, no V. */
static enum kvp_status tr_mla(const struct kvp_plan *p, uint32_t tp,
                              struct kvp_layer_spec *sp, const char *what,
                              uint64_t *kr, uint64_t *vr, struct kvp_error *err)
{
	sp->kv_heads = 1;
	sp->k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
	sp->v_dim = 0;
	return kvp_format_row_bytes(&sp->k_fmt, sp->k_dim, kr, what, err);
}

/* What a layer kind holds per token and rank; other kinds hold none. */
static const struct tr_layer_rule {
	enum kvp_layer_kind kind;
	enum kvp_status (*rows)(const struct kvp_plan *, uint32_t,
	                        struct kvp_layer_spec *, const char *, uint64_t *,
	                        uint64_t *, struct kvp_error *);
	const char *source;
} layer_rules[] = {
	{ KVP_LAYER_FULL, tr_attn, "kvCacheManager.cpp: heads per rank x (Dk + Dv)" },
	{ KVP_LAYER_SLIDING, tr_attn, "the same, in its window's pool (VSWA)" },
	{ KVP_LAYER_CHUNKED, tr_attn, "the same, in its window's pool (VSWA)" },
	{ KVP_LAYER_MLA, tr_mla, "kvCacheManager.cpp: MLA, one latent head, "
	  "kv_lora_rank + rope" },
};

/* Each layer's rows per rank; *per_tok: their sum over the layers. */
static enum kvp_status tr_layers(const struct kvp_plan *p,
                                 const struct kvp_layer_spec *ls,
                                 struct kvp_result *res, uint32_t tp,
                                 uint64_t *per_tok)
{
	struct kvp_error *err = &res->error;
	uint32_t i;
	size_t r;
	enum kvp_status st;

	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);
		struct kvp_layer_spec sp = *l;
		uint64_t kr = 0, vr = 0;
		char what[64];

		lr->on_device = true;
		kvp_cat_what(what, sizeof what, "model.layers[", i, "].k_dtype (TensorRT-LLM)");
		if ((l->kind == KVP_LAYER_FULL || l->kind == KVP_LAYER_SLIDING ||
		     l->kind == KVP_LAYER_CHUNKED || l->kind == KVP_LAYER_MLA) &&
		    (!kvp_dtype_is_element(l->k_fmt.dtype) ||
		     (l->kind != KVP_LAYER_MLA && !kvp_dtype_is_element(l->v_fmt.dtype))))
			return kvp_error_set(err, KVP_EINVAL,
				"%s: %s/%s - TensorRT-LLM caches f16, bf16, f32, fp8 or int8",
				what, kvp_dtype_name(l->k_fmt.dtype), kvp_dtype_name(l->v_fmt.dtype));
		for (r = 0; r < sizeof layer_rules / sizeof layer_rules[0]; r++)
			if (layer_rules[r].kind == l->kind &&
			    (st = layer_rules[r].rows(p, tp, &sp, what, &kr, &vr, err)))
				return st;
		lr->spec = sp;
		lr->k_row_bytes = kr;
		lr->v_row_bytes = vr;
		lr->bytes_per_position = kr + vr;
		*per_tok += kr + vr;
	}
	return KVP_OK;
}

/* The primary pool's budget (res->engine.budget_bytes) and its blocks of
 * block_bytes: max_gpu_total_bytes when set (it replaces the fraction);
 * without a card, max_tokens alone; else free x free_gpu_memory_fraction,
 * free = capacity - weights / (tp x pp) - activations - overheads. */
static enum kvp_status tr_budget(const struct kvp_plan *p, struct kvp_result *res,
                                 uint32_t tp, uint32_t pp, uint64_t block_bytes,
                                 uint64_t *blocks)
{
	const struct kvp_trtllm_opts *o = &p->engine.trtllm;
	struct kvp_engine_result *e = &res->engine;
	struct kvp_error *err = &res->error;
	uint64_t cap, used, over;
	enum kvp_status st;
	char x[32];

	if (o->max_gpu_total_bytes) {
		e->budget_bytes = o->max_gpu_total_bytes;
		*blocks = e->budget_bytes / block_bytes;
		return KVP_OK;
	}
	if (p->devices.n_groups < 1 && o->max_tokens) {
		*blocks = UINT64_MAX;
		e->budget_bytes = 0;
		return KVP_OK;
	}
	st = eng_capacity(p, "engine.trtllm.free_gpu_memory_fraction", &cap, err);
	if (st != KVP_OK)
		return st;
	st = eng_overheads(p, &over, err);
	if (st != KVP_OK)
		return st;
	used = eng_weights_rank(res, tp, pp);
	if (kvp_activations_estimate(p, res) == UINT64_MAX)
		return kvp_error_set(err, KVP_EOVERFLOW,
			"devices.activations_bytes: the activation estimate overflows "
			"64 bits; give a measured peak");
	if (!kvp_add(used, kvp_activations_estimate(p, res), &used) ||
	    !kvp_add(used, over, &used))
		return eng_overflow(res, "devices.overheads");
	if (used >= cap)
		return kvp_error_set(err, KVP_EREFUSED,
			"TensorRT-LLM: no free GPU memory left for the KV cache after "
			"loading (weights + activations + overheads %s GiB >= capacity)",
			eng_fixed2(used, KVP_GIB, x, sizeof x));
	e->budget_bytes = kvp_apply_ppm(cap - used, o->free_gpu_memory_fraction);
	*blocks = e->budget_bytes / block_bytes;
	return KVP_OK;
}

/* The workload's requests in one pool of `blocks`: fit, the note and
 * the mix fit (added to the note). */
static enum kvp_status tr_one_fit(const struct kvp_plan *p, struct kvp_result *res,
                                  uint64_t blocks, uint64_t tpb)
{
	struct kvp_engine_result *e = &res->engine;
	struct eng_req req[ENG_MAX_REQ];
	uint64_t cost[ENG_MAX_REQ], total = 0;
	uint32_t n = 0, k;
	char t[40];
	enum kvp_status st = eng_requests(p, req, &n, &res->error);

	if (st != KVP_OK)
		return st;
	for (k = 0; k < n; k++) {
		total += req[k].count;
		if (!kvp_mul(kvp_ceil_div(req[k].len, tpb), req[k].samples, &cost[k]))
			cost[k] = UINT64_MAX;
	}
	e->workload_fit = eng_fit(req, cost, n, 0, blocks, 0);
	snprintf(e->note, sizeof e->note,
	         "TensorRT-LLM fills free_gpu_memory_fraction of the free memory with "
	         "%s blocks of %llu tokens; %llu of the workload's %llu requests fit",
	         eng_commas(blocks, t, sizeof t), (unsigned long long)tpb,
	         (unsigned long long)e->workload_fit, (unsigned long long)total);
	eng_mix_fit(res, req, cost, n, 0, blocks, 0);
	return KVP_OK;
}

/* One pool of `blocks` (capped by max_tokens) for every layer. */
static enum kvp_status tr_one_pool(const struct kvp_plan *p, struct kvp_result *res,
                                   uint64_t blocks, uint64_t tpb, uint64_t per_tok,
                                   uint64_t block_bytes, uint32_t tp)
{
	const struct kvp_trtllm_opts *o = &p->engine.trtllm;
	struct kvp_engine_result *e = &res->engine;
	uint64_t cap_blocks, tokens, bytes;
	uint32_t i;
	char x[32];
	enum kvp_status st;

	cap_blocks = o->max_tokens ? kvp_ceil_div(o->max_tokens, tpb) : UINT64_MAX;
	if (blocks > cap_blocks)
		blocks = cap_blocks;
	/* the secondary (host) pool: host_cache_size in blocks */
	e->host_blocks = o->host_cache_size / block_bytes;
	if (blocks == 0)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"TensorRT-LLM: the KV cache budget holds no block of %llu tokens",
			(unsigned long long)tpb);
	if (!kvp_mul(blocks, tpb, &tokens) || !kvp_mul(tokens, per_tok, &bytes))
		return eng_overflow(res, "engine.trtllm.max_tokens");
	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);

		lr->slots = lr->bytes_per_position ? tokens : 0;
		if (!kvp_mul(tokens, lr->bytes_per_position, &lr->bytes))
			return eng_overflow(res, "kv.bytes");
	}
	if ((st = eng_finish_kv(p, res, tokens, tp)) != KVP_OK)
		return st;
	e->block_size = tpb;
	e->page_bytes = block_bytes;
	e->blocks = blocks;
	e->tokens = tokens;
	e->max_model_len = p->model.arch.max_positions;
	if (e->max_model_len)
		e->concurrency_x100 = (uint64_t)(((unsigned __int128)blocks * 100) /
		                      kvp_ceil_div(e->max_model_len, tpb));
	eng_line(res, "[MemUsageChange] Allocated %s GiB for max tokens in paged KV cache (%llu).",
	         eng_fixed2(bytes, KVP_GIB, x, sizeof x), (unsigned long long)tokens);
	return tr_one_fit(p, res, blocks, tpb);
}

enum kvp_status kvp_engine_trtllm(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res)
{
	const struct kvp_trtllm_opts *o = &p->engine.trtllm;
	struct kvp_error *err = &res->error;
	uint32_t tp = p->devices.tp ? p->devices.tp : 1;
	uint32_t pp = p->devices.pp ? p->devices.pp : 1;
	uint64_t tpb, per_tok = 0, block_bytes, blocks = 0;
	enum kvp_status st;

	if (o->tokens_per_block < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.trtllm.tokens_per_block: 0 - must be at least 1");
	if (o->free_gpu_memory_fraction > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.trtllm.free_gpu_memory_fraction: %u.%06u - must be at most 1",
			o->free_gpu_memory_fraction / 1000000,
			o->free_gpu_memory_fraction % 1000000);
	tpb = o->tokens_per_block;
	if ((st = tr_layers(p, ls, res, tp, &per_tok)) != KVP_OK)
		return st;
	if (per_tok == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"model.layers: no attention layer - TensorRT-LLM's KV pool is empty");
	if (!kvp_mul(per_tok, tpb, &block_bytes))
		return eng_overflow(res, "engine.trtllm.tokens_per_block");
	if ((st = tr_budget(p, res, tp, pp, block_bytes, &blocks)) != KVP_OK)
		return st;
	/* VSWA from 1.0.0 (era.c KVP_ERA_TRTLLM_VSWA); before, one pool
	 * with every layer full size */
	if (res->engine.budget_bytes && kvp_era_has(&p->engine, KVP_ERA_TRTLLM_VSWA)) {
		struct tr_win w[KVP_MAX_POOLS];
		uint64_t max_seq = p->model.arch.max_positions;
		uint32_t nw = max_seq ? tr_windows(p, ls, res, max_seq, w) : 0;

		if (nw > 1)
			return tr_vswa(p, ls, res, w, nw, tpb, tp);
	}
	return tr_one_pool(p, res, blocks, tpb, per_tok, block_bytes, tp);
}
