/*
 * engine_trtllm.c - the paged KV pool TensorRT-LLM allocates
 * (cpp/tensorrt_llm/batch_manager/kvCacheManager.cpp, KvCacheConfig):
 *
 *   bytes per token per rank = sum over attention layers of
 *     Hkv_rank x (Dk + Dv) x b (Hkv_rank = max(1, Hkv // tp)); MLA layers
 *     store the latent, (kv_lora_rank + rope) x b
 *   free after load = capacity - weights / (tp x pp) - activation peak
 *                     - overheads (runtime buffers, decoder, context)
 *   budget = free x free_gpu_memory_fraction, capped by max_gpu_total_bytes
 *   blocks = budget // (tokens_per_block x bytes per token), capped by
 *     ceil(max_tokens / tokens_per_block); tokens = blocks x tokens_per_block
 *   log: "[MemUsageChange] Allocated X GiB for max tokens in paged KV cache (N)."
 * Not modelled: the per-window pools of variable sliding windows (sliding
 * layers are sized as full ones, as without VSWA) and host offload pools.
 * Units: bytes per rank unless said; res->kv adds up the tp ranks.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engine_priv.h"
#include "core/internal.h"
#include "kvplan/checked.h"
#include "kvplan/units.h"

enum kvp_status kvp_engine_trtllm(const struct kvp_plan *p,
                                  const struct kvp_layer_spec *ls,
                                  struct kvp_result *res)
{
	const struct kvp_trtllm_opts *o = &p->engine.trtllm;
	struct kvp_engine_result *e = &res->engine;
	struct kvp_error *err = &res->error;
	uint32_t tp = p->devices.tp ? p->devices.tp : 1;
	uint32_t pp = p->devices.pp ? p->devices.pp : 1, i;
	uint64_t tpb, per_tok = 0, block_bytes, blocks, tokens, bytes, cap_blocks;
	enum kvp_status st;
	char x[32], t[40];

	if (o->tokens_per_block < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.trtllm.tokens_per_block: 0 - must be at least 1");
	if (o->free_gpu_memory_fraction > 1000000)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.trtllm.free_gpu_memory_fraction: %u.%06u - must be at most 1",
			o->free_gpu_memory_fraction / 1000000,
			o->free_gpu_memory_fraction % 1000000);
	tpb = o->tokens_per_block;

	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		struct kvp_layer_result *lr = &res->layers[i];
		struct kvp_layer_spec sp = *l;
		uint64_t kr = 0, vr = 0, heads;
		char what[64];

		lr->on_device = true;
		snprintf(what, sizeof what, "model.layers[%u].k_dtype (TensorRT-LLM)", i);
		if ((l->kind == KVP_LAYER_FULL || l->kind == KVP_LAYER_SLIDING ||
		     l->kind == KVP_LAYER_CHUNKED || l->kind == KVP_LAYER_MLA) &&
		    (!kvp_dtype_is_element(l->k_fmt.dtype) ||
		     (l->kind != KVP_LAYER_MLA && !kvp_dtype_is_element(l->v_fmt.dtype))))
			return kvp_error_set(err, KVP_EINVAL,
				"%s: %s/%s - TensorRT-LLM caches f16, bf16, f32, fp8 or int8",
				what, kvp_dtype_name(l->k_fmt.dtype), kvp_dtype_name(l->v_fmt.dtype));
		switch (l->kind) {
		case KVP_LAYER_FULL:
		case KVP_LAYER_SLIDING:
		case KVP_LAYER_CHUNKED:
			heads = l->kv_heads / tp;
			if (heads < 1)
				heads = 1;
			sp.kv_heads = (uint32_t)heads;
			if ((st = kvp_format_row_bytes(&l->k_fmt, heads * l->k_dim, &kr, what, err)) ||
			    (st = kvp_format_row_bytes(&l->v_fmt, heads * l->v_dim, &vr, what, err)))
				return st;
			break;
		case KVP_LAYER_MLA:
			sp.kv_heads = 1;
			sp.k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
			sp.v_dim = 0;
			if ((st = kvp_format_row_bytes(&l->k_fmt, sp.k_dim, &kr, what, err)))
				return st;
			break;
		default:
			break;
		}
		lr->spec = sp;
		lr->k_row_bytes = kr;
		lr->v_row_bytes = vr;
		lr->bytes_per_position = kr + vr;
		per_tok += kr + vr;
	}
	if (per_tok == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"model.layers: no attention layer - TensorRT-LLM's KV pool is empty");
	if (!kvp_mul(per_tok, tpb, &block_bytes))
		return eng_overflow(res, "engine.trtllm.tokens_per_block");

	cap_blocks = o->max_tokens ? kvp_ceil_div(o->max_tokens, tpb) : UINT64_MAX;
	if (p->devices.n_groups < 1 && (o->max_tokens || o->max_gpu_total_bytes)) {
		/* No card: only the absolute caps size the pool. */
		blocks = o->max_gpu_total_bytes ? o->max_gpu_total_bytes / block_bytes :
		                                  UINT64_MAX;
		e->budget_bytes = o->max_gpu_total_bytes;
	} else {
		uint64_t cap, used, over;

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
		if (o->max_gpu_total_bytes && o->max_gpu_total_bytes < e->budget_bytes)
			e->budget_bytes = o->max_gpu_total_bytes;
		blocks = e->budget_bytes / block_bytes;
	}
	if (blocks > cap_blocks)
		blocks = cap_blocks;
	if (blocks == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"TensorRT-LLM: the KV cache budget holds no block of %llu tokens",
			(unsigned long long)tpb);
	if (!kvp_mul(blocks, tpb, &tokens) || !kvp_mul(tokens, per_tok, &bytes))
		return eng_overflow(res, "engine.trtllm.max_tokens");

	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = &res->layers[i];

		lr->slots = lr->bytes_per_position ? tokens : 0;
		if (!kvp_mul(tokens, lr->bytes_per_position, &lr->bytes))
			return eng_overflow(res, "kv.bytes");
	}
	st = eng_finish_kv(p, res, tokens, tp);
	if (st != KVP_OK)
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

	{
		struct eng_req req[ENG_MAX_REQ];
		uint64_t cost[ENG_MAX_REQ], total = 0;
		uint32_t n = 0, k;

		st = eng_requests(p, req, &n, err);
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
	}
	return KVP_OK;
}
