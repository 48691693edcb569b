#!/bin/sh
# families_sweep.sh - issue 35's registry sweep: every decoder
# architecture of vLLM's registry (tests/data/hf/sweep/registry.tsv) run
# through the family table by tools/families_sweep.sh. Every row whose
# model_type is established and whose kind is a decoder cache (not
# "not-cache") must reach a family row: sized, known (a key named) or
# refused by name - never "a family kvplan does not know".
. "$(dirname "$0")/calc_lib.inc"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

FORMAT=tsv sh "$ROOT/tools/families_sweep.sh" "$KVPLAN" >"$TMP/sweep" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && [ -s "$TMP/sweep" ] && ok "sweep ran" || notok "sweep ran: $rc $(cat "$TMP/err")"
rows=$(grep -vc '^#' "$ROOT/tests/data/hf/sweep/registry.tsv")
n=$(wc -l <"$TMP/sweep")
[ "$n" -eq "$rows" ] && ok "one line per architecture ($n)" || notok "$n lines for $rows architectures"

bad=$(while IFS='	' read -r arch mt st kind; do
	[ "$kind" = not-cache ] && continue
	case "$st" in
	sized|known|refused|unverified) ;;
	*) echo "$arch ($mt): $st" ;;
	esac
done <"$TMP/sweep")
[ -z "$bad" ] && ok "every established decoder model_type reaches a family row" ||
	notok "no family row: $bad"

# the counts the report gives: more reach a row than before the sweep
# (163 sized and 6 known at b0ab6bd; 185 and 23 at bdbbe22; 224 and 1
# once the registry gave each family its layout keys and issue 35a its
# rows); "known" is a row whose minimal config lacks a key every real
# config carries
sized=$(awk -F'\t' '$3 == "sized"' "$TMP/sweep" | wc -l)
[ "$sized" -ge 224 ] && ok "$sized architectures sized" || notok "only $sized sized"
# every kind is one a reader can look up (registry.tsv's header)
kinds=$(cut -f4 "$TMP/sweep" | sort -u | tr '\n' ' ')
[ "$kinds" = "attention hybrid not-cache novel " ] && ok "kinds: $kinds" ||
	notok "kinds: $kinds"
# a wrapper kvplan used not to open: Qwen2.5-Omni's thinker_config
grep -q '^Qwen2_5OmniModel	qwen2_5_omni	sized	' "$TMP/sweep" &&
	ok "Qwen2_5OmniModel sized through thinker_config" ||
	notok "Qwen2_5OmniModel: $(grep '^Qwen2_5OmniModel' "$TMP/sweep")"

[ "$fails" -eq 0 ]
