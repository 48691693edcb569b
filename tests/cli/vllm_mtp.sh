#!/bin/sh
# vllm_mtp.sh - vLLM's MTP drafter (issue 14 item 3): the model's own
# multi-token prediction layers (model.arch.mtp_layers) are loaded with
# the target's config (vllm/v1/spec_decode/eagle.py EagleProposer.
# load_model @008603a3), so their attention gets pages in the same pool.
#
# By hand, DeepSeek-V3 (61 MLA layers + 1 MTP layer; bf16 latent of 512 +
# 64 values = 1,152 B per token per layer, one head on every rank), block
# 16: a page is 16 x 1,152 = 18,432 B a layer. With a KV budget of
# 1,142,784,000 B per rank (--kv-cache-memory-bytes, = 62 x 18,432 x
# 1,000):
#   without MTP: 1,142,784,000 // (61 x 18,432 = 1,124,352) = 1,016
#     blocks, 16,256 tokens;
#   with MTP:    1,142,784,000 // (62 x 18,432 = 1,142,784) = 1,000
#     blocks, 16,000 tokens; the MTP layer holds 1,000 x 18,432 =
#     18,432,000 B per rank.
# DeepSeek-V3.2 (DSA: block 64, the indexer's 128 fp8 keys + a 4-byte
# scale beside each latent: 1,284 B per token per layer): a page is 64 x
# 1,284 = 82,176 B; 62 x 82,176 = 5,094,912 B a block: 224 blocks
# (1,142,784,000 // 5,094,912), 14,336 tokens, the MTP layer 224 x 82,176
# = 18,407,424 B.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/calc_lib.inc"   # ok, and $TMP removed at exit
fail=0
no() { echo "not ok - $1"; fail=1; }

# v3 MODEL [FLAGS]: the model with the budget above
v3() {
	m=$1; shift
	"$KVPLAN" calc --model "$m" --engine vllm --card h200 --tp 8 \
		--max-model-len 8192 --kv-cache-memory-bytes 1142784000 "$@" 2>&1
}
out=$(v3 deepseek-v3)
case $out in *"GPU KV cache size: 16,256 tokens"*"1,016 blocks of 16"*)
	ok "DeepSeek-V3 without MTP: 1,016 blocks";; *) no "no MTP: $out";; esac
case $out in *"MTP draft"*) no "an MTP line without MTP";;
	*"verdict"*) ok "no MTP line without MTP";; *) no "no MTP, no output: $out";; esac
out=$(v3 deepseek-v3 --speculative-method mtp --num-speculative-tokens 2)
case $out in *"GPU KV cache size: 16,000 tokens"*"1,000 blocks of 16"*)
	ok "with MTP: 1,000 blocks (62 pages a block)";; *) no "MTP blocks: $out";; esac
case $out in *"MTP draft     18,432,000 B (0.02 GiB) per device: KV of 1 MTP layer"*"18,432 B of each block (1,152 B per token per rank)"*"2 lookahead tokens"*)
	ok "the MTP layer's KV: 18,432,000 B a rank, 2 lookahead tokens";; *) no "MTP line: $out";; esac
out=$(v3 deepseek-v3.2 --speculative-method mtp --num-speculative-tokens 1)
case $out in *"GPU KV cache size: 14,336 tokens"*"224 blocks of 64"*"MTP draft     18,407,424 B"*"1,284 B per token per rank"*)
	ok "DeepSeek-V3.2: the MTP layer keeps indexer keys too, 224 blocks";; *) no "V3.2: $out";; esac
j=$(v3 deepseek-v3 --speculative-method mtp --num-speculative-tokens 2 --format json)
case $j in *'"mtp":	true'*'"kv_device":	18432000'*) ok "JSON: result.draft.mtp and kv_device";;
	*) no "JSON: $(echo "$j" | grep -n '"mtp"\|kv_device')";; esac

