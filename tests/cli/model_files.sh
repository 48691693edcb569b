#!/bin/sh
# model_files.sh - --model and import on the files people have: a GGUF
# file (the seeds of tests/corpus/gguf, whole files written from the
# format's description), a safetensors folder and a fake Hugging Face
# cache; bad files are refused with exit status 2 and one line naming
# the file; a model not in the cache says where kvplan looked and how to
# download it. Nothing here touches the network.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
C=$here/tests/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CONFIG_HOME=$tmp/config HF_HUB_CACHE=$tmp/hub
export XDG_CONFIG_HOME HF_HUB_CACHE
unset HF_HOME
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# a GGUF file: import text summary, and --model in fit with the source
out=$("$KVPLAN" import --format text "$C/gguf/llama-small.gguf" 2>/dev/null)
case $out in *"type llama"*"layers     4"*) ok "import FILE.gguf";;
	*) no "import FILE.gguf: $out";; esac
out=$("$KVPLAN" fit --model "$C/gguf/llama-small.gguf" --card H100-80GB-SXM 2>&1)
case $out in *"weights"*"(from GGUF tensors)"*) ok "fit --model FILE.gguf says the bytes come from GGUF tensors";;
	*) no "fit --model FILE.gguf: $out";; esac
# calc's weights line says where its bytes come from (the same source
# as JSON's result.weights.source): 1,040 B, the sum of the file's tensor
# sizes as in fit above. A config.json is an estimate that says what it
# leaves out, and counts the vision tower where hf_tower.c has its rule.
# Qwen3-VL-8B by hand - text decoder: embeddings and lm_head 151,936 x
# 4,096 = 622,329,856 each; attention 36 x (2 x 4,096^2 + 2 x 4,096 x
# 1,024) = 1,509,949,440; MLP 36 x 3 x 4,096 x 12,288 = 5,435,817,984;
# norms 36 x (2 x 4,096 + 2 x 128) + 4,096 = 308,224; 8,190,735,360.
# Vision tower (vision_config: depth 27, hidden 1,152, intermediate 4,304,
# 3 x 2 x 16 x 16 patches, merge 2, out 4,096, 2,304 positions, 3
# deepstack mergers; modules of transformers' Qwen3VLVisionModel): a
# block 4 x 1,152 + (1,152 x 3,456 + 3,456) + (1,152^2 + 1,152) +
# (1,152 x 4,304 + 4,304) + (4,304 x 1,152 + 1,152) = 15,239,504, x 27 =
# 411,466,608; patch_embed 1,152 x 1,536 + 1,152 = 1,770,624; pos_embed
# 2,304 x 1,152 = 2,654,208; a merger's linears (m = 4,608) 4,608^2 +
# 4,608 + 4,608 x 4,096 + 4,096 = 40,116,736: the merger with its norm
# of 1,152 (2,304) = 40,119,040, each deepstack merger with its norm of
# 4,608 (9,216) = 40,125,952, x 3 = 120,377,856; tower 576,388,336.
# 8,767,123,696 params x 2 B = 17,534,247,392 B.
out=$("$KVPLAN" calc --model "$C/gguf/llama-small.gguf" 2>&1)
case $out in *"
weights       1,040 B (0.00 GiB, 0.00 GB), from GGUF tensors
"*) ok "calc --model FILE.gguf: weights from GGUF tensors";;
	*) no "calc --model FILE.gguf weights line: $out";; esac
out=$("$KVPLAN" calc --model "$here/tests/data/hf/verbatim/qwen3-vl-8b-instruct.json" 2>&1)
case $out in *"
weights       17,534,247,392 B (16.33 GiB, 17.53 GB), estimated from the model's shapes, with the encoder towers kvplan has a rule for (not counted: other towers, MTP modules, expert biases)
"*) ok "calc --model config.json: Qwen3-VL-8B's weights with its vision tower, by hand";;
	*) no "calc --model config.json weights line: $out";; esac
case $out in *"
note: vision_config: qwen3_vl tower counted, 576388336 parameters at 16 bits (transformers modeling_qwen3_vl.py Qwen3VLVisionModel)"*)
	ok "the tower's count is noted with its source";;
	*) no "tower note: $out";; esac
