# source: https://github.com/NVIDIA/TensorRT-LLM/pull/7492 (its test config, kept beside as trtllm-qwen3-30b-a3b-fp8.yml; the command is trtllm-serve's form with that file, run from this folder)
# run: --model qwen3-30b-a3b --card h100
# emit: trtllm-serve
# expect: trtllm-serve Qwen/Qwen3-30B-A3B --kv_cache_free_gpu_memory_fraction 0.8 --max_num_tokens 4223 --max_seq_len 4223
# not-modelled: torch_compile_config.enable_fullgraph max_batch_size num_postprocess_workers print_iter_log
# by hand: the YAML's max_seq_len 4223 is TensorRT-LLM's max_seq_len, taken as the model's positions; free_gpu_memory_fraction 0.8; tokens_per_block the LLM API's 32 (KvCacheConfig)
# expect-line: blocks of 32 tokens
trtllm-serve Qwen/Qwen3-30B-A3B-FP8 --backend pytorch --extra_llm_api_options trtllm-qwen3-30b-a3b-fp8.yml
