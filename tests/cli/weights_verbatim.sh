#!/bin/sh
# weights_verbatim.sh - the weight estimate of verbatim Hugging Face
# configs (tests/data/hf/verbatim, sources in SOURCES.md) against counts
# worked by hand from the models' module lists (issue 14: "each figure
# labelled exact, from an engine's formula, or an estimate, with its
# source"; issue 11: the 2026 zoo). Each case failed before its rule:
# hybrids counted an MLP on every layer or none of their linear
# attention, vision towers were left out silently.
set -u
: "${KVPLAN:?KVPLAN must name the kvplan binary}"
here=$(cd "$(dirname "$0")/../.." && pwd)
V=$here/tests/data/hf/verbatim
fail=0
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; fail=1; }

# params NAME FILE TOTAL ACTIVE: result.weights.params and active_params
params() {
	j=$("$KVPLAN" calc --model "$V/$2" --format json 2>&1)
	t=$(printf '%s\n' "$j" | sed -n 's/^[[:space:]]*"params":[[:space:]]*\([0-9]*\),*$/\1/p' | head -1)
	a=$(printf '%s\n' "$j" | sed -n 's/^[[:space:]]*"active_params":[[:space:]]*\([0-9]*\),*$/\1/p' | head -1)
	if [ "$t" = "$3" ] && [ "$a" = "$4" ]; then
		ok "$1: $3 parameters, $4 active"
	else
		no "$1: params '$t' active '$a', want $3 and $4"
	fi
}

# Gemma 3 27B: its SigLIP tower and Gemma 3 projector (hf_tower.c;
# transformers modeling_siglip.py, modeling_gemma3.py). vision_config:
# 27 layers, hidden 1,152, intermediate 4,304, patch 14, image 896,
# num_channels absent (SiglipVisionConfig default 3), vision_use_head
# false. One encoder layer: 2 LayerNorms 4 x 1,152 = 4,608; q, k, v, out
# 4 x (1,152^2 + 1,152) = 5,313,024; fc1 1,152 x 4,304 + 4,304 =
# 4,962,512; fc2 4,304 x 1,152 + 1,152 = 4,959,360; 15,239,504 x 27 =
# 411,466,608. Patch embedding 1,152 x 3 x 14 x 14 + 1,152 = 678,528;
# positions (896 / 14)^2 = 4,096 x 1,152 = 4,718,592; post LayerNorm
# 2,304; tower 416,866,032.
# Projector 1,152 x 5,376 (text hidden) + 1,152 = 6,194,304; in all
# 423,060,336.
out=$("$KVPLAN" calc --model "$V/gemma-3-27b-it.json" 2>&1)
case $out in *"note: vision_config: siglip_vision_model tower counted, 423060336 parameters at 16 bits"*)
	ok "Gemma 3 27B: SigLIP tower and projector, 423,060,336 by hand";;
	*) no "Gemma 3 tower: $out";; esac

# The MoE models' towers, by hand: Qwen3-VL's modules with out_hidden_size
# 2,048. Blocks 27 x 15,239,504 = 411,466,608, patch_embed 1,770,624,
# pos_embed 2,654,208; a merger's linears (m = 4,608) 4,608^2 + 4,608 +
# 4,608 x 2,048 + 2,048 = 30,677,504. Qwen3.5-35B-A3B (no deepstack
# mergers): + the merger and its norm of 1,152 (2,304) = 446,571,248.
# Qwen3-VL-30B-A3B: + 3 deepstack mergers with norms of 4,608 (9,216) each,
# 3 x 30,686,720 = 92,060,160: 538,631,408.
for pair in qwen3.5-35b-a3b:qwen3_5_moe:446571248 \
	qwen3-vl-30b-a3b-instruct:qwen3_vl_moe:538631408; do
	f=${pair%%:*} rest=${pair#*:} mt=${rest%%:*} n=${rest#*:}
	out=$("$KVPLAN" calc --model "$V/$f.json" 2>&1)
	case $out in *"note: vision_config: $mt tower counted, $n parameters at 16 bits"*)
		ok "$f: its tower, $n by hand";;
		*) no "$f tower: $out";; esac
