/*
 * rec_bytes.c - kvplan's side of each byte figure a log prints: one rule
 * per kind of row (kvp_rec_byte_rules[], keyed by the observation's
 * kind), each saying from what in the result, or from which observed
 * input, the figure follows (the classes are kvplan/reconcile.h's).
 */
#include <stdio.h>   /* snprintf into result buffers only */
#include <string.h>

#include "kvplan/checked.h"
#include "core/reconcile/rec_priv.h"

/* llama.cpp's compute buffer of one backend: a device ("CUDA0",
 * "Vulkan0": the trailing digits are its index) or the host ("CPU",
 * "CUDA_Host"), against kvplan's estimate and its tolerance. */
static void compute_row(const struct kvp_result *res,
                        const struct kvp_observation *o, struct kvp_rec_row *r)
{
	const char *d = o->device;
	size_t l = strlen(d), k = l;
	uint32_t idx = 0;

	r->tol_ppm = res->host.compute_tol_ppm;
	if (!strcmp(d, "CPU") || strstr(d, "_Host")) {
		kvp_rec_computed(r, res->host.compute_bytes,
		                 "kvplan's estimate of the host compute buffer");
		return;
	}
	while (k > 0 && d[k - 1] >= '0' && d[k - 1] <= '9')
		k--;
	if (k == l || l - k > 6)
		return;
	for (; k < l; k++)
		idx = idx * 10 + (uint32_t)(d[k] - '0');
	if (idx < res->n_devices && res->devices[idx].compute_bytes)
		kvp_rec_computed(r, res->devices[idx].compute_bytes,
		                 "kvplan's estimate of the device's compute buffer");
}

/* The --mmproj encoder's compute buffer (clip_buf.c): device 0's, or the
 * host's CPU buffer. */
static void enc_compute_row(const struct kvp_result *res,
                            const struct kvp_observation *o,
                            struct kvp_rec_row *r)
{
	const struct kvp_parts_result *p = &res->parts;

	r->tol_ppm = p->encoder_compute_tol_ppm;
	if (!strcmp(o->device, "CPU") || strstr(o->device, "_Host"))
		kvp_rec_computed(r, p->encoder_compute_host_bytes,
		                 "kvplan's estimate of the encoder's host buffer");
	else if (p->encoder_compute_bytes)
		kvp_rec_computed(r, p->encoder_compute_bytes,
		                 "kvplan's estimate of the encoder's buffer on device 0");
}

/* kvplan's side of a pool's line: tokens x the scope's bytes per token
 * per rank (which: 1 K, 2 V, 3 both), on basis; !tokens_ok: the tokens
 * themselves overflowed 64 bits. */
static enum kvp_status pool_bytes(const struct rec_ctx *c,
                                  enum kvp_obs_scope scope, int which,
                                  uint64_t tokens, bool tokens_ok,
                                  const char *basis, struct kvp_rec_row *r,
                                  struct kvp_error *err)
{
	uint64_t v64;
	enum kvp_status st = kvp_rec_per_token_rank(c->plan, c->res, c->tp,
	                                            scope, which, &v64, err);

	if (st != KVP_OK)
		return st;
	if (!tokens_ok || !kvp_mul(v64, tokens, &v64))
		return kvp_rec_overflow(err, "pool bytes");
	kvp_rec_computed(r, v64, basis);
	return KVP_OK;
}

/* SGLang's one "KV size" (MLATokenToKVPool, NSATokenToKVPool) is the
 * whole pool of a rank, not a V figure: the latent and a DSA model's
 * indexer keys over tokens + page_size rows (slot 0 pads; sglang PR
 * #11309: 975,488 x 61 x 788 B = 43.67 GiB). */
static enum kvp_status sglang_kv_size_row(const struct rec_ctx *c,
                                          const struct kvp_observation *o,
                                          struct kvp_rec_row *r,
                                          struct kvp_error *err)
{
	const struct kvp_observation *tok =
		kvp_rec_find_scoped(c->obs, c->n, c->engine, KVP_OBS_TOKENS,
		                    o->scope, o->device);
	uint64_t slots;
	char basis[96];

