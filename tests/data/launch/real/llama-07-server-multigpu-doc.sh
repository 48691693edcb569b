# source: https://github.com/ggml-org/llama.cpp/blob/v0.5.0/docs/multi-gpu.md
# run: --model llama-3.1-8b --card rtx-4090
# emit: llama-server
# expect: llama-server -hf meta-llama/Llama-3.1-8B -ngl all
# not-modelled: 
llama-server -m model.gguf
