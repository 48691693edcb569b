/*
 * src/core/compare/ - one plan read across engines, after kvp_compute:
 * compare.c (this file) computes it under every engine and explains each
 * difference from the generic strategy; translate.c gives one engine's
 * budget setting as the equivalent settings of the others; teach.c the
 * GQA/MQA teaching table (the plan at every KV-head grouping).
 *
 * compare.c - kvp_compare: the plan under every engine, side by side, each
 * difference from the generic strategy explained in one line from the
 * engine's own derived quantities (see compare.h). Percentages are exact
 * integer ratios in parts per million, rounded half away from zero when
 * shown with one decimal.
 */
#include <stdio.h>  /* snprintf into caller buffers only */
#include <string.h>

#include "kvplan/checked.h"
#include "kvplan/compare.h"
#include "kvplan/solve.h"
#include "kvplan/compute.h"
#include "kvplan/units.h"

/* (a - b) / b in ppm, saturating; 0 when b is 0. */
static int64_t ratio_ppm(uint64_t a, uint64_t b)
{
	unsigned __int128 d;
	bool neg = a < b;

	if (b == 0)
		return 0;
	d = neg ? (unsigned __int128)(b - a) : (unsigned __int128)(a - b);
	d = (d * 1000000u + b / 2) / b;
	if (d > (unsigned __int128)INT64_MAX)
		d = INT64_MAX;
	return neg ? -(int64_t)d : (int64_t)d;
}

/* "+12.5%" from ppm (one decimal, half away from zero). */
const char *kvp_compare_pct(int64_t ppm, char *buf, size_t n)
{
	uint64_t mag = ppm < 0 ? (uint64_t)0 - (uint64_t)ppm : (uint64_t)ppm;
	uint64_t tenths = (mag + 500) / 1000;

	snprintf(buf, n, "%s%llu.%llu%%", ppm < 0 ? "-" : "+",
	         (unsigned long long)(tenths / 10), (unsigned long long)(tenths % 10));
	return buf;
}

static void why_generic(const struct kvp_plan *p, const struct kvp_result *r,
                        char *buf, size_t n)
{
	char a[40], b[40];

	snprintf(buf, n, "baseline: the %s strategy allocates %s for %s of tokens held",
	         kvp_strategy_name(p->strategy.kind), kvp_fmt_gib(r->kv.bytes, 2, a, sizeof a),
	         kvp_fmt_gib(r->kv.bytes_needed, 2, b, sizeof b));
}

/* True when some layer's V row is wider than its own heads x v_dim in
 * cache_type_v: llama.cpp padded it (flash attention off). */
static bool v_padded(const struct kvp_llamacpp_opts *o, const struct kvp_result *r)
{
	struct kvp_format f = kvp_format_plain(o->cache_type_v);
	uint32_t i;

	for (i = 0; i < r->n_layers; i++) {
		const struct kvp_layer_spec *sp = &kvp_layer_rec(r, i)->spec;
		uint64_t own;

		if (sp->kind != KVP_LAYER_FULL && sp->kind != KVP_LAYER_SLIDING &&
		    sp->kind != KVP_LAYER_CHUNKED)
			continue;
		if (kvp_format_row_bytes(&f, (uint64_t)sp->kv_heads * sp->v_dim, &own,
		                         "v", NULL) == KVP_OK &&
		    kvp_layer_rec(r, i)->v_row_bytes > own)
			return true;
	}
	return false;
}

static void why_llamacpp(const struct kvp_plan *p, const struct kvp_result *r,
                         const char *diff, char *buf, size_t n)
{
	const struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	uint64_t req = o->ctx_size ? o->ctx_size : p->model.arch.max_positions;
	uint64_t alloc = r->engine.cells * r->engine.streams;
	size_t at;
	char x[24];

	at = (size_t)snprintf(buf, n, "%s: sized by -c/-np (%llu x %llu cells), "
	                      "not the workload: %llu of %llu requests fit", diff,
	                      (unsigned long long)r->engine.streams,
	                      (unsigned long long)r->engine.cells,
	                      (unsigned long long)r->engine.workload_fit,
	                      (unsigned long long)r->kv.requests);
	if (at < n && req && alloc != req)
		at += (size_t)snprintf(buf + at, n - at, "; %s from 256-cell padding "
		                       "(%llu cells for ctx_size %llu)",
		                       kvp_compare_pct(ratio_ppm(alloc, req), x,
		                                       sizeof x),
		                       (unsigned long long)alloc, (unsigned long long)req);
	if (at < n && r->engine.cells_swa && r->engine.cells_swa != r->engine.cells)
		at += (size_t)snprintf(buf + at, n - at, "; SWA layers %llu cells",
		                       (unsigned long long)r->engine.cells_swa);
	if (at < n && (o->cache_type_k != p->model.base.k_fmt.dtype ||
	               o->cache_type_v != p->model.base.v_fmt.dtype))
		at += (size_t)snprintf(buf + at, n - at, "; -ctk/-ctv %s/%s (model %s/%s)",
		                       kvp_dtype_name(o->cache_type_k), kvp_dtype_name(o->cache_type_v),
		                       kvp_dtype_name(p->model.base.k_fmt.dtype),
		                       kvp_dtype_name(p->model.base.v_fmt.dtype));
	if (at < n && v_padded(o, r))
		snprintf(buf + at, n - at, "; V rows padded to the widest (FA off)");
}

