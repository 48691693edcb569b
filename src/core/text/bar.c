/*
 * bar.c - geometry of a stacked budget bar (include/kvplan/bar.h).
 *
 * Pure arithmetic, no curses: byte values and a capacity in, cell widths
 * out. The drawing routines (src/cli/out/out_bar.c, the TUI) only paint what
 * this computes.
 *
 * Geometry, in cells of the bar (columns):
 *   - Fits (sum <= capacity): the capacity spans all `width` cells;
 *     cap_cell = width, the segments take used_cells <= width cells,
 *     overflow_cells = 0, total_cells = width. The capacity mark is the
 *     bar's right end (the caller draws it after the bar, e.g. "]").
 *   - Over (sum > capacity): one cell at column cap_cell is the capacity
 *     mark; columns [0, cap_cell) hold the bytes up to the capacity and
 *     columns (cap_cell, cap_cell + overflow_cells] the bytes past it.
 *     used_cells = cap_cell, total_cells = cap_cell + 1 + overflow_cells
 *     <= width. The overflow takes at most width / 3 cells: past that
 *     it is compressed (its scale differs from the capacity side), and
 *     the legend carries the exact bytes.
 *   In both cases sum(cells[]) = used_cells + overflow_cells, segments
 *   are drawn in order, and the mark sits after used_cells cells.
 *
 * kvp_bar_layout_scaled is the same without the minimum: every segment
 * gets exactly its share, rounded by largest remainder, and a non-zero
 * segment too small for one eighth (one cell) gets none and is flagged
 * thin, for the caller to draw as a mark beside its neighbours (STYLE.md
 * point 4: a planner's bar is a measurement, not a legend).
 *
 * Rounding: largest remainder within each region (up to the capacity,
 * past it), so the cells of a region add up exactly; then every non-zero
 * segment part gets at least one cell, taken back from the widest
 * segments (only when there are fewer cells than non-zero segments does
 * the smallest lose its cell). eighths[] is the same layout at 1/8-cell
 * resolution (minimum 8 eighths per non-zero segment), for UTF-8 partial
 * blocks: sum(eighths[]) = 8 * (sum(cells[])) when over, and the rounded
 * 8 * width * sum / capacity when it fits.
 */
#include <string.h>

#include "kvplan/bar.h"

typedef unsigned __int128 u128;

/*
 * Distribute exactly `target` units among parts[n] in proportion to
 * parts[i] * scale / denom (largest remainder), then give every non-zero
 * part at least `min` units when the target allows it. out[] in units.
 */
static void lr_split(const uint64_t *parts, size_t n, uint64_t denom,
                     uint64_t scale, uint32_t target, uint32_t min,
                     uint32_t *out)
{
	uint64_t rem[KVP_BAR_MAX_SEGS];
	int bumped[KVP_BAR_MAX_SEGS];
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		out[i] = 0;
		rem[i] = 0;
		bumped[i] = 0;
	}
	if (denom == 0 || target == 0)
		return;
	for (i = 0; i < n; i++) {
		u128 num = (u128)parts[i] * scale;
		u128 fl = num / denom;

		out[i] = fl > target ? target : (uint32_t)fl;
		rem[i] = (uint64_t)(num % denom);
		sum += out[i];
	}
	/* Largest remainders first; ties go to the earlier segment. */
	while (sum < target) {
		size_t best = n;

		for (i = 0; i < n; i++) {
			if (parts[i] == 0 || bumped[i])
				continue;
			if (best == n || rem[i] > rem[best])
				best = i;
		}
		if (best == n) {
			/* Every part already bumped once: the largest grows. */
			for (i = 0; i < n; i++)
				if (parts[i] && (best == n || parts[i] > parts[best]))
					best = i;
			if (best == n)
				return;   /* all parts zero */
		}
		bumped[best] = 1;
		out[best]++;
		sum++;
	}
	while (sum > target) {  /* only if floors overshot: defensive */
		size_t best = n;

		for (i = 0; i < n; i++)
			if (out[i] && (best == n || out[i] > out[best]))
				best = i;
		out[best]--;
		sum--;
	}
	/* Minimum per non-zero part, paid by the widest parts. */
	for (i = 0; i < n; i++) {
		if (parts[i] == 0 || out[i] >= min)
			continue;
		for (;;) {
			size_t best = n;
			size_t j;

			if (out[i] >= min)
				break;
			for (j = 0; j < n; j++) {
				if (j == i || out[j] <= min)
					continue;
				if (best == n || out[j] > out[best] ||
				    (out[j] == out[best] && rem[j] < rem[best]))
					best = j;
			}
			if (best == n)
				break;   /* nobody can give: keep what it has */
			out[best]--;
			out[i]++;
		}
	}
}

static uint32_t round_scaled(uint64_t v, uint64_t scale, uint64_t denom)
{
	/* round half up of v * scale / denom; the caller ensures <= scale */
	u128 num = (u128)v * scale * 2 + denom;
	return (uint32_t)(num / ((u128)denom * 2));
}

static uint32_t count_nonzero(const uint64_t *v, size_t n)
{
	uint32_t k = 0;
	size_t i;

	for (i = 0; i < n; i++)
		k += v[i] != 0;
	return k;
}

/* Region target: round(sum * scale / cap), at least `min` per non-zero
 * value where room allows, at most scale. */
