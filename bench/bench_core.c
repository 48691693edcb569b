/*
 * bench_core.c - speed of the sizing core, as medians (not a timed test).
 *
 *   core.recompute_128L     one kvp_compute of a 128-layer model with 4
 *                           override rules and 3 sequence classes
 *                           (target <= 2 us: the TUI recomputes per key)
 *   core.sizing_128L        the same plan through the sizing stages only
 *                           (layer resolution + kv.c, as kvp_compute
 *                           runs them: kvp_layers_resolve_typed, which
 *                           writes each type's first spec, kv.c the rest
 *                           of each type's record, shared by its layers),
 *                           without the weight, device and warning stages
 *   core.speed_128L         the speed stage alone (speed.c) on the result
 *                           kvp_compute filled: with sizing_128L, where
 *                           recompute_128L's time goes
 *   core.ragged_1M_paged    one kvp_compute with 1,000,000 ragged
 *                           sequences under PAGED (target <= 20 ms)
 *
 * Run by `make bench` with argv[1] = the kvplan binary (unused here).
 * Times with clock_gettime(CLOCK_MONOTONIC); prints
 * "bench core.NAME: median N ns (runs R, min N ns, p90 N ns, target ...)".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "bench_util.h"

/* Time `runs` calls of kvp_compute(plan, res); exits on error. */
static void time_compute(const struct kvp_plan *plan, struct kvp_result *res,
                         size_t runs, uint64_t *times)
{
	size_t i;

	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_compute(plan, res) != KVP_OK) {
			fprintf(stderr, "bench_core: %s\n", res->error.msg);
			exit(1);
		}
		times[i] = bench_now_ns() - t0;
	}
}

static void add_rule(struct kvp_plan *p, const char *text)
{
	struct kvp_error err;

	if (kvp_rule_parse(text, &p->model.rules[p->model.n_rules], &err) != KVP_OK) {
		fprintf(stderr, "bench_core: %s\n", err.msg);
		exit(1);
	}
	p->model.n_rules++;
}

static void set_class(struct kvp_seq_class *c, uint64_t req, uint64_t sys,
                      uint64_t input, uint64_t gen, uint32_t samples)
{
	memset(c, 0, sizeof *c);
	c->requests = req;
	c->prompt[KVP_PP_SYSTEM] = sys;
	c->prompt[KVP_PP_INPUT] = input;
	c->gen = gen;
	c->samples = samples;
}

int main(int argc, char **argv)
{
	static struct kvp_plan plan;
	static struct kvp_result res;
	static uint64_t times[20000];
	uint64_t *ragged, seed = 88172645463325252ull;
	size_t i, runs, n = 1000000;

	(void)argc;
	(void)argv;

	/* 128 layers, 8 KV heads x 128, bf16, with 4 rules: sliding every
	 * other layer, a K/V format override, recurrent layers, wider heads */
	kvp_plan_default(&plan);
	plan.model.n_layers = 128;
	plan.model.q_heads = 64;
	add_rule(&plan, "0-127/2:kind=sliding,window=4096");
	add_rule(&plan, "64-127:k_dtype=q8_0,v_dtype=q8_0");
	add_rule(&plan, "3-127/8:kind=none,state_bytes=2097152");
	add_rule(&plan, "100-109:kv_heads=16");
	plan.workload.n_classes = 3;
	set_class(&plan.workload.classes[0], 32, 500, 1500, 512, 1);
	set_class(&plan.workload.classes[1], 8, 500, 30000, 2048, 2);
	set_class(&plan.workload.classes[2], 64, 0, 200, 200, 1);
	plan.strategy.kind = KVP_STRAT_PAGED;
	plan.strategy.block_size = 16;
	plan.workload.share_prompt_in_request = true;
	runs = sizeof times / sizeof times[0];
	time_compute(&plan, &res, runs, times);
	bench_report("core.recompute_128L", times, runs, "<= 2000 ns");

	/* the sizing stages alone, on the result kvp_compute just filled */
	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_layers_resolve_typed(&plan.model, &res.layer_recs[0].spec,
		                             sizeof res.layer_recs[0], &res.layer_types,
		                             &res.error) != KVP_OK ||
		    kvp_kv_compute(&plan, &res) != KVP_OK) {
			fprintf(stderr, "bench_core: %s\n", res.error.msg);
			return 1;
		}
		times[i] = bench_now_ns() - t0;
	}
	bench_report("core.sizing_128L", times, runs, NULL);

	/* the speed stage alone (it clears and refills res.speed) */
	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		kvp_speed_compute(&plan, &res);
		times[i] = bench_now_ns() - t0;
	}
	bench_report("core.speed_128L", times, runs, NULL);

	/* 1,000,000 ragged sequences of 1..32,768 tokens (xorshift), paged,
	 * on the 40-layer default model */
	ragged = malloc(n * sizeof *ragged);
	if (!ragged) {
		fprintf(stderr, "bench_core: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		ragged[i] = 1 + seed % 32768;
	}
	kvp_plan_default(&plan);
	plan.workload.n_classes = 0;
	plan.workload.ragged = ragged;
	plan.workload.n_ragged = n;
	plan.strategy.kind = KVP_STRAT_PAGED;
	plan.strategy.block_size = 16;
	runs = 31;
	time_compute(&plan, &res, runs, times);
	bench_report("core.ragged_1M_paged", times, runs, "<= 20000000 ns");
	free(ragged);
	return 0;
}
