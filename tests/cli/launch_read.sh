#!/bin/sh
# launch_read.sh - reading an engine's launch command (-- PROGRAM ...,
# --launch FILE, --env) and writing one (calc --emit): the refusals, the
# word rules of a --launch file, the environment, and settings that have
# no flag in the engine's table.
. "$(dirname "$0")/calc_lib.inc"
# the engine's environment is kvplan's: none of its device variables here
unset CUDA_VISIBLE_DEVICES HIP_VISIBLE_DEVICES ROCR_VISIBLE_DEVICES VLLM_USE_V1
M="--model llama-3.1-8b --card h100"

# emitted command as one line, comments dropped
emit_line() { grep -v '^#' "$TMP/out" | tr -d '\\\n' | tr -s ' '; }
emits() {
	name=$1; expect=$2; shift 2
	"$KVPLAN" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	got=$(emit_line)
	[ "$rc" -eq 0 ] && [ "$got" = "$expect" ] && ok "$name" ||
		notok "$name: rc=$rc '$got' $(cat "$TMP/err")"
}

# the engine's own refusals
bad "vllm: unknown flag" "vllm serve: error: unrecognized arguments: --foo" calc $M -- vllm serve x --foo
bad "vllm: a second model" "unrecognized arguments: y" calc $M -- vllm serve x y
bad "vllm: missing value" "argument --max-model-len: expected one argument" calc $M -- vllm serve x --max-model-len
bad "vllm: switch with a value" "ignored explicit argument 'yes'" calc $M -- vllm serve x --enforce-eager=yes
bad "llama-server: unknown flag" "llama-server: error: invalid argument: --foo" calc $M -- llama-server -m x --foo
bad "llama-server: no = form" "invalid argument: --ctx-size=4096" calc $M -- llama-server -m x --ctx-size=4096
bad "llama-server: a removed flag" "--draft-max: error: the argument has been removed. use --spec-draft-n-max" calc $M -- llama-server -m x --draft-max 8
bad "llama-cli: no -kvu" "llama-cli: error: invalid argument: -kvu" calc $M -- llama-cli -m x -kvu
bad "sglang: unknown flag" "error: unrecognized arguments: --foo" calc $M -- python -m sglang.launch_server --model-path x --foo
# SGLang's own flags of server_args.py@001067ff that split the KV cache or
# the weights: refused by reason, not as unknown
bad "sglang: --dcp-size" "--dcp-size: not modelled by kvplan - decode context parallelism splits the KV cache" calc $M -- python -m sglang.launch_server --model-path x --dcp-size 2
bad "sglang: --ep (ep_size's alias)" "--ep: not modelled by kvplan - expert parallelism" calc $M -- python -m sglang.launch_server --model-path x --ep 2
bad "sglang: --moe-data-parallel-size" "--moe-data-parallel-size: not modelled by kvplan - MoE data parallelism" calc $M -- python -m sglang.launch_server --model-path x --moe-data-parallel-size 2
# kvplan's own refusals
bad "not a launch command" "'ollama': not a launch command kvplan reads" calc $M -- ollama serve
bad "trtllm-serve: unknown flag" "trtllm-serve: Error: No such option: --foo" calc $M -- trtllm-serve x --foo
bad "trtllm-serve: --tp-size is not --tp_size" "No such option: --tp-size" calc $M -- trtllm-serve x --tp-size 2
bad "trtllm-serve: expert parallel" "--ep_size: not modelled by kvplan" calc $M -- trtllm-serve x --ep_size 2
bad "trtllm-serve: TensorRT engine backend" "--backend tensorrt: not modelled by kvplan" calc $M -- trtllm-serve x --backend tensorrt
printf 'kv_cache_config:\n  free_gpu_memory_fraction: 0.5\nfoo: 1\n' >"$TMP/extra.yml"
bad "YAML: a key the LLM API forbids" "foo: Extra inputs are not permitted" calc $M -- trtllm-serve x --extra_llm_api_options "$TMP/extra.yml"
printf 'kv_cache_config:\n  dtype: nvfp4\n' >"$TMP/extra.yml"
bad "YAML: a cache format kvplan does not model" "kv_cache_config.dtype: 'nvfp4' - not a cache format" calc $M -- trtllm-serve x --extra_llm_api_options "$TMP/extra.yml"
printf 'enable_attention_dp: true\n' >"$TMP/extra.yml"
bad "YAML: attention DP" "enable_attention_dp: true - not modelled by kvplan" calc $M -- trtllm-serve x --extra_llm_api_options "$TMP/extra.yml"
printf 'base: &b\n  a: 1\n' >"$TMP/extra.yml"
bad "YAML: anchors" "anchors, aliases, tags and block scalars are not read" calc $M -- trtllm-serve x --extra_llm_api_options "$TMP/extra.yml"
printf '# a comment\nkv_cache_config:\n  free_gpu_memory_fraction: "0.5"  # quoted\n  tokens_per_block: 64\n  dtype: fp8\n  max_attention_window:\n' >"$TMP/extra.yml"
bad "YAML: a null window is still a window key" "kv_cache_config.max_attention_window" calc $M -- trtllm-serve x --extra_llm_api_options "$TMP/extra.yml"
printf '# a comment\nkv_cache_config:\n  free_gpu_memory_fraction: "0.5"  # quoted\n  tokens_per_block: 64\n  dtype: fp8\ncuda_graph_config:\n  batch_sizes:\n  - 1\n  - 2\ntensor_parallel_size: 2\n' >"$TMP/extra.yml"
"$KVPLAN" calc $M --emit trtllm-serve -- trtllm-serve x --backend pytorch --extra_llm_api_options "$TMP/extra.yml" >"$TMP/out" 2>"$TMP/err"
printf '%s\n' "cat > extra_llm_api_options.yaml <<'EOF'" "kv_cache_config:" "  tokens_per_block: 64" "  dtype: fp8" "EOF" \
	"trtllm-serve meta-llama/Llama-3.1-8B \\" "  --tp_size 2 \\" "  --kv_cache_free_gpu_memory_fraction 0.5 \\" \
	"  --max_seq_len 131072 \\" "  --extra_llm_api_options extra_llm_api_options.yaml" >"$TMP/want"
