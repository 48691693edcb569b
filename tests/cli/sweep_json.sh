#!/bin/sh
# sweep_json.sh - `kvplan sweep --format json`: a record with the plan
# every cell starts from, both axes (as given, the field key, the values)
# and one cell per grid point with every figure an exact integer; a
# refused cell has status "error", null figures and the core's message.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }
has() { grep -qF -- "$1" "$tmp/flat"; }

# The worked example (163,840 B per position), as in sweep_grid.sh:
#   (3072+1024) x 163,840 =   671,088,640 B per sequence; x6 = 4,026,531,840
#   (7168+1024) x 163,840 = 1,342,177,280 B per sequence; x6 = 8,053,063,680
#   x12 requests: 8,053,063,680 and 16,106,127,360
# The model has 4,096 positions (model.arch.max_positions): a request of
# 7,168 + 1,024 = 8,192 tokens is longer, so those cells do not fit
# (verdict.h), whatever their bytes.
# H100 capacity 81,559 MiB x 2^20 = 85,520,809,984 B.
"$KVPLAN" sweep --x prompt=3072,7168 --y concurrency=6,12 --format json > "$tmp/out" 2> "$tmp/err"
rc=$?
tr -d ' \t\n' < "$tmp/out" > "$tmp/flat"
if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && has '{"kvplan":"sweep","kvplan_version":' &&
   has '"plan":{"kvplan":"plan","version":1,' &&
   has '"x":{"axis":"prompt","key":"workload.classes[i].prompt.input","values":["3072","7168"]}' &&
   has '"y":{"axis":"concurrency","key":"workload.classes[i].requests","values":["6","12"]}'
then ok "json: header, plan and axes"; else no "json header (exit $rc)"; head -c 600 "$tmp/flat"; cat "$tmp/err"; fi
i=0
for cell in '"x":"3072","y":"6","status":"fits","kv_bytes":4026531840,"bytes_per_sequence":671088640,"sequences":6,"binding_device":0,' \
            '"x":"7168","y":"6","status":"does_not_fit","kv_bytes":8053063680,"bytes_per_sequence":1342177280,"sequences":6,"binding_device":0,' \
            '"x":"3072","y":"12","status":"fits","kv_bytes":8053063680,"bytes_per_sequence":671088640,"sequences":12,"binding_device":0,' \
            '"x":"7168","y":"12","status":"does_not_fit","kv_bytes":16106127360,"bytes_per_sequence":1342177280,"sequences":12,"binding_device":0,'; do
	i=$((i + 1))
	if has "$cell"; then ok "json cell $i: exact bytes"; else no "json cell $i: $cell"; fi
done
[ "$(grep -o '"capacity_bytes":85520809984,"message":""}' "$tmp/flat" | wc -l)" -eq 4 ] &&
	ok "json: four cells, the H100's capacity each" || no "json: capacity per cell"

# The plan in the record is a plan: calc on it gives the base cell
# (3,072-token prompt, 6 requests: 4,026,531,840 B).
awk '/^\t"plan":/ { on = 1; print "{"; next } on && /^\t}/ { print "}"; exit } on' "$tmp/out" > "$tmp/plan.json"
"$KVPLAN" calc "$tmp/plan.json" > "$tmp/calc" 2> "$tmp/err"
if grep -q '^KV cache      4,026,531,840 B' "$tmp/calc"; then ok "the record's plan reloads"
else no "plan reload"; head -5 "$tmp/calc" "$tmp/err"; fi

# A refused cell: prompt 99,999,999,999,999 overflows 64 bits (see
# sweep_checks.sh): status error, null figures, the message kept.
"$KVPLAN" sweep --x concurrency=1 --y prompt=99999999999999 --format json > "$tmp/out" 2> "$tmp/err"
rc=$?
tr -d '\t\n' < "$tmp/out" > "$tmp/flat"
if [ $rc -eq 0 ] && has '"status":"error","kv_bytes":null,"bytes_per_sequence":null,"sequences":null,"binding_device":null,"binding_free_bytes":null,"capacity_bytes":null,"message":"' &&
   grep -q 'overflow' "$tmp/flat"
then ok "json: refused cell with null figures and its message"
else no "json refused cell (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
exit $fail
