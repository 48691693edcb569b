/*
 * hf_qk_norm.c - the q and k norms of a family's attention layers
 * (model.arch.qk_norm, weights only): a table keyed by model_type, a
 * row per family with the module that builds the norms. The weight
 * count (src/core/weights/weights.c) reads the field, not model_type.
 *
 * Rows are the families whose mlx-lm file (ml-explore/mlx-lm d78bf58e,
 * an implementation loading the Hub checkpoints, its modules the
 * checkpoints' tensors) builds q_norm and k_norm: unconditionally, or
 * under a config key (`when`, use_qk_norm) with that file's ModelArgs
 * default when the config leaves it out (none there: counted, the side
 * that keeps the free figure from growing). llama4's is a weightless L2
 * norm; gemma4_text's k_norm (some layers only) has no row: not counted
 * (a few head_dim x layers parameters).
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

enum { ABSENT_COUNTED = 2 };

static const struct {
	const char *model_type;
	bool prefix;               /* model_type starts with it */
	enum kvp_qk_norm qk;
	const char *when;          /* NULL: always; else only when true */
	int dflt;                  /* `when` absent: 0, 1, ABSENT_COUNTED */
	const char *source;
} rows[] = {
	/* qwen3.py q_norm, k_norm nn.RMSNorm(head_dim); qwen3_moe.py,
	 * qwen3_next.py the same (the qwen3* prefix the count used before) */
	{ "qwen3", true, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/qwen3.py" },
	/* LLaVA-OneVision-1.5's text model: q_norm, k_norm RMSNorm(head_dim)
	 * (remote modeling_llavaonevision1_5.py LLaVAOneVision1_5_Attention,
	 * EvolvingLMMs-Lab/LLaVA-OneVision-1.5 @a5eb942a; no mlx-lm file) */
	{ "LLaVAOneVision1_5_text", false, KVP_QKN_HEAD, NULL, 0,
	  "remote modeling_llavaonevision1_5.py @a5eb942a" },
	/* gemma3_text.py RMSNorm(dims=head_dim); gemma3n.py the same */
	{ "gemma3", true, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/gemma3_text.py" },
	/* exaone4.py q_norm, k_norm nn.RMSNorm(head_dim) */
	{ "exaone4", false, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/exaone4.py" },
	/* dots1.py nn.RMSNorm(head_dim) */
	{ "dots1", false, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/dots1.py" },
	/* mellum.py q_norm, k_norm nn.RMSNorm(head_dim) (llama.cpp
	 * src/models/mellum.cpp @80fb11a attn_q_norm, attn_k_norm
	 * {n_embd_head_k}) */
	{ "mellum", false, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/mellum.py" },
	/* apertus.py nn.RMSNorm(self.head_dim) */
	{ "apertus", false, KVP_QKN_HEAD, NULL, 0,
	  "mlx-lm d78bf58e models/apertus.py" },
	/* olmo2.py q_norm nn.RMSNorm(n_heads * head_dim), k_norm
	 * nn.RMSNorm(n_kv_heads * head_dim) */
	{ "olmo2", false, KVP_QKN_ALL, NULL, 0,
	  "mlx-lm d78bf58e models/olmo2.py" },
	/* olmo3.py num_attention_heads * head_dim, num_key_value_heads *
	 * head_dim */
	{ "olmo3", false, KVP_QKN_ALL, NULL, 0,
	  "mlx-lm d78bf58e models/olmo3.py" },
	/* olmoe.py n_heads * head_dim, n_kv_heads * head_dim */
	{ "olmoe", false, KVP_QKN_ALL, NULL, 0,
	  "mlx-lm d78bf58e models/olmoe.py" },
	/* under use_qk_norm: cohere.py LayerNorm2D(n_heads, head_dim) and
	 * (n_kv_heads, head_dim), ModelArgs use_qk_norm False */
	{ "cohere", false, KVP_QKN_ALL, "use_qk_norm", 0,
	  "mlx-lm d78bf58e models/cohere.py" },
	/* glm4_moe.py nn.RMSNorm(head_dim) each; use_qk_norm has no
	 * default there */
	{ "glm4_moe", false, KVP_QKN_HEAD, "use_qk_norm", ABSENT_COUNTED,
	  "mlx-lm d78bf58e models/glm4_moe.py" },
	/* hunyuan.py query_layernorm, key_layernorm nn.RMSNorm(head_dim);
	 * no default */
	{ "hunyuan", false, KVP_QKN_HEAD, "use_qk_norm", ABSENT_COUNTED,
	  "mlx-lm d78bf58e models/hunyuan.py" },
	/* hunyuan_v1_dense.py the same, use_qk_norm True by default */
	{ "hunyuan_v1_dense", false, KVP_QKN_HEAD, "use_qk_norm", 1,
	  "mlx-lm d78bf58e models/hunyuan_v1_dense.py" },
	/* minimax.py (minimax_m2 too: utils.py MODEL_REMAPPING) q_norm
	 * RMSNorm(head_dim x heads), k_norm (head_dim x KV heads),
	 * use_qk_norm True by default */
	{ "minimax", false, KVP_QKN_ALL, "use_qk_norm", 1,
	  "mlx-lm d78bf58e models/minimax.py" },
	{ "minimax_m2", false, KVP_QKN_ALL, "use_qk_norm", 1,
	  "mlx-lm d78bf58e models/minimax.py (utils.py MODEL_REMAPPING)" },
	/* bailing_moe.py query_layernorm, key_layernorm RMSNorm(head_dim),
	 * use_qk_norm False by default */
	{ "bailing_moe", false, KVP_QKN_HEAD, "use_qk_norm", 0,
	  "mlx-lm d78bf58e models/bailing_moe.py" },
};

/* The row's norms, or none when its key says so. 0, or -1 (a key that
 * is not a boolean: err set). */
static int row_norms(struct cfg *c, size_t i, struct kvp_model *m)
{
	bool on = false;
	int r;

	m->arch.qk_norm = rows[i].qk;
	if (!rows[i].when)
		return 0;
	if ((r = hf_bool(c, rows[i].when, &on)) < 0)
		return -1;
	if (r == 0)
		on = rows[i].dflt != 0;
	if (!on)
		m->arch.qk_norm = KVP_QKN_NONE;
	else if (r == 0 && rows[i].dflt == ABSENT_COUNTED)
		hf_note(c, "%s absent: q and k norms counted (%s gives it no "
		        "default)", rows[i].when, rows[i].source);
	return 0;
}

int hf_qk_norm(struct cfg *c, struct kvp_model *m)
{
	size_t i;

	m->arch.qk_norm = KVP_QKN_NONE;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].prefix ?
		    !strncmp(m->model_type, rows[i].model_type,
		             strlen(rows[i].model_type)) :
		    !strcmp(m->model_type, rows[i].model_type))
			return row_norms(c, i, m);
	return 0;
}
