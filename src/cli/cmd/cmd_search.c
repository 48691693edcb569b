/*
 * cmd_search.c - `kvplan solve --for deployment [PLAN.json] [OPTIONS]`:
 * every deployment of the plan's model and workload that fits, ranked
 * (kvplan/search.h). The axes are flags, each defaulting to everything:
 * --cards (every card preset), --per-node and --nodes (1..8 cards on 1
 * node), --engines (the five named engines), --kv-formats (each
 * engine's), --weight-formats (the model's own), --max-tp, --max-pp,
 * --min-headroom. --rank cards|price (--prices FILE), --top N answers
 * (verified), --all computes every configuration and lists every one
 * that fits. Output: text, json or csv (out_search.c).
 * Exit 0 with at least one answer, 1 when nothing fits, 2 on bad input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd/cmd_search.h"
#include "cli/emit.h"
#include "cli/launch/launch.h"
#include "cli/opts.h"
#include "cli/out/out_search.h"
#include "cli/share.h"
#include "io/prices.h"
#include "kvplan/preset.h"
#include "kvplan/search.h"

static const char *const formats[] = { "text", "json", "csv", NULL };

static enum kvp_status set_for(void *ctx, const char *v, struct kvp_error *err)
{
	(void)ctx;
	if (strcmp(v, "deployment"))
		return kvp_error_set(err, KVP_EINVAL, "--for: '%s' - this form "
			"of solve answers --for deployment only", v);
	return KVP_OK;
}

/* err's message behind "FLAG: " (copied first: the message is the
 * argument). */
static enum kvp_status prefixed(struct kvp_error *err, const char *flag)
{
	char msg[sizeof err->msg];

	memcpy(msg, err->msg, sizeof msg);
	return kvp_error_set(err, err->status ? err->status : KVP_EINVAL,
	                     "%s: %s", flag, msg);
}

/* Split a comma list into at most max items of the context's buffer. */
static int split(char *s, char **item, int max)
{
	int n = 0;
	char *save = NULL, *t;

	for (t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (n >= max)
			return -1;
		item[n++] = t;
	}
	return n;
}

static enum kvp_status set_cards(void *ctx, const char *v, struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;
	char *item[KVP_SEARCH_MAX_CARDS + 1];
	int n, i;

	snprintf(c->card_text, sizeof c->card_text, "%s", v);
	n = split(c->card_text, item, KVP_SEARCH_MAX_CARDS);
	if (n <= 0)
		return kvp_error_set(err, KVP_EINVAL, "--cards: '%s' - expected "
			"1 to %d card presets or files, comma-separated", v,
			KVP_SEARCH_MAX_CARDS);
	for (i = 0; i < n; i++) {
		if (kvp_card_load_spec(item[i], &c->space.cards[i], err) != KVP_OK)
			return prefixed(err, "--cards");
		c->card_spec[i] = item[i];
	}
	c->space.n_cards = (uint32_t)n;
	return KVP_OK;
}

static enum kvp_status count_flag(const char *flag, const char *v,
                                  uint32_t lo, uint32_t hi, uint32_t *out,
                                  struct kvp_error *err)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!*v || *end || v[0] == '-' || errno || n < lo || n > hi)
		return kvp_error_set(err, KVP_ERANGE,
			"%s: '%s' - expected %u to %u", flag, v, lo, hi);
	*out = (uint32_t)n;
	return KVP_OK;
}

#define COUNT_FLAG(fn, flag, lo, hi, member) \
static enum kvp_status fn(void *ctx, const char *v, struct kvp_error *err) \
{ \
	struct kvp_search_cli *c = ctx; \
	return count_flag(flag, v, lo, hi, &c->member, err); \
}
COUNT_FLAG(set_per_node, "--per-node", 1, KVP_MAX_DEVICES, space.max_per_node)
COUNT_FLAG(set_nodes, "--nodes", 1, KVP_MAX_DEVICES, space.max_nodes)
COUNT_FLAG(set_max_tp, "--max-tp", 1, KVP_MAX_DEVICES, space.max_tp)
COUNT_FLAG(set_max_pp, "--max-pp", 1, KVP_MAX_STAGES, space.max_pp)
COUNT_FLAG(set_top, "--top", 1, 100000, opts.top)

