# source: https://github.com/sgl-project/sglang/issues/4895
# run: --model gemma-3-27b-it --card h200-141gb
# (the issue names no card; on an 80 GB one the bf16 preset's 51 GiB do not fit in
# 0.76 x SGLang's default, kvplan's bound for a model with a vision tower)
# emit: sglang
# expect: python -m sglang.launch_server --model-path google/gemma-3-27b-it --context-length 4096
# not-modelled: --host --port --trust-remote-code
python3 -m sglang.launch_server --model-path  /llm/model/google/gemma-3-27b-it-int4-awq/ --host 0.0.0.0 --port 30000 --trust-remote-code --context-length 4096
