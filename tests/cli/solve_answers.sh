#!/bin/sh
# solve_answers.sh - `kvplan solve`: each answer at the boundary (it fits,
# one more does not), worked by hand. Setup: the default plan (weights
# 22,676,285,440 B, see fit_lib.inc) on one H100 (85,520,809,984 B) with
# measured activations of 1 GiB and the worked example's default overheads
# (cuda_context 360 MiB + cuda_graphs 384 MiB = 744 MiB = 780,140,544 B):
# room for KV 85,520,809,984 - 22,676,285,440 - 1,073,741,824 -
# 780,140,544 = 60,990,642,176 B.
. "$(dirname "$0")/fit_lib.inc"

# concurrency: 671,088,640 B per request (4,096 x 163,840):
# floor(60,990,642,176 / 671,088,640) = 90; 90 x = 60,397,977,600 fits
# (56.25 GiB), 91 x = 61,069,066,240 does not
"$KVPLAN" solve --for concurrency --activations 1GiB >"$TMP/t.txt" 2>"$TMP/err"
expect "concurrency exit" 0 "$?"
grep -q '^solve concurrency: 90 requests' "$TMP/t.txt" && ok "90 requests" || notok "90 requests: $(head -1 "$TMP/t.txt")"
grep -q '^check: 90 requests fit; 91 requests do not: device 0 over by' "$TMP/t.txt" && ok "check 90/91" || notok "check: $(sed -n 2p "$TMP/t.txt")"
grep -q '^binding: device 0 (H100-80GB-SXM) is full: weights 21.12 GiB + KV 56.25 GiB' "$TMP/t.txt" && ok "binding constraint" || notok "binding: $(sed -n 3p "$TMP/t.txt")"
"$KVPLAN" solve --for concurrency --activations 1GiB --format json >"$TMP/s.json"
grep -q '^	"value":	90,' "$TMP/s.json" && ok "json value 90" || notok "json value"
grep -q '"next":	91,' "$TMP/s.json" && grep -q '"next_fits":	false' "$TMP/s.json" && ok "json check 91 does not fit" || notok "json check"

# kv-format on a 30 GiB card with 20 requests: room 32,212,254,720 -
# 23,750,027,264 - 780,140,544 = 7,682,086,912. f16: 20 x 671,088,640 = 13,421,772,800
# no; q8_0: K row 1,024 values = 32 blocks x 34 = 1,088 B, K+V x 40
# layers = 87,040 B per position x 4,096 x 20 = 7,130,316,800 fits
"$KVPLAN" solve --for kv-format --activations 1GiB --card-capacity 30GiB --concurrency 20 >"$TMP/t.txt"
expect "kv-format exit" 0 "$?"
grep -q '^solve kv-format: KV cache format q8_0 (87,040 bytes per position)' "$TMP/t.txt" && ok "q8_0" || notok "q8_0: $(head -1 "$TMP/t.txt")"
grep -q '^check: q8_0 fits; f16 (more precise) does not' "$TMP/t.txt" && ok "f16 does not" || notok "check: $(sed -n 2p "$TMP/t.txt")"

# cards for 300 requests (201,326,592,000 B of KV): 2 cards cannot hold
# it (tp 2: 100,663,296,000 per rank; pp 2: the same per stage, each over
# 85,520,809,984); 3 cards: tp 3 does not divide 40 heads, pp 3 splits
# 13/14/13 layers: stage 1 = 300 x 4,096 x 14 x 4,096 = 70,464,307,200 KV
# + 22,020,925,440 x 14/40 = 7,707,323,904 weights + 1 GiB + 780,140,544
# overheads = 80,025,513,472
"$KVPLAN" solve --for cards --activations 1GiB --concurrency 300 >"$TMP/t.txt"
expect "cards exit" 0 "$?"
grep -q '^solve cards: 3 x H100-80GB-SXM as tp 1 x pp 3 x dp 1' "$TMP/t.txt" && ok "3 cards pp 3" || notok "cards: $(head -1 "$TMP/t.txt")"
grep -q 'no layout of 2 fits' "$TMP/t.txt" && ok "2 cards do not" || notok "check: $(sed -n 2p "$TMP/t.txt")"

