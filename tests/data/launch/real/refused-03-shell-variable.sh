# source: https://github.com/lijiawei20161002/password_locking/blob/HEAD/local_inference_setup/serve.sh
# run: --model qwen2-0.5b --card a10g
# refused: a shell expansion
CUDA_VISIBLE_DEVICES=1 python -m vllm.entrypoints.openai.api_server \
  --model $HOME/models/DeepSeek-R1-Distill-Qwen-1.5B \
  --max-model-len 2048 \
  --gpu-memory-utilization 0.9 \
  --port 9000
