#!/bin/sh
# conventions.sh - the command line follows the conventions users know:
# --version and -V; -h and --help on every command; --help names the
# planner's synopsis `kvplan [PLAN.json]` and the commands; switches as
# --flag, --no-flag, --flag=true|false and never the next word; token
# counts with k/K (8k = 8,192); a plan from flags alone named after its
# model, or "custom" when flags give the shape.
. "$(dirname "$0")/calc_lib.inc"
XDG_CONFIG_HOME=$TMP/xdg; export XDG_CONFIG_HOME

want_version=$("$KVPLAN" version)
case $want_version in "kvplan "[0-9]*) ok "kvplan version: '$want_version'" ;; *) notok "kvplan version: '$want_version'" ;; esac
for v in --version -V; do
	out=$("$KVPLAN" $v 2>&1); rc=$?
	[ $rc -eq 0 ] && [ "$out" = "$want_version" ] && ok "kvplan $v" || notok "kvplan $v: rc $rc '$out'"
done

# -h and --help: every command prints its usage on stdout, exit 0
cmds=$("$KVPLAN" --help | awk '/^commands:/ { on = 1; next } on && NF { print $1 }')
[ -n "$cmds" ] && ok "--help lists commands" || notok "--help lists no command"
for c in $cmds; do
	for h in -h --help; do
		"$KVPLAN" $c $h >"$TMP/out" 2>"$TMP/err"; rc=$?
		[ $rc -eq 0 ] && head -1 "$TMP/out" | grep -q "^usage: kvplan $c" && [ ! -s "$TMP/err" ] &&
			ok "kvplan $c $h" || notok "kvplan $c $h: rc $rc $(head -1 "$TMP/out") $(cat "$TMP/err")"
	done
done
for h in -h --help; do
	"$KVPLAN" $h >"$TMP/out" 2>&1; rc=$?
	[ $rc -eq 0 ] && grep -q '^usage: kvplan \[PLAN.json\] \[OPTIONS\]  *the planner' "$TMP/out" &&
	grep -q 'kvplan --version | -V' "$TMP/out" &&
		ok "kvplan $h: the planner's synopsis first" || notok "kvplan $h: $(head -2 "$TMP/out")"
done
# the planner's own option help (a plan file or option first)
"$KVPLAN" --model llama-3.1-8b --help >"$TMP/out" 2>&1
head -1 "$TMP/out" | grep -q '^usage: kvplan \[PLAN.json\]' && ok "kvplan --model X --help: 'usage: kvplan [PLAN.json]'" ||
	notok "planner --help: $(head -1 "$TMP/out")"

# switches: --flag, --no-flag, --flag=true|false; never the next word
fa() { "$KVPLAN" calc "$@" --format json 2>"$TMP/err" | awk '/"flash_attention":/ { gsub(/[,\t ]/, ""); sub(/.*:/, ""); print; exit }'; }
[ "$(fa --flash-attention)" = true ] && ok "--flash-attention: true" || notok "--flash-attention: '$(fa --flash-attention)' $(cat "$TMP/err")"
[ "$(fa --no-flash-attention)" = false ] && ok "--no-flash-attention: false" || notok "--no-flash-attention"
[ "$(fa --flash-attention=true)" = true ] && ok "--flash-attention=true" || notok "--flash-attention=true"
[ "$(fa --flash-attention=false)" = false ] && ok "--flash-attention=false" || notok "--flash-attention=false"
bad "--flash-attention true: refused, not a plan file" \
	"--flash-attention true: a switch takes no separate value - write --flash-attention, --no-flash-attention or --flash-attention=true|false" \
	calc --flash-attention true
bad "--kv-unified false: refused" "--kv-unified false: a switch takes no separate value" calc --engine llamacpp --kv-unified false
bad "--no-flash-attention no: refused" "write --flash-attention, --no-flash-attention" calc --no-flash-attention no
bad "--per-layer yes: refused" "--per-layer yes: a switch takes no value - write --per-layer alone" calc --per-layer yes

# token counts: k = 1,024 tokens. One request of 8k + 0 generated on
# the worked example (163,840 B per position): 8,192 x 163,840 = 1,342,177,280 B
"$KVPLAN" calc --concurrency 1 --prompt 8k --gen 0 --format json >"$TMP/k.json" 2>"$TMP/err"
v=$(json_int "$TMP/k.json" kv bytes)
[ "$v" = 1342177280 ] && ok "--prompt 8k = 8,192 tokens (1342177280 B)" || notok "--prompt 8k: '$v' $(cat "$TMP/err")"
"$KVPLAN" calc --concurrency 1 --prompt 8K --gen 0 --format json >"$TMP/k.json" 2>"$TMP/err"
v=$(json_int "$TMP/k.json" kv bytes)
[ "$v" = 1342177280 ] && ok "--prompt 8K = 8,192 tokens" || notok "--prompt 8K: '$v' $(cat "$TMP/err")"

