/*
 * engine_served.c - which engines serve which family: the families an
 * engine caches in a layout kvplan's model of them does not hold (the
 * importer reads the reference code's layout), or does not serve at all,
 * refused for that engine naming the model_type and the engines that
 * size it; and the looped families an engine that refuses loops does
 * size. Tables, a row per family and engine, each with its source; the
 * lookups are eng_model_refusal() and eng_loops_served() (engine_priv.h),
 * called from engine_compute.c's refusals.
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "core/engines/engine_priv.h"
#include "core/internal.h"

/* Families an engine caches in a layout kvplan does not hold, or does
 * not serve: a row per family and engine. */
#define JET_USE "generic or transformers (the maker's remote code)"
#define SAMBAY_USE "generic or transformers (the remote code)"
#define MD3_USE "generic or vLLM"
#define UOCR_USE "generic or llama.cpp"
#define ST_USE "generic or llama.cpp"
#define LING_USE "generic (SGLang's layout), or sglang for Ling 3.0's KDA at tp 1 (Ling 2.5's lightning pool is not modelled there)"
#define KA_USE "generic or vLLM"
#define NB_USE "generic or llama.cpp"   /* llama.cpp alone serves it */
#define LQ_USE "generic, llama.cpp or transformers"
#define M4_USE "generic, llama.cpp or transformers"
#define NB_NONE "vLLM's registry has no NanbeigeForCausalLM (tests/data/hf/" \
	"sweep/registry.tsv: a llama.cpp conversion module alone)"
