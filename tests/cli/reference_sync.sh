#!/bin/sh
# reference_sync.sh - tests/reference is the repository's copy of the
# shared reference cases (tests/reference/README.md). Where the shared
# folder lies beside the checkout (../shared/reference, as the developers'
# machines lay it out, or $KVPLAN_SHARED_REFERENCE), every file the tests
# read must equal its copy byte for byte. A bare clone has no such folder:
# then there is nothing to compare and the test passes quietly.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mine=$here/../reference
shared=${KVPLAN_SHARED_REFERENCE:-$here/../../../shared/reference}
fail=0
[ -d "$shared" ] || exit 0
for f in models.json ENGINES.md cases/llamacpp.json cases/engine-logs.json; do
	if [ ! -f "$mine/$f" ]; then
		echo "not ok - tests/reference/$f missing"; fail=1
	elif [ ! -f "$shared/$f" ]; then
		echo "not ok - $shared/$f missing (the copy has it)"; fail=1
	elif cmp -s "$mine/$f" "$shared/$f"; then
		echo "ok - tests/reference/$f equals $shared/$f"
	else
		echo "not ok - tests/reference/$f differs from $shared/$f: copy it in"; fail=1
	fi
done
# a case file the shared folder gained and the copy lacks
for f in "$shared"/cases/*.json; do
	[ -f "$f" ] || continue
	b=$(basename "$f")
	[ -f "$mine/cases/$b" ] || { echo "not ok - tests/reference/cases/$b missing"; fail=1; }
done
exit $fail
