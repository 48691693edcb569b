/*
 * hf_fam_smallthinker.c - SmallThinker's sliding_window_layout (model_type
 * smallthinker, PowerInfer's remote code configuration_smallthinker.py
 * SmallThinkerConfig: one 0 or 1 per layer, 1 a sliding layer of
 * sliding_window_size; the class copies them to sliding_window and
 * sliding_window_pattern "for vLLM"). llama.cpp (conversion/
 * smallthinker.py @80fb11a writes sliding_window when any entry is 1;
 * src/models/smallthinker.cpp load_arch_hparams then sets n_swa 4096 and
 * set_swa_pattern(4, true): every layer but il % 4 == 0 slides 4,096,
 * whatever the list and the size say). A list of zeros (the class
 * default) is every layer full in both; a list that is llama.cpp's
 * pattern with a size of 4,096 slides those layers by 4,096; any other
 * is refused naming the key: the engines disagree.
 */
#include <stdio.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

enum { LCPP_SWA = 4096, LCPP_PERIOD = 4 };

/* 1 where layer i slides, 0 not, into slide[]; any_out whether one does.
 * KVP_OK, or the error naming the entry. */
static enum kvp_status read_layout(struct cfg *c, uint32_t n, bool *slide,
                                   bool *any_out)
{
	char path[96], p2[128];
	const cJSON *a = hf_get(c, "sliding_window_layout", path, sizeof path);
	const cJSON *pat, *e;
	uint32_t i;

	*any_out = false;
	if (!a) {   /* the class default: [0] * num_hidden_layers */
		memset(slide, 0, n * sizeof *slide);
		return KVP_OK;
	}
	if (!cJSON_IsArray(a) || (uint32_t)cJSON_GetArraySize(a) != n)
		return hf_bad(c, path, a, "must list 0 or 1 for every layer "
		              "(SmallThinkerConfig asserts its length)");
	for (i = 0; i < n; i++) {
		e = cJSON_GetArrayItem(a, (int)i);
		if (!cJSON_IsNumber(e) ||
		    (e->valuedouble != 0 && e->valuedouble != 1)) {
			snprintf(p2, sizeof p2, "%s[%u]", path, i);
			return hf_bad(c, p2, e, "must be 0 (full) or 1 (sliding)");
		}
		slide[i] = e->valuedouble == 1;
		*any_out |= slide[i];
	}
	/* the class's copy for vLLM: the same list, else not its config */
	pat = hf_get(c, "sliding_window_pattern", p2, sizeof p2);
	if (pat && !cJSON_Compare(pat, a, true))
		return hf_bad(c, p2, pat, "differs from sliding_window_layout, "
		              "which SmallThinkerConfig copies into it");
	return KVP_OK;
}

enum kvp_status hf_fam_smallthinker(struct cfg *c, struct kvp_model *m,
                                    struct lay *L, bool *found)
{
	char path[96];
	bool slide[KVP_MAX_LAYERS], any;
	uint64_t size = LCPP_SWA, sw = 0;
	uint32_t i, n = m->n_layers;
	int r;

	if (n > KVP_MAX_LAYERS || read_layout(c, n, slide, &any) != KVP_OK)
		return c->err->status;
	if ((r = hf_uint(c, "sliding_window_size", 1, DIM_MAX, &size)) < 0 ||
	    (r = hf_uint(c, "sliding_window", 1, DIM_MAX, &sw)) < 0)
		return c->err->status;
	if (sw && sw != size)
		return hf_bad(c, "sliding_window", hf_get(c, "sliding_window",
		              path, sizeof path), "differs from "
		              "sliding_window_size, which SmallThinkerConfig "
		              "copies into it");
	for (i = 0; any && i < n; i++)
		if (slide[i] != (i % LCPP_PERIOD != 0))
			return hf_bad(c, "sliding_window_layout", hf_get(c,
			              "sliding_window_layout", path, sizeof path),
			              "not llama.cpp's pattern: smallthinker.cpp "
			              "slides every layer but il % 4 == 0 whenever "
			              "one slides, the remote code the layers the "
			              "list names; the engines disagree");
	if (any && size != LCPP_SWA)
		return hf_bad(c, "sliding_window_size", hf_get(c,
		              "sliding_window_size", path, sizeof path),
		              "llama.cpp's smallthinker.cpp slides 4,096 "
		              "positions whatever it says; the engines disagree");
	for (i = 0; i < n; i++) {
		L[i].kind = slide[i] ? KVP_LAYER_SLIDING : KVP_LAYER_FULL;
		L[i].window = slide[i] ? LCPP_SWA : 0;
	}
	*found = true;
	return KVP_OK;
}
