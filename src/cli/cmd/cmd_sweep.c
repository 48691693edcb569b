/*
 * cmd_sweep.c - `kvplan sweep --x AXIS=v1,v2,... --y AXIS=v1,v2,...
 * [PLAN.json] [OPTIONS]`: a grid over two fields of the field table (by
 * flag or JSON key, or the aliases kv-dtype and head-dim that set K and
 * V together; indexed fields act on element 0). Each cell sets the
 * two values on a copy of the plan through kvp_field_set and calls
 * kvp_compute; the cell shows fits / does not fit and the binding figure
 * (the device with least free memory, or the KV cache when no card is
 * chosen). No arithmetic here: every figure is a field of a result.
 * Values in a list are separated by commas (write 16_384, not 16,384).
 * Exit 0 when the grid is printed (whatever the verdicts), 2 bad input.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_sweep.h"
#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "io/plan/plan_json.h"
#include "io/report/report_csv.h"
#include "kvplan/compute.h"
#include "kvplan/field.h"
#include "kvplan/units.h"

#define AXIS_MAX 64      /* values per axis */
#define VALUE_MAX 64     /* characters per value */

struct axis {
	const char *name;                 /* as given */
	const struct kvp_field *field;
	const struct kvp_field *field2;   /* alias setting two fields */
	size_t n;
	char v[AXIS_MAX][VALUE_MAX];
	char spec[512];
};

struct sweep_ctx {
	struct axis x, y;
};

/* "AXIS=v1,v2,..." into *a; the field is looked up by flag, then key. */
static enum kvp_status axis_parse(struct axis *a, const char *flag,
                                  const char *text, struct kvp_error *err)
{
	char *eq, *tok, *save;

	if (a->field)
		return kvp_error_set(err, KVP_EINVAL, "--%s: given twice", flag);
	if (strlen(text) >= sizeof a->spec)
		return kvp_error_set(err, KVP_EINVAL, "--%s: value list too long",
		                     flag);
	strcpy(a->spec, text);
	eq = strchr(a->spec, '=');
	if (!eq || eq == a->spec || !eq[1])
		return kvp_error_set(err, KVP_EINVAL,
		                     "--%s: '%s' - expected AXIS=v1,v2,... (AXIS a "
		                     "flag or JSON key of the field table)", flag, text);
	*eq = '\0';
	a->name = a->spec;
	if (!strncmp(a->name, "--", 2))
		a->name += 2;
	if (!strcmp(a->name, "kv-dtype")) {
		a->field = kvp_field_by_flag("k-dtype");
		a->field2 = kvp_field_by_flag("v-dtype");
	} else if (!strcmp(a->name, "head-dim")) {
		a->field = kvp_field_by_flag("k-dim");
		a->field2 = kvp_field_by_flag("v-dim");
	} else {
		a->field = kvp_field_by_flag(a->name);
	}
	if (!a->field)
		a->field = kvp_field_by_key(a->name);
	if (!a->field)
		return kvp_error_set(err, KVP_ENOTFOUND,
		                     "--%s: '%s' - no such field (a flag like "
		                     "concurrency or a key like "
		                     "workload.classes[i].requests)", flag, a->name);
	/* split by hand: strtok would drop an empty value ("1,,2") silently */
	for (tok = eq + 1; tok; tok = save) {
		save = strchr(tok, ',');
		if (save)
			*save++ = '\0';
		if (!*tok)
			return kvp_error_set(err, KVP_EINVAL,
			                     "--%s: '%s' - value %zu of %s is empty",
			                     flag, text, a->n + 1, a->name);
		if (a->n >= AXIS_MAX)
			return kvp_error_set(err, KVP_ERANGE,
			                     "--%s: more than %d values", flag, AXIS_MAX);
		if (strlen(tok) >= VALUE_MAX)
			return kvp_error_set(err, KVP_EINVAL, "--%s: value '%.40s...' too long",
			                     flag, tok);
		strcpy(a->v[a->n++], tok);
	}
	if (!a->n)
		return kvp_error_set(err, KVP_EINVAL, "--%s: '%s' - no values", flag,
		                     text);
	return KVP_OK;
}

static enum kvp_status on_x(void *ctx, const char *v, struct kvp_error *err)
{
	return axis_parse(&((struct sweep_ctx *)ctx)->x, "x", v, err);
}

