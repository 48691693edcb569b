#!/bin/sh
# import_ok.sh - `kvplan import` on a config.json and on its folder, the
# JSON it prints used as a --model, --output, and `kvplan presets`.
# Expected figures are worked by hand from the config written below (the
# fields of meta-llama/Llama-3.1-8B in the reference models.json):
#   2 (K and V) x 32 layers x 8 KV heads x 128 dims x 2 bytes (bf16)
#   = 131,072 bytes per position; 8,030,261,248 parameters.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fail=1; }

mkdir -p "$tmp/llama" "$tmp/xdg/kvplan/cards"
cat > "$tmp/llama/config.json" <<'JSON'
{"architectures": ["LlamaForCausalLM"], "model_type": "llama",
 "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8,
 "hidden_size": 4096, "intermediate_size": 14336, "vocab_size": 128256,
 "max_position_embeddings": 131072, "torch_dtype": "bfloat16",
 "attention_bias": false, "tie_word_embeddings": false, "rope_theta": 500000.0,
 "_name_or_path": "meta-llama/Llama-3.1-8B"}
JSON

# text summary, file and folder give the same
if "$KVPLAN" import "$tmp/llama/config.json" --format text > "$tmp/t1" 2> "$tmp/e1" &&
   "$KVPLAN" import "$tmp/llama" --format text > "$tmp/t2" 2> "$tmp/e2"; then
	ok "import --format text exits 0"
else
	notok "import --format text: $(cat "$tmp/e1" "$tmp/e2")"
fi
grep -q "bytes per position, all layers: 131,072$" "$tmp/t1" &&
	ok "131,072 B per position (2 x 32 x 8 x 128 x 2)" ||
	notok "bytes per position: $(grep 'per position' "$tmp/t1")"
grep -Eq "^0-31 +full +8 +128 +128 +- +4,096$" "$tmp/t1" &&
	ok "one row for layers 0-31: full, 8 KV heads, 128/128, 4,096 B" ||
	notok "per-layer row: $(sed -n '/^layers/,$p' "$tmp/t1")"
grep -q "8,030,261,248" "$tmp/t1" && ok "8,030,261,248 parameters" ||
	notok "parameter count: $(grep params "$tmp/t1")"
cmp -s "$tmp/t1" "$tmp/t2" && ok "config.json and its folder import alike" ||
	notok "file and folder differ"
[ ! -s "$tmp/e1" ] && ok "no warnings for a complete config" ||
	notok "unexpected warnings: $(cat "$tmp/e1")"

# JSON preset: loads back as a --model and gives the same figure
if "$KVPLAN" import "$tmp/llama/config.json" > "$tmp/m.json" 2> "$tmp/e3" &&
   grep -q '"kvplan":[[:space:]]*"model"' "$tmp/m.json"; then
	ok "import prints a model preset"
else
	notok "import json: $(cat "$tmp/e3")"
fi
for spec in "$tmp/m.json" "$tmp/llama/config.json" "$tmp/llama" llama-3.1-8b; do
	if "$KVPLAN" calc --model "$spec" > "$tmp/c" 2> "$tmp/ce" &&
	   grep "B per position" "$tmp/c" | grep -q "131,072"; then
		ok "calc --model $(basename "$spec") gives 131,072 B per position"
	else
		notok "calc --model $spec: $(cat "$tmp/ce") $(grep 'per position' "$tmp/c")"
	fi
done

# --output writes the same text, atomically (no temp file left behind)
if "$KVPLAN" import "$tmp/llama" --output "$tmp/out.json" 2> "$tmp/e4" &&
   cmp -s "$tmp/out.json" "$tmp/m.json"; then
	ok "--output writes what stdout shows"
else
	notok "--output: $(cat "$tmp/e4")"
fi
[ "$(ls "$tmp" | grep -c 'out\.json.')" = 0 ] && ok "--output leaves no temp file" ||
	notok "temp files left: $(ls "$tmp")"

# warnings go to stderr, one line each, stdout stays JSON
printf '{"model_type":"gpt2","n_layer":12,"n_head":12,"n_embd":768,"vocab_size":50257,"n_positions":1024}\n' \
	> "$tmp/gpt2.json"
