/*
 * cmd_reconcile.c - `kvplan reconcile LOG [PLAN] [OPTIONS]`: the sizes an
 * engine printed at startup set against the plan's figures.
 *
 * The plan is, in order of preference: the PLAN file (with any flags), or
 * the flags' plan when they describe a model, with the settings the log
 * states laid over the engine options; or, with neither, a plan built from
 * the log alone (the model preset the log names, else the shape its
 * llama.cpp print_info lines state) - and the output says which, since
 * that is an assumption. The comparison itself is kvp_reconcile (core);
 * this file only reads, builds the plan and prints. Exit: 0 all arithmetic
 * figures match, 1 one differs beyond print rounding, 2 bad input.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "cli/cmd/cmd_reconcile.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "io/logs/log_parse.h"
#include "io/plan/plan_json.h"
#include "kvplan/clip.h"
#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/field.h"
#include "kvplan/preset.h"
#include "kvplan/reconcile.h"
#include "kvplan/units.h"

#define MAX_NOTES 10

struct notes {
	int n;
	char line[MAX_NOTES][KVP_ERRMSG_MAX + 200];
};

static void note(struct notes *ns, const char *fmt, const char *a,
                 const char *b)
{
	if (ns->n < MAX_NOTES)
		snprintf(ns->line[ns->n++], sizeof ns->line[0], fmt, a, b);
}

/* The model from the log: a preset it names, else llama.cpp hparams. */
static enum kvp_status model_from_log(const struct kvp_log *log,
                                      struct kvp_model *m, struct notes *ns,
                                      const char *path, struct kvp_error *err)
{
	const struct kvp_log_settings *s = &log->set;
	struct kvp_error e2;

	/* a preset by name or Hugging Face id, or the base model of an
	 * instruct/chat variant (preset_names.c) */
	if (s->model[0] && kvp_model_load_spec(s->model, m, NULL, &e2) == KVP_OK) {
		if (!strcasecmp(m->id, s->model))
			note(ns, "model: preset '%s', named in the log%s", s->model,
			     " (its revision may differ from the one that ran)");
		else
			note(ns, "model: the log names %s; the shipped preset of %s is "
			     "used (same attention shape assumed; revision may differ)",
			     s->model, m->id);
		return KVP_OK;
	}
	if (s->has[KVP_LK_N_LAYER] && s->has[KVP_LK_N_HEAD_KV] &&
	    s->has[KVP_LK_N_EMBD_HEAD_K]) {
		struct kvp_plan blank;

		kvp_plan_blank(&blank);
		*m = blank.model;
		snprintf(m->id, sizeof m->id, "%s", s->model[0] ? s->model : "from log");
		snprintf(m->source, sizeof m->source, "%s: print_info lines", path);
		m->n_layers = (uint32_t)s->v[KVP_LK_N_LAYER];
		m->q_heads = (uint32_t)(s->has[KVP_LK_N_HEAD] ? s->v[KVP_LK_N_HEAD]
		                                              : s->v[KVP_LK_N_HEAD_KV]);
		m->base.kv_heads = (uint32_t)s->v[KVP_LK_N_HEAD_KV];
		m->trained_kv_heads = m->base.kv_heads;
		m->base.k_dim = (uint32_t)s->v[KVP_LK_N_EMBD_HEAD_K];
		m->base.v_dim = (uint32_t)(s->has[KVP_LK_N_EMBD_HEAD_V] ?
		                           s->v[KVP_LK_N_EMBD_HEAD_V] :
		                           s->v[KVP_LK_N_EMBD_HEAD_K]);
		if (s->has[KVP_LK_N_CTX_TRAIN])
			m->arch.max_positions = s->v[KVP_LK_N_CTX_TRAIN];
		note(ns, "model: shape from the log's print_info lines, every layer "
		     "alike%s%s", "",
		     s->has[KVP_LK_N_SWA] && s->v[KVP_LK_N_SWA] ?
		     " (the log states n_swa but not which layers slide: all taken"
		     " as full attention; give a PLAN for the real pattern)" : "");
		return KVP_OK;
	}
	return kvp_error_set(err, KVP_EINVAL,
		"%s: the log names no known model%s%s%s and states no model shape "
		"(n_layer, n_head_kv, n_embd_head_k) - give a PLAN or --model",
		path, s->model[0] ? " ('" : "", s->model[0] ? s->model : "",
		s->model[0] ? "')" : "");
}

/* Which settings came from where: a setting stated in the log is laid
 * over the plan unless its flag was given on the command line, which wins.
 * from_log / from_flags list the field keys' last parts, for the notes. */
struct origin {
	int argc;
	char **argv;
	char from_log[320];
	char from_flags[320];
};

/* True when a flag of the command line sets field key (or alt). */
static bool flag_sets(const struct origin *g, const char *key, const char *alt)
{
	char name[64];
	int i;

	for (i = 1; i < g->argc; i++) {
		const struct kvp_field *f;
		size_t l;

		if (strncmp(g->argv[i], "--", 2))
			continue;
		l = strcspn(g->argv[i] + 2, "=");
		if (l >= sizeof name)
			continue;
		memcpy(name, g->argv[i] + 2, l);
		name[l] = '\0';
		f = kvp_field_by_flag(name);
		if (!f && !strncmp(name, "no-", 3))   /* --no-kv-unified */
			f = kvp_field_by_flag(name + 3);
		if (f && (!strcmp(f->key, key) || (alt && !strcmp(f->key, alt))))
			return true;
	}
	return false;
}

