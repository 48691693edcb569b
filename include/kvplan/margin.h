/*
 * margin.h - how much room a computed budget leaves, as a judgement the
 * front ends colour by (the sweep heat map, the budget panel): over the
 * capacity, tight (fits with less than a tenth of the card free), or
 * roomy. Pure functions of a computed result; no I/O, no allocation.
 */
#ifndef KVPLAN_MARGIN_H
#define KVPLAN_MARGIN_H

#include "kvplan/result.h"

enum kvp_margin {
	KVP_MARGIN_NONE = 0,   /* no card chosen (no device in the result) */
	KVP_MARGIN_ROOMY,      /* fits, free >= capacity / 10 */
	KVP_MARGIN_TIGHT,      /* fits, free < capacity / 10 (exactly:
	                          10 x free < capacity) */
	KVP_MARGIN_OVER,       /* does not fit */
	KVP_MARGIN_COUNT
};

/* "none", "roomy", "tight", "over" */
const char *kvp_margin_name(enum kvp_margin m);

/* One device: OVER when it does not fit (d->fits false or free < 0). */
enum kvp_margin kvp_device_margin(const struct kvp_device_result *d);

/* The worst margin over the result's devices (OVER > TIGHT > ROOMY);
 * NONE when it has no device. */
enum kvp_margin kvp_result_margin(const struct kvp_result *r);

#endif
