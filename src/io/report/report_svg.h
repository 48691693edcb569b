/*
 * report_svg.h - the per-device budget bars as an SVG picture (`kvplan
 * calc --format svg`), for a Markdown report pasted into a wiki or a
 * pull request. The bars are kvp_bar_layout's (kvplan/bar.h), the same
 * geometry the terminal and the Markdown text bar draw; identical devices
 * are drawn once ("4 x H100-80GB-SXM, each"). Figures come from the
 * result only.
 */
#ifndef KVPLAN_IO_REPORT_SVG_H
#define KVPLAN_IO_REPORT_SVG_H

#include <stdio.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/status.h"

/* Cells of one bar (the same layout at a finer width) and their size. */
#define KVP_SVG_BAR_CELLS 120
#define KVP_SVG_CELL_PX   5

/* Write the picture of a computed plan to f. KVP_EIO when writing fails. */
enum kvp_status kvp_report_svg(FILE *f, const struct kvp_plan *p,
                               const struct kvp_result *res,
                               struct kvp_error *err);

#endif
