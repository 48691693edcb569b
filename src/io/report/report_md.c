/*
 * report_md.c - the Markdown report (see report_md.h). Reads the plan
 * through the field table, so every input appears by its JSON key; reads
 * every figure from the result. Writes only to the caller's stream.
 *
 * The folder, src/io/report/: what kvplan writes about a result, one
 * format per file: the Markdown report (report_md.c, this file), the
 * JSON record (record_json.c: a plan from io/plan plus every figure),
 * CSV and JSON sweep cells (report_csv.c) and the budget bars as SVG
 * (report_svg.c). Writers only: they read struct kvp_result and the
 * plan, compute no figure, and write to the caller's stream.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/report/report_md.h"
#include "kvplan/bar.h"
#include "kvplan/engine_range.h"
#include "kvplan/field.h"
#include "kvplan/layers.h"
#include "kvplan/units.h"
#include "kvplan/warning.h"

/* "4,026,531,840 B (3.75 GiB, 4.03 GB)" */
static const char *B(uint64_t v, char *buf, size_t n)
{
	return kvp_fmt_bytes_all(v, buf, n);
}

static const char *I(uint64_t v, char *buf, size_t n)
{
	return kvp_fmt_int(v, buf, n);
}

/* A Markdown table cell: '|' and newlines would break the row. */
static void cell(FILE *f, const char *s)
{
	fputs(" ", f);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
	fputs(" |", f);
}

/* ---- the plan ---------------------------------------------------------- */

static bool field_shown(const struct kvp_plan *p, const struct kvp_field *f)
{
	/* an engine's options only for the chosen engine */
	if (f->section == KVP_SEC_ENGINE && f->engine != KVP_ENGINE_COUNT &&
	    f->engine != (int)p->engine.kind)
		return false;
	return true;
}

static uint32_t array_len(const struct kvp_plan *p, const struct kvp_field *f)
{
	if (!f->indexed)
		return 1;
	switch (f->array) {
	case KVP_ARR_CLASSES:
		return p->workload.n_classes;
	case KVP_ARR_GROUPS:
		return p->devices.n_groups;
	case KVP_ARR_OVERHEADS:
		return p->devices.n_overheads;
	default:
		return 0;
	}
}

static void plan_section(FILE *f, const struct kvp_plan *p)
{
	size_t i, k;
	int sec;
	char val[256], key[128], rule[160];
	uint32_t j;

	fprintf(f, "## Appendix: every input\n\n");
	fprintf(f, "Every input, by its JSON key (kvplan-plan(5)); engine options "
	        "only for the engine chosen (`%s`).\n\n",
	        kvp_engine_name(p->engine.kind));
	for (sec = 0; sec < KVP_SEC_COUNT; sec++) {
		fprintf(f, "| %s | value |\n| --- | --- |\n",
		        kvp_section_name((enum kvp_section)sec));
		for (i = 0; i < kvp_field_count(); i++) {
			const struct kvp_field *fl = kvp_field_at(i);

			if ((int)fl->section != sec || !field_shown(p, fl))
				continue;
			for (j = 0; j < array_len(p, fl); j++) {
				kvp_field_format(p, fl, j, val, sizeof val);
				snprintf(key, sizeof key, "%s", fl->key);
				if (fl->indexed) {
					char *br = strstr(key, "[i]");

					if (br)
						snprintf(br, sizeof key - (size_t)(br - key),
						         "[%u]%s", j, strstr(fl->key, "[i]") + 3);
				}
				fputs("|", f);
				cell(f, key);
				cell(f, val[0] ? val : "\"\"");
				fputs("\n", f);
			}
		}
		if (sec == KVP_SEC_MODEL)
			for (k = 0; k < p->model.n_rules; k++) {
				kvp_rule_format(&p->model.rules[k], rule, sizeof rule);
				snprintf(key, sizeof key, "model.layers[%zu]", k);
				fputs("|", f);
				cell(f, key);
				cell(f, rule);
				fputs("\n", f);
			}
		fputs("\n", f);
	}
}

/* ---- arithmetic -------------------------------------------------------- */

/* "2 B" per value, or "34/32 B" for block formats. */
static void per_value(const struct kvp_format *fmt, char *buf, size_t n)
{
	uint32_t vals = kvp_format_block_values(fmt);
	uint64_t bytes = kvp_format_block_bytes(fmt);

	if (vals == 1)
		snprintf(buf, n, "%llu B", (unsigned long long)bytes);
	else
		snprintf(buf, n, "%llu/%u B", (unsigned long long)bytes, vals);
}

