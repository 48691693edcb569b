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

# the planner started with -- COMMAND opens on the command's plan, its
# not-modelled flags said on the message line; a refused one starts
# nothing (one line, exit 2, the terminal untouched)
# (a state folder of its own: the planners ended above left a recovery
# file, whose prompt would take the message line)
TUI_ENV="XDG_STATE_HOME=$DIR/state2"
start 160 40 --card h100-80gb-sxmx2 -- vllm serve meta-llama/Llama-3.1-8B -tp 2 --max-model-len 8192 --port 8000
TUI_ENV=
check "kvplan -- COMMAND: the flags not modelled said" "not modelled by kvplan (no memory figure kvplan shows depends on them): --port"
# calc reads the same command into the same KV cache
kv=$("$KVPLAN" calc --card h100-80gb-sxmx2 -- vllm serve meta-llama/Llama-3.1-8B -tp 2 --max-model-len 8192 --port 8000 | sed -n 's/^KV cache  *\([0-9,]*\) B.*/\1/p')
check "kvplan -- COMMAND: calc's KV cache of the command ($kv B)" "${kv:-none} B"
keys C-q
out=$("$KVPLAN" --card h100x2 -- vllm serve x --bogus 2>&1 </dev/null)
rc=$?
if [ $rc -eq 2 ] && [ "$out" = "kvplan: vllm serve: error: unrecognized arguments: --bogus (as vllm 0.11 (arg_utils.py@99d7eb5d) refuses it)" ]; then
	ok "kvplan -- a refused command: the engine's refusal, exit 2"
else
	notok "kvplan -- refused: rc=$rc $out"
fi

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
