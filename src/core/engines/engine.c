/* engine.c - engine names and each engine's default options. */
#include <string.h>
#include <strings.h>

#include "kvplan/engine.h"

static const char *const engine_names[KVP_ENGINE_COUNT] = {
	[KVP_ENGINE_GENERIC] = "generic",
	[KVP_ENGINE_LLAMACPP] = "llama.cpp",
	[KVP_ENGINE_VLLM] = "vllm",
	[KVP_ENGINE_TRANSFORMERS] = "transformers",
	[KVP_ENGINE_SGLANG] = "sglang",
	[KVP_ENGINE_TRTLLM] = "trtllm",
};

const char *kvp_engine_name(enum kvp_engine_kind e)
{
	return (unsigned)e < KVP_ENGINE_COUNT ? engine_names[e] : "?";
}

enum kvp_status kvp_engine_parse(const char *s, enum kvp_engine_kind *out,
                                 struct kvp_error *err)
{
	static const struct { const char *alias; enum kvp_engine_kind e; } aliases[] = {
		{ "llamacpp", KVP_ENGINE_LLAMACPP }, { "llama-cpp", KVP_ENGINE_LLAMACPP },
		{ "hf", KVP_ENGINE_TRANSFORMERS }, { "tensorrt-llm", KVP_ENGINE_TRTLLM },
		{ "trt-llm", KVP_ENGINE_TRTLLM },
	};
	size_t i;

	for (i = 0; i < KVP_ENGINE_COUNT; i++)
		if (strcasecmp(s, engine_names[i]) == 0) {
			*out = (enum kvp_engine_kind)i;
			return KVP_OK;
		}
	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (strcasecmp(s, aliases[i].alias) == 0) {
			*out = aliases[i].e;
			return KVP_OK;
		}
	return kvp_error_set(err, KVP_EINVAL,
		"engine: '%s' - expected generic, llama.cpp, vllm, transformers, sglang or trtllm", s);
}

void kvp_engine_defaults(struct kvp_engine_opts *o)
{
	memset(o, 0, sizeof *o);
	o->kind = KVP_ENGINE_GENERIC;

	o->llamacpp.ctx_size = 0;          /* 0: the model's n_ctx_train */
	o->llamacpp.parallel = 1;
	o->llamacpp.batch_size = 2048;
	o->llamacpp.ubatch_size = 512;
	o->llamacpp.flash_attn = KVP_AUTO;
	o->llamacpp.cache_type_k = KVP_DT_F16;
	o->llamacpp.cache_type_v = KVP_DT_F16;
	o->llamacpp.n_gpu_layers = -1;     /* all layers and the output */
	o->llamacpp.n_cpu_moe = 0;
	o->llamacpp.embeddings = false;
	o->llamacpp.rs_seq = 0;            /* llama_context_default_params */
	o->llamacpp.ctx_checkpoints = -1;  /* the build's default */
	o->vllm.cpu_offload_gb = 0;

	o->vllm.block_size = 16;
	o->vllm.enable_lora = false;
	o->vllm.max_loras = 1;             /* vllm/config/lora.py */
	o->vllm.max_lora_rank = 16;
	o->vllm.max_cpu_loras = 0;         /* None: = max_loras */
	o->vllm.dtype = KVP_DT_BF16;
	o->llamacpp.lora_bytes = 0;
	o->llamacpp.mmproj_bytes = 0;
	o->llamacpp.mmproj_offload = true;  /* common_params mmproj_use_gpu */
	/* common/common.h common_params_speculative: n_ctx 0, n_gpu_layers
	 * -1, cache types f16 */
	o->llamacpp.ctx_size_draft = 0;
	o->llamacpp.n_gpu_layers_draft = -1;
	o->llamacpp.cache_type_k_draft = KVP_DT_F16;
	o->llamacpp.cache_type_v_draft = KVP_DT_F16;
	o->vllm.speculative_method = KVP_SPEC_NONE;
	o->vllm.num_speculative_tokens = 0;
	/* 0: vLLM's defaults for the release and card, resolved where they
	 * are used (src/core/engines/vllm/vllm_profile.c kvp_vllm_defaults) */
	o->vllm.gpu_memory_utilization = 0;
	o->vllm.max_num_seqs = 0;
	o->vllm.max_num_batched_tokens = 0;
	o->vllm.kv_cache_dtype_auto = true;
	o->vllm.kv_cache_dtype = KVP_DT_BF16;
	o->vllm.tensor_parallel_size = 1;
	o->vllm.pipeline_parallel_size = 1;
	o->vllm.enable_prefix_caching = KVP_AUTO;   /* the release's */

	o->transformers.cache = KVP_HF_DYNAMIC;
	o->transformers.nbits = 4;
	o->transformers.q_group_size = 64;
	o->transformers.residual_length = 128;

	o->sglang.page_size = 1;

	o->trtllm.tokens_per_block = 64;
	o->trtllm.free_gpu_memory_fraction = 900000;
}

void kvp_engine_switch(struct kvp_engine_opts *o, enum kvp_engine_kind k)
{
	if (k != o->kind)
		o->version[0] = '\0';
	o->kind = k;
}
