/*
 * launch_trtllm.c - `trtllm-serve MODEL ...` (TensorRT-LLM's OpenAI
 * server): its click options, read in tensorrt_llm/commands/serve.py at
 * commit 4c05a748 (the serve command), and the keys of the YAML file its
 * --extra_llm_api_options names, which overwrite them: the LLM API's
 * arguments (tensorrt_llm/llmapi/llm_args.py, BaseLlmArgs and
 * KvCacheConfig, both StrictBaseModel with extra "forbid": a key they do
 * not declare is an error; search index file 1090804222). Click takes
 * --opt V and --opt=V, underscores as written.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/launch/launch.h"
#include "io/file.h"

#define SRC "tensorrt_llm/commands/serve.py@4c05a748"
#define MV(to, conv, ...) { { __VA_ARGS__ }, true, false, to, conv, NULL, SRC, false }
#define NV(...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, NULL, SRC, false }
#define NS(...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, NULL, SRC, false }
#define RV(why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, SRC, false }

static const struct kvp_launch_flag rows[] = {
	MV("model", LF_MODEL, "MODEL"),   /* the argument, never a flag */
	MV("tp", LF_SAME, "--tp_size"),
	MV("pp", LF_SAME, "--pp_size"),
	MV("free-gpu-memory-fraction", LF_SAME, "--kv_cache_free_gpu_memory_fraction"),
	MV("max-batched-tokens", LF_SAME, "--max_num_tokens"),
	MV(NULL, LF_YAML, "--extra_llm_api_options"),
	/* "deduced from the model config" when not given: the model's
	 * positions, which kvplan's TensorRT-LLM rules take as max_seq_len */
	MV("max-positions", LF_SAME, "--max_seq_len"),
	RV("expert parallelism spreads the routed experts over the ranks; "
	   "kvplan does not model it", "--ep_size"),
	RV("kvplan does not model an expert cluster", "--cluster_size"),
	MV(NULL, LF_TRT_BACKEND, "--backend"),
	NV("--tokenizer"), NV("--host"), NV("--port"), NV("--log_level"),
	NV("--max_beam_width"), NV("--max_batch_size"), NV("--gpus_per_node"),
	NV("--num_postprocess_workers"), NS("--trust_remote_code"),
	NV("--reasoning_parser"), NV("--metadata_server_config_file"),
	NV("--server_role"), NS("--fail_fast_on_attention_window_too_large"),
	NV("--disagg_cluster_uri"), NS("--enable_chunked_prefill"),
	NV("--media_io_kwargs"),
};

const struct kvp_launch_engine kvp_launch_trtllm = {
	"trtllm-serve", "trtllm-serve", KVP_ENGINE_TRTLLM,
	"serve.py@4c05a748", SRC, rows, sizeof rows / sizeof rows[0], NULL,
	true, false, false
};

/* The keys of --extra_llm_api_options: a kvplan flag, a note, or a
 * refusal (value "" = any value; else refused only at that value). */
struct ykey {
	const char *path, *to, *refuse_unless, *why;
};