static const struct {
	const char *model_type;
	enum kvp_engine_kind engine;
	const char *why;
	const char *use;             /* the engines kvplan sizes it under */
} model_rows[] = {
	{ "minicpm3", KVP_ENGINE_VLLM, "vLLM minicpm3.py pads V to the K "
	  "width (MiniCPM3Attention), or caches the MLA latent under use_mla "
	  "(MiniCPM3MLAAttention), by release",
	  "generic, llama.cpp or transformers" },
	{ "minicpm3", KVP_ENGINE_SGLANG, "SGLang minicpm3.py caches the MLA "
	  "latent (RadixAttention, one head of kv_lora_rank + qk_rope_head_dim)",
	  "generic, llama.cpp or transformers" },
	{ "minicpm3", KVP_ENGINE_TRTLLM, "its MiniCPM3 layout was not read",
	  "generic, llama.cpp or transformers" },
	/* issue 35: Jet-Nemotron (io/hf/hf_fam_jet.c holds the maker's
	 * cache, NVlabs/Jet-Nemotron @94cbd124) */
	{ "jet_nemotron", KVP_ENGINE_VLLM, "vLLM has no JetNemotronForCausalLM "
	  "(model_executor/models/registry.py; tests/data/hf/sweep/"
	  "registry.tsv)", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_SGLANG, "SGLang configs/jet_nemotron.py "
	  "@0fc1a4fb sizes the JetBlock state as a Mamba2 state "
	  "(Mamba2StateShape: a conv of conv_size - 1 columns over value_dim + "
	  "2 x num_heads x head_dim channels), not the maker's cache kvplan "
	  "holds, and builds the attention of hidden_size / heads", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_LLAMACPP, "llama.cpp has no Jet-Nemotron "
	  "architecture", JET_USE },
	{ "jet_nemotron", KVP_ENGINE_TRTLLM, "its Jet-Nemotron support, if "
	  "any, was not read", JET_USE },
	/* issue 35: Phi-4-mini-flash-reasoning (io/hf/hf_fam_sambay.c holds
	 * the remote code's SambaYCache; vLLM served it 0.10.0-0.10.2 only,
	 * on V0: vllm/vl_engine.c vl_v0_only[]) */
	{ "phi4flash", KVP_ENGINE_LLAMACPP, "llama.cpp has no SambaY "
	  "architecture (src/llama-arch.cpp and convert_hf_to_gguf.py name "
	  "no Phi4Flash at node-llama-cpp 3.21.1's build)", SAMBAY_USE },
	{ "phi4flash", KVP_ENGINE_SGLANG, "a code search of SGLang found no "
	  "Phi4FlashForCausalLM model", SAMBAY_USE },
	{ "phi4flash", KVP_ENGINE_TRTLLM, "its SambaY support, if any, was "
	  "not read", SAMBAY_USE },
	/* Moondream 3 (io/hf/hf_nested.c): vLLM serves it (moondream3.py) */
	{ "moondream3_text", KVP_ENGINE_LLAMACPP, "llama.cpp has no "
	  "Moondream 3 architecture (src/llama-arch.cpp and "
	  "convert_hf_to_gguf.py name no HfMoondream at node-llama-cpp "
	  "3.21.1's build)", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_SGLANG, "its Moondream 3 support, if "
	  "any, was not read", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_TRTLLM, "its Moondream 3 support, if "
	  "any, was not read", MD3_USE },
	{ "moondream3_text", KVP_ENGINE_TRANSFORMERS, "the remote code's "
	  "(HfMoondream) own cache was not read", MD3_USE },
	/* issue 35, llama.cpp 80fb11a convert registrations: Unlimited-OCR
	 * (io/hf/hf_novel.c hf_fam_unlimited_ocr sizes llama.cpp's
	 * deepseek2-ocr cache, every layer full) */
	{ "unlimited-ocr", KVP_ENGINE_TRANSFORMERS, "its remote code "
	  "(modeling_deepseekv2.py SlidingWindowLlamaAttention, "
	  "moyuan10086/Unlimited-OCR-NPU @e14b5b2) keeps the prompt and a "
	  "ring of sliding_window generated positions once its infer sets "
	  "_ring_window, a cache kvplan does not hold", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_VLLM, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_SGLANG, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	{ "unlimited-ocr", KVP_ENGINE_TRTLLM, "its Unlimited-OCR support, if "
	  "any, was not read", UOCR_USE },
	/* SmallThinker (io/hf/hf_fam_smallthinker.c sizes the layouts
	 * llama.cpp's smallthinker.cpp and the remote code agree on) */
	{ "smallthinker", KVP_ENGINE_TRANSFORMERS, "its remote code "
	  "(modeling_smallthinker.py SmallThinkerModel) builds a StaticCache "
	  "of the first input's length, or a HybridCache where a layer "
	  "slides, when it is given none: not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_VLLM, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_SGLANG, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	{ "smallthinker", KVP_ENGINE_TRTLLM, "its SmallThinker support, if "
	  "any, was not read", ST_USE },
	/* issue 35: Nanbeige, whose loops llama.cpp alone sizes
	 * (loops_served[]) */
	/* issue 35: PLM (io/hf/hf_fam_attn.c hf_fam_plm sizes llama.cpp's
	 * per-head cache of src/models/plm.cpp) */
	{ "plm", KVP_ENGINE_VLLM, "vLLM's registry has no PLMForCausalLM "
	  "(tests/data/hf/sweep/registry.tsv: a llama.cpp conversion module "
	  "alone)", NB_USE },
	{ "plm", KVP_ENGINE_SGLANG, "its PLM support, if any, was not read",
	  NB_USE },
	{ "plm", KVP_ENGINE_TRTLLM, "its PLM support, if any, was not read",
	  NB_USE },
	{ "plm", KVP_ENGINE_TRANSFORMERS, "its PLM model's cache (an MLA "
	  "family: the latent or per-head K and V) was not read", NB_USE },
	/* issue 35: Ling/Ring 2.5 (io/hf/hf_fam_hybrid.c sizes SGLang's
	 * cache, configs/bailing_hybrid.py @0f6954e8) */
	{ "bailing_hybrid", KVP_ENGINE_VLLM, "vLLM bailing_moe_linear.py "
	  "@055e47c2 (Ling 2.5's lightning state) and bailing_moe_v3.py "
	  "(Ling 3.0's KDA state) size the state by the loaded config class's "
	  "head_dim, and vLLM has no bailing_hybrid class of its own: "
	  "transformers' BailingHybridConfig sets qk_rope_head_dim, the "
	  "checkpoint's remote class was not read (Ling 3.0's VLM, whose "
	  "text model vLLM builds as its own BailingMoeV3TextConfig, "
	  "configs/bailing_moe_v3_vl.py @d809f24a, shares this model_type "
	  "and is refused with it)", LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_TRANSFORMERS, "its BailingHybridConfig "
	  "sets head_dim = qk_rope_head_dim and its cache class was not read",
	  LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_LLAMACPP, "llama.cpp's converter at "
	  "80fb11a registers no BailingMoeV2_5ForCausalLM, and how its "
	  "conversion/bailingmoe3.py writes Ling 3.0's KDA width was not "
	  "read", LING_USE },
	{ "bailing_hybrid", KVP_ENGINE_TRTLLM, "its Ling 2.5 and 3.0 support, if "
	  "any, was not read", LING_USE },
	/* issue 35: Kimi-Audio (io/hf/hf_fam_attn.c hf_fam_kimi_audio sizes
	 * vLLM's MoonshotKimiaModel: decoder and audio-branch layers) */
	{ "kimi_audio", KVP_ENGINE_SGLANG, "its Kimi-Audio support (which of "
	  "the kimia_mimo_layers audio-branch layers it caches), if any, was "
	  "not read", KA_USE },
	{ "kimi_audio", KVP_ENGINE_TRANSFORMERS, "the remote code's "
	  "(modeling_moonshot_kimia.py) cache of the audio branch was not "
	  "read", KA_USE },
	{ "kimi_audio", KVP_ENGINE_LLAMACPP, "its Kimi-Audio support (the "
	  "audio branch), if any, was not read", KA_USE },
	{ "kimi_audio", KVP_ENGINE_TRTLLM, "its Kimi-Audio support, if any, "
	  "was not read", KA_USE },
	/* issue 35: FastVLM-style VLMs (llava_qwen2, llava_qwen3:
	 * io/hf/hf_fam_attn.c sizes the Qwen decoder as Apple's
	 * ml-fastvlm llava_qwen.py runs it) and Mistral Small 4's text
	 * model (mistral4, transformers modular_mistral4.py): neither
	 * class is in vLLM's registry (main 2026-05, tests/data/hf/sweep/
	 * registry.tsv) nor its 2026-12 catalog (_model_info.py @ccea69bd) */
	{ "llava_qwen2", KVP_ENGINE_VLLM, "vLLM's registry holds no "
	  "LlavaQwen2ForCausalLM (registry.py, main 2026-05; its 2026-12 "
	  "catalog neither)", LQ_USE },
	{ "llava_qwen2", KVP_ENGINE_SGLANG, "its FastVLM support, if any, "
	  "was not read", LQ_USE },
	{ "llava_qwen2", KVP_ENGINE_TRTLLM, "its FastVLM support, if any, "
	  "was not read", LQ_USE },
	{ "llava_qwen3", KVP_ENGINE_VLLM, "vLLM's registry holds no "
	  "LlavaQwen3ForCausalLM (registry.py, main 2026-05; its 2026-12 "
	  "catalog neither)", LQ_USE },
	{ "llava_qwen3", KVP_ENGINE_SGLANG, "its support, if any, was not "
	  "read", LQ_USE },
	{ "llava_qwen3", KVP_ENGINE_TRTLLM, "its support, if any, was not "
	  "read", LQ_USE },
	{ "mistral4", KVP_ENGINE_VLLM, "vLLM's registry holds no "
	  "Mistral4ForCausalLM (registry.py, main 2026-05; its 2026-12 "
	  "catalog neither), and how it serves Mistral Small 4 otherwise was "
	  "not read", M4_USE },
	{ "mistral4", KVP_ENGINE_SGLANG, "its Mistral Small 4 support, if "
	  "any, was not read", M4_USE },
	{ "mistral4", KVP_ENGINE_TRTLLM, "its Mistral Small 4 support, if "
	  "any, was not read", M4_USE },
	{ "nanbeige", KVP_ENGINE_VLLM, NB_NONE, NB_USE },
	{ "nanbeige", KVP_ENGINE_SGLANG, "its Nanbeige support, if any, was "
	  "not read", NB_USE },
	{ "nanbeige", KVP_ENGINE_TRTLLM, "its Nanbeige support, if any, was "
	  "not read", NB_USE },
};

/*
 * Looped families an engine whose eng_rows[] no_loops refuses looped
 * models does size: a row per engine and model_type, with the code.
 */
static const struct {
	enum kvp_engine_kind engine;
	const char *model_type;
	const char *source;
} loops_served[] = {
	{ KVP_ENGINE_LLAMACPP, "nanbeige", "llama.cpp @80fb11a "
	  "src/models/nanbeige.cpp load_arch_hparams: n_layer_all = layers x "
	  "num_loops, each loop's layers K/V of their own (layer i of loop j "
	  "at i + j x layers), over the physical layers' weights" },
};


/*
 * Families kvplan reads from llama.cpp's converter registrations (80fb11a
 * convert_hf_to_gguf.py and its conversion/ modules) whose architecture
 * neither vLLM's registry (registry.py _TEXT_GENERATION_MODELS and
 * _MULTIMODAL_MODELS, the main-2026-05 copy in tests/data/hf/sweep/
 * registry.tsv) nor its 2026-12 model catalog (vllm/model_executor/models/
 * _model_info.py @ccea69bd) holds: vLLM would not start on them, so a
 * vLLM plan is refused rather than sized as if it would; SGLang's and
 * TensorRT-LLM's support was not read, refused the same way. One row a
 * family (the rows above hold the families refused for other reasons).
 */
static const struct {
	const char *model_type;
	const char *arch;          /* the class llama.cpp's converter registers */
} converter_only[] = {
	{ "solar_open", "SolarOpenForCausalLM" },
	{ "youtu", "YoutuForCausalLM" },
	{ "youtu_vl", "YoutuVLForConditionalGeneration" },
	{ "kormo", "KORMoForCausalLM" },
	{ "granite_swa", "GraniteSWAForCausalLM" },
	{ "granitemoe_swa", "GraniteMoeSWAForCausalLM" },
	{ "talkie", "TalkieForCausalLM" },
	{ "plamo", "PlamoForCausalLM" },
	{ "kclgpt", "CodeShellForCausalLM" },
	{ "janus", "JanusForConditionalGeneration" },
	{ "onyx", "OnyxForConditionalGeneration" },
};

/*
 * The other way round: families kvplan reads from vLLM's, SGLang's or
 * transformers' code whose class llama.cpp's converter at 80fb11a (the
 * build of node-llama-cpp 3.21.1, the release kvplan's llama.cpp rules
 * model) does not register (conversion/__init__.py, the class -> module
 * map): no GGUF of them is made or loads there, so a llama.cpp plan is
 * refused. Only families whose model_type is their own: a wrapper whose
 * text model is a served family's (Cosmos 3 on qwen3_vl_text) cannot be
 * told apart by model_type.
 */
static const struct {
	const char *model_type;
	const char *arch;
	const char *use;
} not_in_llamacpp[] = {
	/* conversion/onyx.py @06a8f4ee is newer than 80fb11a */
	{ "onyx", "OnyxForConditionalGeneration", "generic or transformers" },
	{ "longcat_flash", "LongcatFlashForCausalLM", "generic or vllm" },
	{ "longcat_flash_ngram", "LongcatFlashNgramForCausalLM",
	  "generic or vllm" },
};

static enum kvp_status llamacpp_refusal(const struct kvp_plan *p,
                                        struct kvp_result *res)
{
	size_t k;

	if (p->engine.kind != KVP_ENGINE_LLAMACPP)
		return KVP_OK;
	for (k = 0; k < sizeof not_in_llamacpp / sizeof not_in_llamacpp[0]; k++)
		if (!strcmp(not_in_llamacpp[k].model_type, p->model.model_type))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.model_type: %s - engine llama.cpp: its "
				"converter at 80fb11a (node-llama-cpp 3.21.1) registers "
				"no %s (conversion/__init__.py), so no GGUF of it loads "
				"there; use --engine %s", p->model.model_type,
				not_in_llamacpp[k].arch, not_in_llamacpp[k].use);
	return KVP_OK;
}