done

# Gemma 4 26B-A4B: its gemma4_vision tower and Gemma4MultimodalEmbedder
# (transformers modeling_gemma4.py). vision_config: 27 layers, hidden
# 1,152, intermediate 4,304, 16 heads and 16 KV heads of 72, patch 16,
# position_embedding_size 10,240, standardize. A layer: q, k, v, o 4 x
# 1,152 x 1,152 = 5,308,416; q and k norms 2 x 72 = 144; MLP gate, up,
# down 3 x 1,152 x 4,304 = 14,874,624; four RMSNorms 4 x 1,152 = 4,608;
# 20,187,792 x 27 = 545,070,384. input_proj 3 x 16 x 16 x 1,152 =
# 884,736; position table 2 x 10,240 x 1,152 = 23,592,960; std_bias and
# std_scale 2 x 1,152 = 2,304; projector 1,152 x 2,816 (text hidden) =
# 3,244,032. In all 572,794,416.
out=$("$KVPLAN" calc --model "$V/gemma-4-26b-a4b.json" 2>&1)
case $out in *"note: vision_config: gemma4_vision tower counted, 572794416 parameters at 16 bits"*)
	ok "Gemma 4 26B-A4B: its vision tower, 572,794,416 by hand";;
	*) no "Gemma 4 tower: $out";; esac
# Gemma 4 26B-A4B's text decoder (modeling_gemma4.py @c308a309): hidden
# 2,816, 30 layers, vocab 262,144 tied: embeddings 738,197,504. 25
# sliding layers (16 heads, 8 KV heads of 256): q 2,816 x 4,096 =
# 11,534,336, k and v 2 x 2,816 x 2,048 = 11,534,336, o 11,534,336:
# 34,603,008 x 25 = 865,075,200. 5 full layers (16 heads and 2 KV heads of 512,
# attention_k_eq_v: no v_proj): q 23,068,672 + k 2,883,584 + o 23,068,672
# = 49,020,928 x 5 = 245,104,640. Every layer (enable_moe_block) has the
# router 2,816 x 128 = 360,448, 128 experts of 3 x 2,816 x 704 =
# 5,947,392 (761,266,176) and its dense MLP of 2,112 = three experts'
# worth 17,842,176: 779,468,800 x 30 = 23,384,064,000. Norms 30 x 2 x
# 2,816 + 2,816 = 171,776. Text 25,232,613,120 and the tower: 25,805,407,536.
# Active: 8 experts, router and dense MLP 65,781,760 x 30 = 1,973,452,800
# + embeddings, attention, norms = 3,822,001,920.
params "Gemma 4 26B-A4B: dense MLP beside the experts, no v_proj on k_eq_v layers" \
	gemma-4-26b-a4b.json 25805407536 3822001920
# a key the row needs and has no default for: the tower not counted, named
sed 's/"position_embedding_size": 10240,//' "$V/gemma-4-26b-a4b.json" >"${TMPDIR:-/tmp}/kvp-g4.$$.json"
out=$("$KVPLAN" calc --model "${TMPDIR:-/tmp}/kvp-g4.$$.json" 2>&1)
rm -f "${TMPDIR:-/tmp}/kvp-g4.$$.json"
case $out in *"not counted: vision and audio towers"*"note: vision_config: the gemma4_vision tower is not in the weight estimate: vision_config.position_embedding_size absent"*)
	ok "a tower key absent: not counted, the key named";;
	*) no "Gemma 4 without position_embedding_size: $out";; esac

