/*
 * sg_lines.c - which lines SGLang prints for its pools: one row per kind
 * of pool, each with its wording's source. The log's "GB" are GiB
 * (memory_pool.py: size / GB, GB = 1 << 30).
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/sglang/sg_lines.h"
#include "core/engines/sglang/sg_rules.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"

enum sg_pool_kind { SG_POOL_MHA, SG_POOL_MLA, SG_POOL_SWA };

/* A fraction in ppm as SGLang states it: at least two decimals, more
 * where it has them (0.88, 0.836, 0.8765). */
static const char *sg_frac(uint32_t ppm, char *buf, size_t n)
{
	uint32_t d = ppm % 1000000, digits = 6;

	while (digits > 2 && d % 10 == 0) {
		d /= 10;
		digits--;
	}
	snprintf(buf, n, "%u.%0*u", ppm / 1000000, (int)digits, d);
	return buf;
}

/* "KV Cache is allocated" for one MHATokenToKVPool of `tokens` (+ one
 * page of slots) over the layers on side `swa` of the split; K and V
 * bytes checked (refused naming kv.k_bytes / kv.v_bytes). */
static enum kvp_status sg_pool_line(struct kvp_result *res,
                                    const struct kvp_layer_spec *ls, uint32_t n,
                                    bool swa, uint64_t tokens, uint64_t page)
{
	uint64_t kb = 0, vb = 0, slots;
	uint32_t i;
	char x[32], y[32];

	if (!kvp_add(tokens, page, &slots))
		return eng_overflow(res, "engine.sglang.max_total_tokens");
	for (i = 0; i < n; i++)
		if (kvp_kind_windowed(ls[i].kind) == swa) {
			if (!kvp_muladd(&kb, slots, kvp_layer_rec(res, i)->k_row_bytes))
				return eng_overflow(res, "kv.k_bytes");
			if (!kvp_muladd(&vb, slots, kvp_layer_rec(res, i)->v_row_bytes))
				return eng_overflow(res, "kv.v_bytes");
		}
	eng_line(res, "KV Cache is allocated. #tokens: %llu, K size: %s GB, V size: %s GB",
	         (unsigned long long)tokens, eng_fixed2(kb, KVP_GIB, x, sizeof x),
	         eng_fixed2(vb, KVP_GIB, y, sizeof y));
	return KVP_OK;
}

/* MHATokenToKVPool (memory_pool.py _finalize_allocation_log): K and V. */
static enum kvp_status sg_line_mha(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                                   const struct sg_run *r, struct kvp_result *res)
{
	char x[32], y[32];

	(void)p;
	(void)ls;
	eng_line(res, "KV Cache is allocated. #tokens: %llu, K size: %s GB, V size: %s GB",
	         (unsigned long long)r->tokens,
	         eng_fixed2(res->kv.k_bytes / r->tp, KVP_GIB, x, sizeof x),
	         eng_fixed2(res->kv.v_bytes / r->tp, KVP_GIB, y, sizeof y));
	return KVP_OK;
}

/* MLATokenToKVPool / NSATokenToKVPool: one "KV size", the whole cache of
 * a rank (latents, and a DSA model's indexer keys). */
static enum kvp_status sg_line_mla(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                                   const struct sg_run *r, struct kvp_result *res)
{
	char x[32];

	(void)p;
	(void)ls;
	eng_line(res, "KV Cache is allocated. #tokens: %llu, KV size: %s GB",
	         (unsigned long long)r->tokens,
	         eng_fixed2(res->kv.k_bytes / r->tp + res->kv.v_bytes / r->tp, KVP_GIB,
	                    x, sizeof x));
	return KVP_OK;
}

/* SWAKVPool (swa_memory_pool.py, model_runner_kv_cache_mixin.py): the
 * split, each side's pool, the total. */
static enum kvp_status sg_line_swa(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                                   const struct sg_run *r, struct kvp_result *res)
{
	enum kvp_status st;
	char x[32];

	eng_line(res, "Use sliding window memory pool. full_layer_tokens=%llu, "
	         "swa_layer_tokens=%llu", (unsigned long long)r->sw.full,
	         (unsigned long long)r->sw.swa);
	if ((st = sg_pool_line(res, ls, p->model.n_layers, true, r->sw.swa, r->page)) ||
	    (st = sg_pool_line(res, ls, p->model.n_layers, false, r->sw.full, r->page)))
		return st;
	eng_line(res, "SWAKVPool mem usage: %s GB, swa size: %llu, full size: %llu",
	         eng_fixed2(res->kv.k_bytes / r->tp + res->kv.v_bytes / r->tp, KVP_GIB,
	                    x, sizeof x),
	         (unsigned long long)r->sw.swa, (unsigned long long)r->sw.full);
	return KVP_OK;
}

