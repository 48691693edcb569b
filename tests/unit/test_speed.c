/*
 * test_speed.c - the speed envelope (src/core/speed/speed.c): the roofline
 * bound of decode and prefill, worked by hand.
 *
 * The plan is DESIGN.md's default (40 layers, Hq 40, Hkv 8, D 128, f16;
 * 6 requests x (3,072 + 1,024), static reservation), so the KV cache is
 * 163,840 B per position x 4,096 x 6 = 4,026,531,840 B, all of it stored
 * (every sequence is at its full length). The weights are set by hand on
 * the result, as in test_budget.c, and the budget and speed stages re-run:
 *   embed 163,840,000 + lm_head 163,840,000 + 12,000,000,000 body
 *   = 12,327,680,000 params, 2 B each = 24,655,360,000 B, untied.
 * The card: bandwidth 2,000,000,000,000 B/s (2 TB/s), dense 16-bit peak
 * 10^15 FLOP/s, 8-bit peak 2 x 10^15.
 */
#include <check.h>
#include <string.h>

#include "mtp_checkpoint.h"
#include "core/internal.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/solve.h"
#include "kvplan/teach.h"
#include "kvplan/speed.h"

#define BW   2000000000000ull
#define PF16 1000000000000000ull
#define PF8  2000000000000000ull

static struct kvp_plan plan;
static struct kvp_result res;

static void setup(void)
{
	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.devices.groups[0].card.bandwidth = BW;
	plan.devices.groups[0].card.flops_16bit = PF16;
	plan.devices.groups[0].card.flops_8bit = PF8;
	plan.devices.groups[0].count = 1;
}

/* The same under vLLM with max_model_len 4,096 (its default plan). */
static void setup_vllm(void)
{
	setup();
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_model_len = 4096;
}

static void run(void)
{
	enum kvp_status st = kvp_compute(&plan, &res);

	ck_assert_msg(st == KVP_OK, "%s", res.error.msg);
	memset(&res.weights, 0, sizeof res.weights);
	res.weights.embed_params = 163840000;
	res.weights.lm_head_params = 163840000;
	res.weights.params = 12327680000ull;
	res.weights.active_params = 12327680000ull;
	res.weights.bytes = 24655360000ull;
	st = kvp_devices_compute(&plan, &res);
	ck_assert_msg(st == KVP_OK, "%s", res.error.msg);
	kvp_speed_compute(&plan, &res);
}

/*
 * One card. Weights read: 24,655,360,000 less the embedding table
 * 24,655,360,000 x 163,840,000 / 12,327,680,000 = 327,680,000
 * -> 24,327,680,000. KV read 4,026,531,840. Total 28,354,211,840 B;
 * / 2 x 10^12 B/s = 14,177,105.92 ns -> 14,177,105 ns (floor).
 * Decode FLOPs: 2 x (12,327,680,000 - 163,840,000) x 6 = 145,966,080,000
 * plus attention 40 layers x 2 x 40 heads x (128 + 128) x 4,096 x 6 =
 * 20,132,659,200 -> 166,098,739,200; / 10^15 = 166,098 ns: memory-bound.
 * Per sequence <= 10^12 / 14,177,105 = 70,536.3 -> 70,537 thousandths;
 * all 6: 6 x 10^12 / 14,177,105 = 423,217.9 -> 423,218.
 */
START_TEST(one_card_decode)
{
	setup();
	run();
	ck_assert(res.speed.known);
	ck_assert(res.speed.compute_known);
	ck_assert(!res.speed.peak_8bit);
	ck_assert_uint_eq(res.devices[0].decode_read_bytes, 28354211840ull);
	ck_assert_uint_eq(res.devices[0].decode_read_ns, 14177105ull);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 24327680000ull);
	ck_assert_uint_eq(res.speed.kv_read_bytes, 4026531840ull);
	ck_assert_uint_eq(res.speed.kv_read_per_sequence, 671088640ull);
	ck_assert_uint_eq(res.speed.decode_flops, 166098739200ull);
	ck_assert(!res.speed.compute_bound);
	ck_assert_uint_eq(res.speed.decode_step_ns, 14177105ull);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 70537ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 423218ull);
	ck_assert_uint_eq(res.speed.bandwidth, BW);
	ck_assert_uint_eq(res.speed.sequences, 6);
}
END_TEST

