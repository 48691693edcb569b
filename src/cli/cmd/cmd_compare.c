/*
 * cmd_compare.c - `kvplan compare [PLAN.json] [OPTIONS] [--translate K=V]`:
 * the same plan under every engine side by side (kvp_compare): the whole
 * cache in bytes, the difference from the generic strategy explained in
 * one line, how many of the workload's requests fit, and the lines each
 * engine would print. --translate SETTING=VALUE adds the budget
 * translation (kvp_translate): the equivalent settings of the other
 * engines, each with the KV bytes it yields. --format json prints the
 * same as one JSON object (every byte figure an integer).
 * Exit 0, or 2 on bad input (one line on stderr, nothing on stdout).
 * Every figure shown is a field of struct kvp_compare / kvp_translation.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "cli/cmd/cmd_compare.h"
#include "cli/emit.h"
#include "cli/opts.h"
#include "kvplan/compare.h"
#include "kvplan/translate.h"
#include "kvplan/units.h"

struct cmp_ctx {
	bool translate;
	enum kvp_knob knob;
	uint64_t value;          /* ppm, bytes or cells */
};

/* "0.92" -> 920000 exactly (up to six decimals, at most 1). */
static bool parse_ppm(const char *s, uint64_t *out)
{
	uint64_t whole = 0, frac = 0, scale = 100000;
	const char *c = s;

	if (!*c)
		return false;
	while (*c >= '0' && *c <= '9')
		whole = whole * 10 + (uint64_t)(*c++ - '0');
	if (*c == '.') {
		c++;
		if (!(*c >= '0' && *c <= '9'))
			return false;
		while (*c >= '0' && *c <= '9') {
			if (!scale)
				return false;
			frac += (uint64_t)(*c++ - '0') * scale;
			scale /= 10;
		}
	}
	if (*c || whole > 1 || (whole == 1 && frac))
		return false;
	*out = whole * 1000000 + frac;
	return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return false;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end || errno)
		return false;
	*out = v;
	return true;
}

static enum kvp_status set_translate(void *ctx, const char *v, struct kvp_error *err)
{
	struct cmp_ctx *c = ctx;
	const char *eq = strchr(v, '=');
	char name[96];
	bool ok;

	if (!eq || eq == v || (size_t)(eq - v) >= sizeof name)
		return kvp_error_set(err, KVP_EINVAL,
			"--translate: '%s' - expected SETTING=VALUE, e.g. "
			"gpu_memory_utilization=0.9", v);
	memcpy(name, v, (size_t)(eq - v));
	name[eq - v] = '\0';
	if (kvp_knob_parse(name, &c->knob, err) != KVP_OK) {
		kvp_error_prefix(err, "--translate");
		return err->status;
	}
	if (c->knob == KVP_KNOB_BYTE_CAP || c->knob == KVP_KNOB_LLAMACPP_CTX)
		ok = parse_u64(eq + 1, &c->value) && c->value > 0;
	else
		ok = parse_ppm(eq + 1, &c->value) && c->value > 0;
	if (!ok)
		return kvp_error_set(err, KVP_EINVAL,
			"--translate: %s '%s' - expected %s", name, eq + 1,
			c->knob == KVP_KNOB_BYTE_CAP ? "a byte count of at least 1" :
			c->knob == KVP_KNOB_LLAMACPP_CTX ? "a context size of at least 1" :
			"a fraction in (0, 1] such as 0.9");
	c->translate = true;
	return KVP_OK;
}

static const struct kvp_opt_extra cmp_extra[] = {
	{ "translate", true, "SETTING=VALUE",
	  "also translate a budget setting (gpu_memory_utilization, mem_fraction_static, "
	  "free_gpu_memory_fraction, kv_cache_memory_bytes, ctx_size) across engines",
	  set_translate },
};

static int fail(const char *msg)
{
	return kvp_emit_fail("compare", msg);
}

