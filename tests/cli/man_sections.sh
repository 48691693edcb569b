#!/bin/sh
# man_sections.sh - the generated parts of man/kvplan.1 match the tables
# they come from: every flag of the field table (src/core/model/field.c) with
# its help and JSON key, and every TUI action with its keys
# (src/tui/action.c), and every warning code with its slug and advice
# (src/core/verdict/warning.c). Rebuilds tools/man_sections.c against the library
# next to $KVPLAN; on a difference, run tools/man_update.sh BUILD.
cd "$(dirname "$0")/../.." || exit 1
lib=$(dirname "$KVPLAN")/libkvplan.a
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
if ! ${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE_EXTENDED -Iinclude -Isrc \
	$(pkg-config --cflags ncursesw) -o "$tmp/gen" tools/man_sections.c \
	src/tui/action.c "$lib" $(pkg-config --libs ncursesw) 2> "$tmp/cc"; then
	cat "$tmp/cc"
	echo "not ok - tools/man_sections.c builds"
	exit 1
fi
for s in fields keys warnings; do
	"$tmp/gen" $s > "$tmp/want.$s"
	awk -v s="$s" '$0 ~ "^\\.\\\\\" END " s { p = 0 } p { print } $0 ~ "^\\.\\\\\" BEGIN " s { p = 1 }' \
		man/kvplan.1 > "$tmp/have.$s"
	if [ -s "$tmp/want.$s" ] && cmp -s "$tmp/want.$s" "$tmp/have.$s"; then
		echo "ok - man/kvplan.1 $s section matches its table"
	else
		diff "$tmp/have.$s" "$tmp/want.$s" | head -20
		echo "not ok - man/kvplan.1 $s section drifted (run tools/man_update.sh)"
		fail=1
	fi
done
# every flag of the table appears as a flag in the page (belt and braces:
# also outside the generated block, e.g. in EXAMPLES, names must exist)
n=$(grep -c '^\.It Fl \\-' "$tmp/want.fields")
if [ "$n" -lt 50 ]; then
	echo "not ok - field table lists only $n flags"
	fail=1
else
	echo "ok - $n field-table flags documented"
fi
for f in $(grep -o '^\.It Fl \\-[a-z0-9-]*' "$tmp/want.fields" | sed 's/.*\\-//'); do
	grep -q "^\.It Fl \\\\-$f " man/kvplan.1 || { echo "not ok - flag --$f missing"; fail=1; }
done
# every warning code KVP-W01.. of the table has its entry: the count of
# codes is the count of ids that are not "KVP-W??"
n=$(grep -c '^\.It Sy KVP-W[0-9][0-9] Cm [a-z-]*$' "$tmp/want.warnings")
if [ "$n" -lt 15 ]; then
	echo "not ok - warning table lists only $n codes"
	fail=1
else
	echo "ok - $n warning codes documented"
fi
grep -q 'KVP-W??' "$tmp/want.warnings" && { echo "not ok - an unknown code in the warning list"; fail=1; }
exit $fail
