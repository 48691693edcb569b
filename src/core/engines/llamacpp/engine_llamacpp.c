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
 */
#include <stdio.h>  /* snprintf into result buffers only */
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"
#include "core/engines/llamacpp/lc_offload.h"
#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/checked.h"
#include "kvplan/era.h"

#define LC_MAX_SEQ 256u      /* LLAMA_MAX_SEQ */
#define LC_MAX_CACHES 4u

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

static enum kvp_status lc_check_opts(const struct kvp_plan *p,
                                     const struct kvp_layer_spec *ls,
                                     struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_error *err = &res->error;
	enum kvp_status st;
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
	if ((st = lc_check_blocks(p, ls, err)) != KVP_OK)
		return st;
	if (o->parallel > LC_MAX_SEQ)
		return kvp_error_set(err, KVP_EREFUSED,
			"llama.cpp: n_seq_max must be <= %u (engine.llamacpp.parallel %u)",
			LC_MAX_SEQ, o->parallel);
	return KVP_OK;
}

/* What a named build changes (kvplan/era.h); the current build has all. */
struct lc_build {
	bool iswa;       /* separate SWA cache (PR #13194) */
	bool v_mla;      /* MLA layers store V too (before PR #19067) */
	bool unified;    /* one cache for all sequences (before PR #14363) */
	uint64_t gpu_first; /* first repeating layer -ngl puts on the device
	                     (lc_offload.c, PR #18148) */
};

/* Sliding layers: one full-size cache before PR #13194 (--swa-full did
 * not exist: refused rather than ignored); n_batch in the SWA size before
 * PR #13833 (not modelled: refused unless --swa-full). */
static enum kvp_status lc_era_swa(const struct kvp_plan *p, struct kvp_result *res,
                                  struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool ubatch;

	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_ISWA, &b->iswa, &res->error)) != KVP_OK)
		return st;
	if (!b->iswa && o->llamacpp.swa_full)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.swa_full: on - build %s predates --swa-full "
			"(PR #13194): its one cache is full size already", o->version);
	if (!b->iswa || o->llamacpp.swa_full)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_SWA_UBATCH, &ubatch, &res->error)) != KVP_OK)
		return st;
	return KVP_OK;
}

/* MLA: refused before PR #12801; V of kv_lora_rank values before #19067. */
static enum kvp_status lc_era_mla(const struct kvp_plan *p, struct kvp_result *res,
                                  struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool has;

	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_MLA, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.version: %s - llama.cpp before PR #12801 cached every "
			"head's K and V for deepseek2, which kvplan does not model; give "
			"b5331 or later", o->version);
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_MLA_K_ONLY, &has, &res->error)) != KVP_OK)
		return st;
	b->v_mla = !has;
	return KVP_OK;
}

/* Cells: one unified cache before PR #14363 (only matters for several
 * sequences without --kv-unified); n_ctx padded to 32 without flash
 * attention before PR #17046 (only matters when ctx is not a multiple of
 * 256, refused then). */
static enum kvp_status lc_era_cells(const struct kvp_plan *p, struct kvp_result *res,
                                    struct lc_build *b)
{
	const struct kvp_engine_opts *o = &p->engine;
	uint64_t ctx = o->llamacpp.ctx_size ? o->llamacpp.ctx_size :
	               p->model.arch.max_positions;
	enum kvp_status st;
	bool has;

	if (o->llamacpp.parallel > 1 && !o->llamacpp.kv_unified) {
		if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_STREAMS, &has, &res->error)) != KVP_OK)
			return st;
		b->unified = !has;
	}
	if (ctx % LC_PAD == 0)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_PAD256, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.ctx_size: %llu - build %s padded the cache to 256 "
			"cells with flash attention and 32 without (before PR #17046); "
			"give a multiple of 256", (unsigned long long)ctx, o->version);
	return KVP_OK;
}

/* Recurrent-state snapshots (n_rs_seq) exist from PR #22673 on: a build
 * before it with rs_seq above 0 is refused rather than sized without them. */
static enum kvp_status lc_era_rs(const struct kvp_plan *p, struct kvp_result *res)
{
	const struct kvp_engine_opts *o = &p->engine;
	enum kvp_status st;
	bool has;

