/* model.c - names of the layer kinds (model.h). */
#include "kvplan/model.h"

static const char *const kind_names[KVP_LAYER_KIND_COUNT] = {
	[KVP_LAYER_FULL] = "full",
	[KVP_LAYER_SLIDING] = "sliding",
	[KVP_LAYER_CHUNKED] = "chunked",
	[KVP_LAYER_NONE] = "none",
	[KVP_LAYER_SHARED] = "shared",
	[KVP_LAYER_MLA] = "mla",
	[KVP_LAYER_FFN] = "ffn",
};

const char *kvp_layer_kind_name(enum kvp_layer_kind k)
{
	return (unsigned)k < KVP_LAYER_KIND_COUNT ? kind_names[k] : "?";
}