static void list_add(char *buf, size_t n, const char *key)
{
	const char *last = strrchr(key, '.');
	size_t l = strlen(buf);

	snprintf(buf + l, n - l, "%s%s", l ? ", " : "", last ? last + 1 : key);
}

/* Take the log's value for key? No when a flag set it; noted either way. */
static bool take(struct origin *g, const char *key, const char *alt)
{
	if (flag_sets(g, key, alt)) {
		list_add(g->from_flags, sizeof g->from_flags, key);
		return false;
	}
	list_add(g->from_log, sizeof g->from_log, key);
	return true;
}

/* llama.cpp's settings the log states, over the plan's options. */
static void llamacpp_settings(const struct kvp_log_settings *s, struct kvp_plan *p,
                              struct origin *g, struct notes *ns)
{
	struct kvp_llamacpp_opts *o = &p->engine.llamacpp;
	struct kvp_error e2;
	enum kvp_dtype dt;

	if (s->has[KVP_LK_N_CTX] && take(g, "engine.llamacpp.ctx_size", NULL))
		o->ctx_size = s->v[KVP_LK_N_CTX];
	if (s->has[KVP_LK_N_SEQ_MAX] && take(g, "engine.llamacpp.parallel", NULL))
		o->parallel = (uint32_t)s->v[KVP_LK_N_SEQ_MAX];
	if (s->has[KVP_LK_KV_UNIFIED] && take(g, "engine.llamacpp.kv_unified", NULL))
		o->kv_unified = s->v[KVP_LK_KV_UNIFIED] == 1;
	if (s->has[KVP_LK_SWA_FULL] && take(g, "engine.llamacpp.swa_full", NULL))
		o->swa_full = s->v[KVP_LK_SWA_FULL] == 1;
	if (s->has[KVP_LK_N_BATCH] && take(g, "engine.llamacpp.batch_size", NULL))
		o->batch_size = s->v[KVP_LK_N_BATCH];
	if (s->has[KVP_LK_N_UBATCH] && take(g, "engine.llamacpp.ubatch_size", NULL))
		o->ubatch_size = s->v[KVP_LK_N_UBATCH];
	if (s->has[KVP_LK_N_RS_SEQ] && s->v[KVP_LK_N_RS_SEQ] <= UINT32_MAX &&
	    take(g, "engine.llamacpp.rs_seq", NULL))
		o->rs_seq = (uint32_t)s->v[KVP_LK_N_RS_SEQ];
	if (s->has[KVP_LK_CTX_CHECKPOINTS] &&
	    s->v[KVP_LK_CTX_CHECKPOINTS] <= 1000000 &&
	    take(g, "engine.llamacpp.ctx_checkpoints", NULL))
		o->ctx_checkpoints = (int32_t)s->v[KVP_LK_CTX_CHECKPOINTS];
	if (s->has[KVP_LK_MMPROJ_WARMUP] &&
	    s->v[KVP_LK_MMPROJ_WARMUP] <= KVP_CLIP_SIDE_MAX &&
	    take(g, "engine.llamacpp.mmproj_warmup", NULL))
		o->mmproj_warmup = (uint32_t)s->v[KVP_LK_MMPROJ_WARMUP];
	if (s->has[KVP_LK_FLASH_ATTN] && take(g, "engine.llamacpp.flash_attn", NULL))
		o->flash_attn = s->v[KVP_LK_FLASH_ATTN] == 1 ? KVP_ON :
		                s->v[KVP_LK_FLASH_ATTN] == 0 ? KVP_OFF : KVP_AUTO;
	if (s->cache_type_k[0] && kvp_dtype_parse(s->cache_type_k, &dt, &e2) == KVP_OK &&
	    take(g, "engine.llamacpp.cache_type_k", NULL))
		o->cache_type_k = dt;
	if (s->cache_type_v[0] && kvp_dtype_parse(s->cache_type_v, &dt, &e2) == KVP_OK &&
	    take(g, "engine.llamacpp.cache_type_v", NULL))
		o->cache_type_v = dt;
	/* the file's n_ctx_train (GGUF context_length) over the preset's:
	 * the slot cap uses it */
	if (s->has[KVP_LK_N_CTX_TRAIN] && take(g, "model.arch.max_positions", NULL))
		p->model.arch.max_positions = s->v[KVP_LK_N_CTX_TRAIN];
	if (!s->has[KVP_LK_N_CTX] && !flag_sets(g, "engine.llamacpp.ctx_size", NULL))
		note(ns, "settings: the log states no n_ctx; %s%s",
		     "the plan's ctx_size is used", "");
}

/* vLLM's settings the log states, over the plan's options. */
static void vllm_settings(const struct kvp_log_settings *s, struct kvp_plan *p,
                          struct origin *g)
{
	struct kvp_vllm_opts *o = &p->engine.vllm;
	struct kvp_error e2;
	enum kvp_dtype dt;

