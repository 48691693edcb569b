# source: https://github.com/vllm-project/vllm/issues/3525
# run: --model llama-3.1-8b --card l40s
# emit: vllm-api-server
# expect: python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-3.1-8B --tensor-parallel-size 2
# not-modelled: --served-model-name --trust-remote-code --port
python -m vllm.entrypoints.openai.api_server --model internlm/internlm2_5-7b-chat --served-model-name internlm2_5-7b-chat --trust-remote-code --port 8082 --tensor-parallel-size 2
