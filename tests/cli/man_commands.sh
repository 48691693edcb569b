#!/bin/sh
# man_commands.sh - man/kvplan.1 documents every subcommand of the command
# table (`kvplan --help`) and every command-specific flag each one prints
# in its --help (the field-table flags are checked by man_sections.sh);
# both pages are mandoc -Tlint clean at warning level; the plan example
# of kvplan-plan.5 loads and gives the worked example's 4,026,531,840 B.
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cmds=$($KVPLAN --help | awk '/^commands:/ { on = 1; next } on && NF { print $1 }')
[ -n "$cmds" ] || { echo "not ok - kvplan --help lists no command"; exit 1; }
for c in $cmds; do
	if grep -q "^\.It Cm $c\( \|$\)" man/kvplan.1; then echo "ok - command $c documented"
	else echo "not ok - command $c missing from man/kvplan.1"; fail=1; fi
	$KVPLAN "$c" --help 2>&1 | grep -oE '^  --[a-z0-9-]+' | sed 's/^  --//' >> "$tmp/flags"
done
for f in $(sort -u "$tmp/flags"); do
	grep -q "Fl \\\\-$f\( \|$\)" man/kvplan.1 || { echo "not ok - flag --$f (in --help) missing from man/kvplan.1"; fail=1; }
done
[ $fail -eq 0 ] && echo "ok - every --help flag of every command is in man/kvplan.1"
if mandoc -Tlint -Wwarning man/kvplan.1 man/kvplan-plan.5; then echo "ok - mandoc -Tlint clean"
else echo "not ok - mandoc -Tlint"; fail=1; fi
# the example plan of kvplan-plan.5 (between its EXAMPLES .Bd and .Ed)
awk '/^\.Sh EXAMPLES/ { ex = 1 } ex && /^\.Bd/ { on = 1; next } on && /^\.Ed/ { exit } on' man/kvplan-plan.5 > "$tmp/plan.json"
if $KVPLAN calc "$tmp/plan.json" --format json > "$tmp/rec" 2> "$tmp/err" &&
   grep -Eq '"bytes":[[:space:]]*4026531840([^0-9]|$)' "$tmp/rec"; then
	echo "ok - kvplan-plan.5 example plan: 4,026,531,840 B"
else echo "not ok - kvplan-plan.5 example plan"; cat "$tmp/err"; fail=1; fi
exit $fail
