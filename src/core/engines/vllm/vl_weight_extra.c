/*
 * vl_weight_extra.c - the weights vLLM allocates beyond kvplan's count of
 * the checkpoint's parameters (issue 32), per TP rank, bytes; "Model
 * loading took" holds them. Two rules:
 *
 * 1. k_eq_v V slots. vllm/model_executor/models/gemma4.py Gemma4Attention
 * (0.19.0-era copy, search index commit 001cabc1): "QKVParallelLinear
 * handles GQA correctly for all layer types. k_eq_v layers load K weights
 * into both K and V slots ... no structural difference needed": a full
 * layer of a k_eq_v model holds a V projection of hidden x kv_heads x
 * v_dim (kv heads per rank: max(1, kv_heads / tp)) that the checkpoint
 * does not store and weights.c does not count. 2 bytes a value (4 under
 * f32; a quantized format's V slot is smaller, so 2 errs large). Worked
 * (Gemma 4 26B-A4B, TP 1): 5 full layers x 2,816 x 2 x 512 x 2 B =
 * 28,835,840 bytes.
 *
 * 2. MXFP4 MoE experts: the padding their kernel backend asks for and
 * their 16-bit biases. Source: vllm-project/vllm vllm/model_executor/layers/quantization/
 * mxfp4.py (the stored copy nearest 0.19.0, search index commit 007d5005)
 * Mxfp4MoEMethod.create_weights: per local expert it allocates
 *   w13_weight        2 I' x H'/2   uint8 (two e2m1 values a byte)
 *   w13_weight_scale  2 I' x H'/32  uint8 (an e8m0 scale per 32)
 *   w13_bias          2 I'          bfloat16
 *   w2_weight         H' x I'/2     uint8
 *   w2_weight_scale   H' x I'/32    uint8
 *   w2_bias           H'            bfloat16
 * with I = moe_intermediate / tp (no expert parallelism by default) and
 * H = hidden rounded up by the backend get_mxfp4_backend picks for the
 * card (the rows below). kvplan's weights (weights.c) count the same
 * experts unpadded and without biases: 3 H I x 17/32 bytes (4 bits and
 * one byte per 32 values), so the difference is what "Model loading
 * took" holds beside them. Marlin's repack keeps the sizes
 * (quantization/utils/marlin_utils_fp4.py prepare_moe_fp4_layer_for_marlin:
 * gptq_marlin_repack per expert, the scales cast to float8_e8m0fnu, a
 * byte each, the biases permuted; beside them a workspace of SMs x 4
 * int32 a layer, under 2 KiB), so the created shapes are what stays. The model is MXFP4 when its weight format is the one
 * io/hf/hf_weights.c quant_mxfp4 writes: int4, groups of 32, a 1-byte
 * scale, no zero-points.
 *
 * Worked (gpt-oss-20b on an A100, Marlin, TP 1; tests/cli/
 * vllm_startups.sh): I' = 2944, H' = 3072: 9,043,968 + 565,248 + 11,776
 * + 4,521,984 + 282,624 + 6,144 = 14,431,744 bytes an expert against
 * kvplan's 13,219,200: 1,212,544 x 32 experts x 24 layers = 0.867 GiB of
 * the log's 0.90 GiB gap.
 *
 * Pure: no I/O, no allocation; UINT64_MAX on overflow.
 */
#include <string.h>

#include "core/engines/vllm/vllm_profile.h"
#include "kvplan/checked.h"

/* Backend, padding and what process_weights_after_loading keeps, by card
 * (name prefix, first match), from get_mxfp4_backend, create_weights and
 * process_weights_after_loading in the mxfp4.py named above:
 * bias_bytes, the experts' biases a value after loading; scale_copies,
 * 2 where the Triton branch keeps the created w13/w2_weight_scale
 * parameters beside the swizzled copies _swizzle_mxfp4 makes for its
 * PrecisionConfig (it deletes and replaces only w13/w2_weight). */
static const struct { const char *prefix; uint32_t i_align, h_align,
                      bias_bytes, scale_copies; const char *src; }
