#!/bin/sh
# readme_tour.sh - README.md's tour is the program's real output, to the
# byte: every fenced block of the "## Tour" section that starts with
# "$ kvplan ..." is run (in a scratch folder holding the tree's
# examples/vllm-startup.log, checked equal to the four lines of case
# vllm-10517-llama31-8b-20k of tests/reference/cases/engine-logs.json)
# through sh, with `kvplan`
# the binary under test, and its stdout must equal the rest of the block
# exactly. The first block that is not a command is the planner's screen:
# `kvplan` is started under tmux at 80x24 in LANG=C.UTF-8 with NO_COLOR=1
# and the settled screen must equal the block; the README says both
# (checked below). Any drift of a figure, a column or
# a word fails here; regenerate the blocks from the binary (and read them).
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
if [ -z "${KVP_TUI_BOUNDED:-}" ] && command -v timeout >/dev/null 2>&1; then
	KVP_TUI_BOUNDED=1 exec timeout 120 sh "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
case $KVPLAN in /*) ;; *) KVPLAN=$(pwd)/$KVPLAN ;; esac   # run from elsewhere
REF=$here/../reference
README=$here/../../README.md
tmp=$(mktemp -d)
T="tmux -L kvptour$$ -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
# the tour was captured in a UTF-8 locale (x in the formula, bar blocks)
LC_ALL=C.UTF-8
LANG=C.UTF-8
XDG_CONFIG_HOME=$tmp/config   # no user presets
XDG_STATE_HOME=$tmp/state     # no recovery file of an earlier planner
export LC_ALL LANG XDG_CONFIG_HOME XDG_STATE_HOME
fail=0 n=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

mkdir -p "$tmp/run/examples" "$tmp/blocks" "$tmp/config"
# the tour runs from a checkout's top: the example log it reconciles is
# the tree's own, the lines of case vllm-10517-llama31-8b-20k
cp "$here/../../examples/vllm-startup.log" "$tmp/run/examples/" ||
	no "examples/vllm-startup.log is not in the tree"
awk -v id=vllm-10517-llama31-8b-20k -f "$here/ref_lines.awk" \
	"$REF/cases/engine-logs.json" > "$tmp/ref.log"
[ -s "$tmp/ref.log" ] && cmp -s "$tmp/ref.log" "$tmp/run/examples/vllm-startup.log" ||
	no "examples/vllm-startup.log differs from case vllm-10517-llama31-8b-20k of $REF/cases/engine-logs.json"

# Split the tour into blocks: blocks/N.cmd (the command line, without
# "$ ") and blocks/N.want (the lines after it); blocks/screen for the
# first block that is not a command.
awk -v dir="$tmp/blocks" '
	/^## / { on = ($0 == "## Tour") ; next }
	!on { next }
	/^```/ {
		if (!inb) { inb = 1; first = 1; next }
		inb = 0; next
	}
	inb && first {
		first = 0
		if (substr($0, 1, 9) == "$ kvplan ") {
			k++; out = dir "/" k ".want"
			print substr($0, 3) > (dir "/" k ".cmd")
			printf "" > out
			next
		}
		if (!screen) { screen = 1; out = dir "/screen"; print > out; next }
		out = "/dev/null"
	}
	inb { print > out }
' "$README"

kvplan() { "$KVPLAN" "$@"; }
for cmdf in "$tmp"/blocks/*.cmd; do
	[ -f "$cmdf" ] || continue
	n=$((n + 1))
	want=${cmdf%.cmd}.want
	line=$(cat "$cmdf")
	(cd "$tmp/run" && eval "$line") > "$tmp/got" 2> "$tmp/err" < /dev/null
	if cmp -s "$tmp/got" "$want"; then ok "tour output unchanged: $line"
	else
		no "tour output differs (README < > program): $line"
		diff "$want" "$tmp/got" | sed 's/^/# /'
		sed 's/^/# stderr: /' "$tmp/err"
	fi
done
[ $n -ge 6 ] || no "only $n tour commands found in $README"
# the report one-liner writes its file
[ -s "$tmp/run/sizing.md" ] && head -1 "$tmp/run/sizing.md" | grep -q '^# KV-cache sizing' ||
	no "the tour's --output sizing.md wrote no Markdown report"
grep -q '](sizing.svg)' "$tmp/run/sizing.md" && [ -s "$tmp/run/sizing.svg" ] ||
	no "the tour's report links sizing.svg, not written beside it"

# The planner's screen, 80x24, UTF-8, no colour: the README says how it
# was captured, NO_COLOR included (issue 31)
tr '\n' ' ' < "$README" | grep -q '(captured under tmux, 80x24, LANG=C.UTF-8, NO_COLOR=1' &&
	ok "the README says the screen is captured with NO_COLOR=1" ||
	no "the README does not say how the screen was captured (NO_COLOR=1)"
if ! command -v tmux >/dev/null 2>&1; then
	no "tmux is not installed (.ci/run installs it)"
elif [ ! -s "$tmp/blocks/screen" ]; then
	no "no captured screen block in the tour"
else
	$T new-session -d -x 80 -y 24 \
		"cd '$tmp/run' && env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=1 XDG_CONFIG_HOME='$tmp/config' '$KVPLAN'; sleep 30"
	# settled: F1Help shown and two captures 0.2 s apart alike (5 s at most)
	i=0 prev=
	while [ $i -lt 25 ]; do
		sleep 0.2
		$T capture-pane -p > "$tmp/screen" 2>/dev/null
		cur=$(cat "$tmp/screen")
		if grep -q 'F1Help' "$tmp/screen" && [ "$cur" = "$prev" ]; then break; fi
		prev=$cur
		i=$((i + 1))
	done
	# tmux may leave trailing blank lines; the block has none
	sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/screen" > "$tmp/screen.trim"
	if cmp -s "$tmp/screen.trim" "$tmp/blocks/screen"; then ok "tour screen unchanged (80x24, C.UTF-8)"
	else
		no "tour screen differs (README < > program)"
		diff "$tmp/blocks/screen" "$tmp/screen.trim" | sed 's/^/# /'
	fi
fi
exit $fail
