/*
 * test_budget.c - per-device budgets (src/core/device/budget.c, activations.c):
 * a single card, TP 2/4/8 with KV-head replication, PP with vLLM's
 * uneven split, a mixed-card plan, DP shares, headroom, errors.
 *
 * The KV figures come from the DESIGN.md worked example: L=40, Hkv=8,
 * D=128, f16 -> 2 x 40 x 8 x 128 x 2 = 163,840 bytes per position;
 * 4,096 positions x 6 sequences -> 4,026,531,840 bytes. The weights are
 * set by hand on the result (the weight count has its own tests) and the
 * budget stage re-run, so every expected figure below is arithmetic on
 * numbers written here.
 */
#include <check.h>
#include <string.h>

#include "core/device/activations.h"
#include "core/internal.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

#define GIB 1073741824ull
/* H100 80 GB as the driver reports it: 81,559 MiB = 85,520,809,984 B */
#define H100 85520809984ull

static struct kvp_plan plan;
static struct kvp_result res;

static void setup(void)
{
	kvp_plan_default(&plan);
	plan.devices.activations_bytes = GIB;   /* measured: 1 GiB */
}

/* Weights: 163,840,000 embedding and 163,840,000 lm_head parameters
 * (32,000 x 5,120), 12,000,000,000 in the layers, 2 bytes each:
 * params 12,327,680,000, bytes 24,655,360,000 (body 24,000,000,000). */
static void set_weights(struct kvp_result *r)
{
	memset(&r->weights, 0, sizeof r->weights);
	r->weights.embed_params = 163840000;
	r->weights.lm_head_params = 163840000;
	r->weights.params = 12327680000ull;
	r->weights.bytes = 24655360000ull;
}

static void run(void)
{
	enum kvp_status st = kvp_compute(&plan, &res);

	ck_assert_msg(st == KVP_OK, "%s", res.error.msg);
	set_weights(&res);
	st = kvp_devices_compute(&plan, &res);
	ck_assert_msg(st == KVP_OK, "%s", res.error.msg);
}

START_TEST(no_cards)
{
	setup();
	plan.devices.n_groups = 0;
	run();
	ck_assert_uint_eq(res.n_devices, 0);
	ck_assert(res.fits);
}
END_TEST

START_TEST(single_card)
{
	setup();
	plan.devices.n_overheads = 1;
	strcpy(plan.devices.overheads[0].name, "cuda_context");
	plan.devices.overheads[0].bytes = 377487360;   /* 360 MiB */
	plan.devices.reserve_ppm = 50000;              /* 5 % */
	run();
	ck_assert_uint_eq(res.n_devices, 1);
	ck_assert_str_eq(res.devices[0].name, "H100-80GB-SXM");
	ck_assert_uint_eq(res.devices[0].capacity_bytes, H100);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 24655360000ull);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 4026531840ull);
	ck_assert_uint_eq(res.devices[0].activations_bytes, GIB);
	ck_assert(!res.devices[0].activations_estimated);
	ck_assert_uint_eq(res.devices[0].overhead_bytes, 377487360);
	/* floor(85,520,809,984 x 0.05) = 4,276,040,499 */
	ck_assert_uint_eq(res.devices[0].headroom_bytes, 4276040499ull);
	/* 85,520,809,984 - (24,655,360,000 + 4,026,531,840 + 1,073,741,824
	 * + 377,487,360 + 4,276,040,499 = 34,409,161,523) = 51,111,648,461 */
	ck_assert_int_eq(res.devices[0].free_bytes, 51111648461ll);
	ck_assert(res.devices[0].fits);
	ck_assert(res.fits);
	ck_assert_uint_eq(res.devices[0].first_layer, 0);
	ck_assert_uint_eq(res.devices[0].last_layer, 39);
	ck_assert_uint_eq(res.devices[0].kv_heads_per_rank, 8);
}
END_TEST

