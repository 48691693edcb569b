#!/bin/sh
# calc_errors.sh - bad input is normal input: every case exits 2 with one
# line on stderr naming the flag or field and the value, nothing on stdout.
. "$(dirname "$0")/calc_lib.inc"

bad "unknown flag" "--frobnicate" calc --frobnicate 3
bad "missing value" "--layers: missing value" calc --layers
bad "abc for a number" "'abc'" calc --kv-heads abc
bad "zero KV heads" "--kv-heads: model.base.kv_heads: 0" calc --kv-heads 0
bad "zero layers" "--layers: model.n_layers: 0" calc --layers 0
bad "too many layers" "--layers: model.n_layers: 513" calc --layers 513
bad "negative prompt" "--prompt: workload.classes[0].prompt.input: '-1'" calc --prompt -1
bad "negative concurrency" "--concurrency" calc --concurrency=-6
bad "zero concurrency" "workload.classes" calc --concurrency 0
bad "zero samples" "--samples: workload.classes[0].samples: 0" calc --samples 0
bad "zero head dim" "--head-dim" calc --head-dim 0
bad "fraction for a count" "'1.5'" calc --layers 1.5
bad "u32 overflow" "--kv-heads" calc --kv-heads 4294967296
bad "graph size too large" "--max-cudagraph-capture-size: engine.vllm.max_cudagraph_capture_size: 99999999 - must be at most 1048576" calc --engine vllm --max-cudagraph-capture-size 99999999
bad "u64 overflow" "does not fit in 64 bits" calc --prompt 18446744073709551616
# 2^63 requests x 4,096 positions overflows 64 bits in the core
bad "overflow in the sizing" "overflow" calc --concurrency 9223372036854775808
bad "unknown dtype" "--kv-dtype: model.base.k_dtype: 'f13'" calc --kv-dtype f13
bad "unknown strategy" "--strategy: strategy.kind: 'lazy'" calc --strategy lazy
bad "unknown card platform" "--card-platform: devices.groups[0].card.platform: 'tpu'" calc --card-platform tpu
# a vLLM release that picks V0 or V1 by platform, on a card that does not say
bad "compute capability unknown for vLLM 0.10.1" "devices.groups[0].card.compute_capability: 0 - vLLM 0.10.1 runs its V0 engine on a CUDA card below compute capability 8.0" calc --engine vllm@0.10.1 --card-compute-capability 0
bad "card platform unknown for vLLM 0.8.5" "devices.groups[0].card.platform: unknown - vLLM 0.8.5 runs its V0 engine on ROCm" calc --engine vllm@0.8.5 --card-platform unknown
bad "zero block size" "--block-size: strategy.block_size: 0" calc --block-size 0 --strategy paged
# a looped model (model.loops): passes that do not divide the layers,
# an engine that does not size passes, pipeline stages
bad "loops not dividing the layers" "model.loops: 3 - model.n_layers 40 is not a multiple" calc --loops 3
bad "looped model under llama.cpp" "model.loops: 4 - a looped model" calc --loops 4 --engine llamacpp
bad "looped model over pipeline stages" "devices.pp: 2 - model.loops 4" calc --loops 4 --pp 2 --engine vllm
bad "bad layer rule" "--layer" calc --layer '5-47/6:kind=bogus'
bad "bad layer range" "--layer" calc --layer 'x-y:kind=full'
bad "bad format" "--format: 'yaml'" calc --format yaml
bad "value on a switch" "--per-layer: takes no value" calc --per-layer=yes
bad "bool word" "--share-prompt" calc --share-prompt=maybe
bad "single dash option" "'-x'" calc -x
bad "two plan files" "unexpected argument" calc "$TMP/a.json" "$TMP/b.json"
bad "missing plan file" "$TMP/none.json" calc "$TMP/none.json"
bad "static shorter than a sequence" "strategy.max_cache_len" calc --strategy static --max-cache-len 100
bad "class index past the end" "--class" calc --class 5 --concurrency 1
bad "overhead without =" "--overhead" calc --overhead cuda_graphs
bad "pp-layers junk" "--pp-layers" calc --pp-layers 10,x

# A bad value leaves nothing half-applied: a later good run is unaffected
# (each run is a fresh process; this checks the exit of a good one).
"$KVPLAN" calc --kv-heads 8 >/dev/null 2>&1 && ok "good run after bad ones" || notok "good run after bad ones"

[ "$fails" -eq 0 ]
