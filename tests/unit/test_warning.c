/*
 * test_warning.c - every pitfall warning triggered and not triggered
 * (src/core/verdict/warning.c), and the code table (ids, slugs, advice).
 * The DESIGN.md worked example (kvp_plan_default) raises none; each test
 * changes one thing and looks for its code and this plan's figures.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "core/internal.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/warning.h"

static struct kvp_plan plan;
static struct kvp_result res;

static void setup(void)
{
	kvp_plan_default(&plan);
}

static void run(void)
{
	enum kvp_status st = kvp_compute(&plan, &res);

	ck_assert_msg(st == KVP_OK, "%s", res.error.msg);
}

/* The message of the first warning with code c, or NULL. */
static const char *find(enum kvp_warn_code c)
{
	uint32_t i;

	for (i = 0; i < res.n_warnings; i++)
		if (res.warnings[i].code == c)
			return res.warnings[i].msg;
	return NULL;
}

START_TEST(table)
{
	int c;
	char id[32];

	for (c = KVP_W_QHEADS_AS_KV; c < KVP_W_CODE_END; c++) {
		int d;

		snprintf(id, sizeof id, "KVP-W%02d", c);
		ck_assert_str_eq(kvp_warn_id((enum kvp_warn_code)c), id);
		ck_assert(strlen(kvp_warn_advice((enum kvp_warn_code)c)) > 20);
		for (d = KVP_W_QHEADS_AS_KV; d < c; d++)
			ck_assert_str_ne(kvp_warn_slug((enum kvp_warn_code)c),
			                 kvp_warn_slug((enum kvp_warn_code)d));
	}
	ck_assert_str_eq(kvp_warn_slug(KVP_W_WEIGHTS_NOT_CACHE),
	                 "weights-not-cache");
	ck_assert_str_eq(kvp_warn_id(KVP_W_CODE_END), "KVP-W??");
}
END_TEST

START_TEST(clean_plan)
{
	setup();
	run();
	ck_assert_uint_eq(res.n_warnings, 0);
}
END_TEST

START_TEST(qheads_assumed)
{
	setup();
	plan.model.kv_heads_assumed = true;
	plan.model.base.kv_heads = 40;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_QHEADS_AS_KV));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_QHEADS_AS_KV), "40 assumed"));
}
END_TEST

START_TEST(qheads_entered_on_gqa)
{
	/* Hkv 40 entered on a model trained with 8: 2 x 40 x 40 x 128 x 2
	 * x 4,096 x 6 = 20,132,659,200 bytes = 18.75 GiB, 40/8 = 5x */
	setup();
	plan.model.base.kv_heads = 40;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_QHEADS_AS_KV));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_QHEADS_AS_KV), "18.75 GiB"));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_QHEADS_AS_KV), "5x"));
	ck_assert_ptr_null(find(KVP_W_KV_HEADS_EDITED));   /* said once */
}
END_TEST

START_TEST(prompt_only)
{
	setup();
	plan.workload.classes[0].gen = 0;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_PROMPT_ONLY));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_PROMPT_ONLY), "3072-token"));
}
END_TEST

START_TEST(weights_not_cache)
{
	setup();
	plan.model.weights.dtype = KVP_W_INT4;
	plan.model.weights.bits = 4;
	plan.model.weights.group_size = 128;
	plan.model.weights.scale_bytes = 2;
	plan.model.kv_fmt_defaulted = true;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_WEIGHTS_NOT_CACHE));
	/* 163,840 bytes per position: the f16 cache */
	ck_assert_ptr_nonnull(strstr(find(KVP_W_WEIGHTS_NOT_CACHE), "163840"));
	ck_assert_ptr_null(strstr(find(KVP_W_WEIGHTS_NOT_CACHE), "bits"));
	/* a 2-bit group format (GPTQ 2-bit, BitNet) says its width */
	plan.model.weights.bits = 2;
	run();
	ck_assert_ptr_nonnull(strstr(find(KVP_W_WEIGHTS_NOT_CACHE),
	                             "weights are int4 at 2 bits"));
	plan.model.weights.bits = 4;
	/* chosen explicitly: no warning */
	plan.model.kv_fmt_defaulted = false;
	run();
	ck_assert_ptr_null(find(KVP_W_WEIGHTS_NOT_CACHE));
}
END_TEST