START_TEST(over_capacity)
{
	setup();
	plan.devices.groups[0].card.capacity_bytes = 16 * GIB;
	run();
	/* the default plan's overheads: cuda_context 360 MiB + cuda_graphs
	 * 384 MiB = 744 MiB = 744 x 1,048,576 = 780,140,544 bytes.
	 * 17,179,869,184 - (24,655,360,000 + 4,026,531,840 + 1,073,741,824
	 * + 780,140,544 = 30,535,774,208) = -13,355,905,024 */
	ck_assert_uint_eq(res.devices[0].overhead_bytes, 780140544ull);
	ck_assert_int_eq(res.devices[0].free_bytes, -13355905024ll);
	ck_assert(!res.devices[0].fits);
	ck_assert(!res.fits);
}
END_TEST

START_TEST(reserve_bytes_added)
{
	setup();
	plan.devices.reserve_ppm = 100000;   /* 10 % */
	plan.devices.reserve_bytes = 1000;
	run();
	/* floor(85,520,809,984 / 10) = 8,552,080,998 (+ 1,000) */
	ck_assert_uint_eq(res.devices[0].headroom_bytes, 8552081998ull);
}
END_TEST

START_TEST(tp_2_4_8)
{
	/* Hq 40, Hkv 8: per rank Hkv/tp heads, weights / tp (no norms in the
	 * hand-set weights, no KV heads replicated).
	 *   tp 2: 4 heads -> 4,026,531,840 / 2 = 2,013,265,920;
	 *         24,655,360,000 / 2 = 12,327,680,000
	 *   tp 4: 2 heads -> 1,006,632,960; 6,163,840,000
	 *   tp 8: 1 head  ->   503,316,480; 3,081,920,000 */
	static const uint32_t tps[] = { 2, 4, 8 };
	static const uint64_t kv[] = { 2013265920ull, 1006632960ull,
	                               503316480ull };
	static const uint64_t w[] = { 12327680000ull, 6163840000ull,
	                              3081920000ull };
	size_t k;
	uint32_t i;

	for (k = 0; k < 3; k++) {
		setup();
		plan.devices.tp = tps[k];
		run();
		ck_assert_uint_eq(res.n_devices, tps[k]);   /* one card for all */
		for (i = 0; i < res.n_devices; i++) {
			ck_assert_uint_eq(res.devices[i].tp_rank, i);
			ck_assert_uint_eq(res.devices[i].kv_bytes, kv[k]);
			ck_assert_uint_eq(res.devices[i].weights_bytes, w[k]);
			ck_assert_uint_eq(res.devices[i].kv_heads_per_rank,
			                  8 / tps[k]);
		}
	}
}
END_TEST

START_TEST(tp_replication)
{
	/* Hq 32, Hkv 4, tp 8: max(1, 4 // 8) = 1 head per rank, each KV
	 * head held by 2 ranks. Per rank: 2 x 40 x 1 x 128 x 2 = 20,480
	 * bytes per position x 4,096 x 6 = 503,316,480 - a quarter of the
	 * model's cache (2,013,265,920), not an eighth. kv.bytes is the
	 * whole cache over every device, replicas included (result.h):
	 * 8 ranks x 503,316,480 = 4,026,531,840. */
	setup();
	plan.model.q_heads = 32;
	plan.model.base.kv_heads = 4;
	plan.model.trained_kv_heads = 4;
	plan.devices.tp = 8;
	run();
	ck_assert_uint_eq(res.kv.bytes, 4026531840ull);
	ck_assert_uint_eq(res.n_devices, 8);
	ck_assert_uint_eq(res.devices[7].kv_bytes, 503316480ull);
	ck_assert_uint_eq(res.devices[7].kv_heads_per_rank, 1);
	/* Weights: 24,655,360,000 / 8 = 3,081,920,000, plus the replicated
	 * K/V projections: each rank holds 1 head where 4 / 8 would be its
	 * share: 5,120 x (128 + 128) x (1 x 8 - 4) = 5,242,880 (x tp) per
	 * layer, x 40 / 8 = 26,214,400 parameters at 2 bytes (24,000,000,000
	 * body bytes / 12,000,000,000 body parameters) = 52,428,800 bytes;
	 * no norms in the hand-set weights. 3,081,920,000 + 52,428,800 =
	 * 3,134,348,800 */
	ck_assert_uint_eq(res.devices[7].weights_bytes, 3134348800ull);
}
END_TEST

