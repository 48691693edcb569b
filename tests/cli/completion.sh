#!/bin/sh
# completion.sh - `kvplan completion bash|zsh`: the bash script completes
# commands, each command's flags and preset names (asked of the kvplan
# being completed); a few prefixes are completed for real in bash. The
# zsh script is checked for syntax where zsh is installed.
. "$(dirname "$0")/calc_lib.inc"
XDG_CONFIG_HOME=$TMP/xdg; export XDG_CONFIG_HOME
"$KVPLAN" completion bash >"$TMP/k.bash" 2>"$TMP/err" && [ -s "$TMP/k.bash" ] &&
	ok "completion bash" || notok "completion bash: $(cat "$TMP/err")"
"$KVPLAN" completion zsh >"$TMP/_kvplan" 2>"$TMP/err" && head -1 "$TMP/_kvplan" | grep -q '^#compdef kvplan$' &&
	ok "completion zsh" || notok "completion zsh: $(cat "$TMP/err")"
"$KVPLAN" completion fish >/dev/null 2>&1; [ $? -eq 2 ] && ok "completion fish: exit 2" || notok "completion fish"
if command -v zsh >/dev/null 2>&1; then
	zsh -n "$TMP/_kvplan" && ok "zsh -n" || notok "zsh script syntax"
fi
command -v bash >/dev/null 2>&1 || { echo "ok - # SKIP no bash"; exit $fails; }
# complete WORDS...: the candidates bash offers for the last word
complete_words() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); cd "$TMPDIR_EMPTY"; _kvplan; printf "%s\n" "${COMPREPLY[@]}"' \
		sh "$TMP/k.bash" "$@" | sort | tr '\n' ' '
}
mkdir -p "$TMP/empty"; TMPDIR_EMPTY=$TMP/empty; export TMPDIR_EMPTY
check() { want=$1; shift; got=$(complete_words "$@")
	[ "$got" = "$want" ] && ok "complete '$*' -> $want" || notok "complete '$*': got '$got', want '$want'"; }
check "calc compare completion " "$KVPLAN" c
check "presets " "$KVPLAN" pre
check "--model --model-draft --model-id --model-source --model-type " "$KVPLAN" calc --mode
check "--for --format " "$KVPLAN" solve --fo
check "llama-3.1-405b llama-3.1-70b llama-3.1-70b-instruct-awq-int4 llama-3.1-8b " "$KVPLAN" calc --model llama-3.1
check "h100 h100-80gb h100-80gb-pcie h100-80gb-sxm h100-nvl h100-pcie h100-sxm h100-sxm5 " "$KVPLAN" fit --card h100
check "json md svg text " "$KVPLAN" calc --format ''
check "cards " "$KVPLAN" presets ca
exit $fails
