#!/bin/sh
# vllm_blocks_override.sh - --num-gpu-blocks-override (vLLM's flag, field
# engine.vllm.num_gpu_blocks_override) end to end, no card needed, and the
# null block the current release holds back (vLLM PR #47272).
# Llama-3.1-8B: 32 layers x 8 KV heads x 128 x 2 (K, V) x 2 B = 131,072 B
# a token, a block of 16 = 2 MiB. max_model_len 16,384 takes 1,024 blocks.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# 1,025 blocks: 1,024 usable, one request fits; capacity int(1,025 /
# 1,024 x 16,384) = 16,400 tokens, concurrency 1.00x
"$KVPLAN" calc --engine vllm --model llama-3.1-8b --num-gpu-blocks-override 1025 \
	--max-model-len 16384 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q 'GPU KV cache size: 16,400 tokens' "$tmp/out" &&
   grep -q 'Maximum concurrency for 16,384 tokens per request: 1.00x' "$tmp/out" &&
   grep -q 'with 1,025 blocks of 16 tokens' "$tmp/out"
then ok "--num-gpu-blocks-override 1025: 1,025 blocks, 16,400 tokens"
else no "override 1025 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# 1,024 blocks: the null block leaves 1,023 -> refused, exit 2, with the
# estimate 1,023 x 16 = 16,368
"$KVPLAN" calc --engine vllm --model llama-3.1-8b --num-gpu-blocks-override 1024 \
	--max-model-len 16384 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] &&
   grep -q 'the estimated maximum model length is 16368' "$tmp/err"
then ok "1,024 blocks refused: the null block is held back"
else no "override 1024 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# before 0.25.0 the same 1,024 blocks were accepted
"$KVPLAN" calc --engine vllm@0.24.0 --model llama-3.1-8b --num-gpu-blocks-override 1024 \
	--max-model-len 16384 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q 'with 1,024 blocks of 16 tokens' "$tmp/out"
then ok "vllm@0.24.0 accepts 1,024 blocks"
else no "0.24.0 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
exit $fail