START_TEST(tp_norms_replicated)
{
	/* 409,600 norm parameters (40 layers x 2 x 5,120) are held whole by
	 * each of 2 ranks: 204,800 beyond the 1/2 share, x 2 bytes =
	 * 409,600 bytes; 12,327,680,000 + 409,600 = 12,328,089,600 */
	setup();
	plan.devices.tp = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	set_weights(&res);
	res.weights.norm_params = 409600;
	ck_assert_int_eq(kvp_devices_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.devices[1].weights_bytes, 12328089600ull);
}
END_TEST

START_TEST(tp_not_divisible)
{
	setup();
	plan.devices.tp = 3;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.tp: 3"));
	ck_assert_ptr_nonnull(strstr(res.error.msg,
		"must be divisible by tensor parallel size (3)"));
}
END_TEST

START_TEST(pp_uneven)
{
	/* 40 layers, pp 3 -> [13, 14, 13] (vLLM). Per layer 4,026,531,840 /
	 * 40 = 100,663,296 bytes of KV (every sequence, every stage).
	 * KV: 13 x = 1,308,622,848; 14 x = 1,409,286,144.
	 * Weights: body 24,000,000,000 x 13/40 = 7,800,000,000, x 14/40 =
	 * 8,400,000,000; embeddings (327,680,000) on stage 0, lm_head
	 * (327,680,000) on stage 2. */
	setup();
	plan.devices.pp = 3;
	run();
	ck_assert_uint_eq(res.n_devices, 3);
	ck_assert_uint_eq(res.devices[0].first_layer, 0);
	ck_assert_uint_eq(res.devices[0].last_layer, 12);
	ck_assert_uint_eq(res.devices[1].first_layer, 13);
	ck_assert_uint_eq(res.devices[1].last_layer, 26);
	ck_assert_uint_eq(res.devices[2].first_layer, 27);
	ck_assert_uint_eq(res.devices[2].last_layer, 39);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 1308622848ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 1409286144ull);
	ck_assert_uint_eq(res.devices[2].kv_bytes, 1308622848ull);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 8127680000ull);
	ck_assert_uint_eq(res.devices[1].weights_bytes, 8400000000ull);
	ck_assert_uint_eq(res.devices[2].weights_bytes, 8127680000ull);
	ck_assert_uint_eq(res.devices[1].pp_stage, 1);
}
END_TEST

START_TEST(pp_given_split)
{
	/* pp_layers {10, 30}: KV 10 x 100,663,296 = 1,006,632,960 and
	 * 30 x = 3,019,898,880 */
	setup();
	plan.devices.pp = 2;
	plan.devices.pp_layers[0] = 10;
	plan.devices.pp_layers[1] = 30;
	run();
	ck_assert_uint_eq(res.devices[0].kv_bytes, 1006632960ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 3019898880ull);
}
END_TEST

START_TEST(pp_tied_embeddings)
{
	/* tied: no lm_head parameters; the last stage holds a copy of the
	 * embeddings (vLLM). params 12,163,840,000, bytes 24,327,680,000,
	 * body 24,000,000,000: stage 0 = 327,680,000 + 12,000,000,000,
	 * stage 1 = 12,000,000,000 + 327,680,000. */
	setup();
	plan.model.arch.tie_embeddings = true;
	plan.devices.pp = 2;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	set_weights(&res);
	res.weights.lm_head_params = 0;
	res.weights.params = 12163840000ull;
	res.weights.bytes = 24327680000ull;
	ck_assert_int_eq(kvp_devices_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 12327680000ull);
	ck_assert_uint_eq(res.devices[1].weights_bytes, 12327680000ull);
}
END_TEST

