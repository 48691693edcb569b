/*
 * test_invariants.c - a property test over random plans (issue 10): for
 * every engine, TP/PP/DP, strategies, cache formats and cards, whatever
 * kvp_compute accepts must satisfy the invariants of result.h:
 *
 *   sum      the devices' KV adds up to kv.device_bytes, and
 *            kv.bytes = kv.device_bytes + kv.host_bytes (result.h: the
 *            whole cache over every device, DP replicas included);
 *   world    one device row per tp x pp x dp device, with a card;
 *   nocard   an engine that sizes from the workload (generic,
 *            transformers) gives the same kv.bytes with or without cards;
 *   ranks    no TP rank holds more KV than its stage's layers hold in
 *            the whole cache (nothing charged N times);
 *   host     the host's use is the sum of its parts; llama-server's
 *            checkpoints are slots x count x one checkpoint;
 *   speed    the decode bound's weight read does not depend on where
 *            vLLM keeps the weights: with --cpu-offload-gb it is the
 *            same bytes (copied in or read over the host link each
 *            step), the offloaded ones among them;
 *   verdict  (issue 31) the verdict is "fits" only when every device
 *            fits, the engine holds every request of the workload at once
 *            (a pool engine's own res.engine.workload_fit, counted here
 *            from the plan) and no request is longer than the model's
 *            positions or the engine's max_model_len; "requests wait"
 *            only with every device fitting and fewer held; the same
 *            plan with a request past the model's positions never fits;
 *            the speed bound decodes at most the sequences held; no
 *            warning, engine note, verdict or error fills its buffer
 *            (none is cut);
 *   mix      "requests of your mix fit" is one number: the engine's
 *            res.engine.mix_fit, when a pool engine computes one on a
 *            plan whose devices fit, equals kvp_solve_mix (devices
 *            included) - the number compare shows.
 *
 * Fixed seed, bounded count (PLANS), so a failure reproduces: the message
 * prints the plan's index and its settings.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "kvplan/compare.h"
#include "kvplan/compute.h"
#include "kvplan/units.h"
#include "kvplan/preset.h"
#include "kvplan/solve.h"

#define PLANS 1500
#define MIX_EVERY 3          /* kvp_solve_mix is a search: a subset */
#define MAX_NAMES 64

static char names[MAX_NAMES][64];
static int n_names;
static struct kvp_model models[MAX_NAMES];
static struct kvp_card cards[3];
static struct kvp_plan plan, bare;
static struct kvp_result res, res2, scratch;
static uint64_t ragged[16];
static int ckpts;            /* plans with llama-server checkpoints */
static int encoders;         /* plans with an encoder compute buffer */

static uint64_t rng = 0x9e3779b97f4a7c15ull;   /* fixed seed */

static uint64_t rnd(uint64_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? rng % n : 0;
}

static void add_name(const char *name, const char *path, const char *desc,
                     int user, void *ctx)
{
	(void)path; (void)desc; (void)user; (void)ctx;
	if (n_names < MAX_NAMES)
		snprintf(names[n_names++], sizeof names[0], "%s", name);
}

static void setup(void)
{
	static const char *const card_names[3] = { "h100-80gb-sxm", "l4", "mi300x" };
	struct kvp_error err;
	int i;

	setenv("XDG_CONFIG_HOME", "/nonexistent/kvplan-test-invariants", 1);
	setenv("KVPLAN_PRESETS", KVP_SRCDIR "/presets", 1);
	n_names = 0;
	ck_assert_int_eq(kvp_presets_list(KVP_PRESET_MODEL, add_name, NULL, &err), KVP_OK);
	ck_assert_int_ge(n_names, 20);
	for (i = 0; i < n_names; i++)
		ck_assert_msg(kvp_model_load_spec(names[i], &models[i], NULL, &err) == KVP_OK,
		              "%s: %s", names[i], err.msg);
	for (i = 0; i < 3; i++)
		ck_assert_msg(kvp_card_load_spec(card_names[i], &cards[i], &err) == KVP_OK,
		              "%s: %s", card_names[i], err.msg);
}

