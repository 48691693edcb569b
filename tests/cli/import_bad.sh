#!/bin/sh
# import_bad.sh - `kvplan import` on every malformed file of
# tests/corpus/bad/ (and on an oversized, an unreadable and a missing
# path): exit status 2, nothing on stdout, one line on stderr naming the
# file; with --output, no file is created. Bad flags: exit 2, one line.
here=$(cd "$(dirname "$0")" && pwd)
C=$here/../corpus/bad
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0 n=0
notok() { echo "not ok - $1"; fail=1; }

refused() { # name, then the kvplan arguments
	name=$1; shift
	"$KVPLAN" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ $rc != 2 ]; then notok "$name: exit $rc, want 2"; return 1; fi
	if [ -s "$tmp/out" ]; then notok "$name: wrote to stdout"; return 1; fi
	if [ "$(wc -l < "$tmp/err")" != 1 ]; then
		notok "$name: $(wc -l < "$tmp/err") lines on stderr: $(cat "$tmp/err")"
		return 1
	fi
	return 0
}

for f in "$C"/*; do
	b=$(basename "$f")
	# preset files are not configs either: import refuses every one
	if refused "$b" import "$f" --output "$tmp/never.json"; then
		if ! grep -qF "$b" "$tmp/err"; then
			notok "$b: message does not name the file: $(cat "$tmp/err")"
		elif [ -e "$tmp/never.json" ]; then
			notok "$b: --output file created on error"
		else
			n=$((n + 1))
		fi
	fi
	refused "$b as text" import "$f" --format text || :
done
echo "ok - $n corpus files refused with exit 2 and one line naming the file"

# oversized (limit 4 MiB), made here rather than kept in the tree
{ printf '{"num_hidden_layers": 2, "num_attention_heads": 2, "hidden_size": 128, "pad": "'
  head -c 4300000 /dev/zero | tr '\0' 'x'; printf '"}'; } > "$tmp/big.json"
refused big import "$tmp/big.json" && grep -q "big.json.*limit" "$tmp/err" &&
	echo "ok - a file over the size limit is refused" || notok "oversized: $(cat "$tmp/err")"

refused missing import "$tmp/nope/config.json" && grep -q "nope/config.json" "$tmp/err" &&
	echo "ok - a missing path is named" || notok "missing path: $(cat "$tmp/err")"
mkdir "$tmp/empty-dir"
refused "folder without config.json" import "$tmp/empty-dir" &&
	grep -q "empty-dir/config.json" "$tmp/err" &&
	echo "ok - a folder without config.json is named" || notok "folder: $(cat "$tmp/err")"
if [ "$(id -u)" != 0 ]; then
	printf '{"num_hidden_layers": 2}' > "$tmp/locked.json"
	chmod 000 "$tmp/locked.json"
	refused unreadable import "$tmp/locked.json" && grep -q "locked.json" "$tmp/err" &&
		echo "ok - an unreadable file is named" || notok "unreadable: $(cat "$tmp/err")"
fi
refused "no PATH" import && echo "ok - import without PATH: exit 2" || :
refused "bad --format" import "$C/empty.json" --format yaml &&
	grep -q "yaml" "$tmp/err" && echo "ok - --format yaml named" || notok "--format: $(cat "$tmp/err")"
refused "unknown option" import "$C/empty.json" --frobnicate &&
	grep -q "frobnicate" "$tmp/err" && echo "ok - unknown option named" || notok "option: $(cat "$tmp/err")"
refused "two paths" import a.json b.json && echo "ok - two paths refused" || :
exit $fail
