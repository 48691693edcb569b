#!/bin/sh
# vllm_prefix_caching.sh - engine.vllm.enable_prefix_caching is auto, on or
# off; auto is the named release's default: off in V0 (before 0.8.0:
# vllm/engine/arg_utils.py _set_default_args_v0 leaves it None), on from
# 0.8.0 (_set_default_args_v1). A plan with no launch command must not
# assume sharing a V0 release does not do. Old plan files' true/false
# read as on/off.
. "$(dirname "$0")/calc_lib.inc"
unset VLLM_USE_V1
W="--model llama-3.1-8b --card h100 --prompt-system 2000 --prompt 1000 --gen 500 --samples 4 --concurrency 400 --share-system-prefix"

# fit REL EXPECT_FIT EXPECT_WORDS [FLAGS...]: the note's admission
fit() {
	rel=$1; n=$2; words=$3; shift 3
	"$KVPLAN" calc --engine "vllm@$rel" $W "$@" >"$TMP/out" 2>"$TMP/err"
	grep -qF "with $words, $n of its 400 requests fit at once" "$TMP/out" &&
		ok "vllm@$rel $*: $n fit, $words" ||
		notok "vllm@$rel $*: want $n with $words: $(grep 'note: vLLM' "$TMP/out") $(cat "$TMP/err")"
}
# Worked by hand. A request: 4 samples of 3,500 tokens, ceil(3,500 / 16)
# = 219 blocks each, 876 blocks. Shared (prefix caching): the 3,000-token
# prompt's 187 full blocks once for the 4 samples (876 - 3 x 187 = 315),
# the 2,000-token system prompt's 125 blocks once for all requests
# (315 - 125 = 190 a request, + 125 once).
# 0.7.3 on an H100: 22,271 blocks (this plan's budget, printed as
# "# GPU blocks: 22271": kvplan's budget, not at issue here; V0's
# non-torch estimate is 100 MiB from 0.7.0, vllm_profile.c vl_v0_base[]);
# max_num_seqs 256 (V0) = 64 requests of 4.
#   off: floor(22,271 / 876) = 25; on: min(floor((22,271 - 125) / 190)
#   = 116, 64) = 64.
# 0.8.0: 26,309 blocks (kvplan's budget: its non-torch estimate before
# 0.11.0 is 64 MiB, vllm_profile.c); max_num_seqs 1,024 (H100, V1) = 256
# requests.
#   on: floor((26,309 - 125) / 190) = 137; off: floor(26,309 / 876) = 30.
fit 0.7.3 25 "prefix caching off (vLLM 0.7.3's default)"
fit 0.7.3 64 "prefix caching on (--enable-prefix-caching)" --enable-prefix-caching
fit 0.7.3 25 "prefix caching off (--no-enable-prefix-caching)" --no-enable-prefix-caching
fit 0.7.3 25 "prefix caching off (vLLM 0.7.3's default)" --enable-prefix-caching=auto
fit 0.8.0 137 "prefix caching on (vLLM 0.8.0's default)"
fit 0.8.0 137 "prefix caching on (--enable-prefix-caching)" --enable-prefix-caching on
fit 0.8.0 30 "prefix caching off (--no-enable-prefix-caching)" --no-enable-prefix-caching
fit 0.8.0 30 "prefix caching off (--no-enable-prefix-caching)" --enable-prefix-caching=false
"$KVPLAN" calc --engine vllm@0.7.3 $W >"$TMP/out" 2>&1
grep -q "# GPU blocks: 22271," "$TMP/out" && ok "0.7.3: 22,271 blocks (the figure above)" ||
	notok "0.7.3 blocks: $(grep 'GPU blocks' "$TMP/out")"
"$KVPLAN" calc --engine vllm@0.8.0 $W >"$TMP/out" 2>&1
grep -q "26,309 blocks" "$TMP/out" && ok "0.8.0: 26,309 blocks (the figure above)" ||
	notok "0.8.0 blocks: $(grep 'note: vLLM' "$TMP/out")"

