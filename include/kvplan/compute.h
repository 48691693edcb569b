/*
 * compute.h - the one pure call: plan in, result out.
 *
 * kvp_compute reads nothing but *plan, writes nothing but *res, allocates
 * nothing and has no globals, so front ends may call it on every edit.
 * On failure res->error names the field path and value; the other fields
 * of res are then unspecified. Entries of res->layer_recs past n_layers
 * (and, while res->layers_by_type, those not first of their type: read
 * layer i with kvp_layer_rec) are never read or cleared. It uses about
 * 80 KB of stack (per-layer scratch tables), so call it from a thread
 * with a normal-sized stack.
 */
#ifndef KVPLAN_COMPUTE_H
#define KVPLAN_COMPUTE_H

#include "kvplan/plan.h"
#include "kvplan/result.h"

enum kvp_status kvp_compute(const struct kvp_plan *plan,
                            struct kvp_result *res);

#endif
