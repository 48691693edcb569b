#!/bin/sh
# import_messages.sh - messages around import and presets: import errors
# start "kvplan import:", an unknown top-level option points at
# "kvplan --help" (not "kvplan kvplan --help"), and `kvplan presets`
# describes a user's model or card override from the file's own figures
# after its (maybe copied, stale) "description".
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

"$KVPLAN" import "$tmp/missing.json" > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^kvplan import: $tmp/missing.json: " "$tmp/err"
then ok "import error starts 'kvplan import:'"; else no "import error: $(cat "$tmp/err")"; fi
"$KVPLAN" import --bogus > "$tmp/out" 2> "$tmp/err"
if [ $? -eq 2 ] && grep -q '^kvplan import: --bogus: unknown option' "$tmp/err"
then ok "import option error starts 'kvplan import:'"; else no "import option: $(cat "$tmp/err")"; fi

"$KVPLAN" --bogus > "$tmp/out" 2> "$tmp/err" < /dev/null
if [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q '(see kvplan --help)$' "$tmp/err" &&
   ! grep -q 'kvplan kvplan' "$tmp/err"
then ok "kvplan --bogus: see kvplan --help"; else no "kvplan --bogus: $(cat "$tmp/err")"; fi
"$KVPLAN" calc --bogus > "$tmp/out" 2> "$tmp/err"
if grep -q '(see kvplan calc --help)$' "$tmp/err"
then ok "kvplan calc --bogus: see kvplan calc --help"; else no "calc --bogus: $(cat "$tmp/err")"; fi

# A user override of llama-3.1-8b cut to 16 layers, its shipped
# description ("32 layers") left as it was; and a card override of
# 16 GiB = 16 x 2^30 = 17,179,869,184 bytes.
mkdir -p "$tmp/cfg/kvplan/models" "$tmp/cfg/kvplan/cards"
sed 's/"n_layers": *32/"n_layers": 16/' "$here/../../presets/models/llama-3.1-8b.json" \
	> "$tmp/cfg/kvplan/models/llama-3.1-8b.json"
sed 's/"capacity_bytes": *[0-9]*/"capacity_bytes": 17179869184/' "$here/../../presets/cards/l4.json" \
	> "$tmp/cfg/kvplan/cards/l4.json"
XDG_CONFIG_HOME=$tmp/cfg "$KVPLAN" presets > "$tmp/out" 2> "$tmp/err"
if grep -q '^  llama-3.1-8b .* - file: meta-llama/Llama-3.1-8B, 16 layers, 32 query heads, 8 KV heads  \[user\]$' "$tmp/out"
then ok "user model override described from its file"; else no "model override: $(grep llama-3.1-8b "$tmp/out") $(cat "$tmp/err")"; fi
if grep -q '^  l4  .* - file: .*, 17,179,869,184 bytes  \[user\]$' "$tmp/out"
then ok "user card override described from its file"; else no "card override: $(grep '^  l4 ' "$tmp/out")"; fi
if grep -q '^  llama-3.1-70b .*80 layers' "$tmp/out" && ! grep '^  llama-3.1-70b' "$tmp/out" | grep -q user
then ok "shipped presets keep their description"; else no "shipped listing"; fi
exit $fail
