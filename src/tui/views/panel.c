/*
 * panel.c - draws the live panel from a struct kvp_result (see panel.h).
 * Figures are formatted with include/kvplan/units.h; nothing is summed or
 * scaled here. Layout is top to bottom and stops when rows run out.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/bar.h"
#include "kvplan/format.h"
#include "kvplan/margin.h"
#include "kvplan/model.h"
#include "kvplan/speed.h"
#include "kvplan/units.h"
#include "tui/views/bar_draw.h"
#include "tui/views/layer_strip.h"
#include "tui/views/panel.h"
#include "tui/text.h"

#define NUM 40   /* buffer for one formatted figure */

/* "2 B", "34/32 B" or "4-bit+scale" for one value of a format. */
static void value_bytes(const struct kvp_format *f, char *buf, size_t n)
{
	uint32_t vals = kvp_format_block_values(f);
	uint64_t bytes = kvp_format_block_bytes(f);

	if (f->dtype == KVP_DT_GROUPQ)
		snprintf(buf, n, "%s/%u",
		         kvp_dtype_name(f->dtype), (unsigned)f->bits);
	else if (vals == 1)
		snprintf(buf, n, "%llu B", (unsigned long long)bytes);
	else
		snprintf(buf, n, "%llu/%u B", (unsigned long long)bytes,
		         (unsigned)vals);
}

void tui_formula(const struct kvp_kv_result *kv, bool utf8, char *buf, size_t n)
{
	const char *x = tui_times(utf8);
	char kb[24], vb[24], rk[24];

	if (!kv->uniform) {
		snprintf(buf, n, "sum over %u layers with KV (mixed)",
		         (unsigned)kv->layers_with_kv);
		return;
	}
	value_bytes(&kv->k_fmt, kb, sizeof kb);
	value_bytes(&kv->v_fmt, vb, sizeof vb);
	/* under TP the letters are one rank's: "x 8 ranks" makes the product */
	rk[0] = '\0';
	if (kv->ranks > 1)
		snprintf(rk, sizeof rk, " %s %u ranks", x, (unsigned)kv->ranks);
	if (kv->k_dim == kv->v_dim && kvp_format_equal(&kv->k_fmt, &kv->v_fmt))
		snprintf(buf, n, "2 %s %u L %s %u Hkv %s %u D %s %s%s", x,
		         (unsigned)kv->layers_with_kv, x, (unsigned)kv->kv_heads,
		         x, (unsigned)kv->k_dim, x, kb, rk);
	else
		snprintf(buf, n, "%u L %s %u Hkv %s (%u %s %s + %u %s %s)%s",
		         (unsigned)kv->layers_with_kv, x, (unsigned)kv->kv_heads,
		         x, (unsigned)kv->k_dim, x, kb, (unsigned)kv->v_dim, x, vb, rk);
}

/* The legend's figure columns: bytes, GiB and GB as numbers under one
 * header (units in the header only), each as wide as its widest entry,
 * two blanks apart. A narrow panel drops GB, then GiB, never a digit. */
struct legend_cols {
	int bw, gw, dw;           /* column widths; 0 = column left out */
};

/* The number of a "131.42 GiB" / "141.11 GB" figure, without its unit
 * (the column header carries it). */
static void strip_unit(char *s)
{
	char *sp = strrchr(s, ' ');

	if (sp)
		*sp = '\0';
}

/* Thousands separators in the whole part of a formatted figure
 * ("624943.96 GiB" -> "624,943.96 GiB"), in place (n = buffer size). */
