/*
 * hf_fam_quiet.c - layout-shaped keys that change nothing the cache
 * depends on for ONE family only (hf_keys.c holds those that change
 * nothing in any family): a row names the family, the key, the one
 * value that is neutral (NULL: any) and the engine source. The family's
 * row of hf_family.c names hf_fam_quiet as its function. Another value
 * is refused naming the key, with the row's reason.
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

struct quiet {
	const char *model_type, *key;
	const char *value;    /* the neutral string, or NULL: any value */
	const char *other;    /* why another value is refused */
	const char *source;
};

static const struct quiet rows[] = {
	/* ERNIE 4.5: positions divided by it before RoPE (angles only; the
	 * cached K and V keep their shape) */
	{ "ernie4_5", "compression_ratio", NULL, NULL, "PaddleFormers "
	  "paddleformers/transformers/ernie4_5/modeling.py RopeEmbedding "
	  "(position_ids / compression_ratio); not a field of transformers "
	  "PaddleOCRTextConfig, not read by vLLM ernie45.py" },
	{ "ernie4_5_moe", "compression_ratio", NULL, NULL, "as ernie4_5" },
	{ "ernie4_5_moe_vl", "compression_ratio", NULL, NULL, "as ernie4_5" },
	{ "paddleocr_vl", "compression_ratio", NULL, NULL, "as ernie4_5 "
	  "(vLLM paddleocr_vl.py runs Ernie4_5ForCausalLM)" },
	/* Qwen3-Next: vLLM maps no config class for Qwen3NextForCausalLM
	 * (model_executor/models/config.py MODELS_CONFIG_MAP: the Qwen3.5
	 * architectures only), so the key is not read there; SGLang
	 * (configs/mamba_utils.py mamba2_state_dtype) takes it, float32
	 * being its default */
	{ "qwen3_next", "mamba_ssm_dtype", "float32", "SGLang would hold the "
	  "SSM state in it (configs/mamba_utils.py mamba2_state_dtype) while "
	  "vLLM ignores it for Qwen3-Next: refused",
	  "vLLM models/config.py MODELS_CONFIG_MAP; SGLang "
	  "configs/mamba_utils.py mamba2_state_dtype (default float32)" },
};

enum kvp_status hf_fam_quiet(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	char path[96];
	const cJSON *v;
	size_t i;

	(void)m;
	(void)L;
	(void)found;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (!c->fam || strcmp(rows[i].model_type, c->fam->model_type))
			continue;
		v = hf_get(c, rows[i].key, path, sizeof path);  /* read */
		if (v && rows[i].value && (!cJSON_IsString(v) ||
		    strcmp(v->valuestring, rows[i].value)))
			return hf_bad(c, path, v, rows[i].other);
	}
	return KVP_OK;
}

size_t hf_quiet_count(void)
{
	return sizeof rows / sizeof rows[0];
}

const char *hf_quiet_source(size_t i, const char **model_type,
                            const char **key)
{
	if (i >= hf_quiet_count())
		return NULL;
	*model_type = rows[i].model_type;
	*key = rows[i].key;
	return rows[i].source;
}
