/*
 * hf_loops.c - looped transformers (issue 35): families whose decoder
 * runs its layers several times a token, each pass with an attention
 * cache of its own per layer. vLLM builds one Attention per pass in every
 * decoder layer, prefixed layers.{pass x num_hidden_layers + i}: distinct
 * vLLM layers, so its KV grouping, pages and window rules take them as
 * any layer. kvplan holds them as num_hidden_layers x passes cache layers
 * in vLLM's order (pass 0's layers first), model.loops the passes: only
 * the first num_hidden_layers carry weights (kvp_weight_layers).
 *
 * A family is a row of loop_rows[]: the key giving the passes and its
 * default (the getattr default of vLLM's file, or the converter's), and for a family whose
 * later passes slide, the key of their window and its default. Its row
 * of hf_family.c names hf_fam_loop, which checks the keys vLLM's file
 * leaves to the cache config (the window) before the passes are laid out.
 * The engines that size the passes: engine_compute.c eng_rows[] no_loops;
 * a family one of them does not serve, a row of its model_rows[].
 * llama.cpp's looped architecture (Nanbeige's num_loops) numbers its
 * caches the same way (layer i of loop j is i + j x layers).
 */
#include <stdio.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

struct loop_row {
	const char *model_type;
	const char *key;         /* the passes */
	uint32_t passes;         /* its default */
	const char *win_key;     /* passes after the first slide: their
	                            window; NULL: every pass as the first */
	uint32_t window;         /* its default */
	const char *source;
};

static const struct loop_row loop_rows[] = {
	{ "ouro", "total_ut_steps", 4, NULL, 0,
	  "vLLM ouro.py @17122791 OuroAttention: getattr(config, "
	  "'total_ut_steps', 4) Attention modules with the model's "
	  "cache_config, prefix layers.{ut_step x num_hidden_layers + i}" },
	{ "iquestloopcoder", "loop_num", 2, "loop_window_size", 64,
	  "vLLM iquest_loopcoder.py @045d7575 LoopCoderAttention: "
	  "getattr(config, 'loop_num', 2) Attention modules, prefix "
	  "layers.{loop_idx x num_hidden_layers + i}; loop 0 with the "
	  "model's cache_config, loops >= 1 with sliding_window = "
	  "getattr(config, 'loop_window_size', 64)" },
	/* issue 35: llama.cpp alone serves Nanbeige; its loops are caches
	 * of their own, numbered pass after pass as vLLM's are */
	{ "nanbeige", "num_loops", 1, NULL, 0,
	  "llama.cpp @80fb11a conversion/nanbeige.py (num_loops, 1 when "
	  "absent) and src/models/nanbeige.cpp load_arch_hparams: "
	  "n_layer_all = layers x num_loops, layer i + j x n_layer_phys a "
	  "copy of layer i's heads and widths; load_arch_tensors shares the "
	  "physical weights across loops, 'each slot still has its own KV "
	  "index'" },
};

static const struct loop_row *loop_row(const struct cfg *c)
{
	size_t i;

	for (i = 0; c->fam && i < sizeof loop_rows / sizeof loop_rows[0]; i++)
		if (!strcmp(c->fam->model_type, loop_rows[i].model_type))
			return &loop_rows[i];
	return NULL;
}

/* A key of the row, or its default with a note (none for a default of
 * one pass: the family is then a plain decoder). */
static int row_value(struct cfg *c, const char *key, uint32_t def,
                     uint64_t max, uint64_t *out)
{
	int r = hf_uint(c, key, 1, max, out);

	if (r == 0) {
		*out = def;
		if (def > 1)
			hf_note(c, "%s absent: %u (the default of the code the "
			        "family's row cites)", key, def);
	}
	return r;
}

/*
 * The layout function of a looped family's row: every real layer full
 * attention, as vLLM's file builds pass 0 (its Attention takes the
 * model's cache_config, whose sliding_window vLLM's ModelConfig sets
 * from the config unless use_sliding_window is false). A window on every
 * pass (use_sliding_window true, or sliding_window without
 * use_sliding_window) is refused naming the key: which window each
 * pass's Attention would take beside loop_window_size was not read. A
 * layer_types naming another kind is refused too: the files read no
 * layer_types.
 */
enum kvp_status hf_fam_loop(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found)
{
	char path[96];
	uint64_t win = 0;
	bool sw = false;
	uint32_t i;
	int r = hf_bool(c, "use_sliding_window", &sw);

	if (r < 0 || hf_uint(c, "sliding_window", 1, UINT32_MAX, &win) < 0)
		return c->err->status;
	if (sw)
		return hf_bad(c, "use_sliding_window", hf_get(c,
		              "use_sliding_window", path, sizeof path),
		              "true: vLLM would give every pass's Attention "
		              "the model's window, a layout kvplan has not "
		              "read; refused");
	if (r == 0 && win)
		return hf_bad(c, "sliding_window", hf_get(c, "sliding_window",
		              path, sizeof path), "without use_sliding_window "
		              "false: vLLM's ModelConfig would give it to every "
		              "pass's Attention, a layout kvplan has not read; "
		              "refused");
	for (i = 0; i < m->n_layers; i++)
		if (L[i].kind != KVP_LAYER_FULL)
			return hf_bad(c, "layer_types", hf_get(c, "layer_types",
			              path, sizeof path), "a layer other than "
			              "full attention: vLLM's looped models read "
			              "no layer_types, every pass 0 layer is full; "
			              "refused");
	hf_superseded(c, "max_window_layers");
	*found = true;
	return hf_fam_wnote(c, m, L, found);
}