static void group_digits(char *s, size_t n)
{
	char out[NUM * 2];
	size_t digits = strspn(s, "0123456789"), i, o = 0;

	for (i = 0; s[i] && o + 2 < sizeof out; i++) {
		if (i > 0 && i < digits && (digits - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = s[i];
	}
	out[o] = '\0';
	if (o < n)
		memcpy(s, out, o + 1);
}

/* GiB with separators, the unit kept: "624,943.96 GiB". */
static char *fmt_gib(uint64_t bytes, char *buf, size_t n)
{
	kvp_fmt_gib(bytes, 2, buf, n);
	group_digits(buf, n);
	return buf;
}

/* GB with separators, the unit kept: "6,710,885.73 GB". */
static char *fmt_gb(uint64_t bytes, char *buf, size_t n)
{
	kvp_fmt_gb(bytes, 2, buf, n);
	group_digits(buf, n);
	return buf;
}

static void fig_strings(uint64_t bytes, char *b, char *g, char *d)
{
	kvp_fmt_int(bytes, b, NUM);
	fmt_gib(bytes, g, NUM);
	strip_unit(g);
	kvp_fmt_gb(bytes, 2, d, NUM);
	group_digits(d, NUM);
	strip_unit(d);
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static void legend_cols(const uint64_t *vals, size_t n, int avail,
                        struct legend_cols *c)
{
	char b[NUM], g[NUM], d[NUM];
	size_t i;

	c->bw = 5;                 /* "bytes" */
	c->gw = 3;                 /* "GiB" */
	c->dw = 2;                 /* "GB" */
	for (i = 0; i < n; i++) {
		fig_strings(vals[i], b, g, d);
		c->bw = max_int(c->bw, (int)strlen(b));
		c->gw = max_int(c->gw, (int)strlen(g));
		c->dw = max_int(c->dw, (int)strlen(d));
	}
	if (c->bw + 2 + c->gw + 2 + c->dw > avail)
		c->dw = 0;
	if (c->dw == 0 && c->bw + 2 + c->gw > avail)
		c->gw = 0;
}

/* One row of the columns (or the header when hdr), right-aligned in
 * wdt columns at x. */
static void put_figures(WINDOW *w, int y, int x, int wdt, attr_t attr,
                        uint64_t bytes, const struct legend_cols *c, bool hdr)
{
	char b[NUM] = "bytes", g[NUM] = "GiB", d[NUM] = "GB", line[128];
	int len;

	if (!hdr)
		fig_strings(bytes, b, g, d);
	len = snprintf(line, sizeof line, "%*s", c->bw, b);
	if (c->gw && len > 0 && (size_t)len < sizeof line)
		len += snprintf(line + len, sizeof line - (size_t)len, "  %*s", c->gw, g);
	if (c->dw && len > 0 && (size_t)len < sizeof line)
		snprintf(line + len, sizeof line - (size_t)len, "  %*s", c->dw, d);
	tui_put_right(w, y, x, wdt, attr, "%s", line);
}

static int draw_kv(WINDOW *w, const struct tui_rect *r, int y,
                   const struct tui_panel_state *s, const struct tui_theme *t)
{
	const struct kvp_result *res = s->res;
	const struct kvp_kv_result *kv = &res->kv;
	char f[160], a[NUM], b[NUM], c[NUM];
	int x = r->x + 1, wd = r->w - 2, end = r->y + r->h;

	if (y < end) {
		tui_formula(kv, t->utf8, f, sizeof f);
		tui_put(w, y++, x, wd, t->attr[TUI_R_NORMAL], "%s", f);
	}
	if (y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_FIGURE], "  = %s B per position",
		        kvp_fmt_int(kv->bytes_per_position, a, sizeof a));
	if (y < end) {
		tui_put(w, y, x, wd, t->attr[TUI_R_LABEL], "per sequence");
		tui_put_right(w, y++, x, wd, t->attr[TUI_R_NORMAL], "%s B",
		              kvp_fmt_int(kv->bytes_per_sequence, a, sizeof a));
	}
	if (y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_LABEL],
		        "sequences %s (%s active, %s queued)",
		        kvp_fmt_int(kv->sequences, a, sizeof a),
		        kvp_fmt_int(kv->requests, b, sizeof b),
		        kvp_fmt_int(kv->queued, c, sizeof c));
	if (y < end) {
		tui_put(w, y, x, wd, t->attr[TUI_R_HEADING], "total");
		tui_put_right(w, y++, x, wd, t->attr[TUI_R_FIGURE], "%s B",
		              kvp_fmt_int(kv->bytes, a, sizeof a));
	}
	if (y < end)
		tui_put_right(w, y++, x, wd, t->attr[TUI_R_FIGURE], "%s  %s",
		              fmt_gib(kv->bytes, a, sizeof a),
		              fmt_gb(kv->bytes, b, sizeof b));
	if (y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM],
		        "stored %s pos, allocated %s slots",
		        kvp_fmt_int(kv->positions_stored, a, sizeof a),
		        kvp_fmt_int(kv->slots_allocated, b, sizeof b));
	if (y < end && kv->shortfall_bytes)
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM], "short by %s B (%s)",
		        kvp_fmt_int(kv->shortfall_bytes, a, sizeof a),
		        fmt_gib(kv->shortfall_bytes, b, sizeof b));
	else if (y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM], "waste %s B (%s)%s%s",
		        kvp_fmt_int(kv->waste_bytes, a, sizeof a),
		        fmt_gib(kv->waste_bytes, b, sizeof b),
		        kv->host_bytes ? ", host " : "",
		        kv->host_bytes ? fmt_gib(kv->host_bytes, c, sizeof c) : "");
	return y;
}

