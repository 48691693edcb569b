#!/bin/sh
# tests/tui/planner_sweep.sh - the Sweep view under tmux at 80x24 and
# 200x60: separated columns, every refused cell lettered with its reason
# under the grid, a verdict line that names a binding card only when one
# is over or tight, the grid using the width, and under vLLM (a pool
# engine) the requests that fit per cell instead of the constant pool.
# Every wait is bounded (5 s).
TUI_TAG=kvps TUI_TIMEOUT=150
. "$(dirname "$0")/tmux_lib.inc"
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