static enum kvp_status converter_refusal(const struct kvp_plan *p,
                                         struct kvp_result *res)
{
	enum kvp_engine_kind e = p->engine.kind;
	size_t k;

	if (e == KVP_ENGINE_LLAMACPP)
		return llamacpp_refusal(p, res);
	if (e != KVP_ENGINE_VLLM && e != KVP_ENGINE_SGLANG &&
	    e != KVP_ENGINE_TRTLLM)
		return KVP_OK;
	for (k = 0; k < sizeof converter_only / sizeof converter_only[0]; k++) {
		if (strcmp(converter_only[k].model_type, p->model.model_type))
			continue;
		if (e == KVP_ENGINE_VLLM)
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.model_type: %s - engine vllm: vLLM's "
				"registry holds no %s (registry.py, main 2026-05; "
				"its 2026-12 catalog _model_info.py @ccea69bd "
				"neither), a class llama.cpp's converter registers; "
				"use --engine generic, llama.cpp or transformers",
				p->model.model_type, converter_only[k].arch);
		return kvp_error_set(&res->error, KVP_EREFUSED,
			"model.model_type: %s - engine %s: its %s support, if "
			"any, was not read (a class llama.cpp's converter "
			"registers, not in vLLM's registry); use --engine "
			"generic, llama.cpp or transformers", p->model.model_type,
			kvp_engine_name(e), converter_only[k].arch);
	}
	return KVP_OK;
}

