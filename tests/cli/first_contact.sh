#!/bin/sh
# first_contact.sh - tools/first_contact.c, the tool that runs a held-out
# folder through kvplan once (issue 35): a file sized to its worked
# figures is EXACT, otherwise WRONG (exit 1), a refused family REFUSED;
# '#' lines are skipped; a line of fewer than four columns exits 2;
# several folders (a pooled set) give a line each and the total, and
# --skip DIR/FILE leaves a dropped file out.
# Figures: SK Telecom A.X 4.0 Light (tests/data/hf/heldout9a, worked
# there by hand: 57,344 B a position, no state, 469,762,048 B).
. "$(dirname "$0")/calc_lib.inc"
FC=$(dirname "$KVPLAN")/tools/first_contact
H9=$(dirname "$0")/../data/hf/heldout9a
cp "$H9/skt-a.x-4.0-light.json" "$TMP/a.json"
printf '{"model_type":"no_such_family","num_hidden_layers":2,"hidden_size":256,"num_attention_heads":4,"vocab_size":1000}\n' >"$TMP/u.json"
T=$(printf '\t')

printf '# file%sB/position%sstate%stotal\na.json%s57344%s0%s469762048%sqwen2\nu.json%s-%s-%s-\n' \
	"$T" "$T" "$T" "$T" "$T" "$T" "$T" "$T" "$T" "$T" >"$TMP/EXPECTED.tsv"
"$FC" "$TMP" >"$TMP/out" 2>"$TMP/err"; rc=$?
grep -q '^EXACT a.json$' "$TMP/out" && grep -q '^REFUSED u.json: .*no_such_family' "$TMP/out" &&
	grep -q '^EXACT 1, WRONG 0, REFUSED 1, ASSUMED 0 of 2 (50.0 % exact)$' "$TMP/out" &&
	[ "$rc" -eq 0 ] && ok "exact and refused counted" ||
	notok "exact and refused counted (rc=$rc): $(cat "$TMP/out" "$TMP/err")"

printf 'a.json%s57345%s0%s469762049\n' "$T" "$T" "$T" >"$TMP/EXPECTED.tsv"
"$FC" "$TMP" >"$TMP/out" 2>"$TMP/err"; rc=$?
grep -q '^WRONG a.json: 57344 B/position, state 0, total 469762048' "$TMP/out" &&
	[ "$rc" -eq 1 ] && ok "a figure off by one is WRONG, exit 1" ||
	notok "a figure off by one is WRONG (rc=$rc): $(cat "$TMP/out")"

printf 'a.json%s57344\n' "$T" >"$TMP/EXPECTED.tsv"
"$FC" "$TMP" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'four' "$TMP/err" && ok "a short line exits 2" ||
	notok "a short line exits 2 (rc=$rc): $(cat "$TMP/err")"

# a pooled set: two folders, a line each and the pool's total; a file a
# pool keeper dropped left out with --skip
mkdir -p "$TMP/p1" "$TMP/p2"
cp "$H9/skt-a.x-4.0-light.json" "$TMP/p1/a.json"
cp "$H9/skt-a.x-4.0-light.json" "$TMP/p2/a.json"
cp "$TMP/u.json" "$TMP/p2/u.json"
printf 'a.json%s57344%s0%s469762048\n' "$T" "$T" "$T" >"$TMP/p1/EXPECTED.tsv"
printf 'a.json%s57344%s0%s469762048\nu.json%s-%s-%s-\n' "$T" "$T" "$T" "$T" "$T" "$T" >"$TMP/p2/EXPECTED.tsv"
"$FC" "$TMP/p1" "$TMP/p2" >"$TMP/out" 2>"$TMP/err"; rc=$?
grep -q "^$TMP/p1: EXACT 1, WRONG 0, REFUSED 0, ASSUMED 0 of 1 (100.0 % exact)\$" "$TMP/out" &&
	grep -q '^EXACT 2, WRONG 0, REFUSED 1, ASSUMED 0 of 3 (66.7 % exact)$' "$TMP/out" &&
	[ "$rc" -eq 0 ] && ok "two folders: a line each and the pool's total" ||
	notok "two folders (rc=$rc): $(cat "$TMP/out" "$TMP/err")"
"$FC" --skip "$TMP/p2/u.json" "$TMP/p1" "$TMP/p2" >"$TMP/out" 2>"$TMP/err"; rc=$?
grep -q "^SKIPPED $TMP/p2/u.json\$" "$TMP/out" &&
	grep -q '^EXACT 2, WRONG 0, REFUSED 0, ASSUMED 0 of 2 (100.0 % exact)$' "$TMP/out" &&
	[ "$rc" -eq 0 ] && ok "--skip leaves a dropped file out of the counts" ||
	notok "--skip (rc=$rc): $(cat "$TMP/out" "$TMP/err")"
"$FC" "$TMP/p1" --skip >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'usage' "$TMP/err" && ok "--skip without a file exits 2" ||
	notok "--skip without a file exits 2 (rc=$rc)"

"$FC" "$TMP/none" >"$TMP/out" 2>"$TMP/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q 'cannot open' "$TMP/err" && ok "no EXPECTED.tsv exits 2" ||
	notok "no EXPECTED.tsv exits 2 (rc=$rc)"

[ "$fails" -eq 0 ]
