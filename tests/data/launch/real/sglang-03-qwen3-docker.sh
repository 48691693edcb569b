# source: https://github.com/sgl-project/sglang/issues/7227
# run: --model qwen3-8b --card rtx-5090
# emit: sglang
# expect: python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 60000
# not-modelled: --port
python -m sglang.launch_server \
    --model-path Qwen/Qwen3-4B-FP8 \
    --port 8000 \
    --context-length 60000
