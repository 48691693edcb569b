#!/bin/sh
# llamacpp_mmproj.sh - the --mmproj encoder's compute buffer (issue 14;
# src/core/engines/llamacpp/clip_buf.c, an estimate) as calc, JSON and reconcile show it.
# The GGUF files are written here with the keys the logs print
# (tests/data/logs/clip_buffers.tsv has the sources).
#
# By hand (clip_buf.c's rule, 4 B values):
#   gemma3, 896/14: n = 64^2 = 4,096; MLP 4,096 x (4,304 + 3 x 1,152) x 4
#     = 127,139,840 B = 121.25 MiB (PR #22790 prints 121.25); without
#     flash attention 4,096^2 x 16 x 4 + 4,096 x 6 x 1,152 x 4 =
#     1,186,988,032 B = 1132.00 MiB (PR #16837 prints 1132.00); host 896^2
#     x 12 = 9,633,792 B = 9.19 MiB. A warmup of 448 by hand: 1,024
#     patches, 1,024 x 7,760 x 4 = 31,784,960 B.
#   --no-mmproj-offload: the CPU backend alone, its one buffer the peak,
#     127,139,840 B, in host memory with the 2,048 B of tensors.
#   qwen3vl_merger (Qwen3.6's tower), 768/16, merge 2: warmup 46 x 16 x 2
#     = 1,472, n = 92^2 = 8,464; host 1,472^2 x 12 + 8,464 x 16 =
#     26,136,832 B = 24.93 MiB.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
logs="$here/tests/data/logs"
. "$(dirname "$0")/calc_lib.inc"

. "$(dirname "$0")/gguf_lib.inc"
lc() { "$KVPLAN" calc --engine llama.cpp --ctx-size 4096 "$@" 2>&1; }

mmproj "$TMP/g3.gguf" gemma3 896 14 1152 16 4304 0 0
out=$(lc --mmproj "$TMP/g3.gguf")
case $out in *"compute buffer device 0 121.25 MiB, host 9.19 MiB, 4,096 patches (+-10 %, estimate: clip.cpp warmup graph, 896x896 image, flash attention on"*)
	ok "gemma3: 121.25 MiB on the card, 9.19 MiB host, as PR #22790 prints";; *) notok "gemma3: $out";; esac
case $out in *"+ encoder compute 9.19 MiB (estimate)"*) ok "host memory names the encoder's buffer";;
	*) notok "host line: $(echo "$out" | grep '^host memory')";; esac
# jv FILE KEY: the values of KEY in a record, one a line
jv() { grep -o "\"$2\":[[:space:]]*[0-9]*" "$1" | tr -dc '0-9\n'; }
lc --mmproj "$TMP/g3.gguf" --format json >"$TMP/g3.json"
v=$(jv "$TMP/g3.json" encoder_compute_bytes)
[ "$v" = 127139840 ] && ok "JSON encoder_compute_bytes 127,139,840" || notok "JSON: $v"
v=$(jv "$TMP/g3.json" encoder_bytes | sort -n | tail -1)
[ "$v" = 127141888 ] && ok "device 0's encoder part: 2,048 B of tensors + the buffer" || notok "device encoder_bytes: $v"
grep -q '"encoder_compute_kind":[[:space:]]*"estimate"' "$TMP/g3.json" && ok "JSON labels it an estimate" || notok "kind"
out=$(lc --mmproj "$TMP/g3.gguf" --flash-attn off)
case $out in *"compute buffer device 0 1132.00 MiB"*"flash attention off"*) ok "without flash attention: 1132.00 MiB, as PR #16837 prints";;
	*) notok "FA off: $out";; esac
lc --mmproj "$TMP/g3.gguf" --mmproj-warmup 448 --format json >"$TMP/w.json"
v=$(jv "$TMP/w.json" encoder_compute_bytes)
[ "$v" = 31784960 ] && ok "--mmproj-warmup 448 after the file: 31,784,960 B" || notok "warmup 448: $v"

# --no-mmproj-offload: the CPU backend alone, the tensors and the whole
# peak (127,139,840 B) in host memory, none on the card; allowed across
# cards then, refused with the encoder on them
lc --mmproj "$TMP/g3.gguf" --no-mmproj-offload --format json >"$TMP/h.json"
[ "$(jv "$TMP/h.json" encoder_compute_host_bytes)" = 127139840 ] &&
	ok "--no-mmproj-offload: the whole peak in host memory" || notok "host: $(jv "$TMP/h.json" encoder_compute_host_bytes)"
