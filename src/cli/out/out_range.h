/*
 * out_range.h - the named engines' range beside the generic engine's
 * verdict (kvplan/engine_range.h), one text line.
 */
#ifndef KVPLAN_CLI_OUT_RANGE_H
#define KVPLAN_CLI_OUT_RANGE_H

#include <stdio.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* Under the generic engine with cards: `label` then the range line
 * (kvp_engine_range); nothing otherwise. */
void kvp_out_engine_range(FILE *out, const char *label,
                          const struct kvp_plan *p,
                          const struct kvp_result *res);

#endif
