# source: https://github.com/vllm-project/vllm/issues/15469
# run: --model qwen2.5-7b --card l4
# emit: vllm
# expect: vllm serve Qwen/Qwen2.5-7B --tensor-parallel-size 2 --max-model-len 4096 --gpu-memory-utilization 0.9
# not-modelled: --swap-space --port --disable-custom-all-reduce VLLM_WORKER_MULTIPROC_METHOD
# by hand: Qwen2.5-7B: 28 layers, 4 KV heads of 128, bf16; tp 2 (from -tp 2, and 2 cards from CUDA_VISIBLE_DEVICES=0,1) leaves 2 KV heads a rank: 2 x 28 x 2 x 128 x 2 B = 28,672 B a rank, x 2 ranks = 57,344 B
# expect-line: per position  2 × 28 layers × 2 KV heads × 128 × 2 B × 2 ranks = 57,344 B per position
CUDA_VISIBLE_DEVICES=0,1 VLLM_USE_V1=1 VLLM_WORKER_MULTIPROC_METHOD=spawn vllm serve /home/work/anyujie/Qwen/Qwen2.5-VL-3B-Instruct --gpu-memory-utilization 0.9 --swap-space 16 --max-model-len 4096 --tensor-parallel-size 2 --port 8091 --disable-custom-all-reduce
