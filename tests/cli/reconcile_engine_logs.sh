#!/bin/sh
# reconcile_engine_logs.sh - `kvplan reconcile` on every case of
# tests/reference/cases/engine-logs.json (read at run time) whose
# recomputation is marked exact: the printed lines are the log, the model
# is the shipped preset of the model the case names (same shape; written
# below with why), and the recomputed figures of the case must appear as
# kvplan's computed figures, with every arithmetic row matching the log
# within print rounding.
here=$(cd "$(dirname "$0")" && pwd)
REF=$here/../reference
F=$REF/cases/engine-logs.json
AWK="awk -f $here/ref_lines.awk"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
get() { $AWK -v id="$1" -v key="$2" "$F" | head -1; }
commas() { echo "$1" | awk '{ s = sprintf("%.0f", $1); o = ""; while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) } print s o }'; }

for id in $($AWK -v mode=ids "$F"); do
	case $(get "$id" match) in exact*) ;; *) continue ;; esac
	case $id in
	llamacpp-phi3-mini-4k)
		# llama.cpp printed n_swa = 0 for this GGUF: no sliding layers
		set -- --model phi-3-mini-4k-instruct --layer all:kind=full,window=0 \
			--ctx-size "$(get "$id" n_ctx)" --parallel "$(get "$id" n_seq_max)" \
			--batch-size "$(get "$id" n_batch)" --ubatch-size "$(get "$id" n_ubatch)" \
			--flash-attn off ;;
	llamacpp-gemma2-2b-iswa-4seq)
		set -- --model gemma-2-2b-it ;;
	vllm-10517-*)
		set -- --model llama-3.1-8b ;;
	vllm-15871-*)
		set -- --model deepseek-v2-lite ;;
	sglang-qwq32b-tp4)
		# QwQ-32B has the Qwen2.5-32B shape (64 layers, 8 KV heads of 128)
		set -- --model qwen2.5-32b --tp "$(get "$id" tp_size)" ;;
	trtllm-1188-*)
		# Qwen2.5-Coder-0.5B has the Qwen2-0.5B attention shape
		set -- --model qwen2-0.5b ;;
	*)
		echo "not ok - $id: no model mapping for this case (add one)"; fail=1; continue ;;
	esac
	n=$((n + 1))
	$AWK -v id="$id" "$F" > "$tmp/log"
	"$KVPLAN" reconcile "$tmp/log" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	ok=1
	# every arithmetic figure matches; the plan's own pool may miss what
	# the engine sized from memory it measured (exit 1, PLAN DIFFERS:
	# a finding since issue 31, reconcile_plan_error.sh)
	[ $rc -eq 0 ] || { [ $rc -eq 1 ] && grep -q 'PLAN DIFFERS' "$tmp/out"; } || ok=0
	grep -q 'arithmetic  *DIFFERS' "$tmp/out" && ok=0
	grep -q ' arithmetic  *match' "$tmp/out" || ok=0
	for k in total_bytes K_bytes per_cache_bytes bytes K_bytes_per_gpu; do
		v=$(get "$id" "$k")
		[ -n "$v" ] || continue
		if ! grep -q " $(commas "$v") " "$tmp/out"; then
			echo "# $id: recomputed $k $v not among kvplan's figures"; ok=0
		fi
	done
	# vLLM V0: the case's budget recomputed from the profile line lies in
	# the range kvplan derives from the same printed figures
	kb=$(get "$id" kv_bytes)
	if [ -n "$kb" ] && [ "$(get "$id" engine | cut -c1-4)" = vLLM ]; then
		grep "^KV budget from the log's profile" "$tmp/out" |
			awk -v want="$kb" '{ gsub(/,/, ""); if (match($0, /[0-9]+\.\.[0-9]+/)) { split(substr($0, RSTART, RLENGTH), r, /\.\./); if (r[1] + 0 <= want + 0 && want + 0 <= r[2] + 0) ok = 1 } } END { exit !ok }' ||
			{ echo "# $id: budget $kb not in kvplan's profile range"; ok=0; }
	fi
	c=$(get "$id" concurrency)
	if [ -n "$c" ]; then
		x=$(echo "$c" | awk '{ printf "%d", $1 * 100 + 0.5 }')
		grep -q "^max concurrency x100  *$x " "$tmp/out" || { echo "# $id: concurrency $c"; ok=0; }
	fi
	if [ $ok -eq 1 ]; then
		echo "ok - $id: reproduced"
	else
		echo "not ok - $id (exit $rc)"; cat "$tmp/out" "$tmp/err"; fail=1
	fi
done
[ $n -ge 6 ] || { echo "not ok - only $n exact cases in $F"; fail=1; }
exit $fail