	if (s->has[KVP_LK_MAX_MODEL_LEN] && take(g, "engine.vllm.max_model_len", NULL))
		o->max_model_len = s->v[KVP_LK_MAX_MODEL_LEN];
	if (s->has[KVP_LK_TP] && take(g, "engine.vllm.tensor_parallel_size", "devices.tp"))
		o->tensor_parallel_size = (uint32_t)s->v[KVP_LK_TP];
	if (s->has[KVP_LK_PP] && take(g, "engine.vllm.pipeline_parallel_size", "devices.pp"))
		o->pipeline_parallel_size = (uint32_t)s->v[KVP_LK_PP];
	if (s->has[KVP_LK_GPU_MEM_UTIL_PPM] && take(g, "engine.vllm.gpu_memory_utilization", NULL))
		o->gpu_memory_utilization = (uint32_t)s->v[KVP_LK_GPU_MEM_UTIL_PPM];
	if (s->has[KVP_LK_MAX_BATCHED_TOKENS] &&
	    take(g, "engine.vllm.max_num_batched_tokens", NULL))
		o->max_num_batched_tokens = s->v[KVP_LK_MAX_BATCHED_TOKENS];
	if (s->has[KVP_LK_MAX_NUM_SEQS] && s->v[KVP_LK_MAX_NUM_SEQS] &&
	    s->v[KVP_LK_MAX_NUM_SEQS] <= UINT32_MAX &&
	    take(g, "engine.vllm.max_num_seqs", NULL))
		o->max_num_seqs = (uint32_t)s->v[KVP_LK_MAX_NUM_SEQS];
	if (s->has[KVP_LK_PREFIX_CACHING] &&
	    take(g, "engine.vllm.enable_prefix_caching", NULL))
		o->enable_prefix_caching = s->v[KVP_LK_PREFIX_CACHING] ? KVP_ON
		                                                       : KVP_OFF;
	if (s->has[KVP_LK_BLOCK_SIZE] && take(g, "engine.vllm.block_size", NULL))
		o->block_size = (uint32_t)s->v[KVP_LK_BLOCK_SIZE];
	if (s->has[KVP_LK_NUM_GPU_BLOCKS_OVERRIDE] &&
	    take(g, "engine.vllm.num_gpu_blocks_override", NULL))
		o->num_gpu_blocks_override = s->v[KVP_LK_NUM_GPU_BLOCKS_OVERRIDE];
	if (s->cache_type_k[0] && take(g, "engine.vllm.kv_cache_dtype", NULL)) {
		if (!strcmp(s->cache_type_k, "auto"))
			o->kv_cache_dtype_auto = true;
		else if (kvp_dtype_parse(s->cache_type_k, &dt, &e2) == KVP_OK) {
			o->kv_cache_dtype_auto = false;
			o->kv_cache_dtype = dt;
		}
	}
}

/* Lay the settings the log states over the plan's engine options. */
static void settings_to_plan(const struct kvp_log *log, struct kvp_plan *p,
                             struct origin *g, struct notes *ns)
{
	const struct kvp_log_settings *s = &log->set;

	p->engine.kind = log->engine;
	switch (log->engine) {
	case KVP_ENGINE_LLAMACPP:
		llamacpp_settings(s, p, g, ns);
		break;
	case KVP_ENGINE_VLLM:
		vllm_settings(s, p, g);
		break;
	case KVP_ENGINE_SGLANG:
		if (s->has[KVP_LK_MAX_MODEL_LEN] && take(g, "engine.sglang.context_len", NULL))
			p->engine.sglang.context_len = s->v[KVP_LK_MAX_MODEL_LEN];
		if (s->has[KVP_LK_MAX_RUNNING] && take(g, "engine.sglang.max_running_requests", NULL))
			p->engine.sglang.max_running_requests = (uint32_t)s->v[KVP_LK_MAX_RUNNING];
		if (s->has[KVP_LK_TP] && take(g, "devices.tp", NULL))
			p->devices.tp = (uint32_t)s->v[KVP_LK_TP];
		break;
	case KVP_ENGINE_TRTLLM:
		if (s->has[KVP_LK_BLOCK_SIZE] && take(g, "engine.trtllm.tokens_per_block", NULL))
			p->engine.trtllm.tokens_per_block = (uint32_t)s->v[KVP_LK_BLOCK_SIZE];
		break;
	default:
		break;
	}
	if (g->from_log[0])
		note(ns, "settings from the log: %s%s", g->from_log, "");
	if (g->from_flags[0])
		note(ns, "settings from the flags (they win over the log): %s%s",
		     g->from_flags, "");
}

static const char *engine_label(enum kvp_engine_kind e)
{
	return e == KVP_ENGINE_GENERIC ? "no engine" : kvp_engine_name(e);
}

/* Figure as text: bytes or a count, with separators. */
static void fig(char *buf, size_t n, uint64_t v)
{
	kvp_fmt_int(v, buf, n);
}

static void print_row(const struct kvp_rec_row *r)
{
	char c[80], o[96], t[32], d[40], pct[24], lo[32], hi[32];
	const char *verdict;
	char est[48];

	c[0] = o[0] = d[0] = '\0';
	strcpy(pct, "-");
	if (r->has_computed) {
		if (r->computed_lo != r->computed_hi) {
			fig(lo, sizeof lo, r->computed_lo);
			fig(hi, sizeof hi, r->computed_hi);
			snprintf(c, sizeof c, "%s..%s", lo, hi);
		} else {
			fig(c, sizeof c, r->computed);
		}
	} else {
		strcpy(c, "-");
	}
	if (r->has_observed) {
		fig(o, sizeof o, r->observed);
		if (r->tolerance) {
			fig(t, sizeof t, r->tolerance);
			snprintf(o + strlen(o), sizeof o - strlen(o), " +-%s", t);
		}
	} else {
		strcpy(o, "-");
	}
	if (r->has_computed && r->has_observed) {
		kvp_fmt_sint(r->diff, d, sizeof d);
		snprintf(pct, sizeof pct, "%+.2f%%", (double)r->diff_ppm / 10000.0);
	} else {
		strcpy(d, "-");
	}
	if (!r->has_computed || !r->has_observed)
		verdict = "";
	else if (r->plan_error)   /* the plan's own figure misses: a finding */
		verdict = "PLAN DIFFERS";
	else if (r->cls == KVP_REC_OBSERVED)
		verdict = r->match ? "same" : "measured on the card";
	else if (r->cls == KVP_REC_ESTIMATE) {
		snprintf(est, sizeof est, "%s the estimate's +-%u %%",
		         r->match ? "within" : "outside", r->tol_ppm / 10000u);
		verdict = est;
	}
	else
		verdict = r->match ? (r->diff ? "match (print rounding)" : "match")
		                   : "DIFFERS";
	printf("%-32s %26s %28s %16s %9s  %-10s %s\n", r->figure, c, o, d, pct,
	       kvp_rec_class_name(r->cls), verdict);
}

