#!/bin/sh
# compare_calc_engines.sh - `--engine NAME` on `kvplan calc`: each engine's
# figures in the record (integers) and its own lines in the text, worked
# by hand on the DESIGN.md example (40 layers, 8 KV heads x 128, f16).
. "$(dirname "$0")/compare_lib.inc"

# result_int FILE KEY: integer KEY inside "result" -> "engine".
result_int() {
	awk -v key="$2" '
		/^\t"result":/ { inres = 1 }
		inres && /^\t\t"engine":/ { ineng = 1; next }
		ineng && /^\t\t}/ { exit }
		ineng && $0 ~ "^\t\t\t\"" key "\":" { v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/,$/, "", v); print v; exit }
	' "$1"
}

# llama.cpp -c 24576 -np 6: 6 streams of pad256(24576 / 6) = 4,096 cells;
# 24,576 x 163,840 B = 4,026,531,840 B, the DESIGN.md figure.
"$KVPLAN" calc --engine llama.cpp --ctx-size 24576 --parallel 6 --format json >"$TMP/l.json" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "llama.cpp record: exit 0" || notok "llama.cpp record: exit $rc $(cat "$TMP/err")"
[ "$(result_int "$TMP/l.json" cells)" = 4096 ] && ok "cells 4096" || notok "cells '$(result_int "$TMP/l.json" cells)'"
[ "$(result_int "$TMP/l.json" streams)" = 6 ] && ok "streams 6" || notok "streams"
grep -q '"bytes":[[:space:]]*4026531840,' "$TMP/l.json" && ok "kv bytes 4026531840" || notok "kv bytes"
"$KVPLAN" calc --engine llama.cpp --ctx-size 24576 --parallel 6 >"$TMP/l.txt" 2>&1
grep -qF 'llama_kv_cache: size = 3840.00 MiB (  4096 cells,  40 layers,  6/6 seqs), K (f16): 1920.00 MiB, V (f16): 1920.00 MiB' \
	"$TMP/l.txt" && ok "llama.cpp line" || notok "llama.cpp line"

# vLLM with a 1 GiB cap: page 16 x 8 x 256 x 2 = 65,536 B per layer;
# 2^30 / 65,536 / 40 = 409 blocks, 6,544 tokens; 409 / 256 = 1.60x.
"$KVPLAN" calc --engine vllm --kv-cache-memory-bytes 1073741824 --format json >"$TMP/v.json" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "vllm record: exit 0" || notok "vllm record: exit $rc $(cat "$TMP/err")"
[ "$(result_int "$TMP/v.json" blocks)" = 409 ] && ok "blocks 409" || notok "blocks '$(result_int "$TMP/v.json" blocks)'"
[ "$(result_int "$TMP/v.json" tokens)" = 6544 ] && ok "tokens 6544" || notok "tokens"
[ "$(result_int "$TMP/v.json" concurrency_x100)" = 160 ] && ok "concurrency_x100 160" || notok "concurrency_x100"
"$KVPLAN" calc --engine vllm --kv-cache-memory-bytes 1073741824 >"$TMP/v.txt" 2>&1
grep -qF 'GPU KV cache size: 6,544 tokens' "$TMP/v.txt" && ok "vLLM tokens line" || notok "vLLM tokens line"
grep -qF 'Maximum concurrency for 4,096 tokens per request: 1.60x' "$TMP/v.txt" &&
	ok "vLLM concurrency line" || notok "vLLM concurrency line"

# TensorRT-LLM --max-tokens 1000: ceil(1000 / 64) = 16 blocks = 1,024
# tokens x 163,840 B = 167,772,160 B = 0.16 GiB.
"$KVPLAN" calc --engine trtllm --max-tokens 1000 >"$TMP/t.txt" 2>&1
grep -qF '[MemUsageChange] Allocated 0.16 GiB for max tokens in paged KV cache (1024).' "$TMP/t.txt" &&
	ok "TensorRT-LLM line" || notok "TensorRT-LLM line"

# Refusals are one line in the engine's words, exit 2, nothing on stdout.
bad "llama.cpp refuses quantized V without FA" "quantized V cache requires flash_attn to be enabled" \
	calc --engine llama.cpp --flash-attn off --cache-type-v q4_0
bad "vLLM refuses a too-long max_model_len" "estimated maximum model length is" \
	calc --engine vllm --kv-cache-memory-bytes 1073741824 --max-model-len 1000000
# The flag, the field and the refused name: "engine" alone is also in
# vLLM's refusal above ("... when initializing the engine.") and in any
# message about an engine.* field.
bad "unknown engine" "--engine: engine.kind: 'nonesuch'" calc --engine nonesuch

# vLLM's refusal is whole (it ran past 320 characters and was cut):
# it ends with its own last words.
"$KVPLAN" calc --engine vllm --kv-cache-memory-bytes 1073741824 --max-model-len 1000000 >/dev/null 2>"$TMP/err"
grep -qF 'when initializing the engine.' "$TMP/err" && ok "vLLM refusal whole" ||
	notok "vLLM refusal cut: $(cat "$TMP/err")"

# TP 16 over 8 KV heads under vLLM: 1 head per rank, replicated. The
# formula's letters are one rank's and multiply to the figure shown:
# 2 x 40 layers x 1 head x 128 x 2 B x 16 ranks = 327,680 B. One
# sequence of 4,096 tokens (256 blocks of 16): 4,096 x 327,680 =
# 1,342,177,280 B. 64 query heads: vLLM refuses 40 over 16 ranks.
LC_ALL=C "$KVPLAN" calc --engine vllm --kv-cache-memory-bytes 1073741824 \
	--q-heads 64 --tensor-parallel-size 16 >"$TMP/tp.txt" 2>"$TMP/err"
grep -qF '2 x 40 layers x 1 KV heads x 128 x 2 B x 16 ranks = 327,680 B per position' "$TMP/tp.txt" &&
	ok "TP formula multiplies out" || notok "TP formula: $(grep 'per position' "$TMP/tp.txt") $(cat "$TMP/err")"
grep -qF '1,342,177,280 B' "$TMP/tp.txt" && grep 'per sequence' "$TMP/tp.txt" | grep -qF '1,342,177,280' &&
	ok "per sequence from vLLM's blocks" || notok "per sequence: $(grep 'per sequence' "$TMP/tp.txt")"

[ "$fails" -eq 0 ]
