#!/bin/sh
# trtllm_record.sh - every pool figure TensorRT-LLM's rules give is in the
# JSON record, not only in the printed lines: the secondary (host) pool of
# host_cache_size in total and per window pool, each pool's window, layers,
# primary blocks and bytes per token.
# Gemma-2-9B (21 sliding layers of 4,096 and 21 full ones) on an H100 with
# host_cache_size 8 GiB: two pools, each holding half of the host bytes
# (calculate_max_num_blocks_for_vswa); a block is 64 tokens x 172,032 B
# per token (21 layers x 8 KV heads x (256 + 256) x 2 B) = 11,010,048 B,
# so 4,294,967,296 // 11,010,048 = 390 host blocks a pool, 780 in all.
fails=0
ok() { echo "ok - $1"; }
notok() { echo "not ok - $1"; fails=$((fails + 1)); }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/kvplan-trt.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
"$KVPLAN" calc --model gemma-2-9b-it --engine trtllm --card h100-80gb-sxm \
	--host-cache-size 8GiB --format json > "$TMP/r.json" 2> "$TMP/err" ||
	{ notok "calc failed: $(cat "$TMP/err")"; exit 1; }
tr -d '\t\n ' < "$TMP/r.json" > "$TMP/flat"
if grep -q '"host_blocks":780,"pools":\[{"window":4096,"layers":21,"blocks":[0-9]*,"host_blocks":390,"bytes_per_token":172032},{"window":8192,"layers":21,"blocks":[0-9]*,"host_blocks":390,"bytes_per_token":172032}\]' "$TMP/flat"
then ok "the record holds both window pools and 390 + 390 host blocks"
else notok "pools in the record: $(grep -o '"host_blocks":[^]]*]' "$TMP/flat" | head -1)"; fi
# the printed lines say the same
"$KVPLAN" calc --model gemma-2-9b-it --engine trtllm --card h100-80gb-sxm \
	--host-cache-size 8GiB > "$TMP/out" 2>&1
n=$(grep -c 'secondary_blocks: 390' "$TMP/out")
[ "$n" -eq 2 ] && ok "the printed lines give 390 secondary blocks a pool" ||
	notok "printed secondary blocks ($n lines)"
[ "$fails" -eq 0 ]
