# source: https://github.com/Mikeriess/Synth_data/blob/HEAD/run_vllm.sh
# (the command serves the fp8 checkpoint: the bf16 preset is given fp8 weights)
# run: --model llama-3.1-405b --weights fp8 --card h100
# emit: vllm-api-server
# expect: python -m vllm.entrypoints.openai.api_server --model meta-llama/Llama-3.1-405B --tensor-parallel-size 8 --gpu-memory-utilization 0.9
# not-modelled: --host --port
python -m vllm.entrypoints.openai.api_server \
    --model meta-llama/llama-3.1-405b-instruct-fp8 \
    --gpu-memory-utilization 0.9 \
    --tensor-parallel-size 8 \
    --host 0.0.0.0 \
    --port 8000
