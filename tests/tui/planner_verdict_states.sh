#!/bin/sh
# tests/tui/planner_verdict_states.sh - the planner's verdict line says the
# three states of kvplan/verdict.h and whose rules (issue 31), under tmux
# at 80x24: the generic engine's answer says it carries no engine's
# reserve; vLLM holding 9 of 200 requests (tests/cli/verdict.sh works the
# 9 by hand) is "FITS, 9 OF 200 AT ONCE (vllm)", never a bare FITS; a
# request of 200,000 tokens on Llama 3.1 8B (131,072 positions) does not
# fit; where a row is left (100x40), the named engines' range is shown
# beside the generic verdict. Every wait is bounded (5 s).
TUI_TAG=kvpv3 TUI_TIMEOUT=90
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR=1"

"$KVPLAN" calc --format json > "$DIR/generic.json"
"$KVPLAN" calc --model llama-3.1-8b --card 4090 --engine vllm --max-model-len 8192 \
	--concurrency 200 --prompt 4000 --gen 1000 --kv-cache-memory-bytes 5914230784 \
	--format json > "$DIR/wait.json"
"$KVPLAN" calc --model llama-3.1-8b --card a100-80gb --concurrency 1 --prompt 199000 \
	--gen 1000 --format json > "$DIR/long.json"

start 80 24 "$DIR/generic.json"
check "generic: no engine's reserve, on the verdict line" "Devices: 1 FITS (generic: no engine reserve)"
start 100 40 "$DIR/generic.json"
check "generic, 100x40: the named engines' range under the bars" "engines: "
start 80 24 "$DIR/wait.json"
check "vLLM: 9 of 200 at once" "FITS, 9 OF 200 AT ONCE (vllm)"
screen
grep -q 'Devices: 1  *FITS$' "$DIR/screen" && notok "vLLM: a bare FITS" || ok "vLLM: no bare FITS"
start 80 24 "$DIR/long.json"
check "200k tokens: does not fit" "DOES NOT FIT: longer than model"
exit $fail
