/*
 * margin.c - over / tight / roomy (include/kvplan/margin.h). Tight means
 * 10 x free < capacity (under a tenth of the card free), tested without
 * overflow as free <= (capacity - 1) / 10: for integers, 10f < c <=>
 * 10f <= c - 1 <=> f <= floor((c - 1) / 10).
 */
#include "kvplan/margin.h"

static const char *const names[KVP_MARGIN_COUNT] = {
	"none", "roomy", "tight", "over",
};

const char *kvp_margin_name(enum kvp_margin m)
{
	return (unsigned)m < KVP_MARGIN_COUNT ? names[m] : "?";
}

enum kvp_margin kvp_device_margin(const struct kvp_device_result *d)
{
	uint64_t f;

	if (!d->fits || d->free_bytes < 0)
		return KVP_MARGIN_OVER;
	f = (uint64_t)d->free_bytes;
	if (d->capacity_bytes == 0 || f <= (d->capacity_bytes - 1) / 10)
		return KVP_MARGIN_TIGHT;
	return KVP_MARGIN_ROOMY;
}

enum kvp_margin kvp_result_margin(const struct kvp_result *r)
{
	enum kvp_margin worst = KVP_MARGIN_NONE;
	uint32_t i;

	for (i = 0; i < r->n_devices && i < KVP_MAX_DEVICES; i++) {
		enum kvp_margin m = kvp_device_margin(&r->devices[i]);

		if (m > worst)
			worst = m;
	}
	return worst;
}