# max-model-len, one request, 10 % margin: capped by the model's 4,096
# positions; with --max-positions 1000000: room 60,990,642,176 -
# floor(85,520,809,984 / 10) = 8,552,080,998 -> 52,438,561,178 / 163,840
# = 320,059 tokens (320,059 x 163,840 = 52,438,466,560)
"$KVPLAN" solve --for max-model-len --margin 10% --activations 1GiB >"$TMP/t.txt"
grep -q '^solve max-model-len: max_model_len 4,096 tokens' "$TMP/t.txt" && ok "capped at 4,096" || notok "mml: $(head -1 "$TMP/t.txt")"
"$KVPLAN" solve --for max-model-len --margin 0.1 --max-positions 1000000 --activations 1GiB >"$TMP/t.txt"
grep -q '^solve max-model-len: max_model_len 320,059 tokens' "$TMP/t.txt" && ok "320,059 tokens" || notok "mml: $(head -1 "$TMP/t.txt")"
grep -q '^check: 320,059 tokens fit; 320,060 tokens do not' "$TMP/t.txt" && ok "320,060 does not" || notok "check: $(sed -n 2p "$TMP/t.txt")"

# length at 6 requests: 983,040 B per token of length ->
# floor(60,990,642,176 / 983,040) = 62,042 (62,042 x 983,040 =
# 60,989,767,680), on a model that takes that many positions
"$KVPLAN" solve --for length --activations 1GiB --max-positions 1000000 >"$TMP/t.txt"
grep -q '^solve length: 62,042 tokens per sequence' "$TMP/t.txt" && ok "62,042 tokens" || notok "length: $(head -1 "$TMP/t.txt")"
# the default model takes 4,096 positions: a longer request does not fit
# (issue 31: solve answered 62,042), whatever the memory
"$KVPLAN" solve --for length --activations 1GiB >"$TMP/t.txt"
grep -q '^solve length: 4,096 tokens per sequence' "$TMP/t.txt" &&
	grep -q "^check: 4,096 tokens fit; 4,097 tokens do not: a request of 4,097 tokens is longer than the model's 4,096 positions" "$TMP/t.txt" &&
	ok "capped at the model's 4,096 positions" || notok "length: $(head -2 "$TMP/t.txt")"

# nothing fits: exit 1
"$KVPLAN" solve --for concurrency --card-capacity 8GiB >"$TMP/t.txt"
expect "nothing fits exit" 1 "$?"

# vLLM refuses its default max_model_len (131,072) on an L4: that is
# where --for max-model-len starts, not an error. Its answer N is checked
# against calc: N computes, N + 1 is refused by vLLM (exit 2).
"$KVPLAN" solve --for max-model-len --engine vllm --model llama-3.1-8b --card l4 \
	--concurrency 1 --gen 0 >"$TMP/m.txt" 2>"$TMP/err"
expect "max-model-len past vLLM's refusal exit" 0 "$?"
n=$(sed -n 's/^solve max-model-len: max_model_len \([0-9,]*\) tokens.*/\1/p' "$TMP/m.txt" | tr -d ,)
if [ -n "$n" ]; then
	"$KVPLAN" calc --engine vllm --model llama-3.1-8b --card l4 --max-model-len "$n" \
		--concurrency 1 --prompt "$n" --gen 0 >/dev/null 2>&1
	expect "calc at the answer $n" 0 "$?"
	"$KVPLAN" calc --engine vllm --model llama-3.1-8b --card l4 --max-model-len $((n + 1)) \
		--concurrency 1 --prompt $((n + 1)) --gen 0 >/dev/null 2>"$TMP/err"
	expect "calc one past the answer" 2 "$?"
	grep -qF 'when initializing the engine.' "$TMP/err" && ok "refusal quoted whole" ||
		notok "refusal: $(cat "$TMP/err")"
else
	notok "max-model-len answer: $(cat "$TMP/m.txt" "$TMP/err")"
fi

bad "missing --for" "--for: missing" solve
bad "unknown --for" "--for: 'speed'" solve --for speed
bad "bad margin" "--margin: 'lots'" solve --for max-model-len --margin lots
# The value refused, not only the flag: a message about some other
# --max-cards trouble would hold the flag too.
bad "bad max-cards" "--max-cards: '0'" solve --for cards --max-cards 0

[ "$fails" -eq 0 ]