[ "$(jv "$TMP/h.json" encoder_bytes | sort -n | head -1)" = 0 ] &&
	grep -q '"encoder_on_host":[[:space:]]*true' "$TMP/h.json" &&
	ok "--no-mmproj-offload: nothing of the encoder on the card" || notok "card: $(jv "$TMP/h.json" encoder_bytes)"
out=$(lc --mmproj "$TMP/g3.gguf" --no-mmproj-offload)
case $out in *"in host memory (--no-mmproj-offload)"*"compute buffer host 121.25 MiB"*"+ encoder 0.00 MiB + encoder compute 121.25 MiB (estimate)"*)
	ok "--no-mmproj-offload: the text says where";; *) notok "no offload text: $out";; esac
out=$(lc --mmproj "$TMP/g3.gguf" --no-mmproj-offload --tp 2 --cards 2); rc=$?
[ $rc -eq 0 ] && ok "--no-mmproj-offload across two cards: sized" || notok "tp 2 no offload: rc $rc $out"
bad "the encoder on the cards across two: refused" "engine.llamacpp.mmproj_bytes: across 2 devices" calc --engine llama.cpp --ctx-size 4096 --mmproj "$TMP/g3.gguf" --tp 2 --cards 2

mmproj "$TMP/q.gguf" qwen3vl_merger 768 16 1152 16 4304 2 4194304
out=$(lc --mmproj "$TMP/q.gguf")
case $out in *"host 24.93 MiB, 8,464 patches"*"1472x1472 image"*) ok "qwen3vl_merger: the 1,472 warmup of the logs, 24.93 MiB host";;
	*) notok "qwen3vl: $out";; esac

mmproj "$TMP/g4.gguf" gemma4v 0 16 1152 16 4304 0 0
out=$(lc --mmproj "$TMP/g4.gguf")
case $out in *"compute buffer not estimated: gemma4v - its graph is not modelled"*) ok "gemma4v: not estimated, and said";;
	*) notok "gemma4v: $out";; esac

# a key of the wrong type: one line naming the file and the key, exit 2
{
	printf 'GGUF'; u32 3; u64 0; u64 3
	kv_true clip.has_vision_encoder
	kv_str clip.projector_type gemma3
	kv_str clip.vision.patch_size fourteen
} >"$TMP/bad.gguf"
sz=$(wc -c <"$TMP/bad.gguf")
head -c $(( (32 - sz % 32) % 32 )) /dev/zero >>"$TMP/bad.gguf"
bad "a string patch size is refused" "clip.vision.patch_size: expected an integer" calc --engine llama.cpp --mmproj "$TMP/bad.gguf"

# an mmproj file where the decoder's belongs: said so, exit 2
bad "an mmproj file as --model: refused, naming --mmproj" "'clip' - a multimodal projector (mmproj) file: give it with --mmproj" calc --model "$TMP/g3.gguf"
bad "an mmproj file to import: the same" "give it with --mmproj" import "$TMP/g3.gguf"

# reconcile: PR #22790's clip lines
rec() { "$KVPLAN" reconcile --engine llama.cpp --model gemma-3-27b-it "$@" 2>&1; }
out=$(rec --mmproj "$TMP/g3.gguf" "$logs/llamacpp-22790-mmproj.log")
case $out in *"mmproj_warmup=896"*"encoder compute buffer CUDA0"*"127,139,840"*"127,139,840 +-5,243"*"within the estimate's +-10 %"*"encoder compute buffer CPU"*"9,633,792"*"within"*)
	ok "reconcile: PR #22790's 121.25 and 9.19 MiB within the estimate";; *) notok "reconcile: $out";; esac
out=$(rec --mmproj "$TMP/g3.gguf" --flash-attn off "$logs/llamacpp-22790-mmproj.log")
case $out in *"encoder compute buffer CUDA0"*"1,186,988,032"*"outside the estimate's +-10 %"*)
	ok "reconcile: the run had flash attention; a plan without it is flagged";; *) notok "reconcile FA off: $out";; esac
[ "$fails" -eq 0 ]
