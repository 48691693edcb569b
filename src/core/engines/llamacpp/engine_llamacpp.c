/*
 * engine_llamacpp.c - the KV cache llama.cpp allocates (measured on
 * upstream 84f71294, tests/reference/ENGINES.md and cases/llamacpp.json):
 *
 *   n_ctx     = pad256(ctx_size or n_ctx_train)
 *   n_batch   = min(ctx_size as given, batch_size); n_ubatch = min(n_batch, ubatch)
 *   unified:  one stream of n_ctx cells shared by all sequences
 *   else:     n_ctx_seq = pad256(n_ctx / n_seq), n_seq streams of n_ctx_seq
 *   full and MLA layers: n_ctx_seq cells per stream
 *   SWA/chunked layers:  pad256(min(n_ctx_seq, n_swa * (unified ? n_seq : 1)
 *                        + n_ubatch)) cells per stream; --swa-full: n_ctx_seq
 *   K row = Hkv*Dk values in cache_type_k, V row = Hkv*Dv in cache_type_v;
 *   flash attention off and V widths differing across layers: every V row
 *   padded to the widest; MLA: K only, kv_lora_rank + rope values, no V;
 *   shared-KV layers: no cache; recurrent layers: state_bytes (taken as the
 *   f32 state) x max(1, n_seq) cells.
 * Older builds (kvplan/era.h, --engine llama.cpp@bNNNN): before PR #13194
 * one cache, sliding layers n_ctx_seq cells; before PR #19067 MLA layers
 * store a V of kv_lora_rank values too; before PR #12801 MLA is refused.
 * Refusals in llama.cpp's words (KVP_EREFUSED): K/V types differing on an
 * MLA model (checked first, as llama_init_from_model does), quantized V
 * with flash attention off, more than 256 sequences.
 * TP (devices.tp > 1) is --split-mode row: the weights' rows split over
 * the GPUs, the whole KV cache on the main GPU (common/arg.cpp --main-gpu:
 * "the GPU to use for ... intermediate results and KV (with split-mode =
 * row)"), so kv.ranks stays 1 and budget.c charges the cache to rank 0.
 * flash_attn "auto" counts as on: llama.cpp only refuses quantized V when
 * it is explicitly off, and sizes the cache untransposed under auto.
 * Files: lc_check.c (what llama.cpp refuses), lc_era.c (what a named
 * build changes: era_rows[]), here the cells and each layer's rows
 * (layer_rules[]: what a layer kind holds), lc_lines.c and lc_words.c
 * (the lines, in each build's words).
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/llamacpp/lc_check.h"
#include "core/engines/llamacpp/lc_era.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"
#include "kvplan/layers.h"

#define LC_MAX_CACHES 4u

/* One run of the profile: the context's geometry, the build's rules and
 * what the layers add up to. */
struct lc_run {
	const struct kvp_plan *p;
	const struct kvp_layer_spec *ls;
	struct kvp_result *res;
	struct lc_build b;
	bool fa, v_differ, unified;
	uint64_t ctx, n_ctx, n_ctx_seq, n_batch, n_ubatch, n_seq, n_stream;
	uint64_t slot, v_wide, cells_swa;
	uint64_t rs_bytes, rs_cells, rs_rows;  /* recurrent states */
	uint32_t n_rs_layers, n_caches;
	struct lc_cache caches[LC_MAX_CACHES]; /* [0] base, then SWA caches */
};

/* Widest V row over the attention layers, values (for FA off). The rows
 * differ (llama_hparams::is_n_embd_v_gqa_variable, over every layer)
 * also when attention layers sit beside layers of no KV heads (recurrent
 * or MLP-only: n_head_kv 0, V width 0), as make check-live found. */
