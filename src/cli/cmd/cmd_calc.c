/*
 * cmd_calc.c - `kvplan calc [PLAN.json|RECORD.json] [OPTIONS]`: build the
 * plan (opts.c), compute once, print the result as text (out_text.c) or
 * as a JSON record (record_json.c). Exit 0 on success, 2 on bad input
 * with one line on stderr and nothing on stdout.
 *
 * The output is built in memory first, then written in one go: to stdout,
 * or with --output FILE atomically to a file (temp file, fsync, rename),
 * so a failure never leaves half an output anywhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_calc.h"
#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "cli/out/out_name.h"
#include "cli/out/out_text.h"
#include "kvplan/fit.h"
#include "io/report/record_json.h"
#include "io/report/report_md.h"
#include "io/report/report_svg.h"
#include "kvplan/compute.h"
#include "kvplan/solve.h"

/* md: the Markdown report with the validation plan (io/report/report_md.c);
 * svg: its bars as a picture (io/report/report_svg.c). */
static const char *const calc_formats[] = { "text", "json", "md", "svg", NULL };

/* With --format md --output NAME.md the picture is written beside it as
 * NAME.svg (atomically, like the report) and the report shows it by its
 * file name. Returns 0, or the exit status of a failure. */
static int svg_beside(const char *output, const struct kvp_plan *p,
                      const struct kvp_result *res, char *name, size_t n)
{
	char path[4096], *buf = NULL;
	const char *slash, *dot;
	size_t len = 0, stem;
	struct kvp_error err;
	FILE *mem;
	int rc;

	name[0] = '\0';
	if (!output)
		return 0;
	slash = strrchr(output, '/');
	dot = strrchr(slash ? slash : output, '.');
	stem = dot && dot != (slash ? slash + 1 : output) ? (size_t)(dot - output)
	                                                  : strlen(output);
	if (snprintf(path, sizeof path, "%.*s.svg", (int)stem, output) >= (int)sizeof path)
		return kvp_emit_fail("calc", "--output: the name is too long");
	if (!strcmp(path, output) &&   /* "x.svg" holds the report: x.svg.svg */
	    snprintf(path, sizeof path, "%s.svg", output) >= (int)sizeof path)
		return kvp_emit_fail("calc", "--output: the name is too long");
	snprintf(name, n, "%s", (slash = strrchr(path, '/')) ? slash + 1 : path);
	mem = open_memstream(&buf, &len);
	if (!mem)
		return kvp_emit_fail("calc", "out of memory");
	if (kvp_report_svg(mem, p, res, &err) != KVP_OK) {
		fclose(mem);
		free(buf);
		return kvp_emit_fail("calc", err.msg);
	}
	if (fclose(mem) != 0) {
		free(buf);
		return kvp_emit_fail("calc", "out of memory");
	}
	rc = kvp_emit_write("calc", path, buf, len);
	free(buf);
	return rc;
}

struct calc_ctx {
	const char *output;   /* --output FILE, or stdout */
	bool no_fit;          /* --no-fit */
};

static enum kvp_status set_output(void *ctx, const char *value, struct kvp_error *err)
{
	if (!*value)
		return kvp_error_set(err, KVP_EINVAL, "--output: '' - expected a file name");
	((struct calc_ctx *)ctx)->output = value;
	return KVP_OK;
}

static enum kvp_status set_no_fit(void *ctx, const char *value, struct kvp_error *err)
{
	(void)value;
	(void)err;
	((struct calc_ctx *)ctx)->no_fit = true;
	return KVP_OK;
}

static const struct kvp_opt_extra calc_extra[] = {
	{ "output", true, "FILE", "write the output to FILE atomically instead of "
	  "stdout, in the format its name asks for (.md, .json, .svg, .txt)",
	  set_output },
	{ "no-fit", false, NULL, "llama-server --no-fit (--fit off): no 'default "
	  "launch' line for what llama.cpp's default --fit would pick", set_no_fit },
};

/* llama-server's default --fit beside the plan's own launch (text
 * output): the context and -ngl it would pick, when it changes them or
 * gives up (kvplan/fit.h; the words and figures from kvp_fit_text). */
