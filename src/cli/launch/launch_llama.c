/*
 * launch_llama.c - the llama.cpp flags kvplan models or refuses, as
 * llama-server and llama-cli take them in llama.cpp v0.5.0 (common/arg.cpp
 * of the source shipped with npm's node-llama-cpp 3.22.1, squashed commit
 * de3ff815, 2026-09-28; the line of each option is given). Every other
 * flag of that file is in launch_llama_known.c and is listed as not
 * modelled.
 */
#include "cli/launch/launch_tab.h"

#define ARG(line) "common/arg.cpp@de3ff815:" #line
#define MV(line, to, conv, ...) { { __VA_ARGS__ }, true, false, to, conv, NULL, ARG(line), false }
#define MS(line, to, ...) { { __VA_ARGS__ }, false, false, to, LF_SAME, NULL, ARG(line), false }
#define RV(line, why, ...) { { __VA_ARGS__ }, true, false, NULL, LF_SAME, why, ARG(line), false }
#define RS(line, why, ...) { { __VA_ARGS__ }, false, false, NULL, LF_SAME, why, ARG(line), false }

static const struct kvp_launch_flag rows[] = {
	MV(3031, "model", LF_MODEL, "-m", "--model"),
	MV(3056, "model", LF_HF, "-hf", "-hfr", "--hf-repo"),
	MV(1636, "ctx-size", LF_SAME, "-c", "--ctx-size"),
	MV(2541, "parallel", LF_NP, "-np", "--parallel"),
	MS(1721, "kv-unified", "-kvu", "--kv-unified"),
	MS(1722, "no-kv-unified", "-no-kvu", "--no-kv-unified"),
	MV(1666, "batch-size", LF_SAME, "-b", "--batch-size"),
	MV(1673, "ubatch-size", LF_SAME, "-ub", "--ubatch-size"),
	MV(1751, "flash-attn", LF_FA, "-fa", "--flash-attn"),
	MV(2434, "cache-type-k", LF_SAME, "-ctk", "--cache-type-k"),
	MV(2447, "cache-type-v", LF_SAME, "-ctv", "--cache-type-v"),
	MS(1687, "swa-full", "--swa-full"),
	MV(2785, "n-gpu-layers", LF_NGL, "-ngl", "--gpu-layers", "--n-gpu-layers"),
	MV(2763, "n-cpu-moe", LF_SAME, "-ncmoe", "--n-cpu-moe"),
	MV(2951, "lora", LF_SAME, "--lora"),
	MV(2575, "mmproj", LF_SAME, "-mm", "--mmproj"),
	MS(2598, "mmproj-offload", "--mmproj-offload"),
	MS(2599, "no-mmproj-offload", "--no-mmproj-offload"),
	MV(2750, "override-tensor", LF_SAME, "-ot", "--override-tensor"),
	MV(4237, "model-draft", LF_SAME, "--spec-draft-model", "-md", "--model-draft"),
	MV(4218, "n-gpu-layers-draft", LF_NGL, "--spec-draft-ngl", "-ngld",
	   "--gpu-layers-draft", "--n-gpu-layers-draft"),
	MV(4086, "cache-type-k-draft", LF_SAME, "--spec-draft-type-k", "-ctkd",
	   "--cache-type-k-draft"),
	MV(4099, "cache-type-v-draft", LF_SAME, "--spec-draft-type-v", "-ctvd",
	   "--cache-type-v-draft"),
	MV(4136, "draft-max", LF_SAME, "--spec-draft-n-max"),
	MS(3473, "embeddings", "--embedding", "--embeddings"),
	MV(1695, "ctx-checkpoints", LF_CTXCP, "-ctxcp", "--ctx-checkpoints",
	   "--swa-checkpoints"),

	RS(2412, "the KV cache then stays in host memory; kvplan does not "
	   "model it", "-nkvo", "--no-kv-offload"),
	RV(2803, "kvplan places whole layers per device (llama.cpp's default "
	   "-sm layer); leave it out", "-sm", "--split-mode"),
	RV(2827, "kvplan splits layers evenly over the devices; give "
	   "kvplan's --pp-layers for an uneven split", "-ts", "--tensor-split"),
	RS(2756, "give -ncmoe N with the model's layer count instead", "-cmoe",
	   "--cpu-moe"),
	RV(1647, "kvplan does not model a per-slot pool; give -c", 
	   "--kv-unified-per-slot"),
	RV(2734, "the devices come from kvplan's --card NAMExN", "-dev",
	   "--device"),
	/* removed in this build: llama.cpp stops with "the argument has
	 * been removed" (arg_removed, common/arg.cpp:343) */
	RV(4383, "removed: use --spec-draft-n-max or --spec-ngram-mod-n-max",
	   "--draft", "--draft-n", "--draft-max"),
	RV(4390, "removed: use --spec-draft-n-min or --spec-ngram-mod-n-min",
	   "--draft-min", "--draft-n-min"),
};

const struct kvp_launch_engine kvp_launch_llama_server = {
	"llama-server", "llama-server", KVP_ENGINE_LLAMACPP,
	"v0.5.0 (node-llama-cpp 3.22.1)", "common/arg.cpp@de3ff815", rows,
	sizeof rows / sizeof rows[0], "-m", false, true, false
};

const struct kvp_launch_engine kvp_launch_llama_cli = {
	"llama-cli", "llama-cli", KVP_ENGINE_LLAMACPP,
	"v0.5.0 (node-llama-cpp 3.22.1)", "common/arg.cpp@de3ff815", rows,
	sizeof rows / sizeof rows[0], "-m", false, true, true
};