# the preset made from the same config holds the same tower
out=$("$KVPLAN" calc --model qwen3-vl-8b-instruct 2>&1)
case $out in *"weights       17,534,247,392 B"*) ok "the preset counts the same tower";;
	*) no "preset weights: $out";; esac
# a vision tower without a rule is not counted and says so (issue 14:
# never silently short); a text-only config has no tower note
sed '/"vision_config"/,/}/s/"model_type": "qwen3_vl",/"model_type": "some_new_vit",/' \
	"$here/tests/data/hf/verbatim/qwen3-vl-8b-instruct.json" >"$tmp/vl-unknown.json"
out=$("$KVPLAN" calc --model "$tmp/vl-unknown.json" 2>&1)
case $out in *"
weights       16,381,470,720 B (15.26 GiB, 16.38 GB), estimated from the model's shapes (not counted: vision and audio towers, MTP modules, expert biases)
"*"
note: vision_config: the vision tower is not in a config's weight estimate (the text decoder's); the tensors count it (--model on a safetensors folder, llama.cpp --mmproj)"*)
	ok "a tower without a rule: not counted, and a note says so";;
	*) no "unknown tower: $out";; esac
out=$("$KVPLAN" calc --model "$here/tests/data/hf/verbatim/gemma-3-1b.json" 2>&1)
case $out in *"tower"*"not in"*) no "a text-only config got the tower note";;
	*) ok "a text-only config has no tower note";; esac
# a tower rule's key that is missing or malformed: exit 2, named
sed 's/"depth": 27,/"depth": "27",/' \
	"$here/tests/data/hf/verbatim/qwen3-vl-8b-instruct.json" >"$tmp/vl-bad.json"
"$KVPLAN" calc --model "$tmp/vl-bad.json" >"$tmp/o" 2>"$tmp/e"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "vision_config.depth" "$tmp/e"; then
	ok "a malformed vision_config.depth is refused by name"
else
	no "bad depth: rc $rc: $(cat "$tmp/e")"
fi

# Mistral-Small-3.1's Pixtral tower by hand, from the modules vLLM builds
# (pixtral.py PixtralHFVisionModel, mistral3.py; vision_config hidden
# 1,024, intermediate 4,096, 24 layers, patch 14, 3 channels; text
# hidden 5,120; spatial_merge_size 2, no projector bias): a block q, k,
# v, o 4 x 1,024^2 = 4,194,304, MLP 3 x 1,024 x 4,096 = 12,582,912, two
# RMSNorms 2,048: 16,779,264, x 24 = 402,702,336; patch_conv 3 x 14 x 14
# x 1,024 = 602,112; ln_pre and the projector's norm 2,048;
# merging_layer 4 x 1,024 x 1,024 = 4,194,304; linear_1 1,024 x 5,120 =
# 5,242,880; linear_2 5,120^2 = 26,214,400; tower 438,958,080, x 2 B =
# 877,916,160 B over the same config with an unknown tower.
V=$here/tests/data/hf/verbatim
w() { "$KVPLAN" calc --model "$1" 2>&1 | sed -n 's/^weights  *\([0-9,]*\) B.*/\1/p' | tr -d ,; }
sed '/"vision_config"/,/}/s/"model_type": "pixtral",/"model_type": "some_new_vit",/' \
	"$V/mistral-small-3.1-24b-instruct-2503.json" >"$tmp/ms-unknown.json"
with=$(w "$V/mistral-small-3.1-24b-instruct-2503.json") without=$(w "$tmp/ms-unknown.json")
if [ -n "$with" ] && [ -n "$without" ] && [ $((with - without)) -eq 877916160 ]; then
	ok "Mistral 3's Pixtral tower and projector, by hand: 438,958,080 parameters"
else
	no "pixtral tower: '$with' - '$without'"
