/*
 * test_host.c - host memory and llama.cpp's -ngl placement
 * (src/core/device/host.c), worked by hand on DESIGN.md's default model under
 * llama.cpp with -c 4096 -np 1 on one H100:
 *   weights 11,338,142,720 params, 2 B each = 22,676,285,440 B; the
 *   embedding table and the untied head 32,000 x 5,120 = 163,840,000
 *   params = 327,680,000 B each; the 40 layers 22,676,285,440 -
 *   655,360,000 = 22,020,925,440 B.
 *   KV: 4,096 cells x (2 x 8 x 128 x 2 B = 4,096 B) = 16,777,216 B a layer.
 *   Output buffer: 32,000 x 1 x 4 = 128,000 B.
 *   The compute buffers are not estimated with layers on both sides
 *   (compute_buf.c: llama.cpp's op offload runs the host layers'
 *   products on the card); the measured activations (1 GiB) stand on
 *   the card.
 * The placement tests pin llama.cpp b7347, the last build read with
 * -ngl k = the last k repeating layers (i_gpu_start = max(n_layer - k,
 * 0), the output only above n_layer); ngl_output_first works the rule of
 * PR #18148 (b7698, v0.4.0 and kvplan's current llama.cpp): the output
 * layer and the last k - 1 layers.
 */
#include <check.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void setup(int32_t ngl)
{
	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.parallel = 1;
	/* one slot at every build: without -kvu, llama-server's -np 1 is 4
	 * slots from b7079 to b7347 (PR #16736, lc_slots.c); one unified
	 * slot holds the same bytes as one stream */
	plan.engine.llamacpp.kv_unified = true;
	plan.engine.llamacpp.n_gpu_layers = ngl;
	memcpy(plan.engine.version, "b7347", 6);
}

static void run(void)
{
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

/* -ngl 30: layers 10..39 on the card, 0..9 and the output on the host.
 * Card: 22,020,925,440 x 30 / 40 = 16,515,694,080 B. Host: the table
 * 327,680,000 + 5,505,231,360 + the head 327,680,000 = 6,160,591,360 B of
 * weights; 10 x 16,777,216 = 167,772,160 B of KV; 128,000 B of output;
 * no compute buffer estimate; 6,328,491,520 B in all. */
START_TEST(ngl_30)
{
	setup(30);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 16515694080ull);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 503316480ull);
	ck_assert_uint_eq(res.host.weights_bytes, 6160591360ull);
	ck_assert_uint_eq(res.host.kv_bytes, 167772160ull);
	ck_assert_uint_eq(res.host.logits_bytes, 128000ull);
	ck_assert_uint_eq(res.host.compute_bytes, 0);
	ck_assert_int_eq(res.host.compute_kind, KVP_FIG_NONE);
	ck_assert_uint_eq(res.devices[0].compute_bytes, 0);
	ck_assert_uint_eq(res.host.used_bytes, 6328491520ull);
	ck_assert(!res.host.budgeted);
	ck_assert(res.host.fits);
	ck_assert(!kvp_layer_rec(&res, 9)->on_device);
	ck_assert(kvp_layer_rec(&res, 10)->on_device);
}
END_TEST

/* -ngl 41 (> n_layer): the output on the card too; only the table stays
 * on the host. -1 is the same. -ngl 40: every layer, not the output. */
START_TEST(ngl_all_and_output)
{
	setup(41);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22348605440ull);
	ck_assert_uint_eq(res.host.weights_bytes, 327680000ull);
	ck_assert_uint_eq(res.host.kv_bytes, 0);
	setup(-1);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22348605440ull);
	setup(999);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22348605440ull);
	setup(40);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22020925440ull);
	ck_assert_uint_eq(res.host.weights_bytes, 655360000ull);
}
END_TEST

/* PR #18148's rule (b7698 read, v0.4.0, the current release): -ngl 30 is
 * the output layer and layers 11..39 (29). A layer is 22,020,925,440 /
 * 40 = 550,523,136 B. Card: 29 x 550,523,136 = 15,965,170,944 + the head
 * 327,680,000 = 16,292,850,944 B; KV 29 x 16,777,216 = 486,539,264 B.
 * Host: the table 327,680,000 + 11 x 550,523,136 (6,055,754,496) =
 * 6,383,434,496 B of weights, 11 x 16,777,216 = 184,549,376 B of KV,
 * 128,000 B of output: 6,568,111,872 B. -ngl 40: the output and layers 1..39, 21,470,402,304
 * + 327,680,000 = 21,798,082,304 B on the card; -ngl 1: the output
 * alone, 327,680,000 B and no KV; -ngl 41: everything but the table. */
