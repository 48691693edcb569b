/*
 * engine_compute.c - stage 4 of kvp_compute: a named engine's own
 * allocation. Walks the engine's row of eng_rows[] (its profile in
 * engine_<name>.c, what that profile refuses, how one sequence counts):
 * the profile overwrites the generic stage's per-layer and kv
 * figures with what that engine allocates and fills res->engine.
 * GENERIC is a no-op: the core's strategy figures stand.
 *
 * The engines folder. This file is its entry (eng_rows[]: one row per
 * engine). Each engine is a driver plus tables of rules: vllm/ (driver
 * engine_vllm.c; vl_layers.c what each layer holds, layer_rules[];
 * vl_group.c the hybrid manager's groups; vl_budget.c the budget,
 * reserve_rows[]; vl_admit.c what is admitted; vl_lines.c the log lines,
 * line_rows[]; vllm_profile.c the profiled peak and defaults), llamacpp/
 * (driver engine_llamacpp.c, layer_rules[]; lc_era.c what a build
 * changes, era_rows[]; lc_check.c refusals; lc_lines.c and lc_words.c the
 * lines by build; lc_offload.c -ngl; compute_buf.c, clip_buf.c, ckpt.c
 * and lc_fit.c the compute buffers, checkpoints and --fit),
 * engine_sglang.c, engine_trtllm.c (layer_rules[]) and
 * engine_transformers.c. Shared: engine_priv.h declares the helpers of
 * engine_common.c (lines, card budget, Python's numbers), engine_fit.c
 * (the workload against a pool) and engine_kv.c (res->kv from the
 * layers); engine_served.c which engines serve which family
 * (model_rows[], converter_only[], loops_served[]); engine_window.c
 * the families whose sliding window an engine does not apply (their
 * sliding layers sized full before it runs); era.c is the table of
 * release rules (WHEN a rule holds, with
 * its source and what it changes); engine.c the names and defaults;
 * engine_range.c the named engines' range beside the generic answer.
 * To add an engine release rule: a row in era.c's rows[] (engine, enum
 * kvp_era_rule added in include/kvplan/era.h, first release, source,
 * what it does, what came before, last release without it), then the
 * row in the engine's rule table that says what it does, keyed by that
 * rule (VL_WITH / VL_WITHOUT in vLLM's tables, an era_rows[] function
 * for llama.cpp), and a test worked by hand on each side of the release
 * (tests/unit/test_engine_<name>.c; test_era.c walks era.c's rows).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>   /* snprintf into the result only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/engines/engine_window.h"
#include "core/internal.h"
#include "core/device/placement.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

/* a x m / h in 128 bits; false when it does not fit 64 bits */
static bool scale(uint64_t a, uint64_t m, uint64_t h, uint64_t *out)
{
	unsigned __int128 v = (unsigned __int128)a * m / h;

	if (v > UINT64_MAX)
		return false;
	*out = (uint64_t)v;
	return true;
}

/* Compressed layers (DeepSeek V4) and indexer keys beside K and V
 * heads (MiniMax M3: one key per position, whole on every rank, while
 * the heads split) under tensor parallelism: refused. */
static enum kvp_status compressed_tp(uint32_t tp, struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);

		if (l->spec.kind == KVP_LAYER_COMPRESSED ||
		    (l->spec.kind == KVP_LAYER_FULL && l->index_row_bytes))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"devices.tp: %u - model.layers[%u] is a %s layer "
				"with indexer keys or compressed rows: how they "
				"split over tensor-parallel ranks is not modelled; "
				"use tp 1", tp, i, kvp_layer_kind_name(l->spec.kind));
	}
	return KVP_OK;
}

/*
 * Generic strategy under tensor parallelism: the kv stage counts the
 * model's heads once, but every rank holds max(1, Hkv / tp) heads (the
 * devices stage, budget.c, places them so), and an MLA latent whole.
 * Make res->kv the whole cache over every device, replicas included
 * (result.h): each KV layer's bytes x (heads per rank x tp) / heads.
 * When the layout is uniform the letters become one rank's, with
 * kv.ranks = tp, so the formula still multiplies out.
 */
