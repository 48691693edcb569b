#!/bin/sh
# deploy_draft.sh - the draft model of speculative decoding through the
# CLI (issue 14). Figures worked by hand in tests/unit/test_deploy_draft.c:
# the draft tests/data/draft/draft-4l.json (4 layers, 2 KV heads of 64,
# f16) costs 2,048 B per cell; llama.cpp -c 8192 -np 2 gives 2 draft
# contexts of n_ctx_seq 4,096 cells = 8,388,608 B each (16,777,216 B);
# under vLLM it adds 2,048 B per token (32,768 B per block of 16) to the
# default model's 2,621,440 B page.
. "$(dirname "$0")/fit_lib.inc"
D="$(dirname "$0")/../data/draft/draft-4l.json"

"$KVPLAN" calc --engine llama.cpp --ctx-size 8192 --parallel 2 --model-draft "$D" --draft-max 8 --format json >"$TMP/dm.json"
expect "--draft-max kept in the plan" 8 "$(nth "$TMP/dm.json" draft_max 1)"
"$KVPLAN" calc --engine llama.cpp --ctx-size 8192 --parallel 2 --model-draft "$D" --format json >"$TMP/l.json"
expect "llama.cpp json exit" 0 "$?"
expect "draft context bytes" 8388608 "$(nth "$TMP/l.json" context_bytes 1)"
expect "draft cells" 4096 "$(nth "$TMP/l.json" cells 1)"
expect "draft contexts" 2 "$(nth "$TMP/l.json" contexts 1)"
grep -q '"kv_kind":[ 	]*"exact"' "$TMP/l.json" && ok "llama.cpp draft KV labelled exact" || notok "kv_kind"
# the record holds the draft model and reloads as a plan
"$KVPLAN" calc "$TMP/l.json" --format json >"$TMP/l2.json"
expect "record reloads" 0 "$?"
expect "reloaded context bytes" 8388608 "$(nth "$TMP/l2.json" context_bytes 1)"

"$KVPLAN" calc --engine llama.cpp --ctx-size 8192 --parallel 2 --model-draft "$D" --ctx-size-draft 1000 --cache-type-k-draft q8_0 --format json >"$TMP/c.json"
expect "-cd 1000 -ctkd q8_0 context" 1605632 "$(nth "$TMP/c.json" context_bytes 1)"

"$KVPLAN" calc --engine llama.cpp --ctx-size 8192 --parallel 2 --model-draft "$D" >"$TMP/t.txt"
grep -q '^draft         .* + KV 16,777,216 B (exact, llama.cpp server: one draft context per slot)$' "$TMP/t.txt" &&
	ok "draft line" || notok "draft: $(grep '^draft' "$TMP/t.txt")"
grep -q '2 contexts of 4,096 cells, 8,388,608 B each' "$TMP/t.txt" && ok "contexts line" || notok "contexts line"
grep -q 'draft' "$TMP/t.txt" && grep -q 'key:.* draft ' "$TMP/t.txt" && ok "bar key has draft" || notok "bar key"

"$KVPLAN" calc --engine vllm --speculative-model "$D" --num-speculative-tokens 4 --format json >"$TMP/v.json"
expect "vLLM json exit" 0 "$?"
expect "vLLM draft token bytes" 2048 "$(nth "$TMP/v.json" token_bytes 1)"
expect "vLLM page with the draft" 2654208 "$(nth "$TMP/v.json" page_bytes 1)"
expect "method written" '"draft_model"' "$(nth "$TMP/v.json" speculative_method 1)"
grep -q '"kv_kind":[ 	]*"engine formula"' "$TMP/v.json" && ok "vLLM draft KV labelled engine formula" || notok "vLLM kv_kind"

# compare with a draft: the engines that size one give their rows, the
# others (the generic cache included) say why, and there is no baseline
# to compare against (n/a, null) - not a refusal of the whole table. The
# llama.cpp row is the target's cache alone: 2 x 40 x 8 x 128 x 2 B =
# 163,840 B per cell x 8,192 cells = 1,342,177,280 B.
"$KVPLAN" compare --ctx-size 8192 --parallel 2 --model-draft "$D" >"$TMP/cmp.txt"
expect "compare with a draft exit" 0 "$?"
grep -q '^llama.cpp  *1,342,177,280  *1.25 GiB  *n/a 2 of 6$' "$TMP/cmp.txt" &&
	ok "compare: llama.cpp row, no baseline" || notok "compare: $(grep '^llama.cpp' "$TMP/cmp.txt")"
grep -q '^generic  *error: draft: draft-4l - .*not engine generic$' "$TMP/cmp.txt" &&
	ok "compare: generic row says why" || notok "compare generic: $(grep '^generic' "$TMP/cmp.txt")"
"$KVPLAN" compare --ctx-size 8192 --parallel 2 --model-draft "$D" --format json >"$TMP/cmp.json"
expect "compare json llama.cpp kv" 1342177280 "$(nth "$TMP/cmp.json" kv_bytes 1)"
expect "compare json no baseline" null "$(nth "$TMP/cmp.json" diff_ppm 1)"

# bad input: one line naming the field (or the engine's own words), exit 2
bad "vLLM vocab" "Target model vocab_size=152064. Draft model vocab_size=151936." calc --model qwen2.5-7b --engine vllm --max-model-len 4096 --speculative-model qwen2-0.5b --num-speculative-tokens 4
bad "llama.cpp vocab" "difference 120064, max allowed 128" calc --model qwen2.5-7b --engine llama.cpp --ctx-size 4096 --model-draft "$D"
bad "draft without engine" "not engine generic" calc --model-draft "$D"
bad "zero spec tokens" "engine.vllm.num_speculative_tokens: 0" calc --engine vllm --speculative-model "$D"
bad "tokens without method" "engine.vllm.num_speculative_tokens: 3 - needs" calc --engine vllm --num-speculative-tokens 3
bad "mtp refused" "engine.vllm.speculative_method: mtp" calc --engine vllm --speculative-method mtp --num-speculative-tokens 1
bad "partial -ngld" "engine.llamacpp.n_gpu_layers_draft: 2 of 4" calc --engine llama.cpp --ctx-size 4096 --model-draft "$D" --n-gpu-layers-draft 2
bad "unknown method" "speculative-method" calc --engine vllm --speculative-method medusa
bad "missing draft file" "--model-draft" calc --engine llama.cpp --model-draft /nonexistent/draft.json

[ "$fails" -eq 0 ]
