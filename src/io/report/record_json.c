/*
 * record_json.c - the sizing record writer (record_json.h): the plan tree
 * from plan_json.c plus every figure of struct kvp_result.
 *
 * Figures are written as raw JSON integers from their uint64_t values
 * (never through a double), so they are exact at any size.
 */
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/file.h"
#include "io/plan/plan_json.h"
#include "io/report/record_json.h"
#include "kvplan/engine_range.h"
#include "kvplan/speed.h"
#include "kvplan/layers.h"
#include "kvplan/preset.h"
#include "kvplan/warning.h"

#ifndef KVP_VERSION
#define KVP_VERSION "unknown"
#endif

static void add_u64(cJSON *o, const char *k, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
	cJSON_AddRawToObject(o, k, buf);
}

static void add_i64(cJSON *o, const char *k, int64_t v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", (long long)v);
	cJSON_AddRawToObject(o, k, buf);
}

static cJSON *format_json(const struct kvp_format *f)
{
	cJSON *o;

	if (f->dtype != KVP_DT_GROUPQ)
		return cJSON_CreateString(kvp_dtype_name(f->dtype));
	o = cJSON_CreateObject();
	if (!o)
		return NULL;
	cJSON_AddStringToObject(o, "dtype", "groupq");
	add_u64(o, "bits", f->bits);
	add_u64(o, "group_size", f->group_size);
	add_u64(o, "scale_bytes", f->scale_bytes);
	add_u64(o, "zero_bytes", f->zero_bytes);
	add_u64(o, "residual", f->residual);
	cJSON_AddStringToObject(o, "residual_dtype", kvp_dtype_name(f->residual_dtype));
	return o;
}

static cJSON *kv_json(const struct kvp_kv_result *kv)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddBoolToObject(o, "uniform", kv->uniform);
	add_u64(o, "layers_with_kv", kv->layers_with_kv);
	add_u64(o, "kv_heads", kv->kv_heads);
	add_u64(o, "k_dim", kv->k_dim);
	add_u64(o, "v_dim", kv->v_dim);
	cJSON_AddItemToObject(o, "k_dtype", format_json(&kv->k_fmt));
	cJSON_AddItemToObject(o, "v_dtype", format_json(&kv->v_fmt));
	add_u64(o, "bytes_per_position", kv->bytes_per_position);
	add_u64(o, "bytes_per_sequence", kv->bytes_per_sequence);
	add_u64(o, "sequences", kv->sequences);
	add_u64(o, "requests", kv->requests);
	add_u64(o, "queued", kv->queued);
	add_u64(o, "positions_stored", kv->positions_stored);
	add_u64(o, "slots_allocated", kv->slots_allocated);
	add_u64(o, "bytes", kv->bytes);
	add_u64(o, "bytes_needed", kv->bytes_needed);
	add_u64(o, "waste_bytes", kv->waste_bytes);
	add_u64(o, "shortfall_bytes", kv->shortfall_bytes);
	add_u64(o, "state_bytes", kv->state_bytes);
	add_u64(o, "device_bytes", kv->device_bytes);
	add_u64(o, "host_bytes", kv->host_bytes);
	add_u64(o, "k_bytes", kv->k_bytes);
	add_u64(o, "v_bytes", kv->v_bytes);
	add_u64(o, "conv_bytes", kv->conv_bytes);
	add_u64(o, "ssm_bytes", kv->ssm_bytes);
	add_u64(o, "index_bytes", kv->index_bytes);
	return o;
}

