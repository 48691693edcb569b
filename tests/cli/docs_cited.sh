#!/bin/sh
# docs_cited.sh - every document the README, `--help` (of kvplan and of
# each command) or the planner's default plan cites is in the tree
# (issue 31: README and --help cited DESIGN.md, which was not).
# Files the README's own commands write (sizing.md) are not citations.
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }
root=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cites() { grep -o '[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b\|man/[a-z.-]*\.[15]\b' | grep -v '^sizing\.md$' | sort -u; }

cites < "$root/README.md" > "$TMP/readme"
{ "$KVPLAN" --help 2>&1
  for c in calc fit solve compare sweep reconcile import presets; do "$KVPLAN" $c --help 2>&1; done
} | cites > "$TMP/help"
"$KVPLAN" calc --format json | grep '"name":' | head -1 | cites > "$TMP/plan"
for src in readme help plan; do
	[ -s "$TMP/$src" ] || { [ "$src" = readme ] && notok "no citation found in README"; continue; }
	while IFS= read -r f; do
		[ -f "$root/$f" ] && ok "$src cites $f: in the tree" || notok "$src cites $f: not in the tree"
	done < "$TMP/$src"
done
grep -q 'docs/DESIGN.md' "$TMP/help" && ok "--help names docs/DESIGN.md" || notok "--help: $(cat "$TMP/help")"
grep -q 'docs/DESIGN.md' "$TMP/plan" && ok "the default plan names docs/DESIGN.md" || notok "plan: $(cat "$TMP/plan")"
[ "$fails" -eq 0 ]
