/*
 * bench_util.h - the timing and reporting every benchmark shares (static
 * inline: each bench/bench_*.c is its own program, see the Makefile).
 *
 *   bench_now_ns()      CLOCK_MONOTONIC, nanoseconds
 *   bench_report(...)   sort the run times and print one line
 *
 *     bench NAME: median N ns (runs R, min N ns, p90 N ns[, target T])
 *
 * The median is t[runs / 2] and the 90th percentile t[runs * 9 / 10] of
 * the sorted times (an odd run count gives the exact median). The
 * minimum is what an idle core does: the machine is shared, so the
 * median can carry other people's load. Times are wall clock, never
 * asserted on: benchmarks print, tests check.
 */
#ifndef KVPLAN_BENCH_UTIL_H
#define KVPLAN_BENCH_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline int bench_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sort times[0..runs) (runs >= 1) and print the line above; target is
 * NULL or the goal as text ("<= 2000 ns"). */
static inline void bench_report(const char *name, uint64_t *times,
                                size_t runs, const char *target)
{
	qsort(times, runs, sizeof times[0], bench_cmp_u64);
	printf("bench %s: median %llu ns (runs %zu, min %llu ns, p90 %llu ns%s%s)\n",
	       name, (unsigned long long)times[runs / 2], runs,
	       (unsigned long long)times[0],
	       (unsigned long long)times[runs * 9 / 10],
	       target ? ", target " : "", target ? target : "");
	fflush(stdout);
}

#endif