static const enum kvp_dtype fmts[] = { KVP_DT_F16, KVP_DT_BF16, KVP_DT_FP8,
                                       KVP_DT_Q8_0, KVP_DT_Q4_0 };

static void random_plan(int *model)
{
	static const uint32_t tps[] = { 1, 1, 2, 4, 8 };
	struct kvp_workload *w = &plan.workload;
	uint32_t c, n;
	enum kvp_dtype f = fmts[rnd(5)];

	kvp_plan_default(&plan);
	*model = (int)rnd((uint64_t)n_names);
	plan.model = models[*model];
	plan.engine.kind = (enum kvp_engine_kind)rnd(KVP_ENGINE_COUNT);
	plan.strategy.kind = (enum kvp_strategy_kind)rnd(KVP_STRAT_COUNT);
	plan.strategy.max_cache_len = 0;
	plan.strategy.block_size = 1u << rnd(6);
	n = 1 + (uint32_t)rnd(3);
	w->n_classes = n;
	for (c = 0; c < n; c++) {
		memset(&w->classes[c], 0, sizeof w->classes[c]);
		snprintf(w->classes[c].name, sizeof w->classes[c].name, "c%u", c);
		w->classes[c].requests = rnd(4) ? 1 + rnd(40) : 0;
		w->classes[c].prompt[KVP_PP_SYSTEM] = rnd(2) ? rnd(600) : 0;
		w->classes[c].prompt[KVP_PP_INPUT] = 1 + rnd(6000);
		w->classes[c].gen = 1 + rnd(1500);
		w->classes[c].samples = 1 + (uint32_t)rnd(3);
	}
	w->classes[0].requests += 1;
	w->share_prompt_in_request = rnd(2);
	w->share_system_prefix = rnd(2);
	w->queued = rnd(3) ? 0 : rnd(9);
	if (rnd(5) == 0) {
		w->n_ragged = 1 + rnd(16);
		for (c = 0; c < w->n_ragged; c++)
			ragged[c] = 1 + rnd(9000);
		w->ragged = ragged;
	}
	/* cache formats, as each engine takes them */
	plan.model.base.k_fmt.dtype = plan.model.base.v_fmt.dtype =
		f == KVP_DT_Q4_0 ? KVP_DT_F16 : f;
	plan.engine.llamacpp.cache_type_k = f == KVP_DT_FP8 ? KVP_DT_Q8_0 : f;
	plan.engine.llamacpp.cache_type_v = plan.engine.llamacpp.cache_type_k;
	plan.engine.llamacpp.parallel = 1 + (uint32_t)rnd(8);
	plan.engine.llamacpp.ctx_size = rnd(2) ? 0 : 1024 * (1 + rnd(64));
	plan.engine.llamacpp.ctx_checkpoints = (int32_t)rnd(66) - 1;
	if (rnd(2) == 0) {
		/* a --mmproj encoder: Qwen3.6's tower or gemma3's, either
		 * flash attention (clip_buf.c); a third without its shape */
		struct kvp_llamacpp_opts *o = &plan.engine.llamacpp;
		bool qwen = rnd(2);

		o->mmproj_bytes = 1 + rnd(1u << 30);
		if (rnd(3)) {
			snprintf(o->mmproj_projector, sizeof o->mmproj_projector,
			         "%s", qwen ? "qwen3vl_merger" : "gemma3");
			o->mmproj_warmup = qwen ? 1472 : 896;
			o->mmproj_patch = qwen ? 16 : 14;
			o->mmproj_embd = 1152;
			o->mmproj_heads = 16;
			o->mmproj_ff = 4304;
		}
		o->flash_attn = (enum kvp_tristate)rnd(3);
		o->mmproj_offload = rnd(3) != 0;
	}
	plan.engine.vllm.kv_cache_dtype_auto = rnd(2);
	plan.engine.vllm.kv_cache_dtype = rnd(2) ? KVP_DT_FP8 : KVP_DT_BF16;
	plan.engine.transformers.cache = (enum kvp_hf_cache)rnd(KVP_HF_CACHE_COUNT);
	/* parallelism and cards */
	plan.devices.tp = tps[rnd(5)];
	plan.devices.pp = 1 + (uint32_t)rnd(3);
	plan.devices.dp = 1 + (uint32_t)rnd(3);
	plan.devices.n_groups = rnd(6) ? 1 : 0;
	plan.devices.groups[0].card = cards[rnd(3)];
	plan.devices.groups[0].count = rnd(2) ? 1 :
		plan.devices.tp * plan.devices.pp * plan.devices.dp;
	plan.devices.n_overheads = 0;
	kvp_overheads_default(&plan.devices);
	/* vLLM's own --tensor-parallel-size instead of devices.tp */
	if (plan.engine.kind == KVP_ENGINE_VLLM && rnd(3) == 0) {
		plan.engine.vllm.tensor_parallel_size = plan.devices.tp;
		plan.devices.tp = 1;
	}
}

