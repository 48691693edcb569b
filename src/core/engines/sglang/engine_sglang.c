/*
 * engine_sglang.c - the token pool SGLang allocates
 * (python/sglang/srt/model_executor/model_runner.py, mem_cache/memory_pool.py),
 * a short driver over SGLang's rules as data:
 *
 *   cell size per token per rank: sg_cells.c (MHA, MLA, DSA rows)
 *   rest = free after weights - T0 x (1 - mem_fraction_static)
 *        = T0 x mem_fraction_static - weights / tp - load extras,
 *     T0 the free memory before the load: sg_budget.c
 *     mem_fraction_static's default by release, card and tp x pp:
 *     sg_rules.c
 *   tokens = rest // cell size, capped by max_total_tokens, rounded down
 *     to page_size (the Mamba pool first takes its share: sg_mamba.c;
 *     the hybrid SWA pool splits the tokens: sg_swa.c)
 *   the pool holds tokens + page_size slots (slot 0 pads)
 *   req_to_token table beside the pool: (max_running_requests + 1) x
 *     (context_len + 4) x 4 bytes, max_running_requests by default from
 *     the tokens (sg_rules.c sg_reqs_rule)
 *   the lines SGLang prints: sg_lines.c; what it admits: sg_admit.c.
 * Models with recurrent states but no Mamba pool rule are refused before
 * this profile runs (engine_compute.c).
 * Units: bytes per rank unless said; res->kv adds up the tp ranks.
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/sglang/sg_admit.h"
#include "core/engines/sglang/sg_budget.h"
#include "core/engines/sglang/sg_lines.h"
#include "core/engines/sglang/sg_rules.h"
#include "core/engines/sglang/sg_run.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"

/* The options' ranges and the defaults the run starts from. */
static enum kvp_status sg_start(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                                struct sg_run *r, struct kvp_error *err)
{
	const struct kvp_sglang_opts *o = &p->engine.sglang;
	bool mla = false;
	uint32_t i;

	*r = (struct sg_run){ 0 };
	for (i = 0; i < p->model.n_layers; i++)
		mla |= ls[i].kind == KVP_LAYER_MLA;
	if (o->page_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.sglang.page_size: 0 - must be at least 1");
	if (o->mem_fraction_static > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.sglang.mem_fraction_static: %u.%06u - must be at most 1",
			o->mem_fraction_static / 1000000, o->mem_fraction_static % 1000000);
	r->tp = p->devices.tp ? p->devices.tp : 1;
	r->page = o->page_size;
	r->frac = o->mem_fraction_static ? o->mem_fraction_static :
	          sg_default_fraction(&p->engine, r->tp, p->devices.pp,
	                              p->devices.n_groups ?
	                              p->devices.groups[0].card.capacity_bytes : 0,
	                              mla);
	if (!o->mem_fraction_static && p->model.arch.tower_params) {
		r->frac = sg_vlm_fraction(r->frac);
		r->vlm = true;
	}
	r->ctx = o->context_len ? o->context_len : p->model.arch.max_positions;
	if (r->ctx == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.sglang.context_len: 0 - means the model's max positions, "
			"but model.arch.max_positions is unknown; give a length");
	return KVP_OK;
}

/* profile_max_num_token: the budget (res->engine.budget_bytes) and the
 * tokens it holds at the profile's cell, or max_total_tokens alone when
 * the plan has no devices. */
static enum kvp_status sg_profile(const struct kvp_plan *p, struct sg_run *r,
                                  struct kvp_result *res)
{
	struct kvp_error *err = &res->error;
	uint64_t kvbudget;
	enum kvp_status st;

	if (p->devices.n_groups < 1 && p->engine.sglang.max_total_tokens) {
		r->tokens = p->engine.sglang.max_total_tokens;
		return r->mb.layers ? sg_mamba_size(p, &r->mb, false, NULL, err) : KVP_OK;
	}
	if ((st = sg_budget(p, res, r->tp, r->frac, &res->engine.budget_bytes, err))) {
		if (st == KVP_EREFUSED && r->vlm &&
		    strstr(err->msg, "Not enough memory"))
			return kvp_error_set(err, KVP_EREFUSED, "engine.sglang."
				"mem_fraction_static: not given, and the weights do not "
				"fit in %u.%06u, SGLang's default x 0.76, the least "
				"adjust_mem_fraction_for_vlm gives a model with a vision "
				"tower (SGLang's own is up to x 0.9975, by vision_config); "
				"give the fraction its log prints", r->frac / 1000000,
				r->frac % 1000000);
		return st;
	}
	kvbudget = res->engine.budget_bytes;
	if (r->mb.layers && (st = sg_mamba_size(p, &r->mb, true, &kvbudget, err)))
		return st;
	r->tokens = kvbudget / r->c.profile;
	return KVP_OK;
}

/* init_memory_pool: requests from the profiled tokens, then the
 * max_total_tokens cap, then whole pages; the SWA split; the
 * req_to_token table. */
static enum kvp_status sg_pool(const struct kvp_plan *p, struct sg_run *r,
                               struct kvp_result *res)
{
	const struct kvp_sglang_opts *o = &p->engine.sglang;
	const struct sg_reqs_rule *q = sg_reqs_rule();
	enum kvp_status st;

