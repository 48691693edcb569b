#!/bin/sh
# calc_files.sh - plan files and records: a record reproduces itself, and
# every malformed file gives exit 2 with one line naming the file, the
# field path and the value.
. "$(dirname "$0")/calc_lib.inc"

# Record round trip: calc RECORD.json --format json gives the same record.
"$KVPLAN" calc --layers 32 --kv-heads 4 --k-dim 192 --v-dim 128 --k-dtype q8_0 --v-dtype bf16 \
	--samples 2 --queued 5 --strategy paged --block-size 32 --layer '0-31/4:kind=sliding,window=512' \
	--format json >"$TMP/r1.json" 2>"$TMP/err"
"$KVPLAN" calc "$TMP/r1.json" --format json >"$TMP/r2.json" 2>>"$TMP/err"
if [ -s "$TMP/r1.json" ] && cmp -s "$TMP/r1.json" "$TMP/r2.json"; then ok "record reproduces itself"
else notok "record reproduces itself: $(cat "$TMP/err")"; fi
grep -q '"5-47/6\|"0-31/4:kind=sliding' "$TMP/r1.json" && ok "record keeps the layer rules" || notok "record keeps the layer rules"
grep -q '"q8_0"' "$TMP/r1.json" && grep -q '"queued":	5' "$TMP/r1.json" && ok "record keeps formats and queue" ||
	notok "record keeps formats and queue"
# and a record changed by a flag recomputes: KV heads 4 -> 8 doubles every
# attention row, so the bytes double exactly
"$KVPLAN" calc "$TMP/r1.json" --kv-heads 8 --format json >"$TMP/r3.json"
a=$(json_int "$TMP/r1.json" kv bytes); b=$(json_int "$TMP/r3.json" kv bytes)
[ -n "$a" ] && [ "$b" = "$((a * 2))" ] && ok "record + flag recomputes ($a -> $b)" || notok "record + flag: $a -> $b"

# --output FILE: the same bytes as stdout, written atomically; a failed
# run leaves an existing file as it was and creates no file
"$KVPLAN" calc --format json --output "$TMP/o.json" >"$TMP/o.stdout" 2>"$TMP/err"
"$KVPLAN" calc --format json >"$TMP/o2.json"
[ ! -s "$TMP/o.stdout" ] && cmp -s "$TMP/o.json" "$TMP/o2.json" && ok "--output writes the record" ||
	notok "--output writes the record: $(cat "$TMP/err")"
echo keep >"$TMP/keep.txt"
bad "--output kept on bad input" "--kv-heads" calc --kv-heads 0 --output "$TMP/keep.txt"
[ "$(cat "$TMP/keep.txt")" = keep ] && ok "existing file untouched" || notok "existing file untouched"
bad "--output into a missing folder" "$TMP/no/such/x.json: cannot create a temporary file" \
	calc --output "$TMP/no/such/x.json"
[ -z "$(ls -A "$TMP" | grep '\.tmp-')" ] && ok "no temp file left" || notok "no temp file left"

# Plans written by hand
cat >"$TMP/groupq.json" <<'JSON'
{ "kvplan": "plan", "version": 1,
  "model": { "n_layers": 1, "q_heads": 1,
             "base": { "kv_heads": 1, "k_dim": 64, "v_dim": 64,
                       "k_dtype": { "dtype": "groupq", "bits": 4, "group_size": 64, "scale_bytes": 2,
                                    "zero_bytes": 2, "residual": 0, "residual_dtype": "bf16" },
                       "v_dtype": "f16" } },
  "workload": { "classes": [ { "requests": 1, "prompt": { "input": 10 }, "gen": 0 } ] },
  "strategy": { "kind": "dynamic" }, "devices": { "groups": [] } }
JSON
# K row: 64 values in one group of 64 x 4 bits = 32 B + 2 scale + 2 zero
# = 36 B; V row 64 x 2 = 128 B; 164 B per position x 10 = 1,640 B
"$KVPLAN" calc "$TMP/groupq.json" --format json >"$TMP/g.json" 2>"$TMP/err"
v=$(json_int "$TMP/g.json" kv bytes)
[ "$v" = 1640 ] && ok "groupq format object (1640 B)" || notok "groupq: '$v' $(cat "$TMP/err")"

cat >"$TMP/ragged.json" <<'JSON'
{ "kvplan": "plan",
  "model": { "n_layers": 1, "q_heads": 1, "base": { "kv_heads": 1, "k_dim": 64, "v_dim": 64 } },
  "workload": { "classes": [], "ragged": [10, 20, 30] },
  "strategy": { "kind": "dynamic" }, "devices": { "groups": [] } }
JSON
# 2 x 1 x 1 x 64 x 2 = 256 B per position x (10 + 20 + 30) = 15,360 B
"$KVPLAN" calc "$TMP/ragged.json" --format json >"$TMP/rg.json" 2>"$TMP/err"
v=$(json_int "$TMP/rg.json" kv bytes)
[ "$v" = 15360 ] && ok "ragged lengths (15360 B)" || notok "ragged: '$v' $(cat "$TMP/err")"
"$KVPLAN" calc "$TMP/rg.json" --format json >"$TMP/rg2.json" 2>"$TMP/err"
cmp -s "$TMP/rg.json" "$TMP/rg2.json" && ok "ragged record round trip" || notok "ragged record round trip"

