# source: https://github.com/vllm-project/vllm/issues/13124
# run: --model qwen2.5-72b --card a100-80gb
# emit: vllm
# expect: vllm serve Qwen/Qwen2.5-72B --tensor-parallel-size 4
# not-modelled: --host --port
vllm serve /home/lzh/llm_model/Qwen/Qwen2___5-VL-72B-Instruct --dtype auto --host 127.0.0.1 --port 6006 --tensor-parallel-size 4
