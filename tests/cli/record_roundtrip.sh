#!/bin/sh
# record_roundtrip.sh - a sizing record is itself a plan: for every shipped
# model preset (presets/models/*.json), under the generic strategy and under
# each named engine on one of the first five presets (all six engines on
# every preset would cost ~400 process starts), `kvplan calc --format json` writes
# a record and
# `kvplan calc RECORD.json --format json` reproduces it byte for byte. The
# record must hold the inputs (model id, layers, heads, formats, workload,
# strategy/engine, cards) and the figures as integers.
here=$(cd "$(dirname "$0")" && pwd)
P=$here/../../presets/models
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0 i=0
set -- llama.cpp vllm transformers sglang trtllm
for m in "$P"/*.json; do
	name=$(basename "$m" .json)
	i=$((i + 1))
	named=
	[ $i -le 5 ] && eval "named=\${$i}"
	for eng in generic $named; do
		# lengths given, since some configs state no max positions, each
		# as its engine's own flag (another engine's would only add a
		# note that it changes nothing, which the record does not keep);
		# a large card, so that no engine refuses for lack of memory
		case $eng in
		llama.cpp) len="--ctx-size 8192";;
		vllm) len="--max-model-len 8192";;
		sglang) len="--context-length 8192";;
		*) len=;;
		esac
		if ! $KVPLAN calc --model "$m" --engine "$eng" --card H100-80GB-SXM --card-capacity 4TiB \
			$len --format json \
			> "$tmp/r1.json" 2> "$tmp/err"; then
			echo "not ok - $name/$eng: calc failed: $(cat "$tmp/err")"; fail=1; continue
		fi
		n=$((n + 1))
		if ! $KVPLAN calc "$tmp/r1.json" --format json > "$tmp/r2.json" 2> "$tmp/err"; then
			echo "not ok - $name/$eng: the record does not load: $(cat "$tmp/err")"; fail=1; continue
		fi
		if ! cmp -s "$tmp/r1.json" "$tmp/r2.json"; then
			echo "not ok - $name/$eng: record not reproduced"; diff "$tmp/r1.json" "$tmp/r2.json" | head -10; fail=1; continue
		fi
		for k in '"kvplan":[[:space:]]*"record"' '"kvplan_version"' '"n_layers"' '"kv_heads"' \
		         '"k_dtype"' '"classes"' '"kind":[[:space:]]*"'"$eng"'"' '"capacity_bytes":[[:space:]]*[0-9]' \
		         '"bytes":[[:space:]]*[0-9]' '"warnings"'; do
			grep -Eq "$k" "$tmp/r1.json" || { echo "not ok - $name/$eng: record lacks $k"; fail=1; }
		done
	done
done
[ $n -ge 35 ] || { echo "not ok - only $n records made"; fail=1; }
[ $fail -eq 0 ] && echo "ok - $n records (every preset; every engine once) reproduced exactly"
exit $fail