static enum kvp_status generic_tp(const struct kvp_plan *p,
                                  struct kvp_result *res)
{
	struct kvp_kv_result *kv = &res->kv;
	uint32_t tp = p->devices.tp, i;
	uint64_t extra = 0, ek = 0, ev = 0, edev = 0, ehost = 0, ebpp = 0;
	uint64_t eneed = 0, m0 = 0, h0 = 0, hpr0 = 0, t;
	bool same = true;

	if (tp <= 1)
		return KVP_OK;
	if (compressed_tp(tp, res) != KVP_OK)
		return res->error.status;
	for (i = 0; i < res->n_layers; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(res, i);
		uint64_t h = l->spec.kv_heads, m, hpr, x, xk, xbpp, xneed;

		if (l->spec.kind != KVP_LAYER_FULL && l->spec.kind != KVP_LAYER_SLIDING &&
		    l->spec.kind != KVP_LAYER_CHUNKED && l->spec.kind != KVP_LAYER_MLA)
			continue;
		if (h == 0 || l->bytes_per_position == 0)
			continue;
		if (l->spec.kind == KVP_LAYER_MLA && l->spec.v_dim == 0)
			hpr = h;                      /* latent: whole on every rank */
		else
			hpr = kvp_kv_heads_per_rank((uint32_t)h, tp);
		m = hpr * tp;
		if (m0 == 0) {
			m0 = m;
			h0 = h;
			hpr0 = hpr;
		} else if (m * h0 != m0 * h) {
			same = false;
		}
		if (m <= h)
			continue;                     /* split, not replicated */
		if (!scale(l->bytes, m - h, h, &x) ||
		    !scale(l->bytes_per_position, m - h, h, &xbpp) ||
		    !scale(l->k_row_bytes, m - h, h, &xk) ||
		    !kvp_mul(l->stored, xbpp, &xneed))
			return eng_overflow(res, "kv.bytes");
		/* K's part of the extra, as the layer splits K and V */
		xk = xbpp ? (uint64_t)(((unsigned __int128)x * xk) / xbpp) : 0;
		if (!kvp_add(extra, x, &extra) || !kvp_add(ek, xk, &ek) ||
		    !kvp_add(ev, x - xk, &ev) || !kvp_add(ebpp, xbpp, &ebpp) ||
		    !kvp_add(eneed, xneed, &eneed) ||
		    !kvp_add(l->on_device ? edev : ehost, x,
		             l->on_device ? &edev : &ehost))
			return eng_overflow(res, "kv.bytes");
	}
	if (extra == 0 && !(same && m0 > h0))
		return KVP_OK;
	/* one sequence scales like the layers when they all scale alike
	 * (and no recurrent state, which is not split by heads, is in it) */
	if (same && h0 && kv->state_bytes == 0) {
		if (!scale(kv->bytes_per_sequence, m0, h0, &t))
			return eng_overflow(res, "kv.bytes_per_sequence");
		kv->bytes_per_sequence = t;
	}
	if (!kvp_add(kv->bytes, extra, &kv->bytes) ||
	    !kvp_add(kv->k_bytes, ek, &kv->k_bytes) ||
	    !kvp_add(kv->v_bytes, ev, &kv->v_bytes) ||
	    !kvp_add(kv->device_bytes, edev, &kv->device_bytes) ||
	    !kvp_add(kv->host_bytes, ehost, &kv->host_bytes) ||
	    !kvp_add(kv->bytes_per_position, ebpp, &kv->bytes_per_position) ||
	    !kvp_add(kv->bytes_needed, eneed, &kv->bytes_needed))
		return eng_overflow(res, "kv.bytes");
	kv->waste_bytes = kv->bytes > kv->bytes_needed ? kv->bytes - kv->bytes_needed : 0;
	kv->shortfall_bytes = kv->bytes_needed > kv->bytes ? kv->bytes_needed - kv->bytes : 0;
	if (kv->uniform && same) {
		kv->kv_heads = (uint32_t)hpr0;
		kv->ranks = tp;
	}
	return KVP_OK;
}