START_TEST(queue_not_active)
{
	setup();
	plan.workload.classes[0].requests = 1;
	plan.workload.queued = 50;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_QUEUE_NOT_ACTIVE));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_QUEUE_NOT_ACTIVE), "50 queue"));
	plan.workload.classes[0].requests = 6;
	run();
	ck_assert_ptr_null(find(KVP_W_QUEUE_NOT_ACTIVE));
}
END_TEST

START_TEST(samples_uncounted)
{
	/* 6 requests x 4 samples = 24 resident sequences; a cache that
	 * holds only 6 (as an engine with 6 slots would) is short */
	setup();
	plan.workload.classes[0].samples = 4;
	run();
	ck_assert_ptr_null(find(KVP_W_SAMPLES_UNCOUNTED));   /* core: 24 */
	res.kv.sequences = 6;
	res.n_warnings = 0;
	kvp_warnings_compute(&plan, &res);
	ck_assert_ptr_nonnull(find(KVP_W_SAMPLES_UNCOUNTED));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_SAMPLES_UNCOUNTED),
	                             "24 resident"));
}
END_TEST

START_TEST(pooled_cards_unused)
{
	setup();
	plan.devices.groups[0].count = 4;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_POOLED_MEMORY));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_POOLED_MEMORY), "4 cards"));
	plan.devices.tp = 4;
	run();
	ck_assert_ptr_null(find(KVP_W_POOLED_MEMORY));
}
END_TEST

START_TEST(pooled_one_over)
{
	/* pp 2 on a big card and a tiny one: the tiny one is over while the
	 * two together have room */
	setup();
	plan.devices.pp = 2;
	plan.devices.n_groups = 2;
	plan.devices.groups[0].card.capacity_bytes = 80ull << 30;
	plan.devices.groups[1] = plan.devices.groups[0];
	plan.devices.groups[1].card.capacity_bytes = 1ull << 20;
	run();
	ck_assert(!res.fits);
	ck_assert_ptr_nonnull(find(KVP_W_POOLED_MEMORY));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_POOLED_MEMORY), "device 1"));
}
END_TEST

START_TEST(static_from_short)
{
	/* reservation = longest resident (4,096) while the model takes
	 * 131,072 */
	setup();
	plan.strategy.max_cache_len = 0;
	plan.model.arch.max_positions = 131072;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_STATIC_FROM_SHORT));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_STATIC_FROM_SHORT), "4096 slots"));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_STATIC_FROM_SHORT), "131072"));
	/* sized for the model's maximum: fine */
	plan.strategy.max_cache_len = 131072;
	run();
	ck_assert_ptr_null(find(KVP_W_STATIC_FROM_SHORT));
}
END_TEST

/* KVP-W07 speaks only where it can change the answer. The worked example
 * holds 6 sequences x 4,096 slots x 163,840 B = 4,026,531,840 B of cache
 * on its H100. Reserved for a model maximum of 8,192 the cache grows by
 * at most 4,026,531,840 x (8,192 - 4,096) / 4,096 = 4,026,531,840 B,
 * which the device's free memory holds: silent. For 131,072 it grows by
 * 4,026,531,840 x 31 = 124,822,487,040 B, more than the 85.5 GB card
 * has at all: it speaks and names that growth. */
START_TEST(static_from_short_only_when_it_matters)
{
	setup();
	plan.strategy.max_cache_len = 0;
	plan.model.arch.max_positions = 8192;
	run();
	ck_assert_uint_eq(res.kv.bytes, 4026531840ull);
	ck_assert(res.fits);
	ck_assert(res.devices[0].free_bytes >= 4026531840ll);
	ck_assert_ptr_null(find(KVP_W_STATIC_FROM_SHORT));
	plan.model.arch.max_positions = 131072;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_STATIC_FROM_SHORT));
	ck_assert_msg(strstr(find(KVP_W_STATIC_FROM_SHORT),
	                     "grows by up to 124822487040 B") != NULL, "%s",
	              find(KVP_W_STATIC_FROM_SHORT));
	/* a device already over: the verdict is NO whatever the length */
	plan.devices.groups[0].card.capacity_bytes = 1ull << 30;
	run();
	ck_assert(!res.fits);
	ck_assert_ptr_null(find(KVP_W_STATIC_FROM_SHORT));
}
END_TEST

