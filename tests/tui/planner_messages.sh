#!/bin/sh
# tests/tui/planner_messages.sh - no message is cut in the planner (issue
# 31): KVP-W07 of Llama 3.1 8B on an A100 80GB with 32 x (8,192 + 2,048)
# tokens runs past 240 bytes (it used to end "B fre"). At 200x60 the panel
# wraps it whole; at 80x24, where the panel has no room for it, the help
# (F1) lists every warning of the result whole. Bounded waits (5 s).
TUI_TAG=kvpmsg TUI_TIMEOUT=90
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR=1"

"$KVPLAN" calc --model llama-3.1-8b --card a100-80gb --concurrency 32 --prompt 8192 \
	--gen 2048 --format json > "$DIR/w07.json"
# the screen's rows joined, blanks squeezed: a wrapped message reads whole
joined() { tr -s ' \n' '  ' < "$DIR/screen"; }
# the help's text column alone (inside the box, after the 21 key columns)
help_text() {
	LC_ALL=C.UTF-8 sed -n 's/^[^│]*│ //; s/ *│.*$//; s/^.\{21\}//p' "$DIR/screen" |
		tr -s ' \n' '  '
}

start 200 60 "$DIR/w07.json"
check "200x60: W07 on the panel" "KVP-W07"
screen
joined | grep -q "and it has [0-9]* B free" && ok "200x60: W07 wrapped whole" ||
	{ notok "200x60: W07 cut"; sed 's/^/# /' "$DIR/screen"; }
start 80 24 "$DIR/w07.json"
keys F1
check "80x24: the help lists the warning" "KVP-W07"
screen
help_text | grep -q "strategy.max_cache_len: static reservation of 10240 slots per sequence comes from the lengths in this plan, .* and it has [0-9]* B free" &&
	ok "80x24: the help shows W07 whole" ||
	{ notok "80x24: W07 in the help"; sed 's/^/# /' "$DIR/screen"; }
exit $fail
