/*
 * test_weights.c - parameter counts and weight bytes (src/core/weights/weights.c)
 * against figures worked out by hand from the architectures; the
 * arithmetic is in the comments. Models are written out field by field
 * here, not imported, so the count is tested on its own.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void compute(void)
{
	enum kvp_status st = kvp_compute(&plan, &res);

	ck_assert_msg(st == KVP_OK, "compute: %s", res.error.msg);
}

/* meta-llama/Llama-3.1-8B: 32 layers, hidden 4096, 32 q / 8 kv heads of
 * 128, intermediate 14336 (SwiGLU), vocab 128256, untied, bf16. */
static void llama31_8b(void)
{
	struct kvp_model *m = &plan.model;

	kvp_plan_default(&plan);
	m->n_layers = 32;
	m->q_heads = 32;
	m->base.kv_heads = 8;
	m->base.k_dim = m->base.v_dim = 128;
	m->arch.hidden = 4096;
	m->arch.intermediate = 14336;
	m->arch.vocab = 128256;
	m->arch.gated_mlp = true;
	m->arch.tie_embeddings = false;
	m->weights.dtype = KVP_W_BF16;
	snprintf(m->model_type, sizeof m->model_type, "llama");
}

START_TEST(llama31_8b_is_8030261248)
{
	llama31_8b();
	compute();
	/*
	 * embeddings 128,256 x 4,096 = 525,336,576; lm_head the same.
	 * per layer: q 4,096 x 4,096 = 16,777,216; k and v 4,096 x 1,024 =
	 * 4,194,304 each; o 16,777,216 -> attention 41,943,040;
	 * MLP 3 x 4,096 x 14,336 = 176,160,768; norms 2 x 4,096 = 8,192;
	 * layer 218,112,000 x 32 = 6,979,584,000.
	 * total 6,979,584,000 + 2 x 525,336,576 + final norm 4,096
	 *     = 8,030,261,248 - the well-known Llama-3.1-8B figure.
	 */
	ck_assert_uint_eq(res.weights.params, 8030261248ull);
	ck_assert_uint_eq(res.weights.embed_params, 525336576ull);
	ck_assert_uint_eq(res.weights.lm_head_params, 525336576ull);
	ck_assert_uint_eq(res.weights.attn_params, 32ull * 41943040ull);
	ck_assert_uint_eq(res.weights.mlp_params, 32ull * 176160768ull);
	ck_assert_uint_eq(res.weights.norm_params, 32ull * 8192 + 4096);
	ck_assert_uint_eq(res.weights.active_params, 8030261248ull);
	/* bf16: 2 bytes each = 16,060,522,496 */
	ck_assert_uint_eq(res.weights.bytes, 16060522496ull);
}
END_TEST

START_TEST(declared_difference)
{
	llama31_8b();
	plan.model.declared_params = 8030000000ull;
	compute();
	/* 8,030,261,248 - 8,030,000,000 = 261,248 */
	ck_assert_int_eq(res.weights.declared_diff, 261248);
	plan.model.declared_params = 8100000000ull;
	compute();
	/* 8,030,261,248 - 8,100,000,000 = -69,738,752 */
	ck_assert_int_eq(res.weights.declared_diff, -69738752);
}
END_TEST

START_TEST(awq_zero_points)
{
	llama31_8b();
	plan.model.weights.dtype = KVP_W_INT4;
	plan.model.weights.bits = 4;
	plan.model.weights.group_size = 128;
	plan.model.weights.scale_bytes = 2;
	plan.model.weights.zero_bits = 4;
	plan.model.weights.keep_embeddings_16bit = true;
	compute();
	/*
	 * As awq_int4_group128 below, plus a packed 4-bit zero-point per
	 * group: 54,525,952 groups x 4 bits = 27,262,976 bytes;
	 * 5,700,591,616 + 27,262,976 = 5,727,854,592
	 */
	ck_assert_uint_eq(res.weights.bytes, 5727854592ull);
}
END_TEST

