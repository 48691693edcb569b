#!/bin/sh
# tests/tui/planner_draft.sh - the Plan page's Draft model row (issue 14,
# speculative decoding) under tmux at 80x24 and 200x60: typing opens the
# model picker, Tab types a file, the draft's weights and KV become the
# card's 'draft' part, a file that is not a model is refused inline with
# the plan kept, Delete removes the draft; under vLLM the method becomes
# draft_model (eagle3 for an EAGLE-3 head) as --speculative-model sets it,
# and the plan saved from the planner gives `kvplan calc` the same draft
# bytes. Every wait is bounded
# (5 s).
#
# The draft tests/data/draft/draft-4l.json, worked by hand:
#   weights (bf16, tied embeddings): 4 layers x (q 512x512 + k 512x128 +
#     v 512x128 + o 512x512 + gated MLP 3 x 512x1024 + 2 norms of 512)
#     = 4 x 2,229,248 = 8,916,992, + embedding 32,000 x 512 = 16,384,000,
#     + final norm 512 = 25,301,504 parameters x 2 B = 50,603,008 B;
#   KV under llama.cpp -c 8192 -np 2: one draft context per slot of
#     n_ctx_seq = 4,096 cells x (2 x 4 layers x 2 heads x 64 x 2 B =
#     2,048 B) = 8,388,608 B, x 2 slots = 16,777,216 B;
#   the card's draft part: 50,603,008 + 16,777,216 = 67,380,224 B.
TUI_TAG=kvpd TUI_TIMEOUT=180
. "$(dirname "$0")/tmux_lib.inc"
TUI_ENV="NO_COLOR= XDG_STATE_HOME='$DIR/state'"
D=$(cd "$(dirname "$0")/../data/draft" && pwd)/draft-4l.json
printf 'not a model\n' >"$DIR/junk.json"

# load_draft FILE: on the Draft model row, open the model picker, Tab
# to its path prompt and load FILE
load_draft() { # FILE
	keys d
	wait_for "filter: d" >/dev/null
	keys Tab
	wait_for "Draft model (Tab completes):" >/dev/null
	keys C-u "$1" Enter
}

for size in "80 24" "200 60"; do
	set -- $size
	at="${1}x$2"
	start "$1" "$2" --engine llama.cpp --ctx-size 8192 --parallel 2 --card a100-80gb
	check "$at: the row, no draft" "Draft model none"
	down 10
	check "$at: the row's help" "speculative decoding's draft model"
	load_draft "$DIR/junk.json"
	check "$at: not a model: refused inline" "draft model: "
	check "$at: not a model: the plan kept" "Draft model none"
	load_draft "$D"
	check "$at: loaded" "Draft model draft-4l"
	check "$at: says where it goes" "draft model draft-4l: its weights and KV"
	check "$at: the card's draft part (worked above)" "67,380,224"
	keys DC
	check "$at: Delete removes it" "draft model removed"
	check "$at: the row says none" "Draft model none"
	screen
	if grep -qF "67,380,224" "$DIR/screen"; then
		notok "$at: the draft part is gone"
	else
		ok "$at: the draft part is gone"
	fi
done

# vLLM: the method follows the draft, and the saved plan computes alike
start 200 60 --engine vllm --card a100-80gb --num-speculative-tokens 3
down 10
load_draft "$D"
check "vLLM: loaded" "Draft model draft-4l"
keys C-s
wait_for "Save plan as:" >/dev/null
keys Enter
check "vLLM: saved" "saved plan.json"
if grep -q '"speculative_method":[[:space:]]*"draft_model"' "$DIR/plan.json" 2>/dev/null &&
   grep -q '"id":[[:space:]]*"draft-4l"' "$DIR/plan.json"; then
	ok "vLLM: the saved plan has the draft and the draft_model method"
else
	notok "vLLM: the saved plan has the draft and the draft_model method"
fi
# one meaning per figure: the saved plan's per-device draft bytes are
# the CLI's for the same flags (--speculative-model)
"$KVPLAN" calc "$DIR/plan.json" --format json >"$DIR/calc.json" 2>"$DIR/calc.err"
"$KVPLAN" calc --engine vllm --card a100-80gb --num-speculative-tokens 3 \
	--speculative-model "$D" --format json >"$DIR/cli.json" 2>>"$DIR/calc.err"
a=$(grep '"draft_bytes"' "$DIR/calc.json")
b=$(grep '"draft_bytes"' "$DIR/cli.json")
if [ -n "$a" ] && [ "$a" = "$b" ] && ! grep -q '"draft_bytes":[[:space:]]*0,' "$DIR/calc.json"; then
	ok "vLLM: calc on the saved plan gives the CLI's draft bytes"
else
	notok "vLLM: calc on the saved plan gives the CLI's draft bytes ('$a' vs '$b')"
	sed 's/^/# /' "$DIR/calc.err"
fi
keys Down
keys Up DC
check "vLLM: Delete removes it" "draft model removed"
keys C-s
wait_for "Save plan as:" >/dev/null
keys Enter
sleep 0.5
if grep -q '"speculative_method":[[:space:]]*"none"' "$DIR/plan.json" &&
   ! grep -q '"draft"' "$DIR/plan.json"; then
	ok "vLLM: no draft, method none again"
else
	notok "vLLM: no draft, method none again"
fi

# vLLM with an EAGLE-3 head (tests/cli/vllm_eagle3.sh by hand): the row
# sets method eagle3, and the card's draft part is the head's 1,455,196,160
# B of weights + 1,000 blocks x 40,960 B of KV = 1,496,156,160 B
E=$(cd "$(dirname "$0")/../data/draft" && pwd)/qwen3-32b-eagle3.json
start 200 60 --engine vllm --model qwen3-32b --card h100 --max-model-len 8192 \
	--kv-cache-memory-bytes 4235264000 --num-speculative-tokens 3
down 10
load_draft "$E"
check "EAGLE-3: the card's draft part (worked above)" "1,496,156,160"
keys C-s
wait_for "Save plan as:" >/dev/null
keys C-u "$DIR/eagle.json" Enter
sleep 0.5
if grep -q '"speculative_method":[[:space:]]*"eagle3"' "$DIR/eagle.json" 2>/dev/null; then
	ok "EAGLE-3: the saved plan has method eagle3"
else
	notok "EAGLE-3: the saved plan has method eagle3"
fi
keys DC
check "EAGLE-3: Delete removes it" "draft model removed"

# vLLM with method eagle chosen and an EAGLE-1 head (tests/cli/
# vllm_eagle1.sh by hand): the row keeps method eagle, and the card's
# draft part is the head's 503,324,672 B of weights + 1,000 blocks x
# 65,536 B of KV = 568,860,672 B
E1=$(cd "$(dirname "$0")/../data/draft" && pwd)/llama3-8b-eagle1.json
start 200 60 --engine vllm --model llama-3.1-8b --card h100 --max-model-len 8192 \
	--kv-cache-memory-bytes 2162688000 --speculative-method eagle \
	--num-speculative-tokens 3
check "EAGLE-1: no head yet: refused inline" "needs the EAGLE-1 head"
down 10
load_draft "$E1"
check "EAGLE-1: the card's draft part (worked above)" "568,860,672"
keys DC
check "EAGLE-1: Delete removes it" "draft model removed"
exit $fail
