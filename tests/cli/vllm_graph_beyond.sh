#!/bin/sh
# vllm_graph_beyond.sh - vLLM's CUDA graph estimate where it comes out
# larger than the 0.19.0 corpus's constant (src/core/engines/vllm/
# vllm_profile.c vl_graph_beyond[]; era row KVP_ERA_VLLM_GRAPH_TRANSIENT,
# 0.26.0). The figures are worked by hand below from the public logs the
# rows name; each pair shows the release or the layout that changes it.
. "$(dirname "$0")/calc_lib.inc"

H="--card h100-80gb-sxm --max-model-len 32768"

# A model with gated DeltaNet layers (Qwen3.5-27B: 48 of its 64 layers),
# TP 1 on an H100 SXM, overhead_bytes = non-torch 288 MiB + the graph
# row 1,634 MiB (graph_bound is not taken for recurrent layers), and from
# 0.26.0 the transient vLLM issue #50780 measures, 128 KiB per batched
# token:
#   0.25.0:                  (288 + 1,634) MiB          = 2,015,363,072
#   0.26.0,  8,192 tokens:   + 8,192 x 131,072 = 1 GiB  = 3,089,104,896
#   0.26.0, 16,384 tokens:   + 2 GiB                    = 4,162,846,720
Q="--model qwen3.5-27b $H"
is "GDN hybrid 0.25.0: the row alone" 2015363072 overhead_bytes \
	--engine vllm@0.25.0 $Q --max-num-batched-tokens 8192
is "GDN hybrid 0.26.0 at 8,192 tokens: + 1 GiB (#50780)" 3089104896 \
	overhead_bytes --engine vllm@0.26.0 $Q --max-num-batched-tokens 8192
is "GDN hybrid 0.26.0 at 16,384 tokens: + 2 GiB" 4162846720 \
	overhead_bytes --engine vllm@0.26.0 $Q --max-num-batched-tokens 16384
# Issue #50722 prints 2.22 GiB (2,273 MiB) in all for Qwen3.5-35B-A3B at
# TP 4; kvplan's graph term there is 1,968 + 1,024 MiB, its overhead
# (2,273 MiB non-torch + 64 MiB load slack beside it) = 5,329 MiB
#   = 5,587,861,504
is "Qwen3.5-35B-A3B TP 4 at 8,192 tokens" 5587861504 overhead_bytes \
	--engine vllm@0.26.0 --model qwen3.5-35b-a3b $H --tp 4 \
	--max-num-batched-tokens 8192
# A dense model is not in the class: 0.26.0 = 0.25.0 (1,922 MiB)
is "dense 0.26.0: the row alone" 2015363072 overhead_bytes \
	--engine vllm@0.26.0 --model llama-3.1-8b $H --max-num-batched-tokens 8192

# A MoE model under data parallelism: no safe figure from 0.21.0
# (#45178: 62.0 GiB a GPU on a B200; #53013: 118.65 GiB on a GB300)
bad "MoE at DP 2, 0.21.0: refused naming devices.dp" \
	"devices.dp: 2 - vLLM 0.21.0 subtracts its CUDA graph estimate" \
	calc --model qwen3-30b-a3b --engine vllm@0.21.0 --card h100-80gb-sxmx2 --dp 2
bad "MoE hybrid at DP 2, 0.28.0: the refusal before the transient" \
	"devices.dp: 2 - vLLM 0.28.0" \
	calc --model qwen3.5-35b-a3b --engine vllm@0.28.0 --card h100-80gb-sxmx2 --dp 2
# before 0.21.0 vLLM does not subtract it; a dense model at DP 2 and a
# MoE model at DP 1 are not refused
"$KVPLAN" calc --model qwen3-30b-a3b --engine vllm@0.19.0 --card h100-80gb-sxmx2 \
	--dp 2 >/dev/null 2>"$TMP/e" &&
	ok "MoE at DP 2, 0.19.0: planned" || notok "MoE 0.19.0 DP 2: $(cat "$TMP/e")"
"$KVPLAN" calc --model llama-3.1-8b --engine vllm@0.21.0 --card h100-80gb-sxmx2 \
	--dp 2 >/dev/null 2>"$TMP/e" &&
	ok "dense at DP 2: planned" || notok "dense DP 2: $(cat "$TMP/e")"
"$KVPLAN" calc --model qwen3-30b-a3b --engine vllm@0.21.0 --card h100 \
	>/dev/null 2>"$TMP/e" &&
	ok "MoE at DP 1: planned" || notok "MoE DP 1: $(cat "$TMP/e")"
# measured overheads given: vLLM's own terms are not taken, not refused
"$KVPLAN" calc --model qwen3-30b-a3b --engine vllm@0.21.0 --card h100-80gb-sxmx2 \
	--dp 2 --overhead graphs=2GiB --no-default-overheads >/dev/null 2>"$TMP/e" &&
	ok "MoE at DP 2 with a measured overhead: planned" ||
	notok "MoE DP 2 --overhead: $(cat "$TMP/e")"
[ "$fails" -eq 0 ]
