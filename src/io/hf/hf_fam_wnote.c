/*
 * hf_fam_wnote.c - families whose cache is plain attention but whose
 * weights hold parameters the generic count (core/weights/weights.c:
 * q, k, v, o, the MLP, 2 norms a layer) does not: a row names the
 * family and what the count leaves out or counts too much, and the
 * family's row of hf_family.c names hf_fam_wnote, or a layout function
 * of its own that ends by calling it (Doge, the looped families,
 * FastVLM's hf_fam_qwen_noted, ...), so every import says so (issue 35:
 * weights never silently wrong). Most gaps are a few kB to a few MB of
 * norms and gates; a vision tower the count leaves out (FastVLM's) is
 * hundreds of MB, named so a reader knows what the weight figure is not.
 */
#include <string.h>

#include "io/hf/hf_cfg.h"

struct wnote {
	const char *model_type;
	const char *note;
	const char *source;
};

static const struct wnote rows[] = {
	{ "kimi_audio", "Kimi-Audio's Whisper encoder (whisper-large-v3, "
	  "loaded from the checkpoint folder), its VQ adaptor "
	  "(multi_modal_projector), mimo_norm and its audio head mimo_output "
	  "(vocab_size x hidden_size) are not counted in the weights (its "
	  "kimia_mimo_layers decoder layers are)", "vLLM kimi_audio.py "
	  "@b6e9fd67 MoonshotKimiaForCausalLM (audio_tower WhisperEncoder, "
	  "KimiAudioMultiModalProjector, mimo_output ParallelLMHead) and "
	  "moonaudio.py @0002bff0 (mimo_norm)" },
	{ "llava_qwen2", "FastVLM's vision tower (mm_vision_tower, a "
	  "FastViTHD / MobileCLIP encoder) and its mm_projector are not "
	  "counted in the weights", "apple/ml-fastvlm @592b4add "
	  "llava/model/llava_arch.py (LlavaMetaModel: vision_tower, "
	  "mm_projector)" },
	{ "llava_qwen3", "the vision tower (mm_vision_tower, MobileCLIP) and "
	  "its mm_projector are not counted in the weights",
	  "Hert4/ml-fastvlm-v2 @3e1ad3e6 hf_upload/modeling_llava_qwen.py "
	  "(LlavaMetaModel: MobileCLIPVisionTower, mm_projector)" },
	{ "moondream3_text", "Moondream 3's first start_layer (4) layers "
	  "have a two-matrix GELU MLP, counted as gated (three "
	  "matrices: one dim x ff_dim too many a layer); its experts' GeGLU "
	  "fc1 of 2 x expert_inner_dim rows is counted right",
	  "a transformers port's Moondream3MLP (up_proj, down_proj, gated "
	  "False: code index file 2511368912); vLLM moondream3.py's experts "
	  "(fc1 [2 x expert_inner_dim, dim], GeGLU; fc2)" },
	{ "bitnet", "BitNet's attn_sub_norm (hidden_size) and ffn_sub_norm "
	  "(intermediate_size) in each layer are not counted in the "
	  "weights", "transformers modeling_bitnet.py (BitNetAttention."
	  "attn_sub_norm, BitNetMLP.ffn_sub_norm); llama.cpp "
	  "src/models/bitnet.cpp @80fb11a (attn_sub_norm {n_embd}, "
	  "ffn_sub_norm {n_ff})" },
	{ "granite_swa", "Granite SWA's attention sinks (num_attention_heads "
	  "values a layer) are not counted in the weights", "llama.cpp "
	  "src/models/granite-swa.cpp @80fb11a (attn_sinks {n_head})" },
	{ "granitemoe_swa", "Granite MoE SWA's attention sinks "
	  "(num_attention_heads values a layer) are not counted in the "
	  "weights", "llama.cpp src/models/granite-swa.cpp @80fb11a "
	  "(attn_sinks {n_head})" },
	{ "talkie", "Talkie's RMS norms have no weights (the count has 2 x "
	  "hidden_size a layer and a final hidden_size too many); its "
	  "per-head gains (num_attention_heads a layer) and gain scalars are "
	  "not counted", "llama.cpp src/models/talkie.cpp @80fb11a (no "
	  "attn_norm or ffn_norm tensor; attn_q_norm {1, n_head}, out_scale "
	  "{1}); conversion/talkie.py (F.rms_norm without weights)" },
	{ "kclgpt", "CodeShell's out-projection and MLP biases and its "
	  "LayerNorm biases are not counted in the weights", "llama.cpp "
	  "src/models/codeshell.cpp @80fb11a (wo_b, ffn_up_b, ffn_down_b, "
	  "attn_norm_b, ffn_norm_b, output_norm_b)" },
	{ "nanochat", "NanoChat's norms have no weights (NanoChatRMSNorm is "
	  "Llama4TextL2Norm): the weights count 2 x hidden_size a layer and "
	  "a final hidden_size too many", "transformers modular_nanochat.py "
	  "@06a60bac (NanoChatRMSNorm, weight-less)" },
	{ "diffllama", "DiffLlama's lambda_q1, lambda_k1, lambda_q2, lambda_k2 "
	  "(head_dim each) and groupnorm (2 x head_dim) in each layer are "
	  "not counted in the weights", "transformers modeling_diffllama.py "
	  "(DiffLlamaAttention: lambda parameters, RMSNorm groupnorm)" },
	{ "doge", "Doge's dt_proj (KV heads x head_dim by KV heads), A (KV "
	  "heads), q_norm and k_norm (head_dim each), input_residual and "
	  "post_attention_residual (hidden_size each) in each layer are not "
	  "counted in the weights", "transformers modular_doge.py @008e5743 "
	  "(DogeAttention, DogeDecoderLayer)" },
	/* the older families of issue 35t: LayerNorms with biases, MLP
	 * biases (counted for gpt2 only, core/weights/weights.c) */
	{ "gpt_neo", "GPT-Neo's learned position embeddings wpe "
	  "(max_position_embeddings x hidden_size), out_proj and MLP biases "
	  "and LayerNorm biases are not counted in the weights",
	  "transformers modeling_gpt_neo.py (GPTNeoModel.wpe, GPTNeoMLP "
	  "c_fc and c_proj with bias)" },
	{ "codegen", "CodeGen's MLP biases (fc_in, fc_out), lm_head bias "
	  "(vocab_size) and LayerNorm biases are not counted in the weights, "
	  "and each layer has one LayerNorm (ln_1), not the 2 counted",
	  "transformers modeling_codegen.py (CodeGenBlock: ln_1 only, "
	  "parallel attention and MLP; lm_head bias)" },
	{ "xglm", "XGLM's fc1 and fc2 biases and LayerNorm biases are not "
	  "counted in the weights", "transformers modeling_xglm.py "
	  "(XGLMDecoderLayer)" },
	{ "gpt_neox_japanese", "GPT-NeoX-Japanese's dense_bias (hidden_size) "
	  "and LayerNorm biases are not counted in the weights",
	  "transformers modeling_gpt_neox_japanese.py "
	  "(GPTNeoXJapaneseAttention.dense_bias)" },
	{ "biogpt", "BioGPT's learned position embeddings (max_position_"
	  "embeddings + 2 rows of hidden_size), fc1 and fc2 biases and "
	  "LayerNorm biases are not counted in the weights",
	  "transformers modeling_biogpt.py (BioGptLearnedPositionalEmbedding "
	  "offset 2)" },
	{ "ctrl", "CTRL's MLP and lm_head biases and LayerNorm biases are not "
	  "counted in the weights", "transformers modeling_ctrl.py "
	  "(point_wise_feed_forward_network, CTRLLMHeadModel.lm_head bias)" },
	/* looped families (hf_loops.c) */
	{ "ouro", "Ouro's early_exit_gate (hidden_size weights and a bias) "
	  "is not counted in the weights", "vLLM ouro.py @17122791 "
	  "(OuroModel.early_exit_gate = RowParallelLinear(hidden_size, 1, "
	  "bias=True))" },
	{ "iquestloopcoder", "IQuest-Coder-Loop's gate_projections (per layer "
	  "head_dim x num_attention_heads weights and num_attention_heads "
	  "biases) are not counted in the weights", "vLLM iquest_loopcoder.py "
	  "@045d7575 (LoopGateProjection: ColumnParallelLinear(head_dim, "
	  "total_num_heads, bias=True), one per layer)" },
};

