# source: https://myoceane.fr/index.php/ai-vllm-a100-gemma-4/
# run: --model gpt-oss-20b --card a100-80gb
# emit: vllm
# expect: vllm serve openai/gpt-oss-20b --max-model-len 131072 --gpu-memory-utilization 0.65
# not-modelled: --port --trust-remote-code
vllm serve openai/gpt-oss-20b --port 10000 --max-model-len 131072 --gpu-memory-utilization 0.65 --trust-remote-code