	if (!tok)
		return KVP_OK;
	if (!kvp_add(tok->value, c->plan->engine.sglang.page_size ?
	             c->plan->engine.sglang.page_size : 1, &slots))
		return kvp_rec_overflow(err, "pool rows");
	snprintf(basis, sizeof basis, "(observed tokens + page) x the whole cache's "
	         "bytes per token per rank (tp %u)", c->tp);
	return pool_bytes(c, KVP_SCOPE_ALL, 3, slots, true, basis, r, err);
}

/* The row "KV cache" (KVP_OBS_KV_BYTES). */
static enum kvp_status rule_kv_bytes(const struct rec_ctx *c,
                                     const struct kvp_observation *o,
                                     struct kvp_rec_row *r,
                                     struct kvp_error *err)
{
	char basis[96];
	uint64_t v64;

	if (c->engine == KVP_ENGINE_TRTLLM && c->o_tokens) {
		uint64_t tok = c->o_tokens->value;

		/* the older wording prints tokens before they are
		 * rounded up to whole blocks (TensorRT-LLM issue 224) */
		if (c->o_tokens->unrounded && c->bsize &&
		    !kvp_round_up(tok, c->bsize, &tok))
			return kvp_rec_overflow(err, "pool tokens");
		snprintf(basis, sizeof basis,
		         "observed tokens x K+V bytes per token per rank (tp %u)",
		         c->tp);
		return pool_bytes(c, KVP_SCOPE_ALL, 3, tok, true, basis, r, err);
	} else if (c->engine == KVP_ENGINE_SGLANG) {
		return sglang_kv_size_row(c, o, r, err);
	} else if (c->llama) {
		if (!kvp_rec_scope_sum(c->res, o->scope, 0, &v64))
			return kvp_rec_overflow(err, "cache bytes");
		kvp_rec_computed(r, v64, "sum of the layers' slots x bytes per position");
	}
	return KVP_OK;
}

/* The rows "K" (KVP_OBS_K_BYTES) and "V" (KVP_OBS_V_BYTES). */
static enum kvp_status rule_k_or_v_bytes(const struct rec_ctx *c,
                                         const struct kvp_observation *o,
                                         struct kvp_rec_row *r,
                                         struct kvp_error *err)
{
	char basis[96];
	uint64_t v64;
	int w = o->kind == KVP_OBS_K_BYTES ? 1 : 2;
	const struct kvp_observation *tok;

	if (c->llama) {
		if (!kvp_rec_scope_sum(c->res, o->scope, w, &v64))
			return kvp_rec_overflow(err, "K/V bytes");
		kvp_rec_computed(r, v64, "sum of the layers' slots x row bytes");
	} else if (c->engine == KVP_ENGINE_SGLANG &&
	           (tok = kvp_rec_find_scoped(c->obs, c->n, c->engine,
	                                      KVP_OBS_TOKENS, o->scope,
	                                      o->device))) {
		/* a pool's line: its tokens x its layers' bytes. A pool
		 * holds tokens + page_size rows (slot 0 pads) and prints
		 * them all; SWAKVPool's sliding and full pools (the
		 * line's scope) are priced with the pad, each by its own
		 * layers (sglang PR #18039's "V size: 5.59 GB" needs its
		 * 64 pad slots). A single pool's line stays tokens x
		 * bytes, as the reference case sglang-qwq32b-tp4 records
		 * it (its one pad slot is within the printed rounding). */
		uint64_t slots = tok->value;

		if (o->scope != KVP_SCOPE_ALL)
			slots += c->plan->engine.sglang.page_size ?
			         c->plan->engine.sglang.page_size : 1;

		snprintf(basis, sizeof basis,
		         "observed tokens%s x %s bytes per token per rank (tp %u)",
		         o->scope != KVP_SCOPE_ALL ? " + page" : "",
		         w == 1 ? "K" : "V", c->tp);
		return pool_bytes(c, o->scope, w, slots, slots >= tok->value,
		                  basis, r, err);
	}
	return KVP_OK;
}

