#!/bin/sh
# llamacpp_fit.sh - the default llama-server launch's pick (--fit, on by
# default since llama.cpp PR #18175; common/fit.cpp at v0.4.0), worked by
# hand from fit.cpp's rules for six launches (issue 37).
#
# The model: llama, 32 layers, embedding 4096, 32 heads, 8 KV heads of
# 128, one f16 tensor of 4096 x 4096 a layer (32 MiB), no vocabulary (so
# no compute buffer estimate: the card holds weights, KV and the measured
# activations given, 1 MiB). KV: 2 x 8 x 128 x 2 B = 4 KiB a cell and
# layer (16 MiB a layer at 4096 cells, 32 at 8192, 128 at 32768);
# n_ctx_train 8192 or 32768. The card: --card-capacity, no runtime overheads, so its free
# memory is its capacity. Target (fit_params_target) 1024 MiB; minimum
# context (fit_params_min_ctx) 4096. Figures in MiB.
#   1. 8K model, 4096 free: used 32 x (32 + 32) + 1 = 2049, free - used
#      = 2047 >= 1024: no change, no line.
#   2. 32K model, 4096 free: used 32 x (32 + 128) + 1 = 5121 > 4096 -
#      1024 = 3072; at 4096 cells 32 x (32 + 16) + 1 = 1537 < 3072:
#      n_ctx = 4096 + 28672 x (3072 - 1537) / (5121 - 1537) = 4096 +
#      12280 = 16376, down to a multiple of 256: 16128; used 32 x (32 +
#      63) + 1 = 3041 (2.97 GiB), kept 1055 (1.03 GiB). -ngl stays all.
#   3. 8K model, 2560 free, target 1536: used 2049; at 4096 cells 1537,
#      not < 1536: n_ctx 4096, then layers: mem(0) = 1, mem(33) = 1537 >
#      1536; step = 33 x 1535 / 1536 = 32: mem(32) = the output (no
#      tensor) + 31 layers x 48 + 1 = 1489 <= 1536; one apart: -ngl 32,
#      used 1489 (1.45 GiB), kept 1071 (1.05 GiB).
#   4. 8K model, 2048 free, target 1024: n_ctx 4096 (1537 > 1024);
#      step = 33 x 1023 / 1536 = 21: mem(21) = 20 x 48 + 1 = 961 <= 1024;
#      step = 12 x 63 / 576 = 1: mem(22) = 1009 <= 1024; step = 11 x 15 /
#      528 -> 1: mem(23) = 1057 > 1024: -ngl 22, used 1009 (0.99 GiB),
#      kept 1039 (1.01 GiB).
#   5. 32K model, 4096 free, the user's -ngl 21 (v0.4.0's placement,
#      llama.cpp PR #18148: the output layer, no tensor here, and the
#      last 20 layers): used 20 x 160 + 1 = 3201 > 3072; at 4096 cells 20
#      x 48 + 1 = 961: n_ctx = 4096 + 28672 x 2111 / 2240 = 4096 + 27020
#      = 31116, down to 30976; used 20 x (32 + 121) + 1 = 3061 (2.99
#      GiB), kept 1035 (1.01 GiB); -ngl stays 21.
#   6. 8K model, 1536 free, the user's -ngl 30 (the output and 29
#      layers): used 29 x 64 + 1 = 1857 > 512; at 4096 cells 29 x 48 + 1
#      = 1393 > 512: n_ctx 4096, then fit.cpp gives up ("n_gpu_layers
#      already set by user to 30, abort"), the context it set staying:
#      used 1393 (1.36 GiB), kept 143 (0.14 GiB).
. "$(dirname "$0")/gguf_lib.inc"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
MiB=1048576
fit_model "$t/m8k.gguf" 8192
fit_model "$t/m32k.gguf" 32768
launch() {
	f=$1 free=$2; shift 2
	"$KVPLAN" calc --model "$t/$f" --engine llama.cpp --no-default-overheads \
		--card-capacity $((free * MiB)) --activations $MiB "$@" 2>&1
}
want() {
	name=$1 line=$2; shift 2
	if launch "$@" | grep -qF -- "$line"; then echo "ok - $name"
	else echo "not ok - $name: want '$line'"; launch "$@" | grep -A1 "default launch"; fail=1; fi
}
if launch m8k.gguf 4096 | grep -q "default launch"; then
	echo "not ok - 1. fits as launched: no line"; fail=1
else
	echo "ok - 1. fits as launched: no line"
fi
want "2. context interpolated" \
	"would pick -c 16128 -ngl all: 2.97 of 4.00 GiB free used, 1.03 GiB kept" \
	m32k.gguf 4096
want "3. minimum context, then 32 layers" \
	"would pick -c 4096 -ngl 32: 1.45 of 2.50 GiB free used, 1.05 GiB kept" \
	m8k.gguf 2560
want "4. minimum context, then 22 layers by false position" \
	"would pick -c 4096 -ngl 22: 0.99 of 2.00 GiB free used, 1.01 GiB kept" \
	m8k.gguf 2048
want "5. the user's -ngl 21: the context alone" \
	"would pick -c 30976 -ngl 21: 2.99 of 4.00 GiB free used, 1.01 GiB kept" \
	m32k.gguf 4096 --n-gpu-layers 21
want "6. the user's -ngl 30: fit gives up, its context stays" \
	"would pick -c 4096 -ngl 30: 1.36 of 1.50 GiB free used, 0.14 GiB kept" \
	m8k.gguf 1536 --n-gpu-layers 30
want "6. ... in fit.cpp's words" \
	"--fit gives up: n_gpu_layers already set by user to 30, abort" \
	m8k.gguf 1536 --n-gpu-layers 30
if launch m32k.gguf 4096 --no-fit | grep -q "default launch"; then
	echo "not ok - --no-fit: no line"; fail=1
else
	echo "ok - --no-fit: no line"
fi
# By build: --fit exists from PRs #16653 and #18175 (b7698 read with
# fit_params = true; b7347's common.h and arg.cpp have no fit): b7347
# prints no pick (its launch is as given), b7698 case 2's, a build
# between them none (not known which side).
for v in b7347 b7500; do
	if launch m32k.gguf 4096 --engine llama.cpp@$v | grep -q "default launch"; then
		echo "not ok - $v: no --fit, no line"; fail=1
	else
		echo "ok - $v: no --fit, no line"
	fi
done
want "b7698: case 2's pick" \
	"would pick -c 16128 -ngl all: 2.97 of 4.00 GiB free used, 1.03 GiB kept" \
	m32k.gguf 4096 --engine llama.cpp@b7698
# solve prints the same pick beside its answer (case 2's plan as given),
# and none under --no-fit.
solve() {
	f=$1 free=$2; shift 2
	"$KVPLAN" solve --for concurrency --model "$t/$f" --engine llama.cpp \
		--no-default-overheads --card-capacity $((free * MiB)) \
		--activations $MiB "$@" 2>&1
}
if solve m32k.gguf 4096 | grep -qF "would pick -c 16128 -ngl all: 2.97 of 4.00 GiB free used, 1.03 GiB kept"; then
	echo "ok - solve: case 2's pick beside the answer"
else
	echo "not ok - solve: case 2's pick beside the answer"; solve m32k.gguf 4096; fail=1
fi
if solve m32k.gguf 4096 --no-fit | grep -q "default launch"; then
	echo "not ok - solve --no-fit: no line"; fail=1
else
	echo "ok - solve --no-fit: no line"
fi
exit $fail
