# source: https://github.com/red-hat-data-services/agentic-starter-kits/pull/51 (guide-local-agent-to-vllm-on-cluster.md: the container args of a KServe vLLM runtime, its command python -m vllm.entrypoints.openai.api_server put first; the commented --tensor-parallel-size left out)
# launch-file: vllm-10-kserve-args.json
# run: --model llama-3.1-8b --card l4
# emit: vllm-api-server
# expect: python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-3.1-8B --max-model-len 16384 --gpu-memory-utilization 0.9
# not-modelled: --served-model-name --enable-auto-tool-choice --tool-call-parser
# by hand: Llama-3.1-8B: 32 layers, 8 KV heads of 128, bf16: 2 x 32 x 8 x 128 x 2 B = 131,072 B
# expect-line: per position  2 × 32 layers × 8 KV heads × 128 × 2 B = 131,072 B per position