/* The row "recurrent state" (KVP_OBS_STATE_BYTES). */
static enum kvp_status rule_state_bytes(const struct rec_ctx *c,
                                        const struct kvp_observation *o,
                                        struct kvp_rec_row *r,
                                        struct kvp_error *err)
{
	kvp_rec_computed(r, c->res->kv.state_bytes, "recurrent state x sequences");
	return KVP_OK;
}

/* The rows "recurrent R (conv) state" (KVP_OBS_STATE_R_BYTES) and "recurrent
 * S (SSM) state" (KVP_OBS_STATE_S_BYTES). */
static enum kvp_status rule_state_parts(const struct rec_ctx *c,
                                        const struct kvp_observation *o,
                                        struct kvp_rec_row *r,
                                        struct kvp_error *err)
{
	const struct kvp_kv_result *kv = &c->res->kv;

	/* the components of the import (conv and SSM values); a state
	 * typed as bytes has none, and the row stays untested */
	if (kv->conv_bytes + kv->ssm_bytes == kv->state_bytes && kv->state_bytes)
		kvp_rec_computed(r, o->kind == KVP_OBS_STATE_R_BYTES ? kv->conv_bytes
		                                                 : kv->ssm_bytes,
		                 o->kind == KVP_OBS_STATE_R_BYTES ?
		                 "conv values x 4 B x cells" : "SSM values x 4 B x cells");
	return KVP_OK;
}

/* The row "KV buffer" (KVP_OBS_DEVICE_KV_BYTES). */
static enum kvp_status rule_device_kv_bytes(const struct rec_ctx *c,
                                            const struct kvp_observation *o,
                                            struct kvp_rec_row *r,
                                            struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	uint64_t v64;

	/* one buffer per cache: the whole cache of that scope, each
	 * tensor padded to the buffer's alignment */
	if (kvp_rec_count_kind(c->obs, c->n, c->engine, o->kind, o->scope) == 1) {
		if (!kvp_rec_scope_sum(res, o->scope, 0, &v64))
			return kvp_rec_overflow(err, "cache bytes");
		kvp_rec_computed(r, v64, "the cache on one device, each tensor "
		                 "padded to its alignment");
		if (!kvp_add(v64, kvp_rec_scope_tensors(res, o->scope) * GGML_MAX_PAD,
		             &r->computed_hi))
			return kvp_rec_overflow(err, "cache bytes");
	}
	return KVP_OK;
}

/* The row "RS buffer" (KVP_OBS_DEVICE_STATE_BYTES). */
static enum kvp_status rule_device_state_bytes(const struct rec_ctx *c,
                                               const struct kvp_observation *o,
                                               struct kvp_rec_row *r,
                                               struct kvp_error *err)
{
	const struct kvp_result *res = c->res;

	/* llama_memory_recurrent's one buffer: R and S of every
	 * recurrent layer (cells x (1 + n_rs_seq) rows), each tensor
	 * padded to the buffer's alignment; several devices' buffers
	 * follow the layer split, not modelled: untested */
	if (res->kv.state_bytes &&
	    kvp_rec_count_kind(c->obs, c->n, c->engine, o->kind, o->scope) == 1) {
		kvp_rec_computed(r, res->kv.state_bytes, "R and S of every "
		                 "recurrent layer, each padded to its alignment");
		if (!kvp_add(res->kv.state_bytes,
		             2 * kvp_rec_state_layers(res) * GGML_MAX_PAD,
		             &r->computed_hi))
			return kvp_rec_overflow(err, "state bytes");
	}
	return KVP_OK;
}

/* The row "context checkpoint" (KVP_OBS_CKPT_BYTES). */
static enum kvp_status rule_ckpt_bytes(const struct rec_ctx *c,
                                       const struct kvp_observation *o,
                                       struct kvp_rec_row *r,
                                       struct kvp_error *err)
{
	const struct kvp_result *res = c->res;

	/* ckpt.c: one sequence's partial state, exact for recurrent
	 * and hybrid models; SWA: as many cells as the sequence held
	 * then, at most the SWA cache's */
	if (res->host.ckpt_kind != KVP_FIG_NONE) {
		kvp_rec_computed(r, res->host.ckpt_each, res->host.ckpt_at_most
		                 ? "at most: the SWA cache's cells of a sequence"
		                 : "the recurrent state of a sequence + headers");
		if (res->host.ckpt_at_most)
			r->computed_lo = 0;
	}
	return KVP_OK;
}

