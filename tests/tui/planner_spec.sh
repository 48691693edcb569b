#!/bin/sh
# tests/tui/planner_spec.sh - the planner's fields for speculative decoding
# that calc has (issue 14 item 3) drive the same figures under tmux at
# 200x60: the Model page's "MTP layers" (model.arch.mtp_layers) under
# vLLM's MTP method, and the Work page's "RS snapshots"
# (engine.llamacpp.rs_seq) under llama.cpp. A value the engine refuses is
# refused inline, in calc's words, with the edit kept. Every wait is
# bounded (5 s).
#
# By hand (tests/cli/vllm_mtp.sh): DeepSeek-V3's one MTP layer holds
# 1,000 blocks x 18,432 B = 18,432,000 B a rank at 1,142,784,000 B of KV
# budget, the pool 1,000 blocks of 16 = 16,000 slots.
# (tests/cli/llamacpp_rs_seq.sh): Qwen3.5-35B-A3B's recurrent rows are
# 65,863,680 B each; 2 snapshots keep 3 rows: 197,591,040 B. Its KV at -c
# 65536 --kv-unified is 10 layers x 2 heads x 256 x 2 B x 2 x 65,536 =
# 1,342,177,280 B; the panel's total is KV and states: 1,408,040,960 B
# without snapshots, 1,539,768,320 B with 2. The Work page's
# "Checkpoints" (llama-server --ctx-checkpoints) moves the panel's host
# line as calc's does, and its "mmproj warmup px" the encoder's compute
# buffer as calc's does.
TUI_TAG=kvps TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"

# row NAME HELP: move down (at most 80 fields) to the row whose help
# line holds HELP; the check NAME passes when it is found
row() {
	i=0
	while [ $i -lt 80 ]; do
		screen
		if grep -qF "$2" "$DIR/screen"; then ok "$1"; return 0; fi
		keys Down
		sleep 0.05
		i=$((i + 1))
	done
	notok "$1"
}

V3="--model deepseek-v3 --engine vllm --card h200 --tp 8 --max-model-len 8192
    --kv-cache-memory-bytes 1142784000 --speculative-method mtp --num-speculative-tokens 2"
# quit_run NAME: quit the planner, its changes discarded
quit_run() {
	keys F10
	wait_for "Unsaved changes" >/dev/null
	keys n
	if wait_for "EXITED:0"; then ok "$1: quit"; else notok "$1: quit"; fi
}

# shellcheck disable=SC2086 # the flags are words
start 200 60 $V3
check "vLLM MTP: the draft part is the MTP layer's KV (worked above)" "18,432,000"
check "vLLM MTP: 1,000 blocks of 16" "allocated 16,000 slots"
keys F5
wait_for "Model id" >/dev/null
row "the Model page has the MTP row" "multi-token prediction layers after the model's"
keys C-u 0 Enter
check "0 MTP layers under method mtp: refused inline, in calc's words" "has no MTP layers"
check "the edit kept" "MTP layers          0"
# shellcheck disable=SC2086
two=$("$KVPLAN" calc $V3 --mtp-layers 2 2>/dev/null |
      sed -n 's/^MTP draft *\([0-9,]*\) B.*/\1/p' | head -1)
keys Up C-u 2 Enter
if [ -n "$two" ]; then check "2 MTP layers: calc's figure ($two B)" "$two"
else notok "calc gave no MTP draft figure for 2 layers"; fi
quit_run "MTP run"

Q35="--model qwen3.5-35b-a3b --engine llama.cpp --ctx-size 65536 --kv-unified"
# shellcheck disable=SC2086
start 200 60 $Q35
check "llama.cpp: KV and one state row (worked above)" "1,408,040,960"
keys F6
wait_for "Sequence class 0" >/dev/null
row "the Work page has the RS snapshots row" "recurrent-state snapshots per sequence"
keys C-u 2 Enter
check "2 snapshots: KV and 3 state rows (worked above)" "1,539,768,320"
quit_run "RS run"

