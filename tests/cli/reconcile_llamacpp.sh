#!/bin/sh
# reconcile_llamacpp.sh - `kvplan reconcile` on every llama.cpp case of
# tests/reference/cases/llamacpp.json (read at run time): the case's
# printed lines are the log, its `model` and `options` become flags, and
# every arithmetic figure (cache bytes, K, V, cells, layers, streams, the
# total with the recurrent state) must match the log within print rounding
# (exit 0, no DIFFERS). The expected kv_bytes of the case must appear as a
# computed figure. Cases llama.cpp refused must be refused by kvplan too.
here=$(cd "$(dirname "$0")" && pwd)
REF=$here/../reference
F=$REF/cases/llamacpp.json
AWK="awk -f $here/ref_lines.awk"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
KEYS="n_layer n_head n_head_kv head_k head_v kv_lora_rank rope_dim n_swa head_k_swa
      swa_layers attention_layers d_conv d_inner n_group d_state ctx_size parallel
      batch_size ubatch_size flash_attn cache_type_k cache_type_v kv_unified swa_full
      refused kv_bytes"
KEYS1=$(echo $KEYS)
# One awk pass per case (process starts are the cost): c_KEY variables.
load() {
	for k in $KEYS; do unset "c_$k"; done
	$AWK -v id="$1" -v mode=dump "$F" > "$tmp/kv"
	while IFS= read -r kv; do
		k=${kv%%=*}
		case " $KEYS1 " in *" $k "*) eval "c_$k=\${kv#*=}" ;; esac
	done < "$tmp/kv"
}
# 1234567 -> 1,234,567 (the table's separators)
commas() { echo "$1" | awk '{ s = $1; o = ""; while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) } print s o }'; }

for id in $($AWK -v mode=ids "$F"); do
	$AWK -v id="$id" "$F" > "$tmp/log"
	load "$id"
	set -- --engine llama.cpp --layers "${c_n_layer}" --q-heads "${c_n_head}"
	kvh=${c_n_head_kv}
	if [ -n "${c_kv_lora_rank}" ]; then
		# MLA: the latent (kv_lora_rank + rope dim) cached once per position
		set -- "$@" --layer-kind mla --kv-heads 1 --kv-lora-rank "${c_kv_lora_rank}" \
			--qk-rope-head-dim "${c_rope_dim}" \
			--k-dim $(( ${c_kv_lora_rank} + ${c_rope_dim} ))
	else
		set -- "$@" --kv-heads "$kvh" --k-dim "${c_head_k}" --v-dim "${c_head_v}"
	fi
	swa=${c_n_swa}
	hks=${c_head_k_swa}
	for l in ${c_swa_layers}; do
		if [ -n "$hks" ]; then
			set -- "$@" --layer "$l:kind=sliding,window=$swa,head_dim=$hks"
		else
			set -- "$@" --layer "$l:kind=sliding,window=$swa"
		fi
	done
	att=${c_attention_layers}
	if [ -n "$att" ]; then
		# hybrid: recurrent layers with the f32 state llama.cpp keeps,
		# ((d_conv - 1)(d_inner + 2 n_group d_state) + d_state d_inner) x 4 B
		dc=${c_d_conv} di=${c_d_inner} ng=${c_n_group} ds=${c_d_state}
		set -- "$@" --layer "all:kind=none,state_bytes=$(( ((dc - 1) * (di + 2 * ng * ds) + ds * di) * 4 ))"
		for l in $att; do set -- "$@" --layer "$l:kind=full"; done
	fi
	set -- "$@" --ctx-size "$c_ctx_size" --parallel "$c_parallel" \
		--batch-size "$c_batch_size" --ubatch-size "$c_ubatch_size" \
		--flash-attn "$c_flash_attn" --cache-type-k "$c_cache_type_k" \
		--cache-type-v "$c_cache_type_v"
	[ "${c_kv_unified}" = true ] && set -- "$@" --kv-unified
	[ "${c_swa_full}" = true ] && set -- "$@" --swa-full
	n=$((n + 1))
	"$KVPLAN" reconcile "$tmp/log" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ -n "${c_refused}" ]; then
		# the log holds the refusal and no size: kvplan refuses the plan
		if [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "flash_attn" "$tmp/err"; then
			echo "ok - $id: refused like llama.cpp"
		else
			echo "not ok - $id: expected a refusal (exit $rc)"; cat "$tmp/err"; fail=1
		fi
		continue
	fi
	want=$(commas "${c_kv_bytes}")
	if [ $rc -eq 0 ] && ! grep -q DIFFERS "$tmp/out" &&
	   [ "$(grep -c ' arithmetic ' "$tmp/out")" -ge 7 ] &&
	   grep -q "^KV cache.* $want " "$tmp/out"; then
		echo "ok - $id: every arithmetic figure matches, $want B computed"
	else
		echo "not ok - $id (exit $rc, want $want)"; cat "$tmp/out" "$tmp/err"; fail=1
	fi
done
[ $n -ge 14 ] || { echo "not ok - only $n cases read from $F"; fail=1; }
exit $fail