/* The row "output buffer" (KVP_OBS_OUTPUT_BYTES). */
static enum kvp_status rule_output_bytes(const struct rec_ctx *c,
                                         const struct kvp_observation *o,
                                         struct kvp_rec_row *r,
                                         struct kvp_error *err)
{
	/* llama_context::output_reserve(n_seq_max): exact */
	if (c->res->host.logits_bytes)
		kvp_rec_computed(r, c->res->host.logits_bytes,
		                 "n_seq_max x (n_vocab [+ n_embd]) x 4 B (output_reserve)");
	return KVP_OK;
}

/* The row "compute buffer" (KVP_OBS_COMPUTE_BYTES). */
static enum kvp_status rule_compute_bytes(const struct rec_ctx *c,
                                          const struct kvp_observation *o,
                                          struct kvp_rec_row *r,
                                          struct kvp_error *err)
{
	if (c->res->host.compute_kind == KVP_FIG_ESTIMATE)
		compute_row(c->res, o, r);
	return KVP_OK;
}

/* The row "encoder compute buffer" (KVP_OBS_ENC_COMPUTE_BYTES). */
static enum kvp_status rule_enc_compute_bytes(const struct rec_ctx *c,
                                              const struct kvp_observation *o,
                                              struct kvp_rec_row *r,
                                              struct kvp_error *err)
{
	if (c->res->parts.encoder_compute_kind == KVP_FIG_ESTIMATE)
		enc_compute_row(c->res, o, r);
	return KVP_OK;
}

/* The row "KV for one max-length request" (KVP_OBS_KV_NEEDED). */
static enum kvp_status rule_kv_needed(const struct rec_ctx *c,
                                      const struct kvp_observation *o,
                                      struct kvp_rec_row *r,
                                      struct kvp_error *err)
{
	char basis[96];
	uint64_t v64;

	if (c->bsize && c->page && c->max_model_len) {
		if (!kvp_mul(kvp_ceil_div(c->max_model_len, c->bsize), c->page, &v64))
			return kvp_rec_overflow(err, "KV for one request");
		snprintf(basis, sizeof basis,
		         "ceil(%llu / %llu) blocks x page of %llu B",
		         (unsigned long long)c->max_model_len,
		         (unsigned long long)c->bsize, (unsigned long long)c->page);
		kvp_rec_computed(r, v64, basis);
	}
	return KVP_OK;
}

/* The row "KV budget" (KVP_OBS_KV_BUDGET). */
static enum kvp_status rule_kv_budget(const struct rec_ctx *c,
                                      const struct kvp_observation *o,
                                      struct kvp_rec_row *r,
                                      struct kvp_error *err)
{
	if (!c->ro->no_budget && c->res->engine.budget_bytes)
		kvp_rec_computed(r, c->res->engine.budget_bytes,
		                 "kvplan's budget (card x fraction - weights - peak)");
	return KVP_OK;
}

/* The row "weights" (KVP_OBS_WEIGHTS_BYTES). */
static enum kvp_status rule_weights_bytes(const struct rec_ctx *c,
                                          const struct kvp_observation *o,
                                          struct kvp_rec_row *r,
                                          struct kvp_error *err)
{
	const struct kvp_result *res = c->res;
	uint64_t v64;

