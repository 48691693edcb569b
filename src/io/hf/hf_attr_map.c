/*
 * hf_attr_map.c - a configuration class's attribute_map for the sizes
 * sizes() (hf_import.c) reads, where the name it saves is one no other
 * family's config gives that meaning: transformers maps
 * config.num_attention_heads to the saved key, so the class's model
 * reads it as the heads. One row per family and key, with its source
 * (issue 35t). Families whose saved names every reader shares (n_head,
 * n_layer, n_embd, d_model, num_layers; hf_import.c sizes()) need no
 * row; intermediate_size's is read by hf_weights.c dense_mlp().
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

struct attr_alias {
	const char *model_type;
	const char *key;        /* the name kvplan reads */
	const char *saved;      /* the name the class saves */
	const char *source;
};

static const struct attr_alias rows[] = {
	{ "gpt_neo", "num_attention_heads", "num_heads",
	  "transformers configuration_gpt_neo.py GPTNeoConfig attribute_map "
	  "(num_attention_heads: num_heads, num_hidden_layers: num_layers)" },
	{ "xglm", "num_attention_heads", "attention_heads",
	  "transformers configuration_xglm.py XGLMConfig attribute_map "
	  "(num_attention_heads: attention_heads, hidden_size: d_model, "
	  "num_hidden_layers: num_layers)" },
	{ "ctrl", "intermediate_size", "dff",
	  "transformers modeling_ctrl.py point_wise_feed_forward_network "
	  "(n_embd, dff)" },
};

const char *hf_attr_alias(const char *model_type, const char *key)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].model_type, model_type) &&
		    !strcmp(rows[i].key, key))
			return rows[i].saved;
	return NULL;
}
