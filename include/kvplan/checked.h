/*
 * checked.h - 64-bit arithmetic that reports overflow instead of wrapping.
 *
 * Every byte and token figure in kvplan is a uint64_t built with these.
 * Each returns true on success and stores the result in *out; on overflow it
 * returns false and leaves *out unspecified. Callers turn false into
 * KVP_EOVERFLOW with a message naming the input that overflowed.
 */
#ifndef KVPLAN_CHECKED_H
#define KVPLAN_CHECKED_H

#include <stdbool.h>
#include <stdint.h>

static inline bool kvp_add(uint64_t a, uint64_t b, uint64_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}

static inline bool kvp_mul(uint64_t a, uint64_t b, uint64_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

/* *acc += a * b, checked. */
static inline bool kvp_muladd(uint64_t *acc, uint64_t a, uint64_t b)
{
	uint64_t p;
	return kvp_mul(a, b, &p) && kvp_add(*acc, p, acc);
}

/* ceil(a / b) for b > 0; never overflows. */
static inline uint64_t kvp_ceil_div(uint64_t a, uint64_t b)
{
	return a / b + (a % b != 0);
}

/* a rounded up to a multiple of m (m > 0), checked. */
static inline bool kvp_round_up(uint64_t a, uint64_t m, uint64_t *out)
{
	return kvp_mul(kvp_ceil_div(a, m), m, out);
}

/*
 * Signed figures (free bytes, differences) are built with these too:
 * kvp_add_i64 reports overflow like kvp_add; kvp_diff_i64 stores a - b
 * as a signed figure, saturated at INT64_MIN / INT64_MAX, and returns
 * false when it saturated; kvp_abs_u64 is |v| without negating INT64_MIN.
 */
static inline bool kvp_add_i64(int64_t a, int64_t b, int64_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}

static inline bool kvp_diff_i64(uint64_t a, uint64_t b, int64_t *out)
{
	if (a >= b) {
		uint64_t d = a - b;

		*out = d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d;
		return d <= (uint64_t)INT64_MAX;
	} else {
		uint64_t d = b - a;

		*out = d > (uint64_t)INT64_MAX + 1 ? INT64_MIN :
		       d == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)d;
		return d <= (uint64_t)INT64_MAX + 1;
	}
}

static inline uint64_t kvp_abs_u64(int64_t v)
{
	return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/*
 * floor(a * ppm / 1,000,000) without intermediate overflow (128-bit).
 * Fractions such as gpu_memory_utilization are held as parts per million.
 */
static inline uint64_t kvp_apply_ppm(uint64_t a, uint32_t ppm)
{
	return (uint64_t)(((unsigned __int128)a * ppm) / 1000000u);
}

#endif
