/*
 * hf_fam_dots1.c - dots.llm1's max_window_layers. transformers
 * configuration_dots1.py Dots1Config.__post_init__ slides layer i when
 * sliding_window is set and i >= max_window_layers; vLLM dots1.py
 * @00bd1493 builds Attention with no per-layer window, so the model-level
 * window (the config's sliding_window) covers every layer. Without a
 * sliding_window neither slides any layer and max_window_layers changes
 * nothing: read. With one, the two disagree: refused naming the key.
 */
#include "io/hf/hf_cfg.h"

enum kvp_status hf_fam_dots1(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	char path[96];
	const cJSON *v = hf_get(c, "max_window_layers", path, sizeof path);

	(void)m;
	(void)L;
	(void)found;
	if (!v || !hf_has(c, "sliding_window"))
		return KVP_OK;   /* read: no window in either engine */
	return hf_bad(c, path, v, "with sliding_window, transformers slides "
	              "the layers from this one on and vLLM dots1.py every "
	              "layer: the engines disagree, refused");
}