/* How one sequence's bytes are set after an engine has run. */
enum eng_seq {
	ENG_SEQ_OWN,      /* the engine sets it itself */
	ENG_SEQ_STREAM,   /* kv.bytes / streams: one stream or padded row */
	ENG_SEQ_PAGED,    /* its pages or blocks (eng_seq_paged) */
};

/*
 * The named engines as rows: the profile that sizes the cache, what the
 * profile does not model (refused here rather than left out), and how
 * one sequence is counted. A new engine is a row.
 */
struct eng_row {
	enum kvp_status (*run)(const struct kvp_plan *,
	                       const struct kvp_layer_spec *, struct kvp_result *);
	bool dsa_indexer;   /* lays out the DSA indexer cache */
	bool recurrent;     /* sizes recurrent (Mamba, linear) states */
	bool compressed;    /* sizes compressed layers (DeepSeek V4) */
	/* sizes a state kept beside a full layer's KV
	 * (model.recur.beside_full, Falcon-H1); NULL: yes, else why not */
	const char *no_beside;
	/* sizes a looped model's passes (model.loops > 1: a cache per
	 * layer and pass, Ouro, IQuest-Coder-Loop); NULL: yes, else why
	 * not */
	const char *no_loops;
	enum eng_seq seq;
	const char *source;
};

static const struct eng_row eng_rows[KVP_ENGINE_COUNT] = {
	/* llama.cpp sizes Nanbeige's loops alone (loops_served[]) */
	[KVP_ENGINE_LLAMACPP] = { kvp_engine_llamacpp, false, true, false, NULL,
		"llama.cpp's one looped architecture is Nanbeige's "
		"(src/models/nanbeige.cpp at 80fb11a); src/llama-arch.cpp and "
		"convert_hf_to_gguf.py name no Ouro or IQuestLoopCoder",
		ENG_SEQ_STREAM, "engine_llamacpp.c: n_ctx_seq cells per stream, "
		"or the whole unified cache" },
	[KVP_ENGINE_VLLM] = { kvp_engine_vllm, true, true, false, NULL, NULL,
		ENG_SEQ_OWN, "engine_vllm.c (vl_dsa: fp8 indexer keys, f32 scales)" },
	[KVP_ENGINE_TRANSFORMERS] = { kvp_engine_transformers, false, true,
		false,
		"transformers keeps them in FalconHybridMambaAttentionDynamicCache "
		"(modeling_falcon_h1.py) or Zamba2HybridDynamicCache "
		"(modeling_zamba2.py), which kvplan's transformers profile does "
		"not size", "the makers' remote code (Ouro's, IQuest's, "
		"Nanbeige's) keeps the passes' caches in a cache class of its "
		"own, not read",
		ENG_SEQ_STREAM,
		"engine_transformers.c: a row of the padded batch" },
	[KVP_ENGINE_SGLANG] = { kvp_engine_sglang, true, true, false,
		"SGLang's Mamba pool beside its KV pool (models/falcon_h1.py) is "
		"not sized by kvplan's SGLang profile for such layers",
		"its looped models, if any, were not read (no SGLang source "
		"on hand)", ENG_SEQ_PAGED, "engine_sglang.c (sg_nsa; its Mamba pool)" },
	[KVP_ENGINE_TRTLLM] = { kvp_engine_trtllm, false, false, false,
		"TensorRT-LLM's recurrent states sit in a pool its profile does "
		"not size", "its looped models, if any, were not read",
		ENG_SEQ_PAGED,
		"engine_trtllm.c: recurrent states sit in a pool of their own "
		"that its profile does not size" },
};

