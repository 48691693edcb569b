/*
 * test_solve.c - answers backwards (src/core/search/solve.c), each verified at
 * the boundary: the answer fits, one more does not.
 *
 * Setup: the DESIGN.md worked example (L=40, Hkv=8, D=128, f16: 163,840
 * bytes per position; 4,096 positions per sequence -> 671,088,640 bytes)
 * with no weights (architecture fields zero, so the weight count is 0:
 * asserted below) and a measured activation peak of 1 GiB, on an 80 GiB
 * card (85,899,345,920 bytes), without the default plan's overhead
 * entries (cleared in setup; the budget tests count them). Room for KV:
 * 85,899,345,920 - 1,073,741,824 = 84,825,604,096 bytes.
 */
#include <check.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/solve.h"

#define GIB 1073741824ull

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_solve_answer ans;

static void setup(void)
{
	kvp_plan_default(&plan);
	memset(&plan.model.arch, 0, sizeof plan.model.arch);
	plan.devices.activations_bytes = GIB;
	plan.devices.groups[0].card.capacity_bytes = 80 * GIB;
	plan.devices.n_overheads = 0;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_uint_eq(res.weights.bytes, 0);
}

static void solve(enum kvp_solve_for what, uint32_t margin_ppm)
{
	struct kvp_solve_opts o = { what, margin_ppm, 0 };
	struct kvp_error err;
	enum kvp_status st = kvp_solve(&plan, &o, &ans, &res, &err);

	ck_assert_msg(st == KVP_OK, "%s", err.msg);
}

START_TEST(concurrency)
{
	/* floor(84,825,604,096 / 671,088,640) = 126:
	 * 126 x 671,088,640 = 84,557,168,640 fits,
	 * 127 x 671,088,640 = 85,228,257,280 does not */
	setup();
	solve(KVP_SOLVE_CONCURRENCY, 0);
	ck_assert(ans.found);
	ck_assert_uint_eq(ans.value, 126);
	ck_assert_uint_eq(ans.sequences, 126);
	ck_assert(ans.answer_fits);
	ck_assert(ans.has_next);
	ck_assert_uint_eq(ans.next_value, 127);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(ans.plan.workload.classes[0].requests, 126);
	/* scratch holds the answer: device 0 has 268,435,456 bytes free */
	ck_assert_int_eq(res.devices[0].free_bytes, 268435456ll);
	ck_assert_ptr_nonnull(strstr(ans.binding, "device 0"));
	ck_assert_ptr_nonnull(strstr(ans.binding, "is full"));
	ck_assert_ptr_nonnull(strstr(ans.check, "127 requests do not"));
}
END_TEST

START_TEST(concurrency_samples)
{
	/* 2 samples per request: 1,342,177,280 bytes per request ->
	 * floor(84,825,604,096 / 1,342,177,280) = 63 requests, 126 sequences */
	setup();
	plan.workload.classes[0].samples = 2;
	solve(KVP_SOLVE_CONCURRENCY, 0);
	ck_assert_uint_eq(ans.value, 63);
	ck_assert_uint_eq(ans.sequences, 126);
}
END_TEST

START_TEST(length)
{
	/* 6 sequences: 6 x 163,840 = 983,040 bytes per token of length;
	 * floor(84,825,604,096 / 983,040) = 86,289 tokens (static
	 * reservation follows the length). 86,290 x 983,040 =
	 * 84,826,521,600 > 84,825,604,096. */
	setup();
	solve(KVP_SOLVE_LENGTH, 0);
	ck_assert(ans.found);
	ck_assert_uint_eq(ans.value, 86289);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(ans.next_value, 86290);
	/* the input grew, generation reserve kept: 86,289 - 1,024 */
	ck_assert_uint_eq(ans.plan.workload.classes[0].prompt[KVP_PP_INPUT],
	                  85265);
	ck_assert_uint_eq(ans.plan.workload.classes[0].gen, 1024);
}
END_TEST

START_TEST(kv_format)
{
	/* 4 GiB card, 1 GiB activations: 3,221,225,472 bytes for KV.
	 * f16: 4,026,531,840 does not fit. q8_0: a K row of 8 x 128 = 1,024
	 * values is 32 blocks x 34 = 1,088 bytes; K+V 2,176 per layer;
	 * x 40 layers x 4,096 x 6 = 2,139,095,040 fits. */
	setup();
	plan.devices.groups[0].card.capacity_bytes = 4 * GIB;
	solve(KVP_SOLVE_KV_FORMAT, 0);
	ck_assert(ans.found);
	ck_assert_int_eq(ans.format.dtype, KVP_DT_Q8_0);
	ck_assert(ans.has_next);
	ck_assert_int_eq(ans.next_format.dtype, KVP_DT_F16);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(res.kv.bytes, 2139095040ull);
}
END_TEST