enum kvp_status hf_fam_wnote(struct cfg *c, struct kvp_model *m,
                             struct lay *L, bool *found)
{
	size_t i;

	(void)m;
	(void)L;
	(void)found;
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].model_type, c->model_type))
			hf_note(c, "%s (%s)", rows[i].note, rows[i].source);
	return KVP_OK;
}

/*
 * Doge (transformers modular_doge.py @008e5743): DogeConfig saves
 * is_moe false with num_experts 16384 and num_experts_per_tok 64, its
 * class defaults, and the layers then run the dense DogeMLP; is_moe
 * true builds DogeCDMoE, a shared gated MLP beside up_embed and
 * down_embed (num_experts x hidden_size each) and a router_gate of
 * hidden_size x 2 floor(sqrt(num_experts)): no expert shape the weight
 * count holds, refused naming the key. The cache is DogeAttention's,
 * num_key_value_heads x head_dim on every layer (the dynamic mask's
 * keep_window_size picks keys, every key stays cached); DogeModel is
 * MixtralModel, sliding_window on every layer when set (HF_SW_ALL).
 */
enum kvp_status hf_fam_doge(struct cfg *c, struct kvp_model *m,
                            struct lay *L, bool *found)
{
	char path[96];
	bool moe = false;

	if (hf_bool(c, "is_moe", &moe) < 0)
		return c->err->status;
	if (moe)
		return hf_bad(c, "is_moe", hf_get(c, "is_moe", path,
		              sizeof path), "true: Doge's CDMoE (up_embed and "
		              "down_embed of num_experts x hidden_size, a "
		              "router_gate of product keys) is no expert shape "
		              "kvplan counts; refused");
	if (m->arch.n_experts)
		hf_note(c, "num_experts %u not counted: is_moe false, every "
		        "layer the dense DogeMLP", m->arch.n_experts);
	m->arch.n_experts = 0;
	m->arch.n_experts_active = 0;
	m->arch.n_shared_experts = 0;
	m->arch.moe_intermediate = 0;
	return hf_fam_wnote(c, m, L, found);
}
