#!/bin/sh
# llamacpp_np_auto.sh - llama-server's -np auto (kvplan --parallel auto,
# src/core/engines/llamacpp/lc_slots.c; era.c rows PR #16736 at b7079 and
# PR #17997 at b7698) through the CLI and the launch reader, worked by
# hand. gpt-oss-20b: 24 layers, 12 full and 12 sliding over 128 tokens,
# 8 KV heads x 64, f16: 2 x 8 x 64 x 2 B = 2,048 B per cell per layer.
# -c 8192, -ub 512 (default):
#   full:  12 x 8,192 x 2,048 = 201,326,592 B (one slot, or 4 slots on
#          one unified stream of n_ctx cells: the same)
#   4 unified slots: SWA pad256(min(8192, 128 x 4 + 512)) = 1,024 cells,
#          12 x 1,024 x 2,048 = 25,165,824; total 226,492,416
#   1 slot: SWA pad256(128 + 512) = 768 cells, 12 x 768 x 2,048 =
#          18,874,368; total 220,200,960
# The default workload is 6 requests of 4,096 tokens: 4 slots run 4 of
# them at once, 16,384 cells, and 8,192 cells hold 2: llama-server ends
# the running requests (server-context.cpp update_slots, "Context size
# has been exceeded"), so the verdict is does not fit. At -c 32768 the
# cache holds 8: 4 run, 2 wait; the full layers 12 x 32,768 x 2,048 =
# 805,306,368 + 25,165,824 = 830,472,192 B.
. "$(dirname "$0")/fit_lib.inc"
M="--model gpt-oss-20b --engine llama.cpp"

key() { grep "\"$2\":" "$1" | head -1 | sed 's/^[^:]*:[ 	]*//; s/,$//; s/"//g'; }
# kvb FILE: the record's top-level "kv" copy's bytes (the figure scripts
# read first, HACKING.md)
kvb() { sed -n '/^	"kv":/,/^	}/p' "$1" | grep '^		"bytes":' | sed 's/^[^:]*:[ 	]*//; s/,$//'; }

"$KVPLAN" calc $M --ctx-size 8192 --parallel auto --format json >"$TMP/a.json"
expect "auto: kv bytes" 226492416 "$(kvb "$TMP/a.json")"
expect "auto: parallel_auto" 4 "$(key "$TMP/a.json" parallel_auto)"
expect "auto: max_requests" 4 "$(key "$TMP/a.json" max_requests)"
expect "auto: SWA cells" 1024 "$(key "$TMP/a.json" cells_swa)"
expect "auto: the plan keeps auto" auto "$(key "$TMP/a.json" parallel)"
expect "auto: verdict reason" slots_overfill_cache "$(key "$TMP/a.json" reason)"
"$KVPLAN" calc "$TMP/a.json" --format json >"$TMP/b.json"
expect "the record read back as a plan: kv bytes" 226492416 "$(kvb "$TMP/b.json")"
expect "the record read back: still auto" auto "$(key "$TMP/b.json" parallel)"

"$KVPLAN" calc $M --ctx-size 8192 --format json >"$TMP/o.json"
expect "-np 1: kv bytes" 220200960 "$(kvb "$TMP/o.json")"
grep -q '"parallel_auto"' "$TMP/o.json" && notok "-np 1: parallel_auto written" ||
	ok "-np 1: no parallel_auto"

"$KVPLAN" calc $M --ctx-size 32768 --parallel auto --format json >"$TMP/c.json"
expect "auto -c 32768: kv bytes" 830472192 "$(kvb "$TMP/c.json")"
expect "auto -c 32768: 4 run, 2 wait" requests_wait "$(key "$TMP/c.json" state)"

"$KVPLAN" calc $M --ctx-size 8192 --parallel auto >"$TMP/t.txt"
grep -q '^verdict       does not fit: every device (1) fits, but llama.cpp 84f71294 runs 4 requests at once in its slots, and its unified cache of 8,192 cells holds 2 of them' "$TMP/t.txt" &&
	ok "verdict: the slots overfill the cache" || notok "verdict: $(grep verdict "$TMP/t.txt")"
grep -q -- '-np auto at 84f71294: 4 slots on one unified cache' "$TMP/t.txt" &&
	ok "note: what auto became" || notok "note: $(grep note "$TMP/t.txt")"

# a request longer than the slot: under auto the slot is the unified
# cache's n_ctx (server-context.cpp n_ctx_slot: llama_n_ctx_seq, n_ctx
# when unified), not ctx_size / parallel
"$KVPLAN" calc $M --ctx-size 2048 --parallel auto >"$TMP/t.txt"
grep -q "^verdict       does not fit: a request of 4,096 tokens is longer than llama.cpp 84f71294's slot of 2,048 cells (the unified cache's ctx_size)" "$TMP/t.txt" &&
	ok "verdict: the unified slot" || notok "verdict: $(grep verdict "$TMP/t.txt")"

# the launch reader: no -np, -np -1 and -no-kvu are auto (v0.4.0's
# server.cpp forces kv_unified for auto); -np 1 is one slot
for cmd in "-c 8192" "-c 8192 -np -1" "-c 8192 -no-kvu"; do
	"$KVPLAN" calc --model gpt-oss-20b --format json -- llama-server -m x $cmd >"$TMP/l.json" 2>/dev/null
	expect "llama-server $cmd: kv bytes" 226492416 "$(kvb "$TMP/l.json")"
done
"$KVPLAN" calc --model gpt-oss-20b --format json -- llama-server -m x -c 8192 -np 1 >"$TMP/l.json" 2>/dev/null
expect "llama-server -np 1: kv bytes" 220200960 "$(kvb "$TMP/l.json")"
"$KVPLAN" calc --model gpt-oss-20b --emit llama-server --parallel auto --ctx-size 8192 >"$TMP/e.txt" 2>&1
grep -q -- ' -np' "$TMP/e.txt" && notok "emit: auto wrote -np: $(cat "$TMP/e.txt")" ||
	ok "emit: auto is written as no -np"

# by build: b6845 auto is one slot; b7347 -np 1 is 4 unified slots
# (issue #17300); b7000 is between PR #16736's bounds
"$KVPLAN" calc --model gpt-oss-20b --engine llama.cpp@b6845 --ctx-size 8192 --parallel auto --format json >"$TMP/d.json"
expect "b6845 auto: one slot" 220200960 "$(kvb "$TMP/d.json")"
"$KVPLAN" calc --model gpt-oss-20b --engine llama.cpp@b7347 --ctx-size 8192 --format json >"$TMP/d.json"
expect "b7347 -np 1: 4 unified slots" 226492416 "$(kvb "$TMP/d.json")"
expect "b7347 -np 1: parallel_auto" 4 "$(key "$TMP/d.json" parallel_auto)"
bad "b7000 auto: between b6845 and b7079" "name b6845 or earlier, or b7079 or later" \
	calc --model gpt-oss-20b --engine llama.cpp@b7000 --ctx-size 8192 --parallel auto
bad "-np 0 refused" "engine.llamacpp.parallel: 0 - must be at least 1" \
	calc $M --parallel 0
[ "$fails" -eq 0 ]