START_TEST(kv_format_f16_fits)
{
	setup();
	solve(KVP_SOLVE_KV_FORMAT, 0);
	ck_assert(ans.found);
	ck_assert_int_eq(ans.format.dtype, KVP_DT_F16);
	ck_assert(!ans.has_next);
}
END_TEST

START_TEST(cards)
{
	/* 200 requests: 200 x 671,088,640 = 134,217,728,000 bytes of KV.
	 * 1 card: + 1 GiB > 85,899,345,920, no. 2 cards, tp 2: 4 KV heads
	 * per rank, 67,108,864,000 + 1,073,741,824 = 68,182,605,824 fits. */
	setup();
	plan.workload.classes[0].requests = 200;
	solve(KVP_SOLVE_CARDS, 0);
	ck_assert(ans.found);
	ck_assert_uint_eq(ans.value, 2);
	ck_assert_uint_eq(ans.tp, 2);
	ck_assert_uint_eq(ans.pp, 1);
	ck_assert_uint_eq(ans.next_value, 1);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(res.n_devices, 2);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 67108864000ull);
}
END_TEST

START_TEST(max_model_len)
{
	/* one request, 10 % margin: headroom floor(85,899,345,920 / 10) =
	 * 8,589,934,592; room 85,899,345,920 - 1,073,741,824 -
	 * 8,589,934,592 = 76,235,669,504; / 163,840 = 465,305 tokens */
	setup();
	plan.model.arch.max_positions = 1000000;
	solve(KVP_SOLVE_MAX_MODEL_LEN, 100000);
	ck_assert(ans.found);
	ck_assert(!ans.capped);
	ck_assert_uint_eq(ans.value, 465305);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(ans.plan.workload.classes[0].requests, 1);
}
END_TEST

START_TEST(max_model_len_capped)
{
	/* the model accepts 4,096 positions: capped there */
	setup();
	plan.model.arch.max_positions = 4096;
	solve(KVP_SOLVE_MAX_MODEL_LEN, 100000);
	ck_assert(ans.found);
	ck_assert(ans.capped);
	ck_assert_uint_eq(ans.value, 4096);
}
END_TEST

START_TEST(max_model_len_vllm_refused_default)
{
	/* vLLM with --kv-cache-memory-bytes 10 GiB = 10,737,418,240 and
	 * --max-model-len 131,072: one block is 16 tokens x 163,840 =
	 * 2,621,440 bytes, the pool 10,737,418,240 / 2,621,440 = 4,096
	 * blocks = 65,536 tokens, so vLLM refuses the 131,072 given (it
	 * needs 8,192 blocks). That refusal is where the search starts.
	 * The current release holds the null block back (vLLM 0.25.0, PR
	 * #47272, kvplan/era.h): 4,095 blocks take a request, so
	 * max_model_len 65,520 = 4,095 x 16 fits and 65,521 (4,096 blocks)
	 * is refused. */
	struct kvp_plan p2;

	setup();
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.kv_cache_memory_bytes = 10 * GIB;
	plan.engine.vllm.max_model_len = 131072;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_EREFUSED);
	solve(KVP_SOLVE_MAX_MODEL_LEN, 0);
	ck_assert(ans.found);
	ck_assert(!ans.capped);
	ck_assert_uint_eq(ans.value, 65520);
	ck_assert(ans.answer_fits);
	ck_assert(ans.has_next);
	ck_assert_uint_eq(ans.next_value, 65521);
	ck_assert(!ans.next_fits);
	ck_assert_uint_eq(ans.plan.engine.vllm.max_model_len, 65520);
	/* the check quotes vLLM's refusal of 65,521 cut at a word */
	ck_assert_ptr_nonnull(strstr(ans.check, "65,521 tokens do not"));
	ck_assert_ptr_nonnull(strstr(ans.check, "max seq len (65521)"));
	ck_assert_ptr_nonnull(strstr(ans.check, "...)"));
	/* recomputed by hand-set plans: 65,520 computes, 65,521 refused */
	p2 = ans.plan;
	ck_assert_int_eq(kvp_compute(&p2, &res), KVP_OK);
	ck_assert_uint_eq(res.engine.blocks, 4096);
	p2.engine.vllm.max_model_len = 65521;
	ck_assert_int_eq(kvp_compute(&p2, &res), KVP_EREFUSED);
}
END_TEST

