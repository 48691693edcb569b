#!/bin/sh
# calc_contract.sh - the contract of issue 2 that outside tests rely on:
# the worked example through flags, as JSON and as text.
. "$(dirname "$0")/calc_lib.inc"

"$KVPLAN" calc --layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --kv-dtype f16 \
	--concurrency 6 --prompt 3072 --gen 1024 --format json >"$TMP/rec.json" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$TMP/err" ] && ok "json: exit 0, quiet stderr" || notok "json: exit $rc: $(cat "$TMP/err")"

# One JSON object: first line "{", last line "}", nothing else at column 0.
if [ "$(head -n1 "$TMP/rec.json")" = "{" ] && [ "$(tail -n1 "$TMP/rec.json")" = "}" ] &&
   [ "$(grep -c '^[^	]' "$TMP/rec.json")" -eq 2 ]; then
	ok "json: one object"
else
	notok "json: one object"
fi

# 2 x 40 layers x 8 KV heads x 128 dims x 2 bytes = 163,840 B per position
v=$(json_int "$TMP/rec.json" kv bytes_per_position)
[ "$v" = 163840 ] && ok "kv.bytes_per_position = 163840" || notok "kv.bytes_per_position = '$v'"
# (3,072 + 1,024) positions x 163,840 = 671,088,640 B per sequence
v=$(json_int "$TMP/rec.json" kv bytes_per_sequence)
[ "$v" = 671088640 ] && ok "kv.bytes_per_sequence = 671088640" || notok "kv.bytes_per_sequence = '$v'"
# 6 sequences x 671,088,640 = 4,026,531,840 B
v=$(json_int "$TMP/rec.json" kv bytes)
[ "$v" = 4026531840 ] && ok "kv.bytes = 4026531840" || notok "kv.bytes = '$v'"
# the same figures inside "result.kv"
grep -q '^		"kv":' "$TMP/rec.json" && ok "result.kv present" || notok "result.kv present"
grep -q '"kvplan_version":' "$TMP/rec.json" && ok "kvplan_version present" || notok "kvplan_version present"

# Text: 4,026,531,840 bytes and 4,026,531,840 / 2^30 = 3.75 GiB exactly.
"$KVPLAN" calc --layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --kv-dtype f16 \
	--concurrency 6 --prompt 3072 --gen 1024 >"$TMP/out.txt" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ok "text: exit 0" || notok "text: exit $rc"
grep -q '4,026,531,840' "$TMP/out.txt" && ok "text shows 4,026,531,840" || notok "text shows 4,026,531,840"
grep -q '3\.75 GiB' "$TMP/out.txt" && ok "text shows 3.75 GiB" || notok "text shows 3.75 GiB"
# 4,026,531,840 / 10^9 = 4.0265 -> 4.03 GB, labelled separately from GiB
grep -q '4\.03 GB' "$TMP/out.txt" && ok "text shows 4.03 GB" || notok "text shows 4.03 GB"

# --flag=V is the same as --flag V
"$KVPLAN" calc --layers=40 --q-heads=40 --kv-heads=8 --head-dim=128 --kv-dtype=f16 \
	--concurrency=6 --prompt=3072 --gen=1024 --format=json >"$TMP/rec2.json" 2>"$TMP/err"
cmp -s "$TMP/rec.json" "$TMP/rec2.json" && ok "--flag=V form" || notok "--flag=V form"

# Doubling T doubles: --gen 5120 gives 8,192 positions -> 2 x 4,026,531,840
"$KVPLAN" calc --prompt 3072 --gen 5120 --format json >"$TMP/r3.json"
v=$(json_int "$TMP/r3.json" kv bytes)
[ "$v" = 8053063680 ] && ok "doubling T doubles (8053063680)" || notok "doubling T: '$v'"
# Hkv 8 -> 40 multiplies by 5: 20,132,659,200
"$KVPLAN" calc --kv-heads 40 --format json >"$TMP/r4.json"
v=$(json_int "$TMP/r4.json" kv bytes)
[ "$v" = 20132659200 ] && ok "Hkv x5 (20132659200)" || notok "Hkv x5: '$v'"

[ "$fails" -eq 0 ]
