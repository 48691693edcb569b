#!/bin/sh
# tests/fuzz/build.sh - build the libFuzzer harnesses (clang,
# -fsanitize=fuzzer,address,undefined) against the core and io sources
# and run each for FUZZ_SECONDS (default 30) seconds, seeded with the
# malformed corpus, the shipped presets, the family configs of
# tests/data/hf and tests/data/hf/verbatim and the reference configs.
# Run by `make fuzz`. Exit status non-zero when a harness finds a crash;
# the reproducer is left in FUZZ_OUT (default build/fuzz).
set -u
cd "$(dirname "$0")/../.." || exit 1
CLANG=${CLANG:-clang}
OUT=${FUZZ_OUT:-build/fuzz}
SECS=${FUZZ_SECONDS:-30}
mkdir -p "$OUT" || exit 1
if ! command -v "$CLANG" >/dev/null 2>&1; then
	echo "fuzz: $CLANG not found (libFuzzer needs clang)"; exit 1
fi
CF="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 -g -O1 \
 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
 -Iinclude -Isrc $(pkg-config --cflags libcjson) \
 -DKVP_DATADIR=\"/nonexistent\" -DKVP_VERSION=\"fuzz\""
LIBS="$(pkg-config --libs libcjson) -lm"
SRC="$(find src/core src/io -name '*.c' | sort)"
# the shipped presets for names (--card h100-80gb-sxm), no user folder
KVPLAN_PRESETS=$PWD/presets XDG_CONFIG_HOME=/nonexistent/kvplan-fuzz
export KVPLAN_PRESETS XDG_CONFIG_HOME

# seeds: malformed corpus, presets, the reference configs one per file
SEEDS="$OUT/seeds"
rm -rf "$SEEDS"; mkdir -p "$SEEDS"
cp tests/corpus/bad/* presets/*/*.json tests/data/hf/*.json "$SEEDS"/ 2>/dev/null
# the verbatim Hub configs (every layout key the importer reads), renamed
# so a name shared with a hand-made config does not overwrite it
for f in tests/data/hf/verbatim/*.json; do cp "$f" "$SEEDS/verbatim-${f##*/}"; done
REF=tests/reference
[ -d "$REF" ] && REF="$REF/models.json"
if [ -f "$REF" ] && command -v python3 >/dev/null 2>&1; then
	python3 - "$REF" "$SEEDS" <<'PY'
import json, sys
for i, m in enumerate(json.load(open(sys.argv[1]))):
    open("%s/ref%02d.json" % (sys.argv[2], i), "w").write(json.dumps(m["config"]))
PY
fi

fail=0
for h in import preset opts log roundtrip field rules gguf safetensors ot mmproj; do
	echo "fuzz: building fuzz_$h"
	extra= seeds=$SEEDS
	# the CLI option parser: argument lists, one argument per line; the
	# others seeded with their own corpus (replayed by make check)
	[ "$h" = opts ] && extra=src/cli/opts.c
	[ -d "tests/corpus/$h" ] && seeds=tests/corpus/$h
	# shellcheck disable=SC2086
	if ! $CLANG $CF -o "$OUT/fuzz_$h" tests/fuzz/fuzz_$h.c $SRC $extra $LIBS; then
		echo "fuzz: fuzz_$h does not build"; fail=1; continue
	fi
	mkdir -p "$OUT/corpus_$h"
	echo "fuzz: running fuzz_$h for ${SECS}s"
	if ! ASAN_OPTIONS=detect_leaks=1 "$OUT/fuzz_$h" -max_total_time="$SECS" \
		-max_len=65536 -timeout=10 -artifact_prefix="$OUT/crash_$h-" \
		"$OUT/corpus_$h" "$seeds" > "$OUT/fuzz_$h.log" 2>&1; then
		tail -30 "$OUT/fuzz_$h.log"
		echo "not ok - fuzz_$h found a failure (see $OUT)"; fail=1
	else
		grep -o 'Done [0-9]* runs' "$OUT/fuzz_$h.log" | tail -1
		echo "ok - fuzz_$h ran ${SECS}s without a failure"
	fi
done
exit $fail
