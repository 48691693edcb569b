/*
 * sg_cells.c - the bytes a token takes in SGLang's pools
 * (python/sglang/srt/mem_cache/memory_pool.py, model_runner_kv_cache_mixin.py
 * get_cell_size_per_token):
 *
 *   MHA: Hkv_rank x (Dk + Dv) x b per layer, Hkv_rank = max(1, Hkv // tp);
 *   MLA: (kv_lora_rank + rope) x b per layer, one head, no V;
 *   DSA (NSA) models (model.indexer, DeepSeek-V3.2), from 0.5.3
 *     (kvplan/era.h): NSATokenToKVPool keeps beside each MLA layer's
 *     latent the indexer's keys, index_head_dim fp8 values + one f32
 *     scale per 128 (quant_block_size), index_head_dim + index_head_dim /
 *     128 x 4 bytes a token (128 -> 132); with an fp8 cache the latent is
 *     stored as kv_lora_rank fp8 + kv_lora_rank / 128 x 4 bytes of scales
 *     + the rope part in bf16 (calculate_mla_kv_cache_dim: 512 + 16 + 128
 *     = 656 B). The profile (get_cell_size_per_token) counts (kv_lora_rank
 *     + rope) x the dtype's bytes + the indexer row per layer, so the
 *     token count comes from that cell while the pool is allocated at the
 *     stored rows.
 */
#include <stdio.h>  /* snprintf into result buffers only */

#include "core/engines/engine_priv.h"
#include "core/engines/sglang/sg_cells.h"
#include "core/engines/sglang/sg_rules.h"
#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"

/* The fp8 latent as stored: kv_lora_rank fp8 + a scale per block + rope
 * in bf16 (calculate_mla_kv_cache_dim). */
static enum kvp_status sg_fp8_latent(const struct kvp_mla *m, uint32_t qb,
                                     uint64_t *stored, struct kvp_error *err)
{
	if (m->kv_lora_rank % qb)
		return kvp_error_set(err, KVP_EINVAL,
			"model.mla.kv_lora_rank: %u - SGLang's fp8 DSA latent takes "
			"a scale per %u values", m->kv_lora_rank, qb);
	/* 32-bit dims in 64 bits: kv_lora_rank x 1.03 + rope x 2 fits */
	*stored = (uint64_t)m->kv_lora_rank + m->kv_lora_rank / qb * 4 +
	          (uint64_t)m->qk_rope_head_dim * 2;
	return KVP_OK;
}

/*
 * A DSA model's MLA layer (NSATokenToKVPool, calculate_mla_kv_cache_dim
 * and get_cell_size_per_token): *stored gets the bytes the pool holds per
 * token (latent as stored + indexer keys), *profile the bytes the token
 * count is sized by, *idx the indexer's.
 */
static enum kvp_status sg_nsa(const struct kvp_plan *p, const struct kvp_format *f,
                              uint64_t latent, uint64_t *stored, uint64_t *profile,
                              uint64_t *idx, struct kvp_error *err)
{
	uint64_t hd = p->model.indexer.head_dim;
	uint32_t qb = sg_defaults()->quant_block;
	enum kvp_status st;

	if (!kvp_era_has(&p->engine, KVP_ERA_SGLANG_NSA))
		return kvp_error_set(err, KVP_EREFUSED,
			"engine.version: %s - SGLang sizes DSA models "
			"(model.indexer.head_dim %llu) from 0.5.3 on", p->engine.version,
			(unsigned long long)hd);
	if (hd % qb)
		return kvp_error_set(err, KVP_EINVAL,
			"model.indexer.head_dim: %llu - SGLang's indexer keys take a "
			"scale per %u values", (unsigned long long)hd, qb);
	/* hd < 2^32: hd + hd / 128 x 4 fits; the sums below are checked */
	*idx = hd + hd / qb * 4;
	if (!kvp_add(latent, *idx, profile))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"model.indexer.head_dim: %llu - the profile's row does not fit "
			"in 64 bits", (unsigned long long)hd);
	*stored = latent;
	if (f->dtype == KVP_DT_FP8 &&
	    (st = sg_fp8_latent(&p->model.mla, qb, stored, err)))
		return st;
	if (!kvp_add(*stored, *idx, stored))
		return kvp_error_set(err, KVP_EOVERFLOW,
			"model.indexer.head_dim: %llu - the stored row does not fit in "
			"64 bits", (unsigned long long)hd);
	return KVP_OK;
}

