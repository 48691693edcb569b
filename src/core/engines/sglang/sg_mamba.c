/*
 * sg_mamba.c - SGLang's Mamba pool (MambaPool in HybridReqToTokenPool,
 * beside HybridLinearKVPool's attention layers), from 0.5.4
 * (kvplan/era.h KVP_ERA_SGLANG_MAMBA_POOL); its ratio's default is a row
 * of sg_rules.c.
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/sglang/sg_mamba.h"
#include "core/engines/sglang/sg_rules.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

/*
 * SGLang's Mamba pool (mem_cache/memory_pool.py MambaPool, held by
 * HybridReqToTokenPool beside HybridLinearKVPool's attention layers;
 * configs/mamba_utils.py BaseLinearStateParams.mamba_cache_per_req): one
 * slot holds every recurrent layer's conv state (bfloat16,
 * SGLANG_MAMBA_CONV_DTYPE's default) and SSM state (--mamba-ssm-dtype,
 * float32); the pool has max_mamba_cache_size + 1 slots (slot 0 pads).
 */

static enum kvp_dtype sg_ssm_dtype(int d)
{
	switch (d) {
	case KVP_MAMBA_F16:  return KVP_DT_F16;
	case KVP_MAMBA_BF16: return KVP_DT_BF16;
	default:             return KVP_DT_F32;
	}
}

/* The recurrent layers' state per slot; m->layers 0 when there are none.
 * Refused: a release before the pool (kvplan/era.h SGLANG_MAMBA_POOL),
 * tensor parallelism but for Kimi Linear (mamba_utils.py shards the
 * Mamba2/GDN conv state by groups and replicates groups when n_groups %
 * tp != 0, extra_groups_for_head_shards: kvplan keeps only the state's
 * total values), a state without its conv
 * and SSM components, and a model that also has SGLang's SWA pool. */
enum kvp_status sg_mamba_state(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                               bool swa_on, uint32_t tp, struct sg_mamba *m,
                               struct kvp_error *err)
{
	const struct kvp_recurrent *r = &p->model.recur;
	struct kvp_format cf = kvp_format_plain(KVP_DT_BF16);
	struct kvp_format sf = kvp_format_plain(sg_ssm_dtype(p->engine.sglang.mamba_ssm_dtype));
	uint32_t i, first = 0;
	enum kvp_status st;
	bool kda;

	memset(m, 0, sizeof *m);
	if ((unsigned)p->engine.sglang.mamba_ssm_dtype >= KVP_MAMBA_DTYPE_COUNT)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.sglang.mamba_ssm_dtype: %d - auto, float32, float16 or "
			"bfloat16", p->engine.sglang.mamba_ssm_dtype);
	for (i = 0; i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_NONE && ls[i].state_bytes && !m->layers++)
			first = i;
	if (!m->layers)
		return KVP_OK;
	if (!kvp_era_has(&p->engine, KVP_ERA_SGLANG_MAMBA_POOL))
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.version: %s - kvplan sizes SGLang's Mamba pool (model."
			"layers[%u] is recurrent) from 0.5.4 on", p->engine.version, first);
	/* Kimi Linear's KDA state (KimiLinearStateShape) splits its heads
	 * evenly with divide() (SGLang refuses a tp that does not divide
	 * them): a rank holds conv_values / tp and ssm_values / tp. */
	kda = !strcmp(p->model.model_type, "kimi_linear");
	if (tp > 1 && (!kda || r->conv_values % tp || r->ssm_values % tp))
		return kvp_error_set(err, KVP_EREFUSED,
			"devices.tp: %u - SGLang shards a recurrent layer's conv state "
			"by groups, replicating groups that do not divide tp "
			"(mamba_utils.py extra_groups_for_head_shards); kvplan keeps "
			"only the state's total values: model.layers[%u] under tp 1 "
			"only (Kimi Linear's KDA state: when tp divides it)", tp, first);
	if (!r->conv_values || !r->ssm_values)
		return kvp_error_set(err, KVP_EREFUSED,
			"model.recur.%s: 0 - SGLang keeps a recurrent layer's conv "
			"(bfloat16) and SSM (float32) states apart; model.layers[%u] "
			"has %llu B of state without both (a short convolution, or "
			"a linear-attention state such as MiniMax-01's lightning "
			"layers: not modelled for SGLang)", !r->conv_values ?
			"conv_values" : "ssm_values", first,
			(unsigned long long)ls[first].state_bytes);
	if (swa_on)
		return kvp_error_set(err, KVP_EREFUSED,
			"model.layers[%u]: recurrent beside SGLang's SWA pool - the "
			"Mamba + SWA stack is not modelled", first);
	if ((st = kvp_format_row_bytes(&cf, r->conv_values / tp, &m->conv,
	                               "model.recur.conv_values", err)) ||
	    (st = kvp_format_row_bytes(&sf, r->ssm_values / tp, &m->ssm,
	                               "model.recur.ssm_values", err)))
		return st;
	if (!kvp_add(m->conv, m->ssm, &m->per_req) ||
	    !kvp_mul(m->per_req, m->layers, &m->per_req))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"model.recur.ssm_values: %llu - the state overflows",
			(unsigned long long)r->ssm_values);
	return KVP_OK;
}