static bool add_layers(cJSON *res, const struct kvp_result *r)
{
	cJSON *arr = cJSON_AddArrayToObject(res, "layers");
	uint32_t i;

	if (!arr)
		return false;
	for (i = 0; i < r->n_layers && i < KVP_MAX_LAYERS; i++) {
		const struct kvp_layer_result *l = kvp_layer_rec(r, i);
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return false;
		cJSON_AddItemToArray(arr, o);
		add_u64(o, "index", i);
		cJSON_AddStringToObject(o, "kind", kvp_layer_kind_name(l->spec.kind));
		add_u64(o, "kv_heads", l->spec.kv_heads);
		add_u64(o, "k_dim", l->spec.k_dim);
		add_u64(o, "v_dim", l->spec.v_dim);
		cJSON_AddItemToObject(o, "k_dtype", format_json(&l->spec.k_fmt));
		cJSON_AddItemToObject(o, "v_dtype", format_json(&l->spec.v_fmt));
		add_u64(o, "window", l->spec.window);
		add_u64(o, "state_bytes", l->spec.state_bytes);
		add_u64(o, "shared_with", l->spec.shared_with);
		add_u64(o, "k_row_bytes", l->k_row_bytes);
		add_u64(o, "v_row_bytes", l->v_row_bytes);
		add_u64(o, "bytes_per_position", l->bytes_per_position);
		add_u64(o, "slots", l->slots);
		add_u64(o, "stored", l->stored);
		add_u64(o, "bytes", l->bytes);
		cJSON_AddBoolToObject(o, "on_device", l->on_device);
		add_u64(o, "conv_bytes", l->conv_bytes);
		add_u64(o, "ssm_bytes", l->ssm_bytes);
		add_u64(o, "index_row_bytes", l->index_row_bytes);
		add_u64(o, "index_bytes", l->index_bytes);
	}
	return true;
}

static bool add_classes(cJSON *res, const struct kvp_result *r)
{
	cJSON *arr = cJSON_AddArrayToObject(res, "classes");
	uint32_t i;

	if (!arr)
		return false;
	for (i = 0; i < r->n_classes && i < KVP_MAX_CLASSES; i++) {
		const struct kvp_class_result *c = &r->classes[i];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return false;
		cJSON_AddItemToArray(arr, o);
		add_u64(o, "sequences", c->sequences);
		add_u64(o, "length", c->length);
		add_u64(o, "slots_per_sequence", c->slots_per_sequence);
		add_u64(o, "bytes_per_sequence", c->bytes_per_sequence);
	}
	return true;
}

/* "pools": one object per TensorRT-LLM window pool (empty: one pool) */
static bool add_pools(cJSON *o, const struct kvp_engine_result *e)
{
	cJSON *a = cJSON_AddArrayToObject(o, "pools");
	uint32_t i;

	if (!a)
		return false;
	for (i = 0; i < e->n_pools && i < KVP_MAX_POOLS; i++) {
		cJSON *q = cJSON_CreateObject();

		if (!q)
			return false;
		cJSON_AddItemToArray(a, q);
		add_u64(q, "window", e->pools[i].window);
		add_u64(q, "layers", e->pools[i].layers);
		add_u64(q, "blocks", e->pools[i].blocks);
		add_u64(q, "host_blocks", e->pools[i].host_blocks);
		add_u64(q, "bytes_per_token", e->pools[i].bytes_per_token);
	}
	return true;
}