static uint64_t lc_v_widest(const struct kvp_plan *p,
                            const struct kvp_layer_spec *ls, bool *differ)
{
	uint64_t w = 0, first = 0;
	uint32_t i;
	bool zero = false;

	*differ = false;
	for (i = 0; i < p->model.n_layers; i++) {
		uint64_t v;

		if (ls[i].kind == KVP_LAYER_NONE || ls[i].kind == KVP_LAYER_FFN)
			zero = true;
		if (ls[i].kind != KVP_LAYER_FULL && !kvp_kind_windowed(ls[i].kind))
			continue;
		v = (uint64_t)ls[i].kv_heads * ls[i].v_dim;
		if (!first)
			first = v;
		else if (v != first)
			*differ = true;
		if (v > w)
			w = v;
	}
	/* a layer without K/V makes llama.cpp's V width vary only where its
	 * head_count_kv is 0 (model.recur.uniform_kv_heads false) */
	if (zero && first && !p->model.recur.uniform_kv_heads)
		*differ = true;
	return w;
}

/* Add a SWA layer's bytes to the cache of its cell count (caches[1..]). */
static void lc_add_swa(struct lc_cache *c, uint32_t *nc, uint64_t cells,
                       uint64_t kb, uint64_t vb)
{
	uint32_t i;

	for (i = 1; i < *nc; i++)
		if (c[i].cells == cells)
			break;
	if (i == *nc) {
		if (*nc >= LC_MAX_CACHES) {
			i = *nc - 1;   /* more distinct SWA sizes: merged */
		} else {
			memset(&c[i], 0, sizeof c[i]);
			c[i].cells = cells;
			(*nc)++;
		}
	}
	c[i].layers++;
	c[i].k_bytes += kb;
	c[i].v_bytes += vb;
}

/* llama-server's slot context (era.c KVP_ERA_LLAMACPP_SLOT_CAP): n_ctx_seq,
 * capped at n_ctx_train (model.arch.max_positions) from PR #16736 on. The
 * rule is asked only when it changes something, so a build between the
 * known bounds is refused only then. */
static enum kvp_status lc_slot_ctx(const struct kvp_plan *p, uint64_t n_ctx_seq,
                                   struct kvp_result *res, uint64_t *slot)
{
	uint64_t train = p->model.arch.max_positions;
	bool has = false;
	enum kvp_status st;

	*slot = n_ctx_seq;
	if (!train || n_ctx_seq <= train)
		return KVP_OK;
	st = kvp_era_rule_at(&p->engine, KVP_ERA_LLAMACPP_SLOT_CAP, &has,
	                     &res->error);
	if (st == KVP_OK && has)
		*slot = train;
	return st;
}

/* llama-server's line when it caps the slots (tools/server/
 * server-context.cpp load_model), printed after the context's buffer lines
 * as the server loads after the context: host.c calls it last. */
void kvp_llamacpp_server_lines(struct kvp_result *res)
{
	const struct kvp_engine_result *e = &res->engine;

	if (e->max_model_len < e->cells)
		eng_line(res, "srv    load_model: the slot context (%llu) exceeds the "
		         "training context of the model (%llu) - capping",
		         (unsigned long long)e->cells,
		         (unsigned long long)e->max_model_len);
}

/* The context: n_ctx = pad256(ctx), n_batch, n_ubatch, and one stream
 * of n_ctx cells (unified) or n_seq streams of pad256(n_ctx / n_seq). */
static enum kvp_status lc_geometry(struct lc_run *r)
{
	const struct kvp_llamacpp_opts *o = &r->p->engine.llamacpp;
	struct kvp_error *err = &r->res->error;

