#!/bin/sh
# vllm_profile_era.sh - vLLM's profile terms before and after the 0.10.x
# measurements (src/core/engines/vllm/vllm_profile.c; era rows
# KVP_ERA_VLLM_NONTORCH_LARGE and KVP_ERA_VLLM_MOE_HELD, landed 0.11.0;
# the FlashInfer sampler, engine.vllm.flashinfer_sampler). Each figure is
# worked by hand below from the rule and the presets' shapes; the rules'
# own measurements are the 0.10.x runs of tests/data/vllm_startups.
. "$(dirname "$0")/calc_lib.inc"

L8="--model llama-3.1-8b --card l40s"

# Non-torch (overhead_bytes; no CUDA graph term before 0.21.0, no load
# slack at TP 1, 64 MiB of it at TP 2), on an NVSwitch card (H100 SXM):
#   0.10.2 TP 1: 64 MiB = 67,108,864; 0.11.0 TP 1: 288 MiB = 301,989,888
#   0.10.2 TP 2: (1,450 + 64) MiB = 1,587,544,064
#   0.10.2 TP 2, custom all-reduce off: (256 + 64) MiB = 335,544,320
#   0.11.0 TP 2, custom all-reduce off: (2,170 + 64) MiB = 2,342,518,784
# and on a card with no NVSwitch (L40S, card.no_nvswitch), any release:
#   TP 2: (288 + 64) MiB = 369,098,752; TP 4: (256 + 64) MiB = 335,544,320
H8="--model llama-3.1-8b --card h100-80gb-sxm"
is "0.10.2 TP 1 non-torch" 67108864 overhead_bytes --engine vllm@0.10.2 $H8
is "0.11.0 TP 1 non-torch" 301989888 overhead_bytes --engine vllm@0.11.0 $H8
is "0.10.2 TP 2 non-torch" 1587544064 overhead_bytes --engine vllm@0.10.2 $H8 --tp 2
is "0.10.2 TP 2 without custom all-reduce" 335544320 overhead_bytes \
	--engine vllm@0.10.2 $H8 --tp 2 --disable-custom-all-reduce
is "0.11.0 TP 2 without custom all-reduce: the larger figure" 2342518784 \
	overhead_bytes --engine vllm@0.11.0 $H8 --tp 2 --disable-custom-all-reduce
is "PCIe 0.10.2 TP 2" 369098752 overhead_bytes --engine vllm@0.10.2 $L8 --tp 2
is "PCIe 0.11.0 TP 2" 369098752 overhead_bytes --engine vllm@0.11.0 $L8 --tp 2
is "PCIe 0.11.0 TP 4" 335544320 overhead_bytes --engine vllm@0.11.0 $L8 --tp 4

# V0's own non-torch figure by release (vl_v0_base[], era row
# KVP_ERA_VLLM_V0_RESERVED, PR #11809 in 0.7.0), TP 1, no other term:
#   0.6.5: 360 MiB = 377,487,360; 0.7.0: 100 MiB = 104,857,600
#   0.7.0 on an MI300X (ROCm): 548 MiB, and the ROCm load slack every
#   ROCm card holds (vllm_profile.c VL_ROCM_LOAD_SLACK_MIB: vLLM measures
#   the load device-wide there) 224 MiB: 772 MiB = 809,500,672
is "V0 0.6.5 TP 1 non-torch" 377487360 overhead_bytes --engine vllm@0.6.5 $H8
is "V0 0.7.0 TP 1 non-torch: reserved bytes are torch's" 104857600 \
	overhead_bytes --engine vllm@0.7.0 $H8
is "V0 0.7.0 on ROCm (MI300X)" 809500672 overhead_bytes --engine vllm@0.7.0 \
	--model llama-3.1-8b --card mi300x
