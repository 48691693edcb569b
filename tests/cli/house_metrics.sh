#!/bin/sh
# house_metrics.sh - tools/house-metrics.sh (issue 34) on a tree made here,
# whose counts are known by construction:
#   long functions: a.c's long_one is 81 lines (counted), b.c's
#     just_80 is 80 lines (not counted), c.c's table literal is 120
#     lines (a variable, not counted)                      -> 1
#   call circles: a.c calls b_f and b.c calls a_f (a pair); x.c calls
#     y_f, y.c calls z_f, z.c calls x_f (three files); c.c calls a_f but
#     nothing calls c.c; every file includes all.h, which declares every
#     function (a shared header is no circle)             -> 2 (5 files)
# Needs universal-ctags, cc, nm and python3, as the script does; without
# them the script's own refusal (exit 2) is what is checked.
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
for h in a b c x y z; do echo "int ${h}_f(void);"; done > "$T/src/core/all.h"
{ echo '#include "core/all.h"'; body long_one 81; echo 'int a_f(void) { return b_f(); }'; } > "$T/src/core/a.c"
{ echo '#include "core/all.h"'; body just_80 80; echo 'int b_f(void) { return a_f(); }'; } > "$T/src/core/b.c"
{ echo '#include "core/all.h"'; echo 'static const int table[] = {';
  i=0; while [ $i -lt 118 ]; do echo "	$i,"; i=$((i + 1)); done
  echo '};'; echo 'int c_f(void) { return table[0] + a_f(); }'; } > "$T/src/core/c.c"
{ echo '#include "core/all.h"'; echo 'int x_f(void) { return y_f(); }'; } > "$T/src/core/x.c"
{ echo '#include "core/all.h"'; echo 'int y_f(void) { return z_f(); }'; } > "$T/src/core/y.c"
{ echo '#include "core/all.h"'; echo 'int z_f(void) { return x_f(); }'; } > "$T/src/core/z.c"
mkdir -p "$T/build/obj/core"
for f in a b c x y z; do
	cc -I"$T/src" -c "$T/src/core/$f.c" -o "$T/build/obj/core/$f.o" || notok "cc $f.c"
done

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
grep -qx 'call circles: 2 (5 files in them)' "$TMP/out" && ok "two circles, five files" ||
	notok "circles: $(grep circles "$TMP/out")"
grep -qx '  src/core/a.c src/core/b.c' "$TMP/out" && ok "a.c <-> b.c" || notok "a.c <-> b.c not found"
grep -qx '  src/core/x.c src/core/y.c src/core/z.c' "$TMP/out" && ok "x.c -> y.c -> z.c -> x.c" ||
	notok "x/y/z circle not found"
grep -q 'src/core/c.c' "$TMP/out" && notok "c.c (calls a.c, nothing calls c.c) in a circle" ||
	ok "a one-way call is no circle"
exit $fail