static bool loops_sized(const struct kvp_plan *p, const struct eng_row *row)
{
	return !row->no_loops ||
	       eng_loops_served(p->engine.kind, p->model.model_type);
}

/*
 * llama.cpp's loops under partial offload: llama-model.cpp @80fb11a
 * load_tensors places layer il (its K/V included) by dev_layer over
 * n_layer_all, the loops' layers counted, while nanbeige.cpp gives loop
 * j's layers the tensors of physical layer i, created on that layer's
 * device: which device then reads which weights kvplan does not model.
 * Everything on the device (-ngl -1 or above the layers) or on the host
 * (-ngl 0: dev_layer puts every one of n_layer_all on the CPU, the
 * output too) is sized.
 */
static enum kvp_status loops_split(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	int32_t ngl = p->engine.llamacpp.n_gpu_layers;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP || p->model.loops <= 1 ||
	    ngl <= 0 || (uint32_t)ngl > p->model.n_layers)
		return KVP_OK;
	return kvp_error_set(&res->error, KVP_EREFUSED,
		"engine.llamacpp.n_gpu_layers: %d - model.loops %u: llama.cpp "
		"places each loop's layer by its index in n_layer_all but its "
		"shared weights on the physical layer's device; partial offload "
		"of a looped model is not modelled (use -ngl -1)", (int)ngl,
		p->model.loops);
}

/*
 * What the engine's row says it does not model, refused rather than left
 * out: the DSA indexer cache, recurrent states, compressed layers. No
 * engine's compressed layout is modelled yet (issue 35): llama.cpp
 * llama-kv-cache-dsv4.cpp (v0.4.0 = 5b4ebc5) pads each compressed cache
 * to 256 cells and keeps a stream per sequence, vLLM and SGLang were
 * not read.
 */
static enum kvp_status eng_refusals(const struct kvp_plan *p,
                                    const struct eng_row *row,
                                    const struct kvp_layer_spec *ls,
                                    struct kvp_result *res)
{
	uint32_t i;

	if (eng_model_refusal(p, res) != KVP_OK)
		return res->error.status;
	if (p->model.loops > 1 && !loops_sized(p, row))
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.loops: %u - a looped model (%s) keeps a cache per "
			"layer and pass; engine %s: %s; use --engine generic or "
			"the engine serving it (vllm: Ouro, IQuest-Coder-Loop; "
			"llama.cpp: Nanbeige)", p->model.loops,
			p->model.model_type[0] ? p->model.model_type :
			"model_type not given", kvp_engine_name(p->engine.kind),
			row->no_loops);
	if (loops_split(p, res) != KVP_OK)
		return res->error.status;
	for (i = 0; !row->compressed && i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_COMPRESSED)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.layers[%u].kind: compressed - engine %s: its "
				"layout of compressed attention (DeepSeek V4 "
				"compress_ratios) is not modelled by kvplan; use "
				"--engine generic", i, kvp_engine_name(p->engine.kind));
	if (p->model.mla.latents > 1)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.mla.latents: %u - engine %s: MLA layers of more "
			"than one attention block (LongCat-Flash) are not "
			"modelled by kvplan; use --engine generic",
			p->model.mla.latents, kvp_engine_name(p->engine.kind));
	if (p->model.indexer.head_dim && p->model.indexer.first)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.indexer.first: %u - engine %s: indexer keys beside "
			"full-attention layers (MiniMax M3's sparse attention) are "
			"not modelled by kvplan; use --engine generic",
			p->model.indexer.first, kvp_engine_name(p->engine.kind));
	if (p->model.indexer.head_dim && !row->dsa_indexer)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.indexer.head_dim: %u - engine %s: its DSA indexer "
			"cache is not modelled by kvplan; use --engine generic",
			p->model.indexer.head_dim, kvp_engine_name(p->engine.kind));
	for (i = 0; !row->recurrent && i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_NONE && ls[i].state_bytes)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.layers[%u]: a recurrent layer (%llu B of "
				"state per sequence) - engine %s keeps such states "
				"in a pool kvplan does not size; use --engine "
				"generic, llama.cpp, vllm or transformers", i,
				(unsigned long long)ls[i].state_bytes,
				kvp_engine_name(p->engine.kind));
	if (p->model.recur.beside_full && row->no_beside)
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.recur.beside_full: true - every full-attention "
			"layer keeps a recurrent state beside its KV; engine %s: "
			"%s; use --engine generic, llama.cpp or vllm",
			kvp_engine_name(p->engine.kind), row->no_beside);
	return KVP_OK;
}

