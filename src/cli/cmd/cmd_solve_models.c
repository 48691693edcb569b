/*
 * cmd_solve_models.c - `kvplan solve --for models --card CARD[xN]
 * [workload] [--engine E]`: the explorer's question the other way round,
 * which models fit these cards. Every model preset and every model of the
 * local Hugging Face cache is put into the plan in turn; each gets the
 * longest single request that fits (solve --for max-model-len) and the
 * most requests of the plan's workload mix that fit at once with that
 * answer applied (kvp_solve_mix: an engine's context length set to it),
 * both recomputed by the core; then they are ranked:
 * the ones that fit first, most requests, then longest context, then
 * name. Models that do not fit or do not compute are listed with the
 * core's reason. Exit 0 when one fits, 1 when none does, 2 on bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_solve_models.h"
#include "cli/emit.h"
#include "cli/opts.h"
#include "kvplan/compute.h"
#include "kvplan/era.h"
#include "kvplan/model_files.h"
#include "kvplan/preset.h"
#include "kvplan/solve.h"
#include "kvplan/units.h"

#define MODELS_MAX 2048

struct entry {
	char spec[256];            /* what --model would take */
	char id[256];              /* the model's id */
	bool fits;                 /* one request fits */
	uint64_t max_len;          /* longest single request, tokens */
	bool capped;               /* ... stopped at the model's positions */
	uint64_t requests;         /* of the mix, at once */
	bool bound;
	uint64_t weights;          /* bytes, the answer's result */
	char why[KVP_ERRMSG_MAX];  /* when it does not fit or compute */
};

struct models_ctx {
	struct entry *e;
	size_t n;
	uint32_t top;
	bool have_for;
};

static void add(struct models_ctx *c, const char *spec)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->e[i].spec, spec))
			return;
	if (c->n < MODELS_MAX)
		snprintf(c->e[c->n++].spec, sizeof c->e[0].spec, "%s", spec);
}

static void preset(const char *name, const char *path, const char *desc,
                   int user, void *ctx)
{
	add(ctx, name);
}

static void cached(const char *id, const char *rev, const char *dir,
                   void *ctx)
{
	add(ctx, id);
}

static enum kvp_status set_for(void *ctx, const char *v, struct kvp_error *err)
{
	struct models_ctx *c = ctx;

	if (strcmp(v, "models"))
		return kvp_error_set(err, KVP_EINVAL, "--for: '%s' - this is "
			"solve --for models", v);
	c->have_for = true;
	return KVP_OK;
}

static enum kvp_status set_top(void *ctx, const char *v, struct kvp_error *err)
{
	struct models_ctx *c = ctx;
	char *end;
	unsigned long n = strtoul(v, &end, 10);

	if (!*v || *end || v[0] == '-' || n < 1 || n > MODELS_MAX)
		return kvp_error_set(err, KVP_ERANGE, "--top: '%s' - expected 1 "
			"to %d", v, MODELS_MAX);
	c->top = (uint32_t)n;
	return KVP_OK;
}

static const struct kvp_opt_extra extras[] = {
	{ "for", true, "models", "which models fit the cards (presets and "
	  "the local Hugging Face cache), ranked", set_for },
	{ "top", true, "N", "models listed that fit (default: all)", set_top },
};

/* One model in the plan: the longest single request and the requests of
 * the workload's mix that fit, both solved and checked by the core. */
static void evaluate(const struct kvp_plan *base, struct entry *x,
                     struct kvp_plan *p, struct kvp_result *res,
                     struct kvp_solve_answer *ans)
{
	struct kvp_solve_opts so;
	struct kvp_error err;

	memset(&so, 0, sizeof so);
	so.what = KVP_SOLVE_MAX_MODEL_LEN;
	kvp_error_clear(&err);
	*p = *base;
	if (kvp_model_load_spec(x->spec, &p->model, NULL, &err) != KVP_OK) {
		snprintf(x->why, sizeof x->why, "%s", err.msg);
		snprintf(x->id, sizeof x->id, "%s", x->spec);
		return;
	}
	snprintf(x->id, sizeof x->id, "%s", p->model.id[0] ? p->model.id : x->spec);
	snprintf(p->name, sizeof p->name, "%.*s", (int)sizeof p->name - 1, x->id);
	if (kvp_solve(p, &so, ans, res, &err) != KVP_OK || !ans->found) {
		snprintf(x->why, sizeof x->why, "%s", err.msg[0] ? err.msg : ans->check);
		return;
	}
	x->max_len = ans->value;
	x->capped = ans->capped;
	/* the mix under the plan that serves that longest request (vLLM's
	 * --max-model-len, SGLang's --context-length set to it) */
	*p = ans->plan;
	p->workload = base->workload;   /* the answer's one long request out */
	if (kvp_solve_mix(p, res, &x->requests, &x->bound, &err) != KVP_OK) {
		snprintf(x->why, sizeof x->why, "%s", err.msg);
		return;
	}
	if (x->requests == 0) {
		snprintf(x->why, sizeof x->why, "a single request fits, but not "
		         "one of the workload's mix");
		return;
	}
	x->fits = true;
	x->weights = res->weights.bytes;
}

