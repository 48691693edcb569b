/*
 * bar.h - geometry of a stacked budget bar, without curses.
 *
 * kvp_bar_layout turns byte values (weights, KV, activations, overhead,
 * headroom) and a capacity into cell widths for a bar of `width` cells
 * that represents `capacity` bytes:
 *   - largest-remainder rounding, so the cells of the segments that fit
 *     add up exactly to the cells they cover;
 *   - at least one cell for every non-zero segment;
 *   - when the values exceed the capacity, the part past it is reported
 *     as `overflow_cells` drawn after the capacity mark at `cap_cell`
 *     (htop clamps and hides it; a capacity planner must show it).
 * Units: eighths of a cell in the *_eighths fields for UTF-8 partial
 * blocks; whole cells elsewhere. Pure: no I/O, no allocation.
 *
 * How to draw (details in src/core/text/bar.c): paint cells[i] of segment i in
 * order. When it fits, overflow_cells = 0, cap_cell = width and the mark
 * is the bar's right end. When over, the mark takes one cell at column
 * cap_cell (= used_cells), after it come overflow_cells cells of the
 * segments past the capacity, and total_cells = cap_cell + 1 +
 * overflow_cells <= width. In both cases sum(cells) = used_cells +
 * overflow_cells.
 */
#ifndef KVPLAN_BAR_H
#define KVPLAN_BAR_H

#include <stddef.h>
#include <stdint.h>

#define KVP_BAR_MAX_SEGS 12

struct kvp_bar {
	size_t n;                       /* segments */
	uint32_t cells[KVP_BAR_MAX_SEGS];   /* whole cells per segment */
	uint32_t eighths[KVP_BAR_MAX_SEGS]; /* same in 1/8 cells */
	uint32_t used_cells;            /* sum of cells up to the capacity */
	uint32_t cap_cell;              /* column of the capacity mark */
	uint32_t overflow_cells;        /* cells past the capacity mark */
	uint32_t total_cells;           /* cap_cell + overflow (+ mark) */
	/* kvp_bar_layout_scaled only: bit i set when segment i is non-zero
	 * but its share rounds to no eighth (no whole cell): draw it as a
	 * thin mark, never with cells taken from another segment. */
	uint32_t thin_eighths;
	uint32_t thin_cells;
};

/* values[n] in bytes; capacity > 0; width >= n + 2 cells. When the sum
 * exceeds capacity, the bar is scaled so capacity spans `width` minus
 * room for the overflow (at most a third of width). */
void kvp_bar_layout(const uint64_t *values, size_t n, uint64_t capacity,
                    uint32_t width, struct kvp_bar *out);

/* The same geometry to scale: no minimum per segment, so every
 * segment's cells and eighths are its share of the bytes (largest
 * remainder), and segments too small for one unit are flagged thin. */
void kvp_bar_layout_scaled(const uint64_t *values, size_t n, uint64_t capacity,
                           uint32_t width, struct kvp_bar *out);

#endif
