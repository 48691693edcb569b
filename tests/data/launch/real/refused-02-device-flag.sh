# source: https://github.com/vllm-project/vllm/issues/3525
# run: --model mixtral-8x7b --card a100-80gb
# refused: error: unrecognized arguments: --device
python -m vllm.entrypoints.openai.api_server --model mistralai/Mixtral-8x7B-Instruct-v0.1 --trust-remote-code --device cuda --tensor-parallel-size 4 --gpu-memory-utilization 0.95 --swap-space 1 --dtype auto --api-key <openai-api-key>
