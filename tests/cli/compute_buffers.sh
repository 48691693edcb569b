#!/bin/sh
# compute_buffers.sh - llama.cpp's output buffer (exact) and compute
# buffers (an estimate) through calc, records and reconcile, on the run of
# tests/data/logs/compute_buffers.tsv "r1-llama-8b-cuda-c8192-np4"
# (deipss/blog, Ollama: a Llama-3-8B, -c 8192 -b 512 -np 4, one cache,
# no flash attention, all layers on the card). Worked by hand in
# tests/unit/test_compute_buf.c: card 587,202,560 B (560.00 MiB), host
# 25,165,824 B (24.00 MiB, the log 24.01); the output buffer with the
# runner's embeddings 4 x (128,256 + 4,096) x 4 = 2,117,632 B (2.02 MiB).
. "$(dirname "$0")/fit_lib.inc"

run="--model llama-3.1-8b --engine llama.cpp --ctx-size 8192 --batch-size 512 --parallel 4 --kv-unified --flash-attn off --card rtx-4090 --embeddings"

"$KVPLAN" calc $run >"$TMP/c.txt"
expect "calc exit" 0 "$?"
grep -qF 'llama_context:  CUDA_Host  output buffer size =     2.02 MiB' "$TMP/c.txt" &&
	ok "output buffer line as llama.cpp prints it" || notok "output line: $(grep output "$TMP/c.txt")"
grep -qF 'llama_context:      CUDA0 compute buffer size =   560.00 MiB (kvplan estimate)' "$TMP/c.txt" &&
	ok "card compute buffer line, marked an estimate" || notok "compute line: $(grep 'compute buffer' "$TMP/c.txt")"
grep -q '^compute buf   device 0 560.00 MiB, host 24.00 MiB (+-10 %, estimate: ' "$TMP/c.txt" &&
	ok "compute buf line with tolerance and source" || notok "compute buf: $(grep '^compute buf' "$TMP/c.txt")"
grep -q 'compute buf' "$TMP/c.txt" && grep -q 'key:.*compute buf' "$TMP/c.txt" &&
	ok "bar key names the compute buffer" || notok "bar key"

"$KVPLAN" calc $run --format json >"$TMP/r.json"
expect "json exit" 0 "$?"
expect "device compute_bytes" 587202560 "$(nth "$TMP/r.json" compute_bytes 1)"
expect "host compute_bytes" 25165824 "$(nth "$TMP/r.json" compute_bytes 2)"
expect "host logits_bytes" 2117632 "$(nth "$TMP/r.json" logits_bytes 1)"
grep -q '"compute_kind":[[:space:]]*"estimate"' "$TMP/r.json" && ok "record labels it an estimate" || notok "compute_kind"
expect "embeddings kept in the plan" true "$(grep '"embeddings":' "$TMP/r.json" | head -1 | sed 's/^[^:]*:[ 	]*//; s/,$//')"

# reconcile reads the log's buffer lines: output by arithmetic, compute as
# estimates within the stated tolerance (information, exit 0)
cat >"$TMP/log.txt" <<'LOG'
llama_init_from_model: n_ctx         = 8192
llama_init_from_model: n_batch       = 512
llama_init_from_model: n_ubatch      = 512
llama_init_from_model: flash_attn    = 0
llama_kv_cache_init: kv_size = 8192, offload = 1, type_k = 'f16', type_v = 'f16', n_layer = 32, can_shift = 1
llama_kv_cache_init:      CUDA0 KV buffer size =  1024.00 MiB
llama_init_from_model: KV self size  = 1024.00 MiB, K (f16):  512.00 MiB, V (f16):  512.00 MiB
llama_init_from_model:  CUDA_Host  output buffer size =     2.02 MiB
llama_init_from_model:      CUDA0 compute buffer size =   560.00 MiB
llama_init_from_model:  CUDA_Host compute buffer size =    24.01 MiB
LOG
"$KVPLAN" reconcile "$TMP/log.txt" $run >"$TMP/rec.txt" 2>&1
expect "reconcile exit" 0 "$?"
grep -q '^output buffer .* arithmetic *match (print rounding)$' "$TMP/rec.txt" &&
	ok "output buffer checked by arithmetic" || notok "output row: $(grep 'output buffer' "$TMP/rec.txt")"
