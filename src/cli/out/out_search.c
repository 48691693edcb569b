/*
 * out_search.c - the deployment search as text, JSON or CSV
 * (out_search.h). Figures come from the search's records; this file only
 * formats them (GiB for people, exact integers for JSON and CSV).
 */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/emit.h"
#include "cli/out/out_search.h"
#include "io/report/report_csv.h"
#include "kvplan/speed.h"
#include "kvplan/units.h"

static const char *state_name(uint8_t s)
{
	static const char *const n[] = { "pending", "fits", "fails", "refused",
	                                 "pruned", "skipped" };

	return s < sizeof n / sizeof n[0] ? n[s] : "?";
}

/* "2.49" from millionths: at least two decimals, trailing zeros cut. */
static char *fmt_price(uint64_t micro, char *buf, size_t n)
{
	size_t len;

	snprintf(buf, n, "%" PRIu64 ".%06" PRIu64, micro / 1000000,
	         micro % 1000000);
	len = strlen(buf);
	while (len > 0 && buf[len - 1] == '0' && buf[len - 3] != '.')
		buf[--len] = '\0';
	return buf;
}

static const char *w_name(const struct kvp_plan *p,
                          const struct kvp_search_cli *c,
                          const struct kvp_search_cfg *x)
{
	return kvp_wdtype_name(kvp_search_w_of(p, &c->space, x).dtype);
}

static void layout(const struct kvp_search_cfg *x, char *buf, size_t n)
{
	snprintf(buf, n, "%ux%u tp%u pp%u dp%u", x->nodes, x->per_node, x->tp,
	         x->pp, x->dp);
}

static void signed_gib(int64_t v, char *buf, size_t n)
{
	char g[32];

	kvp_fmt_gib(v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, 2, g,
	            sizeof g);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "", g);
}

/* ---- text ------------------------------------------------------------- */

static void text_head(FILE *f, const struct kvp_plan *p,
                      const struct kvp_search_cli *c,
                      const struct kvp_search_out *out)
{
	const struct kvp_search_stats *s = &out->stats;
	char a[32], b[32], d[32], e[32], g[32], h[32];

	fprintf(f, "solve deployment: %s\n", p->model.id[0] ? p->model.id :
	        p->name[0] ? p->name : "(unnamed model)");
	fprintf(f, "searched %s configurations (%u card types, 1-%u per node, "
	        "1-%u node%s): computed %s, same plan as another %s, pruned "
	        "(weights alone over a card) %s, ranked below the answers and "
	        "not computed %s\n",
	        kvp_fmt_int(s->configurations, a, sizeof a), c->space.n_cards,
	        c->space.max_per_node ? c->space.max_per_node : 8,
	        c->space.max_nodes ? c->space.max_nodes : 1,
	        c->space.max_nodes > 1 ? "s" : "",
	        kvp_fmt_int(s->computed, b, sizeof b),
	        kvp_fmt_int(s->same_plan, d, sizeof d),
	        kvp_fmt_int(s->pruned, e, sizeof e),
	        kvp_fmt_int(s->skipped, g, sizeof g));
	fprintf(f, "ranked by %s; %s fit%s\n\n",
	        c->opts.rank == KVP_RANK_PRICE ?
	        "lowest price per hour, then fewest cards, least capacity "
	        "bought, most free memory" :
	        c->opts.rank == KVP_RANK_THROUGHPUT ?
	        "the highest decode bound of the speed envelope (tokens/s of "
	        "all requests; a roofline bound from the cards' data sheets, "
	        "not a measurement; unknown last), then fewest cards" :
	        "fewest cards, then least capacity bought, then most free memory",
	        kvp_fmt_int(s->fitting, h, sizeof h),
	        s->complete ? "" : " among those computed (--all computes "
	        "every one)");
}

