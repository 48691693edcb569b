#!/bin/sh
# tests/tui/planner_views.sh - the real kvplan binary under tmux as a
# user of real presets: footer keys for every view at 80 columns, field
# help on the message line, a text prompt surviving a resize, Ctrl-R
# presets (Llama-3.1-70B, DeepSeek-V3) in the GQA/MQA view, the Devices
# form and legend, and the Engines view's wrapped refusals, at 80x24 and
# 120x40, UTF-8 and C locales. Every wait is bounded (5 s); a private
# tmux server per run, killed at the end. Figures are worked out in the
# comments.
TUI_TAG=kvpv TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"
# start COLS ROWS LANG: a fresh planner in a fresh session.
start() {
	TUI_ENV="LANG=$3 LC_ALL=$3 NO_COLOR="
	tui_start "$1" "$2"
}
check_not() { # NAME TEXT: TEXT is not on the screen (after a short settle)
	sleep 0.3
	screen
	if grep -qF -- "$2" "$DIR/screen"; then
		notok "$1 ('$2' shown)"
		sed 's/^/# /' "$DIR/screen"
	else
		ok "$1"
	fi
}
# preset NAME: load a model preset through the Ctrl-R picker.
preset() {
	keys F5 C-r
	wait_for "Model presets" >/dev/null
	keys -l "$1"
	keys Enter
	wait_for "in place of" >/dev/null
}

# 1. 80x24: the footer has save, open, export and the Deploy view (issue
#    31: an ops desk at 80 columns found none of them), whole words only;
#    the views past F7 are in the tab bar and the help (F1), and their
#    keys work (F11, F12 below).
start 80 24 C.UTF-8
check "footer at 80 columns: save, open, export" "F2Save F3Open F4Export"
check "footer at 80 columns: the Deploy view" "^DDeploy"
# (a pane of 80 columns never shows a longer line: a footer cut at the
# edge is caught by its last word instead)
footer=$(tail -n 1 "$DIR/screen" | sed 's/[[:space:]]*$//')
case $footer in *" ^DDeploy") ok "footer ends on a whole item";;
	*) notok "footer cut: '$footer'";; esac
keys C-d
check "Ctrl-D opens the Deploy view at 80 columns" "Deployments that fit"
keys C-g
# 2. The field under the cursor explains itself on the message line.
check "field help on the message line" "type to search the model presets"
keys F11
check "F11 opens the Sweep view" "KV per cell"
keys F12
check "F12 opens the Engines view" "pool tok."

# 3. A text prompt open during a resize is redrawn at the new size with
#    the typed text kept; the 120-column footer then has room for F4.
keys F3
wait_for "Open plan:" >/dev/null
keys C-u
keys -l "typed.json"
wait_for "typed.json" >/dev/null
$T resize-window -x 120 -y 40 2>/dev/null || $T resize-pane -x 120 -y 40
check "prompt redrawn after a resize" "Open plan: typed.json"
check "screen behind redrawn at 120 columns" "F4Export"
keys Escape

# 4. Llama-3.1-70B from the picker, GQA/MQA view: Hq = 64, Hkv = 8,
#    80 layers, head dim 128, bf16 (2 B); the model alone, one sequence
#    of 3,072 + 1,024 = 4,096 tokens:
#    current 2 x 80 x 8 x 128 x 2 = 327,680 B/pos;
#    MQA 2 x 80 x 1 x 128 x 2 = 40,960 B/pos, x 4,096 = 167,772,160 B
#    per sequence, 1/8 of now = x0.125;
#    MHA 64 heads: 2,621,440 B/pos, 10,737,418,240 B per sequence, x8.
start 80 24 C.UTF-8
preset llama-3.1-70b
check "llama-3.1-70b: per position" "327,680 B per position"
keys F9
check "GQA view: MQA row" "MQA      1     64     40,960    167,772,160  x0.125"
check "GQA view: MHA row" "MHA     64      1  2,621,440 10,737,418,240      x8"
check "GQA view: trained grouping named" "trained with 8 KV heads"
check "GQA view: bandwidth line" "Each generated token reads its sequence's whole KV"

# 5. Devices form and legend: whole labels, the card's whole name.
keys F8
check "Devices form: whole label" "Shared with system"
check "legend names the card in full" "d0 H100-80GB-SXM"
check "legend header: units over the columns" "bytes     GiB      GB"
check "Devices form: preset key shown" "^R card preset"

# 6. DeepSeek-V3 (MLA): 61 layers x (512 + 64) x 2 B = 70,272 B per
#    position at every Hkv, which the view says instead of the
#    architecture warning.
preset deepseek-v3
check "deepseek-v3: MLA latent per position" "70,272 B per position"
keys F9
check "GQA view: MLA heads do not matter" "Every grouping stores the same bytes"
check "GQA view: the quality caveat always shown, MLA too" "its quality must be evaluated separately"

# 7. 120x40 in the C locale: ASCII, the whole footer, and the Engines
#    view with DeepSeek-V3's 626 GiB of weights on one 80 GB card: vLLM
#    refuses; its reason, selected, is wrapped below the table.
start 120 40 C
check "C locale, 120 columns: the footer up to Next, then Deploy" "F10Quit ^NNext ^DDeploy"
preset deepseek-v3
keys F12
check "Engines view: a refusal in the table" "refused (Up/Down: the reason below)"
keys Down Down
check "Engines view: vLLM's reason shown whole" "No available memory for the cache blocks"
check "Engines view: reason wrapped, not cut" "gpu_memory_utilization"
keys F10
wait_for "Unsaved changes" >/dev/null
keys n
if wait_for "EXITED:0"; then ok "C locale run: quit"; else notok "C locale run: quit"; fi

# 8. A named release stays with its engine: the Engines view computes the
#    others at their current rules, labels llama.cpp@b4400's lines as
#    today's words, and Enter on vLLM plans vLLM without the build.
TUI_ENV="LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR="
tui_start 120 40 --engine llama.cpp@b4400 --model llama-3.1-8b --ctx-size 4096
keys F12
#    (vLLM's 443,104 tokens: the CUDA graph estimate's TP 1 row is
#    1,634 MiB, vllm_profile.c vl_graph_estimate[])
check "Engines view: vLLM computed beside llama.cpp@b4400" "443,104"
keys Down
check "Engines view: b4400's lines labelled" "(in the words of 84f71294; b4400 may word some lines otherwise)"
keys Down Enter
check "Enter on vLLM: planned with vLLM" "KV cache - vllm"
check_not "Enter on vLLM: the llama.cpp build not carried over" "engine.version"
keys F10
wait_for "Unsaved changes" >/dev/null
keys n
if wait_for "EXITED:0"; then ok "named-release run: quit"; else notok "named-release run: quit"; fi

[ $fail -eq 0 ]
