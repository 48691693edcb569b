/*
 * test_field.c - the field table (src/core/model/field.c): every entry well
 * formed and unique, every field's text round trip, and the parsers'
 * exact values, ranges and refusals (nothing written on error).
 */
#include <check.h>
#include <stddef.h>
#include <string.h>

#include "kvplan/field.h"
#include "kvplan/plan.h"

#include "check_main.h"

static const struct kvp_field *key(const char *k)
{
	const struct kvp_field *f = kvp_field_by_key(k);

	ck_assert_msg(f != NULL, "no field %s", k);
	return f;
}

START_TEST(table_well_formed)
{
	size_t i, j, n = kvp_field_count();

	ck_assert_uint_gt(n, 80);
	for (i = 0; i < n; i++) {
		const struct kvp_field *f = kvp_field_at(i);

		ck_assert_ptr_nonnull(f->key);
		ck_assert_ptr_nonnull(f->label);
		ck_assert_msg(strlen(f->label) <= 20, "%s: label '%s' over 20 columns", f->key, f->label);
		ck_assert_msg(f->help && *f->help, "%s: no help", f->key);
		ck_assert_msg(f->section < KVP_SEC_COUNT, "%s: section", f->key);
		ck_assert_msg(f->offset + f->size <= sizeof(struct kvp_plan), "%s: offset", f->key);
		ck_assert_msg(f->min <= f->max || f->max == 0, "%s: range", f->key);
		ck_assert_msg((strstr(f->key, "[i]") != NULL) == f->indexed, "%s: indexed", f->key);
		if (f->type == KVP_FT_ENUM || f->type == KVP_FT_TRISTATE)
			ck_assert_msg(f->choices && f->choices[0], "%s: choices", f->key);
		ck_assert_ptr_eq(kvp_field_by_key(f->key), f);
		if (f->flag)
			ck_assert_ptr_eq(kvp_field_by_flag(f->flag), f);
		for (j = 0; j < i; j++) {
			const struct kvp_field *g = kvp_field_at(j);

			ck_assert_msg(strcmp(f->key, g->key) != 0, "duplicate key %s", f->key);
			ck_assert_msg(!f->flag || !g->flag || strcmp(f->flag, g->flag) != 0,
			              "duplicate flag %s", f->flag);
			/* two fields never share storage */
			if (!f->indexed && !g->indexed)
				ck_assert_msg(f->offset + f->size <= g->offset ||
				              g->offset + g->size <= f->offset,
				              "%s overlaps %s", f->key, g->key);
		}
	}
	ck_assert_ptr_null(kvp_field_at(n));
	ck_assert_ptr_null(kvp_field_by_key("model.nope"));
	ck_assert_ptr_null(kvp_field_by_flag("nope"));
}
END_TEST

/* The contract flags are all in the table. */
START_TEST(contract_flags)
{
	static const char *const flags[] = {
		"layers", "q-heads", "kv-heads", "k-dim", "v-dim", "k-dtype", "v-dtype",
		"concurrency", "prompt", "gen", "samples", "queued", "strategy",
		"block-size", "max-cache-len", "window", "engine" };
	size_t i;

	for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
		ck_assert_msg(kvp_field_by_flag(flags[i]) != NULL, "--%s missing", flags[i]);
	ck_assert_str_eq(kvp_field_by_flag("kv-heads")->key, "model.base.kv_heads");
	ck_assert_str_eq(kvp_field_by_flag("prompt")->key, "workload.classes[i].prompt.input");
}
END_TEST

/* format -> set -> format gives the same text for every field of the
 * default plan, and the plan bytes are unchanged. */
START_TEST(text_round_trip)
{
	struct kvp_plan p, q;
	size_t i;
	char a[300], b[300];
	struct kvp_error e;

	kvp_plan_default(&p);
	p.devices.n_overheads = 1;
	strcpy(p.devices.overheads[0].name, "cuda_context");
	p.devices.overheads[0].bytes = 536870912;
	p.strategy.resident_layers = -1;
	q = p;
	for (i = 0; i < kvp_field_count(); i++) {
		const struct kvp_field *f = kvp_field_at(i);

		kvp_field_format(&p, f, 0, a, sizeof a);
		ck_assert_msg(kvp_field_set(&q, f, 0, a, &e) == KVP_OK, "%s: '%s': %s", f->key, a, e.msg);
		kvp_field_format(&q, f, 0, b, sizeof b);
		ck_assert_str_eq(a, b);
	}
	ck_assert_int_eq(memcmp(&p, &q, sizeof p), 0);
}
END_TEST

