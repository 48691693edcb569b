#!/bin/sh
# tests/tui/recovery_signals.sh - issue 10's reproducers in the real
# planner under tmux: SIGTERM and SIGHUP with unsaved edits write a
# recovery file and the next start offers it; F2 on an opened record asks
# record or plan; a fatal signal (SIGSEGV, SIGBUS) restores the terminal
# (alternate screen off, termios back: icanon) from the async-signal-safe
# path. Every wait is bounded; a private tmux server, killed at the end.
TUI_TAG=kvpr TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"

# start ARGS...: the planner (pid in kvplan.pid), its state in $DIR/state;
# after it ends the pane prints its status and whether termios is canonical
start() {
	$T kill-server 2>/dev/null
	n_server=$((n_server + 1))
	T="tmux -L kvpr$$-$n_server -f /dev/null"
	rm -f "$DIR/kvplan.pid"
	$T new-session -d -x 80 -y 24 \
		"cd '$DIR' && sh -c 'echo \$\$ > kvplan.pid; exec env XDG_STATE_HOME=\"$DIR/state\" TERM=xterm-256color LANG=C.UTF-8 \"$KVPLAN\" $*'; echo EXITED:\$?; stty -a | grep -o -- '-*icanon' | sed 's/^/TTY:/'; sleep 30"
	wait_for "F1Help" >/dev/null || true
	pid=$(cat "$DIR/kvplan.pid" 2>/dev/null)
}
# edit: KV heads 8 -> 40 on the Model page (10th field)
edit() {
	keys F5
	wait_for "Layer kind" >/dev/null
	down 9
	keys 40 Enter
	wait_for "20,132,659,200 B" >/dev/null
}

"$KVPLAN" calc --format json >"$DIR/rec.json"
REC=$(cat "$DIR/rec.json")

# 1. SIGTERM with an unsaved edit: exit 143, recovery file written
start "rec.json"
edit
kill -TERM "$pid"
check "SIGTERM: exit 143" "EXITED:143"
if grep -q '"kv_heads":[[:space:]]*40' "$DIR/state/kvplan/recovery.json" 2>/dev/null &&
   grep -qF "rec.json" "$DIR/state/kvplan/recovery.path"; then
	ok "SIGTERM: unsaved edits in the recovery file"
else
	notok "SIGTERM: recovery file"
fi
[ "$(cat "$DIR/rec.json")" = "$REC" ] && ok "SIGTERM: the plan file untouched" ||
	notok "SIGTERM: the plan file changed"

# 2. The next start offers it; [r] recovers the edits, unsaved
start
check "next start offers the edits" "Unsaved edits from a planner ended by a signal"
keys r
check "recovered: the edited figures" "20,132,659,200 B"
check "recovered: says so" "recovered the unsaved edits"
[ ! -f "$DIR/state/kvplan/recovery.json" ] && ok "recovered: file removed" ||
	notok "recovered: file still there"

# 3. F2 on an opened record asks record or plan; [r] keeps a record
keys F2
check "F2 on a record asks" "Save as [r]ecord"
keys r
check "saved as a record" "a record: plan and results"
grep -q '"kvplan":[[:space:]]*"record"' "$DIR/rec.json" &&
	grep -q '"kv_heads":[[:space:]]*40' "$DIR/rec.json" &&
	ok "the file is still a record, with the edit" || notok "record save"
keys F10
wait_for "EXITED" >/dev/null

# 4. SIGHUP with an edit: recovery too (exit 129); [d] discards it
printf '%s\n' "$REC" >"$DIR/rec.json"
start "rec.json"
edit
kill -HUP "$pid"
check "SIGHUP: exit 129" "EXITED:129"
[ -f "$DIR/state/kvplan/recovery.json" ] && ok "SIGHUP: recovery file written" ||
	notok "SIGHUP: no recovery file"
start
check "offered again" "Unsaved edits"
keys d
sleep 0.3
[ ! -f "$DIR/state/kvplan/recovery.json" ] && ok "[d] discards it" || notok "[d] kept it"
keys F10
wait_for "EXITED" >/dev/null

# 5. Fatal signals: the handler restores the terminal with write() and
#    tcsetattr (alternate screen off, canonical input back), then dies
for sig in SEGV:139 BUS:135; do
	st=${sig#*:} sig=${sig%:*}
	start
	kill -"$sig" "$pid"
	if wait_for "TTY:"; then
		grep -q "EXITED:$st" "$DIR/screen" && ok "SIG$sig: died of the signal" ||
			notok "SIG$sig: exit status $(grep EXITED "$DIR/screen")"
		alt=$($T display -p '#{alternate_on}')
		[ "$alt" = 0 ] && ok "SIG$sig: alternate screen off" || notok "SIG$sig: alternate screen on"
		grep -q "TTY:icanon" "$DIR/screen" && ok "SIG$sig: termios restored" ||
			notok "SIG$sig: termios not restored ($(grep TTY: "$DIR/screen"))"
	else
		notok "SIG$sig: the planner did not end"
	fi
done

exit $fail