static void output_first(const char *version)
{
	setup(30);
	memcpy(plan.engine.version, version, strlen(version) + 1);
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 16292850944ull);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 486539264ull);
	ck_assert_uint_eq(res.host.weights_bytes, 6383434496ull);
	ck_assert_uint_eq(res.host.kv_bytes, 184549376ull);
	ck_assert_uint_eq(res.host.used_bytes, 6568111872ull);
	ck_assert(!kvp_layer_rec(&res, 10)->on_device);
	ck_assert(kvp_layer_rec(&res, 11)->on_device);
	plan.engine.llamacpp.n_gpu_layers = 40;
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 21798082304ull);
	ck_assert(!kvp_layer_rec(&res, 0)->on_device);
	plan.engine.llamacpp.n_gpu_layers = 1;
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 327680000ull);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 0);
	plan.engine.llamacpp.n_gpu_layers = 41;
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22348605440ull);
}

START_TEST(ngl_output_first)
{
	output_first("b7698");
	output_first("v0.4.0");
	output_first("");
}
END_TEST

/* Builds after b7347 and before b7698 (the merge's build is not known):
 * a partial -ngl is refused naming both; 0, all and -1 place the same
 * under either rule and are kept. */
START_TEST(ngl_unknown_build_refused)
{
	setup(30);
	memcpy(plan.engine.version, "b7500", 6);
	ck_assert(kvp_compute(&plan, &res) != KVP_OK);
	ck_assert_msg(strstr(res.error.msg, "engine.version: b7500") &&
	              strstr(res.error.msg, "PR #18148") &&
	              strstr(res.error.msg, "b7347") &&
	              strstr(res.error.msg, "b7698"), "%s", res.error.msg);
	plan.engine.llamacpp.n_gpu_layers = 41;
	run();
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22348605440ull);
	plan.engine.llamacpp.n_gpu_layers = 0;
	run();
	ck_assert_uint_eq(res.devices[0].kv_bytes, 0);
}
END_TEST

/* The host budget: 7 GiB = 7,516,192,768 B holds 6,328,491,520
 * (1,187,701,248 free); 5 GiB = 5,368,709,120 does not (-959,782,400),
 * and the plan's verdict follows. */
START_TEST(host_budget)
{
	setup(30);
	plan.devices.host_capacity_bytes = 7516192768ull;
	run();
	ck_assert(res.host.budgeted);
	ck_assert_int_eq(res.host.free_bytes, 1187701248);
	ck_assert(res.host.fits);
	ck_assert(res.fits);
	plan.devices.host_capacity_bytes = 5368709120ull;
	run();
	ck_assert_int_eq(res.host.free_bytes, -959782400);
	ck_assert(!res.host.fits);
	ck_assert(!res.fits);
	ck_assert(res.devices[0].fits);
}
END_TEST

/* The card's free memory follows the placement: -ngl 30 frees
 * 22,676,285,440 - 16,515,694,080 = 6,160,591,360 B of weights and
 * 167,772,160 B of KV against -ngl -1 with the table on the host
 * (22,348,605,440 B), i.e. 5,832,911,360 + 167,772,160. */
START_TEST(device_free_follows)
{
	int64_t all, part;

	setup(-1);
	run();
	all = res.devices[0].free_bytes;
	setup(30);
	run();
	part = res.devices[0].free_bytes;
	ck_assert_int_eq(part - all, 5832911360ll + 167772160ll);
}
END_TEST

/* Partial offload is modelled on one device: under TP it is refused by
 * name. */
START_TEST(ngl_tp_refused)
{
	setup(30);
	plan.devices.tp = 2;
	plan.devices.groups[0].count = 2;
	ck_assert(kvp_compute(&plan, &res) != KVP_OK);
	ck_assert_msg(strstr(res.error.msg, "engine.llamacpp.n_gpu_layers: 30") != NULL,
	              "%s", res.error.msg);
}
END_TEST

/* Other engines keep nothing on the host unless a strategy offloads. */
START_TEST(generic_nothing_on_host)
{
	kvp_plan_default(&plan);
	run();
	ck_assert_uint_eq(res.host.used_bytes, 0);
	ck_assert(res.host.fits);
}
END_TEST