fi
# vision_feature_layer -2: vLLM builds the tower up to layer 23 (one
# block of 16,779,264 fewer: 33,558,528 B); a list counts its deepest
sed 's/"vision_feature_layer": -1/"vision_feature_layer": -2/' \
	"$V/mistral-small-3.1-24b-instruct-2503.json" >"$tmp/ms-fl.json"
sed 's/"vision_feature_layer": -1/"vision_feature_layer": [3, -2, 10]/' \
	"$V/mistral-small-3.1-24b-instruct-2503.json" >"$tmp/ms-fl-list.json"
fl=$(w "$tmp/ms-fl.json") fll=$(w "$tmp/ms-fl-list.json")
if [ -n "$fl" ] && [ $((with - fl)) -eq 33558528 ] && [ "$fll" = "$fl" ]; then
	ok "vision_feature_layer -2 (or a list whose deepest is -2) builds 23 of 24 blocks"
else
	no "vision_feature_layer: '$with' - '$fl', list '$fll'"
fi
sed 's/"vision_feature_layer": -1/"vision_feature_layer": 30/' \
	"$V/mistral-small-3.1-24b-instruct-2503.json" >"$tmp/ms-bad.json"
"$KVPLAN" calc --model "$tmp/ms-bad.json" >"$tmp/o" 2>"$tmp/e"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q "vision_feature_layer.*30" "$tmp/e"; then
	ok "a vision_feature_layer past the tower is refused by name"
else
	no "bad vision_feature_layer: rc $rc: $(cat "$tmp/e")"
fi

# a header without its tensors' data: exit 2, one line, the file named
"$KVPLAN" calc --model "$C/gguf/header-only.gguf" >"$tmp/o" 2>"$tmp/e"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
   grep -q "header-only.gguf.*truncated" "$tmp/e"; then
	ok "a truncated GGUF is refused in one line (exit 2)"
else
	no "truncated GGUF: rc $rc: $(cat "$tmp/e")"
fi

# a fake cache: refs/main -> snapshots/HASH with config.json + a shard
hash=0123456789abcdef0123456789abcdef01234567
snap=$HF_HUB_CACHE/models--acme--tiny-8b/snapshots/$hash
mkdir -p "$snap" "$HF_HUB_CACHE/models--acme--tiny-8b/refs"
echo $hash >"$HF_HUB_CACHE/models--acme--tiny-8b/refs/main"
cp "$here/tests/data/model-files/llama-3.1-8b-config.json" "$snap/config.json"
cp "$C/safetensors/mixed.safetensors" "$snap/model.safetensors"
out=$("$KVPLAN" fit --model acme/tiny-8b --card H100-80GB-SXM 2>&1)
case $out in *"(from safetensors headers)"*) ok "--model ORG/NAME reads the cached snapshot's headers";;
	*) no "--model ORG/NAME: $out";; esac
out=$("$KVPLAN" calc --model acme/tiny-8b --format json 2>/dev/null)
case $out in *"\"revision\":"*"\"$hash\""*) ok "the plan records the snapshot's revision";;
	*) no "revision not recorded";; esac
case $out in *'"source":'*'"from safetensors headers"'*) ok "the record says where the weight bytes come from";;
	*) no "record has no weights source";; esac
out=$("$KVPLAN" import --format text "acme/tiny-8b@$hash" 2>/dev/null)
case $out in *"layers     32"*) ok "import ORG/NAME@REVISION";;
	*) no "import ORG/NAME@REVISION: $out";; esac

# a SHA-256 commit id (64 characters, git's sha256 object format) is
# stored whole: it was cut to 63 - in the record, and read back from it
sha=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
snap=$HF_HUB_CACHE/models--acme--sha-8b/snapshots/$sha
mkdir -p "$snap" "$HF_HUB_CACHE/models--acme--sha-8b/refs"
echo $sha >"$HF_HUB_CACHE/models--acme--sha-8b/refs/main"
cp "$here/tests/data/model-files/llama-3.1-8b-config.json" "$snap/config.json"
"$KVPLAN" calc --model acme/sha-8b --format json >"$tmp/sha.json" 2>/dev/null
grep -q "\"revision\":[[:space:]]*\"$sha\"" "$tmp/sha.json" && ok "a 64-character revision is recorded whole" ||
	no "64-character revision: $(grep revision "$tmp/sha.json")"
