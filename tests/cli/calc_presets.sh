#!/bin/sh
# calc_presets.sh - `--model`, `--card` and `--workload` specs in calc
# (preset names and files, resolved by preset.c through plan_json.c).
. "$(dirname "$0")/calc_lib.inc"
XDG_CONFIG_HOME=$TMP/xdg; export XDG_CONFIG_HOME   # no user presets

# Llama 3.1 8B (shipped preset): 32 layers, 8 KV heads, head dim 128,
# bf16: 2 x 32 x 8 x 128 x 2 = 131,072 B per position; one request of
# 1,000 + 24 = 1,024 tokens: 134,217,728 B
"$KVPLAN" calc --model llama-3.1-8b --concurrency 1 --prompt 1000 --gen 24 --strategy dynamic \
	--format json >"$TMP/l.json" 2>"$TMP/err"
v=$(json_int "$TMP/l.json" kv bytes_per_position)
[ "$v" = 131072 ] && ok "--model preset name: 131072 B per position" || notok "--model: '$v' $(cat "$TMP/err")"
v=$(json_int "$TMP/l.json" kv bytes)
[ "$v" = 134217728 ] && ok "--model preset name: 134217728 B" || notok "--model bytes: '$v'"
grep -q '"id":	"meta-llama/Llama-3.1-8B"' "$TMP/l.json" && ok "record names the model id" ||
	notok "record names the model id"

cat >"$TMP/card.json" <<'JSON'
{ "kvplan": "card", "card": { "name": "tiny-card", "capacity_bytes": 1000000000,
  "allocatable": true, "source": "a test" } }
JSON
"$KVPLAN" calc --card "$TMP/card.json" --format json >"$TMP/c.json" 2>"$TMP/err"
grep -q '"capacity_bytes":	1000000000' "$TMP/c.json" && grep -q '"name":	"tiny-card"' "$TMP/c.json" &&
	ok "--card file" || notok "--card file: $(cat "$TMP/err")"

cat >"$TMP/wl.json" <<'JSON'
{ "kvplan": "workload", "workload": { "classes": [
  { "name": "w", "requests": 2, "prompt": { "input": 100 }, "gen": 28 } ] } }
JSON
# default model 163,840 B per position x 128 tokens x 2 = 41,943,040 B
"$KVPLAN" calc --workload "$TMP/wl.json" --format json >"$TMP/w.json" 2>"$TMP/err"
v=$(json_int "$TMP/w.json" kv bytes)
[ "$v" = 41943040 ] && ok "--workload file: 41943040 B" || notok "--workload: '$v' $(cat "$TMP/err")"
# later flags override the preset: 3 requests -> 62,914,560 B
"$KVPLAN" calc --workload "$TMP/wl.json" --concurrency 3 --format json >"$TMP/w3.json" 2>"$TMP/err"
v=$(json_int "$TMP/w3.json" kv bytes)
[ "$v" = 62914560 ] && ok "flag after --workload wins" || notok "flag after --workload: '$v'"

# A config.json folder without num_key_value_heads: the importer takes
# LlamaConfig's default, the heads (4 KV heads), and says so; the record
# keeps that note. 2 layers x 4
# heads x 64 dims (256 / 4) x 2 x 2 B (f16 assumed) = 2,048 B per position
mkdir -p "$TMP/hf"
printf '{"model_type":"llama","num_hidden_layers":2,"num_attention_heads":4,"hidden_size":256,"vocab_size":100,"intermediate_size":512}' \
	>"$TMP/hf/config.json"
"$KVPLAN" calc --model "$TMP/hf" --format json >"$TMP/hf.json" 2>"$TMP/err"
v=$(json_int "$TMP/hf.json" kv bytes_per_position)
[ "$v" = 2048 ] && ok "--model config folder: 2048 B per position" || notok "--model folder: '$v' $(cat "$TMP/err")"
grep -q '"notes":.*num_key_value_heads absent: 4, the llama class default' "$TMP/hf.json" && ok "record keeps the importer's notes" ||
	notok "record keeps the importer's notes"
"$KVPLAN" calc "$TMP/hf.json" --format json >"$TMP/hf2.json" 2>"$TMP/err" &&
	[ "$(json_int "$TMP/hf2.json" kv bytes)" = "$(json_int "$TMP/hf.json" kv bytes)" ] &&
	ok "record with notes loads as a plan" || notok "record with notes loads: $(cat "$TMP/err")"

bad "unknown model preset" "--model" calc --model no-such-model-xyz
bad "card file that is a model" "--card" calc --card "$TMP/wl.json"

[ "$fails" -eq 0 ]