"$KVPLAN" import "$tmp/gpt2.json" > "$tmp/g.json" 2> "$tmp/ge"
grep -q "warning: .*MHA assumed" "$tmp/ge" && ok "assumed MHA is warned on stderr" ||
	notok "MHA warning: $(cat "$tmp/ge")"
grep -q '"kv_heads_assumed":[[:space:]]*true' "$tmp/g.json" &&
	ok "the preset records kv_heads_assumed" || notok "kv_heads_assumed not recorded"

# MLA (the shape of deepseek-ai/DeepSeek-V2-Lite): latent 27 layers x
# (512 + 64) x 2 B = 31,104; decompressed 27 x 16 heads x ((128 + 64) +
# 128) x 2 B = 276,480 bytes per position
printf '%s' '{"model_type":"deepseek_v2","num_hidden_layers":27,"num_attention_heads":16,
 "num_key_value_heads":16,"hidden_size":2048,"kv_lora_rank":512,"q_lora_rank":null,
 "qk_rope_head_dim":64,"qk_nope_head_dim":128,"v_head_dim":128,"torch_dtype":"bfloat16",
 "intermediate_size":10944,"moe_intermediate_size":1408,"n_routed_experts":64,
 "n_shared_experts":2,"num_experts_per_tok":6,"first_k_dense_replace":1,"vocab_size":102400}' \
	> "$tmp/mla.json"
"$KVPLAN" import "$tmp/mla.json" --format text > "$tmp/mt" 2> "$tmp/me"
grep -q "bytes per position, all layers: 31,104$" "$tmp/mt" &&
	grep -q "bytes per position, decompressed MLA: 276,480$" "$tmp/mt" &&
	ok "MLA: 31,104 B latent, 276,480 B decompressed per position" ||
	notok "MLA: $(grep 'per position' "$tmp/mt") $(cat "$tmp/me")"

# presets
n=$(XDG_CONFIG_HOME="$tmp/xdg" "$KVPLAN" presets models | grep -c .)
[ "$n" -ge 25 ] && ok "presets models lists $n (>= 25)" || notok "presets models: $n"
# one description column for every model, the longest name included
# (mistral-small-3.1-24b-instruct-2503: 35 characters)
cols=$(XDG_CONFIG_HOME="$tmp/xdg" "$KVPLAN" presets models |
	awk '{ i = index($0, $2); print (substr($0, i - 1, 1) == " " ? i : -1) }' | sort -u)
[ "$cols" = 39 ] && ok "presets models: descriptions in one column (39)" ||
	notok "presets models: description columns $cols"
n=$(XDG_CONFIG_HOME="$tmp/xdg" "$KVPLAN" presets cards | grep -c .)
[ "$n" -ge 12 ] && ok "presets cards lists $n (>= 12)" || notok "presets cards: $n"
XDG_CONFIG_HOME="$tmp/xdg" "$KVPLAN" presets workloads > "$tmp/w"
for w in typical long max-concurrency chat rag-documents batch-summarisation; do
	grep -q "^  $w " "$tmp/w" || notok "workload $w missing"
done
ok "the six workload presets are listed"
cat > "$tmp/xdg/kvplan/cards/l4.json" <<'JSON'
{"kvplan": "card", "description": "my own L4", "card": {"name": "my-L4",
 "capacity_bytes": 24000000000, "allocatable": true, "shared_with_system": false,
 "source": "test"}}
JSON
XDG_CONFIG_HOME="$tmp/xdg" "$KVPLAN" presets cards > "$tmp/cards"
[ "$(grep -c '^  l4 ' "$tmp/cards")" = 1 ] && grep -q '^  l4 .*my own L4.*\[user\]' "$tmp/cards" &&
	ok "a user card overrides the shipped one of the same name" ||
	notok "user override: $(grep l4 "$tmp/cards")"
"$KVPLAN" presets gadgets > "$tmp/o" 2> "$tmp/e"
rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l < "$tmp/e")" = 1 ] &&
	ok "presets gadgets: exit 2, one line" || notok "presets gadgets: rc $rc"
exit $fail
