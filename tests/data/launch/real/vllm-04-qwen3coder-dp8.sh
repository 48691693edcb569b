# source: https://github.com/vllm-project/recipes/pull/12
# run: --model qwen3-235b-a22b --card h200
# refused: --enable-expert-parallel: not modelled by kvplan
vllm serve /tmp/model/Qwen3-Coder-480B-A35B-Instruct-FP8 --served-model-name Qwen3-Coder-480B-A35B-FP8 -dp=8  --enable-expert-parallel --enable-auto-tool-choice --tool-call-parser qwen3_coder