# Malformed files
printf '{\n  "kvplan": "plan",\n  "model": {"n_layers": 4,,}\n}\n' >"$TMP/syntax.json"
# cJSON stops on line 3 after the second comma, at the '}' in column 28
bad "malformed JSON: line and column" "syntax.json: line 3, column 28: malformed JSON" calc "$TMP/syntax.json"
printf '{"kvplan": "plan", "model": {"n_layers": 4' >"$TMP/trunc.json"
bad "truncated JSON" "trunc.json: line 1" calc "$TMP/trunc.json"
: >"$TMP/empty.json"
bad "empty file" "empty.json: empty file" calc "$TMP/empty.json"
printf '{"kvplan": "plan", "model": {"n_layers": "forty"}}' >"$TMP/type.json"
bad "string for a count" "type.json: model.n_layers: 'forty' - not a number" calc "$TMP/type.json"
printf '{"kvplan": "plan", "model": {"n_layers": true}}' >"$TMP/type2.json"
bad "bool for a count" "type2.json: model.n_layers: true - expected a number" calc "$TMP/type2.json"
printf '{"kvplan": "plan", "model": {"n_layers": 0}}' >"$TMP/zero.json"
bad "zero count" "zero.json: model.n_layers: 0 - must be at least 1" calc "$TMP/zero.json"
printf '{"kvplan": "plan", "model": {"n_layers": -3}}' >"$TMP/neg.json"
bad "negative count" "neg.json: model.n_layers: '-3' - must not be negative" calc "$TMP/neg.json"
printf '{"kvplan": "plan", "model": {"n_layers": 2.5}}' >"$TMP/frac.json"
bad "fraction for a count" "frac.json: model.n_layers: 2.5 - expected a whole number" calc "$TMP/frac.json"
printf '{"kvplan": "plan", "workload": {"queued": 1e300}}' >"$TMP/huge.json"
bad "number past 2^53" "huge.json: workload.queued: 1e+300 - too large" calc "$TMP/huge.json"
printf '{"kvplan": "plan", "model": {"kv_head": 8}}' >"$TMP/unk.json"
bad "unknown field" "unk.json: model.kv_head: unknown field" calc "$TMP/unk.json"
printf '{"kvplan": "plan", "model": {"base": []}}' >"$TMP/obj.json"
bad "array for an object" "obj.json: model.base: [] - expected an object" calc "$TMP/obj.json"
printf '{"kvplan": "spreadsheet"}' >"$TMP/kind.json"
bad "unknown kvplan kind" "kind.json: kvplan: \"spreadsheet\" - unknown kind" calc "$TMP/kind.json"
printf '{"kvplan": "card", "card": {"name": "x", "capacity_bytes": 1}}' >"$TMP/card.json"
bad "preset is not a plan" "card.json: kvplan: \"card\" - expected a plan or record document" calc "$TMP/card.json"
printf '{"vocab_size": 32000}' >"$TMP/hf.json"
bad "file without kvplan key" "hf.json: kvplan: missing" calc "$TMP/hf.json"
printf '[1, 2]' >"$TMP/arr.json"
bad "top level not an object" "arr.json: top level" calc "$TMP/arr.json"
printf '{"kvplan": "plan", "version": 2}' >"$TMP/ver.json"
bad "future version" "ver.json: version: 2" calc "$TMP/ver.json"
printf '{"kvplan": "plan", "workload": {"classes": [{"requests": 1, "prompt": 5}]}}' >"$TMP/cls.json"
bad "number for the prompt object" "cls.json: workload.classes[0].prompt: 5 - expected an object" calc "$TMP/cls.json"
printf '{"kvplan": "plan", "model": {"layers": ["0-3:kind=nonsense"]}}' >"$TMP/rule.json"
bad "bad rule in a file" "rule.json: model.layers[0]" calc "$TMP/rule.json"
printf '{"kvplan": "plan", "engine": {"vllm": {"gpu_memory_utilization": 1.5}}}' >"$TMP/ppm.json"
bad "fraction above 1" "ppm.json: engine.vllm.gpu_memory_utilization" calc "$TMP/ppm.json"
printf '{"kvplan": "plan", "workload": {"ragged": [10, 0]}}' >"$TMP/rg0.json"
bad "zero ragged length" "rg0.json: workload.ragged[1]: 0" calc "$TMP/rg0.json"
printf '{"kvplan": "plan", "model": {"n_layers": 4, "n_layers": 8}}' >"$TMP/dup.json"
bad "duplicate key" "dup.json: model.n_layers: duplicate key" calc "$TMP/dup.json"
printf '{"kvplan": "plan", "name": "a", "name": "b"}' >"$TMP/dup2.json"
bad "duplicate top-level key" "dup2.json: name: duplicate key" calc "$TMP/dup2.json"
mkdir "$TMP/dir.json"
bad "a folder" "dir.json: is a folder" calc "$TMP/dir.json"
# a file past the size limit (8 MiB): sparse, so it costs no disk
if truncate -s 9M "$TMP/big.json" 2>/dev/null; then
	bad "file over the size limit" "big.json: 9437184 bytes - larger than the limit" calc "$TMP/big.json"
else
	ok "file over the size limit # SKIP no truncate"
fi
printf '{"kvplan": "plan"}' >"$TMP/noread.json"; chmod 000 "$TMP/noread.json"
if [ "$(id -u)" -ne 0 ]; then
	bad "unreadable file" "noread.json: Permission denied" calc "$TMP/noread.json"
else
	ok "unreadable file # SKIP running as root"
fi

[ "$fails" -eq 0 ]
