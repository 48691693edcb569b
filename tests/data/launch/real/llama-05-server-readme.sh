# source: https://github.com/ggml-org/llama.cpp/blob/v0.5.0/tools/server/README.md
# run: --model llama-2-7b --card rtx-3090
# emit: llama-server
# expect: llama-server -hf meta-llama/Llama-2-7b-hf -c 2048 -ngl all
# not-modelled: 
# by hand: Llama-2-7B: 32 layers, 32 KV heads of 128, f16 cache (-ctk/-ctv default): 2 x 32 x 32 x 128 x 2 B = 524,288 B a cell
# expect-line: per position  2 × 32 layers × 32 KV heads × 128 × 2 B = 524,288 B per position
# by hand: -c 2048 cells x 524,288 B = 1,073,741,824 B (llama.cpp's 1024.00 MiB for this model at -c 2048)
# expect-line: KV cache      1,073,741,824 B (1.00 GiB, 1.07 GB)
./llama-server -m models/7B/ggml-model.gguf -c 2048
