/*
 * cmd_calc.c - `kvplan calc [PLAN.json|RECORD.json] [OPTIONS]`: build the
 * plan (opts.c), compute once, print the result as text (out_text.c) or
 * as a JSON record (record_json.c). Exit 0 on success, 2 on bad input
 * with one line on stderr and nothing on stdout.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "cli/out_text.h"
#include "io/record_json.h"
#include "io/report_md.h"
#include "kvplan/compute.h"

static int fail(const char *msg)
{
	fprintf(stderr, "kvplan calc: %s\n", msg);
	return 2;
}

/* md: the Markdown report with the validation plan (io/report_md.c). */
static const char *const calc_formats[] = { "text", "json", "md", NULL };

int kvp_cmd_calc(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_error err;
	int rc = 0;

	if (!o || !res) {
		free(o);
		free(res);
		return fail("out of memory");
	}
	kvp_opts_init(o, "calc", "[PLAN.json|RECORD.json] [OPTIONS]");
	o->formats = calc_formats;
	kvp_error_clear(&err);
	if (kvp_opts_parse(o, argc, argv, stdout, &err) != KVP_OK) {
		rc = fail(err.msg);
		goto out;
	}
	if (o->help)
		goto out;
	if (o->n_args > 1) {
		char msg[KVP_ERRMSG_MAX];

		snprintf(msg, sizeof msg, "'%.200s': unexpected argument (calc takes one plan file)",
		         o->args[1]);
		rc = fail(msg);
		goto out;
	}
	if (kvp_compute(&o->plan, res) != KVP_OK) {
		rc = fail(res->error.msg[0] ? res->error.msg : kvp_status_str(res->error.status));
		goto out;
	}
	if (strcmp(o->format, "json") == 0) {
		char *s = kvp_record_json_dump_notes(&o->plan, res, &o->notes, &err);

		if (!s) {
			rc = fail(err.msg);
			goto out;
		}
		fputs(s, stdout);
		free(s);
	} else if (strcmp(o->format, "md") == 0) {
		if (kvp_report_md(stdout, &o->plan, res, &o->notes, &err) != KVP_OK) {
			rc = fail(err.msg);
			goto out;
		}
	} else {
		kvp_out_text(stdout, &o->plan, res, &o->notes, o->per_layer);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		char msg[128];

		snprintf(msg, sizeof msg, "writing the output: %s", strerror(errno));
		rc = fail(msg);
	}
out:
	kvp_opts_free(o);
	free(o);
	free(res);
	return rc;
}