static void fit_line(FILE *out, const struct kvp_plan *p)
{
	struct kvp_result *scratch = malloc(sizeof *scratch);
	struct kvp_fit_result f;
	struct kvp_error err;
	char line[512];

	if (!scratch)
		return;
	if (kvp_llamacpp_fit(p, scratch, &f, &err) == KVP_OK &&
	    kvp_fit_text(&f, true, line, sizeof line))
		fprintf(out, "\n%s\n", line);
	free(scratch);
}

/* --format json: the record, with compare's "requests fit" and "of your
 * mix fit" (by the same core function) in its result.mix. 0 or 2. */
static int calc_record(FILE *mem, const struct kvp_opts *o, struct kvp_result *res)
{
	struct kvp_result *scratch = malloc(sizeof *scratch);
	struct kvp_error err;
	char *s;

	if (!scratch)
		return kvp_emit_fail("calc", "out of memory");
	kvp_mix_of(&o->plan, scratch, &res->mix);
	free(scratch);
	s = kvp_record_json_dump_notes(&o->plan, res, &o->notes, &err);
	if (!s)
		return kvp_emit_fail("calc", err.msg);
	fputs(s, mem);
	free(s);
	return 0;
}

/* The output of o's format (or --emit's command) into mem: 0 or 2. */
static int calc_output(FILE *mem, const struct kvp_opts *o, struct kvp_result *res,
                       const struct calc_ctx *cc)
{
	struct kvp_error err;
	char svg[4096];
	int rc;

	kvp_error_clear(&err);
	if (o->launch && o->launch->emit[0]) {   /* --emit ENGINE (launch.h) */
		if (kvp_launch_emit(mem, &o->plan, res, o->launch->emit, &err) != KVP_OK)
			return kvp_emit_fail("calc", err.msg);
	} else if (strcmp(o->format, "json") == 0) {
		return calc_record(mem, o, res);
	} else if (strcmp(o->format, "md") == 0) {
		if ((rc = svg_beside(cc->output, &o->plan, res, svg, sizeof svg)) != 0)
			return rc;
		if (kvp_report_md_svg(mem, &o->plan, res, &o->notes,
		                      svg[0] ? svg : NULL, &err) != KVP_OK)
			return kvp_emit_fail("calc", err.msg);
	} else if (strcmp(o->format, "svg") == 0) {
		if (kvp_report_svg(mem, &o->plan, res, &err) != KVP_OK)
			return kvp_emit_fail("calc", err.msg);
	} else {
		kvp_out_text(mem, &o->plan, res, &o->notes, o->per_layer);
		if (!cc->no_fit)
			fit_line(mem, &o->plan);
	}
	return 0;
}

/* The plan computed and its output built whole, then written to stdout
 * or --output: the exit status. */
static int calc_run(struct kvp_opts *o, struct kvp_result *res,
                    const struct calc_ctx *cc)
{
	FILE *mem;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (kvp_compute(&o->plan, res) != KVP_OK)
		return kvp_emit_fail("calc", res->error.msg[0] ? res->error.msg
		                                              : kvp_status_str(res->error.status));
	mem = open_memstream(&buf, &len);
	if (!mem)
		return kvp_emit_fail("calc", "out of memory");
	if ((rc = calc_output(mem, o, res, cc)) != 0) {
		fclose(mem);
		free(buf);
		return rc;
	}
	if (fclose(mem) != 0)
		rc = kvp_emit_fail("calc", "out of memory");
	else
		rc = kvp_emit_write("calc", cc->output, buf, len);
	free(buf);
	return rc;
}

int kvp_cmd_calc(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_result *res = malloc(sizeof *res);
	struct calc_ctx cc = { NULL, false };
	int rc = 0;

	if (!o || !res) {
		free(o);
		free(res);
		return kvp_emit_fail("calc", "out of memory");
	}
	kvp_opts_init(o, "calc", "[PLAN.json|RECORD.json] [OPTIONS]");
	o->one_engine = true;
	o->formats = calc_formats;
	o->extra = calc_extra;
	o->n_extra = sizeof calc_extra / sizeof calc_extra[0];
	o->ctx = &cc;
	/* --output NAME.md writes Markdown, NAME.json JSON, ... */
	if ((rc = kvp_emit_parse(o, argc, argv)) == KVP_EMIT_GO &&
	    (rc = kvp_output_format("calc", cc.output, o)) == 0)
		rc = calc_run(o, res, &cc);
	kvp_opts_free(o);
	free(o);
	free(res);
	return rc;
}
