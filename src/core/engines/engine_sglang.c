/*
 * engine_sglang.c - the token pool SGLang allocates
 * (python/sglang/srt/model_executor/model_runner.py, mem_cache/memory_pool.py):
 *
 *   cell size per token per rank = sum over attention layers of
 *     Hkv_rank x (Dk + Dv) x b, Hkv_rank = max(1, Hkv // tp);
 *     MLA: (kv_lora_rank + rope) x b per layer
 *   rest = free after weights - total x (1 - mem_fraction_static)
 *        = capacity x mem_fraction_static - weights / tp - overheads
 *   tokens = rest // cell size, rounded down to page_size, capped by
 *     max_total_tokens
 *   the pool holds tokens + page_size slots (slot 0 pads); the log's "GB"
 *     are GiB: "KV Cache is allocated. #tokens: N, K size: X GB, V size: Y GB"
 *   req_to_token table beside the pool: (max_running_requests + 1) x
 *     (context_len + 4) x 4 bytes, max_running_requests by default
 *     min(max(tokens / context_len x 512, 2048), 4096)
 *   mem_fraction_static 0 = SGLang's default by tp: 0.88 (1), 0.87 (2),
 *     0.85 (4), 0.81 (8), 0.79 (16) (server_args.py before the
 *     memory-reserve rework).
 * DSA (NSA) models (model.indexer, DeepSeek-V3.2), from 0.5.3
 *   (kvplan/era.h): NSATokenToKVPool keeps beside each MLA layer's latent
 *   the indexer's keys, index_head_dim fp8 values + one f32 scale per 128
 *   (quant_block_size), index_head_dim + index_head_dim / 128 x 4 bytes a
 *   token (128 -> 132); with an fp8 cache the latent is stored as
 *   kv_lora_rank fp8 + kv_lora_rank / 128 x 4 bytes of scales + the rope
 *   part in bf16 (calculate_mla_kv_cache_dim: 512 + 16 + 128 = 656 B).
 *   The profile (get_cell_size_per_token) counts (kv_lora_rank + rope) x
 *   the dtype's bytes + the indexer row per layer, so the token count
 *   comes from that cell while the pool is allocated at the stored rows.
 * Sliding layers are sized as full ones (MHATokenToKVPool), except in
 * the families SGLang gives a pool of their own (sg_swa_pool, from 0.5.9,
 * kvplan/era.h): SWAKVPool's full and sliding pools, split from the
 * profiled tokens by swa_full_tokens_ratio (sg_swa_split); models with
 * recurrent states (a separate Mamba pool) are refused before this
 * profile runs (engine_compute.c).
 * Units: bytes per rank unless said; res->kv adds up the tp ranks.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/units.h"

#define SG_QUANT_BLOCK 128u   /* NSATokenToKVPool.quant_block_size */

/*
 * A DSA model's MLA layer (python/sglang/srt/mem_cache/memory_pool.py
 * NSATokenToKVPool, model_runner_kv_cache_mixin.py
 * calculate_mla_kv_cache_dim and get_cell_size_per_token): *stored gets
 * the bytes the pool holds per token (latent as stored + indexer keys),
 * *profile the bytes the token count is sized by, *idx the indexer's.
 */
