#!/bin/sh
# reconcile_honest.sh - the flags win over the log in the figures, not
# only in the notes; lines about the cache that are not understood are
# listed with their numbers (text and JSON). The vLLM lines are those of
# vllm-project/vllm issue 10517 (V0, Llama-3.1-8B, RTX 3090), kept in
# tests/data/logs/vllm-v0-10517.log with their source.
here=$(cd "$(dirname "$0")" && pwd)
LOG=$here/../data/logs/vllm-v0-10517.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# The log's length: 1952 blocks / ceil(20000 / 16) = 1.5616 -> 156.
# (Exit 1 here and below: the plan's own KV budget differs from the one
# vLLM measured, a finding since issue 31, reconcile_plan_error.sh.)
"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q '^max concurrency x100  *156  *156 +-1 .*arithmetic match' "$tmp/out"
then ok "the log's max_model_len: concurrency 1.56 matches"
else no "log's length (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# --max-model-len 16384 wins in the figure: 1952 / ceil(16384 / 16) =
# 1952 / 1024 = 1.906 -> 191 against the log's 156: differs, exit 1.
"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 --max-model-len 16384 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q '^max concurrency x100  *191  *156 +-1 .*arithmetic DIFFERS' "$tmp/out" &&
   grep -q '^settings from the flags (they win over the log): max_model_len$' "$tmp/out"
then ok "--max-model-len 16384 changes the concurrency computed"
else no "flag in the figure (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# a line about the cache kvplan does not read is listed with its number
{ cat "$LOG"; echo 'INFO 01-01 worker.py: KV cache layout changed to HND for this backend'; } > "$tmp/unread.log"
"$KVPLAN" reconcile "$tmp/unread.log" --model llama-3.1-8b --card rtx-3090 > "$tmp/out" 2> "$tmp/err"; rc=$?
n=$(wc -l < "$LOG")
if [ $rc -eq 1 ] && grep -q '^lines about the cache not understood (1):$' "$tmp/out" &&
   grep -q "^  line $((n + 1)): INFO 01-01 worker.py: KV cache layout changed" "$tmp/out"
then ok "a cache line not understood is listed with its number"
else no "unread line (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
"$KVPLAN" reconcile "$tmp/unread.log" --model llama-3.1-8b --card rtx-3090 --format json > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && tr -d '\t\n' < "$tmp/out" | grep -q "\"not_understood\":\[{\"line\":$((n + 1)),\"text\":\"INFO 01-01 worker.py: KV cache layout"
then ok "the same in JSON (log.not_understood)"
else no "unread JSON (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
exit $fail