/*
 * handle_max_mamba_cache (sglang@001ccef0 model_runner_kv_cache_mixin.py),
 * no speculative decoding: --max-mamba-cache-size when given, else
 *   raw  = rest x ratio / (1 + ratio)            (GiB, a float)
 *   size = (raw x 2^30) // mamba_cache_per_req   (float floor division)
 * and the attention pool's budget is rest - size x per_req / 2^30 GiB,
 * the tokens int(that x 2^30) // cell. rest = the budget in bytes / 2^30
 * (the profile's "rest_memory"). *budget is updated in bytes.
 */
enum kvp_status sg_mamba_size(const struct kvp_plan *p, struct sg_mamba *m,
                              bool profiled, uint64_t *budget, struct kvp_error *err)
{
	const struct kvp_sglang_opts *o = &p->engine.sglang;
	double r = (double)(o->mamba_full_memory_ratio ? o->mamba_full_memory_ratio :
	                    sg_defaults()->mamba_full_memory_ratio) / 1e6, rest, raw, left;
	uint64_t slots;

	if (o->max_mamba_cache_size) {
		m->size = o->max_mamba_cache_size;
	} else if (!profiled) {
		return kvp_error_set(err, KVP_EINVAL,
			"engine.sglang.max_mamba_cache_size: 0 - sized from the budget "
			"by mamba_full_memory_ratio, but the plan has no devices; give "
			"the slots");
	} else {
		rest = (double)*budget / 1073741824.0;
		raw = rest * r / (1.0 + r);
		m->size = (uint64_t)eng_py_floordiv(raw * 1073741824.0, (double)m->per_req);
	}
	if (m->size == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"SGLang: no Mamba cache slot fits (%llu B a slot); give "
			"engine.sglang.max_mamba_cache_size or a larger budget",
			(unsigned long long)m->per_req);
	if (!profiled)
		return KVP_OK;
	rest = (double)*budget / 1073741824.0;
	if (!kvp_mul(m->size, m->per_req, &slots) || slots > *budget ||
	    (left = rest - (double)slots / 1073741824.0) <= 0.0)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.sglang.max_mamba_cache_size: %llu - %llu slots of %llu "
			"B leave no memory for the KV pool", (unsigned long long)m->size,
			(unsigned long long)m->size, (unsigned long long)m->per_req);
	*budget = (uint64_t)(left * 1073741824.0);
	return KVP_OK;
}

/* The recurrent layers' results: size + 1 slots of state each. */
enum kvp_status sg_mamba_layers(const struct kvp_layer_spec *ls, const struct sg_mamba *m,
                                uint32_t n, struct kvp_result *res)
{
	uint32_t i;
	uint64_t conv, ssm;
	char x[32], y[32];

	for (i = 0; i < n; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);

		if (ls[i].kind != KVP_LAYER_NONE || !ls[i].state_bytes)
			continue;
		lr->on_device = true;
		lr->spec = ls[i];
		lr->spec.state_bytes = m->conv + m->ssm;
		if (!kvp_add(m->size, 1, &lr->slots) ||
		    !kvp_mul(lr->slots, m->conv, &lr->conv_bytes) ||
		    !kvp_mul(lr->slots, m->ssm, &lr->ssm_bytes) ||
		    !kvp_add(lr->conv_bytes, lr->ssm_bytes, &lr->bytes))
			return eng_overflow(res, "engine.sglang.max_mamba_cache_size");
	}
	/* the line's totals: (size + 1) slots x a layer's state x layers */
	if (!kvp_add(m->size, 1, &conv) || !kvp_mul(conv, m->layers, &conv) ||
	    !kvp_mul(conv, m->ssm, &ssm) || !kvp_mul(conv, m->conv, &conv))
		return eng_overflow(res, "engine.sglang.max_mamba_cache_size");
	eng_line(res, "Mamba Cache is allocated. max_mamba_cache_size: %llu, "
	         "conv_state size: %sGB, ssm_state size: %sGB",
	         (unsigned long long)m->size, eng_fixed2(conv, KVP_GIB, x, sizeof x),
	         eng_fixed2(ssm, KVP_GIB, y, sizeof y));
	return KVP_OK;
}