static void why_pool(const struct kvp_plan *p, const struct kvp_result *r,
                     const char *diff, char *buf, size_t n)
{
	char a[40], b[80], c[40];
	size_t at;

	switch (r->engine.kind) {
	case KVP_ENGINE_VLLM:
		kvp_engine_prefix_words(&r->engine, b, sizeof b);
		at = (size_t)snprintf(buf, n, "%s: the pool fills its budget (%s): %s blocks "
		                      "of %llu tokens; with %s, %llu of %llu requests fit",
		                      diff, kvp_fmt_gib(r->engine.budget_bytes, 2, a, sizeof a),
		                      kvp_fmt_int(r->engine.blocks, c, sizeof c),
		                      (unsigned long long)r->engine.block_size, b,
		                      (unsigned long long)r->engine.workload_fit,
		                      (unsigned long long)r->kv.requests);
		if (at < n && r->engine.n_lines &&
		    !strncmp(r->engine.lines[0], "Add ", 4))
			snprintf(buf + at, n - at, "; hybrid groups add padding layers");
		break;
	case KVP_ENGINE_SGLANG:
		snprintf(buf, n, "%s: one token pool of %s tokens from mem_fraction_static; "
		         "%llu of %llu requests fit; req_to_token table %s beside it", diff,
		         kvp_fmt_int(r->engine.tokens, c, sizeof c),
		         (unsigned long long)r->engine.workload_fit,
		         (unsigned long long)r->kv.requests,
		         kvp_fmt_gib(r->engine.aux_bytes, 2, b, sizeof b));
		break;
	case KVP_ENGINE_TRTLLM:
		snprintf(buf, n, "%s: free_gpu_memory_fraction %u.%02u of the free memory: "
		         "%s tokens in blocks of %llu; %llu of %llu requests fit", diff,
		         p->engine.trtllm.free_gpu_memory_fraction / 1000000,
		         p->engine.trtllm.free_gpu_memory_fraction % 1000000 / 10000,
		         kvp_fmt_int(r->engine.tokens, c, sizeof c),
		         (unsigned long long)r->engine.block_size,
		         (unsigned long long)r->engine.workload_fit,
		         (unsigned long long)r->kv.requests);
		break;
	default:
		buf[0] = '\0';
	}
}

static void why_transformers(const struct kvp_result *r, const char *diff,
                             char *buf, size_t n)
{
	char x[24];

	snprintf(buf, n, "%s: one batch of %llu rows, each %llu positions; %s over the "
	         "tokens held from padding every row to the longest", diff,
	         (unsigned long long)r->engine.streams,
	         (unsigned long long)r->engine.max_model_len,
	         kvp_compare_pct(ratio_ppm(r->kv.bytes, r->kv.bytes_needed), x,
	                         sizeof x));
}

/* "; 113 requests of your mix fit (you have 6)" after the row's why,
 * when the line has room. */
static void add_mix(struct kvp_compare_row *row)
{
	char a[32], b[32], add[128];
	size_t len = strlen(row->why);

	if (!row->mix_bound)
		return;
	kvp_fmt_int(row->mix_fit, a, sizeof a);
	kvp_fmt_int(row->requests, b, sizeof b);
	snprintf(add, sizeof add, "; %s request%s of your mix fit (you have %s)",
	         a, row->mix_fit == 1 ? "" : "s", b);
	if (len + strlen(add) < sizeof row->why)
		memcpy(row->why + len, add, strlen(add) + 1);
}

/* q under engine k, from p's options: the plan's release stays with the
 * engine it names, the others run their current rules. */
static void engine_of(struct kvp_plan *q, const struct kvp_plan *p,
                      enum kvp_engine_kind k)
{
	q->engine = p->engine;
	kvp_engine_switch(&q->engine, k);
}