"$KVPLAN" calc "$tmp/sha.json" --format json 2>/dev/null | grep -q "\"revision\":[[:space:]]*\"$sha\"" &&
	ok "and read back whole from the record" || no "64-character revision lost reading the record back"
"$KVPLAN" calc --revision "${sha}0" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "longer than 64 characters" "$tmp/e" && ok "65 characters are refused, naming the limit" ||
	no "65-character revision: $(cat "$tmp/e")"

# not cached: where kvplan looked and how to download
"$KVPLAN" calc --model acme/absent >"$tmp/o" 2>"$tmp/e"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
   grep -q "models--acme--absent" "$tmp/e" && grep -q "hf download acme/absent config.json" "$tmp/e"; then
	ok "a model not in the cache: where kvplan looked and how to download it"
else
	no "cache miss: rc $rc: $(cat "$tmp/e")"
fi
# issue 33: a shard that is not a regular file is refused naming it (it
# was taken as absent, the weights silently the config's estimate); a
# folder with only a link to a blob not downloaded, and no index, keeps
# the estimate naming the link, and one with a shard and such a link is
# refused as partial - neither mentions an index the folder lacks
st_dir() {
	rm -rf "$tmp/st"; mkdir -p "$tmp/st"
	cp "$here/tests/data/model-files/llama-3.1-8b-config.json" "$tmp/st/config.json"
}
st_bad() {
	name=$1 want=$2
	"$KVPLAN" calc --model "$tmp/st" >"$tmp/o" 2>"$tmp/e"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -qF -- "$want" "$tmp/e"; then
		ok "$name"
	else
		no "$name: rc $rc: $(cat "$tmp/e")"
	fi
}
st_dir; mkfifo "$tmp/st/model.safetensors"
st_bad "a FIFO shard is refused naming it" "st/model.safetensors: is a FIFO, not a regular file - a safetensors shard kvplan neither reads nor takes as absent"
st_dir; ln -s /dev/zero "$tmp/st/model.safetensors"
st_bad "a shard linked to /dev/zero is refused naming it" "st/model.safetensors: is a character device, not a regular file"
st_dir; ln -s loop "$tmp/st/model.safetensors"; ln -s model.safetensors "$tmp/st/loop"
st_bad "a loop of links is refused naming the shard" "st/model.safetensors: Too many levels of symbolic links"
st_dir; ln -s ../../blobs/0123 "$tmp/st/model.safetensors"
out=$("$KVPLAN" calc --model "$tmp/st" 2>&1)
case $out in *"index"*) no "a dangling link, no index: an index is mentioned: $out";;
	*"no safetensors weights here (model.safetensors is a link to a file not downloaded): weight bytes estimated from config.json"*)
	ok "a dangling blob link and no index: the estimate, naming the link";;
	*) no "a dangling link: $out";; esac
cp "$C/safetensors/mixed.safetensors" "$tmp/st/model-00001-of-00002.safetensors"
ln -s ../../blobs/4567 "$tmp/st/model-00002-of-00002.safetensors"
rm "$tmp/st/model.safetensors"
st_bad "a shard and a dangling link: partial, refused" "st/model-00002-of-00002.safetensors: a link to a file not downloaded (its blob is missing) - the weight sum would be partial"
grep -q index "$tmp/e" && no "the partial folder's refusal mentions an index: $(cat "$tmp/e")"

# what the hint fetches, `hf download ORG/NAME config.json`: a snapshot of
# config.json alone is sized from it (the weights estimated); llama-3.1-8b:
# 32 layers x 8 KV heads x (128 + 128) x 2 B = 131,072 B per position
csnap=$HF_HUB_CACHE/models--acme--config-only/snapshots/$hash
mkdir -p "$csnap" "$HF_HUB_CACHE/models--acme--config-only/refs"
echo $hash >"$HF_HUB_CACHE/models--acme--config-only/refs/main"
cp "$here/tests/data/model-files/llama-3.1-8b-config.json" "$csnap/config.json"
out=$("$KVPLAN" calc --model acme/config-only --format json 2>/dev/null)
case $out in *'"bytes_per_position":'[[:space:]]131072,*)
	ok "a snapshot of config.json alone is sized";;
	*) no "config-only snapshot: $out";; esac