static void text_answer(FILE *f, const struct kvp_plan *p,
                        const struct kvp_search_cli *c,
                        const struct kvp_search_buf *b, size_t i)
{
	const struct kvp_search_answer *a = &b->answers[i];
	const struct kvp_search_cfg *x = &b->cfgs[a->cfg];
	char lay[48], fr[40], r1[32], r2[32], l1[32], l2[32], pr[32], cap[32];

	layout(x, lay, sizeof lay);
	signed_gib(a->free_bytes, fr, sizeof fr);
	kvp_fmt_gib(x->capacity, 0, cap, sizeof cap);
	fprintf(f, "%3zu. %u x %s (%s)  %s  %s  kv %s  weights %s  "
	        "free %s on device %u", i + 1, x->cards,
	        c->space.cards[x->card].name, cap, lay,
	        kvp_engine_name((enum kvp_engine_kind)x->engine),
	        kvp_dtype_name((enum kvp_dtype)x->kv), w_name(p, c, x), fr,
	        a->device);
	if (c->opts.rank == KVP_RANK_PRICE)
		fprintf(f, "  %s %s/h", fmt_price(x->price_micro, pr, sizeof pr),
		        c->prices.currency[0] ? c->prices.currency : "per");
	if (c->opts.rank == KVP_RANK_THROUGHPUT) {
		if (x->tps_milli)
			fprintf(f, "  decode <= %s tok/s",
			        kvp_fmt_milli(x->tps_milli, pr, sizeof pr));
		else
			fprintf(f, "  decode bound unknown (a card has no "
			        "bandwidth)");
	}
	fprintf(f, "\n");
	if (!a->verified) {
		fprintf(f, "     check: %s\n", a->check);
		return;
	}
	if (a->bound)
		fprintf(f, "     slack: %s request%s now, %s fit (+%s)",
		        kvp_fmt_int(a->requests, r1, sizeof r1),
		        a->requests == 1 ? "" : "s",
		        kvp_fmt_int(a->max_requests, r2, sizeof r2),
		        kvp_fmt_int(a->max_requests - a->requests, l1, sizeof l1));
	else
		fprintf(f, "     slack: more requests never bind");
	if (a->max_length)
		fprintf(f, "; class 0 %s tokens long now, up to %s",
		        kvp_fmt_int(a->length, l1, sizeof l1),
		        kvp_fmt_int(a->max_length, l2, sizeof l2));
	fprintf(f, "\n     binds: %s\n     check: %s\n", a->binding, a->check);
}

static void text_misses(FILE *f, const struct kvp_plan *p,
                        const struct kvp_search_cli *c,
                        const struct kvp_search_buf *b,
                        const struct kvp_search_out *out)
{
	size_t i;
	char lay[48];

	if (!out->n_misses)
		return;
	fprintf(f, "\nnearest misses (per card, the closest configuration "
	        "that does not fit, ranked before its first that does):\n");
	for (i = 0; i < out->n_misses; i++) {
		const struct kvp_search_cfg *x = &b->cfgs[b->misses[i].cfg];

		layout(x, lay, sizeof lay);
		fprintf(f, "  %u x %s  %s  %s  kv %s  weights %s: %s\n", x->cards,
		        c->space.cards[x->card].name, lay,
		        kvp_engine_name((enum kvp_engine_kind)x->engine),
		        kvp_dtype_name((enum kvp_dtype)x->kv), w_name(p, c, x),
		        b->misses[i].reason);
	}
}

static int out_text(FILE *f, const struct kvp_plan *p,
                    const struct kvp_search_cli *c,
                    const struct kvp_search_buf *b,
                    const struct kvp_search_out *out)
{
	size_t i;

	text_head(f, p, c, out);
	if (!out->n_answers)
		fprintf(f, "no configuration fits\n");
	for (i = 0; i < out->n_answers; i++)
		text_answer(f, p, c, b, i);
	text_misses(f, p, c, b, out);
	return 0;
}

/* ---- JSON ------------------------------------------------------------- */

