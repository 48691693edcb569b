/*
 * compute.h - the one pure call: plan in, result out.
 *
 * kvp_compute reads nothing but *plan, writes nothing but *res, allocates
 * nothing and has no globals, so front ends may call it on every edit.
 * On failure res->error names the field path and value; the other fields
 * of res are then unspecified. Entries of res->layers past res->n_layers
 * are never read or cleared. It uses about 80 KB of stack (per-layer
 * scratch tables), so call it from a thread with a normal-sized stack.
 */
#ifndef KVPLAN_COMPUTE_H
#define KVPLAN_COMPUTE_H

#include "kvplan/plan.h"
#include "kvplan/result.h"

enum kvp_status kvp_compute(const struct kvp_plan *plan,
                            struct kvp_result *res);

#endif
