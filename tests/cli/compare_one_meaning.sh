#!/bin/sh
# compare_one_meaning.sh - one meaning per figure and one validation for
# every command (issue 33). On the worked example on an L4 (24 GB), where
# the transformers cache of 6 rows does not fit: compare's workload_fit
# for each engine is calc's result.engine.workload_fit (the engine's own
# count; it said 0 where calc said 6), its requests_fit and mix_fit are
# calc's result.mix (which calc's record lacked); and a generic-strategy
# flag calc refuses under a named engine is refused on that engine's
# compare row in calc's words (compare showed the rows as fine).
. "$(dirname "$0")/fit_lib.inc"

# int FILE KEY N: the N-th integer of "KEY" in the file
int() { grep "\"$2\":" "$1" | sed -n "$3p" | sed 's/^[^:]*:[ 	]*//; s/,$//'; }

"$KVPLAN" compare --card l4 --format json >"$TMP/c.json" 2>"$TMP/err"
expect "compare exit" 0 "$?"
# rows computed on the L4: generic, llama.cpp, transformers (the pool
# engines refuse the card), in that order
n=1
for e in generic llama.cpp transformers; do
	"$KVPLAN" calc --card l4 --engine $e --format json >"$TMP/$e.json" 2>"$TMP/err"
	wf=$(int "$TMP/$e.json" workload_fit 1)
	[ -n "$wf" ] || wf=0   # the generic record has no engine object
	expect "$e: compare's workload_fit is calc's" "$wf" "$(int "$TMP/c.json" workload_fit $n)"
	expect "$e: compare's requests_fit is calc's result.mix" "$(int "$TMP/$e.json" requests_fit 1)" "$(int "$TMP/c.json" requests_fit $n)"
	expect "$e: compare's mix_fit is calc's result.mix" "$(int "$TMP/$e.json" mix_fit 1)" "$(int "$TMP/c.json" mix_fit $n)"
	n=$((n + 1))
done
# transformers by hand: 6 rows of 4,096 positions x 163,840 B =
# 4,026,531,840 B of KV beside the 22,676,285,440 B of weights
# (fit_lib.inc) is 26,702,817,280 B, past the L4's 24,152,899,584 B
# before activations: none of the workload fits at once, while the
# engine's own count is its 6 rows
expect "transformers' own count" 6 "$(int "$TMP/transformers.json" workload_fit 1)"
expect "transformers on the L4: none fit" 0 "$(int "$TMP/transformers.json" requests_fit 1)"

# --resident-layers: calc refuses it under each named engine; compare
# refuses it on each named engine's row, in the same words
"$KVPLAN" compare --resident-layers 4 --format json >"$TMP/r.json" 2>"$TMP/err"
expect "compare --resident-layers exit" 0 "$?"
for e in llama.cpp vllm transformers sglang trtllm; do
	"$KVPLAN" calc --engine $e --resident-layers 4 >/dev/null 2>"$TMP/err"
	want=$(sed 's/^kvplan calc: //' "$TMP/err")
	grep -qF "\"error\":	\"$want\"" "$TMP/r.json" && ok "$e: compare's row refused in calc's words" ||
		notok "$e: calc says '$want'; compare: $(grep -A2 "\"engine\":	\"$e\"" "$TMP/r.json" | tr -d '\n\t')"
done
grep -A1 '"engine":	"generic"' "$TMP/r.json" | grep -q '"status":	"ok"' && ok "the generic row takes it" ||
	notok "generic row: $(grep -A1 '"engine":	"generic"' "$TMP/r.json")"
"$KVPLAN" compare --resident-layers 4 >"$TMP/r.txt"
grep -q "^transformers  error: --resident-layers: '4' - a generic-strategy setting, not read by engine transformers; use the engine's own --hf-cache offloaded" "$TMP/r.txt" &&
	ok "the text says it on the row" || notok "text: $(grep transformers "$TMP/r.txt" | head -2)"
[ "$fails" -eq 0 ]