static enum kvp_status set_engines(void *ctx, const char *v,
                                   struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;
	char buf[256], *item[KVP_ENGINE_COUNT + 1];
	enum kvp_engine_kind e;
	int n, i;

	snprintf(buf, sizeof buf, "%s", v);
	n = split(buf, item, KVP_ENGINE_COUNT);
	if (n <= 0)
		return kvp_error_set(err, KVP_EINVAL, "--engines: '%s' - expected "
			"engine names, comma-separated (vllm,sglang,...)", v);
	c->space.engines = 0;
	for (i = 0; i < n; i++) {
		if (kvp_engine_parse(item[i], &e, err) != KVP_OK)
			return prefixed(err, "--engines");
		c->space.engines |= 1u << e;
	}
	return KVP_OK;
}

static enum kvp_status set_kv(void *ctx, const char *v, struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;
	char buf[256], *item[KVP_SEARCH_MAX_KV + 1];
	int n, i;

	snprintf(buf, sizeof buf, "%s", v);
	n = split(buf, item, KVP_SEARCH_MAX_KV);
	if (n <= 0)
		return kvp_error_set(err, KVP_EINVAL, "--kv-formats: '%s' - "
			"expected 1 to %d cache formats (f16,fp8,q8_0)", v,
			KVP_SEARCH_MAX_KV);
	for (i = 0; i < n; i++)
		if (kvp_dtype_parse(item[i], &c->space.kv[i], err) != KVP_OK)
			return prefixed(err, "--kv-formats");
	c->space.n_kv = (uint32_t)n;
	return KVP_OK;
}

/* Weight formats searched: "model" (the model's own) and formats whose
 * bytes follow from the name alone: f32, f16, bf16, fp8 (per-tensor
 * scales) and the GGUF block types. A group-quantized format (int8,
 * int4, nf4) needs its group size and scales: refused by name. */
static enum kvp_status set_w(void *ctx, const char *v, struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;
	char buf[256], *item[KVP_SEARCH_MAX_W + 1];
	enum kvp_wdtype w;
	int n, i, k = 0;

	snprintf(buf, sizeof buf, "%s", v);
	n = split(buf, item, KVP_SEARCH_MAX_W);
	if (n <= 0)
		return kvp_error_set(err, KVP_EINVAL, "--weight-formats: '%s' - "
			"expected 1 to %d weight formats (model,fp8,q4_k_m)", v,
			KVP_SEARCH_MAX_W);
	c->weights_own = false;
	for (i = 0; i < n; i++) {
		if (!strcmp(item[i], "model")) {
			c->weights_own = true;
			continue;
		}
		if (kvp_wdtype_parse(item[i], &w, err) != KVP_OK)
			return prefixed(err, "--weight-formats");
		if (w == KVP_W_INT8 || w == KVP_W_INT4 || w == KVP_W_NF4)
			return kvp_error_set(err, KVP_EINVAL,
				"--weight-formats: '%s' - a group-quantized format "
				"needs its group size and scales; use a model preset "
				"quantized that way (its own format is 'model')",
				item[i]);
		memset(&c->space.w[k], 0, sizeof c->space.w[k]);
		c->space.w[k++].dtype = w;
	}
	c->space.n_w = (uint32_t)k;
	return KVP_OK;
}

static enum kvp_status set_headroom(void *ctx, const char *v,
                                    struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;

	return kvp_cli_share_parse("--min-headroom", v,
	                           &c->space.min_headroom_ppm, err);
}

static enum kvp_status set_rank(void *ctx, const char *v, struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;

	return kvp_search_rank_parse(v, &c->opts.rank, err);
}

static enum kvp_status set_prices(void *ctx, const char *v,
                                  struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;

	if (kvp_prices_load(v, &c->prices, err) != KVP_OK)
		return prefixed(err, "--prices");
	c->have_prices = true;
	return KVP_OK;
}

static enum kvp_status set_all(void *ctx, const char *v, struct kvp_error *err)
{
	struct kvp_search_cli *c = ctx;