grep -v '^#' "$TMP/out" | cmp -s - "$TMP/want" && ok "trtllm-serve: YAML read, and written back as a here-document" ||
	notok "trtllm emit: $(cat "$TMP/out" "$TMP/err")"
bad "memory flag not modelled" "llama-server -nkvo: not modelled by kvplan" calc $M -- llama-server -m x -nkvo
bad "-ngl auto" "-ngl auto: llama.cpp fits the layers" calc $M -- llama-server -m x -ngl auto
bad "-hf with a quant" "-hf org/name:Q4_K_M: kvplan does not fetch" calc --card h100 -- llama-server -hf org/name:Q4_K_M
bad "vllm online fp8" "--quantization fp8: quantizes a 16-bit checkpoint" calc $M -- vllm serve x --quantization fp8
bad "vllm kv format" "--kv-cache-dtype: 'fp8_inc' - not a cache format" calc $M -- vllm serve x --kv-cache-dtype fp8_inc
bad "LLAMA_ARG_ env" "LLAMA_ARG_CTX_SIZE: llama.cpp reads it as a flag" calc $M -- LLAMA_ARG_CTX_SIZE=4096 llama-server -m x
# VLLM_USE_V1 is engine.vllm.use_v1: =0 runs V0 in 0.8.0-0.10.x and is
# refused where vLLM has no V0 (the current release); not 0 or 1: refused
bad "VLLM_USE_V1=0 at the current release" "engine.vllm.use_v1: off - vLLM at the current release has no V0 engine" calc $M -- VLLM_USE_V1=0 vllm serve x
bad "VLLM_USE_V1=2" "VLLM_USE_V1=2: expected 0 or 1" calc $M -- VLLM_USE_V1=2 vllm serve x
bad "no device" "CUDA_VISIBLE_DEVICES: '' - no device" calc $M -- CUDA_VISIBLE_DEVICES= vllm serve x
bad "--env alone" "--env: 'A=1' - given without a launch command" calc $M --env A=1
bad "--env shape" "--env: 'A' - expected NAME=VALUE" calc $M --env A -- vllm serve x
bad "engine conflict" "--engine: 'sglang' - the launch command is vllm's" calc $M --engine sglang -- vllm serve x
bad "emit engine" "--emit: 'sglang' - the plan's engine is vllm" calc $M --emit sglang -- vllm serve x
bad "emit name" "--emit: 'tgi' - expected vllm" calc $M --engine vllm --emit tgi
bad "emit is calc's and solve's" "--emit: a calc and solve option" fit $M --emit vllm -- vllm serve x
bad "a value kvplan's parser refuses" "--gpu-memory-utilization" calc $M -- vllm serve x --gpu-memory-utilization 1.5

HF_HUB_CACHE=$TMP/empty-cache bad "the command's model unknown" "the launch command's model: someorg/SomeModel-7B: not a model preset" calc --card h100 -- vllm serve someorg/SomeModel-7B
HF_HUB_CACHE=$TMP/empty-cache bad "--model of one's own: its own error" "--model: someorg/Other: not a model preset" calc --card h100 --model someorg/Other -- vllm serve x