START_TEST(awq_int4_group128)
{
	llama31_8b();
	plan.model.weights.dtype = KVP_W_INT4;
	plan.model.weights.bits = 4;
	plan.model.weights.group_size = 128;
	plan.model.weights.scale_bytes = 2;
	plan.model.weights.keep_embeddings_16bit = true;
	compute();
	/*
	 * quantized: attention + MLP = 32 x (41,943,040 + 176,160,768) =
	 * 6,979,321,856 values x 4 bits = 3,489,660,928 bytes; groups of
	 * 128: 54,525,952 x 2-byte scales = 109,051,904.
	 * embeddings + lm_head 1,050,673,152 x 2 = 2,101,346,304.
	 * norms 266,240 x 2 = 532,480.
	 * 3,489,660,928 + 109,051,904 + 2,101,346,304 + 532,480
	 * = 5,700,591,616
	 */
	ck_assert_uint_eq(res.weights.bytes, 5700591616ull);
	ck_assert_uint_eq(res.weights.params, 8030261248ull);
}
END_TEST

START_TEST(int4_attention_kept_16bit)
{
	llama31_8b();
	plan.model.weights.dtype = KVP_W_INT4;
	plan.model.weights.bits = 4;
	plan.model.weights.group_size = 128;
	plan.model.weights.scale_bytes = 2;
	plan.model.weights.keep_embeddings_16bit = true;
	plan.model.weights.keep_attention_16bit = true;
	compute();
	/*
	 * MLP only quantized: 32 x 176,160,768 = 5,637,144,576 values x 4
	 * bits = 2,818,572,288 bytes + 44,040,192 groups x 2 = 88,080,384;
	 * attention 32 x 41,943,040 = 1,342,177,280 x 2 = 2,684,354,560;
	 * embeddings + lm_head 2,101,346,304; norms 532,480.
	 * total 7,692,886,016
	 */
	ck_assert_uint_eq(res.weights.bytes, 7692886016ull);
}
END_TEST

START_TEST(gguf_q8_0)
{
	llama31_8b();
	plan.model.weights.dtype = KVP_W_GGUF_Q8_0;
	compute();
	/*
	 * 34 bytes per 32 values for every matrix, embeddings included:
	 * 6,979,321,856 / 32 = 218,103,808 blocks x 34 = 7,415,529,472;
	 * each of embeddings and lm_head 525,336,576 / 32 = 16,416,768
	 * blocks x 34 = 558,170,112; norms f32: 266,240 x 4 = 1,064,960.
	 * 7,415,529,472 + 2 x 558,170,112 + 1,064,960 = 8,532,934,656
	 */
	ck_assert_uint_eq(res.weights.bytes, 8532934656ull);
}
END_TEST

START_TEST(gguf_biases_f32)
{
	llama31_8b();
	plan.model.arch.attention_bias = true;
	plan.model.weights.dtype = KVP_W_GGUF_Q8_0;
	compute();
	/*
	 * As gguf_q8_0 (8,532,934,656), plus q, k, v and o biases of 4096 +
	 * 1024 + 1024 + 4096 = 10,240 per layer, 327,680 in all, stored F32
	 * as every 1-D tensor (llama.cpp convert_hf_to_gguf.py, at
	 * ikawrakow/ik_llama.cpp 8337e4cd3: "n_dims <= 1 ... F32"):
	 * 1,310,720 bytes. 8,534,245,376 (in q8_0 blocks with the matrices
	 * they were 348,160).
	 */
	ck_assert_uint_eq(res.weights.bytes, 8534245376ull);
}
END_TEST

/* mlp_bias (LlamaConfig mlp_bias; mlx-lm d78bf58e models/llama.py MLP
 * gate_proj, up_proj nn.Linear(dim, hidden_dim, bias=mlp_bias),
 * down_proj nn.Linear(hidden_dim, dim, bias=mlp_bias)) on
 * Llama-3.1-8B's shape (the model itself has mlp_bias false): gate and
 * up biases of 14,336 each and a down bias of 4,096 = 32,768 per layer,
 * 1,048,576 in 32 layers. Left out before (8,030,261,248 parameters,
 * 8,532,934,656 B in q8_0, 7,692,886,016 B in int4 with attention
 * kept 16-bit). */