/* KVP-W07 describes the generic static strategy: a named engine that
 * sizes its own cache ignores strategy.*, so the warning stays silent;
 * transformers' StaticCache is a static reservation of its own and
 * warns, naming its own field. */
START_TEST(static_from_short_engines)
{
	static const enum kvp_engine_kind named[] = {
		KVP_ENGINE_LLAMACPP, KVP_ENGINE_VLLM, KVP_ENGINE_SGLANG,
		KVP_ENGINE_TRTLLM, KVP_ENGINE_TRANSFORMERS,
	};
	size_t i;

	for (i = 0; i < sizeof named / sizeof named[0]; i++) {
		setup();
		plan.strategy.max_cache_len = 0;
		plan.model.arch.max_positions = 131072;
		plan.engine.kind = named[i];
		run();
		ck_assert_msg(find(KVP_W_STATIC_FROM_SHORT) == NULL, "%s: %s",
		              kvp_engine_name(named[i]),
		              find(KVP_W_STATIC_FROM_SHORT));
	}
	/* transformers StaticCache, max_cache_len 0 = longest 3,072 + 1,024
	 * = 4,096 < 131,072: warns with its own field */
	setup();
	plan.model.arch.max_positions = 131072;
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.engine.transformers.cache = KVP_HF_STATIC;
	plan.engine.transformers.max_cache_len = 0;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_STATIC_FROM_SHORT));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_STATIC_FROM_SHORT),
	                             "engine.transformers.max_cache_len: static "
	                             "reservation of 4096 slots"));
	/* StaticCache sized for the model's maximum: fine */
	plan.engine.transformers.max_cache_len = 131072;
	run();
	ck_assert_ptr_null(find(KVP_W_STATIC_FROM_SHORT));
}
END_TEST

/* KVP-W11 likewise: the default plan's static strategy is not in force
 * under vLLM's paged pool. */
START_TEST(uneven_reservation_engines)
{
	setup();
	plan.workload.classes[0].requests = 3;
	plan.workload.n_classes = 2;
	plan.workload.classes[1] = plan.workload.classes[0];
	plan.workload.classes[1].prompt[KVP_PP_INPUT] = 256;
	plan.workload.classes[1].gen = 256;
	plan.engine.kind = KVP_ENGINE_VLLM;
	run();
	ck_assert_ptr_null(find(KVP_W_UNEVEN_RESERVATION));
	/* transformers StaticCache reserves the longest (4,096) for every
	 * row, as the generic static strategy does: it warns, naming the
	 * cache setting */
	plan.engine.kind = KVP_ENGINE_TRANSFORMERS;
	plan.engine.transformers.cache = KVP_HF_STATIC;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_UNEVEN_RESERVATION));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_UNEVEN_RESERVATION),
	                             "engine.transformers.cache: static"));
}
END_TEST

START_TEST(window_all_layers)
{
	struct kvp_error err;

	setup();
	strcpy(plan.model.model_type, "gemma2");
	plan.model.base.kind = KVP_LAYER_SLIDING;
	plan.model.base.window = 4096;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_WINDOW_ALL_LAYERS));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_WINDOW_ALL_LAYERS), "all 40 layers"));
	/* every other layer full, as Gemma 2 has it: fine */
	ck_assert_int_eq(kvp_rule_parse("1-39/2:kind=full",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	run();
	ck_assert_ptr_null(find(KVP_W_WINDOW_ALL_LAYERS));
	/* a model that really is all-sliding (no known pattern): fine */
	plan.model.n_rules = 0;
	strcpy(plan.model.model_type, "mistral");
	run();
	ck_assert_ptr_null(find(KVP_W_WINDOW_ALL_LAYERS));
}
END_TEST

START_TEST(kv_heads_edited)
{
	setup();
	plan.model.base.kv_heads = 4;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_KV_HEADS_EDITED));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_KV_HEADS_EDITED),
	                             "4 differs from the trained model's 8"));
	ck_assert_ptr_null(find(KVP_W_QHEADS_AS_KV));
	plan.model.trained_kv_heads = 0;   /* unknown: nothing to compare */
	run();
	ck_assert_ptr_null(find(KVP_W_KV_HEADS_EDITED));
}
END_TEST