static enum kvp_status sg_not_stored(struct kvp_error *err, const char *what,
                                     enum kvp_dtype d)
{
	return kvp_error_set(err, KVP_EINVAL,
		"%s: %s - SGLang stores f16, bf16, f32 or fp8", what, kvp_dtype_name(d));
}

/* One MHA layer (full, sliding, chunked): heads per rank, K and V rows. */
static enum kvp_status sg_mha_row(const struct kvp_layer_spec *l, uint32_t tp,
                                  struct kvp_layer_spec *sp, uint64_t *kr,
                                  uint64_t *vr, const char *what,
                                  struct kvp_error *err)
{
	enum kvp_status st;
	uint64_t heads;

	if (!kvp_dtype_is_element(l->k_fmt.dtype) || !kvp_dtype_is_element(l->v_fmt.dtype))
		return sg_not_stored(err, what, kvp_dtype_is_element(l->k_fmt.dtype) ?
		                     l->v_fmt.dtype : l->k_fmt.dtype);
	heads = l->kv_heads / tp;
	if (heads < 1)
		heads = 1;
	sp->kv_heads = (uint32_t)heads;
	if ((st = kvp_format_row_bytes(&l->k_fmt, heads * l->k_dim, kr, what, err)) ||
	    (st = kvp_format_row_bytes(&l->v_fmt, heads * l->v_dim, vr, what, err)))
		return st;
	return KVP_OK;
}

/* One MLA layer: the latent (and a DSA model's indexer keys); *prow the
 * profile's row when it differs from the stored one (DSA), else 0. */
static enum kvp_status sg_mla_row(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *l,
                                  struct kvp_layer_spec *sp,
                                  struct kvp_layer_result *lr, uint64_t *kr,
                                  uint64_t *prow, const char *what,
                                  struct kvp_error *err)
{
	enum kvp_status st;
	uint64_t idx = 0;

	if (!kvp_dtype_is_element(l->k_fmt.dtype))
		return sg_not_stored(err, what, l->k_fmt.dtype);
	sp->kv_heads = 1;
	sp->k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
	sp->v_dim = 0;
	if ((st = kvp_format_row_bytes(&l->k_fmt, sp->k_dim, kr, what, err)))
		return st;
	if (!p->model.indexer.head_dim)
		return KVP_OK;
	if ((st = sg_nsa(p, &l->k_fmt, *kr, kr, prow, &idx, err)))
		return st;
	lr->index_row_bytes = idx;
	return KVP_OK;
}

enum kvp_status sg_cells(const struct kvp_plan *p, const struct kvp_layer_spec *ls,
                         uint32_t tp, struct kvp_result *res, struct sg_cells *c)
{
	struct kvp_error *err = &res->error;
	enum kvp_status st = KVP_OK;
	uint32_t i;

	*c = (struct sg_cells){ 0 };
	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);
		struct kvp_layer_spec sp = *l;
		uint64_t kr = 0, vr = 0, prow = 0;
		char what[64];

		lr->on_device = true;
		kvp_cat_what(what, sizeof what, "model.layers[", i, "].k_dtype (SGLang)");
		if (l->kind == KVP_LAYER_FULL || l->kind == KVP_LAYER_SLIDING ||
		    l->kind == KVP_LAYER_CHUNKED)
			st = sg_mha_row(l, tp, &sp, &kr, &vr, what, err);
		else if (l->kind == KVP_LAYER_MLA) {
			c->mla = true;
			st = sg_mla_row(p, l, &sp, lr, &kr, &prow, what, err);
		}
		if (st)
			return st;
		lr->spec = sp;
		lr->k_row_bytes = kr;
		lr->v_row_bytes = vr;
		/* the profile's cell: the stored row, but a DSA layer's latent
		 * at (kv_lora_rank + rope) x the dtype's bytes */
		if (!kvp_add(kr, vr, &lr->bytes_per_position) ||
		    !kvp_add(c->k, kr, &c->k) || !kvp_add(c->v, vr, &c->v) ||
		    !kvp_add(c->profile, prow ? prow : lr->bytes_per_position, &c->profile))
			return eng_overflow(res, "kv.bytes_per_position");
	}
	if (!kvp_add(c->k, c->v, &c->cell))
		return eng_overflow(res, "kv.bytes_per_position");
	if (c->cell == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"model.layers: no attention layer - SGLang's token pool is empty");
	return KVP_OK;
}
