#!/bin/sh
# input_rules.sh - input the program used to take silently and get wrong:
#  1. generic-strategy flags (--block-size, --max-cache-len, --strategy,
#     --resident-layers, --sliding-as-full, --mla-mode) with a named engine,
#     which never reads them: refused, naming flag, value, engine and the
#     engine's own flag; and one engine's own flag under another engine;
#  2. lengths given in characters ("12000c", "12000 chars"): refused as
#     tokens, naming the field and the value, pointing to the tokenizer;
#  3. KVP-W08 for a full-attention model edited to sliding on every layer;
#  4. Hkv that does not divide Hq: a layout error naming both;
#  5. a plan file without its model: "missing", with the file name.
# Every refusal: exit 2, nothing on stdout, exactly one line on stderr.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
notok() { echo "not ok - $1"; fail=1; }

# refused NAME -- PATTERN... -- ARGS: exit 2, empty stdout, one stderr
# line holding every fixed-string PATTERN. (The leading "--" was once
# taken as the end of the patterns, so the patterns ran as kvplan's
# arguments and every case passed on kvplan's own usage error.)
# parse_case NAME -- PATTERN... -- ARGS: sets name, pats (one a line) and
# n, the arguments to shift to reach ARGS
parse_case() {
	name=$1; shift; n=1
	if [ "$1" = "--" ]; then shift; n=$((n + 1)); fi
	pats=""
	while [ "$1" != "--" ]; do pats="$pats
$1"; shift; n=$((n + 1)); done
	n=$((n + 1))
}

# lacking FILE: true when FILE lacks one of pats (listed in $tmp/miss)
lacking() {
	echo "$pats" | while IFS= read -r p; do
		[ -z "$p" ] && continue
		grep -qF -- "$p" "$1" || echo "$p"
	done > "$tmp/miss"
	[ -s "$tmp/miss" ]
}

refused() {
	parse_case "$@"; shift $n
	"$KVPLAN" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ $rc != 2 ]; then notok "$name: exit $rc, want 2"; return; fi
	if [ -s "$tmp/out" ]; then notok "$name: wrote to stdout"; return; fi
	if [ "$(wc -l < "$tmp/err")" != 1 ]; then
		notok "$name: $(wc -l < "$tmp/err") lines on stderr: $(cat "$tmp/err")"
		return
	fi
	if lacking "$tmp/err"; then
		notok "$name: '$(cat "$tmp/err")' lacks: $(tr '\n' '|' < "$tmp/miss")"
	fi
}

accepted() {
	name=$1; shift
	"$KVPLAN" "$@" > "$tmp/out" 2> "$tmp/err" ||
		notok "$name: exit $?, want 0: $(cat "$tmp/err")"
}

# 1. strategy flags under a named engine
refused "block-size vllm" -- "--block-size" "'7'" "vllm" "--vllm-block-size" -- \
	calc --engine vllm --block-size 7
refused "block-size sglang (flag before engine)" -- "--block-size" "sglang" "--page-size" -- \
	calc --block-size 32 --engine sglang
refused "block-size trtllm" -- "--block-size" "--tokens-per-block" -- \
	calc --engine trtllm --block-size 32
refused "max-cache-len transformers" -- "--max-cache-len" "'100'" "transformers" "--hf-max-cache-len" -- \
	calc --engine transformers --max-cache-len 100
refused "max-cache-len vllm" -- "--max-cache-len" "--max-model-len" -- \
	calc --engine vllm --max-cache-len 4096
refused "strategy llama.cpp" -- "--strategy" "'paged'" "llama.cpp" "no such setting" -- \
	calc --engine llamacpp --strategy paged
refused "resident-layers vllm" -- "--resident-layers" "'3'" "vllm" -- \
	calc --engine vllm --resident-layers 3
refused "fit too" -- "--block-size" "--vllm-block-size" -- \
	fit --engine vllm --block-size 7
# the generic engine reads them: accepted
accepted "block-size generic" calc --strategy paged --block-size 32
accepted "engine's own flag" calc --engine vllm --vllm-block-size 32
# 1b. one engine's option under another engine (or the generic one),
# which reads nothing of it: in calc, fit and solve a note names the
# flag, its engine, its key and the plan's engine (not refused: a script
# may pass one flag set to every engine)
noted() {
	parse_case "$@"; shift $n
	"$KVPLAN" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ $rc != 0 ]; then notok "$name: exit $rc, want 0: $(cat "$tmp/err")"; return; fi
	grep "changes nothing" "$tmp/out" > "$tmp/note"
	if [ "$(wc -l < "$tmp/note")" != 1 ]; then
		notok "$name: want one note, got: $(cat "$tmp/note")"; return
	fi
	if lacking "$tmp/note"; then
		notok "$name: '$(cat "$tmp/note")' lacks: $(tr '\n' '|' < "$tmp/miss")"
	fi
}
noted "swa-full under vllm" -- "--swa-full" "llama.cpp" "engine.llamacpp.swa_full" "engine is vllm" -- \
	calc --engine vllm --swa-full