static bool add_engine(cJSON *res, const struct kvp_engine_result *e)
{
	cJSON *o = cJSON_AddObjectToObject(res, "engine"), *lines;
	uint32_t i;

	if (!o)
		return false;
	cJSON_AddStringToObject(o, "kind", kvp_engine_name(e->kind));
	cJSON_AddStringToObject(o, "release", e->release);
	cJSON_AddBoolToObject(o, "release_named", e->release_named);
	cJSON_AddStringToObject(o, "lines_wording", e->lines_wording);
	add_u64(o, "cells", e->cells);
	add_u64(o, "cells_swa", e->cells_swa);
	add_u64(o, "streams", e->streams);
	add_u64(o, "block_size", e->block_size);
	add_u64(o, "page_bytes", e->page_bytes);
	add_u64(o, "blocks", e->blocks);
	add_u64(o, "tokens", e->tokens);
	add_u64(o, "budget_bytes", e->budget_bytes);
	add_u64(o, "max_model_len", e->max_model_len);
	add_u64(o, "concurrency_x100", e->concurrency_x100);
	add_u64(o, "workload_fit", e->workload_fit);
	add_u64(o, "max_len_fit", e->max_len_fit);
	add_u64(o, "max_requests", e->max_requests);
	if (e->parallel_auto)   /* llama.cpp -np auto: the slots at the build */
		add_u64(o, "parallel_auto", e->parallel_auto);
	if (e->kind == KVP_ENGINE_VLLM) {   /* as the note words them */
		cJSON_AddBoolToObject(o, "prefix_caching", e->prefix_caching);
		cJSON_AddBoolToObject(o, "prefix_caching_default",
		                      e->prefix_caching_default);
	}
	add_u64(o, "aux_bytes", e->aux_bytes);
	add_u64(o, "stage_page_bytes", e->stage_page_bytes);
	/* TensorRT-LLM: the secondary (host) pool and, under VSWA, each
	 * window's pool, as its printed lines give them */
	add_u64(o, "host_blocks", e->host_blocks);
	if (!add_pools(o, e))
		return false;
	cJSON_AddStringToObject(o, "note", e->note);
	lines = cJSON_AddArrayToObject(o, "lines");
	if (!lines)
		return false;
	for (i = 0; i < e->n_lines && i < KVP_MAX_LINES; i++)
		cJSON_AddItemToArray(lines, cJSON_CreateString(e->lines[i]));
	return true;
}

/* result.mix, when the command worked it out (calc --format json): the
 * same figures as compare's rows, by the same function (kvp_mix_of). */
static bool add_mix(cJSON *res, const struct kvp_mix_result *m)
{
	cJSON *o;

	if (!m->computed)
		return true;
	if (!(o = cJSON_AddObjectToObject(res, "mix")))
		return false;
	add_u64(o, "requests_fit", m->requests_fit);
	add_u64(o, "mix_fit", m->mix_fit);
	cJSON_AddBoolToObject(o, "bound", m->bound);
	return true;
}

static bool add_weights(cJSON *res, const struct kvp_weights_result *w)
{
	cJSON *o = cJSON_AddObjectToObject(res, "weights");

	if (!o)
		return false;
	add_u64(o, "params", w->params);
	add_u64(o, "active_params", w->active_params);
	add_u64(o, "embed_params", w->embed_params);
	add_u64(o, "attn_params", w->attn_params);
	add_u64(o, "mlp_params", w->mlp_params);
	add_u64(o, "norm_params", w->norm_params);
	add_u64(o, "lm_head_params", w->lm_head_params);
	add_u64(o, "other_params", w->other_params);
	add_u64(o, "bytes", w->bytes);
	add_i64(o, "declared_diff", w->declared_diff);
	cJSON_AddBoolToObject(o, "mixers_uncounted", w->mixers_uncounted);
	/* issue 13: where bytes come from, and the groups when exact */
	cJSON_AddStringToObject(o, "source", kvp_wsource_name(w->source));
	add_u64(o, "estimate_bytes", w->estimate_bytes);
	add_u64(o, "mtp_unloaded_bytes", w->mtp_unloaded_bytes);
	cJSON_AddBoolToObject(o, "mtp_drafter", w->mtp_drafter);
	if (w->source != KVP_WSRC_ESTIMATE) {
		cJSON *g = cJSON_AddObjectToObject(o, "group_bytes");
		int k;

		for (k = 0; g && k < KVP_TG_COUNT; k++)
			add_u64(g, kvp_tgroup_name((enum kvp_tgroup)k),
			        w->group_bytes[k]);
	}
	return true;
}

