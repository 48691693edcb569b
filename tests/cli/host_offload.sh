#!/bin/sh
# host_offload.sh - llama.cpp -ngl and host memory through the CLI, worked
# by hand in tests/unit/test_host.c ngl_output_first (default model, -c
# 4096 -np 1; llama.cpp's -ngl since PR #18148: the output layer and
# layers 11-39 on the card): -ngl 30 keeps 6,383,434,496 B of weights,
# 184,549,376 B of KV, the 128,000 B output buffer in host memory
# (6,568,111,872 B; no compute buffer estimate with layers on both sides:
# compute_buf.c). 5 GiB = 5,368,709,120 B leaves -1,199,402,752 B.
. "$(dirname "$0")/fit_lib.inc"

"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --format json >"$TMP/r.json"
expect "json exit" 0 "$?"
expect "host used_bytes" 6568111872 "$(nth "$TMP/r.json" used_bytes 1)"
expect "host logits_bytes" 128000 "$(nth "$TMP/r.json" logits_bytes 1)"
expect "engine.llamacpp.n_gpu_layers in the plan" 30 "$(nth "$TMP/r.json" n_gpu_layers 1)"

# 7 GiB holds it; 5 GiB does not: fit exits 1 and says where. llama.cpp
# at -np 1 runs one of the default plan's 6 requests at once: memory fits
# and the rest wait, fit's third status (4, kvplan/verdict.h).
"$KVPLAN" fit --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --host-memory 7GiB >"$TMP/t.txt"
expect "fit in 7 GiB of host memory, 5 requests waiting" 4 "$?"
grep -q '^fits, requests wait: every device (1) fits, and host memory, but llama.cpp 84f71294 holds 1 of the 6 requests at once; the other 5 queue$' "$TMP/t.txt" && ok "fit names the host" || notok "fit: $(grep fits "$TMP/t.txt")"
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --host-memory 7GiB >"$TMP/t.txt"
grep -q '^verdict       fits, requests wait: every device (1) fits, and host memory, but' "$TMP/t.txt" && ok "verdict names the host" || notok "verdict: $(grep verdict "$TMP/t.txt")"
"$KVPLAN" fit --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --host-memory 5GiB >"$TMP/t.txt"
expect "not in 5 GiB of host memory" 1 "$?"
grep -q "^does not fit: host memory is over (every device (1) fits), under llama.cpp 84f71294's rules$" "$TMP/t.txt" && ok "fit says the host is over" || notok "fit: $(grep 'not fit' "$TMP/t.txt")"
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --host-memory 5GiB >"$TMP/t.txt"
grep -q "^verdict       does not fit: host memory is over (every device (1) fits), under llama.cpp 84f71294's rules$" "$TMP/t.txt" && ok "host over named" || notok "verdict: $(grep verdict "$TMP/t.txt")"
grep -q '^host memory   weights 5.95 GiB + KV 0.17 GiB + output buffer 0.12 MiB = 6.12 GiB of 5.00 GiB, free -1.12 GiB: does NOT fit$' "$TMP/t.txt" &&
	ok "host line" || notok "host line: $(grep '^host' "$TMP/t.txt")"
grep -q '^  host       \[' "$TMP/t.txt" && ok "host bar" || notok "host bar"

# By build (llama.cpp PR #18148, tests/unit/test_host.c): b7347, the last
# read with -ngl 30 = layers 10-39 (host: the table and head 655,360,000
# + 10 x 550,523,136 of weights, 10 x 16,777,216 of KV, 128,000 of output
# = 6,328,491,520 B); b7698 the output and layers 11-39, as above; a
# build between them is refused for a partial -ngl, kept for all.
# --kv-unified: one slot at every build (without it, llama-server's -np 1
# is 4 slots from b7079 to b7347, PR #16736, lc_slots.c); one unified
# slot holds the same bytes as one stream.
"$KVPLAN" calc --engine llama.cpp@b7347 --kv-unified --ctx-size 4096 --n-gpu-layers 30 --format json >"$TMP/r.json"
expect "b7347: the last 30 layers" 6328491520 "$(nth "$TMP/r.json" used_bytes 1)"
"$KVPLAN" calc --engine llama.cpp@b7698 --ctx-size 4096 --n-gpu-layers 30 --format json >"$TMP/r.json"
expect "b7698: the output and 29 layers" 6568111872 "$(nth "$TMP/r.json" used_bytes 1)"
bad "partial -ngl between b7347 and b7698" "engine.version: b7500 - llama.cpp PR #18148" \
	calc --engine llama.cpp@b7500 --kv-unified --ctx-size 4096 --n-gpu-layers 30
"$KVPLAN" calc --engine llama.cpp@b7500 --kv-unified --ctx-size 4096 --n-gpu-layers 99 >/dev/null
expect "all layers between b7347 and b7698" 0 "$?"

# The plan file keeps -ngl and the host budget (the field table's keys).
"$KVPLAN" calc --engine llama.cpp --ctx-size 4096 --n-gpu-layers 30 --host-memory 6GiB --format json >"$TMP/p.json"
"$KVPLAN" calc "$TMP/p.json" --format json >"$TMP/q.json"
expect "round trip host_capacity_bytes" 6442450944 "$(nth "$TMP/q.json" host_capacity_bytes 1)"
expect "round trip used" 6568111872 "$(nth "$TMP/q.json" used_bytes 1)"

# The KV tier: vLLM's --kv-offloading-size is GiB (vllm/config/vllm.py:
# cpu_bytes_to_use = kv_offloading_size x 2^30), so a bare 2 is
# 2,147,483,648 B, holding 2,147,483,648 / 163,840 = 13,107.2 -> 13,107
# positions of the default model; a value with a unit keeps its own
# (2GB = 2,000,000,000 B -> 12,207); --kv-offload-bytes takes bytes.
"$KVPLAN" calc --kv-offloading-size 2 --format json >"$TMP/r.json"
expect "--kv-offloading-size 2 is GiB" 2147483648 "$(nth "$TMP/r.json" tier_bytes 1)"
expect "tier positions" 13107 "$(nth "$TMP/r.json" tier_tokens 1)"
"$KVPLAN" calc --kv-offloading-size 2GB --format json >"$TMP/r.json"
expect "--kv-offloading-size 2GB" 2000000000 "$(nth "$TMP/r.json" tier_bytes 1)"
expect "tier positions of 2 GB" 12207 "$(nth "$TMP/r.json" tier_tokens 1)"
"$KVPLAN" calc --kv-offload-bytes 2000000000 --format json >"$TMP/r.json"
expect "--kv-offload-bytes" 2000000000 "$(nth "$TMP/r.json" tier_bytes 1)"
bad "bad tier" "devices.kv_offload_bytes: 'lots'" calc --kv-offloading-size lots

bad "ngl under TP" "engine.llamacpp.n_gpu_layers: 30 - partial offload is modelled on one device" \
	calc --engine llama.cpp --n-gpu-layers 30 --tp 2 --cards 2
bad "bad ngl" "engine.llamacpp.n_gpu_layers" calc --engine llama.cpp --n-gpu-layers lots
bad "bad host memory" "devices.host_capacity_bytes" calc --host-memory lots

[ "$fails" -eq 0 ]
