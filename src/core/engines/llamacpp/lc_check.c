/*
 * lc_check.c - what llama.cpp refuses in a plan's options before it sizes
 * a cache (llama_init_from_model, in its order): cache types it does not
 * store, K and V types differing on an MLA model, quantized V with flash
 * attention off, quantized blocks that do not divide a head (more than
 * LLAMA_MAX_SEQ sequences, which depends on the build, is lc_era.c's).
 * Refusals in llama.cpp's words (KVP_EREFUSED).
 */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/llamacpp/lc_check.h"
#include "kvplan/layers.h"

static bool lc_type_ok(enum kvp_dtype d)
{
	switch (d) {
	case KVP_DT_F32: case KVP_DT_F16: case KVP_DT_BF16: case KVP_DT_Q8_0:
	case KVP_DT_Q4_0: case KVP_DT_Q4_1: case KVP_DT_Q5_0: case KVP_DT_Q5_1:
	case KVP_DT_IQ4_NL:
		return true;
	default:
		return false;
	}
}

static bool lc_quantized(enum kvp_dtype d)
{
	return d == KVP_DT_Q8_0 || d == KVP_DT_Q4_0 || d == KVP_DT_Q4_1 ||
	       d == KVP_DT_Q5_0 || d == KVP_DT_Q5_1 || d == KVP_DT_IQ4_NL;
}

/* Flash attention as llama_init_from_model leaves it: forced off for
 * Grok ("flash_attn is not compatible with Grok - forcing off", v0.4.0;
 * found by make check-live), else as given. */
enum kvp_tristate lc_flash_attn(const struct kvp_plan *p)
{
	if (!strcmp(p->model.model_type, "grok"))
		return KVP_OFF;
	return p->engine.llamacpp.flash_attn;
}

/* With flash attention on or auto, a quantized cache's block (32 values
 * for every type llama.cpp caches in) must divide each attention layer's
 * head size, K and V apart (llama_init_from_model at v0.4.0: "K cache
 * type %s with block size %u does not divide n_embd_head_k=%u"; found by
 * make check-live: kvplan checked only the whole row), a recurrent
 * layer's too. MLA's heads are the latent's (kv_lora_rank + rope for K,
 * kv_lora_rank for V). */
static enum kvp_status lc_check_blocks(const struct kvp_plan *p,
                                       const struct kvp_layer_spec *ls,
                                       struct kvp_error *err)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	const struct kvp_mla *m = &p->model.mla;
	uint32_t i;

	if (lc_flash_attn(p) == KVP_OFF)
		return KVP_OK;
	for (i = 0; i < p->model.n_layers; i++) {
		const struct kvp_layer_spec *l = &ls[i];
		uint64_t k = l->k_dim, v = l->v_dim;

		/* llama.cpp checks every layer, a recurrent one at the model's
		 * head size too (1 here: the file gave none, nor llama.cpp) */
		if (l->kind != KVP_LAYER_FULL && l->kind != KVP_LAYER_MLA &&
		    !kvp_kind_windowed(l->kind) &&
		    !(l->kind == KVP_LAYER_NONE && l->k_dim > 1))
			continue;
		if (l->kind == KVP_LAYER_MLA) {
			k = (uint64_t)m->kv_lora_rank + m->qk_rope_head_dim;
			v = m->kv_lora_rank;
		}
		if (lc_quantized(o->cache_type_k) && k % 32)
			return kvp_error_set(err, KVP_EREFUSED, "llama.cpp: K cache "
			       "type %s with block size 32 does not divide "
			       "n_embd_head_k=%llu (engine.llamacpp.cache_type_k)",
			       kvp_dtype_name(o->cache_type_k), (unsigned long long)k);
		if (lc_quantized(o->cache_type_v) && v % 32)
			return kvp_error_set(err, KVP_EREFUSED, "llama.cpp: V cache "
			       "type %s with block size 32 does not divide "
			       "n_embd_head_v=%llu (engine.llamacpp.cache_type_v)",
			       kvp_dtype_name(o->cache_type_v), (unsigned long long)v);
	}
	return KVP_OK;
}

enum kvp_status lc_check_opts(const struct kvp_plan *p,
                              const struct kvp_layer_spec *ls,
                              struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_error *err = &res->error;
	bool mla = false;
	uint32_t i;

	if (!lc_type_ok(o->cache_type_k))
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.cache_type_k: %s - llama.cpp caches f32, f16, "
			"bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0 or q5_1",
			kvp_dtype_name(o->cache_type_k));
	if (!lc_type_ok(o->cache_type_v))
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.cache_type_v: %s - llama.cpp caches f32, f16, "
			"bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0 or q5_1",
			kvp_dtype_name(o->cache_type_v));
	if (o->parallel < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.llamacpp.parallel: 0 - must be at least 1");
	/* a state beside attention: llama.cpp's one such architecture,
	 * Falcon-H1, keeps both on every layer (llama-model.cpp
	 * create_memory: both hybrid filters true); none mixes those with
	 * recurrent-only layers (Zamba2 has no LLM_ARCH) */
	for (i = 0; p->model.recur.beside_full && i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_NONE)
			return kvp_error_set(err, KVP_EREFUSED,
				"model.layers[%u]: a recurrent layer beside full "
				"layers keeping a state (model.recur.beside_full, "
				"Zamba2's pattern) - llama.cpp has no architecture "
				"of that shape; use --engine generic or vllm", i);
	if (o->batch_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.llamacpp.batch_size: 0 - must be at least 1");
	if (o->ubatch_size < 1)
		return kvp_error_set(err, KVP_ERANGE,
			"engine.llamacpp.ubatch_size: 0 - must be at least 1");
	if ((unsigned)o->flash_attn > KVP_OFF)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.flash_attn: %d - expected auto, on or off",
			(int)o->flash_attn);
	for (i = 0; i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_MLA)
			mla = true;
	/* llama_init_from_model checks these in this order. */
	if (mla && o->cache_type_k != o->cache_type_v)
		return kvp_error_set(err, KVP_EREFUSED,
			"llama.cpp: model does not support different K (%s) and V (%s) "
			"cache types", kvp_dtype_name(o->cache_type_k),
			kvp_dtype_name(o->cache_type_v));
	if (lc_flash_attn(p) == KVP_OFF && lc_quantized(o->cache_type_v))
		return kvp_error_set(err, KVP_EREFUSED,
			"llama.cpp: quantized V cache requires flash_attn to be enabled "
			"(engine.llamacpp.cache_type_v %s, flash_attn off%s)",
			kvp_dtype_name(o->cache_type_v), o->flash_attn == KVP_OFF ? "" :
			": llama.cpp forces it off for this architecture");
	return lc_check_blocks(p, ls, err);
}

