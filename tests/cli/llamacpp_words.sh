#!/bin/sh
# llamacpp_words.sh - calc prints llama.cpp's lines in the words of the
# build the plan names (src/core/lc_words.c; issue 17 item 1, "the renames
# of its cache log lines"; item 3, calc and reconcile agree on a version).
#
# Each row of tests/data/logs/lc_words.tsv is a line a build printed in
# llama.cpp's own CI (ggml-org/ci), for a model whose shape the plan
# below repeats; calc at that build must print it, to the byte and the
# space. By hand, bge-small (12 layers x 384 K and V values x 512 cells
# x 2 B): K = V = 4,718,592 B = 4.50 MiB, 9.00 MiB in all; gemma-1.1-2b
# (18 layers x 256 x 4,096 x 2 B): K = V = 37,748,736 B = 36.00 MiB.
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
out=$("$KVPLAN" calc --engine llama.cpp@b4490 $(plan bge) 2>&1)
case $out in *"llama.cpp would report:"*) ok "b4490: a plain header";;
*) no "b4490 header: $(printf '%s\n' "$out" | grep 'would report')";; esac
"$KVPLAN" calc --engine llama.cpp@b4490 $(plan bge) --format json 2>&1 | tr -d ' \t\n' |
	grep -q '"release":"b4490","release_named":true,"lines_wording":"b4490"' &&
	ok "b4490: lines_wording b4490 in JSON" || no "b4490 JSON lines_wording"

# a build between two rows keeps today's words, labelled
out=$("$KVPLAN" calc --engine llama.cpp@b4400 $(plan bge) 2>&1)
case $out in *"(in the words of 84f71294; b4400 may word some lines otherwise"*"llama_kv_cache: size ="*)
	ok "b4400 (between b4343 and b4445): today's words, labelled";;
*) no "b4400: $(printf '%s\n' "$out" | sed -n '/would report/,/note:/p')";; esac

# a line no row words (a recurrent state) keeps the whole output in
# today's words, labelled, rather than mixing two builds' words
out=$("$KVPLAN" calc --engine llama.cpp@b4490 --model qwen3.5-27b --ctx-size 4096 2>&1)
case $out in *"(in the words of 84f71294; b4490 may word some lines otherwise"*"llama_memory_recurrent: size ="*)
	ok "b4490 with recurrent layers: today's words, labelled";;
*) no "b4490 recurrent: $(printf '%s\n' "$out" | sed -n '/would report/,/note:/p')";; esac

# calc and reconcile agree: calc's b4490 lines, read back as a log, are
# recognised as that era and compare equal
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT INT TERM
"$KVPLAN" calc --engine llama.cpp@b4490 $(plan gemma) 2>&1 | sed -n '/would report/,/note:/p' |
	grep -v 'would report\|note:\|kvplan estimate' | sed 's/^  //' > "$log"
# shellcheck disable=SC2046
out=$("$KVPLAN" reconcile "$log" --engine llama.cpp@b4490 $(plan gemma) 2>&1); rc=$?
case $out in *"0 not understood"*"0 arithmetic figures differ"*) [ $rc -eq 0 ] && ok "reconcile reads calc's b4490 lines: none differ" ||
	no "reconcile exit $rc: $out";;
*) no "reconcile of calc's b4490 lines (exit $rc): $out";; esac
exit $fail