static enum kvp_status sg_nsa(const struct kvp_plan *p, const struct kvp_format *f,
                              uint64_t latent, uint64_t *stored, uint64_t *profile,
                              uint64_t *idx, struct kvp_error *err)
{
	const struct kvp_mla *m = &p->model.mla;
	uint64_t hd = p->model.indexer.head_dim;

	if (!kvp_era_has(&p->engine, KVP_ERA_SGLANG_NSA))
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.version: %s - SGLang sizes DSA models "
			"(model.indexer.head_dim %llu) from 0.5.3 on", p->engine.version,
			(unsigned long long)hd);
	if (hd % SG_QUANT_BLOCK)
		return kvp_error_set(err, KVP_EINVAL,
			"model.indexer.head_dim: %llu - SGLang's indexer keys take a "
			"scale per %u values", (unsigned long long)hd, SG_QUANT_BLOCK);
	/* hd < 2^32: hd + hd / 128 x 4 fits; the sums below are checked */
	*idx = hd + hd / SG_QUANT_BLOCK * 4;
	if (!kvp_add(latent, *idx, profile))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"model.indexer.head_dim: %llu - the profile's row does not fit "
			"in 64 bits", (unsigned long long)hd);
	*stored = latent;
	if (f->dtype == KVP_DT_FP8) {
		if (m->kv_lora_rank % SG_QUANT_BLOCK)
			return kvp_error_set(err, KVP_EINVAL,
				"model.mla.kv_lora_rank: %u - SGLang's fp8 DSA latent takes "
				"a scale per %u values", m->kv_lora_rank, SG_QUANT_BLOCK);
		/* 32-bit dims in 64 bits: kv_lora_rank x 1.03 + rope x 2 fits */
		*stored = (uint64_t)m->kv_lora_rank + m->kv_lora_rank / SG_QUANT_BLOCK * 4 +
		          (uint64_t)m->qk_rope_head_dim * 2;
	}
	if (!kvp_add(*stored, *idx, stored))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"model.indexer.head_dim: %llu - the stored row does not fit in "
			"64 bits", (unsigned long long)hd);
	return KVP_OK;
}

static uint32_t sg_default_fraction(uint32_t tp)
{
	if (tp >= 16)
		return 790000;
	if (tp >= 8)
		return 810000;
	if (tp >= 4)
		return 850000;
	if (tp >= 2)
		return 870000;
	return 880000;
}

/*
 * Families SGLang serves with its hybrid sliding-window pool (SWAKVPool):
 * model_config.py is_hybrid_swa_model's architectures
 * (Llama4ForConditionalGeneration, GptOssForCausalLM,
 * MiMoV2FlashForCausalLM, Step3p5ForCausalLM,
 * Gemma4ForCausalLM/ForConditionalGeneration; sglang main, 2026), here by
 * the model_type their configs carry; MiMoV2ForCausalLM, the architecture
 * of model_type mimo_v2 (MiMo-V2.5), is in that set too (*MIMO_V2_MODEL_
 * ARCHS: MiMoV2ForCausalLM and MiMoV2FlashForCausalLM). Other families
 * keep one pool with their sliding layers full size (PR #39309 asks to
 * add one more).
 */
static const char *const sg_hybrid_swa[] = {
	"llama4", "llama4_text", "gpt_oss", "mimo_v2_flash", "mimo_v2", "step3p5",
	"gemma4", "gemma4_text",
};

/* The two pools of SWAKVPool: n layers of `row` bytes a token each (per
 * rank), `tokens` of them (swa_memory_pool.py: swa_kv_pool of size_swa,
 * full_kv_pool of size). */
struct sg_swa {
	bool on;
	uint32_t nf, ns;          /* full and sliding layers */
	uint64_t f, s;            /* one layer's bytes a token: full, sliding */
	uint64_t full, swa;       /* tokens of the full and the sliding pool */
};

/*
 * Whether SGLang splits this plan's layers into SWAKVPool's two pools,
 * and each side's bytes a token (res->layers[] rows, set before). SGLang
 * takes one shape per side (get_num_kv_heads / head_dim + v_head_dim for
 * the full layers, get_swa_num_kv_heads / swa_head_dim + swa_v_head_dim
 * for the sliding ones): a side whose layers differ is refused, as is a
 * model whose layers all slide (set_num_tokens_hybrid_swa's "all SWA"
 * branch, not modelled).
 */
static enum kvp_status sg_swa_pool(const struct kvp_plan *p,
                                   const struct kvp_layer_spec *ls,
                                   const struct kvp_result *res,
                                   struct sg_swa *w, struct kvp_error *err)
{
	uint32_t i;
	size_t k;
	bool has;
	enum kvp_status st;

