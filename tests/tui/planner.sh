#!/bin/sh
# tests/tui/planner.sh - the real kvplan binary under tmux at 80x24:
# first screen, KV heads 8 -> 40, concurrency moves the bar, a layer rule
# changes the totals, an invalid entry keeps the state, save then
# `kvplan calc` agrees, resize to 60x20 and back, quit/SIGTERM restore the
# terminal. Every wait is bounded (5 s); a private tmux server is used and
# killed at the end. Expected figures are worked out in the comments.
TUI_TAG=kvp TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR="
# start ARGS...: a fresh planner at 80x24 on the Model page (F5); the
# Plan page, first on screen, has tests of its own (planner_first_page.sh)
start() {
	tui_start 80 24 "$@"
	keys F5
	wait_for "Layer kind" >/dev/null || true
}

# 1. First screen: DESIGN.md's worked example.
#    2 x 40 x 8 x 128 x 2 B = 163,840 B per position;
#    x 4,096 positions x 6 sequences = 4,026,531,840 B = 3.75 GiB.
start
check "first screen: bytes per position" "163,840 B per position"
check "first screen: total bytes" "4,026,531,840 B"
check "first screen: GiB" "3.75 GiB"

# 2. KV heads 8 -> 40 (the 10th field of the Model section):
#    2 x 40 x 40 x 128 x 2 = 819,200 B/pos, x 24,576 = 20,132,659,200 B (x5).
down 9
keys 40 Enter
check "KV heads 40: x5 KV" "20,132,659,200 B"
check "KV heads 40: bytes per position" "819,200 B per position"

# 3. Concurrency 6 -> 12 moves the bar (Workload: 2nd field of class 0):
#    12 x 4,096 x 163,840 = 8,053,063,680 B.
start
screen
before=$(grep -F 'd0  [' "$DIR/screen")
keys F6
wait_for "Active requests" >/dev/null
down 1
keys 12 Enter
check "concurrency 12: total" "8,053,063,680 B"
after=$(grep -F 'd0  [' "$DIR/screen")
if [ -n "$before" ] && [ "$before" != "$after" ]; then
	ok "concurrency change moves the bar"
else
	notok "concurrency change moves the bar ('$before' vs '$after')"
fi

# 4. A layer rule: layers 0-19 keep 4 KV heads.
#    2 x 128 x 2 x (20 x 4 + 20 x 8) = 122,880 B/pos; x 24,576 = 3,019,898,880 B.
start
keys F7
wait_for "RANGE:key=value" >/dev/null
keys "0-19:kv_heads=4" Enter
check "layer rule: compact panel total" "KV total 3,019,898,880 B"
check "layer rule: per position" "122,880 B per position"

# 5. An invalid entry keeps the state and shows its message.
start
down 9
keys abc Enter
check "invalid entry: message names the field" "model.base.kv_heads"
check "invalid entry: panel says INVALID" "INVALID"
check "invalid entry: old figures labelled" "last valid figures"
check "invalid entry: typed text kept" "abc"
check "invalid entry: last valid total kept" "4,026,531,840 B"
keys Escape
check "Esc restores the value" "KV heads            8"

# 6. Save, then `kvplan calc` on the saved file agrees (KV heads 40).
keys 40 Enter
wait_for "20,132,659,200 B" >/dev/null
keys C-s
wait_for "Save plan as:" >/dev/null
keys Enter
check "save: message" "saved plan.json"
if [ -s "$DIR/plan.json" ]; then ok "save: file written"; else notok "save: file written"; fi
out=$("$KVPLAN" calc "$DIR/plan.json" 2>"$DIR/calc.err")
if printf '%s\n' "$out" | grep -qF "20,132,659,200"; then
	ok "calc on the saved plan agrees (20,132,659,200 B)"
else
	notok "calc on the saved plan agrees"
	sed 's/^/# /' "$DIR/calc.err"
fi

# 7. Resize to 60x20 (below the minimum) and back.
$T resize-window -x 60 -y 20 2>/dev/null || $T resize-pane -x 60 -y 20
check "60x20: minimum size message" "Terminal too small"
$T resize-window -x 80 -y 24 2>/dev/null || $T resize-pane -x 80 -y 24
check "back to 80x24: panel redrawn" "819,200 B per position"

# 8. Quit leaves a restored terminal (no alternate screen, exit 0).
keys F10
if wait_for "EXITED:0"; then ok "quit: exit status 0"; else notok "quit: exit status 0"; fi
alt=$($T display -p '#{alternate_on}')
[ "$alt" = 0 ] && ok "quit: alternate screen left" || notok "quit: alternate screen left ($alt)"

