# source: https://github.com/ggml-org/llama.cpp/blob/v0.5.0/docs/function-calling.md (line 291 in the source node-llama-cpp 3.22.1 ships)
# (-fa takes a value in this build, [on|off|auto]: llama.cpp takes -hf as it and stops, "unknown value for --flash-attn: '-hf'"; kvplan's --flash-attn refuses it too)
# run: --model qwen2.5-7b --card rtx-4090
# refused: unknown value for --flash-attn: '-hf'
llama-server --jinja -fa -hf bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M
