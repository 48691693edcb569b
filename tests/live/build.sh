#!/bin/sh
# tests/live/build.sh BUILD - what `make check-live` needs beside kvplan:
# the pinned node-llama-cpp (its prebuilt CPU libllama and the source of
# that build as a git bundle) in a cache folder outside the tree, installed
# once; the bundle's headers; the probe (tests/live/probe.c) linked with
# that libllama; the driver (tests/live/live.c). Nothing of llama.cpp is
# copied into the tree. KVP_LIVE_CACHE moves the cache (default
# ~/.cache/kvplan-live).
set -eu
BUILD=${1:-build}
PKG=node-llama-cpp@3.21.1
CACHE=${KVP_LIVE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kvplan-live}
NM=$CACHE/node_modules
LIB=$NM/@node-llama-cpp/linux-x64/bins/linux-x64
SRC=$CACHE/src
mkdir -p "$CACHE" "$BUILD/live"
if [ ! -f "$LIB/libllama.v0.4.0.so" ]; then
	command -v npm >/dev/null || { echo "live: npm not found (sh tools/setup-debian.sh --live)"; exit 1; }
	echo "live: npm i -E $PKG into $CACHE"
	# --ignore-scripts: the postinstall would build or download; the
	# prebuilt library comes in the optional package @node-llama-cpp/linux-x64
	(cd "$CACHE" && npm i -E "$PKG" --ignore-scripts --no-audit --no-fund >/dev/null)
fi
if [ ! -f "$SRC/include/llama.h" ]; then
	rm -rf "$SRC"
	git clone -q "$NM/node-llama-cpp/llama/gitRelease.bundle" "$SRC" 2>/dev/null
fi
CC=${CC:-cc}
$CC -std=c11 -O1 -Wall -Wextra -Werror -o "$BUILD/live/probe" tests/live/probe.c \
	-I"$SRC/include" -I"$SRC/ggml/include" -I"$SRC/ggml/src" \
	"$LIB/libllama.v0.4.0.so" "$LIB/libggml.v0.4.0.so" "$LIB/libggml-base.so" \
	-DLIVE_LIBDIR="\"$LIB\"" -Wl,-rpath,"$LIB" -rdynamic -ldl
$CC -std=c11 -O1 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -o "$BUILD/live/live" \
	tests/live/live.c $(pkg-config --cflags --libs libcjson)
echo "$LIB" >"$BUILD/live/libdir"
echo "live: llama.cpp $(git -C "$SRC" log -1 --format='%h %cs') (node-llama-cpp 3.21.1, release v0.4.0), probe built"
