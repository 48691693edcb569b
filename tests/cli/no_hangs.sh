#!/bin/sh
# no_hangs.sh - issue 10's reproducers: kvplan never blocks on a FIFO or
# reads forever from a device. Each case must end within 10 seconds with
# status 2 and one line naming the path and what it is.
: "${KVPLAN:?set KVPLAN to the kvplan binary}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }

mkfifo "$TMP/fifo.json" "$TMP/log.fifo" || { echo "not ok - mkfifo"; exit 1; }

# quick NAME NEEDLE CMD...: ends in time, status 2, one line with NEEDLE
quick() {
	name=$1 needle=$2
	shift 2
	timeout 10 "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
	st=$?
	if [ "$st" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	   grep -qF -- "$needle" "$TMP/err"; then
		ok "$name"
	else
		notok "$name: status $st: $(head -c 300 "$TMP/err")"
	fi
}

quick "plan file is a FIFO" "is a FIFO, not a regular file" "$KVPLAN" calc "$TMP/fifo.json"
quick "--model FIFO" "is a FIFO, not a regular file" "$KVPLAN" calc --model "$TMP/fifo.json"
quick "--workload FIFO" "is a FIFO, not a regular file" "$KVPLAN" calc --workload "$TMP/fifo.json"
quick "import FIFO" "not a regular file" "$KVPLAN" import "$TMP/fifo.json"
quick "reconcile /dev/zero" "/dev/zero: is a character device" "$KVPLAN" reconcile /dev/zero
quick "reconcile a FIFO" "is a FIFO" "$KVPLAN" reconcile "$TMP/log.fifo"
timeout 10 "$KVPLAN" reconcile - </dev/zero >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -qF "NUL bytes in a row - not a text log" "$TMP/err" &&
	ok "reconcile - < /dev/zero ends" || notok "reconcile - < /dev/zero: $(cat "$TMP/err")"
quick "calc /dev/zero" "is a character device" "$KVPLAN" calc /dev/zero

# a plan naming a FIFO by a relative path next to it
"$KVPLAN" calc --format json >"$TMP/p.json" 2>/dev/null
sed 's/"model":[[:space:]]*{/"model": "fifo.json", "x_model": {/' "$TMP/p.json" >"$TMP/rel.json"
quick "plan's relative path to a FIFO" "is a FIFO" "$KVPLAN" calc "$TMP/rel.json"

# a stray FIFO in the user's preset folder: listed as unreadable
mkdir -p "$TMP/cfg/kvplan/models"
mkfifo "$TMP/cfg/kvplan/models/stray.json"
XDG_CONFIG_HOME=$TMP/cfg timeout 10 "$KVPLAN" presets >"$TMP/out" 2>&1
st=$?
[ $st -eq 0 ] && grep -q 'stray .*is a FIFO' "$TMP/out" &&
	ok "presets with a FIFO in the user folder" ||
	notok "presets with a FIFO: status $st $(grep stray "$TMP/out")"

[ "$fails" -eq 0 ]
