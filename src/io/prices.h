/*
 * prices.h - a user's card prices for `solve --for deployment --rank
 * price`: a JSON file
 *
 *   {"kvplan": "prices", "currency": "USD",
 *    "cards": {"h100-80gb-sxm": 2.49, "L4": 0.71}}
 *
 * hourly price of ONE card, keyed by the card's preset name or by its own
 * name (case-insensitive), at most six decimals. Checked whole: unknown
 * keys, a wrong type, a price that is not a positive number of at most
 * 1,000,000 with at most six decimals, or the same card twice is one
 * line naming the file, the key and the value.
 */
#ifndef KVPLAN_IO_PRICES_H
#define KVPLAN_IO_PRICES_H

#include <stddef.h>
#include <stdint.h>

#include "kvplan/status.h"

#define KVP_PRICES_MAX 64

struct kvp_prices {
	char currency[16];        /* "" when not given */
	size_t n;
	char key[KVP_PRICES_MAX][64];
	uint64_t micro[KVP_PRICES_MAX]; /* millionths of the currency, per
	                                   card-hour */
};

enum kvp_status kvp_prices_load(const char *path, struct kvp_prices *out,
                                struct kvp_error *err);

/* The price of the card named `preset` (as given to --cards) or `name`
 * (its own name); 0 when neither is listed. */
uint64_t kvp_prices_find(const struct kvp_prices *p, const char *preset,
                         const char *name);

#endif