	r->ctx = o->ctx_size ? o->ctx_size : r->p->model.arch.max_positions;
	if (r->ctx == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.ctx_size: 0 - means the model's n_ctx_train, "
			"but model.arch.max_positions is unknown; give a context size");
	if (!kvp_round_up(r->ctx, LC_PAD, &r->n_ctx))
		return eng_overflow(r->res, "engine.llamacpp.ctx_size");
	r->n_batch = o->batch_size < r->ctx ? o->batch_size : r->ctx;
	r->n_ubatch = o->ubatch_size < r->n_batch ? o->ubatch_size : r->n_batch;
	if (r->unified) {
		r->n_ctx_seq = r->n_ctx;
		r->n_stream = 1;
		return KVP_OK;
	}
	if (!kvp_round_up(r->n_ctx / r->n_seq, LC_PAD, &r->n_ctx_seq))
		return eng_overflow(r->res, "engine.llamacpp.ctx_size");
	if (r->n_ctx_seq == 0)
		return kvp_error_set(err, KVP_EREFUSED,
			"llama.cpp: n_ctx_seq == 0 (engine.llamacpp.ctx_size %llu, "
			"parallel %llu)", (unsigned long long)r->ctx,
			(unsigned long long)r->n_seq);
	if (!kvp_mul(r->n_ctx_seq, r->n_seq, &r->n_ctx))
		return eng_overflow(r->res, "engine.llamacpp.ctx_size");
	r->n_stream = r->n_seq;
	return KVP_OK;
}

/* Full, sliding and chunked attention: Hkv x Dk and Hkv x Dv values (V
 * padded to the widest with flash attention off when widths differ);
 * full layers n_ctx_seq cells, SWA layers pad256(min(n_ctx_seq, n_swa x
 * (unified ? n_seq : 1) + n_ubatch)), or n_ctx_seq with --swa-full and
 * before the SWA cache (PR #13194). */
static enum kvp_status lc_attn(struct lc_run *r, struct kvp_layer_spec *sp,
                               uint64_t *kn, uint64_t *vn, uint64_t *cells)
{
	uint64_t want, mult = r->unified ? r->n_seq : 1;

	*kn = (uint64_t)sp->kv_heads * sp->k_dim;
	*vn = (uint64_t)sp->kv_heads * sp->v_dim;
	if (!r->fa && r->v_differ)
		*vn = r->v_wide;
	if (sp->kind == KVP_LAYER_FULL || r->p->engine.llamacpp.swa_full ||
	    !r->b.iswa) {
		*cells = r->n_ctx_seq;
		return KVP_OK;
	}
	if (!kvp_mul(sp->window, mult, &want) || !kvp_add(want, r->n_ubatch, &want))
		return eng_overflow(r->res, "model.layers[].window");
	if (want > r->n_ctx_seq)
		want = r->n_ctx_seq;
	if (!kvp_round_up(want, LC_PAD, cells))
		return eng_overflow(r->res, "model.layers[].window");
	return KVP_OK;
}

/* deepseek2: the latent is cached as K, V is a view of it (PR #19067);
 * before, V held kv_lora_rank values (n_embd_head_v_mla, PR #12801). */
static enum kvp_status lc_mla(struct lc_run *r, struct kvp_layer_spec *sp,
                              uint64_t *kn, uint64_t *vn, uint64_t *cells)
{
	const struct kvp_mla *m = &r->p->model.mla;

	sp->kv_heads = 1;
	sp->k_dim = m->kv_lora_rank + m->qk_rope_head_dim;
	sp->v_dim = r->b.v_mla ? m->kv_lora_rank : 0;
	*kn = sp->k_dim;
	*vn = sp->v_dim;
	*cells = r->n_ctx_seq;
	return KVP_OK;
}

/* What a layer kind holds per cell and how many cells; kinds without a
 * row (recurrent, shared-KV, MLP-only) hold no K or V rows. */
static const struct lc_layer_rule {
	enum kvp_layer_kind kind;
	enum kvp_status (*rows)(struct lc_run *, struct kvp_layer_spec *,
	                        uint64_t *, uint64_t *, uint64_t *);
	const char *source;
} layer_rules[] = {
	{ KVP_LAYER_FULL, lc_attn, "llama-kv-cache.cpp: n_ctx_seq cells" },
	{ KVP_LAYER_SLIDING, lc_attn,
	  "llama-kv-cache-iswa.cpp (PR #13194, #13833): the SWA cache" },
	{ KVP_LAYER_CHUNKED, lc_attn,
	  "llama-kv-cache-iswa.cpp: chunked layers in the SWA cache" },
	{ KVP_LAYER_MLA, lc_mla,
	  "llama-model.cpp deepseek2 (PR #12801, #19067): the latent as K" },
};

