/*
 * cmd_solve.c - `kvplan solve --for WHAT [PLAN.json] [OPTIONS]`: answer
 * backwards (kvplan/solve.h) and print the answer, its check (the answer
 * fits, one more does not, both recomputed) and the binding constraint,
 * then the answer's device bars. WHAT: concurrency, length, kv-format,
 * cards, max-model-len, throughput. --format json prints one object with the answer
 * and the record of the answered plan.
 * Exit 0 with an answer, 1 when not even the smallest candidate fits,
 * 2 on bad input (one line on stderr, nothing on stdout).
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_search.h"
#include "cli/cmd/cmd_solve.h"
#include "cli/cmd/cmd_solve_models.h"
#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "cli/out/out_bar.h"
#include "cli/out/out_text.h"
#include "cli/share.h"
#include "io/report/record_json.h"
#include "kvplan/fit.h"
#include "kvplan/solve.h"
#include "kvplan/speed.h"
#include "kvplan/units.h"

struct solve_ctx {
	struct kvp_solve_opts so;
	bool have_for;
	const char *margin_text;
	bool no_fit;          /* --no-fit */
};

static enum kvp_status set_for(void *ctx, const char *v, struct kvp_error *err)
{
	struct solve_ctx *c = ctx;

	if (kvp_solve_parse(v, &c->so.what, err) != KVP_OK)
		return err->status;
	c->have_for = true;
	return KVP_OK;
}

/* "0.1", "10%", "0": a fraction of each card, parts per million. */
static enum kvp_status set_margin(void *ctx, const char *v,
                                  struct kvp_error *err)
{
	struct solve_ctx *c = ctx;

	if (kvp_cli_share_parse("--margin", v, &c->so.margin_ppm, err) != KVP_OK)
		return err->status;
	c->margin_text = v;
	return KVP_OK;
}

static enum kvp_status set_max_cards(void *ctx, const char *v,
                                     struct kvp_error *err)
{
	struct solve_ctx *c = ctx;
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || v[0] == '-' || errno || n < 1 || n > KVP_MAX_DEVICES)
		return kvp_error_set(err, KVP_ERANGE,
			"--max-cards: '%s' - expected 1 to %u", v, KVP_MAX_DEVICES);
	c->so.max_cards = (uint32_t)n;
	return KVP_OK;
}

static enum kvp_status set_no_fit(void *ctx, const char *v,
                                  struct kvp_error *err)
{
	(void)v;
	(void)err;
	((struct solve_ctx *)ctx)->no_fit = true;
	return KVP_OK;
}

static const struct kvp_opt_extra solve_extra[] = {
	{ "for", true, "WHAT", "concurrency, length, kv-format, cards, "
	  "max-model-len, throughput, deployment or models (their own flags: "
	  "solve --for deployment --help, solve --for models --help)", set_for },
	{ "margin", true, "FRACTION", "max-model-len: share of each card "
	  "kept free (0.1 or 10%)", set_margin },
	{ "max-cards", true, "N", "cards: largest count tried (default 64)",
	  set_max_cards },
	{ "no-fit", false, NULL, "llama-server --no-fit (--fit off): no 'default "
	  "launch' line for what llama.cpp's default --fit would pick", set_no_fit },
};

/* Beside the answer, what llama-server's default --fit would pick for the
 * plan as given (kvplan/fit.h; words and figures from kvp_fit_text). */
static void fit_line(const struct kvp_plan *p)
{
	struct kvp_result *scratch = malloc(sizeof *scratch);
	struct kvp_fit_result f;
	struct kvp_error err;
	char line[512];

	if (scratch && kvp_llamacpp_fit(p, scratch, &f, &err) == KVP_OK &&
	    kvp_fit_text(&f, true, line, sizeof line))
		printf("%s\n", line);
	free(scratch);
}

static int fail(const char *msg)
{
	return kvp_emit_fail("solve", msg);
}

