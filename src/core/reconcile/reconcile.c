/*
 * src/core/reconcile/ - a plan's figures against what an engine's log
 * printed (kvp_reconcile), after kvp_compute: not a stage of it, a
 * reader of its result. reconcile.c (this file) builds the table: one
 * row per observation, kvplan's side from the rule of its kind
 * (rec_bytes.c for byte figures, rec_counts.c for counts), then the rows
 * built from several observations (rec_totals.c); rec_row.c holds the
 * rows' primitives and the sums over the result, rec_names.c the names
 * and labels of the kinds, reconcile_why.c says which measured inputs
 * the plan took otherwise.
 *
 * reconcile.c - computed figures against observed ones (see
 * kvplan/reconcile.h for the classes). Pure: reads the plan, its result
 * and the observations; writes only *out.
 *
 * Where an engine measured an input (vLLM's KV budget, SGLang's and
 * TensorRT-LLM's token pools) the figures that follow from it are
 * recomputed from the observed input, so the arithmetic is tested even
 * though the card's free memory is not known to kvplan:
 *   vLLM   blocks = floor(budget / page_bytes), as a range over the
 *          budget's print rounding; tokens = blocks x block_size;
 *          concurrency = blocks / ceil(max_model_len / block_size);
 *          KV for one request = ceil(max_model_len / block_size) x page
 *   SGLang K (V) bytes = tokens x K (V) bytes per token on one TP rank
 *   TRT    KV bytes = tokens x (K + V) bytes per token on one TP rank
 * A TP rank holds max(1, Hkv / tp) heads of each attention layer; an MLA
 * latent is replicated on every rank.
 */
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/reconcile.h"
#include "core/reconcile/rec_priv.h"
#include "core/reconcile/reconcile_why.h"

static void count_compared(struct kvp_reconcile *out)
{
	uint32_t i;

	out->n_compared = out->n_arithmetic = 0;
	for (i = 0; i < out->n_rows; i++)
		if (out->rows[i].has_computed && out->rows[i].has_observed) {
			out->n_compared++;
			if (out->rows[i].cls == KVP_REC_ARITHMETIC)
				out->n_arithmetic++;
		}
}

/* What every row shares: the engine's block size, page and
 * max_model_len (from the result, else the plan) and the observed
 * inputs the rules recompute from. */
static enum kvp_status rec_setup(struct rec_ctx *c, const struct kvp_plan *plan,
                                 const struct kvp_result *res,
                                 enum kvp_engine_kind engine,
                                 const struct kvp_observation *obs, size_t n,
                                 const struct kvp_rec_opts *ro,
                                 struct kvp_error *err)
{
	enum kvp_status st;

	memset(c, 0, sizeof *c);
	c->plan = plan;
	c->res = res;
	c->obs = obs;
	c->n = n;
	c->engine = engine;
	c->ro = ro;
	c->tp = ro->tp ? ro->tp : 1;
	c->llama = engine == KVP_ENGINE_LLAMACPP;
	c->vllm = engine == KVP_ENGINE_VLLM;
	c->own = res && !ro->no_budget;
	c->max_model_len = ro->max_model_len;
	if (res) {
		c->bsize = res->engine.block_size;
		c->page = res->engine.stage_page_bytes ? res->engine.stage_page_bytes
		                                       : res->engine.page_bytes;
		if (!c->max_model_len)
			c->max_model_len = res->engine.max_model_len;
		kvp_rec_scope_sum(res, KVP_SCOPE_SWA, 3, &c->n_swa_layers);
	} else if (!c->max_model_len && engine == KVP_ENGINE_VLLM) {
		c->max_model_len = plan->engine.vllm.max_model_len;
	}
	if (!c->bsize && engine == KVP_ENGINE_VLLM)
		c->bsize = plan->engine.vllm.block_size;
	if (!c->bsize && engine == KVP_ENGINE_TRTLLM)
		c->bsize = plan->engine.trtllm.tokens_per_block;
	c->o_budget = kvp_rec_obs_find(obs, n, engine, KVP_OBS_KV_BUDGET);
	c->o_blocks = kvp_rec_obs_find(obs, n, engine, KVP_OBS_BLOCKS);
	c->o_tokens = kvp_rec_obs_find(obs, n, engine, KVP_OBS_TOKENS);
	if (res && !c->page && c->bsize && engine == KVP_ENGINE_VLLM) {
		uint64_t pt;

		if ((st = kvp_rec_per_token_rank(plan, res, c->tp, KVP_SCOPE_ALL, 3,
		                                 &pt, err)) != KVP_OK)
			return st;
		if (!kvp_mul(pt, c->bsize, &c->page))
			return kvp_rec_overflow(err, "page bytes");
	}
	return KVP_OK;
}

/* kvplan's side of row r for observation o, by the rule of its kind
 * (rec_bytes.c, rec_counts.c); without one the row stays untested. */