/* A knob's value as its users write it. */
static const char *knob_value(enum kvp_knob k, uint64_t v, char *buf, size_t n)
{
	if (k == KVP_KNOB_BYTE_CAP || k == KVP_KNOB_LLAMACPP_CTX)
		snprintf(buf, n, "%llu", (unsigned long long)v);
	else
		snprintf(buf, n, "%llu.%06llu", (unsigned long long)(v / 1000000),
		         (unsigned long long)(v % 1000000));
	return buf;
}

static void print_text(FILE *out, const struct kvp_plan *p, const struct kvp_compare *c,
                       const struct cmp_ctx *ctx, const struct kvp_translation *t)
{
	uint32_t i, l;
	char a[40], g[32], d[24];

	fprintf(out, "%s under every engine (%s)\n\n", p->model.id[0] ? p->model.id : "model",
	        p->name[0] ? p->name : "plan");
	fprintf(out, "%-13s %22s %12s %10s %s\n", "engine", "KV cache, bytes", "GiB",
	        "vs generic", "requests fit");
	for (i = 0; i < c->n_rows; i++) {
		const struct kvp_compare_row *r = &c->rows[i];

		if (r->status != KVP_OK) {
			fprintf(out, "%-13s %s: %s\n", kvp_engine_name(r->kind),
			        r->status == KVP_EREFUSED ? "refused" : "error", r->error);
			continue;
		}
		fprintf(out, "%-13s %22s %12s %10s %llu of %llu\n", kvp_engine_name(r->kind),
		        kvp_fmt_int(r->kv_bytes, a, sizeof a),
		        kvp_fmt_gib(r->kv_bytes, 2, g, sizeof g),
		        i == KVP_ENGINE_GENERIC ? "baseline" :
		        c->rows[KVP_ENGINE_GENERIC].status != KVP_OK ? "n/a" :
		        kvp_compare_pct(r->diff_ppm, d, sizeof d),
		        (unsigned long long)r->requests_fit, (unsigned long long)r->requests);
	}
	fprintf(out, "\nwhy:\n");
	for (i = 0; i < c->n_rows; i++)
		if (c->rows[i].status == KVP_OK)
			fprintf(out, "  %-12s %s\n", kvp_engine_name(c->rows[i].kind), c->rows[i].why);
	fprintf(out, "\nin the engines' words:\n");
	for (i = 0; i < c->n_rows; i++) {
		if (c->rows[i].status != KVP_OK)
			continue;   /* refused: no lines of its own */
		if (c->rows[i].n_lines && c->rows[i].lines_note[0])
			fprintf(out, "  %-12s (%s)\n", kvp_engine_name(c->rows[i].kind),
			        c->rows[i].lines_note);
		for (l = 0; l < c->rows[i].n_lines && l < KVP_MAX_LINES; l++)
			fprintf(out, "  %-12s %s\n", kvp_engine_name(c->rows[i].kind),
			        c->rows[i].lines[l]);
	}
	if (!ctx->translate)
		return;
	fprintf(out, "\nbudget translation from %s = %s (%s of KV):\n",
	        kvp_knob_key(t->from), knob_value(t->from, t->from_value, d, sizeof d),
	        kvp_fmt_bytes_all(t->target_bytes, a, sizeof a));
	for (i = 0; i < t->n_rows; i++) {
		const struct kvp_translate_row *r = &t->rows[i];
		char v[32];

		if (r->status != KVP_OK) {
			fprintf(out, "  %-40s none: %s\n", kvp_knob_key(r->knob), r->error);
			continue;
		}
		fprintf(out, "  %-40s %-16s yields %s\n", kvp_knob_key(r->knob),
		        knob_value(r->knob, r->value, v, sizeof v),
		        kvp_fmt_bytes_all(r->kv_bytes, a, sizeof a));
	}
}

/* calc's refusal of a generic-strategy flag under a named engine, on
 * that engine's row (issue 33: compare --resident-layers 4 showed the
 * named engines' rows as fine where calc refuses the flag for each). */