noted "max-model-len under generic" -- "--max-model-len" "vllm" "engine is generic" -- \
	calc --max-model-len 4096
noted "rs-seq under sglang, fit" -- "--rs-seq" "llama.cpp" "engine is sglang" -- \
	fit --card h100 --rs-seq 2 --engine sglang
noted "page-size under llama.cpp, solve" -- "--page-size" "sglang" "engine is llama.cpp" -- \
	solve --for concurrency --card h100 --engine llama.cpp --page-size 32
# every foreign flag, not only the first engine flag met
noted "swa-full after vLLM's own flag" -- "--swa-full" "engine is vllm" -- \
	calc --engine vllm --max-model-len 4096 --swa-full
"$KVPLAN" solve --for concurrency --card h100 --engine llama.cpp --page-size 32 --format json |
	grep -q '"notes":.*--page-size is an option of engine sglang' ||
	notok "solve's JSON lacks the note"
"$KVPLAN" calc --swa-full --engine llama.cpp | grep -q "changes nothing" &&
	notok "the engine named after its flag: noted"
"$KVPLAN" compare --swa-full --max-model-len 4096 | grep -q "changes nothing" &&
	notok "compare reads every engine's options: noted"

# 2. characters are not tokens
for v in 12000c "12000 chars" "12000 characters" "12,000 Chars" 12000C; do
	refused "prompt '$v'" -- "prompt" "'$v'" "tokenizer" "chat template" -- \
		calc --prompt "$v"
done
refused "gen" -- "gen" "'500ch'" "tokenizer" -- calc --gen 500ch
refused "system" -- "prompt.system" "tokenizer" -- calc --prompt-system 800chars
refused "max-model-len" -- "max_model_len" "tokenizer" -- \
	calc --engine vllm --max-model-len 8192c
refused "ctx-size" -- "ctx_size" "tokenizer" -- calc --engine llamacpp --ctx-size 4096c
# a plain count still works, and a non-unit suffix is still a plain error
accepted "prompt tokens" calc --prompt 12000
refused "prompt 12000x" -- "prompt" "not a whole number" -- calc --prompt 12000x
# a plan file that says lengths were characters keeps raising W10
cat > "$tmp/chars.json" <<'EOF'
{"kvplan":"plan","version":1,"model":"llama-3.1-8b","workload":{"chars_given":true}}
EOF
"$KVPLAN" calc "$tmp/chars.json" --concurrency 1 --prompt 100 --gen 10 > "$tmp/out" 2> "$tmp/err" ||
	notok "chars_given plan: exit $?: $(cat "$tmp/err")"
grep -q "KVP-W10" "$tmp/out" || notok "chars_given plan: no KVP-W10"

# 3. W08: Llama 3.1 is trained with full attention on all 32 layers
"$KVPLAN" calc --model llama-3.1-8b --layer-kind sliding --window 4096 > "$tmp/out" 2> "$tmp/err" ||
	notok "llama sliding: exit $?"
grep -q "KVP-W08" "$tmp/out" || notok "llama sliding: no KVP-W08"
"$KVPLAN" calc --model llama-3.1-8b > "$tmp/out" 2> "$tmp/err" || notok "llama: exit $?"
grep -q "KVP-W08" "$tmp/out" && notok "llama as trained: KVP-W08 raised"
# Mistral 7B v0.1 was trained with a 4096 window on every layer: no W08
"$KVPLAN" calc --model mistral-7b-v0.1 > "$tmp/out" 2> "$tmp/err" || notok "mistral: exit $?"
grep -q "KVP-W08" "$tmp/out" && notok "mistral: KVP-W08 raised"

# 4. Hq 40 over Hkv 7: 40 = 5*7 + 5, not a whole group per KV head
refused "40/7" -- "model.base.kv_heads" "7" "model.q_heads 40" -- \
	calc --q-heads 40 --kv-heads 7
refused "40/7 under vllm" -- "model.base.kv_heads" -- \
	calc --engine vllm --q-heads 40 --kv-heads 7
# 40 = 5*8: accepted; MQA 40/1 accepted
accepted "40/8" calc --q-heads 40 --kv-heads 8
accepted "40/1" calc --q-heads 40 --kv-heads 1

# 5. a plan file without its model: missing, with the file's name
echo '{"kvplan":"plan","version":1,"devices":{"pp_layers":[10,10]}}' > "$tmp/nomodel.json"
refused "no model" -- "nomodel.json" "model.n_layers: missing" -- calc "$tmp/nomodel.json"
echo '{"kvplan":"plan","version":1,"model":{"n_layers":1}}' > "$tmp/noq.json"
refused "no q_heads" -- "noq.json" "model.q_heads: missing" -- calc "$tmp/noq.json"

exit $fail