static uint64_t set_u64(const char *k, const char *text, enum kvp_status want)
{
	struct kvp_plan p;
	struct kvp_error e;
	const struct kvp_field *f = key(k);
	uint64_t v = 0;

	kvp_plan_default(&p);
	ck_assert_msg(kvp_field_set(&p, f, 0, text, &e) == want, "%s '%s': %s", k, text, e.msg);
	if (f->size == 8)
		memcpy(&v, (char *)&p + f->offset, 8);
	else {
		uint32_t w;
		memcpy(&w, (char *)&p + f->offset, 4);
		v = w;
	}
	return v;
}

START_TEST(numbers)
{
	ck_assert_uint_eq(set_u64("model.n_layers", "40", KVP_OK), 40);
	ck_assert_uint_eq(set_u64("model.n_layers", " 512 ", KVP_OK), 512);
	ck_assert_uint_eq(set_u64("workload.queued", "1_000_000", KVP_OK), 1000000);
	ck_assert_uint_eq(set_u64("workload.queued", "4,026,531,840", KVP_OK), 4026531840ull);
	ck_assert_uint_eq(set_u64("workload.queued", "18446744073709551615", KVP_OK),
	                  18446744073709551615ull);
	set_u64("workload.queued", "18446744073709551616", KVP_EINVAL);
	set_u64("model.n_layers", "abc", KVP_EINVAL);
	set_u64("model.n_layers", "", KVP_EINVAL);
	set_u64("model.n_layers", "-1", KVP_EINVAL);
	set_u64("model.n_layers", "1.5", KVP_EINVAL);
	set_u64("model.n_layers", "1,", KVP_EINVAL);
	set_u64("model.n_layers", ",1", KVP_EINVAL);
	set_u64("model.n_layers", "0", KVP_ERANGE);
	set_u64("model.n_layers", "513", KVP_ERANGE);
	/* u32 fields stop at 2^32 - 1 */
	set_u64("model.base.window", "4294967296", KVP_ERANGE);
	ck_assert_uint_eq(set_u64("model.base.window", "4294967295", KVP_OK), 4294967295u);
	/* token lengths take k = 1,024 tokens: 8 x 1,024 = 8,192;
	 * 128 x 1,024 = 131,072; other counts do not */
	ck_assert_uint_eq(set_u64("workload.classes[i].prompt.input", "8k", KVP_OK), 8192);
	ck_assert_uint_eq(set_u64("workload.classes[i].gen", "2K", KVP_OK), 2048);
	ck_assert_uint_eq(set_u64("strategy.max_cache_len", "128k", KVP_OK), 131072);
	set_u64("workload.classes[i].prompt.input", "8k2k", KVP_EINVAL);
	set_u64("workload.classes[i].prompt.input", "k", KVP_EINVAL);
	set_u64("workload.classes[i].gen", "8kk", KVP_EINVAL);
	set_u64("model.n_layers", "1k", KVP_EINVAL);
	set_u64("workload.queued", "2k", KVP_EINVAL);
	/* 2^64 / 1,024 = 2^54 = 18,014,398,509,481,984 no longer fits */
	set_u64("workload.classes[i].prompt.input", "18014398509481984k", KVP_EINVAL);
}
END_TEST

