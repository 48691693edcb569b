#!/bin/sh
# compare_engines.sh - `kvplan compare` end to end: the worked example of
# DESIGN.md under every engine, text and JSON, with figures worked by hand.
. "$(dirname "$0")/compare_lib.inc"

# llama.cpp -c 4096 -np 6 on the 40-layer, 8 x 128, f16 model:
# n_ctx_seq = pad256(4096 / 6 = 682) = 768 cells x 6 streams = 4,608 cells;
# 4,608 x 40 layers x 8 x 128 x 2 B x 2 = 754,974,720 B.
"$KVPLAN" compare --ctx-size 4096 --parallel 6 --format json >"$TMP/c.json" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$TMP/err" ] && ok "json: exit 0" || notok "json: exit $rc: $(cat "$TMP/err")"
v=$(row_int "$TMP/c.json" generic kv_bytes)
# generic static: 6 x 4,096 x 163,840 = 4,026,531,840
[ "$v" = 4026531840 ] && ok "generic kv_bytes 4026531840" || notok "generic kv_bytes '$v'"
v=$(row_int "$TMP/c.json" llama.cpp kv_bytes)
[ "$v" = 754974720 ] && ok "llama.cpp kv_bytes 754974720" || notok "llama.cpp kv_bytes '$v'"
v=$(row_int "$TMP/c.json" llama.cpp cells)
[ "$v" = 768 ] && ok "llama.cpp cells 768" || notok "llama.cpp cells '$v'"
v=$(row_int "$TMP/c.json" llama.cpp streams)
[ "$v" = 6 ] && ok "llama.cpp streams 6" || notok "llama.cpp streams '$v'"
# 754,974,720 - 4,026,531,840 = -3,271,557,120
v=$(row_int "$TMP/c.json" llama.cpp diff_bytes)
[ "$v" = -3271557120 ] && ok "llama.cpp diff_bytes" || notok "llama.cpp diff_bytes '$v'"
for e in generic llama.cpp vllm transformers sglang trtllm; do
	grep -q "\"engine\":[[:space:]]*\"$e\"" "$TMP/c.json" && ok "row $e" || notok "row $e"
done
grep -q '"llama_kv_cache: size =  720.00 MiB (   768 cells,  40 layers,  6/6 seqs), K (f16):  360.00 MiB, V (f16):  360.00 MiB"' "$TMP/c.json" &&
	ok "llama.cpp line as it prints" || notok "llama.cpp line as it prints"

"$KVPLAN" compare --ctx-size 4096 --parallel 6 >"$TMP/c.txt" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "text: exit 0" || notok "text: exit $rc"
# 4,608 / 4,096 = 1.125: +12.5% from the padding
grep -qF '+12.5% from 256-cell padding (4608 cells for ctx_size 4096)' "$TMP/c.txt" &&
	ok "text explains the padding" || notok "text explains the padding"
grep -q '^llama.cpp  *754,974,720' "$TMP/c.txt" && ok "text llama.cpp bytes" || notok "text llama.cpp bytes"
grep -q 'GPU KV cache size: ' "$TMP/c.txt" && ok "text vLLM line" || notok "text vLLM line"

# A refused setting stays in its row; the others still compute (exit 0).
"$KVPLAN" compare --flash-attn off --cache-type-v q8_0 >"$TMP/r.txt" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "refusal: exit 0" || notok "refusal: exit $rc $(cat "$TMP/err")"
grep -q '^llama.cpp  *refused: .*quantized V cache requires flash_attn to be enabled' "$TMP/r.txt" &&
	ok "refusal in llama.cpp's words" || notok "refusal in llama.cpp's words"
grep -q '^transformers  *4,026,531,840' "$TMP/r.txt" && ok "other rows computed" || notok "other rows computed"

[ "$fails" -eq 0 ]
