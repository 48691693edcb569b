#!/bin/sh
# tests/live/run.sh BUILD - `make check-live`: kvplan against the real
# llama.cpp. Installs the pinned node-llama-cpp once into a cache folder
# (tests/live/build.sh; the only network access), then runs RUNS random
# runs from SEED (tests/live/live.c) in a temporary folder. Exit 1 on any
# mismatch. KVP_LIVE_SEED, KVP_LIVE_RUNS override the defaults.
set -eu
BUILD=${1:-build}
sh tests/live/build.sh "$BUILD"
work=$(mktemp -d "${TMPDIR:-/tmp}/kvplan-live.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM
"$BUILD/live/live" "$BUILD/live/probe" "$BUILD/kvplan" "$work" \
	"${KVP_LIVE_SEED:-37}" "${KVP_LIVE_RUNS:-1000}"