static enum kvp_status rec_rule(const struct rec_ctx *c,
                                const struct kvp_observation *o,
                                struct kvp_rec_row *r, struct kvp_error *err)
{
	const struct kvp_rec_rule_row *rules = kvp_obs_is_bytes(o->kind) ?
	                                       kvp_rec_byte_rules :
	                                       kvp_rec_count_rules;
	const struct kvp_rec_rule_row *row = (unsigned)o->kind <
	                                     KVP_OBS_KIND_COUNT ?
	                                     &rules[o->kind] : NULL;

	if (!row || !row->rule) {
		r->cls = KVP_REC_UNTESTED;   /* no rule for this figure */
		return KVP_OK;
	}
	if (row->cls != KVP_REC_ARITHMETIC)
		r->cls = row->cls;
	if (((row->need & KVP_REC_NEED_MODEL) && !c->res) ||
	    ((row->need & KVP_REC_NEED_LLAMA) && !c->llama) ||
	    ((row->need & KVP_REC_NEED_VLLM) && !c->vllm))
		return KVP_OK;   /* nothing to compute it from */
	return row->rule(c, o, r, err);
}

/* The KV cache lines the log printed, added up (llama.cpp's caches). */
struct kv_seen {
	uint64_t sum, tol;
	unsigned n;
};

/* One row per observation of the engine, kvplan's side by its rule. */
static enum kvp_status rec_rows(const struct rec_ctx *c,
                                struct kvp_reconcile *out, struct kv_seen *kv,
                                struct kvp_error *err)
{
	enum kvp_status st;
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct kvp_observation *o = &c->obs[i];
		struct kvp_rec_row *r;
		char label[96];

		if (o->engine != c->engine)
			continue;
		kvp_rec_row_label(o, label, sizeof label);
		r = kvp_rec_row_new(out, label, KVP_REC_ARITHMETIC,
		                    kvp_obs_is_bytes(o->kind));
		if (!r)
			continue;
		kvp_rec_observed(r, o->value, o->tolerance, o->line);
		if (o->kind == KVP_OBS_KV_BYTES &&
		    (o->scope != KVP_SCOPE_SWA || c->engine == KVP_ENGINE_LLAMACPP)) {
			kv->sum += o->value;
			kv->tol += o->tolerance;
			kv->n++;
		}
		st = rec_rule(c, o, r, err);
		if (st != KVP_OK)
			return st;
		kvp_rec_settle(r, out);
		kvp_rec_mark_prediction(r, o->kind, out);
	}
	return KVP_OK;
}

enum kvp_status kvp_reconcile_with(const struct kvp_plan *plan,
                                   const struct kvp_result *res,
                                   enum kvp_engine_kind engine,
                                   const struct kvp_observation *obs,
                                   size_t n, const struct kvp_rec_opts *ro,
                                   struct kvp_reconcile *out,
                                   struct kvp_error *err)
{
	struct rec_ctx c;
	struct kv_seen kv = { 0, 0, 0 };
	enum kvp_status st;

	memset(out, 0, sizeof *out);
	if (ro->no_model)
		res = NULL;
	st = rec_setup(&c, plan, res, engine, obs, n, ro, err);
	if (st == KVP_OK)
		st = rec_rows(&c, out, &kv, err);
	if (st != KVP_OK)
		return st;
	if (engine == KVP_ENGINE_VLLM && c.o_budget)
		kvp_rec_vllm_v0_profile(obs, n, c.o_budget, out);
	if (engine == KVP_ENGINE_LLAMACPP) {
		kvp_rec_llama_k_plus_v(obs, n, out);
		if ((st = kvp_rec_llama_totals(res, obs, n, kv.sum, kv.tol, kv.n,
		                               out, err)) != KVP_OK)
			return st;
	}
	/* nothing in the log about the cache's size: say so */
	if (!kv.n && !kvp_rec_obs_find(obs, n, engine, KVP_OBS_K_BYTES)) {
		struct kvp_rec_row *r = kvp_rec_row_new(out,
			"KV cache (not in the log)", KVP_REC_UNTESTED, true);

		if (r && res && !ro->no_budget)
			kvp_rec_computed(r, res->kv.bytes, "not stated in the log");
	}
	count_compared(out);
	if (out->n_plan_error && res)
		kvp_rec_explain(plan, res, obs, n, engine, out);
	return KVP_OK;
}

enum kvp_status kvp_reconcile(const struct kvp_plan *plan,
                              const struct kvp_result *res,
                              enum kvp_engine_kind engine,
                              const struct kvp_observation *obs, size_t n,
                              uint32_t tp, uint64_t max_model_len,
                              struct kvp_reconcile *out,
                              struct kvp_error *err)
{
	struct kvp_rec_opts ro;

	memset(&ro, 0, sizeof ro);
	ro.tp = tp;
	ro.max_model_len = max_model_len;
	return kvp_reconcile_with(plan, res, engine, obs, n, &ro, out, err);
}
