#!/bin/sh
# numbers.sh - issue 10's reproducers for numbers as people write them:
# a decimal comma is refused naming the field (never read as thousands),
# 1e400 in a plan is out of range (not "null"), JSON nested past the
# parser's limit says so, a layer rule's format list names groupq, and a
# file that is not JSON is refused without quoting it.
: "${KVPLAN:?set KVPLAN to the kvplan binary}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }

refused() {
	name=$1 needle=$2
	shift 2
	"$KVPLAN" "$@" >"$TMP/out" 2>"$TMP/err"
	st=$?
	if [ "$st" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	   grep -qF -- "$needle" "$TMP/err"; then
		ok "$name"
	else
		notok "$name: status $st: $(head -c 300 "$TMP/err")"
	fi
}

refused "0,9 is a decimal comma" \
	"engine.vllm.gpu_memory_utilization: '0,9' - has a decimal comma" \
	calc --engine vllm --gpu-memory-utilization 0,9
refused "1,5GB is a decimal comma" \
	"devices.groups[0].card.capacity_bytes: '1,5GB' - has a decimal comma" \
	calc --card-capacity 1,5GB
"$KVPLAN" calc --prompt 1,000 --format json >"$TMP/th.json" 2>&1 &&
	grep -q '"input":[[:space:]]*1000' "$TMP/th.json" &&
	ok "1,000 is a thousand" || notok "1,000: $(head -c 200 "$TMP/th.json")"

"$KVPLAN" calc --format json >"$TMP/p.json" 2>/dev/null
sed 's/"requests":[[:space:]]*6/"requests": 1e400/' "$TMP/p.json" >"$TMP/big.json"
refused "1e400 out of range" "workload.classes[0].requests: a number beyond 1.8e308 - out of range" \
	calc "$TMP/big.json"
awk 'BEGIN { printf "{\"kvplan\": \"plan\", \"x\": "; for (i = 0; i < 1500; i++) printf "["; for (i = 0; i < 1500; i++) printf "]"; print "}" }' >"$TMP/deep.json"
refused "nested past the parser's limit" "nested deeper than 1000 levels - the JSON parser's limit" \
	calc "$TMP/deep.json"
refused "layer rule formats list groupq" "iq4_nl (groupq is set on the model" \
	calc --layer all:dtype=q3
printf 'root:x:0:0:secret-line\n' >"$TMP/notjson.json"
refused "a non-JSON file is not quoted" "not a JSON file" calc "$TMP/notjson.json"
grep -q secret "$TMP/err" && notok "the message quotes the file" || ok "no content quoted"

[ "$fails" -eq 0 ]
