#!/bin/sh
# speed_envelope.sh - the speed envelope (src/core/speed/speed.c) through the
# CLI: calc's lines below the verdict, the record's result.speed, the card
# flags, and solve --for throughput, worked by hand on the default plan
# (weights 22,676,285,440 B, see fit_lib.inc; the table 32,000 x 5,120 =
# 163,840,000 params, 327,680,000 B) on the default H100 SXM (data sheet:
# 3.35 TB/s, 989.5 TFLOP/s dense BF16).
. "$(dirname "$0")/fit_lib.inc"

# Decode, 6 sequences of 4,096: read 22,676,285,440 - 327,680,000 =
# 22,348,605,440 B of weights + 4,026,531,840 B of KV = 26,375,137,280 B;
# / 3,350 GB/s = 7,873,175.3 -> 7,873,175 ns. Per sequence 10^12 /
# 7,873,175 = 127,013.4 -> 127,014 thousandths; all 6: 762,081.2 -> 762,082.
"$KVPLAN" calc --format json >"$TMP/r.json"
expect "json exit" 0 "$?"
expect "decode_step_ns" 7873175 "$(nth "$TMP/r.json" decode_step_ns 1)"
expect "seq_tps_milli" 127014 "$(nth "$TMP/r.json" seq_tps_milli 1)"
expect "aggregate_tps_milli" 762082 "$(nth "$TMP/r.json" aggregate_tps_milli 1)"
expect "weight_read_bytes" 22348605440 "$(nth "$TMP/r.json" weight_read_bytes 1)"
expect "device decode_read_bytes" 26375137280 "$(nth "$TMP/r.json" decode_read_bytes 1)"
grep -q '"kind":	"roofline bound from the cards'"'"' data sheets, not a measurement"' "$TMP/r.json" &&
	ok "record labels the bound" || notok "record labels the bound"

"$KVPLAN" calc >"$TMP/t.txt"
grep -q '^speed bound   roofline bound' "$TMP/t.txt" && ok "calc says what the bound is" || notok "calc label"
grep -q '^  decode      <= 127.01 tokens/s per sequence, <= 762.08 tokens/s for all 6 (22.35 GB weights + 4.03 GB KV read per step at 3,350 GB/s, memory-bound)$' "$TMP/t.txt" &&
	ok "calc decode line" || notok "calc decode line: $(grep decode "$TMP/t.txt")"

# A card without a bandwidth: no bound, the field named; json null.
"$KVPLAN" calc --card-bandwidth 0 >"$TMP/t.txt"
grep -q 'no bound: a card.s memory bandwidth is not known (devices.groups\[i\].card.bandwidth' "$TMP/t.txt" &&
	ok "unknown bandwidth named" || notok "unknown bandwidth: $(grep decode "$TMP/t.txt")"
"$KVPLAN" calc --card-bandwidth 0 --format json >"$TMP/r.json"
grep -q '"seq_tps_milli":	null' "$TMP/r.json" && ok "json null when unknown" || notok "json null"

# The card flags: half the bandwidth, twice the time (1,675 GB/s:
# 26,375,137,280 / 1,675 = 15,746,350.6 -> 15,746,350 ns).
"$KVPLAN" calc --card-bandwidth 1675GB --format json >"$TMP/r.json"
expect "--card-bandwidth 1675GB" 15746350 "$(nth "$TMP/r.json" decode_step_ns 1)"
bad "bad bandwidth" "devices.groups[0].card.bandwidth: 'fast'" calc --card-bandwidth fast
bad "bad peak" "devices.groups[0].card.flops_16bit" calc --card-flops-16bit -1

# solve --for throughput, 128-token sequences (100 + 28, 128 slots each):
# per step 22,348,605,440 + B x 20,971,520 B read and B x (2 x
# 11,174,302,720 + 40 x 2 x 40 x 256 x 128) = B x 22,453,463,040 FLOPs.
# read(406) = 22,348,605,440 + 8,514,437,120 = 30,863,042,560 -> / 3,350 =
#   9,212,848.5 -> 9,212,848 ns; FLOPs 9,116,105,994,240 / 989.5 x 10^12
#   -> 9,212,840 ns: memory-bound by 8 ns;
# read(407) = 30,884,014,080 -> 9,219,108 ns; FLOPs 9,138,559,457,280
#   -> 9,235,532 ns: compute-bound. Answer 407: 407 x 10^12 / 9,235,532
#   = 44,068,928.7 -> 44,068,929 thousandths (44,068.93 tokens/s); 406:
#   406 x 10^12 / 9,212,848 = 44,068,891.3 -> 44,068.89.
"$KVPLAN" solve --for throughput --prompt 100 --gen 28 --max-cache-len 128 >"$TMP/t.txt"
expect "throughput exit" 0 "$?"
grep -q '^solve throughput: 407 requests (407 resident sequences) of 128 tokens each: <= 44,068.93 tokens/s in all' "$TMP/t.txt" &&
	ok "throughput answer 407" || notok "throughput: $(head -1 "$TMP/t.txt")"
grep -q '^check: 407 requests fit at <= 44,068.93 tokens/s in all, decode compute-bound; 406 give <= 44,068.89 (memory-bound)' "$TMP/t.txt" &&
	ok "throughput check 406" || notok "throughput check: $(sed -n 2p "$TMP/t.txt")"
bad "throughput needs a bandwidth" "card.bandwidth: not known" solve --for throughput --card-bandwidth 0

# Speculative decoding (vLLM ngram, 3 tokens a step): a step emits up to 4
# tokens a sequence, and calc, its record and solve say so; a llama.cpp
# draft without --draft-max has no rate bound, and solve refuses it.
"$KVPLAN" calc --engine vllm --speculative-method ngram --num-speculative-tokens 3 >"$TMP/t.txt"
grep -q '^  decode      <= .*, memory-bound; up to 4 tokens a step, every draft accepted)$' "$TMP/t.txt" &&
	ok "calc says the tokens a step" || notok "calc spec: $(grep decode "$TMP/t.txt")"
"$KVPLAN" calc --engine vllm --speculative-method ngram --num-speculative-tokens 3 --format json >"$TMP/r.json"
expect "step_tokens" 4 "$(nth "$TMP/r.json" step_tokens 1)"
"$KVPLAN" solve --for throughput --engine vllm --speculative-method ngram --num-speculative-tokens 3 >"$TMP/t.txt"
grep -q '^solve throughput: .*not a measurement; up to 4 tokens a step, every draft accepted)$' "$TMP/t.txt" &&
	ok "solve says the tokens a step" || notok "solve spec: $(head -1 "$TMP/t.txt")"
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --model-draft qwen2-0.5b --model qwen3-8b >"$TMP/t.txt"
grep -q '^  decode      no bound: a draft emits up to 1 + its tokens a step, and the plan does not give them (engine.llamacpp.draft_max, --draft-max)$' "$TMP/t.txt" &&
	ok "llama.cpp draft without --draft-max: no bound" || notok "draft no bound: $(grep decode "$TMP/t.txt")"
bad "throughput needs --draft-max" "engine.llamacpp.draft_max: not given" solve --for throughput --engine llama.cpp --ctx-size 4096 --model qwen3-8b --model-draft qwen2-0.5b

[ "$fails" -eq 0 ]