# compare's row says the same words
"$KVPLAN" compare --engine vllm@0.7.3 $W >"$TMP/out" 2>"$TMP/err"
grep -qF "with prefix caching off (vLLM 0.7.3's default), 25 of 400 requests fit" "$TMP/out" &&
	ok "compare: vllm 0.7.3's row, 25 fit with prefix caching off (the default)" ||
	notok "compare: $(grep '^  vllm' "$TMP/out") $(cat "$TMP/err")"

# a new plan writes the choice; the record says what ran and whence
"$KVPLAN" calc --engine vllm@0.7.3 $W --format json >"$TMP/rec.json" 2>"$TMP/err"
grep -q '"enable_prefix_caching":[[:space:]]*"auto"' "$TMP/rec.json" &&
grep -q '"prefix_caching":[[:space:]]*false,' "$TMP/rec.json" &&
grep -q '"prefix_caching_default":[[:space:]]*true' "$TMP/rec.json" &&
	ok "record: auto written, off run (the release's default)" ||
	notok "record: $(grep prefix_cach "$TMP/rec.json") $(cat "$TMP/err")"

# old plan files: true/false read as on/off; auto read back as auto
for c in "true 64 on (--enable-prefix-caching)" "false 25 off (--no-enable-prefix-caching)" \
         '"auto" 25 off (vLLM 0.7.3'"'"'s default)'; do
	v=${c%% *}; rest=${c#* }; n=${rest%% *}; words="prefix caching ${rest#* }"
	sed "s/\"enable_prefix_caching\":[[:space:]]*\"auto\"/\"enable_prefix_caching\": $v/" \
		"$TMP/rec.json" >"$TMP/old.json"
	grep -q "\"enable_prefix_caching\": $v" "$TMP/old.json" || notok "old file $v not made"
	"$KVPLAN" calc "$TMP/old.json" >"$TMP/out" 2>"$TMP/err"
	grep -qF "with $words, $n of its 400" "$TMP/out" &&
		ok "plan file with \"enable_prefix_caching\": $v: $words" ||
		notok "plan file $v: $(grep 'note: vLLM' "$TMP/out") $(cat "$TMP/err")"
done
sed 's/"enable_prefix_caching":[[:space:]]*"auto"/"enable_prefix_caching": "maybe"/' \
	"$TMP/rec.json" >"$TMP/bad.json"
bad "plan file: a word not auto/on/off" "engine.vllm.enable_prefix_caching: 'maybe' - expected one of auto, on, off" \
	calc "$TMP/bad.json"
bad "--no-enable-prefix-caching takes no value" "--no-enable-prefix-caching: takes no value" \
	calc --engine vllm $W --no-enable-prefix-caching=on
bad "--enable-prefix-caching=maybe" "expected one of auto, on, off" \
	calc --engine vllm $W --enable-prefix-caching=maybe
# reconcile: vLLM's "non-default args" line lists enable_prefix_caching
# only when the command gave it (vLLM 0.17.1rc1's log, its header names
# the source: 'enable_prefix_caching': True); kvplan's flag wins over it
logs="$(dirname "$0")/../data/logs"
R="--engine vllm --model qwen3.5-35b-a3b --mm-item-tokens 16384"
"$KVPLAN" reconcile $R "$logs/vllm-0.17-encoder.log" >"$TMP/out" 2>&1
grep -q '^settings from the log: .*enable_prefix_caching' "$TMP/out" &&
	ok "reconcile: prefix caching taken from the log's non-default args" ||
	notok "reconcile log: $(grep settings "$TMP/out")"
"$KVPLAN" reconcile $R --no-enable-prefix-caching "$logs/vllm-0.17-encoder.log" >"$TMP/out" 2>&1
grep -q '^settings from the flags (they win over the log): enable_prefix_caching$' "$TMP/out" &&
! grep -q '^settings from the log: .*enable_prefix_caching' "$TMP/out" &&
	ok "reconcile: --no-enable-prefix-caching wins over the log" ||
	notok "reconcile flag: $(grep settings "$TMP/out")"
exit $((fails > 0))
