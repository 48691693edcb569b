#!/bin/sh
# tests/tui/planner_offload.sh - llama.cpp's -ot / --override-tensor in
# the planner, under tmux: the patterns are matched against the tensor
# names of the model on screen, so after the model changes the card's
# weights are the new model's placement, the bytes `kvplan calc` gives
# the same plan (one meaning per figure), not the placement the patterns
# found in the old model. 'exps=CPU' finds no tensor in the dense worked
# example and every routed expert of Qwen3-30B-A3B: a planner keeping the
# old placement shows the experts on the card. Every wait is bounded (5 s).
TUI_TAG=kvpo TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR= XDG_STATE_HOME='$DIR/state'"
FLAGS="--engine llama.cpp --ctx-size 4096 --card a100-80gb"

# card weights of calc's record: the first weights_bytes is device 0's
# (result.devices[0]; the host's and the draft's come after it)
card_weights() {
	"$KVPLAN" calc $FLAGS --model qwen3-30b-a3b "$@" --format json |
		grep '"weights_bytes"' | sed -n 1p | tr -dc '0-9'
}
with=$(card_weights --override-tensor 'exps=CPU')
without=$(card_weights)
if [ -n "$with" ] && [ -n "$without" ] && [ "$with" != "$without" ]; then
	ok "setup: calc puts the experts on the host ($with B on the card, $without B without -ot)"
else
	notok "setup: calc's card weights with and without -ot ('$with', '$without')"
fi
# as the panel prints it: digits grouped by commas
grouped=$(printf '%s\n' "$with" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta')
grouped_without=$(printf '%s\n' "$without" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta')

start 120 40 $FLAGS --override-tensor "'exps=CPU'"
keys q w e n 3 - 3 0
wait_for "filter: qwen3-30" >/dev/null
keys Enter
check "the model changed" "model Qwen/Qwen3-30B-A3B in place of"
check "card weights as calc gives them ($grouped B)" "$grouped"
screen
if grep -qF "$grouped_without" "$DIR/screen"; then
	notok "the old placement (the experts on the card, $grouped_without B) is gone"
else
	ok "the old placement (the experts on the card, $grouped_without B) is gone"
fi

# The Work page's -ot row (llama.cpp only): a pattern calc refuses (issue
# 33's '+' after '+', which glibc's regcomp expanded into gigabytes) is
# refused at the entry, in calc's words, with the typed text kept; a
# valid one ('?' typed as a character, not the help) gives calc's bytes.
ot='blk\.1?[0-9]\.=CPU'
want=$(card_weights --override-tensor "$ot" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta')
keys F6
wait_for "Sequence class 0" >/dev/null
i=0
while [ $i -lt 80 ]; do   # down to the row, found by its help line
	screen
	grep -qF "llama.cpp -ot PATTERN=BUFFER" "$DIR/screen" && break
	keys Down
	sleep 0.05
	i=$((i + 1))
done
check "the Work page has the -ot row" "Override (-ot)"
keys C-u
keys -l '(g++ate)_exp=CPU'
keys Enter
check "a pattern calc refuses: refused inline, named" "Override (-ot): --override-tensor: '(g++ate)_exp'"
check "the typed text kept" "Override (-ot)    (g++ate)_exp=CPU"
check "INVALID, no verdict" "INVALID"
keys C-u
keys -l "$ot"
keys Enter
check "a valid pattern: calc's card weights ($want B)" "$want"
exit $fail
