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
grep -q '^encoder       16,384 tokens, 167,772,160 B (0.16 GiB) per device: engine formula, vLLM compute_encoder_budget x hidden x dtype$' "$TMP/t.txt" &&
	ok "encoder cache line" || notok "encoder: $(grep '^encoder' "$TMP/t.txt")"

# the item size is the processor's, not the model's shape: the plan keeps
# the model's name
"$KVPLAN" calc --model llama-3.1-8b --engine vllm --mm-item-tokens 16384 >"$TMP/n.txt"
grep -q '^plan          meta-llama/Llama-3.1-8B$' "$TMP/n.txt" && ok "plan keeps the model's name" || notok "plan: $(grep '^plan' "$TMP/n.txt")"

# llama.cpp --mmproj / --lora read a GGUF's tensor infos: one f32 tensor
# of 8 values = 32 B (GGUF v3 header, 1 tensor, no keys, data at 64).
printf 'GGUF\003\000\000\000\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >"$TMP/mm.gguf"
printf '\006\000\000\000\000\000\000\000mm.0.w\001\000\000\000\010\000\000\000\000\000\000\000' >>"$TMP/mm.gguf"
printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >>"$TMP/mm.gguf"
head -c 32 /dev/zero >>"$TMP/mm.gguf"
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --mmproj "$TMP/mm.gguf" --lora "$TMP/mm.gguf" --lora "$TMP/mm.gguf" --format json >"$TMP/l.json"
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

[ "$fails" -eq 0 ]