/* --n-cpu-moe 4 on the default model made MoE (8 experts of 3 x 5,120 x
 * 1,024 on every layer = 125,829,120 params, 251,658,240 B a layer): the
 * experts of layers 0-3 move to the host, 4 x 251,658,240 =
 * 1,006,632,960 B, off the card's weights. */
START_TEST(n_cpu_moe)
{
	uint64_t before;

	setup(-1);
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	run();
	before = res.devices[0].weights_bytes;
	plan.engine.llamacpp.n_cpu_moe = 4;
	run();
	ck_assert_uint_eq(res.host.expert_bytes, 1006632960ull);
	ck_assert_uint_eq(before - res.devices[0].weights_bytes, 1006632960ull);
	/* with -ngl 38 layers 0-1 are on the host already: only 2-3 move */
	plan.engine.llamacpp.n_gpu_layers = 38;
	run();
	ck_assert_uint_eq(res.host.expert_bytes, 503316480ull);
}
END_TEST

/* Experts on the FFN blocks alone (Nemotron-H, arch.ffn_layers_only):
 * with layers 1, 3 and 6 the 'E' blocks (kind ffn) of the default model
 * made MoE as above, --n-cpu-moe 4 moves the experts of blk.1 and blk.3,
 * 2 x 251,658,240 = 503,316,480 B; layers 0 and 2 have none to move.
 * --n-cpu-moe 40 moves the three blocks', 754,974,720 B, not 40 blocks'. */
START_TEST(n_cpu_moe_ffn_blocks)
{
	struct kvp_error err;

	setup(-1);
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 2;
	plan.model.arch.moe_intermediate = 1024;
	plan.model.arch.ffn_layers_only = true;
	ck_assert_int_eq(kvp_rule_parse("1-3/2:kind=ffn", &plan.model.rules[0],
	                                &err), KVP_OK);
	ck_assert_int_eq(kvp_rule_parse("6:kind=ffn", &plan.model.rules[1],
	                                &err), KVP_OK);
	plan.model.n_rules = 2;
	plan.engine.llamacpp.n_cpu_moe = 4;
	run();
	ck_assert_uint_eq(res.host.expert_bytes, 503316480ull);
	plan.engine.llamacpp.n_cpu_moe = 40;
	run();
	ck_assert_uint_eq(res.host.expert_bytes, 754974720ull);
}
END_TEST

/* vLLM --cpu-offload-gb 4: 4 GiB = 4,294,967,296 B of the card's weights
 * to the host, and vLLM's KV budget grows by as much. */
START_TEST(vllm_cpu_offload)
{
	uint64_t w0, b0;

	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_model_len = 4096;
	run();
	w0 = res.devices[0].weights_bytes;
	b0 = res.engine.budget_bytes;
	plan.engine.vllm.cpu_offload_gb = 4;
	run();
	ck_assert_uint_eq(w0 - res.devices[0].weights_bytes, 4294967296ull);
	ck_assert_uint_eq(res.host.weights_bytes, 4294967296ull);
	ck_assert_uint_eq(res.engine.budget_bytes - b0, 4294967296ull);
}
END_TEST

/* A KV tier of 1 GiB in host memory holds 1,073,741,824 / 163,840 =
 * 6,553.6 -> 6,553 positions, and counts in the host's use. */
START_TEST(kv_tier)
{
	kvp_plan_default(&plan);
	plan.devices.kv_offload_bytes = 1073741824ull;
	run();
	ck_assert_uint_eq(res.host.tier_bytes, 1073741824ull);
	ck_assert_uint_eq(res.host.tier_tokens, 6553);
	ck_assert_uint_eq(res.host.used_bytes, 1073741824ull);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("host");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, ngl_30);
	tcase_add_test(tc, ngl_all_and_output);
	tcase_add_test(tc, ngl_output_first);
	tcase_add_test(tc, ngl_unknown_build_refused);
	tcase_add_test(tc, host_budget);
	tcase_add_test(tc, device_free_follows);
	tcase_add_test(tc, ngl_tp_refused);
	tcase_add_test(tc, generic_nothing_on_host);
	tcase_add_test(tc, n_cpu_moe);
	tcase_add_test(tc, n_cpu_moe_ffn_blocks);
	tcase_add_test(tc, vllm_cpu_offload);
	tcase_add_test(tc, kv_tier);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
