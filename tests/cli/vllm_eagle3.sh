#!/bin/sh
# vllm_eagle3.sh - vLLM's EAGLE-3 drafter (issue 14 item 3,
# --speculative-method eagle3): the head's layers join the KV pool as a
# draft model's do (vllm/v1/spec_decode/eagle.py EagleProposer.load_model:
# the head is loaded with the target's vllm_config, its attention layers
# registered beside the target's), and its weights are the head's own
# (vllm/model_executor/models/llama_eagle3.py @00bd1493), the embedding
# shared with the target.
#
# The head: tests/data/draft/qwen3-32b-eagle3.json (SpecForge's config,
# verbatim): 1 layer, hidden 5,120, 64 heads of 80, 8 KV heads,
# intermediate 25,600, draft_vocab 32,000. The target: the qwen3-32b
# preset (64 layers, 8 KV heads of 128), bf16.
#
# By hand, TP 1:
#   target KV 64 x 8 x 128 x 2 x 2 B = 262,144 B a token, 4,194,304 B a
#   block of 16; the head's 1 x 8 x 80 x 2 x 2 = 2,560 B a token, 40,960
#   B a block: 4,235,264 B a block. A budget of 4,235,264,000 B holds
#   1,000 blocks (16,000 tokens), 1,009 without the head.
#   weights (16-bit parameters): q 10,240 x 5,120 = 52,428,800 (layer 0's
#   q, k, v take 2 x 5,120 inputs); k and v 2 x 10,240 x 640 =
#   13,107,200; o 5,120 x 5,120 = 26,214,400; MLP 3 x 5,120 x 25,600 =
#   393,216,000; 3 norms 15,360; fc 3 x 5,120 x 5,120 = 78,643,200; final
#   norm 5,120; lm_head 32,000 x 5,120 = 163,840,000: 727,470,080 x 2 B =
#   1,454,940,160 B, + d2t 32,000 x 8 B = 1,455,196,160 B.
# TP 2, a rank: q 10,240 x 2,560 = 26,214,400; k, v 2 x 10,240 x 320 =
#   6,553,600; o 2,560 x 5,120 = 13,107,200; MLP 3 x 5,120 x 12,800 =
#   196,608,000; norms 15,360; fc 78,643,200; norm 5,120; lm_head 16,000 x
#   5,120 = 81,920,000: 403,066,880 x 2 + 256,000 = 806,389,760 B; KV
#   131,072 + 1,280 B a token: 2,117,632 B a block, 1,000 blocks in
#   2,117,632,000 B.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/calc_lib.inc"

H="$here/tests/data/draft/qwen3-32b-eagle3.json"
q32() {
	"$KVPLAN" calc --model qwen3-32b --engine vllm --card h100 \
		--max-model-len 8192 "$@" 2>&1
}

out=$(q32 --kv-cache-memory-bytes 4235264000)
case $out in *"1,009 blocks of 16"*) ok "no head: 1,009 blocks";; *) notok "no head: $out";; esac
out=$(q32 --kv-cache-memory-bytes 4235264000 --speculative-model "$H" --num-speculative-tokens 3)
case $out in *"GPU KV cache size: 16,000 tokens"*"1,000 blocks of 16"*)
	ok "the head's layer in the pool: 1,000 blocks";; *) notok "head blocks: $out";; esac
case $out in *"weights 1,455,196,160 B (estimate, EAGLE-3 head shapes"*"KV 40,960,000 B"*"the head's layers share the pool"*)
	ok "the head's weights 1,455,196,160 B and KV 40,960,000 B";; *) notok "head figures: $out";; esac
j=$(q32 --kv-cache-memory-bytes 4235264000 --speculative-model "$H" --num-speculative-tokens 3 --format json)
case $(printf '%s' "$j" | tr -d ' \t\n') in *'"speculative_method":"eagle3"'*) ok "--speculative-model of an EAGLE-3 head sets method eagle3";;
	*) notok "method: $(printf '%s\n' "$j" | grep speculative_method)";; esac