/* One device's bar row: "d0 [....] free 68.97 GiB". */
static void draw_device_bar(WINDOW *w, int y, int x, int wd, uint32_t i,
                            const struct kvp_device_result *d,
                            const struct tui_theme *t, bool bar_only)
{
	uint64_t v[TUI_SEG_COUNT];
	struct kvp_bar bar;
	char g[NUM], tl[NUM + 8];
	int label = 4, tail, bw;
	uint64_t mag;
	enum kvp_margin margin;

	/* the free/over figure whole, with its unit and separators at any
	 * size; the bar takes what is left */
	mag = d->free_bytes < 0 ? (uint64_t)0 - (uint64_t)d->free_bytes
	                        : (uint64_t)d->free_bytes;
	snprintf(tl, sizeof tl, "%s %s", d->free_bytes < 0 ? "over" : "free",
	         fmt_gib(mag, g, sizeof g));
	tail = (int)strlen(tl) + 2;
	if (tail < 16)
		tail = 16;
	bw = wd - label - tail - 2;
	if (bw < 8 || d->capacity_bytes == 0) {
		tui_put(w, y, x, wd, t->attr[TUI_R_DIM], "d%u (no capacity)", (unsigned)i);
		return;
	}
	tui_seg_values(d, v);
	kvp_bar_layout_scaled(v, TUI_SEG_COUNT, d->capacity_bytes, (uint32_t)bw, &bar);
	tui_bar_draw(w, y, x + label, &bar, (uint32_t)bw, t);
	if (bar_only)
		return;
	tui_put(w, y, x, label, t->attr[TUI_R_LABEL], "d%u", (unsigned)i);
	margin = kvp_device_margin(d);   /* the core's over/tight/roomy */
	tui_put_right(w, y, x + wd - tail, tail,
	              t->attr[margin == KVP_MARGIN_OVER ? TUI_R_BAD
	                      : margin == KVP_MARGIN_TIGHT ? TUI_R_WARN
	                      : TUI_R_NORMAL], "%s", tl);
}

/* The first device that does not fit, else device 0: its legend is shown. */
static uint32_t legend_device(const struct kvp_result *res)
{
	uint32_t i;

	for (i = 0; i < res->n_devices; i++)
		if (!res->devices[i].fits)
			return i;
	return 0;
}

/* In place of the verdict while a typed value is not applied. */
#define PENDING "PENDING: Enter applies, Esc drops"

/* The verdict's colour (kvplan/verdict.h). */
static attr_t verdict_attr(const struct kvp_result *res,
                           const struct tui_theme *t)
{
	static const enum tui_role role[KVP_VERDICT_COUNT] = {
		TUI_R_OK, TUI_R_WARN, TUI_R_BAD,
	};

	return t->attr[(unsigned)res->verdict.state < KVP_VERDICT_COUNT ?
	               role[res->verdict.state] : TUI_R_BAD];
}