	if (o->max_running_requests) {
		r->max_reqs = o->max_running_requests;
	} else {
		/* clamped in 128 bits: the quotient may not fit in 64 */
		unsigned __int128 t = (unsigned __int128)r->tokens * q->per_ctx / r->ctx;

		r->max_reqs = t < q->lo ? q->lo : t > q->hi ? q->hi : (uint64_t)t;
	}
	/* each running request keeps its Mamba slots */
	if (r->mb.layers && r->mb.size / sg_defaults()->mamba_slots_per_request < r->max_reqs)
		r->max_reqs = r->mb.size / sg_defaults()->mamba_slots_per_request;
	if (r->max_reqs == 0)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"engine.sglang.max_mamba_cache_size: %llu - fewer than the 3 "
			"Mamba slots one running request takes",
			(unsigned long long)r->mb.size);
	if (o->max_total_tokens && o->max_total_tokens < r->tokens)
		r->tokens = o->max_total_tokens;
	r->tokens = r->tokens / r->page * r->page;
	r->fit_tokens = r->tokens;
	if (r->sw.on) {
		st = sg_swa_split(&r->sw, r->tokens, r->page, o->swa_full_tokens_ratio ?
		                  o->swa_full_tokens_ratio :
		                  sg_defaults()->swa_full_tokens_ratio, res);
		if (st != KVP_OK)
			return st;
		r->tokens = r->sw.full;
		r->fit_tokens = r->sw.swa < r->sw.full ? r->sw.swa : r->sw.full;
	}
	if (r->tokens == 0 || r->fit_tokens == 0)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"SGLang: Not enough memory. Please try to increase --mem-fraction-static.");
	/* max_reqs <= 2^32 - 1 (a uint32_t option or at most 4,096): + 1 fits */
	if (!kvp_add(r->ctx, 4, &r->table) || !kvp_mul(r->max_reqs + 1, r->table, &r->table) ||
	    !kvp_mul(r->table, 4, &r->table))
		return eng_overflow(res, "engine.sglang.context_len");
	if (!kvp_add(r->tokens, r->page, &r->slots))
		return eng_overflow(res, "engine.sglang.max_total_tokens");
	return KVP_OK;
}

/* The pool in the result: tokens + page_size slots per layer, per rank
 * (a sliding layer of SWAKVPool: its pool's tokens + page_size). */
static enum kvp_status sg_fill(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                               const struct sg_run *r, struct kvp_result *res)
{
	struct kvp_engine_result *e = &res->engine;
	unsigned __int128 q;
	enum kvp_status st;
	uint32_t i;

	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);
		uint64_t n = r->sw.on && kvp_kind_windowed(ls[i].kind) ?
		             r->sw.swa + r->page : r->slots;

		lr->slots = lr->bytes_per_position ? n : 0;
		if (!kvp_mul(n, lr->bytes_per_position, &lr->bytes) ||
		    !kvp_mul(r->slots, lr->index_row_bytes, &lr->index_bytes))
			return eng_overflow(res, "kv.bytes");
	}
	if (r->mb.layers && (st = sg_mamba_layers(ls, &r->mb, p->model.n_layers, res)))
		return st;
	if ((st = eng_finish_kv(p, res, r->slots, r->tp)))
		return st;
	e->block_size = r->page;
	if (!kvp_mul(r->page, r->c.cell, &e->page_bytes))
		return eng_overflow(res, "engine.sglang.page_size");
	if (r->sw.on && (st = sg_swa_result(res, &r->sw, r->page)))
		return st;
	e->blocks = r->tokens / r->page;
	e->tokens = r->tokens;
	e->max_model_len = r->ctx;
	e->max_requests = r->max_reqs;
	e->aux_bytes = r->table;
	q = (unsigned __int128)r->tokens * 100 / r->ctx;
	if (q > UINT64_MAX)
		return eng_overflow(res, "engine.concurrency_x100");
	e->concurrency_x100 = (uint64_t)q;
	return KVP_OK;
}

enum kvp_status kvp_engine_sglang(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res)
{
	struct sg_run r;
	enum kvp_status st;

	if ((st = sg_start(p, ls, &r, &res->error)) ||
	    (st = sg_cells(p, ls, r.tp, res, &r.c)) ||
	    (st = sg_swa_pool(p, ls, res, &r.sw, &res->error)) ||
	    (st = sg_mamba_state(p, ls, r.sw.on, r.tp, &r.mb, &res->error)) ||
	    (st = sg_profile(p, &r, res)) ||
	    (st = sg_pool(p, &r, res)) ||
	    (st = sg_fill(p, ls, &r, res)) ||
	    (st = sg_lines(p, ls, &r, res)))
		return st;
	return sg_admit(p, &r, res);
}