static void kv_section(FILE *f, const struct kvp_plan *p,
                       const struct kvp_result *res)
{
	const struct kvp_kv_result *kv = &res->kv;
	char a[80], b[80], c[80], qk[32], qv[32];
	uint32_t i;

	fprintf(f, "## KV cache arithmetic\n\n");
	fprintf(f, "Uniform case: bytes = 2 x L x Hkv x D x T x B x q "
	        "(L layers, Hkv KV heads, D head dim, T positions kept, "
	        "B resident sequences, q bytes per value).\n\n");
	per_value(&kv->k_fmt, qk, sizeof qk);
	per_value(&kv->v_fmt, qv, sizeof qv);
	I(kv->bytes_per_position, a, sizeof a);
	if (kv->index_bytes)
		fprintf(f, "- per position: **%s B**, the sum over %u layers of "
		        "the latent and the DSA indexer's keys (see the per-layer "
		        "table)\n", a, kv->layers_with_kv);
	else if (kv->uniform && kv->k_dim == kv->v_dim &&
	    kvp_format_equal(&kv->k_fmt, &kv->v_fmt) &&
	    kv->k_fmt.dtype != KVP_DT_GROUPQ)
		fprintf(f, "- per position: 2 x %u layers x %u KV heads x %u x %s "
		        "= **%s B**\n", kv->layers_with_kv, kv->kv_heads,
		        kv->k_dim, qk, a);
	else if (kv->uniform && kv->v_dim == 0)
		fprintf(f, "- per position: %u layers x %u KV heads x %u x %s "
		        "= **%s B** (K only)\n", kv->layers_with_kv, kv->kv_heads,
		        kv->k_dim, qk, a);
	else if (kv->uniform && kv->k_fmt.dtype != KVP_DT_GROUPQ &&
	         kv->v_fmt.dtype != KVP_DT_GROUPQ)
		fprintf(f, "- per position: %u layers x %u KV heads x (%u x %s + "
		        "%u x %s) = **%s B**\n", kv->layers_with_kv, kv->kv_heads,
		        kv->k_dim, qk, kv->v_dim, qv, a);
	else
		fprintf(f, "- per position: **%s B**, the sum over %u layers "
		        "holding KV (layers differ; see the per-layer table)\n",
		        a, kv->layers_with_kv);
	fprintf(f, "- per sequence: %s", B(kv->bytes_per_sequence, a, sizeof a));
	if (res->n_classes)
		fprintf(f, " for one sequence of %s tokens",
		        I(res->classes[0].length, b, sizeof b));
	fprintf(f, "\n- resident sequences: %s (%s active requests, %s queued, "
	        "which hold no cache)\n", I(kv->sequences, a, sizeof a),
	        I(kv->requests, b, sizeof b), I(kv->queued, c, sizeof c));
	fprintf(f, "- positions stored: %s; slots allocated: %s\n",
	        I(kv->positions_stored, a, sizeof a),
	        I(kv->slots_allocated, b, sizeof b));
	fprintf(f, "- **KV cache: %s**\n", B(kv->bytes, a, sizeof a));
	fprintf(f, "- needed for exactly the tokens stored: %s; allocation waste: "
	        "%s\n", B(kv->bytes_needed, a, sizeof a),
	        B(kv->waste_bytes, b, sizeof b));
	if (kv->state_bytes)
		fprintf(f, "- recurrent state (included): %s\n",
		        B(kv->state_bytes, a, sizeof a));
	if (kv->host_bytes)
		fprintf(f, "- on the device(s): %s; offloaded to host: %s\n",
		        B(kv->device_bytes, a, sizeof a),
		        B(kv->host_bytes, b, sizeof b));
	fprintf(f, "- K: %s; V: %s\n\n", B(kv->k_bytes, a, sizeof a),
	        B(kv->v_bytes, b, sizeof b));

	if (res->n_classes) {
		fprintf(f, "| class | sequences | tokens each | slots each | "
		        "bytes each (unshared) |\n| --- | ---: | ---: | ---: | ---: |\n");
		for (i = 0; i < res->n_classes && i < p->workload.n_classes; i++) {
			const struct kvp_class_result *cr = &res->classes[i];
			char s1[40], s2[40], s3[40], s4[40];

			fprintf(f, "| %s | %s | %s | %s | %s |\n",
			        p->workload.classes[i].name[0] ?
			        p->workload.classes[i].name : "-",
			        I(cr->sequences, s1, sizeof s1),
			        I(cr->length, s2, sizeof s2),
			        I(cr->slots_per_sequence, s3, sizeof s3),
			        I(cr->bytes_per_sequence, s4, sizeof s4));
		}
		fputs("\n", f);
	}
}

