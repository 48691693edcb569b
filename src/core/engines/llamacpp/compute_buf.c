/*
 * compute_buf.c - llama.cpp's compute buffers, per device and in host
 * memory (called by host.c, stage 5b). An ESTIMATE, labelled so in the
 * result (res->host.compute_kind, compute_source): llama.cpp sizes them
 * by letting ggml-alloc pack the worst-case graph, and no closed formula
 * reproduces that packing for every model. The rule below keeps the
 * tensors that dominate it.
 *
 * Source read (ggml-org/llama.cpp @4c7103b9, src/llama-context.cpp
 * llama_context::llama_context and graph_reserve; src/llama-graph.cpp
 * build_attn_mha, build_attn_inp_kv, build_ffn; ggml/src/ggml-alloc.c
 * for the in-place reuse): the reserve graph has T = min(n_ctx,
 * n_ubatch) tokens (rounded up to a multiple of the streams) and T
 * outputs, so it computes the logits of every token; the KV view spans
 * the whole cache (n_kv = the cells per stream). ggml-alloc frees a
 * tensor after its last use and lets soft_max, silu and mul run in
 * place, so the peak is that of the largest phase of one layer or of
 * the output, with f32 activations (4 B a value):
 *
 *   attention   T x (H + Hq x Dk + 2 x Hq x Dv) x 4   residual, Q, KQV
 *                                                     and its merge
 *             + flash attention off: n_kv x T x Hq x 4  KQ (soft_max in
 *                                                     place)
 *   mlp         T x (2 x H + 2 x I) x 4   I = the dense intermediate, or
 *               on a MoE layer (active + shared) x the expert width
 *               (+ T x n_experts x 4 router logits)
 *   output      R x (n_vocab + H) x 4     logits of R outputs and the
 *                                         final norm: R = T, or
 *                                         llama-server's n_outputs_max
 *                                         (PR #23861, out_rows below)
 *
 * The KQ masks (one n_kv x T mask for the full layers, one for the
 * sliding ones) are read by every layer, so a device holds them beside
 * both layer phases, not the output's: f32 (4 B) without flash
 * attention; with it f16 (2 B), the mask input itself since PR #23764
 * (kvplan/era.h KVP_ERA_LLAMACPP_F16_MASK), before it the f16 cast of an
 * f32 input, whose cast is a peak of its own (residual + f16 masks + the
 * f32 mask). On one GPU the buffer then grows by 2 B per context token
 * per ubatch token with flash attention, the slope unsloth measured
 * (b10909; search index file id 61428157235); the f32 mask and its cast
 * counted together gave 6.
 *
 * A device's buffer is the larger of its layer phases (with the masks)
 * and the output when the output layer is on it. Host memory: without
 * any layer on a device, one CPU buffer figured the same way; otherwise
 * the graph inputs the CPU computes for the devices (the embedding
 * rows, T x H x 4, and the masks as created: f32, or f16 since PR
 * #23764 under flash attention), plus the output phase when the output
 * layer stays on the host, plus the largest phase of the layers it
 * keeps. MLA layers take Dk = kv_lora_rank + rope and Dv = kv_lora_rank
 * (the absorbed form). Small inputs (positions, output ids) are left
 * out: llama.cpp prints them as the trailing 0.01 MiB.
 * Measured against public startup logs in tests/unit/test_compute_buf.c
 * (tests/data/logs/compute_buffers.tsv), within KVP_LC_COMPUTE_TOL_PPM.
 * Layers split over several GPUs (--pp): layer_split below. The row
 * split (--tp), replicas (--dp) and recurrent layers with rollback
 * snapshots (rs_seq) are not estimated: the figure
 * is 0 with compute_kind NONE and the reason in compute_source, so no
 * output shows it as an estimate and reconcile compares nothing to it.
 * Nor is a card that runs layers while weights stay on the host too
 * (`split`: -ngl below the layers, experts or the output on the host):
 * op offload then runs the host tensors' products on the card. Not
 * modelled: a quantized cache's f16 copy under flash attention. Pure:
 * no allocation, no I/O.
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/era.h"

typedef unsigned __int128 u128;

struct cb {
	u128 T;                      /* tokens of the reserve graph */
	u128 H, Hq, vocab;
	u128 streams;
	bool fa;
	bool f16_mask;               /* the mask input is f16 (PR #23764) */
};

