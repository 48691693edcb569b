# source: http://www.mynw.cn/news/425280.html (docker run ... vllm/vllm-openai:latest with these arguments; the image's entrypoint, python3 -m vllm.entrypoints.openai.api_server, put first, as a Kubernetes command/args list)
# (the page serves Qwen2.5-VL-7B-Instruct-AWQ on 2 x T4 16 GB: the Qwen2.5-7B preset with 4-bit weights stands for it)
# launch-file: vllm-09-docker-args.json
# run: --model qwen2.5-7b --weights int4 --card t4
# emit: vllm-api-server
# expect: python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B --tensor-parallel-size 2 --max-model-len 16384 --gpu-memory-utilization 0.9
# not-modelled: --trust-remote-code
# by hand: Qwen2.5-7B: 28 layers, 4 KV heads over tp 2 = 2 a rank, 128 dims, bf16: 2 x 28 x 2 x 128 x 2 B = 28,672 B a rank, x 2 ranks = 57,344 B
# expect-line: per position  2 × 28 layers × 2 KV heads × 128 × 2 B × 2 ranks = 57,344 B per position
