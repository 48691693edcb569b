/*
 * src/core/text/ - the text the core writes into results, no stage of its
 * own: units.c (this file) formats byte figures and counts ("3.75 GiB",
 * "1,024"), cat.c builds a line piece by piece where snprintf would be
 * too slow (the verdict, every recompute), escape.c shows control
 * characters as visible text, bar.c lays out a stacked budget bar in
 * cells.
 *
 * units.c - display formatting of byte figures (pure, exact rounding).
 */
#include <stdio.h>  /* snprintf only */
#include <string.h>

#include "core/internal.h"
#include "kvplan/units.h"

/* v's decimal digits at out, unterminated; returns their count (<= 20).
 * These formatters run on every recompute (the verdict's text), where
 * snprintf's parsing cost more than the rest of the verdict. */
int kvp_u64_digits(uint64_t v, char *out)
{
	char rev[20];
	int len = 0, i;

	do {
		rev[len++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	for (i = 0; i < len; i++)
		out[i] = rev[len - 1 - i];
	return len;
}

/* The first len bytes of src into buf of n, cut and terminated as
 * snprintf(buf, n, "%s", src) does. */
static char *copy_out(char *buf, size_t n, const char *src, size_t len)
{
	if (n == 0)
		return buf;
	if (len > n - 1)
		len = n - 1;
	memcpy(buf, src, len);
	buf[len] = '\0';
	return buf;
}

char *kvp_fmt_int(uint64_t v, char *buf, size_t n)
{
	char digits[20], out[40];
	int len, i, o = 0;

	len = kvp_u64_digits(v, digits);
	for (i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	return copy_out(buf, n, out, (size_t)o);
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
	char out[64];
	size_t sl;
	int d, o;

	if (decimals < 0)
		decimals = 0;
	if (decimals > 6)
		decimals = 6;
	for (d = 0; d < decimals; d++)
		scale *= 10;
	q = (unsigned __int128)bytes * scale * 2 + unit;
	if (q <= UINT64_MAX && unit <= UINT64_MAX / 2) {
		/* 64-bit divisions, not __udivmodti4 */
		uint64_t q64 = (uint64_t)q / (unit * 2);

		whole = q64 / (uint64_t)scale;
		frac = q64 % (uint64_t)scale;
	} else {
		q /= (unsigned __int128)unit * 2;
		whole = (uint64_t)(q / scale);
		frac = (uint64_t)(q % scale);
	}
	o = kvp_u64_digits(whole, out);
	if (decimals) {
		char f[20];
		int fl = kvp_u64_digits(frac, f);

		out[o++] = '.';
		for (d = fl; d < decimals; d++)
			out[o++] = '0';
		memcpy(out + o, f, (size_t)fl);
		o += fl;
	}
	out[o++] = ' ';
	sl = strlen(suffix);
	memcpy(out + o, suffix, sl);
	return copy_out(buf, n, out, (size_t)o + sl);
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
