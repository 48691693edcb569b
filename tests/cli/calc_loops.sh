#!/bin/sh
# calc_loops.sh - a looped model (model.loops, issue 35): the cache counts
# every layer given, the weights only the real layers'.
#
# The worked example (src/core/plan.c: 40 layers, 40 query heads of 128,
# 8 KV heads, hidden 5,120, gated MLP of 13,824, vocabulary 32,000, f16)
# at --loops 4 is 10 real layers run 4 times: 40 caches of 2 x 8 x 128 x
# 2 B = 4,096 B, 163,840 B a position as without loops. A real layer: q
# and o 5,120 x 5,120 = 26,214,400 each, k and v 5,120 x 1,024 =
# 5,242,880 each: 62,914,560; MLP 3 x 5,120 x 13,824 = 212,336,640; two
# norms 10,240: 275,261,440. x 10 = 2,752,614,400, + embeddings and head
# 2 x 32,000 x 5,120 = 327,680,000, + final norm 5,120: 3,080,299,520
# parameters (40 layers: 11,010,457,600 + 327,685,120 = 11,338,142,720).
# An inline Ouro config of 4 layers (total_ut_steps absent: vLLM's
# default 4) imports as 16 cache layers, each 2 x 2 x 64 x 2 B = 512 B:
# 8,192 B a position.
. "$(dirname "$0")/calc_lib.inc"

param() {
	"$KVPLAN" calc --format json "$@" 2>"$TMP/e" |
		grep -m1 "\"params\":" | tr -dc 0-9
}
got=$(param --loops 4)
[ "$got" = 3080299520 ] && ok "loops 4: 10 layers of weights" ||
	notok "loops 4: params $got $(cat "$TMP/e")"
got=$(param --loops 1)
[ "$got" = 11338142720 ] && ok "loops 1: 40 layers of weights" ||
	notok "loops 1: params $got"
"$KVPLAN" calc --loops 4 --format json >"$TMP/j" 2>"$TMP/e"
got=$(json_int "$TMP/j" kv bytes_per_position)
[ "$got" = 163840 ] && ok "loops 4: 40 caches, 163,840 B a position" ||
	notok "loops 4: $got B a position"

printf '%s' '{"model_type":"ouro","num_hidden_layers":4,"hidden_size":256,
"num_attention_heads":4,"num_key_value_heads":2,"vocab_size":1000,
"intermediate_size":512,"max_position_embeddings":4096,
"torch_dtype":"bfloat16"}' >"$TMP/config.json"
"$KVPLAN" calc --model "$TMP/config.json" --engine vllm --format json \
	>"$TMP/j" 2>"$TMP/e"
rc=$?
got=$(json_int "$TMP/j" kv bytes_per_position)
[ "$rc" -eq 0 ] && [ "$got" = 8192 ] &&
	ok "ouro: 16 caches under vLLM, 8,192 B a position" ||
	notok "ouro: rc $rc, $got B a position $(cat "$TMP/e")"
"$KVPLAN" import "$TMP/config.json" --format text >"$TMP/t" 2>"$TMP/e"
grep -q "^loops      4 passes over 4 layers of weights" "$TMP/t" &&
	grep -q "total_ut_steps absent: 4" "$TMP/e" &&
	ok "import: the passes said, the default noted" ||
	notok "import: $(cat "$TMP/t" "$TMP/e")"
"$KVPLAN" calc --model "$TMP/config.json" --engine sglang >"$TMP/o" 2>"$TMP/e"
rc=$?
[ "$rc" -eq 2 ] && grep -qF "model.loops: 4 - a looped model (ouro)" "$TMP/e" &&
	ok "ouro under SGLang: refused by name" ||
	notok "ouro under SGLang: rc $rc $(cat "$TMP/e")"
[ "$fails" -eq 0 ]
