# source: https://github.com/ggml-org/llama.cpp/blob/v0.5.0/tools/server/README.md
# run: --model llama-3.1-8b --card rtx-4090
# refused: llama-server: error: invalid argument: -ctx
llama-server -ctx 8192 -n 1024 -np 2
