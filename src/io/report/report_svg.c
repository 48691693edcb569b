/*
 * report_svg.c - the per-device budget bars as SVG (report_svg.h). Each
 * group of identical devices is one row: a label, then the segments of
 * kvp_bar_layout (weights, KV cache, activations and retained outputs,
 * overhead, headroom) as rectangles of cells[i] cells each, the free part
 * up to the capacity mark, and past the mark, when the plan does not fit,
 * the overflow cells outlined in red. Names are XML-escaped (a card name
 * comes from a file that may be anyone's).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "io/report/report_svg.h"
#include "kvplan/bar.h"
#include "kvplan/units.h"

#define ROW_PX   46
#define TOP_PX   40
#define LINE_PX  16   /* a row of wrapped text */
#define CHAR_PX  7    /* a character at 12 px, as the legend counts */
#define LEFT_PX  10
#define BAR_PX   18

static const struct {
	const char *name;
	const char *fill;
} seg[5] = {
	{ "weights", "#4e79a7" },
	{ "KV cache", "#f28e2b" },
	{ "activations", "#59a14f" },
	{ "overhead", "#b07aa1" },
	{ "your reserve", "#bab0ac" },
};

/* The first n bytes of s, escaped for XML. */
static void esc_n(FILE *f, const char *s, size_t n)
{
	for (; n && *s; s++, n--)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, f);
		}
}

static void esc(FILE *f, const char *s)
{
	esc_n(f, s, strlen(s));
}

static bool same(const struct kvp_device_result *a,
                 const struct kvp_device_result *b)
{
	return !strcmp(a->name, b->name) &&
	       a->capacity_bytes == b->capacity_bytes &&
	       a->weights_bytes == b->weights_bytes && a->kv_bytes == b->kv_bytes &&
	       a->activations_bytes == b->activations_bytes &&
	       a->retained_bytes == b->retained_bytes &&
	       a->overhead_bytes == b->overhead_bytes &&
	       a->headroom_bytes == b->headroom_bytes &&
	       a->free_bytes == b->free_bytes;
}

/* One device's bar at vertical offset y. */
static void bar_row(FILE *f, const struct kvp_device_result *d, unsigned y)
{
	uint64_t v[5];
	struct kvp_bar b;
	uint32_t s, x = 0, px;

	v[0] = d->weights_bytes;
	v[1] = d->kv_bytes;
	v[2] = d->activations_bytes + d->retained_bytes;
	v[3] = d->overhead_bytes;
	v[4] = d->headroom_bytes;
	kvp_bar_layout(v, 5, d->capacity_bytes, KVP_SVG_BAR_CELLS, &b);
	/* capacity: the frame up to the mark */
	fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
	        "fill=\"#ffffff\" stroke=\"#333333\"/>\n", LEFT_PX, y,
	        b.cap_cell * KVP_SVG_CELL_PX, BAR_PX);
	for (s = 0; s < b.n && s < 5; s++) {
		uint32_t cells = b.cells[s];

		while (cells) {
			/* the mark's column is skipped: cells past it are over */
			uint32_t run = cells;
			bool over = b.overflow_cells && x >= b.cap_cell;

			if (b.overflow_cells && x < b.cap_cell && x + run > b.cap_cell)
				run = b.cap_cell - x;
			px = LEFT_PX + (x + (over ? 1 : 0)) * KVP_SVG_CELL_PX;
			fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" "
			        "fill=\"%s\"%s><title>%s</title></rect>\n", px, y,
			        run * KVP_SVG_CELL_PX, BAR_PX, seg[s].fill,
			        over ? " stroke=\"#d62728\" stroke-width=\"2\"" : "",
			        seg[s].name);
			x += run;
			cells -= run;
		}
	}
	/* the capacity mark */
	px = LEFT_PX + b.cap_cell * KVP_SVG_CELL_PX;
	fprintf(f, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" "
	        "stroke=\"%s\" stroke-width=\"2\"/>\n", px, y - 3, px,
	        y + BAR_PX + 3, b.overflow_cells ? "#d62728" : "#333333");
}

/* The verdict line whole, wrapped at blanks for the picture's width
 * (CHAR_PX per character, as the legend counts): the rows it takes,
 * and those rows written from baseline y. */