START_TEST(mixed_cards)
{
	/* pp 2 on an 80 GiB card and a 12 GiB card. Each stage: weights
	 * 327,680,000 + 24,000,000,000 x 20/40 = 12,327,680,000; KV
	 * 20 x 100,663,296 = 2,013,265,920; activations 1,073,741,824;
	 * overheads of the default plan 780,140,544 (744 MiB, tp 1: no
	 * tp_comm); sum 16,194,828,288.
	 * device 0: 85,899,345,920 - 16,194,828,288 = 69,704,517,632 fits
	 * device 1: 12,884,901,888 - 16,194,828,288 = -3,309,926,400 over */
	setup();
	plan.devices.pp = 2;
	plan.devices.n_groups = 2;
	strcpy(plan.devices.groups[0].card.name, "A100-80GB");
	plan.devices.groups[0].card.capacity_bytes = 80 * GIB;
	plan.devices.groups[0].count = 1;
	strcpy(plan.devices.groups[1].card.name, "small-12GiB");
	plan.devices.groups[1].card.capacity_bytes = 12 * GIB;
	plan.devices.groups[1].count = 1;
	run();
	ck_assert_uint_eq(res.n_devices, 2);
	ck_assert_str_eq(res.devices[0].name, "A100-80GB");
	ck_assert_str_eq(res.devices[1].name, "small-12GiB");
	ck_assert_int_eq(res.devices[0].free_bytes, 69704517632ll);
	ck_assert_int_eq(res.devices[1].free_bytes, -3309926400ll);
	ck_assert(res.devices[0].fits);
	ck_assert(!res.devices[1].fits);
	ck_assert(!res.fits);   /* never pooled */
}
END_TEST

START_TEST(dp_split)
{
	/* dp 4, 6 requests: replicas hold 2, 2, 1, 1 sequences of
	 * 671,088,640 bytes: 1,342,177,280 and 671,088,640 */
	setup();
	plan.devices.dp = 4;
	run();
	ck_assert_uint_eq(res.n_devices, 4);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 1342177280ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 1342177280ull);
	ck_assert_uint_eq(res.devices[2].kv_bytes, 671088640ull);
	ck_assert_uint_eq(res.devices[3].kv_bytes, 671088640ull);
	ck_assert_uint_eq(res.devices[3].dp_replica, 3);
	/* every replica holds all the weights */
	ck_assert_uint_eq(res.devices[3].weights_bytes, 24655360000ull);
}
END_TEST

START_TEST(dp_idle_replica)
{
	/* 1 request over dp 2: replica 1 holds no KV */
	setup();
	plan.workload.classes[0].requests = 1;
	plan.devices.dp = 2;
	run();
	ck_assert_uint_eq(res.devices[0].kv_bytes, 671088640ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 0);
}
END_TEST

START_TEST(dp_ragged_slices)
{
	/* 6 class requests and 5 ragged lengths over dp 2, static 4,096
	 * slots each (671,088,640 bytes): replica 0 holds 3 + 3 (lengths
	 * 0..2) = 6 sequences = 4,026,531,840; replica 1 holds 3 + 2
	 * (lengths 3..4) = 5 = 3,355,443,200 */
	static const uint64_t lens[] = { 100, 200, 300, 400, 500 };

	setup();
	plan.workload.ragged = lens;
	plan.workload.n_ragged = 5;
	plan.devices.dp = 2;
	run();
	ck_assert_uint_eq(res.devices[0].kv_bytes, 4026531840ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 3355443200ull);
}
END_TEST

START_TEST(too_few_cards)
{
	setup();
	plan.devices.groups[0].count = 2;
	plan.devices.tp = 4;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.groups: 2 cards"));
}
END_TEST

