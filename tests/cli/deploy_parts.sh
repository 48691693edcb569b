#!/bin/sh
# deploy_parts.sh - encoders and LoRA through the CLI (issue 14), figures
# worked by hand in tests/unit/test_deploy_parts.c on the default model:
# one vLLM LoRA slot of rank 16 in bf16 is 114,688,000 B; the encoder
# cache of a 16,384-token item is 16,384 x 5,120 x 2 = 167,772,160 B.
. "$(dirname "$0")/fit_lib.inc"

"$KVPLAN" calc --engine vllm --enable-lora --max-loras 2 --format json >"$TMP/r.json"
expect "json exit" 0 "$?"
expect "lora_slot_bytes" 114688000 "$(nth "$TMP/r.json" lora_slot_bytes 1)"
# 1st lora_bytes: the plan's engine.llamacpp.lora_bytes (0), 2nd: device
# 0's, 3rd: result.parts
expect "device lora_bytes" 229376000 "$(nth "$TMP/r.json" lora_bytes 2)"
expect "parts lora_bytes" 229376000 "$(nth "$TMP/r.json" lora_bytes 3)"
grep -q '"lora_kind":[ 	]*"estimate"' "$TMP/r.json" && ok "LoRA labelled estimate" || notok "lora_kind"

# the record loads back as a plan with the same slots
"$KVPLAN" calc "$TMP/r.json" --format json >"$TMP/r2.json"
expect "record reloads" 0 "$?"
expect "reloaded lora_slot_bytes" 114688000 "$(nth "$TMP/r2.json" lora_slot_bytes 1)"

"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 >"$TMP/t.txt"
grep -q '^encoder       16,384 tokens (profiled with 1 item), 167,772,160 B (0.16 GiB) per device: engine formula, vLLM compute_encoder_budget x hidden x dtype$' "$TMP/t.txt" &&
	ok "encoder cache line" || notok "encoder: $(grep '^encoder' "$TMP/t.txt")"
# the profile run's items (MultiModalBudget.get_max_items): 65,536 //
# 16,384 = 4 under 256 sequences; max_num_seqs 2 caps them at 2 with one
# image a prompt, at 2 x min(limit, 131,072 // 16,384 = 8) with more
"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 --max-num-batched-tokens 65536 >"$TMP/t4.txt"
grep -q '^encoder       65,536 tokens (profiled with 4 items), ' "$TMP/t4.txt" &&
	ok "four items" || notok "items: $(grep '^encoder' "$TMP/t4.txt")"
"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 --max-num-batched-tokens 65536 --max-num-seqs 2 --max-model-len 131072 >"$TMP/t2.txt"
grep -q '^encoder       65,536 tokens (profiled with 2 to 4 items), ' "$TMP/t2.txt" &&
	ok "items range without limit_mm_per_prompt" || notok "range: $(grep '^encoder' "$TMP/t2.txt")"
# --limit-mm-per-prompt decides it: 2 x min(1, 8) = 2; 2 x min(3, 8) = 6 > 4
"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 --max-num-batched-tokens 65536 --max-num-seqs 2 --max-model-len 131072 --limit-mm-per-prompt 1 >"$TMP/l1.txt"
grep -q '^encoder       65,536 tokens (profiled with 2 items), ' "$TMP/l1.txt" &&
	ok "one image a prompt: 2 items" || notok "limit 1: $(grep '^encoder' "$TMP/l1.txt")"
"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 --max-num-batched-tokens 65536 --max-num-seqs 2 --max-model-len 131072 --limit-mm-per-prompt 3 >"$TMP/l3.txt"
grep -q '^encoder       65,536 tokens (profiled with 4 items), ' "$TMP/l3.txt" &&
	ok "three images a prompt: the budget's 4" || notok "limit 3: $(grep '^encoder' "$TMP/l3.txt")"
# before vLLM 0.10.0 (PR #20434): ceil(budget / item), 40,000 / 16,384 -> 3
"$KVPLAN" calc --engine vllm@0.9.2 --mm-item-tokens 16384 --max-num-batched-tokens 40000 >"$TMP/t0.txt"
grep -q '^encoder       40,000 tokens (profiled with 3 items), ' "$TMP/t0.txt" &&
	ok "ceil before 0.10.0" || notok "0.9.2: $(grep '^encoder' "$TMP/t0.txt")"
