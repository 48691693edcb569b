/*
 * bench_devices.c - speed of the device stage and of solving backwards,
 * as medians (not a timed test).
 *
 *   devices.one_card        kvp_compute of the DESIGN.md example on one
 *                           card (the budget stage without variants)
 *   devices.tp8_pp2_dp4     the same on 64 devices: TP 8 x PP 2 x DP 4,
 *                           which re-runs the kv stage for the rank's
 *                           heads and the replica's share (variants)
 *   devices.bar_layout      kvp_bar_layout of 6 segments on 48 cells
 *   solve.concurrency       kvp_solve --for concurrency (binary search,
 *                           about 2 x log2(answer) recomputes)
 *   solve.cards             kvp_solve --for cards for 300 requests
 *                           (every TP/PP layout of 1..3 cards)
 *
 * Run by `make bench` with argv[1] = the kvplan binary (unused here).
 * Prints "bench NAME: median N ns (runs R, min N ns, p90 N ns)" through
 * bench_util.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/bar.h"
#include "kvplan/compute.h"
#include "kvplan/solve.h"
#include "bench_util.h"

static void bench_compute(const char *name, const struct kvp_plan *p,
                          struct kvp_result *r, size_t runs, uint64_t *t)
{
	size_t i;

	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_compute(p, r) != KVP_OK) {
			fprintf(stderr, "bench_devices: %s: %s\n", name, r->error.msg);
			exit(1);
		}
		t[i] = bench_now_ns() - t0;
	}
	bench_report(name, t, runs, NULL);
}

static void bench_solve(const char *name, const struct kvp_plan *p,
                        enum kvp_solve_for what, struct kvp_result *r,
                        struct kvp_solve_answer *a, size_t runs, uint64_t *t)
{
	struct kvp_solve_opts o = { what, 0, 0 };
	struct kvp_error err;
	size_t i;

	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_solve(p, &o, a, r, &err) != KVP_OK || !a->found) {
			fprintf(stderr, "bench_devices: %s: %s\n", name, err.msg);
			exit(1);
		}
		t[i] = bench_now_ns() - t0;
	}
	bench_report(name, t, runs, NULL);
}

int main(int argc, char **argv)
{
	static struct kvp_plan p;
	static struct kvp_result r;
	static struct kvp_solve_answer a;
	static uint64_t t[2001];
	uint64_t v[6] = { 22676285440ull, 4026531840ull, 1073741824ull, 0,
	                  377487360ull, 4276040499ull };
	struct kvp_bar b;
	size_t i;

	(void)argc;
	(void)argv;
	kvp_plan_default(&p);
	p.devices.activations_bytes = 1ull << 30;
	bench_compute("devices.one_card", &p, &r, 2001, t);

	p.devices.tp = 8;
	p.devices.pp = 2;
	p.devices.dp = 4;
	p.workload.classes[0].requests = 26;   /* shares 7, 7, 6, 6 */
	bench_compute("devices.tp8_pp2_dp4", &p, &r, 201, t);

	for (i = 0; i < 2001; i++) {
		uint64_t t0 = bench_now_ns();

		kvp_bar_layout(v, 6, 85520809984ull, 48, &b);
		t[i] = bench_now_ns() - t0;
	}
	bench_report("devices.bar_layout", t, 2001, NULL);

	kvp_plan_default(&p);
	p.devices.activations_bytes = 1ull << 30;
	bench_solve("solve.concurrency", &p, KVP_SOLVE_CONCURRENCY, &r, &a, 51, t);
	p.workload.classes[0].requests = 300;
	bench_solve("solve.cards", &p, KVP_SOLVE_CARDS, &r, &a, 21, t);
	return 0;
}
