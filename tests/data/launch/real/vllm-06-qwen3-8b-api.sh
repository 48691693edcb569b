# source: https://github.com/WohimLee/vLLM-Tutorial/blob/HEAD/6.openai_server/src/launch_vllm.sh
# run: --model qwen3-8b --card rtx-4090
# emit: vllm-api-server
# expect: python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B --max-model-len 8192 --gpu-memory-utilization 0.85 --max-num-seqs 64
# not-modelled: --port
# by hand: Qwen3-8B: 36 layers, 8 KV heads of 128, bf16, one rank: 2 x 36 x 8 x 128 x 2 B = 147,456 B
# expect-line: per position  2 × 36 layers × 8 KV heads × 128 × 2 B = 147,456 B per position
python -m vllm.entrypoints.openai.api_server \
  --model models/Qwen3-8B \
  --max-model-len 8192 \
  --gpu-memory-utilization 0.85 \
  --max-num-seqs 64 \
  --tensor-parallel-size 1 \
  --port 8000
