# source: https://github.com/vllm-project/vllm/issues/22303
# run: --model qwen3-30b-a3b --card h100
# refused: vllm serve: error: unrecognized arguments: true
export  CUDA_VISIBLE_DEVICES=1,2

vllm serve /mnt/general/models/Qwen3-30B-A3B-Instruct-2507-FP8  \
--served-model-name Qwen3-30B-A3B-Instruct-2507-FP8 \
--tensor-parallel-size 2 \
--pipeline-parallel-size 1 \
--gpu-memory-utilization  0.9 \
--port 8011 \
--trust-remote-code \
--max-model-len 64000 \
--enforce_eager true