/* The verdict of res in brief, right of the heading (`used` columns of
 * the row taken), or on the next row when it does not fit there; or
 * INVALID when the shown result is not the plan's (FITS is never drawn
 * over a stale result). Returns the rows used past y. */
static int verdict(WINDOW *w, int y, int x, int wd, int used,
                   const struct kvp_result *res, bool invalid, bool pending,
                   const struct tui_theme *t)
{
	if (invalid) {
		tui_put_right(w, y, x, wd, t->attr[TUI_R_BAD], "INVALID");
		return 0;
	}
	if (pending) {   /* the verdict shown would be the old value's */
		tui_put_right(w, y, x, wd, t->attr[TUI_R_WARN], "%s", PENDING);
		return 0;
	}
	if (used + 1 + (int)strlen(res->verdict.brief) <= wd) {
		tui_put_right(w, y, x, wd, verdict_attr(res, t), "%s",
		              res->verdict.brief);
		return 0;
	}
	tui_put(w, y + 1, x, wd, verdict_attr(res, t), "%s", res->verdict.brief);
	return 1;
}

/* A signed byte figure in GiB, two decimals, no unit ("-1.20"). */
static char *gib_number(int64_t v, char *buf, size_t n)
{
	char g[32], *sp;

	kvp_fmt_gib(v < 0 ? (uint64_t)-(v + 1) + 1 : (uint64_t)v, 2, g, sizeof g);
	if ((sp = strchr(g, ' ')))
		*sp = '\0';
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "", g);
	return buf;
}

/* Under the generic verdict: what the named engines make of the plan
 * (kvplan/engine_range.h), their least-free range and verdicts. */
static int range_line(WINDOW *w, int y, int x, int wd,
                      const struct kvp_engine_range *g,
                      const struct tui_theme *t)
{
	char lo[40], hi[40], wait[24], no[24];

	if (g->n == 0 || !g->devices)
		return 0;
	snprintf(wait, sizeof wait, g->states[KVP_VERDICT_WAIT] ? " %u wait" : "",
	         g->states[KVP_VERDICT_WAIT]);
	snprintf(no, sizeof no, g->states[KVP_VERDICT_NO_FIT] ? " %u no" : "",
	         g->states[KVP_VERDICT_NO_FIT]);
	tui_put(w, y, x, wd, t->attr[TUI_R_DIM], "engines: %s-%s GiB free; %u "
	        "fit%s%s", gib_number(g->free_lo, lo, sizeof lo),
	        gib_number(g->free_hi, hi, sizeof hi),
	        g->states[KVP_VERDICT_FITS], wait, no);
	return 1;
}

/* Under the bars: the speed envelope (res->speed), host memory, a budget
 * of its own (res->host), and llama-server's default --fit pick
 * (kvp_fit_text), each while a row is left above `lim`. */
static int device_notes(WINDOW *w, int y, int x, int wd, int lim,
                        const struct kvp_result *res, const struct tui_theme *t,
                        const char *fit)
{
	if (res->speed.known && y < lim) {
		char sp[KVP_LINE_MAX];

		kvp_speed_short_text(res, true, sp, sizeof sp);
		if ((int)strlen(sp) > wd)
			kvp_speed_short_text(res, false, sp, sizeof sp);
		tui_put_cut(w, y++, x, wd, t->attr[TUI_R_DIM], sp);
	}
	if ((res->host.used_bytes || res->host.budgeted) && y < lim) {
		char hu[24], hc[24];

		kvp_fmt_gib(res->host.used_bytes, 2, hu, sizeof hu);
		kvp_fmt_gib(res->host.capacity_bytes, 2, hc, sizeof hc);
		if (res->host.budgeted)
			tui_put(w, y++, x, wd, t->attr[res->host.fits ? TUI_R_NORMAL
			        : TUI_R_BAD], "host %s of %s %s", hu, hc,
			        res->host.fits ? "fits" : "DOES NOT FIT");
		else
			tui_put(w, y++, x, wd, t->attr[TUI_R_DIM],
			        "host %s (no host budget)", hu);
	}
	if (fit && fit[0] && y < lim)
		tui_put_cut(w, y++, x, wd, t->attr[TUI_R_DIM], fit);
	return y;
}

