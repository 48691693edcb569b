# source: https://github.com/sgl-project/sglang/pull/2742
# run: --model llama-3-8b-awq-4bit --card h100
# refused: error: unrecognized arguments: --nccl-init
python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-8B-Instruct --tp 4 --nccl-init sgl-dev-0:50000 --nnodes 2 --node-rank 1