# what is read: spellings and the environment
emits "vllm: --x_y and -x=V" "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 2 --max-model-len 4096" \
	calc $M --emit vllm -- vllm serve x -tp=2 --max_model_len 4096
emits "vllm: --no-X of a boolean" "vllm serve meta-llama/Llama-3.1-8B --no-enable-prefix-caching" \
	calc $M --emit vllm -- vllm serve x --no-enable-prefix-caching
emits "the user's flags win" "vllm serve meta-llama/Llama-3.1-8B --max-model-len 8192" \
	calc $M --max-model-len 8192 --emit vllm -- vllm serve x --max-model-len 4096
emits "llama-server -np 2 is not unified" "llama-server -hf meta-llama/Llama-3.1-8B -np 2 -ngl all" \
	calc $M --emit llama-server -- llama-server -m x -np 2
emits "llama-server -np 2 -kvu" "llama-server -hf meta-llama/Llama-3.1-8B -np 2 -kvu -ngl all" \
	calc $M --emit llama-server -- llama-server -m x -kvu -np 2
emits "sglang: fp8 cache" "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B --kv-cache-dtype fp8_e4m3" \
	calc $M --emit sglang -- python -m sglang.launch_server --model-path x --kv-cache-dtype fp8_e5m2

"$KVPLAN" calc $M --format json --env CUDA_VISIBLE_DEVICES=0,1,2,3 -- vllm serve x -tp 4 >"$TMP/rec" 2>"$TMP/err"
grep -q '"count":	4' "$TMP/rec" && ok "CUDA_VISIBLE_DEVICES=0,1,2,3: 4 cards" || notok "card count: $(cat "$TMP/err")"

CUDA_VISIBLE_DEVICES=0,1,2,3 "$KVPLAN" calc $M --format json -- vllm serve x -tp 4 >"$TMP/rec" 2>"$TMP/err"
grep -q '"count":	4' "$TMP/rec" && grep -q 'environment: CUDA_VISIBLE_DEVICES=0,1,2,3 (kvplan.s own' "$TMP/rec" &&
	ok "kvplan's own CUDA_VISIBLE_DEVICES: 4 cards, noted" || notok "own environment: $(cat "$TMP/err")"
CUDA_VISIBLE_DEVICES=0,1,2 "$KVPLAN" calc $M --format json --env CUDA_VISIBLE_DEVICES=0,1 -- vllm serve x -tp 2 >"$TMP/rec" 2>"$TMP/err"
grep -q '"count":	2' "$TMP/rec" && ok "--env wins over kvplan's environment" || notok "--env over environment: $(cat "$TMP/err")"
VLLM_USE_V1=0 "$KVPLAN" calc $M -- vllm serve x >/dev/null 2>"$TMP/err"
grep -q "engine.vllm.use_v1: off - vLLM at the current release has no V0" "$TMP/err" && ok "kvplan's own VLLM_USE_V1=0 refused at the current release" || notok "VLLM_USE_V1 env: $(cat "$TMP/err")"
# 0.9.2 on an H100 runs V1 by itself; VLLM_USE_V1=0 runs V0, which prints
# its blocks (vl_lines.c), not V1's token count
VLLM_USE_V1=0 "$KVPLAN" calc $M --engine vllm@0.9.2 --format json -- vllm serve x >"$TMP/rec" 2>"$TMP/err"
grep -q '"use_v1":	"off"' "$TMP/rec" && grep -q '# GPU blocks: ' "$TMP/rec" &&
	ok "VLLM_USE_V1=0 with 0.9.2: V0" || notok "VLLM_USE_V1=0 at 0.9.2: $(cat "$TMP/err")"
"$KVPLAN" calc $M --engine vllm@0.9.2 --format json -- vllm serve x >"$TMP/rec" 2>"$TMP/err"
grep -q 'GPU KV cache size: ' "$TMP/rec" && ! grep -q '# GPU blocks: ' "$TMP/rec" &&
	ok "0.9.2 without VLLM_USE_V1: V1" || notok "0.9.2 V1: $(cat "$TMP/err")"

"$KVPLAN" calc $M --engine vllm@0.19.0 -- vllm serve x >"$TMP/out" 2>&1
grep -q "^note: release 0.19.0: its rules are computed; the command's flags are read as 0.11 (arg_utils.py@99d7eb5d) spells them (kvplan.s one table; the release ranges known checked)" "$TMP/out" &&
	grep -q '^engine  *vllm 0.19.0' "$TMP/out" && ok "a named release: its rules, and the flag table named" ||
	notok "release note: $(grep -e '^note' -e '^engine' "$TMP/out")"