/* The passes after the first: real layer i's cache of pass p is layer
 * p x n + i, as the first pass's or sliding over the row's window. */
enum kvp_status hf_loops(struct cfg *c, struct kvp_model *m, struct lay *L)
{
	const struct loop_row *row = loop_row(c);
	uint64_t passes = 0, win = 0;
	uint32_t n = m->n_layers, p, i;
	char why[96], path[96];

	if (!row)
		return KVP_OK;
	if (row_value(c, row->key, row->passes, KVP_MAX_LAYERS, &passes) < 0 ||
	    (row->win_key && row_value(c, row->win_key, row->window,
	                               UINT32_MAX, &win) < 0))
		return c->err->status;
	if (passes * n > KVP_MAX_LAYERS) {
		snprintf(why, sizeof why, "x %u layers is %llu caches, more "
		         "than kvplan's %d layers", n,
		         (unsigned long long)(passes * n), KVP_MAX_LAYERS);
		return hf_bad(c, row->key, hf_get(c, row->key, path,
		              sizeof path), why);
	}
	for (p = 1; p < passes; p++)
		for (i = 0; i < n; i++) {
			L[p * n + i] = L[i];
			if (row->win_key) {
				L[p * n + i].kind = KVP_LAYER_SLIDING;
				L[p * n + i].window = (uint32_t)win;
			}
		}
	if (passes == 1)
		return KVP_OK;   /* one pass: a plain decoder */
	m->n_layers = (uint32_t)(passes * n);
	m->loops = (uint32_t)passes;
	hf_note(c, "%s %llu: %u cache layers, pass after pass (the engine's "
	        "order); the first %u carry the weights", row->key,
	        (unsigned long long)passes, m->n_layers, n);
	return KVP_OK;
}

/*
 * HRM-Text (hrm_text): two stacks (H and L) of num_layers_per_stack
 * layers run in nested cycles; vLLM hrm_text.py @055e47c2
 * HrmTextAttention gives each (step, layer) its own Attention, steps
 * 0 .. H_cycles x (L_cycles + 1) - 1 (the L stack's H x L, the H
 * stack's H), prefix layers.{step x num_layers_per_stack + i}: that many
 * cache layers in vLLM's order, each MHA (num_attention_heads K and V
 * heads of head_dim). transformers HrmTextConfig (@70eb7079) writes
 * num_layers_per_stack beside an inflated num_hidden_layers, or, in a
 * legacy file without it, num_hidden_layers is the per-stack count;
 * H_cycles 2, L_cycles 3 by default. kvplan holds them as the 2 x
 * num_layers_per_stack real layers times model.loops passes, so the
 * weights count both stacks: H_cycles x (L_cycles + 1) odd has no such
 * split and is refused naming H_cycles.
 */
static int hrm_key(struct cfg *c, const char *key, uint32_t def,
                   uint64_t *out)
{
	int r = hf_uint(c, key, 1, KVP_MAX_LAYERS, out);

	if (r == 0) {
		*out = def;
		hf_note(c, "%s absent: %u (transformers HrmTextConfig)", key,
		        def);
	}
	return r;
}

enum kvp_status hf_fam_hrm(struct cfg *c, struct kvp_model *m,
                           struct lay *L, bool *found)
{
	uint64_t hc = 0, lc = 0, per = 0, steps, caches;
	uint32_t i;
	int r;
	char path[96];

	if (hrm_key(c, "H_cycles", 2, &hc) < 0 ||
	    hrm_key(c, "L_cycles", 3, &lc) < 0 ||
	    (r = hf_uint(c, "num_layers_per_stack", 1, KVP_MAX_LAYERS,
	                 &per)) < 0)
		return c->err->status;
	if (r == 0)
		per = m->n_layers;   /* a legacy file: the per-stack count */
	else
		hf_superseded(c, "num_hidden_layers");
	steps = hc * (lc + 1);
	caches = steps * per;
	if (steps % 2 || caches > KVP_MAX_LAYERS)
		return hf_bad(c, "H_cycles", hf_get(c, "H_cycles", path,
		              sizeof path), steps % 2 ? "x (L_cycles + 1) odd: "
		              "no whole number of passes over both stacks' "
		              "layers" : "more caches than kvplan's layers");
	for (i = 0; i < caches; i++) {
		memset(&L[i], 0, sizeof L[i]);
		L[i].kind = m->base.kind;
	}
	m->n_layers = (uint32_t)caches;
	m->loops = (uint32_t)(steps / 2);
	hf_note(c, "HRM-Text: %llu steps x %llu layers a stack = %u cache "
	        "layers (vLLM hrm_text.py); the weights are the two stacks' "
	        "%llu layers", (unsigned long long)steps,
	        (unsigned long long)per, m->n_layers,
	        (unsigned long long)(2 * per));
	*found = true;
	return KVP_OK;
}
