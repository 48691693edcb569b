#!/bin/sh
# did_you_mean.sh - a mistyped command or flag is refused (exit 2, one
# line, nothing on stdout) naming the nearest command or flag when the
# name is a typo of it, as a mistyped preset name names its nearest; a
# name near nothing gets no guess.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# refused WANT ARGS...: exit 2, one line on stderr holding WANT, no stdout
refused() {
	want=$1
	shift
	"$KVPLAN" "$@" >"$tmp/o" 2>"$tmp/e" </dev/null
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$tmp/o" ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
	   grep -qF -- "$want" "$tmp/e"; then
		ok "$*: $want"
	else
		no "$*: rc $rc: $(cat "$tmp/e")"
	fi
}

refused "unknown command 'calcc' (did you mean 'calc'?" calcc
refused "unknown command 'sovle' (did you mean 'solve'?" sovle
# two neighbouring letters swapped are one typo (optimal string alignment):
# 'fti' is 2 edits from 'fit' by Levenshtein, beyond a 3-letter word's reach
refused "unknown command 'fti' (did you mean 'fit'?" fti
refused "--modle: unknown option (did you mean --model?" fit --modle x
refused "--kv-dtyp: unknown option (did you mean --kv-dtype?" calc --kv-dtyp fp8
refused "--concurency: unknown option (did you mean --concurrency?" fit --concurency 4
refused "--asume-layout: unknown option (did you mean --assume-layout?" import x.json --asume-layout
# near nothing: no guess
refused "unknown command 'frobnicate' (try kvplan --help)" frobnicate
refused "--zzzzzz: unknown option (see kvplan calc --help)" calc --zzzzzz 1
exit $fail