	if (!o->llamacpp.rs_seq)
		return KVP_OK;
	if ((st = kvp_era_rule_at(o, KVP_ERA_LLAMACPP_RS_SEQ, &has, &res->error)) != KVP_OK)
		return st;
	if (!has)
		return kvp_error_set(&res->error, KVP_EINVAL,
			"engine.llamacpp.rs_seq: %u - build %s keeps no recurrent-state "
			"snapshots (n_rs_seq came with PR #22673, b9180); give 0",
			(unsigned)o->llamacpp.rs_seq, o->version);
	return KVP_OK;
}

static enum kvp_status lc_era(const struct kvp_plan *p,
                              const struct kvp_layer_spec *ls,
                              struct kvp_result *res, struct lc_build *b)
{
	bool mla = false, swa = false, out;
	enum kvp_status st;
	uint32_t i;

	b->iswa = true;
	b->v_mla = b->unified = false;
	for (i = 0; i < p->model.n_layers; i++) {
		mla |= ls[i].kind == KVP_LAYER_MLA;
		swa |= kvp_kind_windowed(ls[i].kind);
	}
	if ((st = lc_era_rs(p, res)) != KVP_OK)
		return st;
	if (swa && (st = lc_era_swa(p, res, b)) != KVP_OK)
		return st;
	if (mla && (st = lc_era_mla(p, res, b)) != KVP_OK)
		return st;
	if ((st = lc_ngl_split(p, p->model.n_layers, &b->gpu_first, &out,
	                       &res->error)) != KVP_OK)
		return st;
	return lc_era_cells(p, res, b);
}

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
	if (zero && first)
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

