#!/bin/sh
# report_top.sh - the Markdown report reads top-down: its first screenful
# (24 lines) is the verdict, the three first figures and the bars, equal
# byte for byte to tests/data/report_top.md. Read by hand: Llama 3.1 8B
# has 2 x 32 layers x 8 KV heads x 128 x 2 B = 131,072 B per position;
# 8 requests of 4,096 tokens (the worked example's length) = 32,768
# positions = 4,294,967,296 B for the whole deployment; --dp 4 on 4 L4
# gives each replica 2 requests = 1,073,741,824 B, so the 4 devices are
# identical and shown as one group; the least free figure is the device
# table's (capacity 24,152,899,584 - weights 16,060,522,496 - KV - the
# activations and overheads of test_budget). Identical devices grouped
# ("4 x L4-24GB ... each"), every input in the appendix after everything
# else; the SVG picture: one row per group, drawn from the bar layout,
# names escaped.
. "$(dirname "$0")/calc_lib.inc"
XDG_CONFIG_HOME=$TMP/xdg; export XDG_CONFIG_HOME
here=$(cd "$(dirname "$0")" && pwd)
GOLD=$here/../data/report_top.md

"$KVPLAN" calc --model llama-3.1-8b --card l4x4 --dp 4 --concurrency 8 --format md >"$TMP/r.md" 2>"$TMP/err" ||
	notok "calc --format md: $(cat "$TMP/err")"
head -24 "$TMP/r.md" >"$TMP/top.md"
if cmp -s "$TMP/top.md" "$GOLD"; then ok "report's first screenful equals tests/data/report_top.md"
else notok "report's first screenful differs:"; diff "$GOLD" "$TMP/top.md" | sed 's/^/# /'; fi
# the budget table says where the weights come from, as calc and JSON do
grep -q '^| weights, estimated (W) | 16,060,522,496 B (14.96 GiB, 16.06 GB) |$' "$TMP/r.md" &&
	ok "budget table: weights labelled estimated" ||
	notok "weights row: $(grep '^| weights' "$TMP/r.md")"
# order of the sections: answer, warnings, arithmetic, ..., appendix last
order=$(grep -n '^## ' "$TMP/r.md" | cut -d: -f2- | tr '\n' '|')
case $order in
"## Warnings|## KV cache arithmetic|## Per-device budget|## Validation plan for the service|## Appendix: every input|")
	ok "sections: warnings, arithmetic, devices, validation, appendix" ;;
*) notok "section order: $order" ;;
esac
n=$(grep -c '^### 4 x L4-24GB, each (devices 0-3)$' "$TMP/r.md")
[ "$n" = 1 ] && ok "identical devices grouped once: 4 x L4-24GB, each" || notok "device groups: $n"
grep -q '^### Device' "$TMP/r.md" && notok "a device section repeated per device" || ok "no per-device repeats"
first_key=$(grep -n '^| model.n_layers |' "$TMP/r.md" | cut -d: -f1)
appendix=$(grep -n '^## Appendix: every input' "$TMP/r.md" | cut -d: -f1)
[ -n "$first_key" ] && [ "$first_key" -gt "$appendix" ] && ok "inputs only in the appendix" ||
	notok "inputs before the appendix (line $first_key, appendix $appendix)"

# --output NAME.md writes NAME.svg beside it and the report shows it
( cd "$TMP" && "$KVPLAN" calc --model llama-3.1-8b --card l4 --format md --output sizing.md ) 2>"$TMP/err"
[ -s "$TMP/sizing.svg" ] && grep -q '^!\[Per-device budget, drawn to scale\](sizing.svg)$' "$TMP/sizing.md" &&
	ok "--output sizing.md writes sizing.svg and shows it" || notok "svg beside: $(cat "$TMP/err")"

# the SVG: well-formed enough for a browser, one row per group
"$KVPLAN" calc --model llama-3.1-8b --card l4x4 --dp 4 --concurrency 8 --format svg >"$TMP/b.svg" 2>"$TMP/err"
head -1 "$TMP/b.svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' && tail -1 "$TMP/b.svg" | grep -q '^</svg>$' &&
	ok "--format svg: an svg document" || notok "--format svg: $(head -1 "$TMP/b.svg") $(cat "$TMP/err")"
n=$(grep -c '&#215; L4-24GB' "$TMP/b.svg")
[ "$n" = 1 ] && grep -q '>4 &#215; L4-24GB, each:' "$TMP/b.svg" && ok "svg: one row for 4 identical L4" || notok "svg rows: $n"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$TMP/b.svg" 2>"$TMP/err" &&
		ok "svg parses as XML" || notok "svg XML: $(cat "$TMP/err")"
fi
# the bar's cells: the layout's widths at 120 cells of 5 px; a plan that
# does not fit draws its overflow past the red capacity mark
"$KVPLAN" calc --model llama-3.1-70b --card l4 --format svg >"$TMP/o.svg" 2>"$TMP/err"
grep -q 'stroke="#d62728" stroke-width="2"><title>' "$TMP/o.svg" && grep -q ': does not fit (generic engine)</text>' "$TMP/o.svg" && grep -q '<text x="10" y="[0-9]*">does not fit: device 0 (L4-24GB) is over by ' "$TMP/o.svg" &&
	ok "svg: overflow outlined past the capacity mark" || notok "svg overflow: $(cat "$TMP/err")"
# a card name from a file is escaped
printf '{"kvplan":"card","card":{"name":"<b>&\\"x","capacity_bytes":100000000000,"allocatable":true,"source":"test"}}' >"$TMP/card.json"
"$KVPLAN" calc --card "$TMP/card.json" --format svg >"$TMP/e.svg" 2>"$TMP/err"
grep -q '&lt;b&gt;&amp;&quot;x' "$TMP/e.svg" && ! grep -q '<b>' "$TMP/e.svg" && ok "svg escapes names" || notok "svg escape: $(cat "$TMP/err")"
# the report says whose words the engine lines are, as calc's text does
"$KVPLAN" calc --model llama-3.1-8b --engine llama.cpp@b4400 --ctx-size 4096 --format md >"$TMP/w.md" 2>"$TMP/err"
grep -q '^What the engine would print, in the words of 84f71294 (b4400 may word some lines otherwise):$' "$TMP/w.md" &&
	ok "md: a named old build's lines are labelled" || notok "md wording: $(grep 'would print' "$TMP/w.md") $(cat "$TMP/err")"
"$KVPLAN" calc --model llama-3.1-8b --engine llama.cpp --ctx-size 4096 --format md | grep -q '^What the engine would print:$' &&
	ok "md: no build named, no label" || notok "md wording without a build"
exit $fails
