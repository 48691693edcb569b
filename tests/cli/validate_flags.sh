#!/bin/sh
# validate_flags.sh - issue 10's reproducers for the one validation
# (kvp_plan_validate): a layer rule, a plan file and a flag are refused
# alike, with exit status 2 and one line naming the field and value; an
# explicit one-card count under TP is refused as an explicit two is.
: "${KVPLAN:?set KVPLAN to the kvplan binary}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }

# refused NAME NEEDLE ARGS...: exit 2, one line on stderr holding NEEDLE
refused() {
	name=$1 needle=$2
	shift 2
	"$KVPLAN" "$@" >"$TMP/out" 2>"$TMP/err"
	st=$?
	if [ "$st" -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	   grep -qF -- "$needle" "$TMP/err" && [ ! -s "$TMP/out" ]; then
		ok "$name"
	else
		notok "$name: status $st: $(cat "$TMP/err")"
	fi
}

refused "--kv-heads 7" "model.base.kv_heads: 7 - model.q_heads 40" calc --kv-heads 7
refused "--layer all:kv_heads=7 like --kv-heads 7" \
	"'all:kv_heads=7': kv_heads 7 - model.q_heads 40 is not a multiple" \
	calc --layer all:kv_heads=7
refused "kv_heads=4294967295" "kv_heads 4294967295" calc --layer 0:kv_heads=4294967295
refused "active experts > experts" \
	"model.arch.n_experts_active: 300 - more than model.arch.n_experts 256" \
	calc --model deepseek-v3 --experts-active 300
refused "leading dense layers > layers" \
	"model.arch.first_dense_layers: 62 - more than model.n_layers 61" \
	calc --model deepseek-v3 --first-dense-layers 62
refused "--card x1 --tp 4 like x2 --tp 4" "--card: 1 card - tp 4 x pp 1 x dp 1 needs 4" \
	calc --card h100-80gb-sxmx1 --tp 4
refused "--card x2 --tp 4" "devices.groups: 2 cards - tp 4 x pp 1 x dp 1 needs 4" \
	calc --card h100-80gb-sxmx2 --tp 4
refused "--cards 1 --tp 2" "--cards: 1 card - tp 2" calc --card h100-80gb-sxm --cards 1 --tp 2

# a plan file carrying the rule: the same line (fit too)
"$KVPLAN" calc --format json >"$TMP/p.json" 2>/dev/null
sed 's/"layers":[[:space:]]*\[\]/"layers": ["all:kv_heads=7"]/' "$TMP/p.json" >"$TMP/bad.json"
refused "plan file with the rule" "'all:kv_heads=7': kv_heads 7" calc "$TMP/bad.json"
refused "fit with the rule" "'all:kv_heads=7': kv_heads 7" fit --layer all:kv_heads=7

# the card alone stands for every device: four cards for --tp 4
"$KVPLAN" calc --card h100-80gb-sxm --tp 4 >"$TMP/out" 2>&1 &&
[ "$(grep -c '^H100-80GB-SXM tp[0-3] ' "$TMP/out")" -eq 4 ] &&
	ok "--card NAME --tp 4: one card per device" ||
	notok "--card NAME --tp 4: $(cat "$TMP/out")"

[ "$fails" -eq 0 ]