/* Which lines a kind of pool prints (sglang@001ccef0). */
static const struct sg_line_row {
	enum sg_pool_kind kind;
	enum kvp_status (*print)(const struct kvp_plan *, const struct kvp_layer_spec *,
	                         const struct sg_run *, struct kvp_result *);
	const char *source;
} line_rows[] = {
	{ SG_POOL_MHA, sg_line_mha, "mem_cache/memory_pool.py MHATokenToKVPool: "
	  "'KV Cache is allocated. #tokens: N, K size: X GB, V size: Y GB'" },
	{ SG_POOL_MLA, sg_line_mla, "mem_cache/memory_pool.py MLATokenToKVPool, "
	  "NSATokenToKVPool: 'KV Cache is allocated. #tokens: N, KV size: X GB'" },
	{ SG_POOL_SWA, sg_line_swa, "model_runner_kv_cache_mixin.py 'Use sliding "
	  "window memory pool', swa_memory_pool.py 'SWAKVPool mem usage'" },
};

enum kvp_status sg_lines(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                         const struct sg_run *r, struct kvp_result *res)
{
	enum sg_pool_kind k = r->sw.on ? SG_POOL_SWA : r->c.mla ? SG_POOL_MLA : SG_POOL_MHA;
	enum kvp_status st;
	size_t i;

	for (i = 0; i < sizeof line_rows / sizeof line_rows[0]; i++)
		if (line_rows[i].kind == k && (st = line_rows[i].print(p, ls, r, res)))
			return st;
	/* model_runner.py init_memory_pool's scheduler line */
	eng_line(res, "max_total_num_tokens=%llu, max_running_requests=%llu, context_len=%llu",
	         (unsigned long long)r->tokens, (unsigned long long)r->max_reqs + 1,
	         (unsigned long long)r->ctx);
	return KVP_OK;
}

static void sg_note_swa(const struct kvp_plan *p, const struct sg_run *r,
                        uint64_t total, struct kvp_result *res)
{
	uint32_t q = p->engine.sglang.swa_full_tokens_ratio ?
	             p->engine.sglang.swa_full_tokens_ratio :
	             sg_defaults()->swa_full_tokens_ratio;
	char t[40], u[40], f[16];

	snprintf(res->engine.note, sizeof res->engine.note,
	         "SGLang sizes a full pool of %s and a sliding pool of %s "
	         "tokens (SWAKVPool, ratio %u.%02u) from mem_fraction_static "
	         "%s; %llu of %llu requests fit in the smaller%s",
	         eng_commas(r->sw.full, t, sizeof t), eng_commas(r->sw.swa, u, sizeof u),
	         q / 1000000, (q % 1000000) / 10000, sg_frac(r->frac, f, sizeof f),
	         (unsigned long long)res->engine.workload_fit,
	         (unsigned long long)total, strcmp(p->model.model_type, "gpt_oss") ?
	         "" : "; off under trtllm_mha: then set disable_hybrid_swa_memory");
}

void sg_note(const struct kvp_plan *p, const struct sg_run *r, uint64_t total,
             struct kvp_result *res)
{
	struct kvp_engine_result *e = &res->engine;
	char t[40], x[32], f[16];

	if (r->sw.on)
		sg_note_swa(p, r, total, res);
	else if (r->mb.layers)
		snprintf(e->note, sizeof e->note,
		         "SGLang sizes %llu Mamba slots (3 a running request) and a pool "
		         "of %s tokens from mem_fraction_static %s; %llu of %llu "
		         "requests fit at once; req_to_token table %s GiB beside it",
		         (unsigned long long)r->mb.size, eng_commas(e->tokens, t, sizeof t),
		         sg_frac(r->frac, f, sizeof f),
		         (unsigned long long)e->workload_fit, (unsigned long long)total,
		         eng_fixed2(r->table, KVP_GIB, x, sizeof x));
	else
		snprintf(e->note, sizeof e->note,
		         "SGLang sizes one pool of %s tokens from mem_fraction_static "
		         "%s; %llu of the workload's %llu requests fit at once; "
		         "req_to_token table %s GiB beside it",
		         eng_commas(e->tokens, t, sizeof t), sg_frac(r->frac, f, sizeof f),
		         (unsigned long long)e->workload_fit,
		         (unsigned long long)total, eng_fixed2(r->table, KVP_GIB, x, sizeof x));
	if (r->vlm) {
		size_t n = strlen(e->note);

		snprintf(e->note + n, sizeof e->note - n, "; the fraction is SGLang's "
		         "default x 0.76, the least adjust_mem_fraction_for_vlm gives a "
		         "model with a vision tower: give the one its log prints");
	}
}
