/*
 * test_input_rules.c - input rules at the core's API, the path the TUI's
 * form validation takes (kvp_field_set) and compute's layout check:
 * lengths in characters refused as tokens, KVP-W10 from a plan's
 * chars_given, KVP-W08 for a full-attention model edited to sliding.
 * (Hkv not dividing Hq is refused by the CLI: tests/cli/input_rules.sh.)
 */
#include <check.h>
#include <string.h>

#include "kvplan/compute.h"
#include "kvplan/field.h"
#include "kvplan/plan.h"
#include "kvplan/result.h"
#include "kvplan/warning.h"

#include "check_main.h"

static struct kvp_plan plan;
static struct kvp_result res;

static const struct kvp_field *key(const char *k)
{
	const struct kvp_field *f = kvp_field_by_key(k);

	ck_assert_msg(f != NULL, "no field %s", k);
	return f;
}

static bool has_warning(enum kvp_warn_code c)
{
	uint32_t i;

	for (i = 0; i < res.n_warnings; i++)
		if (res.warnings[i].code == c)
			return true;
	return false;
}

START_TEST(chars_refused)
{
	static const char *const bad[] = {
		"12000c", "12000 chars", "12000 characters", "12,000 Chars",
		"12000C", "12000ch", " 12000 char ",
	};
	const struct kvp_field *f = key("workload.classes[i].prompt.input");
	struct kvp_error e;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		kvp_plan_default(&plan);
		ck_assert_int_eq(kvp_field_set(&plan, f, 0, bad[i], &e), KVP_EINVAL);
		ck_assert_msg(strstr(e.msg, "prompt.input") != NULL, "%s", e.msg);
		ck_assert_msg(strstr(e.msg, "tokenizer") != NULL, "%s", e.msg);
		ck_assert_msg(strstr(e.msg, "characters are not tokens") != NULL,
		              "%s", e.msg);
		/* DESIGN.md's example prompt is 3,072 tokens, left as it was */
		ck_assert_uint_eq(plan.workload.classes[0].prompt[KVP_PP_INPUT], 3072);
	}
	/* every length field, engines' included */
	kvp_plan_default(&plan);
	ck_assert_int_eq(kvp_field_set(&plan, key("workload.classes[i].gen"), 0,
	                               "900chars", &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "tokenizer"));
	ck_assert_int_eq(kvp_field_set(&plan, key("engine.vllm.max_model_len"), 0,
	                               "8192 c", &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "engine.vllm.max_model_len"));
	ck_assert_int_eq(kvp_field_set(&plan, key("engine.llamacpp.ctx_size"), 0,
	                               "4096c", &e), KVP_EINVAL);
	ck_assert_ptr_nonnull(strstr(e.msg, "tokenizer"));
	/* a plain count is tokens; other suffixes are not a unit */
	ck_assert_int_eq(kvp_field_set(&plan, key("workload.classes[i].prompt.input"),
	                               0, "12000", &e), KVP_OK);
	ck_assert_uint_eq(plan.workload.classes[0].prompt[KVP_PP_INPUT], 12000);
	ck_assert_int_eq(kvp_field_set(&plan, key("workload.classes[i].prompt.input"),
	                               0, "12000cx", &e), KVP_EINVAL);
	ck_assert_ptr_null(strstr(e.msg, "tokenizer"));
}
END_TEST

START_TEST(chars_given_warns)
{
	kvp_plan_default(&plan);
	plan.workload.chars_given = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(has_warning(KVP_W_CHARS_NOT_TOKENS));
}
END_TEST

START_TEST(full_model_windowed)
{
	kvp_plan_default(&plan);
	strcpy(plan.model.model_type, "llama");
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(!has_warning(KVP_W_WINDOW_ALL_LAYERS));
	plan.model.base.kind = KVP_LAYER_SLIDING;
	plan.model.base.window = 4096;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(has_warning(KVP_W_WINDOW_ALL_LAYERS));
	/* sized as full attention anyway: nothing to warn about */
	plan.strategy.sliding_as_full = true;
	ck_assert_int_eq(kvp_compute(&plan, &res), KVP_OK);
	ck_assert(!has_warning(KVP_W_WINDOW_ALL_LAYERS));
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("input_rules");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, chars_refused);
	tcase_add_test(tc, chars_given_warns);
	tcase_add_test(tc, full_model_windowed);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