static enum kvp_status on_y(void *ctx, const char *v, struct kvp_error *err)
{
	return axis_parse(&((struct sweep_ctx *)ctx)->y, "y", v, err);
}

static const struct kvp_opt_extra extras[] = {
	{ "x", true, "AXIS=v1,v2,...", "columns: a field and its values", on_x },
	{ "y", true, "AXIS=v1,v2,...", "rows: a field and its values", on_y },
};

static const char *const formats[] = { "text", "csv", "json", NULL };

/* Set both axes on a copy of the plan. */
static enum kvp_status cell_plan(const struct kvp_plan *base,
                                 const struct sweep_ctx *s, size_t xi,
                                 size_t yi, struct kvp_plan *p,
                                 struct kvp_error *err)
{
	enum kvp_status st;

	*p = *base;
	if ((st = kvp_field_set(p, s->x.field, 0, s->x.v[xi], err)) != KVP_OK ||
	    (s->x.field2 &&
	     (st = kvp_field_set(p, s->x.field2, 0, s->x.v[xi], err)) != KVP_OK) ||
	    (st = kvp_field_set(p, s->y.field, 0, s->y.v[yi], err)) != KVP_OK)
		return st;
	if (s->y.field2)
		return kvp_field_set(p, s->y.field2, 0, s->y.v[yi], err);
	return KVP_OK;
}

/* "fits, 49.51 GiB free (dev 0)" / "wait: 9 of 200 at once (dev 0)" /
 * "NO: dev 0 over 3.10 GiB" / "NO: longer than model": the cell's
 * verdict (kvplan/verdict.h) in a column's width. */
static void cell_text(const struct kvp_result *res, char *buf, size_t n)
{
	const struct kvp_verdict *vd = &res->verdict;
	struct kvp_sweep_verdict v;
	char g[40], k[32], all[32];
	const char *why = strchr(vd->brief, ':');

	kvp_sweep_verdict(res, &v);
	if (v.device < 0) {
		snprintf(buf, n, "KV %s", kvp_fmt_gib(v.kv_bytes, 2, g, sizeof g));
		return;
	}
	if (vd->state == KVP_VERDICT_WAIT)
		snprintf(buf, n, "wait: %s of %s at once (dev %d)",
		         kvp_fmt_int(vd->admitted, k, sizeof k),
		         kvp_fmt_int(vd->requests, all, sizeof all), v.device);
	else if (vd->state == KVP_VERDICT_NO_FIT && vd->reason != KVP_VWHY_DEVICE)
		snprintf(buf, n, "NO:%s", why ? why + 1 : vd->brief);
	else if (v.free_bytes >= 0)
		snprintf(buf, n, "fits, %s free (dev %d)",
		         kvp_fmt_gib((uint64_t)v.free_bytes, 2, g, sizeof g), v.device);
	else
		snprintf(buf, n, "NO: dev %d over %s", v.device,
		         kvp_fmt_gib((uint64_t)-(v.free_bytes + 1) + 1, 2, g, sizeof g));
}

/* An axis as JSON: {"axis": as given, "key": the field's key, "values"}. */
static cJSON *axis_json(const struct axis *a)
{
	cJSON *o = cJSON_CreateObject(), *v;
	size_t i;

	if (!o || !cJSON_AddStringToObject(o, "axis", a->name) ||
	    !cJSON_AddStringToObject(o, "key", a->field->key) ||
	    !(v = cJSON_AddArrayToObject(o, "values"))) {
		cJSON_Delete(o);
		return NULL;
	}
	for (i = 0; i < a->n; i++)
		if (!cJSON_AddItemToArray(v, cJSON_CreateString(a->v[i]))) {
			cJSON_Delete(o);
			return NULL;
		}
	return o;
}

/* `--format json`: {"kvplan": "sweep", "kvplan_version", "plan": the
 * plan every cell starts from (as a plan file), "x", "y": the axes,
 * "cells": row by row (y outer, x inner), kvp_sweep_json_cell each}.
 * Returns false (err set) when out of memory. */
