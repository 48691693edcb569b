#!/bin/sh
# reconcile_malformed.sh - bad logs are normal input: truncated, binary,
# huge and mixed-engine logs give counted skips and a table, not a crash;
# a log kvplan cannot use at all (no engine line) is exit 2 with one line
# on stderr and nothing on stdout; one with nothing to compare, exit 3.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }
SIZE='llama_kv_cache: size =  640.00 MiB (  4096 cells,  40 layers,  1/1 seqs), K (f16):  320.00 MiB, V (f16):  320.00 MiB'
# the worked example's shape, one sequence of 4096 cells under llama.cpp
P="--engine llama.cpp --layers 40 --q-heads 40 --kv-heads 8 --head-dim 128 --ctx-size 4096 --parallel 1"

# truncated: the last line cut in its middle, no newline
printf 'llama_context: n_ctx = 4096\n%s\nllama_kv_cache: size =  64' "$SIZE" > "$tmp/trunc.log"
$KVPLAN reconcile "$tmp/trunc.log" $P > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '1 not understood' "$tmp/out" && grep -q 'truncated' "$tmp/out" &&
   grep -q '^KV cache .*671,088,640 .*match' "$tmp/out"; then
	ok "truncated log: last line counted, figures before it compared"
else no "truncated log (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# binary: NUL and control bytes around a good line
{ printf '\000\001\002garbage\n'; echo "$SIZE"; head -c 3000 /dev/urandom; } > "$tmp/bin.log"
$KVPLAN reconcile "$tmp/bin.log" $P > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -Eq '[1-9][0-9]* binary' "$tmp/out" && grep -q '^KV cache .*match' "$tmp/out"; then
	ok "binary bytes: lines skipped and counted"
else no "binary log (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# huge: 200,000 lines and one 100,000-byte line, then the figure
{ awk 'BEGIN { for (i = 0; i < 200000; i++) print "INFO step", i; s = "x"; while (length(s) < 100000) s = s s; print s }'; echo "$SIZE"; } > "$tmp/huge.log"
$KVPLAN reconcile "$tmp/huge.log" $P > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '200000 not understood' "$tmp/out" && grep -q '1 too long' "$tmp/out" &&
   grep -q '^KV cache .*match' "$tmp/out"; then
	ok "huge log: read to the end, long line counted"
else no "huge log (exit $rc)"; head -5 "$tmp/out"; cat "$tmp/err"; fi

# mixed engines: llama.cpp lines are the majority, vLLM ones are named
{ echo "$SIZE"; echo 'GPU KV cache size: 31,232 tokens'; } > "$tmp/mixed.log"
$KVPLAN reconcile "$tmp/mixed.log" $P > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q 'mixed log: vllm' "$tmp/out" && ! grep -q 'tokens in pool' "$tmp/out"; then
	ok "mixed engines: the other engine's lines named, not compared"
else no "mixed log (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# a mismatch is a negative verdict (exit 1): the log says 640 MiB, the
# plan holds 8192 cells = 1,342,177,280 B
echo "$SIZE" > "$tmp/one.log"
$KVPLAN reconcile "$tmp/one.log" --engine llama.cpp --ctx-size 8192 --parallel 1 --head-dim 128 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q '^KV cache .*1,342,177,280 .*671,088,640.*-50.00%.*DIFFERS' "$tmp/out"; then
	ok "mismatch: exit 1, -50.00% shown"
else no "mismatch (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# '-' reads the log from standard input
echo "$SIZE" | $KVPLAN reconcile - $P > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 0 ] && grep -q '^KV cache .*671,088,640 .*match' "$tmp/out" && ok "log on stdin" || no "log on stdin (exit $rc)"

# unusable: no engine line at all
printf 'hello\nworld\n' > "$tmp/none.log"
$KVPLAN reconcile "$tmp/none.log" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
   grep -q "$tmp/none.log" "$tmp/err"; then
	ok "unusable log: exit 2, one line naming the file"
else no "unusable log (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# no model named and none given: the figures that need none are still
# compared - the size line's K + V against its total: 320.00 + 320.00 MiB
# = 671,088,640 B, +- 2 x 5,243 (each half of 0.01 MiB rounded up),
# against 640.00 MiB printed
echo "$SIZE" > "$tmp/one.log"
$KVPLAN reconcile "$tmp/one.log" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^model: the log names no known model' "$tmp/out" &&
   grep -q '^KV cache = K + V  *671,078,154..671,099,126  *671,088,640 +-5,243 .*arithmetic match' "$tmp/out" &&
   grep -q '^1 figure compared: 1 by arithmetic' "$tmp/out"; then
	ok "no model: K + V still compared (exit 0)"
else no "no model (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# nothing compared: a log whose figures all need a model, and none given,
# is said so and exits 3 (not 0: a check that checked nothing passed nothing)
printf 'llama_context: n_ctx = 4096\nllama_kv_cache: size =  640.00 MiB (  4096 cells,  40 layers,  1/1 seqs)\n' > "$tmp/nok.log"
$KVPLAN reconcile "$tmp/nok.log" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 3 ] && grep -q '^0 figures compared: 0 by arithmetic' "$tmp/out" &&
   grep -q '^nothing compared: .*exit status 3' "$tmp/out" && ! grep -q 'differ' "$tmp/out"; then
	ok "nothing compared: said, exit 3"
else no "nothing compared (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
echo 'INFO 01-02 [gpu_worker.py] GPU KV cache size: 31,232 tokens' > "$tmp/vtok.log"
$KVPLAN reconcile "$tmp/vtok.log" --format json > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 3 ] && tr -d '\t\n' < "$tmp/out" | grep -q '"compared":0,"compared_arithmetic":0,"nothing_compared":true}'; then
	ok "nothing compared in JSON: nothing_compared true, exit 3"
else no "nothing compared JSON (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
$KVPLAN reconcile "$tmp/absent.log" > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q absent.log "$tmp/err" && ok "missing file: exit 2" || no "missing file (exit $rc)"
$KVPLAN reconcile > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && ok "no LOG: exit 2" || no "no LOG (exit $rc)"
exit $fail