	memset(w, 0, sizeof *w);
	for (k = 0; k < sizeof sg_hybrid_swa / sizeof sg_hybrid_swa[0]; k++)
		if (!strcmp(p->model.model_type, sg_hybrid_swa[k]))
			break;
	if (k == sizeof sg_hybrid_swa / sizeof sg_hybrid_swa[0] ||
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
	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_result *lr = &res->layers[i];
		uint64_t *row = kvp_kind_windowed(ls[i].kind) ? &w->s : &w->f;
		uint32_t *n = kvp_kind_windowed(ls[i].kind) ? &w->ns : &w->nf;

		if (ls[i].kind == KVP_LAYER_MLA || lr->index_row_bytes)
			return kvp_error_set(err, KVP_EREFUSED,
				"model.layers[%u].kind: mla - SGLang's SWAKVPool holds "
				"MHA layers only", i);
		if (!lr->bytes_per_position)
			continue;
		if (*n && *row != lr->bytes_per_position)
			return kvp_error_set(err, KVP_EREFUSED,
				"model.layers[%u]: %llu B a token per rank - SGLang's "
				"SWAKVPool takes one shape for all %s layers (%llu B); "
				"kvplan does not size a mix", i,
				(unsigned long long)lr->bytes_per_position,
				kvp_kind_windowed(ls[i].kind) ? "sliding" : "full",
				(unsigned long long)*row);
		*row = lr->bytes_per_position;
		(*n)++;
	}
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
static enum kvp_status sg_swa_split(struct sg_swa *w, uint64_t t, uint64_t page,
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
			if (!kvp_muladd(&kb, slots, res->layers[i].k_row_bytes))
				return eng_overflow(res, "kv.k_bytes");
			if (!kvp_muladd(&vb, slots, res->layers[i].v_row_bytes))
				return eng_overflow(res, "kv.v_bytes");
		}
	eng_line(res, "KV Cache is allocated. #tokens: %llu, K size: %s GB, V size: %s GB",
	         (unsigned long long)tokens, eng_fixed2(kb, KVP_GIB, x, sizeof x),
	         eng_fixed2(vb, KVP_GIB, y, sizeof y));
	return KVP_OK;
}

/* The two pools in the result (engine.pools[]): the full layers' first,
 * then the sliding layers' (window 0: they keep the pool's tokens, not a
 * window). */
static enum kvp_status sg_swa_result(struct kvp_result *res, const struct sg_swa *w,
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

/*
 * SGLang's Mamba pool (mem_cache/memory_pool.py MambaPool, held by
 * HybridReqToTokenPool beside HybridLinearKVPool's attention layers;
 * configs/mamba_utils.py BaseLinearStateParams.mamba_cache_per_req): one
 * slot holds every recurrent layer's conv state (bfloat16,
 * SGLANG_MAMBA_CONV_DTYPE's default) and SSM state (--mamba-ssm-dtype,
 * float32); the pool has max_mamba_cache_size + 1 slots (slot 0 pads).
 */
struct sg_mamba {
	uint32_t layers;          /* recurrent layers */
	uint64_t conv, ssm;       /* one layer's bytes a slot, per rank */
	uint64_t per_req;         /* mamba_cache_per_req: all layers */
	uint64_t size;            /* max_mamba_cache_size */
};

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
static enum kvp_status sg_mamba_state(const struct kvp_plan *p,
                                      const struct kvp_layer_spec *ls,
                                      const struct sg_swa *sw, uint32_t tp,
                                      struct sg_mamba *m, struct kvp_error *err)
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
			"has %llu B of state with no components", !r->conv_values ?
			"conv_values" : "ssm_values", first,
			(unsigned long long)ls[first].state_bytes);
	if (sw->on)
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
static enum kvp_status sg_mamba_size(const struct kvp_plan *p, struct sg_mamba *m,
                                     bool profiled, uint64_t *budget,
                                     struct kvp_error *err)
{
	const struct kvp_sglang_opts *o = &p->engine.sglang;
	double r = (double)(o->mamba_full_memory_ratio ? o->mamba_full_memory_ratio :
	                    900000) / 1e6, rest, raw, left;
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
static enum kvp_status sg_mamba_layers(const struct kvp_layer_spec *ls,
                                       const struct sg_mamba *m, uint32_t n,
                                       struct kvp_result *res)
{
	uint32_t i;
	uint64_t conv, ssm;
	char x[32], y[32];

