# source: https://github.com/sgl-project/sglang/issues/2587
# run: --model deepseek-v3 --card h200
# refused: --enable-dp-attention: not modelled by kvplan
python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-V3-Base --enable-dp-attention --tp 8 --trust-remote-code
