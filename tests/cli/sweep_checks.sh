#!/bin/sh
# sweep_checks.sh - `kvplan sweep` input checks: an empty value in an axis
# list, one field on both axes (also through the kv-dtype alias) are one
# clear line naming the axis and the value, exit 2, nothing on stdout; a
# cell the core refuses is marked in the grid and named below it by its
# two values with the core's reason; no line ends in a blank.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

bad() { # $1 = text the one stderr line must hold; rest = sweep arguments
	want=$1; shift
	"$KVPLAN" sweep "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
	   grep -qF -- "$want" "$tmp/err"; then ok "refused: $*"
	else no "sweep $* (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
}
bad "--x: 'concurrency=1,,2' - value 2 of concurrency is empty" --x concurrency=1,,2 --y prompt=1
bad "value 3 of prompt is empty" --x concurrency=1 --y prompt=1,2,
bad "value 1 of prompt is empty" --x concurrency=1 --y prompt=,2
bad "--x concurrency and --y concurrency - the same field" --x concurrency=1 --y concurrency=2
bad "--x kv-dtype and --y k-dtype - the same field" --x kv-dtype=f16 --y k-dtype=fp8
bad "the same field (workload.classes[i].requests)" --x workload.classes[i].requests=1 --y concurrency=2

# prompt 99,999,999,999,999 on the worked example (163,840 B per position,
# one H100): 1e14 x 163,840 = 1.6e19 B of KV for one request, and the
# device budget on top of it (or x 2 requests = 3.3e19 > 2^64 = 1.8e19)
# overflows 64 bits, so the core refuses both cells of that row; prompt 1
# computes.
"$KVPLAN" sweep --x concurrency=1,2 --y prompt=1,99999999999999 > "$tmp/out" 2> "$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^99999999999999 *| error \[1\], below *| error \[2\], below$' "$tmp/out" &&
   grep -q '^error \[1\] prompt=99999999999999, concurrency=1: .*overflows 64 bits$' "$tmp/out" &&
   grep -q '^error \[2\] prompt=99999999999999, concurrency=2: .*overflow 64 bits$' "$tmp/out" &&
   grep -q '^1  *| fits' "$tmp/out" && [ "$(grep -c '^error \[' "$tmp/out")" -eq 2 ]; then
	ok "refused cells named by their field values, with the reason"
else no "refused cells (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
if grep -q ' $' "$tmp/out"; then no "a line ends in a blank"; else ok "no trailing blanks"; fi
exit $fail
