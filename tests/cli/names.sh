#!/bin/sh
# names.sh - names as people type them (src/io/plan/preset_names.c): each card
# alias gives its preset's card (name and capacity as the preset file
# states them), in any case and with a count; model presets by their
# Hugging Face id in any case; instruct/chat variants computed as the
# base and said so; an ambiguous name lists its candidates; every miss
# names the three nearest names.
. "$(dirname "$0")/calc_lib.inc"
XDG_CONFIG_HOME=$TMP/xdg; export XDG_CONFIG_HOME   # no user presets
P=$(cd "$(dirname "$0")/../../presets" && pwd)

# card_of SPEC: "NAME CAPACITY COUNT" of the first device group
card_of() {
	"$KVPLAN" calc --card "$1" --format json >"$TMP/c.json" 2>"$TMP/err" || return 1
	awk '/"card":/ { c = 1 } c && /"name":/ { n = $2 } c && /"capacity_bytes":/ { b = $2; c = 0 }
	     /"count":/ && !k { k = $2 } END { gsub(/[",]/, "", n); gsub(/,/, "", b); gsub(/,/, "", k); print n, b, k }' "$TMP/c.json"
}
# want PRESET: the name and capacity its file states
want() {
	awk '/"name":/ { n = $2 } /"capacity_bytes":/ { b = $2 } END { gsub(/[",]/, "", n); gsub(/,/, "", b); print n, b }' "$P/cards/$1.json"
}

# alias -> preset, as the table in preset_names.c says (and the man page)
while read -r alias preset; do
	got=$(card_of "$alias")
	exp="$(want "$preset") 1"
	[ "$got" = "$exp" ] && ok "--card $alias = $preset ($exp)" ||
		notok "--card $alias: got '$got', want '$exp' $(cat "$TMP/err")"
done <<'T'
h100 h100-80gb-sxm
h100-sxm h100-80gb-sxm
h100-sxm5 h100-80gb-sxm
h100-80gb h100-80gb-sxm
h100-pcie h100-80gb-pcie
h200 h200-141gb
h200-sxm h200-141gb
b200 b200
b200-180gb b200
a100 a100-80gb
a100-80 a100-80gb
a100-40 a100-40gb
a100-40gb a100-40gb
a100-sxm4-40gb a100-40gb
v100 v100-16gb
v100-sxm2-16gb v100-16gb
a10g a10g
a10g-24gb a10g
l4 l4
l4-24gb l4
l40s l40s
l40s-48gb l40s
t4 t4
t4-16gb t4
3090 rtx-3090
geforce-rtx-3090 rtx-3090
4090 rtx-4090
geforce-rtx-4090 rtx-4090
5090 rtx-5090
geforce-rtx-5090 rtx-5090
mi300 mi300x
mi300x mi300x
instinct-mi300x mi300x
m2-ultra apple-m2-ultra-192gb
apple-m2-ultra apple-m2-ultra-192gb
T

# any case, any separator, a count
for spec in H100 "H100 SXM" h100_sxm RTX4090 Rtx-4090; do
	got=$(card_of "$spec" | cut -d' ' -f1)
	case $spec in *4090*) p=rtx-4090 ;; *) p=h100-80gb-sxm ;; esac
	exp=$(want $p | cut -d' ' -f1)
	[ "$got" = "$exp" ] && ok "--card '$spec' = $p" || notok "--card '$spec': '$got' $(cat "$TMP/err")"
done
got=$(card_of h100x4); exp="$(want h100-80gb-sxm) 4"
[ "$got" = "$exp" ] && ok "--card h100x4: 4 cards of h100-80gb-sxm" || notok "--card h100x4: '$got'"
got=$(card_of H100X2); exp="$(want h100-80gb-sxm) 2"
[ "$got" = "$exp" ] && ok "--card H100X2: 2 cards" || notok "--card H100X2: '$got'"
got=$(card_of mi300xx8); exp="$(want mi300x) 8"
[ "$got" = "$exp" ] && ok "--card mi300xx8: 8 MI300X (the x of the name kept)" || notok "--card mi300xx8: '$got'"

# an alias that could mean another board says which it took
"$KVPLAN" calc --card h100 >"$TMP/out" 2>&1
grep -q '^note: h100 taken as H100 SXM5 80 GB.*h100-pcie.*(preset h100-80gb-sxm)$' "$TMP/out" &&
	ok "--card h100 says it took the SXM board" || notok "--card h100 note: $(grep note "$TMP/out")"
"$KVPLAN" calc --card h100-sxm >"$TMP/out" 2>&1
grep -q '^note:' "$TMP/out" && notok "--card h100-sxm: a note for an unambiguous alias" ||
	ok "--card h100-sxm: no note (one board)"

# ambiguous names list their candidates
bad "--card rtx: ambiguous, candidates listed" \
	"--card: rtx: ambiguous card name - it could be rtx-3090, rtx-4090, rtx-5090, rtx-6000-ada, rtx-a6000, rtx-pro-6000, rtx-pro-6000-maxq, rtx-pro-6000-server (give one)" calc --card rtx
bad "--card h100-80: ambiguous" \
	"--card: h100-80: ambiguous card name - it could be h100-80gb-pcie, h100-80gb-sxm (give one)" calc --card h100-80
bad "--model qwen3-3: ambiguous" \
	"--model: qwen3-3: ambiguous model name - it could be qwen3-30b-a3b, qwen3-32b (give one)" calc --model qwen3-3

# a unique prefix (compacted, or token by token) is taken, and said so;
# the ambiguous "mistral" lists the three mistral-* presets only (the
# ids' ORG "mistralai/" no longer starts Mixtral and Devstral);
# mistral-nemo-base-2407: 2 x 40 layers x 8 KV heads x 128 x 2 B = 163,840 B
for spec in mistral-nemo Mistral-Nemo mis-nemo mistral_nemo_base; do
	"$KVPLAN" calc --model "$spec" --format json >"$TMP/m.json" 2>"$TMP/err"
	v=$(json_int "$TMP/m.json" kv bytes_per_position)
	"$KVPLAN" calc --model "$spec" >"$TMP/out" 2>&1
	[ "$v" = 163840 ] &&
	grep -qF "note: $spec taken as preset mistral-nemo-base-2407 (the one model preset whose name starts so)" "$TMP/out" &&
		ok "--model $spec: mistral-nemo-base-2407, said so (163840 B)" ||
		notok "--model $spec: '$v' $(cat "$TMP/err") $(grep note "$TMP/out")"
done
bad "--model mistral: the mistral-* presets" \
	"--model: mistral: ambiguous model name - it could be mistral-7b-v0.1, mistral-nemo-base-2407, mistral-small-3.1-24b-instruct-2503 (give one)" calc --model mistral
bad "--model ex: two characters are never a prefix taken (exaone-4.0-32b alone starts so)" \
	"--model: ex: no such model preset or file; nearest: " calc --model ex
bad "--model ORG/NAME prefix: an id is never completed" \
	"--model: mistralai/Mistral-Nemo: not a model preset, and not in the Hugging Face cache" calc --model mistralai/Mistral-Nemo

# misses: the three nearest names
bad "--card h1OO: nearest" \
	"--card: h1OO: no such card preset or file; nearest: h100, a10g, h20 (kvplan presets cards lists them)" calc --card h1OO
bad "--card a1000: nearest" "nearest: a100, " calc --card a1000
bad "--model llama-3.1-7b: nearest" \
	"--model: llama-3.1-7b: no such model preset or file; nearest: llama-3.1-70b, llama-3.1-8b, llama-2-7b" calc --model llama-3.1-7b
bad "--model ORG/NAME miss: nearest ids" \
	"--model: meta-llama/Llama-3.1-71B: not a model preset, and not in the Hugging Face cache (looked in " \
	calc --model meta-llama/Llama-3.1-71B
bad "--model ORG/NAME miss: the preset ids nearest after the cache's miss" \
	"or give a folder or a GGUF file; nearest: meta-llama/Llama-3.1-70B, meta-llama/Llama-3.1-8B, meta-llama/Llama-3.1-405B" \
	calc --model meta-llama/Llama-3.1-71B
bad "--workload chatt: nearest" \
	"--workload: chatt: no such workload preset or file; nearest: chat, " calc --workload chatt

# models by Hugging Face id, any case; variants computed as the base
# llama-3.1-70b: 2 x 80 layers x 8 heads x 128 x 2 B = 327,680 B per position
for spec in meta-llama/Llama-3.1-70B META-LLAMA/llama-3.1-70b Llama-3.1-70B; do
	"$KVPLAN" calc --model "$spec" --format json >"$TMP/m.json" 2>"$TMP/err"
	v=$(json_int "$TMP/m.json" kv bytes_per_position)
	[ "$v" = 327680 ] && grep -q '"id":	"meta-llama/Llama-3.1-70B"' "$TMP/m.json" &&
		ok "--model $spec: preset llama-3.1-70b (327680 B per position)" ||
		notok "--model $spec: '$v' $(cat "$TMP/err")"
done
for spec in llama-3.1-70b-instruct meta-llama/Llama-3.1-70B-Instruct; do
	"$KVPLAN" calc --model "$spec" >"$TMP/out" 2>"$TMP/err"
	grep -q "^model  *meta-llama/Llama-3.1-70B: 80 layers" "$TMP/out" &&
	grep -qF "note: $spec: computed as preset llama-3.1-70b (an instruct fine-tune and its base model share one architecture" "$TMP/out" &&
		ok "--model $spec: the base, and said so" || notok "--model $spec: $(cat "$TMP/out" "$TMP/err" | grep -E 'model|note|kvplan')"
done
"$KVPLAN" calc --model Qwen/Qwen2.5-7B-Instruct >"$TMP/out" 2>&1
grep -q "note: Qwen/Qwen2.5-7B-Instruct: computed as preset qwen2.5-7b" "$TMP/out" &&
	ok "--model Qwen/Qwen2.5-7B-Instruct: base qwen2.5-7b" || notok "Qwen2.5-7B-Instruct"
"$KVPLAN" calc --model llama-2-7b-chat-hf >"$TMP/out" 2>&1
grep -q "note: llama-2-7b-chat-hf: computed as preset llama-2-7b (a chat fine-tune" "$TMP/out" &&
	ok "--model llama-2-7b-chat-hf: base llama-2-7b" || notok "llama-2-7b-chat-hf"
# the preset is the instruction-tuned one: its base name finds it
"$KVPLAN" calc --model google/gemma-2-9b >"$TMP/out" 2>&1
grep -q "note: google/gemma-2-9b: computed as preset gemma-2-9b-it" "$TMP/out" &&
	ok "--model google/gemma-2-9b: preset gemma-2-9b-it, said so" || notok "gemma-2-9b"
# a quantised preset is never taken for the plain variant
"$KVPLAN" calc --model llama-3.1-70b-instruct --format json >"$TMP/m.json" 2>&1
grep -q '"dtype":	"bf16"' "$TMP/m.json" && ok "llama-3.1-70b-instruct is not the AWQ preset" ||
	notok "llama-3.1-70b-instruct took a quantised preset"
# a plan file's card goes through the same names
printf '{"kvplan":"plan","model":"llama-3.1-8b","devices":{"groups":[{"card":"h100","count":2}]}}' >"$TMP/p.json"
"$KVPLAN" calc "$TMP/p.json" --workload chat --format json >"$TMP/pp.json" 2>"$TMP/err"
grep -q '"name":	"H100-80GB-SXM"' "$TMP/pp.json" && ok "plan file card \"h100\"" ||
	notok "plan file card h100: $(cat "$TMP/err")"
# presets cards lists the alias table
"$KVPLAN" presets cards >"$TMP/out"
grep -q '^  4090  *= rtx-4090$' "$TMP/out" && ok "presets cards lists aliases" || notok "presets cards aliases"
exit $fails