# The Work page's "Checkpoints" (engine.llamacpp.ctx_checkpoints,
# tests/cli/llamacpp_ckpt.sh): 32 of 65,864,420 B a slot by default; the
# host line of the panel shows calc's host figures, with 64 over 4 GiB
CK="$Q35 --host-memory 4GiB"
h32=$("$KVPLAN" calc $CK 2>&1 | sed -n 's/^host memory .* = \([0-9.]* GiB\) of 4.00 GiB.*/\1/p')
h64=$("$KVPLAN" calc $CK --ctx-checkpoints 64 2>&1 | sed -n 's/^host memory .* = \([0-9.]* GiB\) of 4.00 GiB.*/\1/p')
# shellcheck disable=SC2086
start 200 60 $CK
check "checkpoints: the host line is calc's ($h32)" "host $h32 of 4.00 GiB fits"
keys F6
wait_for "Sequence class 0" >/dev/null
row "the Work page has the Checkpoints row" "context checkpoints per slot, in host memory"
keys C-u 64 Enter
check "64 checkpoints: calc's host figure ($h64), over the budget" "host $h64 of 4.00 GiB DOES NOT FIT"
keys Up C-u -2 Enter
check "-2: refused inline, naming the field" "engine.llamacpp.ctx_checkpoints: '-2'"
quit_run "checkpoints run"

# The --mmproj encoder's compute buffer (tests/cli/llamacpp_mmproj.sh):
# gemma3's tower at the 896 warmup adds 127,139,840 B to device 0's
# encoder part, 2,048 + 127,139,840 = 127,141,888 B, marked "~" (an
# estimate); the Work page's "mmproj warmup px" at 448 gives 1,024
# patches x 7,760 x 4 = 31,784,960 B, so 31,787,008 B; 0 says why not.
MM="--engine llama.cpp --ctx-size 4096 --mmproj-bytes 2048 --mmproj-projector gemma3
    --mmproj-warmup 896 --mmproj-patch 14 --mmproj-embd 1152 --mmproj-heads 16 --mmproj-ff 4304"
# shellcheck disable=SC2086
start 200 60 $MM
check "mmproj: device 0's encoder part holds the compute buffer (worked above)" "127,141,888"
check "mmproj: the encoder row is marked an estimate" "encodr~"
keys F6
wait_for "Sequence class 0" >/dev/null
row "the Work page has the mmproj warmup row" "side of the warmup image"
keys C-u 448 Enter
check "a 448 warmup: calc's figure (worked above)" "31,787,008"
quit_run "mmproj run"

# The Work page's "mmproj file" reads a GGUF as --mmproj FILE does: the
# same gemma3 tower (tests/cli/gguf_lib.inc writes it) gives the same
# 127,141,888 B; a path that is not there is refused inline, kept.
. "$(dirname "$0")/../cli/gguf_lib.inc"
mmproj "$DIR/g3.gguf" gemma3 896 14 1152 16 4304 0 0
start 200 60 --engine llama.cpp --ctx-size 4096
keys F6
wait_for "Sequence class 0" >/dev/null
row "the Work page has the mmproj file row" "llama.cpp --mmproj FILE: a GGUF path"
keys "$DIR/g3.gguf" Enter
check "the file read: calc's figure for it" "127,141,888"
check "the file's projector in its row" "gemma3"
# Enter on the form's last field went on to the first: Down back to the
# row (Up from the first field no longer wraps to a hidden page, issue 31)
row "back on the mmproj file row" "llama.cpp --mmproj FILE: a GGUF path"
keys "$DIR/none.gguf" Enter
check "a missing file: refused inline, naming it" "none.gguf: No such file or directory"
check "the refused file leaves the last good one's figures" "127,141,888"
quit_run "mmproj file run"
exit $fail