# Qwen3.5-27B: 64 layers, 48 gated DeltaNet and 16 full attention
# (full_attention_interval 4), hidden 5,120, vocab 248,320, untied.
# Embeddings and lm_head 248,320 x 5,120 = 1,271,398,400 each. A full
# attention layer with its output gate (attn_output_gate; transformers
# Qwen3NextAttention's q_proj is 2 x heads x head_dim): q 5,120 x 24 x
# 256 x 2 = 62,914,560; k and v 2 x 5,120 x 4 x 256 = 10,485,760; o 24 x
# 256 x 5,120 = 31,457,280; 104,857,600 x 16 = 1,677,721,600. A gated
# DeltaNet layer (key_dim 16 x 128 = 2,048, value_dim 48 x 128 = 6,144,
# conv_dim 10,240): in_proj 5,120 x (2 x 2,048 + 2 x 6,144 + 2 x 48) =
# 84,377,600; conv1d 10,240 x 4 = 40,960; dt_bias and A_log 96; norm 128;
# out_proj 6,144 x 5,120 = 31,457,280; 115,876,064 x 48 =
# 5,562,051,072. MLP 64 x 3 x 5,120 x 17,408 = 17,112,760,320. Norms 64 x
# 2 x 5,120 + 5,120 = 660,480 and q/k norms on the attention layers 16 x
# 2 x 256 = 8,192: 668,672. Vision tower (qwen3_5: Qwen3-VL's without
# deepstack mergers; depth 27, hidden 1,152, intermediate 4,304, patch
# 16, out 5,120): blocks 411,466,608; patch_embed 1,152 x 3 x 2 x 16 x 16
# + 1,152 = 1,770,624; pos_embed 2,304 x 1,152 = 2,654,208; merger (m =
# 4,608) 4,608^2 + 4,608 + 4,608 x 5,120 + 5,120 + 2 x 1,152 =
# 44,838,656; tower 460,730,096. Total 27,356,728,560; active leaves out
# the tower: 26,895,998,464.
params "Qwen3.5-27B: gated DeltaNet, output gate and tower" qwen3.5-27b.json \
	27356728560 26895998464

# Nemotron-H-56B: hybrid_override_pattern of 118 layers, 54 Mamba2 (M),
# 54 MLP (-), 10 attention (*), one block per layer (vLLM nemotron_h.py);
# hidden 8,192, vocab 131,072 untied: 2 x 1,073,741,824. A Mamba2 mixer
# (256 heads x 64 = d_inner 16,384, 8 groups, state 256, conv 4):
# in_proj 8,192 x (2 x 16,384 + 2 x 8 x 256 + 256) = 304,087,040; conv
# (16,384 + 4,096) x 4 + 20,480 bias = 102,400; A, D, dt_bias 768; norm
# 16,384; out_proj 16,384 x 8,192 = 134,217,728; 438,424,320 x 54 =
# 23,674,913,280. Attention 8,192 x 64 x 128 x 2 + 2 x 8,192 x 8 x 128 =
# 150,994,944 x 10 = 1,509,949,440. MLP up and down (relu2, not gated)
# 2 x 8,192 x 32,768 = 536,870,912 x 54 = 28,991,029,248. Norms, one
# per block (NemotronHBlock.norm) and the final: 119 x 8,192 = 974,848.
# Total 56,324,350,464 (the repo name says 56B).
params "Nemotron-H-56B: an MLP only on '-' layers, ungated" \
	nemotron-h-56b-base-8k.json 56324350464 56324350464

# Nemotron-3-Nano-30B-A3B: 52 layers, 23 Mamba2 (M), 23 MoE (E), 6
# attention (*); hidden 2,688. An MoE layer: router 2,688 x 128 =
# 344,064; 128 experts of up and down 2 x 2,688 x 1,856 = 9,977,856
# (1,277,165,568); the shared expert of moe_shared_expert_intermediate_
# size 3,712 = two experts' worth, 19,955,712; 1,297,465,344 x 23 =
# 29,841,702,912; active 344,064 + 6 x 9,977,856 + 19,955,712 =
# 80,166,912 x 23 = 1,843,838,976. Embeddings 2 x 131,072 x 2,688 =
# 704,643,072. Mamba2 (64 heads x 64 = 4,096, 8 groups, state 128):
# in_proj 2,688 x (8,192 + 2,048 + 64) = 27,697,152; conv 6,144 x 5 =
# 30,720; 192; norm 4,096; out 4,096 x 2,688 = 11,010,048; 38,742,208 x
# 23 = 891,070,784. Attention 2 x 2,688 x 32 x 128 + 2 x 2,688 x 2 x 128
# = 23,396,352 x 6 = 140,378,112. Norms 53 x 2,688 = 142,464. Total
# 31,577,937,344, active 3,580,073,408 (the repo name says 30B-A3B).
params "Nemotron-3-Nano: MoE only on 'E' layers, the shared expert's own size" \
	nemotron-3-nano-30b-a3b-bf16.json 31577937344 3580073408