# a flag with a known release range: vLLM PR #36216 removed --swap-space,
# last in 0.17.1 (unslothai/unsloth-zoo#1210); a release named after it
# refuses the flag as its argparse does, 0.17.1 and no release take it
bad "vllm@0.18.0: --swap-space refused" "vllm serve: error: unrecognized arguments: --swap-space (as vllm 0.18.0 refuses it: removed by vLLM PR #36216; last in 0.17.1" calc $M --engine vllm@0.18.0 -- vllm serve x --swap-space 4
bad "vllm@0.19.0: --swap-space refused" "unrecognized arguments: --swap-space (as vllm 0.19.0 refuses it" calc $M --engine vllm@0.19.0 -- vllm serve x --swap-space 4
for r in "--engine vllm@0.17.1" "--engine vllm"; do
	# shellcheck disable=SC2086
	"$KVPLAN" calc $M $r -- vllm serve x --swap-space 4 >"$TMP/out" 2>&1 &&
		grep -q '^note: vllm serve: not modelled by kvplan.*: --swap-space$' "$TMP/out" &&
		ok "$r: --swap-space taken, noted" || notok "$r --swap-space: $(tail -3 "$TMP/out")"
done

# every flag's releases (launch_range.c, evidence in
# tests/data/launch/vllm-releases.tsv): 0.3.1's --kv-cache-dtype had no
# fp8 (vllm#2915), 0.4.2 had no `vllm serve` (its docs' usage is the
# api_server's), and a flag first seen at a later release is refused
# rather than guessed
bad "vllm@0.3.1: --kv-cache-dtype fp8 refused" "error: argument --kv-cache-dtype: invalid choice: 'fp8' (vllm-api-server 0.3.1: in 0.4.2's engine args" calc $M --engine vllm@0.3.1 -- python -m vllm.entrypoints.openai.api_server --model x --kv-cache-dtype fp8
bad "vllm@0.4.2: vllm serve refused" "vllm serve: not known in vllm 0.4.2 (in 0.5.3's engine args" calc $M --engine vllm@0.4.2 -- vllm serve x
bad "vllm@0.10.2: --kv-cache-memory-bytes not known" "not known in vllm 0.10.2 (added by vLLM PR #21489" calc $M --engine vllm@0.10.2 -- vllm serve x --kv-cache-memory-bytes 8589934592
"$KVPLAN" calc $M --engine vllm@0.10.2 --kv-cache-memory-bytes 8589934592 --max-model-len 8192 --max-num-seqs 64 --emit vllm >"$TMP/out" 2>"$TMP/err"
grep -q '^# not written (vllm 0.10.2 has no --kv-cache-memory-bytes: added by vLLM PR #21489' "$TMP/out" &&
	! grep -q '^  --kv-cache-memory-bytes' "$TMP/out" && grep -q '^  --max-num-seqs 64' "$TMP/out" &&
	ok "emit for vllm@0.10.2: --kv-cache-memory-bytes named, not written" || notok "emit 0.10.2: $(cat "$TMP/out" "$TMP/err")"
"$KVPLAN" calc $M --engine vllm@0.12.0 --kv-cache-memory-bytes 8589934592 --max-model-len 8192 --emit vllm >"$TMP/out" 2>"$TMP/err"
grep -q '^  --kv-cache-memory-bytes 8589934592' "$TMP/out" && ok "emit for vllm@0.12.0: --kv-cache-memory-bytes written" ||
	notok "emit 0.12.0: $(cat "$TMP/out" "$TMP/err")"

# each release's own defaults (the budget's, kvp_vllm_release_defaults;
# worked from vllm/engine/arg_utils.py of each line): --emit writes a
# flag only where the plan differs from them, and reading takes a flag's
# absence as them.
# V0 (before 0.8.0): _set_default_args_v0 leaves enable_prefix_caching
# None (off); V1 (_set_default_args_v1) sets it on. A plan that leaves it
# auto runs the release's default and writes no flag; on or off given is
# written where the release's default differs.
emits "vllm@0.7.3: prefix caching auto, not written (V0: off)" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.7.3 --emit vllm
emits "vllm@0.7.3: prefix caching on written (V0: off by default)" \
	"vllm serve meta-llama/Llama-3.1-8B --enable-prefix-caching" calc $M --engine vllm@0.7.3 --enable-prefix-caching --emit vllm
emits "vllm@0.7.3: prefix caching off is the default" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.7.3 --no-enable-prefix-caching --emit vllm
emits "vllm@0.8.0: prefix caching not written (V1: on by default)" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.8.0 --enable-prefix-caching --emit vllm
emits "vllm@0.19.0: prefix caching off written (V1: on by default)" \
	"vllm serve meta-llama/Llama-3.1-8B --no-enable-prefix-caching" calc $M --engine vllm@0.19.0 --no-enable-prefix-caching --emit vllm
