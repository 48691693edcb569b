/*
 * hf_rope.c - the positions a scaled rotary embedding covers, from a
 * config.json's rope_scaling (transformers 5: rope_parameters, flat or
 * per layer type), into model.arch.rope_positions. The engines build
 * their rotary tables over these positions (vLLM rotary_embedding/
 * __init__.py get_rope @07b12f1b; core/engines/vllm/vllm_profile.c
 * counts the table). One row per rope type whose table is not
 * max_position_embeddings long; every other type leaves 0 (the table
 * spans max_positions).
 */
#include <math.h>
#include <string.h>

#include "io/hf/hf_cfg.h"

/* How a rope type's table length follows from the config. */
enum rope_len { LEN_MAX_X_FACTOR, LEN_ORIGINAL_X_FACTOR };

static const struct {
	const char *type;
	enum rope_len len;
	const char *src;
} rope_rows[] = {
	/* "max_position_embeddings is the original maximum length before
	 * applying the rope scaling": max_len = max_position x factor */
	{ "linear", LEN_MAX_X_FACTOR,
	  "vLLM linear_scaling_rope.py LinearScalingRotaryEmbedding" },
	{ "dynamic", LEN_MAX_X_FACTOR,
	  "vLLM dynamic_ntk_scaling_rope.py DynamicNTKScalingRotaryEmbedding" },
	/* get_rope passes original_max_position_embeddings; the table is
	 * ceil(original x factor) positions, at least max_position */
	{ "yarn", LEN_ORIGINAL_X_FACTOR,
	  "vLLM yarn_scaling_rope.py YaRNScalingRotaryEmbedding" },
	{ "deepseek_yarn", LEN_ORIGINAL_X_FACTOR,
	  "vLLM deepseek_scaling_rope.py DeepseekScalingRotaryEmbedding" },
};

/* The object that holds rope_type and factor: rope_scaling, or
 * rope_parameters (flat, or its full_attention entry). */
static const cJSON *rope_obj(struct cfg *c, char *path, size_t n)
{
	const cJSON *o = hf_get(c, "rope_scaling", path, n), *f;

	if (cJSON_IsObject(o))
		return o;
	o = hf_get(c, "rope_parameters", path, n);
	if (!cJSON_IsObject(o))
		return NULL;
	f = cJSON_GetObjectItemCaseSensitive(o, "full_attention");
	return cJSON_IsObject(f) ? f : o;
}

enum kvp_status hf_rope(struct cfg *c, struct kvp_model *m)
{
	char path[96];
	const cJSON *o = rope_obj(c, path, sizeof path), *t, *f, *orig;
	double base, pos;
	size_t i;

	if (!o)
		return KVP_OK;
	t = cJSON_GetObjectItemCaseSensitive(o, "rope_type");
	if (!cJSON_IsString(t))
		t = cJSON_GetObjectItemCaseSensitive(o, "type");
	f = cJSON_GetObjectItemCaseSensitive(o, "factor");
	if (!cJSON_IsString(t))
		return KVP_OK;
	for (i = 0; i < sizeof rope_rows / sizeof rope_rows[0]; i++)
		if (!strcmp(t->valuestring, rope_rows[i].type))
			break;
	if (i == sizeof rope_rows / sizeof rope_rows[0])
		return KVP_OK;
	if (!cJSON_IsNumber(f) || !isfinite(f->valuedouble) ||
	    f->valuedouble < 1 || f->valuedouble > 1e6)
		return hf_bad(c, path, f, "factor must be a number from 1 to "
		              "1,000,000");
	base = (double)m->arch.max_positions;
	orig = cJSON_GetObjectItemCaseSensitive(o, "original_max_position_embeddings");
	if (rope_rows[i].len == LEN_ORIGINAL_X_FACTOR && cJSON_IsNumber(orig) &&
	    orig->valuedouble >= 1 && orig->valuedouble <= (double)COUNT_MAX)
		base = floor(orig->valuedouble);
	pos = ceil(base * f->valuedouble);
	if (rope_rows[i].len == LEN_ORIGINAL_X_FACTOR &&
	    pos < (double)m->arch.max_positions)
		pos = (double)m->arch.max_positions;
	if (pos > (double)COUNT_MAX)
		return hf_bad(c, path, f, "the scaled positions exceed 2^40");
	m->arch.rope_positions = (uint64_t)pos;
	hf_note(c, "%s: %s rope over %llu positions (%s)", path,
	        rope_rows[i].type, (unsigned long long)m->arch.rope_positions,
	        rope_rows[i].src);
	return KVP_OK;
}
