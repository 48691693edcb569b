#!/bin/sh
# card_names_roundtrip.sh - every card name kvplan prints is one --card
# takes back (issue 33: solve --for deployment printed display names
# such as A100-40GB-SXM4 that --card refused, 73 of 133 answers in a
# random run). Property: for each card name in solve's answers and its
# search space (every shipped card), and each name `kvplan presets
# cards` lists, `calc --card NAME` plans on the card of that very name
# and capacity, and so do the name in lower case and with '_' for '-'.
. "$(dirname "$0")/fit_lib.inc"

# the card object of calc's record: its name and capacity
card_of() {
	"$KVPLAN" calc --card "$1" --format json 2>"$TMP/err" |
		grep -A2 '"card":' | sed -n '2,3p' | sed 's/^[^:]*:[ 	]*//; s/,$//' | tr '\n' ' '
}

"$KVPLAN" solve --for deployment --model llama-3.1-70b --format json >"$TMP/s.json" 2>"$TMP/err"
expect "solve json exit" 0 "$?"
grep '"card":[ 	]*"' "$TMP/s.json" | sed 's/^[^:]*:[ 	]*"//; s/",*$//' | sort -u >"$TMP/names"
"$KVPLAN" presets cards | awk '/^  [a-z0-9]/ {print $1}' >>"$TMP/names"
n=0 bad=0
while IFS= read -r name; do
	want=$(card_of "$name")
	case $want in '"'*) ;; *) notok "--card '$name' refused: $(cat "$TMP/err")"; bad=$((bad + 1)); continue;; esac
	for alt in "$(printf '%s' "$name" | tr 'A-Z' 'a-z')" "$(printf '%s' "$name" | tr '-' '_')"; do
		[ "$(card_of "$alt")" = "$want" ] || { notok "--card '$alt' is not '$name' ($want)"; bad=$((bad + 1)); }
	done
	n=$((n + 1))
done <"$TMP/names"
# the display names themselves name their card, not a neighbour
expect "A100-40GB-SXM4 is the 40 GB driver total" '"A100-40GB-SXM4" 42949672960 ' "$(card_of A100-40GB-SXM4)"
expect "its CUDA-total sibling" '"A100-40GB-SXM4 (CUDA total)" 42405855232 ' "$(card_of 'A100-40GB-SXM4 (CUDA total)')"
[ "$n" -ge 34 ] && [ "$bad" -eq 0 ] && ok "$n printed card names taken back by --card" ||
	notok "$n names taken back, $bad not"
[ "$fails" -eq 0 ]