static void describe(char *buf, size_t n, int i, int model)
{
	snprintf(buf, n, "plan %d: %.60s engine %s strategy %d tp %u pp %u dp %u "
	         "cards %u classes %u ragged %zu", i, names[model],
	         kvp_engine_name(plan.engine.kind), (int)plan.strategy.kind,
	         plan.devices.tp, plan.devices.pp, plan.devices.dp,
	         plan.devices.n_groups, plan.workload.n_classes,
	         plan.workload.n_ragged);
}

/* host: the host's use is the sum of its parts, llama-server's
 * checkpoints (slots x count x one) among them. */
static void check_host(const char *what)
{
	const struct kvp_host_result *h = &res.host;
	uint64_t enc = res.parts.encoder_compute_host_bytes +
	               (res.parts.encoder_on_host ? res.parts.encoder_bytes : 0);
	uint64_t parts = h->weights_bytes + h->kv_bytes + h->logits_bytes +
	                 h->compute_bytes + h->tier_bytes + h->ckpt_bytes + enc;
	uint32_t i;

	ck_assert_msg(h->encoder_bytes == enc, "%s: host encoder %llu != parts' %llu",
	              what, (unsigned long long)h->encoder_bytes,
	              (unsigned long long)enc);

	ck_assert_msg(h->used_bytes == parts, "%s: host used %llu != parts %llu",
	              what, (unsigned long long)h->used_bytes,
	              (unsigned long long)parts);
	ck_assert_msg(h->ckpt_bytes == (uint64_t)h->ckpt_slots * h->ckpt_count *
	              h->ckpt_each, "%s: checkpoints %llu != %u x %u x %llu", what,
	              (unsigned long long)h->ckpt_bytes, h->ckpt_slots,
	              h->ckpt_count, (unsigned long long)h->ckpt_each);
	ck_assert_msg(!h->ckpt_bytes || h->ckpt_slots ==
	              (plan.engine.llamacpp.parallel ? plan.engine.llamacpp.parallel : 1),
	              "%s: checkpoints for %u slots, -np %u", what, h->ckpt_slots,
	              plan.engine.llamacpp.parallel);
	ck_assert_msg(!h->ckpt_bytes || plan.engine.kind == KVP_ENGINE_LLAMACPP,
	              "%s: checkpoints under %s", what,
	              kvp_engine_name(plan.engine.kind));
	if (h->ckpt_bytes)
		ckpts++;
	/* each device: free = capacity - the sum of its bar's segments,
	 * the encoder's compute buffer among them */
	for (i = 0; i < res.n_devices; i++) {
		const struct kvp_device_result *d = &res.devices[i];
		__int128 used = (__int128)d->weights_bytes + d->kv_bytes +
		                d->activations_bytes + d->retained_bytes +
		                d->overhead_bytes + d->headroom_bytes +
		                d->encoder_bytes + d->lora_bytes +
		                d->draft_bytes + d->compute_bytes +
		                d->rotary_bytes;

		ck_assert_msg((__int128)d->capacity_bytes - used ==
		              (__int128)d->free_bytes, "%s: device %u free %lld "
		              "!= capacity - segments %lld", what, i,
		              (long long)d->free_bytes,
		              (long long)((__int128)d->capacity_bytes - used));
	}
	if (res.parts.encoder_compute_bytes)
		encoders++;
}

