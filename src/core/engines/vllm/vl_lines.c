/*
 * vl_lines.c - the lines vLLM's log prints about its KV cache, as a
 * table: one row per line (or family of lines), the releases that print
 * it (era.c) and where vLLM prints it. The rows print in table order; a
 * new wording in a release is a row whose era says when, beside the old
 * one marked VL_WITHOUT that era.
 */
#include <stdio.h>  /* snprintf into result buffers only */

#include "core/engines/engine_priv.h"
#include "core/engines/vllm/vl_lines.h"
#include "kvplan/era.h"

static void vl_line_raised(const struct vl_ctx *c, const struct vl_pool *pl)
{
	if (pl->all.raised_block)
		eng_line(c->res, "Setting attention block size to %llu tokens to "
		         "ensure that attention page size is >= mamba page size.",
		         (unsigned long long)pl->all.raised_block);
}

static void vl_line_mamba_pad(const struct vl_ctx *c, const struct vl_pool *pl)
{
	const struct vl_groups *g = &pl->all;

	if (g->mamba_page && g->page > g->mamba_page)
		eng_line(c->res, "Padding mamba page size by %.2f%% to ensure that "
		         "mamba page size and attention page size are exactly equal.",
		         100.0 * (double)(g->page - g->mamba_page) /
		         (double)g->mamba_page);
}

/* one warning per layer type that does not fill its groups */
static void vl_line_padding(const struct vl_ctx *c, const struct vl_pool *pl)
{
	const struct vl_groups *g = &pl->all;
	uint32_t i;

	for (i = 0; !g->uniform_type && i < g->n_types; i++) {
		uint32_t pad = g->group_size - g->t[i].count % g->group_size;

		if (pad != g->group_size)
			eng_line(c->res, "Add %u padding layers, may waste at most "
			         "%.2f%% KV cache memory",
			         pad, 100.0 * pad / (double)g->t[i].count);
	}
}

/* V0 prints blocks, in its own words; CPU (swap) blocks = swap_space //
 * page, swap_space 4 GiB by default (EngineArgs.swap_space) */
static void vl_line_v0_blocks(const struct vl_ctx *c, const struct vl_pool *pl)
{
	struct kvp_engine_result *e = &c->res->engine;

	snprintf(e->lines_wording, sizeof e->lines_wording, "%s", e->release);
	eng_line(c->res, "# GPU blocks: %llu, # CPU blocks: %llu",
	         (unsigned long long)pl->num_blocks,
	         (unsigned long long)((4ull << 30) / e->stage_page_bytes));
}

static void vl_line_tokens(const struct vl_ctx *c, const struct vl_pool *pl)
{
	char a[40];

	eng_line(c->res, "GPU KV cache size: %s tokens",
	         eng_commas(pl->tokens, a, sizeof a));
}

static void vl_line_concurrency(const struct vl_ctx *c, const struct vl_pool *pl)
{
	const struct kvp_engine_result *e = &c->res->engine;
	char b[40];

	eng_line(c->res, "Maximum concurrency for %s tokens per request: "
	         "%llu.%02llux", eng_commas(c->max_len, b, sizeof b),
	         (unsigned long long)(e->concurrency_x100 / 100),
	         (unsigned long long)(e->concurrency_x100 % 100));
}

static const struct vl_line_row {
	enum vl_when when;
	enum kvp_era_rule era;
	void (*print)(const struct vl_ctx *, const struct vl_pool *);
	const char *source;
} line_rows[] = {
	{ VL_ALWAYS, 0, vl_line_raised,
	  "vllm/platforms/interface.py (models/config.py "
	  "HybridAttentionMambaModelConfig before): 'Setting attention block "
	  "size to %d tokens ...'" },
	{ VL_ALWAYS, 0, vl_line_mamba_pad,
	  "the same function: 'Padding mamba page size by %.2f%% ...'" },
	{ VL_ALWAYS, 0, vl_line_padding,
	  "vllm/v1/core/kv_cache_utils.py, grouping by page size: 'Add %d "
	  "padding layers, may waste at most %.2f%% KV cache memory'" },
	{ VL_WITHOUT, KVP_ERA_VLLM_V1, vl_line_v0_blocks,
	  "V0: vllm/executor/executor_base.py initialize_cache ('# %s blocks: "
	  "%d, # CPU blocks: %d', GPU on CUDA)" },
	{ VL_WITH, KVP_ERA_VLLM_V1, vl_line_tokens,
	  "V1: kv_cache_utils.py ('GPU KV cache size: %s tokens'; N by era.c "
	  "KVP_ERA_VLLM_CAPACITY_TOKENS, update_kv_cache_capacity at main)" },
	{ VL_ALWAYS, 0, vl_line_concurrency,
	  "kv_cache_utils.py, and V0 executor_base.py: 'Maximum concurrency "
	  "for %s tokens per request: %.2fx'" },
};

void vl_lines(const struct vl_ctx *c, const struct vl_pool *pl)
{
	size_t r;

	for (r = 0; r < sizeof line_rows / sizeof line_rows[0]; r++)
		if (vl_applies(c, line_rows[r].when, line_rows[r].era))
			line_rows[r].print(c, pl);
}
