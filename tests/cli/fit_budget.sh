#!/bin/sh
# fit_budget.sh - `kvplan fit`: per-device budgets in the JSON record,
# exit 0 when every device fits, 1 when one does not, the text bars.
. "$(dirname "$0")/fit_lib.inc"

# One H100, measured activations 1 GiB, the worked example's default
# overheads (cuda_context 360 MiB + cuda_graphs 384 MiB = 744 MiB =
# 780,140,544): 85,520,809,984 - (22,676,285,440 weights + 4,026,531,840
# KV + 1,073,741,824 + 780,140,544 = 28,556,699,648) = 56,964,110,336 free
"$KVPLAN" fit --activations 1GiB --format json >"$TMP/r.json" 2>"$TMP/err"
rc=$?
expect "fit exit" 0 "$rc"
expect "capacity_bytes" $CAP "$(nth "$TMP/r.json" capacity_bytes 2)"
expect "weights_bytes" $W "$(nth "$TMP/r.json" weights_bytes 1)"
expect "kv_bytes" 4026531840 "$(nth "$TMP/r.json" kv_bytes 1)"
expect "activations_bytes" 1073741824 "$(nth "$TMP/r.json" activations_bytes 2)"
expect "overhead_bytes" 780140544 "$(nth "$TMP/r.json" overhead_bytes 1)"
expect "free_bytes" 56964110336 "$(nth "$TMP/r.json" free_bytes 1)"
grep -q '"activations_estimated":	false' "$TMP/r.json" && ok "measured activations" || notok "measured activations"

# Headroom 5 %: floor(85,520,809,984 x 0.05) = 4,276,040,499;
# 56,964,110,336 - 4,276,040,499 = 52,688,069,837
"$KVPLAN" fit --activations 1GiB --reserve 5% --format json >"$TMP/r.json"
expect "headroom_bytes" 4276040499 "$(nth "$TMP/r.json" headroom_bytes 1)"
expect "free with headroom" 52688069837 "$(nth "$TMP/r.json" free_bytes 1)"

# A 24 GiB card: 25,769,803,776 - 28,556,699,648 = -2,786,895,872 -> exit 1
"$KVPLAN" fit --activations 1GiB --card-capacity 24GiB --format json >"$TMP/r.json"
rc=$?
expect "over: exit" 1 "$rc"
expect "over: free_bytes" -2786895872 "$(nth "$TMP/r.json" free_bytes 1)"
grep -q '"fits":	false' "$TMP/r.json" && ok "over: fits false" || notok "over: fits false"

# TP 2: 4 of 8 KV heads per rank -> 2,013,265,920; weights / 2 =
# 11,338,142,720 plus the norms each rank holds whole: 40 x 2 x 5,120 +
# 5,120 = 414,720 norm parameters, 207,360 beyond the 1/2 share, x 2 B =
# 414,720 -> 11,338,557,440
"$KVPLAN" fit --activations 1GiB --tp 2 --format json >"$TMP/r.json"
expect "tp2 devices" 2 "$(grep -c '"tp_rank":' "$TMP/r.json")"
expect "tp2 kv rank 1" 2013265920 "$(nth "$TMP/r.json" kv_bytes 2)"
expect "tp2 weights rank 1" 11338557440 "$(nth "$TMP/r.json" weights_bytes 2)"
expect "tp2 heads per rank" 4 "$(nth "$TMP/r.json" kv_heads_per_rank 2)"

# PP 3 (vLLM split of 40 layers: 13, 14, 13): stage 1 holds layers 13-26,
# 14 x 100,663,296 = 1,409,286,144 bytes of KV
"$KVPLAN" fit --activations 1GiB --pp 3 --format json >"$TMP/r.json"
expect "pp3 stage 1 first layer" 13 "$(nth "$TMP/r.json" first_layer 2)"
expect "pp3 stage 1 last layer" 26 "$(nth "$TMP/r.json" last_layer 2)"
expect "pp3 stage 1 kv" 1409286144 "$(nth "$TMP/r.json" kv_bytes 2)"

# DP 2: 3 requests each: 3 x 671,088,640 = 2,013,265,920; all weights
"$KVPLAN" fit --activations 1GiB --dp 2 --format json >"$TMP/r.json"
expect "dp2 replica 1 kv" 2013265920 "$(nth "$TMP/r.json" kv_bytes 2)"
expect "dp2 replica 1 weights" $W "$(nth "$TMP/r.json" weights_bytes 2)"

# --card NAME[xN]: 8 H100s as tp 8 -> 8 devices of 81,559 MiB; with tp 1
# the other 7 cards hold nothing: the pooled-memory warning
"$KVPLAN" fit --card h100-80gb-sxmx8 --tp 8 --activations 1GiB --format json >"$TMP/r.json"
expect "card x8 devices" 8 "$(grep -c '"tp_rank":' "$TMP/r.json")"
expect "card x8 capacity" $CAP "$(nth "$TMP/r.json" capacity_bytes 9)"
"$KVPLAN" fit --card h100-80gb-sxmx8 --activations 1GiB >"$TMP/t.txt"
grep -q 'KVP-W06 pooled-memory: devices: 8 cards given' "$TMP/t.txt" && ok "x8 with tp 1 warns" || notok "x8 with tp 1 warns"