/* Every stage's whole-cache KV: the top bound of a rank's charge. */
static void check_plan(const char *what)
{
	const struct kvp_devices *d = &plan.devices;
	uint64_t sum = 0, world = (uint64_t)d->tp * d->pp * d->dp;
	uint32_t i;

	if (plan.engine.kind == KVP_ENGINE_VLLM &&
	    plan.engine.vllm.tensor_parallel_size > 1 && d->tp == 1)
		world *= plan.engine.vllm.tensor_parallel_size;

	ck_assert_msg(res.kv.bytes == res.kv.device_bytes + res.kv.host_bytes,
	              "%s: kv.bytes %llu != device %llu + host %llu", what,
	              (unsigned long long)res.kv.bytes,
	              (unsigned long long)res.kv.device_bytes,
	              (unsigned long long)res.kv.host_bytes);
	if (d->n_groups == 0) {
		ck_assert_msg(res.n_devices == 0, "%s: devices without a card", what);
		return;
	}
	ck_assert_msg(res.n_devices == world, "%s: %u device rows for %llu devices",
	              what, res.n_devices, (unsigned long long)world);
	for (i = 0; i < res.n_devices; i++) {
		ck_assert_msg(res.devices[i].kv_bytes <= res.kv.device_bytes,
		              "%s: device %u holds %llu, more than the whole cache %llu",
		              what, i, (unsigned long long)res.devices[i].kv_bytes,
		              (unsigned long long)res.kv.device_bytes);
		sum += res.devices[i].kv_bytes;
	}
	ck_assert_msg(sum == res.kv.device_bytes,
	              "%s: devices' KV %llu != kv.device_bytes %llu (kv.bytes %llu)",
	              what, (unsigned long long)sum,
	              (unsigned long long)res.kv.device_bytes,
	              (unsigned long long)res.kv.bytes);
}

static void check_nocard(const char *what)
{
	if (plan.engine.kind != KVP_ENGINE_GENERIC &&
	    plan.engine.kind != KVP_ENGINE_TRANSFORMERS)
		return;
	bare = plan;
	bare.devices.n_groups = 0;
	ck_assert_msg(kvp_compute(&bare, &res2) == KVP_OK, "%s: no card: %s",
	              what, res2.error.msg);
	ck_assert_msg(res2.kv.bytes == res.kv.bytes,
	              "%s: kv.bytes %llu with cards, %llu without", what,
	              (unsigned long long)res.kv.bytes,
	              (unsigned long long)res2.kv.bytes);
}

static int check_offload_speed(const char *what)
{
	if (plan.engine.kind != KVP_ENGINE_VLLM || res.n_devices == 0 ||
	    !res.speed.known || plan.engine.vllm.cpu_offload_gb)
		return 0;
	bare = plan;
	bare.engine.vllm.cpu_offload_gb = 1 + (uint32_t)rnd(8);
	if (kvp_compute(&bare, &res2) != KVP_OK || !res2.speed.known)
		return 0;
	ck_assert_msg(res2.speed.weight_read_bytes == res.speed.weight_read_bytes,
	              "%s: weights read a step %llu, %llu with --cpu-offload-gb %u",
	              what, (unsigned long long)res.speed.weight_read_bytes,
	              (unsigned long long)res2.speed.weight_read_bytes,
	              bare.engine.vllm.cpu_offload_gb);
	ck_assert_msg(res2.speed.offload_read_bytes > 0,
	              "%s: --cpu-offload-gb %u but no weights in host memory", what,
	              bare.engine.vllm.cpu_offload_gb);
	return 1;
}

