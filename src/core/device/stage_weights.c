/*
 * stage_weights.c - the weight bytes one device of a pipeline stage
 * holds: the model files' tensors when they give them (weights_stage.c),
 * else res->weights split by stage and TP rank as budget.c's header
 * says (embeddings first, lm_head last, the body by the stage's share
 * of layers, then / tp, plus what each rank replicates).
 */
#include <string.h>

#include "core/device/budget.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"

/* ceil(bytes * part / whole), 128-bit; whole > 0. */
static uint64_t share_up(uint64_t bytes, uint64_t part, uint64_t whole)
{
	unsigned __int128 n = (unsigned __int128)bytes * part, q;

	if (n <= UINT64_MAX)   /* one 64-bit division, not __udivmodti4 */
		return (uint64_t)n / whole + ((uint64_t)n % whole != 0);
	q = n / whole + (n % whole != 0);
	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

/* Weight bytes of one stage, before the TP split. */
struct wsplit {
	uint64_t embed, head, body;  /* bytes */
	uint64_t body_params;
	bool tied_copy;              /* last stage holds the embeddings too */
};

static void weights_split(const struct kvp_plan *p,
                          const struct kvp_result *res, struct wsplit *w)
{
	const struct kvp_weights_result *wr = &res->weights;
	const struct kvp_wformat *wf = p->devices.weights_override
		? &p->devices.weights : &p->model.weights;
	uint64_t eh = wr->embed_params + wr->lm_head_params;

	memset(w, 0, sizeof *w);
	if (wr->params == 0 || wr->bytes == 0)
		return;
	if (eh > wr->params)
		eh = wr->params;
	w->body_params = wr->params - eh;
	if (wf->keep_embeddings_16bit &&
	    2 * (unsigned __int128)eh <= wr->bytes) {
		w->embed = wr->embed_params * 2;
		w->head = wr->lm_head_params * 2;
		w->body = wr->bytes - w->embed - w->head;
	} else {
		w->embed = share_up(wr->bytes, wr->embed_params, wr->params);
		w->head = share_up(wr->bytes, wr->lm_head_params, wr->params);
		w->body = wr->bytes - (w->embed + w->head > wr->bytes
			? wr->bytes : w->embed + w->head);
	}
	w->tied_copy = p->model.arch.tie_embeddings && wr->lm_head_params == 0;
}

static uint64_t stage_weights(const struct wsplit *w, uint32_t stage,
                              uint32_t pp, uint32_t layers,
                              uint32_t n_layers, uint32_t tp)
{
	uint64_t b = 0;

	if (stage == 0)
		b += w->embed;
	if (stage == pp - 1) {
		b += w->head;
		if (w->tied_copy && pp > 1)
			b += w->embed;
	}
	if (n_layers)
		b += share_up(w->body, layers, n_layers);
	return kvp_ceil_div(b, tp ? tp : 1);
}

/*
 * Parameters a TP rank holds beyond its 1/tp share in stage layers
 * [first, first + count): the norms (replicated on every rank, vLLM's
 * RMSNorm) and, where tp > Hkv, the K/V projections of the replicated
 * KV heads (QKVParallelLinear gives each rank max(1, Hkv // tp) heads of
 * hidden x (k_dim + v_dim) each). MLA, recurrent and shared layers add
 * nothing here. Returns parameters (rounded up).
 */
static uint64_t tp_replicated_params(const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     uint32_t first, uint32_t count,
                                     uint32_t tp)
{
	unsigned __int128 kv_tp;   /* extra params x tp */
	uint64_t norms;

	if (tp <= 1 || res->n_layers == 0)
		return 0;
	kv_tp = kvp_kv_replicated_x_tp(p, res, first, count, tp);
	/* the stage's norms, then all but their 1/tp share */
	norms = share_up(res->weights.norm_params, count, res->n_layers);
	kv_tp += (unsigned __int128)norms * (tp - 1);
	kv_tp = kv_tp / tp + (kv_tp % tp != 0);
	return kv_tp > UINT64_MAX ? UINT64_MAX : (uint64_t)kv_tp;
}

enum kvp_status kvp_device_weights(const struct kvp_plan *p,
                                   struct kvp_result *res, uint32_t s,
                                   uint32_t first, uint32_t count,
                                   uint64_t *out)
{
	const struct kvp_devices *d = &p->devices;
	struct wsplit ws;

	if (res->weights.source != KVP_WSRC_ESTIMATE)
		/* the model files' tensors (weights_stage.c) */
		return kvp_tensor_stage_bytes(p, res, s, first, count, out,
		                              &res->error);
	weights_split(p, res, &ws);
	*out = stage_weights(&ws, s, d->pp, count, res->n_layers, d->tp);
	/* replicated parts, at the layers' bytes per parameter */
	if (ws.body_params && !kvp_add(*out, share_up(ws.body,
	        tp_replicated_params(p, res, first, count, d->tp),
	        ws.body_params), out))
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"devices: device %u: weights overflows 64 bits",
			res->n_devices);
	return KVP_OK;
}
