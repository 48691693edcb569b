/*
 * hf_nested.c - configs that keep their decoder under a key of their own,
 * with key names of their own (Moondream 3: config.text's dim, n_layers,
 * n_heads, n_kv_heads; vLLM transformers_utils/configs/moondream3.py):
 * the decoder object becomes the text model (c->text), created empty when
 * the file leaves it out (the class then builds its defaults), and each
 * name the class maps is copied to the name kvplan reads, its class
 * default written when the file gives neither (noted): the class takes
 * those sizes from the decoder object alone, never from the top level,
 * so nothing falls back there. One row per family: where the decoder
 * lives, its text model_type, and the class's name map and defaults,
 * with its source.
 *
 * Adding one: a row here, a wrapper_text row naming the text model_type
 * (hf_text_defaults.c) and a family row for it (hf_family.c).
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

struct nested_key {
	const char *sub;        /* NULL: the decoder object; else a child
	                           object of it (moe) */
	const char *saved;      /* the class's name */
	const char *key;        /* the name kvplan reads */
	uint64_t def;           /* the class default */
};

struct nested_row {
	const char *model_type;
	const char *parent, *child;   /* root[parent][child] */
	const char *path;             /* "parent.child", for messages */
	const struct nested_key *keys;
	const char *source;
};

/* Moondream3TextConfig (vLLM transformers_utils/configs/moondream3.py
 * @b801fe03): hidden_size = dim, num_attention_heads = n_heads,
 * num_key_value_heads = n_kv_heads, num_hidden_layers = n_layers,
 * intermediate_size = ff_dim, max_position_embeddings = max_context;
 * moe.get("n_experts", 64), moe.get("n_experts_per_tok", 8),
 * moe.get("expert_inner_dim", 1024), moe.get("start_layer", 4) (moe =
 * moe or {}: the experts are there whatever the file says); the
 * __init__ defaults dim 2048, ff_dim 8192, n_layers 24, vocab_size
 * 51200, max_context 4096, n_heads 32, n_kv_heads 32 */
static const struct nested_key moondream3_keys[] = {
	{ NULL, "dim", "hidden_size", 2048 },
	{ NULL, "n_layers", "num_hidden_layers", 24 },
	{ NULL, "n_heads", "num_attention_heads", 32 },
	{ NULL, "n_kv_heads", "num_key_value_heads", 32 },
	{ NULL, "ff_dim", "intermediate_size", 8192 },
	{ NULL, "max_context", "max_position_embeddings", 4096 },
	{ NULL, "vocab_size", "vocab_size", 51200 },
	{ "moe", "n_experts", "num_local_experts", 64 },
	{ "moe", "n_experts_per_tok", "num_experts_per_tok", 8 },
	{ "moe", "expert_inner_dim", "moe_intermediate_size", 1024 },
	{ "moe", "start_layer", "first_k_dense_replace", 4 },
	{ NULL, NULL, NULL, 0 }
};

static const struct nested_row rows[] = {
	{ "moondream3", "config", "text", "config.text", moondream3_keys,
	  "vLLM transformers_utils/configs/moondream3.py @b801fe03 "
	  "Moondream3Config (text_config = Moondream3TextConfig(**config."
	  "get(\"text\", {})))" },
};

/* obj[name] as an object, added empty when absent; NULL when it is
 * something else (the caller refuses it). */
static cJSON *object_at(cJSON *obj, const char *name)
{
	cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

	if (!v || cJSON_IsNull(v)) {
		cJSON_DeleteItemFromObjectCaseSensitive(obj, name);
		return cJSON_AddObjectToObject(obj, name);
	}
	return cJSON_IsObject(v) ? v : NULL;
}

/* Write each name kvplan reads from the class's own name, or the class
 * default when the file leaves that out: the class sets its standard
 * attributes from its own names (Moondream3TextConfig: hidden_size =
 * dim, after kwargs), so a standard name the file also gives is not
 * what the engine uses. The class's names (and sub-objects) count as
 * read. */
static void map_keys(struct cfg *c, cJSON *text, const char *path,
                     const struct nested_key *k)
{
	for (; k->saved; k++) {
		cJSON *from = k->sub ?
			cJSON_GetObjectItemCaseSensitive(text, k->sub) : text;
		cJSON *v = cJSON_IsObject(from) ?
			cJSON_GetObjectItemCaseSensitive(from, k->saved) : NULL;
		cJSON *put = v && !cJSON_IsNull(v) ? cJSON_Duplicate(v, 1) :
		             cJSON_CreateNumber((double)k->def);

		hf_superseded(c, k->sub ? k->sub : k->saved);
		if (!v || cJSON_IsNull(v))
			hf_note(c, "%s.%s%s%s absent: %llu, the class default",
			        path, k->sub ? k->sub : "", k->sub ? "." : "",
			        k->saved, (unsigned long long)k->def);
		if (put && !cJSON_ReplaceItemInObjectCaseSensitive(text, k->key,
		                                                   put))
			cJSON_AddItemToObject(text, k->key, put);
	}
}

int hf_nested_text(struct cfg *c, cJSON *root)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	cJSON *parent, *text;
	size_t i;

	for (i = 0; cJSON_IsString(mt) && i < sizeof rows / sizeof rows[0];
	     i++) {
		const struct nested_row *r = &rows[i];

		if (strcmp(r->model_type, mt->valuestring))
			continue;
		parent = object_at(root, r->parent);
		text = parent ? object_at(parent, r->child) : NULL;
		if (!text) {
			hf_bad(c, parent ? r->path : r->parent,
			       cJSON_GetObjectItemCaseSensitive(parent ? parent :
			                                        root, parent ?
			                                        r->child :
			                                        r->parent),
			       "must be an object (the decoder's sizes)");
			return -1;
		}
		map_keys(c, text, r->path, r->keys);
		c->text = text;
		c->text_key = r->path;
		c->text_only = true;
		hf_note(c, "%s: %s's decoder, its key names read as the "
		        "class maps them (%s)", r->path, r->model_type,
		        r->source);
		return 1;
	}
	return 0;
}

bool hf_nested_family(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].model_type, model_type))
			return true;
	return false;
}
