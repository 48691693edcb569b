# source: https://github.com/ggml-org/llama.cpp/issues/27374
# (the Windows prompt "C:\Users\sovf>" before the command left out)
# run: --model qwen3-30b-a3b --card rtx-4090
# emit: llama-server
# expect: llama-server -hf Qwen/Qwen3-30B-A3B -ngl all
# not-modelled: --host --port
# by hand: Qwen3-30B-A3B: 48 layers, 4 KV heads of 128, f16: 2 x 48 x 4 x 128 x 2 B = 98,304 B a cell
# expect-line: per position  2 × 48 layers × 4 KV heads × 128 × 2 B = 98,304 B per position
# by hand: no -np: llama-server's auto, 4 slots sharing one unified stream (the issue's own log: 'n_slots = 4, ... kv_unified = 'true''), of n_ctx_train 40,960 cells (no -c)
# expect-line: 1 stream x 40960 cells
llama-server.exe  -m "E:\LLM\AgentWorld\Qwen-AgentWorld-35B-A3B-UD-Q6_K_XL.gguf" --host 0.0.0.0 --port 8084