static void engine_section(FILE *f, const struct kvp_result *res)
{
	const struct kvp_engine_result *e = &res->engine;
	char a[80];
	uint32_t i;

	if (e->kind == KVP_ENGINE_GENERIC)
		return;
	fprintf(f, "## Engine: %s\n\n", kvp_engine_name(e->kind));
	fprintf(f, "- release: %s%s\n", e->release,
	        e->release_named ? "" : " (current: the plan names none)");
	if (e->cells)
		fprintf(f, "- cells per stream: %s", I(e->cells, a, sizeof a));
	if (e->cells_swa)
		fprintf(f, "; sliding-window cells: %s", I(e->cells_swa, a, sizeof a));
	if (e->streams)
		fprintf(f, "; streams: %s", I(e->streams, a, sizeof a));
	if (e->cells || e->cells_swa || e->streams)
		fputs("\n", f);
	if (e->block_size)
		fprintf(f, "- block size: %s tokens\n", I(e->block_size, a, sizeof a));
	if (e->page_bytes)
		fprintf(f, "- page (one block, all layers): %s\n",
		        B(e->page_bytes, a, sizeof a));
	if (e->blocks)
		fprintf(f, "- blocks: %s\n", I(e->blocks, a, sizeof a));
	if (e->tokens)
		fprintf(f, "- tokens the pool holds: %s\n", I(e->tokens, a, sizeof a));
	if (e->budget_bytes)
		fprintf(f, "- KV budget: %s\n", B(e->budget_bytes, a, sizeof a));
	if (e->concurrency_x100)
		fprintf(f, "- maximum concurrency at max_model_len: %llu.%02llux\n",
		        (unsigned long long)(e->concurrency_x100 / 100),
		        (unsigned long long)(e->concurrency_x100 % 100));
	if (e->workload_fit)
		fprintf(f, "- requests of this workload that fit at once: %s\n",
		        I(e->workload_fit, a, sizeof a));
	if (e->note[0])
		fprintf(f, "- note: %s\n", e->note);
	if (e->n_lines) {
		if (kvp_engine_lines_reworded(e))
			fprintf(f, "\nWhat the engine would print, in the words of %s "
			        "(%s may word some lines otherwise):\n\n```\n",
			        e->lines_wording, e->release);
		else
			fprintf(f, "\nWhat the engine would print:\n\n```\n");
		for (i = 0; i < e->n_lines && i < KVP_MAX_LINES; i++)
			fprintf(f, "%s\n", e->lines[i]);
		fprintf(f, "```\n");
	}
	fputs("\n", f);
}

/* ---- devices ----------------------------------------------------------- */

static void bar(FILE *f, const struct kvp_device_result *d)
{
	static const char glyph[] = { 'W', 'K', 'A', 'O', 'H' };
	uint64_t v[5];
	struct kvp_bar b;
	uint32_t s, c, col = 0;

	v[0] = d->weights_bytes;
	v[1] = d->kv_bytes;
	v[2] = d->activations_bytes + d->retained_bytes;
	v[3] = d->overhead_bytes;
	v[4] = d->headroom_bytes;
	if (!d->capacity_bytes)
		return;
	kvp_bar_layout(v, 5, d->capacity_bytes, KVP_MD_BAR_WIDTH, &b);
	fputs("[", f);
	for (s = 0; s < b.n && s < 5; s++)
		for (c = 0; c < b.cells[s]; c++) {
			if (col == b.cap_cell && b.overflow_cells)
				fputs("|", f);
			fputc(glyph[s], f);
			col++;
		}
	while (col < b.cap_cell) {
		fputc('.', f);
		col++;
	}
	fputs(b.overflow_cells ? "!]" : "]", f);
	fputs("\n", f);
}