	(void)v;
	(void)err;
	c->all = true;
	return KVP_OK;
}

static const struct kvp_opt_extra extras[] = {
	{ "for", true, "deployment", "search every deployment that fits",
	  set_for },
	{ "cards", true, "LIST", "card presets or files (default: every card "
	  "preset)", set_cards },
	{ "per-node", true, "N", "cards per node tried, 1..N (default 8)",
	  set_per_node },
	{ "nodes", true, "N", "nodes tried, 1..N (default 1)", set_nodes },
	{ "engines", true, "LIST", "engines (default: llama.cpp, vllm, "
	  "transformers, sglang, trtllm)", set_engines },
	{ "kv-formats", true, "LIST", "cache formats (default: each "
	  "engine's)", set_kv },
	{ "weight-formats", true, "LIST", "weight formats: model, f16, bf16, "
	  "fp8, q8_0, q4_0, q4_k_m (default: model)", set_w },
	{ "max-tp", true, "N", "largest tensor-parallel size", set_max_tp },
	{ "max-pp", true, "N", "largest pipeline-parallel size", set_max_pp },
	{ "min-headroom", true, "FRACTION", "share of every card kept free "
	  "(0.1 or 10%)", set_headroom },
	{ "rank", true, "HOW", "cards (default), price or throughput",
	  set_rank },
	{ "prices", true, "FILE", "hourly price per card (JSON)", set_prices },
	{ "top", true, "N", "answers verified and listed (default 20)",
	  set_top },
	{ "all", false, NULL, "compute every configuration and list every one "
	  "that fits", set_all },
};

struct collect {
	struct kvp_search_cli *c;
	struct kvp_error *err;
	enum kvp_status st;
};

static void collect_card(const char *name, const char *path, const char *desc,
                         int user, void *ctx)
{
	struct collect *k = ctx;
	struct kvp_search_cli *c = k->c;
	uint32_t i = c->space.n_cards;

	(void)path;
	(void)desc;
	(void)user;
	if (k->st != KVP_OK)
		return;
	if (i >= KVP_SEARCH_MAX_CARDS) {
		k->st = kvp_error_set(k->err, KVP_ERANGE, "--cards: more than %d "
			"card presets - choose some with --cards", KVP_SEARCH_MAX_CARDS);
		return;
	}
	snprintf(c->preset_names[i], sizeof c->preset_names[i], "%s", name);
	k->st = kvp_card_load_spec(name, &c->space.cards[i], k->err);
	if (k->st == KVP_OK) {
		c->card_spec[i] = c->preset_names[i];
		c->space.n_cards = i + 1;
	}
}

static enum kvp_status default_cards(struct kvp_search_cli *c,
                                     struct kvp_error *err)
{
	struct collect k = { c, err, KVP_OK };
	enum kvp_status st = kvp_presets_list(KVP_PRESET_CARD, collect_card, &k,
	                                      err);

	return st != KVP_OK ? st : k.st;
}

/* Prices per card, from the file (by --cards spec or card name). */
static enum kvp_status apply_prices(struct kvp_search_cli *c,
                                    struct kvp_error *err)
{
	uint32_t i;

	if (c->opts.rank == KVP_RANK_PRICE && !c->have_prices)
		return kvp_error_set(err, KVP_EINVAL,
			"--rank price: needs --prices FILE (hourly price per card)");
	for (i = 0; c->have_prices && i < c->space.n_cards; i++)
		c->space.price_micro[i] = kvp_prices_find(&c->prices,
			c->card_spec[i], c->space.cards[i].name);
	return KVP_OK;
}

static int fail(const char *msg)
{
	return kvp_emit_fail("solve", msg);
}

/* Buffers sized for the space: the list first (retried at its size). */
static enum kvp_status run(struct kvp_search_cli *c, const struct kvp_plan *p,
                           struct kvp_search_buf *b, struct kvp_search_out *out,
                           struct kvp_error *err)
{
	enum kvp_status st;

