#!/bin/sh
# tests/tui/deploy_view.sh - the Deploy view (Ctrl-D) of the real planner
# under tmux: the ranked deployments for Llama-3.1-70B appear, an edit of
# the workload re-ranks them (400 requests need more cards than 1), and
# Enter loads the selected card, count and engine into the plan (the
# Devices form shows them). Every wait is bounded (5 s); a private tmux
# server, killed at the end.
TUI_TAG=kvpd TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"

$T new-session -d -x 120 -y 36 \
	"cd '$DIR' && env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR= '$KVPLAN' --model llama-3.1-70b --concurrency 1 --prompt 7168 --gen 1024; sleep 30"
wait_for "F1Help" >/dev/null
keys C-d
check "Ctrl-D opens the Deploy view" "Deployments that fit, fewest cards first"
# one request of 8,192 tokens: 141.1 GB of bf16 weights and 2.7 GB of
# KV first fit one H200 (150.75e9 B; tests/unit/test_search.c works it)
check "one request: one H200 first" "  1  1 x H200-141GB"
first=$(grep -F '  1  1 x' "$DIR/screen")

# 400 requests (Work section, 2nd field): one card no longer holds them
# (8,192 positions of cache each, 1.34e9 B in fp8, 2.68e9 in bf16: with
# the 141.1e9 B of weights about 678e9 B or more, over the largest card,
# the M3 Ultra 512 GB's 498.2e9-byte working set, which holds 200)
keys F6
wait_for "Active requests" >/dev/null
keys Down 400 Enter
sleep 0.3
keys C-d
check "the view again" "Deployments that fit"
if wait_for "  1  " && ! grep -qF -- "$first" "$DIR/screen" &&
   ! grep -qE '^ +1  1 x' "$DIR/screen"; then
	ok "400 requests re-ranked: the first needs more than one card"
else
	notok "re-ranked after the edit"; sed 's/^/# /' "$DIR/screen"
fi
row=$(grep -E '^ +1  [0-9]+ x ' "$DIR/screen" | head -1)
cards=$(echo "$row" | awk '{ print $2 }')
card=$(echo "$row" | awk '{ print $4 }')
engine=$(echo "$row" | awk '{ print $8 }')

# Enter: the plan takes the first row's card, count and engine
keys Enter
check "Enter plans with it" "planned with deployment 1"
check "the verdict fits" "FITS"
keys F8
check "Devices: the card" "$card"
screen
if grep -qE "^Cards +$cards " "$DIR/screen"; then ok "Devices: $cards cards"
else notok "Devices: $cards cards"; sed 's/^/# /' "$DIR/screen"; fi
check "the engine in the panel" "KV cache - $engine"
exit $fail
