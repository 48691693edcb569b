#!/bin/sh
# fit_mixed.sh - a plan file with two card types under pipeline
# parallelism: each device is checked against its own card, never pooled.
. "$(dirname "$0")/fit_lib.inc"

cat >"$TMP/mixed.json" <<'PLAN'
{"kvplan": "plan", "version": 1,
 "devices": {"groups": [
   {"card": {"name": "A100-80GB", "capacity_bytes": 85899345920}, "count": 1},
   {"card": {"name": "small-24GiB", "capacity_bytes": 25769803776}, "count": 1}],
  "pp": 2, "activations_bytes": 1073741824}}
PLAN
# No architecture fields: no weights. 40 layers / 2 stages = 20 each;
# KV per stage 20 layers x 4,096 B (2 x 8 x 128 x 2) x 4,096 positions x
# 6 = 2,013,265,920. Device 0: 85,899,345,920 - 2,013,265,920 -
# 1,073,741,824 = 82,812,338,176; device 1: 25,769,803,776 -
# 3,087,007,744 = 22,682,796,032.
M="--layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --kv-dtype f16 --prompt 3072 --gen 1024"
"$KVPLAN" fit "$TMP/mixed.json" $M --concurrency 6 --format json >"$TMP/r.json"
expect "mixed: exit" 0 "$?"
expect "device 0 card" '"A100-80GB",' "$(grep '"name":' "$TMP/r.json" | sed -n 5p | sed 's/^[^:]*:[ 	]*//')"
expect "device 1 card" '"small-24GiB",' "$(grep '"name":' "$TMP/r.json" | sed -n 6p | sed 's/^[^:]*:[ 	]*//')"
expect "device 0 free" 82812338176 "$(nth "$TMP/r.json" free_bytes 1)"
expect "device 1 free" 22682796032 "$(nth "$TMP/r.json" free_bytes 2)"

# 80 requests: 26,843,545,600 B of KV per stage + 1 GiB. The 80 GiB card
# keeps 57,982,058,496 free; the 24 GiB one is 2,147,483,648 over -> exit 1
# although the two together have room (the pooled-memory warning).
"$KVPLAN" fit "$TMP/mixed.json" $M --concurrency 80 --format json >"$TMP/r.json"
expect "mixed over: exit" 1 "$?"
expect "device 0 free" 57982058496 "$(nth "$TMP/r.json" free_bytes 1)"
expect "device 1 free" -2147483648 "$(nth "$TMP/r.json" free_bytes 2)"
grep -q '"code":	"KVP-W06"' "$TMP/r.json" || grep -q 'KVP-W06' "$TMP/r.json" && ok "pooled-memory warning" || notok "pooled-memory warning"

[ "$fails" -eq 0 ]
