#!/bin/sh
# tests/tui/planner_fit.sh - the planner's panel shows what llama-server's
# default --fit would pick (kvp_fit_text's short form, from the core's
# kvp_llamacpp_fit), the figures `kvplan calc` prints for the same plan:
# tests/cli/llamacpp_fit.sh case 2, worked by hand there (the 32K model on
# a card of 4096 MiB free: -c 16128, every layer, 1055 MiB = 1.03 GiB
# kept). A context given by hand that keeps the margin keeps the launch:
# no line.
# Every wait is bounded (5 s).
TUI_TAG=kvpf TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
. "$(dirname "$0")/../cli/gguf_lib.inc"
fit_model "$DIR/m32k.gguf" 32768
FLAGS="--model $DIR/m32k.gguf --engine llama.cpp --no-default-overheads --card-capacity 4294967296 --activations 1048576"
want="default launch (--fit): -c 16128 -ngl all, 1.03 GiB kept"
if "$KVPLAN" calc $FLAGS | grep -qF "would pick -c 16128 -ngl all: 2.97 of 4.00 GiB free used, 1.03 GiB kept"; then
	ok "setup: calc prints case 2's pick"
else
	notok "setup: calc prints case 2's pick"
fi

start 120 40 $FLAGS
check "the panel shows the default launch's pick" "$want"
$T kill-server 2>/dev/null

# -c 4096 given by hand fits with 1 GiB kept: fit keeps the launch
start 120 40 $FLAGS --ctx-size 4096
check "the panel is drawn" "Devices: 1"
screen
if grep -qF "default launch" "$DIR/screen"; then
	notok "a launch that keeps its margin: no line"
	sed 's/^/# /' "$DIR/screen"
else
	ok "a launch that keeps its margin: no line"
fi
exit $fail