/*
 * Prefill of the 3,072-token prompt: 2 x 12,163,840,000 x 3,072 =
 * 74,734,632,960,000 plus attention: causal pairs 3,072 x 3,073 / 2 =
 * 4,720,128, x 2 x 40 x 256 = 20,480 per pair, x 40 layers =
 * 3,866,728,857,600; total 78,601,361,817,600 FLOPs; / 10^15 FLOP/s =
 * 78,601,361 ns. Tokens/s: 3,072 x 10^12 / 78,601,361 = 39,083,292.4
 * -> 39,083,293 thousandths.
 */
START_TEST(one_card_prefill)
{
	setup();
	run();
	ck_assert_uint_eq(res.speed.prefill_tokens, 3072);
	ck_assert_uint_eq(res.speed.prefill_flops, 78601361817600ull);
	ck_assert_uint_eq(res.speed.prefill_ns, 78601361ull);
	ck_assert_uint_eq(res.speed.prefill_tps_milli, 39083293ull);
	ck_assert_uint_eq(res.speed.peak_flops, PF16);
}
END_TEST

/*
 * TP 2: each rank holds 12,327,680,000 B of weights and reads all but
 * its half of the table (163,840,000): 12,163,840,000, plus its half of
 * the KV 2,013,265,920 = 14,177,105,920 B at its own 2 TB/s: 7,088,552
 * ns. The FLOPs run on both peaks: 166,098,739,200 / 2 x 10^15 = 83,049
 * ns. Per sequence 10^12 / 7,088,552 -> 141,073; all 6 -> 846,436.
 */
START_TEST(tp_rank_share)
{
	setup();
	plan.devices.tp = 2;
	run();
	ck_assert_uint_eq(res.n_devices, 2);
	ck_assert_uint_eq(res.devices[1].decode_read_bytes, 14177105920ull);
	ck_assert_uint_eq(res.devices[1].decode_read_ns, 7088552ull);
	ck_assert_uint_eq(res.speed.decode_step_ns, 7088552ull);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 141073ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 846436ull);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 24327680000ull);
}
END_TEST

/*
 * PP 2, 20 layers each: stage 0 holds the table and half the body,
 * reads 12,000,000,000 + KV 2,013,265,920 = 14,013,265,920 B -> 7,006,632
 * ns; stage 1 reads the head 327,680,000 + 12,000,000,000 + 2,013,265,920
 * = 14,340,945,920 B -> 7,170,472 ns. A token passes both: 14,177,104 ns,
 * 10^12 / 14,177,104 -> 70,537 per sequence; stages overlap for the
 * aggregate: 6 x 10^12 / 7,170,472 -> 836,765.
 */
START_TEST(pp_stages)
{
	setup();
	plan.devices.pp = 2;
	run();
	ck_assert_uint_eq(res.devices[0].decode_read_ns, 7006632ull);
	ck_assert_uint_eq(res.devices[1].decode_read_ns, 7170472ull);
	ck_assert_uint_eq(res.speed.decode_step_ns, 14177104ull);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 70537ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 836765ull);
}
END_TEST

/*
 * DP 2: each replica holds 3 sequences and the whole weights:
 * 24,327,680,000 + 3 x 671,088,640 = 26,340,945,920 B -> 13,170,472 ns;
 * per sequence 10^12 / 13,170,472 -> 75,928; each replica 3 x 10^12 /
 * 13,170,472 = 227,782.4 -> 227,783, both 455,566.
 */
START_TEST(dp_replicas)
{
	setup();
	plan.devices.dp = 2;
	run();
	ck_assert_uint_eq(res.speed.replica_sequences, 3);
	ck_assert_uint_eq(res.devices[1].decode_read_bytes, 26340945920ull);
	ck_assert_uint_eq(res.speed.decode_step_ns, 13170472ull);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 75928ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 455566ull);
}
END_TEST

/* fp8 weights take the 8-bit peak: prefill 78,601,361,817,600 / 2 x 10^15
 * = 39,300,680 ns. */
START_TEST(eight_bit_peak)
{
	setup();
	plan.devices.weights_override = true;
	plan.devices.weights.dtype = KVP_W_FP8;
	run();
	ck_assert(res.speed.peak_8bit);
	ck_assert_uint_eq(res.speed.peak_flops, PF8);
	ck_assert_uint_eq(res.speed.prefill_ns, 39300680ull);
}
END_TEST