#   a card whose platform is rocm (card.platform): 548 + 224 MiB too; one
#   that does not say, named as torch names a ROCm Radeon: the same; a card
#   that says cuda whatever its name: 100 MiB
is "V0 0.7.0 on a ROCm card (card.platform)" 809500672 overhead_bytes \
	--engine vllm@0.7.0 $H8 --card-platform rocm
is "V0 0.7.0 on a Radeon (ROCm) by name" 809500672 overhead_bytes \
	--engine vllm@0.7.0 $H8 --card-platform unknown \
	--card-name "AMD Radeon (TM) Pro VII"
is "V0 0.7.0 on a card that says cuda" 104857600 overhead_bytes \
	--engine vllm@0.7.0 $H8 --card-name "AMD Radeon (TM) Pro VII"
#   0.8.5 on ROCm falls back to V0 (vl_engine.c): the same 548 + 224 MiB,
#   where V1's non-torch before 0.11.0 is 64 MiB = 67,108,864 on CUDA and
#   64 + 224 = 288 MiB = 301,989,888 on ROCm
is "0.8.5 on ROCm: V0's 548 MiB and the ROCm load slack" 809500672 overhead_bytes \
	--engine vllm@0.8.5 $H8 --card-platform rocm
is "0.8.5 on CUDA: V1's 64 MiB" 67108864 overhead_bytes \
	--engine vllm@0.8.5 $H8
is "0.9.2 on ROCm: V1's 64 MiB and the ROCm load slack" 301989888 overhead_bytes \
	--engine vllm@0.9.2 $H8 --card-platform rocm
#   a T4 (compute capability 7.5) falls back to V0 through 0.10.1 (PR
#   #23614): V0's 100 MiB from 0.7.0; 0.10.2 runs V1: 64 MiB
is "0.10.1 on a T4: V0's 100 MiB" 104857600 overhead_bytes \
	--engine vllm@0.10.1 --model qwen3-0.6b --card t4
is "0.10.2 on a T4: V1's 64 MiB" 67108864 overhead_bytes \
	--engine vllm@0.10.2 --model qwen3-0.6b --card t4

# Activation peak on an L40S (below 70 GiB: 256 sequences, 2,048 tokens),
# Llama-3.1-8B (vocabulary 128,256, hidden 4,096, bf16), the sampler's
# term above the forward's:
#   PyTorch-native before 0.17.0: 256 x 128,256 x (2 + 37)
#     + 2,048 x 4,096 x 2 = 1,280,507,904 + 16,777,216 = 1,297,285,120
#   FlashInfer sampler, or 0.17.0: 256 x 128,256 x (2 + 13) + 16,777,216
#     = 509,280,256
is "0.10.2 PyTorch-native sampler" 1297285120 activations_bytes --engine vllm@0.10.2 $L8
is "0.10.2 FlashInfer sampler" 509280256 activations_bytes --engine vllm@0.10.2 $L8 \
	--vllm-flashinfer-sampler
is "0.17.0 sampler" 509280256 activations_bytes --engine vllm@0.17.0 $L8

# The fused-MoE workspace beside the sampler from 0.11.0: Qwen3-30B-A3B
# on an A100 80GB (the small defaults from 0.9.0), vocabulary 151,936,
# hidden 2,048, 8 of 128 experts of 768:
#   0.10.2: 256 x 151,936 x 39 + 2,048 x 2,048 x 2 = 1,525,317,632
#   0.11.0: + 2,048 x 8 x (3 x 768 + 2,048) x 2 = + 142,606,336
#           = 1,667,923,968
Q3="--model qwen3-30b-a3b --card a100-80gb"
is "0.10.2 MoE: the sampler's peak alone" 1525317632 activations_bytes \
	--engine vllm@0.10.2 $Q3
is "0.11.0 MoE: the workspace held" 1667923968 activations_bytes \
	--engine vllm@0.11.0 $Q3

bad "--disable-custom-all-reduce takes a boolean" "disable-custom-all-reduce" \
	calc --engine vllm $L8 --disable-custom-all-reduce=maybe
[ "$fails" -eq 0 ]
