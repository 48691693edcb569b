/*
 * engine_window.h - families whose sliding window a named engine does not
 * apply (engine_window.c: one row per engine and model_type, with its
 * source). Not public.
 */
#ifndef KVPLAN_CORE_ENGINE_WINDOW_H
#define KVPLAN_CORE_ENGINE_WINDOW_H

#include <stdint.h>

#include "kvplan/plan.h"
#include "kvplan/result.h"

/* The source of the row for the plan's engine and model_type, or NULL
 * when the engine applies the family's window. */
const char *eng_window_ignored(const struct kvp_plan *p);

/* Under such a row, the sliding layers of ls become full (window 0);
 * returns how many changed. */
uint32_t eng_window_unslide(const struct kvp_plan *p, struct kvp_layer_spec *ls);

/* Appends to res->engine.note what eng_window_unslide did (n layers). */
void eng_window_note(const struct kvp_plan *p, uint32_t n, struct kvp_result *res);

#endif