/* The KQ masks the layers where on_device == dev read: the full layers'
 * and the sliding (SWA, chunked) layers', each n_kv cells wide. */
struct masks {
	u128 full, swa;              /* cells of each mask (0: none) */
};

/* Largest attention phase over layers [a, b) where on_device == dev,
 * without the masks (counted once, beside every phase: see below). */
static u128 attn_range(const struct kvp_plan *p, const struct kvp_result *res,
                       const struct cb *c, bool dev, uint32_t a, uint32_t b,
                       struct masks *m)
{
	u128 best = 0;
	uint32_t i;

	for (i = a; i < b && i < res->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);
		u128 cells, dq, dv, v, *mc;

		if (l->on_device != dev || !l->slots || l->spec.kind == KVP_LAYER_NONE)
			continue;
		cells = l->slots / c->streams;
		dq = c->Hq * l->spec.k_dim;
		dv = c->Hq * (l->spec.kind == KVP_LAYER_MLA
		              ? (u128)p->model.mla.kv_lora_rank : (u128)l->spec.v_dim);
		v = c->T * (c->H + dq + 2 * dv) * 4;
		if (!c->fa)
			v += cells * c->T * c->Hq * 4;   /* KQ, soft_max in place */
		if (v > best)
			best = v;
		mc = kvp_kind_windowed(l->spec.kind) ? &m->swa : &m->full;
		if (cells > *mc)
			*mc = cells;
	}
	return best;
}

static u128 attn_phase(const struct kvp_plan *p, const struct kvp_result *res,
                       const struct cb *c, bool dev, struct masks *m)
{
	return attn_range(p, res, c, dev, 0, res->n_layers, m);
}

/* The masks as the device holds them through its layers: f32 without
 * flash attention, else f16 (the mask input itself, or before PR
 * #23764 its f16 cast). */
static u128 mask_dev(const struct cb *c, const struct masks *m)
{
	return (m->full + m->swa) * c->T * (c->fa ? 2 : 4);
}

/* The masks as graph inputs (host memory): f32 unless created f16. */
static u128 mask_in(const struct cb *c, const struct masks *m)
{
	return (m->full + m->swa) * c->T * (c->f16_mask ? 2 : 4);
}

/* Before PR #23764 with flash attention: the moment the larger f32 mask
 * is cast, beside the residual and the f16 masks. */
static u128 cast_peak(const struct cb *c, const struct masks *m)
{
	u128 big = m->full > m->swa ? m->full : m->swa;

	if (!c->fa || c->f16_mask)
		return 0;
	return c->T * c->H * 4 + mask_dev(c, m) + big * c->T * 4;
}

/* The MLP phase: the wider of the dense and the MoE layers. */
static u128 mlp_phase(const struct kvp_plan *p, const struct cb *c)
{
	const struct kvp_arch *a = &p->model.arch;
	u128 i = a->intermediate, moe = 0;

	if (a->n_experts)
		moe = (u128)(a->n_experts_active + a->n_shared_experts) *
		      a->moe_intermediate;
	if (moe > i)
		i = moe;
	return c->T * (2 * c->H + 2 * i + (a->n_experts ? a->n_experts : 0)) * 4;
}

static bool any_layer(const struct kvp_result *res, bool dev)
{
	uint32_t i;

	for (i = 0; i < res->n_layers; i++)
		if (kvp_layer_rec(res, i)->on_device == dev)
			return true;
	return false;
}

static u128 max3(u128 a, u128 b, u128 c)
{
	u128 m = a > b ? a : b;

	return m > c ? m : c;
}

/* The logits rows of the worst-case graph: every token of the ubatch;
 * llama-server from PRs #23861 and #23988 (kvplan/era.h
 * KVP_ERA_LLAMACPP_OUTPUTS_MAX) min(T, n_outputs_max), n_outputs_max =
 * max(1, min(n_batch, n_parallel x (1 + the draft's n_max))), n_batch
 * with --embeddings. With a draft model whose n_max is not given
 * (engine.llamacpp.draft_max 0) every token's row stays, the most it
 * can be. */
