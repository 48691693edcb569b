/*
 * sg_swa.c - SGLang's hybrid sliding-window pool (SWAKVPool,
 * mem_cache/swa_memory_pool.py; model_runner_kv_cache_mixin.py
 * set_num_tokens_hybrid_swa), from 0.5.9 (kvplan/era.h
 * KVP_ERA_SGLANG_SWA_POOL), for the families of sg_rules.c. Sliding
 * layers of other families are sized as full ones (MHATokenToKVPool).
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/sglang/sg_rules.h"
#include "core/engines/sglang/sg_swa.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"

/* Layer i's row into its side of w: SGLang takes one shape per side
 * (get_num_kv_heads / head_dim + v_head_dim for the full layers,
 * get_swa_num_kv_heads / swa_head_dim + swa_v_head_dim for the sliding
 * ones): a side whose layers differ is refused. */
static enum kvp_status sg_swa_side(const struct kvp_layer_spec *ls,
                                   const struct kvp_layer_result *lr, uint32_t i,
                                   struct sg_swa *w, struct kvp_error *err)
{
	bool sl = kvp_kind_windowed(ls[i].kind);
	uint64_t *row = sl ? &w->s : &w->f;
	uint32_t *n = sl ? &w->ns : &w->nf;

	if (ls[i].kind == KVP_LAYER_MLA || lr->index_row_bytes)
		return kvp_error_set(err, KVP_EREFUSED,
			"model.layers[%u].kind: mla - SGLang's SWAKVPool holds "
			"MHA layers only", i);
	if (!lr->bytes_per_position)
		return KVP_OK;
	if (*n && *row != lr->bytes_per_position)
		return kvp_error_set(err, KVP_EREFUSED,
			"model.layers[%u]: %llu B a token per rank - SGLang's "
			"SWAKVPool takes one shape for all %s layers (%llu B); "
			"kvplan does not size a mix", i,
			(unsigned long long)lr->bytes_per_position,
			sl ? "sliding" : "full", (unsigned long long)*row);
	*row = lr->bytes_per_position;
	(*n)++;
	return KVP_OK;
}

/* A model whose layers all slide is refused (set_num_tokens_hybrid_swa's
 * "all SWA" branch, not modelled). */
enum kvp_status sg_swa_pool(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                            const struct kvp_result *res, struct sg_swa *w,
                            struct kvp_error *err)
{
	uint32_t i;
	bool has;
	enum kvp_status st;

	memset(w, 0, sizeof *w);
	if (!sg_hybrid_swa_family(p->model.model_type) ||
	    p->engine.sglang.disable_hybrid_swa_memory)
		return KVP_OK;
	for (i = 0; i < p->model.n_layers && !kvp_kind_windowed(ls[i].kind); i++)
		;
	if (i == p->model.n_layers)
		return KVP_OK;
	if ((st = kvp_era_rule_at(&p->engine, KVP_ERA_SGLANG_SWA_POOL, &has, err)))
		return st;
	if (!has)
		return KVP_OK;
	for (i = 0; i < p->model.n_layers; i++)
		if ((st = sg_swa_side(ls, kvp_layer_rec(res, i), i, w, err)))
			return st;
	if (w->nf == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"model.layers: every attention layer slides - SGLang's "
			"all-SWA pool (set_num_tokens_hybrid_swa) is not modelled");
	w->on = true;
	return KVP_OK;
}

/*
 * set_num_tokens_hybrid_swa (sglang@001ccef0): the profiled tokens T (at
 * a cell of F x n_full + S x n_swa bytes) become
 *   full = int(T x (F n_full + S n_swa) / (F n_full + r x S x n_swa)),
 *   swa  = int(full x r),
 * both whole pages, in binary floating point as Python computes them (the
 * int total converted to a double, r = ratio ppm / 10^6, the double
 * nearest the decimal SGLang parses).
 */
enum kvp_status sg_swa_split(struct sg_swa *w, uint64_t t, uint64_t page,
                             uint32_t ratio_ppm, struct kvp_result *res)
{
	double r = (double)ratio_ppm / 1e6, den;
	uint64_t ff, ss, cell, total;

	if (!kvp_mul(w->f, w->nf, &ff) || !kvp_mul(w->s, w->ns, &ss) ||
	    !kvp_add(ff, ss, &cell) || !kvp_mul(t, cell, &total))
		return eng_overflow(res, "engine.sglang.max_total_tokens");
	den = (double)ff + r * (double)w->s * (double)w->ns;
	/* a double of 2^64 or more has no uint64_t: refused, not cast */
	if ((double)total / den >= 18446744073709551616.0)
		return eng_overflow(res, "engine.sglang.max_total_tokens");
	w->full = (uint64_t)((double)total / den);
	if ((double)w->full * r >= 18446744073709551616.0)
		return eng_overflow(res, "engine.sglang.swa_full_tokens_ratio");
	w->swa = (uint64_t)((double)w->full * r);
	w->full = w->full / page * page;
	w->swa = w->swa / page * page;
	return KVP_OK;
}

/* The full layers' pool first, then the sliding layers' (window 0: they
 * keep the pool's tokens, not a window). */
enum kvp_status sg_swa_result(struct kvp_result *res, const struct sg_swa *w,
                              uint64_t page)
{
	struct kvp_engine_result *e = &res->engine;

	e->n_pools = 2;
	e->pools[0].layers = w->nf;
	e->pools[0].blocks = w->full / page;
	e->pools[1].layers = w->ns;
	e->pools[1].blocks = w->swa / page;
	if (!kvp_mul(w->f, w->nf, &e->pools[0].bytes_per_token) ||
	    !kvp_mul(w->s, w->ns, &e->pools[1].bytes_per_token))
		return eng_overflow(res, "engine.pools[].bytes_per_token");
	return KVP_OK;
}