emits "vllm@0.7.3: read without the flag, prefix caching is auto" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.7.3 --emit vllm -- vllm serve x
# read: the flag's absence is auto, and the result says what it runs
for c in "0.7.3 false" "0.19.0 true"; do
	set -- $c
	"$KVPLAN" calc $M --engine vllm@$1 --format json -- vllm serve x >"$TMP/out" 2>"$TMP/err"
	grep -q '"enable_prefix_caching":[[:space:]]*"auto"' "$TMP/out" &&
	grep -q "\"prefix_caching\":[[:space:]]*$2," "$TMP/out" &&
	grep -q '"prefix_caching_default":[[:space:]]*true' "$TMP/out" &&
		ok "vllm@$1: the plan read has prefix caching auto, run $2 (the release's)" ||
		notok "$1 read: $(grep prefix_cach "$TMP/out") $(cat "$TMP/err")"
done
"$KVPLAN" calc $M --engine vllm@0.7.3 --format json -- vllm serve x --enable-prefix-caching >"$TMP/out" 2>"$TMP/err"
grep -q '"enable_prefix_caching":[[:space:]]*"on"' "$TMP/out" &&
grep -q '"prefix_caching_default":[[:space:]]*false' "$TMP/out" &&
	ok "vllm@0.7.3: --enable-prefix-caching read as on" ||
	notok "0.7.3 read on: $(grep prefix_cach "$TMP/out") $(cat "$TMP/err")"
# V1 on an H100 (79.19 GiB >= 70 GiB, _set_default_args_v1): the API
# server's max_num_seqs is 1,024, so 256 is written and 1,024 is not
emits "vllm@0.19.0 H100: --max-num-seqs 256 written (default 1024)" \
	"vllm serve meta-llama/Llama-3.1-8B --max-num-seqs 256" calc $M --engine vllm@0.19.0 --max-num-seqs 256 --emit vllm
emits "vllm@0.19.0 H100: --max-num-seqs 1024 is the default" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.19.0 --max-num-seqs 1024 --emit vllm
# an A100 80GB: 1,024 until PR #17885 (0.9.0) gave A100s 256
emits "vllm@0.8.5 A100 80GB: --max-num-seqs 256 written (default 1024)" \
	"vllm serve meta-llama/Llama-3.1-8B --max-num-seqs 256" calc --model llama-3.1-8b --card a100-80gb --engine vllm@0.8.5 --max-num-seqs 256 --emit vllm
emits "vllm@0.9.0 A100 80GB: --max-num-seqs 256 is the default" \
	"vllm serve meta-llama/Llama-3.1-8B" calc --model llama-3.1-8b --card a100-80gb --engine vllm@0.9.0 --max-num-seqs 256 --emit vllm
# V0's max_num_batched_tokens is max(max_model_len, 2048) (no chunked
# prefill below 32K); V1's on an H100 8,192
emits "vllm@0.7.3: 16384 tokens a step is the default at --max-model-len 16384" \
	"vllm serve meta-llama/Llama-3.1-8B --max-model-len 16384" \
	calc $M --engine vllm@0.7.3 --max-model-len 16384 --max-num-batched-tokens 16384 --emit vllm
emits "vllm@0.19.0: 16384 tokens a step written (default 8192)" \
	"vllm serve meta-llama/Llama-3.1-8B --max-model-len 16384 --max-num-batched-tokens 16384" \
	calc $M --engine vllm@0.19.0 --max-model-len 16384 --max-num-batched-tokens 16384 --emit vllm
# gpu_memory_utilization: 0.92 from 0.21.0 (KVP_ERA_VLLM_GRAPH_BUDGET), 0.9 before
emits "vllm@0.21.0: --gpu-memory-utilization 0.9 written (default 0.92)" \
	"vllm serve meta-llama/Llama-3.1-8B --gpu-memory-utilization 0.9" calc $M --engine vllm@0.21.0 --gpu-memory-utilization 0.9 --emit vllm
emits "vllm@0.19.0: --gpu-memory-utilization 0.9 is the default" \
	"vllm serve meta-llama/Llama-3.1-8B" calc $M --engine vllm@0.19.0 --gpu-memory-utilization 0.9 --emit vllm

"$KVPLAN" calc $M --engine vllm@0.10.2 -- vllm serve x --port 80 >"$TMP/out" 2>&1
grep -q "^note: vllm 0.10.2: whether that release has the flags not modelled is not checked" "$TMP/out" &&
	ok "a named vLLM release: the unmodelled flags' releases said unchecked" || notok "unchecked note: $(grep '^note' "$TMP/out")"