/* Two devices with the same card and the same figures: one group. */
static bool same_budget(const struct kvp_device_result *a,
                        const struct kvp_device_result *b)
{
	return !strcmp(a->name, b->name) &&
	       a->capacity_bytes == b->capacity_bytes &&
	       a->weights_bytes == b->weights_bytes &&
	       a->kv_bytes == b->kv_bytes &&
	       a->activations_bytes == b->activations_bytes &&
	       a->activations_estimated == b->activations_estimated &&
	       a->retained_bytes == b->retained_bytes &&
	       a->overhead_bytes == b->overhead_bytes &&
	       a->rotary_bytes == b->rotary_bytes &&
	       a->headroom_bytes == b->headroom_bytes &&
	       a->free_bytes == b->free_bytes && a->fits == b->fits;
}

/* The devices of group `first` (the first device of its kind): how many
 * and which, "devices 0-3" or "devices 0, 2". Returns the count. */
static uint32_t group_of(const struct kvp_result *res, uint32_t first,
                         char *which, size_t n)
{
	uint32_t i, count = 0, o = 0, last = first;
	bool run = true;

	for (i = first; i < res->n_devices; i++)
		if (same_budget(&res->devices[first], &res->devices[i])) {
			run = run && (i == first || i == last + 1);
			last = i;
			count++;
		}
	if (count == 1) {
		snprintf(which, n, "device %u", first);
		return 1;
	}
	if (run) {
		snprintf(which, n, "devices %u-%u", first, last);
		return count;
	}
	o = (uint32_t)snprintf(which, n, "devices");
	for (i = first; i < res->n_devices && o < n; i++)
		if (same_budget(&res->devices[first], &res->devices[i]))
			o += (uint32_t)snprintf(which + o, n - o, "%s %u",
			                        i == first ? "" : ",", i);
	return count;
}

/* Whether device i is the first of its group. */
static bool group_head(const struct kvp_result *res, uint32_t i)
{
	uint32_t j;

	for (j = 0; j < i; j++)
		if (same_budget(&res->devices[j], &res->devices[i]))
			return false;
	return true;
}

static void budget_table(FILE *f, const struct kvp_device_result *d)
{
	char a[80];

	fprintf(f, "| part | bytes |\n| --- | ---: |\n");
	fprintf(f, "| capacity | %s |\n", B(d->capacity_bytes, a, sizeof a));
	fprintf(f, "| weights, %s (W) | %s |\n", kvp_wsource_name(d->weights_source),
	        B(d->weights_bytes, a, sizeof a));
	fprintf(f, "| KV cache (K) | %s |\n", B(d->kv_bytes, a, sizeof a));
	fprintf(f, "| activations%s (A) | %s |\n",
	        d->activations_estimated ? ", estimated" : ", measured",
	        B(d->activations_bytes, a, sizeof a));
	if (d->retained_bytes)
		fprintf(f, "| retained outputs (A) | %s |\n",
		        B(d->retained_bytes, a, sizeof a));
	if (d->rotary_bytes)
		fprintf(f, "| vLLM's rotary tables | %s |\n",
		        B(d->rotary_bytes, a, sizeof a));
	fprintf(f, "| runtime overhead (O) | %s |\n",
	        B(d->overhead_bytes, a, sizeof a));
	fprintf(f, "| your reserve, kept free on purpose (H) | %s |\n",
	        B(d->headroom_bytes, a, sizeof a));
	if (d->free_bytes >= 0)
		fprintf(f, "| free (what is left) | %s |\n",
		        B((uint64_t)d->free_bytes, a, sizeof a));
	else
		fprintf(f, "| **over capacity by** | %s |\n",
		        B((uint64_t)-(d->free_bytes + 1) + 1, a, sizeof a));
}

/* One bar per group of identical devices, "4 x H100-80GB-SXM, each:". */
static void bars(FILE *f, const struct kvp_result *res)
{
	char which[256];
	uint32_t i, n;

	fprintf(f, "```\n");
	for (i = 0; i < res->n_devices; i++) {
		if (!group_head(res, i))
			continue;
		n = group_of(res, i, which, sizeof which);
		fprintf(f, "%u x %s (%s)%s\n", n, res->devices[i].name, which,
		        n > 1 ? ", each:" : ":");
		bar(f, &res->devices[i]);
	}
	fprintf(f, "```\n\n");
	fprintf(f, "Bar: W weights, K KV cache, A activations, O overhead, "
	        "H your reserve (--reserve, kept free on purpose), . free (what is "
	        "left); `|!` marks the capacity and what lies "
	        "past it.\n\n");
}

