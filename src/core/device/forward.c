/*
 * forward.c - the generic activation estimate of one device
 * (kvp_activations_forward), the engine-neutral rule an engine's own
 * (vLLM's profile peak, vllm_profile.c) is built on. activations.c
 * chooses between them and a measured peak.
 *
 * The estimate, per TP rank, with T tokens processed per step
 * (kvp_step_tokens), 2-byte values (f16/bf16 compute) unless noted:
 *   hidden     2 x T x hidden x 2        residual stream + normed input
 *   attention  T x (Hq/tp + 2 x Hkv_rank) x D x 2          q, k, v
 *            + workspace: flash attention  T x Hq/tp x D x 4 (fp32
 *                         accumulator); without it the fp32 score matrix
 *                         T x S x Hq/tp x 4, S = the longest sequence.
 *                         Flash: devices.flash_attention (generic,
 *                         transformers), llama.cpp's -fa (auto = on),
 *                         always for vLLM, SGLang, TensorRT-LLM
 *   mlp        T x (gated ? 3 : 2) x I/tp x 2    gate/up outputs and the
 *                         activated product; MoE: I = max(intermediate,
 *                         (active + shared experts) x moe_intermediate)
 *   layer peak = hidden + max(attention, mlp)   (one layer at a time)
 *   logits     last stage only: min(T, sequences) sampled positions x
 *              vocab x 4 (fp32, gathered over the whole vocabulary)
 * It ignores allocator fragmentation and kernels' private workspaces:
 * those belong to the overhead entries (kvp_overheads_default).
 */
#include "core/device/activations.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"

/* Whether the attention workspace is flash-style (no score matrix):
 * devices.flash_attention for the generic core and transformers; vLLM,
 * SGLang and TensorRT-LLM always run fused (paged/flash) attention
 * kernels; llama.cpp follows -fa (auto counts as on). */
static bool uses_flash(const struct kvp_plan *p)
{
	switch (p->engine.kind) {
	case KVP_ENGINE_VLLM:
	case KVP_ENGINE_SGLANG:
	case KVP_ENGINE_TRTLLM:
		return true;
	case KVP_ENGINE_LLAMACPP:
		return p->engine.llamacpp.flash_attn != KVP_OFF;
	default:
		return p->devices.flash_attention;
	}
}

static uint64_t longest(const struct kvp_plan *p)
{
	const struct kvp_workload *w = &p->workload;
	uint64_t best = 0;
	uint32_t c, k;
	size_t i;

	for (c = 0; c < w->n_classes && c < KVP_MAX_CLASSES; c++) {
		uint64_t len = w->classes[c].gen;

		for (k = 0; k < KVP_PP_COUNT; k++)
			if (!kvp_add(len, w->classes[c].prompt[k], &len))
				return UINT64_MAX;
		if (w->classes[c].requests && len > best)
			best = len;
	}
	for (i = 0; w->ragged && i < w->n_ragged; i++)
		if (w->ragged[i] > best)
			best = w->ragged[i];
	return best;
}

#define MUL(a, b) do { if (!kvp_mul((a), (b), &(a))) goto overflow; } while (0)

enum kvp_status kvp_activations_forward(const struct kvp_plan *p,
                                        const struct kvp_result *res,
                                        uint32_t tp, bool last_stage,
                                        uint64_t sequences, uint64_t *out,
                                        bool *estimated,
                                        struct kvp_error *err)
{
	const struct kvp_model *m = &p->model;
	const struct kvp_arch *a = &m->arch;
	uint64_t T = kvp_step_tokens(p);
	uint64_t h = a->hidden, inter = a->intermediate;
	uint64_t hq, hkv, d, s, hid, att, ws, mlp, peak, logits, pos;

	(void)res;
	if (tp == 0)
		tp = 1;
	if (p->devices.activations_bytes) {
		*out = p->devices.activations_bytes;
		*estimated = false;
		return KVP_OK;
	}
	*estimated = true;
	hq = m->q_heads / tp;
	if (hq == 0)
		hq = 1;
	hkv = kvp_kv_heads_per_rank(m->base.kv_heads, tp);
	d = m->base.k_dim;
	if (d == 0 && m->q_heads)
		d = h / m->q_heads;
	if (a->n_experts) {
		uint64_t moe = a->moe_intermediate;

		MUL(moe, (uint64_t)a->n_experts_active + a->n_shared_experts);
		if (moe > inter)
			inter = moe;
	}
	inter = kvp_ceil_div(inter, tp);

	hid = 4;                 /* 2 tensors x 2 bytes */
	MUL(hid, T);
	MUL(hid, h);

	att = hq + 2 * hkv;
	MUL(att, T);
	MUL(att, d);
	MUL(att, 2);
	ws = 4;
	MUL(ws, T);
	MUL(ws, hq);
	if (uses_flash(p)) {
		MUL(ws, d);
	} else {
		s = longest(p);
		MUL(ws, s ? s : 1);
	}
	if (!kvp_add(att, ws, &att))
		goto overflow;

	mlp = a->gated_mlp ? 6 : 4;   /* (3 or 2 tensors) x 2 bytes */
	MUL(mlp, T);
	MUL(mlp, inter);

	peak = hid;
	if (!kvp_add(peak, att > mlp ? att : mlp, &peak))
		goto overflow;
	if (last_stage) {
		pos = sequences < T ? sequences : T;
		logits = 4;
		MUL(logits, pos ? pos : 1);
		MUL(logits, a->vocab);
		if (!kvp_add(peak, logits, &peak))
			goto overflow;
	}
	*out = peak;
	return KVP_OK;
overflow:
	return kvp_error_set(err, KVP_EOVERFLOW,
		"devices.max_batched_tokens: %llu - the activation estimate "
		"overflows 64 bits", (unsigned long long)T);
}

#undef MUL