	b->cap_cfgs = 1u << 16;
	b->cfgs = calloc(b->cap_cfgs, sizeof b->cfgs[0]);
	if (!b->cfgs)
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	st = kvp_search_enumerate(p, &c->space, &c->opts, b, out, err);
	if (st == KVP_ERANGE && out->stats.configurations > b->cap_cfgs &&
	    out->stats.configurations <= (1u << 24)) {
		free(b->cfgs);
		b->cap_cfgs = (size_t)out->stats.configurations;
		b->cfgs = calloc(b->cap_cfgs, sizeof b->cfgs[0]);
		if (!b->cfgs)
			return kvp_error_set(err, KVP_ENOMEM, "out of memory");
		st = kvp_search_enumerate(p, &c->space, &c->opts, b, out, err);
	}
	if (st != KVP_OK)
		return st;
	if (c->all) {
		c->opts.exhaustive = true;
		c->opts.top = out->n_cfgs ? (uint32_t)out->n_cfgs : 1;
	}
	b->cap_answers = c->opts.top;
	b->answers = calloc(b->cap_answers, sizeof b->answers[0]);
	b->cap_misses = KVP_SEARCH_MAX_CARDS;
	b->misses = calloc(b->cap_misses, sizeof b->misses[0]);
	b->cap_floor = 1u << 16;
	b->floor = calloc(b->cap_floor, sizeof b->floor[0]);
	if (!b->answers || !b->misses || !b->floor)
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	return kvp_search_rank_list(p, &c->space, &c->opts, b, out, err);
}

int kvp_cmd_solve_deployment(int argc, char **argv)
{
	struct kvp_opts *o = malloc(sizeof *o);
	struct kvp_search_cli *c = calloc(1, sizeof *c);
	struct kvp_search_buf b;
	struct kvp_search_out out;
	struct kvp_error err;
	int rc;

	memset(&b, 0, sizeof b);
	memset(&out, 0, sizeof out);
	b.scratch = malloc(sizeof *b.scratch);
	b.work = malloc(sizeof *b.work);
	b.solve = malloc(sizeof *b.solve);
	if (!o || !c || !b.scratch || !b.work || !b.solve) {
		free(o);
		o = NULL;
		rc = fail("out of memory");
		goto out;
	}
	kvp_search_space_init(&c->space);
	kvp_search_opts_init(&c->opts);
	c->opts.length_slack = true;
	c->weights_own = true;
	kvp_opts_init(o, "solve", "--for deployment [PLAN.json] [OPTIONS]");
	o->extra = extras;
	o->n_extra = sizeof extras / sizeof extras[0];
	o->ctx = c;
	o->formats = formats;
	kvp_error_clear(&err);
	if ((rc = kvp_emit_parse(o, argc, argv)) != KVP_EMIT_GO)
		goto out;
	if ((c->space.n_cards == 0 && default_cards(c, &err) != KVP_OK) ||
	    apply_prices(c, &err) != KVP_OK) {
		rc = fail(err.msg);
		goto out;
	}
	if (c->weights_own && c->space.n_w &&
	    c->space.n_w < KVP_SEARCH_MAX_W) {
		/* "model" listed beside other formats: its own as one more */
		c->space.w[c->space.n_w++] = o->plan.devices.weights_override ?
			o->plan.devices.weights : o->plan.model.weights;
	}
	if (run(c, &o->plan, &b, &out, &err) != KVP_OK) {
		rc = fail(err.msg);
		goto out;
	}
	rc = kvp_out_search(stdout, o->format, &o->plan, c, &b, &out);
	if (rc == 0 && o->launch && o->launch->emit[0] &&
	    kvp_launch_emit_ranked(stdout, &o->plan, &c->space, &b,
	                           out.n_answers, o->launch->emit, &err) != KVP_OK)
		rc = fail(err.msg);   /* --emit ENGINE (launch.h) */
	if (rc == 0 && (rc = kvp_emit_flush("solve")) == 0)
		rc = out.n_answers ? 0 : 1;
out:
	if (o)
		kvp_opts_free(o);
	free(o);
	free(c);
	free(b.cfgs);
	free(b.answers);
	free(b.misses);
	free(b.floor);
	free(b.scratch);
	free(b.work);
	free(b.solve);
	return rc;
}