static void devices_section(FILE *f, const struct kvp_result *res)
{
	char which[256];
	uint32_t i, n;

	fprintf(f, "## Per-device budget\n\n");
	if (!res->n_devices) {
		fprintf(f, "No card chosen: the KV cache alone is sized.\n\n");
		return;
	}
	fprintf(f, "Memory is never pooled across cards: each device is checked "
	        "on its own; identical devices are shown once.\n\n");
	for (i = 0; i < res->n_devices; i++) {
		const struct kvp_device_result *d = &res->devices[i];
		uint32_t j;

		if (!group_head(res, i))
			continue;
		n = group_of(res, i, which, sizeof which);
		fprintf(f, "### %u x %s, %s (%s)\n\n", n, d->name,
		        n > 1 ? "each" : "one", which);
		fprintf(f, "| device | TP rank | PP stage (layers) | DP replica |\n"
		        "| ---: | ---: | --- | ---: |\n");
		for (j = i; j < res->n_devices; j++) {
			const struct kvp_device_result *e = &res->devices[j];

			if (!same_budget(d, e))
				continue;
			fprintf(f, "| %u | %u | %u (%u-%u) | %u |\n", j, e->tp_rank,
			        e->pp_stage, e->first_layer, e->last_layer,
			        e->dp_replica);
		}
		fputs("\n", f);
		budget_table(f, d);
		fputs("\n", f);
	}
}

/* ---- the answer first --------------------------------------------------- */

/* The device with the least free memory (the most over). */
static uint32_t tightest(const struct kvp_result *res)
{
	uint32_t i, t = 0;

	for (i = 1; i < res->n_devices; i++)
		if (res->devices[i].free_bytes < res->devices[t].free_bytes)
			t = i;
	return t;
}

/* Beside the generic engine's verdict, the named engines' range
 * (kvplan/engine_range.h), which says what an engine would make of it. */
static void engines_line(FILE *f, const struct kvp_plan *p)
{
	struct kvp_result *scratch = malloc(sizeof *scratch);
	struct kvp_engine_range g;

	if (!scratch)
		return;
	kvp_engine_range(p, scratch, &g);
	free(scratch);
	fprintf(f, "**Under the named engines:** %s\n\n", g.text);
}

/* Verdict, the three figures an ops desk asks first (the cache, the
 * tightest device, the requests), the bars and their picture. */
static void summary(FILE *f, const struct kvp_plan *p,
                    const struct kvp_result *res, const char *svg)
{
	const struct kvp_kv_result *kv = &res->kv;
	char a[80], b[80], c[48], vt[KVP_VERDICT_TEXT_MAX];
	uint32_t t;

	if (!res->n_devices)
		fprintf(f, "**No card chosen**: the KV cache alone is sized.\n\n");
	else   /* the one verdict line (kvplan/verdict.h), whole */
		fprintf(f, "**Verdict:** %s\n\n",
		        kvp_verdict_line(res, vt, sizeof vt));
	if (res->n_devices && res->verdict.generic)
		engines_line(f, p);
	fprintf(f, "| first figures | |\n| --- | --- |\n");
	fprintf(f, "| KV cache, whole deployment | %s |\n", B(kv->bytes, a, sizeof a));
	if (res->n_devices) {
		const struct kvp_device_result *d = &res->devices[t = tightest(res)];

		if (d->free_bytes >= 0)
			fprintf(f, "| least free memory (device %u, %s) | %s of %s |\n",
			        t, d->name, B((uint64_t)d->free_bytes, a, sizeof a),
			        kvp_fmt_gib(d->capacity_bytes, 2, b, sizeof b));
		else
			fprintf(f, "| most over (device %u, %s) | **%s** past %s |\n",
			        t, d->name,
			        B((uint64_t)-(d->free_bytes + 1) + 1, a, sizeof a),
			        kvp_fmt_gib(d->capacity_bytes, 2, b, sizeof b));
	}
	if (res->engine.mix_computed)
		fprintf(f, "| requests of your mix that fit at once | %s (you "
		        "have %s) |\n", I(res->engine.mix_fit, a, sizeof a),
		        I(kv->requests, c, sizeof c));
	else
		fprintf(f, "| requests held at once | %s active (%s resident "
		        "sequences), as the workload states |\n",
		        I(kv->requests, a, sizeof a), I(kv->sequences, b, sizeof b));
	fputs("\n", f);
	if (!res->n_devices)
		return;
	bars(f, res);
	if (!svg) {   /* no picture written: link none (issue 31) */
		fprintf(f, "(A picture of these bars: `kvplan calc ... --format "
		        "svg`, or `--format md --output NAME.md`, which writes it "
		        "beside the report as NAME.svg.)\n\n");
		return;
	}
	fprintf(f, "![Per-device budget, drawn to scale](%s)\n\n", svg);
	fprintf(f, "(The picture is `kvplan calc ... --format svg`, written "
	        "beside this report.)\n\n");
	(void)p;
}

