#!/bin/sh
# tests/tui/planner_paste.sh - the planner after a paste of 10,000
# characters (issue 33): Esc then F10, typed after it, act at once - the
# first F10 was taken only after every pasted character had redrawn the
# screen (15 s and more into the model picker), so a user's first F10
# did nothing. Each case pastes (tmux paste-buffer, as a terminal pastes)
# into a field, then sends Esc and F10 with no pause: the planner must
# have quit within the 5 s every wait here is bounded by. The cases: the
# Plan page's model field (typing opens the preset picker), its
# Concurrency field (Esc restores 6, the plan unchanged: no save
# question) and the Work page's -ot text row under llama.cpp.
TUI_TAG=kvpp TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="XDG_STATE_HOME='$DIR/state'"
head -c 10000 /dev/zero | tr '\0' 'a' >"$DIR/paste.txt"

paste_esc_f10() { # NAME
	$T load-buffer "$DIR/paste.txt"
	$T paste-buffer
	keys Escape
	keys F10
	check "$1: Esc and the first F10 after a 10,000-character paste quit" "EXITED:0"
}

start 120 40
paste_esc_f10 "model picker"

start 120 40
keys Down Down
check "on Concurrency" "requests resident at once"
$T load-buffer "$DIR/paste.txt"
$T paste-buffer
keys Escape
check "Esc restores the field after the paste" "Concurrency 6 "
keys F10
check "the first F10 quits, no unsaved plan to ask about" "EXITED:0"

start 120 40 --engine llama.cpp
keys F6
wait_for "Sequence class 0" >/dev/null
i=0
while [ $i -lt 80 ]; do   # down to the -ot row, found by its help line
	screen
	grep -qF "llama.cpp -ot PATTERN=BUFFER" "$DIR/screen" && break
	keys Down
	sleep 0.05
	i=$((i + 1))
done
check "the Work page's -ot row" "llama.cpp -ot PATTERN=BUFFER"
paste_esc_f10 "-ot text row"
exit $fail