/* One legend row: part k's glyph, name and figures. "~": the figure is
 * (or holds) an estimate: the encoder's compute buffer is in device 0's
 * encoder part (clip_buf.c). */
static void legend_row(WINDOW *w, int y, int x, int wd, int k,
                       const uint64_t *v, const struct legend_cols *cols,
                       const struct kvp_result *res, uint32_t li,
                       const struct tui_theme *t)
{
	const struct tui_seg_info *segs = tui_segs(NULL);
	const struct kvp_device_result *d = &res->devices[li];

	if (t->color) {
		wattrset(w, t->attr[segs[k].role]);
		if (t->utf8)
			mvwaddwstr(w, y, x, L"\u2588");
		else
			mvwaddch(w, y, x, (chtype)segs[k].glyph);
	} else {
		wattrset(w, t->attr[TUI_R_NORMAL]);
		mvwaddch(w, y, x, (chtype)segs[k].glyph);
	}
	tui_put(w, y, x + 2, 7, t->attr[TUI_R_LABEL], "%s%s", segs[k].name,
	        (k == TUI_SEG_ACT && d->activations_estimated) ||
	        k == TUI_SEG_COMPUTE ||
	        (k == TUI_SEG_ENCODER && li == 0 &&
	         res->parts.encoder_compute_bytes) ? "~" : "");
	put_figures(w, y, x + 9, wd - 9, t->attr[TUI_R_NORMAL], v[k], cols, false);
}

/* The legend of one device's parts (legend_device), its capacity, the
 * weights' source and the bar's glyph key, while rows are left. */
static int device_legend(WINDOW *w, int y, int x, int wd, int end,
                         const struct kvp_result *res, const struct tui_theme *t)
{
	uint64_t v[TUI_SEG_COUNT + 1];   /* the segments, then the capacity */
	struct legend_cols cols;
	uint32_t li = legend_device(res);
	const struct kvp_device_result *d = &res->devices[li];
	int k;

	tui_seg_values(d, v);
	v[TUI_SEG_COUNT] = d->capacity_bytes;
	legend_cols(v, TUI_SEG_COUNT + 1, wd - 9, &cols);
	if (y < end) {
		/* the name, up to a blank before the word "bytes" (right-aligned
		 * in the bytes column, which starts hw columns from the right) */
		int hw = cols.bw + (cols.gw ? 2 + cols.gw : 0) + (cols.dw ? 2 + cols.dw : 0);

		put_figures(w, y, x + 9, wd - 9, t->attr[TUI_R_DIM], 0, &cols, true);
		tui_put(w, y++, x, wd - hw + cols.bw - 5 - 1, t->attr[TUI_R_DIM], "d%u %s",
		        (unsigned)li, d->name);
	}
	for (k = 0; k < TUI_SEG_COUNT && y < end; k++) {
		if ((k == TUI_SEG_RETAINED || k == TUI_SEG_ENCODER ||
		     k == TUI_SEG_LORA || k == TUI_SEG_DRAFT ||
		     k == TUI_SEG_COMPUTE || k == TUI_SEG_ROTARY) && v[k] == 0)
			continue;   /* no retained outputs, encoder, LoRA, draft,
			             * compute buffer or rotary tables: no row */
		legend_row(w, y++, x, wd, k, v, &cols, res, li, t);
	}
	if (y < end) {
		tui_put(w, y, x + 2, 7, t->attr[TUI_R_LABEL], "cap.");
		put_figures(w, y++, x + 9, wd - 9, t->attr[TUI_R_NORMAL],
		            d->capacity_bytes, &cols, false);
	}
	if (y < end)   /* where the weight bytes come from (model.tensors) */
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM], "weights %s",
		        kvp_wsource_name(d->weights_source));
	if (y < end)   /* the bar's glyph key (the parts: the rows above) */
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM], "%s",
		        t->utf8 && t->color
		        ? "key: \u258c partial cell \u258f under a cell ] cap."
		        : "key: . under one cell  ] capacity  ! over");
	return y;
}

