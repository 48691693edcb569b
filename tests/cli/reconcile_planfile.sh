#!/bin/sh
# reconcile_planfile.sh - `kvplan reconcile LOG PLAN.json`: the plan file
# is used as given (a record works too), the output says so, a plan of
# another engine is switched to the log's engine with a note, and a plan
# that differs from what ran is a negative verdict (exit 1).
here=$(cd "$(dirname "$0")" && pwd)
REF=$here/../reference
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# case a2 of llamacpp.json: the worked example's shape, -c 24576 -np 6
awk -v id=a2_llama_c24576_np6 -f "$here/ref_lines.awk" "$REF/cases/llamacpp.json" > "$tmp/log"
[ -s "$tmp/log" ] || { echo "not ok - case a2 not found"; exit 1; }
$KVPLAN calc --engine llama.cpp --ctx-size 24576 --parallel 6 --format json > "$tmp/plan.json" || fail=1
$KVPLAN reconcile "$tmp/log" "$tmp/plan.json" > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q "plan: $tmp/plan.json, as given" "$tmp/out" &&
   grep -q '^KV cache .*4,026,531,840 .*match' "$tmp/out"; then
	echo "ok - record as plan: 4,026,531,840 B matches"
else echo "not ok - record as plan"; cat "$tmp/out" "$tmp/err"; fail=1; fi
$KVPLAN calc --ctx-size 24576 --parallel 6 --format json > "$tmp/generic.json" || fail=1
$KVPLAN reconcile "$tmp/log" "$tmp/generic.json" > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q "engine: the plan's is generic; the log's, llama.cpp, is used" "$tmp/out"; then
	echo "ok - generic plan switched to the log's engine, said so"
else echo "not ok - engine switch"; cat "$tmp/out" "$tmp/err"; fail=1; fi
# -np 4 instead of 6: n_ctx_seq = pad256(24,576 / 4) = 6,144 cells per stream
$KVPLAN calc --engine llama.cpp --ctx-size 24576 --parallel 4 --format json > "$tmp/other.json" || fail=1
$KVPLAN reconcile "$tmp/log" "$tmp/other.json" > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 1 ] && grep -q '^cells per stream .*6,144 .*4,096 .*DIFFERS' "$tmp/out"; then
	echo "ok - a plan unlike the run: exit 1, cells 6,144 vs 4,096"
else echo "not ok - differing plan"; cat "$tmp/out" "$tmp/err"; fail=1; fi
exit $fail
