/*
 * report_csv.h - sweep reports: `--format json` cells (below) and
 * `--format csv` for sweeps: one row per grid cell, RFC 4180
 * quoting, byte figures as plain integers (no separators, no units), so a
 * spreadsheet or awk reads exact bytes.
 *
 * The "binding figure" of a cell is read from the result, not computed:
 * with cards, the device with the least free memory (most over capacity
 * when it does not fit) and its free_bytes; without cards, the KV cache.
 */
#ifndef KVPLAN_IO_REPORT_CSV_H
#define KVPLAN_IO_REPORT_CSV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "kvplan/result.h"

/* A cell's verdict, chosen from its result. */
struct kvp_sweep_verdict {
	bool fits;             /* every device fits (res->fits) */
	enum kvp_verdict_state state; /* the verdict: the status column */
	int device;            /* binding device, -1 when no card */
	int64_t free_bytes;    /* that device's free bytes (< 0: over) */
	uint64_t kv_bytes;     /* the whole KV cache */
};

void kvp_sweep_verdict(const struct kvp_result *res,
                       struct kvp_sweep_verdict *v);

/* One CSV field, quoted when it holds a comma, quote or newline; followed
 * by ',' or, when last, by '\n'. */
void kvp_csv_cell(FILE *f, const char *s, bool last);

/* Header: x_axis,x,y_axis,y,status,kv_bytes,bytes_per_sequence,
 * sequences,binding_device,binding_free_bytes,capacity_bytes,message */
void kvp_report_csv_header(FILE *f);

/* A row; res NULL when the cell's plan failed, with `error` its message. */
void kvp_report_csv_row(FILE *f, const char *x_axis, const char *x,
                        const char *y_axis, const char *y,
                        const struct kvp_result *res, const char *error);

/* A cell of `sweep --format json`: {"x","y","status" ("fits",
 * "does_not_fit", "error"), "kv_bytes", "bytes_per_sequence", "sequences",
 * "binding_device", "binding_free_bytes", "capacity_bytes" (integers;
 * the binding ones null without a card), "message" (the error, or "")}.
 * res NULL when the cell's compute failed. A new object the caller owns
 * (cJSON_Delete), NULL when out of memory. */
cJSON *kvp_sweep_json_cell(const char *x, const char *y,
                           const struct kvp_result *res, const char *error);

#endif
