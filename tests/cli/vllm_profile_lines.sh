#!/bin/sh
# vllm_profile_lines.sh - reconcile reads vLLM's memory-profiling lines
# (io/logs/log_parse.c vl_words[], a row per wording with its releases)
# and says which term of the plan was off and by how much (issue 32,
# item 7). The log is the eight lines of a real vLLM 0.19.0 start-up
# (llm-d-planner@d3121e05 meta-llama-llama-3-1-8b---h100-80gb--tp1pp1dp1
# --8192.log, kept in tests/data/vllm_startups/lines.tsv). Worked by hand:
#   "torch peak memory increase: 1.89GiB"  activation peak 2,029,372,047 B
#   "non-torch forward increase memory: 0.25GiB"  non-torch 268,435,456 B,
#     not the init snapshot's "non_torch_memory=0.51GiB" (the CUDA context
#     before profiling, which vLLM does not subtract)
#   "Estimated CUDA graph memory: 0.84 GiB"  901,943,132 B
#   the plan's non-torch for TP 1 is 288 MiB (0.28 GiB): 0.25 - 0.28125 GiB
#     = -0.03 GiB measured, so +0.03 GiB of KV budget
#   under vllm@0.21.0 (graphs come out of the budget) the plan's overheads
#     are 288 + 1,634 MiB = 1.88 GiB against 0.25 + 0.84 = 1.09 GiB: +0.79
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")" && pwd)
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kvplan-prof.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
grep "^meta-llama-llama-3-1-8b---h100-80gb--tp1pp1dp1--8192	" \
	"$here/../data/vllm_startups/lines.tsv" | cut -f2 >"$tmp/log"
rec() {
	"$KVPLAN" reconcile "$tmp/log" --model llama-3.1-8b --card h100-80gb-sxm \
		--max-model-len 8192 --gpu-memory-utilization 0.95 "$@" 2>&1
}
out=$(rec --engine vllm@0.19.0)
case $out in *"activation peak "*" 2,029,372,047 +-"*) ok "torch peak increase read as the activation peak";;
	*) no "activation peak: $out";; esac
case $out in *"non-torch memory "*" 268,435,456 +-"*) ok "non-torch forward increase read";;
	*) no "non-torch: $out";; esac
case $out in *"547,608,330"*) no "the init snapshot's non_torch_memory was read as the increase";;
	*) ok "the init snapshot's non_torch_memory is not the increase";; esac
case $out in *"CUDA graph estimate "*" 901,943,132 +-"*) ok "the CUDA graph estimate is read";;
	*) no "graph estimate: $out";; esac
case $out in *"not understood"*"Memory profiling takes"*) no "the profiling line is not understood";;
	*) ok "no profiling line left unread";; esac
case $out in *"non-torch memory (the plan's overheads) 0.28 GiB planned, 0.25 GiB measured (+0.03 GiB of budget"*)
	ok "0.19.0: the explanation names non-torch memory, +0.03 GiB";;
	*) no "0.19 explanation: $out";; esac
out=$(rec --engine vllm@0.21.0)
case $out in *"non-torch + CUDA graph memory (the plan's overheads) 1.88 GiB planned, 1.09 GiB measured (+0.79 GiB of budget"*)
	ok "0.21.0: graphs join non-torch memory, +0.79 GiB";;
	*) no "0.21 explanation: $out";; esac
# a later release's one-line form, as vLLM issue #57475 quotes it (vLLM
# 0.29.1rc1): the tokens, and the max_model_len of its concurrency half
printf '%s\n' "INFO  [kv_cache_utils.py]  GPU KV cache size: 150,745 tokens, Maximum concurrency for 124,000 tokens" >"$tmp/one"
out=$("$KVPLAN" reconcile "$tmp/one" --engine vllm 2>&1)
case $out in *"settings stated in the log: max_model_len=124000"*"tokens in pool"*"150,745"*)
	ok "tokens and max_model_len from one line (vLLM issue #57475)";;
	*) no "one-line form: $out";; esac
exit $fail