static void engine_checks(const struct kvp_opts *o, struct kvp_compare *c)
{
	struct kvp_error e;
	uint32_t i;

	for (i = 0; i < c->n_rows; i++) {
		struct kvp_compare_row *r = &c->rows[i];

		if (r->status != KVP_OK || kvp_opts_engine_check(o, r->kind, &e) == KVP_OK)
			continue;
		r->status = e.status;
		snprintf(r->error, sizeof r->error, "%s", e.msg);
	}
}

/* byte and token figures are below 2^53 in any real plan; cJSON stores
 * doubles, so they are printed as integers via raw numbers */
static bool add_u64(cJSON *o, const char *key, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof b, "%llu", (unsigned long long)v);
	return cJSON_AddRawToObject(o, key, b) != NULL;
}

static bool add_i64(cJSON *o, const char *key, int64_t v)
{
	char b[32];

	snprintf(b, sizeof b, "%lld", (long long)v);
	return cJSON_AddRawToObject(o, key, b) != NULL;
}

/* A row's whole-number figures, in the order the JSON lists them: the
 * first group before mix_bound, the second after it. */
struct row_key {
	const char *key;
	size_t off;   /* of a uint64_t in struct kvp_compare_row */
};

#define RK(f) { #f, offsetof(struct kvp_compare_row, f) }
static const struct row_key row_keys_a[] = {
	RK(kv_bytes), RK(device_bytes), RK(bytes_needed), RK(slots),
	RK(cells), RK(streams), RK(blocks), RK(tokens), RK(requests),
	RK(workload_fit),   /* calc's engine.workload_fit */
	RK(requests_fit),   /* calc's result.mix */
	RK(mix_fit),
};
static const struct row_key row_keys_b[] = {
	RK(concurrency_x100), RK(max_len_fit),
};
#undef RK

static bool add_keys(cJSON *o, const struct kvp_compare_row *r,
                     const struct row_key *k, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!add_u64(o, k[i].key,
		             *(const uint64_t *)((const char *)r + k[i].off)))
			return false;
	return true;
}

/* One engine's row: its figures, its difference from the generic cache
 * (null when that refused the plan), why, and its log lines. */
static bool row_json(cJSON *o, const struct kvp_compare_row *r, bool have_base)
{
	cJSON *lines;
	uint32_t l;

	if (!cJSON_AddStringToObject(o, "engine", kvp_engine_name(r->kind)) ||
	    !cJSON_AddStringToObject(o, "status", kvp_status_str(r->status)))
		return false;
	if (r->status != KVP_OK)
		return cJSON_AddStringToObject(o, "error", r->error) != NULL;
	if (!add_keys(o, r, row_keys_a, sizeof row_keys_a / sizeof row_keys_a[0]) ||
	    !cJSON_AddBoolToObject(o, "mix_bound", r->mix_bound) ||
	    !add_keys(o, r, row_keys_b, sizeof row_keys_b / sizeof row_keys_b[0]))
		return false;
	if (!have_base) {
		if (!cJSON_AddNullToObject(o, "diff_bytes") ||
		    !cJSON_AddNullToObject(o, "diff_ppm"))
			return false;
	} else if (!add_i64(o, "diff_bytes", r->diff_bytes) ||
	           !add_i64(o, "diff_ppm", r->diff_ppm)) {
		return false;
	}
	if (!cJSON_AddStringToObject(o, "why", r->why) ||
	    !cJSON_AddStringToObject(o, "lines_note", r->lines_note) ||
	    !(lines = cJSON_AddArrayToObject(o, "lines")))
		return false;
	for (l = 0; l < r->n_lines && l < KVP_MAX_LINES; l++) {
		cJSON *ln = cJSON_CreateString(r->lines[l]);

		if (!ln || !cJSON_AddItemToArray(lines, ln))
			return false;
	}
	return true;
}

/* --translate: the starting setting and each setting's value. Fractions
 * are parts per million, as in a plan's C fields. */