# A hybrid target, Qwen3.5-27B: 16 full-attention layers (4 KV heads of
# 256, bf16: 4,096 B per token a layer) and 48 Gated DeltaNet layers;
# the attention block raised to 400 tokens for the state's page (a page
# of 1,638,400 B). The MTP layer is one more full-attention layer
# (qwen3_5_mtp.py: Qwen3_5DecoderLayer, layer_type "full_attention"), and
# with any speculative method each request holds 1 + num_speculative_
# tokens state blocks per DeltaNet group (MambaBase.get_kv_cache_spec:
# num_speculative_blocks; MambaSpec.max_memory_usage_bytes, mamba_cache_
# mode none). Budget 2,785,280,000 B, max_model_len 32,768 (82 blocks):
#   no speculation: groups of 16 (16 full, 48 DeltaNet: 1 + 3 groups), a
#     block 16 x 1,638,400 = 26,214,400 B: 106 blocks; a request 82 + 3 =
#     85 blocks: 106 / 85 = 1.25x, int(106 / 85 x 32,768) = 40,863 tokens;
#   n-gram, 3 tokens: a request 82 + 3 x 4 = 94 blocks: 1.13x, 36,951;
#   MTP, 1 token: 17 full + 48: groups of 17 (1 + 3 groups, 3 padding
#     layers), a block 17 x 1,638,400 = 27,852,800 B: 100 blocks; a
#     request 82 + 3 x 2 = 88: 1.14x, int(100 / 88 x 32,768) = 37,236;
#     the pool 100 x 27,852,800 = 2,785,280,000 B over 65 layers: the MTP
#     layer's share 42,850,461 B.
# These take the SSM state in bf16 (--mamba-ssm-cache-dtype bfloat16): a
# DeltaNet state of (30,720 + 786,432) x 2 = 1,634,304 B. Without the
# flag vLLM keeps it in the config's mamba_ssm_dtype, float32
# (Qwen3_5ForConditionalGenerationConfig, vLLM PR #34489): 30,720 x 2 +
# 786,432 x 4 = 3,207,168 B, a block of 16 x cdiv(3,207,168, 16 x 4,096)
# = 16 x 49 = 784 tokens (page 3,211,264 B), 16 x 3,211,264 =
# 51,380,224 B a pool block: 54 blocks; a request cdiv(32,768, 784) = 42
# + 3 = 45: 1.20x, int(54 / 45 x 32,768) = 39,321 tokens.
q35() {
	"$KVPLAN" calc --model qwen3.5-27b --engine vllm --card h100 \
		--max-model-len 32768 --kv-cache-memory-bytes 2785280000 \
		--mamba-ssm-cache-dtype bfloat16 "$@" 2>&1
}
out=$("$KVPLAN" calc --model qwen3.5-27b --engine vllm --card h100 \
	--max-model-len 32768 --kv-cache-memory-bytes 2785280000 2>&1)
case $out in *"GPU KV cache size: 39,321 tokens"*"1.20x"*"54 blocks of 784"*)
	ok "Qwen3.5-27B, the config's float32 SSM state: 54 blocks of 784, 1.20x";;
*) no "q35 f32 state: $out";; esac
case $(q35) in *"GPU KV cache size: 40,863 tokens"*"1.25x"*"106 blocks of 400"*)
	ok "Qwen3.5-27B without speculation: 106 blocks, 1.25x";; *) no "q35: $(q35)";; esac
case $(q35 --speculative-method ngram --num-speculative-tokens 3) in
*"GPU KV cache size: 36,951 tokens"*"1.13x"*"106 blocks of 400"*)
	ok "n-gram: 4 state blocks a DeltaNet group per request, 1.13x";;
*) no "q35 ngram: $(q35 --speculative-method ngram --num-speculative-tokens 3)";; esac
out=$(q35 --speculative-method mtp --num-speculative-tokens 1)
case $out in *"Add 3 padding layers"*"GPU KV cache size: 37,236 tokens"*"1.14x"*"100 blocks of 400"*"MTP draft     42,850,461 B"*)
	ok "MTP on the hybrid: 17 + 48 layers in groups of 17, 100 blocks, 42,850,461 B";;
*) no "q35 mtp: $out";; esac

# refusals, each naming the field
refused() {
	want=$1; shift
	out=$("$KVPLAN" calc "$@" 2>&1); rc=$?
	case $rc:$out in 2:*"$want"*) ok "refused: $want";; *) no "rc $rc, want '$want': $out";; esac
}
refused "has no MTP layers (model.arch.mtp_layers 0" \
	--model llama-3.1-8b --engine vllm --speculative-method mtp --num-speculative-tokens 1
refused "engine.version 0.11.0 is not" \
	--model deepseek-v3 --engine vllm@0.11.0 --card h200 --tp 8 --speculative-method mtp --num-speculative-tokens 1
refused "pipeline parallel size 2: vLLM refuses it (NotImplementedError: Pipeline parallelism is not supported for this model; PR #32150)" \
	--model deepseek-v3 --engine vllm --card h200 --tp 4 --pp 2 --speculative-method mtp --num-speculative-tokens 1
refused "it takes no draft model" \
	--model deepseek-v3 --engine vllm --card h200 --tp 8 --speculative-model llama-3.1-8b --speculative-method mtp --num-speculative-tokens 1

