#!/bin/sh
# tests/tui/planner_model_files.sh - the planner opens the model files
# people have (issue 13): the model picker lists the models of the local
# Hugging Face cache beside the presets and loads one from its snapshot's
# safetensors headers; after Tab, the model prompt completes paths (a GGUF
# file in a folder) and cached ids with Tab, listing the candidates when
# there are several. The legend says where the weight bytes come from. The cache is a fake one laid out as huggingface_hub
# lays it out (refs/main -> snapshots/HASH), made here from the test
# corpus; nothing touches the network. Every wait is bounded (5 s).
TUI_TAG=kvpm TUI_TIMEOUT=120
. "$(dirname "$0")/tmux_lib.inc"
here=$(cd "$(dirname "$0")/../.." && pwd)
hash=0123456789abcdef0123456789abcdef01234567
repo=$DIR/hub/models--acme--tiny-8b
mkdir -p "$repo/snapshots/$hash" "$repo/refs" "$DIR/models"
echo $hash >"$repo/refs/main"
cp "$here/tests/data/model-files/llama-3.1-8b-config.json" "$repo/snapshots/$hash/config.json"
cp "$here/tests/corpus/safetensors/mixed.safetensors" "$repo/snapshots/$hash/model.safetensors"
cp "$here/tests/corpus/gguf/llama-small.gguf" "$DIR/models/llama-small.gguf"
cp "$here/tests/corpus/gguf/llama-small.gguf" "$DIR/models/llama-smaller.gguf"
# a user preset whose file name holds an ESC: listed with it made visible
mkdir -p "$DIR/cfg/kvplan/models"
cp "$here/presets/models/gpt2.json" "$DIR/cfg/kvplan/models/$(printf 'evil\033[2Jname').json"
TUI_ENV="NO_COLOR= XDG_CONFIG_HOME='$DIR/cfg' HF_HUB_CACHE='$DIR/hub'"
keys() { $T send-keys "$@"; sleep 0.1; }

start 100 30
# 1. The picker lists the cached model, marked, and loads it by its hash
keys F5 C-r
check "picker lists the HF cache" "acme/tiny-8b (HF cache)"
check "the cached entry names its snapshot" "snapshot 0123456789ab"
keys -l "evil"
check "a preset's file name is shown with its control characters visible" 'evil\x1b[2Jname (user)'
keys BSpace BSpace BSpace BSpace
keys -l "tiny"
wait_for "filter: tiny" >/dev/null
keys Enter
check "a cached model loads from the picker" "model acme/tiny-8b in place of"
check "the legend says where the weight bytes come from" "weights from safetensors headers"

# 2. Tab in the picker: the model prompt; Tab completes a folder, then
#    the two GGUF files' common part, listing both; one more letter and
#    Tab gives the whole name; Enter loads the file.
keys C-r
wait_for "Model presets" >/dev/null
keys Tab
check "Tab opens the model prompt" "Model (Tab completes):"
keys C-u
keys -l "mod"
keys Tab
check "Tab completes a folder" "models/"
keys -l "l"
keys Tab
check "Tab extends to the common part" "models/llama-small"
check "several candidates are listed" "2 completions"
check "the candidates are shown" "models/llama-smaller.gguf"
keys -l "e"
keys Tab
check "one candidate completes the whole name" "models/llama-smaller.gguf"
keys Enter
check "the completed GGUF file loads" "in place of acme/tiny-8b"
check "the legend says the GGUF's tensors give the weights" "weights from GGUF tensors"

# 3. A cached id completes too, in the case the cache has it
keys C-r
wait_for "Model presets" >/dev/null
keys Tab
wait_for "Tab completes" >/dev/null
keys C-u
keys -l "ACME/t"
keys Tab
check "a cached id completes" "acme/tiny-8b"
keys Enter
check "the completed id loads from the cache" "model acme/tiny-8b in place of"

# 4. Nothing to complete: said on the message line, the text kept
keys C-r
wait_for "Model presets" >/dev/null
keys Tab
wait_for "Tab completes" >/dev/null
keys C-u
keys -l "zzq"
keys Tab
check "no completion is said" "no file, folder, cached model or preset starts with 'zzq'"
check "the typed text is kept" "zzq"
keys Escape
exit $fail