/* The workload's requests and its longest request, from the plan. */
static void extent(const struct kvp_plan *p, uint64_t *requests,
                   uint64_t *longest, uint64_t *samples)
{
	uint32_t c;
	size_t i;
	int k;

	*requests = *longest = 0;
	*samples = 1;
	for (c = 0; c < p->workload.n_classes; c++) {
		const struct kvp_seq_class *cl = &p->workload.classes[c];
		uint64_t len = cl->gen;

		if (!cl->requests)
			continue;
		for (k = 0; k < KVP_PP_COUNT; k++)
			len += cl->prompt[k];
		*requests += cl->requests;
		if (len > *longest)
			*longest = len;
		if (cl->samples > *samples)
			*samples = cl->samples;
	}
	for (i = 0; p->workload.ragged && i < p->workload.n_ragged; i++) {
		*requests += 1;
		if (p->workload.ragged[i] > *longest)
			*longest = p->workload.ragged[i];
	}
}

static bool pool_engine(enum kvp_engine_kind k)
{
	return k == KVP_ENGINE_LLAMACPP || k == KVP_ENGINE_VLLM ||
	       k == KVP_ENGINE_SGLANG || k == KVP_ENGINE_TRTLLM;
}

/* The verdict line of r (built on demand, kvplan/verdict.h). */
static const char *vline(const struct kvp_result *r)
{
	static char buf[KVP_VERDICT_TEXT_MAX];

	return kvp_verdict_line(r, buf, sizeof buf);
}

/* fits => every device fits, all requests held, none too long. */
static void check_verdict_fits(const char *what, uint64_t requests,
                               uint64_t longest)
{
	uint32_t i;

	for (i = 0; i < res.n_devices; i++)
		ck_assert_msg(res.devices[i].fits, "%s: fits, but device %u is "
		              "over: %s", what, i, vline(&res));
	if (pool_engine(plan.engine.kind)) {
		ck_assert_msg(res.engine.workload_fit >= requests, "%s: fits, but "
		              "the engine holds %llu of %llu: %s", what,
		              (unsigned long long)res.engine.workload_fit,
		              (unsigned long long)requests, vline(&res));
		ck_assert_msg(longest <= res.engine.max_model_len, "%s: fits, but "
		              "a request of %llu > max_model_len %llu", what,
		              (unsigned long long)longest,
		              (unsigned long long)res.engine.max_model_len);
	}
	ck_assert_msg(!plan.model.arch.max_positions ||
	              longest <= plan.model.arch.max_positions, "%s: fits, but a "
	              "request of %llu > the model's %llu positions", what,
	              (unsigned long long)longest,
	              (unsigned long long)plan.model.arch.max_positions);
	ck_assert_uint_eq(res.verdict.admitted, requests);
}

