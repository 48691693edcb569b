#!/bin/sh
# llamacpp_server_tests.sh - assertions of llama.cpp's own server tests
# that kvplan's inputs can express (issue 17 item 6: "llama.cpp's server
# tests ... port every assertion ... naming the test"), at the release
# they were taken from: ggml-org/llama.cpp tools/server/tests/unit/
# test_ctx_shift.py @0876d422 with tests/utils.py's ServerPreset.tinyllama2
# (tinyllamas/stories260K.gguf, --ctx-size 256, --parallel 2, -b 32).
#
# The model: karpathy's llama2.c stories260K (dim 64, 5 layers, 8 heads,
# 4 KV heads: head size 8), converted by llama.cpp's
# examples/convert-llama2c-to-ggml, which writes llama.context_length =
# its default n_ctx 128 (get_default_train_params @381035a5): n_ctx_train
# 128, kvplan's --max-positions.
#
# By hand at kvplan's current build: n_ctx = pad256(256) = 256; two
# streams (-np 2, no --kv-unified) of n_ctx_seq = pad256(256 / 2) = 256
# cells (llama-context.cpp); K and V of 5 layers x 4 heads x 8 values at
# f16: 2 x 256 cells x 5 x 2 x 32 x 2 B = 327,680 B. llama-server then
# caps each slot at n_ctx_train: min(256, 128) = 128 positions
# (server-context.cpp load_model, since PR #16736) - the test's "the slot
# context is 256/2 = 128 tokens" is this cap, not the division.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

tiny() {
	"$KVPLAN" calc --layers 5 --q-heads 8 --kv-heads 4 --head-dim 8 \
		--max-positions 128 --engine llama.cpp --ctx-size 256 \
		--parallel 2 --batch-size 32 --concurrency 2 "$@"
}
# the value of a JSON key of result.engine (from its "release_named" to
# its "lines"; one key per line in kvplan's JSON)
key() {
	sed -n '/"release_named"/,/"lines"/p' |
		sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\([0-9]*\),*\$/\1/p" | head -1
}

j=$(tiny --prompt 8 --gen 120 --format json 2>&1)
[ "$(printf '%s\n' "$j" | key max_model_len)" = 128 ] &&
	ok "test_ctx_shift: the slot context is 128 (n_ctx_seq 256 capped at n_ctx_train 128)" ||
	no "slot context: $(printf '%s\n' "$j" | key max_model_len)"
[ "$(printf '%s\n' "$j" | key cells)" = 256 ] && [ "$(printf '%s\n' "$j" | key streams)" = 2 ] &&
	ok "tinyllama2 preset: 2 streams of 256 cells" ||
	no "cells/streams: $(printf '%s\n' "$j" | key cells) $(printf '%s\n' "$j" | key streams)"
out=$(tiny --prompt 8 --gen 120 2>&1)
case $out in *"KV cache      327,680 B"*) ok "KV cache 327,680 B by hand";;
	*) no "KV bytes: $out";; esac
case $out in *"llama_context: n_ctx_seq (256) > n_ctx_train (128) -- possible training context overflow"*"
  srv    load_model: the slot context (256) exceeds the training context of the model (128) - capping"*)
	ok "the overflow and capping lines, in llama.cpp's words";;
	*) no "capping lines: $out";; esac

# test_ctx_shift_disabled_short_prompt: "Hi how are you" and n_predict -1
# give 120 tokens and truncated = true: the request fills its slot's 128
# positions exactly; one more and it no longer fits
[ "$(printf '%s\n' "$j" | key workload_fit)" = 2 ] &&
	ok "test_ctx_shift_disabled_short_prompt: a 128-position request fits its slot" ||
	no "128 positions: fit $(printf '%s\n' "$j" | key workload_fit)"
j=$(tiny --prompt 8 --gen 121 --format json 2>&1)
[ "$(printf '%s\n' "$j" | key workload_fit)" = 0 ] &&
	ok "a 129-position request does not" ||
	no "129 positions: fit $(printf '%s\n' "$j" | key workload_fit)"

# test_ctx_shift_disabled_long_prompt: the 301-token prompt "exceeds the
# available context size"
j=$(tiny --prompt 301 --gen 64 --format json 2>&1)
[ "$(printf '%s\n' "$j" | key workload_fit)" = 0 ] &&
	ok "test_ctx_shift_disabled_long_prompt: a 301-token prompt is refused" ||
	no "301 tokens: fit $(printf '%s\n' "$j" | key workload_fit)"

# the cap holds for a unified cache too (one stream of 256 cells, still a
# 128-position slot)
j=$(tiny --kv-unified --prompt 8 --gen 121 --format json 2>&1)
[ "$(printf '%s\n' "$j" | key workload_fit)" = 0 ] &&
	[ "$(printf '%s\n' "$j" | key max_model_len)" = 128 ] &&
	ok "--kv-unified: the slot is capped as well" ||
	no "unified: $(printf '%s\n' "$j" | key max_model_len) $(printf '%s\n' "$j" | key workload_fit)"

# before the cap (b6845, by date before PR #16736): a slot holds n_ctx_seq
j=$(tiny --engine llama.cpp@b6845 --prompt 8 --gen 121 --format json 2>&1)
[ "$(printf '%s\n' "$j" | key max_model_len)" = 256 ] &&
	[ "$(printf '%s\n' "$j" | key workload_fit)" = 2 ] &&
	ok "llama.cpp@b6845: no cap, a 129-position request fits" ||
	no "b6845: $(printf '%s\n' "$j" | key max_model_len) $(printf '%s\n' "$j" | key workload_fit)"
# a build between the known bounds is refused where the cap matters
tiny --engine llama.cpp@b7000 --prompt 8 --gen 120 >/dev/null 2>"${TMPDIR:-/tmp}/kvp_srv_e.$$"
rc=$?
e=$(cat "${TMPDIR:-/tmp}/kvp_srv_e.$$"); rm -f "${TMPDIR:-/tmp}/kvp_srv_e.$$"
case $rc:$e in 2:*engine.version*b6845*b7079*) ok "llama.cpp@b7000: refused, naming both bounds";;
	*) no "b7000: rc $rc: $e";; esac
# and not where it does not: a context within n_ctx_train
tiny --engine llama.cpp@b7000 --max-positions 4096 --prompt 8 --gen 120 >/dev/null 2>&1 &&
	ok "llama.cpp@b7000 with n_ctx_train 4096: the cap changes nothing, no refusal" ||
	no "b7000 without the cap mattering was refused"
# reconcile reads the server's lines: the slot figure against a public
# log (tests/data/logs/llamacpp-22145.log): n_ctx_seq 4096, n_ctx_train
# 2048 from the capping line, slot 0 at 2048
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$("$KVPLAN" reconcile "$here/tests/data/logs/llamacpp-22145.log" \
	--model llama-3.1-8b --ctx-size 4096 2>&1)
rc=$?
case $rc:$out in 0:*"slot context "*"2,048 "*"2,048 "*"arithmetic match"*"1 figure compared"*)
	ok "reconcile: llama-server's slot context, 2,048 computed and read";;
	*) no "reconcile slot: rc $rc: $out";; esac
case $out in *"settings from the log: max_positions"*)
	ok "reconcile: the log's n_ctx_train is laid over the preset's";;
	*) no "n_ctx_train from the log: $out";; esac
exit $fail
