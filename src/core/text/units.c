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
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	uint64_t t = v;
	int len = 1, i;

	while (t >= 10) {
		t /= 10;
		len++;
	}
	/* from the last digit back, two at a time */
	for (i = len; v >= 10; v /= 100) {
		const char *d = &pairs[(v % 100) * 2];

		out[--i] = d[1];
		out[--i] = d[0];
	}
	if (i > 0)
		out[0] = (char)('0' + v);
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
                       const char *suffix, size_t sl, char *buf, size_t n)
{
	static const uint64_t pow10[7] = {
		1, 10, 100, 1000, 10000, 100000, 1000000
	};
	unsigned __int128 q;
	uint64_t whole, frac, scale;
	char out[64];
	int d, o;

	if (decimals < 0)
		decimals = 0;
	if (decimals > 6)
		decimals = 6;
	scale = pow10[decimals];
	q = (unsigned __int128)bytes * scale * 2 + unit;
	if (q <= UINT64_MAX && unit <= UINT64_MAX / 2) {
		/* 64-bit divisions, not __udivmodti4 */
		uint64_t q64 = (uint64_t)q / (unit * 2);

		whole = q64 / scale;
		frac = q64 % scale;
	} else {
		q /= (unsigned __int128)unit * 2;
		whole = (uint64_t)(q / scale);
		frac = (uint64_t)(q % scale);
	}
	o = kvp_u64_digits(whole, out);
	if (decimals) {
		/* frac < scale: its digits, zero-padded to decimals */
		out[o++] = '.';
		for (d = decimals; d-- > 0; frac /= 10)
			out[o + d] = (char)('0' + frac % 10);
		o += decimals;
	}
	out[o++] = ' ';
	memcpy(out + o, suffix, sl);
	return copy_out(buf, n, out, (size_t)o + sl);
}

char *kvp_fmt_gib(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_GIB, decimals, "GiB", 3, buf, n);
}

char *kvp_fmt_gb(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_GB, decimals, "GB", 2, buf, n);
}

char *kvp_fmt_mib(uint64_t bytes, int decimals, char *buf, size_t n)
{
	return fmt_ratio(bytes, KVP_MIB, decimals, "MiB", 3, buf, n);
}

char *kvp_fmt_bytes_all(uint64_t bytes, char *buf, size_t n)
{
	char a[40], g[32], d[32];

	snprintf(buf, n, "%s B (%s, %s)", kvp_fmt_int(bytes, a, sizeof a),
	         kvp_fmt_gib(bytes, 2, g, sizeof g), kvp_fmt_gb(bytes, 2, d, sizeof d));
	return buf;
}
