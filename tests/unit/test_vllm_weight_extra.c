/*
 * test_vllm_weight_extra.c - the weights vLLM allocates beyond the
 * checkpoint (src/core/engines/vllm/vl_weight_extra.c) and Gemma 4's
 * second rotary table (vllm_profile.c kvp_vllm_rope_bytes), on
 * hand-built shapes with the expected bytes worked by hand from vLLM's
 * code (mxfp4.py create_weights, gemma4.py, gemma4_rope.py; sources in
 * the two files).
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"

#include "core/engines/vllm/vllm_profile.h"

static struct kvp_plan plan;
static struct kvp_result res;

/* gpt-oss-20b's shape (presets/models/gpt-oss-20b.json): 24 layers,
 * hidden 2,880, 32 experts of 2,880, MXFP4 (int4, a 1-byte scale per
 * 32: io/hf/hf_weights.c quant_mxfp4) on `card`, TP tp. */
static uint64_t gpt_oss(const char *card, uint32_t tp)
{
	struct kvp_model *m = &plan.model;

	kvp_plan_default(&plan);
	strcpy(m->model_type, "gpt_oss");
	m->n_layers = 24;
	m->q_heads = 64;
	m->base.kv_heads = 8;
	m->base.k_dim = m->base.v_dim = 64;
	m->arch.hidden = 2880;
	m->arch.intermediate = 2880;
	m->arch.n_experts = 32;
	m->arch.n_experts_active = 4;
	m->arch.moe_intermediate = 2880;
	m->weights.dtype = KVP_W_INT4;
	m->weights.bits = 4;
	m->weights.group_size = 32;
	m->weights.scale_bytes = 1;
	m->weights.keep_embeddings_16bit = true;
	m->weights.keep_attention_16bit = true;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.devices.tp = tp;
	strcpy(plan.devices.groups[0].card.name, card);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	return kvp_vllm_weight_extra_bytes(&plan, &res, tp);
}

START_TEST(mxfp4_padding_by_backend)
{
	/* A100, Marlin: I' = round_up(2,880, 128) = 2,944, H' =
	 * round_up(2,880, 256) = 3,072. An expert: w13 2 x 2,944 x 1,536 =
	 * 9,043,968, its scales 2 x 2,944 x 96 = 565,248, its bias 2 x
	 * 2,944 x 2 = 11,776; w2 3,072 x 1,472 = 4,521,984, scales 3,072 x
	 * 92 = 282,624, bias 3,072 x 2 = 6,144: 14,431,744. kvplan's count:
	 * 3 x 2,880 x 2,880 x 17/32 = 13,219,200. (14,431,744 - 13,219,200)
	 * x 32 experts x 24 layers = 1,212,544 x 768 = 931,233,792 (0.867
	 * GiB of the A100 log's 0.90 GiB gap, tests/data/vllm_startups). */
	ck_assert_uint_eq(gpt_oss("A100-80GB", 1), 931233792ull);
	/* H100 TP 2, Triton: I = 1,440 -> round_up(64) = 1,472, H kept:
	 * 3 x 1,472 x 2,880 = 12,718,080 values, / 2 = 6,359,040; the
	 * scales / 32 = 397,440 kept twice (the created parameters and
	 * _swizzle_mxfp4's copies) = 794,880; float32 biases (2 x 1,472 +
	 * 2,880) x 4 = 23,296: 7,177,216 against 3 x 1,440 x 2,880 x 17/32 =
	 * 6,609,600; 567,616 x 768 = 435,929,088 a rank. */
	ck_assert_uint_eq(gpt_oss("H100-80GB-SXM", 2), 435929088ull);
	/* a card no row names: the largest of the rows, 256 and 256,
	 * scales twice, float32 biases: 3 x 3,072 x 3,072 = 28,311,552
	 * values, / 2 = 14,155,776, scales 884,736 x 2 = 1,769,472, biases
	 * (6,144 + 3,072) x 4 = 36,864: 15,962,112 - 13,219,200 = 2,742,912
	 * x 768 = 2,106,556,416. */
	ck_assert_uint_eq(gpt_oss("Some-Card", 1), 2106556416ull);
	/* the same shape in bf16 is not MXFP4: nothing */
	plan.model.weights.dtype = KVP_W_BF16;
	plan.model.weights.bits = 0;
	plan.model.weights.group_size = 0;
	plan.model.weights.scale_bytes = 0;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_vllm_weight_extra_bytes(&plan, &res, 1), 0);
}
END_TEST

/* Gemma 4 26B-A4B's attention (tests/data/hf/verbatim/gemma-4-26b-a4b.
 * json): 30 layers, sliding 8 KV heads of 256, every sixth layer full
 * with 2 KV heads of 512 (k_eq_v), hidden 2,816, 262,144 positions. */
static void gemma4(uint32_t tp)
{
	struct kvp_model *m = &plan.model;
	struct kvp_error err;

	kvp_plan_default(&plan);
	strcpy(m->model_type, "gemma4");
	m->n_layers = 30;
	m->q_heads = 16;
	m->base.kind = KVP_LAYER_SLIDING;
	m->base.window = 1024;
	m->base.kv_heads = 8;
	m->base.k_dim = m->base.v_dim = 256;
	m->arch.hidden = 2816;
	m->arch.intermediate = 2112;
	m->arch.k_eq_v = true;
	m->arch.max_positions = 262144;
	m->n_rules = 1;
	ck_assert(kvp_rule_parse("5-29/6:kind=full,kv_heads=2,k_dim=512,"
	                         "v_dim=512,window=0", &m->rules[0], &err) ==
	          KVP_OK);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.devices.tp = tp;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

START_TEST(k_eq_v_slots_and_gemma4_rope)
{
	/* QKVParallelLinear keeps V slots on the 5 full layers: 5 x 2,816 x
	 * 2 heads x 512 x 2 B = 28,835,840 */
	gemma4(1);
	ck_assert_uint_eq(kvp_vllm_weight_extra_bytes(&plan, &res, 1),
	                  28835840ull);
	/* two rotary tables: 262,144 x 256 x 2 B = 134,217,728 (sliding)
	 * and 262,144 x 512 x 2 B = 268,435,456 (full, Gemma4RotaryEmbedding
	 * over the whole head): 402,653,184 */
	ck_assert_uint_eq(kvp_vllm_rope_bytes(&plan), 402653184ull);
	/* TP 2: a KV head a rank, 14,417,920; TP 4: 2 heads < 4 ranks, one
	 * replicated on each: the same */
	gemma4(2);
	ck_assert_uint_eq(kvp_vllm_weight_extra_bytes(&plan, &res, 2),
	                  14417920ull);
	gemma4(4);
	ck_assert_uint_eq(kvp_vllm_weight_extra_bytes(&plan, &res, 4),
	                  14417920ull);
	/* without k_eq_v the checkpoint stores V: nothing beyond it */
	plan.model.arch.k_eq_v = false;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(kvp_vllm_weight_extra_bytes(&plan, &res, 4), 0);
	/* a gemma3 model keeps its one extra plain table, no full-dim one */
	strcpy(plan.model.model_type, "gemma3_text");
	ck_assert_uint_eq(kvp_vllm_rope_bytes(&plan), 2 * 134217728ull);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("vllm_weight_extra");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, mxfp4_padding_by_backend);
	tcase_add_test(tc, k_eq_v_slots_and_gemma4_rope);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
