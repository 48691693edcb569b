/*
 * cmd_fit.c - `kvplan fit [PLAN.json] [OPTIONS]`: does the plan fit on
 * every device? Builds the plan like calc (opts.c), computes once, and
 * prints calc's KV and engine parts, then each device's stacked budget bar
 * with its legend in bytes, GiB and GB (out_bar.c), the verdict and the
 * warnings; or the JSON record with --format json.
 * Exit with the verdict's status (kvplan/verdict.h): 0 fits, 4 fits but
 * requests wait (the engine holds fewer than all at once), 1 does not
 * fit; 2 on bad input (one line on stderr, nothing on stdout).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_fit.h"
#include "cli/emit.h"
#include "cli/opts.h"
#include "cli/out/out_bar.h"
#include "cli/out/out_range.h"
#include "cli/out/out_text.h"
#include "io/report/record_json.h"
#include "kvplan/compute.h"

struct fit_ctx {
	unsigned width;
};

static enum kvp_status set_width(void *ctx, const char *v,
                                 struct kvp_error *err)
{
	struct fit_ctx *c = ctx;
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || v[0] == '-' || errno || n < 10 || n > 256)
		return kvp_error_set(err, KVP_ERANGE,
			"--bar-width: '%s' - expected 10 to 256 cells", v);
	c->width = (unsigned)n;
	return KVP_OK;
}

static const struct kvp_opt_extra fit_extra[] = {
	{ "bar-width", true, "N", "cells of each device's bar (default 48)",
	  set_width },
};

int kvp_cmd_fit(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_result *res = malloc(sizeof *res);
	struct fit_ctx ctx = { KVP_OUT_BAR_WIDTH };
	struct kvp_error err;
	int rc = 0;

	if (!o || !res) {
		free(o);
		free(res);
		return kvp_emit_fail("fit", "out of memory");
	}
	kvp_opts_init(o, "fit", "[PLAN.json|RECORD.json] [--card NAME[xN]] [OPTIONS]");
	o->one_engine = true;
	o->extra = fit_extra;
	o->n_extra = sizeof fit_extra / sizeof fit_extra[0];
	o->ctx = &ctx;
	kvp_error_clear(&err);
	if ((rc = kvp_emit_parse(o, argc, argv)) != KVP_EMIT_GO)
		goto out;
	rc = 0;
	if (o->plan.devices.n_groups == 0) {
		rc = kvp_emit_fail("fit", "devices.groups: none - fit needs a card "
		                   "(--card NAME or devices.groups in the plan)");
		goto out;
	}
	if (kvp_compute(&o->plan, res) != KVP_OK) {
		rc = kvp_emit_fail("fit", res->error.msg[0] ? res->error.msg
		                                            : kvp_status_str(res->error.status));
		goto out;
	}
	if (strcmp(o->format, "json") == 0) {
		char *s = kvp_record_json_dump(&o->plan, res, &err);

		if (!s) {
			rc = kvp_emit_fail("fit", err.msg);
			goto out;
		}
		kvp_emit_json("fit", s);
	} else {
		kvp_out_kv(stdout, &o->plan, res);
		if (o->per_layer)
			kvp_out_layers(stdout, res);
		kvp_out_engine(stdout, res);
		fprintf(stdout, "\n");
		kvp_out_bars(stdout, res, ctx.width, kvp_out_utf8());
		kvp_out_engine_range(stdout, "engines: ", &o->plan, res);
		kvp_out_host(stdout, res);
		kvp_out_warnings(stdout, res, &o->notes);
	}
	if ((rc = kvp_emit_flush("fit")) != 0)
		goto out;
	rc = kvp_verdict_exit(res->verdict.state);
out:
	kvp_opts_free(o);
	free(o);
	free(res);
	return rc;
}
