/* units.c - display formatting of byte figures (pure, exact rounding). */
#include <stdio.h>  /* snprintf only */
#include <string.h>

#include "kvplan/units.h"

char *kvp_fmt_int(uint64_t v, char *buf, size_t n)
{
	char digits[32], out[40];
	int len, i, o = 0;

	len = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
	for (i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
	snprintf(buf, n, "%s", out);
	return buf;
}

char *kvp_fmt_sint(int64_t v, char *buf, size_t n)
{
	char tmp[40];
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

	kvp_fmt_int(mag, tmp, sizeof tmp);
	snprintf(buf, n, "%s%s", v < 0 ? "-" : "", tmp);
	return buf;
}

/* bytes / unit with `decimals` places, rounded half up, exactly. */
static char *fmt_ratio(uint64_t bytes, uint64_t unit, int decimals,
                       const char *suffix, char *buf, size_t n)
{
	unsigned __int128 scale = 1, q;
	uint64_t whole, frac;
	int d;

	if (decimals < 0)
		decimals = 0;
	if (decimals > 6)
		decimals = 6;
	for (d = 0; d < decimals; d++)
		scale *= 10;
	q = ((unsigned __int128)bytes * scale * 2 + unit) / ((unsigned __int128)unit * 2);
	whole = (uint64_t)(q / scale);
	frac = (uint64_t)(q % scale);
	if (decimals)
		snprintf(buf, n, "%llu.%0*llu %s", (unsigned long long)whole,
		         decimals, (unsigned long long)frac, suffix);
	else
		snprintf(buf, n, "%llu %s", (unsigned long long)whole, suffix);
	return buf;
}

char *kvp_fmt_gib(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_GIB, decimals, "GiB", buf, n);
}

char *kvp_fmt_gb(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_GB, decimals, "GB", buf, n);
}

char *kvp_fmt_mib(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_MIB, decimals, "MiB", buf, n);
}

char *kvp_fmt_bytes_all(uint64_t bytes, char *buf, size_t n)
{
	char a[40], g[32], d[32];

	snprintf(buf, n, "%s B (%s, %s)", kvp_fmt_int(bytes, a, sizeof a),
	         kvp_fmt_gib(bytes, 2, g, sizeof g), kvp_fmt_gb(bytes, 2, d, sizeof d));
	return buf;
}