static bool translation_json(cJSON *root, const struct kvp_translation *t)
{
	cJSON *tr = cJSON_AddObjectToObject(root, "translation"), *arr, *o;
	uint32_t i;

	if (!tr || !cJSON_AddStringToObject(tr, "from", kvp_knob_key(t->from)) ||
	    !add_u64(tr, "from_value", t->from_value) ||
	    !add_u64(tr, "target_bytes", t->target_bytes) ||
	    !(arr = cJSON_AddArrayToObject(tr, "rows")))
		return false;
	for (i = 0; i < t->n_rows; i++) {
		const struct kvp_translate_row *r = &t->rows[i];

		if (!(o = cJSON_CreateObject()) || !cJSON_AddItemToArray(arr, o) ||
		    !cJSON_AddStringToObject(o, "setting", kvp_knob_key(r->knob)) ||
		    !cJSON_AddStringToObject(o, "status", kvp_status_str(r->status)))
			return false;
		if (r->status != KVP_OK) {
			if (!cJSON_AddStringToObject(o, "error", r->error))
				return false;
			continue;
		}
		if (!add_u64(o, "value", r->value) ||
		    !add_u64(o, "kv_bytes", r->kv_bytes))
			return false;
	}
	return true;
}

static char *to_json(const struct kvp_plan *p, const struct kvp_compare *c,
                     const struct cmp_ctx *ctx, const struct kvp_translation *t)
{
	cJSON *root = cJSON_CreateObject(), *rows, *o;
	bool have_base = c->rows[KVP_ENGINE_GENERIC].status == KVP_OK;
	uint32_t i;
	char *s = NULL;

	if (!root)
		return NULL;
	if (!cJSON_AddStringToObject(root, "kvplan", "compare") ||
	    !cJSON_AddStringToObject(root, "kvplan_version", KVP_VERSION) ||
	    !cJSON_AddStringToObject(root, "name", p->name) ||
	    !cJSON_AddStringToObject(root, "model", p->model.id) ||
	    !(rows = cJSON_AddArrayToObject(root, "rows")))
		goto out;
	for (i = 0; i < c->n_rows; i++)
		if (!(o = cJSON_CreateObject()) || !cJSON_AddItemToArray(rows, o) ||
		    !row_json(o, &c->rows[i], have_base))
			goto out;
	if (ctx->translate && !translation_json(root, t))
		goto out;
	s = cJSON_Print(root);
out:
	cJSON_Delete(root);
	return s;
}

int kvp_cmd_compare(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_compare *cmp = malloc(sizeof *cmp);
	struct kvp_translation *tr = malloc(sizeof *tr);
	struct cmp_ctx ctx = { false, KVP_KNOB_VLLM_UTIL, 0 };
	struct kvp_error err;
	int rc = 0;

	if (!o || !res || !cmp || !tr) {
		rc = fail("out of memory");
		goto out_free;
	}
	kvp_opts_init(o, "compare", "[PLAN.json|RECORD.json] [OPTIONS] [--translate SETTING=VALUE]");
	o->extra = cmp_extra;
	o->n_extra = sizeof cmp_extra / sizeof cmp_extra[0];
	o->ctx = &ctx;
	kvp_error_clear(&err);
	if ((rc = kvp_emit_parse(o, argc, argv)) != KVP_EMIT_GO)
		goto out;
	rc = 0;
	if (kvp_compare(&o->plan, res, cmp, &err) != KVP_OK) {
		rc = fail(err.msg);
		goto out;
	}
	engine_checks(o, cmp);
	if (ctx.translate && kvp_translate(&o->plan, ctx.knob, ctx.value, res, tr, &err) != KVP_OK) {
		char msg[KVP_ERRMSG_MAX];

		snprintf(msg, sizeof msg, "--translate: %.280s", err.msg);
		rc = fail(msg);
		goto out;
	}
	if (strcmp(o->format, "json") == 0) {
		if ((rc = kvp_emit_json("compare", to_json(&o->plan, cmp, &ctx, tr))) != 0)
			goto out;
	} else {
		print_text(stdout, &o->plan, cmp, &ctx, tr);
	}
	rc = kvp_emit_flush("compare");
out:
	kvp_opts_free(o);
out_free:
	free(o);
	free(res);
	free(cmp);
	free(tr);
	return rc;
}
