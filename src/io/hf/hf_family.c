/*
 * hf_family.c - THE table of model families the importer knows: one row
 * per Hugging Face model_type (like llama.cpp's per-architecture tables in
 * llama-arch.cpp), with the config defaults the engines apply when a key
 * is absent, and at most one small function for a layout the generic
 * sources (hf_layout.c) do not express: the attention families' in
 * hf_fam_attn.c, the hybrids' in hf_fam_hybrid.c (Phi-4-mini-flash's
 * SambaY in hf_fam_sambay.c, Jet-Nemotron's in hf_fam_jet.c), the novel
 * layouts' in hf_novel.c and hf_dsv4.c. A model_type not in the table is
 * refused (hf_import.c), unless --assume-layout.
 *
 * Adding a family (HACKING.md): one row; a function only when its layer
 * kinds or per-kind shapes come from keys of its own, citing the engine
 * code it follows.
 */
#include <stdio.h>
#include <string.h>

#include "kvplan/checked.h"
#include "io/hf/hf_cfg.h"

#define R(type, arch, flags, vocab, maxpos, win, fn, src) \
	{ type, arch, flags, vocab, maxpos, win, fn, src }

static const struct hf_family families[] = {
	R("llama", "LlamaForCausalLM", 0, 0, 0, 0, NULL, "transformers LlamaConfig"),
	R("llama", "LlamaForCausalLMEagle3", HF_EAGLE3, 0, 0, 0, hf_fam_eagle3, "vLLM llama_eagle3.py @00bd1493 (Eagle3LlamaForCausalLM)"),
	R("llama", "Eagle3LlamaForCausalLM", HF_EAGLE3, 0, 0, 0, hf_fam_eagle3, "vLLM llama_eagle3.py @00bd1493"),
	R("llama4", NULL, 0, 0, 0, 0, hf_fam_llama4, "transformers Llama4TextConfig; vLLM llama4.py"),
	R("llama4_text", NULL, 0, 0, 0, 0, hf_fam_llama4, "transformers Llama4TextConfig; vLLM llama4.py"),
	R("mistral", "MistralForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "transformers MistralConfig (window on every layer)"),
	R("mixtral", "MixtralForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "transformers MixtralConfig"),
	R("mistral3", NULL, HF_SW_ALL, 0, 0, 0, NULL, "transformers Mistral3Config (text_config mistral)"),
	R("ministral", NULL, 0, 0, 0, 0, NULL, "transformers MinistralConfig (layer_types)"),
	R("qwen2", "Qwen2ForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM qwen2.py"),
	/* Valley / Valley2 (bytedance-research): remote code modeling_valley.py
	 * ValleyConfig(Qwen2Config), ValleyQwen2Model(Qwen2Model): Qwen2's
	 * layers and cache; transformers only (no engine registers it) */
	R("valley", "ValleyQwen2ForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "remote code modeling_valley.py (bytedance-research/Valley-Eagle-7B, vendored at github.com/earl-juanico/rca @f2fab68d): ValleyConfig(Qwen2Config), ValleyQwen2Model(Qwen2Model)"),
	R("qwen2_moe", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM qwen2_moe.py"),
	/* FastVLM (Apple, 2025) and FastVLM-style VLMs on Qwen3: remote-code
	 * LLaVA wrappers whose config is Qwen's, flat; first met in the
	 * eleventh held-out set (issue 35) */
	R("llava_qwen2", "LlavaQwen2ForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen_noted, "apple/ml-fastvlm @592b4add llava/model/language_model/llava_qwen.py (LlavaConfig(Qwen2Config), model_type llava_qwen2; LlavaQwen2ForCausalLM(Qwen2ForCausalLM): Qwen2's layers and window keys)"),
	R("llava_qwen3", "LlavaQwen3ForCausalLM", 0, 0, 0, 0, hf_fam_qwen_noted, "Hert4/ml-fastvlm-v2 @3e1ad3e6 hf_upload/configuration_llava_qwen.py (LlavaQwen3Config(Qwen3Config), model_type llava_qwen3) and modeling_llava_qwen.py (LlavaQwen3ForCausalLM(Qwen3ForCausalLM))"),
	R("qwen2_vl", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM qwen2_vl.py"),
	R("qwen2_5_vl", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM qwen2_5_vl.py"),
	R("qwen2_vl_text", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "transformers configuration_qwen2_vl.py (Qwen2VLTextConfig, the text_config of qwen2_vl since 4.53); vLLM qwen2_vl.py"),
	R("qwen2_5_vl_text", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "transformers configuration_qwen2_5_vl.py (Qwen2_5_VLTextConfig); vLLM qwen2_5_vl.py"),
	R("qwen3", "Qwen3ForCausalLM", 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3.py"),
	R("qwen3_moe", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_moe.py"),
	R("qwen3_vl", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_vl.py"),
	R("qwen3_vl_text", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_vl.py"),
	R("qwen3_vl_moe", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_vl_moe.py"),
	R("qwen3_vl_moe_text", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_vl_moe.py"),
	R("qwen3_next", NULL, HF_OUT_GATE, 0, 0, 0, hf_fam_quiet, "transformers configuration_qwen3_next.py; vLLM qwen3_next.py"),
	R("qwen3_5", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py (gated DeltaNet hybrid, layer_types)"),
	R("qwen3_5_text", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("qwen3_5_moe", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("qwen3_5_moe_text", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "vLLM qwen3_5.py"),
	R("gemma", NULL, HF_TIED, 0, 0, 0, NULL, "transformers GemmaConfig"),
	R("gemma2", "Gemma2ForCausalLM", HF_TIED, 0, 0, 4096, hf_fam_gemma2, "transformers Gemma2Config"),
	/* issue 35, tenth held-out set: VaultGemmaConfig(Gemma2Config), its
	 * layers Gemma 2's less the two post norms; layer_types when given,
	 * else Gemma 2's alternation (sliding at even layers) */
	R("vaultgemma", "VaultGemmaForCausalLM", HF_TIED, 256000, 8192, 4096, hf_fam_gemma2, "transformers configuration_vaultgemma.py @008e5743 VaultGemmaConfig (layer_types None: sliding_attention at even layers; sliding_window 4096; head_dim 256; num_key_value_heads 4) and modular_vaultgemma.py (VaultGemmaAttention is Gemma2Attention: the window on sliding_attention layers only)"),
	R("gemma3", NULL, HF_TIED, 262208, 131072, 4096, hf_fam_gemma3, "transformers Gemma3TextConfig"),
	R("gemma3_text", "Gemma3ForCausalLM", HF_TIED, 262208, 131072, 4096, hf_fam_gemma3, "transformers Gemma3TextConfig"),
	R("gemma3n", NULL, HF_TIED, 0, 0, 0, NULL, "transformers Gemma3nTextConfig (layer_types, num_kv_shared_layers)"),
	R("gemma3n_text", NULL, HF_TIED, 0, 0, 0, NULL, "transformers Gemma3nTextConfig"),
	R("gemma4", NULL, HF_TIED, 0, 0, 0, hf_fam_gemma4, "vLLM gemma4.py at 001cabc1"),
	R("gemma4_text", NULL, HF_TIED, 0, 0, 0, hf_fam_gemma4, "vLLM gemma4.py at 001cabc1"),
	R("cohere2", NULL, HF_TIED, 0, 131072, 4096, hf_fam_gemma3, "transformers Cohere2Config (sliding_window_pattern)"),
	R("phi3", "Phi3ForCausalLM", 0, 0, 0, 0, hf_fam_phi3, "llama.cpp LLM_ARCH_PHI3 (n_swa 0)"),
	R("phi", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers PhiConfig"),
	R("deepseek_v2", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	R("deepseek_v3", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	/* Mistral Small 4 (2026-03): a mistral3 wrapper whose text_config is
	 * mistral4, DeepSeek-V3's MLA and MoE under Mistral's names; first met
	 * in the eleventh held-out set (issue 35) */
	R("mistral4", "Mistral4ForCausalLM", 0, 0, 0, 0, NULL, "transformers modular_mistral4.py @02075795 (Mistral4Attention(DeepseekV3Attention): kv_a_proj_with_mqa of kv_lora_rank + qk_rope_head_dim, kv_b_proj per head; Mistral4DecoderLayer: MoE from first_k_dense_replace); vLLM registry.py (MistralLarge3ForCausalLM -> mistral_large_3.py, DeepseekV3ForCausalLM: MLA)"),
	R("deepseek_v32", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA + DSA indexer)"),
	R("kimi_k2", NULL, 0, 0, 0, 0, NULL, "vLLM deepseek_v2.py (MLA)"),
	R("kimi_linear", NULL, 0, 0, 0, 0, hf_fam_kimi_linear, "vLLM kimi_linear.py"),
	R("glm4", NULL, 0, 0, 0, 0, NULL, "vLLM glm4.py"),
	R("glm4_moe", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_moe.py"),
	R("glm_moe_dsa", NULL, 0, 0, 0, 0, hf_fam_glm_dsa, "vLLM deepseek_v2.py (GLM-5: MLA + DSA indexer; indexer_types, mlp_layer_types: hf_fam_glm_dsa)"),
	/* issue 35: novel attention */
	R("deepseek_v4", "DeepseekV4ForCausalLM", 0, 0, 0, 0, hf_fam_dsv4, "DeepSeek V4 reference inference/model.py (Nicooo-Wang/DeepSeek-V4-Pro-code @0ec3a03c); llama.cpp llama-kv-cache-dsv4.cpp v0.4.0 = 5b4ebc5 (compress_ratios: hf_dsv4.c)"),
	R("deepseek_ref", NULL, 0, 0, 0, 0, hf_fam_dsv4, "aiconfigurator's name for DeepSeek V4 configs (DeepseekV4ForCausalLM): as deepseek_v4"),
	R("step3p5", "Step3p5ForCausalLM", HF_LT_MTP, 0, 0, 0, hf_fam_step3p5, "vLLM step3p5.py @01b50b9e, configs/step3p5.py @4086e80f; transformers Step3p7TextConfig (hf_novel.c)"),
	R("mllama", "MllamaForConditionalGeneration", 0, 0, 0, 0, hf_fam_mllama, "transformers MllamaConfig (its text_config a MllamaTextConfig with cross_attention_layers); vLLM mllama.py: refused naming them"),
	R("deepseek_vl_v2", "DeepseekVLV2ForCausalLM", 0, 0, 0, 0, hf_fam_dsvl2, "vLLM deepseek_vl2.py, deepseek_ocr.py (language_config: DeepseekV3 where noaux_tc, Deepseek where use_mla false, else DeepseekV2); SGLang deepseek_vl2.py (hf_novel.c)"),
	R("minicpm3", "MiniCPM3ForCausalLM", 0, 0, 0, 0, hf_fam_minicpm3, "transformers modular_minicpm3.py (per-head K and V cached); llama.cpp conversion/minicpm.py, src/models/minicpm3.cpp v0.4.0 (hf_novel.c)"),
	R("longcat_flash", "LongcatFlashForCausalLM", 0, 0, 0, 0, hf_fam_longcat, "vLLM longcat_flash.py @055e47c2 (two DeepseekV2MLAAttention per decoder layer: model.mla.latents 2; hf_novel.c)"),
	R("minimax_m3", "MiniMaxM3ForCausalLM", 0, 0, 0, 0, hf_fam_minimax_m3, "transformers MiniMaxM3VLTextConfig (sparse_attention_freq); llama.cpp LLM_ARCH_MINIMAX_M3 llama_kv_cache_msa v0.4.0 (hf_novel.c)"),
	R("step3p7", "Step3p7ForConditionalGeneration", HF_LT_MTP | HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_step3p5, "transformers Step3p7Config (text_config: a step3p5 decoder; without it Step3p7TextConfig(), the default decoder); llama.cpp conversion/step3.py v0.4.0 (hf_novel.c)"),
	R("kimi_k25", "KimiK25ForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, NULL, "vLLM transformers_utils/configs/kimi_k25.py (KimiK25Config: text_config a DeepseekV3Config; without it DeepseekV3Config(), the default text model); vLLM kimi_k25.py (DeepseekV3 on text_config: MLA)"),
	R("gpt_oss", NULL, 0, 0, 0, 0, NULL, "vLLM gpt_oss.py (layer_types)"),
	R("falcon", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("RefinedWeb", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("RefinedWebModel", NULL, HF_UNGATED | HF_TIED | HF_FALCON_MQ, 0, 2048, 0, NULL, "transformers FalconConfig"),
	R("gpt2", NULL, HF_UNGATED | HF_TIED | HF_QKV_BIAS, 0, 0, 0, NULL, "transformers GPT2Config"),
	R("gpt_bigcode", NULL, HF_UNGATED | HF_TIED, 0, 0, 0, NULL, "transformers configuration_gpt_bigcode.py @05ff2e98 GPTBigCodeConfig (tie_word_embeddings=True; multi_query=True: hf_fam_heads.c); vLLM gpt_bigcode.py (lm_head is wte)"),
	R("gpt_neox", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers GPTNeoXConfig"),
	R("mpt", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers MptConfig (attn_config.kv_n_heads)"),
	R("dbrx", NULL, 0, 0, 0, 0, NULL, "transformers DbrxConfig"),
	R("chatglm", NULL, 0, 0, 0, 0, NULL, "vLLM chatglm.py (multi_query_group_num)"),
	R("jamba", NULL, 0, 0, 0, 0, NULL, "transformers JambaConfig (attn_layer_period/offset)"),
	R("granitemoehybrid", NULL, 0, 0, 0, 0, hf_fam_granite_hybrid, "transformers GraniteMoeHybridConfig (layer_types); vLLM config/model.py ModelConfig.is_hybrid (granite-4.0-micro: every layer_types entry attention, the mamba_* keys size nothing: hf_fam_hybrid.c)"),
	R("bamba", NULL, 0, 0, 0, 0, hf_fam_bamba, "transformers configuration_bamba.py BambaConfig (layers_block_type from attn_layer_indices); vLLM bamba.py BambaModel (hf_fam_indices.c)"),
	R("nemotron_h", NULL, HF_UNGATED | HF_LBT_COUNT, 0, 0, 0, hf_fam_nemotron_h, "vLLM nemotron_h.py (hybrid_override_pattern; NemotronHMLP: up and down, relu2)"),
	R("nemotron-nas", NULL, 0, 0, 0, 0, NULL, "vLLM nemotron_nas.py (block_configs)"),
	R("mamba2", "Mamba2ForCausalLM", HF_ALL_RECUR, 0, 0, 0, hf_fam_recurrent, "transformers Mamba2Config; vLLM mamba2.py (mamba2_state_shape: expand x hidden, n_groups, state_size, conv_kernel); llama.cpp mamba2"),
	/* issue 35: hybrid families */
	R("mamba", "MambaForCausalLM", HF_ALL_RECUR, 0, 0, 0, hf_fam_recurrent, "vLLM mamba.py (MambaMixer, mamba1_state_shape of intermediate_size, state_size, conv_kernel); llama.cpp conversion/mamba.py and llama-hparams.cpp n_embd_r/n_embd_s (n_group 0) at v0.4.0"),
	R("falcon_mamba", "FalconMambaForCausalLM", HF_ALL_RECUR, 0, 0, 0, hf_fam_recurrent, "vLLM registry: FalconMambaForCausalLM -> mamba.py; llama.cpp conversion/mamba.py (MambaModel for FalconMambaForCausalLM) at v0.4.0"),
	R("minimax_text_01", "MiniMaxText01ForCausalLM", HF_LIGHTNING, 0, 0, 0, hf_fam_minimax, "vLLM minimax_text_01.py (attn_type_list; linear_attention_state_shape); llama.cpp src/models/minimax-01.cpp at v0.4.0"),
	R("minimax_m1", "MiniMaxM1ForCausalLM", HF_LIGHTNING, 0, 0, 0, hf_fam_minimax, "vLLM registry: MiniMaxM1ForCausalLM -> minimax_text_01.py; llama.cpp conversion/minimax.py (MiniMaxText01Model) at v0.4.0"),
	R("minimax", "MiniMaxForCausalLM", HF_LIGHTNING, 0, 0, 0, hf_fam_minimax, "transformers MiniMaxConfig (layer_types); vLLM registry: MiniMaxForCausalLM -> minimax_text_01.py"),
	R("falcon_h1", "FalconH1ForCausalLM", HF_LAYOUT_FIRST, 0, 0, 0, hf_fam_falcon_h1, "vLLM falcon_h1.py FalconH1ParallelHybrid (attention and Mamba2 in every layer); llama.cpp llama-model.cpp create_memory LLM_ARCH_FALCON_H1 (KV and R/S on every layer)"),
	R("plamo2", "Plamo2ForCausalLM", 0, 0, 0, 0, hf_fam_plamo2, "vLLM plamo2.py @002fb907 (is_mamba; Plamo2MambaMixer mamba2_state_shape, n_groups 0; Plamo2AttentionMixer hidden_size_per_head); llama.cpp conversion/plamo.py Plamo2Model at v0.4.0"),
	R("bailing_moe_linear", "BailingMoeLinearV2ForCausalLM", HF_LIGHTNING, 0, 0, 0, hf_fam_bailing_linear, "SGLang models/bailing_moe_linear.py (is_linear_layer, layer_group_size) and configs/bailing_hybrid.py (mamba2_cache_params: heads x head_dim x head_dim, no conv)"),
	R("bailing_hybrid", "BailingMoeV2_5ForCausalLM", HF_LAYOUT_FIRST | HF_LIGHTNING, 0, 0, 0, hf_fam_bailing_hybrid, "SGLang configs/bailing_hybrid.py @0f6954e8 (BailingHybridConfig: layers_block_type, Mamba2CacheParams of head_dim) and model_config.py (MLA latent for BailingMoeV2_5ForCausalLM): Ling 2.5 sized as SGLang caches it; vLLM bailing_moe_linear.py @055e47c2 takes the loaded class's head_dim (refused there); Ling 3.0 (BailingMoeV3ForCausalLM, or short_conv_kernel_size: SGLang's use_kda): KDA states of num_attention_heads x head_dim beside MLA every layer_group_size-th layer, as vLLM bailing_moe_v3.py @055e47c2 _is_kda_layer and SGLang's KimiLinearStateShape lay it out (hf_fam_hybrid.c ling3)"),
	R("zamba2", "Zamba2ForCausalLM", HF_LAYOUT_FIRST, 0, 0, 0, hf_fam_zamba2, "vLLM zamba2.py Zamba2Attention dpa_list (a KV per hybrid layer) and Zamba2MambaDecoderLayer (Mamba2 on every layer); transformers configuration_zamba2.py Zamba2Config"),
	R("minimax_m2", NULL, 0, 0, 0, 0, NULL, "vLLM minimax_m2.py (full attention)"),
	R("mimo_v2_flash", NULL, 0, 0, 0, 0, hf_fam_mimo, "vLLM mimo_v2_flash.py"),
	R("mimo_v2", "MiMoV2ForCausalLM", 0, 0, 0, 0, hf_fam_mimo, "llama.cpp convert_hf_to_gguf.py MimoV2Model (one converter for MiMoV2FlashForCausalLM and MiMoV2ForCausalLM, MiMo-V2.5: hybrid_layer_pattern, swa_*); SGLang server_args.py MIMO_V2_MODEL_ARCHS (both, one model class)"),
	R("olmo_hybrid", "OlmoHybridForCausalLM", 0, 0, 0, 0, hf_fam_olmo_hybrid, "vLLM olmo_hybrid.py @055e47c2 (layer_types: gated DeltaNet linear_attention layers, gated_delta_net_state_shape of the linear_* keys; OlmoHybridAttention full, hidden / heads; hf_fam_hybrid.c); transformers configuration_olmo_hybrid.py (model_type olmo_hybrid)"),
	R("jet_nemotron", "JetNemotronForCausalLM", HF_QKV_BIAS | HF_TIED | HF_LAYOUT_FIRST | HF_JET, 151936, 32768, 0, hf_fam_jet_nemotron, "NVlabs/Jet-Nemotron @94cbd124 jetai/modeling/hf/ (the maker's remote code, served by transformers: layer_types attn, swa, jet; JetBlock state and JetNemotronCache: hf_fam_jet.c); configuration_jet_nemotron.py JetNemotronConfig (vocab 151936, max_position_embeddings 32768, tie_word_embeddings true)"),
	R("olmo2", NULL, 0, 0, 0, 0, NULL, "transformers Olmo2Config"),
	R("olmo3", NULL, 0, 0, 0, 0, NULL, "transformers Olmo3Config (layer_types)"),
	R("granite", NULL, 0, 0, 0, 0, NULL, "transformers GraniteConfig"),
	R("starcoder2", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers Starcoder2Config"),
	R("internlm2", NULL, 0, 0, 0, 0, NULL, "vLLM internlm2.py"),
	R("opt", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers OPTConfig"),
	R("bloom", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers BloomConfig"),
	R("gptj", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers GPTJConfig"),
	/* issue 35: families the engines serve, each with its source */
	R("cohere", "CohereForCausalLM", HF_TIED, 0, 0, 0, NULL, "vLLM commandr.py (full attention; CohereConfig tie_word_embeddings true)"),
	R("baichuan", "BaichuanForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM baichuan.py (W_pack: MHA, num_heads KV heads)"),
	R("internlm", "InternLMForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM registry: InternLMForCausalLM -> llama.py (MHA)"),
	R("internlm3", "InternLM3ForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: InternLM3ForCausalLM -> llama.py"),
	R("stablelm", "StableLmForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM stablelm.py (num_key_value_heads, else num_attention_heads)"),
	R("stablelm_epoch", "StableLMEpochForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM stablelm.py"),
	R("qwen", "QWenLMHeadModel", HF_MHA | HF_QKV_BIAS | HF_FF_HALF, 0, 0, 0, NULL, "vLLM qwen.py (MHA of kv_channels; QWenMLP intermediate_size // 2)"),
	R("exaone", "ExaoneForCausalLM", 0, 0, 0, 0, NULL, "vLLM exaone.py (num_layers; full attention)"),
	R("exaone4", "Exaone4ForCausalLM", 0, 0, 0, 0, NULL, "vLLM exaone4.py (layer_types: sliding_window on sliding_attention layers)"),
	R("exaone4_5_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_exaone4_5.py (exaone4_5_text read as exaone4)"),
	R("ministral3", "Ministral3ForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "vLLM registry: Ministral3ForCausalLM -> mistral.py MistralForCausalLM (a window on every layer when sliding_window is set)"),
	R("phimoe", "PhiMoEForCausalLM", HF_SW_ALL, 0, 0, 0, NULL, "vLLM phimoe.py (no per-layer window: Attention takes config.sliding_window on every layer)"),
	R("phi4flash", "Phi4FlashForCausalLM", HF_LAYOUT_FIRST | HF_TIED | HF_QKV_BIAS, 51200, 4096, 2047, hf_fam_phi4flash, "remote code franciskamande-ai/cloned_models @711ebe7d Phi-4-mini-flash-reasoning/ configuration_phi4flash.py Phi4FlashConfig (defaults: vocab 51200, 4,096 positions, window 2047, tied) and modeling_phi4flash.py SambaYCache, SambaYDecoderLayer (Wqkv and out_proj biased); vLLM phi4flash.py @03356f8c, 0.10.0-0.10.2 on V0 only (hf_fam_sambay.c)"),
	R("mimo", "MiMoForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM mimo.py (Qwen2Model; MTP layers in mimo_mtp.py, num_nextn_predict_layers)"),
	R("glm4_moe_lite", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_moe_lite.py (MLA, deepseek_v2.py attention)"),
	R("laguna", "LagunaForCausalLM", 0, 0, 0, 0, hf_fam_laguna, "vLLM laguna.py @038481da"),
	R("xverse", "XverseForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM registry: XverseForCausalLM -> llama.py"),
	R("olmo", "OLMoForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM olmo.py (MHA)"),
	R("olmoe", "OlmoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM olmoe.py"),
	R("granitemoe", "GraniteMoeForCausalLM", 0, 0, 0, 0, NULL, "vLLM granitemoe.py"),
	R("granitemoeshared", "GraniteMoeSharedForCausalLM", 0, 0, 0, 0, NULL, "vLLM granitemoeshared.py"),
	R("seed_oss", "SeedOssForCausalLM", 0, 0, 0, 0, NULL, "vLLM seed_oss.py (head_dim, full attention)"),
	R("ernie4_5", "Ernie4_5ForCausalLM", 0, 0, 0, 0, hf_fam_quiet, "vLLM ernie45.py (llama layers)"),
	R("ernie4_5_moe", "Ernie4_5_MoeForCausalLM", 0, 0, 0, 0, hf_fam_quiet, "vLLM ernie45_moe.py"),
	R("arcee", "ArceeForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM arcee.py (up and down, relu2)"),
	R("aquila", "AquilaForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: AquilaForCausalLM -> llama.py"),
	R("deepseek", "DeepseekForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry: DeepseekForCausalLM -> deepseek_v2.py (no kv_lora_rank: per-head K and V)"),
	R("minicpm", "MiniCPMForCausalLM", 0, 0, 0, 0, NULL, "vLLM minicpm.py (llama layers; scale_emb, scale_depth compute only)"),
	R("nemotron", "NemotronForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM nemotron.py (NemotronMLP: up and down, relu2)"),
	R("orion", "OrionForCausalLM", 0, 0, 0, 0, NULL, "vLLM orion.py"),
	R("persimmon", "PersimmonForCausalLM", HF_UNGATED | HF_MHA, 0, 0, 0, NULL, "vLLM persimmon.py (MHA; dense_h_to_4h and dense_4h_to_h)"),
	R("solar", "SolarForCausalLM", 0, 0, 0, 0, NULL, "vLLM solar.py"),
	R("glm", "GlmForCausalLM", 0, 0, 0, 0, NULL, "vLLM glm.py (llama layers, partial rotary)"),
	R("dots1", "Dots1ForCausalLM", 0, 0, 0, 0, hf_fam_dots1, "vLLM dots1.py @00bd1493 (no per-layer window); transformers configuration_dots1.py (max_window_layers: hf_fam_dots1.c)"),
	R("apertus", "ApertusForCausalLM", HF_UNGATED, 0, 0, 0, NULL, "vLLM apertus.py (ApertusMLP: up and down, xIELU)"),
	R("bailing_moe", "BailingMoeForCausalLM", 0, 0, 0, 0, hf_fam_bailing, "vLLM bailing_moe.py (BailingAttention, no window: hf_fam_bailing)"),
	R("bailing_moe_v2", "BailingMoeV2ForCausalLM", 0, 0, 0, 0, hf_fam_bailing, "vLLM registry BailingMoeV2ForCausalLM -> bailing_moe.py (BailingAttention: num_key_value_heads x head_dim, else hidden / heads, no window; MTP layers apart); Ling 2.0's remote-code BailingMoeV2Config (model_type bailing_moe_v2; use_sliding_window false by default, max_window_layers: hf_fam_bailing)"),
	R("lfm2", "Lfm2ForCausalLM", HF_TIED, 0, 0, 0, hf_fam_lfm2, "vLLM lfm2.py @055e47c2 (conv and full_attention layers; lm_head tied)"),
	R("lfm2_moe", "Lfm2MoeForCausalLM", HF_TIED, 0, 0, 0, hf_fam_lfm2_moe, "vLLM lfm2_moe.py @030ea52e (conv and full_attention layers; lm_head tied; num_dense_layers dense MLPs)"),
	R("hunyuan_v1_dense", "HunYuanDenseV1ForCausalLM", 0, 0, 0, 0, hf_fam_hunyuan, "vLLM hunyuan_v1.py (HunYuanAttention per layer; use_cla refused; attention_head_dim must equal head_dim)"),
	R("hunyuan_v1_moe", "HunYuanMoEV1ForCausalLM", 0, 0, 0, 0, hf_fam_hunyuan, "vLLM hunyuan_v1.py (as hunyuan_v1_dense; MoE weights only)"),
	R("afmoe", "AfmoeForCausalLM", 0, 0, 0, 0, hf_fam_afmoe, "vLLM afmoe.py (layer_types: sliding_window on sliding_attention layers; head_dim)"),
	R("mllama_text_model", NULL, 0, 0, 0, 0, hf_fam_mllama, "transformers MllamaTextConfig (cross_attention_layers); vLLM mllama.py: refused naming them"),
	R("telechat", "TeleChat2ForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM telechat2.py (LlamaModel; attribute_map n_layer, n_head, ffn_hidden_size; llama.py: num_key_value_heads, else num_attention_heads)"),
	R("telechat2", NULL, HF_MHA, 0, 0, 0, NULL, "transformers configuration_telechat2.py (a LlamaConfig); vLLM telechat2.py"),
	R("jais", "JAISLMHeadModel", HF_MHA | HF_TIED, 0, 0, 0, NULL, "vLLM jais.py (JAISAttention: n_head heads of n_embd / n_head, MHA; ALiBi; SwiGLU c_fc, c_fc2; lm_head is wte)"),
	R("flex_olmo", "FlexOlmoForCausalLM", 0, 0, 0, 0, NULL, "vLLM flex_olmo.py @1b360436 (FlexOlmoAttention is olmoe.py's OlmoeAttention: full attention)"),
	R("smollm3", "SmolLM3ForCausalLM", HF_TIED, 0, 0, 0, hf_fam_smollm3, "transformers modular_smollm3.py @008e5743 (llama layers; NoPE angles only; window only with use_sliding_window: refused); llama.cpp src/models/smollm3.cpp @a0b8c172 (build_attn_inp_kv: every layer full)"),
	R("glm4v_text", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_1v.py @002d181a (glm4v: text_config runs as Glm4ForCausalLM, glm4.py: full attention)"),
	R("glm4v", NULL, 0, 0, 0, 0, NULL, "transformers configuration_glm4v.py @05cd1ec1 (Glm4vConfig: text_config absent -> Glm4vTextConfig(**kwargs), the top level is the text model, as glm4v_text); vLLM glm4_1v.py @002d181a (Glm4ForCausalLM on it: full attention)"),
	R("glm4v_moe_text", NULL, 0, 0, 0, 0, NULL, "vLLM glm4_1v.py @002d181a (glm4v_moe: text_config runs as Glm4MoeForCausalLM, glm4_moe.py: full attention)"),
	R("jais2", "Jais2ForCausalLM", HF_UNGATED | HF_MHA, 0, 0, 0, NULL, "vLLM jais2.py @055e47c2 (Jais2Attention: num_key_value_heads, else num_attention_heads, full attention unless interleaved_sliding_window; Jais2MLP: up and down, relu2)"),
	R("muse_glimmer_text", NULL, 0, 0, 0, 2048, hf_fam_muse_glimmer, "vLLM muse_glimmer.py @055e47c2 (NoPE layers full, RoPE layers sliding_window); vLLM configs/muse_glimmer.py @29ec1785 (no_rope_layers default, sliding_window 2048)"),
	R("step3_text", "Step3TextForCausalLM", HF_MQA, 0, 0, 0, hf_fam_step3_text, "vLLM step3_text.py @0169d396 (one KV head of head_dim, 256 by default)"),
	/* issue 35: the registry sweep (vLLM registry.py _TEXT_GENERATION_MODELS
	 * and _MULTIMODAL_MODELS; docs/families.md lists every architecture) */
	R("qwen2_5_omni_text", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "transformers configuration_qwen2_5_omni.py (Qwen2_5OmniTextConfig, thinker_config.text_config); vLLM qwen2_5_omni_thinker.py @7f4a06ae (Qwen2Model on it: qwen2.py's window rules)"),
	R("qwen2_5_omni_thinker", "Qwen2_5OmniThinkerForConditionalGeneration", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM qwen2_5_omni_thinker.py @7f4a06ae (a thinker config's text_config is Qwen2_5OmniTextConfig)"),
	R("qwen2_5_omni", "Qwen2_5OmniModel", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM registry Qwen2_5OmniModel / Qwen2_5OmniForConditionalGeneration -> qwen2_5_omni_thinker.py @7f4a06ae (the thinker alone, thinker_config.text_config)"),
	R("qwen3_omni_moe_text", NULL, 0, 0, 0, 0, hf_fam_qwen, "transformers configuration_qwen3_omni_moe.py (Qwen3OmniMoeTextConfig); vLLM qwen3_omni_moe_thinker.py @e86cd315 (Qwen3MoeLLMModel: qwen3_moe.py attention, full)"),
	R("qwen3_omni_moe_thinker", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM qwen3_omni_moe_thinker.py @e86cd315"),
	R("qwen3_omni_moe", "Qwen3OmniMoeForConditionalGeneration", 0, 0, 0, 0, hf_fam_qwen, "vLLM registry Qwen3OmniMoeForConditionalGeneration -> qwen3_omni_moe_thinker.py @e86cd315 (the thinker alone, thinker_config.text_config)"),
	R("minicpmv", "MiniCPMV", 0, 0, 0, 0, hf_fam_qwen, "vLLM minicpmv.py @004202bc (the flat config runs as MiniCPMModel (2.0), LlamaModel (2.5), Qwen2Model (2.6); MiniCPMV4_5 Qwen3ForCausalLM: full attention unless qwen2's use_sliding_window)"),
	R("minicpmo", "MiniCPMO", 0, 0, 0, 0, hf_fam_qwen, "vLLM minicpmo.py @ebc3082a (MiniCPMO extends MiniCPMV2_6: Qwen2 on the flat config)"),
	R("phi4mm", "Phi4MMForCausalLM", 0, 0, 0, 0, hf_fam_phi3, "vLLM phi4mm.py @42fa4c09 (LlamaModel on the flat config: no layer_types, every layer full; sliding_window unused)"),
	R("phi3_v", "Phi3VForCausalLM", 0, 0, 0, 0, hf_fam_phi3, "vLLM phi3v.py @3bc38489 (LlamaForCausalLM on the flat config: every layer full)"),
	R("dots_ocr", "DotsOCRForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM dots_ocr.py @570821bc (DotsOCRConfig is a Qwen2Config: Qwen2ForCausalLM on the flat config)"),
	R("molmo", "MolmoForCausalLM", HF_MHA | HF_FF_HALF, 0, 0, 0, NULL, "vLLM molmo.py @0176b7b4 (MolmoAttention: num_key_value_heads or num_attention_heads, full; MolmoMLP intermediate_size // 2)"),
	R("ernie4_5_moe_vl", "Ernie4_5_VLMoeForConditionalGeneration", 0, 0, 0, 0, hf_fam_quiet, "vLLM ernie45_vl_moe.py @d1a2e946 (Ernie4_5_VLMoeAttention: num_key_value_heads x head_dim, full; 3-D rope angles only)"),
	R("paddleocr_vl", "PaddleOCRVLForConditionalGeneration", 0, 0, 0, 0, hf_fam_quiet, "vLLM paddleocr_vl.py @60191e18 (Ernie4_5ForCausalLM on the flat config, text_config merged in: full attention)"),
	R("cwm", "CwmForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry CwmForCausalLM -> llama.py @e06c9ba2 (layer_types: sliding_window on sliding_attention layers); transformers CwmConfig (sliding_window 8192)"),
	R("arctic", "ArcticForCausalLM", 0, 0, 0, 0, NULL, "vLLM arctic.py @c96c471d (ArcticAttention: num_key_value_heads x hidden / heads, full)"),
	R("chameleon", "ChameleonForConditionalGeneration", 0, 0, 0, 0, NULL, "vLLM chameleon.py @6d336571 (ChameleonAttention: num_key_value_heads, full; QK-norm)"),
	R("cohere2_moe", "Cohere2MoeForCausalLM", HF_TIED, 0, 0, 0, hf_fam_cohere2_moe, "vLLM cohere2_moe.py @055e47c2 (layer_types; a sliding layer's window sliding_window + 1; Cohere2MoeConfig tie_word_embeddings true)"),
	R("exaone_moe", "ExaoneMoEForCausalLM", 0, 0, 0, 0, hf_fam_exaone_moe, "vLLM exaone_moe.py @055e47c2 (layer_types; sliding_windows per layer, else sliding_window; MTP layers apart)"),
	R("grok-1", "Grok1ModelForCausalLM", 0, 0, 0, 0, hf_fam_grok, "vLLM grok1.py @02082de9 (Grok1Attention: num_key_value_heads x hidden / heads, every layer full)"),
	R("git", "Grok1ForCausalLM", 0, 0, 0, 0, hf_fam_grok, "vLLM grok1.py @02082de9 (Grok-2's config says model_type git; architectures must name Grok)"),
	R("hy_v3", "HYV3ForCausalLM", 0, 0, 0, 0, NULL, "vLLM hy_v3.py @055e47c2 (HYV3Attention: num_key_value_heads x head_dim, every layer full; MTP layers apart)"),
	R("axk1", "AXK1ForCausalLM", 0, 0, 0, 0, NULL, "vLLM AXK1.py @01063cd0 (A.X K1: DeepSeek-V3 MLA, AXK1MLAAttention; vLLM transformers_utils/config.py registers model_type axk1)"),
	R("hyperclovax", "HyperCLOVAXForCausalLM", 0, 0, 0, 0, NULL, "transformers configuration_hyperclovax.py (HyperCLOVAXConfig, a GraniteConfig: head_dim, else hidden / heads; multipliers compute only); vLLM hyperclovax.py @17122791 (every layer full)"),
	R("deepseek_vl_v2", "DeepseekOCRForCausalLM", 0, 0, 0, 0, NULL, "vLLM transformers_utils/configs/deepseek_vl2.py (language_config is a DeepseekV2Config: a DeepSeek-OCR language_config names no model_type); vLLM deepseek_ocr.py (use_mla false: DeepseekForCausalLM, per-head K and V)"),
	R("glm_ocr_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_glm_ocr.py @02e8340b (GlmOcrTextConfig, glm_ocr's text_config); vLLM glm_ocr.py @055e47c2 (GlmOcrForConditionalGeneration is glm4_1v.py's Glm4vForConditionalGeneration: the text runs as Glm4ForCausalLM, full attention)"),
	R("hunyuan_vl", "HunYuanVLForConditionalGeneration", 0, 0, 0, 0, hf_fam_hunyuan, "transformers configuration_hunyuan_vl.py @043bb8dd (HunyuanOCR's flat configs: text keys at the top, folded into HunYuanVLTextConfig); vLLM hunyuan_vision.py (the language model is hunyuan_v1.py's HunYuanDenseV1: hf_fam_hunyuan)"),
	R("hunyuan_vl_text", NULL, 0, 0, 0, 0, hf_fam_hunyuan, "transformers configuration_hunyuan_vl.py @043bb8dd (HunYuanVLTextConfig, a HunYuanDenseV1Config; attention_head_dim an alias); vLLM hunyuan_vision.py, hunyuan_v1.py"),
	R("molmo2_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_molmo2.py @05c6ac43 (Molmo2TextConfig: num_key_value_heads x head_dim; rope_scaling_layers angles only); vLLM molmo2.py @3c0256f2 (every layer full)"),
	R("molmo2", "Molmo2ForConditionalGeneration", 0, 0, 0, 0, NULL, "transformers configuration_molmo2.py @05c6ac43 (Molmo2Config: its text_config is a Molmo2TextConfig); vLLM molmo2.py @3c0256f2"),
	R("aria_text", NULL, 0, 0, 0, 0, NULL, "transformers configuration_aria.py (AriaTextConfig, a LlamaConfig, aria's text_config); vLLM aria.py @60de59de (AriaTextDecoderLayer: llama attention on every layer, full)"),
	/* issue 35a: the sixth held-out set's refusals and the registry sweep */
	R("minimax_m3_vl", "MiniMaxM3SparseForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_minimax_m3, "transformers configuration_minimax_m3_vl.py @01a05aad (MiniMaxM3VLConfig: text_config rebuilt as MiniMaxM3VLTextConfig whatever model_type it names, absent the default one); the text model is minimax_m3's (hf_novel.c)"),
	R("minimax_m3_vl_text", NULL, 0, 0, 0, 0, hf_fam_minimax_m3, "transformers configuration_minimax_m3_vl.py @01a05aad (MiniMaxM3VLTextConfig: layer_types from sparse_attention_config.sparse_attention_freq; hf_novel.c)"),
	R("plamo3", "Plamo3ForCausalLM", HF_TIED, 0, 0, 0, hf_fam_plamo3, "vLLM plamo3.py @045d7575 (per_layer_sliding_window = interleaved_sliding_window[i]); SGLang configs/plamo3.py @33918d47 (is_full_attn: (i + 1) % sliding_window_pattern, window_size; tie_word_embeddings true)"),
	R("sarvam_mla", "SarvamMLAForCausalLM", 0, 0, 0, 0, hf_fam_sarvam_mla, "vLLM sarvam.py @c0f0c92f (SarvamMLAAttention: MLA of kv_lora_rank + qk_rope_head_dim on every layer)"),
	R("funaudiochat", "FunAudioChatForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "vLLM transformers_utils/configs/funaudiochat.py @ea13f6cc (FunAudioChatConfig: text_config's model_type qwen2 when it names none, absent Qwen2Config()); vLLM funaudiochat.py @d5e087b2 (Qwen3ForCausalLM on text_config)"),
	R("granite4_vision", "Granite4VisionForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, NULL, "vLLM transformers_utils/configs/granite4_vision.py @fb73c465 (Granite4VisionConfig: text_config's model_type granite when it names none, absent the default GraniteConfig)"),
	R("midashenglm", "MiDashengLMModel", HF_TEXT_REQUIRED | HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM transformers_utils/configs/midashenglm.py @8a8be3dc (MiDashengLMConfig: text_config always a Qwen2_5OmniTextConfig, absent the default one)"),
	R("qianfan_ocr", "QianfanOCRForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "vLLM transformers_utils/configs/qianfan_ocr.py @967acb91 (QianfanOCRConfig: text_config's model_type qwen3 when it names none, absent Qwen3Config())"),
	/* issue 35, the registry sweep against vLLM's model catalog of
	 * 2026-12 (vllm/model_executor/models/_model_info.py @ccea69bd, the
	 * (module, class) of every built-in model): the architectures
	 * registry.tsv lacked */
	R("cosmos3_omni", "Cosmos3OmniForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "transformers configuration_cosmos3_omni.py @2c9d8b11 (Cosmos3OmniConfig: text_config.get('model_type', 'qwen3_vl_text'), absent Qwen3VLTextConfig()); vLLM cosmos3.py @0343ede7 (Cosmos3ForConditionalGeneration(Qwen3VLForConditionalGeneration): Qwen3-VL's decoder, every layer full)"),
	R("cosmos3", "Cosmos3ForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "TensorRT-LLM's Cosmos3Config (model_type cosmos3, adapted from transformers' Cosmos3OmniConfig, cosmos3_omni its alias: the same text_config rule, qwen3_vl_text by default); vLLM cosmos3.py @0343ede7 (Qwen3VLForConditionalGeneration)"),
	R("cosmos3_edge", "Cosmos3EdgeForConditionalGeneration", HF_TEXT_REQUIRED | HF_UNGATED, 0, 0, 0, NULL, "transformers configuration_cosmos3_edge.py @e5032053 (Cosmos3EdgeConfig: text_config always a Cosmos3EdgeTextConfig, absent the default one); vLLM cosmos3_edge.py @055e47c2 (Cosmos3EdgeForCausalLM: one NemotronH attention layer and one relu2 MLP layer per text layer, hybrid_override_pattern '*-' only)"),
	R("cosmos3_edge_text", NULL, HF_UNGATED, 0, 0, 0, NULL, "transformers configuration_cosmos3_edge.py @e5032053 (Cosmos3EdgeTextConfig: num_hidden_layers attention layers of num_key_value_heads x head_dim, fc1/fc2 relu2 MLP); vLLM configs/cosmos3_edge.py @705f4459 (Cosmos3EdgeTextConfig: 2 x num_hidden_layers Nemotron-H layers, pattern '*-' x num_hidden_layers: as many attention layers as num_hidden_layers)"),
	R("longcat_flash_ngram", "LongcatFlashNgramForCausalLM", 0, 0, 0, 0, hf_fam_longcat_ngram, "vLLM longcat_flash_ngram.py @055e47c2 (FlashNgramModel: num_layers decoder layers of LongCat-Flash's two DeepseekV2MLAAttention; num_hidden_layers, the attention modules, replaced); transformers LongcatFlashNgramConfig (num_hidden_layers = 2 x num_layers; hf_novel.c)"),
	R("interns2_mobius", "InternS2MobiusForConditionalGeneration", HF_OUT_GATE | HF_TEXT_REQUIRED, 0, 0, 0, NULL, "SGLang configs/interns2_mobius.py @252129ae (InternS2MobiusConfig(Qwen3_5MoeConfig): text_config always an InternS2MobiusTextConfig, absent the default one); vLLM interns2_mobius.py @1d2cb91a (hybrid, as Qwen3.5)"),
	R("interns2_mobius_text", NULL, HF_OUT_GATE, 0, 0, 0, NULL, "SGLang configs/interns2_mobius.py @252129ae (InternS2MobiusTextConfig(Qwen3_5MoeTextConfig): layer_types kept verbatim, else Qwen3.5's full_attention_interval 4; its gated DeltaNet linear_* keys); the Memory MoE blocks (num_blocks) are weights only"),
	/* Inkling (thinkingmachines): refused by name, its cache read (issue
	 * 35). vLLM @055e47c2 (models/inkling/nvidia): attention.py
	 * get_kv_cache_spec is a FullAttentionSpec of num_key_value_heads x
	 * head_dim (K and V alike), or on local_layer_ids a SlidingWindowSpec
	 * of sliding_window_size over swa_num_key_value_heads x swa_head_dim;
	 * the relative term (d_rel, rel_extent) is computed from the query
	 * and cached nowhere. Beside it every layer owns an InklingConvState
	 * (sconv_swa_attn.py), a second attention-like layer whose spec is a
	 * SlidingWindowSpec with block_size = sliding_window =
	 * sconv_kernel_size, KV heads / tp heads (tp <= KV heads asserted) of
	 * head_size next_pow2(2 head_dim + 2 hidden / KV heads), no V, bf16:
	 * the K, V, attention-output and MLP-output conv streams packed. kvplan
	 * has no layer kind for that second paged cache (its vLLM groups see one
	 * spec per layer). SGLang configs/inkling.py @07f7e822 serves it with a
	 * mamba-pool state instead: six bf16 conv buffers of sconv_kernel_size
	 * - 1 rows a layer (full K, V: max(1, KV heads / tp) x head_dim; local
	 * K, V: the swa_* widths; two streams of hidden_size, or hidden / tp
	 * under enable_scattered_sconv), not read past the config. */
	R("inkling_model", "InklingForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "vLLM models/inkling/nvidia @055e47c2: each layer's four short-convolution streams are a paged cache of their own (sconv_swa_attn.py: a SlidingWindowSpec, block and window sconv_kernel_size, KV heads/tp heads of next_pow2(2 x head_dim + 2 x hidden/KV heads) bf16) beside its attention's Full or SlidingWindowSpec (attention.py; d_rel and rel_extent cache nothing): kvplan holds no second paged cache per layer"),
	R("inkling_mm_model", "InklingForConditionalGeneration", HF_REFUSED, 0, 0, 0, NULL, "vLLM models/inkling/configs.py @10e84938 (InklingMMConfig: text_config an InklingModelConfig, whose layout is refused: see inkling_model)"),
	R("onyx", "OnyxForConditionalGeneration", 0, 0, 0, 0, hf_fam_onyx, "transformers OnyxTextConfig (model_type onyx, a Gemma2Config: layer_types, sliding_window 2048, num_key_value_heads x head_dim); llama.cpp conversion/onyx.py @06a8f4ee (OnyxModel: sliding_window, pattern 4; hf_fam_attn.c)"),
	R("hrm_text", "HrmTextForCausalLM", HF_MHA | HF_OUT_GATE, 151808, 2048, 0, hf_fam_hrm, "vLLM hrm_text.py @055e47c2 (HrmTextAttention: an Attention per recurrence step and layer, H_cycles x (L_cycles + 1) steps, MHA of num_attention_heads, a sigmoid gate of q's size; hf_loops.c); transformers configuration_hrm_text.py @70eb7079 (HrmTextConfig: num_layers_per_stack, H_cycles 2, L_cycles 3, head_dim 128)"),
	R("moss_audio", "MossAudioModel", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "vLLM moss_audio.py @055e47c2 (MossAudioConfig: language_config always a Qwen3Config, absent Qwen3Config(); Qwen3ForCausalLM on it, every layer full); the Whisper-style audio encoder is outside the decoder cache"),
	/* GLM-5.3-Flash: refused by name, its cache read (issue 35). vLLM
	 * models/glm5next/common/attention.py @0bc052df: Glm5NextIndexerCache
	 * is DeepSeek V3.2's fp8 indexer entry (index_head_dim + index_head_dim
	 * / 128 x 4 bytes) with tokens_per_state = index_kpool (one entry per
	 * pool of index_kpool tokens) and storage_block_size = page x
	 * index_kpool (page 32 or 64, DeepGEMM's paged-MQA sizes; block_size a
	 * multiple of 32 x index_kpool asserted); Glm5NextTailCache adds per
	 * MLA layer a KpoolTailSpec, one block a request (ring = index_kpool x
	 * next_pow2(ceil((index_kpool + num_speculative_tokens) / index_kpool))
	 * slots of 2 heads x index_head_dim bf16), outside prefix caching.
	 * kvplan's DSA indexer (hf_state.c) caches an entry per token and has
	 * no such ring; KDA layers (common/kda.py) and the hybrid block floor
	 * beside them not read. SGLang configs/glm5_next.py @d7c028fc serves
	 * it too, its pool not read; llama.cpp conversion/glm5next.py @e972e2ca
	 * (Glm5NextModel) names the keys. */
	R("glm5_next", "Glm5NextForConditionalGeneration", HF_REFUSED, 0, 0, 0, NULL, "vLLM models/glm5next/common/attention.py @0bc052df: the DSA indexer caches one fp8 entry (index_head_dim + 4 bytes per 128) per index_kpool tokens (MLAAttentionSpec tokens_per_state, block_size a multiple of 32 x index_kpool) and per layer a tail ring per request (KpoolTailSpec: index_kpool x next_pow2(ceil((index_kpool + draft tokens)/index_kpool)) slots of 2 x index_head_dim bf16): kvplan's DSA indexer caches every token and no ring"),
	R("glm5_next_text", NULL, HF_REFUSED, 0, 0, 0, NULL, "vLLM models/glm5next/common/attention.py @0bc052df: the DSA indexer caches one fp8 entry (index_head_dim + 4 bytes per 128) per index_kpool tokens (MLAAttentionSpec tokens_per_state, block_size a multiple of 32 x index_kpool) and per layer a tail ring per request (KpoolTailSpec: index_kpool x next_pow2(ceil((index_kpool + draft tokens)/index_kpool)) slots of 2 x index_head_dim bf16): kvplan's DSA indexer caches every token and no ring"),
	R("llava_onevision2", "LlavaOnevision2ForConditionalGeneration", 0, 0, 0, 0, hf_fam_qwen, "LlavaOnevision2Config (configuration_llava_onevision2.py: text_config.get('model_type', 'qwen3'), absent Qwen3Config(**kwargs) from the top-level keys); vLLM llava_onevision2.py @045d7575 (the language model on text_config)"),
	/* the eleventh held-out set's refusals that stay refused (issue 35):
	 * each refused by name with why, where first contact had called them
	 * "not a model config" or "unknown" */
	/* Huginn-0125 (issue 35): no engine serves it. vLLM's registry.py
	 * names no RavenForCausalLM (third-party plugins register their own
	 * module); llama.cpp 80fb11a's converter (conversion/__init__.py)
	 * and src/llama-arch.cpp name no Raven or Huginn; SGLang not read.
	 * Its one cache, the remote code's HuginnDynamicCache, keeps a K and
	 * V per recurrence step, the count an argument of generate(). */
	R("huginn_raven", "RavenForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "seal-rg/recurrent-pretraining @59e0b69b recpre/raven_modeling_minimal.py (Huginn-0125: prelude and coda layers once, the recurrent core num_steps times, num_steps an argument of generation, each step its own K and V in HuginnDynamicCache): the cache is set by how the model is run, not its config; vLLM, llama.cpp 80fb11a and SGLang (not read) serve no RavenForCausalLM"),
	R("inl-llm", "INLLLMForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "Pacific-Prime INL-LLM (remote code modeling_inl_llm.py, INLLLMConfig: d_model, num_layers, num_heads, num_iterations_per_layer; its Hub config saves use_cache false): no engine kvplan models serves it, and its remote code's cache was not read"),
	/* Moondream 2 / 3 preview (model_type moondream1, issue 35): vLLM's
	 * registry maps HfMoondream to moondream3.py, whose config class
	 * (transformers_utils/configs/moondream3.py) is registered for
	 * model_type moondream3 and builds the text model from config.text
	 * (dim, n_layers, n_heads, n_kv_heads: hf_nested.c); llama.cpp
	 * 80fb11a's converter registers no Moondream (its moondream2 GGUFs
	 * came from other scripts); SGLang not read. A moondream1 file
	 * carries no num_hidden_layers nor any size: none to read. */
	R("moondream1", NULL, HF_REFUSED, 0, 0, 0, NULL, "vikhyat/moondream @44146f13 moondream/torch/config.py: Moondream 2 and Moondream 3 preview both save model_type moondream1, architectures HfMoondream and an empty config, the sizes being the TextConfig defaults of the code revision shipped (a 2B dense decoder or a 9B MoE): the file does not say which; vLLM serves HfMoondream as Moondream 3 from config.text (a config naming it imports as moondream3)"),
	R("ouro", "OuroForCausalLM", 0, 0, 0, 0, hf_fam_loop, "vLLM ouro.py @17122791 (OuroAttention: total_ut_steps Attention modules per layer, 4 by default, each its own KV cache: the passes' cache layers, hf_loops.c; head_dim hidden / heads, hf_fam_heads.c; OuroDecoderLayer's four RMSNorms, core/weights/weights.c)"),
	/* Moondream 3 (moondream/moondream3-preview, 2025-09): its decoder
	 * in config.text under its own names (hf_nested.c), every layer full
	 * attention of n_kv_heads x dim / n_heads (vLLM moondream3.py
	 * Moondream3Attention: head_dim = dim // n_heads, qkv bias) */
	R("moondream3", "HfMoondream", 0, 0, 0, 0, NULL, "vLLM transformers_utils/configs/moondream3.py @b801fe03 (Moondream3Config: text_config = Moondream3TextConfig(**config.get(\"text\", {}))); registry.py HfMoondream, Moondream3ForCausalLM"),
	R("moondream3", "Moondream3ForCausalLM", 0, 0, 0, 0, NULL, "vLLM registry.py Moondream3ForCausalLM (moondream3.py)"),
	R("moondream3_text", NULL, HF_QKV_BIAS, 0, 0, 0, hf_fam_wnote, "vLLM moondream3.py Moondream3Attention (head_dim dim // n_heads, num_kv_heads n_kv_heads, QKVParallelLinear bias=True; every layer a plain Attention) and transformers_utils/configs/moondream3.py Moondream3TextConfig"),
	/* Rnj1 (issue 35): vLLM's cache is known. rnj1.py @055e47c2 gives
	 * chunked_attention layers per_layer_sliding_window = sliding_window
	 * and chunk_lookback 1, every other layer (sliding_attention too) no
	 * window; attention.py @0014ca6b get_kv_cache_spec makes a windowed
	 * layer a SlidingWindowSpec of that window (chunk_lookback reaches
	 * the Triton kernel alone), and engine/arg_utils.py sets no
	 * cache-wide window for an interleaved layer_types. Still refused:
	 * HF_ARCH_WINS picks this row by architecture, but the plan's
	 * model_type stays gemma3_text and every engine table keys on it
	 * (engine_served.c model_rows[] could refuse the other engines only
	 * by refusing Gemma 3 too); vLLM's own would misprice it (vllm_profile.c
	 * vl_mm_pixels: Gemma 3's dummy image for a text-only model;
	 * vl_rope_tables: Gemma 3's rope objects where rnj1.py takes
	 * rope_parameters per layer type). Sizing it needs a plan field
	 * naming the architecture the engines' tables can key on. */
	R("gemma3_text", "Rnj1ForCausalLM", HF_REFUSED | HF_ARCH_WINS, 0, 0, 0, NULL, "vLLM rnj1.py @055e47c2 caches chunked_attention layers as a SlidingWindowSpec of sliding_window (chunk_lookback in the kernel alone), the others full; kvplan lacks a model identity beside model_type: its engine tables key on gemma3_text, so vLLM's profile would add Gemma 3's dummy image (vllm_profile.c vl_mm_pixels; rnj1.py is text only) and rotary tables (vl_rope_tables); no other engine serves it; refused"),
	R("umm", "CheersForConditionalGeneration", HF_TEXT_REQUIRED | HF_QKV_BIAS, 0, 0, 0, hf_fam_qwen, "vLLM transformers_utils/configs/cheers.py @479ce6ba (CheersConfig, model_type umm: text_config always a Qwen2Config, absent the default one); vLLM cheers.py @ac4277f6 (Qwen2ForCausalLM on text_config)"),
	R("hyperclovax_vlm", "HCXVisionForCausalLM", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_text_typed, "vLLM transformers_utils/configs/hyperclovax.py @af841c69 (HCXVisionConfig, model_type hyperclovax_vlm: text_config built by its own model_type, n_embd/n_head/n_layer renamed; none: not loadable)"),
	R("sarvam_moe", "SarvamMoEForCausalLM", 0, 0, 0, 0, hf_fam_sarvam_moe, "transformers configuration_sarvam_moe.py @0684546d (SarvamMoeConfig: head_dim, else hidden / heads); modular_sarvam_moe.py (SarvamMoeAttention, no window); vLLM sarvam.py @c0f0c92f (SarvamMoEForCausalLM is bailing_moe.py's)"),
	R("PanguEmbedded", "PanguEmbeddedForCausalLM", 0, 0, 0, 0, hf_fam_openpangu, "vLLM openpangu.py @6a2dcafe (model_type PanguEmbedded named in _init_rotary_emb; OpenPanguEmbeddedAttention: num_key_value_heads x head_dim, interleaved_sliding_window)"),
	R("openpangu_v2", "PanguUltraMoEForCausalLM", 0, 0, 0, 0, hf_fam_openpangu, "vLLM openpangu.py @6a2dcafe (OpenPanguMLAAttention with the four MLA keys, else GQA); vLLM config/speculative.py hf_config_override (model_type openpangu_v2 with PanguUltraMoEForCausalLM becomes openpangu_mtp)"),
	R("param2moe", "Param2MoEForCausalLM", HF_TIED, 0, 0, 0, hf_fam_param2moe, "vLLM param2moe.py @756e7391 (Param2MoEAttention: GQA, every layer full); transformers configuration_param2moe.py @4671997a (Param2MoeConfig: head_dim 64 by default, tie_word_embeddings true)"),
	R("iquestcoder", "IQuestCoderForCausalLM", 0, 0, 0, 0, hf_fam_iquestcoder, "IQuest's configuration_iquestcoder.py (IQuestCoderConfig, model_type iquestcoder: llama layout, head_dim given); vLLM registry IQuestCoderForCausalLM -> llama.py LlamaForCausalLM"),
	R("iquestloopcoder", "IQuestLoopCoderForCausalLM", 0, 0, 0, 0, hf_fam_loop, "vLLM iquest_loopcoder.py @045d7575 (LoopCoderAttention: loop_num Attention modules per layer, 2 by default, each its own KV cache: loop 0 full, loops >= 1 sliding over loop_window_size, 64 by default: hf_loops.c; head_dim hidden / heads, hf_fam_heads.c; LlamaMLP, qkv without bias)"),
	R("step1", "Step1ForCausalLM", HF_MQA | HF_TIED, 0, 0, 0, hf_fam_step1, "vLLM step1.py @955461ac (StepAttention: num_attention_groups KV heads, else num_key_value_heads, else 1, of hidden / heads; ALiBi; every layer full; lm_head tied unless tie_word_embeddings false); vLLM transformers_utils/configs/step1.py @4de3aae5 (Step1Config, model_type step1)"),
	R("telechat3", "TeleChat3ForCausalLM", HF_MHA, 0, 0, 0, NULL, "vLLM registry TeleChat3ForCausalLM -> llama.py LlamaForCausalLM (num_key_value_heads, else num_attention_heads; head_dim, else hidden / heads); TeleChat's Telechat3Config (model_type telechat3)"),
	R("minicpmv4_6", "MiniCPMV4_6ForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_text_typed, "transformers configuration_minicpmv4_6.py @8af4d22a (MiniCPMV4_6Config: text_config built by the model_type it names, a Qwen3.5 text model; absent, the default qwen3_5_text one); vLLM minicpmv4_6.py @83be8456 (IsHybrid: the Qwen3.5 text model's layers)"),
	/* issue 35d: the seventh held-out set's refusals by name */
	R("Keye", "KeyeForConditionalGeneration", 0, 0, 0, 0, hf_fam_qwen, "vLLM keye.py @0238b153 (BaseKeyeModule: Qwen3ForCausalLM on the flat config, Keye's remote-code KeyeConfig: qwen3.py's attention and window rules); vLLM registry.py @0002bff0 (KeyeForConditionalGeneration -> keye)"),
	R("hunyuan", NULL, 0, 0, 0, 0, hf_fam_hunyuan, "vLLM hunyuan_v1.py @00f8d445 (Hunyuan-A13B's remote-code HunYuanConfig, model_type hunyuan, runs as HunYuanMoEV1ForCausalLM: HunYuanAttention per layer, head_dim, else attention_head_dim, else hidden / heads; use_cla refused)"),
	R("phi4-siglip", "Phi4ForCausalLMV", 0, 0, 0, 0, hf_fam_phi3, "vLLM phi4siglip.py @99099772 (Phi4ForCausalLMV: Phi3ForCausalLM on the flat config, the remote-code Phi4VisionR a Phi3Config: every layer full)"),
	R("jvlm", "JinaVLMForConditionalGeneration", HF_REFUSED, 0, 0, 0, NULL, "Jina VLM's remote-code JinaVLMConfig (model_type jvlm: the decoder's attention sizes nested in text_config.block_config.attn_config as n_heads, n_kv_heads, head_dim, sliding_window): neither vLLM (registry.py @0002bff0 names no JinaVLM architecture) nor SGLang (issue #16472, an open request) serves it, so no engine rule sizes it"),
	/* issue 35v: VLM wrappers, exact on first contact */
	/* LLaVA-OneVision-1.5 (EvolvingLMMs-Lab, 2025-09; transformers only
	 * through its remote code): the wrapper's text_config is a
	 * LLaVAOneVision1_5_TextConfig, Qwen3's text model (q/k norms,
	 * head_dim 128) with its own sliding rule (hf_fam_ov15) */
	R("llavaonevision1_5", "LLaVAOneVision1_5_ForConditionalGeneration", 0, 0, 0, 0, hf_fam_ov15, "remote code configuration_llavaonevision1_5.py (EvolvingLMMs-Lab/LLaVA-OneVision-1.5 @a5eb942a ds/llavaonevision1_5/) Llavaonevision1_5Config: sub_configs text_config LLaVAOneVision1_5_TextConfig, built from the top-level keys when text_config is absent"),
	R("LLaVAOneVision1_5_text", NULL, 0, 0, 0, 0, hf_fam_ov15, "remote code configuration_llavaonevision1_5.py LLaVAOneVision1_5_TextConfig and modeling_llavaonevision1_5.py LLaVAOneVision1_5_Attention (EvolvingLMMs-Lab/LLaVA-OneVision-1.5 @a5eb942a ds/llavaonevision1_5/)"),
	R("KeyeVL1_5", "KeyeVL1_5ForConditionalGeneration", 0, 0, 0, 0, hf_fam_qwen, "vLLM keye_vl1_5.py (KeyeVL1_5ForConditionalGeneration is keye.py's BaseKeyeModule: Qwen3ForCausalLM on the flat config, qwen3.py's attention and window rules); model_type KeyeVL1_5 from vLLM rotary_embedding mrope.py MRotaryEmbedding.get_input_positions_tensor (\"KeyeVL1_5\" in hf_config.model_type) and Kwai's KeyeVL1_5Config (model_type = \"KeyeVL1_5\")"),
	R("interns1_pro_text", NULL, 0, 0, 0, 0, hf_fam_qwen, "vLLM interns1_pro.py @01d312cc (InternS1ProMoeLLMModel on text_config: InternS1ProMoeAttention of num_key_value_heads x head_dim, else hidden / heads, every layer full; FoPE's rope_scaling keys change the angles only); model_type from internlm/Intern-S1-Pro's published config (vendored by muyaostudio/intern-s1-pro-vs-qwen3-235b-a22b @4591d649)"),
	R("interns1_pro", "InternS1ProForConditionalGeneration", HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_qwen, "vLLM interns1_pro.py @01d312cc (InternS1ProMoeLLMForCausalLM reads hf_config.text_config: a config without it is not what vLLM serves)"),
	R("gemma4_unified_text", NULL, HF_TIED, 0, 0, 0, hf_fam_gemma4, "vLLM gemma4_unified.py @029fe0a8 (Gemma4UnifiedForConditionalGeneration: gemma4.py's Gemma4ForCausalLM on text_config, the Gemma 4 text model: hf_fam_gemma4); TensorRT-LLM's Gemma4UnifiedTextConfig is Gemma4TextConfig under another model_type"),
	R("gemma4_unified", "Gemma4UnifiedForConditionalGeneration", HF_TIED | HF_TEXT_REQUIRED, 0, 0, 0, hf_fam_gemma4, "vLLM gemma4_unified.py @029fe0a8 (the text model from text_config: a config without it is not what vLLM serves)"),
	/* issue 35t: transformers' MODEL_FOR_CAUSAL_LM_MAPPING_NAMES
	 * (models/auto/modeling_auto.py), decoder families no row named;
	 * transformers is the engine serving most of them (DynamicCache:
	 * num_key_value_heads x head_dim a layer and position) */
	R("bitnet", "BitNetForCausalLM", 0, 128256, 2048, 0, hf_fam_wnote, "transformers configuration_bitnet.py @008f5c8c BitNetConfig (num_key_value_heads 5, head_dim hidden / heads) and modeling_bitnet.py (BitNetAttention: Llama's, full; gated relu2 MLP); llama.cpp src/models/bitnet.cpp @80fb11a (build_attn_inp_kv: every layer full; n_embd_gqa K and V)"),
	R("helium", "HeliumForCausalLM", 0, 48000, 4096, 0, NULL, "transformers configuration_helium.py @008e5743 HeliumConfig (num_key_value_heads 20, head_dim 128) and its Llama attention, full on every layer"),
	R("nanochat", "NanoChatForCausalLM", HF_UNGATED | HF_MHA, 50304, 2048, 0, hf_fam_wnote, "transformers configuration_nanochat.py @008e5743 NanoChatConfig (num_key_value_heads None: the heads) and modular_nanochat.py @06a60bac (NanoChatAttention: LlamaAttention, full; NanoChatMLP fc and proj, relu2)"),
	R("doge", "DogeForCausalLM", HF_MHA | HF_SW_ALL, 32768, 2048, 0, hf_fam_doge, "transformers configuration_doge.py @008e5743 DogeConfig (num_key_value_heads None: the heads; sliding_window None) and modular_doge.py @008e5743 (DogeAttention caches every key, keep_window_size masks only; DogeModel is MixtralModel: sliding_window on every layer when set; is_moe: hf_fam_doge)"),
	R("diffllama", "DiffLlamaForCausalLM", HF_MHA, 32000, 2048, 0, hf_fam_wnote, "transformers configuration_diffllama.py @040e1a7e DiffLlamaConfig (num_key_value_heads None: the heads; head_dim None: hidden / heads) and modeling_diffllama.py (DiffLlamaAttention caches num_key_value_heads x head_dim K and V, full)"),
	R("gpt_neo", "GPTNeoForCausalLM", HF_UNGATED | HF_MHA | HF_TIED, 50257, 2048, 0, hf_fam_gpt_neo, "transformers modeling_gpt_neo.py GPTNeoSelfAttention (hidden / num_heads heads, MHA; local layers a window_size mask over the full cache: hf_fam_gpt_neo); GPTNeoConfig num_heads, num_layers, intermediate_size None: 4 x hidden"),
	R("codegen", "CodeGenForCausalLM", HF_UNGATED | HF_MHA, 50400, 2048, 0, hf_fam_wnote, "transformers modeling_codegen.py CodeGenAttention (qkv_proj: n_head heads of n_embd / n_head, MHA, full) and CodeGenMLP (fc_in, fc_out: n_inner, None 4 x n_embd); CodeGenConfig n_embd, n_head, n_layer, n_positions"),
	R("gpt_neox_japanese", "GPTNeoXJapaneseForCausalLM", HF_UNGATED | HF_MHA, 32000, 2048, 0, hf_fam_neox_japanese, "transformers modeling_gpt_neox_japanese.py GPTNeoXJapaneseAttention (MHA of hidden / heads, full) and GPTNeoXJapaneseMLP (hidden x intermediate_multiple_size: hf_fam_neox_japanese)"),
	R("xglm", "XGLMForCausalLM", HF_UNGATED | HF_MHA | HF_TIED | HF_QKV_BIAS, 256008, 2048, 0, hf_fam_wnote, "transformers modeling_xglm.py XGLMAttention (attention_heads heads of d_model / attention_heads, MHA with biases, full; sinusoidal positions) and fc1, fc2 of ffn_dim; lm_head tied to embed_tokens; XGLMConfig attribute_map (hf_attr_map.c)"),
	R("emu3_text_model", NULL, 0, 184622, 9216, 0, NULL, "transformers configuration_emu3.py Emu3TextConfig (emu3's text_config: num_key_value_heads 8, head_dim hidden / heads) and modular_emu3.py (Emu3Attention is LlamaAttention, full on every layer)"),
	R("biogpt", "BioGptForCausalLM", HF_UNGATED | HF_MHA | HF_TIED | HF_QKV_BIAS, 42384, 1024, 0, hf_fam_wnote, "transformers modeling_biogpt.py BioGptAttention (q, k, v and out with biases; MHA of hidden / heads, full) and fc1, fc2 of intermediate_size; output_projection tied to embed_tokens"),
	R("ctrl", "CTRLLMHeadModel", HF_UNGATED | HF_MHA | HF_TIED | HF_QKV_BIAS, 246534, 256, 0, hf_fam_wnote, "transformers modeling_ctrl.py MultiHeadAttention (Wq, Wk, Wv with biases: n_head heads of n_embd / n_head, MHA, full; sinusoidal positions) and point_wise_feed_forward_network (n_embd x dff, dff x n_embd: hf_attr_map.c); lm_head tied to w"),
	R("fuyu", "FuyuForCausalLM", HF_TEXT_REQUIRED | HF_UNGATED | HF_MHA, 0, 0, 0, NULL, "transformers configuration_fuyu.py FuyuConfig (the text model is text_config, a persimmon one; absent, older releases build it from the top-level sizes, newer ones from fixed fuyu-8b defaults (sub_configs_defaults): no one rule, so required); vLLM fuyu.py (PersimmonForCausalLM on text_config)"),
	/* refused by name: what kvplan would need, and why it is not a row */
	R("xlstm", "xLSTMForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_xlstm.py xLSTMCache (no K/V: every layer an mLSTM cell whose state per sequence is a matrix memory num_heads x qk_head_dim x v_head_dim, a normalizer num_heads x qk_head_dim and a stabilizer num_heads, in the cache dtype): not a Mamba or linear-attention state kvplan sizes, and its weights (mLSTM gates, the FFN's proj_factor rounding) no shape kvplan counts; vLLM (registry.py) and llama.cpp (llama-arch.cpp @80fb11a) do not serve it"),
	R("blt", "BltForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_blt.py (Byte Latent Transformer: byte-level local encoder and decoder layers cross-attending to patches around a global transformer over patches): the global layers cache one entry per patch, a count the entropy patcher sets from the text, not per position; vLLM and llama.cpp do not serve it"),
	R("jetmoe", "JetMoeForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modular_jetmoe.py JetMoeAttention: the cache alone would be a row (num_key_value_heads x kv_channels K and V, full, repeated for top_k after the cache update), but its mixture of attention experts (JetMoeMoA: num_local_experts query and output projections of num_key_value_heads x kv_channels) is no weight shape kvplan counts: the weight figure would miss most of the attention weights; vLLM and llama.cpp do not serve it"),
	R("zamba", "ZambaForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_zamba.py (Zamba 1: Mamba layers with n_mamba_heads and hybrid layers running one shared attention block on the hidden state concatenated with the embeddings, attention_hidden_size 2 x hidden_size): kvplan's zamba2 rules (vLLM zamba2.py) are not Zamba 1's, and no engine but transformers serves it (vLLM registry.py names Zamba2ForCausalLM only)"),
	R("recurrent_gemma", "RecurrentGemmaForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_recurrent_gemma.py (Griffin: block_types of RG-LRU recurrent blocks, a state of lru_width and a conv1d_width - 1 convolution, and local attention blocks holding attention_window_size positions): kvplan holds no RG-LRU state; vLLM and llama.cpp do not serve it"),
	R("openai-gpt", "OpenAIGPTLMHeadModel", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_openai.py (OpenAIGPTModel takes no past_key_values: each generated token recomputes the whole sequence, no KV cache to size); vLLM and llama.cpp do not serve it"),
	R("rwkv", "RwkvForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_rwkv.py (RWKV-4: no K/V; a state per layer of 5 x hidden_size values, the attention's numerator, denominator and max in float32, and two token-shift vectors): not a recurrent state kvplan sizes; vLLM and llama.cpp serve RWKV-6/7 (rwkv6, rwkv7), not this class"),
	R("moshi", "MoshiForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_moshi.py (a temporal transformer over audio frames plus a depth decoder over num_codebooks per frame, fed by the Mimi codec): speech streams, not a text decoder's cache; no engine kvplan models serves it"),
	R("musicgen", "MusicgenForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_musicgen.py (MusicgenDecoder over audio frames of num_codebooks streams, each layer also cross-attending to the text encoder's sequence, a K/V cache of its length): not a text decoder's cache; no engine kvplan models serves it"),
	R("musicgen_melody", "MusicgenMelodyForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers modeling_musicgen_melody.py (a decoder over audio frames of num_codebooks streams with the text and chroma conditioning prepended to the sequence): not a text decoder's cache; no engine kvplan models serves it"),
	R("cpmant", "CpmAntForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "transformers configuration_cpmant.py (CpmAntConfig: dim_model, num_heads, dim_head, num_layers, dim_ff, and prompt_types x prompt_length prompt tokens prepended): a config layout kvplan does not read; no engine but transformers serves it"),
	/* llama.cpp 80fb11a convert registrations (issue 35, share a): HF
	 * architectures convert_hf_to_gguf registers (its conversion folder) that
	 * no row named, each model_type read from its configuration class */
	R("solar_open", "SolarOpenForCausalLM", 0, 196608, 131072, 0, NULL, "transformers modular_solar_open.py SolarOpenConfig(Glm4MoeConfig) (model_type solar_open; num_key_value_heads 8, head_dim 128; first_k_dense_replace, intermediate_size and use_qk_norm deleted: every layer a LlamaDecoderLayer, LlamaAttention with no q/k norm, full, and the MoE); llama.cpp conversion/glm.py @80fb11a SolarOpenModel(Glm4MoeModel), GLM4_MOE: n_head_kv x head_dim K and V on every layer"),
	R("youtu", "YoutuForCausalLM", HF_TIED, 128256, 131072, 0, NULL, "transformers modular_youtu.py YoutuConfig(DeepseekV3Config) (model_type youtu; YoutuAttention is DeepseekV3Attention, MLA on every layer; the MoE keys removed: LlamaDecoderLayer with a dense Qwen3MLP; tie_word_embeddings true); llama.cpp conversion/deepseek.py @80fb11a DeepseekV2Model (DEEPSEEK2: kv_lora_rank + qk_rope_head_dim K, kv_lora_rank V; first_k_dense_replace absent and no n_routed_experts: every layer dense)"),
	R("youtu_vl", "YoutuVLForConditionalGeneration", HF_TIED, 182641, 16384, 0, NULL, "YoutuVLConfig (model_type youtu_vl, the language model's keys at the top level, MLA: kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128; head_dim = qk_rope_head_dim; tie_word_embeddings true); llama.cpp conversion/deepseek.py @80fb11a DeepseekV2Model on the top level (DEEPSEEK2, MLA) and youtuvl.py the Siglip2 tower"),
	R("unlimited-ocr", "UnlimitedOCRForCausalLM", 0, 0, 0, 0, hf_fam_unlimited_ocr, "remote code modeling_unlimitedocr.py UnlimitedOCRConfig(DeepseekV2Config) (model_type unlimited-ocr, a flat DeepSeek-V2 config; use_mla false: SlidingWindowLlamaAttention, per-head K and V) vendored by moyuan10086/Unlimited-OCR-NPU @e14b5b2; llama.cpp conversion/deepseek.py @80fb11a (DEEPSEEK2OCR: full MHA, sliding_window metadata only; hf_novel.c)"),
	R("kormo", "KORMoForCausalLM", HF_MHA, 0, 0, 0, NULL, "transformers modular_kormo.py KORMoConfig(LlamaConfig) (model_type kormo; num_key_value_heads None: the heads, head_dim hidden / heads) and KORMoAttention(LlamaAttention), full on every layer; llama.cpp conversion/qwen.py @80fb11a Qwen2Model registers KORMoForCausalLM (QWEN2: n_head_kv x head_dim K and V, every layer)"),
	R("smallthinker", "SmallThinkerForCausalLM", HF_TIED | HF_LAYOUT_FIRST, 151936, 131072, 0, hf_fam_smallthinker, "PowerInfer remote code configuration_smallthinker.py SmallThinkerConfig and modeling_smallthinker.py SmallThinkerAttention (model_type smallthinker; num_key_value_heads x head_dim, sliding_window_size on the layers sliding_window_layout names; tie_word_embeddings true); llama.cpp conversion/smallthinker.py and src/models/smallthinker.cpp @80fb11a (n_swa 4096, every layer but il % 4 == 0, when any slides: hf_fam_smallthinker.c)"),
	/* issue 35, the unverified share: Kimi-Audio, refused by name */
	R("kimi_audio", "MoonshotKimiaForCausalLM", HF_QKV_BIAS, 0, 0, 0, hf_fam_kimi_audio, "vLLM transformers_utils/configs/kimi_audio.py @b3afd822 (KimiAudioConfig(Qwen2Config), model_type kimi_audio, kimia_mimo_layers 6) and kimi_audio.py @b6e9fd67 / moonaudio.py @0002bff0 (MoonshotKimiaModel: num_hidden_layers layers and kimia_mimo_layers audio-branch mimo_layers, each a Qwen2Attention with its own cache, full: hf_fam_attn.c hf_fam_kimi_audio); sized for vLLM, the other engines refused (engine_served.c)"),
	/* refused by name: a layout llama.cpp sizes that kvplan does not hold */
	R("qwen4_exp", "Qwen4ExpForConditionalGeneration", HF_REFUSED, 0, 0, 0, NULL, "llama.cpp conversion/qwen4exp.py @80fb11a (Qwen3.8-Flash-Next, QWEN4EXP: Qwen3.5's gated DeltaNet layers, and on the full-attention layers QSA sparse attention whose indexer keeps indexer_n_heads x indexer_head_dim keys per indexer_compress_ratio positions, plus a PLE n-gram table with a conv history of ple_conv_kernel_size on ple_layer_ids; llama-model.cpp create_memory: llama_memory_hybrid_idx): kvplan holds neither the compressed indexer nor the PLE history; model_type qwen4_exp (text model qwen4_exp_text) as third-party runtimes name transformers.models.qwen4_exp"),
	R("qwen4_exp_text", "Qwen4ExpForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "llama.cpp conversion/qwen4exp.py @80fb11a (Qwen4ExpTextModel registers Qwen4ExpForCausalLM too): the text model of qwen4_exp, refused for the same compressed QSA indexer and PLE history kvplan does not hold"),
	R("dots3_note", "Dots3NoteForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "llama.cpp conversion/dots3.py @80fb11a Dots3NoteModel(DeepseekV2Model), DOTS3NOTE: layer_types mixes MLA layers with a DSA indexer and sliding_attention MLA layers of their own head count and widths (swa_num_attention_heads, swa_qk_nope_head_dim, swa_head_dim ...), and the MTP block is a sliding MLA layer: kvplan holds no sliding MLA layer beside DSA ones; model_type dots3_note from the Dots3NoteConfig runtimes register"),
	/* llama.cpp 80fb11a convert registrations (issue 35: the
	 * architectures its conversion/ modules register that no row named) */
	R("granite_swa", "GraniteSWAForCausalLM", 0, 0, 0, 128, hf_fam_granite_swa, "transformers modular_granite_swa.py GraniteSWAConfig(GraniteConfig) and GraniteSWAAttention (code index files 56164795786, 54587769424: layer_types, else i % 4 == 0 full, the rest slide sliding_window, 128; heads of hidden / heads; per-head sinks); vLLM granite_swa.py GraniteSWAAttention (file 56146138840: head_dim, else hidden / heads; per_layer_sliding_window from layer_types); llama.cpp conversion/granite.py GraniteSWAModel and src/models/granite-swa.cpp @80fb11a (the same default pattern and window; head_dim popped). Vocabulary, positions and tying are left to the config: an older GraniteSWAConfig (file 54664161399) defaulted them to 100352, 8192, tied, GraniteConfig's are 32000, 2048, untied"),
	R("granitemoe_swa", "GraniteMoeSWAForCausalLM", 0, 0, 0, 128, hf_fam_granite_swa, "transformers modular_granitemoe_swa.py GraniteMoeSWAConfig(GraniteMoeSharedConfig) (code index file 56515086005: model_type granitemoe_swa, layer_types else i % 4 == 0 full, sliding_window 128; GraniteSWAAttention); vLLM granitemoe_swa.py (GraniteSWAAttention of granite_swa.py); llama.cpp conversion/granite.py GraniteMoeSWAModel @80fb11a (MODEL_ARCH.GRANITE_SWA)"),
	R("mellum", "MellumForCausalLM", 0, 0, 0, 0, hf_fam_mellum, "transformers modular_mellum.py MellumConfig(Qwen3MoeConfig) (code index files 54497110878, 54757789179: head_dim 128, sliding_window 1024, layer_types full or sliding_attention, mlp_layer_types dense or sparse); vLLM transformers_utils/configs/mellum.py (file 54914551509) and SGLang configs MellumConfig (file 54628595572); llama.cpp conversion/mellum.py MellumModel and src/models/mellum.cpp @80fb11a (layer_types as the SWA pattern unless use_sliding_window false; QK-norm); mlx-lm models/mellum.py @d78bf58e (ModelArgs requires head_dim, sliding_window, layer_types)"),
	R("talkie", "TalkieForCausalLM", HF_MHA, 0, 0, 0, hf_fam_wnote, "remote-code TalkieConfig (model_type talkie; code index files 70927141027, 58094892276: n_layer, n_head, n_embd or the num_* names, head_dim 128, no KV head count: every head its own K and V); llama.cpp conversion/talkie.py TalkieModel and src/models/talkie.cpp @80fb11a (TextModel: head_count_kv = heads when absent; build_attn_inp_kv, every layer full; no norm weights, per-head gains)"),
	R("nanbeige", "NanbeigeForCausalLM", HF_MHA, 0, 0, 0, hf_fam_nanbeige, "remote-code NanbeigeConfig (model_type nanbeige: Nanbeige/Nanbeige models/configuration_nanbeige.py @3bfa567b; the 4.2 class as johnhalloran321/Nanbeige4.2-3B-mps-fix patch/configuration_nanbeige.py @a8de7263 vendors it: num_key_value_heads None = the heads, head_dim None = hidden / heads, num_loops 1); llama.cpp conversion/nanbeige.py NanbeigeModel(LlamaModel) and src/models/nanbeige.cpp @80fb11a (build_attn_inp_kv; layers x num_loops K/V slots: hf_loops.c loop_rows[])"),
	/* OpenELM (issue 35): llama.cpp @80fb11a conversion/openelm.py copies
	 * the config's per-layer lists (num_query_heads, num_kv_heads,
	 * ffn_multipliers made divisible by ffn_dim_divisor) and
	 * src/models/openelm.cpp caches layer i as num_kv_heads[i] x head_dim
	 * (n_embd_k_gqa(il)): that rule is published. The query heads differ
	 * per layer too (OpenELMConfig.__post_init__: num_query_heads from
	 * a pair of qkv_multipliers spread over the layers, num_kv_heads =
	 * num_query_heads / num_gqa_groups), and kvplan's model holds one query
	 * head count that every layer's KV heads divide (validate.c heads(),
	 * the weight count, the compute buffer): refused until per-layer
	 * query heads are a model field. vLLM's registry has no
	 * OpenELMForCausalLM. */
	R("openelm", "OpenELMForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "llama.cpp @80fb11a conversion/openelm.py and src/models/openelm.cpp (layer i caches num_kv_heads[i] x head_dim; model_type openelm from the OpenELMConfig class): its query heads differ per layer too (OpenELMConfig.__post_init__ spreads num_query_heads over the layers from qkv_multipliers), and kvplan holds one query-head count that every layer's KV heads must divide; vLLM's registry has no OpenELMForCausalLM"),
	R("plm", "PLMForCausalLM", HF_UNGATED | HF_MHA, 0, 0, 0, hf_fam_plm, "(HF_MHA: llama.cpp's TextModel writes the heads when num_key_value_heads is absent) transformers configuration_plm.py @949dcd70 (PLMConfig: model_type plm, MLA keys, head_dim = qk_rope_head_dim, relu2 MLP); llama.cpp conversion/plm.py PLMModel and src/models/plm.cpp @80fb11a (per-head K of qk_nope + qk_rope and V of v_head_dim cached, every layer full; ffn_up and ffn_down only: hf_fam_attn.c)"),
	R("plamo", "PlamoForCausalLM", HF_MHA, 0, 0, 0, hf_fam_plamo, "(HF_MHA only quiets the generic KV note: hf_fam_plamo sets the heads) mlx-lm models/plamo.py @d78bf58e (model_type plamo; Attention: ceil(num_attention_heads / n_shared_head) K and V heads of hidden_size / heads, n_shared_head 8); llama.cpp conversion/plamo.py PlamoModel and src/models/plamo.cpp @80fb11a (head_count_kv 5 for plamo-13b's 40 heads; build_attn_inp_kv, every layer full)"),
	R("kclgpt", "CodeShellForCausalLM", HF_UNGATED | HF_QKV_BIAS | HF_MHA, 0, 0, 0, hf_fam_codeshell, "(HF_MHA only quiets the generic KV note: hf_fam_codeshell sets the heads) CodeShell's config model_type kclgpt, which Ascend MindIE's atb_llm model runners map to codeshell (code index files 52607410188, 12209023971); llama.cpp conversion/codeshell.py CodeShellModel and src/models/codeshell.cpp @80fb11a (GPT-2 names n_layer, n_head, n_embd, n_positions; num_query_groups K and V heads of n_embd / n_head, every layer full; c_attn q, k, v biases; a two-matrix GELU MLP of 4 x n_embd; hf_fam_attn.c)"),
	R("llada", "LLaDAModelLM", HF_REFUSED, 0, 0, 0, NULL, "a diffusion LM, not a decoder cache: llama.cpp src/llama-model.cpp create_memory @80fb11a (LLM_ARCH_DREAM, LLADA, LLADA_MOE, RND1: no memory, res = nullptr; non-causal attention over the whole canvas each denoising step); llama.cpp conversion/llada.py LLaDAModel and LLaDAMoEModel (LLaDAMoEModelLM); model_type llada for both architectures in a model-dispatch table (code index file 70085453747)"),
	R("Dream", "DreamModel", HF_REFUSED, 0, 0, 0, NULL, "a diffusion LM, not a decoder cache: llama.cpp src/llama-model.cpp create_memory @80fb11a (LLM_ARCH_DREAM, LLADA, LLADA_MOE, RND1: no memory, res = nullptr; non-causal attention over the whole canvas each denoising step); llama.cpp conversion/dream.py DreamModel; remote-code DreamConfig model_type Dream (code index file 2865189347)"),
	R("dream", NULL, HF_REFUSED, 0, 0, 0, NULL, "a diffusion LM, not a decoder cache: llama.cpp src/llama-model.cpp create_memory @80fb11a (LLM_ARCH_DREAM, LLADA, LLADA_MOE, RND1: no memory, res = nullptr; non-causal attention over the whole canvas each denoising step); ServiceNow/Fast-LLM fast_llm_external_models/diffusion_dream/configuration_dream.py DreamConfig (model_type dream)"),
	R("rnd1", "RND1", HF_REFUSED, 0, 0, 0, NULL, "a diffusion LM, not a decoder cache (RND1Config forces non-causal attention and no cache): llama.cpp src/llama-model.cpp create_memory @80fb11a (LLM_ARCH_DREAM, LLADA, LLADA_MOE, RND1: no memory, res = nullptr; non-causal attention over the whole canvas each denoising step); RND1Config model_type rnd1 (code index file 58664702869)"),
	R("rwkv6", "Rwkv6ForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "RWKV-6 (fla-org flash-linear-attention RWKV6Config, model_type rwkv6, as OpenMOSE/RWKV-Infer rwkvengine/fla/models/rwkv6/configuration_rwkv6.py vendors it): no K/V; per layer a token-shift state of 2 x hidden_size and a WKV matrix of hidden_size x head_size, f32 in llama.cpp (src/llama-hparams.cpp n_embd_r, n_embd_s @80fb11a): a state kvplan's rows do not hold, and no other engine's rule for it was read"),
	R("rwkv7", "Rwkv7ForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "RWKV-7 (RWKV7Config, model_type rwkv7: fla-org flash-linear-attention and its copies, code index file 58364717864, architectures RWKV7ForCausalLM or Rwkv7ForCausalLM): no K/V; per layer token shifts of 2 x hidden_size and a WKV matrix of hidden_size x head_size (llama.cpp src/llama-hparams.cpp n_embd_r, n_embd_s and conversion/rwkv.py Rwkv7Model @80fb11a; the configs also keep the WKV state in a wkv_state_dtype of their own): a state kvplan's rows do not hold"),
	R("granite_switch", "GraniteSwitchForCausalLM", HF_REFUSED, 0, 0, 0, NULL, "Granite Switch (GraniteSwitchConfig, model_type granite_switch, code index files 71363786057, 71147894799): num_hidden_layers counts cache slots its weightless switch reserves, one in llama.cpp (conversion/granite.py GraniteSwitchModel @80fb11a: block_count = num_hidden_layers - 1, the rest dense attention layers) and SWITCH_CACHE_LAYERS = 2 in the MultiSwitch remote code, SingleSwitch checkpoints otherwise: no one count of K/V layers"),
};

#undef R

size_t hf_family_count(void)
{
	return sizeof families / sizeof families[0];
}

const struct hf_family *hf_family_at(size_t i)
{
	return i < hf_family_count() ? &families[i] : NULL;
}

const struct hf_family *hf_family_find(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof families / sizeof families[0]; i++)
		if (!strcmp(families[i].model_type, model_type))
			return &families[i];
	return NULL;
}

const struct hf_family *hf_family_by_arch(const char *arch)
{
	size_t i;

	for (i = 0; i < sizeof families / sizeof families[0]; i++)
		if (families[i].arch && !strcmp(families[i].arch, arch))
			return &families[i];
	return NULL;
}