static u128 out_rows(const struct kvp_plan *p, const struct cb *c, u128 n_batch)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	u128 max = o->parallel ? o->parallel : 1;

	if (!kvp_era_has(&p->engine, KVP_ERA_LLAMACPP_OUTPUTS_MAX) ||
	    o->embeddings || (p->draft.n_layers && !o->draft_max))
		return c->T;
	if (p->draft.n_layers)
		max *= 1 + (u128)o->draft_max;
	if (max > n_batch)
		max = n_batch;
	return max < c->T ? max : c->T;
}

static enum kvp_status put(struct kvp_result *res, u128 v, uint64_t *out)
{
	if (v > UINT64_MAX)
		return kvp_error_set(&res->error, KVP_EOVERFLOW,
			"engine.llamacpp.ubatch_size: the compute buffer "
			"estimate overflows 64 bits");
	*out = (uint64_t)v;
	return KVP_OK;
}

/* No estimate: the figure stays 0 and is not an estimate of anything
 * (compute_kind NONE), so no output prices it and reconcile compares no
 * compute buffer line against it; compute_source says why. */
static void not_estimated(struct kvp_result *res, const char *why)
{
	res->host.compute_kind = KVP_FIG_NONE;
	res->host.compute_tol_ppm = 0;
	snprintf(res->host.compute_source, sizeof res->host.compute_source,
	         "%s", why);
}

static void source(struct kvp_result *res, const char *why)
{
	res->host.compute_kind = KVP_FIG_ESTIMATE;
	res->host.compute_tol_ppm = KVP_LC_COMPUTE_TOL_PPM;
	snprintf(res->host.compute_source, sizeof res->host.compute_source,
	         "estimate: %s", why);
}

/* Device d's buffer in place of the generic activations estimate (unless
 * a measured peak is given, devices.activations_bytes). */
static enum kvp_status on_device(const struct kvp_plan *p,
                                 struct kvp_result *res, uint32_t d, u128 v)
{
	struct kvp_device_result *dv = &res->devices[d];
	enum kvp_status st;
	uint32_t i;

	if (p->devices.activations_bytes)
		return KVP_OK;
	if ((st = put(res, v, &dv->compute_bytes)) != KVP_OK)
		return st;
	dv->free_bytes += (int64_t)dv->activations_bytes - (int64_t)dv->compute_bytes;
	dv->activations_bytes = 0;
	dv->fits = dv->free_bytes >= 0;
	res->fits = true;
	for (i = 0; i < res->n_devices; i++)
		res->fits = res->fits && res->devices[i].fits;
	return KVP_OK;
}

/* One device, or the host alone: the phases above. */
static enum kvp_status one_device(const struct kvp_plan *p,
                                  struct kvp_result *res, const struct cb *c,
                                  u128 out, bool out_on_device)
{
	struct masks md = { 0, 0 }, mh = { 0, 0 }, mi;
	u128 mlp = mlp_phase(p, c), dev = 0, host, attn_dev, attn_host;
	bool dev_layers = res->n_devices == 1 && any_layer(res, true);
	bool host_layers = any_layer(res, false);
	enum kvp_status st;

	attn_dev = attn_phase(p, res, c, true, &md);
	attn_host = attn_phase(p, res, c, false, &mh);
	/* every mask the graph builds is an input, even where only one side
	 * reads it */
	mi.full = md.full > mh.full ? md.full : mh.full;
	mi.swa = md.swa > mh.swa ? md.swa : mh.swa;
	if (dev_layers) {
		u128 m = mask_dev(c, &md);

		dev = max3(attn_dev + m, mlp + m, cast_peak(c, &md));
	}
	if (res->n_devices == 1 && out_on_device && out > dev)
		dev = out;
	if (!dev_layers && !(res->n_devices == 1 && out_on_device)) {
		/* the CPU alone: its layers read the masks as a device does */
		u128 m = mask_dev(c, &mh);

		host = max3(attn_host + m, mlp + m, out);
		if (cast_peak(c, &mh) > host)
			host = cast_peak(c, &mh);
	} else {
		host = c->T * c->H * 4 + mask_in(c, &mi);
		if (!out_on_device)
			host += out;
		if (host_layers)
			host += attn_host > mlp ? attn_host : mlp;
	}
	if ((st = put(res, host, &res->host.compute_bytes)) != KVP_OK)
		return st;
	if (res->n_devices == 1 && (st = on_device(p, res, 0, dev)) != KVP_OK)
		return st;
	source(res, "llama.cpp worst-case graph, largest phase (llama-graph.cpp "
	       "@4c7103b9, PRs #23764, #23861; man kvplan)");
	return KVP_OK;
}

