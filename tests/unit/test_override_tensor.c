/*
 * test_override_tensor.c - llama.cpp's -ot / --override-tensor through
 * the front end's matcher (src/io/gguf/override_tensor.c) and the core's
 * placement (src/core/device/host.c), worked by hand on DESIGN.md's default
 * model under llama.cpp -c 4096 on one H100 (tests/unit/test_host.c):
 * the embedding table and the untied head 327,680,000 B each, the 40
 * layers 22,020,925,440 B (550,523,136 B a layer). With 8 experts of
 * width 1,024 on every layer the experts are 3 x 5,120 x 1,024 x 8 =
 * 125,829,120 params = 251,658,240 B a layer.
 */
#include <check.h>
#include <string.h>

#include "io/gguf/override_tensor.h"
#include "kvplan/compute.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_error err;

static void setup(bool moe)
{
	kvp_plan_default(&plan);
	plan.devices.activations_bytes = 1073741824ull;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.engine.llamacpp.parallel = 1;
	if (moe) {
		plan.model.arch.n_experts = 8;
		plan.model.arch.n_experts_active = 2;
		plan.model.arch.moe_intermediate = 1024;
	}
}

/* -ot VALUE resolved, then computed. */
static void ot(const char *value)
{
	plan.engine.llamacpp.override_tensor[0] = '\0';
	ck_assert_msg(kvp_ot_append(&plan, value, &err) == KVP_OK, "%s", err.msg);
	ck_assert_msg(kvp_ot_resolve(&plan, &err) == KVP_OK, "%s", err.msg);
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
}

static void refused(const char *value, const char *words)
{
	plan.engine.llamacpp.override_tensor[0] = '\0';
	ck_assert(kvp_ot_append(&plan, value, &err) == KVP_OK);
	ck_assert_msg(kvp_ot_resolve(&plan, &err) != KVP_OK, "%s accepted", value);
	ck_assert_msg(strstr(err.msg, "--override-tensor") && strstr(err.msg, words),
	              "%s: %s", value, err.msg);
}

/* --n-cpu-moe 4 is the override common/arg.cpp builds for it: the same
 * pattern through -ot moves the same 4 x 251,658,240 = 1,006,632,960 B. */
START_TEST(n_cpu_moe_is_an_override)
{
	uint64_t dev;

	setup(true);
	plan.engine.llamacpp.n_cpu_moe = 4;
	ck_assert(kvp_compute(&plan, &res) == KVP_OK);
	dev = res.devices[0].weights_bytes;
	ck_assert_uint_eq(res.host.expert_bytes, 1006632960ull);
	plan.engine.llamacpp.n_cpu_moe = 0;
	ot("blk\\.0\\.ffn_(up|down|gate)_exps=CPU,blk\\.1\\.ffn_(up|down|gate)_exps=CPU,"
	   "blk\\.2\\.ffn_(up|down|gate)_exps=CPU,blk\\.3\\.ffn_(up|down|gate)_exps=CPU");
	ck_assert_uint_eq(res.host.expert_bytes, 1006632960ull);
	ck_assert_uint_eq(res.devices[0].weights_bytes, dev);
	/* blk\.1\. does not match blk.10-19: a search, anchored by the dot */
	ot("blk\\.1\\.ffn_.*_exps=CPU");
	ck_assert_uint_eq(res.host.expert_bytes, 251658240ull);
	/* every layer's experts: 40 x 251,658,240 = 10,066,329,600 */
	ot("exps=CPU");
	ck_assert_uint_eq(res.host.expert_bytes, 10066329600ull);
	/* -ot first, then --n-cpu-moe: layer 0's experts kept on the card,
	 * layer 1's moved */
	plan.engine.llamacpp.n_cpu_moe = 2;
	ot("blk\\.0\\.ffn_(up|down|gate)_exps=CUDA0");
	ck_assert_uint_eq(res.host.expert_bytes, 251658240ull);
}
END_TEST

/* Whole layers: blk.30-39 to the host. Card: 550,523,136 x 30 =
 * 16,515,694,080 + the head 327,680,000 = 16,843,374,080; host: the
 * table 327,680,000 + 5,505,231,360 = 5,832,911,360. Their KV stays on
 * the card (llama.cpp places the cache by -ngl's layer split). */