START_TEST(mlp_bias_counted)
{
	llama31_8b();
	plan.model.arch.mlp_bias = true;
	compute();
	/* 8,030,261,248 + 1,048,576 = 8,031,309,824 */
	ck_assert_uint_eq(res.weights.params, 8031309824ull);
	ck_assert_uint_eq(res.weights.mlp_params,
	                  32ull * 176160768 + 1048576);
	plan.model.weights.dtype = KVP_W_GGUF_Q8_0;
	compute();
	/* as gguf_q8_0 plus the biases F32 (every 1-D tensor, llama.cpp
	 * convert_hf_to_gguf.py at ikawrakow/ik_llama.cpp 8337e4cd3):
	 * 8,532,934,656 + 1,048,576 x 4 = 8,537,128,960 */
	ck_assert_uint_eq(res.weights.bytes, 8537128960ull);
	plan.model.weights.dtype = KVP_W_INT4;
	plan.model.weights.bits = 4;
	plan.model.weights.group_size = 128;
	plan.model.weights.scale_bytes = 2;
	plan.model.weights.keep_embeddings_16bit = true;
	plan.model.weights.keep_attention_16bit = true;
	compute();
	/* as int4_attention_kept_16bit, the matrices still quantized and
	 * the biases 16-bit: 7,692,886,016 + 1,048,576 x 2 =
	 * 7,694,983,168 */
	ck_assert_uint_eq(res.weights.bytes, 7694983168ull);
}
END_TEST

START_TEST(override_format)
{
	llama31_8b();
	plan.devices.weights_override = true;
	plan.devices.weights.dtype = KVP_W_F32;
	compute();
	/* 8,030,261,248 x 4 = 32,121,044,992 */
	ck_assert_uint_eq(res.weights.bytes, 32121044992ull);
}
END_TEST

START_TEST(tied_embeddings)
{
	llama31_8b();
	plan.model.arch.tie_embeddings = true;
	compute();
	/* no lm_head: 8,030,261,248 - 525,336,576 = 7,504,924,672 */
	ck_assert_uint_eq(res.weights.params, 7504924672ull);
	ck_assert_uint_eq(res.weights.lm_head_params, 0);
}
END_TEST

/* mistralai/Mixtral-8x7B-v0.1: Llama-like, 32 layers, hidden 4096,
 * 32/8 heads of 128, 8 experts of intermediate 14336, top-2, vocab 32000. */
START_TEST(mixtral_moe)
{
	struct kvp_model *m = &plan.model;

	llama31_8b();
	m->arch.vocab = 32000;
	m->arch.n_experts = 8;
	m->arch.n_experts_active = 2;
	m->arch.moe_intermediate = 14336;
	m->arch.moe_layer_step = 1;
	snprintf(m->model_type, sizeof m->model_type, "mixtral");
	compute();
	/*
	 * embeddings 32,000 x 4,096 = 131,072,000; lm_head the same.
	 * per layer: attention 41,943,040; router 4,096 x 8 = 32,768;
	 * experts 8 x 3 x 4,096 x 14,336 = 8 x 176,160,768 = 1,409,286,144;
	 * norms 8,192 -> 1,451,270,144 x 32 = 46,440,644,608.
	 * total 46,440,644,608 + 262,144,000 + 4,096 = 46,702,792,704
	 * (the model card's 46.7B).
	 * active per layer: 41,943,040 + 32,768 + 2 x 176,160,768 + 8,192 =
	 * 394,305,536 x 32 = 12,617,777,152 + 262,148,096 = 12,879,925,248
	 * (the card's 12.9B).
	 */
	ck_assert_uint_eq(res.weights.params, 46702792704ull);
	ck_assert_uint_eq(res.weights.active_params, 12879925248ull);
}
END_TEST

/* deepseek-ai/DeepSeek-V3: 61 layers, hidden 7168, 128 heads; MLA with
 * q_lora 1536, kv_lora 512, rope 64, nope 128, v 128; 3 dense layers of
 * intermediate 18432; 256 routed + 1 shared experts of 2048, top-8;
 * vocab 129280, untied. */