# SGLang: every flag of server_args.py@001067ff is known (its data file
# lists them). Memory flags kvplan does not model are refused with why;
# the others are named; a list flag (nargs "+") takes the words up to the
# next flag; a BooleanOptionalAction flag has its --no- form; argparse's
# unique prefixes are taken and an ambiguous one refused as argparse does
S="python -m sglang.launch_server --model-path x"
bad "sglang: --enable-hierarchical-cache refused" "python -m sglang.launch_server --enable-hierarchical-cache: not modelled by kvplan - HiCache adds a host KV pool" calc $M -- $S --enable-hierarchical-cache
bad "sglang: an unknown flag refused" "python -m sglang.launch_server: error: unrecognized arguments: --no-such-flag (as sglang main@001067ff refuses it)" calc $M -- $S --no-such-flag
bad "sglang: an ambiguous prefix refused" "python -m sglang.launch_server: error: ambiguous option: --enable-d could match" calc $M -- $S --enable-d
bad "sglang: --cuda-graph-max-bs-decode refused, its older name asked for" "python -m sglang.launch_server --cuda-graph-max-bs-decode: not modelled by kvplan - its value is cuda_graph_max_bs" calc $M -- $S --cuda-graph-max-bs-decode 64
bad "sglang: a --cuda-graph-bs list refused" "python -m sglang.launch_server --cuda-graph-bs: not modelled by kvplan - SGLang takes its largest size as cuda_graph_max_bs" calc $M -- $S --cuda-graph-bs 1 2 4 8
# shellcheck disable=SC2086
"$KVPLAN" calc $M --card h100x2 --emit sglang -- $S --flashinfer-autotune-skip-ops a b c --tp 2 --no-dllm-fdfo --mem-frac 0.8 >"$TMP/out" 2>&1
grep -q '^  --tp-size 2' "$TMP/out" && grep -q '^  --mem-fraction-static 0.8' "$TMP/out" &&
	ok "sglang: a list flag's words, --no-dllm-fdfo and the prefix --mem-frac read" || notok "sglang list/prefix: $(cat "$TMP/out")"
# SGLang's chunked prefill is off at 0 or less (server_args.py 'if
# self.chunked_prefill_size > 0'): kvplan's -1, its 0 being the default
# shellcheck disable=SC2086
"$KVPLAN" calc $M --emit sglang -- $S --chunked-prefill-size 0 --cuda-graph-max-bs 80 >"$TMP/out" 2>&1
grep -q '^  --chunked-prefill-size -1' "$TMP/out" && grep -q '^  --cuda-graph-max-bs 80' "$TMP/out" &&
	ok "sglang: --chunked-prefill-size 0 read as off (-1), --cuda-graph-max-bs read" || notok "sglang chunked prefill: $(cat "$TMP/out")"
"$KVPLAN" calc $M --card h100x2 -- $S --flashinfer-autotune-skip-ops a b c --tp 2 --no-dllm-fdfo >"$TMP/out" 2>&1
grep -q '^note: python -m sglang.launch_server: not modelled by kvplan (no memory figure kvplan shows depends on them): --flashinfer-autotune-skip-ops, --no-dllm-fdfo$' "$TMP/out" &&
	ok "sglang: the unmodelled flags named" || notok "sglang notes: $(grep '^note' "$TMP/out")"

# settings the engine's table has no flag for are named, not dropped
"$KVPLAN" calc $M --engine vllm --speculative-method ngram --num-speculative-tokens 3 --emit vllm >"$TMP/out" 2>"$TMP/err"
grep -q '^# not written (vllm serve has no flag for it in kvplan.s table): engine.vllm.speculative_method = ngram' "$TMP/out" &&
	ok "speculative method named as not written" || notok "not written: $(cat "$TMP/out" "$TMP/err")"
"$KVPLAN" calc $M --engine llama.cpp --kv-unified --emit llama-cli >"$TMP/out" 2>"$TMP/err"
grep -q '^# not written (llama-cli has no flag .*engine.llamacpp.kv_unified = true' "$TMP/out" &&
	ok "llama-cli: kv_unified named as not written" || notok "llama-cli kv_unified: $(cat "$TMP/out" "$TMP/err")"
grep -q '^# kvplan: fits on every device' "$TMP/out" && ok "verdict comment" || notok "verdict comment: $(cat "$TMP/out")"