static void warnings_section(FILE *f, const struct kvp_result *res,
                             const struct kvp_notes *notes)
{
	uint32_t i;

	fprintf(f, "## Warnings\n\n");
	if (!res->n_warnings && (!notes || !notes->n))
		fprintf(f, "None.\n");
	for (i = 0; i < res->n_warnings && i < KVP_MAX_WARNINGS; i++) {
		const struct kvp_warning *w = &res->warnings[i];

		fprintf(f, "- **%s %s**: %s. %s\n", kvp_warn_id(w->code),
		        kvp_warn_slug(w->code), w->msg, kvp_warn_advice(w->code));
	}
	for (i = 0; notes && i < notes->n && i < KVP_MAX_NOTES; i++)
		fprintf(f, "- note: %s\n", notes->line[i]);
	fputs("\n", f);
}

/* ---- validation plan --------------------------------------------------- */

/* Validation, the three cases: typical, long, the most at once. */
static void validation_cases(FILE *f, const struct kvp_result *res)
{
	char a[80], b[80], c[80];
	uint64_t longest = 0;
	uint32_t i, longest_i = 0;

	for (i = 0; i < res->n_classes; i++)
		if (res->classes[i].length > longest) {
			longest = res->classes[i].length;
			longest_i = i;
		}
	fprintf(f, "## Validation plan for the service\n\n");
	fprintf(f, "This sizing is arithmetic. Before the service is trusted, run "
	        "it in three cases and record what the device really holds.\n\n");

	fprintf(f, "### The three cases\n\n");
	fprintf(f, "1. **Typical input**: requests like the workload's first class");
	if (res->n_classes)
		fprintf(f, " (%s tokens each: prompt plus generation reserve, "
		        "%s resident sequences)", I(res->classes[0].length, a, sizeof a),
		        I(res->classes[0].sequences, b, sizeof b));
	fprintf(f, ".\n");
	fprintf(f, "2. **Expected long input**: the longest input the service "
	        "must accept");
	if (longest)
		fprintf(f, " (here class %u, %s tokens per sequence); a few requests, "
		        "so length alone is tested", longest_i,
		        I(longest, a, sizeof a));
	fprintf(f, ".\n");
	fprintf(f, "3. **Maximum concurrency allowed**: as many requests at once as "
	        "the service will admit (%s resident sequences in this plan",
	        I(res->kv.sequences, a, sizeof a));
	if (res->engine.max_requests)
		fprintf(f, "; the engine runs at most %s requests at once",
		        I(res->engine.max_requests, b, sizeof b));
	if (res->engine.workload_fit)
		fprintf(f, "; %s requests of this workload fit its pool",
		        I(res->engine.workload_fit, c, sizeof c));
	fprintf(f, "), each held to its full length.\n\n");
}

/* Validation: what stays fixed across the cases. */
static void validation_fixed(FILE *f, const struct kvp_plan *p,
                             const struct kvp_result *res)
{
	char a[80];

	fprintf(f, "### What stays fixed\n\n");
	fprintf(f, "Across the three cases, change one dimension at a time "
	        "(length or concurrency) and keep fixed:\n\n");
	fprintf(f, "- the model revision: `%s` at `%s`%s\n",
	        p->model.id[0] ? p->model.id : "(unnamed)",
	        p->model.revision[0] ? p->model.revision : "(not recorded)",
	        p->model.revision[0] ? "" : " - pin it before measuring");
	fprintf(f, "- the tokenizer and the chat template (token counts above are "
	        "after both; characters are never a size)\n");
	fprintf(f, "- the generation limit (max new tokens)");
	if (res->n_classes)
		fprintf(f, ": %s tokens reserved in class 0",
		        I(p->workload.classes[0].gen, a, sizeof a));
	fprintf(f, "\n- the stop rules (stop strings, EOS handling)\n");
	fprintf(f, "- the engine, its version and its options (`%s` above), the "
	        "cards and the placement\n\n", kvp_engine_name(p->engine.kind));
}