static int draw_devices(WINDOW *w, const struct tui_rect *r, int y,
                        const struct tui_panel_state *s,
                        const struct kvp_result *res, const struct tui_theme *t,
                        int reserve, bool invalid, const char *fit)
{
	int x = r->x + 1, wd = r->w - 2, end = r->y + r->h;
	uint32_t i;
	int k, tall;

	if (y >= end)
		return y;
	if (res->n_devices == 0) {
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM],
		        "no card chosen: KV only (F8 Devices)");
		return y;
	}
	k = tui_put(w, y, x, wd, t->attr[TUI_R_HEADING], "Devices: %u",
	            (unsigned)res->n_devices);
	y += 1 + verdict(w, y, x, wd, k, res, invalid, s->pending, t);
	/* a tall panel draws taller bars (htop's meters): each card's bar
	 * on `tall` rows, the figures on the first */
	tall = r->h >= TUI_TALL_ROWS - 3 && res->n_devices <= 4 ? 3 : 1;
	for (i = 0; i < res->n_devices && y + tall - 1 < end - reserve; i++) {
		for (k = 0; k < tall; k++)
			draw_device_bar(w, y + k, x, wd, i, &res->devices[i], t, k > 0);
		y += tall;
	}
	y = device_notes(w, y, x, wd, end - reserve, res, t, fit);
	if (i < res->n_devices && y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_DIM], "... %u more device%s",
		        (unsigned)(res->n_devices - i), res->n_devices - i == 1 ? "" : "s");
	y = device_legend(w, y, x, wd, end, res, t);
	/* beside the generic verdict (which says "no engine reserve"), the
	 * named engines' range, where a row is left (not at 80x24) */
	if (s->range && !invalid && y < end)
		y += range_line(w, y, x, wd, s->range, t);
	return y;
}

/* Warnings with their codes; a message wraps onto further lines while
 * every later warning still keeps at least its first line. */
/* After a warning the rows cannot hold: the help shows it whole. */
#define MORE " ...(F1)"

static void draw_warnings(WINDOW *w, const struct tui_rect *r, int y,
                          const struct kvp_result *res, const struct tui_theme *t)
{
	int x = r->x + 1, wd = r->w - 2, end = r->y + r->h, tw = wd - 8;
	uint32_t i;

	for (i = 0; i < res->n_warnings && y < end; i++) {
		const char *m = res->warnings[i].msg;
		int left = (int)(res->n_warnings - i - 1);   /* warnings after this */
		size_t len = strlen(m);

		if (y == end - 1 && left > 0) {
			tui_put(w, y, x, wd, t->attr[TUI_R_WARN], "+%u more warnings",
			        (unsigned)(res->n_warnings - i));
			break;
		}
		tui_put(w, y, x, 8, t->attr[TUI_R_WARN], "%s",
		        kvp_warn_id(res->warnings[i].code));
		for (;;) {
			/* the warning's last row: when the rest does not fit,
			 * it ends with a pointer to the whole text (F1) */
			bool last = y + 1 >= end - left && (int)len > tw;
			int room = last ? tw - (int)strlen(MORE) : tw, n = room;

			if ((int)len > room) {     /* break at the last blank */
				while (n > 0 && m[n] != ' ')
					n--;
				if (n == 0)
					n = room;
			} else {
				n = (int)len;
			}
			tui_put(w, y++, x + 8, tw, t->attr[TUI_R_NORMAL], "%.*s%s", n,
			        m, last ? MORE : "");
			if (last)
				break;
			m += n;
			len -= (size_t)n;
			while (*m == ' ') {
				m++;
				len--;
			}
			if (!*m || y >= end - left)
				break;
		}
	}
}