grep -q "^compute buffer CUDA0 .* estimate *within the estimate's +-10 %$" "$TMP/rec.txt" &&
	ok "card compute buffer within the estimate" || notok "CUDA0 row: $(grep 'compute buffer CUDA0' "$TMP/rec.txt")"
grep -q "^compute buffer CUDA_Host .* estimate *within the estimate's +-10 %$" "$TMP/rec.txt" &&
	ok "host compute buffer within the estimate" || notok "host row: $(grep 'compute buffer CUDA_Host' "$TMP/rec.txt")"
grep -q "2 against kvplan's estimate (information)" "$TMP/rec.txt" &&
	ok "summary counts the estimates apart" || notok "summary: $(grep compared "$TMP/rec.txt")"

# A layer split over two GPUs (pipeline parallelism, 4 copies of each
# GPU's inputs; compute_buf.c), worked by hand on the default model at
# -c 8192 -ub 512, flash attention (f16 masks): inputs 512 x 5,120 x 4 +
# 8,192 x 512 x 2 = 18,874,368, four copies 75,497,472, + the MLP 512 x
# (10,240 + 27,648) x 4 = 77,594,624: 153,092,096 B = 146.00 MiB a GPU;
# the host 10,485,760 + 4 x 8,388,608 = 44,040,192 B = 42.00 MiB.
pp="--engine llama.cpp --ctx-size 8192 --card a100-80gb --cards 2 --pp 2"
"$KVPLAN" calc $pp >"$TMP/pp.txt"
grep -q "^compute buf   device 0 146.00 MiB, device 1 146.00 MiB, host 42.00 MiB (+-10 %, estimate: llama.cpp layer split" "$TMP/pp.txt" &&
	ok "two GPUs: both estimated" || notok "two devices: $(grep '^compute buf' "$TMP/pp.txt")"
grep -q "pipeline parallelism enabled (n_copies=4)" "$TMP/pp.txt" &&
	ok "two GPUs: llama.cpp's pipeline line" || notok "no pipeline line"
"$KVPLAN" calc $pp --format json >"$TMP/pp.json"
expect "device 1 compute_bytes" 153092096 "$(nth "$TMP/pp.json" compute_bytes 2)"
printf '%s\n' 'llama_context:      CUDA1 compute buffer size =   146.00 MiB' \
	'llama_context:  CUDA_Host compute buffer size =    42.01 MiB' >"$TMP/pp.log"
"$KVPLAN" reconcile "$TMP/pp.log" "$TMP/pp.json" >"$TMP/pprec.txt" 2>&1
grep -q "^compute buffer CUDA1 .*within the estimate's +-10 %$" "$TMP/pprec.txt" &&
	ok "two GPUs: reconcile compares device 1's line" ||
	notok "two devices: $(grep 'compute buffer' "$TMP/pprec.txt")"

# --split-mode row (--tp): no estimate, said so; no figure of 0 posing as
# one, and reconcile compares no compute buffer line against it.
tp="--engine llama.cpp --ctx-size 8192 --card a100-80gb --cards 2 --tp 2"
"$KVPLAN" calc $tp >"$TMP/tp.txt"
grep -q "^compute buf   not estimated for --split-mode row (--tp) or replicas (--dp); the generic activations estimate stands in\$" "$TMP/tp.txt" &&
	ok "row split: not estimated, said" || notok "row split: $(grep '^compute buf' "$TMP/tp.txt")"
"$KVPLAN" calc $tp --format json >"$TMP/tp.json"
grep -q '"compute_kind":[[:space:]]*"none"' "$TMP/tp.json" &&
	ok "row split: compute_kind none in the record" || notok "compute_kind: $(grep compute_kind "$TMP/tp.json")"
printf '%s\n' 'llama_context:  CUDA_Host compute buffer size =    26.00 MiB' >"$TMP/tp.log"
"$KVPLAN" reconcile "$TMP/tp.log" "$TMP/tp.json" >"$TMP/tprec.txt" 2>&1
grep -q '^compute buffer CUDA_Host .* untested *$' "$TMP/tprec.txt" &&
	! grep -q "against kvplan's estimate" "$TMP/tprec.txt" &&
	ok "row split: the host compute line is not compared" ||
	notok "row split: $(grep 'compute buffer' "$TMP/tprec.txt")"

bad "bad --embeddings" "engine.llamacpp.embeddings" calc $run --embeddings=lots

[ "$fails" -eq 0 ]