/*
 * The layer split over several GPUs (--pp, llama.cpp's default
 * --split-mode layer, every layer and the output on the GPUs, no -ot):
 * llama_context turns on pipeline parallelism there (src/llama-
 * context.cpp: n_devices > 1, n_gpu_layers > n_layer, split mode layer,
 * offload_kqv, no tensor overrides, backends with async and events), and
 * ggml's scheduler keeps n_copies = GGML_SCHED_MAX_COPIES = 4 copies of
 * every tensor a GPU reads from another backend, for the whole graph
 * (ggml-backend.cpp ggml_backend_sched_split_graph: the copies are leafs
 * flagged output). A GPU's inputs are the residual (the embedding rows
 * on the first) T x H x 4 and the masks, as created (f32, or f16 with
 * flash attention since PR #23764); before that PR, with flash
 * attention, the first GPU receives the f32 masks and keeps their f16
 * cast, which the others receive. The buffer is 4 x the inputs + that
 * cast + the largest phase of its layers (the output's on the last
 * GPU). The host holds the embedding rows and 4 copies of the masks.
 * Checked against: the per-GPU slope unsloth measured on 2 to 8 GPUs, 8
 * B per context token per ubatch token (4 f16 masks; its test
 * TestContextBufferLayerSplit, search index file id 61428157235); llama.
 * cpp PR #6122's Command-R run (2 GPUs, -c 4096, no flash attention,
 * "pipeline parallelism enabled (n_copies=4)", CUDA0 672.01 MiB: this
 * rule 672.00); a Cydonia-24B run quoted in PR #16748 (-c 150272 -ub
 * 4096, flash attention, f32 masks, GPU 0's failed 12710.31 MiB: this
 * rule 12070, -5 %). A build of GGML_SCHED_MAX_COPIES other than 4, and
 * the retry without pipeline parallelism when the buffers do not fit
 * (PR #16748), are not modelled.
 */
#define LC_SCHED_COPIES 4u

static enum kvp_status layer_split(const struct kvp_plan *p,
                                   struct kvp_result *res, const struct cb *c,
                                   u128 out)
{
	struct masks all = { 0, 0 };
	u128 mlp = mlp_phase(p, c), resident = 0, host;
	bool old_fa = c->fa && !c->f16_mask;
	uint32_t d;
	enum kvp_status st;

	(void)attn_phase(p, res, c, true, &all);   /* every layer's masks */
	if (old_fa)
		resident = mask_dev(c, &all);   /* the f16 cast, on GPU 0 */
	for (d = 0; d < res->n_devices; d++) {
		const struct kvp_device_result *dv = &res->devices[d];
		struct masks m = { 0, 0 };
		bool first = dv->pp_stage == 0;
		bool last = dv->pp_stage + 1 == kvp_plan_pp(p);
		u128 act = attn_range(p, res, c, true, dv->first_layer,
		                      dv->last_layer + 1, &m), in, v;

		in = c->T * c->H * 4 +
		     (old_fa && first ? mask_in(c, &m) : mask_dev(c, &m));
		v = LC_SCHED_COPIES * in + (first ? resident : 0) +
		    max3(act, mlp, last ? out : 0);
		if ((st = on_device(p, res, d, v)) != KVP_OK)
			return st;
	}
	host = c->T * c->H * 4 + LC_SCHED_COPIES * mask_in(c, &all);
	if ((st = put(res, host, &res->host.compute_bytes)) != KVP_OK)
		return st;
	source(res, "llama.cpp layer split: 4 copies of each GPU's inputs "
	       "(pipeline parallelism) + its largest phase; man kvplan");
	return KVP_OK;
}

