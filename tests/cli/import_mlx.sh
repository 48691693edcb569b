#!/bin/sh
# import_mlx.sh - `kvplan import` of an MLX config (issue 35): mlx-lm's
# block has no quant_method, only group_size and bits (mlx_lm/utils.py
# quantize_model, save_config copying "quantization" to
# "quantization_config"). The config below is written by hand in the
# shape of mlx-community/Llama-3.2-1B-Instruct-4bit (Llama 3.2 1B's
# sizes). Weight bytes worked by hand (tests/unit/test_import_mlx.c):
# 1,235,746,816 quantized values (layers and the tied embeddings) x 4
# bits = 617,873,408 B + 19,308,544 groups of 64 x (bf16 scale + bf16
# bias) = 77,234,176 B + 67,584 norm parameters x 2 = 135,168 B:
# 695,242,752. The cache: 2 x 16 x 8 x 64 x 2 = 32,768 B per position.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fail=1; }

mkdir -p "$tmp/m"
cat > "$tmp/m/config.json" <<'JSON'
{"architectures": ["LlamaForCausalLM"], "model_type": "llama",
 "num_hidden_layers": 16, "num_attention_heads": 32, "num_key_value_heads": 8,
 "head_dim": 64, "hidden_size": 2048, "intermediate_size": 8192,
 "vocab_size": 128256, "max_position_embeddings": 131072,
 "torch_dtype": "bfloat16", "tie_word_embeddings": true,
 "quantization": {"group_size": 64, "bits": 4},
 "quantization_config": {"group_size": 64, "bits": 4}}
JSON

"$KVPLAN" import "$tmp/m/config.json" --format text > "$tmp/o" 2> "$tmp/e"
rc=$?
[ $rc = 0 ] && ok "import of an MLX config exits 0" ||
	notok "import: rc $rc: $(cat "$tmp/e")"
grep -q "weights 695,242,752 B" "$tmp/o" &&
	ok "695,242,752 weight bytes as MLX stores them" ||
	notok "weights: $(grep params "$tmp/o")"
grep -q "bytes per position, all layers: 32,768$" "$tmp/o" &&
	ok "the cache unchanged: 32,768 B per position" ||
	notok "cache: $(grep 'per position' "$tmp/o")"
grep -q "MLX weights: none of llama.cpp, vLLM" "$tmp/e" &&
	ok "a note says no modelled engine loads MLX weights" ||
	notok "no engine note: $(cat "$tmp/e")"

# a per-module key (mlx-lm's mixed recipes, MoE routers): one format is
# not what mlx stores, so the weights are counted unquantized (more than
# MLX stores), named in a note; the cache the same
sed 's/"bits": 4}/"bits": 4, "lm_head": {"group_size": 64, "bits": 6}}/g' \
	"$tmp/m/config.json" > "$tmp/mixed.json"
"$KVPLAN" import "$tmp/mixed.json" --format text > "$tmp/o" 2> "$tmp/e"
rc=$?
[ $rc = 0 ] && grep -q "quantization_config.lm_head" "$tmp/e" &&
	grep -q "counted unquantized in the compute dtype" "$tmp/e" &&
	ok "a per-module key: imported, weights unquantized, the key named" ||
	notok "per-module key: rc $rc: $(cat "$tmp/e")"
grep -q "bytes per position, all layers: 32,768$" "$tmp/o" &&
	! grep -q "weights 695,242,752 B" "$tmp/o" &&
	ok "its cache unchanged, its weights not MLX's 4-bit figure" ||
	notok "mixed: $(grep -E 'params|per position' "$tmp/o")"
# a block mlx would not write (bits 7): one line, exit 2
sed 's/"bits": 4}/"bits": 7}/g' "$tmp/m/config.json" > "$tmp/bad.json"
"$KVPLAN" import "$tmp/bad.json" > "$tmp/o" 2> "$tmp/e"
rc=$?
[ $rc = 2 ] && [ "$(wc -l < "$tmp/e")" = 1 ] &&
	grep -q "quantization_config.bits" "$tmp/e" &&
	ok "bits mlx does not take: refused by name, exit 2" ||
	notok "bits 7: rc $rc: $(cat "$tmp/e")"
exit $fail