static void heading(WINDOW *w, const struct tui_rect *r, int y,
                    const struct tui_panel_state *s, const struct tui_theme *t)
{
	tui_put(w, y, r->x + 1, r->w - 2, t->attr[TUI_R_HEADING], "KV cache%s%s",
	        s->engine ? " - " : "", s->engine ? s->engine : "");
	if (s->invalid)
		tui_put_right(w, y, r->x + 1, r->w - 2, t->attr[TUI_R_BAD], " INVALID ");
	else if (s->stale)
		tui_put_right(w, y, r->x + 1, r->w - 2, t->attr[TUI_R_STALE],
		              " stale: last valid result ");
}

/* Every role dimmed: the last valid figures under an INVALID entry. */
static void dim_theme(const struct tui_theme *t, struct tui_theme *d)
{
	int i;

	*d = *t;
	for (i = 0; i < TUI_R_COUNT; i++)
		d->attr[i] = t->attr[i] | A_DIM;
	d->blend = false;
}

/* The refused entry's whole message, wrapped (at most half the panel),
 * and the label of the dimmed figures below it. Returns the next row. */
static int draw_invalid(WINDOW *w, const struct tui_rect *r, int y,
                        const struct tui_panel_state *s,
                        const struct tui_theme *t, struct tui_theme *dim)
{
	int x = r->x + 1, wd = r->w - 2, end = r->y + r->h, rows;

	dim_theme(t, dim);
	rows = (end - y) / 2;
	if (rows < 1)
		rows = 1;
	y += tui_put_wrap(w, y, x, wd, rows, t->attr[TUI_R_ERROR], s->invalid);
	if (s->res && y < end)
		tui_put(w, y++, x, wd, t->attr[TUI_R_STALE],
		        "last valid figures, not this entry:");
	return y;
}

void tui_panel_draw(WINDOW *w, const struct tui_rect *r,
                    const struct tui_panel_state *s, const struct tui_theme *t)
{
	struct tui_theme dim;
	int y = r->y, i;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, t->attr[TUI_R_NORMAL]);
	for (i = 0; i < r->h; i++) {
		wattrset(w, t->attr[TUI_R_DIM]);
		if (t->utf8)
			mvwaddwstr(w, r->y + i, r->x, L"\u2502");
		else
			mvwaddch(w, r->y + i, r->x, '|');
	}
	heading(w, r, y++, s, t);
	if (s->invalid) {
		y = draw_invalid(w, r, y, s, t, &dim);
		t = &dim;
	}
	if (!s->res) {
		tui_put(w, y, r->x + 1, r->w - 2, t->attr[TUI_R_ERROR],
		        "no valid result yet: see the message below");
		return;
	}
	if (s->invalid) {   /* the message took rows: bars first, then KV */
		y = draw_devices(w, r, y, s, s->res, t, 7, true, NULL);
		draw_kv(w, r, y, s, t);
		return;
	}
	y = draw_kv(w, r, y, s, t);
	y = draw_devices(w, r, y, s, s->res, t, 8, false, s->fit);
	/* a tall panel: the per-layer strip, leaving rows for warnings */
	if (r->h >= TUI_TALL_ROWS - 3 && r->y + r->h - y >= TUI_STRIP_ROWS + 4) {
		tui_layer_strip_draw(w, y + 1, r->x + 1, r->w - 2, s->res, t);
		y += TUI_STRIP_ROWS + 1;
	}
	draw_warnings(w, r, y, s->res, t);
}