/* The row's figures and log lines from engine k's result r. */
static void row_figures(struct kvp_compare_row *row, const struct kvp_result *r)
{
	uint32_t l;

	row->kv_bytes = r->kv.bytes;
	row->device_bytes = r->kv.device_bytes;
	row->bytes_needed = r->kv.bytes_needed;
	row->slots = r->kv.slots_allocated;
	row->cells = r->engine.cells;
	row->streams = r->engine.streams;
	row->blocks = r->engine.blocks;
	row->tokens = r->engine.tokens;
	row->requests = r->kv.requests;
	row->workload_fit = r->engine.workload_fit;   /* calc's, as it is */
	row->concurrency_x100 = r->engine.concurrency_x100;
	row->max_len_fit = r->engine.max_len_fit;
	row->n_lines = r->engine.n_lines;
	for (l = 0; l < r->engine.n_lines && l < KVP_MAX_LINES; l++)
		memcpy(row->lines[l], r->engine.lines[l], KVP_LINE_MAX);
	if (kvp_engine_lines_reworded(&r->engine))
		snprintf(row->lines_note, sizeof row->lines_note,
		         "in the words of %s; %s may word some lines otherwise",
		         r->engine.lines_wording, r->engine.release);
}

/* A named engine's difference from the generic cache (base, when the
 * generic row computed) and why. */
static void row_why(const struct kvp_plan *p, const struct kvp_result *r,
                    bool have_base, uint64_t base,
                    struct kvp_compare_row *row)
{
	char diff[24];

	if (have_base) {
		/* saturated past 8 EiB either way */
		kvp_diff_i64(r->kv.bytes, base, &row->diff_bytes);
		row->diff_ppm = ratio_ppm(r->kv.bytes, base);
		kvp_compare_pct(row->diff_ppm, diff, sizeof diff);
	} else {
		snprintf(diff, sizeof diff, "n/a");
	}
	switch (row->kind) {
	case KVP_ENGINE_LLAMACPP:
		why_llamacpp(p, r, diff, row->why, sizeof row->why);
		break;
	case KVP_ENGINE_TRANSFORMERS:
		why_transformers(r, diff, row->why, sizeof row->why);
		break;
	default:
		why_pool(p, r, diff, row->why, sizeof row->why);
		break;
	}
}

/* Last, as it reuses scratch: how many of the mix and of the workload
 * fit under each engine that computed, devices included - calc's
 * result.mix (kvp_mix_of). */
static void rows_mix(const struct kvp_plan *p, struct kvp_plan *q,
                     struct kvp_result *scratch, struct kvp_compare *out)
{
	uint32_t i;

	for (i = 0; i < KVP_ENGINE_COUNT; i++) {
		struct kvp_compare_row *row = &out->rows[i];
		struct kvp_mix_result m;

		if (row->status != KVP_OK)
			continue;
		engine_of(q, p, row->kind);
		kvp_mix_of(q, scratch, &m);
		row->mix_fit = m.computed ? m.mix_fit : row->requests;
		row->mix_bound = m.computed && m.bound;
		row->requests_fit = m.requests_fit;
		add_mix(row);
	}
}

enum kvp_status kvp_compare(const struct kvp_plan *p, struct kvp_result *scratch,
                            struct kvp_compare *out, struct kvp_error *err)
{
	struct kvp_plan q = *p;
	uint64_t base = 0;
	bool have_base = false;
	uint32_t i, n_ok = 0;
	enum kvp_status first = KVP_OK;
	struct kvp_error first_err;

	memset(out, 0, sizeof *out);
	memset(&first_err, 0, sizeof first_err);
	out->n_rows = KVP_ENGINE_COUNT;
	for (i = 0; i < KVP_ENGINE_COUNT; i++) {
		struct kvp_compare_row *row = &out->rows[i];
		const struct kvp_result *r = scratch;

		row->kind = (enum kvp_engine_kind)i;
		engine_of(&q, p, row->kind);
		row->status = kvp_compute(&q, scratch);
		if (row->status != KVP_OK) {
			snprintf(row->error, sizeof row->error, "%s", scratch->error.msg);
			if (i == KVP_ENGINE_GENERIC) {
				first = row->status;
				first_err = scratch->error;
			}
			continue;
		}
		n_ok++;
		row_figures(row, r);
		if (i == KVP_ENGINE_GENERIC) {
			base = r->kv.bytes;
			have_base = true;
			why_generic(p, r, row->why, sizeof row->why);
			continue;
		}
		row_why(p, r, have_base, base, row);
	}
	/* A plan no engine takes is bad in itself: the generic cache's
	 * refusal is the answer. One only some engines refuse (a draft
	 * model is sized for llama.cpp and vLLM only) is a table whose
	 * refused rows say why, the generic one included. */
	if (n_ok == 0) {   /* the generic row is first: first is set */
		if (err)
			*err = first_err;
		return first;
	}
	rows_mix(p, &q, scratch, out);
	return KVP_OK;
}