/* A layer's recurrent state: R (conv) and S (ssm) in f32 whatever
 * model.recur's formats (llama_model::create_memory passes GGML_TYPE_F32
 * for both to llama_memory_recurrent), rs_rows rows, added to the
 * layer's bytes. A recurrent layer's, or a full one's beside its KV
 * (model.recur.beside_full: llama-model.cpp create_memory's hybrid
 * filters for LLM_ARCH_FALCON_H1 keep attention and recurrent state on
 * every layer, llama-memory-hybrid.cpp). */
static enum kvp_status lc_state(struct lc_run *r, struct kvp_layer_result *lr,
                                struct kvp_layer_spec *sp)
{
	const struct kvp_recurrent *rc = &r->p->model.recur;
	uint64_t cb = 0, sb = 0, rows, b;

	if ((rc->conv_values || rc->ssm_values) &&
	    (!kvp_mul(rc->conv_values, 4, &cb) ||
	     !kvp_mul(rc->ssm_values, 4, &sb) ||
	     !kvp_add(cb, sb, &sp->state_bytes)))
		return eng_overflow(r->res, "model.recur.ssm_values");
	lr->spec.state_bytes = sp->state_bytes;
	rows = sp->state_bytes ? r->rs_rows : 0;
	if (sp->kind == KVP_LAYER_NONE)
		lr->slots = rows;
	if (!kvp_mul(sp->state_bytes, rows, &b) ||
	    !kvp_mul(cb, rows, &lr->conv_bytes) ||
	    !kvp_mul(sb, rows, &lr->ssm_bytes) ||
	    !kvp_add(lr->bytes, b, &lr->bytes))
		return eng_overflow(r->res, "model.layers[].state_bytes");
	if (sp->kind != KVP_LAYER_NONE)
		lr->beside_bytes = b;
	if (sp->state_bytes) {
		r->n_rs_layers++;
		if (!kvp_add(r->rs_bytes, b, &r->rs_bytes))
			return eng_overflow(r->res, "kv.state_bytes");
	}
	return KVP_OK;
}

/* A KV layer's cells in every stream, into the base cache or the SWA
 * cache of its cell count. */
static enum kvp_status lc_place(struct lc_run *r, struct kvp_layer_result *lr,
                                uint64_t cells)
{
	uint64_t slots;

	if (!kvp_mul(cells, r->n_stream, &slots) ||
	    !kvp_mul(slots, lr->bytes_per_position, &lr->bytes))
		return eng_overflow(r->res, "kv.bytes");
	lr->slots = slots;
	if (kvp_kind_windowed(lr->spec.kind) && r->b.iswa) {
		/* --swa-full still builds the second cache, with n_ctx_seq
		 * cells (llama-kv-cache-iswa.cpp: size_swa = size_base when
		 * swa_full); SWA caches go after the base one, by cell count */
		if (cells > r->cells_swa)
			r->cells_swa = cells;
		lc_add_swa(r->caches, &r->n_caches, cells, lr->k_row_bytes * slots,
		           lr->v_row_bytes * slots);
	} else {
		r->caches[0].layers++;
		r->caches[0].k_bytes += lr->k_row_bytes * slots;
		r->caches[0].v_bytes += lr->v_row_bytes * slots;
	}
	return KVP_OK;
}

/* Layer i: its rows in the cache types, then its cells or state. -ngl:
 * layers from i_gpu_start on the device (lc_offload.c, by build), their
 * KV with them (offload_kqv, the default). */