START_TEST(bytes_and_fractions)
{
	/* 80 x 10^9 and 80 x 2^30 = 85,899,345,920 */
	ck_assert_uint_eq(set_u64("devices.reserve_bytes", "80GB", KVP_OK), 80000000000ull);
	ck_assert_uint_eq(set_u64("devices.reserve_bytes", "80 GiB", KVP_OK), 85899345920ull);
	/* 1.5 x 2^30 = 1,610,612,736; 512 x 2^20 = 536,870,912 */
	ck_assert_uint_eq(set_u64("devices.reserve_bytes", "1.5GiB", KVP_OK), 1610612736ull);
	ck_assert_uint_eq(set_u64("devices.reserve_bytes", "512MiB", KVP_OK), 536870912ull);
	ck_assert_uint_eq(set_u64("devices.reserve_bytes", "1,024 B", KVP_OK), 1024);
	set_u64("devices.reserve_bytes", "1.5B", KVP_EINVAL);       /* half a byte */
	set_u64("devices.reserve_bytes", "3 parsecs", KVP_EINVAL);
	set_u64("devices.reserve_bytes", "20000000 TiB", KVP_EINVAL); /* > 2^64 */
	/* fractions as parts per million */
	ck_assert_uint_eq(set_u64("engine.vllm.gpu_memory_utilization", "0.92", KVP_OK), 920000);
	ck_assert_uint_eq(set_u64("engine.vllm.gpu_memory_utilization", "92%", KVP_OK), 920000);
	ck_assert_uint_eq(set_u64("engine.vllm.gpu_memory_utilization", "92.5%", KVP_OK), 925000);
	ck_assert_uint_eq(set_u64("engine.vllm.gpu_memory_utilization", "1", KVP_OK), 1000000);
	ck_assert_uint_eq(set_u64("devices.reserve_ppm", "0.000001", KVP_OK), 1);
	set_u64("devices.reserve_ppm", "0.0000001", KVP_EINVAL);   /* finer than ppm */
	set_u64("engine.vllm.gpu_memory_utilization", "1.01", KVP_ERANGE);
	/* 0 is the release's default (kvp_vllm_defaults) */
	ck_assert_uint_eq(set_u64("engine.vllm.gpu_memory_utilization", "0", KVP_OK), 0);
	set_u64("engine.vllm.gpu_memory_utilization", "-0.5", KVP_EINVAL);
}
END_TEST

START_TEST(choices_and_formats)
{
	struct kvp_plan p;
	struct kvp_error e;
	char buf[200];

	kvp_plan_default(&p);
	ck_assert_int_eq(kvp_field_set(&p, key("strategy.kind"), 0, "PAGED", &e), KVP_OK);
	ck_assert_int_eq(p.strategy.kind, KVP_STRAT_PAGED);
	ck_assert_int_eq(kvp_field_set(&p, key("strategy.kind"), 0, "lazy", &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "strategy.kind: 'lazy'"));
	ck_assert_int_eq(p.strategy.kind, KVP_STRAT_PAGED);     /* unchanged */
	ck_assert_int_eq(kvp_field_set(&p, key("engine.kind"), 0, "llamacpp", &e), KVP_OK);
	ck_assert_int_eq(p.engine.kind, KVP_ENGINE_LLAMACPP);
	ck_assert_int_eq(kvp_field_set(&p, key("engine.llamacpp.flash_attn"), 0, "off", &e), KVP_OK);
	ck_assert_int_eq(p.engine.llamacpp.flash_attn, KVP_OFF);

	ck_assert_int_eq(kvp_field_set(&p, key("model.base.k_dtype"), 0, "q8_0", &e), KVP_OK);
	ck_assert_int_eq(p.model.base.k_fmt.dtype, KVP_DT_Q8_0);
	ck_assert_int_eq(kvp_field_set(&p, key("model.base.v_dtype"), 0, "fp16", &e), KVP_OK);
	ck_assert_int_eq(p.model.base.v_fmt.dtype, KVP_DT_F16);
	ck_assert_int_eq(kvp_field_set(&p, key("model.base.k_dtype"), 0,
	                               "groupq:bits=2:group_size=32:residual=64", &e), KVP_OK);
	ck_assert_int_eq(p.model.base.k_fmt.dtype, KVP_DT_GROUPQ);
	ck_assert_uint_eq(p.model.base.k_fmt.bits, 2);
	ck_assert_uint_eq(p.model.base.k_fmt.group_size, 32);
	ck_assert_uint_eq(p.model.base.k_fmt.scale_bytes, 2);   /* default */
	ck_assert_uint_eq(p.model.base.k_fmt.residual, 64);
	kvp_field_format(&p, key("model.base.k_dtype"), 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "groupq:bits=2:group_size=32:scale_bytes=2:zero_bytes=2:"
	                      "residual=64:residual_dtype=bf16");
	ck_assert_int_eq(kvp_field_set(&p, key("model.base.k_dtype"), 0, "groupq:bits=17", &e),
	                 KVP_EINVAL);
	ck_assert_int_eq(kvp_field_set(&p, key("model.base.k_dtype"), 0, "groupq:speed=3", &e),
	                 KVP_EINVAL);
	/* llama.cpp cache types are plain formats only */
	ck_assert_int_eq(kvp_field_set(&p, key("engine.llamacpp.cache_type_k"), 0, "groupq", &e),
	                 KVP_EINVAL);
	/* vLLM's one option holds "auto" or a format */
	ck_assert_int_eq(kvp_field_set(&p, key("engine.vllm.kv_cache_dtype"), 0, "fp8", &e), KVP_OK);
	ck_assert(!p.engine.vllm.kv_cache_dtype_auto);
	ck_assert_int_eq(p.engine.vllm.kv_cache_dtype, KVP_DT_FP8);
	ck_assert_int_eq(kvp_field_set(&p, key("engine.vllm.kv_cache_dtype"), 0, "auto", &e), KVP_OK);
	ck_assert(p.engine.vllm.kv_cache_dtype_auto);
	kvp_field_format(&p, key("engine.vllm.kv_cache_dtype"), 0, buf, sizeof buf);
	ck_assert_str_eq(buf, "auto");

	ck_assert_int_eq(kvp_field_set(&p, key("strategy.resident_layers"), 0, "-1", &e), KVP_OK);
	ck_assert_int_eq(p.strategy.resident_layers, -1);
	ck_assert_int_eq(kvp_field_set(&p, key("strategy.resident_layers"), 0, "-2", &e), KVP_EINVAL);
	ck_assert_int_eq(kvp_field_set(&p, key("model.arch.gated_mlp"), 0, "no", &e), KVP_OK);
	ck_assert(!p.model.arch.gated_mlp);
	ck_assert_int_eq(kvp_field_set(&p, key("model.arch.gated_mlp"), 0, "maybe", &e), KVP_EINVAL);
}
END_TEST