# --launch FILE: a JSON list, shell quoting, comments, control operators
printf '["vllm", "serve", "x", "--max-model-len", "2048"]\n' >"$TMP/l.json"
emits "JSON list" "vllm serve meta-llama/Llama-3.1-8B --max-model-len 2048" calc $M --emit vllm --launch "$TMP/l.json"
printf '# a comment\nCUDA_VISIBLE_DEVICES="0,1" vllm serve '"'"'my model'"'"' \\\n  --max-model-len "1024" -tp 2 && echo done\n' >"$TMP/l.sh"
emits "shell words" "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 2 --max-model-len 1024" calc $M --emit vllm --launch "$TMP/l.sh"
printf 'vllm serve "$MODEL"\n' >"$TMP/v.sh"
bad "shell expansion" "a shell expansion; write its value" calc $M --launch "$TMP/v.sh"
printf 'cd /srv\nexport CUDA_VISIBLE_DEVICES=1,2\nsource venv/bin/activate\nnohup vllm serve x \\\n  -tp 2 --max_model_len 4096 > serve.log 2>&1 &\necho started\n' >"$TMP/s.sh"
emits "a script: its export, nohup, redirections" "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 2 --max-model-len 4096" calc $M --emit vllm --launch "$TMP/s.sh"
"$KVPLAN" calc $M --format json --launch "$TMP/s.sh" >"$TMP/rec" 2>"$TMP/err"
grep -q '"count":	2' "$TMP/rec" && ok "a script's export CUDA_VISIBLE_DEVICES=1,2: 2 cards" || notok "script export: $(cat "$TMP/err")"
printf 'cd /srv\necho no engine here\n' >"$TMP/none.sh"
bad "a script without a launch command" "'cd': not a launch command kvplan reads" calc $M --launch "$TMP/none.sh"
printf '["vllm", 3]\n' >"$TMP/n.json"
bad "JSON item" "item 1 of the JSON list is not a string" calc $M --launch "$TMP/n.json"
printf 'vllm serve "x\n' >"$TMP/q.sh"
bad "unclosed quote" "unclosed \" quote" calc $M --launch "$TMP/q.sh"
bad "--launch and --" "and a command after --: give one of them" calc $M --launch "$TMP/l.sh" -- vllm serve x

# emit, then read back: the same command
"$KVPLAN" calc $M --emit vllm -- vllm serve x -tp 2 --max-model-len 8192 --kv-cache-dtype fp8 --block-size 32 >"$TMP/e1" 2>&1
"$KVPLAN" calc $M --emit vllm --launch "$TMP/e1" >"$TMP/e2" 2>&1
cmp -s "$TMP/e1" "$TMP/e2" && ok "emit, read back, emit: the same" || notok "round trip: $(diff "$TMP/e1" "$TMP/e2")"

# solve --emit: the command under the answer, and one per ranked deployment
"$KVPLAN" solve --for concurrency $M --engine vllm --max-model-len 8192 --emit vllm >"$TMP/s" 2>&1
grep -q '^command (--emit vllm):' "$TMP/s" && grep -q '^  --max-model-len 8192$' "$TMP/s" &&
	ok "solve --for concurrency --emit" || notok "solve --emit: $(tail -5 "$TMP/s")"
"$KVPLAN" solve --for deployment --model llama-3.1-70b --workload chat --cards h100-80gb-sxm \
	--weight-formats model,fp8 --engines vllm,sglang --top 4 --emit vllm >"$TMP/s" 2>&1
grep -q '^commands (--emit vllm):' "$TMP/s" && grep -q '^vllm serve meta-llama/Llama-3.1-70B' "$TMP/s" &&
	ok "solve --for deployment --emit" || notok "deployment --emit: $(tail -8 "$TMP/s")"
grep -q 'not vllm serve.s (--emit sglang writes it)' "$TMP/s" && ok "another engine's answer named" ||
	notok "other engine: $(tail -8 "$TMP/s")"
grep -q '^# not written (give the checkpoint in that format.*devices.weights.dtype = fp8' "$TMP/s" &&
	ok "fp8 weights named as not written" || notok "weights not written: $(tail -8 "$TMP/s")"
bad "solve --emit json" "--emit: with the text output only" solve --for concurrency $M --engine vllm --emit vllm --format json

# reconcile reads the command too: its flags win over the log's settings
logs="$(dirname "$0")/../data/logs"
"$KVPLAN" reconcile "$logs/vllm-0.17-encoder.log" --model qwen3.5-27b -- vllm serve x --port 8000 --max-model-len 16384 >"$TMP/rec" 2>&1
grep -q '^settings from the flags (they win over the log): max_model_len' "$TMP/rec" &&
	grep -q 'not modelled by kvplan.*: --port' "$TMP/rec" && ok "reconcile -- vllm serve" || notok "reconcile: $(cat "$TMP/rec")"
bad "reconcile --emit" "--emit: a calc option" reconcile "$logs/vllm-0.17-encoder.log" --emit vllm