static enum kvp_status lc_layer(struct lc_run *r, uint32_t i)
{
	const struct kvp_llamacpp_opts *o = &r->p->engine.llamacpp;
	struct kvp_layer_result *lr = kvp_layer_rec_w(r->res, i);
	struct kvp_layer_spec sp = r->ls[i];
	uint64_t kn = 0, vn = 0, krow = 0, vrow = 0, cells = 0;
	struct kvp_error *err = &r->res->error;
	enum kvp_status st;
	size_t k;

	lr->on_device = i >= r->b.gpu_first;
	for (k = 0; k < sizeof layer_rules / sizeof layer_rules[0]; k++)
		if (layer_rules[k].kind == sp.kind &&
		    (st = layer_rules[k].rows(r, &sp, &kn, &vn, &cells)) != KVP_OK)
			return st;
	sp.k_fmt = kvp_format_plain(o->cache_type_k);
	sp.v_fmt = kvp_format_plain(o->cache_type_v);
	if (sp.kind == KVP_LAYER_NONE)
		sp.k_fmt = sp.v_fmt = kvp_format_plain(KVP_DT_F32);
	/* the types are global options: the message names them */
	if (kn && (st = kvp_format_row_bytes(&sp.k_fmt, kn, &krow,
	                "engine.llamacpp.cache_type_k", err)) != KVP_OK)
		return st;
	if (vn && (st = kvp_format_row_bytes(&sp.v_fmt, vn, &vrow,
	                "engine.llamacpp.cache_type_v", err)) != KVP_OK)
		return st;
	lr->spec = sp;
	lr->k_row_bytes = krow;
	lr->v_row_bytes = vrow;
	lr->bytes_per_position = krow + vrow;
	lr->bytes = lr->conv_bytes = lr->ssm_bytes = lr->beside_bytes = 0;
	lr->slots = 0;
	if (cells && (st = lc_place(r, lr, cells)) != KVP_OK)
		return st;
	if (sp.kind == KVP_LAYER_NONE || sp.state_bytes)
		return lc_state(r, lr, &sp);
	return KVP_OK;
}

/* The workload's sequences are not what llama.cpp allocates: how many of
 * its requests the streams (or the unified cache's cells) hold. */
static enum kvp_status lc_workload_fit(struct lc_run *r)
{
	struct kvp_engine_result *e = &r->res->engine;
	struct eng_req req[ENG_MAX_REQ];
	uint64_t cost[ENG_MAX_REQ], total = 0, cap;
	uint32_t n = 0, k;
	enum kvp_status st = eng_requests(r->p, req, &n, &r->res->error);

	if (st != KVP_OK)
		return st;
	for (k = 0; k < n; k++) {
		if (req[k].len > r->slot)
			cost[k] = UINT64_MAX;   /* longer than a slot: refused */
		else if (r->unified && !kvp_mul(req[k].len, req[k].samples, &cost[k]))
			cost[k] = UINT64_MAX;   /* one stream: its cells */
		else if (!r->unified)
			cost[k] = req[k].samples;   /* a stream per sequence */
		total += req[k].count;
	}
	cap = r->unified ? r->n_ctx : r->n_stream;
	e->workload_fit = eng_fit(req, cost, n, 0, cap, r->n_seq);
	/* llama-server fills its slots whatever the cells: on a unified
	 * cache, requests its slots take beyond what the cells hold are
	 * not queued but ended (server-context.cpp update_slots, PR #16736:
	 * "If we still run out of space, terminate all active slots") */
	if (r->unified && r->n_seq > 1 &&
	    e->workload_fit < (total < r->n_seq ? total : r->n_seq))
		e->slots_run = total < r->n_seq ? total : r->n_seq;
	snprintf(e->note, sizeof e->note,
	         "llama.cpp allocates by ctx_size/parallel (%llu stream%s x %llu "
	         "cells), not by the workload: %llu of its %llu requests fit at once%s",
	         (unsigned long long)r->n_stream, r->n_stream == 1 ? "" : "s",
	         (unsigned long long)r->n_ctx_seq,
	         (unsigned long long)e->workload_fit, (unsigned long long)total,
	         r->p->devices.tp > 1 ? "; --split-mode row: the whole cache on the "
	         "main GPU (rank 0)" : "");
	if (r->slot < r->n_ctx_seq) {
		size_t used = strlen(e->note);

		snprintf(e->note + used, sizeof e->note - used,
		         "; slots capped at n_ctx_train %llu", (unsigned long long)r->slot);
	}
	eng_mix_fit(r->res, req, cost, n, 0, cap, r->n_seq);
	return KVP_OK;
}

