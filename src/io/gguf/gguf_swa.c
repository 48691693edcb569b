/*
 * gguf_swa.c - llama.cpp's sliding-window rule per architecture, a row
 * each (gguf_swa.h), for every architecture kvplan's GGUF import accepts
 * (the names of src/llama-arch.cpp LLM_ARCH_NAMES less refused_archs[]
 * in gguf_import.c). Each row names the line of src/models/<file>.cpp
 * @80fb11a (node-llama-cpp 3.21.1's bundle) that reads
 * ARCH.attention.sliding_window, or for an SWA_OFF row the
 * load_arch_hparams that reads no window key (the class's own, or the
 * one it inherits, named in parentheses). An architecture without a row
 * has its window key refused by gguf_import.c: nothing is guessed.
 */
#include <string.h>

#include "io/gguf/gguf_swa.h"

#define P KVP_LAYER_SLIDING
/* load_arch_hparams at src reads no sliding_window key: every layer
 * full whatever the file says (issue 35) */
#define OFF(a, src) { a, SWA_OFF, 0, P, 0, 0, 0, src }

static const struct kvp_swa_row rows[] = {
	/* hparams.n_swa = 4096 "default value of gemma 2", then the key,
	 * not required; set_swa_pattern(2 or a period key) */
	{ "gemma2", SWA_ALWAYS, 2, P, 4096, 0, SWA_F_PERIOD_ONLY,
	  "gemma2.cpp:14" },
	/* STANDARD only with a key above 0, period 6 */
	{ "gemma3", SWA_KEY, 6, P, 0, 0, SWA_F_PERIOD_ONLY, "gemma3.cpp:4" },
	/* STANDARD always, period 5, the window key required */
	{ "gemma3n", SWA_ALWAYS, 5, P, 0, 0, SWA_F_KEY_REQ | SWA_F_PERIOD_ONLY,
	  "gemma3n.cpp:13" },
	{ "cohere2", SWA_ALWAYS, 4, P, 0, 0, SWA_F_KEY_REQ | SWA_F_PERIOD_ONLY,
	  "cohere2.cpp:13" },
	{ "gpt-oss", SWA_ALWAYS, 2, P, 0, 0, SWA_F_KEY_REQ | SWA_F_PERIOD_ONLY,
	  "openai-moe.cpp:6" },
	/* "n_swa = 8192; set_swa_pattern(4): 3 chunked - 1 full"; a key
	 * of 0 makes it NONE */
	{ "llama4", SWA_FIXED, 4, KVP_LAYER_CHUNKED, 8192, 0,
	  SWA_F_PERIOD_ONLY, "llama4.cpp:8" },
	/* "Phi SWA is currently disabled" (PR #13676): swa_type NONE,
	 * set_swa_pattern(1) */
	{ "phi3", SWA_OFF, 0, P, 0, 0, 0, "phi3.cpp:13" },
	/* STANDARD, n_swa 4096 and period 4 only when n_layer() == 64
	 * (the 32B); the key, not required, overrides n_swa */
	{ "exaone4", SWA_AT_LAYERS, 4, P, 4096, 64, SWA_F_PERIOD_ONLY,
	  "exaone4.cpp:16" },
	/* n_swa = 128, then the key, required */
	{ "exaone-moe", SWA_ALWAYS, 4, P, 128, 0,
	  SWA_F_KEY_REQ | SWA_F_PERIOD_ONLY, "exaone-moe.cpp:13" },
	/* a period key dense first (:29-30), else one bool per layer */
	{ "cohere2moe", SWA_ALWAYS, 4, P, 0, 0,
	  SWA_F_DENSE_FIRST | SWA_F_NEED_PATTERN | SWA_F_KEY_REQ,
	  "cohere2moe.cpp:13" },
	{ "muse-glimmer", SWA_ALWAYS, 4, P, 0, 0,
	  SWA_F_NEED_PATTERN | SWA_F_KEY_REQ, "muse-glimmer.cpp:5" },
	{ "mimo2", SWA_ALWAYS, 0, P, 0, 0,
	  SWA_F_NEED_PATTERN | SWA_F_ARRAY_ONLY | SWA_F_KEY_REQ, "mimo2.cpp:9" },
	{ "step35", SWA_ALWAYS, 0, P, 0, 0,
	  SWA_F_NEED_PATTERN | SWA_F_ARRAY_ONLY | SWA_F_KEY_REQ | SWA_F_ARR_ALL,
	  "step35.cpp:23" },
	/* get_arr(pattern) and get_key(window), both required */
	{ "granite_swa", SWA_ALWAYS, 0, P, 0, 0,
	  SWA_F_NEED_PATTERN | SWA_F_ARRAY_ONLY | SWA_F_KEY_REQ | SWA_F_ARR_ANY,
	  "granite-swa.cpp:18" },
	/* a window key above 0 slides (STANDARD) by the pattern key, a
	 * period or one bool per layer; without it the bool read, required,
	 * throws "key not found" (its period of 4 is never applied) */
	{ "mellum", SWA_KEY, 0, P, 0, 0, SWA_F_NEED_PATTERN | SWA_F_PATTERN_REQ,
	  "mellum.cpp:6" },
	/* a window key above 0 makes "n_swa = 4096" and
	 * set_swa_pattern(the pattern key, else 4, true) */
	{ "smallthinker", SWA_FORCED, 4, P, 4096, 0,
	  SWA_F_DENSE_FIRST | SWA_F_PERIOD_ONLY, "smallthinker.cpp:4" },
	/* STANDARD only with a key above 0: set_swa_pattern(the pattern
	 * key, else the period here) */
	{ "olmo2", SWA_KEY, 4, P, 0, 0, SWA_F_PERIOD_ONLY, "olmo2.cpp:6" },
	{ "plamo3", SWA_KEY, 8, P, 0, 0, SWA_F_PERIOD_ONLY, "plamo3.cpp:5" },
	{ "afmoe", SWA_KEY, 4, P, 0, 0, SWA_F_PERIOD_ONLY, "afmoe.cpp:11" },
	/* "XS.2: FULL at il%4==0": set_swa_pattern(period, true) */
	{ "laguna", SWA_KEY, 4, P, 0, 0, SWA_F_DENSE_FIRST | SWA_F_PERIOD_ONLY,
	  "laguna.cpp:35" },
	/* a key above 0: STANDARD and every attention layer slides
	 * (is_swa = !is_recr); no pattern key read */
	{ "lfm2", SWA_KEY, 0, P, 0, 0, SWA_F_NO_PATTERN, "lfm2.cpp:26" },
	OFF("llama", "llama.cpp:3"),
	OFF("deci", "deci.cpp:3"),
	OFF("falcon", "falcon.cpp:3"),
	OFF("grok", "grok.cpp:3"),
	OFF("gpt2", "gpt2.cpp:3"),
	OFF("gptneox", "gptneox.cpp:3"),
	OFF("mpt", "mpt.cpp:3"),
	OFF("baichuan", "baichuan.cpp:3"),
	OFF("starcoder", "starcoder.cpp:3"),
	OFF("refact", "refact.cpp:3"),
	OFF("bloom", "bloom.cpp:3"),
	OFF("stablelm", "stablelm.cpp:3"),
	OFF("qwen", "qwen.cpp:3"),
	OFF("qwen2", "qwen2.cpp:3"),
	OFF("qwen2moe", "qwen2moe.cpp:3"),
	OFF("qwen2vl", "qwen2vl.cpp:3"),
	OFF("qwen3", "qwen3.cpp:3"),
	OFF("qwen3moe", "qwen3moe.cpp:3"),
	OFF("qwen3next", "qwen3next.cpp:4"),
	OFF("qwen3vl", "qwen3vl.cpp:3"),
	OFF("qwen3vlmoe", "qwen3vlmoe.cpp:3"),
	OFF("qwen35", "qwen35.cpp:4"),
	OFF("qwen35moe", "qwen35moe.cpp:4"),
	OFF("phi2", "phi2.cpp:3"),
	OFF("phimoe", "phimoe.cpp:3"),
	OFF("plamo", "plamo.cpp:3"),
	OFF("plamo2", "plamo2.cpp:4"),
	OFF("codeshell", "codeshell.cpp:3"),
	OFF("orion", "orion.cpp:3"),
	OFF("internlm2", "internlm2.cpp:3"),
	OFF("minicpm", "minicpm.cpp:3"),
	OFF("minicpm3", "minicpm3.cpp:3"),
	OFF("gemma", "gemma.cpp:3"),
	OFF("starcoder2", "starcoder2.cpp:3"),
	OFF("mamba", "mamba.cpp:3"),
	OFF("mamba2", "mamba2.cpp:3"),
	OFF("jamba", "jamba.cpp:3"),
	OFF("xverse", "xverse.cpp:3"),
	OFF("command-r", "command-r.cpp:3"),
	OFF("dbrx", "dbrx.cpp:3"),
	OFF("olmo", "olmo.cpp:3"),
	OFF("olmoe", "olmoe.cpp:3"),
	OFF("openelm", "openelm.cpp:3"),
	OFF("arctic", "arctic.cpp:3"),
	OFF("deepseek", "deepseek.cpp:3"),
	OFF("deepseek2", "deepseek2.cpp:3"),
	OFF("deepseek2-ocr", "deepseek2ocr.cpp:3"),
	OFF("chatglm", "chatglm.cpp:3"),
	OFF("glm4", "glm4.cpp:3"),
	OFF("glm4moe", "glm4-moe.cpp:3"),
	OFF("bitnet", "bitnet.cpp:3"),
	OFF("jais", "jais.cpp:3"),
	OFF("jais2", "jais2.cpp:3"),
	OFF("nemotron", "nemotron.cpp:3"),
	OFF("nemotron_h", "nemotron-h.cpp:5"),
	OFF("nemotron_h_moe", "nemotron-h.cpp:5 (nemotron_h's)"),
	OFF("exaone", "exaone.cpp:3"),
	OFF("granite", "granite.cpp:5"),
	OFF("granitemoe", "granite-moe.cpp:3"),
	OFF("granitehybrid", "granite-hybrid.cpp:3"),
	OFF("bailingmoe", "bailingmoe.cpp:3"),
	OFF("bailingmoe2", "bailingmoe2.cpp:3"),
	OFF("dots1", "dots1.cpp:3"),
	OFF("arcee", "arcee.cpp:3"),
	OFF("ernie4_5", "ernie4-5.cpp:3"),
	OFF("ernie4_5-moe", "ernie4-5.cpp:3 (ernie4_5's)"),
	OFF("hunyuan-moe", "hunyuan-moe.cpp:3"),
	OFF("hunyuan-dense", "hunyuan-vl.cpp:3 (hunyuan_vl's)"),
	OFF("hunyuan_vl", "hunyuan-vl.cpp:3"),
	OFF("hy_v3", "hy-v3.cpp:3"),
	OFF("smollm3", "smollm3.cpp:3"),
	OFF("lfm2moe", "lfm2moe.cpp:5"),
	OFF("seed_oss", "seed-oss.cpp:3"),
	OFF("grovemoe", "grovemoe.cpp:3"),
	OFF("apertus", "apertus.cpp:3"),
	OFF("minimax-m2", "minimax-m2.cpp:3"),
	OFF("cogvlm", "cogvlm.cpp:3"),
	OFF("pangu-embedded", "pangu-embed.cpp:3"),
	OFF("mistral3", "mistral3.cpp:3"),
	OFF("mistral4", "deepseek2.cpp:3 (deepseek2's)"),
	OFF("paddleocr", "ernie4-5.cpp:3 (ernie4_5's)"),
	OFF("maincoder", "maincoder.cpp:3"),
	OFF("talkie", "talkie.cpp:3"),
	OFF("nanbeige", "nanbeige.cpp:3"),
};

const struct kvp_swa_row *kvp_swa_row_of(const char *arch)
{
	size_t j;

	for (j = 0; j < sizeof rows / sizeof rows[0]; j++)
		if (!strcmp(rows[j].arch, arch))
			return &rows[j];
	return NULL;
}