/*
 * MoE: 4,000,000,000 of the 12,327,680,000 params are experts a token is
 * not routed to (active 8,327,680,000), an equal share on each of the 40
 * MoE layers. Unread: the table 327,680,000 + 24,655,360,000 x 4 x 10^9
 * / 12,327,680,000 = 8,000,000,000 -> read 24,655,360,000 -
 * 8,327,680,000 = 16,327,680,000 weights.
 */
START_TEST(moe_inactive_experts)
{
	enum kvp_status st;

	setup();
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	st = kvp_compute(&plan, &res);
	ck_assert(st == KVP_OK);
	memset(&res.weights, 0, sizeof res.weights);
	res.weights.embed_params = 163840000;
	res.weights.lm_head_params = 163840000;
	res.weights.params = 12327680000ull;
	res.weights.active_params = 8327680000ull;
	res.weights.bytes = 24655360000ull;
	ck_assert(kvp_devices_compute(&plan, &res) == KVP_OK);
	kvp_speed_compute(&plan, &res);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 16327680000ull);
}
END_TEST

/*
 * Sliding window 1,024 on every layer: prompt pairs 1,024 x 1,025 / 2 +
 * (3,072 - 1,024) x 1,024 = 524,800 + 2,097,152 = 2,621,952; attention
 * 2,621,952 x 20,480 x 40 = 2,147,903,078,400; with the matmuls
 * 74,734,632,960,000 -> 76,882,536,038,400 FLOPs.
 */
START_TEST(sliding_prefill_pairs)
{
	setup();
	plan.model.base.kind = KVP_LAYER_SLIDING;
	plan.model.base.window = 1024;
	run();
	ck_assert_uint_eq(res.speed.prefill_flops, 76882536038400ull);
}
END_TEST

/* No bandwidth: no decode bound, and the text names the field. */
START_TEST(unknown_bandwidth)
{
	char buf[400];

	setup();
	plan.devices.groups[0].card.bandwidth = 0;
	plan.devices.groups[0].card.flops_16bit = 0;
	run();
	ck_assert(!res.speed.known);
	ck_assert(!res.speed.compute_known);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 0);
	ck_assert_uint_eq(res.speed.prefill_ns, 0);
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "devices.groups[i].card.bandwidth") != NULL, "%s", buf);
	kvp_speed_prefill_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "flops_16bit") != NULL, "%s", buf);
}
END_TEST

/* The wording of the one-card case (figures above). */
START_TEST(text_one_card)
{
	char buf[400];

	setup();
	run();
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_str_eq(buf, "<= 70.54 tokens/s per sequence, <= 423.22 tokens/s "
	                 "for all 6 (24.33 GB weights + 4.03 GB KV read per step at "
	                 "2,000 GB/s, memory-bound)");
	kvp_speed_prefill_text(&res, buf, sizeof buf);
	ck_assert_str_eq(buf, ">= 78.60 ms for a 3,072-token prompt (78.60 TFLOP at "
	                 "1,000 TFLOP/s, 16-bit peak)");
}
END_TEST

/*
 * Weights in host memory, through kvp_compute (the model's own count).
 * The default model made MoE, 8 experts of 3 x 5,120 x 1,024 =
 * 15,728,640 params, 2 routed, on all 40 layers: a layer's MLP is the
 * router 40,960 + 8 x 15,728,640 = 125,870,080 params, 31,498,240 of
 * them active, so 94,371,840 params = 188,743,680 B a layer are not
 * read. Layers 40 x (62,914,560 attention + 10,240 norms + 125,870,080)
 * + final norm 5,120 + table 163,840,000 + head 163,840,000 =
 * 7,879,480,320 params, 15,758,960,640 B.
 * llama.cpp on one card, -ngl -1: the table on the host, everything
 * else on the card, 15,431,280,640 B; read 15,431,280,640 - 40 x
 * 188,743,680 = 7,881,533,440 B. --n-cpu-moe 10: layers 0-9's experts,
 * 10 x 125,829,120 x 2 = 2,516,582,400 B, go to the host and the CPU;
 * the card reads 7,881,533,440 less their active 10 x 2 x 15,728,640 x
 * 2 = 629,145,600: 7,252,387,840 B, and the CPU's 2,516,582,400 are
 * said, not counted.
 */