/* The three states against the figures they come from (the header). */
static int check_verdict(const char *what)
{
	uint64_t requests, longest, samples;
	uint32_t i;
	bool all_fit = true;

	extent(&plan, &requests, &longest, &samples);
	for (i = 0; i < res.n_devices; i++)
		all_fit = all_fit && res.devices[i].fits;
	ck_assert_uint_eq(res.verdict.requests, requests);
	ck_assert_msg(vline(&res)[0] && res.verdict.brief[0], "%s: no "
	              "verdict line", what);
	if (res.verdict.state == KVP_VERDICT_FITS)
		check_verdict_fits(what, requests, longest);
	if (res.verdict.state == KVP_VERDICT_WAIT) {
		ck_assert_msg(all_fit, "%s: requests wait, but a device is over",
		              what);
		ck_assert_msg(pool_engine(plan.engine.kind) &&
		              res.engine.workload_fit < requests &&
		              res.verdict.admitted == res.engine.workload_fit,
		              "%s: requests wait: %s", what, vline(&res));
		ck_assert_msg(!res.speed.known || res.speed.sequences <=
		              res.engine.workload_fit * samples, "%s: the speed "
		              "bound decodes %llu sequences, the engine holds %llu "
		              "requests", what,
		              (unsigned long long)res.speed.sequences,
		              (unsigned long long)res.engine.workload_fit);
	}
	if (!all_fit)
		ck_assert_msg(res.verdict.state == KVP_VERDICT_NO_FIT &&
		              res.verdict.reason == KVP_VWHY_DEVICE, "%s: a device "
		              "is over: %s", what, vline(&res));
	if (!plan.model.arch.max_positions || plan.workload.classes[0].requests == 0)
		return 0;
	/* a request past the model's positions: never fits */
	bare = plan;
	bare.workload.classes[0].prompt[KVP_PP_INPUT] +=
		plan.model.arch.max_positions;
	if (kvp_compute(&bare, &res2) != KVP_OK)
		return 0;
	ck_assert_msg(res2.verdict.state == KVP_VERDICT_NO_FIT, "%s: a request "
	              "past the model's %llu positions: %s", what,
	              (unsigned long long)plan.model.arch.max_positions,
	              vline(&res2));
	return 1;
}

/* No message is cut (issue 31): each is shorter than its buffer, so
 * vsnprintf never stopped it. */
static void check_whole(const char *what)
{
	uint32_t i;

	for (i = 0; i < res.n_warnings; i++)
		ck_assert_msg(strlen(res.warnings[i].msg) < KVP_MSG_MAX - 1,
		              "%s: warning %u fills its buffer", what, i);
	ck_assert_msg(strlen(res.engine.note) < KVP_MSG_MAX - 1,
	              "%s: the engine note fills its buffer", what);
	ck_assert_msg(strlen(vline(&res)) < KVP_VERDICT_TEXT_MAX - 1,
	              "%s: the verdict fills its buffer", what);
}

/* compare's row says what calc's engine note says, for every engine
 * with a pool; the note carries the same number. */
static int check_mix(const char *what)
{
	static struct kvp_compare cmp;
	struct kvp_error err;
	const struct kvp_compare_row *row;
	char num[32];

	if (!res.engine.mix_computed)
		return 0;
	ck_assert_msg(kvp_compare(&plan, &scratch, &cmp, &err) == KVP_OK,
	              "%s: compare: %s", what, err.msg);
	row = &cmp.rows[plan.engine.kind];
	ck_assert_msg(row->status == KVP_OK, "%s: compare refuses: %s", what,
	              row->error);
	ck_assert_msg(row->mix_bound && row->mix_fit == res.engine.mix_fit,
	              "%s: calc says %llu of the mix fit, compare %llu", what,
	              (unsigned long long)res.engine.mix_fit,
	              (unsigned long long)row->mix_fit);
	kvp_fmt_int(res.engine.mix_fit, num, sizeof num);
	/* the sentence is left out only when the note has no room */
	ck_assert_msg(!strstr(res.engine.note, " of your mix fit") ||
	              strstr(res.engine.note, num),
	              "%s: the note does not say %s: %s", what, num,
	              res.engine.note);
	if (!res.fits)
		ck_assert_uint_eq(res.engine.mix_fit, 0);
	return 1;
}

/* What a run of random plans reached. */
struct tally {
	int computed, with_dev, mixes, offloads, too_long;
	int per_engine[KVP_ENGINE_COUNT];
	int states[KVP_VERDICT_COUNT];
};

/* Plan i (random_plan's, the model's index in *model): refused with a
 * whole message, or every invariant checked and counted. */
