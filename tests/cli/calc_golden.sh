#!/bin/sh
# calc_golden.sh - the whole text output of `kvplan calc` on hand-written
# plan files, compared with text written by hand from the arithmetic
# (comments give it). Plans carry no card, so no device table.
. "$(dirname "$0")/calc_lib.inc"

cat >"$TMP/example.json" <<'JSON'
{
  "kvplan": "plan", "version": 1, "name": "golden example",
  "model": { "id": "golden-40L", "n_layers": 40, "q_heads": 40,
             "base": { "kind": "full", "kv_heads": 8, "k_dim": 128, "v_dim": 128,
                       "k_dtype": "f16", "v_dtype": "f16" },
             "trained_kv_heads": 8 },
  "workload": { "classes": [ { "name": "chat", "requests": 6,
                               "prompt": { "input": 3072 }, "gen": 1024 } ] },
  "strategy": { "kind": "static", "max_cache_len": 4096 },
  "devices": { "groups": [] }
}
JSON
# 2 x 40 x 8 x 128 x 2 = 163,840 B per position
# x 4,096 = 671,088,640 B per sequence = 0.625 GiB -> 0.63; 0.671 GB -> 0.67
# x 6 = 4,026,531,840 B = 3.75 GiB, 4.0265 GB -> 4.03; 6 x 4,096 = 24,576
cat >"$TMP/example.want" <<'TXT'
plan          golden example
model         golden-40L: 40 layers, 40 query heads
strategy      static, max_cache_len 4,096
per position  2 x 40 layers x 8 KV heads x 128 x 2 B = 163,840 B per position
per sequence  671,088,640 B (0.63 GiB, 0.67 GB) for one sequence of 4,096 tokens
sequences     6 resident: 6 active requests, 0 queued
positions     24,576 stored, 24,576 slots allocated
needed        4,026,531,840 B (3.75 GiB, 4.03 GB)
waste         0 B (0.00 GiB, 0.00 GB)
KV cache      4,026,531,840 B (3.75 GiB, 4.03 GB)
TXT
LC_ALL=C "$KVPLAN" calc "$TMP/example.json" >"$TMP/example.got" 2>"$TMP/err"
if cmp -s "$TMP/example.want" "$TMP/example.got"; then ok "worked example, ASCII"
else notok "worked example, ASCII"; diff "$TMP/example.want" "$TMP/example.got" | sed 's/^/# /'; fi

# UTF-8 locale: the same line with U+00D7 multiplication signs.
if locale -a 2>/dev/null | grep -qi '^c\.utf-*8$'; then
	LC_ALL=C.UTF-8 "$KVPLAN" calc "$TMP/example.json" >"$TMP/u.got" 2>&1
	grep -q '^per position  2 × 40 layers × 8 KV heads × 128 × 2 B = 163,840 B per position$' "$TMP/u.got" &&
		ok "formula with x signs in UTF-8" || notok "formula with x signs in UTF-8"
else
	ok "formula with x signs in UTF-8 # SKIP no C.UTF-8 locale"
fi

cat >"$TMP/paged.json" <<'JSON'
{
  "kvplan": "plan", "version": 1, "name": "golden paged",
  "model": { "id": "tiny-4L", "n_layers": 4, "q_heads": 8,
             "base": { "kv_heads": 2, "k_dim": 64, "v_dim": 64, "k_dtype": "f16", "v_dtype": "f16" },
             "trained_kv_heads": 2 },
  "workload": { "queued": 7,
                "classes": [ { "name": "short", "requests": 3, "prompt": { "input": 100 }, "gen": 20 },
                             { "name": "long", "requests": 1, "prompt": { "input": 1000 }, "gen": 24 } ] },
  "strategy": { "kind": "paged", "block_size": 16 },
  "devices": { "groups": [] }
}
JSON
# per position 2 x 4 x 2 x 64 x 2 = 2,048 B (512 B per layer)
# short: 120 tokens -> ceil(120/16) = 8 blocks = 128 slots; x3 = 384 slots, 360 stored
# long: 1,024 tokens -> 64 blocks = 1,024 slots, 1,024 stored
# slots 1,408 x 2,048 = 2,883,584 B; stored 1,384 x 2,048 = 2,834,432 B;
# waste 24 x 2,048 = 49,152 B; per sequence (class 0) 128 x 2,048 = 262,144 B
cat >"$TMP/paged.want" <<'TXT'
plan          golden paged
model         tiny-4L: 4 layers, 8 query heads
strategy      paged, 16 positions per block
per position  2 x 4 layers x 2 KV heads x 64 x 2 B = 2,048 B per position
per sequence  262,144 B (0.00 GiB, 0.00 GB) for one sequence of 120 tokens
sequences     4 resident: 4 active requests, 7 queued
positions     1,384 stored, 1,408 slots allocated
needed        2,834,432 B (0.00 GiB, 0.00 GB)
waste         49,152 B (0.00 GiB, 0.00 GB)
KV cache      2,883,584 B (0.00 GiB, 0.00 GB)
TXT
# --per-layer: each layer 512 B/position, 1,408 slots, 1,384 stored,
# 1,408 x 512 = 720,896 B
{
	echo
	printf '%5s %-8s %5s %5s %5s %-7s %-7s %7s %12s %14s %14s %18s %s\n' layer kind KVh Kdim Vdim \
		'K fmt' 'V fmt' window B/position slots stored bytes where
	for l in 0 1 2 3; do
		printf '%5s %-8s %5s %5s %5s %-7s %-7s %7s %12s %14s %14s %18s %s\n' $l full 2 64 64 f16 f16 0 \
			512 1,408 1,384 720,896 device
	done
} >"$TMP/layers.want"
cat "$TMP/paged.want" "$TMP/layers.want" >"$TMP/paged-layers.want"
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" >"$TMP/paged.got" 2>"$TMP/err"
if cmp -s "$TMP/paged.want" "$TMP/paged.got"; then ok "paged mixed load"
else notok "paged mixed load"; diff "$TMP/paged.want" "$TMP/paged.got" | sed 's/^/# /'; fi
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" --per-layer >"$TMP/pl.got" 2>"$TMP/err"
if cmp -s "$TMP/paged-layers.want" "$TMP/pl.got"; then ok "per-layer table"
else notok "per-layer table"; diff "$TMP/paged-layers.want" "$TMP/pl.got" | sed 's/^/# /'; fi