START_TEST(strings_and_arrays)
{
	struct kvp_plan p;
	struct kvp_error e;
	char long_name[200];

	kvp_plan_default(&p);
	ck_assert_uint_eq(p.workload.n_classes, 1);
	/* class 2 does not exist yet: classes 1 and 2 appear, samples 1 */
	ck_assert_int_eq(kvp_field_set(&p, key("workload.classes[i].requests"), 2, "3", &e), KVP_OK);
	ck_assert_uint_eq(p.workload.n_classes, 3);
	ck_assert_uint_eq(p.workload.classes[2].requests, 3);
	ck_assert_uint_eq(p.workload.classes[1].samples, 1);
	ck_assert_uint_eq(p.workload.classes[1].requests, 0);
	ck_assert_uint_eq(p.workload.classes[0].requests, 6);     /* untouched */
	ck_assert_int_eq(kvp_field_set(&p, key("workload.classes[i].requests"), KVP_MAX_CLASSES,
	                               "1", &e), KVP_ERANGE);
	ck_assert_ptr_nonnull(strstr(e.msg, "workload.classes[16].requests"));
	ck_assert_uint_eq(kvp_field_array_used(&p, KVP_ARR_CLASSES), 3);

	ck_assert_int_eq(kvp_field_set(&p, key("devices.groups[i].count"), 1, "4", &e), KVP_OK);
	ck_assert_uint_eq(p.devices.n_groups, 2);
	ck_assert_uint_eq(p.devices.groups[1].count, 4);

	ck_assert_int_eq(kvp_field_set(&p, key("model.id"), 0, "org/model", &e), KVP_OK);
	ck_assert_str_eq(p.model.id, "org/model");
	memset(long_name, 'x', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = '\0';
	ck_assert_int_eq(kvp_field_set(&p, key("model.id"), 0, long_name, &e), KVP_EINVAL);
	ck_assert_str_eq(p.model.id, "org/model");                /* unchanged */
	ck_assert_int_eq(kvp_field_set(&p, key("model.id"), 0, NULL, &e), KVP_EINVAL);
}
END_TEST

static Suite *field_suite(void)
{
	Suite *s = suite_create("field");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, table_well_formed);
	tcase_add_test(tc, contract_flags);
	tcase_add_test(tc, text_round_trip);
	tcase_add_test(tc, numbers);
	tcase_add_test(tc, bytes_and_fractions);
	tcase_add_test(tc, choices_and_formats);
	tcase_add_test(tc, strings_and_arrays);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(field_suite)