static bool sweep_json(const struct kvp_plan *base, const struct sweep_ctx *s,
                       struct kvp_error *err)
{
	static struct kvp_plan p;
	static struct kvp_result res;
	cJSON *doc = cJSON_CreateObject(), *plan = NULL, *cells = NULL, *c;
	char *text = NULL;
	size_t xi, yi;
	bool good = doc != NULL;

	/* the base plan, as the plan writer writes a plan file */
	if (good) {
		plan = kvp_plan_json_tree(base, "plan");
		good = plan != NULL;
	}
	if (good) {
		good = cJSON_AddStringToObject(doc, "kvplan", "sweep") &&
		       cJSON_AddStringToObject(doc, "kvplan_version", KVP_VERSION) &&
		       cJSON_AddItemToObject(doc, "plan", plan);
		if (!good)
			cJSON_Delete(plan);
	}
	good = good && cJSON_AddItemToObject(doc, "x", axis_json(&s->x)) &&
	       cJSON_AddItemToObject(doc, "y", axis_json(&s->y)) &&
	       (cells = cJSON_AddArrayToObject(doc, "cells"));
	for (yi = 0; good && yi < s->y.n; yi++)
		for (xi = 0; good && xi < s->x.n; xi++) {
			enum kvp_status st;

			cell_plan(base, s, xi, yi, &p, err);
			st = kvp_compute(&p, &res);
			c = kvp_sweep_json_cell(s->x.v[xi], s->y.v[yi],
			                        st == KVP_OK ? &res : NULL, res.error.msg);
			good = c && cJSON_AddItemToArray(cells, c);
		}
	if (good && (text = cJSON_Print(doc)) != NULL) {
		printf("%s\n", text);
		free(text);
	} else {
		good = false;
		kvp_error_set(err, KVP_ENOMEM, "sweep --format json: out of memory");
	}
	cJSON_Delete(doc);
	return good;
}

/* The axes checked before anything is printed: both given, one
 * positional at most, no field on both, every cell's values valid.
 * Returns false with the line written to stderr. */
static bool axes_valid(const struct kvp_opts *o, const struct sweep_ctx *s)
{
	static struct kvp_plan p;
	struct kvp_error err;
	size_t xi, yi;

	kvp_error_clear(&err);
	if (!s->x.field || !s->y.field || o->n_args > 1) {
		fprintf(stderr, "kvplan sweep: %s - usage: kvplan sweep --x AXIS=v1,... "
		        "--y AXIS=v1,... [PLAN.json] [OPTIONS]\n",
		        o->n_args > 1 ? o->args[1] : !s->x.field ? "--x: missing" : "--y: missing");
		return false;
	}
	/* one field on both axes: the cells would show one value and compute
	 * the other */
	if (s->x.field == s->y.field || s->x.field == s->y.field2 ||
	    (s->x.field2 && (s->x.field2 == s->y.field || s->x.field2 == s->y.field2))) {
		fprintf(stderr, "kvplan sweep: --x %s and --y %s - the same field "
		        "(%s) on both axes\n", s->x.name, s->y.name, s->x.field->key);
		return false;
	}
	for (xi = 0; xi < s->x.n; xi++)
		for (yi = 0; yi < s->y.n; yi++)
			if (cell_plan(&o->plan, s, xi, yi, &p, &err) != KVP_OK) {
				fprintf(stderr, "kvplan sweep: %s\n", err.msg);
				return false;
			}
	return true;
}

/* `--format csv`: the report's CSV header, then one row a cell. */
static void sweep_csv(const struct kvp_plan *base, const struct sweep_ctx *s)
{
	static struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	size_t xi, yi;

	kvp_report_csv_header(stdout);
	for (yi = 0; yi < s->y.n; yi++)
		for (xi = 0; xi < s->x.n; xi++) {
			enum kvp_status st;

			cell_plan(base, s, xi, yi, &p, &err);
			st = kvp_compute(&p, &res);
			kvp_report_csv_row(stdout, s->x.name, s->x.v[xi],
			                   s->y.name, s->y.v[yi],
			                   st == KVP_OK ? &res : NULL, res.error.msg);
		}
}

/* The text grid: a title, the column heads, then a row per y value
 * (a refused cell says "error [N], below"). */