/* The run's options, build and context before the layers. */
static enum kvp_status lc_begin(struct lc_run *r, const struct kvp_plan *p,
                                const struct kvp_layer_spec *ls,
                                struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	enum kvp_status st;

	memset(r, 0, sizeof *r);
	r->p = p;
	r->ls = ls;
	r->res = res;
	if ((st = lc_check_opts(p, ls, res)) != KVP_OK ||
	    (st = lc_era(p, ls, res, &r->b)) != KVP_OK)
		return st;
	r->fa = lc_flash_attn(p) != KVP_OFF;
	r->n_seq = o->parallel;
	r->unified = o->kv_unified || r->b.unified;   /* before PR #14363: always */
	if ((st = lc_geometry(r)) != KVP_OK ||
	    (st = lc_slot_ctx(p, r->n_ctx_seq, res, &r->slot)) != KVP_OK)
		return st;
	r->v_wide = lc_v_widest(p, ls, &r->v_differ);
	r->n_caches = 1;
	r->caches[0].cells = r->n_ctx_seq;
	/* llama-memory-recurrent.cpp (PR #22673): mem_size = max(1,
	 * n_seq_max) cells, each layer's R and S tensors of mem_size x (1 +
	 * n_rs_seq) rows */
	r->rs_cells = r->n_seq > 1 ? r->n_seq : 1;
	if (!kvp_mul(r->rs_cells, (uint64_t)lc_rs_seq(p) + 1, &r->rs_rows))
		return eng_overflow(res, "engine.llamacpp.rs_seq");
	return KVP_OK;
}

enum kvp_status kvp_engine_llamacpp(const struct kvp_plan *p,
                                    const struct kvp_layer_spec *ls,
                                    struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_engine_result *e = &res->engine;
	struct lc_run r;
	uint64_t slots_full;
	uint32_t i;
	enum kvp_status st;

	if ((st = lc_begin(&r, p, ls, res)) != KVP_OK)
		return st;
	for (i = 0; i < p->model.n_layers; i++)
		if ((st = lc_layer(&r, i)) != KVP_OK)
			return st;
	if (!kvp_mul(r.n_ctx_seq, r.n_stream, &slots_full))
		return eng_overflow(res, "kv.slots_allocated");
	if ((st = eng_finish_kv(p, res, slots_full, 1)) != KVP_OK)
		return st;
	e->cells = r.n_ctx_seq;
	e->cells_swa = r.cells_swa;
	e->streams = r.n_stream;
	e->tokens = r.n_ctx;
	e->max_model_len = r.slot;   /* a request's longest: the server's slot */
	e->max_requests = r.n_seq;
	lc_lines(p, res, r.caches, r.n_caches, &(struct lc_print){
		.unified = r.unified, .n_ctx = r.n_ctx, .ctx = r.ctx,
		.n_ctx_seq = r.n_ctx_seq, .n_seq = r.n_seq, .n_stream = r.n_stream,
		.v_pad = !r.fa && r.v_differ, .v_wide = r.v_wide,
		.rs_layers = r.n_rs_layers, .rs_bytes = r.rs_bytes,
		.rs_cells = r.rs_cells, .rs_seq = lc_rs_seq(p),
		.tk = kvp_dtype_name(o->cache_type_k),
		.tv = kvp_dtype_name(o->cache_type_v) });
	return lc_workload_fit(&r);
}
