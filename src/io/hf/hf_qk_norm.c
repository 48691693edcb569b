/*
 * hf_qk_norm.c - the q and k norms of a family's attention layers
 * (model.arch.qk_norm, weights only): a table keyed by model_type, a
 * row per family with the module that builds the norms. The weight
 * count (src/core/weights/weights.c) reads the field, not model_type.
 *
 * Rows are the families whose mlx-lm file (ml-explore/mlx-lm d78bf58e,
 * an implementation loading the Hub checkpoints, its modules the
 * checkpoints' tensors) builds q_norm and k_norm unconditionally.
 * Families that build them only under a config key (use_qk_norm:
 * cohere, glm4_moe, hunyuan, minimax, bailing_moe; llama4's is a weightless
 * L2 norm) or on some layers (gemma4_text's k_norm) have no row: their
 * norms are not counted (a few head_dim x layers parameters).
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

static const struct {
	const char *model_type;
	bool prefix;               /* model_type starts with it */
	enum kvp_qk_norm qk;
	const char *source;
} rows[] = {
	/* qwen3.py q_norm, k_norm nn.RMSNorm(head_dim); qwen3_moe.py,
	 * qwen3_next.py the same (the qwen3* prefix the count used before) */
	{ "qwen3", true, KVP_QKN_HEAD, "mlx-lm d78bf58e models/qwen3.py" },
	/* gemma3_text.py RMSNorm(dims=head_dim); gemma3n.py the same */
	{ "gemma3", true, KVP_QKN_HEAD,
	  "mlx-lm d78bf58e models/gemma3_text.py" },
	/* exaone4.py q_norm, k_norm nn.RMSNorm(head_dim) */
	{ "exaone4", false, KVP_QKN_HEAD, "mlx-lm d78bf58e models/exaone4.py" },
	/* dots1.py nn.RMSNorm(head_dim) */
	{ "dots1", false, KVP_QKN_HEAD, "mlx-lm d78bf58e models/dots1.py" },
	/* apertus.py nn.RMSNorm(self.head_dim) */
	{ "apertus", false, KVP_QKN_HEAD, "mlx-lm d78bf58e models/apertus.py" },
	/* olmo2.py q_norm nn.RMSNorm(n_heads * head_dim), k_norm
	 * nn.RMSNorm(n_kv_heads * head_dim) */
	{ "olmo2", false, KVP_QKN_ALL, "mlx-lm d78bf58e models/olmo2.py" },
	/* olmo3.py num_attention_heads * head_dim, num_key_value_heads *
	 * head_dim */
	{ "olmo3", false, KVP_QKN_ALL, "mlx-lm d78bf58e models/olmo3.py" },
	/* olmoe.py n_heads * head_dim, n_kv_heads * head_dim */
	{ "olmoe", false, KVP_QKN_ALL, "mlx-lm d78bf58e models/olmoe.py" },
};

void hf_qk_norm(struct kvp_model *m)
{
	size_t i;

	m->arch.qk_norm = KVP_QKN_NONE;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].prefix ?
		    !strncmp(m->model_type, rows[i].model_type,
		             strlen(rows[i].model_type)) :
		    !strcmp(m->model_type, rows[i].model_type)) {
			m->arch.qk_norm = rows[i].qk;
			return;
		}
}