	if (c->engine == KVP_ENGINE_VLLM && res->draft.present &&
	    res->draft.weights_kind != KVP_FIG_NONE && res->n_devices &&
	    !res->draft.last_stage) {
		/* gpu_model_runner.load_model loads the drafter inside
		 * the same memory profile ("Loading drafter model..."
		 * before "Model loading took"); under PP device 0 has
		 * none (the drafter is on the last stage) */
		if (!kvp_add(res->devices[0].weights_bytes,
		             res->draft.weights_device, &v64) ||
		    !kvp_add(v64, res->devices[0].rotary_bytes, &v64))
			return kvp_rec_overflow(err, "weights");
		kvp_rec_computed(r, v64, "kvplan's weights on device 0 + "
		                 "the drafter's + rotary tables, loaded in "
		                 "one profile");
	} else if (res->n_devices && res->devices[0].rotary_bytes) {
		/* "Model loading took" holds vLLM's rotary tables */
		if (!kvp_add(res->devices[0].weights_bytes,
		             res->devices[0].rotary_bytes, &v64))
			return kvp_rec_overflow(err, "weights");
		kvp_rec_computed(r, v64,
		                 "kvplan's weights + rotary tables on device 0");
	} else if (res->n_devices)
		kvp_rec_computed(r, res->devices[0].weights_bytes,
		                 "kvplan's weight count on device 0");
	else if (res->weights.bytes)
		kvp_rec_computed(r, res->weights.bytes / c->tp,
		                 "kvplan's weight count / tp");
	return KVP_OK;
}

/* The row "device memory" (KVP_OBS_TOTAL_MEMORY). */
static enum kvp_status rule_total_memory(const struct rec_ctx *c,
                                         const struct kvp_observation *o,
                                         struct kvp_rec_row *r,
                                         struct kvp_error *err)
{
	if (c->res->n_devices)
		kvp_rec_computed(r, c->res->devices[0].capacity_bytes,
		                 "the plan's card");
	return KVP_OK;
}

/* The rows "activation peak" (KVP_OBS_ACTIVATION_PEAK) and "torch peak (with
 * weights)" (KVP_OBS_TORCH_PEAK): the engine's own measurements, observed
 * (the table's class), with nothing of kvplan's to set beside them. */
static enum kvp_status rule_profile_peaks(const struct rec_ctx *c,
                                          const struct kvp_observation *o,
                                          struct kvp_rec_row *r,
                                          struct kvp_error *err)
{
	return KVP_OK;
}

/* Each kind's rule, the class its row takes first and what it needs
 * (rec_priv.h). */
#define MODEL KVP_REC_NEED_MODEL
#define LLAMA (KVP_REC_NEED_MODEL | KVP_REC_NEED_LLAMA)
const struct kvp_rec_rule_row kvp_rec_byte_rules[KVP_OBS_KIND_COUNT] = {
	[KVP_OBS_KV_BYTES] = { rule_kv_bytes, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_K_BYTES] = { rule_k_or_v_bytes, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_V_BYTES] = { rule_k_or_v_bytes, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_STATE_BYTES] = { rule_state_bytes, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_STATE_R_BYTES] = { rule_state_parts, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_STATE_S_BYTES] = { rule_state_parts, KVP_REC_ARITHMETIC, MODEL },
	[KVP_OBS_DEVICE_KV_BYTES] = { rule_device_kv_bytes, KVP_REC_ARITHMETIC,
	                              LLAMA },
	[KVP_OBS_DEVICE_STATE_BYTES] = { rule_device_state_bytes,
	                                 KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_CKPT_BYTES] = { rule_ckpt_bytes, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_OUTPUT_BYTES] = { rule_output_bytes, KVP_REC_ARITHMETIC, LLAMA },
	[KVP_OBS_COMPUTE_BYTES] = { rule_compute_bytes, KVP_REC_ESTIMATE, LLAMA },
	[KVP_OBS_ENC_COMPUTE_BYTES] = { rule_enc_compute_bytes, KVP_REC_ESTIMATE,
	                                LLAMA },
	[KVP_OBS_KV_NEEDED] = { rule_kv_needed, KVP_REC_ARITHMETIC, 0 },
	[KVP_OBS_KV_BUDGET] = { rule_kv_budget, KVP_REC_OBSERVED, MODEL },
	[KVP_OBS_WEIGHTS_BYTES] = { rule_weights_bytes, KVP_REC_OBSERVED, MODEL },
	[KVP_OBS_TOTAL_MEMORY] = { rule_total_memory, KVP_REC_OBSERVED, MODEL },
	[KVP_OBS_ACTIVATION_PEAK] = { rule_profile_peaks, KVP_REC_OBSERVED, 0 },
	[KVP_OBS_TORCH_PEAK] = { rule_profile_peaks, KVP_REC_OBSERVED, 0 },
};
#undef MODEL
#undef LLAMA