"$KVPLAN" calc --engine vllm --mm-item-tokens 16384 --max-num-batched-tokens 40000 >"$TMP/t1.txt"
grep -q '^encoder       40,000 tokens (profiled with 2 items), ' "$TMP/t1.txt" &&
	ok "floor from 0.10.0" || notok "current: $(grep '^encoder' "$TMP/t1.txt")"

# the item size is the processor's, not the model's shape: the plan keeps
# the model's name
"$KVPLAN" calc --model llama-3.1-8b --engine vllm --mm-item-tokens 16384 >"$TMP/n.txt"
grep -q '^plan          meta-llama/Llama-3.1-8B$' "$TMP/n.txt" && ok "plan keeps the model's name" || notok "plan: $(grep '^plan' "$TMP/n.txt")"

# llama.cpp --mmproj / --lora read a GGUF's tensor infos: one f32 tensor
# of 8 values = 32 B after the keys (GGUF v3, gguf_lib.inc): the encoder
# file says it has a vision encoder (clip.cpp), the adapter that it is a
# LoRA adapter (llama-adapter.cpp); each is refused as the other, and a
# model file (general.type model) as either.
. "$(dirname "$0")/gguf_lib.inc"
tiny() {
	out=$1 n=$2; shift 2
	{ printf 'GGUF'; u32 3; u64 1; u64 "$n"; "$@"; str mm.0.w; u32 1; u64 8; u32 0; u64 0; } >"$out"
	sz=$(wc -c <"$out"); head -c $(( (32 - sz % 32) % 32 + 32 )) /dev/zero >>"$out"
}
mm_keys() { kv_true clip.has_vision_encoder; }
lora_keys() { kv_str general.type adapter; kv_str adapter.type lora; }
model_keys() { kv_str general.type model; kv_str general.architecture llama; }
ctrl_keys() { kv_str general.type adapter; kv_str adapter.type control_vector; }
tiny "$TMP/mm.gguf" 1 mm_keys
tiny "$TMP/lora.gguf" 2 lora_keys
tiny "$TMP/model.gguf" 2 model_keys
tiny "$TMP/cvec.gguf" 2 ctrl_keys
bad "a model file as --lora" "--lora: '$TMP/model.gguf' - expect general.type to be 'adapter', but got: model" \
	calc --engine llama.cpp --lora "$TMP/model.gguf"
bad "an encoder file as --lora" "--lora: '$TMP/mm.gguf' - expect general.type to be 'adapter', but got:  (llama.cpp" \
	calc --engine llama.cpp --lora "$TMP/mm.gguf"
bad "a control vector as --lora" "expect adapter.type to be 'lora', but got: control_vector" \
	calc --engine llama.cpp --lora "$TMP/cvec.gguf"
bad "a model file as --mmproj" "Failed to load CLIP model from $TMP/model.gguf (llama.cpp's mtmd.cpp: neither clip.has_vision_encoder nor clip.has_audio_encoder" \
	calc --engine llama.cpp --mmproj "$TMP/model.gguf"
bad "an adapter as --mmproj" "Failed to load CLIP model from $TMP/lora.gguf" \
	calc --engine llama.cpp --mmproj "$TMP/lora.gguf"
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --mmproj "$TMP/mm.gguf" --lora "$TMP/lora.gguf" --lora "$TMP/lora.gguf" --format json >"$TMP/l.json"
expect "llama.cpp json exit" 0 "$?"
expect "mmproj bytes in the plan" 32 "$(nth "$TMP/l.json" mmproj_bytes 1)"
expect "two --lora files" 64 "$(nth "$TMP/l.json" lora_bytes 1)"
expect "device encoder_bytes" 32 "$(nth "$TMP/l.json" encoder_bytes 1)"

