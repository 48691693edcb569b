#!/bin/sh
# llamacpp_live_found.sh - what `make check-live` (tests/live/) found
# kvplan saying otherwise than llama.cpp at its pinned build (llama.cpp
# 5b4ebc5 in node-llama-cpp 3.21.1), checked offline here on GGUF files
# of keys only, written with gguf_lib.inc:
#   1. the output buffer's line comes after llama_context's n_ctx
#      warnings and before the cache's lines (also so in the public log of
#      PR #23269, tests/data/logs/llamacpp-23269.log);
#   2. a "no_vocab" file's vocabulary is ARCH.vocab_size (llama-vocab.cpp):
#      the output buffer is max(1, n_seq_max) x n_vocab x 4 B;
#   3. the SWA pair prints its non-SWA cache even when every layer slides:
#      "0 layers";
#   4. that build's name, v0.4.0, and its recurrent line with R, S and P
#      apart, from a GGUF's ssm keys;
#   5. n_rs_seq clamped to 0 for an architecture without rollback;
#   6. the V-padding line beside zero-width (recurrent) layers, FA off,
#      and none where the GGUF gives recurrent layers the attention's
#      head_count_kv (Qwen3-Next, model.recur.uniform_kv_heads);
#   7. a quantized cache whose block does not divide the head size,
#      refused with flash attention on;
#   8. Grok: flash attention forced off, so a quantized V is refused.
. "$(dirname "$0")/gguf_lib.inc"
# kv_arr KEY A,B,...: an array of u32 (GGUF type 9 of type 4)
kv_arr() {
	str "$1"; u32 9; u32 4
	set -- $(echo "$2" | tr , ' ')
	u64 $#
	for v in "$@"; do u32 "$v"; done
}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
check() {
	if grep -qF -- "$2" "$3"; then echo "ok - $1"; else echo "not ok - $1"; echo "  want: $2"; sed 's/^/  got:  /' "$3"; fail=1; fi
}
# gguf OUT ARCH LAYERS [key value]...: u32 keys after the architecture
gguf() {
	out=$1 arch=$2 n=$3; shift 3
	{
		printf 'GGUF'; u32 3; u64 0; u64 $((4 + $# / 2))
		kv_str general.architecture "$arch"
		kv_str tokenizer.ggml.model no_vocab
		kv_u32 "$arch.block_count" "$n"
		kv_u32 "$arch.vocab_size" 128
		while [ $# -gt 1 ]; do
			case $2 in
			*,*) kv_arr "$arch.$1" "$2" ;;
			*) kv_u32 "$arch.$1" "$2" ;;
			esac
			shift 2
		done
	} >"$out"
	sz=$(wc -c <"$out")
	head -c $(( (32 - sz % 32) % 32 )) /dev/zero >>"$out"
}

# Llama, 2 layers, 4 heads of 64 (embedding 256), 2 KV heads, trained
# context 4096; -c 1000 -np 3: 3 streams, each 1000 / 3 = 333 cells
# padded to 512 (llama.cpp: "n_ctx is not divisible by n_seq_max -
# rounding down to 1536", then "n_ctx_seq (512) < n_ctx_train (4096)").
gguf "$t/l.gguf" llama 2 context_length 4096 embedding_length 256 \
	attention.head_count 4 attention.head_count_kv 2
"$KVPLAN" calc --model "$t/l.gguf" --engine llama.cpp --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 3 --ubatch-size 128 >"$t/out" 2>&1
# output: 3 x 128 x 4 = 1,536 B, 0.00 MiB; its line third, after the two
# warnings and before the cache's
sed -n '/llama.cpp would report/,/^[a-z]/p' "$t/out" | sed -n 4p >"$t/line3"
check "output buffer line before the cache's" \
	"llama_context:        CPU  output buffer size =     0.00 MiB" "$t/line3"
"$KVPLAN" calc --model "$t/l.gguf" --engine llama.cpp --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 3 --format json 2>&1 | tr -d ' \t' >"$t/json"
check "no_vocab: 3 x 128 x 4 B of logits" '"logits_bytes":1536' "$t/json"

# Gemma 3, 3 layers, window 1422, pattern 4: layers 0-2 slide (i % 4 <
# 3), the non-SWA cache has none; -c 1000 -np 1: 1024 cells
gguf "$t/g.gguf" gemma3 3 context_length 4096 embedding_length 128 \
	attention.head_count 2 attention.head_count_kv 2 \
	attention.sliding_window 1422 attention.sliding_window_pattern 4
"$KVPLAN" calc --model "$t/g.gguf" --engine llama.cpp --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 1 >"$t/out" 2>&1
check "empty non-SWA cache announced" \
	"llama_kv_cache_iswa: creating non-SWA KV cache, size = 1024 cells" "$t/out"
check "empty non-SWA cache: 0 layers" \
	"llama_kv_cache: size =    0.00 MiB (  1024 cells,   0 layers,  1/1 seqs)" "$t/out"
# Mamba 2, 2 layers, embedding 64, ssm conv 4, inner 128, state 16, 1
# group: R (4 - 1) x (128 + 2 x 1 x 16) = 480 values, S 16 x 128 = 2,048
# values a layer and cell, f32; -np 2: 2 cells. R 2 x 2 x 480 x 4 =
# 7,680 B (0.01 MiB), S 2 x 2 x 2,048 x 4 = 32,768 B (0.03 MiB), in all
# 40,448 B (0.04 MiB)
gguf "$t/m.gguf" mamba2 2 context_length 4096 embedding_length 64 \
	ssm.conv_kernel 4 ssm.inner_size 128 ssm.state_size 16 \
	ssm.group_count 1 ssm.time_step_rank 4
rsline="llama_memory_recurrent: size =    0.04 MiB (     2 cells,   2 layers,  2 seqs  0 rs_seq), R (f32):    0.01 MiB, S (f32):    0.03 MiB, P (f32):    0.00 MiB"
"$KVPLAN" calc --model "$t/m.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 2 >"$t/out" 2>&1
check "v0.4.0: R, S and P apart" "$rsline" "$t/out"
# no rollback for mamba2 (llm_arch_supports_rs_rollback): the same
"$KVPLAN" calc --model "$t/m.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 2 --rs-seq 2 >"$t/out" 2>&1
check "rs_seq clamped to 0 without rollback" "$rsline" "$t/out"

# Jamba, 2 layers: layer 0 attention (2 KV heads of 64), layer 1 Mamba
# (head_count_kv 0, V width 0); FA off: V padded to 2 x 64 = 128
gguf "$t/j.gguf" jamba 2 context_length 4096 embedding_length 128 \
	attention.head_count 2 attention.head_count_kv 2,0 \
	ssm.conv_kernel 4 ssm.inner_size 256 ssm.state_size 16 \
	ssm.time_step_rank 8
"$KVPLAN" calc --model "$t/j.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 1 --flash-attn off >"$t/out" 2>&1
check "V padding beside a zero-width layer" \
	"llama_kv_cache: the V embeddings have different sizes across layers and FA is not enabled - padding V cache to 128" "$t/out"

# Qwen3-Next, 4 layers: layers 0-2 recurrent by full_attention_interval
# (default 4), layer 3 attention; its GGUF gives every layer the same
# head_count_kv, so llama.cpp's V width does not vary: no padding line
# with FA off (make check-live: qwen3next runs 414 and 726 at seed 37
# before model.recur.uniform_kv_heads); the HF config the same way
gguf "$t/q.gguf" qwen3next 4 context_length 4096 embedding_length 128 \
	attention.head_count 2 attention.head_count_kv 2 \
	attention.key_length 64 attention.value_length 64 \
	ssm.conv_kernel 4 ssm.inner_size 256 ssm.state_size 16 \
	ssm.group_count 2 ssm.time_step_rank 8
"$KVPLAN" calc --model "$t/q.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --parallel 1 --flash-attn off >"$t/out" 2>&1
check "Qwen3-Next GGUF: its attention layer sized" \
	"llama_kv_cache: size =" "$t/out"
if grep -q 'padding V cache' "$t/out"; then
	echo "not ok - Qwen3-Next GGUF: no V padding"; fail=1
else
	echo "ok - Qwen3-Next GGUF: no V padding"
fi
"$KVPLAN" calc --model "$(dirname "$0")/../data/hf/qwen3-next-80b-a3b.json" \
	--engine llama.cpp@v0.4.0 --n-gpu-layers 0 --ctx-size 1000 \
	--parallel 1 --flash-attn off >"$t/out" 2>&1
if grep -q 'padding V cache' "$t/out" || ! grep -q 'llama_kv_cache: size' "$t/out"; then
	echo "not ok - Qwen3-Next config: no V padding"; sed 's/^/  got:  /' "$t/out"; fail=1
else
	echo "ok - Qwen3-Next config: no V padding"
fi

# Llama with heads of 192 / 4 = 48: q8_0's 32-value blocks do not divide
# it; with -fa on llama_init_from_model refuses
gguf "$t/h.gguf" llama 2 context_length 4096 embedding_length 192 \
	attention.head_count 4 attention.head_count_kv 2
"$KVPLAN" calc --model "$t/h.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --flash-attn on --cache-type-k q8_0 >"$t/out" 2>&1
check "head size not a whole number of blocks: refused" \
	"K cache type q8_0 with block size 32 does not divide n_embd_head_k=48" "$t/out"
# Grok, -fa auto, -ctv q8_0: llama_init_from_model forces FA off for
# Grok, then refuses the quantized V
gguf "$t/k.gguf" grok 2 context_length 4096 embedding_length 256 \
	attention.head_count 4 attention.head_count_kv 4 expert_count 2 \
	expert_used_count 1
"$KVPLAN" calc --model "$t/k.gguf" --engine llama.cpp@v0.4.0 --n-gpu-layers 0 \
	--ctx-size 1000 --cache-type-k q8_0 --cache-type-v q8_0 >"$t/out" 2>&1
check "Grok: FA forced off, quantized V refused" \
	"llama.cpp forces it off for this architecture" "$t/out"
exit $fail
