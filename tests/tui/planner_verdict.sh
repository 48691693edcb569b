#!/bin/sh
# tests/tui/planner_verdict.sh - the honest verdict, under tmux at 80x24 and
# 200x60: an invalid entry shows INVALID with its whole message and never
# FITS over the old figures; Esc recovers the last valid value and the
# verdict; a save of an invalid plan is refused and writes nothing; a file
# `kvplan calc` refuses is not opened (the current plan stays); Hkv 7 of
# 40 is refused as calc refuses it; layer rules: a new rule leaves the
# cursor on "new", Esc restores the last valid rule; prompts: the first
# typed character replaces the prefilled text, Ctrl-U clears; with unsaved
# changes a second Ctrl-C quits. Every wait is bounded (5 s).
TUI_TAG=kvpi TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR="
check_not() { # NAME TEXT
	sleep 0.3
	screen
	if grep -qF -- "$2" "$DIR/screen"; then
		notok "$1 ('$2' shown)"
		sed 's/^/# /' "$DIR/screen"
	else
		ok "$1"
	fi
}
kv_heads() { # the KV heads field of the Model page (10th field)
	keys F5
	wait_for "KV heads" >/dev/null
	n=9
	while [ "$n" -gt 0 ]; do keys Down; n=$((n - 1)); done
}

# A record `kvplan calc` accepts, and the same plan with a static cache
# of 100 positions, which calc refuses (sequences are 4,096 long).
"$KVPLAN" calc --format json > "$DIR/ok.json"
sed '0,/"max_cache_len":/s/"max_cache_len":[[:space:]]*0/"max_cache_len": 100/' \
	"$DIR/ok.json" > "$DIR/bad.json"
if "$KVPLAN" calc "$DIR/bad.json" >/dev/null 2>&1; then
	notok "setup: calc refuses bad.json"
fi

for size in "80 24" "200 60"; do
	set -- $size
	at="${1}x$2"
	start "$1" "$2"
	check "$at: first screen fits" "FITS"
	# KV heads 0: out of range. The panel says INVALID with the message
	# naming the label and the key, the old figures labelled, no FITS.
	kv_heads
	keys 0 Enter
	check "$at: INVALID shown" "INVALID"
	check "$at: message names the label" "KV heads: model.base.kv_heads: 0"
	check "$at: old figures labelled" "last valid"
	check_not "$at: no FITS over a stale result" "FITS"
	# a save is refused with the message, and writes nothing
	keys C-s
	check "$at: save refused" "not saved"
	[ -e "$DIR/plan.json" ] && notok "$at: nothing written" || ok "$at: nothing written"
	# Esc restores the last valid value: the verdict is back
	keys Escape
	check "$at: Esc recovers the verdict" "FITS"
	check_not "$at: INVALID gone" "INVALID"
	# F3 on a file calc refuses: the error, the current plan kept
	keys F3
	wait_for "Open plan:" >/dev/null
	keys "$DIR/bad.json" Enter
	check "$at: open refused with calc's reason" "strategy.max_cache_len: 100"
	check "$at: open says the plan is kept" "kept the current plan"
	check "$at: current plan still shown" "4,026,531,840 B"
	check_not "$at: title not renamed" "bad.json "
	# Hkv 7 with Hq 40: refused by the core's one validation, in the
	# words `kvplan calc --kv-heads 7` uses; Esc brings 8 back
	kv_heads
	keys 7 Enter
	check "$at: Hkv 7 refused as calc refuses it" "model.q_heads 40 is not a multiple of it"
	keys Escape
	check "$at: Esc after Hkv 7" "FITS"
	# Layer rules: the second rule typed after Enter lands on "new" (the
	# first is not overwritten); an invalid edit of rule 0 is INVALID and
	# Esc brings back the last valid rule, not the rejected text.
	keys F7
	wait_for "new" >/dev/null
	keys -l "0-3:kv_heads=4"
	keys Enter
	wait_for "rule 0   0-3:kv_heads=4" >/dev/null
	keys -l "4-7:kv_heads=2"
	keys Enter
	check "$at: rule 1 added after rule 0" "rule 1   4-7:kv_heads=2"
	check "$at: rule 0 kept" "rule 0   0-3:kv_heads=4"
	keys Up Up
	keys -l "0-3:kv_heads=7"
	keys Enter
	check "$at: invalid rule is INVALID" "INVALID"
	keys Escape
	check "$at: Esc restores the last valid rule" "rule 0   0-3:kv_heads=4"
	check_not "$at: rejected rule text gone" "kv_heads=7"
	# The save prompt's prefilled name is replaced by the first typed
	# character (no "plan.jsonmine.json"); Ctrl-U clears a prompt.
	keys C-s
	wait_for "Save plan as:" >/dev/null
	keys -l "mine-$1.json"
	keys Enter
	check "$at: saved under the typed name" "saved mine-$1.json"
	[ -e "$DIR/mine-$1.json" ] && ok "$at: typed name written" || notok "$at: typed name written"
	keys F3
	wait_for "Open plan:" >/dev/null
	keys C-u
	keys -l "zz"
	check "$at: Ctrl-U cleared the prompt" "Open plan: zz"
	keys Escape
	keys C-g
	# a message longer than two lines: the footer line says F1 shows it,
	# and the help opens with the whole message
	long=$(printf '/nonexistent/%0430d.json' 0)
	keys F3
	wait_for "Open plan:" >/dev/null
	keys -l "$long"
	keys Enter
	check "$at: long message: F1 named" "(F1: the whole message)"
	keys F1
	check "$at: help shows the whole message" "Message"
	screen
	if tr -d '\n│| ' < "$DIR/screen" | grep -q "0000.json"; then
		ok "$at: the message's end is on screen"
	else
		notok "$at: the message's end is on screen"; sed 's/^/# /' "$DIR/screen"
	fi
	keys Escape
	# an edit, then Ctrl-C twice quits without saving
	kv_heads
	keys 4 0 Enter
	check "$at: edit applies" "KV heads            40"
	keys C-c
	check "$at: first Ctrl-C asks" "Unsaved changes"
	keys C-c
	if wait_for "EXITED:0"; then ok "$at: second Ctrl-C quits"; else notok "$at: second Ctrl-C quits"; sed 's/^/# /' "$DIR/screen"; fi
done
exit $fail
