#!/bin/sh
# tests/run.sh BUILD [unit] - run every test program and script, count them,
# and end with one line "N passed, N failed" (exit 1 on any failure).
#   unit tests:  BUILD/tests/test_*    (Check programs)
#   CLI tests:   tests/cli/*.sh        (golden and exit-status tests)
#   TUI tests:   tests/tui/*.sh        (the real binary under tmux)
# Each script gets KVPLAN=path/to/kvplan and prints its own Check-style
# lines; its exit status decides pass or fail.
BUILD=${1:-build}
ONLY=$2
# Check kills a test after 4 s of wall time by default; on a loaded shared
# machine a test that needs 0.5 s of CPU can wait longer than that. Tests
# are not timed (speed is measured by `make bench`), so allow a minute.
CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-60}
export CK_DEFAULT_TIMEOUT
pass=0
fail=0
failed=""
run() {
	name=$1; shift
	if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); failed="$failed $name"; fi
}
for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	run "$t" "$t"
done
if [ "$ONLY" != unit ]; then
	KVPLAN=$(cd "$(dirname "$BUILD/kvplan")" && pwd)/kvplan
	export KVPLAN
	for t in tests/cli/*.sh tests/tui/*.sh; do
		[ -f "$t" ] || continue
		# the planner's recovery file (SIGHUP/SIGTERM with unsaved edits,
		# as tmux kill-server sends) stays in the test's own state folder
		state=$(mktemp -d)
		XDG_STATE_HOME=$state
		export XDG_STATE_HOME
		run "$t" sh "$t"
		rm -rf "$state"
	done
fi
[ -n "$failed" ] && echo "failed:$failed"
echo "check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
