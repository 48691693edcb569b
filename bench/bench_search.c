/*
 * bench_search.c - the deployment search (kvplan/search.h), as medians.
 *
 * The space: Llama-3.1-70B (presets/), every shipped card, 1-8 cards per
 * node on 1-6 nodes, all six engines (generic included), every engine's
 * cache formats, weights as the model has them (bf16) and fp8; the
 * workload presets/workloads/chat.json. Printed first: the number of
 * configurations, and for each measured run how many were fully
 * computed.
 *
 *   search.enumerate        list and sort the space (once per model or
 *                           space change; not per workload edit)
 *   search.ranked_top20     judge, rank and verify the best 20 (each
 *                           checked: N fit, N + 1 do not; binding;
 *                           longest class-0 length) from the kept list -
 *                           the answer `solve --for deployment` prints
 *                           (target <= 50 ms)
 *   search.refresh_top12    what the planner's view does after a
 *                           workload edit: judge and rank from the kept
 *                           list, verify the 12 rows on screen, no
 *                           length solve (target <= 16 ms)
 *   search.exhaustive       every configuration judged (the rules on),
 *                           the best 20 verified
 *   search.per_compute      the exhaustive run without rules: time per
 *                           full computation (median of runs / computed)
 *   search.tui_refresh_80x24, search.tui_refresh_120x36
 *                           the planner's Deploy view after a workload
 *                           edit, drawn headless (curses on /dev/null):
 *                           recompute of the plan, re-ranking
 *                           from the kept list (every card preset, 1-8
 *                           cards on one node, the five named engines),
 *                           the rows on screen verified and drawn (9 at
 *                           80x24, 12 at 120x36; target <= 16 ms)
 *
 * Run by `make bench` with argv[1] = the kvplan binary (unused here).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "kvplan/compute.h"
#include "kvplan/preset.h"
#include "kvplan/search.h"
#include "tui/app.h"
#include "tui/render.h"
#include "bench_util.h"

static const char *const cards[] = {
	"t4", "l4", "a10g", "rtx-3090", "rtx-4090", "a100-40gb",
	"a100-40gb-cuda", "l40s", "a100-80gb", "h100-80gb-pcie",
	"h100-80gb-sxm", "h200-141gb", "mi300x", "apple-m2-ultra-192gb",
};

static struct kvp_plan plan, work;
static struct kvp_result res;
static struct kvp_solve_answer sans;
static struct kvp_search_space space;
static struct kvp_search_opts opts;
static struct kvp_search_buf buf;
static struct kvp_search_out out;
static struct kvp_search_answer answers[32];
static struct kvp_search_miss misses[KVP_SEARCH_MAX_CARDS];
static uint64_t floor_memo[1u << 16];

static void die(const char *what, const struct kvp_error *err)
{
	fprintf(stderr, "bench_search: %s: %s\n", what, err->msg);
	exit(1);
}

static void setup(void)
{
	struct kvp_error err;
	size_t i;

	kvp_plan_default(&plan);
	if (kvp_model_load_spec("llama-3.1-70b", &plan.model, NULL, &err) ||
	    kvp_workload_load_spec("chat", &plan.workload, &err))
		die("presets", &err);
	plan.strategy.max_cache_len = 0;
	kvp_search_space_init(&space);
	for (i = 0; i < sizeof cards / sizeof cards[0]; i++)
		if (kvp_card_load_spec(cards[i], &space.cards[space.n_cards++],
		                       &err))
			die(cards[i], &err);
	space.max_per_node = 8;
	space.max_nodes = 6;
	space.engines = (1u << KVP_ENGINE_COUNT) - 1;
	space.n_w = 2;
	space.w[0] = plan.model.weights;
	memset(&space.w[1], 0, sizeof space.w[1]);
	space.w[1].dtype = KVP_W_FP8;
	kvp_search_opts_init(&opts);
	buf.cap_cfgs = 1u << 18;
	buf.cfgs = calloc(buf.cap_cfgs, sizeof buf.cfgs[0]);
	if (!buf.cfgs)
		exit(1);
	buf.answers = answers;
	buf.cap_answers = sizeof answers / sizeof answers[0];
	buf.misses = misses;
	buf.cap_misses = KVP_SEARCH_MAX_CARDS;
	buf.floor = floor_memo;
	buf.cap_floor = sizeof floor_memo / sizeof floor_memo[0];
	buf.scratch = &res;
	buf.work = &work;
	buf.solve = &sans;
}

/* Time `runs` rankings from the kept list; returns the last stats. */
static void time_rank(const char *name, uint32_t top, bool exhaustive,
                      uint32_t prune, bool slack, size_t runs,
                      const char *target)
{
	static uint64_t t[64];
	struct kvp_error err;
	uint64_t requests = plan.workload.classes[0].requests;
	size_t i;

	opts.top = top;
	opts.exhaustive = exhaustive;
	opts.prune = prune;
	opts.length_slack = slack;
	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		/* an edit: one request more or less each run, so nothing
		 * is reused (two workloads, alternating) */
		plan.workload.classes[0].requests += i % 2 ? 1 : -1;
		if (kvp_search_rank_list(&plan, &space, &opts, &buf, &out, &err))
			die(name, &err);
		t[i] = bench_now_ns() - t0;
	}
	plan.workload.classes[0].requests = requests;
	printf("bench search.%s: configurations %llu, computed %llu, same "
	       "plan %llu, pruned %llu, skipped %llu, fitting %llu%s\n", name,
	       (unsigned long long)out.stats.configurations,
	       (unsigned long long)out.stats.computed,
	       (unsigned long long)out.stats.same_plan,
	       (unsigned long long)out.stats.pruned,
	       (unsigned long long)out.stats.skipped,
	       (unsigned long long)out.stats.fitting,
	       out.stats.complete ? "" : " (among those computed)");
	if (!strcmp(name, "per_compute")) {
		for (i = 0; i < runs; i++)
			t[i] /= out.stats.computed ? out.stats.computed : 1;
	}
	bench_report(!strcmp(name, "per_compute") ? "search.per_compute" :
	             !strcmp(name, "ranked_top20") ? "search.ranked_top20" :
	             !strcmp(name, "refresh_top12") ? "search.refresh_top12" :
	             "search.exhaustive", t, runs, target);
}