# dp_size's alias --data-parallel-size (server_args.py@001067ff) is read
# and written back as --dp-size; --nccl-port is named as not modelled
"$KVPLAN" calc $M --card h100x2 --emit sglang -- python -m sglang.launch_server --model-path x --data-parallel-size 2 --nccl-port 1234 >"$TMP/out" 2>"$TMP/err"
[ "$(emit_line)" = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B --dp-size 2" ] &&
	"$KVPLAN" calc $M --card h100x2 -- python -m sglang.launch_server --model-path x --data-parallel-size 2 --nccl-port 1234 2>&1 |
	grep -q '^note: python -m sglang.launch_server: not modelled by kvplan.*: --nccl-port$' && ok "sglang: --data-parallel-size read, --nccl-port noted" ||
	notok "sglang dp: $(emit_line) $(cat "$TMP/err")"

# sweep reads the command too; its notes go to stderr (the CSV stays
# whole). Llama-3.1-8B (32 layers, 8 KV heads of 128) with the command's
# --kv-cache-dtype fp8: 2 x 32 x 8 x 128 x 1 B = 65,536 B per token, x
# the 4,096 tokens of kvplan's default request (3,072 + 1,024) =
# 268,435,456 B per sequence (bf16 would be twice that)
"$KVPLAN" sweep --card h100 --x max-model-len=8192 --y max-num-seqs=16 --format csv -- vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 --port 8000 --enforce-eager >"$TMP/sw" 2>"$TMP/swe"
grep -q '^max-model-len,8192,max-num-seqs,16,fits,[0-9]*,268435456,' "$TMP/sw" &&
	[ "$(cat "$TMP/swe")" = "kvplan sweep: note: vllm serve: not modelled by kvplan (no memory figure kvplan shows depends on them): --port, --enforce-eager" ] &&
	ok "sweep -- vllm serve: read, its flags not modelled said" || notok "sweep --: $(cat "$TMP/sw" "$TMP/swe")"
bad "sweep: the engine's refusal" "kvplan sweep: vllm serve: error: unrecognized arguments: --foo (as vllm 0.11" sweep --card h100 --x max-model-len=8192 --y max-num-seqs=16 -- vllm serve x --foo
bad "sweep --emit" "kvplan sweep: --emit: a calc and solve option" sweep --card h100 --x max-model-len=8192 --y max-num-seqs=16 --emit vllm -- vllm serve x

# vLLM's CUDA graph capture sizes (vllm_profile.c graph_bound): the
# largest is modelled; a list, or a compilation config naming sizes, is
# refused (kvplan counts vLLM's default sizes); another compilation
# config is listed as not modelled. --max-cudagraph-capture-size 512 with
# 8 sequences: 51 + 4 graphs, the bound 522 + 50 x 26 + 3 x 14 = 1,864
# MiB is above the TP 1 row, so the overheads are 288 + 1,634 MiB =
# 2,015,363,072 B; without it 288 + (522 + 4 x 26 + 3 x 14) = 956 MiB =
# 1,002,438,656 B
"$KVPLAN" calc $M --format json -- vllm serve x --max-num-seqs 8 --max-cudagraph-capture-size 512 >"$TMP/g1" 2>"$TMP/g1e"
"$KVPLAN" calc $M --format json -- vllm serve x --max-num-seqs 8 --compilation-config '{"level": 3}' >"$TMP/g2" 2>"$TMP/g2e"
[ "$(grep '"overhead_bytes"' "$TMP/g1" | tail -1 | tr -dc 0-9)" = 2015363072 ] &&
	[ "$(grep '"overhead_bytes"' "$TMP/g2" | tail -1 | tr -dc 0-9)" = 1002438656 ] &&
	grep -q 'not modelled.*--compilation-config' "$TMP/g2" &&
	ok "vllm: --max-cudagraph-capture-size read; a compilation config without sizes listed as not modelled" ||
	notok "capture size: $(cat "$TMP/g1e" "$TMP/g2e")"
bad "vllm: --cudagraph-capture-sizes refused" "--cudagraph-capture-sizes: not modelled by kvplan - vLLM's CUDA graph estimate counts the capture sizes" calc $M -- vllm serve x --cudagraph-capture-sizes 1 2 4
bad "vllm: a compilation config with capture sizes refused" "give kvplan's --max-cudagraph-capture-size" calc $M -- vllm serve x --compilation-config '{"cudagraph_capture_sizes": [1, 2, 4]}'

"$KVPLAN" calc --help >"$TMP/help"
grep -q -- '--emit ENGINE' "$TMP/help" && grep -q -- '--launch FILE' "$TMP/help" && ok "calc --help lists them" || notok "help"
exit $((fails > 0))
