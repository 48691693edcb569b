/*
 * test_validate.c - kvp_plan_validate (src/core/model/validate.c), the one
 * validation the CLI's flags, plan files, layer rules, kvp_compute and
 * the planner share (issue 10): each case below was accepted by one path
 * and refused by another before; now every path gives the same line.
 */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "kvplan/compute.h"
#include "kvplan/layers.h"
#include "kvplan/validate.h"

static struct kvp_plan plan;
static struct kvp_result res;
static struct kvp_error err;

/* Refused by validate and by kvp_compute with the same message. */
static void refused(const char *needle)
{
	ck_assert_int_ne(kvp_plan_validate(&plan, &err), KVP_OK);
	ck_assert_msg(strstr(err.msg, needle), "'%s' not in '%s'", needle, err.msg);
	ck_assert_int_ne(kvp_compute(&plan, &res), KVP_OK);
	ck_assert_str_eq(res.error.msg, err.msg);
}

static void rule(const char *text)
{
	ck_assert_int_eq(kvp_rule_parse(text, &plan.model.rules[plan.model.n_rules], &err),
	                 KVP_OK);
	plan.model.n_rules++;
}

START_TEST(default_plan_valid)
{
	kvp_plan_default(&plan);
	ck_assert_msg(kvp_plan_validate(&plan, &err) == KVP_OK, "%s", err.msg);
}
END_TEST

/* --kv-heads 7 and --layer all:kv_heads=7 (40 query heads) alike */
START_TEST(rule_heads_like_base_heads)
{
	kvp_plan_default(&plan);
	plan.model.base.kv_heads = 7;
	refused("model.base.kv_heads: 7 - model.q_heads 40 is not a multiple");
	kvp_plan_default(&plan);
	rule("all:kv_heads=7");
	refused("'all:kv_heads=7': kv_heads 7 - model.q_heads 40 is not a multiple");
	kvp_plan_default(&plan);
	rule("3:kv_heads=4294967295");
	refused("kv_heads 4294967295");
	kvp_plan_default(&plan);
	rule("0-9:kv_heads=0");
	refused("needs at least 1 KV head");
	/* a divisor is fine, and so are heads on a rule that makes the
	 * layers recurrent (no grouping there) */
	kvp_plan_default(&plan);
	rule("0-9:kv_heads=4");
	rule("10:kind=none,kv_heads=7,state_bytes=100");
	ck_assert_msg(kvp_plan_validate(&plan, &err) == KVP_OK, "%s", err.msg);
}
END_TEST

START_TEST(experts_and_dense_layers)
{
	kvp_plan_default(&plan);
	plan.model.arch.n_experts = 8;
	plan.model.arch.n_experts_active = 9;
	refused("model.arch.n_experts_active: 9 - more than model.arch.n_experts 8");
	plan.model.arch.n_experts_active = 8;
	ck_assert_int_eq(kvp_plan_validate(&plan, &err), KVP_OK);
	plan.model.arch.first_dense_layers = 41;
	refused("model.arch.first_dense_layers: 41 - more than model.n_layers 40");
}
END_TEST

START_TEST(cards_for_devices)
{
	kvp_plan_default(&plan);
	plan.devices.tp = 4;
	plan.devices.groups[0].count = 2;
	refused("devices.groups: 2 cards - tp 4 x pp 1 x dp 1 needs 4");
	plan.devices.groups[0].count = 0;
	refused("devices.groups[0].count: 0");
	/* one card of count 1 stands for every device */
	plan.devices.groups[0].count = 1;
	ck_assert_int_eq(kvp_plan_validate(&plan, &err), KVP_OK);
	plan.devices.tp = 0;
	refused("devices.tp: 0 - must be at least 1");
	plan.devices.tp = 8;
	plan.devices.dp = 9;
	refused("= 72 devices - at most 64");
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("validate");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, default_plan_valid);
	tcase_add_test(tc, rule_heads_like_base_heads);
	tcase_add_test(tc, experts_and_dense_layers);
	tcase_add_test(tc, cards_for_devices);
	suite_add_tcase(s, tc);
	return s;
}

KVP_CHECK_MAIN(make_suite)
