/*
 * launch_vllm.c - vLLM's flags as `vllm serve` and
 * `python -m vllm.entrypoints.openai.api_server` take them, read in
 * vllm/engine/arg_utils.py at commit 99d7eb5d6a51 (EngineArgs.add_cli_args:
 * the Model, Load, StructuredOutputs, Parallel, Cache, MultiModal, LoRA,
 * Observability, Scheduler, Compilation and VllmConfig groups; it still
 * carries the flags "removed in v0.12.0", so it is a 0.11 source) and the
 * server's own flags of vllm/entrypoints/openai/cli_args.py. Boolean
 * config fields are argparse BooleanOptionalAction (--X and --no-X).
 * The emitted spellings are checked against
 * tests/data/launch/vllm-99d7eb5d.flags by test_launch.
 */
#include "cli/launch/launch_tab.h"

#define SRC "vllm/engine/arg_utils.py@99d7eb5d"
#define SRV "vllm/entrypoints/openai/cli_args.py@00522333"
/* modelled: value / switch; not modelled: note / refused */
#define MV(to, conv, ...) { { __VA_ARGS__ }, true, false, to, conv, NULL, SRC, false }
#define MB(to, ...) { { __VA_ARGS__ }, false, true, to, LF_SAME, NULL, SRC, false }
#define NV(src, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, NULL, src, false }
#define NB(src, ...) { { __VA_ARGS__ }, false, true, NULL, LF_SAME, NULL, src, false }
#define NS(src, ...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, NULL, src, false }
#define RV(why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, SRC, false }
#define RB(why, ...) { { __VA_ARGS__ }, false, true, NULL, LF_SAME, why, SRC, false }