# 9. Quit with unsaved changes asks first.
start
down 9
# KV heads 20 (divides Hq = 40): 2 x 40 x 20 x 128 x 2 = 409,600 B/pos,
# x 24,576 = 10,066,329,600 B
keys 20 Enter
wait_for "10,066,329,600 B" >/dev/null
keys F10
check "unsaved changes: asks" "Unsaved changes"
keys n
if wait_for "EXITED:0"; then ok "unsaved changes: n quits"; else notok "unsaved changes: n quits"; fi

# 10. SIGTERM restores the terminal. The planner's pid is written by the
#     shell that then execs it (no ps needed).
$T kill-server 2>/dev/null
n_server=$((n_server + 1))
T="tmux -L kvp$$-$n_server -f /dev/null"
rm -f "$DIR/kvplan.pid"
$T new-session -d -x 80 -y 24 \
	"cd '$DIR' && sh -c 'echo \$\$ > kvplan.pid; exec env TERM=xterm-256color LANG=C.UTF-8 \"$KVPLAN\"'; echo EXITED:\$?; sleep 30"
wait_for "F1Help" >/dev/null
pid=$(cat "$DIR/kvplan.pid" 2>/dev/null)
if [ -n "$pid" ]; then
	kill -TERM "$pid"
	if wait_for "EXITED:143"; then ok "SIGTERM: exit 143"; else notok "SIGTERM: exit 143"; fi
	alt=$($T display -p '#{alternate_on}')
	[ "$alt" = 0 ] && ok "SIGTERM: terminal restored" || notok "SIGTERM: terminal restored"
else
	notok "SIGTERM: planner pid not written"
fi

# 11. The saved plan reopens identically (KV heads 40: 819,200 B/pos), and
#     a save refuses to overwrite the file once it changed on disk.
start "'$DIR/plan.json'"
check "reopen: saved plan's figures" "20,132,659,200 B"
check "reopen: file name in the title" "plan.json"
sleep 1.1                          # a later modification time
printf '\n' >> "$DIR/plan.json"
cp "$DIR/plan.json" "$DIR/plan.changed"
keys F6
wait_for "Active requests" >/dev/null
down 1
keys 7 Enter
wait_for "[+]" >/dev/null
keys C-s
check "changed on disk: asks before overwriting" "changed on disk"
keys n
check "changed on disk: not saved" "not saved"
if cmp -s "$DIR/plan.json" "$DIR/plan.changed"; then
	ok "changed on disk: file left as it was"
else
	notok "changed on disk: file left as it was"
fi

# 12. Monochrome ASCII: NO_COLOR and a non-UTF-8 locale give glyph bars;
#     F1 shows the help generated from the action table.
$T kill-server 2>/dev/null
n_server=$((n_server + 1))
T="tmux -L kvp$$-$n_server -f /dev/null"
$T new-session -d -x 80 -y 24 \
	"cd '$DIR' && env TERM=xterm LANG=C LC_ALL=C NO_COLOR=1 '$KVPLAN'; echo EXITED:\$?; sleep 30"
check "ASCII bar with per-segment glyphs" "d0  [||"
keys F1
check "help overlay from the action table" "F2, Ctrl-S           save the plan"
keys Escape
# F3 opens the saved plan (KV heads 40: 20,132,659,200 B)
keys F3
wait_for "Open plan:" >/dev/null
keys "$DIR/plan.json" Enter
check "open: message" "opened $DIR/plan.json"
check "open: the plan's figures" "20,132,659,200 B"
keys F10
if wait_for "EXITED:0"; then ok "ASCII run: quit"; else notok "ASCII run: quit"; fi

# 13. Mouse (SGR reports, as xterm sends them): a click on the Engines
#     tab (columns 53-61) opens it; one on the Model tab (15-21) goes
#     back; a click on the KV heads value (row 11, column 22:
#     the Model form's labels take 19 columns + 1, values start at column
#     21) puts the cursor there: typing 40 gives x5 KV.
start
click() { keys -l "$(printf '\033[<0;%d;%dM' "$1" "$2")"; keys -l "$(printf '\033[<0;%d;%dm' "$1" "$2")"; }
click 54 1
check "mouse: click on the Engines tab" "pool tok."
click 16 1
wait_for "Layer kind" >/dev/null
click 22 11
keys 40 Enter
check "mouse: click on a field, then type" "20,132,659,200 B"

[ $fail -eq 0 ]
