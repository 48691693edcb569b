/*
 * lc_words.c - the words of llama.cpp's cache lines by build (lc_words.h).
 * A row is a wording seen, line for line, in public logs of builds
 * `first` to `last`; a build between two rows, or after the last, gets
 * today's words with the label the front ends print ("in the words of
 * 84f71294; bNNNN may word some lines otherwise"). Adding a wording is a
 * row here and its lines in tests/data/logs/lc_words.tsv.
 *
 * The logs are llama.cpp's own CI runs, kept in the public repository
 * ggml-org/ci as llama.cpp/<commit>/<runner>/README.md: each prints the
 * build ("I build: 4445 (c07d437b)") and, for bge-small's embedding run,
 * the cache's lines. CI also ran branches (gg/llama-kv-cache printed
 * llama_context at its own "4606"), whose counts are not release tags:
 * a row's ends are commits merged to master, their titles naming the PR
 * ("(#11061)"). The builds around each change:
 *   b4343 (0006f5a7, 2024-12-17) no kv_size line; b4445 (c07d437b,
 *     2025-01-08) "llama_kv_cache_init: kv_size = 512, offload = 1, ..."
 *   b4462 (c05e8c99, 2025-01-11) llama_new_context_with_model; b4482
 *     (c5bf0d1b, 2025-01-14) llama_init_from_model (the function's rename)
 *   b4878 (80a02aa8, 2025-03-12) llama_init_from_model and
 *     llama_kv_cache_init; b4881 (e0dbec0b, 2025-03-13, the merge of PR
 *     #12181, the llama_context refactor) llama_context and the bare
 *     "init:" of llama_kv_cache_unified::init
 *   b2408 no output buffer line; b2605 "CPU  output buffer size"
 *   b4009 no n_ctx_per_seq; b4016 "n_ctx_per_seq = 512" in the context's
 *     parameters and the warning in its gemma run
 * A row words the n_ctx warning ("n_ctx_per_seq (N) < n_ctx_train (M) --
 * the full capacity of the model will not be utilized") only when a run
 * of a master build in it printed the warning: b4016 (42cadc74) and b4843
 * (776f9e59, gemma-1.1-2b at -c 4096, whose KV, output buffer and warning
 * lines calc reproduces); the branch runs that printed it from
 * llama_context ("4585", "4815") do not count.
 * A row words no SWA pair and no recurrent state (NULL): before b5531
 * there was no SWA cache, and the old recurrent lines are not read here.
 */
#include <stdio.h>   /* snprintf into the result only */

#include "core/engines/llamacpp/lc_words.h"
#include "kvplan/era.h"

#define CI "ggml-org/ci llama.cpp/"