/* True when the command line describes the model itself (--model, a
 * layer rule or any model-section flag of the field table). */
static bool model_flag_given(int argc, char **argv)
{
	static const char *const extra[] = { "model", "layer", "head-dim",
	                                      "kv-dtype", NULL };
	char name[64];
	int i, j;

	for (i = 1; i < argc; i++) {
		const struct kvp_field *f;
		size_t l;

		if (strncmp(argv[i], "--", 2))
			continue;
		l = strcspn(argv[i] + 2, "=");
		if (l >= sizeof name)
			continue;
		memcpy(name, argv[i] + 2, l);
		name[l] = '\0';
		for (j = 0; extra[j]; j++)
			if (!strcmp(name, extra[j]))
				return true;
		f = kvp_field_by_flag(name);
		if (f && f->section == KVP_SEC_MODEL)
			return true;
	}
	return false;
}

/* An exact integer as digits (cJSON numbers are doubles). */
static bool jint(cJSON *o, const char *k, bool neg, uint64_t mag)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%s%llu", neg ? "-" : "", (unsigned long long)mag);
	return cJSON_AddRawToObject(o, k, buf) != NULL;
}

static bool jsint(cJSON *o, const char *k, int64_t v)
{
	/* -(v + 1) + 1: the magnitude of INT64_MIN without overflow */
	return jint(o, k, v < 0, v < 0 ? (uint64_t)-(v + 1) + 1 : (uint64_t)v);
}

