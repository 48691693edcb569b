#!/bin/sh
# reserve_labels.sh - the reserve you ask for and what is left are named so
# an ops desk reads them right (issue 31): "your reserve" (--reserve, kept
# free on purpose) and "free (left)" / "left free", never "headroom",
# which read as "nothing left" when it was 0. L4: 24,152,899,584 B;
# --reserve 10% keeps floor(24,152,899,584 / 10) = 2,415,289,958 B.
. "$(dirname "$0")/fit_lib.inc"
LANG=C LC_ALL=C; export LANG LC_ALL
P="--model llama-3.1-8b --card l4 --reserve 10% --concurrency 1"

"$KVPLAN" fit $P >"$TMP/f.txt"
grep -q '^    : your reserve        2,415,289,958 B ' "$TMP/f.txt" && ok "fit legend: your reserve" ||
	notok "fit legend: $(grep -i reserve "$TMP/f.txt")"
grep -q '^      free (left)  ' "$TMP/f.txt" && ok "fit legend: free (left)" || notok "fit free: $(grep free "$TMP/f.txt")"
"$KVPLAN" calc $P >"$TMP/c.txt"
grep -q '^device  .* overhead your reserve     left free fits$' "$TMP/c.txt" && ok "calc table header" ||
	notok "calc header: $(grep '^device' "$TMP/c.txt")"
"$KVPLAN" calc $P --format md >"$TMP/r.md"
grep -q 'H your reserve (--reserve, kept free on purpose), \. free (what is left)' "$TMP/r.md" &&
	ok "markdown bar key" || notok "md key: $(grep '^Bar:' "$TMP/r.md")"
"$KVPLAN" calc $P --format svg >"$TMP/r.svg"
grep -q '>your reserve</text>' "$TMP/r.svg" && ok "svg legend" || notok "svg legend"
"$KVPLAN" solve --for concurrency $P >"$TMP/s.txt"
grep -q '^binding: .* + your reserve 2.25 GiB = .* left free$' "$TMP/s.txt" && ok "solve binding" ||
	notok "solve: $(grep '^binding' "$TMP/s.txt")"
for f in f.txt c.txt r.md r.svg s.txt; do
	grep -qi 'headroom' "$TMP/$f" && notok "$f still says headroom" || ok "$f: no 'headroom'"
done
"$KVPLAN" calc --help >"$TMP/h.txt" 2>&1
grep -q -- '--reserve FRACTION .*your reserve, kept free on purpose, as a fraction of capacity' "$TMP/h.txt" &&
	ok "--help names the reserve" || notok "--help: $(grep -- '--reserve ' "$TMP/h.txt")"
[ "$fails" -eq 0 ]