enum kvp_status kvp_engine_llamacpp(const struct kvp_plan *p,
                                    const struct kvp_layer_spec *ls,
                                    struct kvp_result *res)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_engine_result *e = &res->engine;
	struct kvp_error *err = &res->error;
	struct lc_cache caches[LC_MAX_CACHES]; /* [0] base, then SWA caches */
	uint32_t n_caches = 1, n_rs_layers = 0, i;
	uint64_t ctx, n_ctx, n_ctx_seq, n_batch, n_ubatch, n_seq, n_stream, slot;
	uint64_t v_wide, cells_swa = 0, rs_bytes = 0, rs_cells, rs_rows, slots_full;
	bool fa, v_differ, unified;
	struct lc_build b;
	enum kvp_status st;
	const char *tk, *tv;

	st = lc_check_opts(p, ls, res);
	if (st == KVP_OK)
		st = lc_era(p, ls, res, &b);
	if (st != KVP_OK)
		return st;
	fa = lc_flash_attn(p) != KVP_OFF;
	tk = kvp_dtype_name(o->cache_type_k);
	tv = kvp_dtype_name(o->cache_type_v);
	n_seq = o->parallel;
	unified = o->kv_unified || b.unified;   /* before PR #14363: always */

	ctx = o->ctx_size ? o->ctx_size : p->model.arch.max_positions;
	if (ctx == 0)
		return kvp_error_set(err, KVP_EINVAL,
			"engine.llamacpp.ctx_size: 0 - means the model's n_ctx_train, "
			"but model.arch.max_positions is unknown; give a context size");
	if (!kvp_round_up(ctx, LC_PAD, &n_ctx))
		return eng_overflow(res, "engine.llamacpp.ctx_size");
	n_batch = o->batch_size < ctx ? o->batch_size : ctx;
	n_ubatch = o->ubatch_size < n_batch ? o->ubatch_size : n_batch;
	if (unified) {
		n_ctx_seq = n_ctx;
		n_stream = 1;
	} else {
		if (!kvp_round_up(n_ctx / n_seq, LC_PAD, &n_ctx_seq))
			return eng_overflow(res, "engine.llamacpp.ctx_size");
		if (n_ctx_seq == 0)
			return kvp_error_set(err, KVP_EREFUSED,
				"llama.cpp: n_ctx_seq == 0 (engine.llamacpp.ctx_size %llu, "
				"parallel %llu)", (unsigned long long)ctx,
				(unsigned long long)n_seq);
		if (!kvp_mul(n_ctx_seq, n_seq, &n_ctx))
			return eng_overflow(res, "engine.llamacpp.ctx_size");
		n_stream = n_seq;
	}

	if ((st = lc_slot_ctx(p, n_ctx_seq, res, &slot)) != KVP_OK)
		return st;
	v_wide = lc_v_widest(p, ls, &v_differ);
	memset(caches, 0, sizeof caches);
	caches[0].cells = n_ctx_seq;
	/* llama-memory-recurrent.cpp (PR #22673): mem_size = max(1,
	 * n_seq_max) cells, each layer's R and S tensors of mem_size x (1 +
	 * n_rs_seq) rows */
	rs_cells = n_seq > 1 ? n_seq : 1;
	if (!kvp_mul(rs_cells, (uint64_t)lc_rs_seq(p) + 1, &rs_rows))
		return eng_overflow(res, "engine.llamacpp.rs_seq");

	for (i = 0; i < p->model.n_layers; i++) {
		struct kvp_layer_result *lr = &res->layers[i];
		struct kvp_layer_spec sp = ls[i];
		uint64_t kn = 0, vn = 0, krow = 0, vrow = 0, cells = 0, slots;

		/* -ngl: layers from i_gpu_start on the device (lc_offload.c,
		 * by build); their KV with them (offload_kqv, the default) */
		lr->on_device = i >= b.gpu_first;
		switch (sp.kind) {
		case KVP_LAYER_FULL:
		case KVP_LAYER_SLIDING:
		case KVP_LAYER_CHUNKED:
			kn = (uint64_t)sp.kv_heads * sp.k_dim;
			vn = (uint64_t)sp.kv_heads * sp.v_dim;
			if (!fa && v_differ)
				vn = v_wide;
			/* before the SWA cache (PR #13194) every layer has
			 * the one cache's n_ctx_seq cells */
			if (sp.kind == KVP_LAYER_FULL || o->swa_full || !b.iswa) {
				cells = n_ctx_seq;
			} else {
				uint64_t want, mult = unified ? n_seq : 1;

				if (!kvp_mul(sp.window, mult, &want) ||
				    !kvp_add(want, n_ubatch, &want))
					return eng_overflow(res, "model.layers[].window");
				if (want > n_ctx_seq)
					want = n_ctx_seq;
				if (!kvp_round_up(want, LC_PAD, &cells))
					return eng_overflow(res, "model.layers[].window");
			}
			break;
		case KVP_LAYER_MLA:
			/* deepseek2: the latent is cached as K, V is a view of
			 * it (PR #19067); before, V held kv_lora_rank values
			 * (n_embd_head_v_mla, PR #12801) */
			sp.kv_heads = 1;
			sp.k_dim = p->model.mla.kv_lora_rank + p->model.mla.qk_rope_head_dim;
			sp.v_dim = b.v_mla ? p->model.mla.kv_lora_rank : 0;
			kn = sp.k_dim;
			vn = sp.v_dim;
			cells = n_ctx_seq;
			break;
		case KVP_LAYER_NONE:
		case KVP_LAYER_SHARED:
		default:
			break;
		}
		sp.k_fmt = kvp_format_plain(o->cache_type_k);
		sp.v_fmt = kvp_format_plain(o->cache_type_v);
		if (sp.kind == KVP_LAYER_NONE) {
			sp.k_fmt = sp.v_fmt = kvp_format_plain(KVP_DT_F32);
		}
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
		if (sp.kind == KVP_LAYER_NONE) {
			const struct kvp_recurrent *rc = &p->model.recur;

			/* State from its components: llama.cpp keeps R (conv)
			 * and S (ssm) in f32 whatever model.recur's formats
			 * (llama_model::create_memory passes GGML_TYPE_F32 for
			 * both to llama_memory_recurrent). */
			if ((rc->conv_values || rc->ssm_values) &&
			    (!kvp_mul(rc->conv_values, 4, &lr->conv_bytes) ||
			     !kvp_mul(rc->ssm_values, 4, &lr->ssm_bytes) ||
			     !kvp_add(lr->conv_bytes, lr->ssm_bytes, &sp.state_bytes)))
				return eng_overflow(res, "model.recur.ssm_values");
			lr->spec.state_bytes = sp.state_bytes;
			lr->slots = sp.state_bytes ? rs_rows : 0;
			if (!kvp_mul(sp.state_bytes, lr->slots, &lr->bytes) ||
			    !kvp_mul(lr->conv_bytes, lr->slots, &lr->conv_bytes) ||
			    !kvp_mul(lr->ssm_bytes, lr->slots, &lr->ssm_bytes))
				return eng_overflow(res, "model.layers[].state_bytes");
			if (sp.state_bytes) {
				n_rs_layers++;
				if (!kvp_add(rs_bytes, lr->bytes, &rs_bytes))
					return eng_overflow(res, "kv.state_bytes");
			}
			continue;
		}
		if (!cells) {
			lr->slots = 0;
			lr->bytes = 0;
			continue;
		}
		if (!kvp_mul(cells, n_stream, &slots) ||
		    !kvp_mul(slots, lr->bytes_per_position, &lr->bytes))
			return eng_overflow(res, "kv.bytes");
		lr->slots = slots;
		if (kvp_kind_windowed(sp.kind) && b.iswa) {
			/* --swa-full still builds the second cache, with
			 * n_ctx_seq cells (llama-kv-cache-iswa.cpp: size_swa =
			 * size_base when swa_full) */
			uint64_t kb = krow * slots, vb = vrow * slots;

			if (cells > cells_swa)
				cells_swa = cells;
			/* SWA caches go after the base one, by cell count. */
			lc_add_swa(caches, &n_caches, cells, kb, vb);
		} else {
			caches[0].layers++;
			caches[0].k_bytes += krow * slots;
			caches[0].v_bytes += vrow * slots;
		}
	}
	if (!kvp_mul(n_ctx_seq, n_stream, &slots_full))
		return eng_overflow(res, "kv.slots_allocated");
	st = eng_finish_kv(p, res, slots_full, 1);
	if (st != KVP_OK)
		return st;

	e->cells = n_ctx_seq;
	e->cells_swa = cells_swa;
	e->streams = n_stream;
	e->tokens = n_ctx;
	e->max_model_len = slot;   /* a request's longest: the server's slot */
	e->max_requests = n_seq;

	lc_lines(p, res, caches, n_caches, &(struct lc_print){
		.unified = unified, .n_ctx = n_ctx, .ctx = ctx, .n_ctx_seq = n_ctx_seq,
		.n_seq = n_seq, .n_stream = n_stream, .v_pad = !fa && v_differ,
		.v_wide = v_wide, .rs_layers = n_rs_layers, .rs_bytes = rs_bytes,
		.rs_cells = rs_cells, .rs_seq = lc_rs_seq(p), .tk = tk, .tv = tv });

	/* The workload's sequences are not what llama.cpp allocates. */
	{
		struct eng_req req[ENG_MAX_REQ];
		uint64_t cost[ENG_MAX_REQ], total = 0;
		uint32_t n = 0, k;

		st = eng_requests(p, req, &n, err);
		if (st != KVP_OK)
			return st;
		for (k = 0; k < n; k++) {
			if (req[k].len > slot) {
				/* longer than a slot: the server refuses it */
				cost[k] = UINT64_MAX;
			} else if (unified) {
				/* one shared stream: each sequence takes its cells */
				if (!kvp_mul(req[k].len, req[k].samples, &cost[k]))
					cost[k] = UINT64_MAX;
			} else {
				/* a stream per sequence */
				cost[k] = req[k].samples;
			}
			total += req[k].count;
		}
		e->workload_fit = eng_fit(req, cost, n, 0,
		                          unified ? n_ctx : n_stream, n_seq);
		snprintf(e->note, sizeof e->note,
		         "llama.cpp allocates by ctx_size/parallel (%llu stream%s x %llu "
		         "cells), not by the workload: %llu of its %llu requests fit at once%s",
		         (unsigned long long)n_stream, n_stream == 1 ? "" : "s",
		         (unsigned long long)n_ctx_seq,
		         (unsigned long long)e->workload_fit, (unsigned long long)total,
		         p->devices.tp > 1 ? "; --split-mode row: the whole cache on the "
		         "main GPU (rank 0)" : "");
		if (slot < n_ctx_seq) {
			size_t used = strlen(e->note);

			snprintf(e->note + used, sizeof e->note - used,
			         "; slots capped at n_ctx_train %llu",
			         (unsigned long long)slot);
		}
		eng_mix_fit(res, req, cost, n, 0, unified ? n_ctx : n_stream, n_seq);
	}
	return KVP_OK;
}