static bool add_devices(cJSON *res, const struct kvp_result *r)
{
	cJSON *arr = cJSON_AddArrayToObject(res, "devices");
	uint32_t i;

	if (!arr)
		return false;
	for (i = 0; i < r->n_devices && i < KVP_MAX_DEVICES; i++) {
		const struct kvp_device_result *d = &r->devices[i];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return false;
		cJSON_AddItemToArray(arr, o);
		cJSON_AddStringToObject(o, "name", d->name);
		add_u64(o, "tp_rank", d->tp_rank);
		add_u64(o, "pp_stage", d->pp_stage);
		add_u64(o, "dp_replica", d->dp_replica);
		add_u64(o, "first_layer", d->first_layer);
		add_u64(o, "last_layer", d->last_layer);
		add_u64(o, "kv_heads_per_rank", d->kv_heads_per_rank);
		add_u64(o, "capacity_bytes", d->capacity_bytes);
		add_u64(o, "weights_bytes", d->weights_bytes);
		add_u64(o, "kv_bytes", d->kv_bytes);
		add_u64(o, "activations_bytes", d->activations_bytes);
		cJSON_AddBoolToObject(o, "activations_estimated", d->activations_estimated);
		add_u64(o, "retained_bytes", d->retained_bytes);
		add_u64(o, "overhead_bytes", d->overhead_bytes);
		add_u64(o, "headroom_bytes", d->headroom_bytes);
		add_u64(o, "encoder_bytes", d->encoder_bytes);
		add_u64(o, "lora_bytes", d->lora_bytes);
		add_u64(o, "draft_bytes", d->draft_bytes);
		add_u64(o, "compute_bytes", d->compute_bytes);
		add_u64(o, "rotary_bytes", d->rotary_bytes);
		add_i64(o, "free_bytes", d->free_bytes);
		cJSON_AddBoolToObject(o, "fits", d->fits);
		add_u64(o, "decode_read_bytes", d->decode_read_bytes);
		add_u64(o, "decode_read_ns", d->decode_read_ns);
	}
	return true;
}

/* Encoders and LoRA (result.h, struct kvp_parts_result), each with how
 * it was obtained ("exact", "engine formula", "estimate") and source. */
static bool add_parts(cJSON *res, const struct kvp_parts_result *p)
{
	cJSON *o = cJSON_AddObjectToObject(res, "parts");

	if (!o)
		return false;
	cJSON_AddStringToObject(o, "encoder_kind", kvp_figure_name(p->encoder_kind));
	cJSON_AddStringToObject(o, "encoder_source", p->encoder_source);
	add_u64(o, "encoder_tokens", p->encoder_tokens);
	add_u64(o, "encoder_profile_items", p->encoder_profile_items);
	add_u64(o, "encoder_profile_items_max", p->encoder_profile_items_max);
	add_u64(o, "encoder_bytes", p->encoder_bytes);
	cJSON_AddBoolToObject(o, "encoder_on_host", p->encoder_on_host);
	cJSON_AddStringToObject(o, "encoder_compute_kind",
	                        kvp_figure_name(p->encoder_compute_kind));
	cJSON_AddStringToObject(o, "encoder_compute_source",
	                        p->encoder_compute_source);
	add_u64(o, "encoder_compute_tol_ppm", p->encoder_compute_tol_ppm);
	add_u64(o, "encoder_positions", p->encoder_positions);
	add_u64(o, "encoder_compute_bytes", p->encoder_compute_bytes);
	add_u64(o, "encoder_compute_host_bytes", p->encoder_compute_host_bytes);
	cJSON_AddStringToObject(o, "lora_kind", kvp_figure_name(p->lora_kind));
	cJSON_AddStringToObject(o, "lora_source", p->lora_source);
	add_u64(o, "lora_slot_bytes", p->lora_slot_bytes);
	add_u64(o, "lora_bytes", p->lora_bytes);
	add_u64(o, "lora_host_bytes", p->lora_host_bytes);
	return true;
}

/* The draft model of speculative decoding (result.h, struct
 * kvp_draft_result), each figure with how it was obtained. */
