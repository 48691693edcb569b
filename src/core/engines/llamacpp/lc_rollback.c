/*
 * lc_rollback.c - which models llama.cpp keeps recurrent-state snapshots
 * for: n_rs_seq (engine.llamacpp.rs_seq) is clamped to 0 for every other
 * architecture (llama-context.cpp: "n_rs_seq=%u requested but model does
 * not support recurrent partial rollback; clamping to 0", a DEBUG line;
 * llm_arch_supports_rs_rollback in src/llama-arch.cpp at llama.cpp v0.4.0,
 * found by make check-live sizing mamba's snapshots that llama.cpp does
 * not keep). A row per architecture, by its llama.cpp name (a GGUF's
 * general.architecture) and the Hugging Face model_types that convert to
 * it (convert_hf_to_gguf.py). A plan without a model_type keeps its
 * rs_seq: kvplan cannot tell its architecture. Pure: no I/O.
 */
#include <string.h>

#include "core/engines/engine_priv.h"

static const char *const rollback[] = {
	/* llama.cpp names */
	"qwen35", "qwen35moe", "qwen4exp", "deepseek4", "nemotron_h",
	"nemotron_h_moe", "lfm2", "lfm2moe", "bailingmoe3",
	/* Hugging Face model_types of the same (config.json) */
	"qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text",
	"deepseek_v4", "lfm2_moe",
};

uint32_t lc_rs_seq(const struct kvp_plan *p)
{
	size_t i;

	if (!p->model.model_type[0])
		return p->engine.llamacpp.rs_seq;
	for (i = 0; i < sizeof rollback / sizeof rollback[0]; i++)
		if (!strcmp(p->model.model_type, rollback[i]))
			return p->engine.llamacpp.rs_seq;
	return 0;
}
