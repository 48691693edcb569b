#!/bin/sh
# llamacpp_words.sh - calc prints llama.cpp's lines in the words of the
# build the plan names (src/core/engines/llamacpp/lc_words.c; issue 17 item 1, "the renames
# of its cache log lines"; item 3, calc and reconcile agree on a version).
#
# Each row of tests/data/logs/lc_words.tsv is a line a build printed in
# llama.cpp's own CI (ggml-org/ci), for a model whose shape the plan
# below repeats; calc at that build must print it, to the byte and the
# space. By hand, bge-small (12 layers x 384 K and V values x 512 cells
# x 2 B): K = V = 4,718,592 B = 4.50 MiB, 9.00 MiB in all; gemma-1.1-2b
# (18 layers x 256 x 4,096 x 2 B): K = V = 37,748,736 B = 36.00 MiB; issue
# #18258's (28 layers x 1,024 values x 20,224 cells in q8_0, 34 B a block of
# 32): K = V = 28 x 20,224 x 1,088 = 616,103,936 B = 587.56 MiB.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
fail=0
n=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

plan() {
	case $1 in
	bge) echo "--layers 12 --q-heads 12 --kv-heads 12 --head-dim 32 --hidden 384
	           --vocab 30522 --max-positions 512 --ctx-size 512 --n-gpu-layers 0" ;;
	gemma) echo "--layers 18 --q-heads 8 --kv-heads 1 --head-dim 256 --hidden 2048
	           --vocab 256000 --max-positions 8192 --ctx-size 4096 --n-gpu-layers 0" ;;
	# one slot (the log's 1/1 seqs): --kv-unified, as b7495 lies between
	# b7347 and b7698, where llama-server's -np 1 is 4 slots or one by PR
	# #17997 (lc_slots.c); one unified slot prints the same lines
	q28) echo "--layers 28 --q-heads 16 --kv-heads 8 --head-dim 128 --hidden 2048
	           --vocab 151936 --max-positions 32768 --ctx-size 20224
	           --cache-type-k q8_0 --cache-type-v q8_0 --kv-unified" ;;
	*) echo "unknown" ;;
	esac
}

tab=$(printf '\t')
while IFS="$tab" read -r build shape src line; do
	case $build in ''|'#'*) continue ;; esac
	n=$((n + 1))
	# shellcheck disable=SC2046 # the plan's flags are words
	out=$("$KVPLAN" calc --engine "llama.cpp@$build" $(plan "$shape") 2>&1)
	case $line in
	'!'*)
		case $out in *"${line#!}"*) no "$build: printed '${line#!}', which it did not ($src)";;
		*) ok "$build: no '${line#!}' line, as its log";; esac ;;
	*)
		if printf '%s\n' "$out" | grep -qxF "  $line"; then ok "$build: $line"
		else no "$build: '$line' ($src), calc printed:"; printf '%s\n' "$out" | sed -n '/would report/,/note:/p'; fi ;;
	esac
done < "$here/tests/data/logs/lc_words.tsv"
[ "$n" -ge 20 ] && ok "$n rows read" || no "only $n rows read from lc_words.tsv"

# a worded build gets a plain header, lines_wording = the build
out=$("$KVPLAN" calc --engine llama.cpp@b4843 $(plan bge) 2>&1)
case $out in *"llama.cpp would report:"*) ok "b4843: a plain header";;
*) no "b4843 header: $(printf '%s\n' "$out" | grep 'would report')";; esac
"$KVPLAN" calc --engine llama.cpp@b4843 $(plan bge) --format json 2>&1 | tr -d ' \t\n' |
	grep -q '"release":"b4843","release_named":true,"lines_wording":"b4843"' &&
	ok "b4843: lines_wording b4843 in JSON" || no "b4843 JSON lines_wording"

# a build between two rows keeps today's words, labelled
out=$("$KVPLAN" calc --engine llama.cpp@b4400 $(plan bge) 2>&1)
case $out in *"(in the words of 84f71294; b4400 may word some lines otherwise"*"llama_kv_cache: size ="*)
	ok "b4400 (between b4343 and b4445): today's words, labelled";;
*) no "b4400: $(printf '%s\n' "$out" | sed -n '/would report/,/note:/p')";; esac

# a line no row words (a recurrent state) keeps the whole output in
# today's words, labelled, rather than mixing two builds' words
out=$("$KVPLAN" calc --engine llama.cpp@b4843 --model qwen3.5-27b --ctx-size 4096 2>&1)
case $out in *"(in the words of 84f71294; b4843 may word some lines otherwise"*"llama_memory_recurrent: size ="*)
	ok "b4843 with recurrent layers: today's words, labelled";;
*) no "b4843 recurrent: $(printf '%s\n' "$out" | sed -n '/would report/,/note:/p')";; esac

# calc and reconcile agree: calc's b4843 lines, read back as a log, are
# recognised as that era and compare equal
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT INT TERM
"$KVPLAN" calc --engine llama.cpp@b4843 $(plan gemma) 2>&1 | sed -n '/would report/,/note:/p' |
	grep -v 'would report\|note:\|kvplan estimate' | sed 's/^  //' > "$log"
# shellcheck disable=SC2046
out=$("$KVPLAN" reconcile "$log" --engine llama.cpp@b4843 $(plan gemma) 2>&1); rc=$?
case $out in *"0 not understood"*"0 arithmetic figures differ"*) [ $rc -eq 0 ] && ok "reconcile reads calc's b4843 lines: none differ" ||
	no "reconcile exit $rc: $out";;
*) no "reconcile of calc's b4843 lines (exit $rc): $out";; esac

# the log's own build line (common.cpp "build: N (hash)") names the
# release when the user names none: no wording inferred
{ printf '0.00.000.332 I build: 4843 (776f9e59) with cc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0 for x86_64-linux-gnu\n'
  cat "$log"; } > "$log.b"
# shellcheck disable=SC2046
out=$("$KVPLAN" reconcile "$log.b" $(plan gemma) 2>&1); rc=$?
case $out in *"engine release: none named; the log states b4843 (line 1): its rules are used"*"engine: llama.cpp b4843"*"0 arithmetic figures differ"*)
	[ $rc -eq 0 ] && ok "reconcile takes b4843 from the log's build line" || no "build line: exit $rc";;
*) no "reconcile with a build line (exit $rc): $out";; esac
# shellcheck disable=SC2046
out=$("$KVPLAN" reconcile "$log.b" --engine llama.cpp@b4878 $(plan gemma) 2>&1)
case $out in *"engine release: b4878, as named; the log states b4843 (line 1)"*)
	ok "a named build wins over the log's, and both are said";;
*) no "named over the log's build: $out";; esac
rm -f "$log.b"
exit $fail
