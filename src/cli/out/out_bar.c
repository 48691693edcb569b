/*
 * out_bar.c - text bars of each device's budget for the CLI (out_bar.h).
 * One segment table drives the bar, the glyphs and the legend; the
 * geometry is kvp_bar_layout's; every figure is a field of
 * struct kvp_device_result (formatting only, no arithmetic on sizes
 * beyond handing them to the layout).
 */
#include <stdio.h>
#include <string.h>

#include "cli/out/out_bar.h"
#include "kvplan/bar.h"
#include "kvplan/units.h"

struct seg {
	const char *name;
	char ascii;           /* ASCII glyph */
	const char *utf8;     /* UTF-8 glyph (shade block) */
	bool optional;        /* in legends only when the plan has it */
};

/* Order = drawing order = order of values[] below. */
static const struct seg segs[] = {
	{ "weights",     '|', "\xe2\x96\x88", false },  /* U+2588 full block */
	{ "KV cache",    '#', "\xe2\x96\x93", false },  /* U+2593 dark shade */
	{ "activations", '*', "\xe2\x96\x92", false },  /* U+2592 medium shade */
	{ "compute buf", '=', "\xe2\x96\x98", true },   /* U+2598 quadrant */
	{ "retained",    '+', "\xe2\x96\x91", true },   /* U+2591 light shade */
	{ "encoder",     '%', "\xe2\x96\x9e", true },   /* U+259E quadrants */
	{ "LoRA",        '~', "\xe2\x96\x96", true },   /* U+2596 quadrant */
	{ "draft",       '&', "\xe2\x96\x97", true },   /* U+2597 quadrant */
	{ "rotary tables", '^', "\xe2\x96\x9b", true }, /* U+259B quadrants */
	{ "overhead",    '@', "\xe2\x96\x9a", false },  /* U+259A quadrants */
	{ "your reserve", ':', "\xe2\x94\x84", false },  /* U+2504 dashes:
	                                                  --reserve, kept
	                                                  free on purpose */
};

#define N_SEGS (sizeof segs / sizeof segs[0])

/* Left eighth blocks U+258F (1/8) .. U+2589 (7/8), index = eighths. */
static const char *const eighth[8] = {
	"", "\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d", "\xe2\x96\x8c",
	"\xe2\x96\x8b", "\xe2\x96\x8a", "\xe2\x96\x89",
};

static void values_of(const struct kvp_device_result *d, uint64_t *v)
{
	v[0] = d->weights_bytes;
	v[1] = d->kv_bytes;
	v[2] = d->activations_bytes;
	v[3] = d->compute_bytes;
	v[4] = d->retained_bytes;
	v[5] = d->encoder_bytes;
	v[6] = d->lora_bytes;
	v[7] = d->draft_bytes;
	v[8] = d->rotary_bytes;
	v[9] = d->overhead_bytes;
	v[10] = d->headroom_bytes;
}

struct sink {
	char *buf;
	size_t n, at;
};

static void put(struct sink *s, const char *t)
{
	size_t len = strlen(t);

	if (s->at + len + 1 > s->n)
		return;
	memcpy(s->buf + s->at, t, len);
	s->at += len;
	s->buf[s->at] = '\0';
}

static void put_glyph(struct sink *s, size_t seg, bool utf8)
{
	char a[2] = { 0, 0 };

	if (utf8) {
		put(s, segs[seg].utf8);
	} else {
		a[0] = segs[seg].ascii;
		put(s, a);
	}
}

void kvp_out_bar_line(const struct kvp_device_result *d, unsigned width,
                      bool utf8, char *buf, size_t n)
{
	uint64_t v[N_SEGS];
	struct kvp_bar b;
	struct sink s = { buf, n, 0 };
	uint32_t c, k;
	size_t i;

	if (n == 0)
		return;
	buf[0] = '\0';
	if (width < N_SEGS + 2)
		width = N_SEGS + 2;
	values_of(d, v);
	kvp_bar_layout(v, N_SEGS, d->capacity_bytes, width, &b);
	put(&s, "[");
	if (utf8 && b.overflow_cells == 0) {
		/* eighth resolution: each cell shows the segment under its
		 * middle; a partly filled last cell shows an eighth block */
		uint32_t start[N_SEGS], end[N_SEGS], at = 0, used8;

		for (i = 0; i < N_SEGS; i++) {
			start[i] = at;
			at += b.eighths[i];
			end[i] = at;
		}
		used8 = at;
		for (c = 0; c < b.cap_cell; c++) {
			uint32_t mid = c * 8 + 4;
			size_t found = N_SEGS;

			for (i = 0; i < N_SEGS; i++)
				if (b.eighths[i] && start[i] <= mid && mid < end[i])
					found = i;
			if (found < N_SEGS)
				put_glyph(&s, found, true);
			else if (c * 8 < used8)
				put(&s, eighth[used8 - c * 8 < 8 ? used8 - c * 8 : 7]);
			else
				put(&s, " ");
		}
		put(&s, "]");
		return;
	}
	/* whole cells: the segments up to the capacity, the mark, the rest */
	c = 0;
	for (i = 0; i < N_SEGS; i++) {
		for (k = 0; k < b.cells[i]; k++) {
			if (b.overflow_cells && c == b.cap_cell)
				put(&s, "]");
			put_glyph(&s, i, utf8);
			c++;
		}
	}
	if (b.overflow_cells == 0) {
		for (; c < b.cap_cell; c++)
			put(&s, " ");
		put(&s, "]");
	} else if (c == b.cap_cell) {
		put(&s, "]");
	}
}

