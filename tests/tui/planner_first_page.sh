#!/bin/sh
# tests/tui/planner_first_page.sh - the Plan page under tmux at 80x24 and
# 200x60: the ops question "Llama 3.1 8B on one A100 80GB, 32 requests of
# 8192 prompt + 2048 generation, fp8 cache" typed from launch, every key
# counted (at most 15); the model's whole id on screen; the figures worked
# by hand; a preset load keeps the workload, names the plan after the model
# and says what it replaced; Enter moves on; a typed value replaces the
# shown one. Every wait is bounded (5 s).
TUI_TAG=kvpf TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR= XDG_CONFIG_HOME='$DIR/cfg'"
# page_to TEXT: PgDn in the help until TEXT is on screen (10 pages at most)
page_to() {
	p=0
	while [ $p -lt 10 ]; do
		sleep 0.2
		screen
		grep -qF -- "$1" "$DIR/screen" && return 0
		$T send-keys NPage
		p=$((p + 1))
	done
	return 1
}
# key K...: send each key on its own and count it (the picker and the
# form read keys one at a time, as from a person).
nkeys=0
key() {
	for k in "$@"; do
		$T send-keys "$k"
		nkeys=$((nkeys + 1))
		sleep 0.05
	done
}

for size in "80 24" "200 60"; do
	set -- $size
	at="${1}x$2"
	start "$1" "$2"
	check "$at: opens on the Plan page" "What runs where"
	nkeys=0
	# Model: "18" narrows the model presets to llama-3.1-8b (its name
	# holds 1 then 8), Enter picks it and moves to the Card.
	key 1 8
	wait_for "filter: 18" >/dev/null
	key Enter
	wait_for "meta-llama/Llama-3.1-8B" >/dev/null
	# Card: "8" narrows the cards to the 80 GB ones, a100-80gb first.
	key 8
	wait_for "filter: 8" >/dev/null
	key Enter
	wait_for "A100-80GB " >/dev/null
	# 32 requests, 8k = 8,192 prompt, 2k = 2,048 generation, each
	# typed over the shown value; "f" selects fp8 after f16.
	key 3 2 Enter 8 k Enter 2 k Enter f
	if [ "$nkeys" -le 15 ]; then ok "$at: the what-if in $nkeys keys (at most 15)"
	else notok "$at: the what-if in $nkeys keys (more than 15)"; fi
	check "$at: whole model id" "meta-llama/Llama-3.1-8B"
	check "$at: card" "A100-80GB"
	# 2 x 32 layers x 8 KV heads x 128 x 1 B (fp8) = 65,536 B/pos;
	# x (8,192 + 2,048) = 10,240 positions x 32 = 21,474,836,480 B
	check "$at: fp8 per position" "65,536 B per position"
	check "$at: total" "21,474,836,480 B"
	# 20 GiB of KV + 14.96 GiB of weights on 80 GiB: fits
	check "$at: verdict" "FITS"
	screen
	if grep -q "^Prompt *8192" "$DIR/screen" && grep -q "^Generation *2048" "$DIR/screen"; then
		ok "$at: typed values replaced the shown ones"
	else
		notok "$at: typed values replaced the shown ones"; sed 's/^/# /' "$DIR/screen"
	fi
	# A preset load keeps the workload and the fp8 cache, and says what
	# it replaced: qwen3-8b (36 layers, 8 KV heads of 128):
	# 2 x 36 x 8 x 128 x 1 = 73,728 B/pos.
	$T send-keys Up Up Up Up Up
	sleep 0.2
	$T send-keys q w e n 3 - 8
	wait_for "filter: qwen3-8" >/dev/null
	$T send-keys Enter
	check "$at: load says what it replaced" "model Qwen/Qwen3-8B in place of meta-llama/Llama-3.1-8B"
	check "$at: load keeps the fp8 cache" "the fp8 KV cache"
	check "$at: workload kept after the load" "73,728 B per position"
	check "$at: requests kept" "sequences 32"
	$T send-keys F5
	check "$at: plan named after the model" "Plan name           Qwen/Qwen3-8B"
	# the help ends with the glossary of the words on screen and the
	# bar key
	$T send-keys F1
	page_to "your reserve: memory you asked to keep free"
	check "$at: help glossary: reserv" "your reserve: memory you asked to keep free"
	page_to "what is left after every part"
	check "$at: help glossary: free" "what is left after every part"
	page_to "the card's capacity; parts past it"
	check "$at: help glossary: bar key" "the card's capacity; parts past it"
	$T send-keys Escape
	$T send-keys F10
	wait_for "Save before quitting" >/dev/null
	$T send-keys n
	if wait_for "EXITED:0"; then ok "$at: quit"; else notok "$at: quit"; fi
done
exit $fail
