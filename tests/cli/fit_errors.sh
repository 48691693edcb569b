#!/bin/sh
# fit_errors.sh - bad input to `kvplan fit`: exit 2, one line naming the
# field or flag and the value, nothing on stdout.
. "$(dirname "$0")/fit_lib.inc"

bad "tp not dividing query heads" "Total number of attention heads (40) must be divisible by tensor parallel size (3)" fit --tp 3
bad "tp not dividing kv heads" "8 is not divisible by 3" fit --q-heads 48 --tp 3
# "tp" alone is in any message that names --tp or devices.tp, whatever its
# fault or value: the field and the value refused are what this means.
bad "tp 0" "--tp: devices.tp: 0 - must be at least 1" fit --tp 0
bad "too many stages" "devices.pp: 41" fit --pp 41
bad "pp split not summing" "sum(partitions)=30 does not match num_hidden_layers=40" fit --pp 2 --pp-layers 10,20
bad "unknown card" "nosuchcard" fit --card nosuchcard
bad "bad bar width" "--bar-width" fit --bar-width 3
bad "activations not bytes" "activations" fit --activations lots
bad "too few cards" "devices.groups: 2 cards" fit --cards 2 --tp 4
bad "card count 0" "--card: 'h100-80gb-sxmx0'" fit --card h100-80gb-sxmx0
bad "unknown weight format" "--weights: model.weights.dtype: 'int9'" fit --weights int9
bad "headroom overflow names the input" "devices.reserve_bytes 18446744073709551615" fit --reserve-bytes 18446744073709551615
bad "activations overflow names the input" "devices.activations_bytes 18446744073709551615" fit --activations 18446744073709551615
bad "unknown flag" "--frobnicate" fit --frobnicate

[ "$fails" -eq 0 ]
