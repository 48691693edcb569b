#!/bin/sh
# tests/tui/planner_edits.sh - the planner's edits as an ops desk meets them
# (issue 31), the real binary under tmux at 80x24, bounded waits (5 s):
#   pending  a value typed but not applied puts PENDING in place of the
#            verdict (the figures shown are the old value's); Enter
#            applies it and the verdict is back, Esc drops it;
#   resize   a resize keeps the cursor on its field (it went back to the
#            first);
#   up       Up from the first field of a form of several pages stays
#            there (it wrapped to the last page's last field, unseen);
#   dropped  an invalid entry left by switching view says it was dropped
#            and what the plan keeps;
#   gqa      the GQA view gives the plan its KV heads in place: 8 -> 1
#            (PgDn Enter) -> 40 (PgUp Enter), four keys (it took 26 on the
#            Model page).
TUI_TAG=kvped TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR=1"
helpline() { screen; tail -n 2 "$DIR/screen" | head -n 1; }

# pending: Prompt is the Plan page's 4th field (Model, Card, Concurrency)
start 80 24
keys Down Down Down 9 9
check "pending: typed 99, not applied" "PENDING: Enter applies, Esc drops"
screen
grep -q 'Devices: 1 .*FITS' "$DIR/screen" && notok "pending: the old verdict shown as current" ||
	ok "pending: no verdict beside the unapplied value"
keys Enter
check "pending: Enter applies, the verdict is back" "Devices: 1 FITS (generic: no engine reserve)"
check "pending: the applied prompt's figures (6 x (99 + 1,024) x 163,840 B)" "1,103,953,920 B"
keys Up 5
check "pending: typed again" "PENDING"
keys Escape
check "pending: Esc drops it" "Devices: 1 FITS"

# resize: the Work page's 8th field (Media tokens) keeps the cursor
keys F6
wait_for "Sequence class 0" >/dev/null
down 7
check "resize: on Media tokens" "image and audio tokens of a request"
$T resize-window -x 100 -y 30 2>/dev/null || $T resize-pane -x 100 -y 30
sleep 0.5
check "resize: still on Media tokens after 100x30" "image and audio tokens of a request"
$T resize-window -x 80 -y 24 2>/dev/null || $T resize-pane -x 80 -y 24
sleep 0.5
check "resize: still on Media tokens after 80x24" "image and audio tokens of a request"

# up: the Model page has 5 pages at 80x24 (model.loops made the fifth); Up on its first field stays
keys F5
wait_for "page 1/5" >/dev/null
first=$(helpline)
keys Up
sleep 0.3
check "up: still on page 1 of 5" "page 1/5"
[ "$(helpline)" = "$first" ] && ok "up: still on the first field ($first)" ||
	notok "up: moved to '$(helpline)'"

# dropped: KV heads (the Model page's 10th field) 0 is refused; F6
# leaves it: the message says it was dropped and what the plan keeps
down 9
keys 0 Enter
check "dropped: KV heads 0 refused" "INVALID"
keys F6
check "dropped: said on leaving" "dropped the invalid entry (KV heads: model.base.kv_heads: 0"
check "dropped: what the plan keeps" "KV heads keeps 8"

# gqa: 8 -> 1 -> 40 in four keys
keys F9
check "gqa: the current grouping" "GQA*     8"
keys NPage Enter
check "gqa: PgDn Enter gives MQA, 1 KV head" "MQA*     1"
check "gqa: the plan's own formula says 1 Hkv" "1 Hkv"
keys PPage Enter
check "gqa: PgUp Enter gives MHA, 40 KV heads" "MHA*    40"
keys Left
check "gqa: Left does nothing past MHA" "MHA*    40"
keys Right
check "gqa: Right steps to 20 in place" "GQA*    20"
exit $fail
