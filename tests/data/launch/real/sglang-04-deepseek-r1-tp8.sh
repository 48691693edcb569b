# source: https://github.com/sgl-project/sglang/pull/3314
# run: --model deepseek-v3 --card h200
# emit: sglang
# expect: python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp-size 8
# not-modelled: --trust-remote-code
# by hand: DeepSeek-V3/R1 MLA: kv_lora_rank 512 + rope 64 = 576 values, 61 layers, bf16, whole on each of the 8 ranks: 61 x 576 x 2 B = 70,272 B a rank, x 8 = 562,176 B
# expect-line: per position  61 layers × 1 KV heads × 576 × 2 B × 8 ranks = 562,176 B per position (K only)
python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-R1 --tp 8 --trust-remote-code