# Llama-3.3-Nemotron-Super-49B: block_configs of 80 blocks, hidden
# 8,192, 64 query heads of 128, vocab 128,256 untied (2 x 1,050,673,152).
# 49 blocks with attention, 8 KV heads: (2 x 8,192^2 + 2 x 8,192 x 1,024)
# = 150,994,944 x 49 = 7,398,752,256; 31 with no_op attention. FFN widths
# by vLLM's _ffn_mult_to_intermediate_size (int(2 x mult x 8,192 / 3),
# up to a multiple of 256): 5.25 -> 28,672 (49 blocks), 2.625 -> 14,336
# (6), 1.3125 -> 7,168 (10), 1.0 -> 5,461 -> 5,632 (8), 0.5 -> 2,730 ->
# 2,816 (6), 3.28125 -> 17,920 (1): 1,642,496 in all x 3 x 8,192 =
# 40,365,981,696. Norms 80 x 2 x 8,192 + 8,192 = 1,318,912. Total
# 49,867,399,168 (the repo name says 49B; it was 73.9 B with every layer's MLP at
# intermediate_size).
params "Llama-3.3-Nemotron-Super-49B: per-block FFN widths" \
	llama-3.3-nemotron-super-49b-v1.json 49867399168 49867399168

# Kimi Linear's KDA mixers (tests/data/hf/kimi-linear-4l.json, hand-made
# with the real keys: hidden 2,304, 32 heads of 128, kernel 4; P = 4,096)
# as vLLM's KimiDeltaAttention builds them (kda.py @1d03ed8f): q, k, v, o
# 4 x 2,304 x 4,096 = 37,748,736; f_a, g_a 2 x 2,304 x 128 = 589,824;
# f_b, g_b 2 x 128 x 4,096 = 1,048,576; dt_bias 4,096; b_proj 2,304 x 32 =
# 73,728; q/k/v convolutions 3 x 4 x 4,096 = 49,152; A_log 32; o_norm 128:
# 39,514,272 a layer
out=$("$KVPLAN" calc --model "$here/tests/data/hf/kimi-linear-4l.json" --format json 2>&1)
case $out in *'"recurrent_params_per_layer":'*39514272*) ok "KDA mixer: 39,514,272 parameters by hand";;
	*) no "KDA params: $(printf '%s\n' "$out" | grep recurrent_params)";; esac
# a recurrent layer typed by hand, with no mixer size, is named in the
# estimate's label, not silently left out
out=$("$KVPLAN" calc --layer '0-3/2:kind=none,state_bytes=4096' 2>&1)
case $out in *"not counted: vision and audio towers, MTP modules, expert biases, recurrent layers' mixers)"*)
	ok "recurrent layers without a mixer size are named as not counted";;
	*) no "mixer label: $out";; esac
out=$("$KVPLAN" calc --model "$V/nemotron-h-56b-base-8k.json" 2>&1)
case $out in *"recurrent layers' mixers"*) no "Mamba2 mixers are counted, the label says not";;
	*) ok "a counted Mamba2 mixer is not in the not-counted list";; esac
