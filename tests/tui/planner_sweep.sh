#!/bin/sh
# tests/tui/planner_sweep.sh - the Sweep view under tmux at 80x24 and
# 200x60: separated columns, every refused cell lettered with its reason
# under the grid, a verdict line that names a binding card only when one
# is over or tight, the grid using the width, and under vLLM (a pool
# engine) the requests that fit per cell instead of the constant pool.
# Every wait is bounded (5 s).
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
if [ -z "${KVP_TUI_BOUNDED:-}" ] && command -v timeout >/dev/null 2>&1; then
	KVP_TUI_BOUNDED=1 exec timeout 150 sh "$0" "$@"
fi
if ! command -v tmux >/dev/null 2>&1; then
	echo "not ok - tmux is not installed (.ci/run installs it)"
	exit 1
fi
DIR=$(mktemp -d)
n_server=0
T="tmux -L kvps$$ -f /dev/null"
cleanup() {
	$T kill-server 2>/dev/null
	rm -rf "$DIR"
}
trap cleanup EXIT INT TERM
fail=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fail=1; }
start() { # COLS ROWS ARGS...
	$T kill-server 2>/dev/null
	n_server=$((n_server + 1))
	T="tmux -L kvps$$-$n_server -f /dev/null"
	c=$1 r=$2
	shift 2
	$T new-session -d -x "$c" -y "$r" \
		"cd '$DIR' && env TERM=xterm-256color LANG=C.UTF-8 '$KVPLAN' $*; echo EXITED:\$?; sleep 30"
	wait_for "F1Help" || true
}
screen() { $T capture-pane -p > "$DIR/screen"; }
wait_for() {
	i=0
	while [ $i -lt 50 ]; do
		screen
		grep -qF -- "$1" "$DIR/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
check() { # NAME TEXT
	if wait_for "$2"; then ok "$1"; else notok "$1 (no '$2')"; sed 's/^/# /' "$DIR/screen"; fi
}
check_not() { # NAME TEXT
	sleep 0.3
	screen
	if grep -qF -- "$2" "$DIR/screen"; then notok "$1 ('$2' shown)"; sed 's/^/# /' "$DIR/screen"; else ok "$1"; fi
}

for size in "80 24" "200 60"; do
	set -- $size
	at="${1}x$2"
	start "$1" "$2"
	$T send-keys F11
	check "$at: sweep opens" "KV per cell: prompt tokens (x) by active requests (y)"
	# 1 request of 1,024 + 1,024 tokens: 2 x 40 x 8 x 128 x 2 B =
	# 163,840 B/pos x 2,048 = 335,544,320 B = 0.3125 GiB -> "0.3 GiB",
	# roomy on 80 GB, then a separator
	check "$at: first cell, separated" "0.3 GiB+ │"
	check "$at: roomy cell: no binding card named" "fits: every card keeps at least a tenth free"
	check_not "$at: nothing called full" "is full"
	# y cycles the axis to KV heads: 16, 32, 64 do not divide Hq = 40
	$T send-keys y y
	check "$at: refused cells lettered" "refused a │"
	check "$at: the reason under the grid" "refused a: model.base.kv_heads: 16 - model.q_heads 40 is not a multiple of it"
	check "$at: each reason" "refused c: model.base.kv_heads: 64"
done
# 200 columns: cells of 18 columns, every prompt length on screen
check "200x60: the grid uses the width" "131072"

# vLLM, Llama-3.1-8B: the pool is the same in every cell; the cells show
# the requests that fit out of those asked: one request of 2,048 tokens
# fits ("1/1+"); 256 requests of 1,024 + 1,024 tokens need 256 x 2,048 x
# 131,072 B (2 x 32 x 8 x 128 x 2) = 68,719,476,736 B = 64 GiB of KV,
# more than the pool left beside 15 GiB of weights on 80 GB: some wait.
for size in "80 24" "200 60"; do
	set -- $size
	at="${1}x$2"
	start "$1" "$2" --model llama-3.1-8b --engine vllm
	$T send-keys F11
	check "$at: vLLM: requests per cell" "Requests that fit per cell"
	check "$at: vLLM: one request fits" "1/1+"
	check "$at: vLLM: 256 requests do not all fit" "/256~"
done
exit $fail