START_TEST(mix_scales_up)
{
	/* paged, blocks of 16: class 0 is 6 requests of 4,096 tokens
	 * (4,096 x 163,840 = 671,088,640 B each), class 1 adds 3 requests of
	 * 512 + 512 = 1,024 tokens (167,772,160 B each): a 2:1 mix of 9.
	 * N requests of the mix: c0 = floor(2N / 3), c1 = N - c0, bytes =
	 * 167,772,160 x (4 c0 + c1) within 84,825,604,096, so 4 c0 + c1 <=
	 * 505 (167,772,160 x 505 = 84,724,940,800; x 506 = 84,892,712,960).
	 * N = 169: c0 = 112, c1 = 57, 448 + 57 = 505 fits; N = 170: c0 =
	 * 113, c1 = 57, 509 does not. 169 of a 9-request workload. */
	uint64_t n = 0;
	bool bound = false;
	struct kvp_error err;

	setup();
	plan.strategy.kind = KVP_STRAT_PAGED;
	plan.strategy.block_size = 16;
	plan.workload.n_classes = 2;
	plan.workload.classes[1] = plan.workload.classes[0];
	plan.workload.classes[1].requests = 3;
	plan.workload.classes[1].prompt[KVP_PP_INPUT] = 512;
	plan.workload.classes[1].gen = 512;
	ck_assert_msg(kvp_solve_mix(&plan, &res, &n, &bound, &err) == KVP_OK,
	              "%s", err.msg);
	ck_assert(bound);
	ck_assert_uint_eq(n, 169);
	/* and down: a 20 GiB card (21,474,836,480 - 1 GiB = 20,401,094,656
	 * for KV, / 167,772,160 = 121.6 -> 4 c0 + c1 <= 121): N = 40: c0 =
	 * 26, c1 = 14, 104 + 14 = 118 fits; N = 41: c0 = 27, c1 = 14, 122
	 * does not. */
	plan.devices.groups[0].card.capacity_bytes = 20 * GIB;
	ck_assert_int_eq(kvp_solve_mix(&plan, &res, &n, &bound, &err), KVP_OK);
	ck_assert(bound);
	ck_assert_uint_eq(n, 40);
	/* no card under the generic strategy: nothing binds, the plan's 9 */
	plan.devices.n_groups = 0;
	ck_assert_int_eq(kvp_solve_mix(&plan, &res, &n, &bound, &err), KVP_OK);
	ck_assert(!bound);
	ck_assert_uint_eq(n, 9);
}
END_TEST

START_TEST(engine_admission)
{
	/* llama.cpp with -np 4 and -c 65,536: four slots of
	 * 65,536 / 4 = 16,384 cells each, so 4 requests of 4,096 tokens
	 * run at once and a fifth waits, whatever the memory: the answer
	 * is 4 and the check names the engine's limit. */
	setup();
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.parallel = 4;
	plan.engine.llamacpp.ctx_size = 65536;
	solve(KVP_SOLVE_CONCURRENCY, 0);
	ck_assert(ans.found);
	ck_assert_uint_eq(ans.value, 4);
	ck_assert(!ans.next_fits);
	ck_assert_ptr_nonnull(strstr(ans.check, "llama.cpp runs at most 4"));
}
END_TEST

START_TEST(nothing_fits)
{
	/* a 1 GiB card: the activations alone fill it */
	setup();
	plan.devices.groups[0].card.capacity_bytes = GIB;
	solve(KVP_SOLVE_CONCURRENCY, 0);
	ck_assert(!ans.found);
	ck_assert_ptr_nonnull(strstr(ans.check, "not even 1 request fits"));
}
END_TEST

START_TEST(no_card_is_an_error)
{
	struct kvp_solve_opts o = { KVP_SOLVE_CONCURRENCY, 0, 0 };
	struct kvp_error err;

	setup();
	plan.devices.n_groups = 0;
	ck_assert_int_eq(kvp_solve(&plan, &o, &ans, &res, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "devices.groups"));
}
END_TEST

START_TEST(parse_names)
{
	enum kvp_solve_for f;
	struct kvp_error err;

	ck_assert_int_eq(kvp_solve_parse("kv-format", &f, &err), KVP_OK);
	ck_assert_int_eq(f, KVP_SOLVE_KV_FORMAT);
	ck_assert_str_eq(kvp_solve_name(KVP_SOLVE_MAX_MODEL_LEN),
	                 "max-model-len");
	ck_assert_int_eq(kvp_solve_parse("speed", &f, &err), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.msg, "--for: 'speed'"));
}
END_TEST

static Suite *solve_suite(void)
{
	Suite *s = suite_create("solve");
	TCase *tc = tcase_create("answers");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, concurrency);
	tcase_add_test(tc, concurrency_samples);
	tcase_add_test(tc, length);
	tcase_add_test(tc, kv_format);
	tcase_add_test(tc, kv_format_f16_fits);
	tcase_add_test(tc, cards);
	tcase_add_test(tc, max_model_len);
	tcase_add_test(tc, max_model_len_capped);
	tcase_add_test(tc, max_model_len_vllm_refused_default);
	tcase_add_test(tc, mix_scales_up);
	tcase_add_test(tc, engine_admission);
	tcase_add_test(tc, nothing_fits);
	tcase_add_test(tc, no_card_is_an_error);
	tcase_add_test(tc, parse_names);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(solve_suite)
