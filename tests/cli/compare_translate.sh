#!/bin/sh
# compare_translate.sh - `kvplan compare --translate`: a budget setting and
# its equivalents; bad settings are one line, exit 2, nothing on stdout.
. "$(dirname "$0")/compare_lib.inc"

# From a byte cap: 2^30 B / (16 x 4,096 B x 40 layers = 2,621,440 B a
# block) = 409 blocks = 1,072,168,960 B; llama.cpp holds 163,840 B a cell:
# 6,544 cells -> 6,400 (whole 256s).
"$KVPLAN" compare --translate kv_cache_memory_bytes=1073741824 --format json \
	>"$TMP/t.json" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "translate: exit 0" || notok "translate: exit $rc: $(cat "$TMP/err")"
grep -q '"target_bytes":[[:space:]]*1072168960' "$TMP/t.json" && ok "target 1072168960" ||
	notok "target 1072168960"
awk '/"setting":[ \t]*"engine.llamacpp.ctx_size"/ { f = 1 } f && /"value":/ { print; exit }' \
	"$TMP/t.json" | grep -q '6400' && ok "llama.cpp ctx_size 6400" || notok "llama.cpp ctx_size 6400"

"$KVPLAN" compare --translate gpu_memory_utilization=0.9 >"$TMP/t.txt" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "translate text: exit 0" || notok "translate text: exit $rc $(cat "$TMP/err")"
grep -q '^budget translation from engine.vllm.gpu_memory_utilization = 0.900000' "$TMP/t.txt" &&
	ok "translation header" || notok "translation header"
for k in engine.sglang.mem_fraction_static engine.trtllm.free_gpu_memory_fraction \
	 engine.vllm.kv_cache_memory_bytes engine.llamacpp.ctx_size; do
	grep -q "^  $k .*yields" "$TMP/t.txt" && ok "row $k" || notok "row $k"
done

bad "unknown setting" "--translate: budget setting 'bogus'" compare --translate bogus=1
bad "fraction above 1" "--translate: vllm '1.5'" compare --translate vllm=1.5
bad "no value" "--translate: 'gpu_memory_utilization' - expected SETTING=VALUE" \
	compare --translate gpu_memory_utilization
bad "negative bytes" "kv_cache_memory_bytes '-5'" compare --translate kv_cache_memory_bytes=-5
# The flag, the field and the refused name, not just "engine", which any
# message about an engine.* setting holds.
bad "unknown engine flag value" "--engine: engine.kind: 'nonesuch'" compare --engine nonesuch
bad "two plan files" "unexpected argument" compare a.json b.json

[ "$fails" -eq 0 ]