START_TEST(activation_estimate)
{
	/* hidden 4,096, intermediate 11,008 gated, Hq 32, Hkv 8, D 128,
	 * vocab 32,000, T = 2,048 tokens per step, 6 sequences, tp 1:
	 *   hidden    4 x 2,048 x 4,096                   =    33,554,432
	 *   qkv       (32 + 16) x 2,048 x 128 x 2         =    25,165,824
	 *   flash ws  4 x 2,048 x 32 x 128                =    33,554,432
	 *   mlp       6 x 2,048 x 11,008                  =   135,266,304
	 *   logits    4 x min(6, 2,048) x 32,000          =       768,000
	 *   peak = 33,554,432 + max(58,720,256, 135,266,304) + 768,000
	 *        = 169,588,736
	 * Without flash attention the fp32 scores 4 x 2,048 x 32 x 4,096
	 * (longest sequence 3,072 + 1,024) = 1,073,741,824 make attention
	 * 1,098,907,648 the larger phase: 33,554,432 + 1,098,907,648 +
	 * 768,000 = 1,133,230,080. */
	uint64_t v = 0;
	bool est = false;

	setup();
	plan.devices.activations_bytes = 0;
	plan.devices.max_batched_tokens = 2048;
	plan.devices.flash_attention = true;
	plan.model.q_heads = 32;
	plan.model.arch.hidden = 4096;
	plan.model.arch.intermediate = 11008;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert(est);
	ck_assert_uint_eq(v, 169588736ull);
	plan.devices.flash_attention = false;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 1133230080ull);
	/* not the last stage: no logits */
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, false, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 1133230080ull - 768000);
	/* vLLM: its profile run's peak (vllm_profile.c), the larger of the
	 * fused-attention forward without logits, 169,588,736 - 6 x 32,000
	 * x 4 = 168,820,736, and the dummy sampler run over min(256, 2,048)
	 * sequences beside the hidden states kept, 256 x 32,000 x (2 + 13)
	 * + 2,048 x 4,096 x 2 = 122,880,000 + 16,777,216 = 139,657,216 */
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_num_seqs = 256;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert(est);
	ck_assert_uint_eq(v, 168820736ull);
	/* 1,024 sequences: 1,024 x 32,000 x 15 + 16,777,216, whatever the
	 * sequences the workload holds and at any TP */
	plan.engine.vllm.max_num_seqs = 1024;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 508297216ull);
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 4, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 508297216ull);
	/* before 0.17.0 the sampler run took 2 + 37 B an entry:
	 * 1,024 x 32,000 x 39 + 16,777,216 */
	strcpy(plan.engine.version, "0.16.0");
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 1294729216ull);
	/* not the last stage: the forward alone */
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, false, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 168820736ull);
	/* V0 (0.6.4): the larger of the forward + 1,024 sequences' last
	 * logits in 16 bit and fp32, 168,820,736 + 1,024 x 32,000 x (2 + 4)
	 * = 365,428,736, and the sorting sampler its profile_run samples
	 * with (top_p 0.99, top_k vocab - 1) beside the hidden states,
	 * 1,024 x 32,000 x 39 + 16,777,216 = 1,294,729,216 */
	strcpy(plan.engine.version, "0.6.4");
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 1294729216ull);
	/* at 64 sequences the forward and logits are the larger:
	 * 168,820,736 + 64 x 32,000 x 6 = 181,108,736 against 64 x 32,000
	 * x 39 + 16,777,216 = 96,649,216 */
	plan.engine.vllm.max_num_seqs = 64;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 181108736ull);
	plan.engine.vllm.max_num_seqs = 1024;
	plan.engine.version[0] = '\0';
	/* the default (0): vLLM's for the card, 1,024 sequences on the
	 * default card (an H100: its runtime total, 79.19 GiB, is 70 GiB or
	 * more) */
	plan.engine.vllm.max_num_seqs = 0;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert_uint_eq(v, 508297216ull);
	plan.engine.kind = KVP_ENGINE_GENERIC;
	/* measured replaces it */
	plan.devices.activations_bytes = 12345;
	ck_assert_int_eq(kvp_activations_device(&plan, &res, 1, true, 6, &v,
	                                        &est, NULL), KVP_OK);
	ck_assert(!est);
	ck_assert_uint_eq(v, 12345);
}
END_TEST

