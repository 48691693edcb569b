#!/bin/sh
# weight_formats.sh - every ggml block type llama.cpp loads from a GGUF is
# a weight format (issue 37: --weights q4_1 was refused). Bytes of
# llama-3.1-8b's estimate worked by hand, every matrix in the one type
# (ggml-common.h block sizes), norms f32:
#   matrices 32 x (2 x 4096 x 4096 + 2 x 4096 x 1024 + 3 x 4096 x 14336)
#            = 6,979,321,856 values; token_embd and output 128,256 x 4096
#            = 525,336,576 each; norms 65 x 4096 = 266,240 (x 4 B)
#   q4_1 (32 values, 20 B): 4,362,076,160 + 2 x 328,335,360 + 1,064,960
#        = 5,019,811,840
#   q6_k (256 values, 210 B): 5,725,224,960 + 2 x 430,940,160 + 1,064,960
#        = 6,588,170,240
fail=0
want() {
	out=$("$KVPLAN" calc --model llama-3.1-8b --engine llama.cpp --weights "$1" 2>&1)
	if echo "$out" | grep -q "^weights       $2 B"; then echo "ok - $1: $2 B"
	else echo "not ok - $1: want $2 B"; echo "$out" | grep "weights" | head -2; fail=1; fi
}
want q4_1 5,019,811,840
want q6_k 6,588,170,240
for t in q4_0 q4_1 q5_0 q5_1 q8_0 q8_1 q2_k q3_k q4_k q5_k q6_k q8_k iq2_xxs \
         iq2_xs iq3_xxs iq1_s iq4_nl iq3_s iq2_s iq4_xs iq1_m tq1_0 tq2_0 \
         mxfp4 nvfp4 q1_0; do
	if "$KVPLAN" calc --model llama-3.1-8b --engine llama.cpp --weights "$t" >/dev/null 2>&1
	then :; else echo "not ok - --weights $t refused"; fail=1; fi
done
[ $fail -eq 0 ] && echo "ok - every ggml block type accepted"
exit $fail
