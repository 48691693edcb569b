/*
 * launch_sglang.c - SGLang's flags as `python -m sglang.launch_server`
 * (and `sglang serve`) take them: every flag of
 * python/sglang/srt/server_args.py at commit 001067fffe33 (search index
 * file 61620183500, 486,489 characters, read whole): the ServerArgs
 * fields, each a flag named after the field with dashes (or its
 * Arg(cli_name=...)) plus its Arg(aliases=...), skipping Arg(no_cli=True)
 * and fields without help, and the flags add_cli_args registers by hand
 * (--reasoning-parser, --tool-call-parser, --kv-canary-real-data,
 * --config and the deprecated names). How each takes its words follows
 * arg_groups/arg_utils.py add_cli_args_from_dataclass (read at
 * 0116c606): a bool is store_true (a switch), a List[...] without a
 * type_parser is nargs "+", an Arg(action=BooleanOptionalAction) has
 * --no-X too. tests/data/launch/sglang-001067ff.flags lists the same
 * spellings, section by section, and test_launch holds the two equal.
 *
 * A flag that changes a memory figure kvplan shows is modelled (the
 * first rows) or refused with why; every other flag is listed in a note
 * as not modelled. argparse takes a unique prefix of a flag (--tp for
 * --tp-size, --disable-overlap for --disable-overlap-schedule); the
 * reader does the same for SGLang (launch_read.c) and refuses an
 * ambiguous one as argparse does.
 */
#include "cli/launch/launch_tab.h"

#define SRC "python/sglang/srt/server_args.py@001067ff"
#define MV(to, conv, ...) { { __VA_ARGS__ }, true, false, to, conv, NULL, SRC, false }
#define MS(to, ...) { { __VA_ARGS__ }, false, false, to, LF_SAME, NULL, SRC, false }
#define NV(...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, NULL, SRC, false }
#define NL(...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, NULL, SRC, true }
#define NS(...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, NULL, SRC, false }
#define NB(...) { { __VA_ARGS__ }, false, true, NULL, LF_SAME, NULL, SRC, false }
#define RV(why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, SRC, false }
#define RL(why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, SRC, true }
#define RS(why, ...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, why, SRC, false }

