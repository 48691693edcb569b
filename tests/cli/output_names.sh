#!/bin/sh
# output_names.sh - `calc --output FILE` writes the format the name asks
# for, or says why not (issue 31: --output sizing.md wrote the text
# output into a .md file), and a Markdown report links no file it does
# not write (it linked kvplan-budget.svg, which nothing wrote).
. "$(dirname "$0")/fit_lib.inc"
cd "$TMP" || exit 1
P="--model llama-3.1-8b --card l4"

"$KVPLAN" calc $P --output sizing.md
expect "--output sizing.md exit" 0 "$?"
head -1 sizing.md | grep -q '^# KV-cache sizing: ' && ok "sizing.md is the Markdown report" || notok "sizing.md: $(head -1 sizing.md)"
[ -s sizing.svg ] && head -c 5 sizing.svg | grep -q '<svg' && ok "its picture written beside it" || notok "no sizing.svg"
links=$(grep -o '](\([^)]*\))' sizing.md | sed 's/^](//; s/)$//')
for l in $links; do [ -f "$l" ] && ok "sizing.md links $l, which exists" || notok "sizing.md links $l, not written"; done
[ -n "$links" ] || notok "sizing.md links no picture"
"$KVPLAN" calc $P --output r.json && tr -d ' \t\n' < r.json | grep -q '^{"kvplan":"record",' &&
	ok ".json: the record" || notok ".json: $(head -c 60 r.json)"
"$KVPLAN" calc $P --output b.svg && head -c 5 b.svg | grep -q '<svg' && ok ".svg: the picture" || notok ".svg"
"$KVPLAN" calc $P --output t.txt && grep -q '^KV cache  ' t.txt && ok ".txt: text" || notok ".txt"
"$KVPLAN" calc $P --output x.out && grep -q '^KV cache  ' x.out && ok "another name: text, as before" || notok "x.out"
"$KVPLAN" calc $P --format md --output r.MD && head -1 r.MD | grep -q '^# KV-cache' && ok "--format md with a .MD name" || notok "r.MD"
bad ".csv refused with the reason" "a CSV name, but calc writes no CSV" calc $P --output g.csv
[ -e g.csv ] && notok "g.csv written anyway" || ok "nothing written for g.csv"
bad "a name against --format refused" "a Markdown name, but --format json" calc $P --format json --output x.md
# to standard output (and the planner's export, tests/unit/test_report.c)
# the report writes no picture and links none
"$KVPLAN" calc $P --format md > s.md
grep -q '](' s.md && notok "stdout report links: $(grep -o '](.*)' s.md)" || ok "stdout report links no file"
grep -q 'writes it beside the report as NAME.svg' s.md && ok "and says how to get the picture" || notok "no hint"
[ "$fails" -eq 0 ]
