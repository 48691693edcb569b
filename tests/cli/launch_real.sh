#!/bin/sh
# launch_real.sh - real launch commands from public sources
# (tests/data/launch/real/*.sh; each file's first line names its source),
# read with --launch (a command the source gives as a list is a JSON
# file the .sh names with "# launch-file:"). Each file gives the kvplan flags the test adds
# ("# run:": the model preset that stands for the command's model, which
# kvplan cannot fetch, and the card), then either the command kvplan
# writes back for the plan it read ("# expect:", worked by hand from the
# command: the memory flags in the engine's spelling, the ones at the
# engine's default left out, -ngl all always for llama.cpp, whose default
# is auto) and the flags named as not modelled ("# not-modelled:"), or
# the refusal ("# refused:"), which is what the engine itself does.
. "$(dirname "$0")/calc_lib.inc"
# the engine's environment is kvplan's: none of its device variables here
unset CUDA_VISIBLE_DEVICES HIP_VISIBLE_DEVICES ROCR_VISIBLE_DEVICES VLLM_USE_V1
DIR="$(cd "$(dirname "$0")/../data/launch/real" && pwd)"

field() { sed -n "s/^# $1: //p" "$2" | head -n1; }

n=0 read_in=0
for f in "$DIR"/*.sh; do
	name=$(basename "$f" .sh)
	run=$(field run "$f")
	refused=$(field refused "$f")
	n=$((n + 1))
	# the command itself: this file, or the JSON list it names
	lf=$(field launch-file "$f")
	cmdf=$f
	[ -n "$lf" ] && cmdf="$DIR/$lf"
	if [ -n "$refused" ]; then
		# shellcheck disable=SC2086
		bad "$name: refused" "$refused" calc $run --launch "$cmdf"
		continue
	fi
	read_in=$((read_in + 1))
	emit=$(field emit "$f")
	expect=$(field expect "$f")
	# from the data folder: a command may name a file beside it
	# shellcheck disable=SC2086
	(cd "$DIR" && "$KVPLAN" calc $run --emit "$emit" --launch "$cmdf") >"$TMP/out" 2>"$TMP/err"
	rc=$?
	got=$(grep -v '^#' "$TMP/out" | tr -d '\\\n' | tr -s ' ')
	if [ "$rc" -eq 0 ] && [ "$got" = "$expect" ]; then
		ok "$name: writes back '$expect'"
	else
		notok "$name: rc=$rc, wrote '$got', expected '$expect' $(cat "$TMP/err")"
	fi
	# shellcheck disable=SC2086
	(cd "$DIR" && "$KVPLAN" calc $run --launch "$cmdf") >"$TMP/text" 2>"$TMP/err"
	# figures worked by hand in the file's "# by hand:" lines
	sed -n 's/^# expect-line: //p' "$f" >"$TMP/lines"
	while IFS= read -r line; do
		if grep -qF -- "$line" "$TMP/text"; then
			ok "$name: '$line'"
		else
			notok "$name: no line '$line' in the text output"
		fi
	done <"$TMP/lines"
	for flag in $(field not-modelled "$f"); do
		if grep '^note: .*not modelled' "$TMP/text" | grep -qF -- " $flag"; then
			ok "$name: $flag named as not modelled"
		else
			notok "$name: $flag not named as not modelled: $(grep '^note' "$TMP/text")"
		fi
	done
done
[ "$read_in" -ge 20 ] && ok "$n real commands, $read_in read into plans" ||
	notok "only $read_in of $n real commands read into plans"
exit $((fails > 0))
