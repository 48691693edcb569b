# source: https://tech-undocs.info/llama-cpp/server-overview-and-usage
# run: --model llama-3.1-8b --card rtx-4090
# emit: llama-server
# expect: llama-server -hf meta-llama/Llama-3.1-8B -ngl all
# not-modelled: -hff
llama-server -hfr lmstudio-community/Llama-3.2-1B-Instruct-GGUF -hff Llama-3.2-1B-Instruct-Q4_K_M.gguf