# --default-overheads with tp 2: cuda_context 360 MiB + cuda_graphs
# 384 MiB + tp_comm 144 MiB + allocator_reserve 0 = 888 MiB =
# 931,135,488 B per device; without tp no tp_comm: 744 MiB = 780,140,544
"$KVPLAN" fit --tp 2 --default-overheads --format json >"$TMP/r.json"
expect "default overheads tp 2" 931135488 "$(nth "$TMP/r.json" overhead_bytes 2)"
"$KVPLAN" fit --default-overheads --format json >"$TMP/r.json"
expect "default overheads tp 1" 780140544 "$(nth "$TMP/r.json" overhead_bytes 1)"
# the worked example brings them without the flag; --tp before or after
# does not matter (completed after the flags): tp 2 -> 888 MiB
"$KVPLAN" fit --tp 2 --format json >"$TMP/r.json"
expect "example overheads tp 2" 931135488 "$(nth "$TMP/r.json" overhead_bytes 2)"
# --no-default-overheads: none; an --overhead of the user's stays
"$KVPLAN" fit --no-default-overheads --format json >"$TMP/r.json"
expect "no default overheads" 0 "$(nth "$TMP/r.json" overhead_bytes 1)"
"$KVPLAN" fit --no-default-overheads --overhead cuda_graphs=1MiB --format json >"$TMP/r.json"
expect "no defaults, own entry" 1048576 "$(nth "$TMP/r.json" overhead_bytes 1)"
# an --overhead of a default's name replaces it: 360 MiB + 1 MiB = 361 MiB
# = 378,535,936
"$KVPLAN" fit --overhead cuda_graphs=1MiB --format json >"$TMP/r.json"
expect "own entry replaces default" 378535936 "$(nth "$TMP/r.json" overhead_bytes 1)"
# a plan file without overheads gets them with --card, not without;
# a plan file with its own overheads keeps them
"$KVPLAN" fit --no-default-overheads --format json >"$TMP/plan0.json"
"$KVPLAN" fit "$TMP/plan0.json" --format json >"$TMP/r.json"
expect "plan file: no --card, none" 0 "$(nth "$TMP/r.json" overhead_bytes 1)"
"$KVPLAN" fit "$TMP/plan0.json" --card h100-80gb-sxm --format json >"$TMP/r.json"
expect "plan file + --card: defaults" 780140544 "$(nth "$TMP/r.json" overhead_bytes 1)"
"$KVPLAN" fit "$TMP/plan0.json" --card h100-80gb-sxm --no-default-overheads --format json >"$TMP/r.json"
expect "plan file + --card --no-default-overheads" 0 "$(nth "$TMP/r.json" overhead_bytes 1)"
# --default-overheads before --tp 2 on a plan file: completed after the
# flags, so tp_comm is there: 888 MiB = 931,135,488
"$KVPLAN" fit "$TMP/plan0.json" --default-overheads --tp 2 --format json >"$TMP/r.json"
expect "plan file: --default-overheads then --tp 2" 931135488 "$(nth "$TMP/r.json" overhead_bytes 1)"
"$KVPLAN" fit --no-default-overheads --overhead x=2MiB --format json >"$TMP/plan2.json"
"$KVPLAN" fit "$TMP/plan2.json" --card h100-80gb-sxm --format json >"$TMP/r.json"
expect "plan file's own overheads kept" 2097152 "$(nth "$TMP/r.json" overhead_bytes 1)"

# Text: the bar (ASCII glyphs without UTF-8), the legend in B, GiB, GB
LC_ALL=C "$KVPLAN" fit --activations 1GiB >"$TMP/t.txt"
grep -q '^  \[|||' "$TMP/t.txt" && ok "text: ascii bar" || notok "text: ascii bar"
# 4,026,531,840 B = 3.75 GiB = 4.03 GB
grep -q '# KV cache .*4,026,531,840 B *3\.75 GiB *4\.03 GB' "$TMP/t.txt" && ok "text: KV legend" || notok "text: KV legend"
grep -q '^fits: every device (1) fits' "$TMP/t.txt" && ok "text: verdict" || notok "text: verdict"
LC_ALL=C "$KVPLAN" fit --activations 1GiB --card-capacity 24GiB >"$TMP/t.txt"
# overflow drawn past the capacity mark: "]" followed by more glyphs
grep -q '^  \[[^]]*\][|#*@:]' "$TMP/t.txt" && ok "text: overflow past the mark" || notok "text: overflow past the mark"
# over by 2,786,895,872 B = 2.5955 GiB (2.60) = 2.7869 GB (2.79)
grep -q 'OVER BY *2,786,895,872 B *2\.60 GiB *2\.79 GB' "$TMP/t.txt" && ok "text: over by" || notok "text: over by"
LC_ALL=C.UTF-8 "$KVPLAN" fit --activations 1GiB >"$TMP/u.txt"
grep -q '█' "$TMP/u.txt" && ok "text: UTF-8 blocks" || notok "text: UTF-8 blocks"

[ "$fails" -eq 0 ]
