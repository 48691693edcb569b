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

"$KVPLAN" calc --engine llama.cpp@4500 --model llama-3.1-8b > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "engine.version: '4500' - a llama.cpp build such as b5423" "$tmp/err"
then ok "a llama.cpp release that is not a build tag is refused, not ignored"
else no "llama.cpp@4500 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# Gemma 2 9B (42 layers, 21 sliding W 4,096, 8 KV heads x 256, f16 cache:
# 8 x 256 x 2 x 2 = 8,192 B a cell and layer), -c 8192, one sequence:
#   b5423 (before PR #13194): 42 x 8,192 x 8,192 = 2,818,572,288 B;
#   b6845: 21 x 8,192 x 8,192 + 21 x pad256(4,096 + 512) = 4,608 x 8,192
#   = 1,409,286,144 + 792,723,456 = 2,202,009,600 B.
for rel in b5423:2818572288 b6845:2202009600; do
	"$KVPLAN" calc --engine "llama.cpp@${rel%%:*}" --model gemma-2-9b-it --ctx-size 8192 > "$tmp/out" 2> "$tmp/err"; rc=$?
	want=$(printf "%s" "${rel#*:}" | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta')
	if [ $rc -eq 0 ] && grep -q "^KV cache  *$want B " "$tmp/out"
	then ok "llama.cpp@${rel%%:*}: Gemma 2 9B at 8192 cells = ${rel#*:} B"
	else no "llama.cpp@${rel%%:*} (exit $rc)"; cat "$tmp/err"; fi
done
"$KVPLAN" calc --engine llama.cpp@b5500 --model gemma-2-9b-it --ctx-size 8192 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q 'name b5423 or earlier, or b5531 or later' "$tmp/err"
then ok "a build between the known bounds of a rule is refused, both named"
else no "llama.cpp@b5500 (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# reconcile infers the llama_kv_cache_init era from llama.cpp issue 11200's
# lines and says so, in text and JSON; 64 layers x 32,768 cells x q8_0
# (8 x 128 = 1,024 values: 32 blocks x 34 B = 1,088 B, K and V) =
# 4,563,402,752 B = the log's 4352.00 MiB
LLOG=$here/../data/logs/llamacpp-11200.log
"$KVPLAN" reconcile "$LLOG" --model qwen2.5-32b --ctx-size 32768 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q "^engine release: none named; the log's wording ('llama_kv_cache_init:', line 5) is that of llama.cpp the llama_kv_cache_init builds .*: the rules of b4599 are used" "$tmp/out" &&
   grep -q '^KV cache  *4,563,402,752  *4,563,402,752 .*arithmetic match' "$tmp/out" &&
   grep -q '^cells per stream  *32,768  *32,768 .*arithmetic match' "$tmp/out"
then ok "reconcile infers a llama.cpp build from the wording and says so"
else no "llama.cpp era inferred (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
"$KVPLAN" reconcile "$LLOG" --model qwen2.5-32b --ctx-size 32768 --format json > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q "the rules of b4599 are used" "$tmp/out"
then ok "... and says so in JSON"
else no "llama.cpp era in JSON (exit $rc)"; cat "$tmp/err"; fi

# reconcile infers V0 from the wording of the log of vllm issue 10517 and
# says so; V0's swap blocks then compare: 4 GiB // 2,097,152 B = 2,048.
# Exit 1: the plan's own KV budget (kvplan's estimates of the activation
# peak, card memory and overheads) differs from what vLLM measured, a
# finding since issue 31 (reconcile_plan_error.sh).
"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q 'PLAN DIFFERS' "$tmp/out" && grep -q "^engine release: none named; the log's wording ('Memory profiling results:', line 6) is that of vllm V0 (0.6.x): the rules of 0.6.6 are used" "$tmp/out" &&
   grep -q '^CPU blocks  *2,048  *2,048 .*arithmetic match' "$tmp/out"
then ok "reconcile infers V0 from the wording and says so"
else no "era inferred (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

"$KVPLAN" reconcile "$LOG" --model llama-3.1-8b --card rtx-3090 --engine vllm@0.8.0 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q 'PLAN DIFFERS' "$tmp/out" && grep -q '^engine release: 0.8.0, as named; ' "$tmp/out" &&
   grep -q '^CPU blocks  *-  *2,048 .*untested' "$tmp/out"
then ok "a named release wins over the wording"
else no "named release (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi

# calc's "would report" lines are the wording of the release kvplan has it
# for: vLLM V0's own ("# GPU blocks", plain header, lines_wording 0.6.4);
# a llama.cpp build no row of src/core/engines/llamacpp/lc_words.c words (b4400 lies
# between the rows of b4343 and b4445) gets today's words, and the header
# says so (tests/cli/llamacpp_words.sh has the worded builds)
"$KVPLAN" calc --engine vllm@0.6.4 --model llama-3.1-8b --card rtx-3090 --max-model-len 20000 --format json > "$tmp/out" 2> "$tmp/err"
tr -d ' \t\n' < "$tmp/out" | grep -q '"release":"0.6.4","release_named":true,"lines_wording":"0.6.4"' &&
	ok "vLLM 0.6.4: the lines in its own words (lines_wording 0.6.4)" ||
	no "lines_wording 0.6.4: $(grep lines_wording "$tmp/out")"
"$KVPLAN" calc --engine vllm@0.6.4 --model llama-3.1-8b --card rtx-3090 --max-model-len 20000 | grep -q '^vllm would report:$' &&
	ok "vLLM 0.6.4: a plain header" || no "vLLM 0.6.4 header"
"$KVPLAN" calc --engine llama.cpp@b4400 --model llama-3.1-8b --ctx-size 4096 > "$tmp/out" 2> "$tmp/err"
grep -q '^llama.cpp would report (in the words of 84f71294; b4400 may word some lines otherwise, and reconcile reads the older wordings):$' "$tmp/out" &&
	ok "llama.cpp@b4400: today's words, said in the header" ||
	no "b4400 header: $(grep 'would report' "$tmp/out") $(cat "$tmp/err")"
"$KVPLAN" calc --engine llama.cpp --model llama-3.1-8b --ctx-size 4096 | grep -q '^llama.cpp would report:$' &&
	ok "no build named: a plain header" || no "current llama.cpp header"
# compare: a named build stays with its engine (the others run their
# current rules, where a llama.cpp build refused every other row), and
# its lines carry the same label
"$KVPLAN" compare --engine llama.cpp@b4400 --model llama-3.1-8b --ctx-size 4096 > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^vllm  *[0-9,]* ' "$tmp/out" && ! grep -q 'error: engine.version' "$tmp/out" &&
   grep -q '^  llama.cpp    (in the words of 84f71294; b4400 may word some lines otherwise)$' "$tmp/out"
then ok "compare: llama.cpp@b4400 is llama.cpp's release only, its lines labelled"
else no "compare with a named build (exit $rc)"; cat "$tmp/out" "$tmp/err"; fi
exit $fail