static const struct kvp_launch_flag rows[] = {
	/* the flags kvplan models */
	MV("model", LF_MODEL, "--model"),
	MV("tp", LF_SAME, "--tensor-parallel-size", "-tp"),
	MV("pp", LF_SAME, "--pipeline-parallel-size", "-pp"),
	MV("dp", LF_SAME, "--data-parallel-size", "-dp"),
	MV("max-model-len", LF_SAME, "--max-model-len"),
	MV("gpu-memory-utilization", LF_SAME, "--gpu-memory-utilization"),
	MV("kv-cache-memory-bytes", LF_SAME, "--kv-cache-memory-bytes"),
	MV("kv-cache-dtype", LF_VLLM_KVDT, "--kv-cache-dtype"),
	MV("vllm-block-size", LF_SAME, "--block-size"),
	MV("max-num-seqs", LF_SAME, "--max-num-seqs"),
	MV("max-num-batched-tokens", LF_SAME, "--max-num-batched-tokens"),
	MV("max-cudagraph-capture-size", LF_SAME, "--max-cudagraph-capture-size"),
	MV(NULL, LF_VLLM_COMPILE, "--compilation-config", "-O"),
	MB("enable-prefix-caching", "--enable-prefix-caching"),
	MB("disable-hybrid-kv-cache-manager", "--disable-hybrid-kv-cache-manager"),
	MV("num-gpu-blocks-override", LF_SAME, "--num-gpu-blocks-override"),
	MV("cpu-offload-gb", LF_SAME, "--cpu-offload-gb"),
	MB("enable-lora", "--enable-lora"),
	MV("max-loras", LF_SAME, "--max-loras"),
	MV("max-lora-rank", LF_SAME, "--max-lora-rank"),
	MV("max-cpu-loras", LF_SAME, "--max-cpu-loras"),
	MV("dtype", LF_VLLM_DTYPE, "--dtype"),
	MV("mamba-cache-dtype", LF_SAME, "--mamba-cache-dtype"),
	MV("mamba-ssm-cache-dtype", LF_SAME, "--mamba-ssm-cache-dtype"),
	MV(NULL, LF_QUANT, "--quantization", "-q"),

	/* not modelled, and they change memory: refused */
	RV("the cache size of the encoder inputs differs per modality; give "
	   "kvplan's --limit-mm-per-prompt N (items of the largest modality)",
	   "--limit-mm-per-prompt"),
	RV("give its parts as kvplan's --speculative-method, "
	   "--num-speculative-tokens and --speculative-model",
	   "--speculative-config"),
	RV("decode context parallelism splits the KV cache; kvplan does not "
	   "model it", "--decode-context-parallel-size", "-dcp"),
	RB("every layer then keeps a full-length cache; kvplan does not model "
	   "it", "--disable-sliding-window"),
	RV("it changes the model's configuration; give the changed config.json "
	   "to kvplan's --model", "--hf-overrides"),
	RV("it changes the model's positions; give the changed config.json to "
	   "kvplan's --model", "--rope-scaling"),
	RV("disaggregated prefill moves KV between instances; kvplan does not "
	   "model it", "--kv-transfer-config"),
	RV("kvplan does not model the Mamba block size", "--mamba-block-size"),
	RV("vLLM's CUDA graph estimate counts the capture sizes and kvplan "
	   "counts vLLM's default ones; give kvplan's "
	   "--max-cudagraph-capture-size (the largest) when they are the "
	   "default sizes up to it", "--cudagraph-capture-sizes",
	   "--cuda-graph-sizes"),
	RB("expert parallelism spreads the routed experts over the TP x DP "
	   "ranks; kvplan does not model it", "--enable-expert-parallel"),
	RB("EPLB keeps redundant experts on each rank; kvplan does not model "
	   "it", "--enable-eplb"),

	/* not modelled, no memory figure kvplan shows depends on them (or
	 * kvplan's figure is the larger: --enforce-eager drops the CUDA
	 * graphs kvplan still counts) */
	NV(SRC, "--runner"), NV(SRC, "--convert"), NV(SRC, "--task"),
	NV(SRC, "--tokenizer"), NV(SRC, "--tokenizer-mode"),
	NB(SRC, "--trust-remote-code"), NV(SRC, "--seed"),
	NV(SRC, "--hf-config-path"), NV(SRC, "--allowed-local-media-path"),
	NV(SRC, "--allowed-media-domains"), NV(SRC, "--revision"),
	NV(SRC, "--code-revision"), NV(SRC, "--rope-theta"),
	NV(SRC, "--tokenizer-revision"), NB(SRC, "--enforce-eager"),
	NV(SRC, "--max-logprobs"), NV(SRC, "--logprobs-mode"),
	NB(SRC, "--disable-cascade-attn"), NB(SRC, "--skip-tokenizer-init"),
	NB(SRC, "--enable-prompt-embeds"), NV(SRC, "--served-model-name"),
	NV(SRC, "--config-format"), NV(SRC, "--pooler-config"),
	NV(SRC, "--override-pooler-config"), NV(SRC, "--logits-processor-pattern"),
	NV(SRC, "--generation-config"), NV(SRC, "--override-generation-config"),
	NB(SRC, "--enable-sleep-mode"), NV(SRC, "--model-impl"),
	NV(SRC, "--override-attention-dtype"), NV(SRC, "--logits-processors"),
	NV(SRC, "--io-processor-plugin"), NV(SRC, "--load-format"),
	NV(SRC, "--download-dir"), NV(SRC, "--safetensors-load-strategy"),
	NV(SRC, "--model-loader-extra-config"), NV(SRC, "--ignore-patterns"),
	NB(SRC, "--use-tqdm-on-load"), NV(SRC, "--pt-load-map-location"),
	NV(SRC, "--reasoning-parser"), NV(SRC, "--guided-decoding-backend"),
	NV(SRC, "--distributed-executor-backend"),
	NV(SRC, "--data-parallel-rank", "-dpn"),
	NV(SRC, "--data-parallel-start-rank", "-dpr"),
	NV(SRC, "--data-parallel-size-local", "-dpl"),
	NV(SRC, "--data-parallel-address", "-dpa"),
	NV(SRC, "--data-parallel-rpc-port", "-dpp"),
	NV(SRC, "--data-parallel-backend", "-dpb"),
	NB(SRC, "--data-parallel-hybrid-lb"),
	NV(SRC, "--all2all-backend"), NB(SRC, "--enable-dbo"),
	NV(SRC, "--dbo-decode-token-threshold"),
	NV(SRC, "--dbo-prefill-token-threshold"),
	NB(SRC, "--disable-nccl-for-dp-synchronization"),
	NV(SRC, "--eplb-config"), NV(SRC, "--expert-placement-strategy"),
	NV(SRC, "--max-parallel-loading-workers"),
	NB(SRC, "--ray-workers-use-nsight"), NB(SRC, "--disable-custom-all-reduce"),
	NV(SRC, "--worker-cls"), NV(SRC, "--worker-extension-cls"),
	NV(SRC, "--swap-space"), NV(SRC, "--prefix-caching-hash-algo"),
	NB(SRC, "--calculate-kv-scales"), NB(SRC, "--kv-sharing-fast-prefill"),
	NB(SRC, "--enable-mm-embeds"), NV(SRC, "--media-io-kwargs"),
	NV(SRC, "--mm-processor-kwargs"), NV(SRC, "--mm-processor-cache-gb"),
	NV(SRC, "--mm-processor-cache-type"),
	NV(SRC, "--mm-shm-cache-max-object-size-mb"),
	NV(SRC, "--mm-encoder-tp-mode"), NV(SRC, "--mm-encoder-attn-backend"),
	NB(SRC, "--interleave-mm-strings"), NB(SRC, "--skip-mm-profiling"),
	NV(SRC, "--video-pruning-rate"), NB(SRC, "--fully-sharded-loras"),
	NV(SRC, "--default-mm-loras"), NV(SRC, "--lora-extra-vocab-size"),
	NV(SRC, "--lora-dtype"), NV(SRC, "--show-hidden-metrics-for-version"),
	NV(SRC, "--otlp-traces-endpoint"), NV(SRC, "--collect-detailed-traces"),
	NV(SRC, "--max-num-partial-prefills"),
	NV(SRC, "--max-long-partial-prefills"),
	NV(SRC, "--long-prefill-token-threshold"),
	NV(SRC, "--num-lookahead-slots"), NV(SRC, "--scheduling-policy"),
	NB(SRC, "--enable-chunked-prefill"), NB(SRC, "--disable-chunked-mm-input"),
	NV(SRC, "--scheduler-cls"), NB(SRC, "--async-scheduling"),
	NV(SRC, "--kv-events-config"),
	NV(SRC, "--additional-config"), NV(SRC, "--structured-outputs-config"),
	NS(SRC, "--disable-log-stats"), NS(SRC, "--aggregate-engine-logging"),
	/* the OpenAI server's own */
	NV(SRV, "--host"), NV(SRV, "--port"), NV(SRV, "--uvicorn-log-level"),
	NV(SRV, "--api-key"), NV(SRV, "--lora-modules"),
	NV(SRV, "--chat-template"), NV(SRV, "--chat-template-content-format"),
	NV(SRV, "--response-role"), NV(SRV, "--ssl-keyfile"),
	NV(SRV, "--ssl-certfile"), NV(SRV, "--ssl-ca-certs"),
	NV(SRV, "--root-path"), NV(SRV, "--middleware"),
	NV(SRV, "--tool-call-parser"), NV(SRV, "--tool-parser-plugin"),
	NV(SRV, "--allowed-origins"), NV(SRV, "--allowed-methods"),
	NV(SRV, "--allowed-headers"), NV(SRV, "--max-log-len"),
	NV(SRV, "--api-server-count"),
	NB(SRV, "--enable-auto-tool-choice"), NB(SRV, "--disable-fastapi-docs"),
	NB(SRV, "--enable-prompt-tokens-details"),
	NB(SRV, "--enable-server-load-tracking"),
	NB(SRV, "--enable-force-include-usage"),
	NB(SRV, "--disable-frontend-multiprocessing"),
	NB(SRV, "--enable-request-id-headers"),
	NB(SRV, "--return-tokens-as-token-ids"),
	NB(SRV, "--disable-uvicorn-access-log"), NB(SRV, "--enable-log-requests"),
	NS(SRV, "--disable-log-requests"), NS(SRV, "--headless"),
	NV(SRV, "--uds"), NV(SRV, "--default-chat-template-kwargs"),
	NB(SRV, "--trust-request-chat-template"), NV(SRV, "--tool-server"),
	NB(SRV, "--exclude-tools-when-tool-choice-none"),
	NV(SRV, "--log-config-file"), NB(SRV, "--enable-log-outputs"),
	NB(SRV, "--allow-credentials"), NV(SRV, "--ssl-cert-reqs"),
	NV(SRV, "--ssl-ciphers"), NB(SRV, "--enable-ssl-refresh"),
	NV(SRV, "--disable-access-log-for-endpoints"),
	NB(SRV, "--enable-tokenizer-info-endpoint"),
	NV(SRC, "--hf-token"),
};

const struct kvp_launch_engine kvp_launch_vllm = {
	"vllm", "vllm serve", KVP_ENGINE_VLLM, "0.11 (arg_utils.py@99d7eb5d)",
	SRC, rows, sizeof rows / sizeof rows[0], NULL, true, false, false
};

const struct kvp_launch_engine kvp_launch_vllm_api = {
	"vllm-api-server", "python -m vllm.entrypoints.openai.api_server",
	KVP_ENGINE_VLLM, "0.11 (arg_utils.py@99d7eb5d)", SRC, rows,
	sizeof rows / sizeof rows[0], "--model", false, false, false
};