START_TEST(llamacpp_host_experts)
{
	char buf[400];

	setup();
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.weights.bytes, 15758960640ull);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 15431280640ull);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 7881533440ull);
	ck_assert_uint_eq(res.speed.cpu_weights_bytes, 0);
	plan.engine.llamacpp.n_cpu_moe = 10;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.host.expert_bytes, 2516582400ull);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 7252387840ull);
	ck_assert_uint_eq(res.speed.cpu_weights_bytes, 2516582400ull);
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "(7.25 GB weights + ") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "; the CPU's 2.52 GB of weights in host memory "
	              "not counted, its bandwidth unknown)") != NULL, "%s", buf);
}
END_TEST

/*
 * vLLM --cpu-offload-gb 4 on the default (dense) model: 4 GiB =
 * 4,294,967,296 B of the card's weights sit in host memory, but vLLM
 * copies them in (or reads them over the host link) every step, so the
 * read stays 22,676,285,440 - the table 327,680,000 = 22,348,605,440 B,
 * as without the offload.
 */
START_TEST(vllm_offload_still_read)
{
	char buf[400];

	setup_vllm();
	plan.engine.vllm.cpu_offload_gb = 4;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.devices[0].offload_bytes, 4294967296ull);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 22348605440ull);
	ck_assert_uint_eq(res.speed.offload_read_bytes, 4294967296ull);
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "(22.35 GB weights + ") != NULL, "%s", buf);
	ck_assert_msg(strstr(buf, "; weights held in host memory (4.29 GB) counted "
	              "at the card's rate, the host link being slower)") != NULL,
	              "%s", buf);
}
END_TEST

/*
 * Weights from the model files (mtp_checkpoint.h, with towers of
 * 500,000 B): embeddings 1,000,000, head 2,000,000, MTP layers
 * 3,000,000 of which 1,000,000 are their own embedding and head copies,
 * 40 layers of 10,000 (the MLP group 400,000). vLLM on one card holds the table, the head, the towers and
 * the layers: 3,900,000 B; a decode step reads the head and the layers,
 * 2,400,000 (the table is looked up, the towers run at prefill only).
 * With the MTP drafter the card holds the MTP layers less their copies,
 * 2,000,000 more (5,900,000), which drafting reads, not the target's
 * step: still 2,400,000.
 */
START_TEST(files_groups_unread)
{
	setup_vllm();
	mtp_checkpoint(&plan);
	plan.model.tensors.bytes[KVP_TG_TOWER] = 500000;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 3900000);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 2400000);
	plan.engine.vllm.speculative_method = KVP_SPEC_MTP;
	plan.engine.vllm.num_speculative_tokens = 1;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.devices[0].weights_bytes, 5900000);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 2400000);
}
END_TEST

/*
 * Speculative decoding, vLLM ngram with 3 tokens a step: the one-card
 * case's read (28,354,211,840 B -> 14,177,105 ns) now emits up to 4
 * tokens a sequence: 4 x 10^12 / 14,177,105 = 282,145.05 -> 282,146
 * thousandths; all 6: 24 x 10^12 / 14,177,105 = 1,692,870.3 ->
 * 1,692,871. The step's FLOPs are 4 tokens': 4 x 166,098,739,200 =
 * 664,394,956,800 (664,394 ns): still memory-bound.
 */
START_TEST(speculative_tokens)
{
	char buf[400];

	setup_vllm();
	plan.engine.vllm.speculative_method = KVP_SPEC_NGRAM;
	plan.engine.vllm.num_speculative_tokens = 3;
	run();
	ck_assert_uint_eq(res.speed.step_tokens, 4);
	ck_assert_uint_eq(res.devices[0].decode_read_bytes, 28354211840ull);
	ck_assert_uint_eq(res.speed.decode_flops, 664394956800ull);
	ck_assert(!res.speed.compute_bound);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 282146ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 1692871ull);
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "memory-bound; up to 4 tokens a step, every "
	              "draft accepted)") != NULL, "%s", buf);
	kvp_speed_short_text(&res, false, buf, sizeof buf);
	ck_assert_str_eq(buf, "bound <= 282.15 tok/s/seq, <= 1,692.87 in all, "
	                 "up to 4 tok/step");
}
END_TEST