# a request's image and audio tokens are prompt tokens of their own part:
# 2 x 40 layers x 8 KV heads x 128 x 2 B = 163,840 B per position;
# 3,072 input + 1,024 media + 1,024 generation = 5,120 positions; x 6
# requests x 163,840 = 5,033,164,800 B (the default workload, DESIGN.md)
"$KVPLAN" calc --prompt-media 1024 --format json >"$TMP/m.json"
expect "media tokens in the plan" 1024 "$(nth "$TMP/m.json" media 1)"
expect "media tokens take KV (kv.bytes_needed)" 5033164800 "$(nth "$TMP/m.json" bytes_needed 1)"
"$KVPLAN" calc "$TMP/m.json" --format json >"$TMP/m2.json"
expect "the record reloads with its media tokens" 1024 "$(nth "$TMP/m2.json" media 1)"
"$KVPLAN" calc --class 0 --prompt-media 1024 --concurrency 6 >"$TMP/m.txt"
grep -q '^per sequence  838,860,800 B .* 5,120 tokens$' "$TMP/m.txt" &&
	ok "a sequence of 5,120 tokens" || notok "media: $(grep '^per sequence' "$TMP/m.txt")"

# bad input: one line naming the field, exit 2
bad "negative media tokens" "prompt-media" calc --prompt-media -5
bad "rank above vLLM's set" "engine.vllm.max_lora_rank: 24" calc --engine vllm --enable-lora --max-lora-rank 24
bad "rank above vLLM's max" "engine.vllm.max_lora_rank: 1024" calc --engine vllm --enable-lora --max-lora-rank 1024
bad "cpu loras below slots" "engine.vllm.max_cpu_loras: 1" calc --engine vllm --enable-lora --max-loras 2 --max-cpu-loras 1
bad "lora under partial -ngl" "engine.llamacpp.lora_bytes" calc --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --lora-bytes 1000
bad "not a GGUF" "--mmproj" calc --engine llama.cpp --mmproj "$TMP/t.txt"

# reconcile: vLLM's "Encoder cache will be initialized with a budget of N
# tokens, and profiled with M image items" against two public logs (their
# headers give the sources), with the settings the logs state; the Qwen3.5
# and 3.6 image processors' largest item is 16,384 tokens
logs="$(cd "$(dirname "$0")/../data/logs" && pwd)"
erec() { "$KVPLAN" reconcile --engine vllm --model qwen3.5-35b-a3b "$@" 2>&1; }
out=$(erec --mm-item-tokens 16384 "$logs/vllm-0.17-encoder.log")
case $out in *"max_model_len=16384, max_num_batched_tokens=6144, max_num_seqs=8"*"encoder cache budget (tokens)"*"16,384"*"16,384"*"arithmetic match"*"encoder profile items"*" 1 "*" 1 "*"arithmetic match"*)
	ok "vLLM 0.17: budget max(6,144, 16,384), 1 item";; *) notok "0.17: $out";; esac
out=$(erec --mm-item-tokens 16384 "$logs/vllm-0.22-encoder.log")
case $out in *"max_model_len=200000, max_num_batched_tokens=32768, max_num_seqs=8"*"encoder cache budget (tokens)"*"32,768"*"32,768"*"arithmetic match"*"encoder profile items"*" 2 "*" 2 "*"arithmetic match"*)
	ok "vLLM 0.22: budget 32,768, 2 items";; *) notok "0.22: $out";; esac
# an item size the run did not have is flagged: 8,192 tokens make the
# 0.17 budget max(6,144, 8,192); 20,000 make 0.22's 32,768 // 20,000 = 1 item
out=$(erec --mm-item-tokens 8192 "$logs/vllm-0.17-encoder.log")
case $out in *"encoder cache budget (tokens)"*"8,192"*"16,384"*"arithmetic DIFFERS"*)
	ok "a wrong item size: the budget differs";; *) notok "8192: $out";; esac
erec --mm-item-tokens 20000 "$logs/vllm-0.22-encoder.log" >"$TMP/e.txt"
expect "differing items exit 1" 1 "$?"
grep -q '^encoder profile items  *1  *2 .*arithmetic DIFFERS' "$TMP/e.txt" &&
	ok "a wrong item size: the items differ" || notok "items: $(grep 'profile items' "$TMP/e.txt")"

[ "$fails" -eq 0 ]
