#!/bin/sh
# verdict.sh - the one verdict (issue 31, kvplan/verdict.h) in every output
# and in fit's exit status: 0 fits, 4 fits but requests wait, 1 does not
# fit, 2 bad input.
#
# 200 requests of 4,000 + 1,000 tokens on one RTX 4090 under vLLM (block 16):
# a request takes ceil(5,000 / 16) = 313 blocks. The budget is pinned with
# --kv-cache-memory-bytes 5,914,230,784 = 2,820 blocks of 16 x 131,072 B
# (Llama 3.1 8B: 2 x 32 layers x 8 KV heads x 128 x 2 B per token), one of
# them vLLM's null block: 2,819 // 313 = 9 requests at once, 191 queue.
# Llama 3.1 8B's config has max_position_embeddings 131,072: a request of
# 199,000 + 1,000 = 200,000 tokens is longer than the model takes.
. "$(dirname "$0")/fit_lib.inc"
LLAMA="--model llama-3.1-8b"
WAIT="$LLAMA --card 4090 --engine vllm --max-model-len 8192 --concurrency 200 --prompt 4000 --gen 1000 --kv-cache-memory-bytes 5914230784"

# 200 of 9: memory fits, the engine holds 9; fit exits 4 and says so
"$KVPLAN" fit $WAIT >"$TMP/t.txt"
expect "fit, 9 of 200 held" 4 "$?"
grep -q '^fits, requests wait: every device (1) fits, but vllm [^ ]* holds 9 of the 200 requests at once; the other 191 queue$' "$TMP/t.txt" &&
	ok "fit names K of N and the engine" || notok "fit: $(tail -1 "$TMP/t.txt")"
grep -q '^fits: every device' "$TMP/t.txt" && notok "fit still says fits" || ok "fit does not say fits"
# the issue's own command (vLLM's own budget): requests wait too
"$KVPLAN" fit $LLAMA --card 4090 --engine vllm --max-model-len 8192 --concurrency 200 --prompt 4000 --gen 1000 >"$TMP/t.txt"
expect "the issue's 200-request plan" 4 "$?"
# calc's verdict and speed bound count the 9 the engine holds
"$KVPLAN" calc $WAIT >"$TMP/c.txt"
grep -q '^verdict       fits, requests wait: .* holds 9 of the 200 requests at once' "$TMP/c.txt" &&
	ok "calc's verdict" || notok "calc verdict: $(grep '^verdict' "$TMP/c.txt")"
grep -q '^  decode      <= .* tokens/s for the 9 the engine holds at once (' "$TMP/c.txt" &&
	ok "speed bound over the 9 held" || notok "decode: $(grep decode "$TMP/c.txt")"
# JSON: state, K, N, whose rules
"$KVPLAN" fit $WAIT --format json >"$TMP/r.json"
expect "fit --format json exit" 4 "$?"
tr -d ' \t\n' <"$TMP/r.json" >"$TMP/flat"
grep -q '"verdict":{"state":"requests_wait","reason":"none","requests":200,"admitted":9,"longest":5000,"rules":"vllm' "$TMP/flat" &&
	ok "json verdict" || notok "json verdict: $(grep -o '"verdict":{[^}]*}' "$TMP/flat")"
# the record's speed: 9 sequences decode together, not 200
grep -q '"speed":{[^}]*"sequences":9,' "$TMP/flat" && ok "json speed: 9 sequences" ||
	notok "json speed: $(grep -o '"speed":{[^}]*}' "$TMP/flat" | head -c 300)"
# Markdown and SVG carry the same line
"$KVPLAN" calc $WAIT --format md >"$TMP/r.md"
grep -q '^\*\*Verdict:\*\* fits, requests wait: .* holds 9 of the 200 requests at once; the other 191 queue$' "$TMP/r.md" &&
	ok "markdown verdict" || notok "md: $(grep Verdict "$TMP/r.md")"
"$KVPLAN" calc $WAIT --format svg >"$TMP/r.svg"
grep -q ': fits, requests wait (vllm [^)]*)</text>' "$TMP/r.svg" && grep -q 'holds 9 of the 200' "$TMP/r.svg" &&
	ok "svg verdict" || notok "svg: $(grep -c text "$TMP/r.svg")"
# the sweep's CSV status column
"$KVPLAN" sweep $WAIT --x concurrency=9,10 --y prompt=4000 --format csv >"$TMP/s.csv"
grep -q '^concurrency,9,prompt,4000,fits,' "$TMP/s.csv" && grep -q '^concurrency,10,prompt,4000,requests_wait,' "$TMP/s.csv" &&
	ok "csv: 9 fit, 10 wait" || notok "csv: $(cat "$TMP/s.csv")"