# Offload: 2 of 4 layers resident -> 2 x 720,896 = 1,441,792 B on the
# device and the same in host memory; the total is unchanged.
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" --resident-layers 2 >"$TMP/off.got" 2>"$TMP/err"
grep -q '^on device     1,441,792 B (0.00 GiB, 0.00 GB)$' "$TMP/off.got" &&
grep -q '^in host RAM   1,441,792 B (0.00 GiB, 0.00 GB)$' "$TMP/off.got" &&
grep -q '^KV cache      2,883,584 B' "$TMP/off.got" && ok "offload split" || notok "offload split"

# Later flags override the file: dynamic instead of paged stores exactly
# the 1,384 positions: 1,384 x 2,048 = 2,834,432 B, no waste.
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" --strategy dynamic >"$TMP/dyn.got" 2>"$TMP/err"
grep -q '^KV cache      2,834,432 B' "$TMP/dyn.got" && grep -q '^waste         0 B' "$TMP/dyn.got" &&
	ok "flag overrides the plan file" || notok "flag overrides the plan file"

# --class 1 acts on the second class: long requests 1 -> 2 adds 1,024
# slots: 2,432 x 2,048 = 4,980,736 B
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" --class 1 --concurrency 2 >"$TMP/c1.got" 2>"$TMP/err"
grep -q '^KV cache      4,980,736 B' "$TMP/c1.got" && ok "--class selects the class" || notok "--class selects the class"

# A window on the full-attention base makes it sliding: 4 layers hold
# min(len, 64): short 64 x 3 + long 64 = 256 positions per layer, paged in
# 4 blocks each = 256 slots; 256 x 2,048 = 524,288 B
LC_ALL=C "$KVPLAN" calc "$TMP/paged.json" --window 64 >"$TMP/w.got" 2>"$TMP/err"
grep -q '^KV cache      524,288 B' "$TMP/w.got" && ok "--window makes layers sliding" || notok "--window: $(grep 'KV cache' "$TMP/w.got") $(cat "$TMP/err")"

# The formula line for other layouts (default model: 40 layers, 8 KV heads):
# K 192 and V 128 dims, f16: 40 x 8 x (192 x 2 + 128 x 2) = 204,800 B
LC_ALL=C "$KVPLAN" calc --k-dim 192 --v-dim 128 >"$TMP/f1.got" 2>"$TMP/err"
grep -q '^per position  40 layers x 8 KV heads x (192 x 2 B + 128 x 2 B) = 204,800 B per position$' "$TMP/f1.got" &&
	ok "formula with K and V dims apart" || notok "formula K/V dims: $(grep 'per position' "$TMP/f1.got")"
# q8_0 blocks: 2 x 40 x 8 x 128 = 81,920 values x 34/32 B = 87,040 B
LC_ALL=C "$KVPLAN" calc --kv-dtype q8_0 >"$TMP/f2.got" 2>"$TMP/err"
grep -q '^per position  2 x 40 layers x 8 KV heads x 128 x 34/32 B = 87,040 B per position$' "$TMP/f2.got" &&
	ok "formula with a block format" || notok "formula q8_0: $(grep 'per position' "$TMP/f2.got")"
# K f16, V fp8: 40 x 8 x (128 x 2 + 128 x 1) = 122,880 B
LC_ALL=C "$KVPLAN" calc --v-dtype fp8 >"$TMP/f3.got" 2>"$TMP/err"
grep -q '^per position  40 layers x 8 KV heads x (128 x 2 B + 128 x 1 B) = 122,880 B per position$' "$TMP/f3.got" &&
	ok "formula with K and V formats apart" || notok "formula K/V formats: $(grep 'per position' "$TMP/f3.got")"
# Layers that differ: no single formula, the sum and a pointer to the table.
# Layer 0 with 4 KV heads; one layer holds 2 x Hkv x 128 x 2 B per
# position: 39 x 4,096 + 1 x 2,048 = 159,744 + 2,048 = 161,792 B
LC_ALL=C "$KVPLAN" calc --layer '0:kv_heads=4' >"$TMP/f4.got" 2>"$TMP/err"
grep -q '^per position  161,792 B per position (sum over 40 layers with KV; --per-layer shows each)$' "$TMP/f4.got" &&
	ok "sum when layers differ" || notok "sum: $(grep 'per position' "$TMP/f4.got")"

[ "$fails" -eq 0 ]
