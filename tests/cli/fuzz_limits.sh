#!/bin/sh
# fuzz_limits.sh - replay the fuzz corpora through the kvplan binary, one
# input per run under a 256 MiB address space (ulimit -v) and a 10 s
# limit (timeout): tests/corpus/ot as --override-tensor values (the
# fuzz_ot harness's inputs), tests/corpus/mmproj as --mmproj files and
# tests/corpus/gguf as --model-draft files. Every run ends with exit 0
# or a refusal (exit 2, one line); running out of memory, a signal or
# the time limit fails the test. Issue 33: a 27-character pattern took
# glibc's regcomp 3.4 GB. test_fuzz_corpus.c replays the same inputs
# in-process under ASan+UBSan.
. "$(dirname "$0")/fit_lib.inc"
CORPUS="$(dirname "$0")/../corpus"

# run NAME ARGS...: under the limits, exit 0, or 2 with one stderr line
run() {
	name=$1; shift
	( ulimit -v 262144; timeout 10 "$KVPLAN" "$@" ) >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ]; }; then
		n=$((n + 1))
	else
		notok "$name: exit $rc (124 = past 10 s), stderr: $(head -c 300 "$TMP/err")"
	fi
}

n=0
for f in "$CORPUS"/ot/*; do
	run "ot/${f##*/}" calc --engine llama.cpp --model qwen3-30b-a3b --override-tensor "$(cat "$f")"
done
[ "$n" -ge 36 ] && ok "$n -ot inputs within 256 MiB and 10 s each" || notok "only $n -ot inputs passed"

n=0
for f in "$CORPUS"/mmproj/* "$CORPUS"/gguf/*; do
	[ -f "$f" ] || continue
	case $f in
	*/mmproj/*) run "mmproj/${f##*/}" calc --engine llama.cpp --mmproj "$f" ;;
	*) run "gguf/${f##*/}" calc --engine llama.cpp --model-draft "$f" ;;
	esac
done
[ "$n" -ge 18 ] && ok "$n GGUF and mmproj files within 256 MiB and 10 s each" ||
	notok "only $n GGUF and mmproj files passed"

[ "$fails" -eq 0 ]
