/*
 * bench_engines.c - the engine profiles' cost, as medians (not a timed
 * test). The TUI recomputes on every edit, so a named engine must stay
 * as cheap as the generic strategy; compare runs six computes and
 * translate a few hundred (binary searches).
 *
 *   engines.NAME        kvp_compute of the worked example (40 layers)
 *                       under engine NAME
 *   engines.vllm_hybrid kvp_compute under vLLM of a 512-layer model with
 *                       sliding layers (hybrid groups), the largest model
 *   engines.compare     kvp_compare of the worked example (6 computes)
 *   engines.translate   kvp_translate from gpu_memory_utilization 0.9
 *
 * Prints "bench engines.NAME: median N ns (runs R, min N ns, p90 N ns)";
 * exits 1 when a compute fails, so a broken profile is not timed as fast.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvplan/compare.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/translate.h"
#include "bench_util.h"

#define RUNS 301

/* "bench engines.NAME: ..." */
static void report(const char *name, uint64_t *times, int runs)
{
	char full[64];

	snprintf(full, sizeof full, "engines.%s", name);
	bench_report(full, times, (size_t)runs, NULL);
}

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_compare cmp;
static struct kvp_translation tr;
static uint64_t t[RUNS];

static int bench_compute(const char *name, int runs)
{
	int i;

	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_compute(&plan, &res) != KVP_OK) {
			fprintf(stderr, "bench engines.%s: %s\n", name, res.error.msg);
			return 1;
		}
		t[i] = bench_now_ns() - t0;
	}
	report(name, t, runs);
	return 0;
}

int main(int argc, char **argv)
{
	struct kvp_error err;
	int e, i;

	(void)argc;
	(void)argv;
	for (e = 0; e < KVP_ENGINE_COUNT; e++) {
		char name[32];
		const char *n = kvp_engine_name((enum kvp_engine_kind)e);

		kvp_plan_default(&plan);
		plan.engine.kind = (enum kvp_engine_kind)e;
		snprintf(name, sizeof name, "%s", strcmp(n, "llama.cpp") ? n : "llamacpp");
		if (bench_compute(name, RUNS))
			return 1;
	}

	kvp_plan_default(&plan);
	plan.model.n_layers = KVP_MAX_LAYERS;
	plan.model.n_rules = 1;
	if (kvp_rule_parse("0-510/2:kind=sliding,window=4096", &plan.model.rules[0], &err) != KVP_OK) {
		fprintf(stderr, "bench engines: %s\n", err.msg);
		return 1;
	}
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 64ull << 30;
	if (bench_compute("vllm_hybrid", RUNS))
		return 1;

	kvp_plan_default(&plan);
	for (i = 0; i < 101; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_compare(&plan, &res, &cmp, &err) != KVP_OK) {
			fprintf(stderr, "bench engines.compare: %s\n", err.msg);
			return 1;
		}
		t[i] = bench_now_ns() - t0;
	}
	report("compare", t, 101);

	for (i = 0; i < 21; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_translate(&plan, KVP_KNOB_VLLM_UTIL, 900000, &res, &tr, &err) != KVP_OK) {
			fprintf(stderr, "bench engines.translate: %s\n", err.msg);
			return 1;
		}
		t[i] = bench_now_ns() - t0;
	}
	report("translate", t, 21);
	return 0;
}