static uint32_t fit_target(const uint64_t *v, size_t n, uint64_t sum,
                           uint64_t cap, uint32_t scale, uint32_t min)
{
	uint64_t floor_min = (uint64_t)count_nonzero(v, n) * min;
	uint32_t t = round_scaled(sum, scale, cap);

	if (t < floor_min)
		t = floor_min > scale ? scale : (uint32_t)floor_min;
	if (t > scale)
		t = scale;
	return t;
}

/* Everything fits: the values over the capacity's width, at least `min`
 * cells per non-zero segment where room allows. */
static void layout_fit(const uint64_t *values, size_t n, uint64_t sum,
                       uint64_t capacity, uint32_t width, uint32_t min,
                       struct kvp_bar *out)
{
	uint32_t t = fit_target(values, n, sum, capacity, width, min);
	uint32_t t8 = fit_target(values, n, sum, capacity, width * 8u, 8 * min);

	lr_split(values, n, capacity, width, t, min, out->cells);
	lr_split(values, n, capacity, (uint64_t)width * 8u, t8, 8 * min,
	         out->eighths);
	out->used_cells = t;
	out->cap_cell = width;
	out->overflow_cells = 0;
	out->total_cells = width;
}

/* Cells for the capacity when the values pass it: its share of the bar
 * at one scale for both sides, the overflow compressed to at most a
 * third of the width; one cell of the `avail` is the mark. */
static uint32_t cap_cells_of(uint64_t capacity, uint64_t sum, uint32_t avail,
                             uint32_t width)
{
	uint32_t o_max = width / 3, cap_cells;

	if (o_max == 0)
		o_max = 1;
	if (capacity == 0)
		return 0;
	cap_cells = round_scaled(capacity, avail, sum);
	if (avail > o_max && cap_cells < avail - o_max)
		cap_cells = avail - o_max;   /* compress the overflow */
	if (cap_cells >= avail)
		cap_cells = avail > 0 ? avail - 1 : 0;
	return cap_cells;
}

/* Over: every value split into its part up to the capacity and the part
 * past it (cumulative, in segment order), each side laid out on its own
 * cells either side of the mark. */
static void layout_over(const uint64_t *values, size_t n, uint64_t sum,
                        uint64_t capacity, uint32_t width, uint32_t min,
                        struct kvp_bar *out)
{
	uint64_t in[KVP_BAR_MAX_SEGS], over[KVP_BAR_MAX_SEGS];
	uint32_t c_in[KVP_BAR_MAX_SEGS], c_over[KVP_BAR_MAX_SEGS];
	uint32_t e_in[KVP_BAR_MAX_SEGS], e_over[KVP_BAR_MAX_SEGS];
	uint64_t left = capacity, excess;
	uint32_t avail, cap_cells, o_cells;
	size_t i;

	for (i = 0; i < n; i++) {
		in[i] = values[i] < left ? values[i] : left;
		over[i] = values[i] - in[i];
		left -= in[i];
	}
	excess = sum - capacity;   /* saturated sums stay >= the truth */
	avail = width > 0 ? width - 1 : 0;   /* one cell is the mark */
	cap_cells = cap_cells_of(capacity, sum, avail, width);
	o_cells = avail - cap_cells;
	lr_split(in, n, capacity, cap_cells, cap_cells, min, c_in);
	lr_split(over, n, excess, o_cells, o_cells, min, c_over);
	lr_split(in, n, capacity, (uint64_t)cap_cells * 8u, cap_cells * 8u,
	         8 * min, e_in);
	lr_split(over, n, excess, (uint64_t)o_cells * 8u, o_cells * 8u, 8 * min,
	         e_over);
	for (i = 0; i < n; i++) {
		out->cells[i] = c_in[i] + c_over[i];
		out->eighths[i] = e_in[i] + e_over[i];
	}
	out->used_cells = cap_cells;
	out->cap_cell = cap_cells;
	out->overflow_cells = o_cells;
	out->total_cells = cap_cells + 1 + o_cells;
	if (width == 0)
		out->total_cells = 0;
}

/* The layout with at least `min` cells (8 * min eighths) per non-zero
 * segment where room allows: 1 for kvp_bar_layout, 0 for the scaled one.
 * A sum past 64 bits saturates (and so stays over any capacity). */
static void layout(const uint64_t *values, size_t n, uint64_t capacity,
                   uint32_t width, uint32_t min, struct kvp_bar *out)
{
	uint64_t sum = 0;
	size_t i;

	memset(out, 0, sizeof *out);
	if (n > KVP_BAR_MAX_SEGS)
		n = KVP_BAR_MAX_SEGS;
	out->n = n;
	for (i = 0; i < n; i++)
		if (__builtin_add_overflow(sum, values[i], &sum))
			sum = UINT64_MAX;
	if (sum <= capacity && capacity > 0)
		layout_fit(values, n, sum, capacity, width, min, out);
	else
		layout_over(values, n, sum, capacity, width, min, out);
}

void kvp_bar_layout(const uint64_t *values, size_t n, uint64_t capacity,
                    uint32_t width, struct kvp_bar *out)
{
	layout(values, n, capacity, width, 1, out);
}

void kvp_bar_layout_scaled(const uint64_t *values, size_t n, uint64_t capacity,
                           uint32_t width, struct kvp_bar *out)
{
	size_t i;

	layout(values, n, capacity, width, 0, out);
	for (i = 0; i < out->n; i++) {
		if (values[i] && out->eighths[i] == 0)
			out->thin_eighths |= 1u << i;
		if (values[i] && out->cells[i] == 0)
			out->thin_cells |= 1u << i;
	}
}