	for (i = 0; i < n; i++) {
		struct kvp_layer_result *lr = &res->layers[i];

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

/* kvplan's remark (engine.note, at most KVP_LINE_MAX): the pools, the
 * fraction they come from, how many of the workload's requests fit. */
static void sg_note(const struct kvp_plan *p, struct kvp_result *res,
                    const struct sg_swa *sw, const struct sg_mamba *mb,
                    uint32_t frac, uint64_t total, uint64_t table)
{
	struct kvp_engine_result *e = &res->engine;
	uint32_t r = p->engine.sglang.swa_full_tokens_ratio ?
	             p->engine.sglang.swa_full_tokens_ratio : 800000;
	char t[40], u[40], x[32];

	if (sw->on)
		snprintf(e->note, sizeof e->note,
		         "SGLang sizes a full pool of %s and a sliding pool of %s "
		         "tokens (SWAKVPool, ratio %u.%02u) from mem_fraction_static "
		         "%u.%02u; %llu of %llu requests fit in the smaller%s",
		         eng_commas(sw->full, t, sizeof t), eng_commas(sw->swa, u, sizeof u),
		         r / 1000000, (r % 1000000) / 10000, frac / 1000000,
		         (frac % 1000000) / 10000, (unsigned long long)e->workload_fit,
		         (unsigned long long)total, strcmp(p->model.model_type, "gpt_oss") ?
		         "" : "; off under trtllm_mha: then set disable_hybrid_swa_memory");
	else if (mb->layers)
		snprintf(e->note, sizeof e->note,
		         "SGLang sizes %llu Mamba slots (3 a running request) and a pool "
		         "of %s tokens from mem_fraction_static %u.%02u; %llu of %llu "
		         "requests fit at once; req_to_token table %s GiB beside it",
		         (unsigned long long)mb->size, eng_commas(e->tokens, t, sizeof t),
		         frac / 1000000, (frac % 1000000) / 10000,
		         (unsigned long long)e->workload_fit, (unsigned long long)total,
		         eng_fixed2(table, KVP_GIB, x, sizeof x));
	else
		snprintf(e->note, sizeof e->note,
		         "SGLang sizes one pool of %s tokens from mem_fraction_static "
		         "%u.%02u; %llu of the workload's %llu requests fit at once; "
		         "req_to_token table %s GiB beside it",
		         eng_commas(e->tokens, t, sizeof t), frac / 1000000,
		         (frac % 1000000) / 10000, (unsigned long long)e->workload_fit,
		         (unsigned long long)total, eng_fixed2(table, KVP_GIB, x, sizeof x));
}

enum kvp_status kvp_engine_sglang(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res)
{
	const struct kvp_sglang_opts *o = &p->engine.sglang;
	struct kvp_engine_result *e = &res->engine;
	struct kvp_error *err = &res->error;
	uint32_t tp = p->devices.tp ? p->devices.tp : 1, frac, i;
	uint64_t cell = 0, kcell = 0, vcell = 0, tokens, page, ctx, slots, pcell = 0;
	uint64_t max_reqs, table, kb, vb, fit_tokens, kvbudget;
	struct sg_swa sw;
	struct sg_mamba mb;
	bool mla = false;
	enum kvp_status st;
	char x[32], y[32];

	if (o->page_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.sglang.page_size: 0 - must be at least 1");
	if (o->mem_fraction_static > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.sglang.mem_fraction_static: %u.%06u - must be at most 1",
			o->mem_fraction_static / 1000000, o->mem_fraction_static % 1000000);
	page = o->page_size;
	frac = o->mem_fraction_static ? o->mem_fraction_static : sg_default_fraction(tp);
	ctx = o->context_len ? o->context_len : p->model.arch.max_positions;
	if (ctx == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.sglang.context_len: 0 - means the model's max positions, "
			"but model.arch.max_positions is unknown; give a length");

	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		struct kvp_layer_result *lr = &res->layers[i];
		struct kvp_layer_spec sp = *l;
		uint64_t kr = 0, vr = 0, heads, prow = 0;
		char what[64];

		lr->on_device = true;
		snprintf(what, sizeof what, "model.layers[%u].k_dtype (SGLang)", i);
		switch (l->kind) {
		case KVP_LAYER_FULL:
		case KVP_LAYER_SLIDING:
		case KVP_LAYER_CHUNKED:
			if (!kvp_dtype_is_element(l->k_fmt.dtype) || !kvp_dtype_is_element(l->v_fmt.dtype))
				return kvp_error_set(err, KVP_EINVAL,
					"%s: %s - SGLang stores f16, bf16, f32 or fp8", what,
					kvp_dtype_name(kvp_dtype_is_element(l->k_fmt.dtype) ? l->v_fmt.dtype :
					               l->k_fmt.dtype));
			heads = l->kv_heads / tp;
			if (heads < 1)
				heads = 1;
			sp.kv_heads = (uint32_t)heads;
			if ((st = kvp_format_row_bytes(&l->k_fmt, heads * l->k_dim, &kr, what, err)) ||
			    (st = kvp_format_row_bytes(&l->v_fmt, heads * l->v_dim, &vr, what, err)))
				return st;
			break;
		case KVP_LAYER_MLA:
			if (!kvp_dtype_is_element(l->k_fmt.dtype))
				return kvp_error_set(err, KVP_EINVAL,
					"%s: %s - SGLang stores f16, bf16, f32 or fp8", what,
					kvp_dtype_name(l->k_fmt.dtype));
			mla = true;
			sp.kv_heads = 1;
			sp.k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
			sp.v_dim = 0;
			if ((st = kvp_format_row_bytes(&l->k_fmt, sp.k_dim, &kr, what, err)))
				return st;
			if (p->model.indexer.head_dim) {
				uint64_t prof = 0, idx = 0;

				if ((st = sg_nsa(p, &l->k_fmt, kr, &kr, &prof, &idx, err)))
					return st;
				lr->index_row_bytes = idx;
				prow = prof;
			}
			break;
		default:
			break;
		}
		lr->spec = sp;
		lr->k_row_bytes = kr;
		lr->v_row_bytes = vr;
		/* the profile's cell: the stored row, but a DSA layer's latent
		 * at (kv_lora_rank + rope) x the dtype's bytes */
		if (!kvp_add(kr, vr, &lr->bytes_per_position) ||
		    !kvp_add(kcell, kr, &kcell) || !kvp_add(vcell, vr, &vcell) ||
		    !kvp_add(pcell, prow ? prow : lr->bytes_per_position, &pcell))
			return eng_overflow(res, "kv.bytes_per_position");
	}
	if (!kvp_add(kcell, vcell, &cell))
		return eng_overflow(res, "kv.bytes_per_position");
	if (cell == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"model.layers: no attention layer - SGLang's token pool is empty");
	if ((st = sg_swa_pool(p, ls, res, &sw, err)) != KVP_OK ||
	    (st = sg_mamba_state(p, ls, &sw, tp, &mb, err)) != KVP_OK)
		return st;

	if (p->devices.n_groups < 1 && o->max_total_tokens) {
		tokens = o->max_total_tokens;
		if (mb.layers && (st = sg_mamba_size(p, &mb, false, NULL, err)))
			return st;
	} else {
		uint64_t cap, want, over, w;

		st = eng_capacity(p, "engine.sglang.mem_fraction_static", &cap, err);
		if (st != KVP_OK)
			return st;
		st = eng_overheads(p, &over, err);
		if (st != KVP_OK)
			return st;
		w = eng_weights_rank(res, tp, 1);
		want = kvp_apply_ppm(cap, frac);
		if (!kvp_add(w, over, &w))
			return eng_overflow(res, "devices.overheads");
		if (w >= want)
			return kvp_error_set(err, KVP_EREFUSED,
				"SGLang: Not enough memory. Please try to increase "
				"--mem-fraction-static. (weights + overheads %s GiB >= "
				"%s GiB static)", eng_fixed2(w, KVP_GIB, x, sizeof x),
				eng_fixed2(want, KVP_GIB, y, sizeof y));
		e->budget_bytes = want - w;
		kvbudget = e->budget_bytes;
		if (mb.layers && (st = sg_mamba_size(p, &mb, true, &kvbudget, err)))
			return st;
		tokens = kvbudget / pcell;
	}
	/* init_memory_pool: requests from the profiled tokens, then the
	 * max_total_tokens cap, then whole pages */
	if (o->max_running_requests) {
		max_reqs = o->max_running_requests;
	} else {
		/* clamped in 128 bits: the quotient may not fit in 64 */
		unsigned __int128 q = (unsigned __int128)tokens * 512 / ctx;

		max_reqs = q < 2048 ? 2048 : q > 4096 ? 4096 : (uint64_t)q;
	}
	/* each running request keeps 3 Mamba slots (radix cache, no extra
	 * buffer: MAMBA_CACHE_SIZE_MAX_RUNNING_REQUESTS_RATIO) */
	if (mb.layers && mb.size / 3 < max_reqs)
		max_reqs = mb.size / 3;
	if (max_reqs == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.sglang.max_mamba_cache_size: %llu - fewer than the 3 "
			"Mamba slots one running request takes",
			(unsigned long long)mb.size);
	if (o->max_total_tokens && o->max_total_tokens < tokens)
		tokens = o->max_total_tokens;
	tokens = tokens / page * page;
	fit_tokens = tokens;
	if (sw.on) {
		st = sg_swa_split(&sw, tokens, page, o->swa_full_tokens_ratio ?
		                  o->swa_full_tokens_ratio : 800000, res);
		if (st != KVP_OK)
			return st;
		tokens = sw.full;
		/* SWATokenToKVPoolAllocator.size = min(size_full, size_swa) */
		fit_tokens = sw.swa < sw.full ? sw.swa : sw.full;
	}
	if (tokens == 0 || fit_tokens == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"SGLang: Not enough memory. Please try to increase --mem-fraction-static.");
	/* max_reqs <= 2^32 - 1 (a uint32_t option or at most 4,096): + 1 fits */
	if (!kvp_add(ctx, 4, &table) || !kvp_mul(max_reqs + 1, table, &table) ||
	    !kvp_mul(table, 4, &table))
		return eng_overflow(res, "engine.sglang.context_len");

	/* The pool: tokens + page_size slots per layer, per rank (a
	 * sliding layer of SWAKVPool: its pool's tokens + page_size). */
	if (!kvp_add(tokens, page, &slots))
		return eng_overflow(res, "engine.sglang.max_total_tokens");
	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = &res->layers[i];
		uint64_t n = sw.on && kvp_kind_windowed(ls[i].kind) ? sw.swa + page : slots;

		lr->slots = lr->bytes_per_position ? n : 0;
		if (!kvp_mul(n, lr->bytes_per_position, &lr->bytes) ||
		    !kvp_mul(slots, lr->index_row_bytes, &lr->index_bytes))
			return eng_overflow(res, "kv.bytes");
	}
	if (mb.layers && (st = sg_mamba_layers(ls, &mb, p->model.n_layers, res)))
		return st;
	st = eng_finish_kv(p, res, slots, tp);
	if (st != KVP_OK)
		return st;
	kb = res->kv.k_bytes / tp;
	vb = res->kv.v_bytes / tp;

	e->block_size = page;
	if (!kvp_mul(page, cell, &e->page_bytes))
		return eng_overflow(res, "engine.sglang.page_size");
	if (sw.on && (st = sg_swa_result(res, &sw, page)))
		return st;
	e->blocks = tokens / page;
	e->tokens = tokens;
	e->max_model_len = ctx;
	e->max_requests = max_reqs;
	e->aux_bytes = table;
	{
		unsigned __int128 q = (unsigned __int128)tokens * 100 / ctx;

		if (q > UINT64_MAX)
			return eng_overflow(res, "engine.concurrency_x100");
		e->concurrency_x100 = (uint64_t)q;
	}
	if (sw.on) {
		eng_line(res, "Use sliding window memory pool. full_layer_tokens=%llu, "
		         "swa_layer_tokens=%llu", (unsigned long long)sw.full,
		         (unsigned long long)sw.swa);
		if ((st = sg_pool_line(res, ls, p->model.n_layers, true, sw.swa, page)) ||
		    (st = sg_pool_line(res, ls, p->model.n_layers, false, sw.full, page)))
			return st;
		eng_line(res, "SWAKVPool mem usage: %s GB, swa size: %llu, full size: %llu",
		         eng_fixed2(kb + vb, KVP_GIB, x, sizeof x),
		         (unsigned long long)sw.swa, (unsigned long long)sw.full);
	} else if (mla)
		eng_line(res, "KV Cache is allocated. #tokens: %llu, KV size: %s GB",
		         (unsigned long long)tokens, eng_fixed2(kb + vb, KVP_GIB, x, sizeof x));
	else
		eng_line(res, "KV Cache is allocated. #tokens: %llu, K size: %s GB, V size: %s GB",
		         (unsigned long long)tokens, eng_fixed2(kb, KVP_GIB, x, sizeof x),
		         eng_fixed2(vb, KVP_GIB, y, sizeof y));
	eng_line(res, "max_total_num_tokens=%llu, max_running_requests=%llu, context_len=%llu",
	         (unsigned long long)tokens, (unsigned long long)max_reqs + 1,
	         (unsigned long long)ctx);

	{
		struct eng_req req[ENG_MAX_REQ];
		uint64_t cost[ENG_MAX_REQ], shared = 0, total = 0;
		uint32_t n = 0, k;

		st = eng_requests(p, req, &n, err);
		if (st != KVP_OK)
			return st;
		for (k = 0; k < n; k++) {
			/* pages per sequence; the radix cache shares a request's
			 * prompt among its samples and the system part among all */
			uint64_t per, shr;
			uint64_t pr = req[k].prompt / page * page;
			uint64_t sy = p->workload.share_system_prefix ?
			              req[k].system / page * page : 0;

			if (!kvp_add(total, req[k].count, &total))
				return eng_overflow(res, "workload.classes[].requests");
			/* a request that does not fit (or whose pages overflow)
			 * costs everything */
			if (req[k].len > ctx || !kvp_round_up(req[k].len, page, &per) ||
			    !kvp_mul(per, req[k].samples, &cost[k]) ||
			    !kvp_mul(req[k].samples - 1, pr, &shr) ||
			    !kvp_add(shr, sy, &shr) || shr > cost[k]) {
				cost[k] = UINT64_MAX;
				continue;
			}
			cost[k] -= shr;
			if (sy > shared)
				shared = sy;
		}
		e->workload_fit = eng_fit(req, cost, n, shared, fit_tokens, max_reqs);
		sg_note(p, res, &sw, &mb, frac, total, table);
		eng_mix_fit(res, req, cost, n, shared, fit_tokens, max_reqs);
	}
	return KVP_OK;
}
