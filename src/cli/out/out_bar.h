/*
 * out_bar.h - the CLI's text bar of one device's budget: a stacked bar of
 * weights, KV, activations (with retained outputs), overhead and
 * headroom, with the capacity mark and any overflow past it, followed by
 * a legend in bytes, GiB and GB. Geometry from kvp_bar_layout
 * (kvplan/bar.h); every figure from struct kvp_device_result.
 */
#ifndef KVPLAN_CLI_OUT_BAR_H
#define KVPLAN_CLI_OUT_BAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "kvplan/result.h"

/* Default bar width in cells (the bar, without its brackets). */
#define KVP_OUT_BAR_WIDTH 48

/*
 * The bar line only, into buf (NUL-terminated): "[" cells "]" overflow.
 * ASCII glyphs `|#*@:` for weights, KV, activations, overhead, headroom
 * and ' ' for free memory; with utf8, shade blocks per segment and an
 * eighth block for a partly filled last cell. buf needs 4 x width + 16
 * bytes for UTF-8.
 */
void kvp_out_bar_line(const struct kvp_device_result *d, unsigned width,
                      bool utf8, char *buf, size_t n);

/* One device: a title line, the bar, the legend. */
void kvp_out_bar_device(FILE *out, unsigned index,
                        const struct kvp_device_result *d, unsigned width,
                        bool utf8);

/* Compact form for calc's device table: one bar line per device and a
 * key of the glyphs (the table beside it carries the figures). */
void kvp_out_bars_compact(FILE *out, const struct kvp_result *res,
                          unsigned width, bool utf8);

/* Every device of the result, then the plan's verdict line. */
void kvp_out_bars(FILE *out, const struct kvp_result *res, unsigned width,
                  bool utf8);

#endif
