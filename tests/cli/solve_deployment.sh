#!/bin/sh
# solve_deployment.sh - `kvplan solve --for deployment`: the ranked answer
# for Llama-3.1-70B on the shipped cards, worked by hand (the arithmetic
# is in tests/unit/test_search.c, llama70b_ranking): one request of
# 7,168 + 1,024 tokens, bf16 cache (327,680 B per position: 2,684,354,560
# B), 1 GiB activations, default overheads (780,140,544 B at tp 1),
# weights 141,107,412,992 B; one card needs 145,645,649,920 B:
#   1. 1 x H200-141GB   150,754,820,096: free 5,109,170,176 (4.76 GiB)
#   2. 1 x B200-180GB   192,265,846,784: free 46,620,196,864 (43.42 GiB)
#   3. 1 x GB200-186GB  198,674,743,296: free 53,029,093,376 (49.39 GiB)
#   (then the MI300X, 206,141,652,992, and the M2 Ultra, 206,158,430,208)
# Two requests on the H200 need 2,684,354,560 more: 5,109,170,176 -
# 2,684,354,560 = 2,424,815,616 free, three do not (-259,538,944 B =
# 0.24 GiB over). Then bad input, each refused with one line.
. "$(dirname "$0")/fit_lib.inc"

A="--model llama-3.1-70b --concurrency 1 --prompt 7168 --gen 1024 --activations 1GiB --engines generic --kv-formats bf16 --max-pp 1"
# shellcheck disable=SC2086
"$KVPLAN" solve --for deployment $A --top 3 >"$TMP/t.txt" 2>"$TMP/err"
expect "exit with answers" 0 "$?"
grep -q '^  1\. 1 x H200-141GB (140 GiB)  1x1 tp1 pp1 dp1  generic  kv bf16  weights bf16  free 4\.76 GiB on device 0$' "$TMP/t.txt" &&
	ok "1. H200" || notok "1.: $(grep '^  1\.' "$TMP/t.txt")"
grep -q '^  2\. 1 x B200-180GB (179 GiB)  1x1 tp1 pp1 dp1  generic  kv bf16  weights bf16  free 43\.42 GiB on device 0$' "$TMP/t.txt" &&
grep -q '^  3\. 1 x GB200-186GB (185 GiB)  1x1 tp1 pp1 dp1  generic  kv bf16  weights bf16  free 49\.39 GiB on device 0$' "$TMP/t.txt" &&
	ok "2. B200, 3. GB200" || notok "2./3.: $(grep '^  [23]\.' "$TMP/t.txt")"
grep -q '^     check: 2 requests of the mix fit; 3 do not$' "$TMP/t.txt" && ok "H200 check 2/3" || notok "check: $(grep check "$TMP/t.txt" | head -1)"
grep -q '^     binds: KV on device 0 (tp rank 0, pp stage 0, dp replica 0): at 3 requests device 0 over by 0\.24 GiB$' "$TMP/t.txt" &&
	ok "H200 binds on KV" || notok "binds: $(grep binds "$TMP/t.txt" | head -1)"
grep -q '^  1 x L40S-48GB  1x1 tp1 pp1 dp1  generic  kv bf16  weights bf16: device 0 over by' "$TMP/t.txt" &&
	ok "L40S nearest miss" || notok "miss: $(grep L40S "$TMP/t.txt")"

# shellcheck disable=SC2086
"$KVPLAN" solve --for deployment $A --top 1 --format json >"$TMP/s.json"
grep -q '"free_bytes":	5109170176,' "$TMP/s.json" && grep -q '"max_requests":	2,' "$TMP/s.json" &&
	ok "json exact bytes" || notok "json: $(head -30 "$TMP/s.json")"
# shellcheck disable=SC2086
"$KVPLAN" solve --for deployment $A --top 1 --format csv >"$TMP/s.csv"
sed -n 2p "$TMP/s.csv" | grep -q '^fits,1,H200-141GB,1,1,1,1,1,1,generic,bf16,bf16,150754820096,,5109170176,1,2,8192,' &&
	ok "csv row" || notok "csv: $(sed -n 2p "$TMP/s.csv")"

