#!/bin/sh
# untrusted_plans.sh - issue 10's reproducers: a plan from someone else
# is untrusted. Control characters in its names are escaped in every
# output (text, Markdown, CSV, JSON, presets, error lines); the paths it
# names may not leave its folder unless --allow-outside-paths.
: "${KVPLAN:?set KVPLAN to the kvplan binary}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }
ESC=$(printf '\033')
BEL=$(printf '\007')
CR=$(printf '\r')

# a plan whose name, class and card carry an ESC sequence, a CR, a BEL
printf '{"kvplan": "plan", "version": 1, "name": "evil\\u001b[2J\\rname", "model": "llama-3.1-8b",
 "workload": {"classes": [{"name": "cl\\u0007ass", "requests": 2, "gen": 10}]},
 "devices": {"groups": [{"card": {"name": "GPU\\u001b]0;pwned\\u0007", "capacity_bytes": 85520809984}, "count": 1}]}}\n' >"$TMP/evil.json"

clean() {   # clean NAME FILE: no ESC, BEL or CR byte in FILE
	if grep -q "$ESC\|$BEL\|$CR" "$2"; then notok "$1: a control character got out"
	else ok "$1"; fi
}
"$KVPLAN" calc "$TMP/evil.json" >"$TMP/t.txt" 2>&1
grep -qF 'evil\x1b[2J\x0dname' "$TMP/t.txt" && ok "text shows the name escaped" ||
	notok "text: $(head -2 "$TMP/t.txt")"
clean "text output" "$TMP/t.txt"
"$KVPLAN" calc "$TMP/evil.json" --format md >"$TMP/t.md" 2>&1
clean "Markdown output" "$TMP/t.md"
grep -qF 'GPU\x1b]0;pwned\x07' "$TMP/t.md" && ok "Markdown shows the card escaped" ||
	notok "md: $(grep GPU "$TMP/t.md")"
"$KVPLAN" calc "$TMP/evil.json" --format json >"$TMP/t.json" 2>&1
clean "JSON export" "$TMP/t.json"
"$KVPLAN" fit "$TMP/evil.json" >"$TMP/f.txt" 2>&1
clean "fit output" "$TMP/f.txt"
"$KVPLAN" compare "$TMP/evil.json" >"$TMP/c.txt" 2>&1
clean "compare output" "$TMP/c.txt"
"$KVPLAN" calc "$TMP/evil.json" --engine "bad${ESC}[31m" >"$TMP/e.txt" 2>&1
clean "error line quoting a flag value" "$TMP/e.txt"

# presets: a file name and a description with control characters
mkdir -p "$TMP/cfg/kvplan/cards"
printf '{"kvplan": "card", "description": "d\\u001b[31mred", "card": {"name": "x", "capacity_bytes": 1000}}' \
	>"$TMP/cfg/kvplan/cards/a${ESC}b.json"
XDG_CONFIG_HOME=$TMP/cfg "$KVPLAN" presets cards >"$TMP/p.txt" 2>&1
clean "presets listing" "$TMP/p.txt"
grep -qF 'a\x1bb' "$TMP/p.txt" && ok "presets shows the file name escaped" ||
	notok "presets: $(grep -a 'user' "$TMP/p.txt")"

# paths a plan names stay in its folder
mkdir -p "$TMP/share/sub"
"$KVPLAN" presets >/dev/null 2>&1
printf '{"kvplan": "model", "model": {"id": "m", "n_layers": 2, "q_heads": 8, "base": {"kind": "full", "kv_heads": 8, "k_dim": 64, "v_dim": 64, "k_dtype": "f16", "v_dtype": "f16"}}}' \
	>"$TMP/share/m.json"
cp "$TMP/share/m.json" "$TMP/share/sub/m.json"
ln -s "$TMP/share/m.json" "$TMP/share/sub/link.json"
for spec in ../m.json "$TMP/share/m.json" link.json; do
	# a whole plan, so that allowed it computes (exit 0) rather than
	# failing on something else
	printf '{"kvplan": "plan", "version": 1, "model": "%s", "workload": {"classes": [{"requests": 1, "gen": 10}]}}' "$spec" >"$TMP/share/sub/p.json"
	"$KVPLAN" calc "$TMP/share/sub/p.json" >"$TMP/out" 2>"$TMP/err"
	[ $? -eq 2 ] && grep -qF "leaves the plan's folder" "$TMP/err" &&
		ok "'$spec' refused" || notok "'$spec': $(cat "$TMP/err")"
	"$KVPLAN" calc "$TMP/share/sub/p.json" --allow-outside-paths >"$TMP/out" 2>"$TMP/err" &&
		ok "'$spec' allowed by the flag" ||
		notok "'$spec' with --allow-outside-paths: $(cat "$TMP/err")"
done
printf '{"kvplan": "plan", "version": 1, "model": "m.json", "workload": {"classes": [{"requests": 1, "gen": 10}]}}' >"$TMP/share/sub/p.json"
"$KVPLAN" calc "$TMP/share/sub/p.json" >"$TMP/out" 2>"$TMP/err" &&
	ok "a file next to the plan is read" || notok "next to the plan: $(cat "$TMP/err")"

[ "$fails" -eq 0 ]
