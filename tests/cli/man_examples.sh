#!/bin/sh
# man_examples.sh - every command of the EXAMPLES of man/kvplan.1 runs, in
# order, in an empty folder holding the tree's examples/ (the vLLM log
# they read), and ends with status 0 or 1 (a negative verdict),
# never 2 (bad input): the examples cannot rot.
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
# the vLLM log they read ships in the tree (examples/, checked equal to
# the reference case's lines in readme_tour.sh)
mkdir -p "$tmp/examples"
cp "$here/../../examples/vllm-startup.log" "$tmp/examples/" || fail=1
# the literal blocks of EXAMPLES, continuation lines (\e) joined
awk '/^\.Sh EXAMPLES/ { ex = 1; next } /^\.Sh / { ex = 0 }
     ex && /^\.Bd/ { on = 1; next } ex && /^\.Ed/ { on = 0; next }
     on { l = $0; sub(/^[ \t]+/, "", l)
          if (l ~ /\\e$/) { cur = cur substr(l, 1, length(l) - 2) " "; next }
          print cur l; cur = "" }' "$here/../../man/kvplan.1" | grep '^\$ kvplan ' > "$tmp/cmds"
while IFS= read -r line; do
	cmd=${line#\$ kvplan }
	n=$((n + 1))
	(cd "$tmp" && eval "\"\$KVPLAN\" $cmd") > "$tmp/out" 2> "$tmp/err" < /dev/null
	rc=$?
	if [ $rc -le 1 ]; then echo "ok - example runs (exit $rc): kvplan $cmd"
	else echo "not ok - example exits $rc: kvplan $cmd"; cat "$tmp/err"; fail=1; fi
done < "$tmp/cmds"
[ $n -ge 6 ] || { echo "not ok - only $n examples found"; fail=1; }
exit $fail
