#!/bin/sh
# reconcile_plan_error.sh - the plan's own prediction against the log is a
# finding (issue 31). Log: case vllm-10517-llama31-8b-20k of
# tests/reference/cases/engine-logs.json (README's example, shipped as
# examples/vllm-startup.log). vLLM measured a KV budget of 3.81 GiB. With
# kvplan's own terms (issue 32) the plan is 0.62% below it (its weights
# plus the 32 MiB rotary table the pool gives up are the log's 16,094,
# 101,452 B to 24.5 KB; the activation and runtime terms are
# estimates), still beyond the
# log's print rounding: a finding (before issue 31: "information", 0
# differences, exit 0). To check the explanation, the plan is then given
# two inputs other than what the card measured: an activation peak of
# 0.5 GiB and a runtime total of 24 GiB. What explains the difference,
# worked from the log: V0's torch peak 17.06 GiB holds the weights
# 14.99 GiB, so the activation peak vLLM measured is
# 18,318,035,517 - 16,094,101,452 = 2,223,934,065 B (2.07 GiB), the
# largest input the plan took otherwise; the card vLLM saw has
# 25,318,832,210 B. Their effects on the budget add up to the difference.
# (The checks hold the log's figures exactly and the plan's only in sign
# and order.)
. "$(dirname "$0")/fit_lib.inc"
here=$(cd "$(dirname "$0")" && pwd)
LOG=$here/../../examples/vllm-startup.log
P="--model llama-3.1-8b --card rtx-3090"

"$KVPLAN" reconcile "$LOG" $P >"$TMP/t.txt"
expect "README's example: the plan differs by 0.62%, exit" 1 "$?"
grep -q '^1 plan figure (the plan.s own prediction) differs from the log beyond print rounding: KV budget +0.62%$' "$TMP/t.txt" &&
	ok "README's example: counted" || notok "summary: $(grep 'plan figure' "$TMP/t.txt")"
# vLLM's "Model loading took" 14.99 GiB holds its rotary table (131,072
# positions x 128 x 2 B = 33,554,432 B) beside the weights' 14.96 GiB; the
# plan takes the table from the budget, so the weights explain nothing
grep '^  explained' "$TMP/t.txt" | grep -q 'weights' &&
	notok "the weights named: $(grep '^  explained' "$TMP/t.txt")" ||
	ok "README's example: the weights with the rotary table match the log's"
P="$P --activations 536870912 --card-runtime-total 25769803776"
"$KVPLAN" reconcile "$LOG" $P >"$TMP/t.txt"
expect "given other inputs: the plan differs, exit" 1 "$?"
grep -q '^KV budget  .* observed   PLAN DIFFERS$' "$TMP/t.txt" && ok "the KV budget row is a finding" ||
	notok "row: $(grep '^KV budget  ' "$TMP/t.txt")"
grep -q '^0 arithmetic figures differ beyond print rounding$' "$TMP/t.txt" && ok "the arithmetic still matches" ||
	notok "arithmetic: $(grep 'arithmetic figure' "$TMP/t.txt")"
grep -q '^1 plan figure (the plan.s own prediction) differs from the log beyond print rounding: KV budget -[0-9.]*%$' "$TMP/t.txt" &&
	ok "summary counts it" || notok "summary: $(grep 'plan figure' "$TMP/t.txt")"
grep -q '^  explained by what vllm measured on its card, largest effect on the KV budget first: activation peak [0-9.]* GiB planned, 2.07 GiB measured (-[0-9.]* GiB of budget; --activations 2223934065); device memory (the runtime.s total) [0-9.]* GiB planned, 23.58 GiB measured (-[0-9.]* GiB of budget; --card-runtime-total 25318832210)' "$TMP/t.txt" &&
	ok "the activation peak explains most, then the card's memory" ||
	notok "why: $(grep 'explained' "$TMP/t.txt")"
# the effects add up to the difference (each in GiB to 2 places, so
# within 0.01 GiB per input)
awk '/^  explained by/ { n = split($0, a, /\(/); for (i = 2; i <= n; i++) { split(a[i], b, " "); s += b[1] } }
     /^KV budget  / { gsub(/,/, "", $0); for (i = 1; i <= NF; i++) if ($i ~ /^-?[0-9]+$/ && $(i+1) ~ /%$/) d = $i }
     END { d /= 1073741824; e = s - d; if (e < 0) e = -e; exit !(d < -1 && e <= 0.05) }' "$TMP/t.txt" &&
	ok "the effects add up to the difference" || notok "effects do not add up"
# following the advice brings the plan nearer the log
"$KVPLAN" reconcile "$LOG" $P --activations 2223934065 --card-runtime-total 25318832210 >"$TMP/t2.txt"
pct() { sed -n 's/^1 plan figure .*: KV budget [-+]\([0-9.]*\)%$/\1/p' "$1"; }
before=$(pct "$TMP/t.txt") after=$(pct "$TMP/t2.txt")
# (or vanishes: 0 plan figures differ beyond print rounding)
if [ -z "$after" ] && grep -q '^0 plan figures (the plan.s own prediction) differ' "$TMP/t2.txt"; then
	after=0
fi
[ -n "$before" ] && [ -n "$after" ] && awk -v a="$after" -v b="$before" 'BEGIN { exit !(a + 0 < b / 2) }' &&
	ok "with the measured inputs the difference falls by more than half ($before% -> $after%)" ||
	notok "advice: $(grep 'plan figure' "$TMP/t2.txt")"
grep '^  explained' "$TMP/t2.txt" | grep -q 'activation peak\|device memory' &&
	notok "inputs already given are still named" || ok "inputs the plan now has are not named"
# JSON counts it
"$KVPLAN" reconcile "$LOG" $P --format json | tr -d '\t\n' >"$TMP/flat"
grep -q '"figure":"KV budget","class":"observed",.*"prediction":true,"plan_error":true' "$TMP/flat" &&
	grep -q '"arithmetic_mismatches":0,"plan_mismatches":1,"plan_mismatch_explained":"explained by what vllm measured' "$TMP/flat" &&
	ok "json: plan_error and plan_mismatches" || notok "json"
# the plan given the engine's own budget agrees: exit 0
"$KVPLAN" reconcile "$LOG" $P --kv-cache-memory-bytes 4090956349 >"$TMP/t3.txt"
expect "the log's budget given: exit" 0 "$?"
grep -q '^0 plan figures (the plan.s own prediction) differ' "$TMP/t3.txt" && ok "no plan figure differs" ||
	notok "$(grep 'plan figure' "$TMP/t3.txt")"
[ "$fails" -eq 0 ]