START_TEST(chars_not_tokens)
{
	setup();
	plan.workload.chars_given = true;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_CHARS_NOT_TOKENS));
}
END_TEST

START_TEST(uneven_reservation)
{
	/* 3 x 4,096 and 3 x 512 (256 + 256) under one static reservation
	 * of 4,096: waste 3 x (4,096 - 512) x 163,840 = 1,761,607,680 bytes
	 * (1.64 GiB) of 6 x 4,096 x 163,840 = 4,026,531,840 (3.75 GiB):
	 * 43 % */
	setup();
	plan.workload.classes[0].requests = 3;
	plan.workload.n_classes = 2;
	plan.workload.classes[1] = plan.workload.classes[0];
	strcpy(plan.workload.classes[1].name, "short");
	plan.workload.classes[1].prompt[KVP_PP_INPUT] = 256;
	plan.workload.classes[1].gen = 256;
	run();
	ck_assert_uint_eq(res.kv.waste_bytes, 1761607680ull);
	ck_assert_ptr_nonnull(find(KVP_W_UNEVEN_RESERVATION));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_UNEVEN_RESERVATION), "1.64 GiB"));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_UNEVEN_RESERVATION), "(43%)"));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_UNEVEN_RESERVATION),
	                             "512 to 4096"));
	/* a dynamic cache holds what is there: no warning */
	plan.strategy.kind = KVP_STRAT_DYNAMIC;
	run();
	ck_assert_ptr_null(find(KVP_W_UNEVEN_RESERVATION));
}
END_TEST

START_TEST(offload)
{
	/* 20 of 40 layers on the device: 20 x 100,663,296 = 2,013,265,920
	 * bytes (1.88 GiB) in host memory */
	setup();
	plan.strategy.resident_layers = 20;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_OFFLOAD));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_OFFLOAD), "20 layers (1.88 GiB"));
}
END_TEST

START_TEST(capacity_total)
{
	/* measured activations leave the H100 (85,520,809,984 B, the
	 * driver total) with 85,520,809,984 - 4,026,531,840 KV - weights -
	 * activations - overheads (the default plan's 744 MiB); set the
	 * activations so that 1 GiB stays free:
	 * 1 GiB < 85,520,809,984 / 32 = 2,672,525,312 -> warned */
	setup();
	run();
	plan.devices.activations_bytes = res.devices[0].capacity_bytes -
		res.devices[0].weights_bytes - res.devices[0].kv_bytes -
		res.devices[0].overhead_bytes - (1ull << 30);
	run();
	ck_assert_int_eq(res.devices[0].free_bytes, 1ll << 30);
	ck_assert_ptr_nonnull(find(KVP_W_CAPACITY_TOTAL));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_CAPACITY_TOTAL), "1.00 GiB free"));
	/* the same with an allocatable figure: no warning */
	plan.devices.groups[0].card.allocatable = true;
	run();
	ck_assert_ptr_null(find(KVP_W_CAPACITY_TOTAL));
}
END_TEST

START_TEST(shared_memory)
{
	setup();
	run();
	ck_assert_ptr_null(find(KVP_W_SHARED_MEMORY));
	plan.devices.groups[0].card.shared_with_system = true;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_SHARED_MEMORY));
}
END_TEST

/* vLLM with an encoder and an estimated peak: said; measured, or another
 * engine, or no encoder: not. */