void tui_panel_draw_compact(WINDOW *w, const struct tui_rect *r,
                            const struct tui_panel_state *s,
                            const struct tui_theme *t)
{
	const struct kvp_result *res = s->res;
	struct tui_theme dim;
	char f[160], a[NUM], b[NUM], c[NUM], d[NUM], e[NUM];
	int x = r->x + 1, wd = r->w - 2, y = r->y, end = r->y + r->h, i;
	uint32_t k;

	for (i = 0; i < r->h; i++)
		tui_blank(w, r->y + i, r->x, r->w, t->attr[TUI_R_NORMAL]);
	for (i = 0; i < r->w; i++) {
		wattrset(w, t->attr[TUI_R_DIM]);
		if (t->utf8)
			mvwaddwstr(w, y, r->x + i, L"\u2500");
		else
			mvwaddch(w, y, r->x + i, '-');
	}
	heading(w, r, y++, s, t);
	if (s->invalid) {
		/* the message over the figures' rows, the bars dimmed below */
		y += tui_put_wrap(w, y, x, wd, 2, t->attr[TUI_R_ERROR], s->invalid);
		dim_theme(t, &dim);
		t = &dim;
	}
	if (!res) {
		tui_put(w, y, x, wd, t->attr[TUI_R_ERROR],
		        "no valid result yet: see the message below");
		return;
	}
	if (s->invalid)
		goto bars;
	tui_put(w, y++, x, wd, t->attr[TUI_R_FIGURE],
	        "KV total %s B = %s = %s  (%s B per position)",
	        kvp_fmt_int(res->kv.bytes, a, sizeof a),
	        fmt_gib(res->kv.bytes, b, sizeof b),
	        fmt_gb(res->kv.bytes, c, sizeof c),
	        kvp_fmt_int(res->kv.bytes_per_position, d, sizeof d));
	tui_formula(&res->kv, t->utf8, f, sizeof f);
	tui_put(w, y++, x, wd, t->attr[TUI_R_NORMAL],
	        "%s; %s seqs; stored %s of %s slots", f,
	        kvp_fmt_int(res->kv.sequences, a, sizeof a),
	        kvp_fmt_int(res->kv.positions_stored, b, sizeof b),
	        kvp_fmt_int(res->kv.slots_allocated, e, sizeof e));
bars:
	for (k = 0; k < res->n_devices && y < end - 1 - (r->h > TUI_COMPACT_PANEL_ROWS
	                                             ? TUI_STRIP_ROWS : 0); k++)
		draw_device_bar(w, y++, x, wd, k, &res->devices[k], t, false);
	if (y < end) {
		int sw = 0;

		if (res->n_devices)   /* the verdict, and how many bars are hidden */
			sw = tui_put(w, y, x, wd, s->invalid ? t->attr[TUI_R_BAD]
			             : s->pending ? t->attr[TUI_R_WARN]
			                          : verdict_attr(res, t),
			             k < res->n_devices ? "%s (+%u device%s) " : "%s ",
			             s->invalid ? "INVALID: last valid bars dimmed"
			             : s->pending ? PENDING : res->verdict.brief,
			             (unsigned)(res->n_devices - k),
			             res->n_devices - k == 1 ? "" : "s") + 1;
		if (res->n_devices && !res->n_warnings && res->speed.known) {
			char sp[KVP_LINE_MAX];

			kvp_speed_short_text(res, false, sp, sizeof sp);
			tui_put_cut(w, y, x + sw, wd - sw, t->attr[TUI_R_DIM], sp);
		}
		if (res->n_warnings) {
			char m[KVP_MSG_MAX + 64];

			/* one row: cut for display, each whole in the help (F1) */
			snprintf(m, sizeof m, "warnings %u (F1): %s %s",
			         (unsigned)res->n_warnings,
			         kvp_warn_id(res->warnings[0].code), res->warnings[0].msg);
			tui_put_cut(w, y, x + sw, wd - sw, t->attr[TUI_R_WARN], m);
		}
	}
	if (r->h > TUI_COMPACT_PANEL_ROWS && y + 1 + TUI_STRIP_ROWS <= end)
		tui_layer_strip_draw(w, y + 1, x, wd, res, t);
}