# 9 requests: all held, exit 0
"$KVPLAN" fit $WAIT --concurrency 9 >"$TMP/t.txt"
expect "fit, 9 of 9 held" 0 "$?"
grep -q '^fits: every device (1) fits, and vllm [^ ]* holds all 9 requests at once$' "$TMP/t.txt" &&
	ok "fits names the engine" || notok "fit: $(tail -1 "$TMP/t.txt")"

# 200,000 tokens on a model of 131,072 positions: does not fit, exit 1
"$KVPLAN" fit $LLAMA --card a100-80gb --concurrency 1 --prompt 199000 --gen 1000 >"$TMP/t.txt"
expect "fit, 200k tokens (generic)" 1 "$?"
grep -q "^does not fit: a request of 200,000 tokens is longer than the model's 131,072 positions (model.arch.max_positions)$" "$TMP/t.txt" &&
	ok "200k: longer than the model" || notok "200k: $(tail -1 "$TMP/t.txt")"
"$KVPLAN" fit $LLAMA --card a100-80gb --engine vllm --concurrency 1 --prompt 199000 --gen 1000 --format json >"$TMP/r.json"
expect "fit, 200k tokens (vllm)" 1 "$?"
tr -d ' \t\n' <"$TMP/r.json" >"$TMP/flat"
grep -q '"verdict":{"state":"does_not_fit","reason":"longer_than_model","requests":1,"admitted":0,"longest":200000,"limit":131072,' "$TMP/flat" &&
	ok "200k json" || notok "200k json: $(grep -o '"verdict":{[^}]*}' "$TMP/flat")"
# longer than vLLM's --max-model-len 8,192 (9,000 + 1,000 tokens)
"$KVPLAN" fit $LLAMA --card a100-80gb --engine vllm --max-model-len 8192 --concurrency 1 --prompt 9000 --gen 1000 >"$TMP/t.txt"
expect "fit, past max_model_len" 1 "$?"
grep -q "^does not fit: a request of 10,000 tokens is longer than vllm [^ ]*'s max_model_len of 8,192 tokens; the engine refuses it$" "$TMP/t.txt" &&
	ok "past max_model_len" || notok "max_model_len: $(tail -1 "$TMP/t.txt")"

# a device over: which one and by how much (1 of 1), under whose rules
"$KVPLAN" fit --model llama-3.1-70b --card l4 >"$TMP/t.txt"
expect "fit, 70B on an L4" 1 "$?"
grep -q "^does not fit: device 0 (L4-24GB) is over by [0-9.]* GiB; 1 of 1 device over capacity (memory is not pooled across cards) (generic engine: the workload's exact bytes, no engine's allocator or reserve)$" "$TMP/t.txt" &&
	ok "device over named" || notok "over: $(tail -1 "$TMP/t.txt")"
# The generic engine's verdict says it carries no engine's reserve and
# shows the named engines' range beside it (compare's figures; their
# values are checked against kvp_compare in tests/unit/test_engine_range.c)
"$KVPLAN" fit $LLAMA --card a100-80gb >"$TMP/t.txt"
expect "fit, generic" 0 "$?"
grep -q "^fits: every device (1) fits (generic engine: the workload's exact bytes, no engine's allocator or reserve)$" "$TMP/t.txt" &&
	ok "generic: no engine's reserve" || notok "generic: $(grep '^fits' "$TMP/t.txt")"
grep -q '^engines: KV cache [0-9.]* GiB ([a-z.]*) to [0-9.]* GiB ([a-z.]*); least free -*[0-9.]* GiB ([a-z.]*) to [0-9.]* GiB ([a-z.]*); of the 5 named engines [0-9] fits*, [0-9] with requests waiting, [0-9] do.* not fit (kvplan compare)$' "$TMP/t.txt" &&
	ok "generic: the engines' range beside it" || notok "range: $(grep '^engines' "$TMP/t.txt")"
"$KVPLAN" calc $LLAMA --card a100-80gb >"$TMP/c.txt"
grep -q '^engines       KV cache ' "$TMP/c.txt" && ok "calc: the engines' range" || notok "calc range"
"$KVPLAN" calc $LLAMA --card a100-80gb --format json | tr -d ' \t\n' >"$TMP/flat"
grep -q '"generic":true,"text":"fits:[^"]*","engines":{"computed":5,"kv_bytes_min":[0-9]*,' "$TMP/flat" &&
	ok "json: the engines' range" || notok "json range: $(grep -o '"verdict":{.*' "$TMP/flat" | head -c 400)"
"$KVPLAN" fit $LLAMA --card a100-80gb --engine vllm >"$TMP/t.txt"
grep -q '^engines' "$TMP/t.txt" && notok "a named engine shows the range" || ok "a named engine's verdict alone"
# bad input stays 2
bad "bad input exits 2" "--concurrency" fit $LLAMA --card l4 --concurrency x
[ "$fails" -eq 0 ]