static unsigned verdict_wrap(FILE *f, const char *text, unsigned width,
                             unsigned y)
{
	size_t cols = (width - 2 * LEFT_PX) / CHAR_PX, len = strlen(text);
	unsigned rows = 0;

	while (len) {
		size_t n = len <= cols ? len : cols;

		if (n < len) {   /* break at the last blank that fits */
			size_t b = n;

			while (b > 0 && text[b] != ' ')
				b--;
			if (b > 0)
				n = b;
		}
		if (f) {
			fprintf(f, "<text x=\"%u\" y=\"%u\">", LEFT_PX,
			        y + rows * LINE_PX);
			esc_n(f, text, n);
			fprintf(f, "</text>\n");
		}
		rows++;
		text += n;
		len -= n;
		while (*text == ' ') {
			text++;
			len--;
		}
	}
	return rows;
}

static unsigned verdict_lines(const char *text, unsigned width)
{
	return verdict_wrap(NULL, text, width, 0);
}

static void verdict_rows(FILE *f, const char *text, unsigned width, unsigned y)
{
	verdict_wrap(f, text, width, y);
}

enum kvp_status kvp_report_svg(FILE *f, const struct kvp_plan *p,
                               const struct kvp_result *res,
                               struct kvp_error *err)
{
	uint32_t i, j, rows = 0, n;
	unsigned width = LEFT_PX * 2 + (KVP_SVG_BAR_CELLS + 1) * KVP_SVG_CELL_PX;
	unsigned y;
	char a[48], fr[48], vt[KVP_VERDICT_TEXT_MAX];

	kvp_verdict_line(res, vt, sizeof vt);
	for (i = 0; i < res->n_devices; i++) {
		for (j = 0; j < i && !same(&res->devices[j], &res->devices[i]); j++)
			;
		rows += j == i;
	}
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
	        "height=\"%u\" font-family=\"sans-serif\" font-size=\"12\">\n",
	        width, TOP_PX + rows * ROW_PX + 30 +
	        verdict_lines(vt, width) * LINE_PX);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(f, "<text x=\"%u\" y=\"18\" font-size=\"14\" font-weight=\"bold\">",
	        LEFT_PX);
	esc(f, p->name[0] ? p->name : "plan");
	fprintf(f, ": %s (", kvp_verdict_name(res->verdict.state));
	esc(f, res->verdict.rules);
	fprintf(f, ")</text>\n");
	y = TOP_PX;
	for (i = 0; i < res->n_devices; i++) {
		const struct kvp_device_result *d = &res->devices[i];

		for (j = 0; j < i && !same(&res->devices[j], d); j++)
			;
		if (j < i)
			continue;
		for (n = 0, j = i; j < res->n_devices; j++)
			n += same(&res->devices[j], d);
		kvp_fmt_gib(d->capacity_bytes, 2, a, sizeof a);
		if (d->free_bytes >= 0)
			kvp_fmt_gib((uint64_t)d->free_bytes, 2, fr, sizeof fr);
		else
			kvp_fmt_gib((uint64_t)-(d->free_bytes + 1) + 1, 2, fr, sizeof fr);
		fprintf(f, "<text x=\"%u\" y=\"%u\">%u &#215; ", LEFT_PX, y, n);
		esc(f, d->name);
		fprintf(f, "%s %s capacity, %s %s</text>\n", n > 1 ? ", each:" : ":",
		        a, fr, d->free_bytes >= 0 ? "free" : "OVER");
		if (d->capacity_bytes)
			bar_row(f, d, y + 6);
		y += ROW_PX;
	}
	for (i = 0, j = LEFT_PX; i < 5; i++) {
		fprintf(f, "<rect x=\"%u\" y=\"%u\" width=\"10\" height=\"10\" "
		        "fill=\"%s\"/><text x=\"%u\" y=\"%u\">%s</text>\n", j, y - 8,
		        seg[i].fill, j + 14, y + 1, seg[i].name);
		j += 14 + (unsigned)strlen(seg[i].name) * 7 + 16;
	}
	verdict_rows(f, vt, width, y + 18);
	fprintf(f, "</svg>\n");
	if (fflush(f) != 0 || ferror(f))
		return kvp_error_set(err, KVP_EIO, "writing the picture: %s",
		                     strerror(errno));
	return KVP_OK;
}