static void run_one(int i, int model, struct tally *t)
{
	char what[256];

	describe(what, sizeof what, i, model);
	if (kvp_compute(&plan, &res) != KVP_OK) {
		ck_assert_msg(res.error.msg[0], "%s: an error without a message", what);
		ck_assert_msg(strlen(res.error.msg) < KVP_ERRMSG_MAX - 1,
		              "%s: the error fills its buffer", what);
		return;
	}
	check_whole(what);
	t->computed++;
	t->per_engine[plan.engine.kind]++;
	t->with_dev += res.n_devices > 0;
	check_plan(what);
	check_host(what);
	check_nocard(what);
	t->offloads += check_offload_speed(what);
	t->too_long += check_verdict(what);
	t->states[res.verdict.state]++;
	if (i % MIX_EVERY == 0)
		t->mixes += check_mix(what);
}

START_TEST(random_plans)
{
	struct tally t;
	int i, model;

	memset(&t, 0, sizeof t);
	setup();
	for (i = 0; i < PLANS; i++) {
		random_plan(&model);
		run_one(i, model, &t);
	}
	printf("test_invariants: %d plans, %d computed (%d with devices), "
	       "%d mix checks, %d with checkpoints, %d with an encoder "
	       "compute buffer, %d offload speed checks\n", PLANS, t.computed,
	       t.with_dev, t.mixes, ckpts, encoders, t.offloads);
	printf("test_invariants: verdicts %d fit, %d with requests waiting, "
	       "%d do not fit; %d too-long variants refused\n",
	       t.states[KVP_VERDICT_FITS], t.states[KVP_VERDICT_WAIT],
	       t.states[KVP_VERDICT_NO_FIT], t.too_long);
	/* every state reached, so each branch above was checked */
	for (i = 0; i < KVP_VERDICT_COUNT; i++)
		ck_assert_int_ge(t.states[i], 20);
	ck_assert_int_ge(t.too_long, 100);
	ck_assert_int_ge(t.offloads, 20);
	ck_assert_int_ge(ckpts, 10);
	ck_assert_int_ge(encoders, 5);
	/* the test must not pass by refusing everything */
	ck_assert_int_ge(t.computed, PLANS / 3);
	for (i = 0; i < KVP_ENGINE_COUNT; i++)
		ck_assert_msg(t.per_engine[i] >= 10, "engine %s: only %d plans computed",
		              kvp_engine_name((enum kvp_engine_kind)i), t.per_engine[i]);
}
END_TEST

/*
 * The same invariants over looped models (model.loops, issue 35): each
 * random plan's model run twice through its layers, a cache per layer
 * and pass (n_layers doubled, the weights the first half's). Only vLLM
 * and the generic core size them (the others refuse naming
 * model.loops; pipeline parallelism is refused, so one stage): enough
 * of both must compute.
 */
START_TEST(random_looped_plans)
{
	struct tally t;
	int i, model;

	memset(&t, 0, sizeof t);
	setup();
	for (i = 0; i < PLANS / 3; i++) {
		random_plan(&model);
		if (plan.model.n_layers * 2 > KVP_MAX_LAYERS)
			continue;
		plan.model.n_layers *= 2;
		plan.model.loops = 2;
		plan.model.arch.mtp_layers = 0;
		plan.devices.pp = 1;
		run_one(i, model, &t);
	}
	printf("test_invariants: %d looped plans, %d computed (%d vllm, %d "
	       "generic)\n", PLANS / 3, t.computed,
	       t.per_engine[KVP_ENGINE_VLLM], t.per_engine[KVP_ENGINE_GENERIC]);
	ck_assert_int_ge(t.per_engine[KVP_ENGINE_VLLM], 10);
	ck_assert_int_ge(t.per_engine[KVP_ENGINE_GENERIC], 10);
	for (i = 0; i < KVP_ENGINE_COUNT; i++)
		if (i != KVP_ENGINE_VLLM && i != KVP_ENGINE_GENERIC)
			ck_assert_int_eq(t.per_engine[i], 0);
}
END_TEST

