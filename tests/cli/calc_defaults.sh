#!/bin/sh
# calc_defaults.sh - what the CLI starts from: the plan name follows
# --model unless a plan file or --name chose it; the worked example has
# flash attention on and the documented overheads of its card; the
# contract of issue 2 (KV figures of an explicit model) is unchanged.
. "$(dirname "$0")/calc_lib.inc"

# name: the worked example's, until --model replaces the model
"$KVPLAN" calc --format json >"$TMP/r.json"
grep -q '^	"name":	"worked example (docs/DESIGN.md)",' "$TMP/r.json" && ok "default name" || notok "default name"
"$KVPLAN" calc --model llama-3.1-8b --format json >"$TMP/r.json"
grep -q '^	"name":	"meta-llama/Llama-3.1-8B",' "$TMP/r.json" && ok "name follows --model" || notok "name follows --model: $(grep -m1 '"name"' "$TMP/r.json")"
"$KVPLAN" calc --model llama-3.1-8b >"$TMP/t.txt"
grep -q '^plan  *meta-llama/Llama-3.1-8B$' "$TMP/t.txt" && ok "text: name follows --model" || notok "text: $(head -1 "$TMP/t.txt")"
"$KVPLAN" calc --name mine --model llama-3.1-8b --format json >"$TMP/r.json"
grep -q '^	"name":	"mine",' "$TMP/r.json" && ok "--name before --model kept" || notok "--name before --model kept"
"$KVPLAN" calc --model llama-3.1-8b --name mine --format json >"$TMP/r.json"
grep -q '^	"name":	"mine",' "$TMP/r.json" && ok "--name after --model wins" || notok "--name after --model wins"
# a plan file's name stays
"$KVPLAN" calc --name "from file" --format json >"$TMP/p.json"
"$KVPLAN" calc "$TMP/p.json" --model llama-3.1-8b --format json >"$TMP/r.json"
grep -q '^	"name":	"from file",' "$TMP/r.json" && ok "plan file name kept" || notok "plan file name kept"

# flash attention on by default: activation estimate of the worked
# example, T = 8,192 tokens per step (vLLM's default):
#   hidden 2 x 8,192 x 5,120 x 2 = 167,772,160
#   attention (40 + 2 x 8) x 8,192 x 128 x 2 = 117,440,512
#     + flash workspace 8,192 x 40 x 128 x 4 = 167,772,160 -> 285,212,672
#   mlp 3 x 8,192 x 13,824 x 2 = 679,477,248 (> attention)
#   logits min(6, 8,192) = 6 x 32,000 x 4 = 768,000
#   peak 167,772,160 + 679,477,248 + 768,000 = 848,017,408 (0.79 GiB)
# (without flash the fp32 score matrix 8,192 x 4,096 x 40 x 4 =
# 5,368,709,120 made it 5.3 GiB)
"$KVPLAN" calc --format json >"$TMP/r.json"
grep -q '"flash_attention":	true' "$TMP/r.json" && ok "flash_attention true" || notok "flash_attention true"
grep -q '"activations_bytes":	848017408' "$TMP/r.json" && ok "activations 848,017,408" || notok "activations 848,017,408"
# overheads of the default card: 360 MiB + 384 MiB = 744 MiB = 780,140,544
grep -q '"overhead_bytes":	780140544' "$TMP/r.json" && ok "overheads 780,140,544" || notok "overheads 780,140,544"
# a plan file without the flash_attention key starts from true too
grep -v '"flash_attention"' "$TMP/r.json" >"$TMP/noflash.json"
"$KVPLAN" calc "$TMP/noflash.json" --format json >"$TMP/r2.json"
grep -q '"activations_bytes":	848017408' "$TMP/r2.json" && ok "plan file: flash by default" || notok "plan file: flash by default"

# issue 2's contract: an explicit model's KV figures
"$KVPLAN" calc --layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --kv-dtype f16 \
	--concurrency 6 --prompt 3072 --gen 1024 --format json >"$TMP/c.json"
grep -q '"bytes":	4026531840,' "$TMP/c.json" && ok "contract kv.bytes" || notok "contract kv.bytes"
grep -q '"bytes_per_position":	163840,' "$TMP/c.json" && ok "contract bytes_per_position" || notok "contract bytes_per_position"
grep -q '"bytes_per_sequence":	671088640,' "$TMP/c.json" && ok "contract bytes_per_sequence" || notok "contract bytes_per_sequence"
"$KVPLAN" calc --layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --kv-dtype f16 \
	--concurrency 6 --prompt 3072 --gen 1024 >"$TMP/c.txt"
grep -q '4,026,531,840' "$TMP/c.txt" && grep -q '3\.75 GiB' "$TMP/c.txt" && ok "contract text" || notok "contract text"

# KVP-W07 speaks only when the static reservation is in force: the
# worked example (static, longest 4,096) on a 131,072-position model warns
# under the generic engine, not under llama.cpp (which sizes its own cells)
"$KVPLAN" calc --max-positions 131072 >"$TMP/w.txt"
grep -q 'KVP-W07 static-from-short: strategy.max_cache_len' "$TMP/w.txt" && ok "W07 generic" || notok "W07 generic"
"$KVPLAN" calc --max-positions 131072 --engine llama.cpp >"$TMP/w.txt"
grep -q 'KVP-W07' "$TMP/w.txt" && notok "W07 silent under llama.cpp" || ok "W07 silent under llama.cpp"

[ "$fails" -eq 0 ]
