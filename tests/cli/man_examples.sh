#!/bin/sh
# man_examples.sh - every command of the EXAMPLES of man/kvplan.1 runs, in
# order, in an empty folder (the vLLM log they read is the printed lines of
# a reference case), and ends with status 0 or 1 (a negative verdict),
# never 2 (bad input): the examples cannot rot.
here=$(cd "$(dirname "$0")" && pwd)
REF=$here/../reference
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
awk -v id=vllm-10517-llama31-8b-20k -f "$here/ref_lines.awk" "$REF/cases/engine-logs.json" > "$tmp/vllm-startup.log"
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
