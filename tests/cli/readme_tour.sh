#!/bin/sh
# readme_tour.sh - the one-liners of README.md's tour still run (exit 0, or
# the exit status the tour shows), and the lines it quotes that are pure
# arithmetic (KV bytes; 2 x 32 x 8 x 128 x 1 B = 65,536 B per position,
# x 8,000 tokens = 524,288,000 B, x 16 = 8,388,608,000 B) are still
# printed verbatim. Budget figures (activation estimates) may move and are
# not compared.
here=$(cd "$(dirname "$0")" && pwd)
REF=${KVPLAN_REFERENCE:-$here/../../../shared/reference}
tmp=$(mktemp -d)
# the tour was captured in a UTF-8 locale (× in the formula)
LC_ALL=C.UTF-8
export LC_ALL
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
awk -v id=vllm-10517-llama31-8b-20k -f "$here/ref_lines.awk" "$REF/cases/engine-logs.json" > "$tmp/vllm-startup.log"
awk '/^## Tour/ { on = 1 } on' "$here/../../README.md" | grep '^\$ kvplan ' | sed 's/; echo \$?$//' > "$tmp/cmds"
while IFS= read -r line; do
	cmd=${line#\$ kvplan }
	n=$((n + 1))
	(cd "$tmp" && eval "\"\$KVPLAN\" $cmd") > "$tmp/out.$n" 2> "$tmp/err" < /dev/null
	rc=$?
	want=0
	case $cmd in fit*) want=1 ;; esac
	if [ $rc -eq $want ]; then echo "ok - tour: kvplan ${cmd%% *} (exit $rc)"
	else echo "not ok - tour exits $rc, not $want: kvplan $cmd"; cat "$tmp/err"; fail=1; fi
done < "$tmp/cmds"
[ $n -ge 5 ] || { echo "not ok - only $n tour commands found"; fail=1; }
for l in "per position  2 × 32 layers × 8 KV heads × 128 × 1 B = 65,536 B per position" \
         "per sequence  524,288,000 B (0.49 GiB, 0.52 GB) for one sequence of 8,000 tokens" \
         "KV cache      8,388,608,000 B (7.81 GiB, 8.39 GB)"; do
	if grep -qF "$l" "$here/../../README.md" && grep -qF "$l" "$tmp/out.1"; then :; else
		echo "not ok - tour line no longer printed: $l"; fail=1
	fi
done
[ $fail -eq 0 ] && echo "ok - tour arithmetic lines printed verbatim"
exit $fail