static const struct lc_words rows[] = {
	{ "b2605", "b4009", "llama_new_context_with_model", NULL,
	  "llama_kv_cache_init", LC_KV_LINE_NONE, LC_SIZE_SELF,
	  "llama_new_context_with_model", NULL, NULL,
	  CI "8120efee (b2605, PR #6478), 418f5eef (b4009, PR #9898)", false, false },
	{ "b4016", "b4343", "llama_new_context_with_model", "n_ctx_per_seq",
	  "llama_kv_cache_init", LC_KV_LINE_NONE, LC_SIZE_SELF,
	  "llama_new_context_with_model", NULL, NULL,
	  CI "42cadc74 (b4016, PR #10126, the warning), 0006f5a7 (b4343, PR #10867)", false, false },
	{ "b4445", "b4462", "llama_new_context_with_model", NULL,
	  "llama_kv_cache_init", LC_KV_LINE_OFFLOAD, LC_SIZE_SELF,
	  "llama_new_context_with_model", NULL, NULL,
	  CI "c07d437b (b4445, PR #11061), c05e8c99 (b4462, PR #11180)", false, false },
	{ "b4482", "b4878", "llama_init_from_model", "n_ctx_per_seq",
	  "llama_kv_cache_init", LC_KV_LINE_OFFLOAD, LC_SIZE_SELF,
	  "llama_init_from_model", NULL, NULL,
	  CI "c5bf0d1b (b4482, PR #11221), 776f9e59 (b4843, PR #12094, the "
	  "warning), 80a02aa8 (b4878, PR #12353)", false, false },
	{ "b4881", "b4921", "llama_context", NULL,
	  "init", LC_KV_LINE_OFFLOAD, LC_SIZE_SELF,
	  "llama_context", NULL, NULL,
	  CI "e0dbec0b (b4881, PR #12181 itself), c446b2ed (b4921, PR #12406)", false, false },
	/* ggml-org/llama.cpp issue #18258: "version: 7495 (4117ae555)" and
	 * its log, a 28-layer q8_0 cache of 20224 cells, in one description
	 * (the compute buffers still from llama_context; 2026 builds print
	 * them from sched_reserve) */
	{ "b7495", "b7495", "llama_context", "n_ctx_seq",
	  "llama_kv_cache", LC_KV_LINE_NONE, LC_SIZE_CELLS_STREAMS,
	  NULL, NULL, NULL,
	  "https://github.com/ggml-org/llama.cpp/issues/18258", false, false },
	/* the build node-llama-cpp 3.21.1 ships, run by make check-live
	 * (tests/live/): llama.cpp tag v0.4.0, commit 5b4ebc5, 2026-09-12;
	 * the recurrent line adds P (llama-memory-recurrent.cpp) */
	{ "v0.4.0", "v0.4.0", "llama_context", "n_ctx_seq",
	  "llama_kv_cache", LC_KV_LINE_NONE, LC_SIZE_CELLS_STREAMS,
	  NULL, "llama_kv_cache_iswa", "llama_memory_recurrent",
	  "llama.cpp v0.4.0 (node-llama-cpp 3.21.1), make check-live", true,
	  true },
};

/* Today's words (84f71294; the recurrent line's rs_seq from b9180,
 * tests/data/logs/llamacpp-23269.log). No band: a named build is worded
 * by the rows above or labelled. */
static const struct lc_words current = {
	NULL, NULL, "llama_context", "n_ctx_seq",
	"llama_kv_cache", LC_KV_LINE_NONE, LC_SIZE_CELLS_STREAMS,
	NULL, "llama_kv_cache_iswa", "llama_memory_recurrent",
	"llama.cpp 84f71294 (tests/reference/ENGINES.md)", false, true
};

const struct lc_words *lc_words_current(void)
{
	return &current;
}

/* The row whose builds include `build` ("b4462"), or NULL: no row, and
 * the front ends label today's words as someone else's. */
static const struct lc_words *lc_words_at(const char *build)
{
	unsigned long b, lo, hi;
	size_t i;

	if (!kvp_llamacpp_build(build, &b))
		return NULL;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (kvp_llamacpp_build(rows[i].first, &lo) &&
		    kvp_llamacpp_build(rows[i].last, &hi) && lo <= b && b <= hi)
			return &rows[i];
	return NULL;
}

const struct lc_words *lc_words_of(const struct kvp_engine_result *e)
{
	const struct lc_words *w = lc_words_at(e->lines_wording);

	return w ? w : &current;
}

const struct lc_words *lc_words_choose(struct kvp_engine_result *e,
                                       const char *build, unsigned needs)
{
	const struct lc_words *w = build[0] ? lc_words_at(build) : NULL;

	if (!w || ((needs & LC_NEED_TODAY) && !w->today) ||
	    ((needs & LC_NEED_ISWA) && !w->iswa) ||
	    ((needs & LC_NEED_RS) && !w->rs) ||
	    ((needs & LC_NEED_WARN) && !w->ctx_seq))
		return &current;   /* e->lines_wording stays the current release */
	snprintf(e->lines_wording, sizeof e->lines_wording, "%s", build);
	return w;
}