/* The answer in words; figures from the answer and the result. */
static void answer_text(const struct kvp_solve_answer *a,
                        const struct kvp_result *r, const char *margin,
                        char *buf, size_t n)
{
	char v[32], s[32], l[32];
	const struct kvp_plan *p = &a->plan;

	kvp_fmt_int(a->value, v, sizeof v);
	if (!a->found) {
		snprintf(buf, n, "no answer: not even the smallest candidate fits");
		return;
	}
	switch (a->what) {
	case KVP_SOLVE_CONCURRENCY:
		snprintf(buf, n, "%s request%s (%s resident sequence%s) of %s "
		         "tokens each", v, a->value == 1 ? "" : "s",
		         kvp_fmt_int(a->sequences, s, sizeof s),
		         a->sequences == 1 ? "" : "s",
		         kvp_fmt_int(r->n_classes ? r->classes[0].length : 0, l,
		                     sizeof l));
		break;
	case KVP_SOLVE_LENGTH:
		snprintf(buf, n, "%s tokens per sequence (class 0) with %s "
		         "requests", v,
		         kvp_fmt_int(p->workload.classes[0].requests, s, sizeof s));
		break;
	case KVP_SOLVE_KV_FORMAT:
		snprintf(buf, n, "KV cache format %s (%s bytes per position)",
		         kvp_dtype_name(a->format.dtype),
		         kvp_fmt_int(r->kv.bytes_per_position, s, sizeof s));
		break;
	case KVP_SOLVE_CARDS:
		snprintf(buf, n, "%s x %s as tp %u x pp %u x dp %u", v,
		         p->devices.groups[0].card.name, a->tp, a->pp, a->dp);
		break;
	case KVP_SOLVE_MAX_MODEL_LEN:
		snprintf(buf, n, "max_model_len %s tokens (one request, margin "
		         "%s)%s", v, margin ? margin : "0",
		         a->capped ? " - the model's max_position_embeddings" : "");
		break;
	case KVP_SOLVE_THROUGHPUT: {
		char t[40], q[40], spec[64];

		kvp_speed_step_text(r, spec, sizeof spec);
		snprintf(buf, n, "%s request%s (%s resident sequence%s) of %s "
		         "tokens each: <= %s tokens/s in all, <= %s per sequence "
		         "(%s%s)", v, a->value == 1 ? "" : "s",
		         kvp_fmt_int(a->sequences, s, sizeof s),
		         a->sequences == 1 ? "" : "s",
		         kvp_fmt_int(r->n_classes ? r->classes[0].length : 0, l,
		                     sizeof l),
		         kvp_fmt_milli(r->speed.aggregate_tps_milli, t, sizeof t),
		         kvp_fmt_milli(r->speed.seq_tps_milli, q, sizeof q),
		         kvp_speed_label, spec);
		break;
	}
	default:
		snprintf(buf, n, "?");
	}
}

static int print_json(const struct kvp_solve_answer *a,
                      const struct kvp_result *r, const struct kvp_notes *notes,
                      const char *answer)
{
	struct kvp_error err;
	cJSON *o = cJSON_CreateObject(), *chk, *rec = NULL;
	char *s, *out;

	if (!o)
		return fail("out of memory");
	s = kvp_record_json_dump_notes(&a->plan, r, notes, &err);
	if (s) {
		rec = cJSON_Parse(s);
		free(s);
	}
	cJSON_AddStringToObject(o, "kvplan", "solve");
	cJSON_AddStringToObject(o, "for", kvp_solve_name(a->what));
	cJSON_AddBoolToObject(o, "found", a->found);
	cJSON_AddNumberToObject(o, "value", (double)a->value);
	if (a->what == KVP_SOLVE_CONCURRENCY)
		cJSON_AddNumberToObject(o, "sequences", (double)a->sequences);
	if (a->what == KVP_SOLVE_KV_FORMAT)
		cJSON_AddStringToObject(o, "kv_format", kvp_dtype_name(a->format.dtype));
	if (a->what == KVP_SOLVE_CARDS) {
		cJSON_AddNumberToObject(o, "tp", a->tp);
		cJSON_AddNumberToObject(o, "pp", a->pp);
		cJSON_AddNumberToObject(o, "dp", a->dp);
	}
	cJSON_AddBoolToObject(o, "capped", a->capped);
	cJSON_AddStringToObject(o, "answer", answer);
	chk = cJSON_AddObjectToObject(o, "check");
	if (chk) {
		cJSON_AddBoolToObject(chk, "answer_fits", a->answer_fits);
		if (a->has_next) {
			if (a->what == KVP_SOLVE_KV_FORMAT)
				cJSON_AddStringToObject(chk, "next",
					kvp_dtype_name(a->next_format.dtype));
			else
				cJSON_AddNumberToObject(chk, "next",
				                        (double)a->next_value);
			cJSON_AddBoolToObject(chk, "next_fits", a->next_fits);
		}
		cJSON_AddStringToObject(chk, "text", a->check);
	}
	cJSON_AddStringToObject(o, "binding", a->binding);
	if (rec)
		cJSON_AddItemToObject(o, "record", rec);
	out = cJSON_Print(o);
	cJSON_Delete(o);
	return kvp_emit_json("solve", out);
}