static void json_cfg(cJSON *o, const struct kvp_plan *p,
                     const struct kvp_search_cli *c,
                     const struct kvp_search_cfg *x)
{
	cJSON_AddStringToObject(o, "card", c->space.cards[x->card].name);
	cJSON_AddNumberToObject(o, "cards", x->cards);
	cJSON_AddNumberToObject(o, "per_node", x->per_node);
	cJSON_AddNumberToObject(o, "nodes", x->nodes);
	cJSON_AddNumberToObject(o, "tp", x->tp);
	cJSON_AddNumberToObject(o, "pp", x->pp);
	cJSON_AddNumberToObject(o, "dp", x->dp);
	cJSON_AddStringToObject(o, "engine",
		kvp_engine_name((enum kvp_engine_kind)x->engine));
	cJSON_AddStringToObject(o, "kv_format",
		kvp_dtype_name((enum kvp_dtype)x->kv));
	cJSON_AddStringToObject(o, "weights", w_name(p, c, x));
	cJSON_AddNumberToObject(o, "capacity_bytes", (double)x->capacity);
	if (c->have_prices)
		cJSON_AddNumberToObject(o, "price_micro_per_hour",
		                        (double)x->price_micro);
	cJSON_AddStringToObject(o, "state", state_name(x->state));
	if (x->state == KVP_CFG_FITS && x->tps_milli)
		cJSON_AddNumberToObject(o, "decode_tps_milli", (double)x->tps_milli);
	else if (x->state == KVP_CFG_FITS)
		cJSON_AddNullToObject(o, "decode_tps_milli");
}

static void json_answer(cJSON *arr, const struct kvp_plan *p,
                        const struct kvp_search_cli *c,
                        const struct kvp_search_buf *b, size_t i)
{
	const struct kvp_search_answer *a = &b->answers[i];
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return;
	cJSON_AddNumberToObject(o, "rank", (double)(i + 1));
	json_cfg(o, p, c, &b->cfgs[a->cfg]);
	cJSON_AddBoolToObject(o, "verified", a->verified);
	cJSON_AddNumberToObject(o, "free_bytes", (double)a->free_bytes);
	cJSON_AddNumberToObject(o, "tightest_device", a->device);
	cJSON_AddNumberToObject(o, "requests", (double)a->requests);
	if (a->bound)
		cJSON_AddNumberToObject(o, "max_requests", (double)a->max_requests);
	else
		cJSON_AddNullToObject(o, "max_requests");
	cJSON_AddNumberToObject(o, "length", (double)a->length);
	if (a->max_length)
		cJSON_AddNumberToObject(o, "max_length", (double)a->max_length);
	else
		cJSON_AddNullToObject(o, "max_length");
	cJSON_AddStringToObject(o, "binding", a->binding);
	cJSON_AddStringToObject(o, "check", a->check);
	cJSON_AddItemToArray(arr, o);
}

static int out_json(const struct kvp_plan *p, const struct kvp_search_cli *c,
                    const struct kvp_search_buf *b,
                    const struct kvp_search_out *out)
{
	const struct kvp_search_stats *s = &out->stats;
	cJSON *o = cJSON_CreateObject(), *st, *arr, *m;
	size_t i;

	if (!o)
		return kvp_emit_fail("solve", "out of memory");
	cJSON_AddStringToObject(o, "kvplan", "deployment-search");
	cJSON_AddStringToObject(o, "model", p->model.id);
	cJSON_AddStringToObject(o, "rank", kvp_search_rank_name(c->opts.rank));
	if (c->have_prices)
		cJSON_AddStringToObject(o, "currency", c->prices.currency);
	st = cJSON_AddObjectToObject(o, "stats");
	if (st) {
		cJSON_AddNumberToObject(st, "configurations", (double)s->configurations);
		cJSON_AddNumberToObject(st, "computed", (double)s->computed);
		cJSON_AddNumberToObject(st, "same_plan", (double)s->same_plan);
		cJSON_AddNumberToObject(st, "pruned", (double)s->pruned);
		cJSON_AddNumberToObject(st, "skipped", (double)s->skipped);
		cJSON_AddNumberToObject(st, "fitting", (double)s->fitting);
		cJSON_AddBoolToObject(st, "complete", s->complete);
	}
	arr = cJSON_AddArrayToObject(o, "answers");
	for (i = 0; arr && i < out->n_answers; i++)
		json_answer(arr, p, c, b, i);
	arr = cJSON_AddArrayToObject(o, "misses");
	for (i = 0; arr && i < out->n_misses; i++) {
		const struct kvp_search_cfg *x = &b->cfgs[b->misses[i].cfg];

		m = cJSON_CreateObject();
		if (!m)
			break;
		json_cfg(m, p, c, x);
		cJSON_AddNumberToObject(m, "short_ppm", (double)x->short_ppm);
		cJSON_AddStringToObject(m, "reason", b->misses[i].reason);
		cJSON_AddItemToArray(arr, m);
	}
	{
		char *text = cJSON_Print(o);

		cJSON_Delete(o);
		return kvp_emit_json("solve", text);
	}
}