START_TEST(encoder_peak)
{
	setup();
	plan.engine.kind = KVP_ENGINE_VLLM;
	plan.engine.vllm.max_model_len = 4096;
	run();
	ck_assert_ptr_null(find(KVP_W_ENCODER_PEAK));
	plan.model.arch.mm_item_tokens = 16384;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_ENCODER_PEAK));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_ENCODER_PEAK),
	                             "model.arch.mm_item_tokens"));
	plan.model.arch.mm_item_tokens = 0;
	plan.model.arch.tower_params = 576000000;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_ENCODER_PEAK));
	plan.devices.activations_bytes = 4ull << 30;   /* measured */
	run();
	ck_assert_ptr_null(find(KVP_W_ENCODER_PEAK));
	plan.devices.activations_bytes = 0;
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	run();
	ck_assert_ptr_null(find(KVP_W_ENCODER_PEAK));
}
END_TEST

/* KVP-W18: one llama-server slot where a bare server runs four on a
 * unified cache, for a model whose cache grows with the slots. */
START_TEST(server_slots)
{
	struct kvp_error err;

	setup();
	plan.engine.kind = KVP_ENGINE_LLAMACPP;
	plan.engine.llamacpp.ctx_size = 8192;
	run();
	ck_assert_ptr_null(find(KVP_W_SERVER_SLOTS));   /* full layers only */
	ck_assert_int_eq(kvp_rule_parse("0-39/2:kind=sliding,window=1024",
	                                &plan.model.rules[0], &err), KVP_OK);
	plan.model.n_rules = 1;
	run();
	ck_assert_ptr_nonnull(find(KVP_W_SERVER_SLOTS));
	ck_assert_ptr_nonnull(strstr(find(KVP_W_SERVER_SLOTS), "SWA cache grows"));
	plan.engine.llamacpp.parallel = 4;
	run();
	ck_assert_ptr_null(find(KVP_W_SERVER_SLOTS));
	plan.engine.llamacpp.parallel = 1;
	plan.engine.llamacpp.kv_unified = true;
	run();
	ck_assert_ptr_null(find(KVP_W_SERVER_SLOTS));
	/* b6845, before PR #16736: one slot was the server's default */
	plan.engine.llamacpp.kv_unified = false;
	memcpy(plan.engine.version, "b6845", 6);
	run();
	ck_assert_ptr_null(find(KVP_W_SERVER_SLOTS));
	plan.engine.version[0] = '\0';
	plan.engine.kind = KVP_ENGINE_VLLM;
	run();
	ck_assert_ptr_null(find(KVP_W_SERVER_SLOTS));
}
END_TEST

static Suite *warning_suite(void)
{
	Suite *s = suite_create("warning");
	TCase *tc = tcase_create("pitfalls");

	tcase_add_test(tc, table);
	tcase_add_test(tc, clean_plan);
	tcase_add_test(tc, qheads_assumed);
	tcase_add_test(tc, qheads_entered_on_gqa);
	tcase_add_test(tc, prompt_only);
	tcase_add_test(tc, weights_not_cache);
	tcase_add_test(tc, queue_not_active);
	tcase_add_test(tc, samples_uncounted);
	tcase_add_test(tc, pooled_cards_unused);
	tcase_add_test(tc, pooled_one_over);
	tcase_add_test(tc, static_from_short);
	tcase_add_test(tc, static_from_short_only_when_it_matters);
	tcase_add_test(tc, static_from_short_engines);
	tcase_add_test(tc, uneven_reservation_engines);
	tcase_add_test(tc, window_all_layers);
	tcase_add_test(tc, server_slots);
	tcase_add_test(tc, kv_heads_edited);
	tcase_add_test(tc, chars_not_tokens);
	tcase_add_test(tc, uneven_reservation);
	tcase_add_test(tc, offload);
	tcase_add_test(tc, capacity_total);
	tcase_add_test(tc, shared_memory);
	tcase_add_test(tc, encoder_peak);
	suite_add_tcase(s, tc);
	return s;
}

#include "check_main.h"
KVP_CHECK_MAIN(warning_suite)