static void legend_line(FILE *out, char glyph, const char *utf8glyph,
                        bool utf8, const char *name, uint64_t bytes,
                        const char *note)
{
	char a[40], g[32], d[32];

	fprintf(out, "    %s %-12s %20s B %12s %12s%s\n",
	        utf8 ? utf8glyph : (char[2]){ glyph, 0 }, name,
	        kvp_fmt_int(bytes, a, sizeof a), kvp_fmt_gib(bytes, 2, g, sizeof g),
	        kvp_fmt_gb(bytes, 2, d, sizeof d), note);
}

void kvp_out_bar_device(FILE *out, unsigned index,
                        const struct kvp_device_result *d, unsigned width,
                        bool utf8)
{
	char line[4 * 256 + 16], a[40], g[32], gb[32];
	uint64_t v[N_SEGS], mag;
	size_t i;

	if (width > 256)
		width = 256;
	fprintf(out, "device %u: %s  tp rank %u, pp stage %u (layers %u-%u), "
	        "dp replica %u: %s\n", index, d->name[0] ? d->name : "card",
	        d->tp_rank, d->pp_stage, d->first_layer, d->last_layer,
	        d->dp_replica, d->fits ? "fits" : "DOES NOT FIT");
	kvp_out_bar_line(d, width, utf8, line, sizeof line);
	fprintf(out, "  %s\n", line);
	values_of(d, v);
	for (i = 0; i < N_SEGS; i++) {
		const char *note = "";
		char wsrc[48];

		if (i == 0) {
			snprintf(wsrc, sizeof wsrc, "  (%s)",
			         kvp_wsource_name(d->weights_source));
			note = wsrc;
		}
		if (i == 2)
			note = d->activations_estimated ? "  (estimate)"
			                                : "  (measured)";
		if (i == 3)
			note = "  (estimate: llama.cpp compute buffer)";
		if (segs[i].optional && v[i] == 0)
			continue;   /* no compute buffer, retained outputs, encoder, LoRA or draft */
		legend_line(out, segs[i].ascii, segs[i].utf8, utf8, segs[i].name,
		            v[i], note);
	}
	mag = d->free_bytes < 0 ? (uint64_t)0 - (uint64_t)d->free_bytes
	                        : (uint64_t)d->free_bytes;
	fprintf(out, "    %s %-12s %20s B %12s %12s\n", " ",
	        d->free_bytes < 0 ? "OVER BY" : "free (left)",
	        kvp_fmt_int(mag, a, sizeof a), kvp_fmt_gib(mag, 2, g, sizeof g),
	        kvp_fmt_gb(mag, 2, gb, sizeof gb));
	fprintf(out, "    %s %-12s %20s B %12s %12s\n", "]", "capacity",
	        kvp_fmt_int(d->capacity_bytes, a, sizeof a),
	        kvp_fmt_gib(d->capacity_bytes, 2, g, sizeof g),
	        kvp_fmt_gb(d->capacity_bytes, 2, gb, sizeof gb));
}

void kvp_out_bars(FILE *out, const struct kvp_result *res, unsigned width,
                  bool utf8)
{
	char vt[KVP_VERDICT_TEXT_MAX];
	uint32_t i;

	if (res->n_devices == 0) {
		fprintf(out, "devices: no card chosen - KV cache only\n");
		return;
	}
	for (i = 0; i < res->n_devices; i++)
		kvp_out_bar_device(out, i, &res->devices[i], width, utf8);
	/* the one verdict (kvplan/verdict.h), whole */
	fprintf(out, "%s\n", kvp_verdict_line(res, vt, sizeof vt));
}

void kvp_out_bars_compact(FILE *out, const struct kvp_result *res,
                          unsigned width, bool utf8)
{
	char line[4 * 256 + 16];
	uint32_t i;
	size_t k;

	if (res->n_devices == 0)
		return;
	if (width > 256)
		width = 256;
	for (i = 0; i < res->n_devices && i < KVP_MAX_DEVICES; i++) {
		kvp_out_bar_line(&res->devices[i], width, utf8, line, sizeof line);
		fprintf(out, "  device %-3u %s%s\n", i, line,
		        res->devices[i].fits ? "" : "  over");
	}
	fprintf(out, "  key:");
	for (k = 0; k < N_SEGS; k++) {
		/* encoder, LoRA, draft, rotary tables and compute buffers
		 * only when the plan has them */
		if ((k == 5 && res->parts.encoder_bytes == 0) ||
		    (k == 6 && res->parts.lora_bytes == 0) ||
		    (k == 7 && res->draft.device_bytes == 0) ||
		    (k == 8 && res->devices[0].rotary_bytes == 0) ||
		    (k == 3 && res->devices[0].compute_bytes == 0 &&
		     res->host.compute_bytes == 0))
			continue;
		fprintf(out, " %s %s", utf8 ? segs[k].utf8
		                            : (char[2]){ segs[k].ascii, 0 },
		        segs[k].name);
	}
	fprintf(out, "  ] capacity\n");
}
