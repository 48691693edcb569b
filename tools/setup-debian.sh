#!/bin/sh
# tools/setup-debian.sh - install what kvplan needs to build, test and run
# on Debian (and Ubuntu), non-interactively; packages already installed are
# skipped. Used by the README's first command and by .ci/run, so the list
# lives in one place. Runs apt-get through sudo when not root.
# `--live` adds what `make check-live` needs beside them (npm, git): each
# only when its command is missing, since a machine's Node.js may ship npm
# in another package (nodesource's nodejs), which Debian's npm conflicts with.
set -eu
PKGS="build-essential pkg-config libncurses-dev libcjson-dev check tmux mandoc"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ "${1:-}" = --live ]; then
	for c in npm git; do
		command -v "$c" >/dev/null 2>&1 || missing="$missing $c"
	done
fi
[ -z "$missing" ] && exit 0
echo "setup: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # the list is meant to split into words
$SUDO apt-get install -y -qq --no-install-recommends $missing