static bool add_draft_result(cJSON *res, const struct kvp_draft_result *d)
{
	cJSON *o = cJSON_AddObjectToObject(res, "draft");

	if (!o)
		return false;
	cJSON_AddBoolToObject(o, "present", d->present);
	cJSON_AddBoolToObject(o, "mtp", d->mtp);
	add_u64(o, "n_layers", d->n_layers);
	cJSON_AddStringToObject(o, "weights_kind", kvp_figure_name(d->weights_kind));
	cJSON_AddStringToObject(o, "weights_source", d->weights_source);
	add_u64(o, "weights_bytes", d->weights_bytes);
	add_u64(o, "weights_device", d->weights_device);
	cJSON_AddBoolToObject(o, "last_stage", d->last_stage);
	cJSON_AddStringToObject(o, "kv_kind", kvp_figure_name(d->kv_kind));
	cJSON_AddStringToObject(o, "kv_source", d->kv_source);
	add_u64(o, "kv_bytes", d->kv_bytes);
	add_u64(o, "kv_device", d->kv_device);
	add_u64(o, "device_bytes", d->device_bytes);
	add_u64(o, "host_bytes", d->host_bytes);
	add_u64(o, "cells", d->cells);
	add_u64(o, "contexts", d->contexts);
	add_u64(o, "context_bytes", d->context_bytes);
	add_u64(o, "token_bytes", d->token_bytes);
	add_u64(o, "page_bytes", d->page_bytes);
	add_u64(o, "lookahead", d->lookahead);
	return true;
}

/* Host memory (result.h, struct kvp_host_result). */
static bool add_host(cJSON *res, const struct kvp_host_result *h)
{
	cJSON *o = cJSON_AddObjectToObject(res, "host");

	if (!o)
		return false;
	cJSON_AddBoolToObject(o, "budgeted", h->budgeted);
	add_u64(o, "capacity_bytes", h->capacity_bytes);
	add_u64(o, "weights_bytes", h->weights_bytes);
	add_u64(o, "kv_bytes", h->kv_bytes);
	add_u64(o, "logits_bytes", h->logits_bytes);
	add_u64(o, "used_bytes", h->used_bytes);
	add_i64(o, "free_bytes", h->free_bytes);
	cJSON_AddBoolToObject(o, "fits", h->fits);
	add_u64(o, "tier_bytes", h->tier_bytes);
	add_u64(o, "tier_tokens", h->tier_tokens);
	add_u64(o, "expert_bytes", h->expert_bytes);
	add_u64(o, "compute_bytes", h->compute_bytes);
	cJSON_AddStringToObject(o, "compute_kind", kvp_figure_name(h->compute_kind));
	cJSON_AddStringToObject(o, "compute_source", h->compute_source);
	add_u64(o, "compute_tol_ppm", h->compute_tol_ppm);
	add_u64(o, "encoder_bytes", h->encoder_bytes);
	add_u64(o, "ckpt_bytes", h->ckpt_bytes);
	add_u64(o, "ckpt_each", h->ckpt_each);
	add_u64(o, "ckpt_count", h->ckpt_count);
	add_u64(o, "ckpt_slots", h->ckpt_slots);
	cJSON_AddBoolToObject(o, "ckpt_at_most", h->ckpt_at_most);
	cJSON_AddStringToObject(o, "ckpt_kind", kvp_figure_name(h->ckpt_kind));
	cJSON_AddStringToObject(o, "ckpt_note", h->ckpt_note);
	return true;
}

/* A figure, or null when `known` is false. */
static void add_u64_or_null(cJSON *o, const char *k, bool known, uint64_t v)
{
	if (known)
		add_u64(o, k, v);
	else
		cJSON_AddNullToObject(o, k);
}

