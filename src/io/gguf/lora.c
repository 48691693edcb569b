/* lora.c - a --lora file as llama-adapter.cpp checks it (lora.h). */
#include <string.h>

#include "io/gguf/lora.h"

/* get_kv_str of llama-adapter.cpp: the string, "" when absent. A value
 * of another type is given as its kind, for the message only. */
static const char *kv_str(const struct kvp_gguf *g, const char *key)
{
	const struct kvp_gguf_kv *v = kvp_gguf_find(g, key);

	if (!v)
		return "";
	return v->type == KVP_GGUF_STRING ? v->str : "(not a string)";
}

enum kvp_status kvp_lora_check(const struct kvp_gguf *g, const char *name,
                               struct kvp_error *err)
{
	const char *type = kv_str(g, "general.type");

	if (strcmp(type, "adapter") != 0)
		return kvp_error_set(err, KVP_EREFUSED, "'%s' - expect general.type "
		       "to be 'adapter', but got: %s (llama.cpp's llama-adapter.cpp "
		       "refuses it: not a LoRA adapter file)", name, type);
	type = kv_str(g, "adapter.type");
	if (strcmp(type, "lora") != 0)
		return kvp_error_set(err, KVP_EREFUSED, "'%s' - expect adapter.type "
		       "to be 'lora', but got: %s (llama.cpp's llama-adapter.cpp "
		       "refuses it)", name, type);
	return KVP_OK;
}