# --all: every configuration computed, the same first answer
# shellcheck disable=SC2086
"$KVPLAN" solve --for deployment $A --all --format csv >"$TMP/all.csv"
sed -n 2p "$TMP/all.csv" | grep -q '^fits,1,H200-141GB,1,1,1,1,1,1,' && ok "--all first" || notok "--all: $(sed -n 2p "$TMP/all.csv")"
# 2 x L40S is out under --all too: its nearest miss is tp 2
grep -q '^miss,,L40S-48GB,2,2,1,2,1,1,generic' "$TMP/all.csv" && ok "2 x L40S nearest" || notok "L40S: $(grep L40S "$TMP/all.csv")"

# nothing fits: exit 1
"$KVPLAN" solve --for deployment --model llama-3.1-70b --cards t4 --per-node 2 >"$TMP/t.txt" 2>"$TMP/err"
expect "nothing fits exit" 1 "$?"
grep -q '^no configuration fits$' "$TMP/t.txt" && ok "says so" || notok "$(cat "$TMP/t.txt")"

# --rank price: the cheaper card first, per hour
cat >"$TMP/prices.json" <<'J'
{"kvplan": "prices", "currency": "USD", "cards": {"h200-141gb": 3.5, "MI300X-192GB": 2.25}}
J
"$KVPLAN" solve --for deployment --model llama-3.1-70b --concurrency 1 --activations 1GiB --engines generic --cards h200-141gb,mi300x --rank price --prices "$TMP/prices.json" --top 1 >"$TMP/t.txt" 2>"$TMP/err"
expect "price exit" 0 "$?"
grep -q '^  1\. 1 x MI300X-192GB .* 2\.25 USD/h$' "$TMP/t.txt" && ok "cheapest first" || notok "price: $(cat "$TMP/t.txt" "$TMP/err")"

# --rank throughput: every configuration judged, the highest decode bound
# first, each line with its bound (the ranking itself: test_search.c)
# shellcheck disable=SC2086
"$KVPLAN" solve --for deployment $A --cards h200-141gb,mi300x --rank throughput --top 2 >"$TMP/t.txt" 2>"$TMP/err"
expect "throughput exit" 0 "$?"
grep -q 'ranked below the answers and not computed 0$' "$TMP/t.txt" && ok "throughput judges everything" || notok "$(sed -n 2p "$TMP/t.txt")"
grep -q '^  1\. .*  decode <= [0-9,.]* tok/s$' "$TMP/t.txt" && ok "throughput bound shown" || notok "$(sed -n 5p "$TMP/t.txt" "$TMP/err")"

printf '{"kvplan": "prices", "cards": {"l4": -1}}' >"$TMP/neg.json"
printf '{"kvplan": "prices", "cards": {"l4": 1}, "colour": 1}' >"$TMP/key.json"
printf '{"kvplan": "prices", "cards": {"l4": "cheap"}}' >"$TMP/str.json"
printf '{"kvplan": "prices", "cards": {' >"$TMP/broken.json"
bad "price below zero" "cards.l4: -1 - expected a price above 0" solve --for deployment --prices "$TMP/neg.json"
bad "price file unknown key" "colour: unknown key" solve --for deployment --prices "$TMP/key.json"
bad "price not a number" "cards.l4: expected a number" solve --for deployment --prices "$TMP/str.json"
bad "price file not JSON" "not valid JSON" solve --for deployment --prices "$TMP/broken.json"
bad "price file missing" "--prices: $TMP/none.json" solve --for deployment --prices "$TMP/none.json"
bad "rank price without prices" "--rank price: needs --prices" solve --for deployment --rank price
bad "a card without a price" "no price for card 'L4-24GB'" solve --for deployment --cards h200-141gb,l4 --rank price --prices "$TMP/prices.json"
bad "unknown rank" "--rank: 'speed' - expected cards, price or throughput" solve --for deployment --rank speed
bad "unknown card" "--cards:" solve --for deployment --cards h300
bad "unknown engine" "--engines:" solve --for deployment --engines vllm,tgi
bad "group-quantized weights by name" "--weight-formats: 'int4' - a group-quantized format" solve --for deployment --weight-formats int4
bad "per-node 0" "--per-node: '0' - expected 1 to 64" solve --for deployment --per-node 0
bad "top 0" "--top: '0'" solve --for deployment --top 0
bad "headroom over 1" "--min-headroom: '2'" solve --for deployment --min-headroom 2
bad "bad kv format" "--kv-formats:" solve --for deployment --kv-formats f12

[ "$fails" -eq 0 ]