# Llama 4 Scout's tower by hand, from the modules vLLM builds (mllama4.py
# Llama4VisionModel; vision_config hidden 1,408, intermediate 5,632, 34
# layers, patch 14, image 336, 3 channels, projector_input_dim and
# projector_output_dim 4,096, vision_output_dim 4,096, no projector bias;
# text hidden 5,120): a block two LayerNorms 5,632, q, k, v, o 4 x 1,408^2
# = 7,929,856 and biases 5,632, fc1 1,408 x 5,632 + 5,632, fc2 5,632 x
# 1,408 + 1,408: 23,807,872, x 34 = 809,467,648; patch_embedding 3 x 14 x
# 14 x 1,408 = 827,904; class_embedding and positional_embedding_vlm
# (24^2 + 1 + 1) x 1,408 = 813,824; layernorm_pre/post 5,632; adapter fc1
# 5,632 x 4,096 = 23,068,672, fc2 4,096^2 = 16,777,216; linear_1 4,096 x
# 5,120 = 20,971,520; tower 871,932,416 (the per-module parameter table
# printed for Llama-4-Scout-17B-16E sums to the same), x 2 B =
# 1,743,864,832 B over the same config with an unknown tower.
sed '/"vision_config"/,/}/s/"model_type": "llama4_vision_model",/"model_type": "some_new_vit",/' \
	"$V/llama-4-scout-17b-16e-instruct.json" >"$tmp/l4-unknown.json"
with=$(w "$V/llama-4-scout-17b-16e-instruct.json") without=$(w "$tmp/l4-unknown.json")
if [ -n "$with" ] && [ -n "$without" ] && [ $((with - without)) -eq 1743864832 ]; then
	ok "Llama 4's vision tower and projector, by hand: 871,932,416 parameters"
else
	no "llama4 tower: '$with' - '$without'"
fi
pre=$(w llama-4-scout-17b-16e-instruct)
if [ "$pre" = "$with" ]; then
	ok "the Llama-4-Scout preset counts the same tower"
else
	no "llama-4-scout preset weights $pre, config $with"
fi
# The positions a scaled rope covers (hf_rope.c, from vLLM's get_rope):
# Gemma 3 27B's rope_scaling linear factor 8 over max_position_embeddings
# 131,072: 1,048,576 (linear_scaling_rope.py), and the preset holds it;
# YaRN over original_max_position_embeddings 32,768 x factor 4 = 131,072
# (yarn_scaling_rope.py), even where max_position_embeddings is 32,768;
# a config without rope_scaling (Qwen2.5-14B's) keeps 0.
rp() { "$KVPLAN" import "$1" 2>/dev/null | sed -n 's/.*"rope_positions":[[:space:]]*\([0-9]*\).*/\1/p'; }
g=$(rp "$V/gemma-3-27b-it.json")
gp=$("$KVPLAN" calc --model gemma-3-27b-it --format json 2>/dev/null | sed -n 's/.*"rope_positions":[[:space:]]*\([0-9]*\).*/\1/p')
sed 's/"max_position_embeddings": 131072,/"max_position_embeddings": 32768, "rope_scaling": {"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768},/' \
	"$V/qwen2.5-14b.json" >"$tmp/q-yarn.json"
y=$(rp "$tmp/q-yarn.json") q=$(rp "$V/qwen2.5-14b.json")
if [ "$g" = 1048576 ] && [ "$y" = 131072 ] && [ "$q" = 0 ]; then
	ok "scaled rope positions: linear 1,048,576, yarn 131,072, none 0"
else
	no "rope positions: gemma '$g', yarn '$y', none '$q'"
fi
case $gp in 1048576) ok "the Gemma 3 27B preset holds its 1,048,576 rope positions";;
	*) no "gemma-3-27b-it preset rope_positions '$gp'";; esac
exit $fail