# vLLM's own flags take the value as vLLM does (human_readable_int in
# vllm/engine/arg_utils.py): 32k = 32,000, 32K = 32,768, 25.6k = 25,600;
# a decimal before K is vLLM's error too.
for pair in 32k:32000 32K:32768 25.6k:25600 0.5k:500 2048:2048; do
	"$KVPLAN" calc --engine vllm --max-model-len "${pair%%:*}" --max-num-batched-tokens "${pair%%:*}" --format json >"$TMP/k.json" 2>"$TMP/err"
	v=$(awk -F'[:,]' '/^\t\t\t"max_model_len":/ { gsub(/[ \t]/, "", $2); print $2; exit }' "$TMP/k.json")
	b=$(awk -F'[:,]' '/^\t\t\t"max_num_batched_tokens":/ { gsub(/[ \t]/, "", $2); print $2; exit }' "$TMP/k.json")
	[ "$v" = "${pair#*:}" ] && [ "$b" = "${pair#*:}" ] && ok "vLLM --max-model-len ${pair%%:*} = ${pair#*:}" ||
		notok "vLLM ${pair%%:*}: '$v' '$b' $(cat "$TMP/err")"
done
# --kv-cache-memory-bytes is one of vLLM's human_readable_ints too: 8G
# is 8 GiB, 8g 8 x 10^9; kvplan's own units stay.
for pair in 8G:8589934592 8g:8000000000 8GiB:8589934592 8GB:8000000000; do
	"$KVPLAN" calc --engine vllm --kv-cache-memory-bytes "${pair%%:*}" --format json >"$TMP/k.json" 2>"$TMP/err"
	v=$(awk -F'[:,]' '/^\t\t\t"kv_cache_memory_bytes":/ { gsub(/[ \t]/, "", $2); print $2; exit }' "$TMP/k.json")
	[ "$v" = "${pair#*:}" ] && ok "vLLM --kv-cache-memory-bytes ${pair%%:*} = ${pair#*:}" ||
		notok "vLLM kv-cache-memory-bytes ${pair%%:*}: '$v' $(cat "$TMP/err")"
done
bad "vLLM 1.5K refused" "engine.vllm.max_model_len: '1.5K' - decimals go with k, m, g, t only" calc --engine vllm --max-model-len 1.5K
bad "vLLM 32x refused" "engine.vllm.max_num_batched_tokens: '32x' - not a whole number (vLLM's 32k = 32,000" calc --engine vllm --max-num-batched-tokens 32x

# naming a plan made of flags
plan_name() { "$KVPLAN" calc "$@" --format json 2>"$TMP/err" | awk -F'"' '/^\t"name":/ { print $4; exit }'; }
mid() { "$KVPLAN" calc "$@" --format json 2>"$TMP/err" | awk -F'"' '/^\t\t"id":/ { print $4; exit }'; }
n=$(plan_name --model llama-3.1-8b); [ "$n" = meta-llama/Llama-3.1-8B ] && ok "--model: plan named after the model" || notok "--model name: '$n'"
n=$(plan_name --layers 32 --q-heads 32 --kv-heads 8); m=$(mid --layers 32 --q-heads 32 --kv-heads 8)
[ "$n" = custom ] && [ "$m" = custom ] && ok "shape from flags: plan and model 'custom'" || notok "shape flags: name '$n' model '$m'"
n=$(plan_name --model llama-3.1-8b --layers 16); m=$(mid --model llama-3.1-8b --layers 16)
[ "$n" = custom ] && [ "$m" = meta-llama/Llama-3.1-8B ] && ok "a reshaped --model: plan 'custom'" || notok "reshaped model: '$n' '$m'"
n=$(plan_name --prompt 2k); m=$(mid --prompt 2k)
[ "$n" = "$m" ] && [ "$n" != "worked example (docs/DESIGN.md)" ] && ok "workload flags only: plan named after its model ($n)" || notok "--prompt only: '$n' model '$m'"
n=$(plan_name --layers 32 --name mine); [ "$n" = mine ] && ok "--name wins" || notok "--name: '$n'"
"$KVPLAN" calc --layers 32 --q-heads 32 --kv-heads 8 >"$TMP/out" 2>&1
grep -q "example" "$TMP/out" && notok "a flag-only shape mentions the worked example: $(grep example "$TMP/out")" ||
	ok "a flag-only shape never mentions the worked example"
exit $fails
