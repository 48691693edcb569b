#!/bin/sh
# tests/tui/planner_launch.sh - launch commands in the planner, under
# tmux: the Open prompt takes an engine's command typed in (read on the
# current card as `kvplan calc -- ...` reads it), and Ctrl-Y puts the
# command that runs the plan on the clipboard with OSC 52, which tmux
# (set-clipboard on) keeps as its paste buffer. Every wait is bounded.
TUI_TAG=kvpl TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"

start 120 40 --model llama-3.1-8b --card h100x2
$T set-option -g set-clipboard on
keys C-o
wait_for "Open plan:" >/dev/null
# the prompt holds the current path (none): type the command
keys "vllm serve meta-llama/Llama-3.1-8B -tp 2 --max-model-len 8192 --port 8000" Enter
check "the command is read" "not modelled by kvplan"
keys C-y
check "copy said on the message line" "copied to the clipboard (OSC 52): vllm serve meta-llama/Llama-3.1-8B"
i=0
while [ $i -lt 50 ]; do
	$T show-buffer > "$DIR/clip" 2>/dev/null && grep -q "vllm serve" "$DIR/clip" && break
	sleep 0.1
	i=$((i + 1))
done
# the same command calc --emit writes for that plan
"$KVPLAN" calc --model llama-3.1-8b --card h100x2 --emit vllm -- vllm serve x -tp 2 --max-model-len 8192 > "$DIR/want"
if cmp -s "$DIR/want" "$DIR/clip"; then
	ok "the clipboard holds calc --emit's command"
else
	notok "clipboard: $(cat "$DIR/clip" 2>/dev/null) want: $(cat "$DIR/want")"
fi
# a command kvplan refuses keeps the plan (a command read is unsaved:
# Open asks first)
keys C-o
wait_for "Unsaved changes will be lost" >/dev/null && keys y
wait_for "Open plan:" >/dev/null
keys "vllm serve x --enable-expert-parallel" Enter
check "a refused command is named" "--enable-expert-parallel: not modelled by kvplan"
keys Escape

# the model picker's Ctrl-F: only the models that fit these cards, each
# computed as calc computes it (on one L4: Llama-3.1-8B fits, 70B's
# 141 GB of bf16 weights cannot)
start 120 40 --card l4
keys l l a m a - 3 . 1
wait_for "filter: llama-3.1" >/dev/null
check "all llama-3.1 presets listed" "llama-3.1-70b"
keys C-f
check "the filter is on" "Models that fit these cards"
screen
if grep -q "llama-3.1-8b " "$DIR/screen" && ! grep -q "llama-3.1-70b " "$DIR/screen"; then
	ok "8B listed, 70B not (calc: fits / does NOT fit on one L4)"
else
	notok "fits filter: $(grep llama "$DIR/screen")"
fi
keys C-f
check "Ctrl-F again lists all" "llama-3.1-70b"
keys Escape
keys C-q
exit $fail