/* Validation: what to measure, per phase, against this plan's figures. */
static void validation_measure(FILE *f, const struct kvp_result *res)
{
	char a[80];

	fprintf(f, "### What to measure, per phase\n\n");
	fprintf(f, "Synchronise the device at each phase boundary (for example "
	        "`torch.cuda.synchronize()`) before reading memory, and record "
	        "allocated and reserved memory separately (for example "
	        "`torch.cuda.memory_allocated()` and `memory_reserved()`, or the "
	        "engine's own figures), each as the level at the start of the "
	        "phase and the peak during it.\n\n");
	fprintf(f, "| phase | this plan expects (device 0) | level at start, "
	        "allocated / reserved | peak, allocated / reserved |\n"
	        "| --- | --- | --- | --- |\n");
	if (res->n_devices) {
		const struct kvp_device_result *d = &res->devices[0];

		fprintf(f, "| loading | weights %s | | |\n",
		        B(d->weights_bytes, a, sizeof a));
		fprintf(f, "| prefill | + activations %s | | |\n",
		        B(d->activations_bytes, a, sizeof a));
		fprintf(f, "| generation | + KV cache %s at full length | | |\n\n",
		        B(d->kv_bytes, a, sizeof a));
	} else {
		fprintf(f, "| loading | weights %s | | |\n",
		        B(res->weights.bytes, a, sizeof a));
		fprintf(f, "| prefill | (no card chosen: no activation estimate) | | |\n");
		fprintf(f, "| generation | + KV cache %s at full length | | |\n\n",
		        B(res->kv.bytes, a, sizeof a));
	}
}

static void validation_section(FILE *f, const struct kvp_plan *p,
                               const struct kvp_result *res)
{
	validation_cases(f, res);
	validation_fixed(f, p, res);
	validation_measure(f, res);
	fprintf(f, "### Acceptance record (fill in)\n\n");
	fprintf(f, "| case | completed request IDs | errors | generation lengths "
	        "| quality criteria met | peak allocated | peak reserved |\n"
	        "| --- | --- | --- | --- | --- | --- | --- |\n"
	        "| typical input | | | | | | |\n"
	        "| expected long input | | | | | | |\n"
	        "| maximum concurrency allowed | | | | | | |\n\n");

	fprintf(f, "### Rules\n\n");
	fprintf(f, "- A short run does not validate maximum concurrency: every "
	        "sequence must reach its full length while all of them are "
	        "resident, or the cache never holds what this plan sizes.\n");
	fprintf(f, "- An out-of-memory error before completion is not a "
	        "measurement of the need: it shows only that the need exceeds "
	        "what was free at that moment. Record it as a failure and size "
	        "again; never read the level at the crash as the requirement.\n");
	fprintf(f, "- A case passes only with every request ID completed, no "
	        "errors, the generation lengths recorded and the quality "
	        "criteria met.\n");
}

enum kvp_status kvp_report_md(FILE *f, const struct kvp_plan *p,
                              const struct kvp_result *res,
                              const struct kvp_notes *notes,
                              struct kvp_error *err)
{
	return kvp_report_md_svg(f, p, res, notes, NULL, err);
}

/* Top-down: the answer (verdict, first figures, bars), then what could
 * change it (warnings), the arithmetic, the engine, every device group,
 * the validation plan, and every input last. */
enum kvp_status kvp_report_md_svg(FILE *f, const struct kvp_plan *p,
                                  const struct kvp_result *res,
                                  const struct kvp_notes *notes,
                                  const char *svg, struct kvp_error *err)
{
	fprintf(f, "# KV-cache sizing: %s\n\n", p->name[0] ? p->name :
	        (p->model.id[0] ? p->model.id : "unnamed plan"));
	summary(f, p, res, svg && *svg ? svg : NULL);
	fprintf(f, "Written by kvplan %s. Every figure is an exact byte count; "
	        "GiB = 1,073,741,824 B and GB = 1,000,000,000 B. Lengths are "
	        "tokens. Every input is in the appendix.\n\n", KVP_VERSION);
	warnings_section(f, res, notes);
	kv_section(f, p, res);
	engine_section(f, res);
	devices_section(f, res);
	validation_section(f, p, res);
	plan_section(f, p);
	if (fflush(f) != 0 || ferror(f))
		return kvp_error_set(err, KVP_EIO, "writing the report: %s",
		                     strerror(errno));
	return KVP_OK;
}