enum kvp_status kvp_llamacpp_compute_buf(const struct kvp_plan *p,
                                         struct kvp_result *res,
                                         bool out_on_device, bool split)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct cb c;
	u128 ctx, nb, out;
	enum kvp_status st;
	uint32_t d;

	memset(&c, 0, sizeof c);
	ctx = o->ctx_size ? o->ctx_size : p->model.arch.max_positions;
	nb = o->batch_size < ctx ? o->batch_size : ctx;
	c.T = o->ubatch_size < nb ? o->ubatch_size : nb;
	c.streams = res->engine.streams ? res->engine.streams : 1;
	if (c.T % c.streams)
		c.T += c.streams - c.T % c.streams;
	c.H = p->model.arch.hidden;
	c.Hq = p->model.q_heads;
	c.vocab = p->model.arch.vocab;
	c.fa = lc_flash_attn(p) != KVP_OFF; /* auto resolves to on where supported */
	c.f16_mask = c.fa && kvp_era_has(&p->engine, KVP_ERA_LLAMACPP_F16_MASK);
	if (res->n_devices > 1 && (kvp_plan_tp(p) > 1 || p->devices.dp > 1 ||
	                           kvp_plan_pp(p) != res->n_devices)) {
		not_estimated(res, "not estimated for --split-mode row (--tp) or "
		              "replicas (--dp); the generic activations estimate "
		              "stands in");
		return KVP_OK;
	}
	if (split) {
		/* ggml's scheduler offloads the products of host weights to
		 * the card (op offload, on by default) for batches of 32 or
		 * more: their weights and inputs pass through the card's
		 * buffer. A public run of 14 of 32 layers and the output on
		 * the card (Hermes 3 Llama 3.1 8B, -c 32768 -ub 512, flash
		 * attention; search index file id 61471163053) printed 248 MiB
		 * on the card and 48 MiB on the host; this rule gives 104 and
		 * 112. */
		not_estimated(res, "not estimated with weights on both the host "
		              "and the card (op offload runs host tensors' "
		              "products on the card)");
		return KVP_OK;
	}
	if (o->rs_seq && (res->kv.conv_bytes || res->kv.ssm_bytes)) {
		/* with snapshots the recurrent ops write n_rs_seq + 1 states
		 * per sequence (PR #22673's gated_delta_net with K slots):
		 * a graph the phases below do not model */
		not_estimated(res, "not estimated with recurrent-state snapshots "
		              "(engine.llamacpp.rs_seq above 0)");
		return KVP_OK;
	}
	if (!c.T || !c.H || !c.Hq || !c.vocab) {
		not_estimated(res, "not estimated: needs model.arch.hidden, "
		              "model.q_heads and model.arch.vocab");
		return KVP_OK;
	}
	out = out_rows(p, &c, nb) * (c.vocab + c.H) * 4;
	st = res->n_devices > 1 ? layer_split(p, res, &c, out)
	                        : one_device(p, res, &c, out, out_on_device);
	if (st != KVP_OK)
		return st;
	if (res->n_devices > 1)
		eng_line(res, "%s: pipeline parallelism enabled (n_copies=%u)",
		         lc_words_of(&res->engine)->ctx, LC_SCHED_COPIES);
	for (d = 0; d < res->n_devices; d++)
		if (res->devices[d].compute_bytes) {
			char dev[16];

			snprintf(dev, sizeof dev, "CUDA%u", d);
			eng_line(res, "%s: %10s compute buffer size = %8.2f MiB "
			         "(kvplan estimate)", lc_words_of(&res->engine)->ctx,
			         dev, (double)res->devices[d].compute_bytes / 1024.0 / 1024.0);
		}
	eng_line(res, "%s: %10s compute buffer size = %8.2f MiB "
	         "(kvplan estimate)", lc_words_of(&res->engine)->ctx,
	         res->n_devices && any_layer(res, true) ? "CUDA_Host" : "CPU",
	         (double)res->host.compute_bytes / 1024.0 / 1024.0);
	return KVP_OK;
}
