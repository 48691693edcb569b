#!/bin/sh
# messages_whole.sh - no message is cut (issue 31). Llama 3.1 8B on an
# A100 80GB, 32 requests of 8,192 + 2,048 tokens: KVP-W07's message runs
# past 240 bytes and used to end "...and it has 25253732352 B fre" in the
# text and the JSON record. Its tail must now be whole: "B free" at the
# end, in both. (The 400-character case: tests/unit/test_long_messages.c.)
. "$(dirname "$0")/fit_lib.inc"
P="--model llama-3.1-8b --card a100-80gb --concurrency 32 --prompt 8192 --gen 2048"

"$KVPLAN" fit $P >"$TMP/t.txt"
line=$(grep '^warning KVP-W07 ' "$TMP/t.txt")
[ "${#line}" -gt 240 ] && ok "the W07 line is longer than the old 240 bytes (${#line})" ||
	notok "W07 line of ${#line} bytes: $line"
case $line in
*"and it has "[0-9]*" B free") ok "text: W07 whole" ;;
*) notok "text: W07 cut: $line" ;;
esac
"$KVPLAN" fit $P --format json >"$TMP/r.json"
grep -q '"message":[[:space:]]*"strategy.max_cache_len: static reservation of .* and it has [0-9]* B free"' "$TMP/r.json" &&
	ok "json: W07 whole" || notok "json: $(grep 'static reservation' "$TMP/r.json")"
# An error naming a path of 3,781 bytes (PATH_MAX is 4,096) is whole: it
# ended mid-path at 1,023 bytes before.
long=/tmp/kvplan-no-such
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
	long=$long/$(printf '%0250d' 0)
done
long=$long/config.json
"$KVPLAN" calc --model "$long" >/dev/null 2>"$TMP/e"
rc=$?
err=$(cat "$TMP/e")
case $err in
*"$long: No such file or directory") [ "$rc" -eq 2 ] && ok "a ${#long}-byte path: the error whole" ||
	notok "rc $rc" ;;
*) notok "long path cut (${#err} bytes): ...$(printf '%s' "$err" | tail -c 60)" ;;
esac
[ "$fails" -eq 0 ]