/* A llama.cpp draft without --draft-max: the tokens a step are not
 * known, so there is no rate bound, and the reason names the field;
 * with --draft-max 8 the rates are 9 x the step's. */
START_TEST(draft_without_max)
{
	static struct kvp_solve_answer ans;
	struct kvp_solve_opts o = { .what = KVP_SOLVE_THROUGHPUT };
	struct kvp_error err;
	uint64_t one;
	char buf[400];

	setup();
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.speed.step_tokens, 1);
	one = res.speed.decode_step_ns;
	plan.draft = plan.model;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.speed.step_tokens, 0);
	ck_assert(!res.speed.known);
	ck_assert_uint_eq(res.speed.seq_tps_milli, 0);
	kvp_speed_decode_text(&res, buf, sizeof buf);
	ck_assert_msg(strstr(buf, "no bound: ") == buf &&
	              strstr(buf, "(engine.llamacpp.draft_max, --draft-max)"),
	              "%s", buf);
	ck_assert(kvp_solve(&plan, &o, &ans, &res, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "engine.llamacpp.draft_max: not given") ==
	              err.msg, "%s", err.msg);
	plan.engine.llamacpp.draft_max = 8;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.speed.step_tokens, 9);
	ck_assert_uint_eq(res.speed.seq_tps_milli,
	                  (9 * 1000000000000ull + res.speed.decode_step_ns - 1) /
	                  res.speed.decode_step_ns);
	ck_assert_uint_ge(res.speed.decode_step_ns, one);
}
END_TEST

/* Through kvp_compute alone (weights from the model's own count): the
 * fields are filled and the bound is not worse than weights alone. */
START_TEST(no_card_no_bound)
{
	setup();
	plan.devices.n_groups = 0;
	ck_assert(kvp_compute(&plan, &res) == KVP_OK);
	ck_assert(!res.speed.known);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 0);
}
END_TEST

/*
 * solve --for throughput, on the default model's own weight count
 * (11,338,142,720 params, 22,676,285,440 B, table 163,840,000 params)
 * with 128-token sequences (100 + 28; static with max_cache_len 128, so
 * 128 slots each and every slot stored):
 *   read per step   22,676,285,440 - 327,680,000 = 22,348,605,440 B of
 *                   weights + B x 128 x 163,840 = B x 20,971,520 of KV
 *   FLOPs per step  B x (2 x 11,174,302,720 + 40 x 20,480 x 128)
 *                   = B x 22,453,463,040
 * At 2 TB/s and 10^15 FLOP/s:
 *   B = 933: read 41,915,033,600 B -> 20,957,516 ns; FLOPs
 *            20,949,081,016,320 -> 20,949,081 ns: memory-bound;
 *            933 x 10^12 / 20,957,516 -> 44,518,635 thousandths
 *   B = 934: read 41,936,005,120 B -> 20,968,002 ns; FLOPs
 *            20,971,534,479,360 -> 20,971,534 ns: compute-bound;
 *            934 x 10^12 / 20,971,534 -> 44,536,561
 * so the answer is 934 requests: past it the bound stays at the peak.
 */
START_TEST(solve_throughput_crossover)
{
	static struct kvp_solve_answer ans;
	struct kvp_solve_opts o = { .what = KVP_SOLVE_THROUGHPUT };
	struct kvp_error err;

	setup();
	plan.workload.classes[0].prompt[KVP_PP_INPUT] = 100;
	plan.workload.classes[0].gen = 28;
	plan.strategy.max_cache_len = 128;
	ck_assert_msg(kvp_solve(&plan, &o, &ans, &res, &err) == KVP_OK, "%s", err.msg);
	ck_assert(ans.found);
	ck_assert_uint_eq(ans.value, 934);
	ck_assert_uint_eq(res.speed.weight_read_bytes, 22348605440ull);
	ck_assert(res.speed.compute_bound);
	ck_assert_uint_eq(res.speed.decode_step_ns, 20971534ull);
	ck_assert_uint_eq(res.speed.aggregate_tps_milli, 44536561ull);
	ck_assert_msg(strstr(ans.check, "933 give <= 44,518.64 (memory-bound)") != NULL,
	              "%s", ans.check);
}
END_TEST