/* The example: transformers under --tp 2 charged the whole
 * 3.00 GiB cache to each rank. Llama-3.1-8B (32 layers, 8 KV heads of
 * 128, bf16), 6 x 4,096 tokens by default... here one request of 4,096
 * positions: the cache is 2 x 32 x 8 x 128 x 2 B x 4,096 = 536,870,912 B,
 * each rank holds 4 heads: 268,435,456 B. */
START_TEST(transformers_tp_halves)
{
	struct kvp_error err;
	uint32_t i;

	setup();
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_model_load_spec("llama-3.1-8b", &plan.model, NULL, &err), KVP_OK);
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.workload.n_classes = 1;
	plan.workload.classes[0].requests = 1;
	plan.workload.classes[0].samples = 1;
	memset(plan.workload.classes[0].prompt, 0, sizeof plan.workload.classes[0].prompt);
	plan.workload.classes[0].prompt[KVP_PP_INPUT] = 3072;
	plan.workload.classes[0].gen = 1024;
	plan.devices.groups[0].card = cards[0];
	plan.devices.groups[0].count = 2;
	plan.devices.tp = 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 536870912ull);
	ck_assert_uint_eq(res.n_devices, 2);
	for (i = 0; i < 2; i++)
		ck_assert_uint_eq(res.devices[i].kv_bytes, 268435456ull);
	/* 4 ranks do not divide 2 heads: refused in transformers' terms */
	plan.devices.tp = 4;
	plan.devices.groups[0].count = 4;
	plan.model.base.kv_heads = 2;
	plan.model.trained_kv_heads = 2;
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_ptr_nonnull(strstr(res.error.msg, "devices.tp"));
}
END_TEST

/* llama.cpp has no TP: --split-mode row keeps the cache on the main GPU.
 * The same model and one 4,096-token request, -c 4096 -np 1: cells
 * 4,096, 2 x 32 x 8 x 128 x 2 B x 4,096 = 536,870,912 B on rank 0 and
 * nothing on rank 1. */
START_TEST(llamacpp_tp_main_gpu)
{
	struct kvp_error err;

	setup();
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_model_load_spec("llama-3.1-8b", &plan.model, NULL, &err), KVP_OK);
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 4096;
	plan.devices.groups[0].card = cards[0];
	plan.devices.groups[0].count = 2;
	plan.devices.tp = 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.kv.bytes, 536870912ull);
	ck_assert_uint_eq(res.devices[0].kv_bytes, 536870912ull);
	ck_assert_uint_eq(res.devices[1].kv_bytes, 0);
}
END_TEST

/* vLLM under --dp 2: each replica is a server with its own pool, and
 * kv.bytes is both pools (the device table's sum), not one. */
START_TEST(vllm_dp_two_pools)
{
	struct kvp_error err;
	uint64_t one;

	setup();
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_model_load_spec("llama-3.1-8b", &plan.model, NULL, &err), KVP_OK);
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.devices.groups[0].card = cards[0];
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	one = res.kv.bytes;
	plan.devices.groups[0].count = 2;
	plan.devices.dp = 2;
	ck_assert_msg(kvp_compute(&plan, &res) == KVP_OK, "%s", res.error.msg);
	ck_assert_uint_eq(res.n_devices, 2);
	/* each replica sizes its pool with its own 3 requests' activation
	 * estimate: about one replica's pool each, not the same bytes */
	ck_assert_uint_ge(res.devices[0].kv_bytes, one);
	ck_assert_uint_lt(res.devices[0].kv_bytes, one + one / 1000);
	ck_assert_uint_eq(res.devices[1].kv_bytes, res.devices[0].kv_bytes);
	ck_assert_uint_eq(res.kv.bytes, 2 * res.devices[0].kv_bytes);
	ck_assert_uint_eq(res.engine.workload_fit, 6);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("invariants");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, transformers_tp_halves);
	tcase_add_test(tc, llamacpp_tp_main_gpu);
	tcase_add_test(tc, vllm_dp_two_pools);
	tcase_add_test(tc, random_plans);
	tcase_add_test(tc, random_looped_plans);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
