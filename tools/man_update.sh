#!/bin/sh
# tools/man_update.sh [BUILD] - regenerate the generated sections of
# man/kvplan.1 (the flag list from the field table, the key list from the
# TUI action table, the warning codes from the warning table) between their `.\" BEGIN name` / `.\" END name` markers.
# Needs BUILD/libkvplan.a (make BUILD=... first). tests/cli/man_sections.sh
# fails in `make check` when the page and the tables differ.
set -e
cd "$(dirname "$0")/.."
BUILD=${1:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE_EXTENDED -Iinclude -Isrc \
	$(pkg-config --cflags ncursesw) -o "$tmp/gen" tools/man_sections.c \
	src/tui/action.c "$BUILD/libkvplan.a" $(pkg-config --libs ncursesw)
"$tmp/gen" fields > "$tmp/fields"
"$tmp/gen" keys > "$tmp/keys"
"$tmp/gen" warnings > "$tmp/warnings"
awk -v F="$tmp/fields" -v K="$tmp/keys" -v W="$tmp/warnings" '
	/^\.\\" BEGIN fields/ { print; while ((getline l < F) > 0) print l; skip = 1; next }
	/^\.\\" BEGIN keys/   { print; while ((getline l < K) > 0) print l; skip = 1; next }
	/^\.\\" BEGIN warnings/ { print; while ((getline l < W) > 0) print l; skip = 1; next }
	/^\.\\" END /         { skip = 0 }
	!skip { print }
' man/kvplan.1 > "$tmp/page"
cat "$tmp/page" > man/kvplan.1
echo "man/kvplan.1: generated sections updated"