# the importer reads the MTP layer count from the configs
for f in glm-4.7 deepseek-v3.2 qwen3.5-27b; do
	case $("$KVPLAN" import "$here/tests/data/hf/verbatim/$f.json" 2>&1) in
	*'"mtp_layers":	1'*) ok "import $f: mtp_layers 1";; *) no "import $f: no mtp_layers";; esac
done
case $("$KVPLAN" import "$here/tests/data/hf/verbatim/kimi-k2-instruct.json" 2>&1) in
*'"mtp_layers":	1'*) no "kimi-k2 (num_nextn_predict_layers 0) got MTP layers";;
*'"mtp_layers":	0'*) ok "import kimi-k2: num_nextn_predict_layers 0, none";;
*) no "import kimi-k2: no mtp_layers key";; esac
# The MTP layers' tensors are on a device only with the MTP drafter:
# vLLM's model skips them ("skip spec decode layers for main model",
# deepseek_v2.py load_weights), and the drafter frees the layers' own
# embedding and head copies for the target's ("Shared target model
# lm_head with MTP shared_head.head", PR #34385). A GGUF of 3 blocks,
# nextn 1 (the last is the MTP layer: attn_q 64 x 64, ffn_up 64 x 128,
# nextn.eh_proj 128 x 64 and nextn.embed_tokens 64 x 1,000, f16: 8,192 +
# 16,384 + 16,384 + 128,000 = 168,960 B), 2 layers of 24,576 B,
# token_embd and output 64 x 1,000 f16 = 128,000 B each: 474,112 B in
# the files; 305,152 B on the card without the drafter, 346,112 B with
# it (its own embedding, 128,000 B, freed).
. "$here/tests/cli/gguf_lib.inc"
tmp=$TMP
off=0
tensor() { # NAME NE0 NE1: an f16 matrix, data at the running offset
	str "$1"; u32 2; u64 "$2"; u64 "$3"; u32 1; u64 $off
	off=$(( off + ($2 * $3 * 2 + 31) / 32 * 32 ))
}
{
	printf 'GGUF'; u32 3; u64 10; u64 9
	kv_str general.architecture llama
	kv_u32 llama.block_count 3
	kv_u32 llama.nextn_predict_layers 1
	kv_u32 llama.embedding_length 64
	kv_u32 llama.attention.head_count 4
	kv_u32 llama.attention.head_count_kv 2
	kv_u32 llama.feed_forward_length 128
	kv_u32 llama.context_length 4096
	kv_u32 llama.vocab_size 1000
	tensor token_embd.weight 64 1000
	for i in 0 1 2; do tensor blk.$i.attn_q.weight 64 64; tensor blk.$i.ffn_up.weight 64 128; done
	tensor blk.2.nextn.eh_proj.weight 128 64
	tensor blk.2.nextn.embed_tokens.weight 64 1000
	tensor output.weight 64 1000
} >"$tmp/m.gguf"
sz=$(wc -c <"$tmp/m.gguf")
head -c $(( (32 - sz % 32) % 32 + off )) /dev/zero >>"$tmp/m.gguf"
mtp() { "$KVPLAN" calc --model "$tmp/m.gguf" --engine vllm --max-model-len 4096 "$@" 2>&1; }
out=$(mtp --format json)
case $out in *'"mtp_unloaded_bytes":	168960'*) ok "vLLM without the MTP drafter: the MTP layer's 168,960 B on no device";; *) no "no drafter: $out";; esac
case $out in *'"weights_bytes":	305152'*) ok "... and 305,152 B on the card";; *) no "no drafter card: $out";; esac
out=$(mtp --speculative-method mtp --num-speculative-tokens 1 --format json)
case $out in *'"weights_bytes":	346112'*) ok "with the drafter: 346,112 B on the card";; *) no "drafter: $out";; esac
case $out in *'"mtp_unloaded_bytes":	128000'*) ok "... its own embedding, 128,000 B, freed";; *) no "drafter freed: $out";; esac
out=$(mtp)
case $out in *"of which the MTP layers' 168,960 B are on no device: vLLM loads them for --speculative-method mtp only"*)
	ok "the text says so";; *) no "text: $out";; esac
out=$(mtp --speculative-method mtp --num-speculative-tokens 1)
case $out in *"of which the MTP layers' 128,000 B are on no device: their own embedding and head, which vLLM's MTP drafter frees for the target's"*)
	ok "with the drafter, the text says which bytes and why";; *) no "text: $out";; esac
exit $fail