/* The speed envelope (result.h, struct kvp_speed_result): a bound. */
static bool add_speed(cJSON *res, const struct kvp_speed_result *s)
{
	cJSON *o = cJSON_AddObjectToObject(res, "speed");
	bool pk = s->compute_known && s->prefill_ns;

	if (!o)
		return false;
	cJSON_AddStringToObject(o, "kind", kvp_speed_label);
	cJSON_AddBoolToObject(o, "known", s->known);
	cJSON_AddBoolToObject(o, "compute_known", s->compute_known);
	cJSON_AddBoolToObject(o, "peak_8bit", s->peak_8bit);
	cJSON_AddBoolToObject(o, "compute_bound", s->compute_bound);
	add_u64(o, "sequences", s->sequences);
	add_u64(o, "replica_sequences", s->replica_sequences);
	add_u64(o, "weight_read_bytes", s->weight_read_bytes);
	add_u64(o, "kv_read_bytes", s->kv_read_bytes);
	add_u64(o, "kv_read_per_sequence", s->kv_read_per_sequence);
	add_u64(o, "offload_read_bytes", s->offload_read_bytes);
	add_u64(o, "cpu_weights_bytes", s->cpu_weights_bytes);
	add_u64(o, "step_tokens", s->step_tokens);
	add_u64_or_null(o, "bandwidth", s->known, s->bandwidth);
	add_u64_or_null(o, "peak_flops", s->compute_known, s->peak_flops);
	add_u64(o, "decode_flops", s->decode_flops);
	add_u64_or_null(o, "decode_step_ns", s->known, s->decode_step_ns);
	add_u64_or_null(o, "seq_tps_milli", s->known, s->seq_tps_milli);
	add_u64_or_null(o, "aggregate_tps_milli", s->known, s->aggregate_tps_milli);
	add_u64(o, "prefill_tokens", s->prefill_tokens);
	add_u64(o, "prefill_flops", s->prefill_flops);
	add_u64_or_null(o, "prefill_ns", pk, s->prefill_ns);
	add_u64_or_null(o, "prefill_tps_milli", pk, s->prefill_tps_milli);
	return true;
}

static bool add_warnings(cJSON *res, const struct kvp_result *r)
{
	cJSON *arr = cJSON_AddArrayToObject(res, "warnings");
	uint32_t i;

	if (!arr)
		return false;
	for (i = 0; i < r->n_warnings && i < KVP_MAX_WARNINGS; i++) {
		const struct kvp_warning *w = &r->warnings[i];
		cJSON *o = cJSON_CreateObject();

		if (!o)
			return false;
		cJSON_AddItemToArray(arr, o);
		cJSON_AddStringToObject(o, "code", kvp_warn_id(w->code));
		cJSON_AddStringToObject(o, "slug", kvp_warn_slug(w->code));
		cJSON_AddStringToObject(o, "message", w->msg);
		cJSON_AddStringToObject(o, "advice", kvp_warn_advice(w->code));
	}
	return true;
}

/* The verdict (kvplan/verdict.h): state, reason, K of N, whose rules
 * and the line itself. */
/* Beside the generic engine's verdict: the named engines' range
 * (kvplan/engine_range.h), "engines": {...}. */
static bool add_range(cJSON *o, const struct kvp_plan *p)
{
	struct kvp_result *scratch = malloc(sizeof *scratch);
	struct kvp_engine_range g;
	cJSON *e;

	if (!scratch)
		return false;
	kvp_engine_range(p, scratch, &g);
	free(scratch);
	e = cJSON_AddObjectToObject(o, "engines");
	if (!e)
		return false;
	add_u64(e, "computed", g.n);
	if (g.n) {
		add_u64(e, "kv_bytes_min", g.kv_lo);
		cJSON_AddStringToObject(e, "kv_bytes_min_engine", kvp_engine_name(g.kv_lo_kind));
		add_u64(e, "kv_bytes_max", g.kv_hi);
		cJSON_AddStringToObject(e, "kv_bytes_max_engine", kvp_engine_name(g.kv_hi_kind));
		add_i64(e, "least_free_bytes_min", g.free_lo);
		cJSON_AddStringToObject(e, "least_free_bytes_min_engine", kvp_engine_name(g.free_lo_kind));
		add_i64(e, "least_free_bytes_max", g.free_hi);
		cJSON_AddStringToObject(e, "least_free_bytes_max_engine", kvp_engine_name(g.free_hi_kind));
		add_u64(e, "fit", g.states[KVP_VERDICT_FITS]);
		add_u64(e, "requests_wait", g.states[KVP_VERDICT_WAIT]);
		add_u64(e, "do_not_fit", g.states[KVP_VERDICT_NO_FIT]);
	}
	return cJSON_AddStringToObject(e, "text", g.text) != NULL;
}

