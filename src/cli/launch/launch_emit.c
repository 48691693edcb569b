/*
 * launch_emit.c - the command that runs a plan (launch.h): for each
 * modelled row of the engine's table, the plan's value of its kvplan
 * field, written when it differs from the engine's default, in the word
 * the engine takes. Settings of the engine with no row are named in a
 * comment, never dropped silently. The verdict is the one calc prints.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"
#include "kvplan/engine.h"
#include "kvplan/era.h"
#include "kvplan/field.h"

static const struct kvp_launch_engine *const all[] = {
	&kvp_launch_vllm, &kvp_launch_vllm_api, &kvp_launch_llama_server,
	&kvp_launch_llama_cli, &kvp_launch_sglang, &kvp_launch_trtllm,
};

/* trtllm-serve: the KvCacheConfig keys only its YAML file sets. */
static const struct {
	const char *key, *yaml;
} trt_yaml[] = {
	{ "engine.trtllm.tokens_per_block", "tokens_per_block" },
	{ "engine.trtllm.max_tokens", "max_tokens" },
	{ "engine.trtllm.max_gpu_total_bytes", "max_gpu_total_bytes" },
	{ "engine.trtllm.host_cache_size", "host_cache_size" },
};

static bool in_trt_yaml(const struct kvp_launch_engine *e, const char *key)
{
	size_t i;

	for (i = 0; e->kind == KVP_ENGINE_TRTLLM && i < sizeof trt_yaml / sizeof trt_yaml[0]; i++)
		if (!strcmp(trt_yaml[i].key, key))
			return true;
	return false;
}

/* The YAML of trtllm-serve's --extra_llm_api_options, as a here-document
 * before the command; true when there is one (the flag is then added). */
static bool trt_yaml_doc(FILE *out, const struct kvp_plan *p,
                         const struct kvp_plan *d)
{
	char v[64], dv[64];
	size_t i;
	bool any = false;

	for (i = 0; i < sizeof trt_yaml / sizeof trt_yaml[0]; i++) {
		const struct kvp_field *f = kvp_field_by_key(trt_yaml[i].key);

		kvp_field_format(p, f, 0, v, sizeof v);
		kvp_field_format(d, f, 0, dv, sizeof dv);
		if (!strcmp(v, dv))
			continue;
		if (!any)
			fputs("cat > extra_llm_api_options.yaml <<'EOF'\n"
			      "kv_cache_config:\n", out);
		any = true;
		fprintf(out, "  %s: %s\n", trt_yaml[i].yaml, v);
	}
	if (p->model.base.k_fmt.dtype == KVP_DT_FP8 &&
	    p->model.base.v_fmt.dtype == KVP_DT_FP8) {
		if (!any)
			fputs("cat > extra_llm_api_options.yaml <<'EOF'\n"
			      "kv_cache_config:\n", out);
		any = true;
		fputs("  dtype: fp8\n", out);
	}
	if (any)
		fputs("EOF\n", out);
	return any;
}

const struct kvp_launch_engine *kvp_launch_engine_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof all / sizeof all[0]; i++)
		if (!strcmp(all[i]->emit_name, name))
			return all[i];
	return NULL;
}

/* A word as the shell reads it back. */
static void word(FILE *out, const char *w)
{
	const char *s;

	if (*w && strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	                    "0123456789_./:=@%+,-") == strlen(w)) {
		fputs(w, out);
		return;
	}
	fputc('\'', out);
	for (s = w; *s; s++)
		if (*s == '\'')
			fputs("'\\''", out);
		else
			fputc(*s, out);
	fputc('\'', out);
}

