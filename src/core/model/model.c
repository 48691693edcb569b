/* model.c - names of the layer kinds, weight sources and tensor groups
 * (model.h). */
#include "kvplan/model.h"

static const char *const kind_names[KVP_LAYER_KIND_COUNT] = {
	[KVP_LAYER_FULL] = "full",
	[KVP_LAYER_SLIDING] = "sliding",
	[KVP_LAYER_CHUNKED] = "chunked",
	[KVP_LAYER_NONE] = "none",
	[KVP_LAYER_SHARED] = "shared",
	[KVP_LAYER_MLA] = "mla",
	[KVP_LAYER_FFN] = "ffn",
	[KVP_LAYER_COMPRESSED] = "compressed",
};

const char *kvp_layer_kind_name(enum kvp_layer_kind k)
{
	return (unsigned)k < KVP_LAYER_KIND_COUNT ? kind_names[k] : "?";
}

static const char *const wsource_names[KVP_WSRC_COUNT] = {
	[KVP_WSRC_ESTIMATE] = "estimated",
	[KVP_WSRC_GGUF] = "from GGUF tensors",
	[KVP_WSRC_SAFETENSORS] = "from safetensors headers",
};

const char *kvp_wsource_name(enum kvp_wsource s)
{
	return (unsigned)s < KVP_WSRC_COUNT ? wsource_names[s] : "?";
}

static const char *const tgroup_names[KVP_TG_COUNT] = {
	[KVP_TG_EMBED] = "embeddings",
	[KVP_TG_ATTN] = "attention",
	[KVP_TG_MLP] = "mlp",
	[KVP_TG_NORM] = "norms",
	[KVP_TG_LM_HEAD] = "lm_head",
	[KVP_TG_TOWER] = "towers",
	[KVP_TG_MTP] = "mtp",
	[KVP_TG_OTHER] = "other",
};

const char *kvp_tgroup_name(enum kvp_tgroup g)
{
	return (unsigned)g < KVP_TG_COUNT ? tgroup_names[g] : "?";
}