vl_mxfp4_pad[] = {
	/* SM90: triton_kernels (FlashInfer's SM90 BF16 backend only with
	 * VLLM_USE_FLASHINFER_MOE_MXFP4_BF16): round_up(I, 64), H kept;
	 * biases cast to float32, scales kept twice. The swizzled
	 * layouts (triton_kernels' own code) are taken at the created
	 * size: the H100 TP 2 run's weights stay below the log's. */
	{ "H100", 64, 1, 4, 2, "SM90 Triton: round_up(I, 64)" },
	{ "H200", 64, 1, 4, 2, "SM90 Triton: round_up(I, 64)" },
	{ "H800", 64, 1, 4, 2, "SM90 Triton: round_up(I, 64)" },
	{ "H20-", 64, 1, 4, 2, "SM90 Triton: round_up(I, 64)" },
	/* SM80/SM86/SM89 and SM120: Marlin (triton_kernels only on
	 * 9.0 <= SM < 11.0): n % 256 and k % 128, round_up(I, 128) and
	 * round_up(H, 256); biases bf16, scales repacked once */
	{ "A100", 128, 256, 2, 1, "SM80 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "A800", 128, 256, 2, 1, "SM80 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "A10G", 128, 256, 2, 1, "SM86 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "L4-", 128, 256, 2, 1, "SM89 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "L40S", 128, 256, 2, 1, "SM89 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "L20", 128, 256, 2, 1, "SM89 Marlin: round_up(I, 128), round_up(H, 256)" },
	{ "RTX", 128, 256, 2, 1, "SM86-SM120 Marlin: round_up(I, 128), round_up(H, 256)" },
	/* ROCm: get_padding_alignment(), 256 on gfx950, else 128; the
	 * Triton branch */
	{ "MI355", 256, 256, 4, 2, "gfx950 Triton: round_up(I and H, 256)" },
	{ "MI", 128, 128, 4, 2, "ROCm Triton: round_up(I and H, 128)" },
	/* SM100 with FlashInfer (SM100_FI_MXFP4_BF16: float32 biases after
	 * the shuffle) and any other card: the largest of every row, so
	 * the pool errs small */
	{ "", 256, 256, 4, 2, "SM100 FlashInfer (and cards not listed): "
	  "round_up(I and H, 256), the largest of the rows" },
};

/* Rule 1: the V slots of k_eq_v full layers on one rank. */
static bool k_eq_v_slots(const struct kvp_plan *p, const struct kvp_result *res,
                         uint32_t tp, uint32_t pp, uint64_t *out)
{
	const struct kvp_model *m = &p->model;
	uint64_t vb = m->weights.dtype == KVP_W_F32 ? 4 : 2, v = 0, kvh;
	uint32_t i;

	*out = 0;
	if (!m->arch.k_eq_v)
		return true;
	for (i = 0; i < m->n_layers && i < res->n_layers; i++) {
		const struct kvp_layer_spec *s = &kvp_layer_rec(res, i)->spec;

		if (s->kind != KVP_LAYER_FULL)
			continue;
		kvh = s->kv_heads / tp ? s->kv_heads / tp : 1;
		if (!kvp_muladd(&v, kvh, s->v_dim))
			return false;
	}
	v = kvp_ceil_div(v, pp);
	return kvp_mul(v, m->arch.hidden, &v) && kvp_mul(v, vb, out);
}

static bool is_mxfp4(const struct kvp_wformat *w)
{
	return w->dtype == KVP_W_INT4 && w->bits == 4 && w->group_size == 32 &&
	       w->scale_bytes == 1 && !w->zero_bytes && !w->zero_bits;
}

/* One expert of width i on hidden h as vLLM holds it after loading
 * (row r) or, r < 0, as weights.c counts it, bytes. */
static bool expert_bytes(uint64_t i, uint64_t h, int r, uint64_t *out)
{
	uint64_t v, s;

	if (!kvp_mul(3 * i, h, &v))
		return false;
	if (r < 0)
		return kvp_mul(v / 32, 17, out) ? true : false;
	s = v / 2 + v / 32 * vl_mxfp4_pad[r].scale_copies;
	return kvp_add(s, (2 * i + h) * vl_mxfp4_pad[r].bias_bytes, out);
}

/* Rule 2: the MXFP4 experts' padding and biases on one rank. */
static uint64_t mxfp4_extra(const struct kvp_plan *p, uint32_t tp)
{
	const struct kvp_arch *a = &p->model.arch;
	const char *card = p->devices.n_groups ? p->devices.groups[0].card.name
	                                       : "";
	uint32_t step = a->moe_layer_step ? a->moe_layer_step : 1;
	uint64_t i, ip, hp, layers = 0, got, want, out;
	uint32_t l, pp = p->devices.pp ? p->devices.pp : 1;
	size_t r = 0;

	if (!is_mxfp4(&p->model.weights) || p->devices.weights_override ||
	    !a->n_experts || !a->moe_intermediate)
		return 0;
	while (strncmp(card, vl_mxfp4_pad[r].prefix,
	               strlen(vl_mxfp4_pad[r].prefix)))
		r++;
	for (l = a->first_dense_layers; l < p->model.n_layers; l++)
		layers += (l + 1) % step == 0;
	layers = kvp_ceil_div(layers, pp);
	i = a->moe_intermediate / tp;
	if (!kvp_round_up(i, vl_mxfp4_pad[r].i_align, &ip) ||
	    !kvp_round_up(a->hidden, vl_mxfp4_pad[r].h_align, &hp) ||
	    !expert_bytes(ip, hp, (int)r, &want) ||
	    !expert_bytes(i, a->hidden, -1, &got) || want < got ||
	    !kvp_mul(want - got, a->n_experts, &out) ||
	    !kvp_mul(out, layers, &out))
		return UINT64_MAX;
	return out;
}

uint64_t kvp_vllm_weight_extra_bytes(const struct kvp_plan *p,
                                     const struct kvp_result *res,
                                     uint32_t tp)
{
	uint32_t pp = p->devices.pp ? p->devices.pp : 1;
	uint64_t kv, mx;

	if (!tp)
		tp = 1;
	mx = mxfp4_extra(p, tp);
	if (!k_eq_v_slots(p, res, tp, pp, &kv) || mx == UINT64_MAX ||
	    !kvp_add(kv, mx, &kv))
		return UINT64_MAX;
	return kv;
}