out=$(q32 --tp 2 --card h100x2 --kv-cache-memory-bytes 2117632000 --speculative-model "$H" --num-speculative-tokens 3)
case $out in *"1,000 blocks of 16"*"weights 806,389,760 B"*)
	ok "TP 2: 1,000 blocks, 806,389,760 B of head a rank";; *) notok "TP 2: $out";; esac

# refusals, each naming the field, exit 2 for bad input
out=$(q32 --speculative-method eagle3 --num-speculative-tokens 2); rc=$?
case $out in *"speculative_method: eagle3 - needs the EAGLE-3 head"*) [ $rc -eq 2 ] && ok "eagle3 without a head: refused" || notok "exit $rc";;
	*) notok "eagle3 alone: $out";; esac
out=$(q32 --speculative-model "$here/tests/data/draft/draft-4l.json" --speculative-method eagle3 --num-speculative-tokens 2); rc=$?
case $out in *"is not an EAGLE-3 head (draft.arch.eagle3"*) [ $rc -eq 2 ] && ok "eagle3 with a plain draft: refused" || notok "exit $rc";;
	*) notok "plain draft under eagle3: $out";; esac
out=$(q32 --speculative-model "$H" --speculative-method draft_model --num-speculative-tokens 2)
case $out in *"is an EAGLE-3 head: its method is eagle3"*) ok "draft_model with the head: refused";;
	*) notok "draft_model with the head: $out";; esac
out=$(q32 --speculative-model "$H" --speculative-method eagle --num-speculative-tokens 2)
case $out in *"eagle - the draft"*"is an EAGLE-3 head: its method is eagle3"*) ok "eagle (EAGLE-1) with the head: refused";;
	*) notok "eagle with the head: $out";; esac
out=$(q32 --engine vllm@0.11.0 --speculative-model "$H" --num-speculative-tokens 2)
case $out in *"eagle3 - modelled at the current release only"*) ok "a named release: refused";;
	*) notok "named release: $out";; esac
# pipeline parallelism: the head on the last stage with an embedding of
# its own (151,936 rows, a multiple of 64, x 5,120 x 2 B =
# 1,555,824,640 B): 1,455,196,160 + 1,555,824,640 = 3,011,020,800 B;
# stage 1 (32 layers): 32 x 65,536 + 40,960 = 2,138,112 B a block
out=$(q32 --pp 2 --card h100x2 --kv-cache-memory-bytes 2138112000 --speculative-model "$H" --num-speculative-tokens 2)
case $out in *"1,000 blocks of 16"*"per device of the last stage: weights 3,011,020,800 B"*)
	ok "PP 2: 1,000 blocks, 3,011,020,800 B of head on the last stage";; *) notok "pp 2: $out";; esac
out=$("$KVPLAN" calc --model qwen3-32b --engine llama.cpp --model-draft "$H" 2>&1)
case $out in *"is an EAGLE-3 head (draft.arch.eagle3) - llama.cpp's EAGLE-3 drafting is not modelled"*)
	ok "llama.cpp -md with the head: refused by name";; *) notok "llama.cpp -md head: $out";; esac
out=$("$KVPLAN" calc --model "$H" --engine vllm --card h100 --max-model-len 4096 2>&1); rc=$?
case $out in *"model.arch.eagle3: "*"is an EAGLE-3 head - it drafts for a target model"*) [ $rc -eq 2 ] && ok "the head as the model: refused, exit 2" || notok "exit $rc";;
	*) notok "the head as the model: $out";; esac
sed 's/"draft_vocab_size": 32000/"draft_vocab_size": 32000, "eagle_config": {"use_aux_hidden_state": false}/' "$H" > "$TMP/config.json"
out=$(q32 --speculative-model "$TMP/config.json" --num-speculative-tokens 2); rc=$?
case $out in *"eagle_config.use_aux_hidden_state"*"not modelled"*) [ $rc -eq 2 ] && ok "a head without its fc: refused at import, the key named" || notok "exit $rc";;
	*) notok "use_aux_hidden_state false: $out";; esac
[ "$fails" -eq 0 ]
