#!/bin/sh
# sweep_grid.sh - `kvplan sweep`: the grid recomputes the plan per cell
# (figures worked by hand below), agrees cell by cell with `kvplan calc`
# on the same flags, prints CSV with exact integers and quoted messages,
# and refuses bad axes with exit 2, one line on stderr, nothing on stdout.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# The worked example (163,840 B per position) under prompt x concurrency,
# with the 1,024-token generation reserve:
#   3072+1024 = 4096 x 163,840 =   671,088,640 B per sequence; x6 = 4,026,531,840
#   7168+1024 = 8192 x 163,840 = 1,342,177,280 B per sequence; x6 = 8,053,063,680
#   x12: 8,053,063,680 and 16,106,127,360
$KVPLAN sweep --x prompt=3072,7168 --y concurrency=6,12 --format csv > "$tmp/csv" 2> "$tmp/err"
rc=$?
cut -d, -f2,4,6,7 "$tmp/csv" > "$tmp/got"
cat > "$tmp/want" <<'END'
x,y,kv_bytes,bytes_per_sequence
3072,6,4026531840,671088640
7168,6,8053063680,1342177280
3072,12,8053063680,671088640
7168,12,16106127360,1342177280
END
if [ $rc -eq 0 ] && cmp -s "$tmp/got" "$tmp/want"; then
	ok "csv grid: exact bytes per cell"
else no "csv grid (exit $rc)"; diff "$tmp/got" "$tmp/want"; cat "$tmp/err"; fi

# Each cell's verdict is what `kvplan calc` says for the same flags: a
# 16 GiB card holds the 21.1 GiB of f16 weights of the example in no cell
# at tp 1, and the KV alone differs per cell.
# result_kv FILE: calc's KV figure, "result" -> "kv" -> "bytes", found by
# its indentation (one tab a level). A bare "bytes": key would also be an
# overhead's or one layer's, so a cell holding one of those would pass.
result_kv() {
	awk '
		/^\t"result":/ { inres = 1 }
		inres && /^\t\t"kv":/ { inkv = 1; next }
		inkv && /^\t\t}/ { exit }
		inkv && /^\t\t\t"bytes":/ { v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/,$/, "", v); print v; exit }
	' "$1"
}
$KVPLAN sweep --x prompt=3072,30720 --y card-capacity=16GiB,200GiB --format csv > "$tmp/csv2" 2>&1 || no "sweep with capacity axis"
tail -n +2 "$tmp/csv2" | while IFS=, read -r xa x ya y status kv rest; do
	$KVPLAN calc --prompt "$x" --card-capacity "$y" --format json > "$tmp/rec" 2>/dev/null
	got=$(result_kv "$tmp/rec")
	if [ -n "$kv" ] && [ "$got" = "$kv" ]; then :; else
		echo "not ok - cell $x/$y: calc's result.kv.bytes is '$got', sweep's kv $kv"; echo 1 > "$tmp/bad"
	fi
	$KVPLAN fit --prompt "$x" --card-capacity "$y" > /dev/null 2>&1
	frc=$?
	case "$status:$frc" in
	fits:0|does_not_fit:1) ;;
	*) echo "not ok - cell $x/$y: sweep says $status, fit exits $frc"; echo 1 > "$tmp/bad" ;;
	esac
done
[ -f "$tmp/bad" ] && fail=1 || ok "every cell agrees with calc and fit"
grep -q ',fits,' "$tmp/csv2" && grep -q ',does_not_fit,' "$tmp/csv2" &&
	ok "grid holds both verdicts" || no "grid lacks a verdict kind"

# text table: one row per y value, the binding device and figure
$KVPLAN sweep --x kv-dtype=f16,fp8 --y concurrency=6,600 > "$tmp/txt" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q '^6 .*fits, .* free (dev 0)' "$tmp/txt" && grep -q '^600 .*NO: dev 0 over' "$tmp/txt"; then
	ok "text table with binding figures"
else no "text table"; cat "$tmp/txt" "$tmp/err"; fi

# refusals become error cells, their messages quoted in CSV
$KVPLAN sweep --engine llama.cpp --x cache-type-v=f16,q8_0 --y flash-attn=on,off --format csv > "$tmp/csv3" 2> "$tmp/err"
if [ $? -eq 0 ] && grep -q '^cache-type-v,q8_0,flash-attn,off,error,.*"llama.cpp: quantized V cache requires flash_attn' "$tmp/csv3" &&
   [ "$(grep -c ',error,' "$tmp/csv3")" -eq 1 ]; then
	ok "engine refusal: one error cell, message quoted"
else no "refusal cell"; cat "$tmp/csv3" "$tmp/err"; fi

# bad input
for args in "--x nosuch=1,2 --y concurrency=1" "--x prompt=1,2" "--x prompt=1,x --y concurrency=1" \
            "--x prompt --y concurrency=1" "--x prompt=1 --y gen=1 --format md"; do
	$KVPLAN sweep $args > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ]; then
		ok "bad input refused: $args"
	else no "bad input '$args' (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
done
exit $fail