static const struct kvp_launch_flag rows[] = {
	/* the flags kvplan models */
	MV("model", LF_MODEL, "--model-path", "--model"),
	MV("tp", LF_SAME, "--tp-size", "--tensor-parallel-size"),
	MV("pp", LF_SAME, "--pp-size", "--pipeline-parallel-size"),
	MV("dp", LF_SAME, "--dp-size", "--data-parallel-size"),
	MV("mem-fraction-static", LF_SAME, "--mem-fraction-static"),
	MV("page-size", LF_SAME, "--page-size"),
	MV("max-total-tokens", LF_SAME, "--max-total-tokens"),
	MV("max-running-requests", LF_SAME, "--max-running-requests"),
	MV("context-length", LF_SAME, "--context-length"),
	MV("kv-dtype", LF_SGL_KVDT, "--kv-cache-dtype"),
	MV("swa-full-tokens-ratio", LF_SAME, "--swa-full-tokens-ratio"),
	MS("disable-hybrid-swa-memory", "--disable-hybrid-swa-memory"),
	MV("max-mamba-cache-size", LF_SAME, "--max-mamba-cache-size"),
	MV("mamba-full-memory-ratio", LF_SAME, "--mamba-full-memory-ratio"),
	MV("sglang-mamba-ssm-dtype", LF_SAME, "--mamba-ssm-dtype"),
	MV(NULL, LF_QUANT, "--quantization"),
	MV("chunked-prefill-size", LF_SGL_CHUNK, "--chunked-prefill-size"),
	MV("max-prefill-tokens", LF_SAME, "--max-prefill-tokens"),
	MV("cuda-graph-max-bs", LF_SAME, "--cuda-graph-max-bs"),

	/* the others, in the file's order: refused (why) or noted */
	/* Model and tokenizer */
	NV("--tokenizer-path"),
	NV("--tokenizer-mode"),
	NV("--tokenizer-backend"),
	NV("--tokenizer-worker-num"),
	NV("--detokenizer-worker-num"),
	NS("--skip-tokenizer-init"),
	NV("--load-format"),
	NV("--model-loader-extra-config"),
	NS("--trust-remote-code"),
	NS("--is-embedding"),
	NS("--enable-multimodal"),
	NV("--revision"),
	NV("--model-impl"),
	NV("--model-config-parser"),
	RV("it changes the model's configuration; give the changed "
	   "config.json to kvplan's --model",
	   "--json-model-override-args"),
	/* Quantization and data type */
	NV("--dtype"),
	NV("--quantization-param-path"),
	NS("--enable-fp32-lm-head"),
	RV("it quantizes the checkpoint when loading; give kvplan's "
	   "--serve-weights-dtype",
	   "--modelopt-quant"),
	RV("the weights come from that quantized checkpoint; give it "
	   "to kvplan's --model",
	   "--modelopt-checkpoint-restore-path"),
	NV("--modelopt-checkpoint-save-path"),
	NV("--modelopt-export-path"),
	RS("it quantizes the checkpoint when loading; give kvplan's "
	   "--serve-weights-dtype",
	   "--quantize-and-serve"),
	NV("--rl-quant-profile"),
	NS("--enable-tf32-matmul"),
	/* Memory and scheduling */
	NV("--max-queued-requests"),
	NV("--prefill-decode-interval"),
	NS("--enable-dynamic-chunking"),
	NV("--prefill-max-requests"),
	NV("--schedule-policy"),
	NS("--enable-priority-scheduling"),
	NS("--disable-priority-preemption"),
	NV("--default-priority-value"),
	NS("--abort-on-priority-when-disabled"),
	NS("--schedule-low-priority-values-first"),
	NV("--priority-scheduling-preemption-threshold"),
	NV("--retraction-policy"),
	NV("--schedule-conservativeness"),
	RV("it sets the page of the NPU DeepSeek-V4 C128 KV cache; "
	   "kvplan does not model it",
	   "--c128-page-size"),
	NV("--radix-eviction-policy"),
	RS("the KV cache is then not allocated (placeholder tensors); "
	   "kvplan does not model it",
	   "--prefill-only-disable-kv-cache"),
	NS("--disable-radix-cache"),
	NS("--enable-page-major-kv-layout"),
	RS("one buffer split between the full, SWA and Mamba pools as "
	   "they fill; kvplan models the static pools",
	   "--enable-unified-memory"),
	NS("--disable-chunked-prefix-cache"),
	NS("--disable-overlap-schedule"),
	NV("--num-continuous-decode-steps"),
	NV("--scheduler-recv-interval"),
	NS("--enable-mixed-chunk"),
	/* Distributed topology and parallelism */
	NV("--nccl-port"),
	NV("--dist-timeout"),
	NV("--dist-init-addr", "--nccl-init-addr"),
	NV("--gated-launch-port"),
	NV("--nnodes"),
	NV("--node-rank"),
	RV("decode context parallelism splits the KV cache; kvplan "
	   "does not model it",
	   "--dcp-size", "--decode-context-parallel-size"),
	NV("--pp-max-micro-batch-size"),
	NV("--pp-async-batch-depth"),
	NV("--load-balance-method"),
	RV("attention context parallelism splits the KV cache; kvplan "
	   "does not model it",
	   "--attn-cp-size", "--attention-context-parallel-size"),
	RV("MoE data parallelism changes the expert weights a rank "
	   "holds; kvplan does not model it",
	   "--moe-dp-size", "--moe-data-parallel-size"),
	RV("distributed weight data parallelism prefetches expert "
	   "weights per rank; kvplan does not model it",
	   "--dwdp-size"),
	NV("--dcp-comm-backend"),
	NB("--dcp-replicate-q-proj"),
	RS("prefill context parallelism splits the sequence over "
	   "ranks; kvplan does not model it",
	   "--enable-prefill-cp"),
	NV("--cp-strategy"),
	RS("the DSA KV and indexer cache layers are split over the "
	   "context-parallel ranks; kvplan does not model it",
	   "--enable-dsa-cache-layer-split"),
	NS("--enable-cp-decode-attn-tp"),
	RS("DP attention splits the KV cache by data-parallel rank; "
	   "kvplan does not model it",
	   "--enable-dp-attention"),
	NS("--enable-dp-attention-local-control-broadcast"),
	NS("--enable-dp-lm-head"),
	NB("--enable-tp-lm-head-all-to-all"),
	NS("--enable-attn-tp-input-scattered"),
	NS("--enable-shared-experts-attn-tp"),
	NS("--enable-dense-mlp-attn-tp"),
	NS("--disable-attn-tp-gather"),
	NS("--enable-p2p-check"),
	/* Device info and server timeout */
	NV("--device"),
	NV("--base-gpu-id"),
	NV("--gpu-id-step"),
	NV("--random-seed"),
	NS("--mlx-enable-sampling"),
	NV("--watchdog-timeout"),
	NV("--soft-watchdog-timeout"),
	NS("--sleep-on-idle"),
	NS("--use-ray"),
	NL("--numa-node"),
	NL("--gc-threshold"),
	/* HTTP server */
	NV("--host"),
	NV("--port"),
	NV("--fastapi-root-path"),
	NS("--smg-grpc-mode"),
	NS("--grpc-mode"),
	NV("--grpc-port"),
	NV("--sidecar"),
	NV("--sidecar-args"),
	NS("--skip-server-warmup"),
	NV("--warmups"),
	NS("--enable-http2"),
	NV("--http2-max-concurrent-streams"),
	NV("--ssl-keyfile"),
	NV("--ssl-certfile"),
	NV("--ssl-ca-certs"),
	NV("--ssl-keyfile-password"),
	NS("--enable-ssl-refresh"),
	NV("--api-key"),
	NV("--admin-api-key"),
	NV("--served-model-name"),
	NV("--weight-version"),
	NV("--chat-template"),
	NV("--hf-chat-template-name"),
	NV("--completion-template"),
	NV("--file-storage-path"),
	NS("--enable-cache-report"),
	NV("--default-chat-template-kwargs"),
	NS("--strip-thinking-cache"),
	NS("--enable-strict-thinking"),
	NV("--tool-server"),
	NV("--sampling-defaults"),
	NV("--asr-max-buffer-seconds"),
	NV("--asr-max-concurrent-sessions"),
	NV("--preferred-sampling-params"),
	NS("--allow-auto-truncate"),
	NV("--stream-interval"),
	NV("--batch-notify-size"),
	NS("--stream-response-default-include-usage"),
	NS("--incremental-streaming-output"),
	NS("--enable-streaming-session"),
	NS("--enable-session-radix-cache"),
	/* Logging */
	NV("--log-level"),
	NV("--log-level-http"),
	NS("--log-requests"),
	NV("--log-requests-level"),
	NV("--log-requests-format"),
	NL("--log-requests-target"),
	NL("--uvicorn-access-log-exclude-prefixes"),
	NV("--crash-dump-folder"),
	NS("--show-time-cost"),
	NS("--enable-metrics"),
	NV("--smg-http-sidecar-port", "--grpc-http-sidecar-port"),
	NS("--enable-mfu-metrics"),
	NS("--enable-metrics-for-all-schedulers"),
	NV("--load-snapshot-publish-interval"),
	NV("--tokenizer-metrics-custom-labels-header"),
	NL("--tokenizer-metrics-allowed-custom-labels"),
	NV("--extra-metric-labels"),
	NL("--bucket-time-to-first-token"),
	NL("--bucket-inter-token-latency"),
	NL("--bucket-e2e-request-latency"),
	NL("--prompt-tokens-buckets"),
	NL("--generation-tokens-buckets"),
	NV("--gc-warning-threshold-secs"),
	NV("--decode-log-interval"),
	NS("--enable-request-time-stats-logging"),
	NV("--kv-events-config"),
	NS("--enable-forward-pass-metrics"),
	NV("--forward-pass-metrics-worker-id"),
	NV("--forward-pass-metrics-ipc-name"),
	NS("--enable-trace"),
	NV("--trace-modules"),
	NV("--otlp-traces-endpoint"),
	NS("--export-metrics-to-file"),
	NV("--export-metrics-to-file-dir"),
	/* Constrained decoding */
	NV("--constrained-json-whitespace-pattern"),
	NS("--constrained-json-disable-any-whitespace"),
	/* Kernel backend */
	NV("--attention-backend"),
	NV("--decode-attention-backend"),
	NV("--prefill-attention-backend"),
	NV("--sampling-backend"),
	NV("--grammar-backend"),
	RV("a registered radix-cache backend may add a KV tier of its "
	   "own; kvplan does not model it",
	   "--radix-cache-backend"),
	NV("--mm-attention-backend"),
	NV("--fp8-gemm-backend"),
	NV("--fp4-gemm-backend"),
	NV("--bf16-gemm-backend"),
	NV("--dsa-prefill-backend"),
	NV("--dsv4-prefill-backend"),
	NV("--dsa-decode-backend"),
	NV("--dsa-paged-mqa-logits-backend"),
	NV("--dsa-topk-backend"),
	NS("--disable-flashinfer-autotune"),
	NL("--flashinfer-autotune-skip-ops"),
	NV("--mamba-backend"),
	/* Cuda graphs */
	RV("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--cuda-graph-config"),
	NV("--cuda-graph-backend-decode"),
	NV("--cuda-graph-backend-prefill"),
	RV("its value is cuda_graph_max_bs, which enters the default "
	   "mem_fraction_static from 0.5.4; give it under its older name "
	   "--cuda-graph-max-bs, which kvplan reads, or give "
	   "--mem-fraction-static",
	   "--cuda-graph-max-bs-decode"),
	RV("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--cuda-graph-max-bs-prefill"),
	RL("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--cuda-graph-bs-decode"),
	RL("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--cuda-graph-bs-prefill"),
	NV("--cuda-graph-tc-compiler"),
	NS("--disable-prefill-cuda-graph"),
	NS("--disable-decode-cuda-graph"),
	NS("--disable-cuda-graph-padding"),
	NS("--enable-profile-cuda-graph"),
	NS("--enable-cudagraph-gc"),
	NS("--debug-cuda-graph"),
	/* Communication and kernels */
	NS("--enable-layerwise-nvtx-marker"),
	NS("--enable-nccl-nvls"),
	NS("--enable-symm-mem"),
	NS("--triton-attention-reduce-in-fp32"),
	NV("--triton-attention-num-kv-splits"),
	NV("--triton-attention-split-tile-size"),
	NS("--flashinfer-mla-disable-ragged"),
	NS("--enable-fused-qk-norm-rope"),
	NS("--enable-precise-embedding-interpolation"),
	NS("--enable-fused-moe-sum-all-reduce"),
	NS("--enable-deepseek-v4-fp4-indexer"),
	NS("--disable-custom-all-reduce"),
	NS("--enable-mscclpp"),
	NS("--enable-torch-symm-mem"),
	NS("--enable-scattered-sconv"),
	NS("--pre-warm-nccl"),
	NS("--enable-quant-communications"),
	NS("--enforce-disable-flashinfer-allreduce-fusion"),
	NV("--flashinfer-allreduce-fusion-backend"),
	NS("--enable-aiter-allreduce-fusion"),
	/* Torch compile */
	NS("--enable-torch-compile"),
	NS("--enable-torch-compile-debug-mode"),
	NV("--torch-compile-max-bs"),
	/* Speculative decoding */
	RV("give kvplan's --speculative-method and --speculative-model",
	   "--speculative-algorithm"),
	NV("--speculative-draft-model-path", "--speculative-draft-model"),
	NV("--speculative-draft-model-revision"),
	NV("--speculative-draft-load-format"),
	NV("--speculative-num-steps"),
	NV("--speculative-eagle-topk"),
	NV("--speculative-num-draft-tokens"),
	NV("--speculative-dflash-block-size"),
	NV("--speculative-dspark-block-size"),
	NV("--speculative-dspark-sps-table-path"),
	NV("--speculative-dspark-confidence-sts-path"),
	NS("--speculative-dspark-align-verify-tokens-to-graph-tier"),
	NV("--speculative-accept-threshold-single"),
	NV("--speculative-accept-threshold-acc"),
	NS("--speculative-use-rejection-sampling"),
	NV("--speculative-token-map"),
	NV("--speculative-attention-mode"),
	NV("--speculative-draft-attention-backend"),
	NV("--speculative-dsa-topk-backend"),
	NV("--speculative-draft-kv-cache-dtype"),
	NV("--speculative-draft-window-size"),
	NV("--speculative-moe-runner-backend"),
	NV("--speculative-moe-a2a-backend"),
	NV("--speculative-draft-model-quantization"),
	NS("--speculative-skip-dp-mlp-sync"),
	NS("--enable-multi-layer-eagle"),
	NS("--speculative-adaptive"),
	NV("--speculative-adaptive-config"),
	NV("--decoupled-spec-bind-endpoint"),
	NV("--decoupled-spec-connect-endpoints"),
	NV("--decoupled-spec-rank"),
	NV("--decoupled-spec-role"),
	NV("--spec-trace-dir"),
	NV("--speculative-ngram-min-bfs-breadth"),
	NV("--speculative-ngram-max-bfs-breadth"),
	NV("--speculative-ngram-match-type"),
	NV("--speculative-ngram-max-trie-depth"),
	NV("--speculative-ngram-capacity"),
	NV("--speculative-ngram-external-corpus-path"),
	NV("--speculative-ngram-external-sam-budget"),
	NV("--speculative-ngram-external-corpus-max-tokens"),
	/* Expert parallelism */
	RV("expert parallelism spreads the routed experts over the "
	   "ranks; kvplan does not model it",
	   "--ep-size", "--expert-parallel-size", "--ep"),
	RV("the all-to-all backend's communication buffers take device "
	   "memory; kvplan does not model it",
	   "--moe-a2a-backend"),
	NS("--enable-w4a4-mxfp4-megamoe"),
	NV("--deepep-v2-mode"),
	NV("--moe-runner-backend"),
	NV("--flashinfer-mxfp4-moe-precision"),
	NV("--deepep-mode"),
	NV("--fuseep-mode"),
	NV("--deepep-dispatcher-output-dtype"),
	RV("redundant experts are held on each rank; kvplan does not "
	   "model it",
	   "--ep-num-redundant-experts"),
	NV("--ep-dispatch-algorithm"),
	NV("--init-expert-location"),
	RS("EPLB keeps rebalanced expert copies on the ranks; kvplan "
	   "does not model it",
	   "--enable-eplb"),
	NV("--eplb-algorithm"),
	NV("--eplb-rebalance-num-iterations"),
	NV("--eplb-rebalance-layers-per-chunk"),
	NV("--eplb-min-rebalancing-utilization-threshold"),
	NV("--expert-distribution-recorder-mode"),
	NV("--expert-distribution-recorder-buffer-size"),
	NV("--expert-balancedness-report-mode"),
	NV("--deepep-config"),
	RV("it changes the dense MLP weights a rank holds; kvplan does "
	   "not model it",
	   "--moe-dense-tp-size"),
	RV("elastic expert parallelism keeps a per-rank expert storage "
	   "layout and backup; kvplan does not model it",
	   "--elastic-ep-backend"),
	NS("--enable-elastic-expert-backup"),
	NV("--mooncake-ib-device"),
	NS("--enable-waterfill"),
	NV("--elastic-ep-join-mode"),
	NV("--elastic-ep-join-rank-offset"),
	NV("--elastic-ep-initial-size"),
	RV("it pre-allocates active-rank state and backend buffers for "
	   "that EP size; kvplan does not model it",
	   "--max-ep-size"),
	NV("--elastic-ep-scale-timeout"),
	NS("--elastic-ep-rejoin"),
	NS("--disable-flashinfer-cutlass-moe-fp4-allgather"),
	NS("--disable-shared-experts-fusion"),
	NS("--enforce-shared-experts-fusion"),
	/* Mamba cache and linear attn */
	NV("--mamba-max-states-per-path"),
	NS("--enable-mamba-cache-stochastic-rounding"),
	NV("--mamba-cache-philox-rounds"),
	RV("its extra buffers change the Mamba state pool; kvplan "
	   "models the default strategy",
	   "--mamba-radix-cache-strategy"),
	NV("--mamba-track-interval"),
	RS("int8 Mamba checkpoints are a pool of their own; kvplan "
	   "does not model it",
	   "--enable-int8-mamba-checkpoint"),
	RV("int8 Mamba checkpoints are a pool of their own; kvplan "
	   "does not model it",
	   "--int8-mamba-ckpt-size"),
	NV("--linear-attn-backend"),
	NV("--linear-attn-decode-backend"),
	NV("--linear-attn-prefill-backend"),
	NV("--linear-attn-verify-backend"),
	RS("ReplaySSM keeps a ring buffer per request slot beside the "
	   "linear-attention state; kvplan does not model it",
	   "--enable-linear-replayssm"),
	NV("--linear-replayssm-cache-len"),
	RS("ReplaySSM spec-verify keeps a raw-input window per request "
	   "slot; kvplan does not model it",
	   "--enable-linear-replayssm-spec"),
	/* Hierarchical cache */
	RS("HiCache adds a host KV pool (--hicache-ratio or "
	   "--hicache-size); kvplan does not model it",
	   "--enable-hierarchical-cache"),
	NV("--hicache-host-memory-mode"),
	NV("--hicache-ratio"),
	NV("--hicache-size"),
	NV("--hicache-write-policy"),
	NV("--hicache-io-backend"),
	NV("--hicache-mem-layout"),
	NV("--hicache-storage-backend"),
	NV("--hicache-storage-prefetch-policy"),
	NV("--hicache-storage-backend-extra-config"),
	/* Hierarchical sparse attention */
	RS("hierarchical sparse attention keeps device and host "
	   "buffers of its own; kvplan does not model it",
	   "--enable-hisparse"),
	NV("--hisparse-config", "--hierarchical-sparse-attention-extra-config"),
	/* Multi-modal */
	NS("--enable-broadcast-mm-inputs-process"),
	NS("--enable-prefix-mm-cache"),
	RS("every rank then holds the whole multimodal encoder; kvplan "
	   "does not model it",
	   "--mm-enable-dp-encoder"),
	NV("--mm-process-config"),
	NV("--mm-processor-worker-num"),
	NV("--mm-io-worker-num"),
	NL("--allowed-media-domains"),
	NV("--media-url-max-file-size-mb"),
	NV("--mm-preprocess-cache-size-mb"),
	NS("--trust-mm-content-hashes"),
	NV("--limit-mm-data-per-request"),
	NS("--enable-mm-global-cache"),
	NV("--image-processor-backend"),
	NV("--mm-global-cache-backend"),
	NS("--disable-fast-image-processor"),
	RV("the GPU transports reserve SGLANG_MM_FEATURE_CACHE_MB of "
	   "device memory; kvplan does not model it",
	   "--mm-feature-transport"),
	RS("multimodal features are kept in a device pool; kvplan does "
	   "not model it",
	   "--keep-mm-feature-on-device"),
	/* LoRA */
	RS("SGLang's LoRA memory pool holds --max-loras-per-batch "
	   "adapters of --max-lora-rank; kvplan does not model it",
	   "--enable-lora"),
	NS("--enable-lora-overlap-loading"),
	NV("--max-lora-rank"),
	NL("--lora-target-modules"),
	RL("adapters given enable SGLang's LoRA memory pool; kvplan "
	   "does not model it",
	   "--lora-paths"),
	NV("--max-loaded-loras"),
	NV("--max-loras-per-batch"),
	NV("--lora-eviction-policy"),
	NV("--lora-backend"),
	NV("--max-lora-chunk-size"),
	NB("--experts-shared-outer-loras"),
	NS("--lora-use-virtual-experts"),
	NB("--lora-strict-loading"),
	NV("--lora-drain-wait-threshold"),
	/* Two batch overlap */
	NS("--enable-two-batch-overlap"),
	NS("--enable-single-batch-overlap"),
	NV("--tbo-token-distribution-threshold"),
	/* Offloading */
	RV("the weights offloaded to host memory; kvplan does not "
	   "model it under SGLang",
	   "--cpu-offload-gb"),
	RV("layer-group offloading moves weights to host memory; "
	   "kvplan does not model it",
	   "--offload-group-size"),
	NV("--offload-num-in-group"),
	NV("--offload-prefetch-step"),
	NV("--offload-mode"),
	/* LMCache / FlexKV */
	RS("LMCache adds a KV tier of its own; kvplan does not model "
	   "it",
	   "--enable-lmcache"),
	NV("--lmcache-config-file"),
	RS("FlexKV adds a host KV tier of its own; kvplan does not "
	   "model it",
	   "--enable-flexkv"),
	NV("--flexkv-config-file"),
	/* Ktransformers */
	RV("ktransformers runs experts on the CPU, which changes the "
	   "weights on the devices; kvplan does not model it",
	   "--kt-weight-path"),
	NV("--kt-method"),
	NV("--kt-cpuinfer"),
	NV("--kt-threadpool-count"),
	RV("ktransformers runs experts on the CPU, which changes the "
	   "weights on the devices; kvplan does not model it",
	   "--kt-num-gpu-experts"),
	NV("--kt-max-deferred-experts-per-token"),
	/* Diffusion LLM */
	RV("diffusion LLM inference changes the page size and the "
	   "cache's use; kvplan does not model it",
	   "--dllm-algorithm"),
	NV("--dllm-algorithm-config"),
	NB("--dllm-fdfo"),
	/* PD disaggregation */
	RV("a PD-disaggregated server holds transfer buffers and extra "
	   "decode slots; kvplan does not model it",
	   "--disaggregation-mode"),
	NV("--disaggregation-transfer-backend"),
	NV("--disaggregation-bootstrap-port"),
	NV("--disaggregation-ib-device"),
	NS("--disaggregation-decode-enable-radix-cache"),
	NS("--disaggregation-decode-enable-offload-kvcache"),
	NV("--disaggregation-decode-retraction-backup"),
	NV("--num-reserved-decode-tokens"),
	NV("--disaggregation-decode-extra-slots"),
	NV("--disaggregation-decode-polling-interval"),
	NV("--optimistic-prefill-attempts"),
	/* Encode prefill disaggregation */
	RS("an encoder-only server holds the multimodal encoder alone; "
	   "kvplan does not model it",
	   "--encoder-only"),
	RS("a language-only server loads no multimodal encoder "
	   "weights; kvplan does not model it",
	   "--language-only"),
	RS("the multimodal encoder's weights are not loaded, their "
	   "memory goes to the KV cache; kvplan does not model it",
	   "--language-model-only"),
	NV("--encoder-transfer-backend"),
	NL("--encoder-urls"),
	NV("--encoder-bootstrap-port"),
	NL("--encoder-register-urls"),
	NS("--enable-adaptive-dispatch-to-encoder"),
	/* PD-Multiplexing */
	NS("--enable-pdmux"),
	NV("--pdmux-config-path"),
	NV("--sm-group-num"),
	/* Weight loading */
	NV("--startup-weight-load-mode"),
	NL("--custom-weight-loader"),
	NS("--weight-loader-disable-mmap"),
	NS("--weight-loader-prefetch-checkpoints"),
	NV("--weight-loader-prefetch-num-threads"),
	NS("--weight-loader-drop-cache-after-load"),
	NV("--remote-instance-weight-loader-seed-instance-ip"),
	NV("--remote-instance-weight-loader-seed-instance-service-port"),
	NV("--remote-instance-weight-loader-send-weights-group-ports"),
	NV("--remote-instance-weight-loader-backend"),
	NS("--remote-instance-weight-loader-start-seed-via-transfer-engine"),
	NV("--engine-info-bootstrap-port"),
	NV("--modelexpress-config"),
	NV("--download-dir"),
	NL("--model-checksum"),
	NS("--delete-ckpt-after-loading"),
	NV("--decrypted-config-file"),
	NV("--decrypted-draft-config-file"),
	NS("--checkpoint-engine-wait-weights-before-ready"),
	/* Prefill delayer */
	NS("--enable-prefill-delayer"),
	NV("--prefill-delayer-max-delay-passes"),
	NV("--prefill-delayer-token-usage-low-watermark"),
	NL("--prefill-delayer-forward-passes-buckets"),
	NL("--prefill-delayer-wait-seconds-buckets"),
	NV("--prefill-delayer-queue-min-ratio"),
	NV("--prefill-delayer-max-delay-ms"),
	NV("--min-free-slots-delay"),
	/* Deterministic inference */
	NS("--enable-deterministic-inference"),
	NV("--rl-on-policy-target"),
	/* KV canary */
	NV("--kv-canary"),
	NV("--kv-canary-real-data"),
	NV("--kv-canary-sweep-interval"),
	/* Dynamic batch tokenizer */
	NS("--enable-dynamic-batch-tokenizer"),
	NV("--dynamic-batch-tokenizer-batch-size"),
	NV("--dynamic-batch-tokenizer-batch-timeout"),
	NS("--enable-tokenizer-batch-encode"),
	NS("--disable-tokenizer-batch-decode"),
	/* Debug tensor dumps */
	NV("--debug-tensor-dump-output-folder"),
	NL("--debug-tensor-dump-layers"),
	NV("--debug-tensor-dump-input-file"),
	/* Misc runtime features */
	NS("--enable-memory-saver"),
	NS("--enable-weights-cpu-backup"),
	NS("--enable-draft-weights-cpu-backup"),
	NS("--enable-custom-logit-processor"),
	NS("--enable-return-hidden-states"),
	NV("--return-hidden-states-mode"),
	NS("--enable-return-routed-experts"),
	NS("--enable-return-indexer-topk"),
	NS("--disable-outlines-disk-cache"),
	NS("--enable-mis"),
	/* Weight cache */
	RV("the weight cache daemon holds the weights in device memory "
	   "of its own; kvplan does not model it",
	   "--weight-cache-mode"),
	NV("--weight-cache-socket"),
	NV("--weight-cache-timeout"),
	/* Hooks */
	NV("--forward-hooks"),
	NV("--msprobe-dump-config"),
	/* add_cli_args: manual registrations */
	NV("--reasoning-parser"),
	NV("--tool-call-parser"),
	NV("--config"),
	NS("--enable-expert-distribution-metrics"),
	NS("--stream-output"),
	NS("--prefill-round-robin-balance"),
	NS("--collect-tokens-histogram"),
	NV("--nsa-prefill-backend"),
	NV("--nsa-decode-backend"),
	NV("--speculative-dflash-draft-window-size"),
	RV("the deprecated name of --mamba-radix-cache-strategy: its "
	   "extra buffers change the Mamba state pool; kvplan models "
	   "the default strategy",
	   "--mamba-scheduler-strategy"),
	RL("SGLang takes its largest size as cuda_graph_max_bs, which "
	   "enters the default mem_fraction_static from 0.5.4; give "
	   "--cuda-graph-max-bs N (the largest size) or --mem-fraction-static",
	   "--cuda-graph-bs"),
	NS("--disable-cuda-graph"),
	NS("--enable-breakable-cuda-graph"),
	NS("--disable-piecewise-cuda-graph"),
	NS("--enforce-piecewise-cuda-graph"),
	RL("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--piecewise-cuda-graph-tokens"),
	NV("--piecewise-cuda-graph-compiler"),
	RV("the CUDA graphs' capture sizes enter the default "
	   "mem_fraction_static from 0.5.4 (decode 2 MiB a request of its "
	   "largest size, prefill 8 MiB a size); kvplan reads "
	   "--cuda-graph-max-bs and counts the default prefill sizes: give "
	   "those or --mem-fraction-static",
	   "--piecewise-cuda-graph-max-tokens"),
	RS("the deprecated name of --enable-prefill-cp: prefill "
	   "context parallelism splits the sequence over ranks; kvplan "
	   "does not model it",
	   "--enable-dsa-prefill-context-parallel"),
	RS("the deprecated name of --enable-prefill-cp: prefill "
	   "context parallelism splits the sequence over ranks; kvplan "
	   "does not model it",
	   "--enable-nsa-prefill-context-parallel"),
	RS("the deprecated name of --enable-linear-replayssm-spec: a "
	   "raw-input window per request slot; kvplan does not model "
	   "it",
	   "--enable-gdn-replayssm-spec"),
	RS("the deprecated name of --enable-prefill-cp: prefill "
	   "context parallelism splits the sequence over ranks; kvplan "
	   "does not model it",
	   "--enable-prefill-context-parallel"),
	NV("--dsa-prefill-cp-mode"),
	NV("--nsa-prefill-cp-mode"),
	NV("--prefill-cp-mode"),
	NS("--enable-flashinfer-allreduce-fusion"),
};

const struct kvp_launch_engine kvp_launch_sglang = {
	"sglang", "python -m sglang.launch_server", KVP_ENGINE_SGLANG,
	"main@001067ff", SRC, rows, sizeof rows / sizeof rows[0],
	"--model-path", false, false, false
};