/* The engine's word for kvplan's value text v; NULL: no such word. */
static const char *engine_word(enum kvp_lf_conv c, const char *v)
{
	static const struct { enum kvp_lf_conv c; const char *k, *e; } map[] = {
		{ LF_VLLM_KVDT, "auto", "auto" }, { LF_VLLM_KVDT, "fp8", "fp8" },
		{ LF_VLLM_KVDT, "bf16", "bfloat16" },
		{ LF_VLLM_DTYPE, "f16", "float16" }, { LF_VLLM_DTYPE, "bf16", "bfloat16" },
		{ LF_VLLM_DTYPE, "f32", "float32" },
		{ LF_NGL, "-1", "all" },
	};
	size_t i;
	bool mapped = false;

	for (i = 0; i < sizeof map / sizeof map[0]; i++) {
		if (map[i].c != c)
			continue;
		mapped = true;
		if (!strcmp(map[i].k, v))
			return map[i].e;
	}
	if (c == LF_NGL)
		return v;
	return mapped ? NULL : v;
}

/* The plan the engine runs when no flag is given: under vLLM, the
 * release's and card's own defaults, as the budget takes them
 * (kvp_vllm_release_defaults: --enable-prefix-caching off before V1,
 * --max-num-seqs 1,024 on an H100 from V1 on, ...). */
static void defaults_of(const struct kvp_launch_engine *e,
                        const struct kvp_plan *p, struct kvp_plan *d)
{
	*d = *p;
	kvp_engine_defaults(&d->engine);
	d->engine.kind = p->engine.kind;
	if (e->kind == KVP_ENGINE_VLLM)
		kvp_vllm_release_defaults(p, &d->engine.vllm);
	d->devices.tp = d->devices.pp = d->devices.dp = 1;
	d->devices.max_batched_tokens = 0;   /* trtllm-serve --max_num_tokens */
	if (e == &kvp_launch_llama_server) {
		/* kvplan's --parallel auto is llama-server without -np (its
		 * slots by build, lc_slots.c); any other count is written as
		 * -np N, also 4 with -kvu, which auto is not at every build
		 * (PR #16736's rule keeps one slot under -kvu) */
		uint32_t np = p->engine.llamacpp.parallel;

		d->engine.llamacpp.parallel = np == KVP_LC_NP_AUTO ? np : np + 1;
		d->engine.llamacpp.kv_unified = false;
	}
	if (e->llama)   /* -ngl auto by default: -ngl all always written */
		d->engine.llamacpp.n_gpu_layers = -2;
	if (e->kind == KVP_ENGINE_TRTLLM) {   /* KvCacheConfig's, llm_args.py */
		d->engine.trtllm.tokens_per_block = 32;
		/* max_seq_len: the model's positions unless given; the plan
		 * cannot tell them apart, so --max_seq_len is always written */
		d->model.arch.max_positions = 0;
	}
}

/* vLLM's settings the plan leaves 0 (the release's and card's, resolved
 * where they are used) as the values they stand for, so that one the
 * plan gives equal to the release's default is not written. */
static void vllm_resolved(struct kvp_plan *q)
{
	struct kvp_vllm_opts r;
	struct kvp_vllm_opts *o = &q->engine.vllm;

	kvp_vllm_release_defaults(q, &r);
	if (!o->gpu_memory_utilization)
		o->gpu_memory_utilization = r.gpu_memory_utilization;
	if (!o->max_num_seqs)
		o->max_num_seqs = r.max_num_seqs;
	if (!o->max_num_batched_tokens)
		o->max_num_batched_tokens = r.max_num_batched_tokens;
	if (o->enable_prefix_caching == KVP_AUTO)
		o->enable_prefix_caching = r.enable_prefix_caching;
}

/* Does row r write field f as a switch (--X, --no-X)? A yes/no field,
 * or an auto/on/off one under a row without a value (vLLM's
 * --enable-prefix-caching; llama.cpp's -fa takes its word). */
static bool switch_row(const struct kvp_launch_flag *r,
                       const struct kvp_field *f)
{
	return f->type == KVP_FT_BOOL ||
	       (f->type == KVP_FT_TRISTATE && !r->value);
}

/* Field f of p as row r writes it: a switch's on/off as true/false. */
static void row_value(const struct kvp_launch_flag *r,
                      const struct kvp_field *f, const struct kvp_plan *p,
                      char *buf, size_t n)
{
	kvp_field_format(p, f, 0, buf, n);
	if (f->type != KVP_FT_TRISTATE || r->value)
		return;
	if (!strcmp(buf, "on"))
		snprintf(buf, n, "true");
	else if (!strcmp(buf, "off"))
		snprintf(buf, n, "false");
}