/*
 * Families whose weight count leaves out a part the engine loads on the
 * card, so large that a KV pool carved from the card's memory (vLLM's
 * gpu_memory_utilization) would come out larger than the engine's:
 * refused under vLLM unless the pool is given in bytes
 * (--kv-cache-memory-bytes), which the weights do not touch.
 */
static const struct {
	const char *model_type;
	const char *left_out;
} uncounted_rows[] = {
	/* vLLM kimi_audio.py @b6e9fd67: a Whisper-large-v3 encoder, the
	 * adaptor, mimo_norm and the mimo_output head beside the decoder
	 * (hf_fam_wnote.c); about 2.5 GB at the 7B's sizes */
	{ "kimi_audio", "its Whisper encoder, adaptor and audio head (about "
	  "2.5 GB at the 7B's sizes; the config gives not their sizes)" },
};

static enum kvp_status uncounted_refusal(const struct kvp_plan *p,
                                         struct kvp_result *res)
{
	size_t k;

	if (p->engine.kind != KVP_ENGINE_VLLM ||
	    p->engine.vllm.kv_cache_memory_bytes)
		return KVP_OK;
	for (k = 0; k < sizeof uncounted_rows / sizeof uncounted_rows[0]; k++)
		if (!strcmp(uncounted_rows[k].model_type, p->model.model_type))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.model_type: %s - engine vllm: kvplan's weights "
				"leave out %s, so the KV pool carved from "
				"gpu_memory_utilization would be larger than vLLM's; "
				"give the pool with --kv-cache-memory-bytes, or use "
				"--engine generic", p->model.model_type,
				uncounted_rows[k].left_out);
	return KVP_OK;
}

enum kvp_status eng_model_refusal(const struct kvp_plan *p,
                                  struct kvp_result *res)
{
	size_t k;

	if (uncounted_refusal(p, res) != KVP_OK)
		return res->error.status;

	for (k = 0; k < sizeof model_rows / sizeof model_rows[0]; k++)
		if (model_rows[k].engine == p->engine.kind &&
		    !strcmp(model_rows[k].model_type, p->model.model_type))
			return kvp_error_set(&res->error, KVP_EREFUSED,
				"model.model_type: %s - engine %s: %s; use "
				"--engine %s", p->model.model_type,
				kvp_engine_name(p->engine.kind), model_rows[k].why,
				model_rows[k].use);
	return converter_refusal(p, res);
}

bool eng_loops_served(enum kvp_engine_kind engine, const char *model_type)
{
	size_t k;

	for (k = 0; k < sizeof loops_served / sizeof loops_served[0]; k++)
		if (loops_served[k].engine == engine &&
		    !strcmp(loops_served[k].model_type, model_type))
			return true;
	return false;
}
