#!/bin/sh
# override_tensor.sh - llama.cpp -ot / --override-tensor through the CLI,
# worked by hand in tests/unit/test_override_tensor.c (default model,
# -c 4096): 'blk\.3[0-9]\.=CPU' keeps layers 30-39's weights on the host,
# 5,832,911,360 B there with the table, 16,843,374,080 B on the card.
. "$(dirname "$0")/fit_lib.inc"

ot='blk\.3[0-9]\.=CPU'
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --activations 1GiB --override-tensor "$ot" --format json >"$TMP/r.json"
expect "json exit" 0 "$?"
expect "card weights" 16843374080 "$(nth "$TMP/r.json" weights_bytes 1)"
grep -q '"override_tensor":[[:space:]]*"blk\\\\.3\[0-9\]\\\\.=CPU"' "$TMP/r.json" &&
	ok "the record keeps the overrides as given" || notok "override_tensor: $(grep override_tensor "$TMP/r.json")"
"$KVPLAN" calc "$TMP/r.json" --format json >"$TMP/q.json"
expect "record read back as a plan: card weights" 16843374080 "$(nth "$TMP/q.json" weights_bytes 1)"

# repeatable, items in order, first match wins (llama.cpp's)
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --activations 1GiB --override-tensor 'blk\.33\.=CUDA0' --override-tensor "$ot" --format json >"$TMP/r2.json"
expect "first match wins" 17393897216 "$(nth "$TMP/r2.json" weights_bytes 1)"

bad "no = in the item" "--override-tensor: 'blk.3.attn_q' - invalid value: expected PATTERN=BUFFER" \
	calc --engine llama.cpp --override-tensor 'blk.3.attn_q'
bad "unknown buffer" "unknown buffer type 'GPU'" calc --engine llama.cpp --override-tensor 'exps=GPU'
bad "ECMAScript-only escape" "reads differently from llama.cpp's std::regex" \
	calc --engine llama.cpp --override-tensor 'blk\.\d+\.=CPU'
bad "part of a layer" "moves blk.3.attn_q.weight but not" \
	calc --engine llama.cpp --override-tensor 'blk\.3\.attn_q=CPU'
bad "overrides under TP" "engine.llamacpp.override_tensor" \
	calc --engine llama.cpp --override-tensor "$ot" --tp 2 --cards 2
bad "not a regex" "not a regular expression" calc --engine llama.cpp --override-tensor 'blk\.[3=CPU'

[ "$fails" -eq 0 ]