/* The field a row's kvplan flag sets; *neg: the row writes false. */
static const struct kvp_field *field_of(const struct kvp_launch_engine *e,
                                        const struct kvp_launch_flag *r,
                                        bool *neg)
{
	const struct kvp_field *f;

	*neg = false;
	if (!r->to || r->conv == LF_MODEL || r->conv == LF_HF)
		return NULL;
	if (e && !kvp_launch_in_program(e, r->names[0]))
		return NULL;
	if ((f = kvp_field_by_flag(r->to)) != NULL)
		return f;
	if (!strncmp(r->to, "no-", 3) && (f = kvp_field_by_flag(r->to + 3))) {
		*neg = true;
		return f;
	}
	return NULL;
}

/* The release the plan names (NULL: none, the table's spellings hold)
 * and, when the row's flag as it would be written for kvplan value v
 * (its --no- form for false, its value word) lies outside the releases
 * known to have it (launch_range.c), that range; *what: the spelling. */
static const struct kvp_launch_range *row_outside(const struct kvp_launch_engine *e,
                                                  const struct kvp_launch_flag *r,
                                                  const struct kvp_plan *p,
                                                  const char *v, char *what,
                                                  size_t cap)
{
	const char *rel = p->engine.version[0] ? p->engine.version : NULL;
	const struct kvp_launch_range *g;
	const char *w;

	snprintf(what, cap, "%s", r->names[0]);
	if (!rel)
		return NULL;
	if ((g = kvp_launch_outside(e->kind, r->names[0], rel)))
		return g;
	if (r->negatable && !strcmp(v, "false")) {
		snprintf(what, cap, "--no-%s", r->names[0] + 2);
		return kvp_launch_outside(e->kind, what, rel);
	}
	if ((w = engine_word(r->conv, v)) &&
	    (g = kvp_launch_word_outside(e->kind, r->names[0], w, rel)))
		snprintf(what, cap, "%s %s", r->names[0], w);
	return g;
}

/* A row's flag and value when the plan differs from the defaults d.
 * Returns false when the value has no word in the engine (err set). */
static bool one_row(FILE *out, const struct kvp_launch_engine *e,
                    const struct kvp_launch_flag *r,
                    const struct kvp_plan *p, const struct kvp_plan *d,
                    struct kvp_error *err)
{
	char v[128], dv[128], what[96];
	const char *w;
	bool neg;
	const struct kvp_field *f = field_of(e, r, &neg);

	if (!f)
		return true;
	row_value(r, f, p, v, sizeof v);
	row_value(r, f, d, dv, sizeof dv);
	if (!strcmp(v, dv) || row_outside(e, r, p, v, what, sizeof what))
		return true;   /* the default, or named in a comment */
	if (switch_row(r, f)) {
		if (!r->negatable && neg != !strcmp(v, "false"))
			return true;   /* the other row of the pair writes it */
		fputs(" \\\n  ", out);
		if (r->negatable && !strcmp(v, "false"))
			fprintf(out, "--no-%s", r->names[0] + 2);
		else
			fputs(r->names[0], out);
		return true;
	}
	if (!(w = engine_word(r->conv, v))) {
		kvp_error_set(err, KVP_EINVAL, "%s: '%s' - %s has no %s word for "
			"it", f->key, v, r->names[0], r->names[0]);
		return false;
	}
	fprintf(out, " \\\n  %s ", r->names[0]);
	word(out, w);
	return true;
}

/* SGLang's --kv-cache-dtype fp8_e4m3 for an fp8 plan, unless the
 * release the plan names lacks the flag or the word (launch_range.c):
 * that range, or NULL. */
static const struct kvp_launch_range *sglang_kv_outside(const struct kvp_plan *p)
{
	const char *rel = p->engine.version[0] ? p->engine.version : NULL;
	const struct kvp_launch_range *g;

	if (!rel)
		return NULL;
	if ((g = kvp_launch_outside(KVP_ENGINE_SGLANG, "--kv-cache-dtype", rel)))
		return g;
	return kvp_launch_word_outside(KVP_ENGINE_SGLANG, "--kv-cache-dtype",
	                               "fp8_e4m3", rel);
}

