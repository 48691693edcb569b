#!/bin/sh
# engine_release.sh - the engine's release: named with ENGINE@RELEASE (or
# engine.version), printed in calc's output and records, refused where no
# rule is keyed by it, and inferred by reconcile from a log's wording.
here=$(cd "$(dirname "$0")" && pwd)
LOG=$here/../data/logs/vllm-v0-10517.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

"$KVPLAN" calc --engine vllm@0.6.4 --model llama-3.1-8b --card rtx-3090 --max-model-len 20000 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^engine  *vllm 0.6.4 (its own allocation rules)$' "$tmp/out" &&
   grep -q '# GPU blocks: ' "$tmp/out"
then ok "calc --engine vllm@0.6.4: the release printed, V0's lines"
else no "calc vllm@0.6.4 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

"$KVPLAN" calc --engine vllm --model llama-3.1-8b --card rtx-3090 --max-model-len 20000 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^engine  *vllm main@002f10e0 (current release; its own allocation rules)$' "$tmp/out"
then ok "no release named: the current one is printed"
else no "current release (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

"$KVPLAN" calc --engine vllm@0.6.4 --model llama-3.1-8b --card rtx-3090 --max-model-len 20000 --format json > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && tr -d ' \t\n' < "$tmp/out" | grep -q '"version":"0.6.4"' &&
   tr -d ' \t\n' < "$tmp/out" | grep -q '"release":"0.6.4","release_named":true'
then ok "the record holds engine.version and the release applied"
else no "record (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

"$KVPLAN" calc --engine llama.cpp@b4500 --model llama-3.1-8b > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q 'engine.version: b4500 - kvplan keys no llama.cpp rule by release yet' "$tmp/err"
then ok "a release no rule is keyed by is refused, not ignored"
else no "llama.cpp@b4500 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# reconcile infers V0 from the wording of the log of vllm issue 10517 and
# says so; V0's swap blocks then compare: 4 GiB // 2,097,152 B = 2,048
"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q "^engine release: none named; the log's wording ('Memory profiling results:', line 6) is that of vllm V0 (before 0.8.0): the rules of 0.7.3 are used" "$tmp/out" &&
   grep -q '^CPU blocks  *2,048  *2,048 .*arithmetic match' "$tmp/out"
then ok "reconcile infers V0 from the wording and says so"
else no "era inferred (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 --engine vllm@0.8.0 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^engine release: 0.8.0, as named; ' "$tmp/out" &&
   grep -q '^CPU blocks  *-  *2,048 .*untested' "$tmp/out"
then ok "a named release wins over the wording"
else no "named release (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
exit $fail