static bool add_verdict(cJSON *res, const struct kvp_plan *p,
                        const struct kvp_result *r)
{
	const struct kvp_verdict *v = &r->verdict;
	cJSON *o = cJSON_AddObjectToObject(res, "verdict");
	char text[KVP_VERDICT_TEXT_MAX];

	if (!o)
		return false;
	cJSON_AddStringToObject(o, "state", kvp_verdict_key(v->state));
	cJSON_AddStringToObject(o, "reason", kvp_verdict_reason_key(v->reason));
	add_u64(o, "requests", v->requests);
	add_u64(o, "admitted", v->admitted);
	add_u64(o, "longest", v->longest);
	if (v->limit)
		add_u64(o, "limit", v->limit);
	if (v->reason == KVP_VWHY_DEVICE) {
		add_u64(o, "device", v->device);
		add_u64(o, "over_bytes", v->over_bytes);
	}
	cJSON_AddStringToObject(o, "rules", v->rules);
	cJSON_AddBoolToObject(o, "generic", v->generic);
	if (!cJSON_AddStringToObject(o, "text",
	                             kvp_verdict_line(r, text, sizeof text)))
		return false;
	return !v->generic || !r->n_devices || add_range(o, p);
}

char *kvp_record_json_dump(const struct kvp_plan *p, const struct kvp_result *r,
                           struct kvp_error *err)
{
	return kvp_record_json_dump_notes(p, r, NULL, err);
}

char *kvp_record_json_dump_notes(const struct kvp_plan *p, const struct kvp_result *r,
                                 const struct kvp_notes *notes, struct kvp_error *err)
{
	cJSON *root = kvp_plan_json_tree(p, "record"), *res, *kv, *kv2;
	char *s, *out;
	size_t n;

	if (!root)
		goto nomem;
	cJSON_AddStringToObject(root, "kvplan_version", KVP_VERSION);
	if (notes && notes->n) {
		cJSON *arr = cJSON_AddArrayToObject(root, "notes");
		unsigned i;

		if (!arr)
			goto nomem;
		for (i = 0; i < notes->n && i < KVP_MAX_NOTES; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(notes->line[i]));
	}
	kv = kv_json(&r->kv);
	kv2 = kv_json(&r->kv);
	if (!kv || !kv2) {
		cJSON_Delete(kv);
		cJSON_Delete(kv2);
		goto nomem;
	}
	cJSON_AddItemToObject(root, "kv", kv);
	res = cJSON_AddObjectToObject(root, "result");
	if (!res) {
		cJSON_Delete(kv2);
		goto nomem;
	}
	cJSON_AddItemToObject(res, "kv", kv2);
	if (!add_layers(res, r) || !add_classes(res, r) || !add_engine(res, &r->engine) ||
	    !add_weights(res, &r->weights) || !add_devices(res, r))
		goto nomem;
	cJSON_AddBoolToObject(res, "fits", r->fits);
	if (!add_mix(res, &r->mix) || !add_verdict(res, p, r))
		goto nomem;
	if (!add_speed(res, &r->speed) || !add_host(res, &r->host) ||
	    !add_parts(res, &r->parts) ||
	    !add_draft_result(res, &r->draft))
		goto nomem;
	if (!add_warnings(res, r))
		goto nomem;
	s = cJSON_Print(root);
	cJSON_Delete(root);
	root = NULL;
	if (!s)
		goto nomem;
	n = strlen(s);
	out = malloc(n + 2);
	if (!out) {
		cJSON_free(s);
		goto nomem;
	}
	memcpy(out, s, n);
	out[n] = '\n';
	out[n + 1] = '\0';
	cJSON_free(s);
	return out;
nomem:
	cJSON_Delete(root);
	kvp_error_set(err, KVP_ENOMEM, "out of memory while writing the record");
	return NULL;
}

enum kvp_status kvp_record_json_save(const char *path, const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     struct kvp_error *err)
{
	char *s = kvp_record_json_dump(p, res, err);
	enum kvp_status st;

	if (!s)
		return KVP_ENOMEM;
	st = kvp_file_write_atomic(path, s, strlen(s), NULL, NULL, err);
	free(s);
	return st;
}
