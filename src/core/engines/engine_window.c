/*
 * engine_window.c - families whose sliding window a named engine does not
 * apply to its cache. The importer (src/io/hf/hf_family.c, HF_SW_ALL)
 * gives every layer of these families the config's sliding_window, as the
 * model's own code masks it (transformers MistralAttention passes
 * sliding_window to the attention interface; DynamicCache(config=...)
 * builds a DynamicSlidingWindowLayer on every layer when layer_types is
 * absent and sliding_window is set, transformers >= 4.56 cache_utils.py).
 * An engine in a row here caches every position of those layers: they are
 * sized as full attention (window 0) before the engine's own stage runs.
 *
 * Engines that do apply the window, and so have no row:
 *   vLLM (every release V1 sizes): engine/arg_utils.py create_engine_config
 *     "if not is_interleaved(model_config.hf_text_config): sliding_window =
 *     model_config.get_sliding_window()" into CacheConfig(sliding_window=),
 *     and model_executor/layers/attention/attention.py Attention.__init__
 *     "if per_layer_sliding_window is not None: ... elif cache_config is
 *     not None: sliding_window = cache_config.sliding_window" (llama.py
 *     @e06c9ba2 passes per_layer_sliding_window only from layer_types,
 *     None for Mistral, so the cache-wide window holds): a
 *     SlidingWindowSpec on every layer. --disable-sliding-window
 *     (ModelConfig.get_sliding_window returns None) is not a plan field.
 *   SGLang: no row needed: its hybrid SWA pool is for is_hybrid_swa_model's
 *     families only (sg_rules.c hybrid_swa[]); other families' sliding
 *     layers are already sized full (MHATokenToKVPool, sg_swa.c).
 * A row is one engine and one model_type with the code that shows it.
 */
#include <stdio.h>   /* snprintf into the result only */
#include <string.h>

#include "core/engines/engine_window.h"

static const struct eng_window_row {
	enum kvp_engine_kind engine;
	const char *model_type;
	const char *source;
} rows[] = {
	/* llama.cpp @80fb11ac (node-llama-cpp 3.21.1's bundle, tag v0.4.0):
	 * conversion/__init__.py maps MistralForCausalLM and
	 * MixtralForCausalLM to "llama", Ministral3ForCausalLM and
	 * Mistral3ForConditionalGeneration to "mistral3", PhiMoEForCausalLM
	 * to "phi" (PhiMoeModel, LLM_ARCH_PHIMOE); src/models/llama.cpp,
	 * mistral3.cpp and phimoe.cpp load_arch_hparams read no
	 * LLM_KV_ATTENTION_SLIDING_WINDOW and set no swa_type, which stays
	 * LLAMA_SWA_TYPE_NONE (llama-hparams.h): every layer is a full layer
	 * of n_ctx cells. */
	{ KVP_ENGINE_LLAMACPP, "mistral",
	  "llama.cpp @80fb11ac src/models/llama.cpp: LLM_ARCH_LLAMA sets no swa_type" },
	{ KVP_ENGINE_LLAMACPP, "mixtral",
	  "llama.cpp @80fb11ac src/models/llama.cpp: LLM_ARCH_LLAMA sets no swa_type" },
	{ KVP_ENGINE_LLAMACPP, "mistral3",
	  "llama.cpp @80fb11ac src/models/mistral3.cpp: LLM_ARCH_MISTRAL3 sets no swa_type" },
	{ KVP_ENGINE_LLAMACPP, "ministral3",
	  "llama.cpp @80fb11ac src/models/mistral3.cpp: LLM_ARCH_MISTRAL3 sets no swa_type" },
	{ KVP_ENGINE_LLAMACPP, "phimoe",
	  "llama.cpp @80fb11ac src/models/phimoe.cpp: LLM_ARCH_PHIMOE sets no swa_type" },
	/* TensorRT-LLM (PyTorch backend, main 2026): pyexecutor/
	 * resource_manager.py KVCacheManager "if
	 * kv_cache_config.max_attention_window is None: # Use max_seq_len as
	 * default max_attention_window"; pyexecutor/_util.py
	 * _derive_layer_type_attention_windows derives per-layer windows only
	 * from a layer_types that mixes sliding and full layers (its tests
	 * test_missing_layer_types_returns_none,
	 * test_all_sliding_attention_returns_none): a config with
	 * sliding_window and no layer_types keeps max_seq_len on every layer
	 * unless kv_cache_config.max_attention_window is given. */
	{ KVP_ENGINE_TRTLLM, "mistral",
	  "TensorRT-LLM pyexecutor/_util.py _derive_layer_type_attention_windows: "
	  "no layer_types, max_attention_window max_seq_len" },
	{ KVP_ENGINE_TRTLLM, "mixtral",
	  "TensorRT-LLM pyexecutor/_util.py _derive_layer_type_attention_windows: "
	  "no layer_types, max_attention_window max_seq_len" },
	{ KVP_ENGINE_TRTLLM, "mistral3",
	  "TensorRT-LLM pyexecutor/_util.py _derive_layer_type_attention_windows: "
	  "no layer_types, max_attention_window max_seq_len" },
	{ KVP_ENGINE_TRTLLM, "ministral3",
	  "TensorRT-LLM pyexecutor/_util.py _derive_layer_type_attention_windows: "
	  "no layer_types, max_attention_window max_seq_len" },
	{ KVP_ENGINE_TRTLLM, "phimoe",
	  "TensorRT-LLM pyexecutor/_util.py _derive_layer_type_attention_windows: "
	  "no layer_types, max_attention_window max_seq_len" },
};

const char *eng_window_ignored(const struct kvp_plan *p)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].engine == p->engine.kind &&
		    !strcmp(rows[i].model_type, p->model.model_type))
			return rows[i].source;
	return NULL;
}

uint32_t eng_window_unslide(const struct kvp_plan *p, struct kvp_layer_spec *ls)
{
	uint32_t i, n = 0;

	if (!eng_window_ignored(p))
		return 0;
	for (i = 0; i < p->model.n_layers; i++)
		if (ls[i].kind == KVP_LAYER_SLIDING) {
			ls[i].kind = KVP_LAYER_FULL;
			ls[i].window = 0;
			n++;
		}
	return n;
}

void eng_window_note(const struct kvp_plan *p, uint32_t n, struct kvp_result *res)
{
	char add[KVP_MSG_MAX];
	size_t len = strlen(res->engine.note);
	int w;

	if (!n)
		return;
	w = snprintf(add, sizeof add, "%s%s caches every position of %s's %u "
	             "sliding layer%s (sized as full: %s)", len ? "; " : "",
	             kvp_engine_name(p->engine.kind), p->model.model_type, n,
	             n == 1 ? "" : "s", eng_window_ignored(p));
	if (w > 0 && len + (size_t)w < sizeof res->engine.note)
		memcpy(res->engine.note + len, add, (size_t)w + 1);
}