/* The Deploy view after an edit, headless. */
static void time_tui(int lines, int cols, const char *name)
{
	static uint64_t t[31];
	FILE *fo = fopen("/dev/null", "w"), *fi = fopen("/dev/null", "r");
	struct tui_app *app;
	SCREEN *scr;
	size_t i, runs = sizeof t / sizeof t[0];
	char l[16], c[16];

	if (!fo || !fi)
		exit(1);
	snprintf(l, sizeof l, "%d", lines);
	snprintf(c, sizeof c, "%d", cols);
	setenv("LINES", l, 1);
	setenv("COLUMNS", c, 1);
	scr = newterm("xterm", fo, fi);
	if (!scr)
		exit(1);
	resizeterm(lines, cols);
	app = tui_app_new(&plan);
	if (!app)
		exit(1);
	tui_theme_init(&app->theme, true, false);
	tui_resize(app);
	tui_app_recompute(app);
	tui_set_section(app, TUI_SEC_DEPLOY);
	tui_render(app);   /* lists the configurations once */
	for (i = 0; i < runs; i++) {
		uint64_t t0 = bench_now_ns();

		app->plan.workload.classes[0].requests += i % 2 ? 1 : -1;
		tui_app_edited(app);
		tui_render(app);
		t[i] = bench_now_ns() - t0;
	}
	bench_report(name, t, runs, "<= 16 ms");
	tui_app_free(app);
	endwin();
	delscreen(scr);
	fclose(fo);
	fclose(fi);
}

int main(int argc, char **argv)
{
	static uint64_t t[16];
	struct kvp_error err;
	uint64_t fitting;
	size_t i;

	(void)argc;
	(void)argv;
	setup();
	for (i = 0; i < 9; i++) {
		uint64_t t0 = bench_now_ns();

		if (kvp_search_enumerate(&plan, &space, &opts, &buf, &out, &err))
			die("enumerate", &err);
		t[i] = bench_now_ns() - t0;
	}
	printf("bench search: %llu configurations (Llama-3.1-70B, 14 cards, "
	       "1-8 per node, 1-6 nodes, 6 engines, bf16 and fp8 weights)\n",
	       (unsigned long long)out.stats.configurations);
	bench_report("search.enumerate", t, 9, NULL);
	time_rank("ranked_top20", 20, false, KVP_PRUNE_ALL, true, 15,
	          "<= 50 ms");
	time_rank("refresh_top12", 12, false, KVP_PRUNE_ALL, false, 15,
	          "<= 16 ms");
	time_rank("exhaustive", 20, true, KVP_PRUNE_ALL, true, 3, NULL);
	fitting = out.stats.fitting;
	time_rank("per_compute", 20, true, 0, false, 3, NULL);
	/* the same workloads with and without the rules: one fitting count */
	printf("bench search: rules on and off agree on the fitting count: "
	       "%s (%llu, %llu)\n", fitting == out.stats.fitting ? "yes" : "NO",
	       (unsigned long long)fitting,
	       (unsigned long long)out.stats.fitting);
	time_tui(24, 80, "search.tui_refresh_80x24");
	time_tui(36, 120, "search.tui_refresh_120x36");
	free(buf.cfgs);
	return 0;
}