static void text_grid(const struct kvp_plan *base, const struct sweep_ctx *s)
{
	static struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	size_t xi, yi, n_err = 0;   /* n_err: refused cells so far */
	int w = 12;

	for (xi = 0; xi < s->x.n; xi++)
		if ((int)strlen(s->x.v[xi]) + 2 > w)
			w = (int)strlen(s->x.v[xi]) + 2;
	w = w < 30 ? 30 : w;
	printf("sweep: rows %s (%s), columns %s (%s)\n", s->y.name, s->y.field->key,
	       s->x.name, s->x.field->key);
	printf("%-14s", s->y.name);
	for (xi = 0; xi < s->x.n; xi++)
		printf(" | %-*s", xi + 1 < s->x.n ? w : 0, s->x.v[xi]);
	printf("\n");
	for (yi = 0; yi < s->y.n; yi++) {
		printf("%-14s", s->y.v[yi]);
		for (xi = 0; xi < s->x.n; xi++) {
			char buf[96];

			cell_plan(base, s, xi, yi, &p, &err);
			if (kvp_compute(&p, &res) == KVP_OK) {
				cell_text(&res, buf, sizeof buf);
			} else {
				n_err++;
				snprintf(buf, sizeof buf, "error [%zu], below", n_err);
			}
			/* the last column unpadded: no trailing blanks */
			printf(" | %-*s", xi + 1 < s->x.n ? w : 0, buf);
		}
		printf("\n");
	}
}

/* The text output: the grid, its legend, then each refused cell named
 * by its two values, with the reason. */
static void sweep_text(const struct kvp_plan *base, const struct sweep_ctx *s)
{
	static struct kvp_plan p;
	static struct kvp_result res;
	struct kvp_error err;
	size_t xi, yi, n_err = 0;

	text_grid(base, s);
	printf("\nfits: every device fits and the engine holds every "
	       "request, with the least free memory of any device; wait: "
	       "memory fits, the engine holds K of N requests at once; NO: "
	       "the device most over capacity and by how much, or why\n");
	for (yi = 0; yi < s->y.n; yi++)
		for (xi = 0; xi < s->x.n; xi++) {
			cell_plan(base, s, xi, yi, &p, &err);
			if (kvp_compute(&p, &res) != KVP_OK)
				printf("error [%zu] %s=%s, %s=%s: %s\n", ++n_err,
				       s->y.name, s->y.v[yi], s->x.name, s->x.v[xi],
				       res.error.msg);
		}
}

/* The grid in o's format; the exit status. */
static int sweep_out(const struct kvp_opts *o, const struct sweep_ctx *s)
{
	struct kvp_error err;

	kvp_error_clear(&err);
	if (!strcmp(o->format, "json")) {
		if (sweep_json(&o->plan, s, &err))
			return 0;
		fprintf(stderr, "kvplan sweep: %s\n", err.msg);
		return 2;
	}
	if (!strcmp(o->format, "csv"))
		sweep_csv(&o->plan, s);
	else
		sweep_text(&o->plan, s);
	return 0;
}

int kvp_cmd_sweep(int argc, char **argv)
{
	static struct kvp_opts o;
	static struct sweep_ctx s;
	struct kvp_error err;
	size_t i;
	int rc;

	memset(&s, 0, sizeof s);
	kvp_opts_init(&o, "sweep", "--x AXIS=v1,v2,... --y AXIS=v1,v2,... [PLAN.json] [OPTIONS]");
	o.extra = extras;
	o.n_extra = sizeof extras / sizeof extras[0];
	o.ctx = &s;
	o.formats = formats;
	kvp_error_clear(&err);
	if (kvp_emit_parse_launch(&o, argc, argv, &err) != KVP_OK) {
		fprintf(stderr, "kvplan sweep: %s\n", err.msg);
		kvp_opts_free(&o);
		return 2;
	}
	/* the launch command's notes (the flags not modelled) on stderr, so
	 * the grid's CSV and JSON stay whole */
	for (i = 0; o.launch && i < o.launch->notes.n; i++)
		fprintf(stderr, "kvplan sweep: note: %s\n", o.launch->notes.line[i]);
	if (o.help) {
		kvp_launch_help(stdout, false);
		rc = 0;
	} else {
		rc = axes_valid(&o, &s) ? sweep_out(&o, &s) : 2;
	}
	kvp_opts_free(&o);
	return rc;
}
