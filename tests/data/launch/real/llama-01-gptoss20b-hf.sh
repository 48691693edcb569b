# source: https://github.com/agno-agi/docs/pull/136
# run: --model gpt-oss-20b --card rtx-4090
# emit: llama-server
# expect: llama-server -hf openai/gpt-oss-20b -ub 2048 -ngl all
# not-modelled: --jinja
llama-server -hf ggml-org/gpt-oss-20b-GGUF --ctx-size 0 --jinja -ub 2048 -b 2048