static cJSON *row_json(const struct kvp_rec_row *r)
{
	cJSON *o = cJSON_CreateObject();
	bool good = o && cJSON_AddStringToObject(o, "figure", r->figure) &&
	            cJSON_AddStringToObject(o, "class", kvp_rec_class_name(r->cls)) &&
	            cJSON_AddBoolToObject(o, "is_bytes", r->is_bytes);

	if (good && r->has_computed)
		good = jint(o, "computed", false, r->computed) &&
		       jint(o, "computed_lo", false, r->computed_lo) &&
		       jint(o, "computed_hi", false, r->computed_hi);
	else if (good)
		good = cJSON_AddNullToObject(o, "computed") &&
		       cJSON_AddNullToObject(o, "computed_lo") &&
		       cJSON_AddNullToObject(o, "computed_hi");
	if (good && r->has_observed)
		good = jint(o, "observed", false, r->observed) &&
		       jint(o, "tolerance", false, r->tolerance) &&
		       jint(o, "line", false, r->line);
	else if (good)
		good = cJSON_AddNullToObject(o, "observed") &&
		       cJSON_AddNullToObject(o, "tolerance") &&
		       cJSON_AddNullToObject(o, "line");
	if (good && r->has_computed && r->has_observed)
		good = jsint(o, "diff", r->diff) && jsint(o, "diff_ppm", r->diff_ppm) &&
		       cJSON_AddBoolToObject(o, "match", r->match);
	else if (good)
		good = cJSON_AddNullToObject(o, "diff") &&
		       cJSON_AddNullToObject(o, "diff_ppm") &&
		       cJSON_AddNullToObject(o, "match");
	good = good && cJSON_AddStringToObject(o, "basis", r->basis) &&
	       cJSON_AddBoolToObject(o, "prediction", r->prediction) &&
	       cJSON_AddBoolToObject(o, "plan_error", r->plan_error);
	if (!good) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* The "log" object of --format json: its path, engine, line counts, the
 * settings it states, its cache types, a refusal, and the lines not
 * understood. False when out of memory. */
static bool log_json(cJSON *doc, const char *path, const struct kvp_log *log)
{
	cJSON *lg = NULL, *set = NULL, *arr = NULL;
	char key[64];
	uint32_t i;
	int k;
	bool good = (lg = cJSON_AddObjectToObject(doc, "log")) &&
	            cJSON_AddStringToObject(lg, "path", path) &&
	            cJSON_AddStringToObject(lg, "engine", kvp_engine_name(log->engine)) &&
	            jint(lg, "lines", false, log->lines) &&
	            jint(lg, "lines_used", false, log->lines_used) &&
	            jint(lg, "skipped_unknown", false, log->skipped_unknown) &&
	            jint(lg, "skipped_binary", false, log->skipped_binary) &&
	            jint(lg, "skipped_long", false, log->skipped_long) &&
	            jint(lg, "figures_not_compared", false, log->skipped_obs) &&
	            cJSON_AddBoolToObject(lg, "truncated", log->truncated) &&
	            (set = cJSON_AddObjectToObject(lg, "settings"));

	for (k = 0; good && k < KVP_LK_COUNT; k++)
		if (log->set.has[k]) {
			snprintf(key, sizeof key, "%s%s",
			         kvp_log_key_name((enum kvp_log_key)k),
			         k == KVP_LK_GPU_MEM_UTIL_PPM ? "_ppm" : "");
			good = jint(set, key, false, log->set.v[k]);
		}
	good = good &&
	       (log->set.cache_type_k[0] ? cJSON_AddStringToObject(lg, "cache_type_k", log->set.cache_type_k)
	                                 : cJSON_AddNullToObject(lg, "cache_type_k")) &&
	       (log->set.cache_type_v[0] ? cJSON_AddStringToObject(lg, "cache_type_v", log->set.cache_type_v)
	                                 : cJSON_AddNullToObject(lg, "cache_type_v")) &&
	       (log->set.refused ? cJSON_AddStringToObject(lg, "refused", log->set.refusal)
	                         : cJSON_AddNullToObject(lg, "refused")) &&
	       (arr = cJSON_AddArrayToObject(lg, "not_understood"));
	for (i = 0; good && i < log->n_unread; i++) {
		cJSON *u = cJSON_CreateObject();

		good = u && cJSON_AddItemToArray(arr, u) &&
		       jint(u, "line", false, log->unread[i].line) &&
		       cJSON_AddStringToObject(u, "text", log->unread[i].text);
	}
	return good && jint(lg, "not_understood_more", false, log->unread_more);
}

/* `--format json`: {"kvplan": "reconcile", "kvplan_version", "log": {path,
 * engine, line counts, "settings" (integers; gpu_memory_utilization in
 * ppm), cache types, "refused"}, "notes" (where the plan and each setting
 * came from), "plan" (the plan compared, as a plan file), "rows" (each
 * figure with computed/observed/tolerance/diff as integers, null when that
 * side is missing), "arithmetic_mismatches"}. False when out of memory. */
static bool reconcile_json(const char *path, const struct kvp_log *log,
                           const struct notes *ns, const struct kvp_plan *p,
                           const struct kvp_reconcile *rec,
                           struct kvp_error *err)
{
	cJSON *doc = cJSON_CreateObject(), *arr = NULL, *plan = NULL;
	char *text;
	uint32_t i;
	int k;
	bool good = doc && cJSON_AddStringToObject(doc, "kvplan", "reconcile") &&
	            cJSON_AddStringToObject(doc, "kvplan_version", KVP_VERSION) &&
	            log_json(doc, path, log) &&
	            (arr = cJSON_AddArrayToObject(doc, "notes"));

	for (k = 0; good && k < ns->n; k++)
		good = cJSON_AddItemToArray(arr, cJSON_CreateString(ns->line[k]));
	/* the plan, as the plan writer writes a plan file */
	if (good) {
		plan = kvp_plan_json_tree(p, "plan");
		good = plan != NULL;
	}
	if (good) {
		good = cJSON_AddItemToObject(doc, "plan", plan);
		if (!good)
			cJSON_Delete(plan);
	}
	good = good && (arr = cJSON_AddArrayToObject(doc, "rows"));
	for (i = 0; good && i < rec->n_rows; i++)
		good = cJSON_AddItemToArray(arr, row_json(&rec->rows[i]));
	good = good && jint(doc, "arithmetic_mismatches", false,
	                    rec->n_arithmetic_mismatch) &&
	       jint(doc, "plan_mismatches", false, rec->n_plan_error) &&
	       cJSON_AddStringToObject(doc, "plan_mismatch_explained",
	                               rec->plan_error_why) &&
	       jint(doc, "compared", false, rec->n_compared) &&
	       jint(doc, "compared_arithmetic", false, rec->n_arithmetic) &&
	       cJSON_AddBoolToObject(doc, "nothing_compared", rec->n_arithmetic == 0);
	if (good && (text = cJSON_Print(doc)) != NULL) {
		printf("%s\n", text);
		free(text);
	} else {
		good = false;
		kvp_error_set(err, KVP_ENOMEM, "reconcile --format json: out of memory");
	}
	cJSON_Delete(doc);
	return good;
}

static const char *const formats[] = { "text", "json", NULL };

/* Exit status of reconcile (man page, EXIT STATUS): 0 every arithmetic
 * figure compared matches and every prediction of the plan (KV budget,
 * pool, concurrency) agrees with the log, 1 one differs, 2 bad input, 3
 * nothing could be compared by arithmetic (the log holds no figure
 * kvplan can check). */
#define REC_NOTHING_COMPARED 3

static int rec_status(const struct kvp_reconcile *rec)
{
	if (rec->n_arithmetic_mismatch || rec->n_plan_error)
		return 1;
	return rec->n_arithmetic ? 0 : REC_NOTHING_COMPARED;
}

/* The first observation of a kind in the log's engine, or NULL. */
static const struct kvp_observation *log_obs(const struct kvp_log *log,
                                             enum kvp_obs_kind k)
{
	size_t i;

	for (i = 0; i < log->n_obs; i++)
		if (log->obs[i].engine == log->engine && log->obs[i].kind == k)
			return &log->obs[i];
	return NULL;
}

/*
 * The plan's budget would not fit (the engine refuses) or it has no card:
 * size the pool from the engine's own cap instead, without a card - vLLM
 * kv_cache_memory_bytes 1 TiB, SGLang max_total_tokens and TensorRT-LLM
 * max_tokens the tokens the log printed (else 2^20) - so the figures that do not depend on the budget (pages,
 * bytes per token, the KV one request needs) can still be compared.
 * False when the engine has no such cap.
 */
static bool budget_free(struct kvp_plan *p, const struct kvp_log *log)
{
	const struct kvp_observation *t = log_obs(log, KVP_OBS_TOKENS);

	p->devices.n_groups = 0;
	switch (p->engine.kind) {
	case KVP_ENGINE_VLLM:
		/* 1 TiB: room for one request of any max_model_len kvplan
		 * takes; the log's own budget may be the one that refused */
		p->engine.vllm.kv_cache_memory_bytes = 1ull << 40;
		return true;
	case KVP_ENGINE_SGLANG:
		p->engine.sglang.max_total_tokens = t && t->value ? t->value : 1u << 20;
		return true;
	case KVP_ENGINE_TRTLLM:
		p->engine.trtllm.max_tokens = t && t->value ? t->value : 1u << 20;
		p->engine.trtllm.max_gpu_total_bytes = 0;
		return true;
	default:
		return false;
	}
}

/* Compute the plan; on a budget refusal retry budget-free (noted). */
static bool compute_for_log(struct kvp_plan *p, const struct kvp_log *log,
                            struct kvp_result *res, bool *no_budget,
                            struct notes *ns, struct kvp_error *err)
{
	static struct kvp_plan alt;
	struct kvp_error first;

	*no_budget = false;
	if (kvp_compute(p, res) == KVP_OK)
		return true;
	first = res->error;
	alt = *p;
	if (budget_free(&alt, log) && kvp_compute(&alt, res) == KVP_OK) {
		*no_budget = true;
		note(ns, "budget: %s; the figures that follow from kvplan's budget "
		     "are not computed, the others are compared%s", first.msg, "");
		return true;
	}
	*err = first;
	return false;
}

static void print_unread(const struct kvp_log *log)
{
	uint32_t i;

	if (!log->n_unread)
		return;
	printf("\nlines about the cache not understood (%u%s):\n",
	       log->n_unread, log->unread_more ? ", more not listed" : "");
	for (i = 0; i < log->n_unread; i++)
		printf("  line %u: %s\n", log->unread[i].line, log->unread[i].text);
	if (log->unread_more)
		printf("  ... and %llu more\n", (unsigned long long)log->unread_more);
}

/* The plan's own predictions that miss the log (issue 31): a finding,
 * with the input that explains it. */
static void print_plan_errors(const struct kvp_reconcile *rec)
{
	uint32_t i, k = 0, n = 0;

	for (i = 0; i < rec->n_rows; i++)
		n += rec->rows[i].prediction && rec->rows[i].has_computed &&
		     rec->rows[i].has_observed;
	if (!n)   /* no prediction of the plan compared */
		return;
	printf("%u plan figure%s (the plan's own prediction) differ%s from the "
	       "log beyond print rounding", rec->n_plan_error,
	       rec->n_plan_error == 1 ? "" : "s",
	       rec->n_plan_error == 1 ? "s" : "");
	for (i = 0; i < rec->n_rows; i++)
		if (rec->rows[i].plan_error)
			printf("%s%s %+.2f%%", k++ ? ", " : ": ", rec->rows[i].figure,
			       (double)rec->rows[i].diff_ppm / 10000.0);
	printf("\n");
	if (rec->n_plan_error)
		printf("  %s\n", rec->plan_error_why);
}

static void print_verdict(const struct kvp_reconcile *rec)
{
	uint32_t obs = rec->n_compared - rec->n_arithmetic, est = 0, pred = 0, i;

	for (i = 0; i < rec->n_rows; i++) {
		bool both = rec->rows[i].has_computed && rec->rows[i].has_observed;

		est += rec->rows[i].cls == KVP_REC_ESTIMATE && both;
		pred += rec->rows[i].prediction && both;
	}
	obs -= est + pred;
	printf("\n%u figure%s compared: %u by arithmetic, %u the plan's own "
	       "prediction, %u measured on the card (information)",
	       rec->n_compared, rec->n_compared == 1 ? "" : "s",
	       rec->n_arithmetic, pred, obs);
	if (est)
		printf(", %u against kvplan's estimate (information)", est);
	printf("\n");
	if (!rec->n_arithmetic)
		printf("nothing compared: no figure of the log could be checked by "
		       "arithmetic against the plan (exit status %d)\n",
		       REC_NOTHING_COMPARED);
	else
		printf("%u arithmetic figure%s differ%s beyond print rounding\n",
		       rec->n_arithmetic_mismatch,
		       rec->n_arithmetic_mismatch == 1 ? "" : "s",
		       rec->n_arithmetic_mismatch == 1 ? "s" : "");
	print_plan_errors(rec);
}

static void print_text(const char *path, const struct kvp_log *log,
                       const struct notes *ns, const struct kvp_reconcile *rec)
{
	uint32_t i;
	int k;

	printf("kvplan reconcile: %s log %s\n", engine_label(log->engine), path);
	printf("lines: %llu read, %llu used, %llu skipped (%llu not understood, "
	       "%llu binary, %llu too long)%s\n",
	       (unsigned long long)log->lines, (unsigned long long)log->lines_used,
	       (unsigned long long)(log->skipped_unknown + log->skipped_binary +
	                            log->skipped_long),
	       (unsigned long long)log->skipped_unknown,
	       (unsigned long long)log->skipped_binary,
	       (unsigned long long)log->skipped_long,
	       log->truncated ? "; last line has no newline (truncated?)" : "");
	if (log->skipped_obs)
		printf("figures: %llu beyond the first %d were not compared\n",
		       (unsigned long long)log->skipped_obs, KVP_LOG_MAX_OBS);
	for (k = 1; k < KVP_ENGINE_COUNT; k++)
		if ((log->engines_seen & (1u << k)) && k != (int)log->engine)
			printf("mixed log: %s lines too; only %s figures are compared\n",
			       kvp_engine_name((enum kvp_engine_kind)k),
			       kvp_engine_name(log->engine));
	for (k = 0; k < ns->n; k++)
		printf("%s\n", ns->line[k]);
	if (log->set.refused)
		printf("the engine refused to start: %s\n", log->set.refusal);
	printf("settings stated in the log:");
	for (k = 0, i = 0; k < KVP_LK_COUNT; k++)
		if (log->set.has[k]) {
			if (k == KVP_LK_GPU_MEM_UTIL_PPM)
				printf("%s %s=%.4g", i++ ? "," : "",
				       kvp_log_key_name((enum kvp_log_key)k),
				       (double)log->set.v[k] / 1e6);
			else
				printf("%s %s=%llu", i++ ? "," : "",
				       kvp_log_key_name((enum kvp_log_key)k),
				       (unsigned long long)log->set.v[k]);
		}
	if (log->set.cache_type_k[0])
		printf("%s K type=%s", i++ ? "," : "", log->set.cache_type_k);
	if (log->set.cache_type_v[0])
		printf("%s V type=%s", i++ ? "," : "", log->set.cache_type_v);
	printf("%s\n\n", i ? "" : " none");

	printf("%-32s %26s %28s %16s %9s  %-10s %s\n", "figure (bytes or count)",
	       "computed", "observed (log)", "log - computed", "%", "class", "");
	for (i = 0; i < rec->n_rows; i++)
		print_row(&rec->rows[i]);
	print_unread(log);
	print_verdict(rec);
}

/* Which plan: the PLAN file, the flags' model, the log's model, or none
 * (only the figures that need no model). False on bad input. */
static bool choose_plan(struct kvp_opts *o, const struct kvp_log *log,
                        const char *path, int argc, char **argv,
                        struct notes *ns, bool *no_model, struct kvp_error *err)
{
	static struct origin orig;

	memset(&orig, 0, sizeof orig);
	orig.argc = argc;
	orig.argv = argv;
	*no_model = false;
	if (o->have_plan_file) {
		note(ns, "plan: %s%s", o->plan_path, ", as given");
		if (o->plan.engine.kind != log->engine) {
			note(ns, "engine: the plan's is %s; the log's, %s, is used",
			     kvp_engine_name(o->plan.engine.kind),
			     kvp_engine_name(log->engine));
			o->plan.engine.kind = log->engine;
		}
		return true;
	}
	if (model_flag_given(argc, argv)) {
		note(ns, "model: from the options (%s)%s", o->plan.model.id, "");
	} else if (model_from_log(log, &o->plan.model, ns, path, err) != KVP_OK) {
		/* no model: compare what needs none */
		note(ns, "model: the log names no known model and states no "
		     "shape; only the figures that need no model are compared "
		     "(give a PLAN or --model for the rest)%s%s", "", "");
		kvp_error_clear(err);
		*no_model = true;
	}
	note(ns, "plan: no PLAN given: %s settings stated in the log laid "
	     "over the defaults%s", kvp_engine_name(log->engine), "");
	settings_to_plan(log, &o->plan, &orig, ns);
	return true;
}

/* The engine's era from the log's wording: when the plan names no release
 * and the wording fixes one whose byte rules differ (vLLM V0), take it
 * and say so; otherwise name the era the wording shows. */
static void era_to_plan(const struct kvp_log *log, struct kvp_plan *p,
                        struct notes *ns)
{
	char what[320];

	if (log->build[0] && p->engine.kind == KVP_ENGINE_LLAMACPP) {
		/* the log states its build: no need to infer it from words */
		snprintf(what, sizeof what, "the log states %s (line %u)",
		         log->build, log->build_line);
		if (!p->engine.version[0]) {
			snprintf(p->engine.version, sizeof p->engine.version, "%s",
			         log->build);
			note(ns, "engine release: none named; %s: its rules are used%s",
			     what, "");
		} else {
			note(ns, "engine release: %s, as named; %s", p->engine.version,
			     what);
		}
		return;
	}
	if (!log->era[0] || p->engine.kind != log->engine)
		return;
	snprintf(what, sizeof what, "the log's wording ('%s', line %u) is that "
	         "of %s", log->era_phrase, log->era_line, log->era);
	if (!p->engine.version[0] && log->era_release[0]) {
		snprintf(p->engine.version, sizeof p->engine.version, "%s",
		         log->era_release);
		note(ns, "engine release: none named; %s: the rules of %s are used "
		     "(name one with --engine ENGINE@RELEASE)", what, log->era_release);
	} else if (p->engine.version[0]) {
		note(ns, "engine release: %s, as named; %s", p->engine.version, what);
	} else {
		note(ns, "engine release: none named; %s; the current rules (%s) "
		     "are used", what, kvp_engine_current_release(p->engine.kind));
	}
}

/* SGLang with a virtual-memory KV plugin (kvcached, log_parse.c
 * sglang_kvcached_line): say which sizes are compared. */
static void virtual_note(const struct kvp_log *log, struct notes *ns)
{
	char a[96], b[160];

	if (!log->sg_virtual_line)
		return;
	snprintf(a, sizeof a, "line %u", log->sg_virtual_line);
	snprintf(b, sizeof b, "%u 'Physical KV Cache limits by --mem-fraction-static' "
	         "line(s) compared; %u virtual figure(s) of the other pool lines "
	         "set aside", log->n_sg_phys_line, log->sg_virtual_dropped);
	note(ns, "SGLang with a virtual-memory KV plugin (kvcached, %s): the "
	     "physical limit is the figure, not the virtual reservation; %s", a, b);
}

/* The TP size the plan's engine runs with (per-rank figures). */
static uint32_t plan_tp(const struct kvp_plan *p)
{
	uint32_t tp = p->devices.tp ? p->devices.tp : 1;

	if (p->engine.kind == KVP_ENGINE_VLLM &&
	    p->engine.vllm.tensor_parallel_size > 1)
		tp = p->engine.vllm.tensor_parallel_size;
	return tp;
}

/* "kvplan reconcile: msg" on stderr, o freed: exit status 2. */
static int rec_fail(struct kvp_opts *o, const char *msg)
{
	fprintf(stderr, "kvplan reconcile: %s\n", msg);
	kvp_opts_free(o);
	return 2;
}

#define REC_GO (-1)

/* The command line read (an engine's launch command after -- in its
 * place, launch.h): REC_GO, or the exit status (o freed, the line
 * written). *argc and *argv become the line parsed. */
static int rec_parse(struct kvp_opts *o, int *argc, char ***argv)
{
	struct kvp_error err;

	kvp_error_clear(&err);
	if (kvp_launch_prepare(*argc, *argv, &o->launch, &err) != KVP_OK ||
	    (o->launch && o->launch->emit[0] &&
	     kvp_error_set(&err, KVP_EINVAL, "--emit: a calc option") != KVP_OK))
		return rec_fail(o, err.msg);
	if (o->launch) {
		*argc = (int)o->launch->argv.n;
		*argv = o->launch->argv.v;
	}
	if (kvp_opts_parse(o, *argc, *argv, stdout, &err) != KVP_OK)
		return rec_fail(o, err.msg);
	if (o->help) {
		kvp_opts_free(o);
		return 0;
	}
	if (o->n_args < 1 || o->n_args > 2) {
		fprintf(stderr, "kvplan reconcile: LOG: %s - usage: kvplan reconcile "
		        "LOG [PLAN.json] [OPTIONS]\n",
		        o->n_args < 1 ? "missing" : "too many arguments");
		kvp_opts_free(o);
		return 2;
	}
	return REC_GO;
}

/* The log at path read: REC_GO, or 2 (o freed, the line written) when
 * it cannot be read or no engine's line is in it. */
static int rec_read_log(struct kvp_opts *o, struct kvp_log *log, const char *path)
{
	struct kvp_error err;

	kvp_error_clear(&err);
	kvp_log_init(log);
	if (kvp_log_parse_file(log, path, &err) != KVP_OK)
		return rec_fail(o, err.msg);
	if (log->engine != KVP_ENGINE_GENERIC)
		return REC_GO;
	fprintf(stderr, "kvplan reconcile: %s: no line of llama.cpp, vLLM, "
	        "SGLang or TensorRT-LLM recognised (%llu lines skipped)\n",
	        path, (unsigned long long)log->lines);
	kvp_opts_free(o);
	return 2;
}

/* The plan set against the log (rec filled): REC_GO, or 2 (o freed). */
static int rec_compare(struct kvp_opts *o, const struct kvp_log *log,
                       const char *path, int argc, char **argv,
                       struct notes *ns, struct kvp_reconcile *rec)
{
	static struct kvp_result res;
	struct kvp_rec_opts ro;
	struct kvp_error err;
	size_t i;

	memset(&ro, 0, sizeof ro);
	kvp_error_clear(&err);
	for (i = 0; o->launch && i < o->launch->notes.n; i++)
		note(ns, "%s%s", o->launch->notes.line[i], "");
	choose_plan(o, log, path, argc, argv, ns, &ro.no_model, &err);
	era_to_plan(log, &o->plan, ns);
	virtual_note(log, ns);
	if (!ro.no_model &&
	    !compute_for_log(&o->plan, log, &res, &ro.no_budget, ns, &err))
		return rec_fail(o, err.msg);
	if (!ro.no_model)
		note(ns, "engine: %s %s", kvp_engine_name(o->plan.engine.kind),
		     o->plan.engine.version[0] ? o->plan.engine.version :
		     "(current release; give --engine ENGINE@RELEASE for another)");
	/* the plan's settings (flags and PLAN win over the log) */
	ro.tp = plan_tp(&o->plan);
	ro.max_model_len = ro.no_model ? 0 : res.engine.max_model_len;
	if (kvp_reconcile_with(&o->plan, ro.no_model ? NULL : &res, log->engine,
	                       log->obs, log->n_obs, &ro, rec, &err) != KVP_OK)
		return rec_fail(o, err.msg);
	return REC_GO;
}

int kvp_cmd_reconcile(int argc, char **argv)
{
	static struct kvp_opts o;
	static struct kvp_log log;
	static struct kvp_reconcile rec;
	struct kvp_error err;
	struct notes ns = { 0 };
	const char *path;
	int rc;

	kvp_opts_init(&o, "reconcile", "LOG [PLAN.json] [OPTIONS]");
	o.plan_arg = 1;
	o.max_args = 2;        /* LOG and PLAN */
	o.formats = formats;
	kvp_error_clear(&err);
	if ((rc = rec_parse(&o, &argc, &argv)) != REC_GO)
		return rc;
	path = o.args[0];
	if ((rc = rec_read_log(&o, &log, path)) != REC_GO ||
	    (rc = rec_compare(&o, &log, path, argc, argv, &ns, &rec)) != REC_GO)
		return rc;
	rc = rec_status(&rec);
	if (!strcmp(o.format, "json")) {
		if (!reconcile_json(path, &log, &ns, &o.plan, &rec, &err)) {
			fprintf(stderr, "kvplan reconcile: %s\n", err.msg);
			rc = 2;
		}
	} else {
		print_text(path, &log, &ns, &rec);
	}
	kvp_opts_free(&o);
	return rc;
}