#define LLM "llm_args.py"
static const struct ykey ykeys[] = {
	{ "tensor_parallel_size", "tp", NULL, NULL },
	{ "pipeline_parallel_size", "pp", NULL, NULL },
	{ "max_num_tokens", "max-batched-tokens", NULL, NULL },
	{ "kv_cache_config.free_gpu_memory_fraction", "free-gpu-memory-fraction", NULL, NULL },
	{ "kv_cache_config.max_tokens", "max-tokens", NULL, NULL },
	{ "kv_cache_config.host_cache_size", "host-cache-size", NULL, NULL },
	{ "kv_cache_config.max_gpu_total_bytes", "max-gpu-total-bytes", NULL, NULL },
	{ "kv_cache_config.tokens_per_block", "tokens-per-block", NULL, NULL },
	{ "kv_cache_config.dtype", "kv-dtype", NULL, NULL },
	{ "max_seq_len", "max-positions", NULL, NULL },
	{ "speculative_config", NULL, "", "give kvplan's speculative options" },
	{ "enable_attention_dp", NULL, "false", "attention DP splits the KV cache by rank; kvplan does not model it" },
	{ "moe_expert_parallel_size", NULL, "1", "expert parallelism: kvplan does not model it" },
	{ "context_parallel_size", NULL, "1", "context parallelism splits the KV cache; kvplan does not model it" },
	{ "kv_cache_config.max_attention_window", NULL, "", "kvplan does not model a lowered attention window" },
	{ "kv_cache_config.sink_token_length", NULL, "", "kvplan does not model sink tokens" },
	{ "kv_cache_config.cross_kv_cache_fraction", NULL, "", "kvplan does not model cross attention" },
	{ "kv_cache_config.use_uvm", NULL, "false", "kvplan does not model a KV cache in unified memory" },
	{ "kv_cache_config.mamba_ssm_cache_dtype", NULL, "auto", "kvplan does not model TensorRT-LLM's Mamba cache" },
	/* read and changing no figure kvplan shows */
	{ "kv_cache_config.enable_block_reuse", NULL, NULL, NULL },
	{ "kv_cache_config.enable_partial_reuse", NULL, NULL, NULL },
	{ "kv_cache_config.copy_on_partial_reuse", NULL, NULL, NULL },
	{ "kv_cache_config.onboard_blocks", NULL, NULL, NULL },
	{ "kv_cache_config.event_buffer_max_size", NULL, NULL, NULL },
	{ "kv_cache_config.secondary_offload_min_priority", NULL, NULL, NULL },
	{ "kv_cache_config.attention_dp_events_gather_period_ms", NULL, NULL, NULL },
	{ "max_batch_size", NULL, NULL, NULL }, { "cuda_graph_config", NULL, NULL, NULL },
	{ "print_iter_log", NULL, NULL, NULL }, { "enable_chunked_prefill", NULL, NULL, NULL },
	{ "disable_overlap_scheduler", NULL, NULL, NULL }, { "attn_backend", NULL, NULL, NULL },
	{ "stream_interval", NULL, NULL, NULL }, { "trust_remote_code", NULL, NULL, NULL },
	{ "enable_iter_perf_stats", NULL, NULL, NULL }, { "scheduler_config", NULL, NULL, NULL },
	{ "moe_config", NULL, NULL, NULL }, { "num_postprocess_workers", NULL, NULL, NULL },
	{ "tokenizer", NULL, NULL, NULL }, { "dtype", NULL, NULL, NULL },
	{ "revision", NULL, NULL, NULL }, { "enable_autotuner", NULL, NULL, NULL },
	{ "torch_compile_config", NULL, NULL, NULL }, { "gpus_per_node", NULL, NULL, NULL },
	{ "sampler_type", NULL, NULL, NULL }, { "return_perf_metrics", NULL, NULL, NULL },
	{ "max_beam_width", NULL, NULL, NULL },
	{ "backend", NULL, "pytorch", "kvplan has the pytorch backend's rules only" },
};

struct yctx {
	struct kvp_strv *out;
	char *unmodelled;
	size_t cap;
};

static const struct ykey *ykey_of(const char *path)
{
	size_t i, n;

	for (i = 0; i < sizeof ykeys / sizeof ykeys[0]; i++) {
		n = strlen(ykeys[i].path);
		if (!strcmp(path, ykeys[i].path) ||
		    (!ykeys[i].to && !strncmp(path, ykeys[i].path, n) && path[n] == '.'))
			return &ykeys[i];
	}
	return NULL;
}

static enum kvp_status ykey_apply(const char *path, const char *v, void *ctx,
                                  struct kvp_error *err)
{
	struct yctx *c = ctx;
	const struct ykey *k = ykey_of(path);
	char flag[64];
	size_t n;

	if (!k)   /* pydantic's StrictBaseModel: extra="forbid" */
		return kvp_error_set(err, KVP_EINVAL, "%s: Extra inputs are not "
			"permitted (TensorRT-LLM's LLM arguments, " LLM ")", path);
	if (k->refuse_unless && (!*k->refuse_unless || strcmp(v, k->refuse_unless)))
		return kvp_error_set(err, KVP_EINVAL, "%s: %s - not modelled by "
			"kvplan: %s", path, v, k->why);
	if (!k->to) {
		n = strlen(c->unmodelled);
		if (n + strlen(path) + 4 < c->cap && !strstr(c->unmodelled, path))
			snprintf(c->unmodelled + n, c->cap - n, "%s%s", n ? ", " : "", path);
		return KVP_OK;
	}
	if (!strcmp(k->to, "kv-dtype")) {   /* KvCacheConfig.dtype */
		if (!strcmp(v, "auto"))
			return KVP_OK;
		if (strcmp(v, "fp8"))
			return kvp_error_set(err, KVP_EINVAL, "%s: '%s' - not a cache "
				"format kvplan models (auto, fp8)", path, v);
	}
	snprintf(flag, sizeof flag, "--%s", k->to);
	if (!kvp_strv_push(c->out, flag, strlen(flag)) ||
	    !kvp_strv_push(c->out, v, strlen(v)))
		return kvp_error_set(err, KVP_ENOMEM, "out of memory");
	return KVP_OK;
}

enum kvp_status kvp_launch_trtllm_yaml(const char *path, struct kvp_strv *out,
                                       char *unmodelled, size_t cap,
                                       struct kvp_error *err)
{
	struct yctx c = { out, unmodelled, cap };
	char *text = NULL;
	size_t len = 0;
	enum kvp_status st;

	if ((st = kvp_file_read(path, 1u << 20, &text, &len, NULL, err)) != KVP_OK)
		return st;
	st = kvp_launch_yaml(text, len, ykey_apply, &c, err);
	free(text);
	if (st != KVP_OK && strncmp(err->msg, path, strlen(path)))
		kvp_error_prefix(err, path);
	return st;
}
