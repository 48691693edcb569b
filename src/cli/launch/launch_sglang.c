/*
 * launch_sglang.c - SGLang's flags as `python -m sglang.launch_server`
 * (and `sglang serve`) take them, read in python/sglang/srt/server_args.py
 * at commit 001067fffe33 (ServerArgs: each field's flag is its name with
 * dashes, plus the Arg(aliases=...) it lists; a bool field is a switch).
 * argparse's prefix matching makes --tp and --dp mean --tp-size and
 * --dp-size (no other field starts tp_ or dp_ there); they are rows here.
 * The memory, parallelism and Mamba rows were checked against the file
 * at that commit (search index file 61620183500: Memory and scheduling,
 * Distributed topology and parallelism, Expert parallelism, Mamba cache
 * sections; tests/data/launch/sglang-001067ff.flags names them).
 */
#include "cli/launch/launch_tab.h"

#define SRC "python/sglang/srt/server_args.py@001067ff"
#define MV(to, conv, ...) { { __VA_ARGS__ }, true, false, to, conv, NULL, SRC }
#define MS(to, ...) { { __VA_ARGS__ }, false, false, to, LF_SAME, NULL, SRC }
#define NV(...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, NULL, SRC }
#define NS(...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, NULL, SRC }
#define RV(why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, SRC }
#define RS(why, ...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, why, SRC }

static const struct kvp_launch_flag rows[] = {
	MV("model", LF_MODEL, "--model-path", "--model"),
	MV("tp", LF_SAME, "--tp-size", "--tensor-parallel-size", "--tp"),
	MV("pp", LF_SAME, "--pp-size", "--pipeline-parallel-size"),
	MV("dp", LF_SAME, "--dp-size", "--data-parallel-size", "--dp"),
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

	RS("DP attention splits the KV cache by data-parallel rank; kvplan "
	   "does not model it", "--enable-dp-attention"),
	RV("give kvplan's --speculative-method and --speculative-model",
	   "--speculative-algorithm"),
	RV("it changes the model's configuration; give the changed config.json "
	   "to kvplan's --model", "--json-model-override-args"),
	RV("expert parallelism spreads the routed experts over the ranks; "
	   "kvplan does not model it", "--ep-size", "--expert-parallel-size",
	   "--ep"),
	/* server_args.py@001067ff, Distributed topology and parallelism:
	 * dcp_size, attn_cp_size, moe_dp_size with their aliases */
	RV("decode context parallelism splits the KV cache; kvplan does not "
	   "model it", "--dcp-size", "--decode-context-parallel-size"),
	RV("attention context parallelism splits the KV cache; kvplan does "
	   "not model it", "--attn-cp-size", "--attention-context-parallel-size"),
	RS("prefill context parallelism splits the sequence over ranks; "
	   "kvplan does not model it", "--enable-prefill-cp"),
	RS("the DSA KV and indexer cache layers are split over the context-"
	   "parallel ranks; kvplan does not model it",
	   "--enable-dsa-cache-layer-split"),
	RV("MoE data parallelism changes the expert weights a rank holds; "
	   "kvplan does not model it", "--moe-dp-size", "--moe-data-parallel-size"),
	RV("it changes the dense MLP weights a rank holds; kvplan does not "
	   "model it", "--moe-dense-tp-size"),
	RV("redundant experts are held on each rank; kvplan does not model it",
	   "--ep-num-redundant-experts"),
	/* Memory and scheduling, Mamba cache */
	RS("one buffer split between the full, SWA and Mamba pools as they "
	   "fill; kvplan models the static pools", "--enable-unified-memory"),
	RS("int8 Mamba checkpoints are a pool of their own; kvplan does not "
	   "model it", "--enable-int8-mamba-checkpoint"),
	RV("int8 Mamba checkpoints are a pool of their own; kvplan does not "
	   "model it", "--int8-mamba-ckpt-size"),
	RV("its extra buffers change the Mamba state pool; kvplan models the "
	   "default strategy", "--mamba-radix-cache-strategy"),

	NV("--tokenizer-path"), NV("--tokenizer-mode"), NV("--load-format"),
	NS("--trust-remote-code"), NV("--dtype"), NV("--revision"),
	NV("--host"), NV("--port"), NV("--served-model-name"),
	NV("--chat-template"), NV("--log-level"), NV("--reasoning-parser"),
	NV("--tool-call-parser"), NV("--api-key"), NV("--random-seed"),
	NV("--chunked-prefill-size"), NV("--max-prefill-tokens"),
	NV("--schedule-policy"), NV("--schedule-conservativeness"),
	NV("--cuda-graph-max-bs"), NS("--disable-cuda-graph"),
	NV("--attention-backend"), NS("--disable-radix-cache"),
	NS("--enable-torch-compile"), NV("--torch-compile-max-bs"),
	NV("--nnodes"), NV("--node-rank"),
	NV("--dist-init-addr", "--nccl-init-addr"), NS("--enable-metrics"), NS("--is-embedding"),
	NS("--enable-multimodal"), NV("--grammar-backend"),
	NV("--max-queued-requests"), NS("--skip-tokenizer-init"),
	NS("--enable-mixed-chunk"), NV("--watchdog-timeout"),
	NV("--stream-interval"), NV("--decode-log-interval"),
	/* server_args.py@001067ff: model, scheduling, topology, device and
	 * Mamba fields that move no memory figure kvplan shows */
	NV("--tokenizer-backend"), NV("--tokenizer-worker-num"),
	NV("--detokenizer-worker-num"), NV("--model-impl"),
	NV("--quantization-param-path"), NS("--enable-tf32-matmul"),
	NV("--prefill-decode-interval"), NS("--enable-priority-scheduling"),
	NV("--retraction-policy"), NV("--radix-eviction-policy"),
	NV("--num-continuous-decode-steps"), NV("--scheduler-recv-interval"),
	NV("--nccl-port"), NV("--dist-timeout"), NV("--load-balance-method"),
	NV("--device"), NV("--base-gpu-id"), NV("--gpu-id-step"),
	NV("--mamba-track-interval"),
	/* --disable-overlap: argparse's prefix abbreviation of it (seen in
	 * github.com/Agent-RL/ReCall/issues/43) */
	NS("--disable-overlap-schedule", "--disable-overlap"),
};

const struct kvp_launch_engine kvp_launch_sglang = {
	"sglang", "python -m sglang.launch_server", KVP_ENGINE_SGLANG,
	"main@001067ff", SRC, rows, sizeof rows / sizeof rows[0],
	"--model-path", false, false, false
};