/* Fits first; then most requests, longest request, name. */
static int rank(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->fits != y->fits)
		return x->fits ? -1 : 1;
	if (x->requests != y->requests)
		return x->requests > y->requests ? -1 : 1;
	if (x->max_len != y->max_len)
		return x->max_len > y->max_len ? -1 : 1;
	return strcmp(x->id, y->id);
}

static void print(const struct models_ctx *c, const struct kvp_plan *base)
{
	const struct kvp_card_group *g = &base->devices.groups[0];
	char w[32], l[32], r[32];
	size_t i, shown = 0, nfit = 0;

	for (i = 0; i < c->n; i++)
		nfit += c->e[i].fits;
	printf("solve models: %zu of %zu models fit %u x %s under %s%s%s\n",
	       nfit, c->n, g->count, g->card.name,
	       kvp_engine_name(base->engine.kind),
	       base->engine.kind == KVP_ENGINE_GENERIC ? "" : " ",
	       base->engine.kind == KVP_ENGINE_GENERIC ? "" :
	       kvp_engine_release(&base->engine));
	printf("  %-4s %-44s %12s %16s %s\n", "", "model", "weights",
	       "longest context", "requests of the workload's mix at once");
	for (i = 0; i < c->n && c->e[i].fits && (!c->top || shown < c->top); i++, shown++) {
		const struct entry *x = &c->e[i];

		printf("  %3zu. %-44s %12s %9s tokens%s %s%s\n", i + 1, x->id,
		       kvp_fmt_gib(x->weights, 2, w, sizeof w),
		       kvp_fmt_int(x->max_len, l, sizeof l),
		       x->capped ? " (all its positions)" : "",
		       kvp_fmt_int(x->requests, r, sizeof r),
		       x->bound ? "" : " (nothing binds: the engine does not size from the workload)");
	}
	if (nfit < c->n)
		printf("\ndo not fit (%zu):\n", c->n - nfit);
	for (i = nfit; i < c->n; i++)
		printf("  %s: %s\n", c->e[i].id, c->e[i].why);
}

/* A flag given on the line (--card, --model). */
static bool given(int argc, char **argv, const char *flag)
{
	size_t n = strlen(flag);
	int i;

	for (i = 1; i < argc; i++)
		if (!strncmp(argv[i], flag, n) && (!argv[i][n] || argv[i][n] == '='))
			return true;
	return false;
}

static int run(struct kvp_opts *o, struct models_ctx *c)
{
	struct kvp_plan *p = malloc(sizeof *p);
	struct kvp_result *res = malloc(sizeof *res);
	struct kvp_solve_answer *ans = malloc(sizeof *ans);
	struct kvp_error err;
	size_t i;
	int rc = 0;

	if (!p || !res || !ans)
		rc = kvp_emit_fail("solve", "out of memory");
	else if (kvp_presets_list(KVP_PRESET_MODEL, preset, c, &err) != KVP_OK)
		rc = kvp_emit_fail("solve", err.msg);
	if (rc == 0) {
		kvp_hf_cache_list(cached, c);
		for (i = 0; i < c->n; i++)
			evaluate(&o->plan, &c->e[i], p, res, ans);
		qsort(c->e, c->n, sizeof c->e[0], rank);
		print(c, &o->plan);
		rc = kvp_emit_flush("solve");
		if (rc == 0)
			rc = c->n && c->e[0].fits ? 0 : 1;
	}
	free(p);
	free(res);
	free(ans);
	return rc;
}

int kvp_cmd_solve_models(int argc, char **argv)
{
	static const char *const formats[] = { "text", NULL };
	struct kvp_opts *o = malloc(sizeof *o);
	struct models_ctx c;
	int rc;

	memset(&c, 0, sizeof c);
	c.e = calloc(MODELS_MAX, sizeof *c.e);
	if (!o || !c.e) {
		free(o);
		free(c.e);
		return kvp_emit_fail("solve", "out of memory");
	}
	kvp_opts_init(o, "solve", "--for models --card CARD[xN] [OPTIONS]");
	o->one_engine = true;
	o->extra = extras;
	o->n_extra = sizeof extras / sizeof extras[0];
	o->ctx = &c;
	o->formats = formats;
	if ((rc = kvp_emit_parse(o, argc, argv)) != KVP_EMIT_GO)
		goto out;
	if (given(argc, argv, "--model"))
		rc = kvp_emit_fail("solve", "--model: given - solve --for models "
		                   "puts every model in turn; leave it out");
	else if (!given(argc, argv, "--card") && !o->have_plan_file)
		rc = kvp_emit_fail("solve", "--card: missing - solve --for models "
		                   "needs the cards (--card NAME[xN])");
	else
		rc = run(o, &c);
out:
	kvp_opts_free(o);
	free(o);
	free(c.e);
	return rc;
}
