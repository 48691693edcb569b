#!/bin/sh
# tests/tui/planner_bars.sh - the planner's bars to scale, under tmux at
# 80x24 and 200x60 with NO_COLOR (one ASCII glyph per part: | weights,
# # KV, * activations, @ overhead, . a part under one cell): the cells of
# each part are counted against proportions worked by hand, the glyph key
# is on screen, and a huge figure keeps its unit and separators.
# Every wait is bounded (5 s).
TUI_TAG=kvpb TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR=1"
# count GLYPH: how many times GLYPH appears inside the d0 bar's brackets
count() {
	grep -m1 -F 'd0  [' "$DIR/screen" | sed 's/^.*d0  \[//; s/\].*$//' |
		tr -cd "$1" | wc -c | tr -d ' '
}
expect() { # NAME GLYPH N
	n=$(count "$2")
	if [ "$n" = "$3" ]; then ok "$1: $3 cells"; else notok "$1: $n cells, want $3"; grep -F 'd0  [' "$DIR/screen" | sed 's/^/# /'; fi
}

# The worked example on its 85,520,809,984 B card: weights
# 22,676,285,440, KV 4,026,531,840, activations 848,017,408, overhead
# 780,140,544 B (the panel's legend).
# 80x24: the bar has 22 cells (44 panel columns - 4 label - 16 tail - 2
# brackets). Shares x 22: 5.833, 1.036, 0.218, 0.201, sum 7.288 ->
# 7 cells; floors 5 + 1 + 0 + 0 = 6, the largest remainder (weights,
# 0.833) takes the 7th: 6, 1, 0, 0. Activations and overhead are under
# one cell: two thin marks after the parts, no cell taken from anyone.
start 80 24
check "80x24: glyph key on screen" "key: . under one cell  ] capacity"
expect "80x24: weights" '|' 6
expect "80x24: KV" '#' 1
expect "80x24: activations" '*' 0
expect "80x24: overhead" '@' 0
expect "80x24: thin marks" '.' 2
# 200x60: the panel is 140 columns, the bar 116 cells (138 - 4 - 16 - 2).
# Shares x 116: 30.758, 5.462, 1.150, 1.058, sum 38.428 -> 38; floors
# 30 + 5 + 1 + 1 = 37, the largest remainder (weights, 0.758) takes the
# last: 31, 5, 1, 1, no thin mark.
start 200 60
expect "200x60: weights" '|' 31
expect "200x60: KV" '#' 5
expect "200x60: activations" '*' 1
expect "200x60: overhead" '@' 1
expect "200x60: no thin mark" '.' 0
# 200x60: each card's bar on three rows (the first with the figures),
# and the per-layer strip: Gemma-2-9B alternates sliding and full
# layers (S F S F ...: 42 letters).
start 200 60 --model gemma-2-9b-it
if [ "$(grep -cF '    [|' "$DIR/screen")" -ge 2 ]; then ok "200x60: bar on three rows"
else notok "200x60: bar on three rows"; sed 's/^/# /' "$DIR/screen"; fi
check "200x60: per-layer strip heading" "KV bytes per layer"
check "200x60: per-layer strip kinds" "SFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSFSF"
# with the Engines view open, the compact panel holds the strip too
$T send-keys F12
check "200x60: strip beside the Engines view" "KV bytes per layer"
# Llama-3.1-405B with 1,000 requests on one H100: 2 x 126 x 8 x 128 x
# 2 = 516,096 B/pos x 4,096 x 1,000 = 2,113,929,216,000 B of KV alone
# (1,968.75 GiB), so the device is over by more than 1,000 GiB: the
# figure keeps its thousands separator and its unit at 80 columns.
start 80 24 --model llama-3.1-405b --concurrency 1000
if wait_for "over " && grep -Eq 'over [0-9],[0-9]{3}\.[0-9]{2} GiB' "$DIR/screen"; then
	ok "80x24: huge figure with separators and unit"
else
	notok "80x24: huge figure with separators and unit"; sed 's/^/# /' "$DIR/screen"
fi
check "80x24: KV GiB with separators in the legend" "1,968.75"
exit $fail