START_TEST(deepseek_v3_mla)
{
	struct kvp_model *m = &plan.model;

	kvp_plan_default(&plan);
	m->n_layers = 61;
	m->q_heads = 128;
	m->base.kind = KVP_LAYER_MLA;
	m->base.kv_heads = 128;
	m->base.k_dim = 192;
	m->base.v_dim = 128;
	m->mla.kv_lora_rank = 512;
	m->mla.q_lora_rank = 1536;
	m->mla.qk_rope_head_dim = 64;
	m->mla.qk_nope_head_dim = 128;
	m->mla.v_head_dim = 128;
	m->arch.hidden = 7168;
	m->arch.intermediate = 18432;
	m->arch.vocab = 129280;
	m->arch.gated_mlp = true;
	m->arch.n_experts = 256;
	m->arch.n_experts_active = 8;
	m->arch.n_shared_experts = 1;
	m->arch.moe_intermediate = 2048;
	m->arch.first_dense_layers = 3;
	m->arch.moe_layer_step = 1;
	m->weights.dtype = KVP_W_BF16;
	snprintf(m->model_type, sizeof m->model_type, "deepseek_v3");
	compute();
	/*
	 * attention per layer: q_a 7,168 x 1,536 = 11,010,048; q_a norm
	 * 1,536; q_b 1,536 x 128 x 192 = 37,748,736; kv_a 7,168 x 576 =
	 * 4,128,768; kv_a norm 512; kv_b 512 x 128 x 256 = 16,777,216;
	 * o 128 x 128 x 7,168 = 117,440,512 -> 187,107,328 (x 61 =
	 * 11,413,547,008).
	 * dense MLP 3 x 7,168 x 18,432 = 396,361,728 (x 3 = 1,189,085,184).
	 * MoE layer: router 7,168 x 256 = 1,835,008; expert 3 x 7,168 x
	 * 2,048 = 44,040,192; 256 routed + 1 shared = 257 x 44,040,192 =
	 * 11,318,329,344; -> 11,320,164,352 (x 58 = 656,569,532,416).
	 * norms 2 x 7,168 x 61 + 7,168 = 881,664.
	 * embeddings 129,280 x 7,168 = 926,679,040, lm_head the same.
	 * 11,413,547,008 + 1,189,085,184 + 656,569,532,416 + 881,664 +
	 * 1,853,358,080 = 671,026,404,352 (the card's 671B main model).
	 * active: MoE layer 1,835,008 + 9 x 44,040,192 = 398,196,736 x 58 =
	 * 23,095,410,688; 671,026,404,352 - 656,569,532,416 +
	 * 23,095,410,688 = 37,552,282,624 (the card's 37B).
	 */
	ck_assert_uint_eq(res.weights.attn_params, 11413547008ull);
	ck_assert_uint_eq(res.weights.params, 671026404352ull);
	ck_assert_uint_eq(res.weights.active_params, 37552282624ull);
}
END_TEST

/* Mamba layers (kind NONE) count their mixer, not attention. */
START_TEST(recurrent_layers)
{
	struct kvp_model *m = &plan.model;

	llama31_8b();
	m->n_layers = 4;
	m->arch.vocab = 0;
	m->arch.recurrent_params_per_layer = 1000000;
	m->n_rules = 1;
	memset(&m->rules[0], 0, sizeof m->rules[0]);
	m->rules[0].range.first = 0;
	m->rules[0].range.last = 2;
	m->rules[0].range.step = 1;
	m->rules[0].set = 1u << KVP_LF_KIND | 1u << KVP_LF_STATE_BYTES;
	m->rules[0].v.kind = KVP_LAYER_NONE;
	m->rules[0].v.state_bytes = 4096;
	compute();
	/* 3 x 1,000,000 + 1 x 41,943,040 = 44,943,040 */
	ck_assert_uint_eq(res.weights.attn_params, 44943040ull);
}
END_TEST

START_TEST(overflow_is_an_error)
{
	llama31_8b();
	plan.model.arch.vocab = 1ull << 40;
	plan.model.arch.hidden = 1ull << 40;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EOVERFLOW);
	ck_assert(strstr(res.error.msg, "model.") != NULL);
}
END_TEST

static Suite *weights_suite(void)
{
	Suite *s = suite_create("weights");
	TCase *tc = tcase_create("count");

	tcase_add_test(tc, llama31_8b_is_8030261248);
	tcase_add_test(tc, declared_difference);
	tcase_add_test(tc, awq_int4_group128);
	tcase_add_test(tc, awq_zero_points);
	tcase_add_test(tc, int4_attention_kept_16bit);
	tcase_add_test(tc, gguf_q8_0);
	tcase_add_test(tc, gguf_biases_f32);
	tcase_add_test(tc, mlp_bias_counted);
	tcase_add_test(tc, override_format);
	tcase_add_test(tc, tied_embeddings);
	tcase_add_test(tc, mixtral_moe);
	tcase_add_test(tc, deepseek_v3_mla);
	tcase_add_test(tc, recurrent_layers);
	tcase_add_test(tc, overflow_is_an_error);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(weights_suite)
