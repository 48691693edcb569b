#!/bin/sh
# device_sums.sh - issue 10's reproducers for per-device KV: every
# device's KV column adds up to the KV cache line, under TP and DP, for
# the engines the audit caught (transformers and llama.cpp charged the
# whole cache to every TP rank; vLLM under --dp 2 reported one pool).
# Figures worked by hand: Llama-3.1-8B holds 2 x 32 x 8 x 128 x 2 B =
# 131,072 B per position; 6 requests of 4,096 tokens under transformers
# (one padded batch) = 24,576 positions = 3,221,225,472 B = 3.00 GiB;
# under TP 2 each rank holds 4 of the 8 heads: 1.50 GiB each.
: "${KVPLAN:?set KVPLAN to the kvplan binary}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }

LC_ALL=C "$KVPLAN" calc --model llama-3.1-8b --card h100-80gb-sxmx2 \
	--engine transformers --tp 2 >"$TMP/t.txt" 2>&1
grep -qF '3,221,225,472 B (3.00 GiB' "$TMP/t.txt" &&
[ "$(grep -c '^H100-80GB-SXM tp[01] pp0 .* 1.50 GiB ' "$TMP/t.txt")" -eq 2 ] &&
	ok "transformers --tp 2: 1.50 GiB per rank of a 3.00 GiB cache" ||
	notok "transformers --tp 2: $(cat "$TMP/t.txt")"

# llama.cpp under TP (--split-mode row): the whole cache on rank 0.
# -c 4096: 4,096 cells x 131,072 B = 536,870,912 B = 0.50 GiB.
LC_ALL=C "$KVPLAN" calc --model llama-3.1-8b --card h100-80gb-sxmx2 \
	--engine llama.cpp --ctx-size 4096 --tp 2 >"$TMP/l.txt" 2>&1
grep -q '^H100-80GB-SXM tp0 pp0 .* 0.50 GiB ' "$TMP/l.txt" &&
grep -q '^H100-80GB-SXM tp1 pp0 .* 0.00 GiB ' "$TMP/l.txt" &&
grep -qF 'main GPU' "$TMP/l.txt" &&
	ok "llama.cpp --tp 2: the cache on the main GPU only" ||
	notok "llama.cpp --tp 2: $(cat "$TMP/l.txt")"

# vLLM --dp 2: two pools, kv.bytes is both (the JSON record's kv.bytes
# equals the sum of its devices' kv_bytes).
LC_ALL=C "$KVPLAN" calc --model llama-3.1-8b --card h100-80gb-sxmx2 \
	--engine vllm --dp 2 --format json >"$TMP/v.json" 2>&1
tr -d ' \t\n' <"$TMP/v.json" >"$TMP/v1.json"
total=$(grep -o '"slots_allocated":[0-9]*,"bytes":[0-9]*' "$TMP/v1.json" | head -1 | sed 's/.*://')
devs=$(grep -o '"kv_bytes":[0-9]*' "$TMP/v1.json" | cut -d: -f2 | awk '{ s += $1 } END { printf "%.0f", s }')
[ -n "$total" ] && [ "$total" = "$devs" ] &&
	ok "vLLM --dp 2: kv.bytes $total = the devices' sum" ||
	notok "vLLM --dp 2: kv.bytes '$total', devices '$devs'"

[ "$fails" -eq 0 ]