/* Memory-bound all the way: the answer is the most that fit (the same
 * as --for concurrency). */
START_TEST(solve_throughput_memory_bound)
{
	static struct kvp_solve_answer ans, conc;
	struct kvp_solve_opts o = { .what = KVP_SOLVE_THROUGHPUT };
	struct kvp_solve_opts oc = { .what = KVP_SOLVE_CONCURRENCY };
	struct kvp_error err;

	setup();
	ck_assert(kvp_solve(&plan, &oc, &conc, &res, &err) == KVP_OK);
	ck_assert(kvp_solve(&plan, &o, &ans, &res, &err) == KVP_OK);
	ck_assert(!res.speed.compute_bound);
	ck_assert_uint_eq(ans.value, conc.value);
	ck_assert_uint_gt(ans.value, 1);
}
END_TEST

/* No bandwidth: refused, naming the field. */
START_TEST(solve_throughput_unknown)
{
	static struct kvp_solve_answer ans;
	struct kvp_solve_opts o = { .what = KVP_SOLVE_THROUGHPUT };
	struct kvp_error err;

	setup();
	plan.devices.groups[0].card.bandwidth = 0;
	ck_assert(kvp_solve(&plan, &o, &ans, &res, &err) != KVP_OK);
	ck_assert_msg(strstr(err.msg, "card.bandwidth") != NULL, "%s", err.msg);
}
END_TEST

/*
 * The teaching rows carry the bound: the current row (Hkv 8) is the
 * plan's own result; MQA (Hkv 1) reads 1/8 of the KV per sequence:
 * 671,088,640 / 8 = 83,886,080 B, MHA (Hkv 40) 5 x = 3,355,443,200 B.
 */
START_TEST(teach_rows_speed)
{
	static struct kvp_teach t;
	static struct kvp_teach_scratch sc;
	struct kvp_error err;
	size_t i;
	const struct kvp_teach_row *mha = NULL, *mqa = NULL, *cur = NULL;

	setup();
	ck_assert(kvp_compute(&plan, &res) == KVP_OK);
	ck_assert(kvp_teach(&plan, &t, &sc, &err) == KVP_OK);
	for (i = 0; i < t.n; i++) {
		if (t.rows[i].kind == KVP_TEACH_MHA)
			mha = &t.rows[i];
		if (t.rows[i].kind == KVP_TEACH_MQA)
			mqa = &t.rows[i];
		if (t.rows[i].current)
			cur = &t.rows[i];
	}
	ck_assert(mha && mqa && cur && cur->speed_known);
	ck_assert_uint_eq(cur->seq_tps_milli, res.speed.seq_tps_milli);
	ck_assert_uint_eq(cur->kv_read_per_sequence, 671088640ull);
	ck_assert_uint_eq(mqa->kv_read_per_sequence, 83886080ull);
	ck_assert_uint_eq(mha->kv_read_per_sequence, 3355443200ull);
	ck_assert_uint_gt(mqa->seq_tps_milli, cur->seq_tps_milli);
	ck_assert_uint_gt(cur->seq_tps_milli, mha->seq_tps_milli);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("speed");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, one_card_decode);
	tcase_add_test(tc, one_card_prefill);
	tcase_add_test(tc, tp_rank_share);
	tcase_add_test(tc, pp_stages);
	tcase_add_test(tc, dp_replicas);
	tcase_add_test(tc, eight_bit_peak);
	tcase_add_test(tc, moe_inactive_experts);
	tcase_add_test(tc, llamacpp_host_experts);
	tcase_add_test(tc, vllm_offload_still_read);
	tcase_add_test(tc, speculative_tokens);
	tcase_add_test(tc, files_groups_unread);
	tcase_add_test(tc, draft_without_max);
	tcase_add_test(tc, sliding_prefill_pairs);
	tcase_add_test(tc, unknown_bandwidth);
	tcase_add_test(tc, text_one_card);
	tcase_add_test(tc, no_card_no_bound);
	tcase_add_test(tc, solve_throughput_crossover);
	tcase_add_test(tc, solve_throughput_memory_bound);
	tcase_add_test(tc, solve_throughput_unknown);
	tcase_add_test(tc, teach_rows_speed);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