/* ---- CSV -------------------------------------------------------------- */

static void csv_row(FILE *f, const struct kvp_plan *p,
                    const struct kvp_search_cli *c,
                    const struct kvp_search_cfg *x, const char *status,
                    size_t rank, const struct kvp_search_answer *a,
                    const char *reason)
{
	char n[32];
	const unsigned v[] = { x->cards, x->per_node, x->nodes, x->tp, x->pp,
	                       x->dp };
	size_t i;

	kvp_csv_cell(f, status, false);
	snprintf(n, sizeof n, "%zu", rank);
	kvp_csv_cell(f, rank ? n : "", false);
	kvp_csv_cell(f, c->space.cards[x->card].name, false);
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		snprintf(n, sizeof n, "%u", v[i]);
		kvp_csv_cell(f, n, false);
	}
	kvp_csv_cell(f, kvp_engine_name((enum kvp_engine_kind)x->engine), false);
	kvp_csv_cell(f, kvp_dtype_name((enum kvp_dtype)x->kv), false);
	kvp_csv_cell(f, w_name(p, c, x), false);
	fprintf(f, "%" PRIu64 ",", x->capacity);
	if (c->have_prices)
		fprintf(f, "%s,", fmt_price(x->price_micro, n, sizeof n));
	else
		fprintf(f, ",");
	if (a) {
		fprintf(f, "%" PRId64 ",%" PRIu64 ",", a->free_bytes, a->requests);
		if (a->bound)
			fprintf(f, "%" PRIu64, a->max_requests);
		fprintf(f, ",%" PRIu64 ",", a->length);
		if (a->max_length)
			fprintf(f, "%" PRIu64, a->max_length);
		fprintf(f, ",");
		kvp_csv_cell(f, a->binding, false);
	} else {
		fprintf(f, ",,,,,,");
	}
	kvp_csv_cell(f, reason ? reason : "", false);
	if (a && x->tps_milli)
		fprintf(f, "%" PRIu64, x->tps_milli);
	fprintf(f, "\n");
}

static int out_csv(FILE *f, const struct kvp_plan *p,
                   const struct kvp_search_cli *c,
                   const struct kvp_search_buf *b,
                   const struct kvp_search_out *out)
{
	size_t i;

	fprintf(f, "status,rank,card,cards,per_node,nodes,tp,pp,dp,engine,"
	        "kv_format,weights,capacity_bytes,price_per_hour,free_bytes,"
	        "requests,max_requests,length,max_length,binding,reason,"
	        "decode_tps_milli\n");
	for (i = 0; i < out->n_answers; i++)
		csv_row(f, p, c, &b->cfgs[b->answers[i].cfg], "fits", i + 1,
		        &b->answers[i], b->answers[i].check);
	for (i = 0; i < out->n_misses; i++)
		csv_row(f, p, c, &b->cfgs[b->misses[i].cfg], "miss", 0, NULL,
		        b->misses[i].reason);
	return 0;
}

int kvp_out_search(FILE *f, const char *format, const struct kvp_plan *p,
                   const struct kvp_search_cli *c,
                   const struct kvp_search_buf *b,
                   const struct kvp_search_out *out)
{
	if (!strcmp(format, "json"))
		return out_json(p, c, b, out);
	if (!strcmp(format, "csv"))
		return out_csv(f, p, c, b, out);
	return out_text(f, p, c, b, out);
}
