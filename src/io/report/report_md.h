/*
 * report_md.h - `--format md`: a sizing as a Markdown report to hand on.
 *
 * Sections: the plan (every input), the KV arithmetic with its formula and
 * the numbers substituted, the engine's own figures, the per-device budget
 * with a text bar, the warnings (code, message, advice), and a validation
 * plan for the service: the three cases to run (typical input, expected
 * long input, the maximum concurrency allowed), what stays fixed, what to
 * measure per phase, and the acceptance record to fill.
 *
 * Every figure comes from struct kvp_result (or echoes an input of the
 * plan); the report computes nothing. Units: bytes, with GiB and GB beside
 * them (kvplan/units.h).
 */
#ifndef KVPLAN_IO_REPORT_MD_H
#define KVPLAN_IO_REPORT_MD_H

#include <stdio.h>

#include "kvplan/plan.h"
#include "kvplan/preset.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/* Width of the budget bar, cells. */
#define KVP_MD_BAR_WIDTH 50

/* Write the report of a computed plan (res->error.status == KVP_OK) to f.
 * notes (importer assumptions) may be NULL. KVP_EIO when writing fails. */
enum kvp_status kvp_report_md(FILE *f, const struct kvp_plan *p,
                              const struct kvp_result *res,
                              const struct kvp_notes *notes,
                              struct kvp_error *err);

/* The same, showing the SVG picture of the bars (kvp_report_svg) under
 * the name `svg`, a file the caller writes beside the report; NULL: no
 * picture is written, and the report links none (kvp_report_md). */
enum kvp_status kvp_report_md_svg(FILE *f, const struct kvp_plan *p,
                                  const struct kvp_result *res,
                                  const struct kvp_notes *notes,
                                  const char *svg, struct kvp_error *err);

#endif
