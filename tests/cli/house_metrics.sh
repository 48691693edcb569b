#!/bin/sh
# house_metrics.sh - tools/house-metrics.sh (issue 34) on a tree made here,
# whose counts are known by construction:
#   long functions: a.c's long_one is 81 lines (counted), b.c's
#     just_80 is 80 lines (not counted), c.c's table literal is 120
#     lines (a variable, not counted)                      -> 1
#   include circles: a.c includes b.h, b.c includes a.h (a pair);
#     x.c -> y.h, y.c -> z.h, z.c -> w.h -> x.h (three files, the last
#     through a header that includes a header); c.c includes a.h but
#     nothing includes c.h                                  -> 2 (5 files)
# Needs universal-ctags and python3, as the script does; without them
# the script's own refusal (exit 2) is what is checked.
fail=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fail=1; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
T=$TMP/tree
mkdir -p "$T/src/core" "$T/include"

# body N: a function body of N lines in all (signature to closing brace)
body() {
	echo "int $1(void)"
	echo "{"
	echo "	int v = 0;"
	i=5
	while [ "$i" -lt "$2" ]; do echo "	v++;"; i=$((i + 1)); done
	echo "	return v;"
	echo "}"
}
for h in a b c x y z; do echo "int ${h}_f(void);" > "$T/src/core/$h.h"; done
echo '#include "core/x.h"' > "$T/src/core/w.h"
{ echo '#include "core/b.h"'; body long_one 81; echo 'int a_f(void) { return 1; }'; } > "$T/src/core/a.c"
{ echo '#include "core/a.h"'; body just_80 80; echo 'int b_f(void) { return 2; }'; } > "$T/src/core/b.c"
{ echo '#include "core/a.h"'; echo 'static const int table[] = {';
  i=0; while [ $i -lt 118 ]; do echo "	$i,"; i=$((i + 1)); done
  echo '};'; echo 'int c_f(void) { return table[0]; }'; } > "$T/src/core/c.c"
{ echo '#include "core/y.h"'; echo 'int x_f(void) { return 3; }'; } > "$T/src/core/x.c"
{ echo '#include "core/z.h"'; echo 'int y_f(void) { return 4; }'; } > "$T/src/core/y.c"
{ echo '#include "core/w.h"'; echo 'int z_f(void) { return 5; }'; } > "$T/src/core/z.c"

if ! command -v ctags >/dev/null || ! command -v python3 >/dev/null; then
	sh "$ROOT/tools/house-metrics.sh" "$T" >/dev/null 2>&1
	[ $? -eq 2 ] && ok "without ctags or python3: exit 2" || notok "without ctags or python3: not exit 2"
	exit $fail
fi
sh "$ROOT/tools/house-metrics.sh" -v "$T" > "$TMP/out" 2>&1 || notok "exit $?: $(cat "$TMP/out")"
grep -qx 'functions over 80 lines: 1' "$TMP/out" && ok "one function over 80 lines" ||
	notok "long functions: $(head -n 1 "$TMP/out")"
grep -q 'src/core/a.c  long_one' "$TMP/out" && ok "it is long_one (81 lines)" || notok "long_one not listed"
grep -q 'just_80' "$TMP/out" && notok "an 80-line function counted" || ok "80 lines is not over 80"
grep -qx 'include circles: 2 (5 files in them)' "$TMP/out" && ok "two circles, five files" ||
	notok "circles: $(grep circles "$TMP/out")"
grep -qx '  src/core/a.c src/core/b.c' "$TMP/out" && ok "a.c <-> b.c" || notok "a.c <-> b.c not found"
grep -qx '  src/core/x.c src/core/y.c src/core/z.c' "$TMP/out" && ok "x.c -> y.c -> z.c -> x.c through w.h" ||
	notok "x/y/z circle not found"
grep -q 'src/core/c.c' "$TMP/out" && notok "c.c (includes a.h, nothing includes c.h) in a circle" ||
	ok "a one-way include is no circle"
exit $fail