/* `--for WHAT` (or --for=WHAT) anywhere names `what`: deployment (the
 * search) and models have commands of their own. */
static bool for_what(int argc, char **argv, const char *what)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--for=", 6))
			return !strcmp(argv[i] + 6, what);
		if (!strcmp(argv[i], "--for") && i + 1 < argc)
			return !strcmp(argv[i + 1], what);
	}
	return false;
}

int kvp_cmd_solve(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_solve_answer *ans = malloc(sizeof *ans);
	struct solve_ctx ctx;
	struct kvp_error err;
	char answer[KVP_LINE_MAX];
	int rc = 0;

	if (for_what(argc, argv, "deployment") || for_what(argc, argv, "models")) {
		free(o);
		free(res);
		free(ans);
		return for_what(argc, argv, "models") ? kvp_cmd_solve_models(argc, argv)
		                                      : kvp_cmd_solve_deployment(argc, argv);
	}
	if (!o || !res || !ans) {
		free(o);
		free(res);
		free(ans);
		return fail("out of memory");
	}
	memset(&ctx, 0, sizeof ctx);
	kvp_opts_init(o, "solve", "--for WHAT [PLAN.json|RECORD.json] [OPTIONS]");
	o->one_engine = true;
	o->extra = solve_extra;
	o->n_extra = sizeof solve_extra / sizeof solve_extra[0];
	o->ctx = &ctx;
	kvp_error_clear(&err);
	if ((rc = kvp_emit_parse(o, argc, argv)) != KVP_EMIT_GO)
		goto out;
	rc = 0;
	if (!ctx.have_for) {
		rc = fail("--for: missing - expected concurrency, length, "
		          "kv-format, cards, max-model-len, throughput or deployment");
		goto out;
	}
	if (kvp_solve(&o->plan, &ctx.so, ans, res, &err) != KVP_OK) {
		rc = fail(err.msg);
		goto out;
	}
	answer_text(ans, res, ctx.margin_text, answer, sizeof answer);
	if (strcmp(o->format, "json") == 0) {
		rc = print_json(ans, res, &o->notes, answer);
		if (rc)
			goto out;
	} else {
		printf("solve %s: %s\n", kvp_solve_name(ans->what), answer);
		printf("check: %s\n", ans->check);
		if (ans->binding[0])
			printf("binding: %s\n", ans->binding);
		if (!ctx.no_fit)
			fit_line(&o->plan);
		printf("\n");
		kvp_out_bars(stdout, res, KVP_OUT_BAR_WIDTH, kvp_out_utf8());
		/* the checked plan's warnings and the notes of its flags and
		 * model import, as calc and fit print them */
		kvp_out_warnings(stdout, res, &o->notes);
		if (o->launch && o->launch->emit[0] && ans->found &&
		    kvp_launch_emit_answer(stdout, &ans->plan, res,
		                           o->launch->emit, &err) != KVP_OK) {
			rc = fail(err.msg);
			goto out;
		}
	}
	if ((rc = kvp_emit_flush("solve")) != 0)
		goto out;
	rc = ans->found ? 0 : 1;
out:
	kvp_opts_free(o);
	free(o);
	free(res);
	free(ans);
	return rc;
}
