#!/bin/sh
# vllm_rope_cache.sh - vLLM's rotary tables come out of the KV budget
# (issue 32): RotaryEmbedding registers cos_sin_cache, max_position_
# embeddings x rotary_dim values in the model's dtype, on every rank,
# while the model loads (vllm/model_executor/layers/rotary_embedding/
# base.py: cache.to(dtype)), so "Model loading took" counts it.
# Hand-worked differences of the budget against --max-positions 0 (no
# table):
#   Llama-3.1-8B, head 128, 131,072 positions, bf16: 131,072 x 128 x 2
#     = 33,554,432 B, the same on each of TP 2's ranks (not split)
#   Gemma 3 27B: two tables (gemma3.py): the sliding layers' unscaled
#     one over 131,072 positions and the full layers' with the config's
#     linear factor 8, over 131,072 x 8 = 1,048,576 positions
#     (linear_scaling_rope.py: max_position is the length before
#     scaling): (131,072 + 1,048,576) x 128 x 2 = 301,989,888 B
#   Llama-4-Scout: 10,485,760 x 128 x 2 = 2,684,354,560 B (2.50 GiB)
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }
budget() {
	"$KVPLAN" calc --engine vllm@0.19.0 --card h100-80gb-sxm \
		--max-model-len 8192 --format json "$@" 2>&1 |
		sed -n 's/.*"budget_bytes":[[:space:]]*\([0-9]*\).*/\1/p' | head -1
}
check() {   # name expected-difference calc-args...
	name=$1 want=$2
	shift 2
	with=$(budget "$@") without=$(budget "$@" --max-positions 0 --rope-positions 0)
	if [ -n "$with" ] && [ -n "$without" ] &&
	   [ $((without - with)) -eq "$want" ]; then
		ok "$name: the rotary table takes $want B"
	else
		no "$name: budget '$with' against '$without' without a table, want $want B less"
	fi
}
check "Llama-3.1-8B" 33554432 --model llama-3.1-8b
check "Llama-3.1-8B at TP 2, each rank" 33554432 --model llama-3.1-8b --tp 2
check "Gemma 3 27B, two tables, one scaled" 301989888 --model gemma-3-27b-it
check "Llama-4-Scout at TP 4" 2684354560 --model llama-4-scout-17b-16e-instruct --tp 4

# Each device shows the table as its own term (rotary_bytes), in neither
# weights_bytes nor overhead_bytes (the same with and without a table:
# the speed bound reads the weights every decode step, reconcile compares
# the overheads with the log's non-torch memory). vLLM's pool fills what
# the table leaves, so free memory is the same with and without one, to
# a KV block (Scout's 16 tokens x 8,192 B: 131,072 B); counted nowhere,
# the table would show as 33,554,432 B (2.50 GiB for Scout) more free.
dev() {   # key calc-args...: the key of the last device
	key=$1
	shift
	"$KVPLAN" calc --engine vllm@0.19.0 --card h100-80gb-sxm \
		--max-model-len 8192 --format json "$@" 2>&1 |
		grep "^$(printf '\t\t\t\t')\"$key\":" | tail -1 | tr -dc -- '-0-9'   # devices[]' keys
}
for args in "--model llama-3.1-8b" "--model llama-4-scout-17b-16e-instruct --tp 4"; do
	# shellcheck disable=SC2086 # words
	rot=$(dev rotary_bytes $args) w1=$(dev weights_bytes $args)
	# shellcheck disable=SC2086
	w0=$(dev weights_bytes $args --max-positions 0) o1=$(dev overhead_bytes $args)
	# shellcheck disable=SC2086
	o0=$(dev overhead_bytes $args --max-positions 0)
	# shellcheck disable=SC2086
	f1=$(dev free_bytes $args) f0=$(dev free_bytes $args --max-positions 0)
	# shellcheck disable=SC2086
	r0=$(dev rotary_bytes $args --max-positions 0)
	case $args in *scout*) want=2684354560;; *) want=33554432;; esac
	if [ "$rot" = "$want" ] && [ "$r0" = 0 ] && [ "$w1" = "$w0" ] &&
	   [ "$o1" = "$o0" ] && [ -n "$f1" ] && [ -n "$f0" ] &&
	   [ $((f1 - f0)) -le 131072 ] && [ $((f0 - f1)) -le 131072 ]; then
		ok "$args: the device holds the table as its own term ($rot B); free as without one"
	else
		no "$args: rotary '$rot' (want $want, '$r0' without), weights '$w1'/'$w0', overhead '$o1'/'$o0', free '$f1'/'$f0'"
	fi
done
out=$("$KVPLAN" calc --engine vllm@0.19.0 --card h100-80gb-sxm --max-model-len 8192 \
	--model llama-4-scout-17b-16e-instruct --tp 4 2>&1)
case $out in *"rotary tables 2.50 GiB on each device"*"rotary tables"*"overhead"*)
	ok "the text names the table and the bar's key has it";;
	*) no "text: $out";; esac
exit $fail