/* The release named or current, and the wording of its log lines. */
static enum kvp_status eng_release(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	enum kvp_status st;

	st = kvp_engine_version_check(p->engine.kind, p->engine.version, &res->error);
	if (st != KVP_OK)
		return st;
	snprintf(res->engine.release, sizeof res->engine.release, "%s",
	         kvp_engine_release(&p->engine));
	res->engine.release_named = p->engine.version[0] != '\0';
	snprintf(res->engine.lines_wording, sizeof res->engine.lines_wording,
	         "%s", kvp_engine_current_release(p->engine.kind));
	return KVP_OK;
}

/* The generic stage's split figures do not hold under an engine's
 * layout: an engine that splits the recurrent state (llama.cpp R and S)
 * sets them again. */
static void clear_split(struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_layers; i++) {
		struct kvp_layer_result *lr = kvp_layer_rec_w(res, i);

		lr->conv_bytes = lr->ssm_bytes = 0;
		lr->index_row_bytes = lr->index_bytes = 0;
	}
	res->kv.conv_bytes = res->kv.ssm_bytes = res->kv.index_bytes = 0;
}

enum kvp_status kvp_engine_compute(const struct kvp_plan *p,
                                   struct kvp_result *res)
{
	/* The model's layers as the model states them (MLA still MLA):
	 * engines decide themselves how to store them. ~60 KiB of stack. */
	struct kvp_layer_spec ls[KVP_MAX_LAYERS];
	const struct eng_row *row;
	enum kvp_status st;
	uint32_t unslid;

	/* res->engine is zero: kvp_compute cleared it and no stage before
	 * this one writes it (5 KiB not cleared twice per recompute) */
	res->engine.kind = p->engine.kind;
	res->kv.ranks = 1;   /* generic: the letters are the whole model's */
	if (p->engine.kind == KVP_ENGINE_GENERIC)
		return generic_tp(p, res);
	if ((unsigned)p->engine.kind >= KVP_ENGINE_COUNT)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.kind: %d - unknown engine", (int)p->engine.kind);
	row = &eng_rows[p->engine.kind];
	if ((st = eng_release(p, res)) != KVP_OK ||
	    (st = kvp_layers_resolve(&p->model, ls, &res->error)) != KVP_OK)
		return st;
	res->n_layers = p->model.n_layers;
	if ((st = eng_refusals(p, row, ls, res)) != KVP_OK)
		return st;
	clear_split(res);
	if (!row->run)
		return KVP_OK;
	/* a family whose window this engine does not apply (engine_window.c) */
	unslid = eng_window_unslide(p, ls);
	st = row->run(p, ls, res);
	if (st == KVP_OK)
		eng_window_note(p, unslid, res);
	if (st != KVP_OK || row->seq == ENG_SEQ_OWN)
		return st;
	if (row->seq == ENG_SEQ_STREAM) {
		res->kv.bytes_per_sequence = res->engine.streams ?
			res->kv.bytes / res->engine.streams : res->kv.bytes;
		return KVP_OK;
	}
	return eng_seq_paged(res, eng_seq_len(p, res), res->engine.block_size);
}

bool kvp_engine_lines_reworded(const struct kvp_engine_result *e)
{
	return e->release_named && strcmp(e->lines_wording, e->release) != 0;
}
