#!/bin/sh
# solve_models.sh - `kvplan solve --for models`: every model preset (and
# the local Hugging Face cache, empty here) put on the cards, ranked; the
# figures of a listed model are those of solve --for max-model-len, and
# the ones that cannot fit are listed with the reason.
. "$(dirname "$0")/calc_lib.inc"
HF_HUB_CACHE=$TMP/empty-cache
export HF_HUB_CACHE
presets=$(ls "$(dirname "$0")/../../presets/models"/*.json | wc -l | tr -d ' ')

"$KVPLAN" solve --for models --card l4 --engine vllm >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "exit 0: a model fits" || notok "exit $rc: $(cat "$TMP/err")"
grep -q "^solve models: [0-9]* of $presets models fit 1 x L4-24GB under vllm" "$TMP/out" &&
	ok "every preset ($presets) tried" || notok "head: $(head -1 "$TMP/out")"
# the list's figure is solve --for max-model-len's for that model
want=$("$KVPLAN" solve --for max-model-len --model llama-3.1-8b --card l4 --engine vllm |
	sed -n 's/^solve max-model-len: max_model_len \([0-9,]*\) tokens.*/\1/p')
grep -q "^ *[0-9]*\. meta-llama/Llama-3.1-8B  .* $want tokens " "$TMP/out" &&
	ok "Llama-3.1-8B: longest context $want, as solve --for max-model-len" ||
	notok "Llama-3.1-8B line: $(grep 'Llama-3.1-8B ' "$TMP/out") (want $want)"
# gpt2 holds 1,024 positions (n_positions of its config.json); the
# workload's sequences are 3,072 + 1,024 = 4,096 tokens: none can run
grep -q '^  openai-community/gpt2: a single request fits, but not one of the workload.s mix' "$TMP/out" &&
	ok "gpt2: its 1,024 positions hold no 4,096-token request" || notok "gpt2: $(grep gpt2 "$TMP/out")"
# 405B parameters x 2 bytes = 810 GB of weights against the L4's 24 GB
grep -q '^  meta-llama/Llama-3.1-405B: not even' "$TMP/out" &&
	ok "Llama-3.1-405B does not fit one L4" || notok "405B: $(grep 405B "$TMP/out")"
# ranked: requests of the mix never grow down the list
awk '/^ *[0-9]+\. / { n = $NF; gsub(/,/, "", n); if (prev != "" && n + 0 > prev + 0) bad = 1; prev = n }
     END { exit bad }' "$TMP/out" && ok "ranked by requests of the mix" || notok "ranking"

"$KVPLAN" solve --for models --card t4 --prompt 300000 --engine vllm >"$TMP/out" 2>&1
[ $? -eq 1 ] && grep -q '^solve models: 0 of' "$TMP/out" && ok "none fits: exit 1" || notok "none fits: $(head -2 "$TMP/out")"
"$KVPLAN" solve --for models --card l4 --top 3 >"$TMP/out" 2>&1
[ "$(grep -c '^ *[0-9]*\. ' "$TMP/out")" -eq 3 ] && ok "--top 3" || notok "--top: $(cat "$TMP/out" | head -6)"
bad "--model refused" "--model: given - solve --for models puts every model" solve --for models --card l4 --model llama-3.1-8b
bad "--card needed" "--card: missing" solve --for models
bad "text only" "--format: 'json' - expected text" solve --for models --card l4 --format json
exit $((fails > 0))