/* kvplan --kv-dtype under SGLang: the model's own format is auto. An
 * fp8 plan the release cannot carry is named in a comment (comment) or
 * left out of the command (!comment). */
static void sglang_kv(FILE *out, const struct kvp_plan *p, bool comment)
{
	const struct kvp_launch_range *g;

	if (p->model.base.k_fmt.dtype != KVP_DT_FP8 ||
	    p->model.base.v_fmt.dtype != KVP_DT_FP8)
		return;
	g = sglang_kv_outside(p);
	if (comment && g)
		fprintf(out, "# not written (sglang %s has no --kv-cache-dtype "
		        "fp8_e4m3: %s): kv-dtype = fp8\n", p->engine.version,
		        g->source);
	else if (!comment && !g)
		fputs(" \\\n  --kv-cache-dtype fp8_e4m3", out);
}

/* Settings whose flag the release the plan names lacks, named in a
 * comment (one_row does not write them). */
static void outside_release(FILE *out, const struct kvp_launch_engine *e,
                            const struct kvp_plan *p, const struct kvp_plan *d)
{
	size_t k;
	char v[128], dv[128], what[96];
	bool neg;

	for (k = 0; k < e->n_flags; k++) {
		const struct kvp_launch_flag *r = &e->flags[k];
		const struct kvp_field *f = field_of(e, r, &neg);
		const struct kvp_launch_range *g;

		if (!f)
			continue;
		row_value(r, f, p, v, sizeof v);
		row_value(r, f, d, dv, sizeof dv);
		if (!strcmp(v, dv) || (switch_row(r, f) && !r->negatable &&
		                       neg != !strcmp(v, "false")))
			continue;
		if (!(g = row_outside(e, r, p, v, what, sizeof what)))
			continue;
		kvp_field_format(p, f, 0, v, sizeof v);   /* the plan's word */
		fprintf(out, "# not written (%s %s has no %s: %s): %s = %s\n",
		        e->emit_name, p->engine.version, what, g->source,
		        f->key, v);
	}
}

/* Engine settings no row writes, named in a comment. */
static void unwritten(FILE *out, const struct kvp_launch_engine *e,
                      const struct kvp_plan *p, const struct kvp_plan *d)
{
	size_t i, k;
	char v[128], dv[128];

	outside_release(out, e, p, d);
	if (e->kind == KVP_ENGINE_SGLANG)
		sglang_kv(out, p, true);

	for (i = 0; i < kvp_field_count(); i++) {
		const struct kvp_field *f = kvp_field_at(i);
		bool covered = false, neg;

		if (f->engine != (int)e->kind || f->indexed)
			continue;
		for (k = 0; k < e->n_flags && !covered; k++)
			covered = field_of(e, &e->flags[k], &neg) == f;
		covered = covered || in_trt_yaml(e, f->key);
		kvp_field_format(p, f, 0, v, sizeof v);
		kvp_field_format(d, f, 0, dv, sizeof dv);
		if (!covered && strcmp(v, dv))
			fprintf(out, "# not written (%s has no flag for it in kvplan's "
			        "table): %s = %s\n", e->program, f->key, v);
	}
	/* serving settings outside the engine's options the command cannot
	 * carry: weights served in another format than the checkpoint's
	 * (an online quantization), a host KV offload buffer */
	if (p->devices.weights_override) {
		kvp_field_format(p, kvp_field_by_key("devices.weights.dtype"), 0, v,
		                 sizeof v);
		fprintf(out, "# not written (give the checkpoint in that format, "
		        "or the engine's quantization flag): devices.weights.dtype "
		        "= %s\n", v);
	}
	if (p->devices.kv_offload_bytes) {
		kvp_field_format(p, kvp_field_by_key("devices.kv_offload_bytes"), 0,
		                 v, sizeof v);
		fprintf(out, "# not written (no flag in kvplan's table for %s): "
		        "devices.kv_offload_bytes = %s\n", e->emit_name, v);
	}
}