START_TEST(whole_layers)
{
	setup(false);
	ot("blk\\.3[0-9]\\.=CPU");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 16843374080ull);
	ck_assert_uint_eq(res.host.weights_bytes, 5832911360ull);
	ck_assert_uint_eq(res.host.kv_bytes, 0);
	ck_assert(kvp_layer_rec(&res, 35)->on_device);
	/* the first item that matches wins: layer 33 stays */
	ot("blk\\.33\\.=CUDA0,blk\\.3[0-9]\\.=CPU");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 16843374080ull + 550523136ull);
	/* and under -ngl 30 (since llama.cpp PR #18148 the output layer
	 * and layers 11-39 on the card) layers 0-9 come back: 39 layers,
	 * 21,470,402,304, + the head 327,680,000 = 21,798,082,304 on the
	 * card, layer 10 on the host; the KV of layers 0-10 stays there */
	plan.engine.llamacpp.n_gpu_layers = 30;
	ot("blk\\.[0-9]\\.=CUDA0");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 21798082304ull);
	ck_assert_uint_eq(res.host.kv_bytes, 11ull * 16777216ull);
	/* at b7347 (layers 10-39 on the card, the output on the host): all
	 * 40 layers on the card, the head still on the host */
	memcpy(plan.engine.version, "b7347", 6);
	ot("blk\\.[0-9]\\.=CUDA0");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22020925440ull);
	ck_assert_uint_eq(res.host.kv_bytes, 10ull * 16777216ull);
}
END_TEST

/* token_embd and output follow their overrides. "output\.weight" alone
 * would also find blk.N.attn_output.weight (a search, as std::regex_search
 * does), moving part of every layer: refused; anchored it is the head. */
START_TEST(embd_and_output)
{
	setup(false);
	refused("output\\.weight=CPU", "moves blk.0.attn_output.weight but not");
	ot("^output\\.weight=CPU");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22020925440ull);
	ck_assert_uint_eq(res.host.weights_bytes, 655360000ull);
	/* the output buffer follows the output layer's device */
	{
		uint32_t l;
		bool seen = false;

		for (l = 0; l < res.engine.n_lines; l++)
			seen |= strstr(res.engine.lines[l], "        CPU  output buffer size") != NULL;
		ck_assert(seen);
	}
	ot("token_embd\\.weight=CUDA0");
	ck_assert_uint_eq(res.devices[0].weights_bytes, 22676285440ull);
	ck_assert_uint_eq(res.host.weights_bytes, 0);
}
END_TEST

/* ECMAScript forms ERE would have read otherwise, matched as std::regex
 * does: \d+ and (?:) find every layer's experts, 40 x 251,658,240 =
 * 10,066,329,600 B; a lazy quantifier finds the same names. */
START_TEST(ecmascript_forms)
{
	setup(true);
	ot("blk\\.\\d+\\.ffn_(?:up|down|gate)_exps=CPU");
	ck_assert_uint_eq(res.host.expert_bytes, 10066329600ull);
	ot("\\bblk\\.\\d\\.ffn_\\w+?_exps=CPU");          /* layers 0-9 */
	ck_assert_uint_eq(res.host.expert_bytes, 2516582400ull);
}
END_TEST

/* Refused, one line naming the flag: llama.cpp's own refusals, what
 * kvplan's matcher does not match or bound, and partial layers kvplan
 * does not size. */
START_TEST(refusals)
{
	setup(true);
	refused("blk.3.attn_q", "expected PATTERN=BUFFER");
	refused("exps=GPU", "unknown buffer type 'GPU'");
	refused("exps=CUDA_Host", "unknown buffer type");
	refused("blk\\.[3=CPU", "not a regular expression");
	/* (?= cannot be written: the first '=' ends the pattern, as in
	 * common/arg.cpp; (?! can */
	refused("blk\\.(?=3)=CPU", "unknown buffer type '3)=CPU'");
	refused("blk\\.(?!3)=CPU", "look-ahead (?= or (?! (character 6), which kvplan does not match");
	/* issue 33: glibc's regcomp took 3.4 GB, and 5.7 GB doubling per '+' */
	refused("((a{255}){255}){255}=CPU", "too large for kvplan's matcher");
	refused("(g++++++++++++++++++++++++ate)_exp=CUDA0",
	        "not a regular expression (ECMAScript, llama.cpp's std::regex): a "
	        "quantifier after a quantifier at character 4");
	/* the items together: 2 x 601 states past 1,024 */
	refused("(.?){300}=CPU,(.?){300}=CPU", "more than 1024 states together");
	refused("blk\\.3\\.attn_q=CPU", "moves blk.3.attn_q.weight but not");
	refused("ffn_(up|down)_exps=CPU", "ffn_gate_exps");
	/* under TP: one card only */
	plan.devices.tp = 2;
	plan.devices.groups[0].count = 2;
	plan.engine.llamacpp.override_tensor[0] = '\0';
	ck_assert(kvp_ot_append(&plan, "exps=CPU", &err) == KVP_OK);
	ck_assert(kvp_ot_resolve(&plan, &err) == KVP_OK);
	ck_assert(kvp_compute(&plan, &res) != KVP_OK);
	ck_assert_msg(strstr(res.error.msg, "engine.llamacpp.override_tensor") != NULL,
	              "%s", res.error.msg);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("override_tensor");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, n_cpu_moe_is_an_override);
	tcase_add_test(tc, whole_layers);
	tcase_add_test(tc, embd_and_output);
	tcase_add_test(tc, ecmascript_forms);
	tcase_add_test(tc, refusals);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(make_suite)
