/*
 * share.c - "0.1" / "10%" as parts per million (share.h).
 */
#include <stdbool.h>

#include "cli/share.h"

enum kvp_status kvp_cli_share_parse(const char *flag, const char *v,
                                    uint32_t *ppm, struct kvp_error *err)
{
	const char *s = v;
	uint64_t whole = 0, frac = 0, scale = 1000000;
	int digits = 0;
	bool pct = false;

	if (!*s)
		goto bad;
	while (*s >= '0' && *s <= '9' && whole <= 100) {
		whole = whole * 10 + (uint64_t)(*s++ - '0');
		digits++;
	}
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			if (scale > 1) {
				scale /= 10;
				frac += (uint64_t)(*s - '0') * scale;
			}
			s++;
			digits++;
		}
	}
	if (*s == '%') {
		pct = true;
		s++;
	}
	if (*s || digits == 0)
		goto bad;
	if (pct) {
		/* whole% + frac: frac is in millionths of a percent unit */
		if (whole > 100 || whole * 10000 + frac / 100 > 1000000)
			goto bad;
		*ppm = (uint32_t)(whole * 10000 + frac / 100);
	} else {
		if (whole > 1 || (whole == 1 && frac))
			goto bad;
		*ppm = (uint32_t)(whole * 1000000 + frac);
	}
	return KVP_OK;
bad:
	return kvp_error_set(err, KVP_EINVAL,
		"%s: '%s' - expected a fraction 0..1 (0.1) or a percent (10%%)",
		flag, v);
}