START_TEST(retained_outputs)
{
	/* 10 positions of fp32 logits over 32,000 tokens, 6 sequences:
	 * 10 x 32,000 x 4 x 6 = 7,680,000 bytes on the (last) device */
	setup();
	plan.devices.retained_logits = 10;
	run();
	ck_assert_uint_eq(res.devices[0].retained_bytes, 7680000);
	/* 85,520,809,984 - (24,655,360,000 + 4,026,531,840 + 1,073,741,824
	 * + 7,680,000 + 780,140,544 default overheads = 30,543,454,208)
	 * = 54,977,355,776 */
	ck_assert_int_eq(res.devices[0].free_bytes, 54977355776ll);
}
END_TEST

START_TEST(overheads_default)
{
	struct kvp_devices d;

	memset(&d, 0, sizeof d);
	d.tp = 2;
	d.pp = d.dp = 1;
	kvp_overheads_default(&d);
	/* cuda_context 360 MiB, cuda_graphs 384 MiB, tp_comm 144 MiB,
	 * allocator_reserve 0 */
	ck_assert_uint_eq(d.n_overheads, 4);
	ck_assert_str_eq(d.overheads[0].name, "cuda_context");
	ck_assert_uint_eq(d.overheads[0].bytes, 360ull * 1048576);
	ck_assert_str_eq(d.overheads[2].name, "tp_comm");
	/* a second call adds nothing; tp 1 has no tp_comm */
	kvp_overheads_default(&d);
	ck_assert_uint_eq(d.n_overheads, 4);
	memset(&d, 0, sizeof d);
	d.tp = d.pp = d.dp = 1;
	kvp_overheads_default(&d);
	ck_assert_uint_eq(d.n_overheads, 3);
}
END_TEST

/* The default scenario counts the CUDA context and graphs on its card
 * (tp 1): 360 MiB + 384 MiB + 0 = 744 MiB = 780,140,544 bytes. */
START_TEST(default_plan_overheads)
{
	kvp_plan_default(&plan);
	ck_assert_uint_eq(plan.devices.n_overheads, 3);
	ck_assert_str_eq(plan.devices.overheads[0].name, "cuda_context");
	ck_assert_str_eq(plan.devices.overheads[1].name, "cuda_graphs");
	ck_assert_str_eq(plan.devices.overheads[2].name, "allocator_reserve");
	ck_assert(plan.devices.flash_attention);
	run();
	ck_assert_uint_eq(res.devices[0].overhead_bytes, 780140544ull);
}
END_TEST

static Suite *budget_suite(void)
{
	Suite *s = suite_create("budget");
	TCase *tc = tcase_create("devices");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, no_cards);
	tcase_add_test(tc, single_card);
	tcase_add_test(tc, over_capacity);
	tcase_add_test(tc, reserve_bytes_added);
	tcase_add_test(tc, tp_2_4_8);
	tcase_add_test(tc, tp_replication);
	tcase_add_test(tc, tp_norms_replicated);
	tcase_add_test(tc, tp_not_divisible);
	tcase_add_test(tc, pp_uneven);
	tcase_add_test(tc, pp_given_split);
	tcase_add_test(tc, pp_tied_embeddings);
	tcase_add_test(tc, mixed_cards);
	tcase_add_test(tc, dp_split);
	tcase_add_test(tc, dp_idle_replica);
	tcase_add_test(tc, dp_ragged_slices);
	tcase_add_test(tc, too_few_cards);
	tcase_add_test(tc, activation_estimate);
	tcase_add_test(tc, retained_outputs);
	tcase_add_test(tc, overheads_default);
	tcase_add_test(tc, default_plan_overheads);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(budget_suite)
