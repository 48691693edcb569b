# source: https://github.com/Agent-RL/ReCall/issues/43
# run: --model qwen2.5-7b --card a100-80gb
# emit: sglang
# expect: python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B --tp-size 4 --mem-fraction-static 0.7 --context-length 6000
# not-modelled: --served-model-name --enable-metrics --dtype --host --port --trust-remote-code --disable-overlap --disable-radix-cache --disable-cuda-graph
# by hand: Qwen2.5-7B: 4 KV heads over --tp 4 is 1 a rank: 2 x 28 x 1 x 128 x 2 B = 14,336 B a rank, x 4 ranks = 57,344 B
# expect-line: per position  2 × 28 layers × 1 KV heads × 128 × 2 B × 4 ranks = 57,344 B per position
python3 -m sglang.launch_server \
        --served-model-name ReSearch \
        --model-path xxx/Models/Qwen/Qwen2.5-1.5B-Instruct \
        --tp 4 \
        --context-length 6000 \
        --enable-metrics \
        --dtype bfloat16 \
        --host 127.0.0.1 \
        --port 80 \
        --trust-remote-code \
        --disable-overlap \
        --disable-radix-cache \
        --disable-cuda-graph \
        --mem-fraction-static 0.7
