# source: https://github.com/sgl-project/sglang/issues/3817 (the shell lines as the issue gives them: nohup, a redirection and & around the command)
# run: --model deepseek-v3 --card h200
# refused: --enable-dp-attention: not modelled by kvplan
# The directory /export/dp/DeepSeek-R1 contains model files from the HuggingFace repo. deepseek-ai/DeepSeek-R1
nohup python3 -m sglang.launch_server --model /export/dp/DeepSeek-R1 --tp 8 --trust-remote-code --enable-dp-attention --disable-overlap-schedule --max-running-requests 512 --context-length 8192 > /export/sglang_serve.log 2>&1 &
