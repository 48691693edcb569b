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
#      "0 layers".
. "$(dirname "$0")/gguf_lib.inc"
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
		while [ $# -gt 1 ]; do kv_u32 "$arch.$1" "$2"; shift 2; done
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
exit $fail
