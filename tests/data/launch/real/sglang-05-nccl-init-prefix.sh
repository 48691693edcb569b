# source: https://github.com/sgl-project/sglang/pull/2742
# run: --model llama-3-8b-awq-4bit --card h100
# emit: sglang
# expect: python -m sglang.launch_server --model-path ravi-wcg/Llama-3-8B-AWQ-4bit --tp-size 4
# not-modelled: --nccl-init --nnodes --node-rank
# why read: argparse takes a unique prefix of a long flag, and --nccl-init
# is one: of --nccl-init-addr, the alias of --dist-init-addr in
# python/sglang/srt/server_args.py@001067ff (no other flag there starts
# with it), so SGLang runs this command (it was kept as refused before)
# by hand: Llama-3-8B: 8 KV heads over --tp 4 is 2 a rank: 2 x 32 x 2 x 128 x 2 B = 32,768 B a rank, x 4 ranks = 131,072 B
# expect-line: per position  2 × 32 layers × 2 KV heads × 128 × 2 B × 4 ranks = 131,072 B per position
python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-8B-Instruct --tp 4 --nccl-init sgl-dev-0:50000 --nnodes 2 --node-rank 1
