/*
 * hf_text_defaults.c - the configuration class's defaults for the keys a
 * VLM's text_config leaves out. transformers saves a composite config's
 * sub-config as its difference from the wrapper's default one
 * (PretrainedConfig.to_diff_dict), so llava-1.5's text_config names no
 * num_hidden_layers (32, LlamaConfig's default); loading rebuilds it as
 * CONFIG_MAPPING[model_type](**text_config) (LlavaConfig and the other
 * wrappers), every absent key the class default, and the engines serve
 * that config (vLLM through transformers' AutoConfig). One row per text
 * model_type whose class defaults were read; the keys it fills are the
 * sizes the cache and weights need. Applied only inside a wrapper, only
 * where the text model and the top level both leave the key out, each
 * named in a note. sliding_window is never filled: whether the engines
 * slide a layer is the family's rule, read from keys the config has.
 */
#include <stdint.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

struct text_defaults {
	const char *model_type;
	uint64_t layers, hidden, heads;
	uint64_t kv_heads;          /* 0: as many as the query heads */
	uint64_t intermediate, positions, vocab;
	uint64_t head_dim;          /* 0: hidden_size / heads, not filled */
	const char *source;
};

static const struct text_defaults rows[] = {
	{ "llama", 32, 4096, 32, 0, 11008, 2048, 32000, 0,
	  "transformers configuration_llama.py LlamaConfig (num_key_value_heads "
	  "None: num_attention_heads)" },
	{ "mistral", 32, 4096, 32, 8, 14336, 131072, 32000, 0,
	  "transformers configuration_mistral.py MistralConfig" },
	{ "qwen2", 32, 4096, 32, 32, 22016, 32768, 151936, 0,
	  "transformers configuration_qwen2.py Qwen2Config" },
	/* gemma-3-12b-it's text_config names its heads but not head_dim 256
	 * (hidden 3,840 / 16 heads would be 240); gemma-3-4b-it names
	 * neither its 8 heads nor its 4 KV heads */
	{ "gemma3_text", 26, 2304, 8, 4, 9216, 131072, 262208, 256,
	  "transformers configuration_gemma3.py Gemma3TextConfig" },
};

static bool absent(struct cfg *c, const cJSON *text, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(text, key);

	if (v && !cJSON_IsNull(v))
		return false;
	v = cJSON_GetObjectItemCaseSensitive(c->root, key);
	return !v || cJSON_IsNull(v);
}

static void fill(struct cfg *c, cJSON *text, const struct text_defaults *d,
                 const char *key, uint64_t value)
{
	if (!absent(c, text, key))
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(text, key);   /* a null */
	cJSON_AddNumberToObject(text, key, (double)value);
	hf_note(c, "%s.%s absent: %llu, the %s default (transformers saves a "
	        "text_config without its class's default values)", c->text_key,
	        key, (unsigned long long)value, d->model_type);
}

void hf_text_defaults(struct cfg *c, cJSON *text)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(text, "model_type");
	const cJSON *h;
	size_t i;

	if (!text || !cJSON_IsString(mt))
		return;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct text_defaults *d = &rows[i];

		if (strcmp(d->model_type, mt->valuestring))
			continue;
		fill(c, text, d, "num_hidden_layers", d->layers);
		fill(c, text, d, "hidden_size", d->hidden);
		fill(c, text, d, "num_attention_heads", d->heads);
		h = cJSON_GetObjectItemCaseSensitive(text, "num_attention_heads");
		if (cJSON_IsNumber(h) && h->valuedouble >= 1)
			fill(c, text, d, "num_key_value_heads", d->kv_heads ?
			     d->kv_heads : (uint64_t)h->valuedouble);
		fill(c, text, d, "intermediate_size", d->intermediate);
		fill(c, text, d, "max_position_embeddings", d->positions);
		fill(c, text, d, "vocab_size", d->vocab);
		if (d->head_dim)
			fill(c, text, d, "head_dim", d->head_dim);
		return;
	}
}