/* The model as the engine names it. */
static void model_words(FILE *out, const struct kvp_launch_engine *e,
                        const struct kvp_plan *p)
{
	const char *src = p->model.source;
	size_t n = strlen(src);

	if (e->llama) {
		bool gguf = n > 5 && !strcmp(src + n - 5, ".gguf") && !strchr(src, ' ');

		fputs(gguf ? " -m " : " -hf ", out);
		word(out, gguf ? src : p->model.id);
		return;
	}
	if (e->model_flag)
		fprintf(out, " %s", e->model_flag);
	fputc(' ', out);
	word(out, p->model.id);
}

enum kvp_status kvp_launch_emit(FILE *out, const struct kvp_plan *p,
                                const struct kvp_result *res,
                                const char *name, struct kvp_error *err)
{
	const struct kvp_launch_engine *e = kvp_launch_engine_by_name(name);
	const struct kvp_launch_range *g;
	struct kvp_plan *q, *d;
	size_t i;
	bool fits = true, yaml;

	if (!e)
		return kvp_error_set(err, KVP_EINVAL, "--emit: '%s' - expected vllm, "
			"vllm-api-server, llama-server, llama-cli, sglang or "
			"trtllm-serve", name);
	if (e->kind != p->engine.kind)
		return kvp_error_set(err, KVP_EINVAL, "--emit: '%s' - the plan's "
			"engine is %s; compute it under --engine %s to write %s's "
			"command", name, kvp_engine_name(p->engine.kind),
			kvp_engine_name(e->kind), e->program);
	if (!p->model.id[0])
		return kvp_error_set(err, KVP_EINVAL, "--emit: model.id: '' - the "
			"plan's model has no name to put in the command");
	if (p->engine.version[0] &&
	    (g = kvp_launch_outside(e->kind, e->program, p->engine.version)))
		return kvp_error_set(err, KVP_EINVAL, "--emit: '%s' - %s %s has no "
			"`%s` (%s); write it with --emit vllm-api-server", name,
			e->emit_name, p->engine.version, e->program, g->source);
	q = malloc(sizeof *q);
	d = malloc(sizeof *d);
	if (!q || !d) {
		free(q);
		free(d);
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	}
	*q = *p;
	/* vLLM's --tensor-parallel-size is devices.tp when that is 1
	 * (vllm/vl_budget.c vl_parallel): one number, written once */
	if (q->devices.tp == 1 && q->engine.vllm.tensor_parallel_size > 1)
		q->devices.tp = q->engine.vllm.tensor_parallel_size;
	if (q->devices.pp == 1 && q->engine.vllm.pipeline_parallel_size > 1)
		q->devices.pp = q->engine.vllm.pipeline_parallel_size;
	q->engine.vllm.tensor_parallel_size = 1;
	q->engine.vllm.pipeline_parallel_size = 1;
	if (e->kind == KVP_ENGINE_VLLM)
		vllm_resolved(q);
	defaults_of(e, q, d);
	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++)
		fits = fits && res->devices[i].fits;
	fprintf(out, "# kvplan: %s (plan %s; %s %s, flags as %s %s spells "
	        "them%s)\n", fits ? "fits on every device" :
	        "does NOT fit on every device", p->name,
	        kvp_engine_name(p->engine.kind), kvp_engine_release(&p->engine),
	        e->emit_name, e->release, p->engine.version[0] ?
	        ", each within the releases known to have it" : "");
	unwritten(out, e, q, d);
	yaml = e->kind == KVP_ENGINE_TRTLLM && trt_yaml_doc(out, q, d);
	fputs(e->program, out);
	model_words(out, e, q);
	for (i = 0; i < e->n_flags; i++)
		if (!one_row(out, e, &e->flags[i], q, d, err))
			break;
	if (i == e->n_flags && e->kind == KVP_ENGINE_SGLANG)
		sglang_kv(out, q, false);
	if (yaml)
		fputs(" \\\n  --extra_llm_api_options extra_llm_api_options.yaml", out);
	fputc('\n', out);
	free(q);
	free(d);
	return i == e->n_flags ? KVP_OK : err->status;
}
