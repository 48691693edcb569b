/*
 * engine_compute.c - stage 4 of kvp_compute: a named engine's own
 * allocation. Dispatches on plan->engine.kind to the profile in
 * engine_<name>.c, which overwrites the generic stage's per-layer and kv
 * figures with what that engine allocates and fills res->engine.
 * GENERIC is a no-op: the core's strategy figures stand.
 */
#include <string.h>

#include "core/engine_priv.h"
#include "core/internal.h"
#include "kvplan/layers.h"

enum kvp_status kvp_engine_compute(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	/* The model's layers as the model states them (MLA still MLA):
	 * engines decide themselves how to store them. ~60 KiB of stack. */
	struct kvp_layer_spec ls[KVP_MAX_LAYERS];
	enum kvp_status st;

	memset(&res->engine, 0, sizeof res->engine);
	res->engine.kind = p->engine.kind;
	res->kv.ranks = 1;   /* generic: the letters are the whole model's */
	if (p->engine.kind == KVP_ENGINE_GENERIC)
		return KVP_OK;
	if ((unsigned)p->engine.kind >= KVP_ENGINE_COUNT)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.kind: %d - unknown engine", (int)p->engine.kind);

	st = kvp_layers_resolve(&p->model, ls, &res->error);
	if (st != KVP_OK)
		return st;
	res->n_layers = p->model.n_layers;

	switch (p->engine.kind) {
	case KVP_ENGINE_LLAMACPP:
		st = kvp_engine_llamacpp(p, ls, res);
		break;
	case KVP_ENGINE_VLLM:
		return kvp_engine_vllm(p, ls, res);   /* sets per sequence */
	case KVP_ENGINE_TRANSFORMERS:
		st = kvp_engine_transformers(p, ls, res);
		break;
	case KVP_ENGINE_SGLANG:
		st = kvp_engine_sglang(p, ls, res);
		break;
	case KVP_ENGINE_TRTLLM:
		st = kvp_engine_trtllm(p, ls, res);
		break;
	default:
		return KVP_OK;
	}
	if (st != KVP_OK)
		return st;
	/* One sequence as the engine allocates it. llama.cpp: its stream
	 * (n_ctx_seq cells, or the whole unified cache); transformers: its
	 * row of the padded batch; SGLang, TRT-LLM: its pages/blocks. */
	switch (p->engine.kind) {
	case KVP_ENGINE_LLAMACPP: case KVP_ENGINE_TRANSFORMERS:
		res->kv.bytes_per_sequence = res->engine.streams ?
			res->kv.bytes / res->engine.streams : res->kv.bytes;
		return KVP_OK;
	default:
		return eng_seq_paged(res, eng_seq_len(p, res),
		                     res->engine.block_size);
	}
}