# Against the checkpoints' own tensors: the gogongxt/python reports that
# hold the Qwen3-Next and Kimi Linear configs (SOURCES.md) also list each
# checkpoint's tensors and their total. Qwen3-Next-80B-A3B: 81,324,862,720
# in the files, of which the MTP layer (mtp.*: fc 2,048 x 4,096, its
# attention, 512 experts, shared expert and norms) is 1,650,471,424 and the
# shared_expert_gate 48 x 2,048 = 98,304: neither is in the estimate (MTP
# modules are named as not counted; the gate is 0.0001 %), so kvplan's
# 79,674,292,992 = 81,324,862,720 - 1,650,471,424 - 98,304. Kimi Linear
# 48B-A3B: 49,122,681,728 in the files, of which the routers'
# e_score_correction_bias 26 x 256 = 6,656 is not in the estimate: kvplan
# 49,122,675,072 (its KDA tensors there have exactly kda.py's shapes).
# Active: less the experts a token does not use, (512 - 10) x 3 x 2,048 x
# 512 x 48 layers = 75,799,461,888 (Qwen3-Next: 3,874,831,104) and (256 -
# 8) x 3 x 2,304 x 1,024 x 26 MoE layers = 45,638,221,824 (Kimi Linear,
# first_k_dense_replace 1: 3,484,453,248).
params "Qwen3-Next-80B-A3B: the checkpoint's tensors less MTP and the shared-expert gates" \
	qwen3-next-80b-a3b-instruct.json 79674292992 3874831104
params "Kimi Linear 48B-A3B: the checkpoint's tensors less the routers' score biases" \
	kimi-linear-48b-a3b-instruct.json 49122675072 3484453248

# a weight-shaped key nobody reads is named in a note (not refused: the
# cache does not depend on it); the verbatim configs have none left
sed 's/"intermediate_size": 27648,/"intermediate_size": 27648, "expert_hidden_width": 512,/' \
	"$V/olmo-2-0325-32b.json" >"${TMPDIR:-/tmp}/kvp-w.$$.json"
out=$("$KVPLAN" calc --model "${TMPDIR:-/tmp}/kvp-w.$$.json" 2>&1)
rc=$?
rm -f "${TMPDIR:-/tmp}/kvp-w.$$.json"
case $rc:$out in 0:*"note: expert_hidden_width: 512 not read: the weight estimate may not count what it sizes"*)
	ok "an unread weight-shaped key is named in a note";;
	*) no "unread weight key: rc $rc: $out";; esac
left=""
for f in "$V"/*.json; do
	"$KVPLAN" calc --model "$f" 2>&1 | grep -q "not read: the weight estimate" &&
		left="$left $(basename "$f")"
done
[ -z "$left" ] && ok "no verbatim config has an unread weight key" ||
	no "unread weight keys in:$left"

# the shipped presets made from these configs count the same
for pair in qwen3.5-27b:qwen3.5-27b qwen3.5-35b-a3b:qwen3.5-35b-a3b \
	gemma-3-27b-it:gemma-3-27b-it gemma-4-26b-a4b:gemma-4-26b-a4b \
	nemotron-h-56b-base-8k:nemotron-h-56b-base-8k \
	nemotron-3-nano-30b-a3b:nemotron-3-nano-30b-a3b-bf16 \
	qwen3-vl-8b-instruct:qwen3-vl-8b-instruct \
	qwen3-vl-30b-a3b-instruct:qwen3-vl-30b-a3b-instruct \
	llama-3.3-nemotron-super-49b-v1:llama-3.3-nemotron-super-49b-v1 \
	qwen3-next-80b-a3b-instruct:qwen3-next-80b-a3b-instruct \
	kimi-linear-48b-a3b-instruct:kimi-linear-48b-a3b-instruct \
	mistral-small-3.1-24b-instruct-2503:mistral-small-3.1-24b-instruct-2503; do
	pre=${pair%%:*} cfg=${pair#*:}
	# result.weights' params and active_params (the first "bytes" keys
	# of a record are the plan's overheads, the same for every model)
	a=$("$KVPLAN" calc --model "$pre" --format json 2>&1 | grep -E '"(params|active_params)":')
	b=$("$KVPLAN" calc --model "$V/$cfg.json" --format json 2>&1 | grep -E '"(params|active_params)":')
	if [ "$(echo "$a" | grep -c .)" = 2 ] && [ "$a" = "$b" ]; then
		ok "preset $pre counts what its config counts"
	else
		no "preset $pre: '$a' vs config '$b'"
	fi
done
exit $fail
